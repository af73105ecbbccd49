from django.urls import path

from messaging.bounces import views as bounce_views
from messaging.notifications import views

app_name = "messaging"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("read/", views.notification_mark_read, name="mark_read"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mail/retry/", bounce_views.bounces_retry, name="bounces_retry"),
]
