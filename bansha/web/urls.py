"""URL routes."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from bansha.web import (  # noqa: F401  (converters: <gid:…>)
    archive_views,
    console,
    converters,
    reveal,
    rooms,
    signup,
    team_views,
    thread_views,
    views,
)

urlpatterns = [
    # a player's page and forms first: nearly every request is one of them, and Django tries the
    # routes in order (no route matches another's paths, so the order changes no match)
    path("g/<gid:game_id>/me", views.player_page, name="player"),
    path("g/<gid:game_id>/act", views.player_act, name="act"),
    path("g/<gid:game_id>/say", views.player_say, name="say"),
    path("", views.home, name="home"),
    path("demo/new", views.demo_new, name="demo_new"),
    path("new", views.game_new, name="game_new"),
    path("g/<gid:game_id>/", views.public_page, name="public"),
    path("g/<gid:game_id>/director/created", views.game_created, name="created"),
    path("g/<gid:game_id>/reveal.json", reveal.download, name="reveal_file"),
    path("g/<gid:game_id>/join/<str:token>", views.join, name="join"),
    path("g/<gid:game_id>/thread", thread_views.discussion, name="discussion"),
    path("g/<gid:game_id>/advance", views.demo_advance, name="advance"),
    path("g/<gid:game_id>/director", views.director_page, name="director"),
    path("g/<gid:game_id>/director/command", views.director_command, name="director_command"),
    path("g/<gid:game_id>/director/reissue", console.reissue, name="director_reissue"),
    path("g/<gid:game_id>/director/device", console.sign_out_device, name="director_device"),
    path("g/<gid:game_id>/director/reissue-all", console.reissue_all, name="director_reissue_all"),
    path("g/<gid:game_id>/director/thread", thread_views.director_thread, name="director_thread"),
    path("g/<gid:game_id>/director/watch", thread_views.director_watch, name="director_watch"),
    path("finished", archive_views.finished, name="finished"),
    path("g/<gid:game_id>/chats.txt", archive_views.download_chats, name="chats_file"),
    path("g/<gid:game_id>/director/archive", archive_views.archive_game, name="director_archive"),
    path("g/<gid:game_id>/director/delete", archive_views.delete_game, name="director_delete"),
    path(
        "g/<gid:game_id>/director/archive.json",
        archive_views.download_archive,
        name="director_archive_file",
    ),
    path("s/<gid:sheet_id>/", signup.signup_page, name="signup"),
    path("s/<gid:sheet_id>/register", signup.signup_register, name="signup_register"),
    path("s/<gid:sheet_id>/e/<str:token>", signup.signup_join, name="signup_join"),
    path("s/<gid:sheet_id>/me", signup.signup_me, name="signup_me"),
    path("s/<gid:sheet_id>/director", signup.signup_console, name="signup_console"),
    path("s/<gid:sheet_id>/director/command", signup.signup_command, name="signup_command"),
    path("g/<gid:game_id>/director/team", team_views.team_command, name="director_team"),
    path(
        "g/<gid:game_id>/director/assistant",
        team_views.assistant_command,
        name="director_assistant",
    ),
    path("g/<gid:game_id>/assist/<str:token>", team_views.assist_join, name="assist_join"),
    path("g/<gid:game_id>/assist", team_views.assist_page, name="assist"),
    path("g/<gid:game_id>/watch/<str:token>", rooms.watch_join, name="watch_join"),
    path("g/<gid:game_id>/watch", rooms.watch_page, name="watch"),
    path("g/<gid:game_id>/room", rooms.room_say, name="room_say"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]

handler400 = "bansha.web.errors.bad_request"
handler403 = "bansha.web.errors.forbidden"
handler404 = "bansha.web.errors.not_found"
handler500 = "bansha.web.errors.server_error"
