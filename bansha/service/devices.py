"""The devices that opened a seat's private link.

Each browser that opens a seat's link gets a device key in its session; the console lists a live
link's devices (how often each opened the link, when each was last seen) and the director can
sign one out: that browser holds the seat no more (its pages and live sockets close), while the
link stays good, so a player signed out by mistake opens it again. A leaked link is replaced
with 「重新生成链接」, which ends every device of the old one at once.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db.models import F
from ua_parser import parse

from bansha import texts
from bansha.store.models import DeviceRecord, SeatRecord

KEY_BYTES = 16
"""A device key's randomness (it is held in the browser's server-side session only)."""
SEEN_EVERY = timedelta(minutes=5)
"""How stale a device's 「最近访问」 may get before a request of it writes the time again (a page
or a live push; not one write per request)."""


def label(user_agent: str) -> str:
    """What a browser says it is, as the console shows it: its system and browser (「iOS · WeChat
    Browser」, 「Windows · Chrome」), read by ua-parser; 未知设备 when it says nothing known."""
    found = parse(user_agent[:1000]) if user_agent else None
    parts = [
        part.family
        for part in (found.os if found else None, found.user_agent if found else None)
        if part is not None and part.family and part.family != "Other"
    ]
    return " · ".join(parts)[:60] if parts else texts.DEVICE_UNKNOWN


def opened(
    game_id: str,
    seat: int,
    token_hash: str,
    device: str | None,
    user_agent: str,
    now: datetime,
    session: str = "",
) -> str | None:
    """A browser opened the live link ``token_hash`` of ``seat``: the same device again (its
    session's ``device`` still holds that link) counts one more opening, any other is a new
    device. Returns the device key its session keeps, None when the link is not live.
    ``session``: the session that holds it, as the session table keys it (empty: not known)."""
    link = SeatRecord.objects.filter(
        game_id=game_id, seat=seat, token_hash=token_hash, revoked=False
    ).first()
    if link is None:
        return None
    if device is not None:
        same = DeviceRecord.objects.filter(link=link, key=device, signed_out=False)
        if same.update(opened=F("opened") + 1, last_seen=now, session=session):
            return device
    key = secrets.token_hex(KEY_BYTES)
    DeviceRecord.objects.create(
        link=link,
        key=key,
        label=label(user_agent),
        first_seen=now,
        last_seen=now,
        session=session,
    )
    return key


def seen(device: str, last_seen: datetime, now: datetime) -> None:
    """A request of ``device`` (its last visit ``last_seen``): record the visit when the one
    recorded is older than ``SEEN_EVERY``."""
    if now - last_seen >= SEEN_EVERY:
        DeviceRecord.objects.filter(key=device).update(last_seen=now)


def release(device: str) -> None:
    """A browser left the seat ``device`` held (it switched to another seat of the game): it is
    listed no more."""
    DeviceRecord.objects.filter(key=device).update(signed_out=True)


def signed_out(game_id: str, token_hash: str, device: str) -> SeatRecord | None:
    """The live link ``token_hash`` when ``device`` is one of its browsers that the director
    signed out; else None."""
    row = (
        DeviceRecord.objects.filter(
            key=device,
            signed_out=True,
            link__game_id=game_id,
            link__token_hash=token_hash,
            link__revoked=False,
        )
        .select_related("link")
        .first()
    )
    return None if row is None else row.link


def of_links(game_id: str) -> dict[int, list[DeviceRecord]]:
    """Each live link's devices not signed out, by seat, most recently seen first."""
    out: dict[int, list[DeviceRecord]] = {}
    rows = DeviceRecord.objects.filter(
        link__game_id=game_id, link__revoked=False, signed_out=False
    ).select_related("link")
    for row in rows.order_by("-last_seen"):
        out.setdefault(row.link.seat, []).append(row)
    return out


def sign_out(game_id: str, device_id: int) -> SeatRecord | None:
    """Sign one device of a live link out (the seat's pages on it stop at once); its link, or
    None when the game has no such device."""
    row = (
        DeviceRecord.objects.filter(
            id=device_id, link__game_id=game_id, link__revoked=False, signed_out=False
        )
        .select_related("link")
        .first()
    )
    if row is None:
        return None
    DeviceRecord.objects.filter(id=row.id).update(signed_out=True)
    return row.link
