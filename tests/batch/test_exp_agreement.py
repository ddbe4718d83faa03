"""The EXP brawl kernel agrees with the event engine, matchup by matchup (as the percentile
agreement tests: simultaneous 99.9% intervals, fixed seeds, each rule checked to happen)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from fracas.scenario import parse_scenario
from fracas.scenario.loader import ScenarioError
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from tests.batch.agreement import disagreements

N_EVENT = 1500
N_BATCH = 100_000
EXAMPLES = Path(__file__).parents[2] / "examples" / "exp"


def example(name: str, **options: Any) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text())
    data["options"] = {**data.get("options", {}), **options}
    return data


def pair(name: str, first: str, second: str, **options: Any) -> dict[str, Any]:
    """Two combatants of an example, one on one."""
    data = example(name, **options)
    by_name = {c["name"]: c for c in data["combatants"]}
    return {"options": data["options"], "combatants": [by_name[first], by_name[second]]}


def persona(name: str, side: str, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "side": side,
        "kind": "anthro",
        "level": 2,
        "attributes": {
            "AWE": 10,
            "CHA": 10,
            "CON": 12,
            "DEX": 12,
            "INT": 10,
            "MSTR": 10,
            "PSTR": 12,
        },
        "hps": 36,
        "combat_table": {
            "strike": {
                "skilled_bonus": 100,
                "raw_bonus": 40,
                "maximum_roll": 780,
                "force_bonus": 5,
            },
            "fling": {"skilled_bonus": 140, "raw_bonus": 60, "maximum_roll": 820, "force_bonus": 3},
        },
        "defence_rating": 430,
    }
    base.update(kw)
    return base


MATCHUPS: dict[str, tuple[dict[str, Any], str]] = {
    # grapples held, break checks (examples/exp/grapple.yaml)
    "grapple-break-checks": (example("grapple.yaml"), "Pip:broke_free"),
    # trips and getting up; a concession (examples/exp/trip.yaml)
    "trip-concede": (example("trip.yaml"), "Saboteur:conceded"),
    # the other trip order against a grappler, re-rolled ties, a Force Bonus held back
    "trip-summary-reversals": (
        {
            "options": {
                "trip_order": "summary",
                "competition_ties": "reroll",
                "competition_adds_level": True,
                "tripped_loses_actions": 2,
            },
            "combatants": [
                persona("Lin", "crew", tactics="trip", weapons=["foot", "fist"]),
                persona(
                    "Mo", "gang", tactics="grapple", hand_to_hand=True, holds_back_force_bonus=True
                ),
            ],
        },
        "Lin:trips",
    ),
    # two grapplers: holds reversed by a Strength Challenge
    "grapplers-reversals": (
        {
            "combatants": [
                persona("Ray", "a", tactics="grapple"),
                persona("Sam", "b", tactics="grapple", hand_to_hand=True),
            ],
        },
        "Ray:reversals",
    ),
    # a bottle thrown (used up), then fists; the save-style DSS, oops under, oops on top of
    # actual damage
    "fling-save-dss-oops": (
        {
            "options": {
                "dss": "save-d20",
                "oops_when": "under",
                "oops_replaces_actual": False,
                "actual_damage_rounding": "up",
                "initiative": "dex",
            },
            "combatants": [
                persona(
                    "Nia",
                    "a",
                    weapons=["bottle", "fist"],
                    hps=30,
                    combat_table={
                        "strike": {
                            "skilled_bonus": 100,
                            "raw_bonus": 40,
                            "maximum_roll": 780,
                            "force_bonus": 5,
                        },
                        "fling": {
                            "skilled_bonus": 240,
                            "raw_bonus": 200,
                            "maximum_roll": 900,
                            "force_bonus": 6,
                        },
                    },
                ),
                persona(
                    "Oz",
                    "b",
                    weapons=["chair"],
                    hps=44,
                    attributes={
                        "AWE": 10,
                        "CHA": 10,
                        "CON": 9,
                        "DEX": 14,
                        "INT": 10,
                        "MSTR": 10,
                        "PSTR": 15,
                    },
                ),
            ],
        },
        "Nia:thrown",
    ),
    # death at 0 HPS, rounding down, no initiative re-rolls, a grappler who only holds
    "deaths-holding-only": (
        {
            "options": {
                "death_below_zero": "zero",
                "actual_damage_rounding": "down",
                "initiative_every_unit": False,
                "grappler_may_attack": False,
                "oops_die": "percentile",
                "max_units": 40,
            },
            "combatants": [
                persona("Pat", "a", hps=12, tactics="grapple"),
                persona(
                    "Quin",
                    "b",
                    hps=10,
                    tactics=["brawl", {"concede-below": 4}],
                    weapons=["stick", "fist"],
                ),
            ],
        },
        "Pat:grapples",
    ),
    # a stun baton snatched (examples/exp/snatch.yaml): the +242 after a lost Dexterity
    # competition, the guard's free attack after a lost Strength one, then the baton used
    "snatch-stun-baton": (example("snatch.yaml"), "Kell:snatches"),
    # snatches that change the odds: the first weapon that is not part of the body is a
    # dagger (no use in a brawl, so the free attack is declined and the snatcher, with no
    # row to use it, snatches again), then a bottle (thrown, by the grabber or in the free
    # attack, and the snatcher, empty-handed again, goes on), then the club; ties
    # re-rolled, initiative by DEX (the snatcher always first: always owed +242)
    "snatch-dagger-bottle-club": (
        {
            "options": {"competition_ties": "reroll", "initiative": "dex"},
            "combatants": [
                persona(
                    "Rex",
                    "a",
                    tactics="snatch",
                    hps=40,
                    combat_table={
                        **persona("", "")["combat_table"],
                        "fling": {
                            "skilled_bonus": 320,
                            "raw_bonus": 300,
                            "maximum_roll": 900,
                            "force_bonus": 3,
                        },
                    },
                    attributes={
                        "AWE": 10,
                        "CHA": 10,
                        "CON": 12,
                        "DEX": 15,
                        "INT": 10,
                        "MSTR": 10,
                        "PSTR": 14,
                    },
                ),
                persona(
                    "Ula",
                    "b",
                    weapons=["dagger", "bottle", "club", "fist"],
                    hps=34,
                    combat_table={
                        **persona("", "")["combat_table"],
                        "pointy-fling": {
                            "skilled_bonus": 150,
                            "raw_bonus": 60,
                            "maximum_roll": 830,
                            "force_bonus": 2,
                        },
                    },
                ),
            ],
        },
        "Ula:free_attacks",
    ),
    # a Fling-only thrower: its bottle thrown, it has fists but no Strike row, so it calls
    # it quits (tactics.no_attack) unless the bottle has already won
    "fling-only-quits": (
        {
            "combatants": [
                persona(
                    "Dutch",
                    "dockers",
                    weapons=["bottle"],
                    combat_table={
                        "fling": {
                            "skilled_bonus": 140,
                            "raw_bonus": 60,
                            "maximum_roll": 820,
                            "force_bonus": 3,
                        }
                    },
                    hps=8,
                ),
                persona("Vera", "spacers", hps=6),
            ],
        },
        "Dutch:conceded",
    ),
    # the snatch with other options: no oops check for stun weapons, the Skilled Bonus for
    # every non-lethal attack, scenario order (the snatcher first: always owed +242), level
    # added to competitions, thrown objects fetched back
    "snatch-options": (
        example(
            "snatch.yaml",
            oops_on_stun_weapons=False,
            skilled_bonus_rule="all-non-lethal",
            initiative="scenario-order",
            competition_adds_level=True,
            thrown_weapons="fetched-back",
        ),
        "Guard Ostrow:free_attacks",
    ),
    # no non-lethal weapon left once the bottle is thrown: the dagger, lethally (and thrown),
    # then fists (tactics.brawl); deaths from lethal damage
    "lethal-dagger-after-bottle": (
        {
            "combatants": [
                persona(
                    "Nia",
                    "a",
                    weapons=["bottle", "dagger"],
                    hps=30,
                    combat_table={
                        **persona("", "")["combat_table"],
                        "fling": {
                            "skilled_bonus": 240,
                            "raw_bonus": 200,
                            "maximum_roll": 900,
                            "force_bonus": 6,
                        },
                        "pointy-fling": {
                            "skilled_bonus": 300,
                            "raw_bonus": 300,
                            "maximum_roll": 950,
                            "force_bonus": 4,
                        },
                    },
                ),
                persona("Oz", "b", hps=14, tactics="grapple"),
            ],
        },
        "Nia:thrown",
    ),
    # two snatchers and one club: whoever holds it brawls, the other snatches it back (the
    # +242 owed on a snatch attempt too), ties re-rolled
    "snatch-ping-pong": (
        {
            "options": {"competition_ties": "reroll"},
            "combatants": [
                persona("Ada", "a", tactics="snatch", weapons=["club", "fist"]),
                persona("Bo", "b", tactics="snatch", hps=40),
            ],
        },
        "Ada:snatches",
    ),
    # lethal fights (the batch kernel's scope, not the exact chain's): a robot bouncer,
    # hit lethally, broken at 0 HPS; the same robot fighting on at 0 HPS (option
    # robot_at_zero_hps), a guard dog that fights lethally with natural weapons, dead at
    # 0 HPS; a thug with tactics 'lethal'
    "robot-broken": (pair("robot-brawl.yaml", "BX-9", "Rollo"), "BX-9:broken"),
    "robot-fights-on": (
        pair("robot-brawl.yaml", "BX-9", "Sully", robot_at_zero_hps="fights-on"),
        "Sully:conceded",
    ),
    "guard-dog-lethal": (pair("guard-dog.yaml", "Fang", "Vera"), "Fang:dead"),
    "lethal-thug": (
        {
            "options": {"death_below_zero": "zero"},
            "combatants": [
                persona("Vic", "gang", tactics="lethal", weapons=["club", "fist"], hps=30),
                persona("Wyn", "crew", tactics="trip", hps=34, hand_to_hand=True),
            ],
        },
        "Wyn:dead",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(MATCHUPS))
def test_exp_kernel_agrees_with_event_engine(key: str) -> None:
    data, exercised = MATCHUPS[key]
    loaded = parse_scenario({"ruleset": "exp", "name": key, **data}, key)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    event = event_batch(loaded.ruleset, loaded.scenario, range(N_EVENT))
    fast = batch.run(loaded.ruleset, loaded.scenario, N_BATCH, seed=20261201)
    assert event.rates()[exercised] > 0 and fast.rates()[exercised] > 0, exercised
    assert disagreements(event, fast) == []


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("bar-brawl.yaml", "4 combatants; the batch kernel covers one-on-one brawls"),
        ("robot-brawl.yaml", "3 combatants"),
    ],
)
def test_exp_scenarios_outside_the_kernel_say_why(name: str, reason: str) -> None:
    loaded = parse_scenario(example(name), name)
    why = batch.scope(loaded.ruleset, loaded.scenario)
    assert why is not None and reason in why
    assert batch.engine_label(loaded.ruleset, loaded.scenario) == f"event ({why})"


def test_an_exp_brawl_depends_only_on_its_own_seed_and_counts_its_draws() -> None:
    loaded = parse_scenario(example("snatch.yaml"), "snatch.yaml")
    seeds = [7, 2**70 + 3, 12345, 0, 99, 5, 6]
    whole = batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=seeds)
    parts = [batch.run(loaded.ruleset, loaded.scenario, 0, 0, per_fight=[s]) for s in seeds]
    for i, part in enumerate(parts):
        assert part.winner[0] == whole.winner[i] and part.rounds[0] == whole.rounds[i]
        assert (part.counts[0] == whole.counts[i]).all() and (part.end[0] == whole.end[i]).all()
    # the numbers drawn, counted from how far the generator moved, add up fight by fight
    assert whole.draws == sum(p.draws for p in parts) > 0
    # at least one attack roll and one initiative roll (two d20) per fight
    assert all(p.draws >= 3 for p in parts)


def test_the_weapon_machine_follows_a_snatched_weapon() -> None:
    from fracas.rulesets.exp.fast.spec import X_NEXT, X_WANTS, compile_brawl

    loaded = parse_scenario(example("snatch.yaml"), "snatch.yaml")
    spec = compile_brawl(loaded.scenario, loaded.ruleset)
    start, robbed = spec.inventories[0], spec.inventories[int(spec.snatch[0, 0, X_NEXT])]
    assert start == (("fist",), ("stun-baton", "fist"))
    assert robbed == (("fist", "stun-baton"), ("fist",))
    assert spec.snatch[0, 0, X_WANTS] == 1  # Kell holds no weapon of its own yet
    # once robbed, the guard has only fists to snatch back: part of the body, refused
    assert spec.snatch[int(spec.snatch[0, 0, X_NEXT]), 0, X_NEXT] == -1


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("robot-broken", "cannot subdue BX-9 (kind or size): a lethal fight, not a brawl"),
        ("guard-dog-lethal", "uses tactics 'lethal'"),
        ("lethal-thug", "uses tactics 'lethal'"),
    ],
)
def test_lethal_fights_are_in_the_lethal_scope_not_the_brawl_scope(key: str, reason: str) -> None:
    from fracas.rulesets.exp.fast import spec as exp_spec

    data, _ = MATCHUPS[key]
    loaded = parse_scenario({"ruleset": "exp", "name": key, **data}, key)
    assert batch.scope(loaded.ruleset, loaded.scenario) is None
    why = exp_spec.scope(loaded.scenario, loaded.ruleset)  # the brawl scope
    assert why is not None and reason in why


# -- random one-on-one fights: what no hand-picked matchup thought of ------------------------

RANDOM_WEAPONS = ("fist", "foot", "stick", "club", "chair", "bottle", "rock", "dagger", "pistol")
ROW_OF = {"bottle": "fling", "rock": "fling", "dagger": "pointy-fling", "pistol": "shoot"}
RANDOM_OPTIONS = {
    "dss": ["percentile", "save-d20"],
    "nonlethal_attacks": ["strike-and-fling", "strike-only"],
    "thrown_weapons": ["used-up", "fetched-back"],
    "competition_ties": ["defender", "reroll"],
    "initiative": ["d20+dex", "dex", "scenario-order"],
    "oops_when": ["at-or-under", "under"],
    "trip_order": ["headings", "summary"],
    "death_below_zero": ["minus-con", "zero"],
    "robot_at_zero_hps": ["broken", "fights-on"],
    "actual_damage_rounding": ["half-up", "down", "up"],
    "maneuver_targets": ["any-kind", "subduable"],
    "grappler_may_attack": [True, False],
    "oops_replaces_actual": [True, False],
}


def random_persona(rng: random.Random, name: str, side: str) -> dict[str, Any]:
    kind = rng.choice(["anthro", "anthro", "anthro", "robot", "fauna"])
    weapons = ["fist"] if kind == "fauna" else rng.sample(RANDOM_WEAPONS, rng.randint(1, 3))
    rows = {ROW_OF.get(w, "strike") for w in weapons} | {"strike"}
    tactic = "lethal" if kind == "fauna" else rng.choice(["brawl", "grapple", "trip", "snatch"])
    if kind == "anthro" and rng.random() < 0.2:
        tactic = "lethal"
    return persona(
        name,
        side,
        kind=kind,
        level=rng.randint(1, 5),
        attributes={
            a: rng.randint(6, 18) for a in ("AWE", "CHA", "CON", "DEX", "INT", "MSTR", "PSTR")
        },
        hps=rng.randint(8, 40),
        combat_table={
            r: {
                "skilled_bonus": rng.randint(60, 300),
                "raw_bonus": rng.randint(20, 150),
                "maximum_roll": rng.randint(700, 950),
                "force_bonus": rng.randint(0, 8),
            }
            for r in rows
        },
        defence_rating=rng.randint(300, 600),
        weapons=weapons,
        tactics=tactic
        if kind != "anthro" or rng.random() < 0.7
        else [tactic, {"concede-below": 6}],
        hand_to_hand=rng.random() < 0.3,
    )


def random_fights(seed: int, count: int) -> list[Any]:
    """``count`` random one-on-one fights inside the batch kernel's scope (fixed by ``seed``)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        options = {k: rng.choice(v) for k, v in RANDOM_OPTIONS.items() if rng.random() < 0.3}
        data = {
            "ruleset": "exp",
            "name": f"random-{len(out)}",
            "options": {**options, "max_units": 60},
            "combatants": [random_persona(rng, "P", "a"), random_persona(rng, "Q", "b")],
        }
        try:
            loaded = parse_scenario(data, "random")
        except ScenarioError:
            continue
        if batch.scope(loaded.ruleset, loaded.scenario) is None:
            out.append(loaded)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("index", range(8))
def test_the_exp_kernel_agrees_with_the_event_engine_on_random_fights(index: int) -> None:
    loaded = random_fights(20261201, 8)[index]
    event = event_batch(loaded.ruleset, loaded.scenario, range(800))
    fast = batch.run(loaded.ruleset, loaded.scenario, 50_000, seed=index)
    assert disagreements(event, fast) == []
