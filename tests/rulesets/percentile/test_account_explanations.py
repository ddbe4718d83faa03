"""The account explains what a newcomer trips on: the 01-05 / 95-00 re-roll, a downed
fighter's simultaneous blow, and who does nothing in a round and why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Event, Note, RoundStarted, Session
from fracas.rulesets.percentile.account import rolls_text
from fracas.rulesets.percentile.events import AttackRolled
from fracas.rulesets.percentile.skill_check import FUMBLE, PERFECT, SPECIAL
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).parents[3] / "examples" / "percentile"


@pytest.mark.parametrize(
    ("rolls", "result", "text"),
    [
        (
            (97, 5),
            1,
            "rolled 97 (95-00, a possible fumble: re-rolled 5, not above the "
            "unmodified skill 67, so no fumble): fail",
        ),
        (
            (97, 80),
            FUMBLE,
            "rolled 97 (95-00, a possible fumble: re-rolled 80, above the "
            "unmodified skill 67, so a fumble): fumble",
        ),
        (
            (3, 40),
            PERFECT,
            "rolled 3 (01-05, a possible perfect success: re-rolled 40, not "
            "above the unmodified skill 67, so perfect): perfect success",
        ),
        (
            (3, 90),
            SPECIAL,
            "rolled 3 (01-05, a possible perfect success: re-rolled 90, above "
            "the unmodified skill 67, so only special): special success",
        ),
    ],
)
def test_a_re_roll_is_explained_in_a_gms_words(
    rolls: tuple[int, int], result: int, text: str
) -> None:
    assert rolls_text(rolls, 67, 67, result) == text


def accounts(example: str, seeds: range) -> Iterator[tuple[Event[Any], Any, str | None]]:
    """Every event of the example fought with each seed, the state after it and its line."""
    loaded = load_scenario(EXAMPLES / example)
    for seed in seeds:
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        state = loaded.ruleset.build(loaded.scenario)
        for event in session.log:
            event.apply(state)
            yield event, state, loaded.ruleset.describe(event, state)


def test_a_downed_fighters_simultaneous_blow_is_explained() -> None:
    late = [
        line
        for event, state, line in accounts("joanne-vs-ondkille.yaml", range(1, 60))
        if isinstance(event, AttackRolled) and not state.combatants[event.who].able
    ]
    assert late, "no seed gave a blow by a fighter already down"
    assert all(line is not None and "simultaneous" in line for line in late)


def test_a_fighter_who_cannot_act_is_said_to_do_nothing_and_why() -> None:
    seen = 0
    for event, state, line in accounts("scout-and-medic.yaml", range(1, 30)):
        if isinstance(event, RoundStarted):
            for c in state.combatants.values():
                if not c.able and not c.dead and c.hp <= 0:
                    seen += 1
                    assert line is not None
                    assert f"({c.name} does nothing this round: unconscious)" in line
    assert seen, "no seed left a fighter unconscious at the start of a round"


def test_a_fighter_downed_this_round_is_not_said_to_lack_a_weapon() -> None:
    """A fighter killed and disarmed in the same simultaneous round (Knut, seed 1) has no
    attack because he is dead, not because his weapon is dropped."""
    downed = []
    for event, state, _line in accounts("scout-and-medic.yaml", range(1, 12)):
        if isinstance(event, Note) and "attack:" in event.text:
            who = next(c for c in state.combatants.values() if event.text.startswith(c.name))
            if not who.able:
                downed.append(event.text)
                assert "cannot attack" not in event.text
    assert any(t.endswith(("has no attack: dead", "has no attack: down")) for t in downed)


@pytest.mark.parametrize(("stance", "word"), [("surrender", "surrendered"), ("flee", "fled")])
def test_a_fighter_who_left_the_fight_is_said_to_have_left_not_to_be_unable_to_move(
    stance: str, word: str
) -> None:
    """Found by tests/rulesets/percentile/scenarios/three-way-brawl.yaml (seed 1): Ragna
    surrendered in round 2 and every later round said she "cannot move" (a battle-suit's
    reason)."""
    from fracas.rulesets.percentile.account import describe

    from .helpers import fighter_spec, scenario

    defend = {"tactics": "scripted", "script": ["all-out-defence"] * 3}
    data = scenario(
        fighter_spec("A", "a", tactics="scripted", script=[stance]),
        fighter_spec("C", "a", **defend),
        fighter_spec("D", "b", **defend),
        max_rounds=3,
    )
    loaded = load_scenario_data(data)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(1))
    session.run()
    lines = [describe(e, session.state) or "" for e in session.log]
    text = "\n".join(lines)
    assert f"(A does nothing this round: {word})" in text
    assert "cannot move" not in text


def load_scenario_data(data: dict[str, Any]) -> Any:
    from fracas.scenario import parse_scenario

    return parse_scenario(data, "<test>")
