"""The Starflight RPG character-scale combat ruleset (chapter 9.2) on the fracas engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.engine import Action, Event, Pending, Ruleset
from fracas.engine.ruleset import Demo
from fracas.rulesets.starflight import (  # noqa: F401  (each registers its actions)
    account,
    attack_action,
    draw_sheathe,
    facing,
    move_action,
    prone,
    reload,
    snipe,
    standby,
)
from fracas.rulesets.starflight.actions import REGISTRY
from fracas.rulesets.starflight.characters import build_fighter
from fracas.rulesets.starflight.demo import worked_example
from fracas.rulesets.starflight.events import EVENT_TYPES, PhasesSpent
from fracas.rulesets.starflight.legality import check_turn
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.range import increment_m
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
            obstacles=[
                Obstacle(o.name, o.start, o.end, o.kind, o.hit_points(), o.reduction())
                for o in scenario.obstacles
            ],
        )
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
        return Pending(c.id, f"{c.name}: {fight.phases_left} action phase(s) left")

    def choose(self, state: Fight, pending: Pending) -> Action:
        """The pending combatant's tactics choose."""
        fight = state
        c = fight.fighter(pending.actor or "")
        return TACTICS[c.tactics](fight, c)

    def resolve(self, ctx: StarflightContext, action: Action) -> None:
        """Check whose turn it is and the phases left, resolve, spend the phases, advance."""
        fight = ctx.state
        kind, actor = check_turn(fight, action)
        kind.resolve(ctx, fight.fighter(actor), action)
        if kind.phases:
            ctx.emit(PhasesSpent(actor=actor, phases=kind.phases))
        advance(ctx)

    def event_types(self) -> Sequence[type[Event[Any]]]:
        """Every Starflight event."""
        return EVENT_TYPES

    def action_types(self) -> Sequence[type[Action]]:
        """Every registered action type."""
        return tuple(REGISTRY)

    def describe(self, event: Event[Any], state: Fight) -> str | None:
        """One account line."""
        return account.describe(event, state)

    def summary(self, state: Fight) -> list[str]:
        """Each combatant's condition and each side's CSI."""
        return account.summary(state)

    def demo(self) -> Demo | None:
        """Xxksax's laser shot at the G'Nunk (chapter 9.2, 'Lethal Damage and Wounds')."""
        return worked_example()
