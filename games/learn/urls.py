"""Learn URLs, under /learn/ (namespace "learn")."""

from django.urls import path

from games.learn import views

app_name = "learn"

urlpatterns = [
    path("", views.index, name="index"),
    path("go/", views.go_lesson, name="go"),
    path("badux/", views.badux_lesson, name="badux"),
    path("exercises/", views.exercise_list, name="exercises"),
    path("exercises/<slug:slug>/", views.exercise, name="exercise"),
    path("rules/", views.rules_page, name="rules"),
]
