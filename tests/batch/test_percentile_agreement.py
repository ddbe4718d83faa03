"""The percentile duel kernel agrees with the event engine, matchup by matchup.

Each matchup exercises a different part of the rules (named in its id); the event engine
fights N of it over fixed seeds (``Session.run``), the kernel many more, and every figure
(win and draw rates, mean length, how each ended, the rate of each notable event) must lie
within the 99.9% interval of the difference (agreement.py). Each matchup also checks that its
rule really happened, so no case passes by never reaching it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fracas.scenario import parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from tests.batch.agreement import disagreements

N_EVENT = 3000
N_BATCH = 100_000


def fighter(name: str, side: str, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "side": side,
        "STR": 12,
        "CON": 12,
        "AGL": 12,
        "PER": 12,
        "weapons": ["sabre"],
        "skills": {"edged swords": 30, "sabre": 20},
    }
    base.update(kw)
    return base


JOANNE = fighter(
    "Joanne",
    "Joanne",
    STR=13,
    CON=15,
    AGL=15,
    PER=16,
    hp=28,
    fatigue=28,
    armour="studded leather",
    weapons=["epee"],
    skills={"point swords": 30, "epee": 37},
)
ONDKILLE = fighter(
    "Ondkille",
    "thugs",
    STR=8,
    CON=8,
    AGL=10,
    PER=13,
    hp=16,
    fatigue=16,
    armour="boiled leather",
    weapons=["dagger"],
    skills={"dagger": 40},
)

#: two poor swordsmen (5%): long fights, many fumbles, so a fighter defenceless after a
#: 41-60 fumble sometimes fumbles 41-60 again that round (and stays defenceless, table 5.2)
CLUMSY: dict[str, Any] = {
    "options": {"weapon_damage_on_parry": "none"},
    "combatants": [
        fighter("Ari", "a", hp=40, fatigue=40, skills={"edged swords": 5}),
        fighter("Bo", "b", hp=40, fatigue=40, skills={"edged swords": 5}),
    ],
}

MATCHUPS: dict[str, tuple[dict[str, Any], str]] = {
    "defenceless-twice": (CLUMSY, "Ari:fumbles"),
    # the book's duel: fumbles (table 5.2), disarms and recoveries, a script then a tactic
    "fumbles-disarms-book": (
        {
            "options": {"weapon_damage_on_parry": "none"},
            "combatants": [
                JOANNE,
                {
                    **ONDKILLE,
                    "tactics": "scripted",
                    "script": ["all-out-attack"],
                    "then": "normal-attack",
                },
            ],
        },
        "Ondkille:disarmed",
    ),
    # plate mail and a defensive fighter: all-out defence below half hp, BV losses (full
    # damage doubled, so the dagger can get through the plate and Ondkille fights on)
    "all-out-defence-plate": (
        {
            "options": {"full_damage": "double"},
            "combatants": [
                {**JOANNE, "armour": "plate mail"},
                {**ONDKILLE, "tactics": "defensive-below-half"},
            ],
        },
        "Ondkille:bv_lost",
    ),
    # examples/percentile/joanne-in-plate.yaml: the dagger (at most 5) can never get through
    # plate (ABS 6), and neither can body parts (D3): Ondkille surrenders at once to a sword
    # that gets through his armour (no_weapon_left: unarmed-else-yield, tactics.yielding)
    "armour-stops-surrender": (
        {
            "combatants": [
                {**JOANNE, "armour": "plate mail"},
                {**ONDKILLE, "tactics": "defensive-below-half"},
            ],
        },
        "Ondkille:surrendered",
    ),
    # ... under no_weapon_left: unarmed he fights on with the dagger, hoping for a perfect
    # success against a failed parry (full damage, no armour); all-out defence below half hp
    "armour-stops-fights-on": (
        {
            "options": {"no_weapon_left": "unarmed"},
            "combatants": [
                {**JOANNE, "armour": "plate mail"},
                {**ONDKILLE, "tactics": "defensive-below-half"},
            ],
        },
        "Ondkille:perfect_attacks",
    ),
    # ... and with fists that can (body_parts_damage D8), he changes to body parts, which
    # takes a round (draw_weapon: takes-round, tactics.way_through)
    "armour-stops-body-parts": (
        {
            "options": {"body_parts_damage": "D8", "draw_weapon": "takes-round"},
            "combatants": [
                {**JOANNE, "armour": "plate mail"},
                {**ONDKILLE, "skills": {"dagger": 40, "unarmed": 45}},
            ],
        },
        "Joanne:damage_taken",
    ),
    # a machete gets through chain mail (ABS 5), the dagger behind it (at most 5) does not:
    # once the machete is disarmed and lost, or breaks, Pim gives up (or flees one who
    # cannot hurt him) in mid-fight
    "armour-stops-mid-fight": (
        {
            "options": {"dropped_weapon": "lost"},
            "combatants": [
                fighter(
                    "Quin",
                    "a",
                    armour="chain mail",
                    weapons=["katana"],
                    skills={"edged swords": 40, "katana": 25},
                ),
                fighter(
                    "Pim",
                    "b",
                    weapons=["machete", "dagger"],
                    skills={"knives": 45},
                    tactics="all-out-attack",
                ),
            ],
        },
        "Pim:surrendered",
    ),
    # a katana against a dagger's BV 6: parrying weapons break, the next one is drawn
    "breakage": (
        {
            "combatants": [
                fighter(
                    "Kenji",
                    "a",
                    weapons=["katana"],
                    skills={"edged swords": 40, "katana": 25},
                    tactics="all-out-attack",
                ),
                fighter(
                    "Pim",
                    "b",
                    weapons=["dagger", "spiked mace"],
                    skills={"knives": 45, "clubs": 30},
                ),
            ],
        },
        "Pim:broken",
    ),
    # dropped weapons are lost: the second weapon is drawn; fumbles 01-25 read as 26-40
    "disarm-lost-second-weapon": (
        {
            "options": {
                "dropped_weapon": "lost",
                "fumble_rows_01_25": "as-26-40",
                "counter_effects": "always",
            },
            "combatants": [
                fighter(
                    "Ada",
                    "a",
                    weapons=["foil", "dagger"],
                    skills={"point swords": 25, "foil": 10, "knives": 30},
                ),
                fighter(
                    "Bo",
                    "b",
                    weapons=["machete", "gladius"],
                    skills={"knives": 30, "edged swords": 25},
                    tactics="all-out-attack",
                ),
            ],
        },
        "Ada:dropped",
    ),
    # tech armour: glitches (-15 per glitch, after the modifiers), with a dodge to fall back on
    "glitches": (
        {
            "options": {"glitch_applies": "after-modifiers", "fumble_rows_01_25": "as-26-40"},
            "combatants": [
                fighter(
                    "Cyd",
                    "a",
                    armour="light power armour",
                    STR=14,
                    skills={"edged swords": 15, "sabre": 10, "dodge": 30},
                ),
                fighter(
                    "Dex",
                    "b",
                    armour="chameleon suit",
                    weapons=["gladius"],
                    skills={"edged swords": 25, "dodge": 40},
                    tactics="all-out-attack",
                ),
            ],
        },
        "Cyd:glitches",
    ),
    # all-out attack against all-out defence with a dodge; every attack is parried; the
    # defender's counter-effects apply after any defence
    "all-out-attack-vs-defence": (
        {
            "options": {"parry_against": "every-attack", "counter_effects": "always"},
            "combatants": [
                fighter("Eve", "a", tactics="all-out-attack", armour="ribbed leather"),
                fighter(
                    "Fox",
                    "b",
                    tactics="all-out-defence",
                    weapons=["rapier"],
                    skills={"point swords": 35, "rapier": 20, "dodge": 45},
                ),
            ],
        },
        "Eve:fumbles",
    ),
    # fatigue to 0: little fatigue, one point a round, encumbrance; long fights in heavy armour
    "fatigue-to-zero": (
        {
            "options": {
                "fatigue_loss": "per-round",
                "encumbrance_fatigue": "per-multiple",
                "max_rounds": 60,
            },
            "combatants": [
                fighter(
                    "Gus",
                    "a",
                    fatigue=4,
                    armour="plate mail",
                    carried_kg=10,
                    skills={"edged swords": 20, "sabre": 10},
                ),
                fighter(
                    "Hal",
                    "b",
                    fatigue=9,
                    armour="chain mail",
                    weapons=["wakizashi"],
                    skills={"edged swords": 35},
                ),
            ],
        },
        "draw",
    ),
    # a dagger that breaks: with nothing left the fighter surrenders or flees (option
    # no_weapon_left: unarmed-else-yield; body parts without skill are not worth it)
    "no-weapon-left-yields": (
        {
            "combatants": [
                fighter(
                    "Kai",
                    "a",
                    weapons=["katana"],
                    skills={"edged swords": 40, "katana": 25},
                    tactics="all-out-attack",
                ),
                fighter("Lev", "b", weapons=["dagger"], skills={"knives": 50}),
            ],
        },
        "Lev:surrendered",
    ),
    # ... or fights on with body parts (no_weapon_left: unarmed), weapons taking a round to
    # draw, no defence while picking one up, a fumbled attack's parry not counted
    "unarmed-and-other-readings": (
        {
            "options": {
                "no_weapon_left": "unarmed",
                "draw_weapon": "takes-round",
                "recover_weapon": "no-defence",
                "fumble_parry": "free",
            },
            "combatants": [
                fighter(
                    "Max",
                    "a",
                    weapons=["katana"],
                    skills={"edged swords": 40, "katana": 25},
                    tactics="all-out-attack",
                ),
                fighter(
                    "Ned",
                    "b",
                    weapons=["dagger"],
                    skills={"knives": 50, "unarmed": 45},
                    tactics="all-out-attack",
                ),
            ],
        },
        "Ned:broken",
    ),
    # death at -CON: double full damage, in-order rounds, scenario order, re-rolled ties, the
    # other readings of the check and the ladder
    "deaths-other-readings": (
        {
            "options": {
                "full_damage": "double",
                "later_rounds": "in-order",
                "round_order": "scenario",
                "initiative_ties": "reroll",
                "fumble_zone": "check-target",
                "stacking": "ladder",
                "rounding": "half-down",
                "fall_damage_armour": True,
            },
            "combatants": [
                fighter(
                    "Ivo",
                    "a",
                    CON=5,
                    hp=14,
                    weapons=["katana"],
                    skills={"edged swords": 45, "katana": 15},
                    tactics="all-out-attack",
                ),
                fighter(
                    "Jan",
                    "b",
                    CON=4,
                    hp=12,
                    weapons=["rapier"],
                    AGL=12,
                    PER=12,
                    skills={"point swords": 50},
                    tactics="defensive-below-half",
                ),
            ],
        },
        "Jan:dead",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(MATCHUPS))
def test_percentile_kernel_agrees_with_event_engine(key: str) -> None:
    data, exercised = MATCHUPS[key]
    loaded = parse_scenario({"ruleset": "percentile", "name": key, **data}, key)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261201)
    assert event.rates()[exercised] > 0 and fast.rates()[exercised] > 0, exercised
    assert disagreements(event, fast) == []


@pytest.mark.parametrize("path", ["percentile/joanne-vs-ondkille.yaml", "exp/grapple.yaml"])
def test_a_fight_depends_only_on_its_own_seed_and_runs_repeat(path: str) -> None:
    from fracas.scenario import load_scenario

    loaded = load_scenario(Path(__file__).parents[2] / "examples" / path)
    seeds = [7, 2**70 + 3, 12345, 0, 99]
    whole = batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=seeds)
    parts = [batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=[s]) for s in seeds]
    for i, part in enumerate(parts):
        assert part.winner[0] == whole.winner[i] and part.rounds[0] == whole.rounds[i]
        assert (part.counts[0] == whole.counts[i]).all()
    again = batch.run(loaded.ruleset, loaded.scenario, 5000, 42)
    same = batch.run(loaded.ruleset, loaded.scenario, 5000, 42)
    assert (again.winner == same.winner).all() and (again.counts == same.counts).all()
    assert len(set(whole.rounds.tolist())) > 1 or len(set(whole.winner.tolist())) > 1


def test_the_clumsy_matchup_reaches_a_second_41_60_fumble_while_defenceless() -> None:
    """The event engine's fights of ``defenceless-twice`` (seeds 0-299) include fumbles
    41-60 in two rounds in a row by one fighter: the case the kernel must follow."""
    from fracas.dice import SeededRoller
    from fracas.engine import Session
    from fracas.rulesets.percentile.events import Defenceless

    loaded = parse_scenario({"ruleset": "percentile", "name": "clumsy", **CLUMSY}, "clumsy")
    again = 0
    for seed in range(300):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        last: dict[str, int] = {}
        for e in session.log:
            if isinstance(e, Defenceless):
                again += last.get(e.who) == e.round - 1
                last[e.who] = e.round
    assert again >= 1
