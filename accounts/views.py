"""Site pages owned by the accounts app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """The front page: what Badux is, and the way in (sign up / log in) or on."""
    return render(request, "home.html")
