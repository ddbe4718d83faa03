"""What the chapter refuses: each raises IllegalAction with the reason and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine import IllegalAction, encode_log
from fracas.rulesets.exp.actions import (
    Attack,
    BreakFree,
    Concede,
    Grapple,
    Snatch,
    Trip,
)

from .helpers import FLING, POINTY, SHOOT, STRIKE, anthro, session

TABLE = {"strike": dict(STRIKE), "pointy-fling": dict(POINTY), "shoot": dict(SHOOT)}
ARMED = anthro("Ann", "red", weapons=["fist", "dagger", "pistol", "stun-baton"], combat_table=TABLE)


def refuse(action: Any, *combatants: dict[str, Any], match: str, **opts: Any) -> None:
    """``action`` is refused with a message matching ``match``; the log is unchanged."""
    s = session([], *combatants, **opts)
    before = encode_log(s.log)
    with pytest.raises(IllegalAction, match=match):
        s.act(action)
    assert encode_log(s.log) == before


def test_a_dagger_in_a_non_lethal_fight_is_refused() -> None:
    refuse(
        Attack(actor="Ann", target="Bob", weapon="dagger"),
        ARMED,
        anthro("Bob", "blue"),
        match="dagger is a Pointy Fling attack, not allowed in non-lethal combat",
    )


def test_a_pistol_in_a_non_lethal_fight_is_refused() -> None:
    refuse(
        Attack(actor="Ann", target="Bob", weapon="pistol"),
        ARMED,
        anthro("Bob", "blue"),
        match="pistol is a Shoot attack",
    )


@pytest.mark.parametrize("attack_type", ["sotto", "flotto", "zone"])
def test_sotto_flotto_and_zone_attacks_are_refused(attack_type: str) -> None:
    weapon = {"name": "gizmo", "attack_type": attack_type, "damage": "1d6"}
    table = {"strike": dict(STRIKE), attack_type: dict(SHOOT)}
    ann = anthro("Ann", "red", weapons=["fist", weapon], combat_table=table)
    refuse(
        Attack(actor="Ann", target="Bob", weapon="gizmo"),
        ann,
        anthro("Bob", "blue"),
        match="not allowed in non-lethal combat",
    )


def test_a_powered_stun_weapon_is_allowed_non_lethally() -> None:
    s = session([500, 7, 10, 90], ARMED, anthro("Bob", "blue"))
    s.act(Attack(actor="Ann", target="Bob", weapon="stun-baton"))
    assert s.state.combatants["Bob"].hps == 39  # type: ignore[attr-defined]


def test_a_dagger_is_allowed_in_a_lethal_attack_in_the_same_encounter() -> None:
    s = session([500, 3], ARMED, anthro("Bob", "blue"))
    s.act(Attack(actor="Ann", target="Bob", weapon="dagger", lethal=True))
    assert s.state.combatants["Bob"].hps == 37  # type: ignore[attr-defined]


def test_a_robot_cannot_be_subdued() -> None:
    robot = anthro("Robo", "blue", kind="robot")
    refuse(
        Attack(actor="Ann", target="Robo", weapon="fist"),
        anthro("Ann", "red"),
        robot,
        match="Robo is a robot: non-lethal combat has no effect on it",
    )


@pytest.mark.parametrize(
    ("kind", "extra"), [("flora", {}), ("fauna", {}), ("alien", {"advanced": False})]
)
def test_flora_fauna_and_unadvanced_aliens_cannot_be_subdued(
    kind: str, extra: dict[str, Any]
) -> None:
    target = anthro("Bob", "blue", kind=kind, tactics="lethal", **extra)
    refuse(
        Attack(actor="Ann", target="Bob", weapon="fist"),
        anthro("Ann", "red"),
        target,
        match="Bob is .*attack it lethally",
    )


def test_fauna_cannot_attack_non_lethally() -> None:
    beast = anthro("Rex", "red", kind="fauna", tactics="lethal")
    refuse(
        Attack(actor="Rex", target="Bob", weapon="fist"),
        beast,
        anthro("Bob", "blue"),
        match="Rex is fauna: it does not grasp surrender",
    )


def test_a_robot_may_attack_non_lethally() -> None:
    s = session([500, 4, 10, 90], anthro("Robo", "red", kind="robot"), anthro("Bob", "blue"))
    s.act(Attack(actor="Robo", target="Bob", weapon="fist"))
    assert s.state.combatants["Bob"].hps == 39  # type: ignore[attr-defined]


def test_a_subduer_must_be_of_comparable_size() -> None:
    refuse(
        Attack(actor="Ann", target="Bob", weapon="fist"),
        anthro("Ann", "red"),
        anthro("Bob", "blue", size="huge"),
        match="not of comparable size",
    )


def test_a_tiny_alien_grappling_a_giant_is_refused() -> None:
    zib = anthro("Zib", "red", kind="alien", advanced=True, size="tiny")
    giant = anthro("Gort", "blue", size="giant")
    refuse(
        Grapple(actor="Zib", target="Gort"),
        zib,
        giant,
        match=r"Zib \(tiny\) and Gort \(giant\) are not of comparable size",
    )


def test_a_robot_on_treads_cannot_be_tripped() -> None:
    tank = anthro("Tank", "blue", kind="robot", treaded=True)
    refuse(
        Trip(actor="Ann", target="Tank"),
        anthro("Ann", "red"),
        tank,
        match="robot on treads and cannot be tripped",
    )


def test_fists_cannot_be_snatched() -> None:
    refuse(
        Snatch(actor="Ann", target="Bob", weapon="fist"),
        anthro("Ann", "red"),
        anthro("Bob", "blue"),
        match="holds no 'fist' that can be snatched",
    )


def test_acting_out_of_turn_is_refused() -> None:
    refuse(
        Attack(actor="Bob", target="Ann", weapon="fist"),
        anthro("Ann", "red"),
        anthro("Bob", "blue"),
        match="it is not Bob's turn: next to act is Ann",
    )


def test_a_break_check_needs_a_grapple() -> None:
    refuse(
        BreakFree(actor="Ann"), anthro("Ann", "red"), anthro("Bob", "blue"), match="Ann is not held"
    )


def test_a_persona_who_conceded_cannot_act() -> None:
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue"), anthro("Cy", "red"))
    s.act(Concede(actor="Ann"))
    assert not s.state.over
    before = encode_log(s.log)
    with pytest.raises(IllegalAction, match="Ann is conceded and cannot act"):
        s.act(Attack(actor="Ann", target="Bob", weapon="fist"))
    assert encode_log(s.log) == before


def test_an_unknown_weapon_is_refused() -> None:
    refuse(
        Attack(actor="Ann", target="Bob", weapon="chair"),
        anthro("Ann", "red"),
        anthro("Bob", "blue"),
        match=r"Ann holds no 'chair' \(holds: fist\)",
    )


def test_a_bottle_is_refused_when_only_strike_attacks_are_allowed() -> None:
    table = {"strike": dict(STRIKE), "fling": dict(FLING)}
    ann = anthro("Ann", "red", weapons=["fist", "bottle"], combat_table=table)
    refuse(
        Attack(actor="Ann", target="Bob", weapon="bottle"),
        ann,
        anthro("Bob", "blue"),
        match="bottle is a Fling attack, not allowed in non-lethal combat "
        r"\(only Strike attacks, or a powered stun weapon\)",
        nonlethal_attacks="strike-only",
    )


def test_a_bottle_is_allowed_with_strike_and_fling() -> None:
    table = {"strike": dict(STRIKE), "fling": dict(FLING)}
    ann = anthro("Ann", "red", weapons=["fist", "bottle"], combat_table=table)
    s = session([500, 4, 10, 90], ann, anthro("Bob", "blue"))
    s.act(Attack(actor="Ann", target="Bob", weapon="bottle"))
    # 4 + Force Bonus 3 = 7: 10% rounds to 1 (and never below 1)
    assert s.state.combatants["Bob"].hps == 39  # type: ignore[attr-defined]
