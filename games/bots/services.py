"""Bots at play: the moves of the bot accounts the site runs, their answers to challenges, the
games a player starts against one, and what happens when an engine fails.

A bot's move is computed outside any transaction (it may take seconds) and then played through
`games.services.play` like anyone's: the game row locked, the expected move number checked, the
notices queued through the outbox. A move that crossed another (the game moved on, ended, or the
engine's answer is refused) is dropped, so running a bot's move twice plays it once.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User, bot_display_name
from core.outbox import enqueue_on_commit
from games.bots.engines import Engine, engine_get, engine_move
from games.bots.gtp import GtpError
from games.bots.queue import runs
from games.errors import MoveRefused, StalePage, TimeRanOut
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game, GameChat, GameStatus
from games.moves import game_state
from games.selectors.game_row import game_row_get
from games.services import play
from games.services.challenges import challenge_accept, challenge_create, challenge_decline

# Outcomes of `bot_move_play`, for the task's result and the tests.
PLAYED, STALE, FAILED, NOT_A_BOT = "played", "stale", "failed", "not_a_bot"


def bot_account_for(*, engine: Engine) -> User:
    """The bot account that plays with `engine`, created on first use (username the engine's
    key, or the key and "-bot" when a player has it; no password, no e-mail). Safe when two
    requests use a new bot at once: the one whose insert loses the race reads the winner's."""
    bot = _bot_of(engine)
    if bot is not None:
        return bot
    username = engine.key
    # Taken by someone else than this bot (which another request may have just created: then
    # the same name makes the insert below fail, rather than make a second bot).
    holders = User.objects.filter(username__iexact=username)
    if holders.exclude(is_bot=True, bot_engine=engine.key, is_active=True).exists():
        username = f"{engine.key}-bot"
    bot = User(
        username=username,
        display_name=bot_display_name(engine.name, engine.strength),
        is_bot=True,
        bot_engine=engine.key,
    )
    bot.set_unusable_password()
    try:
        with transaction.atomic():  # a savepoint: a caller's transaction survives the loss
            bot.save()
    except IntegrityError:
        winner = _bot_of(engine)
        if winner is None:  # the name was taken by a player, not by this bot
            raise
        return winner
    return bot


def _bot_of(engine: Engine) -> User | None:
    return (
        User.objects.filter(is_bot=True, bot_engine=engine.key, is_active=True)
        .order_by("pk")
        .first()
    )


def bot_challenge_answer(*, challenge_id: int, now: dt.datetime) -> str:
    """The bot a challenge is meant for accepts it when its engine plays those settings
    (board, installed), else declines. Returns "accepted", "declined" or "" (nothing to do:
    gone, closed, or not for a bot the site plays for)."""
    challenge = Challenge.objects.select_related("recipient").filter(pk=challenge_id).first()
    if challenge is None or challenge.status != ChallengeStatus.OPEN:
        return ""
    bot = challenge.recipient
    if bot is None or not runs(bot):
        return ""
    engine = engine_get(key=bot.bot_engine)
    if engine is not None and engine.plays(challenge.settings):
        challenge_accept(challenge_id=challenge.pk, user=bot, now=now)
        return "accepted"
    challenge_decline(challenge_id=challenge.pk, user=bot, now=now)
    return "declined"


@transaction.atomic
def bot_game_start(
    *, user: User, bot: User, game_settings: GameSettings, colour: str, now: dt.datetime
) -> Game:
    """`user` starts a game against `bot` with `game_settings` (`colour`: the colour `user`
    wants, or random): an invitation the bot accepts at once. Raises ValidationError when
    `bot` is not a bot the site plays for or its engine does not play these settings, and
    what `challenge_create` raises (rate limits, contact refused)."""
    engine = engine_get(key=bot.bot_engine) if runs(bot) else None
    if engine is None or not engine.plays(game_settings):
        raise ValidationError(_("This bot does not play that board now; choose another."))
    challenge = challenge_create(
        creator=user, recipient=bot, settings=game_settings, creator_colour=colour, now=now
    )
    return challenge_accept(challenge_id=challenge.pk, user=bot, now=now)


def bot_move_play(*, game_id: int, move_number: int) -> str:
    """Compute and play the bot's move `move_number` of game `game_id`, if it still waits for
    it. An engine that fails is tried again, up to settings.BOT_MOVE_TRIES times in all; then
    the bot says so in the game chat (once per move) and the staff are told. The game is
    never changed by a failure. Returns PLAYED, STALE, FAILED or NOT_A_BOT."""
    game = game_row_get(game_id=game_id)
    if game is None or game.status != GameStatus.PLAYING or game.move_number != move_number:
        return STALE
    bot = game.player(game.to_move)
    if not runs(bot):
        return NOT_A_BOT
    engine = engine_get(key=bot.bot_engine)
    state = game_state(game)
    error = "its engine is not configured" if engine is None else ""
    move = None
    for attempt in range(settings.BOT_MOVE_TRIES if engine is not None else 0):
        try:
            seed = game.pk * 1009 + move_number + attempt
            move = engine_move(engine=engine, state=state, seed=seed)
            break
        except GtpError as failure:
            error = str(failure)
    if move is None:
        bot_failure_report(game=game, bot=bot, error=error, now=timezone.now())
        return FAILED
    now = timezone.now()
    try:
        if move.kind == "play":
            play.game_move(
                game_id=game.pk,
                user=bot,
                point=move.point,
                expected_move_number=move_number,
                now=now,
            )
        elif move.kind == "pass":
            play.game_pass(game_id=game.pk, user=bot, expected_move_number=move_number, now=now)
        else:
            play.game_resign(game_id=game.pk, user=bot, expected_move_number=move_number, now=now)
    except (StalePage, MoveRefused, TimeRanOut):
        return STALE
    return PLAYED


@transaction.atomic
def bot_failure_report(*, game: Game, bot: User, error: str, now: dt.datetime) -> bool:
    """The bot could not move: a line in the game chat (once per move) and a mail to the
    staff after the commit. Returns whether this call wrote the line."""
    said = GameChat.objects.filter(game=game, author=bot, move_number=game.move_number)
    if said.exists():
        return False
    line = GameChat.objects.create(
        game=game,
        author=bot,
        move_number=game.move_number,
        text=_(
            "I could not find a move: my engine failed. The staff have been told; I will try again."
        ),
        created=now,
    )
    enqueue_on_commit("games.notify_chat", line.pk)
    enqueue_on_commit("bots.staff_mail", game.pk, game.move_number, error[:500])
    return True


def bots_stuck_requeue(*, now: dt.datetime, after: dt.timedelta) -> int:
    """Queue again the move of every running game where a bot the site plays for has been
    to move for longer than `after` (its task lost, or its engine failed). Returns how many."""
    since = now - after
    queued = 0
    for colour_field, colour in (("black", 1), ("white", 2)):
        games = Game.objects.filter(
            status=GameStatus.PLAYING,
            to_move=colour,
            **{f"{colour_field}__is_bot": True},
        ).exclude(**{f"{colour_field}__bot_engine": ""})
        for game in games.filter(last_move_at__lt=since) | games.filter(
            last_move_at__isnull=True, created__lt=since
        ):
            enqueue_on_commit("bots.move", game.pk, game.move_number)
            queued += 1
    return queued
