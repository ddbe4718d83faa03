"""GM overrides in a percentile fight: hit points by hand, death and first aid by hand.

Each is logged as the GM's action with its own event, so it undoes like any action. After
one, the fight ends if at most one side can still fight (Chapter 5, "Damage and fatigue")."""

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
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.round import fight_decided
from fracas.rulesets.percentile.scenario import CombatantSpec
from fracas.rulesets.percentile.state import (
    READY,
    Fighter,
    PercentileContext,
    PercentileEncounter,
    Profile,
    fighter,
)

#: the conditions a GM may set by hand
GM_CONDITIONS = ("dead", "first aid given")


class HpAdjusted(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The GM changed ``who``'s hit points by ``amount`` (negative: damage) to ``hp_after``."""

    who: str
    amount: int
    hp_after: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        if c.hp > 0 >= c.hp + self.amount:
            c.down_round = state.round
        c.hp += self.amount
        if c.hp < 0 and c.below_zero_round == 0:
            c.below_zero_round = state.round
        if c.hp >= 0:
            c.below_zero_round = 0
        c.update_able()


class ConditionSet(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The GM put ``condition`` on ``who`` (``on``) or took it off."""

    who: str
    condition: str
    on: bool

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        if self.condition == "dead":
            if self.on and c.able:
                c.down_round = state.round
            c.dead = self.on
        else:
            c.stabilised = self.on
        c.update_able()


class LeftTheFight(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The GM took ``who`` out of the fight. Chapter 5 has no rule for it; it counts as the
    fighter fleeing (out of the fight by choice: it neither acts nor counts as standing, and
    the end of the fight names it as fled)."""

    who: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.yielded = "flees"
        c.update_able()


#: how a scenario entry's profile is built (``ruleset.py``, which imports this module,
#: registers its own: see :func:`register_builder`)
_profile: Callable[[CombatantSpec, PercentileOptions], Profile] | None = None


def register_builder(builder: Callable[[CombatantSpec, PercentileOptions], Profile]) -> None:
    """Set how a new fighter's profile is built (the ruleset's own ``build`` way)."""
    global _profile
    _profile = builder


class FighterJoined(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The GM brought a new fighter into the fight: ``spec`` is its scenario entry (checked
    as a scenario file's are) and ``options`` the fight's rule options (its profile depends
    on them). It joins the end of the order and declares with everyone else."""

    spec: dict[str, Any]
    options: dict[str, Any]

    def apply(self, state: PercentileEncounter) -> None:
        if _profile is None:
            raise InconsistentLog("FighterJoined: the percentile ruleset registered no builder")
        spec = CombatantSpec.model_validate(self.spec)
        p = _profile(spec, PercentileOptions.model_validate(self.options))
        c = Fighter(
            spec.name,
            spec.name,
            spec.side,
            spec.tactics,
            p=p,
            hp=p.hp_max,
            fatigue=p.fatigue_max,
            condition=[READY] * len(p.arms),
            bv=[a.bv for a in p.arms],
            ammo=[a.rounds for a in p.arms],
        )
        c.update_able()
        state.combatants[c.id] = c
        state.order.append(c.id)


def checked_spec(state: PercentileEncounter, spec: dict[str, Any]) -> dict[str, Any]:
    """A new fighter's scenario entry, validated as a scenario file's entries are (fields,
    then a name nobody in the fight has); ``InvalidField`` names the field."""
    model = validated_spec(CombatantSpec, spec)
    if model.name in state.combatants:
        raise InvalidField(f"spec.name: {model.name!r} is already in the fight")
    dump: dict[str, Any] = model.model_dump(mode="json", exclude_unset=True)
    return dump


EVENT_TYPES: tuple[type[Event[Any]], ...] = (HpAdjusted, ConditionSet, LeftTheFight, FighterJoined)
OVERRIDE_TYPES: Sequence[type[Override]] = (
    GmAddCombatant,
    GmAdjustHp,
    GmAddCondition,
    GmRemoveCondition,
    GmRemoveCombatant,
    GmEndFight,
)


def override(ctx: PercentileContext, action: Override) -> bool:
    """Carry out ``action`` if it is one of this module's; False if it is not."""
    state = ctx.state
    if isinstance(action, GmAddCombatant):
        if state.over:
            raise IllegalAction("the fight is over")
        if state.asking is not None:
            raise IllegalAction("an attack waits for its defender: add the fighter after it")
        spec = checked_spec(state, action.spec)
        ctx.emit(FighterJoined(spec=spec, options=ctx.options.model_dump(mode="json")))
        return True
    if isinstance(action, GmAdjustHp | GmAddCondition | GmRemoveCondition | GmRemoveCombatant):
        if state.over:
            raise IllegalAction("the fight is over")
        if action.target not in state.combatants:
            raise InvalidField(f"target: no combatant {action.target!r}")
        c = fighter(state, action.target)
        if isinstance(action, GmRemoveCombatant):
            if c.yielded:
                raise IllegalAction(f"{c.name} is already out of the fight ({c.yielded})")
            ctx.emit(LeftTheFight(who=c.id))
        elif isinstance(action, GmAdjustHp):
            # Chapter 5, note 5.2: "Fatigue and hp can be regenerated": back to what was
            # lost, never past the character's hp
            refuse_heal_past_maximum(
                c.name, c.hp, c.p.hp_max, action.amount, "hp", "healing never goes past it"
            )
            ctx.emit(HpAdjusted(who=c.id, amount=action.amount, hp_after=c.hp + action.amount))
        else:
            if action.condition not in GM_CONDITIONS:
                raise InvalidField(f"condition: not one of {', '.join(GM_CONDITIONS)}")
            ctx.emit(
                ConditionSet(
                    who=c.id, condition=action.condition, on=isinstance(action, GmAddCondition)
                )
            )
        fight_decided(ctx)
        return True
    return False
