"""Fonts for the board picture's labels and caption: DejaVu Sans when the system has it (else
Pillow's bundled font), and a font with Chinese, Japanese and Korean characters for captions
that need one."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import ImageFont

FONT_FILES = {
    False: ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    True: ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
}
# Fonts with Chinese, Japanese and Korean characters (DejaVu has none), as Debian's
# fonts-noto-cjk, fonts-wqy-microhei and fonts-droid-fallback install them.
WIDE_FONT_FILES = {
    False: (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ),
    True: (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ),
}
# From here on (CJK radicals, kana, Hangul, ideographs, full-width forms) DejaVu has no glyphs.
_WIDE_FROM = 0x2E80
# Pillow's bundled font (used when DejaVu is missing) lacks these glyphs.
_ASCII = str.maketrans({"\u2212": "-", "\u2014": "-", "\u00d7": "x"})


def needs_wide_font(text: str) -> bool:
    """Whether `text` has characters DejaVu Sans lacks (Chinese, Japanese, Korean)."""
    return any(ord(c) >= _WIDE_FROM for c in text)


@cache
def wide_font_file(bold: bool) -> str | None:
    """The first font of `WIDE_FONT_FILES` this machine has, or None; cached."""
    for path in WIDE_FONT_FILES[bold]:
        try:
            ImageFont.truetype(path, 12)
        except OSError:
            continue
        return path
    return None


def can_write(text: str) -> bool:
    """Whether the caption can draw every character of `text` on this machine: always for
    Latin, Greek and Cyrillic (DejaVu Sans); Chinese, Japanese and Korean need one of the fonts
    of `WIDE_FONT_FILES`. A caller with words it cannot draw gives English ones instead."""
    return not needs_wide_font(text) or wide_font_file(False) is not None


@lru_cache(maxsize=64)
def font_at(
    px: int, *, bold: bool, wide: bool = False
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans when the system has it, else Pillow's bundled font at the same size; with
    `wide`, a font with Chinese, Japanese and Korean characters when there is one."""
    path = wide_font_file(bold) if wide else None
    if path is not None:
        return ImageFont.truetype(path, px)
    for name in FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, px)
        except OSError:
            continue
    return ImageFont.load_default(size=px)


def safe_text(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> str:
    """`text` as `font` can draw it: a few typographic signs become ASCII in Pillow's
    bundled font."""
    family = font.getname()[0] if isinstance(font, ImageFont.FreeTypeFont) else ""
    return text if family.startswith("DejaVu") else text.translate(_ASCII)
