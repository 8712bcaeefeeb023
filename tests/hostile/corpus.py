"""The hostile corpus: files built to hurt a parser or a game (alias bombs, deep nesting, wrong
types, negative and huge counts, unknown keys, broken templates, binary junk, a huge file), each
with the Chinese words its refusal must contain (a file's first line ``# expect: ...``)."""

from pathlib import Path

HERE = Path(__file__).parent
VARIANTS = sorted((HERE / "variants").glob("*.yaml"))
SCENARIOS = sorted((HERE / "scenarios").glob("*.yaml"))
BINARY = "文件不是UTF-8编码的文本"
HUGE_BYTES = 3 * 1024 * 1024


def expected(path: Path, local: bool = False) -> str:
    """The words the refusal of ``path`` must contain (``local``: read from disk by the command
    line, where a variant may extend a path; a second line ``# expect-local: ...`` says so)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        return BINARY
    assert lines[0].startswith("# expect: "), path
    if local and len(lines) > 1 and lines[1].startswith("# expect-local: "):
        return lines[1].removeprefix("# expect-local: ")
    return lines[0].removeprefix("# expect: ")


def huge_file(folder: Path, scenario: bool = False) -> Path:
    """A syntactically fine file of 3 MB (a long text), written on demand (not kept in the tree)."""
    path = folder / ("huge_scenario.yaml" if scenario else "huge_variant.yaml")
    head = "ruleset: m103\nplayers: [甲]\n" if scenario else "extends: m103\n"
    with path.open("w", encoding="utf-8") as f:
        f.write(head + "title: '" + "长" * (HUGE_BYTES // 3) + "'\n")
    return path


HUGE = "文件过大"
