"""The compiled engine's staleness guard: a process start hashes only the sources whose size or
time moved since the build, and a changed source is still never run compiled."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bansha import native


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package with two compiled sources, the shared library and a manifest of a build."""
    for rel in ("engine/state.py", "engine/game.py", "engine/__init__.py", "sim/play.py"):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {rel}\n", encoding="utf-8")
    suffix = native.importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / f"{native.LIBRARY}{suffix}").write_bytes(b"")
    monkeypatch.setattr(native, "PACKAGE", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "native.json")
    monkeypatch.setattr(native, "COMPILED", ("engine/*.py", "sim/play.py"))
    monkeypatch.setattr(native, "PLAIN", ())
    _write_manifest(tmp_path)
    return tmp_path


def _write_manifest(root: Path, stamps: bool = True) -> None:
    files = native.sources()
    for p in files:  # written a while before the build (a file written just before is hashed)
        st = p.stat()
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns - 100 * 10**9))
    manifest: dict[str, object] = {
        "python": native._python_tag(),
        "sources": {str(p.relative_to(root)): native._digest(p) for p in files},
    }
    if stamps:
        manifest["stamps"] = {str(p.relative_to(root)): native._stamp(p) for p in files}
        manifest["stamped_at"] = native.time.time_ns()
    (root / "native.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_the_sources_are_the_patterns_files_but_init(tree: Path) -> None:
    assert native._source_names() == ["engine/game.py", "engine/state.py", "sim/play.py"]


def test_a_build_of_the_present_sources_is_current(tree: Path) -> None:
    assert native.current()


def test_untouched_sources_are_not_hashed(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def never(path: Path) -> str:
        raise AssertionError(f"{path} hashed")

    monkeypatch.setattr(native, "_digest", never)
    assert native.current()


def test_an_edited_source_is_stale(tree: Path) -> None:
    path = tree / "engine/state.py"
    path.write_text("# engine/STATE.py\n", encoding="utf-8")  # the same size
    assert not native.current()
    path.write_text("x = 1  # an edit of another size\n", encoding="utf-8")
    assert not native.current()


def test_a_source_stamped_as_it_was_written_is_hashed(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest = json.loads((tree / "native.json").read_text(encoding="utf-8"))
    path = tree / "engine/state.py"
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, manifest["stamped_at"]))  # written as the build began
    manifest["stamps"]["engine/state.py"] = native._stamp(path)
    (tree / "native.json").write_text(json.dumps(manifest), encoding="utf-8")
    path.write_text("# engine/STATE.py\n", encoding="utf-8")  # same size, maybe the same tick
    os.utime(path, ns=(st.st_atime_ns, manifest["stamped_at"]))
    assert not native.current()


def test_a_touched_but_unchanged_source_is_hashed_and_current(tree: Path) -> None:
    path = tree / "engine/game.py"
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert native.current()


def test_a_new_or_removed_source_is_stale(tree: Path) -> None:
    (tree / "engine/clock.py").write_text("# new\n", encoding="utf-8")
    assert not native.current()
    (tree / "engine/clock.py").unlink()
    assert native.current()
    (tree / "sim/play.py").unlink()
    assert not native.current()


def test_a_manifest_without_stamps_hashes_every_source(tree: Path) -> None:
    _write_manifest(tree, stamps=False)
    assert native.current()
    (tree / "engine/game.py").write_text("# changed\n", encoding="utf-8")
    assert not native.current()


def test_no_library_no_compiled_engine(tree: Path) -> None:
    for p in native.extensions():
        p.unlink()
    assert not native.current()
