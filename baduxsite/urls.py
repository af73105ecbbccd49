"""Top-level URLs: admin, the public API (/api/v1/), allauth's account flows under accounts/,
then the site pages."""

from django.contrib import admin
from django.urls import include, path

from .api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("accounts/", include("allauth.urls")),
    path("games/", include("games.urls")),
    path("notifications/", include("messaging.urls")),
    path("messages/", include("messaging.message_urls")),
    path("ladders/", include("ladder.urls")),
    path("tournaments/", include("ladder.tournaments.urls")),
    path("", include("accounts.urls")),
]
