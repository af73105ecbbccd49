"""The notice of an adjourned or resumed game (games.services.adjournments), after the commit."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from games.notifications import ADJOURNMENT
from games.selectors.game_row import game_row_get
from messaging.notifications import services as messaging
from messaging.notifications.notice_tasks import notice_task


@notice_task("games.notify_adjournment")
def notify_adjournment(game_id: int, what: str, suspended_id: int | None = None) -> int:
    """Tell the players of game `game_id` that it was adjourned (`what` "adjourned": the
    player other than `suspended_id`, whom the moderators' own notice tells) or resumed
    ("resumed": both); adjourned, both players' unread "your turn" notices of the game are
    marked read. Nothing when the game is no longer in that state. Returns how many
    notices were recorded; each is kept once by its key, so running it twice tells once."""
    game = game_row_get(game_id=game_id)
    if game is None or game.is_over or game.is_adjourned != (what == "adjourned"):
        return 0
    now = timezone.now()
    told = 0
    for player, opponent in ((game.black, game.white), (game.white, game.black)):
        if what == "adjourned":
            # Nobody's turn while adjourned: a "your turn" notice left unread no longer holds.
            messaging.notifications_mark_read(user=player, key_prefix=f"turn:{game.pk}:")
            if player.pk == suspended_id:
                continue

            def text(opponent=opponent) -> str:
                return gettext(
                    "Game %(game)s against %(opponent)s is adjourned while %(opponent)s is "
                    "suspended: the clocks are stopped. You may wait, or annul the game."
                ) % {"game": game.pk, "opponent": opponent.username}
        else:

            def text(opponent=opponent) -> str:
                return gettext(
                    "Game %(game)s against %(opponent)s has resumed: the clocks run again with "
                    "the time they had left."
                ) % {"game": game.pk, "opponent": opponent.username}

        messaging.notify(
            user=player,
            event=ADJOURNMENT,
            key=f"{what}:{game.pk}:{int(game.clock_started.timestamp())}",
            text=text,
            url=game.get_absolute_url(),
            now=now,
        )
        told += 1
    return told
