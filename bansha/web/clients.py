"""Who a request comes from, as far as limits go: login lockout and rate-limit keys.

A request's address is the connection's peer, or what ``X-Forwarded-For`` says only when the peer
is a proxy named with ``bansha serve --trusted-proxy`` (the server resolves it: uvicorn's proxy
headers, off unless proxies are named); no header from anyone else is read, so a guesser cannot
give every attempt a new address. Behind a proxy that is not named, every request has the proxy's
address: then nothing may be limited by address alone, or one person locks everyone out.

- **Logins** (django-axes) are locked by account *and* address (5 wrong passwords for one account
  from one address: that pair waits 15 minutes) and by account alone at a higher count (20 wrong
  passwords for one account from anywhere). A rotating address still meets the account's lock; a
  shared address locks out only the account being guessed, from there, not every director.
- **Players' submissions** (acts, votes, chats, the demo's 结束本阶段, thread posts) are limited per
  seat (the seat the session holds), not per address: fourteen players behind one address each
  have their own limit. Requests that hold no seat are limited per account, else per address.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


class Lockout(AxesDatabaseHandler):
    """django-axes' database handler with a limit of its own for each thing counted
    (``AXES_LOCKOUT_PARAMETERS``, in this order): an account from one address
    (``AXES_FAILURE_LIMIT``) and an account from anywhere (``ACCOUNT_FAILURE_LIMIT``)."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The failures as axes compares them with ``AXES_FAILURE_LIMIT``: the account-and-address
        count, or the account's count scaled so that reaching ``ACCOUNT_FAILURE_LIMIT`` reaches
        it (``n * pair // account >= pair`` exactly when ``n >= account``)."""
        pair, account = (
            attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        limit = settings.AXES_FAILURE_LIMIT
        return max(pair, account * limit // settings.ACCOUNT_FAILURE_LIMIT)


def submitter(group: str, request: HttpRequest) -> str:
    """The rate-limit key of a player's submission (django-ratelimit): the seat the session
    holds in the game of the URL, else the logged-in account, else the address."""
    match = request.resolver_match
    game_id = match.kwargs.get("game_id") if match is not None else None
    session = getattr(request, "session", None)
    read_with_seat = getattr(session, "read_with_seat", None)
    if game_id and read_with_seat is not None:  # the view reads the seat with it: one statement
        read_with_seat(game_id, ahead=True)
    seat = session.get(f"seat:{game_id}") if game_id and session is not None else None
    if seat is not None:
        return f"seat:{game_id}:{seat}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"account:{user.pk}"
    return f"address:{request.META.get('REMOTE_ADDR', '')}"
