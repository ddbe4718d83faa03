"""GM overrides in an EXP fight: HPS by hand, and a persona's condition by hand.

Logged as the GM's action with its own event, so it undoes like any action. A change of HPS
puts the persona in the condition the rules give at those HPS (notes, section 5, as
:func:`~fracas.rulesets.exp.state.condition_at`); then, as after any action, a side wins
when every other persona is out ('Victory Conditions')."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fracas.engine import Event, IllegalAction
from fracas.engine.errors import InconsistentLog, InvalidField
from fracas.engine.overrides import (
    GmAddCombatant,
    GmAddCondition,
    GmAdjustHp,
    GmEndFight,
    GmRemoveCombatant,
    GmRemoveCondition,
    Override,
    refuse_heal_past_maximum,
    validated_spec,
)
from fracas.rulesets.exp.scenario import PersonaModel
from fracas.rulesets.exp.state import (
    ACTIVE,
    OUT,
    ExpContext,
    ExpEncounter,
    Persona,
    condition_at,
    persona,
)
from fracas.rulesets.exp.victory import check_victory

#: the conditions a GM may set by hand (removing one makes the persona active again)
GM_CONDITIONS = OUT


class HpsAdjusted(Event[ExpEncounter], frozen=True, kw_only=True):
    """The GM changed ``who``'s HPS by ``amount`` (negative: damage); ``condition`` after."""

    who: str
    amount: int
    hps_after: int
    condition: str

    def apply(self, state: ExpEncounter) -> None:
        p = persona(state, self.who)
        p.hps += self.amount
        p.condition = self.condition


class ConditionSet(Event[ExpEncounter], frozen=True, kw_only=True):
    """The GM put ``who`` in ``condition`` (``active``: back in the fight)."""

    who: str
    condition: str

    def apply(self, state: ExpEncounter) -> None:
        persona(state, self.who).condition = self.condition


class LeftTheFight(Event[ExpEncounter], frozen=True, kw_only=True):
    """The GM took ``who`` out of the fight: out like a persona who conceded, and any grapple
    it was in is over."""

    who: str

    def apply(self, state: ExpEncounter) -> None:
        p = persona(state, self.who)
        p.condition = WITHDRAWN
        if p.holding is not None:
            persona(state, p.holding).held_by = None
            p.holding = None
        if p.held_by is not None:
            persona(state, p.held_by).holding = None
            p.held_by = None


#: the condition of a persona the GM took out of the fight
WITHDRAWN = "withdrawn"

#: conditions that HPS did not cause, so a change of HPS by hand leaves them: a concession,
#: a failed DSS roll ('Victory Conditions'), and the GM's own taking a persona out
NOT_FROM_HPS = ("conceded", "stunned", WITHDRAWN)


#: how a scenario entry becomes a persona (``ruleset.py``, which imports this module,
#: registers its builder: see :func:`register_builder`)
_builder: Callable[[PersonaModel, dict[str, str]], Persona] | None = None


def register_builder(builder: Callable[[PersonaModel, dict[str, str]], Persona]) -> None:
    """Set how a new persona is built (the ruleset's own ``build`` way)."""
    global _builder
    _builder = builder


class PersonaJoined(Event[ExpEncounter], frozen=True, kw_only=True):
    """The GM brought a new persona into the fight: ``spec`` is its scenario entry (checked
    as a scenario file's are). It acts after everyone in this unit's order, and takes part in
    the next unit's initiative."""

    spec: dict[str, Any]

    def apply(self, state: ExpEncounter) -> None:
        if _builder is None:
            raise InconsistentLog("PersonaJoined: the exp ruleset registered no builder")
        p = _builder(PersonaModel.model_validate(self.spec), state.options.weapon_damage)
        state.combatants[p.id] = p
        state.order.append(p.id)


EVENT_TYPES: tuple[type[Event[Any]], ...] = (
    HpsAdjusted,
    ConditionSet,
    LeftTheFight,
    PersonaJoined,
)
OVERRIDE_TYPES: Sequence[type[Override]] = (
    GmAddCombatant,
    GmAdjustHp,
    GmAddCondition,
    GmRemoveCondition,
    GmRemoveCombatant,
    GmEndFight,
)


def checked_spec(state: ExpEncounter, spec: dict[str, Any]) -> dict[str, Any]:
    """A new persona's scenario entry, validated as a scenario file's entries are (fields,
    then a name nobody in the fight has); ``InvalidField`` names the field."""
    model = validated_spec(PersonaModel, spec)
    if model.name in state.combatants:
        raise InvalidField(f"spec.name: {model.name!r} is already in the fight")
    dump: dict[str, Any] = model.model_dump(mode="json", exclude_unset=True)
    return dump


def override(ctx: ExpContext, action: Override) -> bool:
    """Carry out ``action`` if it is one of this module's; False if it is not."""
    state = ctx.state
    if isinstance(action, GmAddCombatant):
        if state.over:
            raise IllegalAction("the fight is over")
        ctx.emit(PersonaJoined(spec=checked_spec(state, action.spec)))
        return True
    if not isinstance(action, GmAdjustHp | GmAddCondition | GmRemoveCondition | GmRemoveCombatant):
        return False
    if state.over:
        raise IllegalAction("the fight is over")
    if action.target not in state.combatants:
        raise InvalidField(f"target: no combatant {action.target!r}")
    assert isinstance(state, ExpEncounter)
    p = persona(state, action.target)
    if isinstance(action, GmRemoveCombatant):
        if not p.active:
            raise IllegalAction(f"{p.name} is already out of the fight ({p.condition})")
        if state.free_attack is not None and p.id in state.free_attack[:2]:
            raise IllegalAction(f"{p.name} is in a free attack now: resolve it first")
        ctx.emit(LeftTheFight(who=p.id))
    elif isinstance(action, GmAdjustHp):
        hps = p.hps + action.amount
        # notes, section 5: "Max HPS ... can never be exceeded"
        refuse_heal_past_maximum(
            p.name, p.hps, p.hps_max, action.amount, "HPS", "maximum HPS can never be exceeded"
        )
        opts = state.options
        condition = condition_at(p, hps, opts.death_below_zero, opts.robot_at_zero_hps)
        if condition == ACTIVE and p.condition in NOT_FROM_HPS:
            condition = p.condition  # HPS by hand do not undo a concession, stun or leaving
        ctx.emit(HpsAdjusted(who=p.id, amount=action.amount, hps_after=hps, condition=condition))
    elif action.condition not in GM_CONDITIONS:
        raise InvalidField(f"condition: not one of {', '.join(GM_CONDITIONS)}")
    elif isinstance(action, GmAddCondition):
        ctx.emit(ConditionSet(who=p.id, condition=action.condition))
    else:
        if p.condition != action.condition:
            raise IllegalAction(f"{p.name} is not {action.condition}")
        ctx.emit(ConditionSet(who=p.id, condition=ACTIVE))
    check_victory(ctx, state)
    return True
