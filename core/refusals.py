"""One mapping from refusals to answers, for pages and the API alike.

A refusal is an exception a service raises on purpose (a rule, a permission, a limit, a stale
page). `refusal_of(error)` gives its `Refusal`: the HTTP status, the stable code the API
publishes (docs/api/openapi.json) and the sentence a person reads. The same exception thus
answers the same everywhere: the API sends `{"code", "message"}` with the status
(baduxsite/api.py), a page shows the message (`refusal_page`).

This module (in core, the lowest app above the rules) knows Django's, the rules' (in the
reader's language, by the codes the rules' errors carry: `rules_refusal`) and the flood limits'
refusals, and is a registry the apps above add theirs to, next to where they define them
(`refusal_register`, e.g. accounts.selectors, games.errors), since imports point one way
(rules <- core <- accounts <- messaging <- games <- ladder). A refusal without an entry of its
own is answered as its nearest registered base class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy

from core.limits import RateLimited
from core.metrics import REFUSALS
from rules.errors import IllegalMove
from rules.review.uploads import SgfRoundTrip
from rules.review.variations import StartKept, TreeFull, UnknownNode
from rules.sgf import SgfError, SgfTooLarge
from rules.topology import CoordinateError


@dataclass(frozen=True)
class Refusal:
    """How a refusal is answered: `status` (HTTP), `code` (stable, published by the API) and
    `message` (a sentence for a person)."""

    status: int
    code: str
    message: str


Answer = Callable[[Exception], Refusal]

_answers: dict[type[Exception], Answer] = {}


def refusal_register(kind: type[Exception], answer: Answer) -> None:
    """Answer `kind` (and its subclasses without an entry of their own) with `answer(error)`;
    a second registration of the same kind replaces the first."""
    _answers[kind] = answer


def refusal_kinds() -> tuple[type[Exception], ...]:
    """Every registered kind (what a view catches: `except refusal_kinds() as error`)."""
    return tuple(_answers)


def refusal_of(error: BaseException) -> Refusal | None:
    """The answer to `error`: that of its class or of its nearest registered base; None for
    an exception that is not a refusal (a bug, which must stay a 500). Each answer is counted
    by its code (core.metrics.REFUSALS)."""
    for kind in type(error).__mro__:
        answer = _answers.get(kind)
        if answer is not None:
            refusal = answer(error)
            REFUSALS.labels(code=refusal.code).inc()
            return refusal
    return None


def refusal_counted(error: Exception) -> None:
    """Count `error` by its registry code, as `refusal_of` counts each answer, where a page
    answers a refusal in words of its own (the move form links the rule a move broke)."""
    refusal_of(error)


def refusal_message(error: Exception) -> str:
    """What a page shows for a refusal, in the form or on the page the visitor came from. A
    refusal that "not found" or "forbidden" answers gets its error page instead (raised as
    Http404 or PermissionDenied with the refusal's message: the page's status is the API's);
    an exception that is not a refusal is raised again (a bug, which stays a 500)."""
    refusal = refusal_of(error)
    if refusal is None:
        raise error
    if refusal.status == 404:
        raise Http404(refusal.message) from error
    if refusal.status == 403:
        raise PermissionDenied(refusal.message) from error
    return refusal.message


def refusal_page(request: HttpRequest, error: Exception, *, back: str) -> HttpResponse:
    """A page's answer to a refusal after a POST: `refusal_message` shown on the page at
    `back` (a URL or a URL name), where the visitor came from."""
    messages.error(request, refusal_message(error))
    return redirect(back)


def refusal_answer(request: HttpRequest, error: Exception, *, back: str) -> HttpResponse:
    """A page's answer to a refusal after a POST, with nothing logged: a refusal answered
    "forbidden" or "not found" gets its error page (403.html, 404.html) with the registry's
    status and message, rendered here rather than raised (Django logs a raised
    PermissionDenied with its traceback, as for a bug); any other refusal is
    `refusal_page`'s message on the page at `back`. An exception that is not a refusal is
    raised again (a bug, which stays a 500)."""
    refusal = refusal_of(error)
    if refusal is None:
        raise error
    if refusal.status in (403, 404):
        template = f"{refusal.status}.html"
        context = {"exception": refusal.message}
        return render(request, template, context, status=refusal.status)
    messages.error(request, refusal.message)
    return redirect(back)


def refusal_form(form: Form, error: Exception) -> int:
    """Show a refusal in `form` (as an error of the whole form) and return the status the page
    answers with, the API's for the same refusal; an exception that is not a refusal is raised
    again."""
    refusal = refusal_of(error)
    if refusal is None:
        raise error
    form.add_error(None, refusal.message)
    return refusal.status


def sentence(text: str) -> str:
    """A refusal as a sentence: the rules' reasons are phrases ('that point is already
    occupied'), messages start with a capital and end with a full stop."""
    text = text.strip()
    if not text:
        return gettext("Refused.")
    text = text[0].upper() + text[1:]
    if text.endswith((".", "!", "?", "\u3002", "\uff01", "\uff1f")):
        return text
    return f"{text}\u3002" if _ideographic(text[-1]) else f"{text}."


def _ideographic(char: str) -> bool:
    """Kana and CJK ideographs: Chinese and Japanese end a sentence with the ideographic stop."""
    code = ord(char)
    return 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF


def validation_message(error: ValidationError) -> str:
    """All the messages of a ValidationError as one text."""
    return " ".join(str(m) for m in error.messages) or gettext("That was not understood.")


def refusal_forbidden(code: str) -> Answer:
    """The answer of a refusal that forbids: 403, `code`, the error's text."""
    return lambda error: Refusal(403, code, str(error) or gettext("You may not do that."))


# The rules' refusals as a player reads them. rules/ stays free of Django and speaks English;
# the site translates at its edge, by the stable codes the rules' errors carry (their English
# text is never searched).
RULES_REFUSALS = {
    "illegal": gettext_lazy("that move is not allowed"),
    "occupied": gettext_lazy("that point is already occupied"),
    "suicide": gettext_lazy("that move would leave your own stones without liberties (suicide)"),
    "ko": gettext_lazy("ko: you may not retake the ko immediately; play elsewhere first"),
    "superko": gettext_lazy("superko: that move would repeat an earlier position"),
    "not_your_turn": gettext_lazy("it is not your turn"),
    "game_over": gettext_lazy("the game is already over"),
    "off_board": gettext_lazy("that point is not on the board"),
}
# rules.topology's coordinate refusals, by their `kind`; each quotes the typed text (`text`)
# and some the board (`board`). A kind without an entry here (an SGF point) keeps its English.
COORDINATE_REFUSALS = {
    "column_i": gettext_lazy("'%(text)s': there is no column I on a Go board"),
    "not_coordinate": gettext_lazy(
        "'%(text)s' is not a coordinate: use a column letter (no I) and a row number, like D4"
    ),
    "off_board": gettext_lazy("%(text)s is off the %(board)s board"),
    "not_text": gettext_lazy("%(text)s is not a coordinate: expected text like D4"),
}


# rules.sgf's bounds on what one record may hold (SgfTooLarge), by its `bound`.
SGF_BOUNDS = {
    "points": gettext_lazy("a list of points names more points than the board has (%(most)s)"),
    "marks": gettext_lazy(
        "a move has more than %(most)s marks (circles, triangles, squares, crosses); leave some out"
    ),
    "labels": gettext_lazy("a move has more than %(most)s labels; leave some out"),
    "annotations": gettext_lazy(
        "the record has more than %(most)s marks and labels in all its variations; "
        "split it or leave some out"
    ),
}


# rules.review.uploads' refusal of a record whose export would not read back the same
# (SgfRoundTrip), by the part that differs (`what`).
SGF_ROUND_TRIP_PARTS = {
    "move": gettext_lazy("the move"),
    "comment": gettext_lazy("the comment"),
    "marks": gettext_lazy("the marks"),
    "labels": gettext_lazy("the labels"),
    "setup": gettext_lazy("the setup stones"),
    "variations": gettext_lazy("the variations"),
    "root": gettext_lazy("the players, rules or starting position"),
}
SGF_ROUND_TRIP = gettext_lazy(
    "the record would not read back the same once saved: at move %(number)s, %(what)s would "
    "change, so it is refused rather than changed"
)


def rules_refusal(error: Exception) -> str:
    """Why the rules refused, in the active language: an IllegalMove by its `code`, a
    CoordinateError by its `kind`, an SgfTooLarge by its `bound`, an SgfRoundTrip by the part
    that differs; any other text (a detail the rules wrote for one case, a kind without a
    sentence here) as the rules said it."""
    said = str(error)
    if isinstance(error, SgfTooLarge) and error.bound in SGF_BOUNDS:
        return str(SGF_BOUNDS[error.bound]) % {"most": error.most}
    if isinstance(error, SgfRoundTrip) and error.what in SGF_ROUND_TRIP_PARTS:
        what = SGF_ROUND_TRIP_PARTS[error.what]
        return str(SGF_ROUND_TRIP) % {"what": what, "number": error.number}
    if isinstance(error, IllegalMove) and said == error.reason and error.code in RULES_REFUSALS:
        return str(RULES_REFUSALS[error.code])
    if isinstance(error, CoordinateError) and error.kind in COORDINATE_REFUSALS:
        return str(COORDINATE_REFUSALS[error.kind]) % {"text": error.text, "board": error.board}
    return said


refusal_register(
    Http404, lambda error: Refusal(404, "not_found", str(error) or gettext("Not found."))
)
refusal_register(ObjectDoesNotExist, lambda error: Refusal(404, "not_found", gettext("Not found.")))
refusal_register(PermissionDenied, refusal_forbidden("forbidden"))
refusal_register(
    ValidationError,
    lambda error: Refusal(
        400, getattr(error, "code", None) or "invalid", validation_message(error)
    ),
)
refusal_register(RateLimited, lambda error: Refusal(429, "rate_limited", validation_message(error)))
refusal_register(
    CoordinateError, lambda error: Refusal(400, error.code, sentence(rules_refusal(error)))
)
refusal_register(
    IllegalMove, lambda error: Refusal(409, error.code, sentence(rules_refusal(error)))
)
# An SGF record that cannot be read, or kept as it is (rules.sgf, rules.review.uploads).
refusal_register(
    SgfError,
    lambda error: Refusal(
        400,
        error.code,
        gettext("This file cannot be reviewed: %(why)s") % {"why": rules_refusal(error)},
    ),
)
# A review's tree (rules.review.variations).
refusal_register(
    TreeFull,
    lambda error: Refusal(
        409,
        error.code,
        gettext(
            "This review already holds %(most)s moves, the most one review can hold: "
            "remove a variation first."
        )
        % {"most": error.limit},
    ),
)
refusal_register(
    UnknownNode,
    lambda error: Refusal(
        400,
        error.code,
        # The node's id is the tree's own: a player never sees it, and a node that is not
        # there has no move number, so the refusal names the move the player was looking at.
        gettext(
            "The move you were looking at is no longer in this review: it was removed. Open "
            "the review again."
        ),
    ),
)
refusal_register(
    StartKept,
    lambda error: Refusal(400, error.code, gettext("The start of the review cannot be removed.")),
)
