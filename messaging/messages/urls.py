"""Private message URLs, under the "messages" namespace (mounted at /messages/)."""

from django.urls import path

from messaging.messages import views

app_name = "messages"

urlpatterns = [
    path("", views.inbox, name="inbox"),
    path("new/<str:username>/", views.thread_new, name="new"),
    path("<int:thread_id>/", views.thread_detail, name="thread"),
    path("<int:thread_id>/reply/", views.thread_reply, name="reply"),
    path("<int:thread_id>/archive/", views.thread_archive, name="archive"),
    path("message/<int:message_id>/report/", views.message_report, name="report"),
]
