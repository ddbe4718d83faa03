"""The rest after the fight (chapter 9.2, 'Healing and Recuperation'): which check runs when,
emergency surgery, prosthetics and regrowth, the Starfaring shortcut, brain death."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.actions import Rest
from fracas.rulesets.starflight.rest import rest

from .medicine_helpers import Table, doc, foe, pat, table


def over(t: Table) -> Table:
    t.fight.over = True
    return t


def checks(t: Table) -> list[str]:
    return [e.what for e in t.of(ev.Checked)]


def test_a_rest_is_refused_during_the_fight_and_with_a_medic_out_cold() -> None:
    t = table()
    with pytest.raises(IllegalAction, match="not over"):
        rest(t.ctx, Rest(actor=None, hours=1))
    over(t)
    t["doc"].nhp = 0
    with pytest.raises(IllegalAction, match="medic"):
        rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    with pytest.raises(IllegalAction, match="hours"):
        rest(t.ctx, Rest(actor=None, hours=0))


def test_conscious_characters_heal_recuperation_nhp_an_hour_without_a_check() -> None:
    t = over(table(doc(), pat(skills={"recuperation": 5}), foe()))
    t["pat"].nhp = 10
    rest(t.ctx, Rest(actor=None, hours=1))
    assert t["pat"].nhp == 15 and not t.of(ev.Checked)
    assert t.fight.rest_minutes == 60


def test_a_medic_gives_it_every_half_hour_instead() -> None:
    t = over(table(doc(), pat(skills={"recuperation": 2}), foe()))
    t["pat"].nhp = 10
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].nhp == 20  # (2 + 4) twice, at most 20


def test_natural_lethal_checks_come_every_eight_hours_less_one_per_ten_recuperation() -> None:
    t = over(table(doc(), pat(skills={"recuperation": 30}), foe()))
    t["pat"].hp = 10  # DC 30, modifier 30 - 20 (fatigued): a natural 1 fails
    t.rolls(1, 1)
    rest(t.ctx, Rest(actor=None, hours=10))
    assert checks(t) == ["Recuperation (Lethal damage)"] * 2  # at hours 5 and 10


def test_rests_go_on_from_where_the_last_stopped() -> None:
    t = over(table(doc(), pat(skills={"recuperation": 30}), foe()))
    t["pat"].hp = 10
    t.rolls(1, 1)
    rest(t.ctx, Rest(actor=None, hours=3))
    rest(t.ctx, Rest(actor=None, hours=3))  # the check at hour 5 falls in the second rest
    assert t.fight.rest_minutes == 360 and len(checks(t)) == 1


def test_a_comatose_patients_hour_with_a_medic_who_spares_the_points() -> None:
    t = over(table())
    t["pat"].nhp, t["pat"].comatose = -25, True
    t["pat"].skills["stamina"] = 10
    t.rolls(1, 98, 1)  # coma save fails; the medic's care succeeds; the Recuperation Check
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert checks(t) == [
        "Fortitude save (coma)",
        "Long-Term Care (coma) on pat",
        "Recuperation (unconscious)",
    ]
    assert t["pat"].hp == 39 and t["pat"].skills["stamina"] == 10
    assert t["pat"].attributes["intellect"] == 0


def test_a_comatose_patient_crashes_when_the_care_critically_fails() -> None:
    t = over(table())
    t["pat"].nhp, t["pat"].comatose = -25, True
    t.rolls(1, 100, 1, 1)  # save fails, care 00 (then the skill lost, and no more checks)
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].dead_since is not None and t["pat"].hp == 0


def test_without_a_medic_the_comatose_lose_the_points() -> None:
    t = over(table())
    t["pat"].nhp, t["pat"].comatose = -25, True
    t["pat"].skills["stamina"] = 10
    t.rolls(1, 2, 1)  # save fails, skill 2 = stamina, the Recuperation Check fails
    rest(t.ctx, Rest(actor=None, hours=1))
    assert t["pat"].skills["stamina"] == 9 and t["pat"].attributes["intellect"] == -1


def maimed(**doc_over: object) -> Table:
    t = over(table(doc(**doc_over), pat(), foe()))
    t["pat"].maimed, t["pat"].failed = ["left_arm"], ["left_arm"]
    return t


def test_a_prosthetic_at_dc_100_gives_back_the_part_and_keeps_the_amputee_score() -> None:
    t = maimed(technology_age="industrial")
    t["pat"].amputee = 10
    t.rolls(70)  # 110 vs 100
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].failed == [] and t["pat"].maimed == ["left_arm"] and t["pat"].amputee == 10


def test_a_failed_prosthetic_waits_two_weeks() -> None:
    t = maimed(technology_age="industrial")
    t.rolls(1, 70)
    rest(t.ctx, Rest(actor=None, hours=14 * 24 + 1, medic="doc"))
    assert [c for c in checks(t) if "prosthetic" in c] == [
        "Long-Term Care (prosthetic, left arm) on pat"
    ] * 2
    minutes = [e.minutes for e in t.of(ev.RestTime)]
    assert minutes[0] == 60 and 60 + 14 * 24 * 60 in minutes


def test_a_starfaring_doctor_regrows_at_dc_125_and_the_loss_is_nullified() -> None:
    t = maimed()
    t["pat"].amputee = 10
    t.rolls(90)  # 130 vs 125
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].maimed == [] and t["pat"].failed == [] and t["pat"].amputee == 0


def test_stone_and_metal_age_medics_cannot_fit_parts() -> None:
    t = maimed(technology_age="metal")
    rest(t.ctx, Rest(actor=None, hours=2, medic="doc"))
    assert not checks(t)


def dead_of_wounds(age: str, wounds: int = 17) -> Table:
    t = over(table(doc(technology_age=age), pat(), foe()))
    t["pat"].wounds = {"chest": wounds}
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="Wounds", round=1, hp_after=40))
    t.ctx.emit(
        ev.StasisEntered(
            who="pat", medic="doc", method="drug", deadline=10**9, until=None, unit=1440
        )
    )
    return t


def test_emergency_surgery_success_heals_a_wound_per_ten_species_points_and_revives() -> None:
    t = dead_of_wounds("industrial")
    t.rolls(98)  # 158 vs 100 + 10 x 3
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].total_wounds() == 14 and t["pat"].dead_since is None
    assert not t["pat"].in_stasis and t.of(ev.Resuscitated)


def test_emergency_surgery_critical_success_leaves_three_durability_less_one_and_more() -> None:
    t = dead_of_wounds("industrial", 20)
    t.rolls(99)
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].total_wounds() == 11  # 14, then 30/10 more


def test_emergency_surgery_failure_ends_the_hour_out_of_stasis_then_back_in_at_plus_ten() -> None:
    t = dead_of_wounds("industrial")
    t.rolls(1, 98)  # surgery fails; the new stasis Check (DC 75 + 0 + 10) succeeds
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    stasis = [e for e in t.of(ev.Checked) if e.what.startswith("stasis")]
    assert stasis[0].dc == 85 and t["pat"].in_stasis and t["pat"].surgery_hours == 1


def test_emergency_surgery_critical_failure_inflicts_a_wound_per_ten_of_the_degree() -> None:
    t = dead_of_wounds("industrial")
    t.rolls(100, 1)  # 60 vs 130: 7 Wounds; then the stasis Check fails
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].total_wounds() == 24


def test_starfaring_shortcut_heals_a_patient_in_stasis_by_the_normal_process() -> None:
    t = dead_of_wounds("starfaring", 15)
    t.rolls(50)  # Lethal care every hour (4 - 3): 90 vs 65 -> 3 Wounds healed
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].total_wounds() == 12 and t["pat"].dead_since is None
    assert not t["pat"].in_stasis


def test_the_brain_dead_do_not_heal() -> None:
    t = over(table())
    t["pat"].hp, t["pat"].brain_dead, t["pat"].dead_since = 10, True, 1
    rest(t.ctx, Rest(actor=None, hours=48, medic="doc"))
    assert all(getattr(e, "who", None) != "pat" for e in t.log)


def test_a_clinically_dead_patient_no_medic_can_save_becomes_brain_dead() -> None:
    t = over(table(doc(technology_age="metal"), pat(), foe()))
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].brain_dead


def test_the_medic_goes_on_resuscitating_when_the_rest_begins() -> None:
    t = over(table())
    t.ctx.emit(ev.LethalChanged(who="pat", change=-40, hp_after=0, cause="shot"))
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.rolls(1, 98, 1, 1)  # 61 vs 90: 2 HP lost; two minutes later 158 vs 92: 7 HP back; then
    # the hour's Recuperation Check (Unconscious) and Lethal care fail
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].dead_since is None and t["pat"].hp == 5
    assert [e.minutes for e in t.of(ev.RestClock)][:2] == [2, 30]


def test_when_no_time_is_left_for_another_try_the_medic_places_them_in_stasis() -> None:
    t = over(table())
    t.ctx.emit(ev.LethalChanged(who="pat", change=-40, hp_after=0, cause="shot"))
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.rolls(1, 1, 1, 98, 1)  # three tries 20 rounds apart fail; stasis; the hour's care fails
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].in_stasis and not t["pat"].brain_dead and t["pat"].hp == -8
    assert len([e for e in t.of(ev.Checked) if e.what.startswith("resuscitation")]) == 3


def test_shaken_characters_shake_it_off_with_an_hourly_willpower_save() -> None:
    t = over(table())
    t["pat"].shaken, t["pat"].shaken_dc = True, 20
    t.rolls(98)
    rest(t.ctx, Rest(actor=None, hours=1))
    assert not t["pat"].shaken


def test_wounds_bleed_in_a_rest_only_by_option() -> None:
    t = over(table(doc(), pat(), foe(), options={"rest_wounds_bleed": True}))
    t["pat"].wounds = {"chest": 1}
    t.rolls(1)
    rest(t.ctx, Rest(actor=None, hours=1))
    assert t["pat"].hp <= 40 - 30
    t2 = over(table())
    t2["pat"].wounds = {"chest": 1}
    t2.rolls(1)
    rest(t2.ctx, Rest(actor=None, hours=1))
    assert t2["pat"].hp == 40


def test_coma_care_that_fails_does_not_spare_the_points() -> None:
    t = over(table())
    t["pat"].nhp, t["pat"].comatose = -25, True
    t["pat"].skills["stamina"] = 10
    t.rolls(1, 1, 2, 1)  # save fails; care fails (41 vs 120); skill 2 = stamina; Recuperation
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].skills["stamina"] == 9 and t["pat"].hp == 39


def test_a_crashed_patient_pulled_through_gets_the_hp_back_and_loses_faculties() -> None:
    from fracas.rulesets.starflight.medical_aid import resuscitate

    t = over(table())
    t["pat"].nhp, t["pat"].comatose = -25, True
    t["pat"].skills["stamina"] = 30
    t.rolls(1, 100, 2, 1)  # save fails, care 00, stamina lost, Recuperation (skipped: dead)
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].dead_since is not None and t["pat"].crash_hp == 39
    t.rolls(99, 12, 2)  # resuscitation; 2d10 = 12; the Physique skill: stamina
    resuscitate(t.ctx, t["doc"], t["pat"], "none")
    assert t["pat"].hp == 39 and t["pat"].skills["stamina"] == 29 - 12
    assert t["pat"].attributes["intellect"] == -2


def test_an_industrial_doctor_heals_a_zero_hp_death_in_stasis_with_lethal_care() -> None:
    t = over(table(doc(technology_age="industrial"), pat(), foe()))
    t.ctx.emit(ev.LethalChanged(who="pat", change=-40, hp_after=0, cause="shot"))
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.ctx.emit(
        ev.StasisEntered(
            who="pat", medic="doc", method="drug", deadline=10**9, until=None, unit=1440
        )
    )
    t.rolls(90)  # Lethal care (every 4 - 3 = 1 h): 130 vs 90 -> 40 HP
    rest(t.ctx, Rest(actor=None, hours=1, medic="doc"))
    assert t["pat"].hp == 40 and t["pat"].dead_since is None and not t["pat"].in_stasis


def test_sleeping_lowers_the_healing_dcs_by_the_option() -> None:
    t = over(table(doc(), pat(), foe(), options={"sleep_dc_reduction": 10}))
    t["pat"].hp = 10
    t.rolls(1)
    rest(t.ctx, Rest(actor=None, hours=8))
    assert t.of(ev.Checked)[0].dc == 30 - 10
