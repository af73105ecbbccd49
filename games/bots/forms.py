"""The "Play a bot" form: a board, a bot (engine and strength), a colour, rated or not."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.bots.engines import engine_get, engines
from games.choices import ColourChoice
from games.game_settings import GameSettings, InvalidSetting

# The boards offered for a first game against a bot: small, quick, one of each kind.
BOARD_CHOICES = [("square-9", _("Go 9×9")), ("hex-6", _("Badux hex 6"))]


def _engine_choices() -> list[tuple[str, str]]:
    choices = []
    for engine in engines():
        label = str(engine.label)
        if not engine.available:
            label = _("%(bot)s: not installed on this server") % {"bot": label}
        elif all(board.startswith("square") for board in engine.boards):
            label = _("%(bot)s: square boards only") % {"bot": label}
        choices.append((engine.key, label))
    return choices


class BotGameForm(forms.Form):
    """Which game to play against which bot. `cleaned_data` gains "settings" (GameSettings)
    and "engine" (games.bots.engines.Engine)."""

    game = forms.ChoiceField(
        label=_("Board"), choices=BOARD_CHOICES, initial="square-9", widget=forms.RadioSelect
    )
    engine = forms.ChoiceField(label=_("Bot"), choices=())
    colour = forms.ChoiceField(
        label=_("Your colour"), choices=ColourChoice.choices, initial=ColourChoice.RANDOM
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        initial=True,
        help_text=_("Bots have ratings like everyone; an unrated game changes neither."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["engine"].choices = _engine_choices()

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        kind, size = data["game"].rsplit("-", 1)
        try:
            data["settings"] = GameSettings(
                board_kind=kind, board_size=int(size), rated=data["rated"]
            )
        except InvalidSetting as error:
            raise forms.ValidationError(error.messages) from error
        engine = engine_get(key=data["engine"])
        if engine is None or not engine.available:
            raise forms.ValidationError(_("That bot is not installed on this server."))
        if not engine.plays(data["settings"]):
            raise forms.ValidationError(
                _("%(bot)s does not play that board; choose another bot or board.")
                % {"bot": engine.label}
            )
        data["engine"] = engine
        return data
