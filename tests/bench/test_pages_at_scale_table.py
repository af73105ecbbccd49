"""bench/pages_at_scale.py's table: the pages-full site's columns and ratio beside the empty
site's, the old table without it, and what each task did in the status column."""

from __future__ import annotations

import datetime as dt

from bench.pages_at_scale import _did, _table
from games.selectors.play import NoticesMissing


def _run(ms: float, status="200") -> dict:
    return {"results": {"a page": {"ms": ms, "queries": 3, "status": status, "scans": []}}}


def _sites(**ms) -> dict:
    runs = {name: _run(value) for name, value in ms.items()}
    for run in runs.values():
        run["size"] = "1 MB"
    return runs


def test_only_empty_and_big_print_the_table_as_before():
    lines = _table(_sites(empty=10.0, big=30.0))
    assert lines[1] == "| page or task | empty ms | queries | big ms | queries | × empty | status |"
    assert lines[3] == "| a page | 10.0 | 3 | 30.0 | 3 | 3.00 | 200 |"


def test_the_full_site_adds_its_columns_and_ratio():
    lines = _table(_sites(empty=10.0, full=20.0, big=30.0))
    assert lines[1] == (
        "| page or task | empty ms | queries | full ms | queries | big ms | queries"
        " | × empty | × full | status |"
    )
    assert lines[2].count("|") == lines[1].count("|")
    assert lines[3] == "| a page | 10.0 | 3 | 20.0 | 3 | 30.0 | 3 | 3.00 | 1.50 | 200 |"


def test_without_the_big_site_the_ratios_are_dashes():
    lines = _table(_sites(empty=10.0, full=20.0))
    assert lines[3].endswith("| – | – | – | – | 200 |")


def test_status_shows_each_site_where_they_differ():
    runs = _sites(empty=1.0, big=2.0)
    runs["empty"]["results"]["a page"]["status"] = "timed_out 5, warned 2"
    runs["big"]["results"]["a page"]["status"] = "timed_out 5, warned 9"
    assert _table(runs)[3].endswith("| empty: timed_out 5, warned 2; big: timed_out 5, warned 9 |")


def test_what_a_task_did():
    sweep = {"vacations_ended": 0, "timed_out": 5, "warned": 3, "counts_queued": 0}
    assert _did(sweep) == "timed_out 5, warned 3"
    assert _did(dict.fromkeys(sweep, 0)) == "nothing"
    assert _did(7) == "7"
    assert _did("paired") == "paired"
    assert _did([4, 5]) == "2 found"
    found = NoticesMissing(turns=[(1, 2)], overs=[], checked=dt.datetime.now(dt.UTC))
    assert _did(found) == "turns 1"
