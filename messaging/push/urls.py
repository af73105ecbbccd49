from django.urls import path

from messaging.push import views

# Under /settings/push/ (baduxsite/urls.py); the worker, manifest and offline page at the root.
urlpatterns = [
    path("subscribe/", views.push_subscribe, name="push_subscribe"),
    path("unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
    path("choices/", views.push_choices_edit, name="push_choices_edit"),
    path(
        "devices/<int:subscription_id>/remove/", views.push_device_remove, name="push_device_remove"
    ),
]

root_urlpatterns = [
    path("sw.js", views.service_worker, name="push_service_worker"),
    path("manifest.webmanifest", views.manifest, name="push_manifest"),
    path("offline/", views.offline, name="push_offline"),
]
