"""A logged-in director for the web tests (a Django test client holding a director's session)."""

from django.contrib.auth import get_user_model
from django.test import Client

PASSWORD = "a-long-password-1"
"""A password Django's validators accept (``bansha director`` applies them)."""


def director_client(name: str = "dir", raise_errors: bool = True) -> Client:
    """A new director account ``name``, logged in; ``raise_errors=False``: a server error comes
    back as the page a browser would get, not as an exception."""
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    c = Client(raise_request_exception=raise_errors)
    c.force_login(user)
    return c


def close_to_first_day(gid: str) -> None:
    """The director closes stages of game ``gid`` (an M103 table) until its first 讨论日 opens:
    votes land there and a night act is refused."""
    from bansha.engine import Close
    from bansha.service.games import SERVICE

    for n in range(8):
        if "讨论日" in str(SERVICE.load(gid).state.stage):
            return
        SERVICE.submit(gid, Close(), key=f"close{n}", actor="director")
