"""The base of every action: what a combatant, the round or the GM does, as data."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Union

import msgspec


class Action(msgspec.Struct, frozen=True, kw_only=True, tag=True, tag_field="action"):
    """Something a combatant (or the round itself, ``actor=None``) does. Rulesets subclass it."""

    actor: str | None


def convert_action(raw: Any, kinds: tuple[type[Action], ...]) -> Action:
    """``raw`` (an action as a log or a form gives it, a dict tagged by ``action``) as one
    of ``kinds``. Raises ``msgspec.ValidationError`` whose path starts at ``raw`` (``$``)."""
    if isinstance(raw, Action):
        return raw
    try:
        action: Action = msgspec.convert({"action": raw}, _holder(kinds)).action
    except msgspec.ValidationError as exc:
        # the holder's one field is not part of what the caller gave: its path is left out
        problem = str(exc).replace(" - at `$.action`", "").replace("`$.action", "`$")
        raise msgspec.ValidationError(problem) from None
    return action


@lru_cache(maxsize=16)
def _holder(kinds: tuple[type[Action], ...]) -> Any:
    """A struct with one field, ``action``, of the union of ``kinds`` (built once for each
    set of kinds). msgspec keeps what it works out about a struct's fields on the struct,
    but works a bare union out anew on every call (about 100 times slower)."""
    union: Any = Union[kinds]  # noqa: UP007 (a union built at run time)
    return msgspec.defstruct("OneAction", [("action", union)])
