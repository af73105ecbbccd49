"""Forms of watch and follow: the games browser's filters, a spectator's comment, a report."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from games import hooks
from games.forms import GAME_CHOICES
from games.models import GameOrigin, GameStatus
from games.watching.models import KIBITZ_MAX_LENGTH
from games.watching.selectors import BrowseKey


class BrowseForm(forms.Form):
    """The games browser's filters (a GET form: every choice is in the address)."""

    board = forms.ChoiceField(
        label=_("Board"), choices=[("", _("Any board")), *GAME_CHOICES], required=False
    )
    state = forms.ChoiceField(
        label=_("Games"),
        choices=[
            ("", _("Running and finished")),
            (GameStatus.PLAYING.value, _("Running")),
            (GameStatus.FINISHED.value, _("Finished")),
        ],
        required=False,
    )
    # Games with a player of this strength (games.hooks.strength_players).
    strength = forms.ChoiceField(label=_("A player's strength"), required=False)
    rated = forms.ChoiceField(
        label=_("Rated"),
        choices=[("", _("Rated or not")), ("yes", _("Rated")), ("no", _("Unrated"))],
        required=False,
    )
    origin = forms.ChoiceField(
        label=_("Played in"),
        choices=[
            ("", _("Anything")),
            (GameOrigin.CHALLENGE.value, _("A challenge")),
            (GameOrigin.LADDER.value, _("A ladder")),
            (GameOrigin.TOURNAMENT.value, _("A tournament")),
        ],
        required=False,
    )
    player = forms.CharField(label=_("Player"), max_length=150, required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        bands = hooks.strength_bands()
        if bands:
            self.fields["strength"].choices = [("", _("Any strength")), *bands]
        else:
            del self.fields["strength"]


_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def browse_key_parse(value: str) -> BrowseKey | None:
    """The key of a page (`after=<microseconds since 1970>.<game id>`), or None for anything
    else (the first page)."""
    stamp, _dot, pk = value.partition(".")
    if not (value.isascii() and stamp.isdigit() and pk.isdigit()):  # "²".isdigit(): int fails
        return None
    if len(stamp) > 20 or len(pk) > 18:
        return None
    try:
        active = _EPOCH + dt.timedelta(microseconds=int(stamp))
    except OverflowError:
        return None
    return BrowseKey(active=active, pk=int(pk))


def browse_key_format(key: BrowseKey) -> str:
    """The `after` value of the page that starts after `key`."""
    micro = (key.active - _EPOCH) // dt.timedelta(microseconds=1)
    return f"{micro}.{key.pk}"


class KibitzForm(forms.Form):
    text = forms.CharField(
        max_length=KIBITZ_MAX_LENGTH, label=_("Your comment"), widget=forms.TextInput
    )


class KibitzReportForm(forms.Form):
    """Why a spectator's comment is reported to the site staff."""

    reason = forms.CharField(
        label=_("What is wrong with this comment?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("For example: insults, spam, or spoiling the game for its players."),
    )
