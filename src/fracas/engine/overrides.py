"""GM overrides: changes the GM makes by hand, logged like actions so they undo like actions.

Each override is an :class:`~fracas.engine.action.Action` with ``actor=None`` (nobody in
the fight did it). A session resolves it through :meth:`Ruleset.override`, which emits the
ruleset's own events (hit points are not the same thing in every ruleset); the log holds the
``Acted`` decision and those events, so undo, redo, replay and ``verify_log`` treat an
override as any other action. A ruleset that does not support an override refuses it with
``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from pydantic import BaseModel, ValidationError

from fracas.engine.action import Action
from fracas.engine.errors import InvalidField
from fracas.engine.names import label_problems


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


class GmMark(Override, frozen=True, kw_only=True):
    """Put a condition with a duration on ``target``: ``name`` (one of the ruleset's
    :meth:`Ruleset.gm_conditions`, or the GM's own), a ``note``, and ``rounds`` (``None``:
    until taken off). Any ruleset carries it out (:mod:`fracas.engine.marks`)."""

    target: str
    name: str
    note: str = ""
    rounds: int | None = None


class GmUnmark(Override, frozen=True, kw_only=True):
    """Take the condition ``name`` (put on with :class:`GmMark`) off ``target``."""

    target: str
    name: str


OVERRIDE_TYPES: tuple[type[Override], ...] = (
    GmAdjustHp,
    GmAddCondition,
    GmRemoveCondition,
    GmAddCombatant,
    GmRemoveCombatant,
    GmEndFight,
    GmMark,
    GmUnmark,
)


def describe_override(action: Override, names: dict[str, str]) -> str:
    """The GM's override as a line of the account (``names``: combatant id -> name)."""

    def name(cid: str) -> str:
        return names.get(cid, cid)

    if isinstance(action, GmAdjustHp):
        verb = "heals" if action.amount > 0 else "damages"
        return f"GM {verb} {name(action.target)}: {action.amount:+d} hp"
    if isinstance(action, GmAddCondition):
        return f"GM: {name(action.target)} is now {action.condition}"
    if isinstance(action, GmRemoveCondition):
        return f"GM: {name(action.target)} is no longer {action.condition}"
    if isinstance(action, GmAddCombatant):
        return f"GM: {action.spec.get('name', 'a combatant')} joins the fight"
    if isinstance(action, GmRemoveCombatant):
        return f"GM: {name(action.target)} leaves the fight"
    if isinstance(action, GmEndFight):
        return f"GM ends the fight: {action.reason}"
    if isinstance(action, GmMark):
        lasting = "until taken off" if action.rounds is None else f"for {action.rounds} round(s)"
        note = f" ({action.note})" if action.note else ""
        return f"GM: {name(action.target)} is {action.name} {lasting}{note}"
    if isinstance(action, GmUnmark):
        return f"GM: {name(action.target)} is no longer {action.name}"
    return f"GM: {type(action).__name__}"


def as_override(raw: Any) -> Override | None:
    """An ``Acted`` event's action as an override, or ``None`` if it is not one (a live
    session holds the Struct; a decoded log holds a dict tagged with its class name)."""
    if isinstance(raw, Override):
        return raw
    if isinstance(raw, dict) and raw.get("action") in _BY_TAG:
        try:
            result: Override = msgspec.convert(raw, _BY_TAG[raw["action"]])
        except msgspec.ValidationError:
            return None
        return result
    return None


_BY_TAG: dict[str, type[Override]] = {t.__name__: t for t in OVERRIDE_TYPES}


ModelT = TypeVar("ModelT", bound=BaseModel)


def validated_spec(model: type[ModelT], spec: dict[str, Any]) -> ModelT:
    """A combatant added mid-fight (``GmAddCombatant.spec``), validated by the ruleset's
    scenario model for one combatant; ``InvalidField`` names the first bad field
    (``spec.skills.dagger: ...``) and how many more there are. Its names and sides are
    checked as a scenario file's are (:func:`fracas.engine.names.label_problems`)."""
    labels = label_problems(spec)
    if labels:
        more = f" (and {len(labels) - 1} more)" if len(labels) > 1 else ""
        raise InvalidField(f"spec.{labels[0]}{more}")
    try:
        return model.model_validate(spec)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
        raise InvalidField(f"spec.{where}: {first['msg']}{more}") from None


def refuse_heal_past_maximum(
    name: str, now: int, maximum: int, amount: int, pool: str, why: str
) -> None:
    """Refuse a GM heal (``amount`` > 0) that would take ``name``'s ``pool`` from ``now``
    past ``maximum``: ``InvalidField`` names the field, the maximum, why (``why``, the
    ruleset's own rule) and the largest heal allowed. Damage is never refused here."""
    if amount > 0 and now + amount > maximum:
        raise InvalidField(
            f"amount: {name} has {now} of {maximum} {pool}, and {why} "
            f"(at most +{max(maximum - now, 0)})"
        )
