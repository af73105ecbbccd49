"""Groups, their members and their board (threads, posts, revisions, read markers and
subscriptions)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy


class Access(models.TextChoices):
    """Who may join. Stored codes. Only an open group's board is readable by outsiders."""

    OPEN = "open", gettext_lazy("Open: anyone may join")
    REQUEST = "request", gettext_lazy("By request: the group's admins approve")
    INVITATION = "invitation", gettext_lazy("By invitation only")


class Role(models.TextChoices):
    """Stored codes."""

    ADMIN = "admin", gettext_lazy("Admin")
    MODERATOR = "moderator", gettext_lazy("Moderator")
    MEMBER = "member", gettext_lazy("Member")


class Standing(models.TextChoices):
    """Where a membership stands. Stored codes."""

    MEMBER = "member", gettext_lazy("Member")
    REQUESTED = "requested", gettext_lazy("Asked to join")
    INVITED = "invited", gettext_lazy("Invited")


class Group(models.Model):
    """A group: its name, description (Markdown, shown sanitised), who may join, and whether
    only its admins and moderators start threads (site-wide announcement boards)."""

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True, max_length=5000)
    access = models.CharField(max_length=12, choices=Access.choices, default=Access.OPEN)
    staff_threads = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Only the group's admins and moderators start threads."),
    )
    site_wide = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("groups:detail", args=[self.slug])

    @property
    def is_open(self) -> bool:
        return self.access == Access.OPEN


class Membership(models.Model):
    """A player in a group, asked to join or invited (`standing`), with their `role`."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="group_memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    standing = models.CharField(max_length=10, choices=Standing.choices, default=Standing.MEMBER)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="group_membership_user")
        ]
        indexes = [models.Index(fields=["group", "standing", "user"])]

    def __str__(self) -> str:
        return f"{self.group_id}: {self.user_id} ({self.standing}, {self.role})"

    @property
    def is_staff(self) -> bool:
        """An admin or moderator of the group who is a member."""
        return self.standing == Standing.MEMBER and self.role in (Role.ADMIN, Role.MODERATOR)


class Thread(models.Model):
    """A thread on a group's board. `post_count` and `last_post_at` are kept by the services
    so the thread list and the unread counts read one row per thread."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="threads")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    title = models.CharField(max_length=120)
    created = models.DateTimeField()
    last_post_at = models.DateTimeField()
    post_count = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["group", "-last_post_at", "-id"], name="thread_recent")]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("groups:thread", args=[self.group.slug, self.pk])


class Post(models.Model):
    """A thread's first post or a reply. `edited` is the time of the last edit (None: never);
    the earlier texts are its revisions."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    body = models.TextField(max_length=10000)
    created = models.DateTimeField(db_index=True)
    edited = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["thread", "id"], name="post_in_thread")]

    def __str__(self) -> str:
        return f"{self.thread_id}#{self.pk}"


class PostRevision(models.Model):
    """A post's text before one edit, kept for its history."""

    post = models.ForeignKey(Post, on_delete=models.CASCADE, related_name="revisions")
    body = models.TextField()
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.post_id} @ {self.created:%Y-%m-%d %H:%M}"


class ThreadRead(models.Model):
    """How many of a thread's posts a player has seen (its read marker)."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "thread"], name="thread_read_user")]

    def __str__(self) -> str:
        return f"{self.user_id} saw {self.seen} of {self.thread_id}"


class ThreadSubscription(models.Model):
    """A player hears of a thread's replies (notices or mail, per their preferences)."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="subscriptions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "user"], name="thread_subscription_user")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} follows {self.thread_id}"
