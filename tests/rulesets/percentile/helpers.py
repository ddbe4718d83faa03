"""Building small percentile fights for tests: scenario dicts, scripted sessions, lookups."""

from __future__ import annotations

import copy
from typing import Any

from fracas.dice import Expr, ScriptedRoller
from fracas.engine import Session
from fracas.rulesets.percentile.actions import Declare, Defend
from fracas.rulesets.percentile.state import Fighter, PercentileEncounter
from fracas.scenario import parse_scenario

BASE_FIGHTER: dict[str, Any] = {
    "STR": 10,
    "CON": 10,
    "AGL": 10,
    "PER": 10,
    "hp": 20,
    "fatigue": 20,
    "armour": "boiled leather",
    "weapons": ["dagger"],
    "skills": {"dagger": 50},
}


def fighter_spec(name: str, side: str, **changes: Any) -> dict[str, Any]:
    spec = copy.deepcopy(BASE_FIGHTER)
    spec.update(name=name, side=side, **changes)
    return {k: v for k, v in spec.items() if v is not None}


def scenario(*fighters: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {
        "ruleset": "percentile",
        "name": "test",
        "options": options,
        "combatants": list(fighters),
    }


def duel(
    attacker: dict[str, Any] | None = None,
    defender: dict[str, Any] | None = None,
    extra: list[dict[str, Any]] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A (side a) against D (side b), plus ``extra`` combatants."""
    a = fighter_spec("A", "a", **(attacker or {}))
    d = fighter_spec("D", "b", **(defender or {}))
    return scenario(a, d, *(extra or []), **options)


class CountingRoller:
    """Scripted rolls that can be topped up between actions, counting what was used."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.used = 0

    @property
    def total(self) -> int:
        return len(self.values)

    def extend(self, values: list[int]) -> None:
        self.values.extend(values)

    def roll(self, expr: str | Expr, purpose: str) -> int:
        value = ScriptedRoller(self.values[self.used :]).roll(expr, purpose)
        self.used += 1
        return value


def start(data: dict[str, Any], rolls: list[int]) -> tuple[Session, CountingRoller]:
    loaded = parse_scenario(data, "<test>")
    roller = CountingRoller(rolls)
    return Session.start(loaded.ruleset, loaded.scenario, roller), roller


def one_exchange(data: dict[str, Any], rolls: list[int]) -> Session:
    """Initiative (A 20, D 1, any others 1): A attacks D normally, D (and others) stand in
    all-out defence; the round resolves. Every scripted roll must be used."""
    names = [c["name"] for c in data["combatants"]]
    init = [20 if n == "A" else 1 for n in names]
    session, roller = start(data, init + rolls)
    for n in names:
        if n == "A":
            session.act(Declare(actor="A", stance="normal-attack", target="D"))
        else:
            session.act(Declare(actor=n, stance="all-out-defence"))
    assert roller.used == roller.total, f"{roller.total - roller.used} scripted rolls unused"
    return session


def get(session: Session, name: str) -> Fighter:
    c = session.state.combatants[name]
    assert isinstance(c, Fighter)
    return c


def carried(c: Fighter) -> list[str]:
    """The condition of each weapon ``c`` carries (not the body parts everyone has)."""
    return [cond for arm, cond in zip(c.p.arms, c.condition, strict=True) if not arm.natural]


def answer(session: Session, take: bool) -> None:
    """The pending defender's answer to an extra-defence question (there must be one)."""
    state = session.state
    assert isinstance(state, PercentileEncounter) and state.asking is not None, "nothing asked"
    session.act(Defend(actor=state.asking.defender, defend=take))
