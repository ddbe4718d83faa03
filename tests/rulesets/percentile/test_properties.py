"""Properties over many seeded fights: damage never heals, hp never exceeds the maximum, a log
re-folds to the same state, the same seed gives the same log."""

from __future__ import annotations

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

WEAPONS = ["dagger", "epee", "katana", "glock 17", "laser pistol", "rapier"]
ARMOURS = [None, "boiled leather", "plate mail", "chameleon suit", "impact resistant vest"]
TACTICS = ["all-out-attack", "normal-attack", "all-out-defence", "defensive-below-half"]
SKILL_OF = {
    "dagger": "knives",
    "epee": "point swords",
    "katana": "edged swords",
    "glock 17": "pistols",
    "laser pistol": "beam pistols",
    "rapier": "point swords",
}


@st.composite
def fights(draw: st.DrawFn) -> dict[str, Any]:
    people = []
    for name, side in (("A", "a"), ("B", "b"), ("C", draw(st.sampled_from(["a", "b"])))):
        weapon = draw(st.sampled_from(WEAPONS))
        people.append(
            fighter_spec(
                name,
                side,
                hp=draw(st.integers(1, 30)),
                armour=draw(st.sampled_from(ARMOURS)),
                weapons=[weapon],
                skills={SKILL_OF[weapon]: draw(st.integers(0, 120)), "dodge": 30},
                tactics=draw(st.sampled_from(TACTICS)),
            )
        )
    options = {
        "fatigue_loss": draw(st.sampled_from(["per-3-rounds", "per-round"])),
        "full_damage": draw(st.sampled_from(["maximum", "double"])),
        "dropped_weapon": draw(st.sampled_from(["recover", "lost"])),
        "parry_against": draw(st.sampled_from(["hits-and-fumbles", "every-attack"])),
        "max_rounds": 40,
    }
    return scenario(*people[: draw(st.integers(2, 3))], **options)


def run(data: dict[str, Any], seed: int) -> Session:
    loaded = parse_scenario(data, "<property>")
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    return session


@settings(max_examples=60, deadline=None)
@given(fights(), st.integers(0, 2**32))
def test_damage_never_heals_and_hp_never_exceeds_the_maximum(
    data: dict[str, Any], seed: int
) -> None:
    session = run(data, seed)
    hp = {n: c.p.hp_max for n, c in session.state.combatants.items() if isinstance(c, Fighter)}
    for event in session.log:
        if isinstance(event, Damaged):
            assert event.amount >= 0
            assert event.hp_after <= hp[event.who]
            hp[event.who] = event.hp_after
    for c in session.state.combatants.values():
        assert isinstance(c, Fighter) and c.hp <= c.p.hp_max
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
