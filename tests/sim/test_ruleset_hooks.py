"""The rulesets' analysis hooks agree with the state they read: damage taken is the hit
points lost, every weapon's blow has a dealer, outcomes are the documented ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.percentile.events import Damaged
from fracas.scenario import load_scenario
from tests.sim.conftest import EXAMPLES, ROOT

OUTCOMES = {
    "percentile": {
        "dead",
        "unconscious, bleeding",
        "unconscious",
        "immobile",
        "surrendered",
        "fled",
        "standing",
    },
    "exp": {"conceded", "stunned", "broken", "unconscious", "dead", "standing"},
    "starflight": {
        "brain dead",
        "mutilated",
        "clinically dead",
        "comatose",
        "unconscious",
        "withdrawn",
        "standing",
    },
}


def fights(path: Path, n: int) -> list[Session]:
    loaded = load_scenario(path)
    out = []
    for seed in range(n):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        session.run()
        out.append(session)
    return out


def test_percentile_damage_taken_is_the_hit_points_lost_and_each_blow_has_a_dealer() -> None:
    blue = 0
    for session in fights(ROOT / "examples" / "percentile" / "spaceport-firefight.yaml", 300):
        state, rules = session.state, session.ruleset
        hits = list(rules.damage(session.log, state))
        damaged = [e for e in session.log if isinstance(e, Damaged)]
        assert len(hits) == len(damaged)
        for (dealer, target, amount), event in zip(hits, damaged, strict=True):
            assert (target, amount) == (event.who, event.amount)
            assert (dealer is None) == (event.kind in ("fall", "bleeding"))
        for cid, c in state.combatants.items():
            assert sum(a for _, t, a in hits if t == cid) == c.p.hp_max - c.hp
        names, both = rules.analyse(session.log, state)
        assert both == hits and names == list(rules.notable(session.log, state))
        blue += names.count("blue-on-blue")
    assert blue > 0  # the fumble table's "hits friend" does come up among three


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_outcome_is_one_the_ruleset_documents(path: Path) -> None:
    for session in fights(path, 30):
        rules, state = session.ruleset, session.state
        for cid in state.combatants:
            assert rules.outcome(state, cid) in OUTCOMES[rules.name]
        for dealer, target, amount in rules.damage(session.log, state):
            assert target in state.combatants and amount >= 0
            assert dealer is None or dealer in state.combatants


def test_a_percentile_fighter_who_yields_is_counted_as_surrendered_or_fled() -> None:
    """A fighter whose only weapon breaks may surrender (option ``no_weapon_left``): the
    sim must count that, not "standing"."""
    path = ROOT / "examples" / "percentile" / "joanne-vs-ondkille.yaml"
    seen = set()
    for session in fights(path, 400):
        for cid, c in session.state.combatants.items():
            if getattr(c, "yielded", ""):
                seen.add(session.ruleset.outcome(session.state, cid))
    assert seen and seen <= {"surrendered", "fled"}
