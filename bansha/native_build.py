"""The compiler's build script, run by :func:`bansha.native.build` in a process of its own:
``python native_build.py FILE...`` compiles the given sources with mypyc into one shared library
(``bansha.compiled``) in place.

mypyc writes one C file per module (``multi_file``): smaller files cost the C compiler less time
in all than one very large file, and the files are compiled side by side on every core, where the
standard build compiles an extension's files one after another.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mypyc.build import mypycify
from setuptools import setup
from setuptools._distutils import ccompiler

GROUP = "bansha.compiled"
"""The one library every compiled module is part of (``bansha/compiled__mypyc``)."""
HEADERS = os.path.join("build", "bansha")
"""Where mypyc writes the group's header files, which each module's C file includes."""


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


def main(files: list[str]) -> None:
    """Compile ``files`` (paths relative to the checkout) in place."""
    modules = mypycify(files, group_name=GROUP, opt_level="3", multi_file=True)
    for module in modules:
        module.include_dirs.append(HEADERS)
    ccompiler.CCompiler.compile = compile_side_by_side
    setup(name="bansha-compiled", ext_modules=modules, script_args=["build_ext", "--inplace"])


if __name__ == "__main__":
    main(sys.argv[1:])
