"""The compiler's build script, run by :func:`bansha.native.build` in a process of its own:
``python native_build.py FILE...`` compiles the given sources with mypyc into one shared library
(``bansha.compiled``) in place.

mypyc writes one C file per module (``multi_file``): smaller files cost the C compiler less time
in all than one very large file, and the files are compiled side by side on every core, where the
standard build compiles an extension's files one after another.

With GCC the library is built guided by a profile of real games (:data:`TRAINING`): a first
build counts what each branch and call of the C code does while the training games run, and the
second, the library kept, lays out and inlines the code by those counts (``-fprofile-use``),
optimised as one program at link time (:data:`OPTIMISED`).
Should the instrumented build, its training or the compiler's reading of the counts fail, or the
compiler not be GCC, the library is built the plain way, and the build's output says so (a line
starting with :data:`PLAIN_MARK`, which :func:`bansha.native.build` passes on).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mypyc.build import mypycify
from setuptools import setup
from setuptools._distutils import ccompiler

GROUP = "bansha.compiled"
"""The one library every compiled module is part of (``bansha/compiled__mypyc``)."""
HEADERS = os.path.join("build", "bansha")
"""Where mypyc writes the group's header files, which each module's C file includes."""
PROFILE = os.path.join("build", "profile")
"""Where the instrumented library writes its counts (one ``.gcda`` file per object file), read
by the second build; emptied before each instrumented build."""
AS_BUILT = "BANSHA_COMPILED_AS_BUILT"
"""The variable that makes a process load the library just built before its manifest is written
(``bansha.native.AS_BUILT``): the training games run on the instrumented library."""
PLAIN_MARK = "bansha-build: plain build:"
"""How the build's output begins the line that says the profile-guided build was given up."""
TRAINING_MARK = "bansha-build: training"
"""The line the build prints when the training games start (``native.TRAINING_MARK``)."""
NO_PROFILE = "BANSHA_NO_PROFILE"
"""Set (to anything but ``0``) to build the plain way at once."""

TRAINING: tuple[tuple[str, ...], ...] = tuple(
    command
    for post in ("m103", "bs46", "m186", "xxxii", "werewolf9")
    for command in (
        ("bench", post, "--games", "300", "--seed", "100000", "--no-memory"),
        ("simulate", post, "--games", "30", "--seed", "100000", "--impact-games", "0"),
    )
)
"""The training games, as ``bansha`` commands: random games (what ``bansha bench`` plays) and
heuristic ones (``bansha simulate``) of the main posts, on seeds apart from the benchmarks'.
Code they do not reach (the forum reader) is compiled as in the plain build
(``-fprofile-partial-training``)."""
OPTIMISED = ("-flto=auto", "-fno-semantic-interposition", "-fno-plt")
"""The flags of the guided build besides the profile's, at compile and link time: the C files
are optimised as one program when the library is linked (``-flto``, a job per core), a call of a
function of the library is a direct call that may be inlined (the library is never interposed:
``-fno-semantic-interposition``), and a call into Python goes straight through its address
(``-fno-plt``)."""
TRAINING_TIMEOUT = 300
"""Seconds one training command may take before the plain build is made instead."""


def compile_side_by_side(
    self: ccompiler.CCompiler,
    sources: list[str],
    output_dir: str | None = None,
    macros: Any = None,
    include_dirs: Any = None,
    debug: bool = False,
    extra_preargs: Any = None,
    extra_postargs: Any = None,
    depends: Any = None,
) -> list[str]:
    """``CCompiler.compile`` with each source compiled in a thread of its own, one per core."""
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs
    )
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj: str) -> None:
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(one, objects))
    return list(objects)


def is_gcc() -> bool:
    """Whether the C compiler extensions are built with is GCC (whose profile files the
    profile-guided build reads; clang's need a tool of their own)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    cc = os.environ.get("CC", "").split() or cc
    try:
        out = subprocess.run([*cc, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "Free Software Foundation" in out.stdout


Build = Callable[[list[str], list[str]], None]
"""Compile and link the library with these extra compile and link flags."""


def builder(modules: list[Any]) -> Build:
    """The :data:`Build` of ``modules``: mypyc's flags and the given ones, every object compiled
    again (``--force``: setuptools would otherwise keep objects or a library of other flags);
    a failure raises ``SystemExit``."""
    own = [(list(m.extra_compile_args), list(m.extra_link_args)) for m in modules]

    def build(compile_args: list[str], link_args: list[str]) -> None:
        for module, (compile_own, link_own) in zip(modules, own, strict=True):
            module.extra_compile_args = [*compile_own, *compile_args]
            module.extra_link_args = [*link_own, *link_args]
        setup(
            name="bansha-compiled",
            ext_modules=modules,
            script_args=["build_ext", "--inplace", "--force"],
        )

    return build


def train() -> None:
    """Run :data:`TRAINING` on the library just built, from the checkout (raises on failure)."""
    env = {key: value for key, value in os.environ.items() if key != "BANSHA_PURE"}
    env[AS_BUILT] = "1"
    for command in TRAINING:
        subprocess.run(
            [sys.executable, "-m", "bansha.cli", *command],
            env=env,
            check=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TRAINING_TIMEOUT,
        )


def guided(build: Build) -> None:
    """The profile-guided build: instrumented, trained, then built again by the counts."""
    profile = os.path.abspath(PROFILE)
    shutil.rmtree(profile, ignore_errors=True)
    os.makedirs(profile)
    instrumented = [*OPTIMISED, f"-fprofile-generate={profile}"]
    build(instrumented, instrumented)
    print(TRAINING_MARK, flush=True)
    train()
    # code the training never ran has no counts and is compiled as in a build without them; the
    # notes of the link-time pass about such code are no error (mypyc's -Werror stays in force
    # for the instrumented build, which compiles the same C)
    use = [
        *OPTIMISED,
        f"-fprofile-use={profile}",
        "-fprofile-partial-training",
        "-Wno-missing-profile",
        "-Wno-error",
    ]
    build(use, use)


def _reason(error: BaseException) -> str:
    """The failed training command and the last line it wrote, or the error itself."""
    if isinstance(error, subprocess.CalledProcessError) and error.output:
        last = error.output.strip().splitlines()[-1]
        return f"bansha {' '.join(error.cmd[3:])}: {last}"
    return str(error)


def main(files: list[str]) -> None:
    """Compile ``files`` (paths relative to the checkout) in place."""
    # no debugging information (-g0): less for the compiler to write and the link-time pass to read
    modules = mypycify(files, group_name=GROUP, opt_level="3", debug_level="0", multi_file=True)
    for module in modules:
        module.include_dirs.append(HEADERS)
    ccompiler.CCompiler.compile = compile_side_by_side
    build = builder(modules)
    if os.environ.get(NO_PROFILE, "") in ("", "0") and is_gcc():
        try:
            guided(build)
            return
        except (SystemExit, OSError, subprocess.SubprocessError) as e:
            print(f"{PLAIN_MARK} {_reason(e)}", flush=True)
    build([], [])


if __name__ == "__main__":
    main(sys.argv[1:])
