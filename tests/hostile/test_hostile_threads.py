"""Every file of the hostile-thread corpus (tests/hostile/threads/, described by threads.yaml) is
answered in Chinese, never by a traceback, in little memory and time: refused with the words its
manifest gives, or read with its floors (a time that cannot be read leaves the floor listed with
its time unknown). Through the library and the command line here, with the hostile thread addresses and cookies
of ``HOSTILE_FETCHES``; the web upload and the console's address field in
tests/web/test_hostile_threads.py. How fast each one is answered belongs in benchmarks/hostile.py."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.forum.charset import page_text
from bansha.forum.threads import ThreadError, parse_any
from tests.hostile.corpus import (
    BASE64_SERVER,
    HOSTILE_FETCHES,
    THREADS,
    HostileThread,
    base64_server,
)

runner = CliRunner()
HERE = Path(__file__).parent


def _flat(text: str) -> str:
    """The command line's output without the line breaks and spaces its wrapping adds."""
    return "".join(text.split())


def test_the_manifest_names_every_file_of_the_corpus() -> None:
    assert {t.path.name for t in THREADS} == {p.name for p in (HERE / "threads").iterdir()}
    assert len(THREADS) >= 30
    assert sum(t.refuse is not None for t in THREADS) >= 15


@pytest.mark.parametrize("case", THREADS, ids=lambda t: t.path.stem)
def test_hostile_thread_through_the_library(case: HostileThread) -> None:
    raw = case.path.read_bytes()
    tracemalloc.start()
    try:
        if case.refuse is not None:
            with pytest.raises(ThreadError) as e:
                parse_any([page_text(raw, case.path.name)])
            assert case.refuse in str(e.value)
        else:
            posts = parse_any([page_text(raw, case.path.name)])
            assert len(posts) == case.floors
            assert [p.floor for p in posts if p.time is None] == list(case.unknown)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60 * 1024 * 1024, f"{peak / 1e6:.1f} MB"


@pytest.mark.parametrize("case", THREADS, ids=lambda t: t.path.stem)
def test_hostile_thread_through_the_command_line(case: HostileThread) -> None:
    result = runner.invoke(app, ["thread", "read", str(case.path), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    if case.refuse is not None:
        assert result.exit_code == 2
        assert _flat(case.refuse) in _flat(result.output)
        return
    # a floor whose time cannot be read is listed, and the command says so by its exit status
    assert result.exit_code == (3 if case.unknown else 0), result.output
    floors = json.loads(result.stdout)["floors"]
    assert len(floors) == case.floors
    assert [f["floor"] for f in floors if f["time"] is None] == list(case.unknown)


@pytest.mark.parametrize(
    ("url", "cookie", "words"),
    [case[1:] for case in HOSTILE_FETCHES],
    ids=[case[0] for case in HOSTILE_FETCHES],
)
def test_hostile_addresses_through_the_command_line(
    monkeypatch: pytest.MonkeyPatch, url: str, cookie: str, words: str
) -> None:
    monkeypatch.setenv("BANSHA_FETCH_LOOPBACK", "1")  # the base64 server is on 127.0.0.1
    monkeypatch.setenv("BANSHA_FORUM_COOKIE", cookie)
    with base64_server() as served:
        result = runner.invoke(app, ["thread", "read", served if url == BASE64_SERVER else url])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert _flat(words) in _flat(result.output)
