"""The compiled library's C build: guided by a profile of training games with GCC, the plain way
when that fails (and said so), and the training games are commands that run."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from setuptools._distutils import ccompiler
from typer.testing import CliRunner

from bansha import native, native_build
from bansha.cli import app


class Module:
    """What ``mypycify`` returns, as far as the build script uses it."""

    def __init__(self) -> None:
        self.include_dirs: list[str] = []
        self.extra_compile_args = ["-O3", "-Werror"]
        self.extra_link_args: list[str] = []


def _fake_build(monkeypatch: pytest.MonkeyPatch, fail_on: str | None) -> list[list[str]]:
    """Replace mypyc, setuptools and the training: the compile flags of each build, in order;
    a build whose flags hold ``fail_on`` fails as a compiler error ends setuptools."""
    builds: list[list[str]] = []

    def setup(**kwargs: Any) -> None:
        flags = list(kwargs["ext_modules"][0].extra_compile_args)
        builds.append(flags)
        assert "--force" in kwargs["script_args"]  # objects of other flags are never reused
        if fail_on is not None and any(fail_on in flag for flag in flags):
            raise SystemExit("error: command '/usr/bin/gcc' failed with exit code 1")

    monkeypatch.setattr(native_build, "mypycify", lambda *a, **k: [Module()])
    monkeypatch.setattr(native_build, "setup", setup)
    monkeypatch.setattr(native_build, "train", lambda: None)
    monkeypatch.setattr(native_build, "is_gcc", lambda: True)
    monkeypatch.setattr(ccompiler.CCompiler, "compile", ccompiler.CCompiler.compile)
    monkeypatch.delenv(native_build.NO_PROFILE, raising=False)
    return builds


def test_with_gcc_the_library_is_instrumented_trained_and_built_by_the_counts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    builds = _fake_build(monkeypatch, fail_on=None)
    native_build.main(["bansha/engine/state.py"])
    assert len(builds) == 2
    assert any(flag.startswith("-fprofile-generate=") for flag in builds[0])
    assert any(flag.startswith("-fprofile-use=") for flag in builds[1])
    assert "-fprofile-partial-training" in builds[1]
    assert builds[1][:2] == ["-O3", "-Werror"]  # mypyc's own flags are kept, once
    assert native_build.PLAIN_MARK not in capsys.readouterr().out


@pytest.mark.parametrize("fail_on", ["-fprofile-generate", "-fprofile-use"])
def test_a_failed_guided_build_falls_back_to_the_plain_one_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fail_on: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    builds = _fake_build(monkeypatch, fail_on=fail_on)
    native_build.main(["bansha/engine/state.py"])
    assert builds[-1] == ["-O3", "-Werror"]
    out = capsys.readouterr().out
    assert f"{native_build.PLAIN_MARK} error: command '/usr/bin/gcc' failed" in out


def test_a_failed_training_falls_back_to_the_plain_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    train = native_build.train
    builds = _fake_build(monkeypatch, fail_on=None)
    monkeypatch.setattr(native_build, "TRAINING", (("bench", "nosuch-post"),))
    monkeypatch.setattr(native_build, "train", train)
    native_build.main(["bansha/engine/state.py"])
    assert len(builds) == 2 and builds[-1] == ["-O3", "-Werror"]
    said = [
        line for line in capsys.readouterr().out.splitlines() if native_build.PLAIN_MARK in line
    ]
    assert len(said) == 1 and said[0].startswith(
        f"{native_build.PLAIN_MARK} bansha bench nosuch-post: "
    )


def test_without_gcc_or_when_asked_the_build_is_plain(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    builds = _fake_build(monkeypatch, fail_on=None)
    monkeypatch.setattr(native_build, "is_gcc", lambda: False)
    native_build.main(["bansha/engine/state.py"])
    monkeypatch.setattr(native_build, "is_gcc", lambda: True)
    monkeypatch.setenv(native_build.NO_PROFILE, "1")
    native_build.main(["bansha/engine/state.py"])
    assert builds == [["-O3", "-Werror"], ["-O3", "-Werror"]]


def test_a_compiler_that_does_not_run_is_not_gcc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert native_build.is_gcc() is False


def test_the_plain_build_s_line_becomes_a_warning(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """:func:`bansha.native.build` passes the build script's line on as a :class:`PlainBuild`
    warning, and the build still counts as done (its manifest is written)."""
    package = tmp_path / "bansha"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "state.py").write_text("# state\n", encoding="utf-8")
    script = tmp_path / "script.py"
    script.write_text(
        f"print({native_build.PLAIN_MARK!r} + ' training failed')\n", encoding="utf-8"
    )
    monkeypatch.setattr(native, "PACKAGE", package)
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", package / "native.json")
    monkeypatch.setattr(native, "COMPILED", ("engine/*.py",))
    monkeypatch.setattr(native, "BUILD", script)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert native.build(force=True) is True
    assert [str(w.message) for w in caught if w.category is native.PlainBuild] == [
        "bansha: the profile-guided build failed (training failed); built the plain way"
    ]
    assert (package / "native.json").exists()


def test_the_script_and_the_guard_agree_on_their_words() -> None:
    assert native_build.AS_BUILT == native.AS_BUILT
    assert native_build.PLAIN_MARK == native.PLAIN_MARK
    assert native_build.PROFILE.startswith("build")  # the build folder, never committed


def test_the_training_run_loads_the_library_before_its_manifest_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(native, "current", lambda: False)
    monkeypatch.setattr(native, "_library_present", lambda: True)
    monkeypatch.delenv("BANSHA_PURE", raising=False)
    monkeypatch.setenv(native.AS_BUILT, "1")
    assert native.use_current_code() is True
    monkeypatch.setenv("BANSHA_PURE", "1")  # pure still wins
    meta_path = list(sys.meta_path)
    assert native.use_current_code() is False
    sys.meta_path[:] = meta_path


@pytest.mark.parametrize("command", native_build.TRAINING, ids=" ".join)
def test_every_training_command_runs(command: tuple[str, ...]) -> None:
    """Each command of the training, with one game, is a command line that plays."""
    args = list(command)
    args[args.index("--games") + 1] = "1"
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output


def test_the_command_line_says_a_plain_build_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bansha compile`` tells the user, in the catalogue's words, that the library was built the
    plain way and why (the warning itself is for programs)."""
    from bansha import texts

    def plain(force: bool = False, steps: object = None) -> bool:
        warnings.warn(native.PlainBuild("training failed"), stacklevel=2)
        return True

    monkeypatch.setattr(native, "current", lambda: False)
    monkeypatch.setattr(native, "build", plain)
    result = CliRunner().invoke(app, ["compile"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert texts.CLI_COMPILE_PLAIN.format(reason="training failed") in result.output
