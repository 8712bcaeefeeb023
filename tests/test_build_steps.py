"""What ``bansha compile`` shows while it builds (the first ``bansha serve`` runs it): the step the
build is on, read from the build's output as it comes, and the time taken, instead of a promise
of 「约一分钟」 that a slower machine broke."""

from __future__ import annotations

from bansha import native_build, texts
from bansha.native import TRAINING_MARK, BuildSteps

OUTPUT = [
    "running build_ext",
    "building 'bansha__mypyc' extension",
    "creating build/temp.linux-x86_64-cpython-311/build",
    "gcc -fwrapv -O3 -Wall -fPIC -Ibuild -c build/__native_bansha.c -o build/t/__native.o",
    "x86_64-linux-gnu-gcc -fwrapv -O3 -fPIC -c lib-rt/init.c -o build/t/init.o",
    "gcc -shared build/t/__native.o build/t/init.o -o build/lib/bansha__mypyc.so",
    "building 'bansha.engine.state' extension",
    "gcc -fwrapv -O3 -fPIC -c build/bansha/engine/state.c -o build/t/state.o",
    "gcc -shared build/t/state.o -o bansha/engine/state.so",
]


def steps_shown(lines: list[str]) -> list[tuple[str, int]]:
    """The step and file count shown after each line of ``lines`` that moved them."""
    steps = BuildSteps()
    assert steps.stage == "generate"  # mypyc checks and writes C before printing anything
    return [(steps.stage, steps.files) for line in lines if steps.read(line)]


def test_the_build_s_steps_are_read_from_its_output_line_by_line() -> None:
    assert steps_shown(OUTPUT) == [
        ("compile", 0),
        ("compile", 1),
        ("compile", 2),
        ("link", 2),
        ("compile", 3),
        ("link", 3),
    ]


def test_a_guided_build_shows_its_training_and_its_second_compile() -> None:
    assert steps_shown([*OUTPUT[:6], TRAINING_MARK, *OUTPUT[:6]]) == [
        ("compile", 0),
        ("compile", 1),
        ("compile", 2),
        ("link", 2),
        ("train", 0),
        ("tuned", 0),
        ("tuned", 1),
        ("tuned", 2),
        ("link", 2),
    ]
    assert TRAINING_MARK == native_build.TRAINING_MARK  # the script prints what is read


def test_every_step_has_its_words_and_none_promises_a_time() -> None:
    assert set(texts.CLI_COMPILE_STEPS) == {"generate", "compile", "link", "train", "tuned"}
    assert "{files}" in texts.CLI_COMPILE_STEPS["compile"]
    assert "{files}" in texts.CLI_COMPILE_STEPS["tuned"]
    assert "约一分钟" not in texts.CLI_COMPILING
    assert texts.CLI_COMPILED.format(minutes=1, seconds=52) == "编译完成，用时1分52秒"
