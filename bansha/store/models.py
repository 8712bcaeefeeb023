"""Tables: games, their append-only events, seats with hashed invite tokens, and the command log."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from bansha.store.fields import CompactJSON


class GameRecord(models.Model):
    """A game: what it was created from, and the head of its event stream."""

    id = models.CharField(primary_key=True, max_length=32)
    ruleset = models.CharField(max_length=100)
    variant_yaml = models.TextField(blank=True, default="")
    title = models.CharField(max_length=200)
    label = models.CharField(max_length=60, blank=True, default="")
    """The director's own name for the game (「周五群的M103」), shown in 「我的游戏」."""
    options = models.JSONField(default=dict)
    timezone = models.CharField(max_length=64, default="Asia/Shanghai")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    demo = models.BooleanField(default=False)
    paused = models.BooleanField(default=False)
    paused_at = models.DateTimeField(null=True, blank=True)
    ended = models.BooleanField(default=False)
    seq = models.IntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    """归档: the director filed the finished game away (「我的游戏」 lists it apart)."""
    deleted_at = models.DateTimeField(null=True, blank=True)
    """删除: the game left every list (its events stay: nothing is lost, and its pages stay
    readable to those they were for)."""
    form_key = models.CharField(max_length=40, blank=True, default="")
    """The random key of the new-game form that created the game: the same form sent again (a
    refresh, a back button, a double tap) finds this game instead of dealing another."""

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "form_key"],
                condition=~models.Q(form_key=""),
                name="game_owner_form_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.id})"


class EventRecord(models.Model):
    """One event. Rows are only ever inserted; ``(game, seq)`` is unique."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="events")
    seq = models.IntegerField()
    kind = models.CharField(max_length=40)
    data = models.JSONField(encoder=CompactJSON)
    audience = models.JSONField(encoder=CompactJSON)
    chance = models.BooleanField(default=False)
    version = models.SmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_game_seq")]
        ordering = ["game", "seq"]


class SeatRecord(models.Model):
    """A seat's private link: only a hash of the token is stored; a substitute revokes the old one."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="seats")
    seat = models.IntegerField()
    name = models.CharField(max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    token_sealed = models.TextField(blank=True, default="")
    """The token encrypted with the installation's key, so the director's console can show the
    link again; a database without the key reads no link (``bansha.service.links``)."""
    bot = models.BooleanField(default=False)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)


class DeviceRecord(models.Model):
    """A browser that opened a seat's private link (its session holds ``key``): the console
    lists a live link's devices, how often each opened it and when each was last seen, and the
    director can sign one out (that browser then holds the seat no more; the link itself stays
    good, so a player signed out by mistake opens it again). A page or a live socket holds the
    seat only from a device of its live link that is not signed out."""

    link = models.ForeignKey(SeatRecord, on_delete=models.CASCADE, related_name="devices")
    key = models.CharField(max_length=32, unique=True)
    label = models.CharField(max_length=60, blank=True, default="")
    """What the browser said it is (its system and browser), as the console shows it."""
    opened = models.IntegerField(default=1)
    """How many times the link was opened in this browser."""
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()
    signed_out = models.BooleanField(default=False)
    session = models.CharField(max_length=40, blank=True, default="")
    """The session that last opened the link in this browser, as the session table keys it (a
    digest of the cookie's key): a browser's first request to a server process finds its seat
    by it, in the statement that reads the session. Only a hint: the seat is used only when it
    is the one the session's own data holds."""


class CommandRecord(models.Model):
    """The command log beside the events; ``key`` makes a retried submission land once, and
    ``digest`` (of the command without its time) tells a retry of the same command from another
    command sent with a key already used."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="commands")
    key = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, default="")
    seq = models.IntegerField()
    actor = models.CharField(max_length=60)
    kind = models.CharField(max_length=20)
    payload = models.JSONField(encoder=CompactJSON)
    """What the command asked for, without its time; a message's text (a team-chat line, a thread
    post) is kept once, in its event: here ``{"event": seq}`` names that event."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="command_game_key")]


class PostSnapshot(models.Model):
    """A forum post as it read when the director last imported the thread: a later import that
    finds the same post changed (a vote edited after the fact) is flagged."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="post_snapshots")
    key = models.CharField(max_length=200)
    """The post's id on the forum, else its author and time."""
    floor = models.IntegerField()
    author = models.CharField(max_length=100)
    text = models.TextField()
    imported_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="snapshot_game_key")]


class SignupRecord(models.Model):
    """A game open for sign-ups (报名): what it will be dealt from, until the director deals it
    (then ``game``). Its entries and the log of everything done to it are kept beside it."""

    id = models.CharField(primary_key=True, max_length=32)
    ruleset = models.CharField(max_length=100)
    variant_yaml = models.TextField(blank=True, default="")
    title = models.CharField(max_length=200)
    label = models.CharField(max_length=60, blank=True, default="")
    options = models.JSONField(default=dict)
    timezone = models.CharField(max_length=64, default="Asia/Shanghai")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.OneToOneField(
        GameRecord, null=True, blank=True, on_delete=models.SET_NULL, related_name="signup"
    )
    created_at = models.DateTimeField(auto_now_add=True)


class EntryRecord(models.Model):
    """One sign-up: the name (马甲) a player registered, where it stands in the seat order, and
    a hash of its private link (the player's browser holds it; a forum sign-up's link is sent
    by the director). ``seat``: the seat it was dealt."""

    signup = models.ForeignKey(SignupRecord, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=60)
    place = models.IntegerField()
    confirmed = models.BooleanField(default=False)
    removed = models.BooleanField(default=False)
    token_hash = models.CharField(max_length=64, unique=True)
    token_sealed = models.TextField(blank=True, default="")
    source = models.CharField(max_length=10, default="web")
    """「web」: on the sign-up page; 「forum」: a floor replying 【报名】 in the forum thread."""
    floor = models.IntegerField(null=True, blank=True)
    seat = models.IntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["signup", "name"], name="entry_name")]


class SignupLogRecord(models.Model):
    """Everything done to a sign-up, in order (``seq`` unique per sign-up): who registered,
    confirmed, removed or moved whom, and each shuffle of the seat order with the random draw
    it was made from; nothing is ever changed or removed."""

    signup = models.ForeignKey(SignupRecord, on_delete=models.CASCADE, related_name="log")
    seq = models.IntegerField()
    kind = models.CharField(max_length=20)
    data = models.JSONField(default=dict)
    actor = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["signup", "seq"], name="signup_log_seq")]
        ordering = ["signup", "seq"]


class StaffRecord(models.Model):
    """A director account on a game's director team (导演组) beside its owner, with a role:
    「lead」 主导演 (commands, and manages the team), 「co」 副导演 (commands), 「read」 只读 (the
    god view only)."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="staff_game_user")]


class AssistantRecord(models.Model):
    """An outside assistant (场外助理, M103 §10) attached to one seat: a private link (only its
    hash decides) that reads that player's page and can do nothing on it."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="assistants")
    seat = models.IntegerField()
    name = models.CharField(max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    token_sealed = models.TextField(blank=True, default="")
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)


class WatchedThread(models.Model):
    """The forum thread a game is played in, read by bansha on a schedule the director sets:
    its address, the director's forum cookie (sealed with the installation's key, like the
    private links), how often, and what the last reads found."""

    game = models.OneToOneField(GameRecord, on_delete=models.CASCADE, related_name="watched")
    url = models.CharField(max_length=2000)
    cookie = models.TextField(blank=True, default="")
    """Sealed (``bansha.service.links.seal``); empty when the thread needs none."""
    every_minutes = models.IntegerField()
    date_order = models.CharField(max_length=3, blank=True, default="")
    count_votes = models.BooleanField(default=True)
    active = models.BooleanField(default=True)
    next_due = models.DateTimeField(db_index=True)
    last_read = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    pages = models.IntegerField(default=0)
    """How many pages the thread had at the last read (the next read starts from the last one)."""
    history = models.JSONField(default=list)
    """The last reads, newest first: when, pages, new floors, changed floors, votes, error."""


class WatchedFloor(models.Model):
    """One floor of a watched thread as bansha last read it (``bansha.forum.posts.to_json``): the
    whole thread is rebuilt from these, so a floor is imported once however often it is read."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="watched_floors")
    key = models.CharField(max_length=200)
    """The post's id on the forum, else its floor."""
    floor = models.IntegerField()
    data = models.JSONField()
    first_seen = models.DateTimeField()
    changed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="watched_floor_game_key")
        ]
