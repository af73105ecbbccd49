"""The installable site's icons, drawn by the board renderer (rules.images): a small Badux
board with a few stones, in each board theme, at the sizes the manifest lists. Written as
static files by `manage.py push_icons` and committed (static/img/icons/)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from rules import Game, default_preset_key, hexagon, preset
from rules.images.render import render_image
from rules.images.themes import THEMES

ICON_SIZES = (192, 512)
ICON_DIR = Path("img") / "icons"
# The stones drawn, as the board's own coordinates: a little fight in the middle.
_BLACK = ("D4", "E5", "C3")
_WHITE = ("E4", "D5")


def icon_name(*, theme: str, size: int) -> str:
    """The static path of the icon of `theme` at `size` pixels."""
    return str(ICON_DIR / f"badux-{theme}-{size}.png")


def icon_image(*, theme: str, size: int) -> Image.Image:
    """The icon: a size-4 hexagonal board in `theme`, centred on a square of the theme's page
    colour with room around it (a maskable icon's safe zone is the inner 80 %)."""
    topology = hexagon(4)
    game = Game.new(
        topology,
        preset(default_preset_key(topology), topology),
        black_setup=[topology.parse(point) for point in _BLACK],
        white_setup=[topology.parse(point) for point in _WHITE],
    )
    inner = max(int(size * 0.78), 64)
    board = render_image(game.position, size=inner, theme=theme, coordinates=False)
    look = THEMES[theme]
    # The renderer fills around the hexagon with the page colour: leave that out, so the
    # hexagon stands on the board colour.
    page = Image.new("RGB", board.size, look.page)
    mask = ImageChops.difference(board, page).convert("L").point(lambda v: 255 if v else 0)
    icon = Image.new("RGB", (size, size), look.background)
    icon.paste(board, ((size - board.width) // 2, (size - board.height) // 2), mask)
    return icon


def icons_write(*, static_dir: Path) -> list[Path]:
    """Write every icon (each theme, each size) under `static_dir`; returns the paths."""
    written = []
    for theme in THEMES:
        for size in ICON_SIZES:
            path = static_dir / icon_name(theme=theme, size=size)
            path.parent.mkdir(parents=True, exist_ok=True)
            icon_image(theme=theme, size=size).save(path, format="PNG", optimize=True)
            written.append(path)
    return written
