"""Flash messages (已提交, a refusal's reason) kept in a signed cookie that is never trusted as
markup.

Django's cookie storage keeps a flag "this message is safe HTML" inside the cookie, so anyone who
could sign a cookie (with a published key, say) could put markup on a page. Here every message
read back from the cookie is plain text again, escaped like any other text. The cookie stays
(rather than the database session): a message is written after every form and read once, and as
two database writes per submission it halved what SQLite served under load.
"""

from __future__ import annotations

from typing import Any

from django.contrib.messages.storage.cookie import CookieStorage


class UntrustedCookieStorage(CookieStorage):
    """Cookie-kept messages, always plain text when read back."""

    def _decode(self, data: Any) -> Any:
        messages = super()._decode(data)
        for message in messages or ():
            message.message = str(message.message).encode().decode()  # a plain str, never safe
            message.extra_tags = (
                None if message.extra_tags is None else str(message.extra_tags).encode().decode()
            )
        return messages
