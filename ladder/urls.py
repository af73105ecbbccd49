"""Ladder and rating pages, under /ladders/ and the "ladder" namespace."""

from django.urls import path

from ladder.ladders import views
from ladder.ratings import views as rating_views

app_name = "ladder"

urlpatterns = [
    path("", views.ladder_list, name="list"),
    path("ratings/", rating_views.rating_search, name="rating_search"),
    path("ratings/declare/", rating_views.rating_declare_view, name="rating_declare"),
    path(
        "ratings/<str:username>/<str:family>/", rating_views.rating_history, name="rating_history"
    ),
    path("<slug:slug>/", views.ladder_detail, name="detail"),
    path("<slug:slug>/join/", views.ladder_join, name="join"),
    path("<slug:slug>/leave/", views.ladder_leave, name="leave"),
    path("<slug:slug>/challenge/<int:user_id>/", views.ladder_challenge, name="challenge"),
]
