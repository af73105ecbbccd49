"""Learn pages: the index, the two lessons, the exercises and this site's rules.

Open to visitors and players. An exercise is answered with a plain form POST (a typed point,
or the point a click on the board chose: without JavaScript a click is a link to `?confirm=D4`,
which fills the form and shows a ghost stone; with board.js a confirm bar submits the form).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.selectors import board_appearance_get
from games.learn import lessons, site_rules
from games.learn.exercises import (
    BY_SLUG,
    COUNT,
    EXERCISES,
    RENAMED,
    TOPIC_SECTIONS,
    TOPICS,
    Exercise,
)
from games.learn.forms import AnswerForm
from games.learn.judge import judge
from games.learn.reasons import count_breakdown, explain, rule_url
from games.learn.selectors import progress_solved
from games.learn.services import progress_record
from games.svg import board_svg
from rules.board import BLACK, WHITE
from rules.topology import CoordinateError

MAX_POINT_TEXT = 8


def index(request: HttpRequest) -> HttpResponse:
    """The Learn start page: the two lessons, the exercises, this site's rules."""
    hex_count = sum(1 for e in EXERCISES if e.board == "hex")
    return render(
        request,
        "games/learn/index.html",
        {
            "exercise_count": len(EXERCISES),
            "hex_count": hex_count,
            "first": EXERCISES[0],
            "first_hex": next(e for e in EXERCISES if e.board == "hex"),
        },
    )


def go_lesson(request: HttpRequest) -> HttpResponse:
    """Go from zero: stones, liberties, capture, suicide, ko, eyes, seki, the end, counting."""
    theme = board_appearance_get(user=request.user).theme
    context = {
        "diagrams": lessons.rendered(lessons.GO_SECTIONS, theme=theme),
        "site": site_rules.context(),
    }
    return render(request, "games/learn/go.html", context)


def badux_lesson(request: HttpRequest) -> HttpResponse:
    """Badux for a Go player: six neighbours, no cuts, no simple ko, the sizes, the rules."""
    theme = board_appearance_get(user=request.user).theme
    context = {
        "diagrams": lessons.rendered(lessons.BADUX_SECTIONS, theme=theme),
        "site": site_rules.context(),
        "first_hex": next(e for e in EXERCISES if e.board == "hex"),
    }
    return render(request, "games/learn/badux.html", context)


def exercise_list(request: HttpRequest) -> HttpResponse:
    """Every exercise, grouped by topic; a logged-in player sees which ones they solved."""
    solved = progress_solved(user=request.user)
    context = {"topics": _topics(), "solved": solved, "solved_count": len(solved)}
    return render(request, "games/learn/exercises.html", context)


@require_http_methods(["GET", "POST"])
def exercise(request: HttpRequest, slug: str) -> HttpResponse:
    """One exercise. GET shows it (`?confirm=D4` with a chosen point); POST judges the answer."""
    found = BY_SLUG.get(slug)
    if found is None and slug in RENAMED:
        return redirect("learn:exercise", RENAMED[slug], permanent=True)
    if found is None:
        raise Http404(_("no such exercise"))
    theme = board_appearance_get(user=request.user).theme
    solved_before = found.slug in progress_solved(user=request.user)
    verdict = None
    ghost = None
    if request.method == "POST":
        form = AnswerForm(request.POST, counting=found.goal == COUNT)
        if form.is_valid():
            verdict = judge(found, form.cleaned_data["point"])
            if verdict.correct and request.user.is_authenticated:
                progress_record(user=request.user, slug=found.slug, now=timezone.now())
    else:
        form = AnswerForm(counting=found.goal == COUNT)
        confirm = request.GET.get("confirm", "")[:MAX_POINT_TEXT].strip()
        if confirm and found.goal != COUNT:
            try:
                ghost = found.topology.parse(confirm)
            except CoordinateError:
                ghost = None
            else:
                form = AnswerForm(initial={"point": found.topology.name(ghost)})
    context = _exercise_context(found, theme=theme, verdict=verdict, ghost=ghost, form=form)
    context["solved"] = solved_before
    context["stepper"] = _history_stepper(found, request.GET.get("step", ""), theme)
    return render(request, "games/learn/exercise.html", context)


def rules_page(request: HttpRequest) -> HttpResponse:
    """This site's rules, every number read from the settings and modules the site uses."""
    context = site_rules.context()
    context["site"] = context
    return render(request, "games/learn/rules.html", context)


def _topics() -> list[dict[str, object]]:
    """The exercises grouped by topic, in the lessons' order."""
    out = []
    for key, title in TOPICS.items():
        items = [e for e in EXERCISES if e.topic == key]
        out.append({"key": key, "title": title, "section": TOPIC_SECTIONS[key], "exercises": items})
    return out


def _in_list_order() -> list[Exercise]:
    """Every exercise in the order the list of boards shows them: by topic, then as written."""
    return [e for key in TOPICS for e in EXERCISES if e.topic == key]


def _exercise_context(exercise: Exercise, *, theme: str, verdict, ghost, form) -> dict:
    ordered = _in_list_order()
    index = ordered.index(exercise)
    topic = [e for e in ordered if e.topic == exercise.topic]
    game = exercise.game()
    solved = verdict is not None and verdict.correct
    moved = verdict is not None and verdict.game is not None
    moved = moved and verdict.game.move_number > game.move_number
    marks = {}
    if verdict is not None and not solved and verdict.point is not None:
        marks[verdict.point] = "cross"
    clickable = ()
    if exercise.goal != COUNT and not solved:
        clickable = [p for p in exercise.topology.points() if game.board.colour[p] == 0]
    counted = verdict is not None and exercise.goal == COUNT
    return {
        "exercise": exercise,
        "topic_title": TOPICS[exercise.topic],
        "section": TOPIC_SECTIONS[exercise.topic],
        # Numbered within its topic, as the list shows it; previous and next follow the list.
        "number": topic.index(exercise) + 1,
        "total": len(topic),
        "previous": ordered[index - 1] if index > 0 else None,
        "next": ordered[index + 1] if index + 1 < len(ordered) else None,
        "position": verdict.game.position if solved and moved else game.position,
        "clickable": clickable,
        "marks": marks,
        "ghost": ghost,
        "theme": theme,
        "after_svg": _small_board(
            verdict.game.position, theme, "after-board", _("The board after your answer")
        )
        if moved and not solved
        else None,
        "white_to_move": game.to_move == WHITE,
        "form": form,
        "verdict": verdict,
        "why": explain(exercise, verdict) if verdict is not None else "",
        "breakdown": count_breakdown(verdict) if counted else "",
        "rule_link": _rule_link(verdict),
        "counting": exercise.goal == COUNT,
    }


def _history_stepper(exercise: Exercise, raw_step: str, theme: str) -> dict | None:
    """The moves of an exercise's `history`, one position at a time (`?step=N`: the board
    after N of them; 0, the default, is the diagram's position), or None without a history.
    Any other `step` text shows the start."""
    total = len(exercise.history)
    if not total:
        return None
    text = raw_step[:MAX_POINT_TEXT].strip()
    step = min(int(text), total) if text.isascii() and text.isdigit() else 0
    game = exercise.game_at(step)
    first = exercise.start().to_move
    moves = [
        {
            "number": number,
            "colour": first if number % 2 else 3 - first,
            "label": _("pass") if name == "pass" else name,
        }
        for number, name in enumerate(exercise.history, start=1)
    ]
    caption = _("The starting position")
    if step:
        caption = _move_caption(moves[step - 1]["colour"], exercise.history[step - 1], step)
    return {
        "step": step,
        "total": total,
        "previous": max(step - 1, 0),
        "next": min(step + 1, total),
        "moves": moves,
        "caption": caption,
        "svg": _small_board(game.position, theme, "step-board", caption),
    }


def _move_caption(colour: int, name: str, number: int) -> str:
    """ "Black played D3 at move 4." (the same sentences as the games' mail)."""
    if name == "pass":
        if colour == BLACK:
            return _("Black passed at move %(game_move_number)s.") % {"game_move_number": number}
        return _("White passed at move %(game_move_number)s.") % {"game_move_number": number}
    values = {"point": name, "game_move_number": number}
    if colour == BLACK:
        return _("Black played %(point)s at move %(game_move_number)s.") % values
    return _("White played %(point)s at move %(game_move_number)s.") % values


def _small_board(position, theme: str, element_id: str, title: str) -> str:
    """A small picture of a position beside the exercise (not clickable, no zoom)."""
    return board_svg(position, theme=theme, element_id=element_id, title=str(title))


def _rule_link(verdict) -> str | None:
    """The lesson section of the rule a wrong answer broke, else the exercise's topic."""
    if verdict is None or verdict.correct:
        return None
    code = verdict.code
    if code == "other_reason":
        code = str(verdict.details.get("reason", ""))
    return rule_url(code)
