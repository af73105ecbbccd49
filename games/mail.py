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
from django.utils.translation import gettext, ngettext

from accounts.locale import moment_text
from accounts.models import User
from accounts.selectors import preferences_get
from core.mail import InlineImage, MailContent, site_url
from games.counting import chains_named, dispute_window, game_score
from games.inbound.address import reply_address_for
from games.models import (
    Challenge,
    ChallengeStatus,
    CorrectionKind,
    Game,
    ResultCorrection,
    ScoreDispute,
)
from games.moves import game_state, point_names
from games.pages import board_text
from games.selectors.play import clock_detail, clock_left_label, clock_time_left
from games.svg.words import caption_words, count_warning
from messaging.notifications import services as messaging
from rules import BLACK, other
from rules.images.render import render_png

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


def _zone(user: User) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(user.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def _local(value: dt.datetime | None, user: User) -> str:
    if value is None:
        return ""
    local = value.astimezone(_zone(user))
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} ({user.time_zone})"


def _last_move(game: Game, position) -> str:
    """'Black played D4 at move 12.' (or passed), in the reader's language; '' before move 1."""
    move = position.last_move
    if move is None:
        return ""
    words = {"game_move_number": game.move_number}
    if move.point is None:
        if move.colour == BLACK:
            return gettext("Black passed at move %(game_move_number)s.") % words
        return gettext("White passed at move %(game_move_number)s.") % words
    words["point"] = game.topology.name(move.point)
    if move.colour == BLACK:
        return gettext("Black played %(point)s at move %(game_move_number)s.") % words
    return gettext("White played %(point)s at move %(game_move_number)s.") % words


def _position_and_score(game: Game, *, scored: bool):
    position = game_state(game).position
    return position, (game_score(game=game, position=position) if scored else None)


def game_thread(game: Game) -> str:
    """The mail thread of a game: its "your turn", result and acceptance mails share it."""
    return f"game-{game.pk}"


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
            "plays_black": game.to_move == BLACK,
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
        thread=game_thread(game),
    )


def game_over_mail(*, game: Game, player: User) -> MailContent:
    """The result for one player, with the final board: counted games show territory, dead
    stones and the count under the board."""
    position, score = _position_and_score(game, scored=True)
    days = dispute_window().days
    png = render_png(
        position,
        score=score,
        size=RESULT_IMAGE_PX,
        theme=_theme(player),
        dispute_days=days,
        words=caption_words(agreed=(game.score or {}).get("agreed")),
    )
    unsure = bool(score and score.uncertain)
    colour = game.colour_of(player)
    won = game.result[:2] == ("B+" if colour == BLACK else "W+")
    outcome = "draw" if game.result == "0" else ("won" if won else "lost")
    if game.is_annulled:
        outcome = "annulled"
    return MailContent(
        subject=gettext("Game %(game_pk)s is over: %(result)s")
        % {"game_pk": game.pk, "result": game.result_label},
        template="games/mail/game_over",
        context={
            "game": game,
            "player": player,
            "opponent": game.white if player.pk == game.black_id else game.black,
            "outcome": outcome,
            "reason": game.end_reason_in_sentence,
            "game_url": game_url(game),
            "board_cid": BOARD_CID,
            "board_width": RESULT_IMAGE_PX,
            "scored": score is not None,
            "unsure_note": count_warning(days) if unsure else "",
            "unsure_points": ", ".join(point_names(game, game.score.get("uncertain", [])))
            if unsure
            else "",
        },
        images=(InlineImage(cid=BOARD_CID, png=png),),
        thread=game_thread(game),
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
    # Translators: stands for the player's name in a mail when their account is gone.
    who = challenge.recipient.username if challenge.recipient else gettext("Someone")
    accepted = challenge.status == ChallengeStatus.ACCEPTED
    if accepted and paired:
        subject = gettext("Auto-match paired you with %(who)s") % {"who": who}
    elif accepted:
        subject = gettext("%(who)s accepted your challenge") % {"who": who}
    else:
        subject = gettext("%(who)s declined your invitation") % {"who": who}
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
        thread=game_thread(challenge.game) if accepted and challenge.game else "",
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


def _unsure_notice(dispute: ScoreDispute, player: User, url: str, names: dict) -> MailContent:
    """The count opened the marking phase itself: which groups to check, and by when."""
    game = dispute.game
    position = game_state(game).position
    topology = game.topology
    groups = chains_named(position=position, points=[topology.from_sgf(p) for p in dispute.unsure])
    zone = _zone(player)
    names["day"] = formats.date_format(dispute.deadline.astimezone(zone), "l")
    names["groups"] = ", ".join(groups)
    summary = (
        ngettext(
            "The count of game %(game_pk)s is not sure about the group at %(groups)s: check it by "
            "%(day)s.",
            "The count of game %(game_pk)s is not sure about the groups at %(groups)s: check them "
            "by %(day)s.",
            len(groups),
        )
        % names
    )
    return notice_mail(
        subject=gettext("Game %(game_pk)s: check the count by %(day)s") % names,
        summary=summary,
        paragraphs=[
            summary,
            gettext(
                "Both players see the marking: mark or unmark dead stones and accept the same "
                "marking before %(until)s; otherwise the automatic count %(result)s stands."
            )
            % names,
        ],
        url=url,
        label=gettext("Check the dead stones"),
        player=player,
    )


def dispute_notice(*, dispute: ScoreDispute, event: str, player: User) -> MailContent:
    """News of a marking phase for one player: "unsure" (the count opened it, unsure of some
    groups), "opened", "accepted", "agreed" or "expired"."""
    game = dispute.game
    url = site_url(reverse("games:marking", args=[game.pk]))
    until = _local(dispute.deadline, player)
    names = {"game_pk": game.pk, "result": game.result, "until": until}
    if event == "unsure":
        return _unsure_notice(dispute, player, url, names)
    if event == "opened":
        names["opener"] = dispute.opened_by.username
        summary = (
            gettext("%(opener)s disputes the dead stones of game %(game_pk)s (%(result)s).") % names
        )
        return notice_mail(
            subject=gettext("%(opener)s disputes the count of game %(game_pk)s") % names,
            summary=summary,
            paragraphs=[
                summary,
                gettext(
                    "Mark the dead stones together and accept before %(until)s; otherwise "
                    "%(result)s stands."
                )
                % names,
            ],
            url=url,
            label=gettext("Mark the dead stones"),
            player=player,
        )
    if event == "accepted":
        accepted = game.black if dispute.black_accepted else game.white
        names["accepted_username"] = accepted.username
        return notice_mail(
            subject=gettext("%(accepted_username)s accepted the marking of game %(game_pk)s")
            % names,
            summary=gettext("%(accepted_username)s accepted the marking of game %(game_pk)s.")
            % names,
            paragraphs=[
                gettext("%(accepted_username)s accepted the dead stones as marked now.") % names,
                gettext(
                    "Accept them too, or change them, before %(until)s; otherwise %(result)s "
                    "stands."
                )
                % names,
            ],
            url=url,
            label=gettext("See the marking"),
            player=player,
        )
    if event == "agreed":
        subject = gettext("Game %(game_pk)s: marking agreed, result %(result)s") % names
        summary = gettext("Game %(game_pk)s: marking agreed, result %(result)s.") % names
        body = (
            gettext("Both players accepted the dead stones; game %(game_pk)s ends %(result)s.")
            % names
        )
    else:
        subject = gettext("Game %(game_pk)s: the marking phase ended, %(result)s stands") % names
        summary = gettext("Game %(game_pk)s: the marking phase ended, %(result)s stands.") % names
        body = (
            gettext(
                "The players did not both accept a marking before %(until)s; the automatic "
                "result %(result)s of game %(game_pk)s stands."
            )
            % names
        )
    return notice_mail(
        subject=subject,
        summary=summary,
        paragraphs=[body],
        url=game_url(game),
        label=gettext("See the game"),
        player=player,
    )


def result_corrected_notice(*, correction: ResultCorrection, player: User) -> MailContent:
    """The result of a finished game changed (players agreed on a marking, or staff)."""
    game = correction.game
    names = {"game_pk": game.pk, "old": correction.old_result, "new": correction.new_result}
    if correction.kind == CorrectionKind.AGREED:
        changed = gettext(
            "The result of game %(game_pk)s changed from %(old)s to %(new)s (dead stones agreed "
            "by both players)."
        )
    else:
        changed = gettext(
            "The result of game %(game_pk)s changed from %(old)s to %(new)s (corrected by the "
            "site staff)."
        )
    paragraphs = [changed % names]
    # The staff's note, as they wrote it (an agreed marking's note is the site's record, in
    # English, as the game page shows only the staff's).
    if correction.note and correction.kind == CorrectionKind.STAFF:
        paragraphs.append(correction.note)
    return notice_mail(
        subject=gettext("Game %(game_pk)s: result corrected to %(new_result)s")
        % {"game_pk": game.pk, "new_result": correction.new_result},
        summary=gettext("Game %(game_pk)s: result changed from %(old)s to %(new)s.") % names,
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
        summary=gettext("Time is running out in game %(game_pk)s.") % {"game_pk": game.pk},
        paragraphs=[
            gettext(
                "You have used most of your time for move %(move)s in game %(game_pk)s against "
                "%(opponent_username)s."
            )
            % {
                "move": game.move_number + 1,
                "game_pk": game.pk,
                "opponent_username": opponent.username,
            },
            gettext("Your time runs out on %(when)s; then the game is lost on time.")
            % {"when": moment_text(value=when)},
        ],
        url=game_url(game),
        label=gettext("Play your move"),
        player=player,
    )
