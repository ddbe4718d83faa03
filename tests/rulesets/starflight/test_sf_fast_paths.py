"""The speed paths of issue 23 answer exactly what the rules' plain definitions answer: each
is checked here against the definition written out plainly, at every state of two seeded
fights of every Starflight example (every decision point: positions, the fallen, the
withdrawn, grapples and readied actions all turn up in them)."""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from pathlib import Path
from typing import Any, Union

import msgspec
import pytest

from fracas.dice import SeededRoller
from fracas.engine import IllegalAction, Session
from fracas.rulesets.starflight import attack as attack_module
from fracas.rulesets.starflight.actions import REGISTRY, Attack, Strike
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.line_of_sight import Sight, blocker_from, line_of_sight
from fracas.rulesets.starflight.move_action import CLOSEST_M, occupant
from fracas.rulesets.starflight.range import IN_MELEE_M, distance_m, in_melee
from fracas.rulesets.starflight.ready import anyone_ready, as_action
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.scenario import load_scenario

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "starflight").glob("*.yaml"))


def states(path: Path) -> Iterator[Fight]:
    """The fight at every decision of seeds 1 and 2."""
    loaded = load_scenario(str(path))
    for seed in (1, 2):
        session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
        while session.pending() is not None:
            assert isinstance(session.state, Fight)
            yield session.state
            session.step()


def plain_in_melee(fight: Fight, c: Fighter, besides: Fighter | None) -> bool:
    """'Within 10 meters' of a hostile still in the fight other than ``besides``."""
    return any(
        o.side != c.side
        and in_fight(o, fight.options)
        and o is not besides
        and distance_m(c, o) <= IN_MELEE_M
        for o in fight.fighters()
    )


def plain_occupant(fight: Fight, c: Fighter, x: int, y: int) -> Fighter | None:
    """The first other combatant standing on (x, y) (``occupant``'s exclusions)."""
    for o in fight.fighters():
        if o.id in (c.id, c.mounted_on) or o.mounted_on == c.id or o.withdrawn:
            continue
        if o.swallowed_by is None and isqrt((x - o.x) ** 2 + (y - o.y) ** 2) < CLOSEST_M:
            return o
    return None


def plain_blocker(fight: Fight, a: Fighter, b: Fighter) -> Fighter | None:
    """The first standing combatant but the two between them within the blocking radius
    (the projection on the line strictly inside it, the distance to the line in floats)."""
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    for o in fight.fighters():
        if o.prone or o.withdrawn or o.id in (a.id, b.id) or length2 == 0:
            continue
        px, py = o.x - a.x, o.y - a.y
        dot = px * dx + py * dy
        if 0 < dot < length2 and abs(dx * py - dy * px) ** 2 <= (
            fight.options.blocking_radius_m**2 * length2
        ):
            return o
    return None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_fast_paths_answer_as_the_plain_definitions_do(path: Path) -> None:
    checked = 0
    for fight in states(path):
        fighters = fight.fighters()
        assert anyone_ready(fight) == any(f.readied for f in fighters)
        for c in fighters:
            for other in [None, *fighters]:
                assert in_melee(fight, c, other) == plain_in_melee(fight, c, other)
            for o in fighters:
                assert occupant(fight, c, o.x, o.y) is plain_occupant(fight, c, o.x, o.y)
                if o is not c:
                    assert blocker_from(fight, c, c.x, c.y, o) is plain_blocker(fight, c, o)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_attack_sees_what_a_line_of_sight_drawn_then_sees(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attack reuses the legality check's line of sight while nothing was logged since
    (``attack.attack_sight``): at every attack of seeds 1 and 2 it is the sight drawn anew."""
    attack_sight = attack_module.attack_sight
    seen = {"attacks": 0, "reused": 0}

    def checked_sight(
        ctx: StarflightContext, c: Fighter, target: Fighter, checked: tuple[int, Sight] | None
    ) -> Sight:
        sight = attack_sight(ctx, c, target, checked)
        assert sight == line_of_sight(ctx.state, c, target)
        seen["attacks"] += 1
        seen["reused"] += sight is (None if checked is None else checked[1])
        return sight

    monkeypatch.setattr(attack_module, "attack_sight", checked_sight)
    loaded = load_scenario(str(path))
    for seed in (1, 2):
        Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed)).run()
    assert 0 < seen["reused"] <= seen["attacks"]  # every example has attacks


def _union_message(raw: Any) -> str:
    union: Any = Union[tuple(REGISTRY)]  # noqa: UP007 (a union built at run time)
    with pytest.raises(msgspec.ValidationError) as caught:
        msgspec.convert(raw, union)
    return str(caught.value)


@pytest.mark.parametrize(
    "raw",
    [
        {"action": "Attack"},
        {"action": "Attack", "actor": "x", "strikes": [{"target": 3}]},
        {"action": "Nope"},
        5,
    ],
    ids=["missing-field", "nested-type", "unknown-tag", "not-an-object"],
)
def test_a_bad_readied_action_is_named_as_a_plain_union_would_name_it(raw: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        as_action(raw)
    assert str(caught.value) == (
        f"action: not an action this ruleset knows ({_union_message(raw)})"
    )


def test_a_readied_action_from_a_log_converts_to_the_action() -> None:
    attack = Attack(actor="x", strikes=[Strike(target="y", weapon=0, shots=2)])
    assert as_action(msgspec.to_builtins(attack)) == attack
    assert as_action(attack) is attack
