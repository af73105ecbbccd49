"""The status page's long lists: a card per running game (templates/games/_status_card.html)
and a row per finished game (templates/games/_status_finished_row.html).

Each card and row is rendered from its template once and kept in the fragment cache
(core.http_cache.fragments) under a key made of everything it shows: the game's state
(games.pages.tags.game_state_key) and the viewer's part of it (board theme, time zone, colour,
whose turn, the time-left label, the deadline, what the game belongs to, the opponent's names),
the language being added by the cache itself. A page drawn again renders only the cards of the
games that changed since: a template per card on every draw was most of the page's time.

A card's thumbnail is an image of its own (`thumbnail_url`, drawn by `thumbnail_svg` for the
view games.views.status.thumbnail), loaded lazily by the browser and kept by it for good: its
address names the game's state (move number, status, count), so a new move is a new address.
A page of 300 running games drew 300 thumbnails on a cold cache (1-1.4 s, bench/pages_at_scale.py);
now it draws none, whatever the number of games."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterable, Sequence

from django.template.loader import get_template
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

import rules
from accounts.models import User
from core.http_cache.fragments import FRAGMENT_VERSION, fragments_get, fragments_set
from core.http_cache.tags import code_version
from games.models import Game
from games.moves import game_state
from games.pages.links import url_former
from games.pages.tags import game_state_key
from games.selectors.play import clock_detail, clock_left_label, clock_time_left
from games.svg import board_thumbnail_svg
from games.svg.geometry import num, svg_geometry

THUMBNAIL_SIZE = 96
CARD_TEMPLATE = "games/_status_card.html"
FINISHED_ROW_TEMPLATE = "games/_status_finished_row.html"


def status_rows(
    *,
    games: list[Game],
    user: User,
    now: dt.datetime,
    theme: str,
    labels: dict[int, str] | None = None,
) -> list[dict]:
    """One row per running game of the status page, in the given order: "game", "my_turn"
    (`user`'s turn) and "card", the game's card (HTML): its thumbnail in `user`'s board
    `theme` and name linked, the opponent, what it belongs to (`labels`: a tournament round or
    a ladder), whose turn, the move, `user`'s colour, the time left of the player to move and
    their deadline in the active time zone (or that their clock is stopped by their vacation).
    No database access once the games have their players (games.selectors.status.players_load);
    the cards come from the cache (one read for all), and only the missing ones are rendered.
    No thumbnail is drawn: a card links its image (`thumbnail_url`)."""
    board_url, labels, zone = url_former("games:board"), labels or {}, _zone()
    rows, contexts = [], {}
    for game in games:
        url = board_url(game.pk)
        mine = game.colour_of(user)
        # Only the clock of the player to move shows (games.selectors.play.game_clocks).
        mover = game.to_move
        left = clock_time_left(game=game, colour=mover, now=now)
        context = {
            "game": game,
            "url": url,
            "thumbnail_url": f"{url}{_thumbnail_tail(game, theme)}",
            "thumbnail_height": _thumbnail_height(game),
            "plays_black": mine == rules.BLACK,
            "opponent": game.player(rules.other(mine)),
            "my_turn": mover == mine and game.adjourned is None,
            "adjourned": game.adjourned is not None,
            "left": clock_left_label(
                left=left,
                weekend_pause=game.weekend_pause,
                # '' without byo-yomi (clock_detail), known without reading the players' times.
                detail=clock_detail(game=game, colour=mover, left=left)
                if game.time_control.has_byoyomi
                else "",
            ),
            "deadline": game.deadline,
            "stopped": game.deadline is None,
            "label": labels.get(game.pk, ""),
        }
        key = _shown_key(
            "card",
            game_state_key(game),
            theme,
            zone,
            *_player_shown(context["opponent"]),
            *(
                context[name]
                for name in ("plays_black", "my_turn", "adjourned", "left", "deadline", "label")
            ),
        )
        contexts[key] = context
        rows.append({"game": game, "my_turn": context["my_turn"], "key": key})
    cards = _kept(CARD_TEMPLATE, contexts)
    for row in rows:
        row["card"] = cards[row.pop("key")]
    return rows


def finished_rows(*, games: Sequence[Game], user: User) -> list[SafeString]:
    """The status page's rows of finished games (HTML), one per game of `games`, which `user`
    played: the game linked, the opponent, the colour `user` played, the result and why, the
    day it ended in the active time zone. Kept in the cache as the cards are."""
    board_url, zone = url_former("games:board"), _zone()
    contexts = {}
    for game in games:
        mine = game.colour_of(user)
        context = {
            "game": game,
            "url": board_url(game.pk),
            "plays_black": mine == rules.BLACK,
            "opponent": game.player(rules.other(mine)),
        }
        # The row shows no more of the game than these (its count is not read).
        shown = (game.board_kind, game.board_size, game.result, game.end_reason, game.finished)
        key = _shown_key(
            "finished", str(game.pk), zone, mine, *_player_shown(context["opponent"]), *shown
        )
        contexts[key] = context
    return list(_kept(FINISHED_ROW_TEMPLATE, contexts).values())


def _zone() -> str:
    return timezone.get_current_timezone_name()


def _player_shown(player: User) -> tuple[object, ...]:
    """What templates/includes/player_name.html shows of `player`."""
    return (player.username, player.display_name, player.is_bot)


def _shown_key(kind: str, state: str, *shown: object) -> str:
    """The fragment key of a piece showing a game in `state` (its id, or game_state_key) and
    `shown` (plain values, each written as str: a lazy translation's repr would differ on every
    page). The code version makes a new key for a changed template or translation."""
    parts = "\x1f".join(str(part) for part in shown)
    digest = hashlib.blake2b(parts.encode(), digest_size=12).hexdigest()
    return f"games:{kind}:{FRAGMENT_VERSION}:{code_version()[:12]}:{state}:{digest}"


def _kept(
    name: str,
    contexts: dict[str, dict],
    complete: Callable[[Iterable[dict]], None] | None = None,
) -> dict[str, SafeString]:
    """{key: piece} for each of `contexts` (in their order): the template `name` rendered with
    that context, from the cache when kept there, else rendered (after `complete(missing)` adds
    what only rendering needs to the missing ones' contexts) and kept."""
    found = fragments_get(list(contexts))
    missing = {key: context for key, context in contexts.items() if key not in found}
    if missing:
        if complete is not None:
            complete(missing.values())
        template = get_template(name)
        made = {key: template.render(context) for key, context in missing.items()}
        fragments_set(made)
        found.update(made)
    # Our own rendered templates, kept as strings.
    return {key: mark_safe(found[key]) for key in contexts}  # noqa: S308


def thumbnail_state(game: Game) -> str:
    """The part of a thumbnail's address that names what it shows (games.pages.tags.
    game_state_key without the id: move number, status, count) and the language of its title,
    so that a browser keeping the picture for good fetches it again after a language switch."""
    state = game_state_key(game).split(":", 1)[1].replace(":", "-")
    return f"{state}-{get_language() or 'en'}"


def _thumbnail_tail(game: Game, theme: str) -> str:
    """The thumbnail's address after the game page's (games:thumbnail, tests check the two
    agree): reversed once per page, not once per card."""
    return f"thumbnail/{theme}/{thumbnail_state(game)}.svg"


def _thumbnail_height(game: Game) -> str:
    """The thumbnail's height in CSS pixels (its width is THUMBNAIL_SIZE), so the page keeps
    its layout while the images load."""
    geometry = svg_geometry(game.topology, False).geometry
    return num(THUMBNAIL_SIZE * geometry.height / geometry.width)


def thumbnail_title(game: Game) -> str:
    """The thumbnail's text: the board and the move number ("Go 9×9, move 12")."""
    return gettext("%(board_label)s, move %(move_number)s") % {
        "board_label": game.board_label,
        "move_number": game.move_number,
    }


def thumbnail_svg(*, game: Game, theme: str) -> str:
    """The thumbnail (SVG) of `game`'s position in `theme` (a theme of games.svg.THEMES), in
    the active language (its title): from the fragment cache, else drawn (a replay of the
    game) and kept."""
    key = f"games:thumb:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{THUMBNAIL_SIZE}"
    kept = fragments_get([key]).get(key)
    if isinstance(kept, str):
        return kept
    drawn = str(
        board_thumbnail_svg(
            game_state(game).position,
            theme=theme,
            size=THUMBNAIL_SIZE,
            title=thumbnail_title(game),
        )
    )
    fragments_set({key: drawn})
    return drawn
