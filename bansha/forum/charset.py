"""Turning a saved or fetched forum page into text, the same way for uploads and fetches.

In order: a byte-order mark; the HTTP header's charset (fetches only); the page's own
``<meta charset>`` or ``<meta http-equiv="Content-Type">``; then detection among the charsets Chinese
forums really use (UTF-8, GBK/GB18030, Big5) with charset-normalizer. A declared charset the bytes
do not fit (a page re-saved in another encoding keeps its old meta) falls through to detection.
GBK and GB2312 are read as GB18030, their superset, and Big5 as Big5-HKSCS, as browsers do.
A page saved as XHTML may declare its charset only in its XML declaration
(``<?xml version="1.0" encoding="gbk"?>``), read after the meta.

Only the text encodings web pages are written in (the WHATWG Encoding Standard's, as Python
names them) decode a page: a declared codec that is not one (``base64``, ``rot13``, ``hex``,
``zlib``, ``punycode``, ``utf-7``…) is refused by name, never run on the page's bytes.
"""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

from bansha import texts
from bansha.forum.errors import ThreadError

XML_DECLARATION = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']\s*([A-Za-z0-9_.:-]+)""")
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


WEB_LABELS = (
    "utf-8", "utf-16-le", "utf-16-be", "utf-16", "gb18030", "big5hkscs", "shift_jis", "euc_jp",
    "iso2022_jp", "euc_kr", "cp949", "cp866", "cp874", "koi8_r", "koi8_u", "mac_roman",
    "mac_cyrillic", "ascii", "latin-1", *(f"cp{n}" for n in range(1250, 1259)),
    *(f"iso8859_{n}" for n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16)),
)  # fmt: skip
WEB_CODECS = frozenset(codecs.lookup(label).name for label in WEB_LABELS)
"""The text encodings a web page may be written in (the WHATWG Encoding Standard's)."""


class NotText(ThreadError):
    """A page or server declared a codec that is no web text encoding (named in the message)."""


def canonical(name: str, source: str = texts.THREAD_CHARSET_PAGE) -> str | None:
    """The codec bansha reads a declared charset with, or None when Python does not know it (the
    bytes are then detected, as a browser does with a label it does not know); a codec that is
    no web text encoding raises ``NotText`` naming it and who declared it (``source``)."""
    name = name.strip().strip("'\"").lower()
    if name in SUPERSETS:
        return SUPERSETS[name]
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        return None
    if codec not in WEB_CODECS:
        raise NotText(texts.THREAD_CHARSET_NOT_TEXT.format(source=source, name=name))
    return codec


def declared(data: bytes, header: str | None = None) -> str | None:
    """The charset the HTTP header, else the page's first ``<meta>``, else its XML declaration
    declares (if Python knows it)."""
    m = HEADER.search(header or "")
    if m:
        named = canonical(m.group(1), texts.THREAD_CHARSET_SERVER)
        if named:
            return named
    for pattern in (META, XML_DECLARATION):
        found = pattern.search(data[:4096])
        if found:
            named = canonical(found.group(1).decode("ascii", "replace"))
            if named:  # a page that says it is UTF-16 in its own bytes is not (WHATWG): UTF-8
                return "utf-8" if named.startswith("utf-16") else named
    return None


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
