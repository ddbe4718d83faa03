"""The base of every action: what a combatant, the round or the GM does, as data."""

from __future__ import annotations

import msgspec


class Action(msgspec.Struct, frozen=True, kw_only=True, tag=True, tag_field="action"):
    """Something a combatant (or the round itself, ``actor=None``) does. Rulesets subclass it."""

    actor: str | None
