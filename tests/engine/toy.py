"""A tiny ruleset for testing the engine alone: each turn the actor hits the other for d6."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from fracas.engine import (
    Action,
    Choice,
    Combatant,
    Context,
    Encounter,
    EncounterEnded,
    Event,
    IllegalAction,
    Pending,
    RoundStarted,
    Ruleset,
)
from fracas.engine.overrides import GmAdjustHp, GmEndFight, Override
from fracas.engine.view import Bar, Card, wound_level


class ToyFighter(BaseModel):
    name: str
    side: str
    hp: int


class ToyScenario(BaseModel):
    ruleset: Literal["toy"] = "toy"
    fighters: list[ToyFighter]


@dataclass(slots=True)
class ToyCombatant(Combatant):
    hp: int = 0


class Hit(Action, frozen=True, kw_only=True):
    target: str


class Wait(Action, frozen=True, kw_only=True):
    """Let the turn pass (no roll)."""


class Damaged(Event, frozen=True, kw_only=True):
    target: str
    amount: int

    def apply(self, state: Encounter) -> None:
        c = state.combatants[self.target]
        assert isinstance(c, ToyCombatant)
        c.hp -= self.amount


class ToyRuleset(Ruleset):
    name = "toy"
    scenario_model = ToyScenario

    def build(self, scenario: ToyScenario) -> Encounter:
        state = Encounter(ruleset="toy")
        for f in scenario.fighters:
            state.combatants[f.name] = ToyCombatant(f.name, f.name, f.side, "hit", hp=f.hp)
        return state

    def start(self, ctx: Context) -> None:
        ctx.emit(RoundStarted(round=1))

    def pending(self, state: Encounter) -> Pending | None:
        if state.over:
            return None
        names = list(state.combatants)
        return Pending(names[(state.round - 1) % 2], "hit")

    def choose(self, state: Encounter, pending: Pending) -> Action:
        other = next(n for n in state.combatants if n != pending.actor)
        return Hit(actor=pending.actor, target=other)

    def legal_actions(self, state: Encounter, pending: Pending) -> list[Choice]:
        others = [n for n in state.combatants if n != pending.actor]
        return [
            *(Choice(f"hit {n}", Hit(actor=pending.actor, target=n), "attack") for n in others),
            Choice("wait", Wait(actor=pending.actor), "wait"),
        ]

    def card(self, state: Encounter, combatant_id: str) -> Card:
        c = state.combatants[combatant_id]
        assert isinstance(c, ToyCombatant)
        return Card(
            id=c.id,
            name=c.name,
            side=c.side,
            wound=wound_level(c.hp, 10, c.hp <= 0),
            bars=(Bar("hp", c.hp, 10),),
            details=(("secret", f"{c.name}'s gm-only note"),),
        )

    def override_types(self) -> Sequence[type[Override]]:
        return (GmAdjustHp, GmEndFight)

    def override(self, ctx: Context, action: Override) -> None:
        if isinstance(action, GmAdjustHp):
            if action.target not in ctx.state.combatants:
                raise IllegalAction(f"no combatant called {action.target!r}")
            ctx.emit(Damaged(target=action.target, amount=-action.amount))
            return
        super().override(ctx, action)

    def resolve(self, ctx: Context, action: Action) -> None:
        if isinstance(action, Wait):
            ctx.emit(RoundStarted(round=ctx.state.round + 1))
            return
        assert isinstance(action, Hit)
        if action.target not in ctx.state.combatants:
            raise IllegalAction(f"no combatant called {action.target!r}")
        amount = ctx.roll("1d6", f"{action.actor} damage")
        ctx.emit(Damaged(target=action.target, amount=amount))
        target = ctx.state.combatants[action.target]
        assert isinstance(target, ToyCombatant)
        if target.hp <= 0:
            ctx.emit(
                EncounterEnded(
                    winner=ctx.state.combatants[action.actor or ""].side,
                    reason=f"{action.target} is down",
                )
            )
        else:
            ctx.emit(RoundStarted(round=ctx.state.round + 1))

    def event_types(self) -> Sequence[type[Event]]:
        return (Damaged,)

    def action_types(self) -> Sequence[type[Action]]:
        return (Hit, Wait)

    def describe(self, event: Event, state: Encounter) -> str | None:
        if isinstance(event, Damaged):
            target = state.combatants[event.target]
            assert isinstance(target, ToyCombatant)
            return f"{event.target} takes {event.amount} ({target.hp} hp left)"
        return None

    def summary(self, state: Encounter) -> list[str]:
        return [
            f"{c.name}: {c.hp} hp" for c in state.combatants.values() if isinstance(c, ToyCombatant)
        ]


RULESET = ToyRuleset()


SCENARIO = ToyScenario(
    fighters=[ToyFighter(name="Ann", side="red", hp=10), ToyFighter(name="Bob", side="blue", hp=10)]
)
