"""What the game mails say: subject, templates (templates/games/mail/), context and the board
pictures. The tasks in games/tasks.py hand these to messaging, which records, routes and sends.

Builders only read: they take loaded rows and return `MailContent`, so a task builds a mail only
when messaging decided that one goes out now.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Callable

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.models import User
from accounts.selectors import preferences_get
from games.counting import dispute_window, game_score
from games.inbound.address import reply_address_for
from games.models import Challenge, ChallengeStatus, Game, ResultCorrection, ScoreDispute
from games.pages import board_text
from games.replay import game_replay, point_names
from games.selectors.play import clock_detail, clock_left_label, clock_time_left
from messaging.mail import InlineImage, MailContent, site_url
from messaging.notifications import services as messaging
from rules import BLACK, other
from rules.images.render import render_png
from rules.scoring import uncertain_note

# Widths of the inline boards: small enough for a phone, the result one a bit wider so the
# caption under the board stays readable.
TURN_IMAGE_PX = 300
RESULT_IMAGE_PX = 360
BOARD_CID = "board"


def game_url(game: Game) -> str:
    """Absolute link to the game's board page."""
    return site_url(reverse("games:board", args=[game.pk]))


def _theme(user: User) -> str:
    return preferences_get(user=user).board_theme


def _local(value: dt.datetime | None, user: User) -> str:
    if value is None:
        return ""
    try:
        zone = zoneinfo.ZoneInfo(user.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = dt.UTC
    local = value.astimezone(zone)
    return f"{formats.date_format(local, 'D j M Y, H:i')} ({user.time_zone})"


def _last_move(game: Game, position) -> str:
    move = position.last_move
    if move is None:
        return ""
    who = "Black" if move.colour == BLACK else "White"
    if move.point is None:
        return f"{who} passed"
    return f"{who} played {game.topology.name(move.point)}"


def _position_and_score(game: Game, *, scored: bool):
    position = game_replay(game).position
    return position, (game_score(game=game, position=position) if scored else None)


def your_turn_mail(*, game: Game, now: dt.datetime) -> MailContent:
    """'Your turn' for the player to move, with the board as it stands."""
    player = game.player(game.to_move)
    opponent = game.player(other(game.to_move))
    position, _ = _position_and_score(game, scored=False)
    png = render_png(position, size=TURN_IMAGE_PX, theme=_theme(player))
    # Clock time, as the board shows it (weekends not counted when the game pauses them).
    left = clock_time_left(game=game, colour=game.to_move, now=now) if game.deadline else None
    # Play by e-mail: a reply to this mail plays this move (None while INBOUND_MAIL_DOMAIN is off).
    reply_to = reply_address_for(user_id=player.pk, game_id=game.pk, move_number=game.move_number)
    return MailContent(
        subject=gettext("Your turn against %(opponent_username)s (game %(game_pk)s)")
        % {"opponent_username": opponent.username, "game_pk": game.pk},
        template="games/mail/your_turn",
        context={
            "game": game,
            "player": player,
            "opponent": opponent,
            "colour": "Black" if game.to_move == BLACK else "White",
            "last_move": _last_move(game, position),
            "game_url": game_url(game),
            "deadline": _local(game.deadline, player),
            "time_left": clock_left_label(
                left=left,
                weekend_pause=game.weekend_pause,
                detail=clock_detail(game=game, colour=game.to_move, left=left),
            )
            if left is not None
            else "",
            "board_cid": BOARD_CID,
            "board_width": TURN_IMAGE_PX,
            "reply_by_mail": bool(reply_to),
            # Played without sight: the position by rows, and the picture said in full.
            "position_rows": board_text.position_lines(position),
            "board_alt": board_text.board_alt_text(position),
        },
        images=(InlineImage(cid=BOARD_CID, png=png),),
        reply_to=(reply_to,) if reply_to else (),
    )


def game_over_mail(*, game: Game, player: User) -> MailContent:
    """The result for one player, with the final board: counted games show territory, dead
    stones and the count under the board."""
    position, score = _position_and_score(game, scored=True)
    days = dispute_window().days
    png = render_png(
        position, score=score, size=RESULT_IMAGE_PX, theme=_theme(player), dispute_days=days
    )
    unsure = bool(score and score.uncertain)
    colour = game.colour_of(player)
    won = game.result[:2] == ("B+" if colour == BLACK else "W+")
    outcome = "It is a draw" if game.result == "0" else ("You won" if won else "You lost")
    return MailContent(
        subject=gettext("Game %(game_pk)s is over: %(result)s")
        % {"game_pk": game.pk, "result": game.result},
        template="games/mail/game_over",
        context={
            "game": game,
            "player": player,
            "opponent": game.white if player.pk == game.black_id else game.black,
            "outcome": outcome,
            "reason": game.get_end_reason_display().lower(),
            "game_url": game_url(game),
            "board_cid": BOARD_CID,
            "board_width": RESULT_IMAGE_PX,
            "scored": score is not None,
            "unsure_note": uncertain_note(days) if unsure else "",
            "unsure_points": ", ".join(point_names(game, game.score.get("uncertain", [])))
            if unsure
            else "",
        },
        images=(InlineImage(cid=BOARD_CID, png=png),),
    )


def challenge_mail(*, challenge: Challenge) -> MailContent:
    """An invitation, to its recipient."""
    return MailContent(
        subject=gettext("%(creator_username)s invites you to a game")
        % {"creator_username": challenge.creator.username},
        template="games/mail/challenge",
        context={
            "challenge": challenge,
            "challenge_url": site_url(reverse("games:challenge", args=[challenge.pk])),
            "expires": _local(challenge.expires, challenge.recipient),
        },
    )


def challenge_answered_mail(*, challenge: Challenge, paired: bool = False) -> MailContent:
    """Accepted or declined, to the creator; `paired`: auto-match took their open challenge."""
    who = challenge.recipient.username if challenge.recipient else "Someone"
    accepted = challenge.status == ChallengeStatus.ACCEPTED
    if accepted and paired:
        subject = f"Auto-match paired you with {who}"
    elif accepted:
        subject = f"{who} accepted your challenge"
    else:
        subject = f"{who} declined your invitation"
    return MailContent(
        subject=subject,
        template="games/mail/challenge_answered",
        context={
            "challenge": challenge,
            "who": who,
            "accepted": accepted,
            "paired": paired,
            "game_url": game_url(challenge.game) if accepted and challenge.game else "",
        },
    )


def notice_mail(
    *, subject: str, summary: str, paragraphs: list[str], url: str, label: str, player: User
) -> MailContent:
    """A short mail: a few paragraphs and one button (templates/games/mail/notice.*) to `url`
    (absolute: `site_url`). `summary` is the one line kept on the notifications page. The
    ladder's and the conditional moves' notices use it too."""
    return MailContent(
        subject=subject,
        template="games/mail/notice",
        context={
            "player": player,
            "summary": summary,
            "paragraphs": paragraphs,
            "link_url": url,
            "link_label": label,
        },
    )


Words = str | Callable[[], str]


def _said(words: Words) -> str:
    return words() if callable(words) else str(words)


def notice_send(
    *, user: User, event: str, key: str, text: Words, url: str, subject: Words, label: Words
) -> bool:
    """Record the notice `text` for `user` once per `key`
    (`messaging.notifications.services.notify`),
    mailed as `notice_mail` with `text` its one paragraph and a button to the site's path
    `url` when the player's choice for `event` says so; returns whether a mail went out.
    The conditional-move notices and the ladder's and tournaments' use it. `text`, `subject`
    and `label` may be lazy translations or functions: they are written in `user`'s language
    (messaging.notify runs both in it)."""

    def content() -> MailContent:
        said = _said(text)
        return notice_mail(
            subject=_said(subject),
            summary=said,
            paragraphs=[said],
            url=site_url(url),
            label=_said(label),
            player=user,
        )

    return messaging.notify(
        user=user, event=event, key=key, text=lambda: _said(text), url=url,
        now=timezone.now(), mail=content,
    ).mailed  # fmt: skip


def dispute_notice(*, dispute: ScoreDispute, event: str, player: User) -> MailContent:
    """News of a marking phase for one player: "opened", "accepted", "agreed" or "expired"."""
    game = dispute.game
    url = site_url(reverse("games:marking", args=[game.pk]))
    until = _local(dispute.deadline, player)
    if event == "opened":
        opener = dispute.opened_by.username
        return notice_mail(
            subject=gettext("%(opener)s disputes the count of game %(game_pk)s")
            % {"opener": opener, "game_pk": game.pk},
            summary=f"{opener} disputes the dead stones of game {game.pk} ({game.result}).",
            paragraphs=[
                f"{opener} disputes the dead stones of game {game.pk} ({game.result}).",
                f"Mark the dead stones together and accept before {until}; otherwise "
                f"{game.result} stands.",
            ],
            url=url,
            label=gettext("Mark the dead stones"),
            player=player,
        )
    if event == "accepted":
        accepted = game.black if dispute.black_accepted else game.white
        return notice_mail(
            subject=gettext("%(accepted_username)s accepted the marking of game %(game_pk)s")
            % {"accepted_username": accepted.username, "game_pk": game.pk},
            summary=f"{accepted.username} accepted the marking of game {game.pk}.",
            paragraphs=[
                f"{accepted.username} accepted the dead stones as marked now.",
                f"Accept them too, or change them, before {until}; otherwise {game.result} stands.",
            ],
            url=url,
            label=gettext("See the marking"),
            player=player,
        )
    if event == "agreed":
        subject = f"Game {game.pk}: marking agreed, result {game.result}"
        body = f"Both players accepted the dead stones; game {game.pk} ends {game.result}."
    else:
        subject = f"Game {game.pk}: the marking phase ended, {game.result} stands"
        body = (
            f"The players did not both accept a marking before {until}; the automatic result "
            f"{game.result} of game {game.pk} stands."
        )
    return notice_mail(
        subject=subject,
        summary=subject + ".",
        paragraphs=[body],
        url=game_url(game),
        label=gettext("See the game"),
        player=player,
    )


def result_corrected_notice(*, correction: ResultCorrection, player: User) -> MailContent:
    """The result of a finished game changed (players agreed on a marking, or staff)."""
    game = correction.game
    paragraphs = [
        f"The result of game {game.pk} changed from {correction.old_result} to "
        f"{correction.new_result} ({correction.get_kind_display().lower()})."
    ]
    if correction.note:
        paragraphs.append(correction.note)
    return notice_mail(
        subject=gettext("Game %(game_pk)s: result corrected to %(new_result)s")
        % {"game_pk": game.pk, "new_result": correction.new_result},
        summary=(
            f"Game {game.pk}: result changed from {correction.old_result} to "
            f"{correction.new_result}."
        ),
        paragraphs=paragraphs,
        url=game_url(game),
        label=gettext("See the game"),
        player=player,
    )


def timeout_warning_mail(*, game: Game, player: User, when: dt.datetime) -> MailContent:
    """80 % of the player's time for this move is used."""
    opponent = game.white if player.pk == game.black_id else game.black
    return notice_mail(
        subject=gettext("Time is running out against %(opponent_username)s")
        % {"opponent_username": opponent.username},
        summary=f"Time is running out in game {game.pk}.",
        paragraphs=[
            f"You have used most of your time for move {game.move_number + 1} in game {game.pk} "
            f"against {opponent.username}.",
            f"Your time runs out on {when:%a %d %b %Y, %H:%M %Z}; then the game is lost on time.",
        ],
        url=game_url(game),
        label=gettext("Play your move"),
        player=player,
    )
