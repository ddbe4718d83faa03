"""GM overrides in a Starflight fight: hit points by hand, prone and shaken by hand, and a
fighter taken out of the fight.

Logged as the GM's action with its own event, so it undoes like any action. A change of HP
changes the pool only: Wounds, saves and death states follow from damage as the chapter
resolves it, not from a GM's correction. Afterwards the fight ends if at most one side has
anyone still in it (chapter 9.2, 'Character-Scale Actions')."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.engine import Event, IllegalAction
from fracas.engine.errors import InvalidField
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
from fracas.rulesets.starflight.characters import CombatantSpec, build_fighter
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.turns import check_end

#: the conditions a GM may set by hand (stored flags, chapter 9.2)
GM_CONDITIONS = ("prone", "shaken")


def _fighter(state: Fight, who: str) -> Fighter:
    assert isinstance(state, Fight)
    return state.fighter(who)


class HpAdjusted(Event[Fight], frozen=True, kw_only=True):
    """The GM changed ``who``'s HP by ``amount`` (negative: damage) to ``hp_after``."""

    who: str
    amount: int
    hp_after: int

    def apply(self, state: Fight) -> None:
        _fighter(state, self.who).hp += self.amount


class ConditionSet(Event[Fight], frozen=True, kw_only=True):
    """The GM put ``condition`` on ``who`` (``on``) or took it off."""

    who: str
    condition: str
    on: bool

    def apply(self, state: Fight) -> None:
        c = _fighter(state, self.who)
        if self.condition == "prone":
            c.prone = self.on
        else:
            c.shaken = self.on


class RemovedByGm(Event[Fight], frozen=True, kw_only=True):
    """The GM took ``who`` out of the fight (it counts as withdrawn)."""

    who: str

    def apply(self, state: Fight) -> None:
        _fighter(state, self.who).withdrawn = True


class FighterJoined(Event[Fight], frozen=True, kw_only=True):
    """The GM brought a new fighter into the fight: ``spec`` is its scenario entry (checked
    as a scenario file's are). It takes its turn at the end of the order of battle."""

    spec: dict[str, Any]

    def apply(self, state: Fight) -> None:
        spec = CombatantSpec.model_validate(self.spec)
        fighter = build_fighter(spec, state.species[spec.species])
        state.combatants[fighter.id] = fighter
        state.order.append(fighter.id)


def checked_spec(state: Fight, spec: dict[str, Any]) -> dict[str, Any]:
    """A new fighter's scenario entry, validated as a scenario file's entries are (fields,
    a species the fight knows, an id nobody in the fight has); ``InvalidField`` names the
    field."""
    model = validated_spec(CombatantSpec, spec)
    if model.id in state.combatants:
        raise InvalidField(f"spec.id: {model.id!r} is already in the fight")
    if model.species not in state.species:
        known = ", ".join(sorted(state.species))
        raise InvalidField(f"spec.species: {model.species!r} is not one of {known}")
    dump: dict[str, Any] = model.model_dump(mode="json", exclude_unset=True)
    return dump


EVENT_TYPES: tuple[type[Event[Any]], ...] = (HpAdjusted, ConditionSet, RemovedByGm, FighterJoined)
OVERRIDE_TYPES: Sequence[type[Override]] = (
    GmAddCombatant,
    GmAdjustHp,
    GmAddCondition,
    GmRemoveCondition,
    GmRemoveCombatant,
    GmEndFight,
)


def override(ctx: StarflightContext, action: Override) -> bool:
    """Carry out ``action`` if it is one of this module's; False if it is not."""
    state = ctx.state
    if isinstance(action, GmAddCombatant):
        if state.over:
            raise IllegalAction("the fight is over")
        ctx.emit(FighterJoined(spec=checked_spec(state, action.spec)))
        return True
    if not isinstance(action, GmAdjustHp | GmAddCondition | GmRemoveCondition | GmRemoveCombatant):
        return False
    assert isinstance(state, Fight)
    if state.over:
        raise IllegalAction("the fight is over")
    if action.target not in state.combatants:
        raise InvalidField(f"target: no combatant {action.target!r}")
    c = state.fighter(action.target)
    if isinstance(action, GmAdjustHp):
        # chapter 9.2, 'Assisted Healing': the character "recovers ... up to the character's
        # maximum HP"
        refuse_heal_past_maximum(
            c.name, c.hp, c.hp_max, action.amount, "HP", "healing stops at the maximum HP"
        )
        ctx.emit(HpAdjusted(who=c.id, amount=action.amount, hp_after=c.hp + action.amount))
    elif isinstance(action, GmRemoveCombatant):
        if state.current == c.id:
            raise IllegalAction(f"{c.name} is acting now: remove it when its turn is over")
        if c.withdrawn:
            raise IllegalAction(f"{c.name} is already out of the fight")
        ctx.emit(RemovedByGm(who=c.id))
    else:
        if action.condition not in GM_CONDITIONS:
            raise InvalidField(f"condition: not one of {', '.join(GM_CONDITIONS)}")
        ctx.emit(
            ConditionSet(
                who=c.id, condition=action.condition, on=isinstance(action, GmAddCondition)
            )
        )
    check_end(ctx)
    return True
