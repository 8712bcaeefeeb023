"""``bansha verify REVEAL.json`` as a player runs it after the game (R-ALL-02): the genuine
reveal file passes, a file with any seat's role, the seed or the nonce changed fails non-zero."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import Game
from bansha.engine.commitment import reveal_file
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

runner = CliRunner()


@pytest.fixture(scope="module")
def genuine() -> dict[str, Any]:
    rs = find_ruleset("bs46")
    g = Game.create(
        rs, [f"玩家{i + 1}" for i in range(rs.player_count)], 2**128 - 3, nonce="c3" * 16
    )
    play_random(g, 8)
    return reveal_file(view(g, "public"))


def _write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    path = tmp_path / "揭秘.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def _verify(*args: str) -> Any:
    return runner.invoke(app, ["verify", *args])


def test_the_genuine_reveal_file_passes(genuine: dict[str, Any], tmp_path: Path) -> None:
    result = _verify(str(_write(tmp_path, genuine)))
    assert result.exit_code == 0, result.output
    assert "核对通过" in result.output
    assert genuine["commitment"] in result.output
    assert genuine["deal"][0]["role"] in result.output  # the deal it proves, seat by seat
    noted = _verify(str(_write(tmp_path, genuine)), "--commitment", genuine["commitment"])
    assert noted.exit_code == 0, noted.output


@pytest.mark.parametrize("seat", [0, 6, 11])
def test_any_seat_s_role_changed_is_detected(
    genuine: dict[str, Any], tmp_path: Path, seat: int
) -> None:
    doc = json.loads(json.dumps(genuine))
    other = next(r["role"] for r in doc["deal"] if r["role"] != doc["deal"][seat]["role"])
    doc["deal"][seat]["role"] = other
    result = _verify(str(_write(tmp_path, doc)))
    assert result.exit_code == 1, result.output
    assert "核对失败" in result.output


@pytest.mark.parametrize(
    "key,value", [("nonce", "0" * 32), ("seed", "12345"), ("commitment", "f" * 64)]
)
def test_a_changed_nonce_seed_or_commitment_is_detected(
    genuine: dict[str, Any], tmp_path: Path, key: str, value: str
) -> None:
    result = _verify(str(_write(tmp_path, {**genuine, key: value})))
    assert result.exit_code == 1, result.output
    assert "核对失败" in result.output


def test_checked_against_the_commitment_the_player_noted(
    genuine: dict[str, Any], tmp_path: Path
) -> None:
    result = _verify(str(_write(tmp_path, genuine)), "--commitment", "0" * 64)
    assert result.exit_code == 1 and "核对失败" in result.output


def test_unreadable_files_are_explained_in_chinese(tmp_path: Path) -> None:
    missing = _verify(str(tmp_path / "没有.json"))
    assert missing.exit_code == 2 and "文件不存在" in missing.output
    broken = tmp_path / "坏.json"
    broken.write_text("{", encoding="utf-8")
    result = _verify(str(broken))
    assert result.exit_code == 2 and "不是合法的 JSON" in result.output
    other = _write(tmp_path, {"hello": 1})
    result = _verify(str(other))
    assert result.exit_code == 2 and "不是 bansha 的揭秘文件" in result.output
    assert "Traceback" not in result.output


def test_the_help_is_chinese() -> None:
    result = runner.invoke(app, ["verify", "--help"])
    assert result.exit_code == 0
    assert "核对揭秘文件" in result.output
