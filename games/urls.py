"""Games URLs, under the "games" namespace."""

from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.status, name="status"),
    path("next/", views.next_game, name="next"),
    path("new/", views.new_game, name="new"),
    path("waiting-room/", views.waiting_room, name="waiting_room"),
    path("auto-match/", views.auto_match, name="auto_match"),
    path("auto-match/<int:challenge_id>/leave/", views.auto_match_leave, name="auto_match_leave"),
    path("history/", views.history, name="history"),
    path("review/", views.sgf_upload, name="review_upload"),
    path("vacation/", views.vacation, name="vacation"),
    path("challenges/<int:challenge_id>/", views.challenge_detail, name="challenge"),
    path("challenges/<int:challenge_id>/accept/", views.challenge_accept, name="accept"),
    path("challenges/<int:challenge_id>/decline/", views.challenge_decline, name="decline"),
    path("challenges/<int:challenge_id>/cancel/", views.challenge_cancel, name="cancel"),
    path("<int:game_id>/", views.board, name="board"),
    path("<int:game_id>/move/", views.move, name="move"),
    path("<int:game_id>/pass/", views.pass_turn, name="pass"),
    path("<int:game_id>/resign/", views.resign, name="resign"),
    path("<int:game_id>/chat/", views.chat, name="chat"),
    path("<int:game_id>/dispute/", views.dispute, name="dispute"),
    path("<int:game_id>/marking/", views.marking, name="marking"),
    path("<int:game_id>/marking/toggle/", views.marking_toggle, name="marking_toggle"),
    path("<int:game_id>/marking/accept/", views.marking_accept, name="marking_accept"),
    path("<int:game_id>/report/", views.report, name="report"),
    path("<int:game_id>/review/", views.review, name="review"),
    path("<int:game_id>.sgf", views.sgf_download, name="sgf"),
]
