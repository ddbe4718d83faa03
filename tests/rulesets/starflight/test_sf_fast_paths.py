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
from fracas.rulesets.starflight.actions import REGISTRY, Attack, Strike, StuntMove
from fracas.rulesets.starflight.conditions import can_move, in_fight
from fracas.rulesets.starflight.line_of_sight import (
    Sight,
    blocker_from,
    clear_from,
    line_of_sight,
    sight_from,
)
from fracas.rulesets.starflight.move_action import (
    CLOSEST_M,
    grid_points,
    occupant,
    point_problem,
    possible_points,
)
from fracas.rulesets.starflight.movement import move_allowance_m
from fracas.rulesets.starflight.range import IN_MELEE_M, distance_m, in_melee
from fracas.rulesets.starflight.ready import (
    aimed_at,
    along,
    anyone_ready,
    as_action,
    first_crossing,
    first_metre_within,
    ready_to_react,
)
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.stunts import (
    SUGGESTED,
    maneuver_dc,
    stunt_end,
    stunt_increment_m,
    stunts_hd_bonus,
)
from fracas.rulesets.starflight.tactics import (
    best_stunt,
    distance_xy,
    targets_by_distance,
)
from fracas.rulesets.starflight.use_skill import skill_modifier
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


def plain_best_stunt(fight: Fight, c: Fighter) -> StuntMove | None:
    """``tactics.best_stunt`` weighing every suggested stunt in turn (no bonus-first order)."""
    modifier = skill_modifier(fight, c, "three_dimensional_maneuvers")
    targets = targets_by_distance(fight, c)
    tolerance = stunt_increment_m(fight) // 2
    mx = sum(o.x for o in targets) / len(targets) if targets else 0.0
    my = sum(o.y for o in targets) / len(targets) if targets else 0.0
    foe = targets[0] if targets else None
    gap = 0 if foe is None else distance_m(c, foe)
    best: tuple[tuple[int, bool, bool, bool, int], StuntMove] | None = None
    for stunts in SUGGESTED:
        move = StuntMove(actor=c.id, stunts=stunts)
        end = stunt_end(fight, c, move)
        if 50 + modifier <= maneuver_dc(c, stunts) or end is None:
            continue
        x, y = end
        drift, circling = 0, False
        if foe is not None:
            drift = abs(distance_xy((x, y), foe) - gap)
            circling = (c.x - mx) * (y - c.y) - (c.y - my) * (x - c.x) > 0
        bonus, back = stunts_hd_bonus(tuple(stunts)), (x, y) == c.came_from
        key = (bonus, not back, drift <= tolerance, circling, -drift)
        if best is None or key > best[0]:
            best = (key, move)
    return None if best is None else best[1]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_best_stunt_is_the_best_of_every_suggested_stunt(path: Path) -> None:
    """``best_stunt`` weighs the biggest bonus first and stops below the best found: the
    same choice as weighing them all, for every fighter at every decision of seeds 1, 2."""
    found = 0
    for fight in states(path):
        for c in fight.fighters():
            chosen = best_stunt(fight, c)
            assert chosen == plain_best_stunt(fight, c)
            found += chosen is not None
    assert found > 0


def test_no_point_of_a_move_before_first_metre_within_is_within_the_distance() -> None:
    """``ready.first_metre_within``'s bound, over every move from the origin to a point of a
    40 m square and every hostile in a 30 m square, waiting for 0 to 12 m."""
    mover = Fighter(id="c", name="c", side="a", tactics="standby")
    checked = 0
    for x in range(-20, 21, 3):
        for y in range(-20, 21, 4):
            length = isqrt(x * x + y * y)
            for rx in range(-15, 16, 2):
                for ry in range(-15, 16, 3):
                    gap = isqrt(rx * rx + ry * ry)
                    for metres in range(0, min(gap, 13)):
                        start = first_metre_within(gap, metres)
                        for s in range(1, min(start, length + 1)):
                            px, py = along(mover, x, y, s, length)
                            assert isqrt((px - rx) ** 2 + (py - ry) ** 2) > metres
                            checked += 1
    assert checked > 10_000


def plain_first_crossing(fight: Fight, c: Fighter, x: int, y: int) -> tuple[int, int] | None:
    """``ready.first_crossing`` scanning every metre of the move from the first."""
    length = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    best: int | None = None
    for r in fight.fighters():
        if r.id == c.id or not ready_to_react(fight, r):
            continue
        for readied in r.readied:
            if readied.kind != "within" or not aimed_at(r, readied, c):
                continue
            if distance_m(r, c) <= readied.metres:
                continue
            for s in range(1, (length if best is None else best) + 1):
                px, py = along(c, x, y, s, length)
                if isqrt((px - r.x) ** 2 + (py - r.y) ** 2) <= readied.metres:
                    best = s
                    break
    return None if best is None else along(c, x, y, best, length)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_first_crossing_is_the_one_a_scan_from_the_first_metre_finds(path: Path) -> None:
    """At every decision of seeds 1 and 2, for every fighter's move to where each other
    fighter stands and to the grid points around it."""
    for fight in states(path):
        if not anyone_ready(fight):
            continue
        for c in fight.fighters():
            points = [(o.x, o.y) for o in fight.fighters() if o is not c]
            points += list(grid_points(c.x, c.y, c.facing, (5, 12, 30)))
            for x, y in points:
                assert first_crossing(fight, c, x, y) == plain_first_crossing(fight, c, x, y)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_grid_points_a_fighter_may_move_to_are_those_with_no_point_problem(
    path: Path,
) -> None:
    """``possible_points`` (others' points read once) against ``point_problem`` itself, for
    every fighter at every decision of seeds 1 and 2: the grid points out to 200 m, where it
    and every other combatant stand."""
    for fight in states(path):
        for c in fight.fighters():
            can_go = possible_points(fight, c)
            allowance = move_allowance_m(fight, c)
            free = can_move(c, fight) and fight.options.grid
            points = [(o.x, o.y) for o in fight.fighters()]
            points += list(grid_points(c.x, c.y, c.facing, (1, 5, 25, 60, 200)))
            for x, y in points:
                plain = free and point_problem(fight, c, x, y, allowance) is None
                assert can_go((x, y)) == plain


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_clear_point_is_one_sight_from_sees_from_with_nothing_shot_through(
    path: Path,
) -> None:
    """``clear_from`` (obstacles first) against ``sight_from``, for every pair of fighters at
    every decision of seeds 1 and 2, from where the first stands and the grid points around."""
    clear = 0
    for fight in states(path):
        for c in fight.fighters():
            points = [(c.x, c.y), *grid_points(c.x, c.y, c.facing, (5, 10, 25))]
            for o in fight.fighters():
                if o is c:
                    continue
                for x, y in points:
                    sight = sight_from(fight, c, x, y, o)
                    plain = sight.visible and not sight.through
                    assert clear_from(fight, c, x, y, o) == plain
                    clear += plain
    assert clear > 0


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
