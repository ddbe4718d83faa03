"""The chapter's worked example (Socmob) as a demo fight for ``fracas demo exp``."""

from __future__ import annotations

from typing import Any

from fracas.engine.ruleset import Demo

INTRO = (
    "EXP, 'Non-Lethal Combat', the worked example: an angry pugilist wins her attack roll and "
    "generates 20 HPS of non-lethal damage on Socmob, a level 2 Nothing with CON 8 and 40 HPS. "
    "Socmob takes the DSS as if at 20 HPS (percentile DSS: 50% + CON 8 = 58 or less to stay "
    "up); the pugilist has no hand-to-hand skill, rolls 12 (under 20) on the deci-die: oops, "
    "Socmob takes the full 20 HPS (40 -> 20) instead of the 2 of actual damage, and has had "
    "enough."
)


def _persona(name: str, side: str, con: int, dex: int, hps: int, level: int) -> dict[str, Any]:
    return {
        "name": name,
        "side": side,
        "kind": "anthro",
        "level": level,
        "attributes": {
            "AWE": 10,
            "CHA": 10,
            "CON": con,
            "DEX": dex,
            "INT": 10,
            "MSTR": 10,
            "PSTR": 12,
        },
        "hps": hps,
        "combat_table": {
            "strike": {"skilled_bonus": 100, "raw_bonus": 35, "maximum_roll": 790, "force_bonus": 6}
        },
        "defence_rating": 400,
    }


def socmob_scenario() -> dict[str, Any]:
    """The pugilist (fists 2d10 + Force Bonus 6) and Socmob (concedes below 30 HPS)."""
    pugilist = _persona("Angry Pugilist", "pugilist", con=12, dex=12, hps=45, level=3)
    pugilist["weapons"] = [
        {"name": "fists", "attack_type": "strike", "damage": "2d10", "close_range": True}
    ]
    socmob = _persona("Socmob", "Socmob", con=8, dex=9, hps=40, level=2)
    socmob["tactics"] = ["brawl", {"concede-below": 30}]
    return {"ruleset": "exp", "name": "Socmob's bad day", "combatants": [pugilist, socmob]}


#: initiative 15 and 4; kilodie 700 (735 vs DR 400: hit); 2d10 = 14 (+6 = 20 damage);
#: DSS roll 31 (58 or less: stays up); oops roll 12 (12 <= 20: oops)
SOCMOB_ROLLS: tuple[int, ...] = (15, 4, 700, 14, 31, 12)


def worked_example() -> Demo:
    """The Socmob example with its rolls."""
    return Demo(intro=INTRO, scenario=socmob_scenario(), rolls=SOCMOB_ROLLS)
