"""The hostile corpus: files built to hurt a parser or a game (alias bombs, deep nesting, wrong
types, negative and huge counts, unknown keys, broken templates, binary junk, a huge file), each
with the Chinese words its refusal must contain (a file's first line ``# expect: ...``)."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml

HERE = Path(__file__).parent
VARIANTS = sorted((HERE / "variants").glob("*.yaml"))
SCENARIOS = sorted((HERE / "scenarios").glob("*.yaml"))
BINARY = "文件不是UTF-8编码的文本"
HUGE_BYTES = 3 * 1024 * 1024
BASE64_SERVER = "BASE64_SERVER"


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


@dataclass(frozen=True)
class HostileThread:
    """A file of the hostile-thread corpus and what bansha must answer (``threads.yaml``)."""

    path: Path
    refuse: str | None
    """Words of the Chinese refusal (None: the file is read)."""
    floors: int
    unknown: tuple[int, ...]
    """Floors whose time cannot be read: listed with their raw text, never dropped."""


def hostile_threads() -> list[HostileThread]:
    """The hostile-thread corpus, as its manifest describes it."""
    manifest = yaml.safe_load((HERE / "threads.yaml").read_text(encoding="utf-8"))
    return [
        HostileThread(
            HERE / "threads" / name,
            want.get("refuse"),
            int(want.get("floors", 0)),
            tuple(want.get("unknown", ())),
        )
        for name, want in sorted(manifest.items())
    ]


THREADS = hostile_threads()


HOSTILE_FETCHES = [
    ("port", "http://bbs.example.cn:99999/forum.php?tid=1", "", "端口「99999」"),
    ("nat64", "http://[64:ff9b::7f00:1]/forum.php?tid=1", "", "不能读取内网地址"),
    ("6to4", "http://[2002:7f00:1::1]/forum.php?tid=1", "", "不能读取内网地址"),
    ("mapped", "http://[::ffff:10.0.0.1]/forum.php?tid=1", "", "不能读取内网地址"),
    ("cookie-crlf", "http://bbs.example.cn/forum.php?tid=1", "a=1\r\nX-Evil: 1", "换行"),
    ("cookie-chinese", "http://bbs.example.cn/forum.php?tid=1", "a=值", "中文"),
    ("base64", BASE64_SERVER, "", "论坛服务器声明的字符编码「base64」"),
]
"""Thread addresses and forum cookies a director could type (id, address, cookie, words of the
Chinese refusal): refused before anything is sent, or as soon as the server answers.
``BASE64_SERVER`` stands for a local server that names base64 as its pages' charset."""


class _Base64Charset(BaseHTTPRequestHandler):
    """A server that names base64 as its pages' charset."""

    def do_GET(self) -> None:
        body = b"<html><body><div>x</div></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=base64")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet."""


@contextmanager
def base64_server() -> Iterator[str]:
    """The address of a thread on a local server that names base64 as its charset."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Base64Charset)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid=1"
    finally:
        server.shutdown()
