"""URLs of account security beside allauth's (/accounts/2fa/, /accounts/sessions/, ...)."""

from django.urls import path

from accounts.security import views

urlpatterns = [
    path("settings/security/", views.security_overview, name="security_overview"),
    path(
        "settings/security/sessions/<int:session_id>/end/",
        views.user_session_end,
        name="user_session_end",
    ),
    path(
        "settings/security/sessions/end-others/",
        views.user_sessions_end_others,
        name="user_sessions_end_others",
    ),
]
