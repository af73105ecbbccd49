"""A group's board: its threads (keyset pages, a title search, unread counts), a thread's posts
(keyset pages) with the reply form, a new thread, following a thread, editing a post and a
post's history. A board the visitor may not read is 404 (selectors.board_get)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from core.refusals import refusal_form, refusal_kinds, refusal_message
from ladder.groups import selectors, services
from ladder.groups.forms import PostForm, PostReportForm, ThreadForm
from ladder.groups.models import Post, ThreadSubscription


def _user(request: HttpRequest):
    return request.user if request.user.is_authenticated else None


def board(request: HttpRequest, slug: str) -> HttpResponse:
    """The board's threads, last posted first, THREADS_PAGE a page (?after=<cursor>), with
    `?q=` matching titles."""
    user = _user(request)
    group, membership = selectors.board_get(slug=slug, user=user)
    query = request.GET.get("q", "").strip()
    cursor = selectors.ThreadCursor.parse(request.GET.get("after", ""))
    threads, following = selectors.threads_page(group=group, user=user, cursor=cursor, query=query)
    context = {
        "group": group,
        "membership": membership,
        "threads": threads,
        "next_cursor": following.token() if following else "",
        "first_page": cursor is None,
        "query": query,
        "may_start": selectors.thread_startable(group=group, membership=membership, user=user),
    }
    return render(request, "ladder/groups/board.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def thread_new(request: HttpRequest, slug: str) -> HttpResponse:
    group, membership = selectors.board_get(slug=slug, user=request.user)
    form = ThreadForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            thread = services.thread_create(
                group_id=group.pk, user=request.user, now=timezone.now(), **form.cleaned_data
            )
        except refusal_kinds() as error:
            status = refusal_form(form, error)
        else:
            return redirect(thread.get_absolute_url())
    elif request.method == "POST":
        status = 400
    return render(
        request, "ladder/groups/thread_new.html", {"group": group, "form": form}, status=status
    )


@require_http_methods(["GET", "POST"])
def thread_detail(request: HttpRequest, slug: str, thread_id: int) -> HttpResponse:
    """A thread's posts, POSTS_PAGE a page (?after=<post id>), and the reply form; a POST
    replies (logged-in players). Reading marks the thread read."""
    user = _user(request)
    group, membership = selectors.board_get(slug=slug, user=user)
    thread = selectors.thread_get(group=group, thread_id=thread_id)
    form = PostForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if user is None:
            return redirect(f"/accounts/login/?next={request.path}")
        if form.is_valid():
            try:
                post = services.post_create(
                    thread_id=thread.pk, user=user, body=form.cleaned_data["body"],
                    now=timezone.now(),
                )  # fmt: skip
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                return redirect(
                    f"{thread.get_absolute_url()}?after={_page_start(post)}#post-{post.pk}"
                )
        else:
            status = 400
    after = request.GET.get("after", "")
    posts, next_after = selectors.posts_page(
        thread=thread,
        after=int(after) if after.isascii() and after.isdigit() and len(after) < 19 else 0,
    )
    if user is not None:
        services.thread_read_mark(thread=thread, user=user)
    context = {
        "group": group,
        "thread": thread,
        "posts": posts,
        "next_after": next_after,
        "form": form,
        "may_post": selectors.board_postable(group=group, membership=membership, user=user),
        "may_moderate": membership is not None and membership.is_staff,
        "report_form": PostReportForm(),
        "following": user is not None
        and ThreadSubscription.objects.filter(thread=thread, user=user).exists(),
    }
    return render(request, "ladder/groups/thread.html", context, status=status)


def _page_start(post: Post) -> int:
    """The `after` of the page of its thread that shows `post` last or near last: the id of
    the post POSTS_PAGE - 1 places before it (0: the first page)."""
    before = (
        Post.objects.filter(thread_id=post.thread_id, id__lt=post.pk)
        .order_by("-id")
        .values_list("id", flat=True)[selectors.POSTS_PAGE - 1 : selectors.POSTS_PAGE]
    )
    return next(iter(before), 0)


@login_required
@require_POST
def thread_follow(request: HttpRequest, slug: str, thread_id: int) -> HttpResponse:
    group, _ = selectors.board_get(slug=slug, user=request.user)
    thread = selectors.thread_get(group=group, thread_id=thread_id)
    on = request.POST.get("on") == "1"
    try:
        services.thread_subscription_set(
            thread=thread, user=request.user, on=on, now=timezone.now()
        )
    except refusal_kinds() as error:
        messages.error(request, refusal_message(error))
    else:
        messages.success(
            request,
            gettext("You follow this thread: its replies come to you as notices or mail.")
            if on
            else gettext("You no longer follow this thread."),
        )
    return redirect(thread.get_absolute_url())


def _post(slug: str, post_id: int, user) -> Post:
    group, _ = selectors.board_get(slug=slug, user=user)
    return get_object_or_404(
        Post.objects.select_related("thread", "author"), pk=post_id, thread__group=group
    )


@login_required
@require_http_methods(["GET", "POST"])
def post_edit(request: HttpRequest, slug: str, post_id: int) -> HttpResponse:
    """Edit a post (its author, or the group's admins and moderators); the text before is kept
    in its history."""
    post = _post(slug, post_id, request.user)
    form = PostForm(request.POST or None, initial={"body": post.body})
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            services.post_edit(
                post_id=post.pk, user=request.user, body=form.cleaned_data["body"],
                now=timezone.now(),
            )  # fmt: skip
        except refusal_kinds() as error:
            status = refusal_form(form, error)
        else:
            messages.success(request, gettext("Your changes are saved; the earlier text is kept."))
            return redirect(f"{post.thread.get_absolute_url()}#post-{post.pk}")
    elif request.method == "POST":
        status = 400
    context = {"group": post.thread.group, "post": post, "form": form}
    return render(request, "ladder/groups/post_edit.html", context, status=status)


def post_history(request: HttpRequest, slug: str, post_id: int) -> HttpResponse:
    """A post's text now and before each edit, newest first (at most 50 revisions)."""
    post = _post(slug, post_id, _user(request))
    revisions = list(post.revisions.select_related("edited_by").order_by("-created", "-id")[:50])
    context = {"group": post.thread.group, "post": post, "revisions": revisions}
    return render(request, "ladder/groups/post_history.html", context)


@login_required
@require_POST
def post_report(request: HttpRequest, slug: str, post_id: int) -> HttpResponse:
    """Report a post to the site's moderators, with the reason typed in the post's form."""
    post = _post(slug, post_id, request.user)
    form = PostReportForm(request.POST)
    back = f"{post.thread.get_absolute_url()}#post-{post.pk}"
    try:
        if not form.is_valid():
            messages.error(request, gettext("Say why you report it (at most 1,000 characters)."))
            return redirect(back)
        services.post_report(
            post_id=post.pk, reporter=request.user, reason=form.cleaned_data["reason"],
            now=timezone.now(),
        )  # fmt: skip
    except refusal_kinds() as error:
        messages.error(request, refusal_message(error))
    else:
        messages.success(request, gettext("Thank you: the moderators will look at it."))
    return redirect(back)
