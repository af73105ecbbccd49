"""Server-drawn SVG boards and the replay frames behind them.

* `board_svg` (games/svg/board.py): the game board; its module docstring is the contract with
  static/games/board.js, replay.js and the move form.
* `board_thumbnail_svg` (thumbnail.py): small flat pictures for lists.
* `replay_frames` (replay.py): the frames replay.js steps through.
* words.py: the words inside board pictures in the active language: the boards' default title
  and the scored PNG's caption (`caption_words`, for rules.images.render).

Geometry (geometry.py) and colours come from the rules package (rules.images.layout,
rules.images.themes), shared with the PNG renderer.
"""

from games.svg.board import MARK_SHAPES, board_svg, confirm_href
from games.svg.replay import replay_frames
from games.svg.thumbnail import board_thumbnail_svg
from rules.images.themes import THEMES

__all__ = [
    "MARK_SHAPES",
    "THEMES",
    "board_svg",
    "board_thumbnail_svg",
    "confirm_href",
    "replay_frames",
]
