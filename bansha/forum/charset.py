"""Turning a saved or fetched forum page into text, the same way for uploads and fetches.

In order: a byte-order mark; the HTTP header's charset (fetches only); the page's own
``<meta charset>`` or ``<meta http-equiv="Content-Type">``; then detection among the charsets Chinese
forums really use (UTF-8, GBK/GB18030, Big5) with charset-normalizer. A declared charset the bytes
do not fit (a page re-saved in another encoding keeps its old meta) falls through to detection.
GBK and GB2312 are read as GB18030, their superset, and Big5 as Big5-HKSCS, as browsers do.
"""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

from bansha import texts
from bansha.forum.posts import ThreadError

META = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE | re.DOTALL
)
HEADER = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "gb18030": "gb18030",
    "x-gbk": "gb18030",
    "cp936": "gb18030",
    "big5": "big5hkscs",
    "big5-hkscs": "big5hkscs",
    "cp950": "big5hkscs",
}
CANDIDATES = ["utf_8", "gb18030", "big5hkscs"]
SAMPLE = 256 * 1024
"""Bytes handed to detection: enough Chinese text to tell GBK from Big5, fast on a 10 MB page."""
BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def canonical(name: str) -> str | None:
    """The codec bansha reads a declared charset with, or None when Python does not know it."""
    name = name.strip().strip("'\"").lower()
    if name in SUPERSETS:
        return SUPERSETS[name]
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def declared(data: bytes, header: str | None = None) -> str | None:
    """The charset the HTTP header, else the page's first ``<meta>``, declares (if Python knows it)."""
    m = HEADER.search(header or "")
    if m and canonical(m.group(1)):
        return canonical(m.group(1))
    m2 = META.search(data[:4096])
    return canonical(m2.group(1).decode("ascii", "replace")) if m2 else None


def decoded(data: bytes, codec: str) -> str | None:
    """The text, if the bytes are valid in ``codec`` (a last character cut short is replaced),
    else None: one decoding, whether or not the bytes fit."""
    try:
        return data.decode(codec)
    except UnicodeDecodeError as e:
        if e.start >= len(data) - 3 and e.end == len(data):
            return data.decode(codec, errors="replace")
        return None


def fits(data: bytes, codec: str) -> bool:
    """Whether the bytes are valid in ``codec`` (a truncated last character is forgiven)."""
    return decoded(data, codec) is not None


def _guess(data: bytes) -> str:
    """The likelier of GB18030 and Big5 for bytes that are not UTF-8 (charset-normalizer)."""
    best = from_bytes(data[:SAMPLE], cp_isolation=CANDIDATES).best()
    if best is not None and best.encoding in ("gb18030", "big5hkscs"):
        return best.encoding
    return "gb18030"  # what most Chinese forums not in UTF-8 use


def detect(data: bytes) -> str:
    """The likeliest of UTF-8, GB18030 and Big5 for undeclared bytes."""
    return "utf-8" if fits(data, "utf-8") else _guess(data)  # GBK/Big5 is almost never UTF-8


def decode(data: bytes, header: str | None = None) -> str:
    """A page's text: BOM, the header's charset, the page's meta, then detection."""
    for bom, codec in BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(codec, errors="replace")
    named = declared(data, header)
    text = decoded(data, named) if named is not None else None
    if text is None:
        text = decoded(data, "utf-8") if named != "utf-8" else None
    return text if text is not None else data.decode(_guess(data), errors="replace")


def page_text(data: bytes, name: str, header: str | None = None) -> str:
    """An uploaded or saved file's text (``decode``), or a Chinese error that names the file: an
    empty file, or one that is no text at all (a picture, an archive: NUL bytes without a
    UTF-16 byte-order mark)."""
    if not data.strip():
        raise ThreadError(texts.THREAD_FILE_EMPTY.format(name=name))
    utf16 = any(data.startswith(bom) for bom, _ in BOMS[1:])
    if b"\x00" in data[:8192] and not utf16:
        raise ThreadError(texts.THREAD_FILE_BINARY.format(name=name))
    return decode(data, header)
