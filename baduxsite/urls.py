"""Top-level URLs: admin, the public API (/api/v1/), allauth's account flows under accounts/,
then the site pages."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.security.views import user_sessions_list
from baduxsite.api import api
from baduxsite.health import ReadinessView, liveness
from baduxsite.metrics import metrics
from core.http_cache.catalog import javascript_catalog
from games.views.contact import site_contact
from messaging.push.urls import root_urlpatterns as push_root_urls

# The admin's own log-in form checks the password only: it would log staff in without their
# second factor (allauth.mfa). It sends to allauth's log-in instead (accounts.security).
admin.site.login = secure_admin_login(admin.site.login)

# A database connection failure outside a view answers 503, as inside one (baduxsite.middleware).
handler500 = "baduxsite.middleware.server_error"

urlpatterns = [
    # For the load balancer and supervisors (baduxsite.health) and Prometheus (baduxsite.metrics;
    # a bearer token, else 404).
    path("health/live/", liveness, name="health_live"),
    path("health/ready/", ReadinessView.as_view(), name="health_ready"),
    path("metrics", metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    # allauth's session list: its own POST (end the other sessions) would not ask first; here
    # it does (accounts.security.views.user_sessions_list).
    path("accounts/sessions/", user_sessions_list, name="user_sessions_list"),
    path("accounts/", include("allauth.urls")),
    path("games/", include("games.urls")),
    path("notifications/", include("messaging.urls")),
    path("messages/", include("messaging.messages.urls")),
    # Web Push: devices and choices (the preferences page's push section); the service worker,
    # the web app manifest and the offline page live at the root (messaging.push.urls).
    path("settings/push/", include("messaging.push.urls")),
    *push_root_urls,
    path("ladders/", include("ladder.urls")),
    path("tournaments/", include("ladder.tournaments.urls")),
    path("groups/", include("ladder.groups.urls")),
    path("learn/", include("games.learn.urls")),
    # The footer's "Contact" when no CONTACT_EMAIL is set (messages land in the staff's admin).
    path("contact/", site_contact, name="site_contact"),
    # The footer's "open source" when no SOURCE_URL is set: what that means, where to ask.
    path("source/", TemplateView.as_view(template_name="source.html"), name="source"),
    # Translations of the JavaScript strings (static/**/*.js use gettext/ngettext from it); the
    # cache key carries the active language (Django's i18n cache-key suffix).
    path(
        "i18n/js/",
        javascript_catalog,
        name="javascript_catalog",
    ),
    path("", include("accounts.urls")),
]
