"""Tournament pages, under /tournaments/ and the "tournament" namespace."""

from django.urls import path

from ladder.tournaments import views

app_name = "tournament"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/join/", views.tournament_join, name="join"),
    path("<int:pk>/leave/", views.tournament_leave, name="leave"),
    path("<int:pk>/start/", views.tournament_start, name="start"),
    path("<int:pk>/edit/", views.tournament_edit, name="edit"),
    path("<int:pk>/cancel/", views.tournament_cancel, name="cancel"),
    path("<int:pk>/withdraw/", views.tournament_withdraw, name="withdraw"),
    path("<int:pk>/disqualify/<int:player_id>/", views.tournament_disqualify, name="disqualify"),
]
