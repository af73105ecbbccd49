from django.urls import include, path

from accounts import views

urlpatterns = [
    path("", views.home, name="home"),
    path("players/online/", views.who_is_here, name="who_is_here"),
    path("players/search/", views.player_search, name="player_search"),
    path("", include("accounts.moderation.urls")),
    path("players/<str:username>/", views.profile_detail, name="profile_detail"),
    path("players/<str:username>/lists/", views.relation_change, name="relation_change"),
    path("settings/profile/", views.profile_edit, name="profile_edit"),
    path("settings/preferences/", views.preferences_edit, name="preferences_edit"),
    path("settings/contacts/", views.contacts, name="contacts"),
    # Account security: the overview and ending one session (allauth's pages are under /accounts/).
    path("", include("accounts.security.urls")),
    # The footer's language switcher (Django's set_language, plus the player's stored choice).
    path("i18n/setlang/", views.language_set, name="set_language"),
    # The players' data: archive, closing the account, the privacy page (accounts/data/).
    path("", include("accounts.data.urls")),
    path("settings/api-tokens/", views.api_token_create, name="api_token_create"),
    path(
        "settings/api-tokens/<int:token_id>/revoke/",
        views.api_token_revoke,
        name="api_token_revoke",
    ),
]
