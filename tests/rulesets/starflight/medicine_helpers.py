"""A medic, a patient and a far-off foe on a table: the state built from a scenario, rules
called with a Context and scripted rolls (d% naturals: pass 100 for 00)."""

from __future__ import annotations

from typing import Any

from fracas.dice import ScriptedRoller
from fracas.engine import Context, Event
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.scenario import parse_scenario

from .helpers import fighter, scenario_data


def doc(**over: Any) -> dict[str, Any]:
    """'doc': Intensive Care 60, Long-Term Care 40, Primatology 30, Intellect 0, kit."""
    base = {
        "skills": {"intensive_care": 60, "long_term_care": 40, "primatology": 30},
        "medical": {"stimulants": 3, "stasis": "drug"},
        "position": [0, 0],
    }
    return fighter("doc", "blue", **{**base, **over})


def pat(**over: Any) -> dict[str, Any]:
    """'pat': NHP 20, HP 40, Durability 5, Recuperation 0, 5 m from the doc."""
    return fighter("pat", "blue", **{"nhp": 20, "hp": 40, "position": [5, 0], **over})


def foe(**over: Any) -> dict[str, Any]:
    """'foe': far away on the other side."""
    return fighter("foe", "red", **{"position": [300, 0], **over})


class Table:
    """A Fight and a Context over it with scripted rolls; ``log`` collects the events."""

    def __init__(self, *fighters: dict[str, Any], rolls: tuple[int, ...] = (), **top: Any) -> None:
        loaded = parse_scenario(scenario_data(*fighters, **top))
        self.fight: Fight = RULESET.build(loaded.scenario)
        self.fight.round = 1  # as in a fight under way (round 0 is before the first)
        self.log: list[Event[Any]] = []
        self.roller = ScriptedRoller(list(rolls))
        self.ctx: StarflightContext = Context(self.fight, self.roller, self.fight.options, self.log)

    def __getitem__(self, cid: str) -> Fighter:
        return self.fight.fighter(cid)

    def of(self, cls: type[Any]) -> list[Any]:
        """Every logged event of a type."""
        return [e for e in self.log if isinstance(e, cls)]

    def rolls(self, *values: int) -> None:
        """Script more rolls."""
        self.roller = ScriptedRoller(list(values))
        self.ctx.roller = self.roller

    def lines(self) -> list[str]:
        """The account lines of the events so far."""
        out = []
        for e in self.log:
            line = RULESET.describe(e, self.fight)
            if line:
                out.append(line)
        return out


def table(*fighters: dict[str, Any], **top: Any) -> Table:
    """A table of the given fighters (default: doc, pat, foe)."""
    return Table(*(fighters or (doc(), pat(), foe())), **top)
