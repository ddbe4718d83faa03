"""The chapter's worked example as a scenario and its rolls (chapter 9.2, 'Using Weapons' and
'Lethal Damage and Wounds'): Xxksax the Veloxi fires a Class Two Hand Laser at a male G'Nunk
warrior (HD 61, Dodge 34, NHP 100, HP 100)."""

from __future__ import annotations

from typing import Any

from fracas.engine.ruleset import Demo

INTRO = """Chapter 9.2's worked example: Xxksax, a Veloxi with a ranged Attack Bonus of 4,
fires a Class Two Hand Laser at a G'Nunk warrior (HD 61, Dodge 34): effective HD 60.
He rolls 66 and hits; the d10 location is 6 (groin) and the laser does 21 lethal damage.
The G'Nunk's Reflex save is a 00 (critical failure: d10 4 sensory, 5 olfactory, 3 Wounds),
his Willpower save a 37, and his Fortitude save (DC 71) a 59 plus his save modifier."""

# order-of-battle d10s (Xxksax 1 + 6 = 7, G'Nunk 5 + 5 = 10), then the example's own rolls
ROLLS = (1, 5, 66, 6, 100, 4, 5, 3, 37, 59)


def example_scenario() -> dict[str, Any]:
    """The worked example's two combatants, 20 m apart, for one round."""
    return {
        "ruleset": "starflight",
        "name": "Xxksax's low blow (chapter 9.2 worked example)",
        "options": {"max_rounds": 1},
        "round_limit_reason": "the chapter's worked example ends after this one attack",
        "scale": "ranged",
        "combatants": [
            {
                "id": "xxksax",
                "name": "Xxksax",
                "side": "Veloxi",
                "species": "veloxi",
                "tactics": "fire-once",
                "attributes": {"finesse": 50, "power": 30, "physique": 40},
                "skills": {"security": 40, "dodge": 30},
                "durability": 4,
                "hd": 50,
                "nhp": 80,
                "hp": 80,
                "initiative": 6,
                "weapons": [{"weapon": "hand laser", "class": 2}],
                "position": [0, 0],
                "facing": 0,
            },
            {
                "id": "gnunk",
                "name": "the G'Nunk",
                "side": "G'Nunk",
                "species": "gnunk",
                "sex": "male",
                "tactics": "standby",
                "attributes": {"power": 60, "finesse": 30, "physique": 60},
                "skills": {"dodge": 34, "stamina": 40, "security": 30},
                "durability": 5,
                "hd": 61,
                "nhp": 100,
                "hp": 100,
                "initiative": 5,
                "saves": {"fortitude": 13, "reflex": 10, "willpower": 10},
                "position": [20, 0],
                "facing": 180,
            },
        ],
    }


def worked_example() -> Demo:
    """The demo ``fracas demo starflight`` replays."""
    return Demo(intro=INTRO, scenario=example_scenario(), rolls=ROLLS)
