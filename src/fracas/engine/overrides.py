"""GM overrides: changes the GM makes by hand, logged like actions so they undo like actions.

Each override is an :class:`~fracas.engine.ruleset.Action` with ``actor=None`` (nobody in
the fight did it). A session resolves it through :meth:`Ruleset.override`, which emits the
ruleset's own events (hit points are not the same thing in every ruleset); the log holds the
``Acted`` decision and those events, so undo, redo, replay and ``verify_log`` treat an
override as any other action. A ruleset that does not support an override refuses it with
``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

from fracas.engine.ruleset import Action


class Override(Action, frozen=True, kw_only=True):
    """Base of the GM's overrides (``actor`` is ``None``)."""

    actor: str | None = None


class GmAdjustHp(Override, frozen=True, kw_only=True):
    """Damage (``amount`` < 0) or heal (``amount`` > 0) ``target``'s main pool by hand."""

    target: str
    amount: int


class GmAddCondition(Override, frozen=True, kw_only=True):
    """Put ``condition`` (one of :meth:`Ruleset.gm_conditions`) on ``target``, until taken
    off (the conditions a GM sets by hand have no duration of their own)."""

    target: str
    condition: str


class GmRemoveCondition(Override, frozen=True, kw_only=True):
    """Take ``condition`` off ``target``."""

    target: str
    condition: str


class GmAddCombatant(Override, frozen=True, kw_only=True):
    """Bring a new combatant into the fight: ``spec`` is one entry of the scenario's
    combatant list, validated as the scenario file's entries are."""

    spec: dict[str, Any]


class GmRemoveCombatant(Override, frozen=True, kw_only=True):
    """Take ``target`` out of the fight (it leaves: it no longer acts or can be attacked)."""

    target: str


class GmEndFight(Override, frozen=True, kw_only=True):
    """End the fight now: ``winner`` is a side (or ``None``), ``reason`` says why."""

    winner: str | None = None
    reason: str = "the GM ended the fight"


OVERRIDE_TYPES: tuple[type[Override], ...] = (
    GmAdjustHp,
    GmAddCondition,
    GmRemoveCondition,
    GmAddCombatant,
    GmRemoveCombatant,
    GmEndFight,
)
