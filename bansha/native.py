"""The compiled engine: the same Python source, compiled to C extensions with mypyc.

The engine, the mechanics, the rule sets, the random agents and the forum thread reader are plain,
fully typed Python. For speed (the simulator and the benchmarks play thousands of games a second,
a director imports threads of ten thousand floors) they are compiled with
mypyc, which ships with mypy: ``bansha compile`` writes one extension module next
to each source file plus a manifest of the sources' hashes. Python imports an extension module in
preference to its source, so a compiled module must never outlive an edit of its source: when the
manifest does not match the sources, :func:`use_current_code` makes every ``bansha`` module load
from source (and says so once). ``BANSHA_PURE=1`` does the same on purpose (the tests compare the
two). Nothing else changes: compiled or not, a game is the same list of events.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import subprocess
import sys
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


def sources() -> list[Path]:
    """The source files that are compiled, in a stable order."""
    found = {p for pattern in COMPILED for p in PACKAGE.glob(pattern)}
    plain = {PACKAGE / p for p in PLAIN}
    return sorted(p for p in found if p.name != "__init__.py" and p not in plain)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extensions() -> list[Path]:
    """The compiled extension files present in the package (and mypyc's shared library)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in PACKAGE.rglob("*") if p.name.endswith(suffixes))


def current() -> bool:
    """Whether compiled modules exist and were built from exactly the present sources."""
    if not MANIFEST.exists() or not extensions():
        return False
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    want = {str(p.relative_to(PACKAGE)): _digest(p) for p in sources()}
    return bool(built.get("sources") == want and built.get("python") == _python_tag())


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
    if not pure and current():
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
    compiled so far), then ``link`` (the extension modules written)."""

    def __init__(self) -> None:
        self.stage = "generate"
        self.files = 0

    def read(self, line: str) -> bool:
        """Take one line of the build's output; whether the step or the count moved."""
        words = line.split()
        if line.startswith("running build_ext"):
            self.stage = "compile"
        elif "-shared" in words:
            self.stage = "link"
        elif "-c" in words and "-o" in words:
            self.stage, self.files = "compile", self.files + 1
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
    manifest = {
        "python": _python_tag(),
        "sources": built,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return True


def clean() -> None:
    """Remove every compiled module and the manifest (the source alone runs)."""
    for p in extensions():
        p.unlink(missing_ok=True)
    MANIFEST.unlink(missing_ok=True)
