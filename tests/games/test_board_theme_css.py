"""`manage.py board_theme_css` writes static/games/themes.css from rules/images/themes.py."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from games.management.commands import board_theme_css
from rules.images.themes import theme_css


def test_check_passes_on_the_committed_file():
    call_command("board_theme_css", "--check")


def test_writes_the_file_and_check_refuses_a_stale_one(tmp_path, monkeypatch):
    target = tmp_path / "themes.css"
    monkeypatch.setattr(board_theme_css, "THEMES_CSS", target)
    target.write_text(".board-theme-wood{--board-bg:#000000}\n")
    with pytest.raises(CommandError, match="out of date"):
        call_command("board_theme_css", "--check")
    call_command("board_theme_css")
    assert target.read_text() == theme_css()
    call_command("board_theme_css", "--check")
