"""Properties over many seeded fights: damage never heals, hp never exceeds the maximum, a log
re-folds to the same state, the same seed gives the same log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import ScriptedRoller, SeededRoller
from fracas.engine import LogDecoder, Session, encode_log
from fracas.rulesets.percentile import RULESET
from fracas.rulesets.percentile.events import Damaged
from fracas.rulesets.percentile.state import Fighter
from fracas.scenario import parse_scenario

from .helpers import duel, fighter_spec, scenario

WEAPONS = [
    "dagger",
    "epee",
    "katana",
    "glock 17",
    "laser pistol",
    "rapier",
    "mauser rifle",
    "staff",
    "body parts",
]
ARMOURS = [
    None,
    "boiled leather",
    "plate mail",
    "chameleon suit",
    "impact resistant vest",
    "light power armour",
    "scout armour",
]
TACTICS = ["all-out-attack", "normal-attack", "all-out-defence", "defensive-below-half", "medic"]
SKILL_OF = {
    "dagger": "knives",
    "epee": "point swords",
    "katana": "edged swords",
    "glock 17": "pistols",
    "laser pistol": "beam pistols",
    "rapier": "point swords",
    "mauser rifle": "rifles",
    "staff": "staves",
    "body parts": "unarmed",
}
#: every option with a choice, and the values a fight may take
OPTIONS: dict[str, list[Any]] = {
    "stacking": ["multiply", "ladder"],
    "rounding": ["half-up", "half-down"],
    "fumble_zone": ["fail", "check-target"],
    "fatigue_loss": ["per-3-rounds", "per-round"],
    "full_damage": ["maximum", "double"],
    "dropped_weapon": ["recover", "lost"],
    "parry_against": ["hits-and-fumbles", "hits", "every-attack"],
    "counter_effects": ["parry-only", "always"],
    "weapon_damage_on_parry": ["rolled", "none"],
    "fumble_rows_01_25": ["no-effect", "as-26-40"],
    "later_rounds": ["simultaneous", "in-order"],
    "round_order": ["initiative", "scenario"],
    "all_out_dodge": ["hard-dodge", "hard-attack"],
    "glitch_applies": ["before-modifiers", "after-modifiers"],
    "ammo_per_attack": ["one", "rate"],
    "fall_damage_armour": [False, True],
    "recover_weapon": ["in-turn", "start-of-round", "no-defence"],
    "draw_weapon": ["free", "takes-round"],
    "no_weapon_left": ["unarmed-else-yield", "unarmed", "surrender", "flee"],
    "fumble_parry": ["spends", "free"],
    "body_parts_damage": ["D3", "D6", "1"],
}


@st.composite
def fights(draw: st.DrawFn) -> dict[str, Any]:
    """Two to four combatants on two sides, any weapons, armour (battle-suits with or without
    power), skills including dodge and first aid, any tactics and any options."""
    people = []
    sides = ["a", "b"] + [draw(st.sampled_from(["a", "b"])) for _ in range(2)]
    for name, side in zip("ABCD", sides, strict=True):
        weapons = draw(st.lists(st.sampled_from(WEAPONS), min_size=1, max_size=2, unique=True))
        skills = {SKILL_OF[w]: draw(st.integers(0, 120)) for w in weapons}
        skills["dodge"] = draw(st.integers(0, 80))
        skills["first aid"] = draw(st.integers(0, 80))
        people.append(
            fighter_spec(
                name,
                side,
                STR=draw(st.integers(3, 18)),
                CON=draw(st.integers(1, 18)),
                hp=draw(st.integers(1, 30)),
                fatigue=draw(st.integers(0, 30)),
                armour=draw(st.sampled_from(ARMOURS)),
                armour_powered=draw(st.booleans()),
                weapons=weapons,
                skills=skills,
                tactics=draw(st.sampled_from(TACTICS)),
            )
        )
    options = {name: draw(st.sampled_from(values)) for name, values in OPTIONS.items()}
    options["max_rounds"] = 30
    return scenario(*people[: draw(st.integers(2, 4))], **options)


def run(data: dict[str, Any], seed: int) -> Session:
    loaded = parse_scenario(data, "<property>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    return session


def folded(session: Session) -> Iterator[dict[str, tuple[int, int]]]:
    """Each combatant's (hp, fatigue) after each event of the log, folded one by one."""
    state = RULESET.build(session.scenario)
    for event in session.log:
        event.apply(state)
        yield {n: (c.hp, c.fatigue) for n, c in state.combatants.items() if isinstance(c, Fighter)}


@settings(max_examples=80, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_damage_never_heals_and_hp_never_exceeds_the_maximum(
    data: dict[str, Any], seed: int
) -> None:
    """No rule of the chapter restores hp or fatigue during a fight (regeneration and rest are
    out of combat; first aid only stops the bleeding), so after every event each combatant's
    hp and fatigue are at most what they were, and never above the maximum."""
    session = run(data, seed)
    fighters = {n: c for n, c in session.state.combatants.items() if isinstance(c, Fighter)}
    before = {n: (c.p.hp_max, c.p.fatigue_max) for n, c in fighters.items()}
    for after in folded(session):
        for n, (hp, fatigue) in after.items():
            assert hp <= before[n][0] <= fighters[n].p.hp_max
            assert 0 <= fatigue <= before[n][1] <= fighters[n].p.fatigue_max
        before = after
    for event in session.log:
        if isinstance(event, Damaged):
            assert event.amount >= 0 and event.amount == event.rolled - event.absorbed
    assert session.state.over


@settings(max_examples=40, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_a_log_refolds_to_the_same_state(data: dict[str, Any], seed: int) -> None:
    session = run(data, seed)
    text = encode_log(session.log)
    events = LogDecoder(RULESET.event_types()).decode(text)
    again = Session.from_log(RULESET, events, ScriptedRoller([]))
    assert again.state == session.state
    assert encode_log(again.log) == text


@settings(max_examples=30, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_log(data: dict[str, Any], seed: int) -> None:
    assert encode_log(run(data, seed).log) == encode_log(run(data, seed).log)


def test_undo_after_a_round_restores_the_state_before_it() -> None:
    loaded = parse_scenario(duel(), "<undo>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(4))
    session.step()
    before = encode_log(session.log)
    session.step()  # the last declaration resolves the round
    session.undo()
    assert encode_log(session.log) == before


@settings(max_examples=40, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_able_is_always_what_hp_death_and_power_say(data: dict[str, Any], seed: int) -> None:
    """``able`` is kept as a field for speed; after every event it must equal its
    definition: alive, above 0 hp (Chapter 5, "Damage and fatigue") and mobile ("Powered
    armour")."""
    session = run(data, seed)
    state = RULESET.build(session.scenario)
    for event in session.log:
        event.apply(state)
        for c in state.combatants.values():
            assert isinstance(c, Fighter)
            assert c.able == (not c.dead and c.hp > 0 and c.p.mobile and not c.yielded)


@settings(max_examples=40, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_the_tactics_choice_is_always_a_listed_legal_action(
    data: dict[str, Any], seed: int
) -> None:
    """``legal_actions`` over random fights and options: the tactics' choice is always in the
    list, and each listed action (tried, then undone, at every third decision) resolves."""
    loaded = parse_scenario(data, "<property>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    n = 0
    while (pending := session.pending()) is not None:
        actions = [c.action for c in RULESET.legal_actions(session.state, pending)]
        chosen = RULESET.choose(session.state, pending)
        assert chosen in actions
        if n % 3 == 0:
            for action in actions:
                session.act(action)
                session.undo()
        session.act(chosen)
        n += 1
