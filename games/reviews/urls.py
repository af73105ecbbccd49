"""URLs of reviews, included by games/urls.py (namespace "games")."""

from django.urls import path

from games.reviews import views

urlpatterns = [
    path("review/", views.review_upload, name="review_upload"),
    path("reviews/", views.reviews_list, name="reviews_list"),
    path("reviews/start/<int:game_id>/", views.review_start, name="review_start"),
    path("reviews/<slug:token>/", views.review_show, name="review_show"),
    path("reviews/<slug:token>/move/", views.review_move, name="review_move"),
    path("reviews/<slug:token>/mark/", views.review_mark, name="review_mark"),
    path("reviews/<slug:token>/words/", views.review_words, name="review_words"),
    path("reviews/<slug:token>/remove/", views.review_remove, name="review_remove"),
    path("reviews/<slug:token>/comment/", views.review_comment, name="review_comment"),
    path(
        "reviews/<slug:token>/comments/<int:comment_id>/report/",
        views.review_comment_report,
        name="review_comment_report",
    ),
    path("reviews/<slug:token>/report/", views.review_report, name="review_report"),
    path("reviews/<slug:token>/settings/", views.review_settings, name="review_settings"),
    path("reviews/<slug:token>/copy/", views.review_copy, name="review_copy"),
    path("reviews/<slug:token>/delete/", views.review_delete, name="review_delete"),
    path("reviews/<slug:token>/estimate/", views.review_estimate, name="review_estimate"),
    path("reviews/<slug:token>/sgf/", views.review_sgf, name="review_sgf"),
    path("<int:game_id>/notes/", views.game_notes, name="game_notes"),
]
