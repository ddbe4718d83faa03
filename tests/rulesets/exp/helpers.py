"""Builders for EXP tests: personas as scenario dicts, sessions with scripted rolls."""

from __future__ import annotations

from typing import Any

from fracas.dice import ScriptedRoller
from fracas.engine import Event, Session
from fracas.rulesets.exp import RULESET, ExpScenario
from fracas.rulesets.exp.state import Persona, persona

STRIKE = {"skilled_bonus": 100, "raw_bonus": 35, "maximum_roll": 790, "force_bonus": 6}
FLING = {"skilled_bonus": 150, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 3}
SHOOT = {"skilled_bonus": 200, "raw_bonus": 70, "maximum_roll": 880, "force_bonus": 0}
POINTY = {"skilled_bonus": 120, "raw_bonus": 50, "maximum_roll": 800, "force_bonus": 0}


def anthro(name: str, side: str, **over: Any) -> dict[str, Any]:
    """An average anthro with fists; ``over`` replaces any field."""
    data: dict[str, Any] = {
        "name": name,
        "side": side,
        "kind": "anthro",
        "level": 2,
        "attributes": {
            "AWE": 10,
            "CHA": 10,
            "CON": 10,
            "DEX": 10,
            "INT": 10,
            "MSTR": 10,
            "PSTR": 10,
        },
        "hps": 40,
        "combat_table": {"strike": dict(STRIKE)},
        "defence_rating": 400,
        "weapons": ["fist"],
        "tactics": "brawl",
    }
    data.update(over)
    return data


def with_attrs(data: dict[str, Any], **attrs: int) -> dict[str, Any]:
    """``data`` with some attributes changed."""
    data["attributes"] = {**data["attributes"], **attrs}
    return data


def scenario(*combatants: dict[str, Any], **options: Any) -> ExpScenario:
    """A validated scenario; initiative follows the scenario's order unless told otherwise."""
    opts = {"initiative": "scenario-order", **options}
    return ExpScenario.model_validate(
        {"ruleset": "exp", "combatants": list(combatants), "options": opts}
    )


def session(rolls: list[int], *combatants: dict[str, Any], **options: Any) -> Session:
    """A started session whose dice are ``rolls`` in order."""
    return Session.start(RULESET, scenario(*combatants, **options), ScriptedRoller(rolls))


def who(s: Session, name: str) -> Persona:
    """The persona called ``name`` in the session's current state."""
    return persona(s.state, name)


def of_type(events: list[Event], kind: type[Event]) -> list[Any]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, kind)]
