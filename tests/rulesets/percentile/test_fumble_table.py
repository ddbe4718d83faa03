"""Table 5.2: every row of the weapons fumble table changes the state as it says.

A (50%, boiled leather ABS 2) attacks and fumbles (97, then 99); D (all-out defence) fails
its parry (70), so table 5.1 says "roll fumble for attacker as normal". Then the row's roll
and the dice the row itself needs.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.events import (
    Damaged,
    DefenceRolled,
    ExplosionRolled,
    FumbleRolled,
    WeaponDropped,
)
from fracas.rulesets.percentile.fumble import ROWS, fumble_row
from fracas.rulesets.percentile.state import BROKEN, DROPPED, JAMMED, READY, is_defenceless

from .helpers import carried, duel, fighter_spec, get, one_exchange, start

FUMBLED = [97, 99, 70]
GLOCK: dict[str, Any] = {"weapons": ["glock 17"], "skills": {"pistols": 50}}
GUN_FUMBLED = [97, 99]  # D cannot parry a pistol (and has no dodge): no defence roll


def fumble(
    row_roll: int,
    then: list[int],
    attacker: dict[str, Any] | None = None,
    extra: list[dict[str, Any]] | None = None,
    **options: Any,
) -> Any:
    """A fumbles on row ``row_roll``; ``then`` are the dice the row needs. Against a distance
    weapon D has no parry, so no defence roll is scripted."""
    weapons = (attacker or {}).get("weapons", ["dagger"])
    ranged = weapons[0] in ("glock 17", "laser pistol")
    rolls = (GUN_FUMBLED if ranged else FUMBLED) + [row_roll, *then]
    data = duel(attacker=attacker, extra=extra, weapon_damage_on_parry="none", **options)
    return one_exchange(data, rolls)


def test_rows_01_to_25_have_no_effect_by_default() -> None:
    s = fumble(10, [])
    a = get(s, "A")
    assert (a.hp, carried(a), a.defenceless_round, a.abs_loss) == (20, [READY], 0, 0)
    (row,) = [e for e in s.log if isinstance(e, FumbleRolled)]
    assert (row.low, row.high) == (1, 25)


def test_rows_01_to_25_read_as_26_to_40_under_the_option() -> None:
    s = fumble(10, [10], fumble_rows_01_25="as-26-40")
    assert carried(get(s, "A")) == [DROPPED]


def test_26_40_drops_the_weapon_d6_plus_6_metres_away() -> None:
    s = fumble(30, [10])
    assert carried(get(s, "A")) == [DROPPED]
    (drop,) = [e for e in s.log if isinstance(e, WeaponDropped)]
    assert drop.distance_m == 10 and not drop.lost


def test_26_40_with_the_lost_option_loses_the_weapon_and_draws_the_next() -> None:
    s = fumble(
        30,
        [12],
        attacker={"weapons": ["dagger", "machete"], "skills": {"knives": 50}},
        dropped_weapon="lost",
    )
    a = get(s, "A")
    assert carried(a) == ["lost", READY] and a.wielded == 1


def test_41_50_leaves_the_attacker_defenceless_next_round() -> None:
    s = fumble(45, [])
    assert get(s, "A").defenceless_round == 2 and get(s, "A").hp == 20


def test_a_second_41_60_fumble_keeps_her_defenceless_for_the_rest_of_the_round() -> None:
    """Table 5.2, 41-60: "defenceless in next round". A fumbles 45 in round 1, so she is
    defenceless in round 2; she strikes first in round 2 and fumbles 45 again: that makes
    round 3 defenceless too, and nothing ends round 2's, so D's attack later in round 2 meets
    no parry (and round 3 is defenceless as well)."""
    data = duel(weapon_damage_on_parry="none")
    session, roller = start(data, [20, 1, *FUMBLED, 45])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="all-out-defence"))
    # round 2: A fumbles again (D, attacking normally, fails its parry), then D hits (30)
    # for 3 damage: A is not asked for a parry
    roller.extend([*FUMBLED, 45, 30, 3])
    session.act(Declare(actor="A", stance="normal-attack", target="D"))
    session.act(Declare(actor="D", stance="normal-attack", target="A"))
    assert roller.used == roller.total
    (defence,) = [e for e in session.log if isinstance(e, DefenceRolled) and e.who == "A"]
    assert (defence.kind, defence.reason) == ("none", "defenceless after a fumble")
    a = get(session, "A")
    assert a.hp == 20 - (3 - 2)
    assert [is_defenceless(a, r) for r in (1, 2, 3, 4)] == [False, True, True, False]


def test_51_60_falls_defenceless_with_d4_minus_1_damage() -> None:
    s = fumble(55, [3])
    a = get(s, "A")
    assert a.defenceless_round == 2 and a.hp == 17  # armour does not soften a fall by default


def test_51_60_fall_damage_through_armour_under_the_option() -> None:
    assert get(fumble(55, [3], fall_damage_armour=True), "A").hp == 19


def test_61_70_hits_herself_for_normal_damage() -> None:
    assert get(fumble(65, [5]), "A").hp == 20 - (5 - 2)


def test_61_70_with_a_projectile_weapon_drops_it_instead() -> None:
    s = fumble(65, [7], attacker=GLOCK)
    assert carried(get(s, "A")) == [DROPPED] and get(s, "A").hp == 20


def test_61_70_with_a_beam_weapon_still_hits_herself() -> None:
    s = fumble(65, [10], attacker={"weapons": ["laser pistol"], "skills": {"beam pistols": 50}})
    assert get(s, "A").hp == 20 - (10 - 2)


def test_71_80_hits_a_friend_for_normal_damage() -> None:
    friend = fighter_spec("F", "a", armour="studded leather")
    s = fumble(75, [5], extra=[friend])
    assert get(s, "F").hp == 20 - (5 - 3) and get(s, "A").hp == 20


def test_71_80_fighting_alone_hits_herself() -> None:
    assert get(fumble(75, [5]), "A").hp == 17


def test_81_90_loosens_non_tech_armour_by_one_abs() -> None:
    a = get(fumble(85, []), "A")
    assert a.armour_abs == 1 and a.glitch == 0


def test_81_90_makes_tech_armour_glitch_minus_15_to_attacks() -> None:
    a = get(fumble(85, [], attacker={"armour": "chameleon suit"}), "A")
    assert a.glitch == 15 and a.armour_abs == 2


def test_91_95_falls_and_hits_herself_even_with_a_projectile_weapon() -> None:
    s = fumble(93, [2, 8], attacker=GLOCK)
    a = get(s, "A")
    assert a.hp == 20 - 2 - (8 - 2) and carried(a) == [READY]
    assert [e.kind for e in s.log if isinstance(e, Damaged)] == ["fall", "normal"]


def test_96_99_breaks_a_close_combat_weapon_beyond_repair() -> None:
    assert carried(get(fumble(97, []), "A")) == [BROKEN]


def test_96_99_a_gun_explodes_on_15_or_less_for_normal_damage() -> None:
    s = fumble(97, [15, 9], attacker=GLOCK)
    a = get(s, "A")
    assert carried(a) == [BROKEN] and a.hp == 20 - (9 - 2)
    assert [e.exploded for e in s.log if isinstance(e, ExplosionRolled)] == [True]


def test_96_99_a_gun_that_does_not_explode_jams() -> None:
    s = fumble(97, [16], attacker=GLOCK)
    assert carried(get(s, "A")) == [JAMMED] and get(s, "A").hp == 20


def test_00_breaks_the_weapon_falls_and_loosens_the_armour() -> None:
    a = get(fumble(100, [3]), "A")
    assert carried(a) == [BROKEN] and a.hp == 17 and a.armour_abs == 1


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.low:02d}-{r.high % 100:02d}" for r in ROWS])
def test_each_row_is_found_from_its_whole_range(row: Any) -> None:
    assert fumble_row(row.low) is row and fumble_row(row.high) is row
