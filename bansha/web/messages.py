"""Flash messages (已提交, a refusal's reason) kept in a signed cookie that is never trusted as
markup, and a refused form's small picks kept beside them.

Django's cookie storage keeps a flag "this message is safe HTML" inside the cookie, so anyone who
could sign a cookie (with a published key, say) could put markup on a page. Here every message
read back from the cookie is plain text again, escaped like any other text. The cookie stays
(rather than the database session): a message is written after every form and read once, and as
two database writes per submission it halved what SQLite served under load.

A refused form (an act, a vote, a chat line) sends the player back to a page that shows the
refusal and what the form had picked and typed (``forms.typed_back``). Those picks are kept in
the same signed cookie as the refusal's message when they are small (``TYPED_SMALL``), read and
dropped by the next page of their game: no database write for the refusal and none for the page
after it (each was a save of the session's row). Longer texts (a thread post, last words, a long
chat line) stay in the session (``forms.keep_typed``).

A page that shows no message and finds no message cookie writes none: Django's storage would
send a cookie's deletion on every such page. A short cookie (a message or two: every form's) is
signed without zlib, which Django ran on every write only to find the compressed text no
shorter; a long one is compressed as before (``COMPRESSED_FROM``). Both read back alike.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.base import BaseStorage, Message
from django.contrib.messages.storage.cookie import CookieStorage, MessagePartGatherSerializer
from django.core.signing import Signer, _cookie_signer_key
from django.utils.module_loading import import_string

TYPED_LEVEL = 1
"""The level a refused form's picks are kept at among the cookie's messages: below every level
a message is shown at, and taken out of the messages as they are read (never shown as one)."""
COMPRESSED_FROM = 600
"""The serialized messages' length (characters) from which the cookie is compressed: below it,
zlib's text of a few JSON messages is hardly ever shorter (and the cookie holds 2 KB)."""
TYPED_SMALL = 400
"""The most characters of a refused form's picks kept in the cookie (its JSON); more stays in the
session (the cookie holds about 2 KB, the refusal's message beside it)."""


def _typed_from(text: str) -> dict[str, Any] | None:
    """A refused form's picks read back from the cookie: a mapping of field names to texts, and
    the ticked seats as numbers; None for anything else."""
    try:
        typed = json.loads(text)
    except ValueError:
        return None
    if not isinstance(typed, dict) or not isinstance(typed.get("form"), str):
        return None
    for key, value in typed.items():
        plain = isinstance(value, str) or (
            isinstance(value, list) and all(type(v) is int for v in value)
        )
        if not isinstance(key, str) or not plain:
            return None
    return typed


@lru_cache(maxsize=8)
def _signer(backend: str, key: str, fallbacks: tuple[str, ...], salt: str) -> Signer:
    """Django's cookie signer (``signing.get_cookie_signer``) for these settings, made once: the
    storage made it anew for every request. (Its fallback keys a list: Django passes a ``map``,
    which a signer kept for many requests would use up on the first.)"""
    made: Signer = import_string(backend)(
        key=_cookie_signer_key(key),
        fallback_keys=[_cookie_signer_key(k) for k in fallbacks],
        salt=salt,
    )
    return made


class UntrustedCookieStorage(CookieStorage):
    """Cookie-kept messages, always plain text when read back, with refused forms' small picks
    beside them (per game)."""

    _typed: dict[str, str]

    def __init__(self, request: Any, *args: Any, **kwargs: Any) -> None:
        BaseStorage.__init__(self, request, *args, **kwargs)
        self.signer = _signer(
            settings.SIGNING_BACKEND,
            settings.SECRET_KEY,
            tuple(settings.SECRET_KEY_FALLBACKS),
            self.key_salt,
        )

    def _decode(self, data: Any) -> Any:
        messages = super()._decode(data)
        for message in messages or ():
            message.message = str(message.message).encode().decode()  # a plain str, never safe
            message.extra_tags = (
                None if message.extra_tags is None else str(message.extra_tags).encode().decode()
            )
        return messages

    def _encode_parts(self, messages: Any, encode_empty: bool = False) -> Any:
        """Django's signed text of the serialized messages, compressed only when long
        (``COMPRESSED_FROM``)."""
        if not messages and not encode_empty:
            return None
        long = sum(map(len, messages)) >= COMPRESSED_FROM
        return self.signer.sign_object(
            messages, serializer=MessagePartGatherSerializer, compress=long
        )

    def _get(self, *args: Any, **kwargs: Any) -> tuple[Any, bool]:
        """The cookie's messages, the refused forms' picks taken out of them (kept by game)."""
        messages, all_retrieved = super()._get(*args, **kwargs)
        self._typed = {}
        if not messages:
            return messages, all_retrieved
        shown = []
        for message in messages:
            if message.level == TYPED_LEVEL and message.extra_tags:
                self._typed[message.extra_tags] = message.message
            else:
                shown.append(message)
        return shown, all_retrieved

    def _store(self, messages: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        """The messages and the picks not yet taken, in the cookie (the picks first, so that a
        cookie too large drops them before any message); nothing at all written when there is
        nothing to keep and the browser sent no cookie."""
        typed = [
            Message(TYPED_LEVEL, text, extra_tags=game_id)
            for game_id, text in getattr(self, "_typed", {}).items()
        ]
        if not messages and not typed and self.cookie_name not in self.request.COOKIES:
            return []
        unstored = super()._store([*typed, *messages], response, *args, **kwargs)
        return [m for m in unstored if m.level != TYPED_LEVEL]

    def keep_typed(self, game_id: str, typed: dict[str, Any]) -> bool:
        """Keep a refused form's picks for the next page of ``game_id``; False (nothing kept)
        when they are too long for the cookie."""
        text = json.dumps(typed, ensure_ascii=False, separators=(",", ":"))
        if len(text) > TYPED_SMALL:
            self.take_typed(game_id)  # an older, smaller pick of the game is not shown instead
            return False
        self._loaded_messages  # noqa: B018  (the cookie read first: its other picks kept)
        self._typed[game_id] = text
        self.added_new = True
        return True

    def take_typed(self, game_id: str) -> dict[str, Any] | None:
        """The picks a refused form of ``game_id`` left (once: dropped from the cookie)."""
        self._loaded_messages  # noqa: B018
        text = self._typed.pop(game_id, None)
        if text is None:
            return None
        self.added_new = True  # the cookie written again without them
        return _typed_from(text)
