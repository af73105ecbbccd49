"""The SVG board (games.svg), its template tag and the replay frames; a browser check of the
confirm bar and the replay stepper when Debian chromium is installed."""

from __future__ import annotations

import json
import math
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template import Context, Engine
from hypothesis import given, settings
from hypothesis import strategies as st

from games.svg import board_svg, board_thumbnail_svg, replay_frames
from rules import BLACK, EMPTY, WHITE, Game, Move, Position, hexagon, preset, square
from rules.images.layout import board_geometry, board_layout
from rules.scoring import score

NS = {"s": "http://www.w3.org/2000/svg"}
ROOT = Path(__file__).resolve().parents[2]
BOARDS = [square(9), square(19), hexagon(6), hexagon(12)]


def play(topology, names: str, *, handicap: int = 0) -> Game:
    """A game with the moves `names` ("D4 Q16 pass ..."), colours alternating."""
    game = Game.new(topology, preset("go-area", topology), handicap=handicap)
    for name in names.split():
        if name == "pass":
            game.pass_turn()
        else:
            game.play(topology.parse(name))
    return game


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # noqa: S314 - our own output, not untrusted input


def stones(root: ET.Element) -> list[ET.Element]:
    return root.findall(".//s:circle[@data-point]", NS)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def centre(element: ET.Element) -> tuple[float, float]:
    return float(element.get("cx")), float(element.get("cy"))


# A little game: on 9x9 White's C5 stone is captured by Black's D5 (move 7).
CAPTURE = "B5 C5 C4 A1 C6 A2 D5"


@pytest.mark.parametrize("topology", BOARDS, ids=lambda t: t.label)
@pytest.mark.parametrize("theme", ["wood", "slate"])
def test_one_stone_element_per_point_and_stones_where_the_position_has_them(topology, theme):
    game = Game.new(topology, preset("go-area", topology))
    mid = topology.size // 2
    game.play(mid)
    game.play(0)
    root = parse(board_svg(game.position, theme=theme))

    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert f"board-theme-{theme}" in classes(root)
    assert root.get("data-size") == str(topology.size)
    elements = stones(root)
    assert [int(e.get("data-point")) for e in elements] == list(range(topology.size))
    assert [e.get("data-name") for e in elements] == [topology.name(p) for p in topology]
    coloured = {int(e.get("data-point")): classes(e) & {"b", "w"} for e in elements}
    assert coloured[mid] == {"b"}
    assert coloured[0] == {"w"}
    assert all(not c for p, c in coloured.items() if p not in (mid, 0))
    assert len(root.findall(".//s:circle[@class='bd-star']", NS)) == len(topology.star_points)


def test_last_move_ring_sits_on_the_last_stone_and_goes_after_a_pass():
    t = square(9)
    game = play(t, "E5 C3")
    root = parse(board_svg(game.position))
    ring = root.find(".//s:circle[@class='bd-lm on-w']", NS)
    c3 = root.find(".//s:circle[@data-name='C3']", NS)
    assert ring is not None and centre(ring) == centre(c3)

    game.pass_turn()
    after_pass = parse(board_svg(game.position))
    assert after_pass.find(".//s:circle[@class='bd-lm none']", NS) is not None
    explicit = parse(board_svg(game.position, last_move=t.parse("E5")))
    e5 = explicit.find(".//s:circle[@data-name='E5']", NS)
    assert centre(explicit.find(".//s:circle[@class='bd-lm on-b']", NS)) == centre(e5)
    hidden = parse(board_svg(play(t, "E5").position, last_move=False))
    assert hidden.find(".//s:circle[@class='bd-lm none']", NS) is not None


def _labels(root: ET.Element, kind: str) -> list[tuple[str, float, float]]:
    return [
        (e.text, float(e.get("x")), float(e.get("y")))
        for e in root.findall(f".//s:text[@class='bd-co bd-co-{kind}']", NS)
    ]


@pytest.mark.parametrize("topology", BOARDS, ids=lambda t: t.label)
def test_every_point_name_can_be_read_off_the_edges(topology):
    root = parse(board_svg(Game.new(topology, preset("go-area", topology)).position))
    centres = {e.get("data-name"): centre(e) for e in stones(root)}
    letters = {name[0] for name in centres}
    numbers = {name[1:] for name in centres}
    cols, rows = _labels(root, "col"), _labels(root, "row")
    if topology.kind == "square":
        assert sorted(text for text, _, _ in cols) == sorted(2 * list(letters))
    else:  # one letter per column, on the top or bottom edge; the middle column has two
        middle = sorted(letters)[len(letters) // 2]
        assert sorted(text for text, _, _ in cols) == sorted([*letters, middle])
    assert sorted(text for text, _, _ in rows) == sorted(2 * list(numbers))
    # Each column label lies on the line through its points, each row label on its row.
    # Square: columns are vertical; hex: a column is a diagonal of constant q.
    direction = (0.0, 1.0) if topology.kind == "square" else (0.5, math.sqrt(3) / 2)
    for letter, x, y in cols:
        for name, (px, py) in centres.items():
            if name[0] == letter:
                cross = (px - x) * direction[1] - (py - y) * direction[0]
                assert abs(cross) < 0.05, (letter, name)
    for number, _, y in rows:
        for name, (_, py) in centres.items():
            if name[1:] == number:
                assert abs(py - y) < 0.05, (number, name)


def test_coordinates_off_leaves_no_labels_and_a_tighter_board():
    position = Game.new(square(19), preset("go-area", square(19))).position
    on, off = parse(board_svg(position)), parse(board_svg(position, coordinates=False))
    assert off.findall(".//s:text", NS) == []
    assert len(_labels(on, "col")) == 38
    assert float(off.get("viewBox").split()[2]) < float(on.get("viewBox").split()[2])


@pytest.mark.parametrize("topology", [square(9), hexagon(6)], ids=lambda t: t.label)
def test_clickable_empty_points_are_confirm_links(topology):
    game = Game.new(topology, preset("go-area", topology))
    game.play(0)
    root = parse(board_svg(game.position, clickable=frozenset({0, 1, 2})))
    links = root.findall(".//s:a", NS)
    # Point 0 holds a stone: never a link.
    assert [(a.get("data-point"), a.get("href")) for a in links] == [
        ("1", f"?confirm={topology.name(1)}"),
        ("2", f"?confirm={topology.name(2)}"),
    ]
    assert root.get("role") == "group"
    assert parse(board_svg(game.position)).findall(".//s:a", NS) == []


@pytest.mark.parametrize("topology", [square(9), square(19), hexagon(6)], ids=lambda t: t.label)
def test_compact_board_draws_stones_only_and_sends_clickable_points_as_data(topology):
    game = play(topology, f"{topology.name(0)} {topology.name(5)}")
    legal = frozenset(game.legal_points())
    full = parse(board_svg(game.position, clickable=legal))
    compact = parse(board_svg(game.position, clickable=legal, compact=True))
    centres = {e.get("data-name"): centre(e) for e in stones(full)}
    drawn = compact.findall(".//s:g[@class='bd-stones']/s:circle", NS)
    # Only the two stones, by name and at the full board's centres; no empty circles, no links.
    assert {e.get("data-name"): (centre(e), classes(e)) for e in drawn} == {
        topology.name(0): (centres[topology.name(0)], {"bd-st", "b"}),
        topology.name(5): (centres[topology.name(5)], {"bd-st", "w"}),
    }
    assert compact.findall(".//s:a", NS) == [] and stones(compact) == []
    (group,) = compact.findall(".//s:g[@class='bd-links']", NS)
    assert group.get("data-href") == "?confirm={point}"
    pick = [item.split(",") for item in group.get("data-pick").split(" ")]
    assert [name for name, _, _ in pick] == [topology.name(p) for p in sorted(legal)]
    assert all((float(x), float(y)) == centres[name] for name, x, y in pick)
    assert compact.get("role") == "group"
    # Everything else is the full board's.
    assert compact.get("viewBox") == full.get("viewBox")
    assert compact.find(".//s:circle[@class='bd-lm on-w']", NS) is not None


def test_compact_board_draws_the_ghost_and_refuses_stone_links():
    t = square(9)
    position = play(t, "E5").position
    root = parse(board_svg(position, ghost=t.parse("D4"), compact=True))
    drawn = root.findall(".//s:g[@class='bd-stones']/s:circle", NS)
    assert {e.get("data-name"): classes(e) for e in drawn} == {
        "D4": {"bd-st", "w", "ghost"},
        "E5": {"bd-st", "b"},
    }
    assert root.find(".//s:g[@class='bd-links']", NS) is None  # nothing clickable
    with pytest.raises(ValueError, match="stone links"):
        board_svg(position, stone_links=[t.parse("E5")], compact=True)


def test_compact_board_is_under_half_the_full_one():
    t = square(19)
    game = play(t, " ".join(t.name(p) for p in range(0, 300, 3)))
    legal = frozenset(game.legal_points())
    full = board_svg(game.position, clickable=legal)
    compact = board_svg(game.position, clickable=legal, compact=True)
    assert len(compact) < len(full) / 2


def test_point_href_is_used_and_escaped():
    position = Game.new(square(9), preset("go-area", square(9))).position
    svg = board_svg(
        position,
        clickable=[square(9).parse("D4")],
        point_href=lambda name: f'/games/1/?confirm={name}&x="<b>"',
    )
    (link,) = parse(svg).findall(".//s:a", NS)
    assert link.get("href") == '/games/1/?confirm=D4&x="<b>"'
    assert "<b>" not in svg


def test_marks_and_title_are_escaped():
    t = square(9)
    position = play(t, "E5").position
    svg = board_svg(
        position,
        marks={t.parse("A1"): "<&", t.parse("E5"): "triangle", t.parse("B2"): "cross"},
        title='Alice & "Bob" <script>',
    )
    root = parse(svg)
    assert "<script>" not in svg
    assert root.find("s:title", NS).text == 'Alice & "Bob" <script>'
    (text,) = root.findall(".//s:text[@class='bd-mk on-e']", NS)
    assert text.text == "<&"
    assert root.find(".//s:polygon[@class='bd-mk on-b']", NS) is not None
    assert root.find(".//s:path[@class='bd-mk on-e']", NS) is not None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"theme": "neon"},
        {"element_id": 'x" onload="alert(1)'},
        {"element_id": "1abc"},
        {"clickable": [81]},
        {"clickable": ["D4"]},
        {"marks": {0: "toolong"}},
        {"ghost": -1},
        {"last_move": 200},
        {"size": 10},
    ],
)
def test_bad_arguments_are_refused_with_a_clear_error(kwargs):
    position = Game.new(square(9), preset("go-area", square(9))).position
    with pytest.raises(ValueError):
        board_svg(position, **kwargs)


def test_ghost_shows_the_player_to_move_and_size_fixes_the_width():
    t = hexagon(6)
    position = play(t, "F6").position  # White to move
    root = parse(board_svg(position, ghost=3, size=300, element_id="confirm-board"))
    assert classes(stones(root)[3]) == {"bd-st", "w", "ghost"}
    assert root.get("width") == "300"
    assert root.get("id") == "confirm-board"
    # The stone gradients are the board's own, named after its id; no <style> per board.
    assert "--bd-gw:url(#confirm-board-gw)" in root.get("style")
    assert root.find(".//s:radialGradient[@id='confirm-board-gw']", NS) is not None
    assert root.find(".//s:style", NS) is None


def test_score_marks_territory_per_owner_and_fades_dead_stones():
    t = square(9)
    # Black walls off the left, White the right; a lone white stone A9 inside Black's side.
    game = play(t, "D1 F1 D2 F2 D3 F3 D4 F4 D5 F5 D6 F6 D7 F7 D8 F8 D9 F9 pass A9")
    position = game.position
    a9 = t.parse("A9")
    result = score(position, preset("go-area", t), dead=[a9])
    root = parse(board_svg(position, score=result))
    marks = {
        int(r.get("data-point")): classes(r) - {"bd-t"}
        for r in root.findall(".//s:g[@class='bd-score']/s:rect", NS)
    }
    assert "dead" in classes(stones(root)[a9])
    assert marks[a9] == {"b"}
    assert marks[t.parse("A1")] == {"b"} and marks[t.parse("J5")] == {"w"}
    assert t.parse("E5") not in marks  # dame between the walls
    owned_empty = [
        p
        for p, owner in enumerate(result.ownership)
        if owner != EMPTY and (position.stones[p] == EMPTY or p == a9)
    ]
    assert sorted(marks) == owned_empty


# ---------------------------------------------------------------------------------------------
# Review frames


def _moves(topology, text: str, first: int = BLACK) -> list[Move]:
    moves, colour = [], first
    for name in text.split():
        if name in ("pass", "resign"):
            moves.append(Move(colour, name))
        else:
            moves.append(Move(colour, "play", topology.parse(name)))
        colour = WHITE if colour == BLACK else BLACK
    return moves


def test_replay_frames_remove_captures_at_the_capturing_move_and_keep_passes():
    t = square(9)
    frames = replay_frames(t, ((), ()), _moves(t, CAPTURE + " pass pass"))
    assert [f["number"] for f in frames] == list(range(10))
    assert frames[0] == {
        "number": 0,
        "kind": "start",
        "colour": None,
        "point": None,
        "name": "",
        "captures": [],
        "prisoners": [0, 0],
        "black": [],
        "white": [],
    }
    assert [f["captures"] for f in frames[1:7]] == [[]] * 6
    assert frames[7] == {
        "number": 7,
        "kind": "play",
        "colour": "B",
        "point": t.parse("D5"),
        "name": "D5",
        "captures": [t.parse("C5")],
        "prisoners": [1, 0],
    }
    assert [(f["kind"], f["colour"], f["point"], f["name"]) for f in frames[8:]] == [
        ("pass", "W", None, "pass"),
        ("pass", "B", None, "pass"),
    ]
    assert json.loads(json.dumps(frames)) == frames


def test_replay_frames_start_from_setup_stones_with_white_first_on_hex():
    t = hexagon(6)
    game = Game.new(t, preset("badux", t), handicap=2)
    frames = replay_frames(
        t, (game.black_setup, game.white_setup), _moves(t, "D4 resign", first=WHITE)
    )
    assert frames[0]["black"] == sorted(game.black_setup) and frames[0]["white"] == []
    assert frames[1]["colour"] == "W" and frames[1]["name"] == "D4"
    assert frames[2]["kind"] == "resign" and frames[2]["colour"] == "B"


def test_replay_frames_name_the_move_that_cannot_be_replayed():
    t = square(9)
    with pytest.raises(ValueError, match="move 2"):
        replay_frames(t, ((), ()), _moves(t, "E5 E5"))


def test_replay_frames_replay_to_the_games_final_position():
    t = hexagon(6)
    game = play(t, "F6 G7 E5 F7 G6 E6 H7 D6 F5")
    frames = replay_frames(t, ((), ()), game.moves)
    board = [EMPTY] * t.size
    for frame in frames[1:]:
        board[frame["point"]] = BLACK if frame["colour"] == "B" else WHITE
        for p in frame["captures"]:
            board[p] = EMPTY
    assert tuple(board) == game.position.stones
    assert frames[-1]["prisoners"] == list(game.position.prisoners)


# ---------------------------------------------------------------------------------------------
# Template tag


def _engine() -> Engine:
    return Engine(
        dirs=[str(ROOT / "templates")],
        libraries={"board": "games.templatetags.board", "static": "django.templatetags.static"},
    )


def test_board_tag_renders_the_frame_the_svg_and_the_scripts():
    t = square(9)
    game = play(t, "E5")
    html = (
        _engine()
        .from_string(
            "{% load board %}{% board position theme='slate' coordinates=False "
            "clickable=legal href_pattern='/g/7/?confirm={point}' %}"
        )
        .render(Context({"position": game.position, "legal": game.legal_points()}))
    )
    assert 'class="board-frame board-frame-square" data-board data-move-form="move-form"' in html
    assert 'href="/g/7/?confirm=A1"' in html
    assert "board-theme-slate" in html
    assert "games/board.js" in html and "games/replay.js" not in html
    assert "games/board.css" in html


def test_board_tag_with_replay_embeds_the_frames_as_json():
    t = square(9)
    game = play(t, CAPTURE)
    frames = replay_frames(t, ((), ()), game.moves)
    html = (
        _engine()
        .from_string("{% load board %}{% board position replay=frames element_id='rv' %}")
        .render(Context({"position": game.position, "frames": frames}))
    )
    assert 'data-review="rv-review"' in html
    found = re.search(r'<script id="rv-review" type="application/json">(.*?)</script>', html)
    assert json.loads(found.group(1)) == frames
    assert "games/replay.js" in html and "games/board.js" not in html


# ---------------------------------------------------------------------------------------------
# In a browser (Debian chromium through the playwright package)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian chromium is not installed")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _page(browser, body: str, posted: list[str]):
    """A page at http://badux.test/ with the board assets inlined; POSTs are recorded."""
    static = ROOT / "static" / "games"
    html = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<style>{(static / 'themes.css').read_text()}{(static / 'board.css').read_text()}</style>"
        f"</head><body>{body}"
        "<form id='move-form' method='post' action='/move' hidden>"
        "<input type='hidden' name='point'><input type='hidden' name='move_number' value='1'>"
        f"</form><script>{(static / 'board.js').read_text()}</script>"
        f"<script>{(static / 'replay.js').read_text()}</script></body></html>"
    )
    page = browser.new_page(viewport={"width": 360, "height": 740})

    def handle(route):
        if route.request.method == "POST":
            posted.append(route.request.post_data)
            route.fulfill(body="<p id='done'>posted</p>", content_type="text/html")
        else:
            route.fulfill(body=html, content_type="text/html")

    page.route("http://badux.test/**", handle)
    page.goto("http://badux.test/game")
    return page


def test_browser_click_shows_ghost_and_confirm_bar_then_posts_the_point(browser):
    t = hexagon(6)
    game = play(t, "F6")
    svg = board_svg(game.position, clickable=game.legal_points())
    posted: list[str] = []
    page = _page(browser, f'<div class="board-frame" data-board>{svg}</div>', posted)
    page.click("a.bd-pt[data-name='D4']")
    assert page.url == "http://badux.test/game"  # no navigation: the click only proposes
    assert page.is_visible(".board-confirm")
    assert page.get_attribute("circle.bd-st[data-name='D4']", "class") == "bd-st w ghost"
    page.click(".board-confirm-cancel")
    assert page.is_hidden(".board-confirm")
    assert page.get_attribute("circle.bd-st[data-name='D4']", "class") == "bd-st"
    assert posted == []

    page.click("a.bd-pt[data-name='E3']")
    page.click(".board-confirm-play")
    page.wait_for_selector("#done")
    assert posted == ["point=E3&move_number=1"]
    page.close()


def test_browser_compact_board_builds_its_links_then_plays_like_the_full_one(browser):
    t = square(9)
    game = play(t, "E5")
    svg = board_svg(game.position, clickable=game.legal_points(), compact=True)
    posted: list[str] = []
    page = _page(browser, f'<div class="board-frame" data-board>{svg}</div>', posted)
    assert page.locator("a.bd-pt").count() == len(game.legal_points())
    assert page.get_attribute("a.bd-pt[data-name='D4']", "href") == "?confirm=D4"
    page.click("a.bd-pt[data-name='D4']")
    assert page.url == "http://badux.test/game"
    assert page.get_attribute("circle.bd-st[data-name='D4']", "class") == "bd-st w ghost"
    page.keyboard.press("Escape")
    assert page.is_hidden(".board-confirm")
    assert page.get_attribute("circle.bd-st[data-name='D4']", "class") == "bd-st"
    page.click("a.bd-pt[data-name='C3']")
    page.click(".board-confirm-play")
    page.wait_for_selector("#done")
    assert posted == ["point=C3&move_number=1"]
    page.close()


def test_browser_replay_steps_back_and_forward(browser):
    t = square(9)
    game = play(t, CAPTURE)
    frames = replay_frames(t, ((), ()), game.moves)
    svg = board_svg(game.position)
    body = (
        f'<div class="board-frame" data-board data-review="rv">{svg}'
        f'<script type="application/json" id="rv">{json.dumps(frames)}</script></div>'
    )
    page = _page(browser, body, [])
    c5 = "circle.bd-st[data-name='C5']"
    assert "Move 7 of 7: Black D5, captures 1" in page.inner_text(".board-review-status")
    assert page.get_attribute(c5, "class") == "bd-st"
    page.click("button[aria-label='Back one move']")
    assert page.get_attribute(c5, "class") == "bd-st w"
    assert "Move 6 of 7: White A2" in page.inner_text(".board-review-status")
    page.keyboard.press("Home")
    assert page.locator("circle.bd-st.b, circle.bd-st.w").count() == 0
    assert page.get_attribute("circle.bd-lm", "class") == "bd-lm none"
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("circle.bd-st[data-name='B5']", "class") == "bd-st b"
    page.keyboard.press("End")
    assert page.get_attribute(c5, "class") == "bd-st"
    page.close()


@pytest.mark.parametrize(
    "topology", [square(5), square(25), hexagon(3), hexagon(13)], ids=lambda t: t.label
)
def test_smallest_and_largest_boards_render_with_every_label(topology):
    root = parse(board_svg(Game.new(topology, preset("go-area", topology)).position))
    assert len(stones(root)) == topology.size
    assert len(_labels(root, "row")) == 2 * topology.sgf_size
    columns = 2 * topology.sgf_size if topology.kind == "square" else topology.sgf_size + 1
    assert len(_labels(root, "col")) == columns


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    topology=st.sampled_from([square(5), square(9), hexagon(3), hexagon(6)]),
)
def test_stone_classes_always_match_the_position(data, topology):
    colours = data.draw(
        st.lists(
            st.sampled_from([EMPTY, BLACK, WHITE]), min_size=topology.size, max_size=topology.size
        )
    )
    position = Position(
        topology=topology,
        stones=tuple(colours),
        to_move=BLACK,
        prisoners=(0, 0),
        ko_point=None,
        move_number=0,
    )
    clickable = data.draw(st.frozensets(st.sampled_from(list(topology.points()))))
    root = parse(board_svg(position, clickable=clickable))
    shown = [
        BLACK if "b" in classes(e) else WHITE if "w" in classes(e) else EMPTY for e in stones(root)
    ]
    assert shown == colours
    links = {int(a.get("data-point")) for a in root.findall(".//s:a", NS)}
    assert links == {p for p in clickable if colours[p] == EMPTY}


def test_browser_choosing_another_point_replaces_the_servers_ghost(browser):
    t = square(9)
    game = play(t, "E5")
    svg = board_svg(game.position, clickable=game.legal_points(), ghost=t.parse("C3"))
    page = _page(browser, f'<div class="board-frame" data-board>{svg}</div>', [])
    page.click("a.bd-pt[data-name='G7']")
    assert page.locator("circle.bd-st.ghost").count() == 1
    assert page.get_attribute("circle.bd-st[data-name='G7']", "class") == "bd-st w ghost"
    assert page.get_attribute("circle.bd-st[data-name='C3']", "class") == "bd-st"
    page.keyboard.press("Escape")
    assert page.locator("circle.bd-st.ghost").count() == 0
    assert page.is_hidden(".board-confirm")
    page.close()


def test_browser_replay_works_on_a_hex_board_with_the_slider(browser):
    t = hexagon(6)
    game = play(t, "F6 G7 E5")
    frames = replay_frames(t, ((), ()), game.moves)
    svg = board_svg(game.position)
    body = (
        f'<div class="board-frame" data-board data-review="rv" data-review-start="1">{svg}'
        f'<script type="application/json" id="rv">{json.dumps(frames)}</script></div>'
    )
    page = _page(browser, body, [])
    assert page.locator("circle.bd-st.b, circle.bd-st.w").count() == 1
    assert "Move 1 of 3: Black F6" in page.inner_text(".board-review-status")
    page.fill(".board-review-slider", "3")
    assert page.get_attribute("circle.bd-st[data-name='E5']", "class") == "bd-st b"
    ring = page.locator("circle.bd-lm")
    e5 = page.locator("circle.bd-st[data-name='E5']")
    assert (ring.get_attribute("cx"), ring.get_attribute("cy")) == (
        e5.get_attribute("cx"),
        e5.get_attribute("cy"),
    )
    page.close()


@pytest.mark.parametrize("topology", BOARDS, ids=lambda t: t.label)
def test_thumbnail_draws_each_stone_once_in_flat_theme_colours(topology):
    game = play(topology, "D4 E4 D5")
    svg = board_thumbnail_svg(game.position, theme="slate", size=96, title="A <game>")
    root = parse(svg)
    assert (root.get("width"), root.get("role"), root.get("aria-label")) == (
        "96",
        "img",
        "A <game>",
    )
    assert root.get("id") is None and root.find(".//s:style", NS) is None
    groups = {g.get("fill"): g for g in root.findall("s:g", NS)}
    black, white = groups["#151515"], groups["#f4f4ef"]
    assert len(black.findall("s:circle", NS)) == 2
    assert len(white.findall("s:circle", NS)) == 1
    assert "#9aa7b0" in svg  # the slate background
    empty = parse(board_thumbnail_svg(Game.new(topology, preset("go-area", topology)).position))
    assert empty.findall(".//s:circle", NS) == []


@pytest.mark.parametrize(
    "kwargs", [{"theme": "plastic"}, {"size": 10}, {"size": 96.0}], ids=["theme", "tiny", "float"]
)
def test_thumbnail_refuses_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        board_thumbnail_svg(play(square(9), "E5").position, **kwargs)


# ---------------------------------------------------------------------------------------------
# One geometry for the SVG and the PNG


@pytest.mark.parametrize("coordinates", [True, False], ids=["coords", "plain"])
@pytest.mark.parametrize("topology", BOARDS, ids=lambda t: t.label)
def test_svg_and_png_put_points_and_labels_in_the_same_places(topology, coordinates):
    """Measured in point spacings from point 0, the SVG (20 units apart) and the 600 px PNG
    (a whole number of pixels apart on square boards) agree on every point and label, and the
    pictures have the same shape."""
    root = parse(
        board_svg(Game.new(topology, preset("go-area", topology)).position, coordinates=coordinates)
    )
    svg_points = [centre(e) for e in stones(root)]
    layout = board_layout(topology, size=600, coordinates=coordinates)
    assert layout.coordinates == coordinates

    def relative(points, origin, spacing):
        """Flat [x0, y0, x1, y1, ...] in spacings from `origin`."""
        return [
            v for x, y in points for v in ((x - origin[0]) / spacing, (y - origin[1]) / spacing)
        ]

    svg_rel = relative(svg_points, svg_points[0], 20)
    png_rel = relative(layout.centres, layout.centres[0], layout.spacing)
    assert svg_rel == pytest.approx(png_rel, abs=0.01)
    svg_labels = [
        (e.text, float(e.get("x")), float(e.get("y"))) for e in root.iter(f"{{{NS['s']}}}text")
    ]
    png_labels = [(lab.text, lab.x, lab.y) for lab in layout.labels]
    assert [t for t, _, _ in svg_labels] == [t for t, _, _ in png_labels]
    assert relative([(x, y) for _, x, y in svg_labels], svg_points[0], 20) == pytest.approx(
        relative([(x, y) for _, x, y in png_labels], layout.centres[0], layout.spacing), abs=0.01
    )
    if topology.kind == "hex":  # the board's rim: the same hexagon around the points
        polygon = root.find("s:polygon[@class='bd-bg']", NS).get("points").split()
        corners = [tuple(float(v) for v in corner.split(",")) for corner in polygon]
        assert relative(corners, svg_points[0], 20) == pytest.approx(
            relative(layout.outline, layout.centres[0], layout.spacing), abs=0.01
        )
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    # The PNG rounds its height up to whole pixels, and a square board's margin to whole spacings.
    assert height / width == pytest.approx(layout.height / layout.width, abs=2 / layout.width)


def test_the_radii_board_css_gives_are_the_shared_geometrys():
    """Stones, hit circles and the last-move ring take `r` from board.css, not per circle."""
    css = (ROOT / "static" / "games" / "board.css").read_text()
    radii = dict(re.findall(r"\.bd (\.bd-st|\.bd-pt>circle|\.bd-lm) \{[^}]*\br: ([\d.]+)px", css))
    step = 20  # user units between points
    assert float(radii[".bd-st"]) == pytest.approx(step * board_geometry(square(19)).stone_radius)
    assert float(radii[".bd-pt>circle"]) == pytest.approx(step * 0.5)
    assert float(radii[".bd-lm"]) == pytest.approx(step * 0.24)
    root = parse(board_svg(play(square(9), "E5").position, clickable=[0]))
    circles = [c for c in root.iter(f"{{{NS['s']}}}circle") if c.get("class") != "bd-star"]
    assert len(circles) == 81 + 2  # stones, the last-move ring, one hit circle
    assert all(c.get("r") is None for c in circles)
