from django.urls import path

from accounts.data import views

urlpatterns = [
    path("settings/data/", views.data_page, name="data_page"),
    path("settings/data/export/", views.data_export_request, name="data_export_request"),
    path(
        "settings/data/export/<str:token>/",
        views.data_export_download,
        name="data_export_download",
    ),
    path("settings/close/", views.account_close, name="account_close"),
    path("privacy/", views.privacy, name="privacy"),
]
