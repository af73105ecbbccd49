"""The estimate graph: Black's estimated lead after every move as one inline SVG, drawn on the
server.

``<svg class="estimate-chart" role="group" aria-labelledby=TITLE_ID>`` with a ``<title>``; the
zero line; the lead as a filled area above (Black leads) and below (White leads); a dot on each
turning point; and one transparent column per move, a link ``<a href=HREF data-move=N
tabindex="-1" aria-label="Move N: ...">`` (out of the tab order: the move list and the list of
turning points are the keyboard's way to the same moves). Colours come from CSS classes
(static/games/review_tree.css), so the chart carries no style.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rules.review.estimate import Swing

WIDTH = 600
HEIGHT = 160
PAD = 6


def points_text(value: float) -> str:
    """3.5 -> '3.5', 4.0 -> '4'."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def lead_label(lead: float) -> str:
    """'Black leads by 3.5', 'White leads by 2', 'Even'."""
    if lead > 0:
        return _("Black leads by %(points)s") % {"points": points_text(lead)}
    if lead < 0:
        return _("White leads by %(points)s") % {"points": points_text(-lead)}
    return _("Even")


def estimate_chart(
    series: Sequence[float],
    *,
    href: Callable[[int], str],
    swings: Sequence[Swing] = (),
    current: int | None = None,
    element_id: str = "estimate",
) -> SafeString:
    """The chart of `series` (index = move number); `href(n)` is the link to move n,
    `swings` the turning points to mark, `current` the move shown beside it."""
    count = len(series)
    if count < 2:
        return mark_safe("")  # noqa: S308  (nothing to draw)
    top = max(5.0, max(abs(v) for v in series))
    inner_h = HEIGHT - 2 * PAD
    step = (WIDTH - 2 * PAD) / (count - 1)

    def x(i: int) -> float:
        return PAD + i * step

    def y(v: float) -> float:
        return PAD + inner_h / 2 - (v / top) * (inner_h / 2)

    zero = y(0)
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
    area = f"{x(0):.1f},{zero:.1f} {line} {x(count - 1):.1f},{zero:.1f}"
    title_id = f"{element_id}-title"
    title = _("Estimated lead after every move, from %(first)s to %(last)s") % {
        "first": lead_label(series[0]),
        "last": lead_label(series[-1]),
    }
    out = [
        f'<svg id="{escape(element_id)}" class="estimate-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="group" aria-labelledby="{title_id}" data-moves="{count - 1}">',
        f'<title id="{title_id}">{escape(title)}</title>',
        f'<clipPath id="{element_id}-above"><rect x="0" y="0" width="{WIDTH}" '
        f'height="{zero:.1f}"/></clipPath>',
        f'<clipPath id="{element_id}-below"><rect x="0" y="{zero:.1f}" width="{WIDTH}" '
        f'height="{HEIGHT - zero:.1f}"/></clipPath>',
        f'<polygon class="ec-b" clip-path="url(#{element_id}-above)" points="{area}"/>',
        f'<polygon class="ec-w" clip-path="url(#{element_id}-below)" points="{area}"/>',
        f'<line class="ec-zero" x1="{PAD}" x2="{WIDTH - PAD}" y1="{zero:.1f}" y2="{zero:.1f}"/>',
        f'<polyline class="ec-line" points="{line}"/>',
    ]
    for swing in swings:
        out.append(
            f'<circle class="ec-turn" cx="{x(swing.number):.1f}" '
            f'cy="{y(series[swing.number]):.1f}" r="4"/>'
        )
    marker = "none" if current is None else ""
    at = x(current) if current is not None and 0 <= current < count else 0
    out.append(f'<line class="ec-now {marker}" x1="{at:.1f}" x2="{at:.1f}" y1="0" y2="{HEIGHT}"/>')
    half = step / 2
    for i, v in enumerate(series):
        label = _("Move %(number)s: %(lead)s") % {"number": i, "lead": lead_label(v)}
        out.append(
            f'<a href="{escape(href(i))}" data-move="{i}" tabindex="-1" '
            f'aria-label="{escape(label)}"><rect class="ec-hit" x="{max(0, x(i) - half):.1f}" '
            f'y="0" width="{step:.1f}" height="{HEIGHT}"/></a>'
        )
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308  (built from numbers and escaped text)
