"""Creating a game: the form keeps what was typed after an error and names the duplicated name;
options are fields generated from the rule set's option table; 「我的游戏」 on the home page."""

import pytest
from django.contrib.auth import get_user_model

from bansha.engine import Director
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
    record = GameRecord.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/g/{record.id}/director/created"
    assert record.label == "周五群的M103" and record.options["prince"] == "once"
    assert "max_changes" not in record.options  # left at its default
    assert SERVICE.load(record.id).ruleset.options["prince"] == "once"
    home = d.get("/").content.decode()
    assert "我的游戏" in home and "周五群的M103" in home and f"/g/{record.id}/director" in home
    assert "开局 红线" in home
    assert "周五群的M103" not in director_client("other").get("/").content.decode()


def test_the_same_new_game_form_sent_again_deals_no_second_game() -> None:
    """Post/Redirect/Get with the form's key: a refresh of 「已开局」 reloads the links page (a GET),
    and the form itself sent again (a back button, a double tap) finds the first game."""
    d = director_client()
    form = {"ruleset": "m103", "players": "\n".join(NAMES), "nonce": "k" * 22}
    first = d.post("/new", form)
    record = GameRecord.objects.get()
    assert first.status_code == 302 and first["Location"] == f"/g/{record.id}/director/created"
    page = d.get(first["Location"]).content.decode()
    assert "已开局" in page and page.count("/join/") >= len(NAMES)
    again = d.get(first["Location"]).content.decode()  # the refresh
    assert again.count("/join/") == page.count("/join/")
    resent = d.post("/new", form)
    assert resent["Location"] == first["Location"] and GameRecord.objects.count() == 1
    # another director's form with the same key is another game; a new form, another game
    director_client("other").post("/new", form)
    d.post("/new", {**form, "nonce": "n" * 22})
    assert GameRecord.objects.count() == 3
    # only the game's director reads its links
    assert director_client("third").get(first["Location"]).status_code == 404


def test_the_home_page_reads_where_a_game_stands_from_the_public_view() -> None:
    """A game that ended with 公示审核 on is 进行中 on the home page until the director publishes
    the result (the record's own flag moved at once); 「我的游戏」 says a result awaits."""
    d = director_client()
    owner = get_user_model().objects.get(username="dir")
    gid = SERVICE.create("m103", NAMES, seed=3, owner=owner, options={"review": True}).record.id
    with SERVICE.reading(gid) as game:
        factions = list(game.ruleset.factions_in_play(game.state))
    for i, faction in enumerate(factions):  # 判负 one faction after another until one wins
        SERVICE.submit(gid, Director("判负", {"faction": faction}), key=f"c{i}", actor="d")
        if SERVICE.load(gid).state.ended:
            break
    assert GameRecord.objects.get(id=gid).ended  # the record knows: the public does not yet
    recent = d.get("/").content.decode().split('id="recent-games"')[1]
    assert "进行中" in recent and "已结束" not in recent
    assert "待发布公示" in d.get("/").content.decode()
    SERVICE.submit(gid, Director("发布", {"edits": {}}), key="publish", actor="d")
    recent = d.get("/").content.decode().split('id="recent-games"')[1]
    assert "已结束" in recent


def test_an_uploaded_board_is_offered_again_by_its_title_and_names() -> None:
    from pathlib import Path

    from django.core.files.uploadedfile import SimpleUploadedFile

    board = Path(__file__).parents[2] / "bansha" / "rulesets" / "whitewolf12" / "data.yaml"
    text = board.read_text(encoding="utf-8").replace("extends: guard12", "extends: 预女猎守")
    text = text.replace("id: whitewolf12", "id: mine").replace(
        "names: [whitewolf12, 白狼王守卫, 预女猎守白狼王]", "names: [我的白狼王, 周五板]"
    )
    d = director_client()
    players = "\n".join(NAMES[:12])
    d.post(
        "/new",
        {
            "ruleset": "guard12",
            "players": players,
            "variant": SimpleUploadedFile("m.yaml", text.encode()),
        },
    )
    first = GameRecord.objects.get()
    page = d.get("/new").content.decode()
    assert f'<option value="{first.id}">白狼王守卫 12人（我的白狼王、周五板）</option>' in page
    d.post("/new", {"ruleset": "guard12", "players": players, "board": first.id})
    again = GameRecord.objects.exclude(id=first.id).get()
    assert again.variant_yaml == first.variant_yaml
    assert SERVICE.load(again.id).ruleset.role_name("white_wolf_king") == "白狼王"
    # another director sees none of them, and cannot name one
    other = director_client("other")
    assert "我的白狼王" not in other.get("/new").content.decode()
    refused = other.post("/new", {"ruleset": "guard12", "players": players, "board": first.id})
    assert "找不到你上传过的这个规则文件" in refused.content.decode()
    assert GameRecord.objects.count() == 2


def test_the_form_chooses_no_rule_set_for_the_director_and_names_each_one_s_player_count() -> None:
    """The list starts on 「请选择规则」 (it used to open on the first entry, 无间道, which a
    director could submit unaware), each entry says how many players it takes, and a form sent
    without one is refused in Chinese, creating nothing."""
    d = director_client()
    page = d.get("/new").content.decode()
    select = page.split('<select name="ruleset" id="ruleset">')[1].split("</select>")[0]
    assert select.startswith('<option value="">请选择规则</option>') and "selected" not in select
    assert '<option value="bs46">【版杀46】《无间道》（16人）</option>' in select
    assert '<option value="m103">[M103]『菁华浮梦』（14人）</option>' in select
    assert '<option value="guard12">预女猎守 12人</option>' in select
    refused = d.post("/new", {"ruleset": "", "players": "\n".join(NAMES), "nonce": "n" * 22})
    assert "请选择规则，或上传变体文件" in refused.content.decode()
    assert not GameRecord.objects.exists()
