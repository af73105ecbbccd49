from django.urls import path

from accounts.moderation import views

urlpatterns = [
    path("moderation/", views.moderation_queue, name="moderation_queue"),
    path("moderation/log/", views.moderation_log, name="moderation_log"),
    path("moderation/reports/<int:report_id>/", views.moderation_report, name="moderation_report"),
    path(
        "moderation/decisions/<int:sanction_id>/appeal/",
        views.moderation_appeal,
        name="moderation_appeal",
    ),
    # A decision from its mail's signed link (accounts.moderation.links), logged out too.
    path(
        "moderation/decision/<str:token>/",
        views.moderation_decision_link,
        name="moderation_decision_link",
    ),
    path(
        "moderation/decisions/<int:sanction_id>/lift/",
        views.moderation_lift,
        name="moderation_lift",
    ),
    path(
        "players/<str:username>/report/",
        views.moderation_report_player,
        name="moderation_report_player",
    ),
    path(
        "players/<str:username>/moderation/",
        views.moderation_player,
        name="moderation_player",
    ),
]
