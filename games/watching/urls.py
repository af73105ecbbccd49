"""URLs of watch and follow, included by games/urls.py (namespace "games")."""

from django.urls import path

from games.watching import views

urlpatterns = [
    path("browse/", views.games_browse, name="browse"),
    path("<int:game_id>/watch/", views.game_watch, name="watch"),
    path("<int:game_id>/kibitz/", views.kibitz_post, name="kibitz"),
    path("<int:game_id>/kibitz/hide/", views.kibitz_hide, name="kibitz_hide"),
    path("kibitz/<int:kibitz_id>/report/", views.kibitz_report, name="kibitz_report"),
    path("players/<str:username>/follow/", views.player_follow, name="follow"),
]
