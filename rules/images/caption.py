"""The caption under a scored picture: the result, the counting method and each player's count,
in the words the caller gives (`CaptionWords`, English by default), wrapped to the width."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from rules.board import BLACK, WHITE
from rules.images.fonts import font_at, needs_wide_font, safe_text
from rules.images.look import Look
from rules.images.sprites import UNSURE_RGB, stone_sprite
from rules.images.themes import RGB
from rules.ruleset import AREA
from rules.scoring import Score, uncertain_note


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


@dataclass(frozen=True)
class CaptionWords:
    """The words of the scored picture's caption, English unless the caller gives its own:
    rules/ translates nothing, the site passes them in its reader's language. The counted
    terms are functions of their number, so a language picks its plural form and writes the
    number its own way; `number` writes the totals and the margin. Any field left out keeps
    its English default. Words a font of this machine cannot draw come out as boxes: ask
    `can_write` first."""

    black: str = "Black"
    white: str = "White"
    draw: str = "Draw"
    area_scoring: str = "area scoring"
    territory_scoring: str = "territory scoring"
    # (player, margin already written by `number`) -> "Black wins by 3.5"
    wins_by: Callable[[str, str], str] = lambda player, margin: f"{player} wins by {margin}"
    stones: Callable[[int], str] = lambda count: f"{count} stones"
    territory: Callable[[int], str] = lambda count: f"{count} territory"
    captured: Callable[[int], str] = lambda count: f"{count} captured"
    dead: Callable[[int], str] = lambda count: f"{count} dead"
    komi: Callable[[float], str] = lambda komi: f"{_number(komi)} komi"
    number: Callable[[float], str] = _number
    # The warning under a count with uncertain stones, given the days left to dispute it.
    unsure: Callable[[int | None], str] = uncertain_note


def caption_lines(
    score: Score, words: CaptionWords | None = None
) -> tuple[str, str, list[tuple[int, str]]]:
    """The caption's text in `words` (English when None): result, counting method, and one
    count line per player."""
    headline, method, players = _caption_parts(score, words or CaptionWords())
    return headline, method, [(colour, " ".join(chunks)) for colour, chunks in players]


def _caption_parts(
    score: Score, words: CaptionWords
) -> tuple[str, str, list[tuple[int, list[str]]]]:
    """Like `caption_lines`, each player's line cut where it may wrap."""
    if score.winner is None:
        headline = words.draw
    else:
        who = words.black if score.winner == BLACK else words.white
        headline = f"{score.result}  {words.wins_by(who, words.number(score.margin))}"
    method = words.area_scoring if score.method == AREA else words.territory_scoring
    players = []
    for colour, side, other in (
        (BLACK, score.black, score.white),
        (WHITE, score.white, score.black),
    ):
        name = words.black if colour == BLACK else words.white
        if score.method == AREA:
            terms = [f"{name}  {words.stones(side.stones)}", f"+ {words.territory(side.territory)}"]
        else:
            terms = [f"{name}  {words.territory(side.territory)}"]
            if other.prisoners:
                terms.append(f"\u2212 {words.captured(other.prisoners)}")
            if side.dead:
                terms.append(f"\u2212 {words.dead(side.dead)}")
        if side.komi:
            terms.append(f"+ {words.komi(side.komi)}")
        terms.append(f"= {words.number(side.total)}")
        players.append((colour, terms))
    return headline, method, players


def _wrap(chunks: list[str], font, room: float, *, spaced: bool = True) -> list[str]:
    """Greedy line filling, a space between chunks unless not `spaced`; a chunk wider than
    `room` gets a line of its own."""
    gap = " " if spaced else ""
    lines: list[str] = []
    for chunk in chunks:
        if lines and font.getlength(safe_text(f"{lines[-1]}{gap}{chunk}", font)) <= room:
            lines[-1] = f"{lines[-1]}{gap}{chunk}"
        else:
            lines.append(chunk)
    return lines


def caption_band(
    score: Score, width: int, look: Look, dispute_days: int | None, words: CaptionWords
) -> Image.Image:
    """The band under the board: the result, then each player's count after a stone icon;
    lines wrap between terms when the image is narrow (between words, or between characters
    for a language written without spaces)."""
    headline, method, players = _caption_parts(score, words)
    unsure = words.unsure(dispute_days) if score.uncertain else ""
    wide = needs_wide_font(" ".join([headline, method, unsure, *(" ".join(c) for _, c in players)]))
    px = max(9, min(22, round(width * 0.029)))
    margin = max(6, round(px * 0.8))
    font, bold = font_at(px, bold=False, wide=wide), font_at(px, bold=True, wide=wide)
    icon = round(px * 0.9)
    indent = icon + px * 0.5
    line_h = round(px * 1.45)
    room = width - 2 * margin
    Run = tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, str, RGB, float]
    lines: list[tuple[list[Run], int | None]] = []  # runs of text, and a stone icon or None
    head = safe_text(headline, bold)
    if bold.getlength(head) > room:
        head = score.result if score.winner is not None else headline  # "W+3.5" alone
    head_w = bold.getlength(head)
    if head_w + font.getlength("   " + method) <= room:
        lines.append(
            ([(bold, head, look.text, 0), (font, "   " + method, look.text_muted, head_w)], None)
        )
    else:
        lines.append(([(bold, head, look.text, 0)], None))
        lines.append(([(font, method, look.text_muted, 0)], None))
    for colour, chunks in players:
        wrapped = _wrap([safe_text(c, font) for c in chunks], font, room - indent)
        for i, text in enumerate(wrapped):
            lines.append(([(font, text, look.text, indent)], colour if i == 0 else None))
    if unsure:
        pieces = unsure.split() if " " in unsure else list(unsure)
        for text in _wrap([safe_text(w, bold) for w in pieces], bold, room, spaced=" " in unsure):
            lines.append(([(bold, text, UNSURE_RGB, 0)], None))
    gap = line_h * 0.15  # a little air between the result and the counts
    height = 2 * margin + round(line_h * len(lines) + gap)
    band = Image.new("RGB", (width, height), look.page)
    draw = ImageDraw.Draw(band)
    for i, (runs, stone_colour) in enumerate(lines):
        y = margin + line_h * (i + 0.5) + (gap if i else 0)
        for run_font, text, colour, x in runs:
            draw.text((margin + x, y), text, font=run_font, fill=colour, anchor="lm")
        if stone_colour is not None:
            stone = stone_sprite(round(icon / 2 * 4) / 4, stone_colour, look.name, False)
            corner = (margin + icon // 2 - stone.width // 2, round(y) - stone.height // 2)
            band.paste(stone, corner, stone)
    return band
