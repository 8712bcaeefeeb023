"""Creating a game: the form keeps what was typed after an error and names the duplicated name;
options are fields generated from the rule set's option table; 「我的游戏」 on the home page."""

import pytest

from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_options_are_fields_from_the_option_table_with_chinese_explanations() -> None:
    page = director_client().get("/new").content.decode()
    assert 'name="opt-m103-prince"' in page and "每次都免死（规则贴原文）（默认）" in page
    assert "东宫太子的&lt;谁敢动我&gt;" in page
    assert 'name="opt-bs46-threshold_base"' in page and "按存活人数" in page
    assert "选项（JSON" not in page and 'name="options"' not in page


def test_an_error_keeps_what_was_typed_and_names_the_duplicate() -> None:
    d = director_client()
    typed = "\n".join([*NAMES[:13], "甲"])
    r = d.post(
        "/new",
        {
            "ruleset": "m103",
            "players": typed,
            "label": "周五群的M103",
            "opt-m103-prince": "once",
            "opt-m103-max_changes": "2",
            "review": "on",
        },
    )
    page = r.content.decode()
    assert "玩家名字不能重复：甲" in page
    assert typed in page and "周五群的M103" in page
    assert '<option value="once" selected>' in page and 'value="2"' in page
    assert 'name="review" checked' in page
    assert not GameRecord.objects.exists()


def test_a_wrong_option_value_is_refused_in_chinese() -> None:
    d = director_client()
    r = d.post(
        "/new", {"ruleset": "m103", "players": "\n".join(NAMES), "opt-m103-max_changes": "两次"}
    )
    assert "选项「改票次数」必须是整数，而不是「两次」" in r.content.decode()


def test_options_reach_the_game_and_the_director_finds_it_in_my_games() -> None:
    d = director_client()
    r = d.post(
        "/new",
        {
            "ruleset": "m103",
            "players": "\n".join(NAMES),
            "label": "周五群的M103",
            "opt-m103-prince": "once",
            "opt-m103-max_changes": "1",
        },
    )
    assert r.status_code == 200
    record = GameRecord.objects.get()
    assert record.label == "周五群的M103" and record.options["prince"] == "once"
    assert "max_changes" not in record.options  # left at its default
    assert SERVICE.load(record.id).ruleset.options["prince"] == "once"
    home = d.get("/").content.decode()
    assert "我的游戏" in home and "周五群的M103" in home and f"/g/{record.id}/director" in home
    assert "开局 红线" in home
    assert "周五群的M103" not in director_client("other").get("/").content.decode()
