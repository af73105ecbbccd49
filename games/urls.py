"""Games URLs, under the "games" namespace."""

from django.urls import path

from games.bots import views as bot_views
from games.reviews.urls import urlpatterns as reviews_urls
from games.views import (
    adjournments,
    board_words,
    challenges,
    conditional,
    contact,
    disputes,
    friends,
    history,
    play,
    replay,
    sgf,
    status,
    vacations,
)
from games.watching.urls import urlpatterns as watching_urls

app_name = "games"

urlpatterns = [
    path("", status.status, name="status"),
    path("next/", status.next_game, name="next"),
    path("new/", challenges.new_game, name="new"),
    path("play-a-bot/", bot_views.bot_play, name="bot_play"),
    path("waiting-room/", challenges.waiting_room, name="waiting_room"),
    path("auto-match/", challenges.automatch_queue, name="auto_match"),
    path(
        "auto-match/<int:challenge_id>/leave/", challenges.automatch_leave, name="auto_match_leave"
    ),
    path("history/", history.history, name="history"),
    path("vacation/", vacations.vacation, name="vacation"),
    path("invite-a-friend/", friends.friend_invite, name="invite_friend"),
    path("invitation/<str:token>/", friends.invite_landing, name="invite_landing"),
    path("invitation/never/<str:token>/", friends.invite_never, name="invite_never"),
    path("challenges/<int:challenge_id>/", challenges.challenge_detail, name="challenge"),
    path("challenges/<int:challenge_id>/accept/", challenges.challenge_accept, name="accept"),
    path("challenges/<int:challenge_id>/decline/", challenges.challenge_decline, name="decline"),
    path("challenges/<int:challenge_id>/cancel/", challenges.challenge_cancel, name="cancel"),
    path("<int:game_id>/", play.board, name="board"),
    path(
        "<int:game_id>/thumbnail/<slug:theme>/<slug:state>.svg",
        status.thumbnail,
        name="thumbnail",
    ),
    path("<int:game_id>/move/", play.move, name="move"),
    path("<int:game_id>/words/", board_words.board_words, name="words"),
    path("<int:game_id>/pass/", play.pass_turn, name="pass"),
    path("<int:game_id>/resign/", play.resign, name="resign"),
    path("<int:game_id>/annul/", adjournments.annul, name="annul"),
    path("<int:game_id>/chat/", play.chat, name="chat"),
    path("<int:game_id>/chat/<int:line_id>/report/", play.chat_report, name="chat_report"),
    path("<int:game_id>/conditional/add/", conditional.conditional_add, name="conditional_add"),
    path(
        "<int:game_id>/conditional/remove/",
        conditional.conditional_remove,
        name="conditional_remove",
    ),
    path(
        "<int:game_id>/conditional/clear/",
        conditional.conditional_clear,
        name="conditional_clear",
    ),
    path("<int:game_id>/dispute/", disputes.dispute, name="dispute"),
    path("<int:game_id>/marking/", disputes.marking, name="marking"),
    path("<int:game_id>/marking/toggle/", disputes.marking_toggle, name="marking_toggle"),
    path("<int:game_id>/marking/accept/", disputes.marking_accept, name="marking_accept"),
    path("<int:game_id>/report/", disputes.report, name="report"),
    path("<int:game_id>/contact/", contact.contact_staff, name="contact"),
    path("<int:game_id>/review/", replay.replay, name="review"),
    path("<int:game_id>.sgf", sgf.sgf_download, name="sgf"),
    *reviews_urls,  # review/ (upload), reviews/..., <id>/notes/
    *watching_urls,  # browse/, <id>/watch/, <id>/kibitz/..., kibitz/..., players/<name>/follow/
]
