"""The SVG charts: well-formed for any values, labelled axes, provisional part dashed."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from django.utils import timezone, translation
from hypothesis import given
from hypothesis import strategies as st

from ladder.ratings.graphs import Point, line_chart

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
SVG = "{http://www.w3.org/2000/svg}"
# Any text XML can hold (labels are our own words and usernames, never control characters).
LABELS = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cn")))


def _svg(**options):
    return ET.fromstring(str(line_chart(**options)))  # noqa: S314  (our own markup)


def test_axes_are_labelled_and_the_provisional_part_is_dashed():
    points = [
        Point(T0, 1500, True),
        Point(T0 + dt.timedelta(days=10), 1580, True),
        Point(T0 + dt.timedelta(days=40), 1610, False),
    ]
    root = _svg(points=points, title="<b>x</b>", y_label="Rating")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Rating", "Date", "provisional", "1 Jan 2026", "10 Feb 2026"} <= set(texts)
    lines = [ln for ln in root.iter(f"{SVG}line") if ln.get("class")]
    assert [ln.get("class") for ln in lines] == ["provisional", "settled"]
    assert lines[0].get("stroke-dasharray") == "5 4"
    assert root.find(f"{SVG}title").text == "<b>x</b>"  # escaped in the markup, intact here


def test_the_dates_under_the_chart_are_in_the_readers_language():
    points = [Point(T0, 1500), Point(T0 + dt.timedelta(days=40), 1610)]
    for language, first, last in [
        ("de", "01.01.2026", "10.02.2026"),
        ("ja", "2026/01/01", "2026/02/10"),
    ]:
        with translation.override(language):
            texts = {t.text for t in _svg(points=points, title="t", y_label="r").iter(f"{SVG}text")}
        assert {first, last} <= texts


def test_the_dates_under_the_chart_are_the_readers_days():
    """In the reader's time zone, as the table under the chart: a game rated at 23:30 UTC on
    29 November is on 30 November in Paris (the chart said 29 beside a table saying 30)."""
    late = dt.datetime(2026, 11, 29, 23, 30, tzinfo=dt.UTC)

    def days(*points) -> set[str]:
        with translation.override("fr"), timezone.override("Europe/Paris"):
            root = _svg(points=list(points), title="t", y_label="r")
        return {t.text for t in root.iter(f"{SVG}text") if "/" in (t.text or "")}

    assert days(Point(late - dt.timedelta(days=3), 1500), Point(late, 1610)) == {
        "27/11/2026",
        "30/11/2026",
    }
    # One day in UTC, two in Paris: both ends are named.
    assert days(Point(late - dt.timedelta(hours=1), 1500), Point(late, 1510)) == {
        "29/11/2026",
        "30/11/2026",
    }


def test_positions_are_drawn_with_one_on_top():
    points = [Point(T0, 5), Point(T0 + dt.timedelta(days=1), 1)]
    root = _svg(points=points, title="p", y_label="Position", invert=True, integer=True)
    circles = list(root.iter(f"{SVG}circle"))
    assert float(circles[1].get("cy")) < float(circles[0].get("cy"))


def test_no_points_no_chart():
    assert line_chart(points=[], title="t", y_label="y") == ""


@given(
    st.lists(
        st.tuples(st.integers(0, 10**6), st.floats(-1e5, 1e5), st.booleans(), LABELS),
        min_size=1,
        max_size=30,
    ).map(sorted)
)
def test_any_history_draws_a_well_formed_chart(rows):
    points = [Point(T0 + dt.timedelta(minutes=m), v, p, label) for m, v, p, label in rows]
    root = _svg(points=points, title="t", y_label="y", min_span=100)
    assert len(list(root.iter(f"{SVG}circle"))) == len(points)


def test_chart_words_are_in_the_active_language():
    points = [Point(T0, 1500, True), Point(T0 + dt.timedelta(days=10), 1580, False)]
    with translation.override("de"):
        texts = [t.text for t in _svg(points=points, title="t", y_label="y").iter(f"{SVG}text")]
    assert "Datum" in texts and "vorläufig" in texts
    assert "Date" not in texts and "provisional" not in texts
