"""The Pillow renderer: image sizes, stones and marks where the layout says, captions, labels.

Also writes sample images to the samples folder's render/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import dataclasses
import io
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from rules import BLACK, EMPTY, WHITE, Game, IllegalMove, Move, Position, preset
from rules.diagram import parse_diagram
from rules.images import fonts, render
from rules.images.layout import board_layout, point_centre
from rules.images.render import (
    THEMES,
    CaptionWords,
    can_write,
    caption_lines,
    render_image,
    render_png,
)
from rules.scoring import Score, score
from rules.topology import Topology, hexagon, square
from tests.samples import samples_dir

SAMPLES = samples_dir("render")

# Black walls off the left, White the right; the white stone at B7 and the black one at G8 are
# dead. Black's last move was D4.
FINAL_9 = """
. . . X O . . . .
. . . X O . X . .
. O . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . X X O O . . .
X X X O O . . . .
. . X O . . . . .
. . X O . . . . .
"""


def position_from(topology: Topology, diagram: str, last: str | None = None) -> Position:
    colours = parse_diagram(topology, diagram)
    game = Game.new(
        topology,
        preset("go-area", topology),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    )
    position = game.position
    if last is not None:
        point = topology.parse(last)
        position = dataclasses.replace(
            position, last_move=Move(position.stones[point], "play", point)
        )
    return position


def final_9() -> tuple[Position, Score]:
    t = square(9)
    position = position_from(t, FINAL_9, last="D4")
    return position, score(position, preset("go-area", t), {t.parse("B7"), t.parse("G8")})


def random_position(topology: Topology, moves: int, seed: int = 7) -> Position:
    """A seeded random game that never fills its own one-point eyes."""
    rng = random.Random(seed)
    key = "badux" if topology.kind == "hex" else "go-area"
    game = Game.new(topology, preset(key, topology))
    for _ in range(moves):
        empty = [p for p in topology.points() if game.board.colour[p] == EMPTY]
        rng.shuffle(empty)
        for p in empty:
            if all(game.board.colour[q] == game.to_move for q in topology.neighbours[p]):
                continue
            try:
                game.play(p)
            except IllegalMove:
                continue
            break
    return game.position


def smallest_chains_dead(position: Position) -> frozenset[int]:
    """A hand-made dead set: the smallest chain of each colour (deterministic)."""
    t = position.topology
    seen: set[int] = set()
    smallest: dict[int, list[int]] = {}
    for start, colour in enumerate(position.stones):
        if colour == EMPTY or start in seen:
            continue
        chain, todo = [start], [start]
        seen.add(start)
        while todo:
            for q in t.neighbours[todo.pop()]:
                if q not in seen and position.stones[q] == colour:
                    seen.add(q)
                    chain.append(q)
                    todo.append(q)
        if colour not in smallest or len(chain) < len(smallest[colour]):
            smallest[colour] = chain
    return frozenset(p for chain in smallest.values() for p in chain)


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def luminance(image: Image.Image, xy: tuple[float, float]) -> float:
    r, g, b = image.getpixel((int(xy[0]), int(xy[1])))
    return 0.299 * r + 0.587 * g + 0.114 * b


BOARDS = [square(9), square(13), square(19), hexagon(6), hexagon(8), hexagon(12)]


@pytest.mark.parametrize("topology", BOARDS, ids=lambda t: t.label)
@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("scored", [False, True], ids=["plain", "scored"])
def test_png_has_the_requested_width_and_a_height_fitting_the_shape(topology, theme, scored):
    position = random_position(topology, topology.size // 3)
    result = score(position, preset("go-area", topology)) if scored else None
    for size in (600, 300):
        image = decode(render_png(position, score=result, size=size, theme=theme))
        board_height = board_layout(topology, size=size).height
        assert image.width == size
        if topology.kind == "square":
            assert board_height == size
        else:  # a hexagon with its corners left and right is sqrt(3)/2 as tall as wide
            assert 0.8 * size < board_height < 0.92 * size
        if scored:
            assert board_height + 0.1 * size < image.height < board_height + 0.35 * size
        else:
            assert image.height == board_height


@pytest.mark.parametrize("coordinates", [True, False])
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_stones_and_territory_marks_sit_at_their_point_centres(coordinates, theme):
    position, result = final_9()
    t = position.topology
    image = decode(render_png(position, score=result, theme=theme, coordinates=coordinates))

    def at(name: str) -> float:
        return luminance(image, point_centre(t, t.parse(name), coordinates=coordinates))

    assert at("D9") < 70  # live black stone
    assert at("E9") > 200  # live white stone
    assert at("A9") < 70  # black territory mark
    assert at("J1") > 200  # white territory mark
    assert at("B7") < 70  # dead white stone on black's side: black's mark
    assert at("G8") > 200  # dead black stone on white's side: white's mark


def test_unscored_render_shows_the_bare_board_and_the_stones_as_they_are():
    position, _ = final_9()
    t = position.topology
    image = decode(render_png(position))
    x, y = point_centre(t, t.parse("A9"))
    assert 100 < luminance(image, (x + 10, y + 10)) < 200  # wood beside the empty point
    assert luminance(image, (x, y)) < 100  # the corner of the grid lines
    assert luminance(image, point_centre(t, t.parse("B7"))) > 200  # the white stone, not dead
    assert luminance(image, point_centre(t, t.parse("G8"))) < 70


def test_last_move_has_a_ring_in_the_opposite_colour():
    position, _ = final_9()
    t = position.topology
    layout = board_layout(t, size=600)
    x, y = layout.centre(t.parse("D4"))
    image = decode(render_png(position))
    ring = max(luminance(image, (x + dx, y)) for dx in range(0, round(layout.stone_radius)))
    assert luminance(image, (x, y)) < 70
    assert ring > 200
    unmarked = dataclasses.replace(position, last_move=None)
    plain = decode(render_png(unmarked))
    assert max(luminance(plain, (x + dx, y)) for dx in range(0, round(layout.stone_radius))) < 110


@pytest.mark.parametrize("n", [6, 8, 12])
def test_hex_stones_are_drawn_at_their_centres(n):
    t = hexagon(n)
    black = [t.parse(name) for name in ("A" + str(n), t.name(t.size // 2))]
    white = [t.neighbours[t.size // 2][0], t.size - 1]
    game = Game.new(t, preset("badux", t), black_setup=black, white_setup=white)
    for size, coordinates in ((600, True), (300, True), (600, False)):
        image = decode(render_png(game.position, size=size, coordinates=coordinates))
        for p in black:
            assert luminance(image, point_centre(t, p, size=size, coordinates=coordinates)) < 70
        for p in white:
            assert luminance(image, point_centre(t, p, size=size, coordinates=coordinates)) > 200


def test_caption_band_appears_only_with_a_score():
    position, result = final_9()
    plain = decode(render_png(position))
    scored = decode(render_png(position, score=result))
    assert plain.size == (600, 600)
    assert scored.width == 600 and scored.height > 660
    band = scored.crop((0, 600, 600, scored.height))
    dark = sum(band.convert("L").histogram()[:80])
    assert dark > 500  # text and stone icons


@pytest.mark.parametrize("key", ["go-area", "go-territory"])
def test_caption_text_follows_the_counting_method(key):
    from rules.images.render import caption_lines

    position, _ = final_9()
    position = dataclasses.replace(position, prisoners=(2, 3))
    t = position.topology
    result = score(position, preset(key, t), {t.parse("B7"), t.parse("G8")})
    headline, method, lines = caption_lines(result)
    assert headline.startswith(result.result)
    assert method == ("area scoring" if key == "go-area" else "territory scoring")
    black, white = lines[0][1], lines[1][1]
    assert black.startswith("Black") and white.startswith("White")
    assert black.endswith(f"= {result.black.total:g}")
    assert white.endswith(f"= {result.white.total:g}")
    assert f"{result.white.komi:g} komi" in white
    if key == "go-area":
        assert "stones" in black and "territory" in black
    else:
        assert "\u2212 3 captured" in black  # White captured three black stones
        assert "\u2212 1 dead" in black and "\u2212 1 dead" in white


GERMAN = CaptionWords(
    black="Schwarz",
    white="Weiß",
    draw="Jigo",
    area_scoring="Flächenwertung",
    territory_scoring="Gebietswertung",
    wins_by=lambda player, margin: f"{player} gewinnt mit {margin}",
    stones=lambda count: f"{count} Steine",
    territory=lambda count: f"{count} Gebiet",
    captured=lambda count: f"{count} gefangen",
    dead=lambda count: f"{count} tot",
    komi=lambda komi: f"{komi:g} Komi".replace(".", ","),
    number=lambda value: f"{value:g}".replace(".", ","),
    unsure=lambda days: f"Die Zählung kann falsch sein, Einspruch binnen {days} Tagen",
)


def test_the_caption_speaks_the_words_it_is_given():
    position, result = final_9()
    headline, method, lines = caption_lines(result, GERMAN)
    margin = f"{result.margin:g}".replace(".", ",")
    assert headline == f"{result.result}  Weiß gewinnt mit {margin}"  # W+22.5 stays as SGF has it
    assert method == "Flächenwertung"
    black, white = lines[0][1], lines[1][1]
    assert black.startswith("Schwarz  ") and "Steine" in black and "Gebiet" in black
    assert white.startswith("Weiß  ") and f"+ {result.white.komi:g} Komi".replace(".", ",") in white
    assert white.endswith(f"= {result.white.total:g}".replace(".", ","))
    assert caption_lines(result) == caption_lines(result, CaptionWords())  # English by default
    english = decode(render_png(position, score=result))
    german = decode(render_png(position, score=result, words=GERMAN))
    assert german.crop((0, 0, 600, 600)).tobytes() == english.crop((0, 0, 600, 600)).tobytes()
    assert german.tobytes() != english.tobytes()  # the same board, another caption


def test_the_caption_wraps_a_warning_written_without_spaces():
    position, sure = final_9()
    unsure = dataclasses.replace(sure, uncertain=frozenset({position.topology.parse("B7")}))
    words = CaptionWords(unsure=lambda days: "数え方が違うかもしれません" * 12)
    narrow = decode(render_png(position, score=unsure, size=300, words=words))
    one_line = decode(
        render_png(position, score=unsure, size=300, words=CaptionWords(unsure=lambda days: "数"))
    )
    assert narrow.height > one_line.height  # the long warning took several lines


def test_latin_and_cyrillic_can_always_be_written_and_cjk_needs_its_font():
    assert can_write("Schwarz gewinnt") and can_write("Чёрные выигрывают")
    assert can_write("黒の勝ち") == (fonts.wide_font_file(False) is not None)


def test_dead_stone_in_nobodys_area_is_faded_and_crossed():
    position, _ = final_9()
    t = position.topology
    e9 = t.parse("E9")  # dead on the wall, White's area becomes nobody's
    result = score(position, preset("go-area", t), {e9})
    assert result.ownership[e9] == EMPTY
    x, y = point_centre(t, e9)
    image = decode(render_png(position, score=result))
    assert luminance(image, (x, y)) < 150  # the cross
    assert 150 < luminance(image, (x - 6, y + 1)) < 235  # faded stone between the arms


def test_long_captions_shrink_to_fit_a_thumbnail():
    position, _ = final_9()
    position = dataclasses.replace(position, prisoners=(123, 456))
    t = position.topology
    result = score(position, preset("go-territory", t), {t.parse("B7"), t.parse("G8")})
    image = decode(render_png(position, score=result, size=160))
    band = image.crop((image.width - 3, 160, image.width, image.height))
    assert band.convert("L").getextrema()[0] > 200  # nothing runs off the right edge


def test_renders_without_dejavu_using_pillows_bundled_font(monkeypatch):
    position, result = final_9()
    monkeypatch.setattr(fonts, "FONT_FILES", {False: ("missing.ttf",), True: ("missing.ttf",)})
    fonts.font_at.cache_clear()
    render._empty_board.cache_clear()
    try:
        image = decode(render_png(position, score=result, size=300))
        assert image.width == 300
        assert fonts.font_at(12, bold=False).getname()[0] != "DejaVu Sans"
    finally:
        fonts.font_at.cache_clear()
        render._empty_board.cache_clear()


def test_coordinates_are_hidden_when_too_small_to_read():
    assert board_layout(square(19), size=600).coordinates
    assert not board_layout(square(19), size=300).coordinates
    assert board_layout(square(9), size=300).coordinates
    assert not board_layout(square(9), size=600, coordinates=False).coordinates
    assert board_layout(hexagon(12), size=600).coordinates
    assert not board_layout(hexagon(12), size=300).coordinates
    assert board_layout(hexagon(6), size=300).coordinates


@pytest.mark.parametrize("n", [9, 19])
def test_square_labels_letters_across_without_i_and_numbers_up_from_the_bottom(n):
    t = square(n)
    layout = board_layout(t, size=900)
    labels = {(lab.text, round(lab.x), round(lab.y)) for lab in layout.labels}
    for p in t.points():
        name = t.name(p)
        x, y = layout.centre(p)
        assert any(text == name[0] and round(x) == lx for text, lx, _ in labels)
        assert any(text == name[1:] and round(y) == ly for text, _, ly in labels)
    assert "I" not in {lab.text for lab in layout.labels}
    bottom = max(layout.centre(p)[1] for p in t.points())
    assert any(lab.text == "1" and abs(lab.y - bottom) < 1 for lab in layout.labels)


@pytest.mark.parametrize("n", [6, 8, 12])
def test_every_hex_cell_can_be_named_from_its_row_numbers_and_its_column_letter(n):
    t = hexagon(n)
    layout = board_layout(t, size=900)
    k = layout.spacing
    column = (0.5, math.sqrt(3) / 2)  # pixel direction of increasing r (constant q)
    for p in t.points():
        letter, number = t.name(p)[0], t.name(p)[1:]
        x, y = layout.centre(p)
        row_ends = [lab for lab in layout.labels if lab.text == number and abs(lab.y - y) < 0.5]
        assert len(row_ends) == 2
        assert min(lab.x for lab in row_ends) < x < max(lab.x for lab in row_ends)
        col_ends = [
            lab
            for lab in layout.labels
            if lab.text == letter and abs((lab.x - x) * column[1] - (lab.y - y) * column[0]) < 0.5
        ]
        # One letter, on the top or bottom edge where the column ends (the middle column: both).
        assert len(col_ends) == (2 if letter == "ABCDEFGHJKLMNOPQRSTUVWXYZ"[n - 1] else 1)
        tops = [lab for lab in col_ends if lab.y < y]
        bottoms = [lab for lab in col_ends if lab.y > y]
        assert tops or bottoms
        assert all(lab.y < min(c[1] for c in layout.centres) for lab in tops)
        assert all(lab.y > max(c[1] for c in layout.centres) for lab in bottoms)
    # The slanted edges carry numbers only: no letter sits level with a row of points.
    rows = {round(c[1]) for c in layout.centres}
    for lab in layout.labels:
        if lab.kind == "col":
            assert all(abs(lab.y - row) > 0.8 * k for row in rows)
    # Labels keep clear of each other and of the edge stones.
    for i, a in enumerate(layout.labels):
        for b in layout.labels[i + 1 :]:
            assert math.dist((a.x, a.y), (b.x, b.y)) > 0.6 * k
        nearest = min(math.dist((a.x, a.y), c) for c in layout.centres)
        assert nearest > 0.9 * k


@given(st.sampled_from(BOARDS), st.data())
def test_point_at_maps_pixels_inside_a_stone_back_to_its_point(topology, data):
    layout = board_layout(topology, size=data.draw(st.sampled_from([300, 600, 800])))
    p = data.draw(st.integers(0, topology.size - 1))
    angle = data.draw(st.floats(0, 2 * math.pi))
    reach = data.draw(st.floats(0, 0.95)) * layout.stone_radius
    x, y = layout.centre(p)
    assert layout.point_at(x + reach * math.cos(angle), y + reach * math.sin(angle)) == p


def test_point_at_is_none_off_the_points():
    layout = board_layout(square(9), size=600)
    assert layout.point_at(1, 1) is None
    (x0, y0), (x1, _) = layout.centre(0), layout.centre(1)
    assert layout.point_at((x0 + x1) / 2, y0) is None  # midway between two points


def test_bad_arguments_get_clear_errors():
    position, result = final_9()
    with pytest.raises(ValueError, match="unknown theme 'neon'"):
        render_png(position, theme="neon")
    with pytest.raises(ValueError, match="image size"):
        render_png(position, size=40)
    with pytest.raises(ValueError, match="image size"):
        render_png(position, size=600.5)
    other = random_position(square(13), 10)
    with pytest.raises(ValueError, match="different board"):
        render_png(other, score=result)


def test_rendering_is_deterministic():
    position, result = final_9()
    assert render_png(position, score=result) == render_png(position, score=result)


def test_render_image_matches_render_png():
    position, result = final_9()
    image = render_image(position, score=result, size=400, theme="slate")
    assert image.mode == "RGB"
    png = decode(render_png(position, score=result, size=400, theme="slate"))
    assert png.tobytes() == image.tobytes()


def test_write_samples_to_look_at():
    """Samples in the samples folder: 9x9, 19x19, hex 6, hex 12 at 600 and 300 px."""
    SAMPLES.mkdir(parents=True, exist_ok=True)
    samples: list[tuple[str, Position, Score]] = [("9x9", *final_9())]
    for topology, moves in ((square(19), 220), (hexagon(6), 60), (hexagon(12), 260)):
        position = random_position(topology, moves)
        key = "badux" if topology.kind == "hex" else "go-territory"
        counted = score(position, preset(key, topology), smallest_chains_dead(position))
        samples.append((topology.label.replace("×", "x").replace(" ", ""), position, counted))
    written = 0
    for label, position, counted in samples:
        for theme in sorted(THEMES):
            for size in (600, 300):
                for name, result in (("", None), ("-scored", counted)):
                    data = render_png(position, score=result, size=size, theme=theme)
                    (SAMPLES / f"{label}-{theme}-{size}{name}.png").write_bytes(data)
                    assert decode(data).width == size
                    written += 1
        empty = dataclasses.replace(
            position, stones=(EMPTY,) * position.topology.size, last_move=None
        )
        data = render_png(empty)
        (SAMPLES / f"{label}-empty.png").write_bytes(data)
    assert written == 4 * 2 * 2 * 2


def red_pixels(image: Image.Image) -> int:
    """Pixels of the unsure marks' red (strongly red, little green or blue)."""
    data = image.tobytes()
    return sum(
        1
        for i in range(0, len(data), 3)
        if data[i] > 170 and data[i + 1] < 110 and data[i + 2] < 110
    )


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("topology", [square(9), hexagon(6)], ids=["9x9", "hex6"])
def test_uncertain_stones_get_a_red_ring_and_the_caption_says_so(topology, theme):
    from rules.scoring import uncertain_note

    position = random_position(topology, 30)
    key = "badux" if topology.kind == "hex" else "go-area"
    chain = smallest_chains_dead(position)
    sure = score(position, preset(key, topology), chain)
    unsure = dataclasses.replace(sure, uncertain=frozenset(chain))
    plain = decode(render_png(position, score=sure, theme=theme))
    marked = decode(render_png(position, score=unsure, theme=theme, dispute_days=3))
    assert red_pixels(plain) == 0  # nothing extra when the count is sure
    radius = board_layout(topology, size=600).stone_radius
    for p in chain:
        x, y = point_centre(topology, p)
        r, g, b = marked.getpixel((round(x + 0.82 * radius), round(y)))
        assert r > 170 and g < 110 and b < 110  # the ring, inside the stone's rim
    board_height = decode(render_png(position, theme=theme)).height
    assert marked.height > plain.height  # the same board, a longer caption band
    band = marked.crop((0, board_height - 1, marked.width, marked.height))
    assert red_pixels(band) > 200  # the warning line
    assert uncertain_note(3).endswith("check them and dispute within 3 days")
    assert uncertain_note(1).endswith("within 1 day")
    assert "dispute" not in uncertain_note()
