"""A game's director team (导演组) and its outside assistants (场外助理).

The team: the game's owner is its 主导演; they add other director accounts as 主导演 (commands and
the team), 副导演 (commands) or 只读 (the god view only). Every command is logged with the
account that issued it (``actor``: 「director:登录名」), and the reveal names the team.

Assistants, M103 §10: 「任何人都可以向导演申请成为某玩家的场外助理……该玩家与导演均有权力拒绝」;
「场外助理不可代替玩家本人发言或投票」; 「场外助理不允许进入任何游戏相关的QQ群」. The director
attaches one (once the player agreed) with a private link that reads that player's page without
the team chats and without any form; no route that acts, votes, posts or reads a chat accepts
an assistant's session (``bansha.web.access``)."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from bansha import texts
from bansha.engine.errors import RuleError
from bansha.service import inputs, links
from bansha.service.games import TOKEN_BYTES, token_hash
from bansha.store.models import AssistantRecord, GameRecord, StaffRecord

ROLES = ("lead", "co", "read")
"""The roles of a director team, strongest first: 主导演, 副导演, 只读."""
COMMANDS = ("owner", "lead", "co")
"""The roles that issue commands."""


def role_of(user: Any, record: GameRecord) -> str | None:
    """The user's place on the game's director team: 「owner」 (the game's owner, or a
    superuser), a role of ``ROLES``, or None."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser or record.owner_id == user.pk:
        return "owner"
    role = StaffRecord.objects.filter(game_id=record.id, user_id=user.pk).values_list(
        "role", flat=True
    )
    return next(iter(role), None)


def add_staff(game_id: str, username: str, role: str) -> None:
    """Put a director account on the team with ``role`` (again: a new role). RuleError: no such
    account, no such role, or the game's owner."""
    if role not in ROLES:
        raise RuleError(texts.FORM_BROKEN, "bad_input")
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise RuleError(texts.TEAM_NO_ACCOUNT.format(name=username.strip()), "no_account")
    if GameRecord.objects.filter(id=game_id, owner=user).exists():
        raise RuleError(texts.TEAM_OWNER, "owner")
    StaffRecord.objects.update_or_create(game_id=game_id, user=user, defaults={"role": role})


def remove_staff(game_id: str, username: str) -> None:
    """Take an account off the team."""
    StaffRecord.objects.filter(game_id=game_id, user__username=username).delete()


def team(record: GameRecord) -> list[dict[str, str]]:
    """The director team, the owner first, each with the role's word."""
    out = []
    if record.owner is not None:
        out.append({"name": record.owner.get_username(), "role": texts.TEAM_ROLES["lead"]})
    for row in StaffRecord.objects.filter(game_id=record.id).select_related("user"):
        out.append({"name": row.user.get_username(), "role": texts.TEAM_ROLES[row.role]})
    order = list(texts.TEAM_ROLES.values())
    return sorted(out, key=lambda r: order.index(r["role"]))


def add_assistant(game_id: str, seat: int, name: str, seats: int) -> str:
    """Attach an assistant called ``name`` to ``seat``; the private link's token (only its hash
    is kept, and a sealed copy for the console). RuleError: no such seat, or a bad name."""
    inputs.check_name(name)
    if not 0 <= seat < seats:
        raise RuleError(texts.NO_SEAT, "no_seat")
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with transaction.atomic():
        AssistantRecord.objects.create(
            game_id=game_id,
            seat=seat,
            name=name.strip(),
            token_hash=token_hash(token),
            token_sealed=links.seal(token),
        )
    return token


def revoke_assistant(game_id: str, assistant_id: int) -> None:
    """The assistant's link stops working."""
    AssistantRecord.objects.filter(game_id=game_id, id=assistant_id).update(revoked=True)


def assistants(game_id: str) -> list[tuple[AssistantRecord, str | None]]:
    """The game's live assistants and each link's token (None: sealed with an older key)."""
    rows = AssistantRecord.objects.filter(game_id=game_id, revoked=False).order_by("seat", "id")
    return [(r, links.unseal(r.token_sealed)) for r in rows]


def assistant_by_token(game_id: str, key: str) -> AssistantRecord | None:
    """The live assistant whose link hashes to ``key``."""
    return AssistantRecord.objects.filter(game_id=game_id, token_hash=key, revoked=False).first()
