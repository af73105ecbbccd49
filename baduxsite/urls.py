"""Top-level URLs: admin, allauth's account flows under accounts/, then the site pages."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("games/", include("games.urls")),
    path("notifications/", include("messaging.urls")),
    path("messages/", include("messaging.message_urls")),
    path("ladders/", include("ladder.urls")),
    path("", include("accounts.urls")),
]
