"""Group pages under /groups/, the "groups" namespace."""

from django.urls import path

from ladder.groups import board_views, views

app_name = "groups"

urlpatterns = [
    path("", views.group_list, name="list"),
    path("new/", views.group_new, name="new"),
    path("<slug:slug>/", views.group_detail, name="detail"),
    path("<slug:slug>/join/", views.group_join, name="join"),
    path("<slug:slug>/leave/", views.group_leave, name="leave"),
    path("<slug:slug>/invite/", views.group_invite, name="invite"),
    path("<slug:slug>/members/", views.group_members, name="members"),
    path(
        "<slug:slug>/members/<int:user_id>/approve/",
        views.membership_approve,
        name="approve",
    ),
    path("<slug:slug>/members/<int:user_id>/remove/", views.membership_remove, name="remove"),
    path("<slug:slug>/members/<int:user_id>/role/", views.membership_role, name="role"),
    path("<slug:slug>/ladders/new/", views.group_ladder_new, name="ladder_new"),
    path("<slug:slug>/tournaments/new/", views.group_tournament_new, name="tournament_new"),
    path("<slug:slug>/board/", board_views.board, name="board"),
    path("<slug:slug>/board/new/", board_views.thread_new, name="thread_new"),
    path("<slug:slug>/board/<int:thread_id>/", board_views.thread_detail, name="thread"),
    path(
        "<slug:slug>/board/<int:thread_id>/follow/",
        board_views.thread_follow,
        name="thread_follow",
    ),
    path("<slug:slug>/board/posts/<int:post_id>/edit/", board_views.post_edit, name="post_edit"),
    path(
        "<slug:slug>/board/posts/<int:post_id>/report/",
        board_views.post_report,
        name="post_report",
    ),
    path(
        "<slug:slug>/board/posts/<int:post_id>/history/",
        board_views.post_history,
        name="post_history",
    ),
]
