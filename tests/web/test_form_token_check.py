"""A form's CSRF token is checked as Django checks it: the table's unmasking agrees with Django's
on every token, and a token that does not unmask to the cookie's secret is refused."""

from __future__ import annotations

import random

import pytest
from django.middleware import csrf

from bansha.web.headers import form_token_matches


def test_every_masked_token_agrees_with_django() -> None:
    rng = random.Random(5)
    for _ in range(300):
        secret = csrf._get_new_csrf_string()
        token = csrf._mask_cipher_secret(secret)
        assert form_token_matches(token, secret) is True
        assert csrf._does_token_match(token, secret) is True
        other = csrf._get_new_csrf_string()
        assert form_token_matches(token, other) is csrf._does_token_match(token, other) is False
        i = rng.randrange(len(token))
        changed = (
            token[:i] + rng.choice(csrf.CSRF_ALLOWED_CHARS.replace(token[i], "")) + token[i + 1 :]
        )
        assert form_token_matches(changed, secret) is csrf._does_token_match(changed, secret)
        assert form_token_matches(changed, secret) is False


@pytest.mark.parametrize(
    "token",
    [
        "",
        "a" * 32,  # an unmasked secret: Django's own check decides
        "a" * 63,
        "a" * 65,
        "!" * 64,
        "a" * 63 + "-",
        "啊" * 64,
    ],
)
def test_other_tokens_are_left_to_django(token: str) -> None:
    assert form_token_matches(token, "a" * 32) is False
