"""The groups' forms: a new group, a thread, a post, an invitation, a group ladder."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from ladder.groups.models import Access, Role

MARKDOWN_HELP = gettext_lazy(
    "Markdown: **bold**, *italic*, [a link](https://example.org), lists with “- ”; no images "
    "or HTML."
)


class GroupForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    description = forms.CharField(
        label=gettext_lazy("Description"),
        max_length=5000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=MARKDOWN_HELP,
    )
    access = forms.ChoiceField(
        label=gettext_lazy("Who may join"),
        choices=Access.choices,
        initial=Access.OPEN,
        widget=forms.RadioSelect,
        help_text=gettext_lazy("Only an open group's board can be read by players outside it."),
    )


class ThreadForm(forms.Form):
    title = forms.CharField(label=gettext_lazy("Title"), max_length=120)
    body = forms.CharField(
        label=pgettext_lazy("a board post", "Post"),
        max_length=10000,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy("Mention a member with @ and their name: they are told."),
    )


class PostForm(forms.Form):
    body = forms.CharField(
        label=gettext_lazy("Your reply"),
        max_length=10000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=gettext_lazy("Mention a member with @ and their name: they are told."),
    )


class InviteForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Player's name"), max_length=150)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices)


# (board kind, size) a group ladder may be played on, by a code the form sends.
BOARDS = {
    "square-9": ("square", 9),
    "square-13": ("square", 13),
    "square-19": ("square", 19),
    "hex-6": ("hex", 6),
    "hex-8": ("hex", 8),
    "hex-12": ("hex", 12),
}


class GroupLadderForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    board = forms.ChoiceField(
        label=gettext_lazy("Board"),
        choices=[
            ("square-9", gettext_lazy("Go 9×9")),
            ("square-13", gettext_lazy("Go 13×13")),
            ("square-19", gettext_lazy("Go 19×19")),
            ("hex-6", gettext_lazy("Badux, 6 per side")),
            ("hex-8", gettext_lazy("Badux, 8 per side")),
            ("hex-12", gettext_lazy("Badux, 12 per side")),
        ],
        help_text=gettext_lazy(
            "The ladder's games use the site's default clock and the ladders' usual rules."
        ),
    )


class PostReportForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why do you report it?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("The site's moderators read it, with a copy of the post."),
    )
