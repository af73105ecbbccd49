"""Server-rendered SVG line charts: a rating history and a ladder position history.

Presentation attributes only (no style attribute, no script), so the charts pass the site's
Content-Security-Policy and look the same without JavaScript. Labels are escaped."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections.abc import Callable

from django.utils import formats, timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

WIDTH, HEIGHT = 520, 280
LEFT, RIGHT, TOP, BOTTOM = 76, 16, 28, 54
INK, GRID, LINE, DASHED = "#333", "#ddd", "#1d5fa8", "#b36b00"


@dataclasses.dataclass(frozen=True)
class Point:
    when: dt.datetime
    value: float
    provisional: bool = False
    label: str = ""  # shown on hover


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value <= high + step * 0.001:
        ticks.append(round(value, 6))
        value += step
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 6))
    return ticks


def line_chart(
    *,
    points: list[Point],
    title: str,
    y_label: str,
    x_label: str | None = None,
    invert: bool = False,
    integer: bool = False,
    min_span: float = 1.0,
) -> SafeString:
    """An SVG chart of `points` (time on x, value on y; `invert` puts low values on top, for
    positions; the y axis spans at least `min_span`). Segments ending at a provisional point
    are drawn dashed, with a legend. Every word is in the active language (`x_label` defaults to
    "Date"), and so are the axis numbers."""
    if not points:
        return mark_safe("")  # noqa: S308  (an empty string)
    ticks = _y_ticks([p.value for p in points], integer=integer, min_span=min_span)
    y_low, y_high = min(ticks), max(ticks)
    if y_high == y_low:
        y_high = y_low + 1
    x_label = gettext("Date") if x_label is None else x_label
    first, last = points[0].when, points[-1].when
    span = (last - first).total_seconds()
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        if span <= 0:
            return LEFT + (plot_w * i / max(1, len(points) - 1) if len(points) > 1 else plot_w / 2)
        return LEFT + plot_w * (points[i].when - first).total_seconds() / span

    def y(value: float) -> float:
        share = (value - y_low) / (y_high - y_low)
        return TOP + (plot_h * share if invert else plot_h * (1 - share))

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" role="img" aria-label="{escape(title)}" font-family="sans-serif" '
        'font-size="15">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in ticks:
        ty = y(tick)
        text = str(int(tick)) if integer or tick == int(tick) else f"{tick:g}"
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="{GRID}"/>'
            f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="{INK}">{text}</text>'
        )
    # The days in the reader's time zone, as the table under the chart writes them.
    same_day = f"{_local(first):%Y%m%d}" == f"{_local(last):%Y%m%d}"
    for i in [0] if same_day else [0, len(points) - 1]:
        anchor = "middle" if same_day else "start" if i == 0 else "end"
        at = LEFT + plot_w / 2 if same_day else x(i)
        day = formats.date_format(_local(points[i].when), "SHORT_DATE_FORMAT")  # page's language
        parts.append(
            f'<text x="{at:.1f}" y="{HEIGHT - BOTTOM + 20}" text-anchor="{anchor}" '
            f'fill="{INK}">{escape(day)}</text>'
        )
    parts.append(
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="{INK}"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}" '
        f'stroke="{INK}"/>'
        f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 8}" text-anchor="middle" '
        f'fill="{INK}">{escape(x_label)}</text>'
        f'<text transform="translate(14 {TOP + plot_h / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle" fill="{INK}">{escape(y_label)}</text>'
    )
    parts.extend(_series(points, x, y))
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308  (built here; every label escaped)


def _y_ticks(values: list[float], *, integer: bool, min_span: float) -> list[float]:
    """The y axis' tick values for `values`, spanning at least `min_span`; whole numbers of at
    least 1 when `integer`."""
    low, high = min(values), max(values)
    if high - low < min_span:  # a flat line sits in the middle of a sensible range
        low, high = (low + high - min_span) / 2, (low + high + min_span) / 2
    ticks = _nice_ticks(low, high, count=4)
    if integer:
        ticks = sorted({max(1, round(t)) for t in ticks})
    return ticks


def _local(when: dt.datetime) -> dt.datetime:
    """`when` in the active time zone (the reader's), as the `date` filter shows it."""
    return timezone.localtime(when) if timezone.is_aware(when) else when


def _series(
    points: list[Point], x: Callable[[int], float], y: Callable[[float], float]
) -> list[str]:
    """The SVG of the line through `points` (dashed into a provisional point), a dot with a
    hover title on each, and the legend when any point is provisional; `x` places the i-th
    point, `y` a value."""
    parts = []
    for i in range(1, len(points)):
        dashed = points[i].provisional
        stroke = f'{DASHED}" stroke-dasharray="5 4' if dashed else LINE
        kind = "provisional" if dashed else "settled"
        parts.append(
            f'<line x1="{x(i - 1):.1f}" y1="{y(points[i - 1].value):.1f}" x2="{x(i):.1f}" '
            f'y2="{y(points[i].value):.1f}" stroke="{stroke}" stroke-width="2" class="{kind}"/>'
        )
    for i, point in enumerate(points):
        colour = DASHED if point.provisional else LINE
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(point.value):.1f}" r="3" fill="{colour}">'
            f"<title>{escape(point.label or format(point.value, 'g'))}</title></circle>"
        )
    if any(p.provisional for p in points):
        lx = WIDTH - RIGHT - 130
        legend = escape(gettext("provisional"))
        parts.append(
            f'<line x1="{lx}" x2="{lx + 24}" y1="{TOP - 14}" y2="{TOP - 14}" stroke="{DASHED}" '
            f'stroke-width="2" stroke-dasharray="5 4"/>'
            f'<text x="{lx + 30}" y="{TOP - 9}" fill="{INK}">{legend}</text>'
        )
    return parts
