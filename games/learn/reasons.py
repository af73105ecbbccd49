"""Why an answer is right or wrong, in words, and where the rule it touches is explained.

`explain(exercise, verdict)` turns a games.learn.judge Verdict into a sentence a player reads;
`RULE_SECTIONS` maps each refusal code of the rules package (rules.errors) to the lesson
section that explains it, so a refused move anywhere on the site can link to its rule
(`rule_url(code)`).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.learn import judge
from games.learn.exercises import Exercise

# Refusal code of rules.errors -> (lesson url name, section anchor).
RULE_SECTIONS: dict[str, tuple[str, str]] = {
    "occupied": ("learn:go", "stones"),
    "suicide": ("learn:go", "suicide"),
    "ko": ("learn:go", "ko"),
    "superko": ("learn:badux", "superko"),
    "not_your_turn": ("learn:go", "stones"),
    "game_over": ("learn:go", "end"),
    "off_board": ("learn:go", "stones"),
}


def rule_url(code: str) -> str | None:
    """The lesson section explaining a rules refusal code, or None for an unknown code."""
    section = RULE_SECTIONS.get(code)
    if section is None:
        return None
    name, anchor = section
    return f"{reverse(name)}#{anchor}"


def with_rule_link(message: str, code: str | None) -> str:
    """`message` (a refused move's sentence) followed by a link to the rule behind `code`;
    the message alone (escaped) when the code has no lesson. Safe to show as it is."""
    url = rule_url(code) if code else None
    if url is None:
        return conditional_escape(message)
    return format_html('{} <a href="{}">{}</a>', message, url, _("Read the rule."))


def refusal_text(code: str) -> str:
    """One sentence for a rules refusal code (rules.errors), in the reader's language."""
    texts = {
        "occupied": _("That point already holds a stone: stones go on empty points only."),
        "suicide": _(
            "That point would leave your own stones without a liberty while capturing nothing: "
            "suicide, which the rules forbid."
        ),
        "ko": _(
            "That would retake the ko at once and bring the board back as it was: the ko rule "
            "asks you to play elsewhere first."
        ),
        "superko": _(
            "That would repeat a whole-board position the game has already had: superko forbids it."
        ),
        "not_your_turn": _("It is not your turn."),
        "game_over": _("The game is already over."),
        "off_board": _("That point is not on the board."),
    }
    return texts.get(code, _("The rules do not allow that move."))


def explain(exercise: Exercise, verdict: judge.Verdict) -> str:
    """The sentence shown under the board after an answer."""
    code, details = verdict.code, verdict.details
    if verdict.correct:
        return str(exercise.solution)
    if code in RULE_SECTIONS:
        return refusal_text(code)
    if code == judge.NOT_CAPTURED:
        liberties = details.get("liberties", 0)
        return ngettext(
            "Legal, but the stones you are after still have %(count)d liberty: not captured yet.",
            "Legal, but the stones you are after still have %(count)d liberties: not captured yet.",
            liberties,
        ) % {"count": liberties}
    if code == judge.STILL_IN_ATARI:
        return _(
            "Legal, but your stones still have only one liberty: White captures them on the "
            "next move."
        )
    if code == judge.NOT_CONNECTED:
        return _("Legal, but the two stones are still apart: this point touches only one of them.")
    if code == judge.NOT_ALIVE:
        if details.get("reply"):
            return _(
                "Legal, but the opponent answers at %(point)s and then captures the group "
                "whatever you do. One way it goes: %(line)s."
            ) % {"point": details["reply"], "line": _line_text(details.get("line", ()))}
        return _("Legal, but this does not give the group two eyes that nothing can take away.")
    if code == judge.LIVES:
        return _("Legal, but the group can still answer at %(point)s and make two eyes.") % {
            "point": details.get("reply", "")
        }
    if code == judge.LEGAL:
        return _("That point is legal: the stone would have a liberty, or it would capture.")
    if code == judge.OTHER_REASON:
        return _("That point is forbidden, but not for the reason asked: %(why)s") % {
            "why": refusal_text(str(details.get("reason", "")))
        }
    if code == judge.WRONG_COUNT:
        if int(details.get("given", 0)) > int(details.get("total", 0)):
            return _("Too many. Count the black stones and the empty points only Black touches.")
        return _("Too few. Count the black stones and the empty points only Black touches.")
    if code == judge.NOT_A_NUMBER:
        return _("Type a whole number, like 12.")
    return _("Type a point as a column letter and a row number, like D4 (there is no column I).")


def _line_text(line) -> str:
    """A line of moves read out by the search, as "D1, E1, pass, D1"."""
    return ", ".join(name or _("pass") for name in line)


def count_breakdown(verdict: judge.Verdict) -> str:
    """After a count: how the area is made up ("7 stones and 5 surrounded points: 12")."""
    details = verdict.details
    stones = int(details.get("stones", 0))
    territory = int(details.get("territory", 0))
    stones_text = ngettext("%(count)d black stone", "%(count)d black stones", stones) % {
        "count": stones
    }
    points_text = ngettext(
        "%(count)d surrounded point", "%(count)d surrounded points", territory
    ) % {"count": territory}
    return _("%(stones)s and %(points)s: %(total)d.") % {
        "stones": stones_text,
        "points": points_text,
        "total": stones + territory,
    }
