"""Private links: tokens sealed with the installation's key so the director can see them again.

Only a token's SHA-256 decides who holds a seat (``SeatRecord.token_hash``); beside it the token
itself is kept encrypted (Fernet, keyed from ``SECRET_KEY`` and its fallbacks), so the director's
console can list every seat's link, copy it or show its QR code at any time, while a copy of the
database without the key reads none. After a key rotation without the old key as a fallback, a
link cannot be shown any more: the console offers to make a new one (「重新生成链接」).

Rotation re-seals (``reseal_all``, run by ``bansha rotate-key``): every stored token is decrypted
with whichever of the installation's keys sealed it and encrypted again under the current one
(``MultiFernet.rotate``), so once the previous key is dropped nothing stored is readable with it.
A leaked key with an old copy of the database still opens the links sealed then: re-issuing every
live link (``GameService.reissue_running_games``, ``bansha rotate-key --reissue-links``, the console's
「重新生成全部链接」) makes those links worthless.
"""

from __future__ import annotations

import base64
import hashlib
from typing import NamedTuple

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.db import transaction

from bansha.store.models import SeatRecord


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


class Resealed(NamedTuple):
    """What ``reseal_all`` did: tokens sealed again under the current key, and tokens no key of
    the installation could open (sealed under a key dropped before) or of revoked links, which
    were removed."""

    resealed: int
    removed: int


def reseal_all() -> Resealed:
    """Every stored token sealed again under the current key (``MultiFernet.rotate``: opened with
    whichever of the installation's keys sealed it). A revoked link's token serves nothing and
    one no key opens is unreadable for good: both are removed, so nothing stored stays readable
    with a key the installation drops."""
    keys = _keys()
    resealed = removed = 0
    with transaction.atomic():
        rows = SeatRecord.objects.select_for_update().exclude(token_sealed="")
        for row_id, sealed, revoked in rows.values_list("id", "token_sealed", "revoked"):
            new = ""
            if not revoked:
                try:
                    new = keys.rotate(sealed.encode()).decode()
                except InvalidToken:
                    new = ""
            SeatRecord.objects.filter(id=row_id).update(token_sealed=new)
            if new:
                resealed += 1
            else:
                removed += 1
    return Resealed(resealed, removed)
