"""A director uploads a hostile variant file: the page says what is wrong, in Chinese, and no
game is made (nothing lands in the store)."""

import html
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bansha.store.models import EventRecord, GameRecord
from tests.hostile.corpus import HUGE, VARIANTS, expected, huge_file
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = "\n".join("甲乙丙丁戊己庚辛壬癸子丑寅卯")


@pytest.fixture
def director() -> Client:
    return director_client(raise_errors=False)


def _upload(c: Client, path: Path) -> str:
    before = (GameRecord.objects.count(), EventRecord.objects.count())
    r = c.post(
        "/new",
        {
            "ruleset": "m103",
            "players": NAMES,
            "options": "",
            "variant": SimpleUploadedFile(path.name, path.read_bytes()),
        },
    )
    assert r.status_code == 200
    page = html.unescape(r.content.decode())
    assert "新建游戏" in page and "Traceback" not in page and "Server Error" not in page
    assert (GameRecord.objects.count(), EventRecord.objects.count()) == before
    return page


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_hostile_variant_upload_is_refused_in_chinese(director: Client, path: Path) -> None:
    assert expected(path) in _upload(director, path)


def test_huge_upload_is_refused_in_chinese(director: Client, tmp_path: Path) -> None:
    assert HUGE in _upload(director, huge_file(tmp_path))


def test_a_good_upload_makes_the_game(director: Client) -> None:
    text = "extends: werewolf12\nid: mine\nroles:\n  villager: {name: 平民}\n".encode()
    r = director.post(
        "/new",
        {
            "ruleset": "m103",
            "players": "\n".join("甲乙丙丁戊己庚辛壬癸子丑"),
            "options": "",
            "variant": SimpleUploadedFile("mine.yaml", text),
        },
        follow=True,
    )
    assert r.status_code == 200 and "/join/" in r.content.decode()
    assert GameRecord.objects.get().ruleset == "mine"
