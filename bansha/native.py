"""The compiled engine: the same Python source, compiled to C extensions with mypyc.

The engine, the mechanics, the rule sets, the random agents and the forum thread reader are plain,
fully typed Python. For speed (the simulator and the benchmarks play thousands of games a second,
a director imports threads of ten thousand floors) they are compiled with
mypyc, which ships with mypy: ``bansha compile`` writes one extension module next
to each source file plus a manifest of the sources' hashes (and each file's size and modification
time, so that a process start hashes only a file that was touched since). Python imports an
extension module in preference to its source, so a compiled module must never outlive an edit of
its source: when the manifest does not match the sources, :func:`use_current_code` makes every
``bansha`` module load from source (and says so once). ``BANSHA_PURE=1`` does the same on purpose (the tests compare the
two). Nothing else changes: compiled or not, a game is the same list of events.

With GCC the C code is compiled guided by a profile of training games (``native_build``): the
build compiles twice and plays a few seconds of games in between, and falls back to the plain
build, with a :class:`PlainBuild` warning, when that fails.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
MANIFEST = PACKAGE / "native.json"

COMPILED = (
    "engine/*.py",
    "mechanics/*.py",
    "sim/agents.py",
    "sim/play.py",
    "sim/heuristic.py",
    "forum/dom.py",
    "forum/page.py",
    "forum/discuz.py",
    "forum/phpwind.py",
    "forum/posts.py",
    "forum/dates.py",
    "forum/threads.py",
    "forum/imports.py",
)
"""Source files compiled, relative to the package (a package's ``__init__`` stays plain)."""
PLAIN = ("engine/errors.py",)
"""Source files that stay plain although a pattern above takes them: classes that plain modules
subclass (a compiled class cannot be subclassed by interpreted code; the data-file schemas'
``DataFileError`` is a ``SetupError``)."""


BUILD = PACKAGE / "native_build.py"
"""The build script, run in a process of its own (it changes how the C compiler is called)."""


class BuildError(RuntimeError):
    """The compiler failed (the source keeps running)."""


class PlainBuild(UserWarning):
    """The profile-guided build was given up and the library built the plain way (the same
    games, a few percent slower): ``reason`` says why (the compiler's or the training's words)."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"bansha: the profile-guided build failed ({reason}); built the plain way")
        self.reason = reason


AS_BUILT = "BANSHA_COMPILED_AS_BUILT"
"""Set to ``1`` by the build script (``native_build.AS_BUILT``) for its training games, which run
on the library it has just built, before :func:`build` writes the manifest: such a process loads
the library present without checking it against the sources."""
PLAIN_MARK = "bansha-build: plain build:"
"""How a line of the build's output that gives up the profile-guided build begins
(``native_build.PLAIN_MARK``)."""
TRAINING_MARK = "bansha-build: training"
"""The line the build script prints when its training games start
(``native_build.TRAINING_MARK``)."""


RACY_NS = 1_000_000_000
"""A source modified less than this before its stamp was taken is hashed at every check."""
LIBRARY = "compiled__mypyc"
"""The name of the one shared library every compiled module is part of (``native_build.GROUP``),
next to the package's modules."""


def _source_names() -> list[str]:
    """:func:`sources`, relative to the package (``engine/state.py``): one directory listing per
    pattern's folder, no walk of the package."""
    plain = set(PLAIN)
    found: set[str] = set()
    listed: dict[str, list[str]] = {}
    for pattern in COMPILED:
        folder, _, name = pattern.rpartition("/")
        names = listed.get(folder)
        if names is None:
            try:
                names = listed[folder] = os.listdir(PACKAGE / folder)
            except OSError:
                names = listed[folder] = []
        for match in fnmatch.filter(names, name):
            rel = f"{folder}/{match}"
            if match != "__init__.py" and rel not in plain:
                found.add(rel)
    return sorted(found)


def sources() -> list[Path]:
    """The source files that are compiled, in a stable order."""
    return [PACKAGE / rel for rel in _source_names()]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stamp(path: Path) -> list[int]:
    """A file's size and modification time (ns): what a process start compares before hashing."""
    st = path.stat()
    return [st.st_size, st.st_mtime_ns]


def extensions() -> list[Path]:
    """The compiled extension files present in the package (and mypyc's shared library)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in PACKAGE.rglob("*") if p.name.endswith(suffixes))


def _library_present() -> bool:
    """Whether the compiled modules' shared library is there (what :func:`extensions` would find
    first, without walking the package)."""
    return any(
        (PACKAGE / f"{LIBRARY}{suffix}").exists()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def current() -> bool:
    """Whether compiled modules exist and were built from exactly the present sources.

    The manifest holds each source's hash, size and modification time as they were when the
    build began; a source whose size and time are still those, and whose time was then more than
    :data:`RACY_NS` old, is the file that was hashed, and only another is hashed again (an edit
    undone since is still current). A manifest without sizes and times has every source hashed."""
    if not MANIFEST.exists() or not _library_present():
        return False
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    hashes = built.get("sources")
    stamps = built.get("stamps") or {}
    if built.get("python") != _python_tag() or not isinstance(hashes, dict):
        return False
    # a file modified within a second of its stamp could be edited again within the same tick
    # of the file system's clock, size unchanged: such a file is hashed
    settled = int(built.get("stamped_at") or 0) - RACY_NS
    names = _source_names()
    if len(names) != len(hashes):
        return False
    for rel in names:
        want = hashes.get(rel)
        if want is None:
            return False
        path = PACKAGE / rel
        try:
            stamp = _stamp(path)
            if stamps.get(rel) == stamp and stamp[1] < settled:
                continue
            if _digest(path) != want:
                return False
        except OSError:
            return False
    return True


def _python_tag() -> str:
    return f"{sys.implementation.cache_tag}-{sys.platform}"


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds ``bansha`` modules from their ``.py`` files, never from a compiled extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source spec of a ``bansha`` submodule, or None to let the next finder look."""
        if not fullname.startswith("bansha.") or path is None:
            return None
        details = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, details).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def use_current_code() -> bool:
    """Load compiled modules only when they match the sources; return whether they will be used."""
    pure = os.environ.get("BANSHA_PURE", "") not in ("", "0")
    if not pure and (current() or (os.environ.get(AS_BUILT) == "1" and _library_present())):
        return True
    # decided once per process: a compiled module that appears later (a build finishing while
    # this process runs) is never mixed with the source modules already loaded
    if not any(isinstance(f, _SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnly())
    if not pure and extensions():
        warnings.warn(
            "bansha: the compiled engine is older than its source; running the source "
            "(rebuild with: bansha compile)",
            stacklevel=2,
        )
    return False


class BuildSteps:
    """What a build is doing, read from its output line by line: ``generate`` (mypyc checks the
    types and writes the C code, printing nothing), then ``compile`` (the C compiler, ``files``
    compiled so far), then ``link`` (the extension modules written); in a profile-guided build
    then ``train`` (the training games run on that library) and ``tuned`` (the C compiled again
    by what the training measured, ``files`` counted afresh), and ``link`` again."""

    def __init__(self) -> None:
        self.stage = "generate"
        self.files = 0
        self.trained = False

    def read(self, line: str) -> bool:
        """Take one line of the build's output; whether the step or the count moved."""
        words = line.split()
        compiling = "tuned" if self.trained else "compile"
        if line.startswith(TRAINING_MARK):
            self.stage, self.files, self.trained = "train", 0, True
        elif line.startswith("running build_ext"):
            self.stage = compiling
        elif "-shared" in words:
            self.stage = "link"
        elif "-c" in words and "-o" in words:
            self.stage, self.files = compiling, self.files + 1
        else:
            return False
        return True


def build(force: bool = False, steps: Callable[[BuildSteps], None] | None = None) -> bool:
    """Compile the modules in place unless they are current; return whether it compiled.
    ``steps`` is told each time the build moves on (:class:`BuildSteps`)."""
    if not force and current():
        return False
    clean()
    # the hashes of what is compiled, taken before compiling: a file edited meanwhile is stale
    # (its time moves, so it is hashed again and differs)
    stamped_at = time.time_ns()
    stamps = {str(p.relative_to(PACKAGE)): _stamp(p) for p in sources()}
    built = {str(p.relative_to(PACKAGE)): _digest(p) for p in sources()}
    files = [str(p.relative_to(ROOT)) for p in sources()]
    env = {**os.environ, "BANSHA_PURE": "1", "PYTHONUNBUFFERED": "1"}  # each line as it comes
    done = subprocess.Popen(
        [sys.executable, str(BUILD), *files],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    reading = BuildSteps()
    assert done.stdout is not None
    for line in done.stdout:
        lines.append(line.rstrip("\n"))
        if reading.read(line) and steps is not None:
            steps(reading)
    if done.wait() != 0:
        clean()
        errors = [line for line in lines if "error:" in line] or lines[-1:] or ["mypyc failed"]
        raise BuildError("; ".join(errors[:3]))
    for line in lines:
        if line.startswith(PLAIN_MARK):
            reason = line[len(PLAIN_MARK) :].strip()
            warnings.warn(PlainBuild(reason), stacklevel=2)
    manifest = {
        "python": _python_tag(),
        "sources": built,
        "stamps": stamps,
        "stamped_at": stamped_at,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return True


def clean() -> None:
    """Remove every compiled module and the manifest (the source alone runs)."""
    for p in extensions():
        p.unlink(missing_ok=True)
    MANIFEST.unlink(missing_ok=True)
