"""The periodic healing checks (chapter 9.2, 'Healing and Recuperation', 'Assisted Healing'):
success, failure, critical success and critical failure of each, with scripted rolls.

Naturals: 98 (an ordinary success), 1 (a failure), 99 (critical success), 100 (reads 00:
critical failure). 'pat' has NHP 20, HP 40, Durability 5; 'doc' Long-Term Care 40,
Intensive Care 60, Primatology 30."""

from __future__ import annotations

from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.recovery import (
    cared_conscious_nonlethal,
    cared_lethal,
    cared_wounds,
    half_hour_care,
    natural_lethal,
    natural_wounds,
    unconscious_recuperation,
)

from .medicine_helpers import doc, foe, pat, table

# -- natural: unconscious with Impact Damage -----------------------------------------------------


def impact(natural: int, nhp: int = -10) -> object:
    t = table(doc(), pat(skills={"recuperation": 20}), foe())
    t["pat"].nhp = nhp  # DC = 20 - nhp; modifier 20 - 5 (Dazed)
    t.rolls(natural)
    unconscious_recuperation(t.ctx, t["pat"])
    return t


def test_unconscious_recuperation_success_loses_one_plus_a_tenth_of_recuperation() -> None:
    assert impact(98)["pat"].nhp == -7


def test_unconscious_recuperation_failure_keeps_the_impact_damage() -> None:
    assert impact(1)["pat"].nhp == -10


def test_unconscious_recuperation_critical_success_loses_a_tenth_of_the_degree() -> None:
    assert impact(99)["pat"].nhp == -1  # 114 vs 30: 84 -> 9


def test_unconscious_recuperation_critical_failure_adds_impact_and_can_bring_a_coma() -> None:
    t = impact(100, nhp=-19)  # 15 vs 39: 24 -> 3 more
    assert t["pat"].nhp == -22 and t["pat"].comatose


def test_with_no_impact_left_the_check_raises_nhp_and_the_character_wakes() -> None:
    t = impact(98, nhp=0)
    assert t["pat"].nhp == 3 and t.of(ev.Awoke)


# -- natural: Lethal damage and Wounds -----------------------------------------------------------


def lethal(natural: int, wounds: int = 0, *extra: int, hp: int = 30) -> object:
    t = table(doc(), pat(skills={"recuperation": 20}), foe())
    t["pat"].hp = hp
    if wounds:
        t["pat"].wounds = {"chest": wounds}
    t.rolls(natural, *extra)
    natural_lethal(t.ctx, t["pat"], None)
    return t


def test_natural_lethal_success_without_wounds_heals_recuperation_hp() -> None:
    assert lethal(98)["pat"].hp == 40  # + 20, at most the maximum


def test_natural_lethal_success_with_wounds_heals_one_plus_a_tenth_and_a_wound() -> None:
    t = lethal(98, 2)
    assert (t["pat"].hp, t["pat"].total_wounds()) == (33, 1)


def test_natural_lethal_critical_success_heals_more_wounds() -> None:
    t = lethal(99, 2)
    assert t["pat"].total_wounds() == 0


def test_natural_lethal_failure_changes_nothing() -> None:
    t = table(doc(), pat(), foe())
    t["pat"].hp = 10  # DC 30, modifier -20 (fatigued)
    t.rolls(1)
    natural_lethal(t.ctx, t["pat"], None)
    assert t["pat"].hp == 10 and not t.of(ev.LethalChanged)


def test_natural_lethal_critical_failure_with_wounds_costs_hp_and_an_infection_save() -> None:
    t = lethal(100, 2, 1, hp=10)  # 00 - 2 = -2 vs 32: 34 short -> 4, + 2 for the Wounds
    assert t["pat"].hp == 4
    assert "infected Wounds" in t["pat"].afflictions


def test_natural_lethal_critical_failure_without_wounds_has_no_infection_save() -> None:
    t = lethal(100, hp=10)  # 0 vs 30: 3 more Lethal damage
    assert t["pat"].hp == 7 and len(t.of(ev.Checked)) == 1


def test_a_critical_failure_only_the_natural_00_made_has_no_degree_of_failure() -> None:
    t = lethal(100, 2, 1)  # 00 + 18 = 18 beats DC 12, but fails: 0 short, + 2 for the Wounds
    assert t["pat"].hp == 28


def wounds(natural: int) -> object:
    t = table(doc(), pat(skills={"recuperation": 20}, comeliness=10), foe())
    t["pat"].wounds = {"chest": 3}  # DC 30, modifier 17
    t.rolls(natural)
    natural_wounds(t.ctx, t["pat"])
    return t


def test_natural_wounds_success_heals_one_plus_a_tenth_of_recuperation() -> None:
    assert wounds(50)["pat"].total_wounds() == 0


def test_natural_wounds_failure_heals_one_with_a_scar() -> None:
    t = wounds(1)
    assert t["pat"].total_wounds() == 2 and t["pat"].comeliness == 9


def test_natural_wounds_critical_success_heals_them_all() -> None:
    assert wounds(99)["pat"].total_wounds() == 0


def test_natural_wounds_critical_failure_infects_the_rest() -> None:
    t = wounds(100)
    assert t["pat"].total_wounds() == 2 and "infected Wounds" in t["pat"].afflictions


# -- assisted ------------------------------------------------------------------------------------


def test_a_conscious_patient_gains_recuperation_plus_the_medics_bonus_each_half_hour() -> None:
    t = table(doc(), pat(skills={"recuperation": 5}), foe())
    t["pat"].nhp = 10
    cared_conscious_nonlethal(t.ctx, t["pat"], t["doc"])
    assert t["pat"].nhp == 19  # 5 + 40/10


def half_hour(natural: int, vehicle: str = "none", nhp: int = -10) -> object:
    t = table()
    t["pat"].nhp = nhp  # DC 25 + 30 = 55, modifier 40
    t.rolls(natural)
    half_hour_care(t.ctx, t["pat"], t["doc"], vehicle)
    return t


def test_half_hourly_care_success_loses_a_tenth_of_the_degree_of_impact() -> None:
    assert half_hour(98)["pat"].nhp == -1  # 138 vs 55: 83 -> 9


def test_half_hourly_care_failure_still_loses_one_plus_a_tenth_of_recuperation() -> None:
    assert half_hour(1)["pat"].nhp == -9


def test_half_hourly_care_critical_success_restores_one_nhp_and_wakes() -> None:
    t = half_hour(99)
    assert t["pat"].nhp == 1 and t.of(ev.Awoke)


def test_half_hourly_care_critical_failure_adds_the_degree_and_a_coma() -> None:
    t = half_hour(100)  # 40 vs 55: 15 more
    assert t["pat"].nhp == -25 and t["pat"].comatose


def test_half_hourly_care_in_a_moving_vehicle_starts_at_dc_50() -> None:
    assert half_hour(50, "moving").of(ev.Checked)[0].dc == 80
    assert half_hour(50, "parked").of(ev.Checked)[0].dc == 55


def cared(natural: int, wounds: int = 0, *extra: int, vehicle: str = "none") -> object:
    t = table()
    t["pat"].hp = 30
    if wounds:
        t["pat"].wounds = {"chest": wounds}
    t.rolls(natural, *extra)
    cared_lethal(t.ctx, t["pat"], t["doc"], vehicle)
    return t


def test_lethal_care_success_without_wounds_heals_the_degree() -> None:
    assert cared(90)["pat"].hp == 40


def test_lethal_care_success_with_wounds_heals_a_tenth_of_care_and_of_the_degree() -> None:
    t = cared(90, 2)  # 130 vs 62: HP + 4, Wounds - 7
    assert (t["pat"].hp, t["pat"].total_wounds()) == (34, 0)


def test_lethal_care_critical_success_is_a_success() -> None:
    assert cared(99)["pat"].hp == 40


def test_lethal_care_failure_changes_nothing() -> None:
    t = cared(1)
    assert t["pat"].hp == 30 and t["pat"].total_wounds() == 0


def test_lethal_care_critical_failure_costs_hp_and_a_wound() -> None:
    t = cared(100)  # 40 vs 60: 20 -> 2 HP, and one Wound
    assert (t["pat"].hp, t["pat"].total_wounds()) == (28, 1)


def test_lethal_care_critical_failure_with_wounds_costs_the_new_count_and_a_save() -> None:
    t = cared(100, 2, 1)  # 40 vs 62: 3 HP, a third Wound, 3 HP more; the save fails
    assert (t["pat"].hp, t["pat"].total_wounds()) == (24, 3)
    assert "infected Wounds" in t["pat"].afflictions


def test_lethal_care_in_stasis_adds_no_wound() -> None:
    t = table()
    t["pat"].hp, t["pat"].in_stasis = 30, True
    t.rolls(100)
    cared_lethal(t.ctx, t["pat"], t["doc"], "none")
    assert t["pat"].total_wounds() == 0


def test_lethal_care_inside_any_vehicle_starts_at_dc_100() -> None:
    assert cared(50, vehicle="parked").of(ev.Checked)[0].dc == 110


def wound_care(natural: int, *extra: int) -> object:
    t = table(doc(), pat(comeliness=3), foe())
    t["pat"].wounds = {"chest": 3}  # DC 80, modifier 40 - 0
    t.rolls(natural, *extra)
    cared_wounds(t.ctx, t["pat"], t["doc"])
    return t


def test_wound_care_success_heals_a_tenth_of_the_degree() -> None:
    t = wound_care(60)  # 100 vs 80: 20 -> 2
    assert t["pat"].total_wounds() == 1


def test_wound_care_failure_heals_one_with_a_scar() -> None:
    t = wound_care(1)
    assert t["pat"].total_wounds() == 2 and t["pat"].comeliness == 2


def test_wound_care_critical_success_heals_them_all() -> None:
    assert wound_care(99)["pat"].total_wounds() == 0


def test_wound_care_critical_failure_calls_for_an_infection_save() -> None:
    t = wound_care(100, 98)  # the save succeeds
    assert not t["pat"].afflictions and t.of(ev.Checked)[-1].what == "Fortitude save (infection)"
    t2 = wound_care(100, 1)
    assert "infected Wounds" in t2["pat"].afflictions


def test_medical_checks_carry_the_technology_age_penalty() -> None:
    for age, penalty in (("stone", -75), ("metal", -25), ("industrial", 0)):
        t = table(doc(technology_age=age), pat(), foe())
        t["pat"].nhp = -10
        t.rolls(50)
        half_hour_care(t.ctx, t["pat"], t["doc"], "none")
        assert t.of(ev.Checked)[0].modifier == 40 + penalty


def test_wounds_heal_most_wounded_part_first_and_a_failed_part_works_again() -> None:
    t = wound_care(60)
    t2 = table()
    t2["pat"].wounds = {"left_arm": 1, "chest": 2}
    t2["pat"].failed = ["left_arm"]
    t2.rolls(99)
    cared_wounds(t2.ctx, t2["pat"], t2["doc"])
    healed = t2.of(ev.WoundsHealed)[0]
    assert healed.working == ("left_arm",) and t2["pat"].failed == []
    assert t.of(ev.WoundsHealed)[0].parts == {"chest": 1}
