"""The Starflight RPG character-scale combat ruleset (chapter 9.2) on the fracas engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from fracas.engine import Action, Choice, Event, Pending, Ruleset
from fracas.engine.battlefield import Battlefield
from fracas.engine.errors import FracasError
from fracas.engine.overrides import Override
from fracas.engine.ruleset import Demo, Hit, TurnControl
from fracas.engine.view import Card
from fracas.rulesets.starflight import (  # noqa: F401  (each registers its actions)
    account,
    activate_item,
    aid,
    analysis,
    attack_action,
    attack_item,
    battlefield,
    charge,
    constrict,
    coup_de_grace,
    disarm_sunder,
    draw_sheathe,
    drop_item,
    facing,
    full_attack,
    grapple,
    improved_grab,
    maneuver_account,
    manipulate_item,
    medical_aid,
    mount,
    move_action,
    overrides,
    player_view,
    prone,
    push_attack,
    raise_lower_shield,
    ready,
    recharge,
    reload,
    run,
    snipe,
    speak,
    standby,
    stunts,
    swallow_whole,
    table_words,
    trample,
    trip,
    use_skill,
)
from fracas.rulesets.starflight.actions import REGISTRY, Rest, Vehicle
from fracas.rulesets.starflight.characters import build_fighter
from fracas.rulesets.starflight.decision import deciding
from fracas.rulesets.starflight.demo import worked_example
from fracas.rulesets.starflight.events import PhasesSpent, all_event_types
from fracas.rulesets.starflight.legal_actions import legal_actions
from fracas.rulesets.starflight.legality import checked_turn
from fracas.rulesets.starflight.line_of_sight import shared_crossings
from fracas.rulesets.starflight.notes import scenario_notes
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.range import increment_m
from fracas.rulesets.starflight.rest import VEHICLES, rest, rest_problem
from fracas.rulesets.starflight.scenario import StarflightScenario
from fracas.rulesets.starflight.species import RIDERS
from fracas.rulesets.starflight.state import Fight, Obstacle, StarflightContext
from fracas.rulesets.starflight.tactics import TACTICS
from fracas.rulesets.starflight.turns import advance, start_fight


class StarflightRuleset(Ruleset[Fight, Action, StarflightOptions]):
    """Chapter 9.2 'Character-scale Combat'."""

    name = "starflight"
    scenario_model = StarflightScenario

    def build(self, scenario: StarflightScenario) -> Fight:
        """The fight before initiative, from a validated scenario."""
        species = scenario.all_species()
        fight = Fight(
            ruleset=self.name,
            options=scenario.options,
            scale=scenario.scale,
            increment_m=increment_m(scenario.scale),
            species=species,
            riders=dict(RIDERS),
            round_limit_reason=scenario.round_limit_reason,
            frictionless=scenario.surface == "frictionless",
            vehicles=list(scenario.vehicles),
            inside_vehicle=scenario.inside_vehicle,
            obstacles=[
                Obstacle(o.name, o.start, o.end, o.kind, o.hit_points(), o.reduction())
                for o in scenario.obstacles
            ],
        )
        fight.crossings = shared_crossings(fight.obstacles)
        for spec in scenario.combatants:
            fight.combatants[spec.id] = build_fighter(spec, species[spec.species])
        return fight

    def start(self, ctx: StarflightContext) -> None:
        """Order of battle, surprise round, first turn."""
        start_fight(ctx)

    def pending(self, state: Fight) -> Pending | None:
        """The combatant whose action phase it is."""
        fight = state
        if fight.over or fight.current is None:
            return None
        c = fight.fighter(fight.current)
        return _pending(c.id, c.name, fight.phases_left)

    def choose(self, state: Fight, pending: Pending) -> Action:
        """The pending combatant's tactics choose."""
        fight = state
        c = fight.fighter(pending.actor or "")
        return deciding(fight, c, TACTICS[c.tactics])

    def legal_actions(self, state: Fight, pending: Pending) -> list[Choice]:
        """Every action the pending combatant may take now (each action type lists its own)."""
        if pending.actor is None or pending.actor not in state.combatants:
            return []
        return legal_actions(state, state.fighter(pending.actor))

    def resolve(self, ctx: StarflightContext, action: Action) -> None:
        """Check whose turn it is and the phases left, resolve, spend the phases, advance."""
        fight = ctx.state
        if isinstance(action, Rest):
            rest(ctx, action)
            return
        kind, actor, phases = checked_turn(fight, action)  # priced before anything changes
        c = fight.fighter(actor)
        kind.resolve(ctx, c, action)
        if phases:
            ctx.emit(PhasesSpent(actor=actor, phases=phases))
        advance(ctx)

    # -- the web tracker: cards (player_view.py) and GM overrides (overrides.py) -------------
    def card(self, state: Fight, combatant_id: str) -> Card:
        return player_view.card(state, combatant_id)

    def turn_order(self, state: Fight) -> list[str]:
        return player_view.turn_order(state)

    def turn_control(self, state: Fight, pending: Pending) -> TurnControl:
        """'Standby': "they declare to not do anything during the course of that action
        phase" (the phase passes); the order of battle is rolled once ('Initiative')."""
        wait = next((c for c in self.legal_actions(state, pending) if c.kind == "wait"), None)
        return TurnControl(skip=wait, rule="the order of battle (rolled once) decides the order")

    def initiatives(self, state: Fight, log: Sequence[Event[Any]]) -> dict[str, int]:
        """Each fighter's order-of-battle score (none before it is rolled)."""
        return {c.id: c.order_score for c in state.fighters()} if state.order else {}

    def battlefield(self, state: Fight, log: Sequence[Event[Any]]) -> Battlefield:
        return battlefield.battlefield(state, log)

    def lands_at(self, state: Fight, action: Action) -> tuple[float, float] | None:
        return battlefield.lands_at(state, action)

    def table_words(self, event: Event[Any], state: Fight) -> tuple[str, tuple[str, ...]] | None:
        return table_words.table_words(event, state)

    def gm_conditions(self) -> Sequence[str]:
        return overrides.GM_CONDITIONS

    def override_types(self) -> Sequence[type[Override]]:
        return overrides.OVERRIDE_TYPES

    def override(self, ctx: StarflightContext, action: Override) -> None:
        if not overrides.override(ctx, action):
            super().override(ctx, action)

    def event_types(self) -> Sequence[type[Event[Any]]]:
        """Every Starflight event."""
        return (*all_event_types(), *overrides.EVENT_TYPES)

    def action_types(self) -> Sequence[type[Action]]:
        """Every registered action type."""
        return (*REGISTRY, Rest)

    def rest_action(
        self, state: Fight, hours: int, medic: str | None, vehicle: str = "none"
    ) -> Rest:
        """A ``Rest`` of ``hours`` with ``medic`` (id or name) in a ``vehicle``."""
        medic_id = None
        if medic is not None:
            matches = [c.id for c in state.fighters() if medic in (c.id, c.name)]
            if not matches:
                known = ", ".join(c.name for c in state.fighters())
                raise FracasError(f"--medic: no combatant {medic!r} (combatants: {known})")
            medic_id = matches[0]
        if vehicle not in VEHICLES:
            raise FracasError(f"--vehicle: {vehicle!r} is not one of {', '.join(VEHICLES)}")
        place: Vehicle = (
            "parked" if vehicle == "parked" else "moving" if vehicle == "moving" else "none"
        )
        action = Rest(actor=None, hours=hours, medic=medic_id, vehicle=place)
        problem = rest_problem(state, action)
        if problem:
            raise FracasError(
                f"--{problem}"
                if problem.split(":")[0] in ("hours", "medic", "vehicle")
                else problem
            )
        return action

    def describe(self, event: Event[Any], state: Fight) -> str | None:
        """One account line."""
        return account.describe(event, state)

    def outcome(self, state: Fight, combatant_id: str) -> str:
        return analysis.outcome(state, combatant_id)

    def notable(self, log: Sequence[Event[Any]], state: Fight) -> Iterable[str]:
        return analysis.notable(log, state)

    def damage(self, log: Sequence[Event[Any]], state: Fight) -> Iterable[Hit]:
        return analysis.damage(log, state)

    def summary(self, state: Fight) -> list[str]:
        """Each combatant's condition and each side's CSI."""
        return account.summary(state)

    def notes(self, scenario: Any) -> list[str]:
        """What ``fracas check`` notes about a valid scenario (``starflight.notes``)."""
        return scenario_notes(scenario) if isinstance(scenario, StarflightScenario) else []

    def demo(self) -> Demo | None:
        """Xxksax's laser shot at the G'Nunk (chapter 9.2, 'Lethal Damage and Wounds')."""
        return worked_example()


@lru_cache(maxsize=1024)
def _pending(actor: str, name: str, phases_left: int) -> Pending:
    """The pending decision of ``actor`` (frozen: the same few are asked for every action of
    every fight, so they are built once)."""
    return Pending(actor, f"{name}: {phases_left} action phase(s) left")
