"""Asking first. A page action that ends, resigns, withdraws, disqualifies, deletes or costs a
rating is a POST that acts only when it carries the confirmation field (`confirm=yes`); a POST
without it changes nothing and is answered with `confirmation_page`, which names what will
happen and repeats the POST with the field. No JavaScript is needed, the buttons are ordinary
form buttons, and a form that already asks on its own page (a GET confirmation page, a
<details> disclosure) carries the field itself: templates/includes/confirm_field.html.
tests/site/test_confirmations.py lists the URLs that must ask."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRM_FIELD = "confirm"
CONFIRM_VALUE = "yes"
# Fields of the original POST that are not repeated by the confirmation form.
_NOT_REPEATED = {"csrfmiddlewaretoken", CONFIRM_FIELD}


def confirmation_given(request: HttpRequest) -> bool:
    """True when `request` is a POST that carries the confirmation field."""
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == CONFIRM_VALUE


def confirmation_page(
    request: HttpRequest,
    *,
    question: str,
    consequences: Sequence[str],
    button: str,
    back: str,
) -> HttpResponse:
    """The page that asks first (status 200): `question` as its heading ("Withdraw from the
    Spring cup?"), each of `consequences` as a sentence saying what will happen, a form that
    POSTs to the same URL with the fields posted so far plus the confirmation field under the
    button labelled `button` ("Yes, withdraw"), and a link back to `back` (a URL) that changes
    nothing. Every text is the caller's, already translated."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in _NOT_REPEATED
        for value in values
    ]
    context = {
        "question": question,
        "consequences": consequences,
        "button": button,
        "back": back,
        "fields": fields,
        "action": request.path,
    }
    return render(request, "confirmation.html", context)


__all__ = ["CONFIRM_FIELD", "CONFIRM_VALUE", "confirmation_given", "confirmation_page"]
