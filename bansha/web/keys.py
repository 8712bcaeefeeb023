"""The installation's secret key: its own, made on first run, readable by its owner only.

Django signs with it what must not be forged (session data, password-reset tokens, the login's
session hash). A key that was ever published is refused: one was once shipped with the code, so
anyone could sign with it. Rotation keeps the previous key as a fallback (``SECRET_KEY_FALLBACKS``)
until it is dropped, so nobody is logged out by the rotation itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from pathlib import Path

from bansha import texts

KEY_FILE = "secret_key"
PREVIOUS_FILE = "secret_key.previous"

BURNT = frozenset({"09671e673c6571cdbcdfc66ad10cbbb3f61b07353cdfd34f61d5277f8dd9c1ef"})
"""SHA-256 of every key that was ever published (the key itself is not kept here)."""


def installation_home() -> Path:
    """The installation's folder (``BANSHA_HOME``, default ``./.bansha``), made if missing,
    readable by its owner only (0700)."""
    home = Path(os.environ.get("BANSHA_HOME", Path.cwd() / ".bansha")).resolve()
    if not home.exists():
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
    return home


OWNER_ONLY_FILE = 0o600
OWNER_ONLY_FOLDER = 0o700


def tighten_home(home: Path) -> list[str]:
    """Make everything under the installation's folder readable by its owner only: the folder
    and every folder in it 0700, every file 0600 (the database and its WAL and SHM files, the
    key, anything else kept there). Returns, in Chinese, a warning for each one that was looser
    (another user of the machine could have read it), empty when none was."""
    warnings = []
    places = [home, *sorted(home.rglob("*"))] if home.is_dir() else []
    for path in places:
        try:
            mode = path.lstat().st_mode
        except FileNotFoundError:  # gone meanwhile (a WAL file checkpointed away)
            continue
        if stat.S_ISLNK(mode) or not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
            continue
        wanted = OWNER_ONLY_FOLDER if stat.S_ISDIR(mode) else OWNER_ONLY_FILE
        if stat.S_IMODE(mode) & 0o077:
            path.chmod(wanted)
            warnings.append(
                texts.HOME_TOO_OPEN.format(
                    path=path, mode=f"{stat.S_IMODE(mode):04o}", wanted=f"{wanted:04o}"
                )
            )
    return warnings


class BurntKey(Exception):
    """The configured secret key was published: refuse to run with it."""


def is_burnt(key: str) -> bool:
    """Whether ``key`` is one that was published."""
    return hashlib.sha256(key.strip().encode()).hexdigest() in BURNT


def _write_new(path: Path) -> None:
    """Write a fresh key to ``path`` (mode 0600) unless another process just did: the key is
    complete before the name appears, so a process starting beside this one never reads half."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(50) + "\n")
        with contextlib.suppress(FileExistsError):  # another process made it first: use that
            os.link(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _read(path: Path) -> str:
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)  # readable by its owner only
    return path.read_text().strip()


def secret_keys(home: Path, environ: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The key to sign with and the previous keys still accepted (``SECRET_KEY_FALLBACKS``).

    From ``BANSHA_SECRET_KEY`` (and ``BANSHA_SECRET_KEY_FALLBACKS``, comma separated) when set,
    else ``home/secret_key`` (made on first run) and ``home/secret_key.previous``. BurntKey: the
    key was published."""
    env = os.environ if environ is None else environ
    if env.get("BANSHA_SECRET_KEY"):
        key, where = env["BANSHA_SECRET_KEY"], "BANSHA_SECRET_KEY"
        fallbacks = [k for k in env.get("BANSHA_SECRET_KEY_FALLBACKS", "").split(",") if k]
    else:
        path = home / KEY_FILE
        if not path.exists():
            _write_new(path)
        key, where = _read(path), str(path)
        previous = home / PREVIOUS_FILE
        fallbacks = _read(previous).split() if previous.exists() else []
    if not key or is_burnt(key):
        raise BurntKey(texts.BURNT_KEY.format(path=where))
    return key, [k for k in fallbacks if not is_burnt(k)]


def rotate(home: Path, drop_previous: bool = False) -> str:
    """Make a new key, keeping the current one as the previous (still accepted); or, with
    ``drop_previous``, forget the previous key. Returns what was done, in Chinese."""
    path, previous = home / KEY_FILE, home / PREVIOUS_FILE
    if drop_previous:
        previous.unlink(missing_ok=True)
        return texts.KEY_DROPPED.format(previous=previous)
    if path.exists():
        old = _read(path)
        tmp = previous.with_name(f".{previous.name}.{secrets.token_hex(6)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write("" if is_burnt(old) else old + "\n")
        os.replace(tmp, previous)
        path.unlink()
    _write_new(path)
    return texts.KEY_ROTATED.format(path=path, previous=previous)
