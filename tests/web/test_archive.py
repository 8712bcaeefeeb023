"""Archives: a game exported and imported again, through another database (SQLite to
PostgreSQL and back, when the tests run on PostgreSQL), is the same game: the same events and
the same view for every seat; a damaged or changed file is refused in Chinese and writes
nothing. 归档, 删除, the public list of finished games and the chats' record after the end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from bansha import texts
from bansha.engine import Close, Say
from bansha.engine.views import view
from bansha.service import archive
from bansha.service.games import SERVICE
from bansha.store import events as store
from bansha.store.models import GameRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def played(owner: Any = None, to_end: bool = True) -> str:
    """An M103 game played by bots in every seat (to the end, or through its first night), with
    a message in the assassins' chat."""
    gid = SERVICE.create("m103", NAMES, seed=11, bots=tuple(range(14)), owner=owner).record.id
    said = False
    for _ in range(200 if to_end else 3):
        with SERVICE.reading(gid) as game:
            groups = dict(game.state.groups)
        if groups and not said:
            group, members = sorted(groups.items())[0]
            SERVICE.submit(gid, Say(min(members), group, "今晚刀谁", timezone.now()))
            said = True
        SERVICE.run_bots(gid)
        SERVICE.submit(gid, Close(at=timezone.now()))
        if GameRecord.objects.get(id=gid).ended:
            break
    assert said
    assert GameRecord.objects.get(id=gid).ended == to_end
    return gid


def views(gid: str) -> list[Any]:
    """Every view of the game: each seat's, the public's and the director's."""
    with SERVICE.reading(gid) as game:
        seats = range(len(game.state.players))
        return [view(game, s) for s in seats] + [view(game, "public"), view(game, "director")]


def cli(*args: str, home: Path) -> str:
    """``bansha`` in another process (another database); its standard output."""
    env = {**os.environ, "BANSHA_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "bansha.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_export_then_import_through_another_database_is_the_same_game(tmp_path: Path) -> None:
    gid = played()
    first = tmp_path / "first.json"
    first.write_text(archive.as_text(archive.export_game(gid)), encoding="utf-8")
    # the other database: a fresh SQLite file (this one is PostgreSQL or another SQLite file)
    other = f"sqlite:///{tmp_path / 'other.db'}"
    there = cli("game", "import", str(first), "--database-url", other, home=tmp_path)
    assert there != gid and len(there) == 16
    listed = cli("game", "list", "--database-url", other, home=tmp_path)
    assert there in listed and texts.CLI_GAME_STATE_ENDED in listed
    second = tmp_path / "second.json"
    cli("game", "export", there, "--out", str(second), "--database-url", other, home=tmp_path)
    back = archive.import_game(second.read_bytes()).record.id
    assert store.load(back) == store.load(gid)
    assert views(back) == views(gid)
    # a fresh process replays the stored events: the same again
    fresh = type(SERVICE)()
    with fresh.reading(back) as game:
        assert [view(game, s) for s in range(14)] == views(gid)[:14]
    original, again = json.loads(first.read_text()), json.loads(second.read_text())
    assert (
        original["events"] == again["events"]
        and original["game"]["options"] == again["game"]["options"]
    )
    assert connection.vendor in ("sqlite", "postgresql")


def test_an_unfinished_game_goes_on_after_import() -> None:
    gid = played(to_end=False)
    back = archive.import_game(archive.as_text(archive.export_game(gid)))
    assert store.load(back.record.id) == store.load(gid)
    assert back.record.deadline == GameRecord.objects.get(id=gid).deadline
    assert set(back.tokens) == set(range(14))  # new links for every seat, none copied
    c = Client()
    assert c.get(reverse("join", args=[back.record.id, back.tokens[3]])).status_code == 302
    assert c.get(reverse("player", args=[back.record.id])).status_code == 200
    SERVICE.run_bots(back.record.id)  # and it is played on
    assert store.head(back.record.id) > store.head(gid)


def _refused(doc: Any) -> str:
    before = GameRecord.objects.count()
    raw = doc if isinstance(doc, (str, bytes)) else json.dumps(doc, ensure_ascii=False)
    with pytest.raises(archive.ArchiveError) as refused:
        archive.import_game(raw)
    assert GameRecord.objects.count() == before  # nothing written
    return refused.value.message


def test_a_damaged_or_changed_file_is_refused_in_chinese() -> None:
    gid = played(to_end=False)
    good = archive.export_game(gid)
    assert _refused(b"\xff\xfe not json") == texts.ARCHIVE_NOT_JSON
    assert _refused("[1, 2]") == texts.ARCHIVE_NOT_ARCHIVE
    assert _refused({**good, "version": 99}) == texts.ARCHIVE_VERSION.format(version=99, known=1)
    # one event changed, the digest left: damaged
    damaged = json.loads(json.dumps(good))
    damaged["events"][5]["data"]["x"] = 1
    assert _refused(damaged) == texts.ARCHIVE_DAMAGED
    # two roles swapped in the deal and the digest made again: the commitment gives it away
    swapped = json.loads(json.dumps(good))
    dealt = next(e for e in swapped["events"] if e["kind"] == "dealt")
    roles = dealt["data"]["roles"]
    j = next(i for i, r in enumerate(roles) if r != roles[0])
    roles[0], roles[j] = roles[j], roles[0]
    swapped["sha256"] = archive.body_digest(swapped)
    assert _refused(swapped) == texts.ARCHIVE_TAMPERED
    # an event the fold cannot read, digest made again
    broken = json.loads(json.dumps(good))
    broken["events"][-1] = {"kind": "exited", "data": {}, "to": "public", "v": 1}
    broken["sha256"] = archive.body_digest(broken)
    assert _refused(broken) == texts.ARCHIVE_TAMPERED
    # another rule set's name in the settings
    other = json.loads(json.dumps(good))
    other["game"]["ruleset"] = "bs46"
    other["sha256"] = archive.body_digest(other)
    assert _refused(other) == texts.ARCHIVE_TAMPERED
    bad_audience = json.loads(json.dumps(good))
    bad_audience["events"][2]["to"] = ["0"]
    bad_audience["sha256"] = archive.body_digest(bad_audience)
    assert _refused(bad_audience) == texts.ARCHIVE_BAD_EVENT.format(number=3)


def test_game_new_on_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    env = {**os.environ, "BANSHA_HOME": str(tmp_path)}
    made = subprocess.run(
        [sys.executable, "-m", "bansha.cli", "director", "主持人", "--database-url", url],
        input="a-long-password-1\na-long-password-1\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    gid = cli(
        "game", "new", "m103", *NAMES, "--director", "主持人", "--title", "周五局",
        "--start-at", "2031-05-01T20:00", "--database-url", url, home=tmp_path,
    )  # fmt: skip
    listed = cli("game", "list", "--database-url", url, home=tmp_path)
    assert gid in listed and "周五局" in listed and "主持人" in listed
    out = tmp_path / "g.json"
    cli("game", "export", gid, "--out", str(out), "--database-url", url, home=tmp_path)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["game"]["options"]["start_at"] == "2031-05-01T20:00:00+08:00"
    assert doc["game"]["director"] == "主持人" and doc["game"]["label"] == "周五局"
    refused = subprocess.run(
        [sys.executable, "-m", "bansha.cli", "game", "new", "m103", *NAMES,
         "--director", "没有这人", "--database-url", url],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert refused.returncode == 2
    assert texts.CLI_GAME_NO_DIRECTOR.format(name="没有这人") in refused.stderr


def test_archive_and_delete_on_the_console() -> None:
    c = director_client()
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.get(username="dir")
    running = SERVICE.create("m103", NAMES, seed=3, owner=owner)
    done = played(owner=owner)
    # 归档 needs a finished game
    c.post(reverse("director_archive", args=[running.record.id]))
    assert GameRecord.objects.get(id=running.record.id).archived_at is None
    c.post(reverse("director_archive", args=[done]))
    assert GameRecord.objects.get(id=done).archived_at is not None
    home = c.get(reverse("home")).content.decode()
    assert home.index(reverse("director", args=[done])) > home.index('id="my-archive"')
    finished = Client().get(reverse("finished")).content.decode()
    assert reverse("public", args=[done]) in finished
    assert reverse("public", args=[running.record.id]) not in finished
    # 删除 wants 「删除」 typed
    c.post(reverse("director_delete", args=[done]), {"confirm": "好"})
    assert GameRecord.objects.get(id=done).deleted_at is None
    c.post(reverse("director_delete", args=[done]), {"confirm": texts.DELETE_CONFIRM})
    c.post(reverse("director_delete", args=[running.record.id]), {"confirm": "删除"})
    assert GameRecord.objects.get(id=running.record.id).paused  # its clock stops
    for page in (Client().get(reverse("home")), Client().get(reverse("finished"))):
        text = page.content.decode()
        assert reverse("public", args=[done]) not in text
        assert reverse("public", args=[running.record.id]) not in text
    assert reverse("director", args=[done]) not in c.get(reverse("home")).content.decode()
    # ... and stays readable to those it was for: the public its page and reveal
    assert 'id="reveal"' in Client().get(reverse("public", args=[done])).content.decode()
    assert Client().get(reverse("reveal_file", args=[done])).status_code == 200
    # someone else's game is not theirs to archive or delete
    other = director_client("other")
    assert other.post(reverse("director_delete", args=[running.record.id])).status_code == 404
    assert other.get(reverse("director_archive_file", args=[done])).status_code == 404
    file = c.get(reverse("director_archive_file", args=[done]))
    assert file.status_code == 200 and json.loads(file.content)["format"] == archive.FORMAT


def _seat_client(gid: str, seat: int) -> Client:
    client = Client()
    token = SERVICE.reissue(gid, seat)
    assert client.get(reverse("join", args=[gid, token])).status_code == 302
    return client


def test_team_chats_are_exported_after_the_end_to_those_who_were_in_them() -> None:
    gid = played(to_end=False)
    with SERVICE.reading(gid) as game:
        _, members = sorted(game.state.groups.items())[0]
    member = _seat_client(gid, min(members))
    assert member.get(reverse("chats_file", args=[gid])).status_code == 404  # not yet
    done = played()
    with SERVICE.reading(done) as game:
        _, members = sorted(game.state.groups.items())[0]
        outsider = next(s for s in range(14) if s not in members)
    text = _seat_client(done, min(members)).get(reverse("chats_file", args=[done]))
    assert text.status_code == 200 and "今晚刀谁" in text.content.decode()
    theirs = _seat_client(done, outsider).get(reverse("chats_file", args=[done])).content.decode()
    assert "今晚刀谁" not in theirs  # another team's chat stays theirs
    assert Client().get(reverse("chats_file", args=[done])).status_code == 404
