"""Forms of the review pages."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.forms import GAME_CHOICES
from games.reviews.models import ReviewVisibility
from rules.sgf_tree import MAX_LABEL


class ReviewUploadForm(forms.Form):
    """An SGF record to review (at most `REVIEW_SGF_MAX_BYTES`), and which game of it when the
    file holds several."""

    sgf = forms.FileField(label=_("SGF file"))
    game = forms.IntegerField(
        label=_("Game in the file"),
        min_value=1,
        max_value=100_000,
        initial=1,
        required=False,
        help_text=_(
            "A file may hold several games: the first is reviewed unless you choose another."
        ),
    )

    def clean_sgf(self):
        upload = self.cleaned_data["sgf"]
        most = settings.REVIEW_SGF_MAX_BYTES
        if upload.size > most:
            raise forms.ValidationError(
                _("That file is larger than %(kb)s KB; SGF records are small.")
                % {"kb": most // 1024}
            )
        return upload


class ReviewMoveForm(forms.Form):
    """A move after node `parent`: a point name such as D4, or "pass"."""

    parent = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    point = forms.CharField(
        max_length=8,
        label=_("Play at"),
        help_text=_("A point such as D4, or “pass”."),
    )


# The mark and label tools (rules.review.marks.TOOLS) as the page names them.
MARK_TOOLS = (
    ("triangle", _("Triangle")),
    ("square", _("Square")),
    ("circle", _("Circle")),
    ("cross", _("Cross")),
    ("letter", _("Letter (A, B, C…)")),
    ("number", _("Number (1, 2, 3…)")),
    ("erase", _("Erase")),
)


class ReviewMarkForm(forms.Form):
    """A mark or label on node `node` at a point such as D4; `text` is a label of one's own
    for the letter and number tools (else the next free letter or number)."""

    node = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    tool = forms.ChoiceField(label=_("Mark"), choices=MARK_TOOLS, widget=forms.RadioSelect)
    point = forms.CharField(
        max_length=8, label=_("At"), help_text=_("A point such as D4; or click the board.")
    )
    text = forms.CharField(
        max_length=MAX_LABEL,
        required=False,
        label=_("Label text"),
        help_text=_("For letters and numbers: your own label; empty for the next free one."),
    )


class ReviewCommentForm(forms.Form):
    """A comment on node `node`."""

    node = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    text = forms.CharField(
        label=_("Comment on this move"),
        max_length=settings.REVIEW_COMMENT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class ReviewSettingsForm(forms.Form):
    """The review's title and who may open it."""

    title = forms.CharField(label=_("Title"), max_length=120)
    visibility = forms.ChoiceField(
        label=_("Who may open it"),
        choices=ReviewVisibility.choices,
        widget=forms.RadioSelect,
    )
    visitor_comments = forms.BooleanField(
        label=_("Signed-in visitors may comment when it is public"), required=False
    )


class ReviewReportForm(forms.Form):
    """Why a comment on a review is reported to the site staff."""

    reason = forms.CharField(
        label=_("What is wrong with this comment?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("For example: insults, spam, or something that has nothing to do with Go."),
    )

    def __init__(self, *args, label: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if label is not None:  # the question for a whole review rather than one comment
            self.fields["reason"].label = label


class ReviewListForm(forms.Form):
    """The reviews page's filters: a board, a player."""

    board = forms.ChoiceField(
        label=_("Board"), choices=[("", _("Any board")), *GAME_CHOICES], required=False
    )
    player = forms.CharField(
        label=_("Player"),
        max_length=150,
        required=False,
        help_text=_("Reviews they wrote, played in or are named in."),
    )


class GameNoteForm(forms.Form):
    """A player's private notes on their game."""

    text = forms.CharField(
        label=_("Private notes"),
        required=False,
        max_length=settings.GAME_NOTE_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Only you can see these notes."),
    )
