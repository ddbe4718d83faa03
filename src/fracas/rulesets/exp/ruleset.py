"""The EXP non-lethal combat ruleset: builds the fight, runs the combat-unit cycle, and
dispatches each action to the module of the rule it carries out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from fracas.engine import (
    Action,
    Choice,
    EncounterEnded,
    Event,
    IllegalAction,
    Pending,
    RoundStarted,
    Ruleset,
)
from fracas.engine.overrides import Override
from fracas.engine.ruleset import Demo, Hit, TurnControl
from fracas.engine.view import Card
from fracas.rulesets.exp import actions as act
from fracas.rulesets.exp import analysis, overrides, player_view, table_words
from fracas.rulesets.exp.account import describe
from fracas.rulesets.exp.attack import attack
from fracas.rulesets.exp.demo import worked_example
from fracas.rulesets.exp.events import (
    EXP_EVENTS,
    ConditionChanged,
    Held,
    InitiativeRolled,
    StoodUp,
    TurnEnded,
    Yelled,
)
from fracas.rulesets.exp.grapple import break_check, grapple, release, reverse
from fracas.rulesets.exp.initiative import next_actor, start_unit_order
from fracas.rulesets.exp.legal_actions import (
    check_concede,
    check_free_attack,
    check_stand_up,
    legal_actions,
)
from fracas.rulesets.exp.legality import check_turn
from fracas.rulesets.exp.notes import scenario_notes
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.scenario import ExpScenario, PersonaModel
from fracas.rulesets.exp.snatch import snatch
from fracas.rulesets.exp.state import CombatRow, ExpContext, ExpEncounter, Persona, Weapon, persona
from fracas.rulesets.exp.tables import ATTRIBUTES, WEAPONS
from fracas.rulesets.exp.tactics import choose_action
from fracas.rulesets.exp.trip import trip
from fracas.rulesets.exp.victory import check_victory


def _weapons(model: PersonaModel, overrides: dict[str, str]) -> list[Weapon]:
    out = []
    for raw, w in zip(model.weapons, model.weapon_models(), strict=True):
        damage = overrides.get(w.name, w.damage) if isinstance(raw, str) else w.damage
        out.append(Weapon(w.name, w.attack_type, damage, w.close_range, w.natural, w.stun))
    return out


def blueprint(model: PersonaModel, overrides: dict[str, str]) -> dict[str, Any]:
    """A persona's starting state as keyword arguments (read once per scenario)."""
    spec = model.tactic()
    return {
        "id": model.name,
        "name": model.name,
        "side": model.side,
        "tactics": spec.text(),
        "kind": model.kind,
        "advanced": model.advanced,
        "treaded": model.treaded,
        "level": model.level,
        "size": model.size,
        "attributes": {a: getattr(model.attributes, a) for a in ATTRIBUTES},
        "hps_max": model.hps,
        "hps": model.hps_now if model.hps_now is not None else model.hps,
        "hand_to_hand": model.hand_to_hand,
        "holds_back_force_bonus": model.holds_back_force_bonus,
        "table": {k: CombatRow(**v.model_dump()) for k, v in model.combat_table.items()},
        "defence_rating": model.defence_rating,
        "weapons": _weapons(model, overrides),
        "proficient_with": tuple(model.proficient_with),
        "concede_below": spec.concede_below,
    }


def build_persona(plan: dict[str, Any]) -> Persona:
    """A fresh persona from its blueprint (its mutable parts copied)."""
    return Persona(
        **{**plan, "attributes": dict(plan["attributes"]), "weapons": list(plan["weapons"])}
    )


overrides.register_builder(
    lambda model, weapon_damage: build_persona(blueprint(model, weapon_damage))
)


@lru_cache(maxsize=1024)
def turn_prompt(actor: str | None, unit: int) -> Pending:
    """What the fight waits for in ``unit``: ``actor``'s action, or (``None``) the next unit
    (cached: fights repeat them)."""
    if actor is None:
        return Pending(None, f"start of unit {unit + 1}")
    return Pending(actor, f"{actor}'s action (unit {unit})")


@lru_cache(maxsize=256)
def free_attack_prompt(who: str, victim: str, weapon: str) -> Pending:
    """The free attack the fight waits for (cached: fights repeat them)."""
    return Pending(who, f"free attack on {victim} with the {weapon} (or decline)")


class ExpRuleset(Ruleset[ExpEncounter, act.ExpAction, ExpOptions]):
    """EXP, 'Non-Lethal Combat' (with the tactical combat it leans on, as options)."""

    name: ClassVar[str] = "exp"
    scenario_model = ExpScenario
    round_word = "unit"  # the chapter's "unit" of combat time
    fast_paths = "fracas.rulesets.exp.fast"

    def build(self, scenario: ExpScenario) -> ExpEncounter:
        """Personas at their starting HPS; the options ride along for the tactics."""
        options = scenario.options
        state = ExpEncounter(ruleset="exp", options=options)
        fist = WEAPONS["fist"]
        state.bare_hands = Weapon(
            "fist", "strike", options.weapon_damage.get("fist", fist.damage), True, True
        )
        for plan in scenario.blueprints(blueprint):
            p = build_persona(plan)
            state.combatants[p.id] = p
        return state

    def start(self, ctx: ExpContext) -> None:
        """Unit 1 and its initiative."""
        ctx.emit(RoundStarted(round=1))
        start_unit_order(ctx, ctx.state, first=True)

    def pending(self, state: ExpEncounter) -> Pending | None:
        """A free attack first, then the next in initiative order, then the next unit."""
        if state.over:
            return None
        if state.free_attack is not None:
            return free_attack_prompt(*state.free_attack)
        return turn_prompt(next_actor(state), state.round)

    def choose(self, state: ExpEncounter, pending: Pending) -> act.ExpAction:
        """Round upkeep, or what the pending persona's tactics choose."""
        if pending.actor is None:
            return act.StartUnit(actor=None)
        return choose_action(state, pending.actor)

    def legal_actions(self, state: ExpEncounter, pending: Pending) -> list[Choice]:
        """Every action the pending persona (or the unit's upkeep) may take now."""
        return legal_actions(state, pending)

    def resolve(self, ctx: ExpContext, action: Action) -> None:
        """Check whose turn it is, carry out the action, end the turn, check victory."""
        state = ctx.state
        if state.over:
            raise IllegalAction("the fight is over")
        if isinstance(action, act.StartUnit):
            self._start_unit(ctx, state)
            return
        if action.actor not in state.combatants:
            raise IllegalAction(f"no persona called {action.actor!r}")
        actor = state.combatants[action.actor]
        free = state.free_attack is not None
        check_turn(state, actor, free)
        if free:
            check_free_attack(state, action)
        keeps_turn = HANDLERS[type(action)](ctx, action)
        if not keeps_turn:
            ctx.emit(TurnEnded(actor=actor.id, free=free))
        check_victory(ctx, state)

    def _start_unit(self, ctx: ExpContext, state: ExpEncounter) -> None:
        """A new combat unit and its initiative, or a draw after ``max_units``."""
        if next_actor(state) is not None or state.free_attack is not None:
            raise IllegalAction("the unit is not over: someone still has to act")
        if state.round >= ctx.options.max_units:
            ctx.emit(EncounterEnded(winner=None, reason=f"no decision in {state.round} units"))
            return
        ctx.emit(RoundStarted(round=state.round + 1))
        start_unit_order(ctx, state, first=False)

    # -- the web tracker: cards (player_view.py) and GM overrides (overrides.py) -------------
    def card(self, state: ExpEncounter, combatant_id: str) -> Card:
        return player_view.card(state, combatant_id)

    def turn_order(self, state: ExpEncounter) -> list[str]:
        return player_view.turn_order(state)

    def turn_control(self, state: ExpEncounter, pending: Pending) -> TurnControl:
        """A persona may spend its action on the simplest of tasks ("keep hold": ``Wait``),
        which lets its turn pass; the unit's initiative decides the order."""
        listed = self.legal_actions(state, pending)
        wait = next((c for c in listed if isinstance(c.action, act.Wait)), None)
        return TurnControl(skip=wait, rule="each unit's initiative roll decides the order")

    def initiatives(self, state: ExpEncounter, log: Sequence[Event[Any]]) -> dict[str, int]:
        """The totals of the unit's last initiative roll (none when it was not rolled)."""
        for event in reversed(log):
            if isinstance(event, InitiativeRolled):
                return dict(event.rolls)
        return {}

    def table_words(
        self, event: Event[Any], state: ExpEncounter
    ) -> tuple[str, tuple[str, ...]] | None:
        return table_words.table_words(event, state)

    def gm_conditions(self) -> Sequence[str]:
        return overrides.GM_CONDITIONS

    def override_types(self) -> Sequence[type[Override]]:
        return overrides.OVERRIDE_TYPES

    def override(self, ctx: ExpContext, action: Override) -> None:
        if not overrides.override(ctx, action):
            super().override(ctx, action)

    def event_types(self) -> Sequence[type[Event[Any]]]:
        return (*EXP_EVENTS, *overrides.EVENT_TYPES)

    def action_types(self) -> Sequence[type[act.ExpAction]]:
        return act.ACTIONS

    def describe(self, event: Event[Any], state: ExpEncounter) -> str | None:
        return describe(event, state)

    def outcome(self, state: ExpEncounter, combatant_id: str) -> str:
        return analysis.outcome(state, combatant_id)

    def notable(self, log: Sequence[Event[Any]], state: ExpEncounter) -> Iterable[str]:
        return analysis.notable(log, state)

    def damage(self, log: Sequence[Event[Any]], state: ExpEncounter) -> Iterable[Hit]:
        return analysis.damage(log, state)

    def summary(self, state: ExpEncounter) -> list[str]:
        """Each persona's HPS and condition at the end."""
        lines = ["", "At the end:"]
        for name in state.combatants:
            p = state.combatants[name]
            extra = f", holding {p.holding}" if p.holding else ""
            lines.append(
                f"  {p.name} ({p.kind}, {p.side}): {p.hps}/{p.hps_max} HPS, {p.condition}{extra}"
            )
        return lines

    def notes(self, scenario: Any) -> list[str]:
        """What ``fracas check`` notes about a valid scenario (:mod:`fracas.rulesets.exp.notes`)."""
        return scenario_notes(scenario) if isinstance(scenario, ExpScenario) else []

    def demo(self) -> Demo:
        return worked_example()


def _concede(ctx: ExpContext, action: act.Concede) -> bool:
    """'A persona may have had enough and calls it quits' (Victory Conditions); flora, fauna
    and robots "do not understand surrender" and never do."""
    who = action.actor or ""
    check_concede(ctx.state, ctx.options, action)
    reason = action.reason or "calls it quits"
    ctx.emit(ConditionChanged(target=who, condition="conceded", reason=reason))
    return False


def _stand_up(ctx: ExpContext, action: act.StandUp) -> bool:
    """A tripped persona spends an action getting up (option ``tripped_loses_actions``)."""
    check_stand_up(ctx.state, ctx.options, action)
    ctx.emit(StoodUp(target=action.actor or ""))
    return False


def _yell(ctx: ExpContext, action: act.Yell) -> bool:
    """'... nothing other than psionic attacks and yelling while grappled' (Overpower)."""
    ctx.emit(Yelled(actor=action.actor or ""))
    return False


def _wait(ctx: ExpContext, action: act.Wait) -> bool:
    """'The successful grappler ... may undertake the simplest of tasks' (or any waiting)."""
    p = persona(ctx.state, action.actor or "")
    what = "keeps hold" if p.holding else "waits"
    free = ctx.state.free_attack
    if free is not None and free[0] == p.id:  # a free attack after a snatch, declined
        what = f"declines the free attack on {persona(ctx.state, free[1]).name} with the {free[2]}"
    if action.reason:
        what += f" ({action.reason})"
    ctx.emit(Held(actor=p.id, what=what))
    return False


def _attack(ctx: ExpContext, action: act.Attack) -> bool:
    """An attack ends the persona's action for the unit."""
    attack(ctx, action)
    return False


def _maneuver(rule: Callable[[ExpContext, Any], None]) -> Callable[[ExpContext, Any], bool]:
    """A grapple, snatch, trip or reversal ends the persona's action for the unit."""

    def run(ctx: ExpContext, action: Any) -> bool:
        rule(ctx, action)
        return False

    return run


def _release(ctx: ExpContext, action: act.Release) -> bool:
    """The grappler lets go (one of the simplest of tasks)."""
    release(ctx, action)
    return False


HANDLERS: dict[type[Action], Callable[[ExpContext, Any], bool]] = {
    act.Attack: _attack,
    act.Grapple: _maneuver(grapple),
    act.Snatch: _maneuver(snatch),
    act.Trip: _maneuver(trip),
    act.BreakFree: break_check,  # a win keeps the turn: "break free, move and attack"
    act.Reverse: _maneuver(reverse),
    act.Release: _release,
    act.Yell: _yell,
    act.Wait: _wait,
    act.Concede: _concede,
    act.StandUp: _stand_up,
}
