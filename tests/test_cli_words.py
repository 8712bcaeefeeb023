"""Every help text and message of the command line is Chinese, from the one catalogue
(``bansha.texts``): the commands' own words and the command line library's (usage line, headings,
the help option, value placeholders, refusals)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from bansha import texts
from bansha.cli import app

COMMANDS = [
    [],
    ["demo"],
    ["bench"],
    ["simulate"],
    ["compile"],
    ["serve"],
    ["director"],
    ["rotate-key"],
    ["worker"],
    ["verify"],
    ["check"],
    ["mechanics"],
    ["scenario"],
    ["scenario", "run"],
    ["thread"],
    ["thread", "read"],
    ["game"],
    ["game", "new"],
    ["game", "list"],
    ["game", "export"],
    ["game", "import"],
]
NAMES = {
    # the product, commands and option names, protocols and formats, the agents' keys
    "bansha",
    "mypyc",
    "SHA",
    "postgresql",
    "SQLite",
    "HTTP",
    "HTTPS",
    "HSTS",
    "TLS",
    "X-Forwarded-Proto",
    "Cookie",
    "JSON",
    "YAML",
    "HTML",
    "HOST",
    "PORT",
    "http",
    "random",
    "heuristic",
    "dmy",
    "mdy",
    "watch",
    "Asia/Shanghai",
    "clock",
    "no-clock",
    "no-https",
    "missing.htm",
    "x.htm",
    "abc",
    "nosuch",
    *(word for command in COMMANDS for word in command),
}
runner = CliRunner()


def english(output: str) -> list[str]:
    """The words of English left once option names (and a switch's default, which help shows by
    its name) and the names above are taken out."""
    options = set(re.findall(r"(?<![\w-])--?([a-z][a-z-]*)", output))
    plain = re.sub(r"(?<![\w-])--?[a-z][a-z-]*", " ", output)
    words = re.findall(r"[A-Za-z][A-Za-z/_.-]+", plain)
    return [w for w in words if w.strip(".-") not in NAMES | options]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "bansha")
def test_every_help_is_chinese(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "160"}, prog_name="bansha")
    assert result.exit_code == 0, result.output
    assert texts.CLI_USAGE in result.output and texts.CLI_HELP_OPTION in result.output
    assert texts.CLI_FRAMEWORK["Options"] in result.output
    assert english(result.output) == [], result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["thread", "read"], "缺少参数「文件或地址...」"),
        (["thread", "read", "x.htm", "--bogus"], "没有选项 --bogus"),
        (["bench", "-n", "abc"], "应当是整数"),
        (["nosuch"], "没有命令 'nosuch'"),
        (["thread", "read", "missing.htm"], "找不到文件「missing.htm」"),
        (["thread", "read", "x.htm", "--ruleset", "m103"], texts.THREAD_READ_NEEDS_BOTH),
    ],
)
def test_refusals_are_chinese(args: list[str], said: str) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "160"}, prog_name="bansha")
    assert result.exit_code == 2
    assert "".join(said.split()) in "".join(result.output.split())
    assert english(result.output) == [], result.output


def test_a_usage_error_is_one_whole_line_in_a_narrow_terminal() -> None:
    """Click's refusal, worded in Chinese, on a line of its own (no panel folded to the width)."""
    env = {**os.environ, "COLUMNS": "40"}
    command = [sys.executable, "-c", "from bansha.cli import app; app()", "demo", "--seeed", "3"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "错误：没有选项 --seeed。可用的选项：--seed。"
