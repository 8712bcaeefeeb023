"""Private links: tokens sealed with the installation's key so the director can see them again.

Only a token's SHA-256 decides who holds a seat (``SeatRecord.token_hash``); beside it the token
itself is kept encrypted (Fernet, keyed from ``SECRET_KEY`` and its fallbacks), so the director's
console can list every seat's link, copy it or show its QR code at any time, while a copy of the
database without the key reads none. After a key rotation without the old key as a fallback, a
link cannot be shown any more: the console offers to make a new one (「重新生成链接」).
"""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings


def _fernet(secret: str) -> Fernet:
    digest = hashlib.sha256(b"bansha-private-links:" + secret.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def _keys() -> MultiFernet:
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return MultiFernet([_fernet(str(s)) for s in secrets])


def seal(token: str) -> str:
    """The token encrypted with the current key."""
    return _keys().encrypt(token.encode()).decode()


def unseal(sealed: str) -> str | None:
    """The token, or None when it was sealed with a key this installation no longer has."""
    if not sealed:
        return None
    try:
        return _keys().decrypt(sealed.encode()).decode()
    except InvalidToken:
        return None
