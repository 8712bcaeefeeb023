"""R-ALL-13 on the console: before XXXII's deal (its opening 信仰声明) a director's 警告, 淹死 or
判负 is refused with the reason in Chinese and changes nothing; it once ended the game's close
in a server error (KeyError in the reveal of roles not dealt yet)."""

import re

import pytest
from django.test import Client

from bansha.service.games import SERVICE
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未")


def _new_xxxii(c: Client) -> str:
    r = c.post("/new", {"ruleset": "xxxii", "players": "\n".join(NAMES)}, follow=True)
    assert r.status_code == 200, r.content.decode()[:500]
    return re.findall(r"/g/([0-9a-f]+)/director", r.content.decode())[0]


@pytest.mark.parametrize(
    "form",
    [
        {"command": "淹死", "player": "0"},
        {"command": "警告", "player": "0"},
        {"command": "判负", "faction": "black"},
    ],
)
def test_r_all_13_no_penalty_before_the_deal_is_refused_in_chinese(form: dict[str, str]) -> None:
    d = director_client(raise_errors=False)
    gid = _new_xxxii(d)
    assert SERVICE.load(gid).state.stage_key == "declare"
    before = len(SERVICE.load(gid).events)
    r = d.post(f"/g/{gid}/director/command", {**form, "nonce": "n1"}, follow=True)
    assert r.status_code == 200
    assert "身份发放之前不能判罚或罚下玩家" in r.content.decode()
    game = SERVICE.load(gid)
    assert len(game.events) == before and game.state.phase == "start"
    assert all(p.alive for p in game.state.players)
