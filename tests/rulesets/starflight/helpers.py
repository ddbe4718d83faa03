"""Building small Starflight fights for tests: plain stat blocks, scripted rolls."""

from __future__ import annotations

from typing import Any, TypeVar

from fracas.dice import ScriptedRoller
from fracas.engine import Event, Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.scenario import parse_scenario


def fighter(cid: str, side: str, **overrides: Any) -> dict[str, Any]:
    """A plain human: every score 0, saves 0, HD 50, NHP/HP 100, Durability 5."""
    base: dict[str, Any] = {
        "id": cid,
        "side": side,
        "species": "human",
        "tactics": "standby",
        "durability": 5,
        "hd": 50,
        "nhp": 100,
        "hp": 100,
        "initiative": 5,
        "saves": {"fortitude": 0, "reflex": 0, "willpower": 0},
        "position": [0, 0],
        "facing": 0,
    }
    base.update(overrides)
    return base


def shooter(**overrides: Any) -> dict[str, Any]:
    """'a': a Class One Hand Laser (10 lethal, no dice), Attack Bonus 0, at (0, 0)."""
    return fighter("a", "red", **{"weapons": [{"weapon": "hand laser", "class": 1}], **overrides})


def target(**overrides: Any) -> dict[str, Any]:
    """'t': 20 m east of 'a', facing it."""
    over = {"position": [20, 0], "facing": 180, **overrides}
    return fighter("t", "blue", **over)


def scenario_data(*fighters: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A scenario mapping with the fighters (and top-level fields such as options)."""
    return {"ruleset": "starflight", "name": "test", "combatants": list(fighters), **top}


def start(fighters: list[dict[str, Any]], rolls: list[int], **top: Any) -> Session:
    """Start a fight with scripted rolls (the first ones are the initiative d10s). Equal
    order scores keep scenario order (option ``initiative_ties: scenario-order``) unless the
    options say otherwise: the scripts give no tie re-rolls."""
    options = {"initiative_ties": "scenario-order", **top.pop("options", {})}
    loaded = parse_scenario(scenario_data(*fighters, options=options, **top))
    return Session.start(RULESET, loaded.scenario, ScriptedRoller(rolls))


def fight_of(session: Session) -> Fight:
    """The session's state as a Fight."""
    state = session.state
    assert isinstance(state, Fight)
    return state


def who(session: Session, cid: str) -> Fighter:
    """A fighter of the session."""
    return fight_of(session).fighter(cid)


E = TypeVar("E", bound=Event)


def of_type(session: Session, cls: type[E]) -> list[E]:
    """Every event of a type in the log."""
    return [e for e in session.log if isinstance(e, cls)]
