"""Medical Aid on the combat clock (chapter 9.2, 'Assisted Revival, Resuscitation, and
Stasis'): revival, resuscitation, stasis entry, each outcome with scripted rolls."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.actions import PlaceInStasis, Resuscitate, Revive
from fracas.rulesets.starflight.death import brain_death_due
from fracas.rulesets.starflight.medical_aid import (
    medical_choices,
    resuscitate,
    resuscitation_problem,
    revive,
    revive_problem,
    stimulant_upkeep,
)
from fracas.rulesets.starflight.stasis import place_in_stasis, stasis_problem, stasis_upkeep

from .medicine_helpers import doc, foe, pat, table

# -- revival -------------------------------------------------------------------------------------


def knocked_out(**over: object) -> object:
    t = table(doc(), pat(**over), foe())
    t["pat"].nhp = 0  # unconscious at 0 NHP: DC 75 + 20 = 95
    return t


def test_revival_success_gives_the_degree_in_nhp_which_drains_one_a_round() -> None:
    t = knocked_out()
    t.rolls(50)  # 50 + 60 = 110 vs 95: degree 15
    revive(t.ctx, t["doc"], t["pat"])
    assert (t["pat"].nhp, t["pat"].nhp_boost) == (15, 15)
    assert t["doc"].stimulants == 2
    for _ in range(14):
        stimulant_upkeep(t.ctx, t["pat"])
    assert t["pat"].nhp == 1 and not t.of(ev.KnockedOut)
    stimulant_upkeep(t.ctx, t["pat"])
    assert t["pat"].nhp == 0 and t.of(ev.KnockedOut)[0].reason == "revival medicine wore off"


def test_revival_drain_counts_new_damage_in_the_original_amount() -> None:
    t = knocked_out()
    t.rolls(50)
    revive(t.ctx, t["doc"], t["pat"])
    t.ctx.emit(ev.NonlethalChanged(who="pat", change=-5, nhp_after=10, cause="hit"))
    for _ in range(10):
        stimulant_upkeep(t.ctx, t["pat"])
    assert t["pat"].nhp == 0 and t.of(ev.KnockedOut)
    for _ in range(5):
        stimulant_upkeep(t.ctx, t["pat"])
    assert (t["pat"].nhp, t["pat"].nhp_boost) == (-5, 0)


def test_revival_critical_success_keeps_the_nhp() -> None:
    t = knocked_out()
    t.rolls(99)  # 99 + 60 = 159 vs 95
    revive(t.ctx, t["doc"], t["pat"])
    assert (t["pat"].nhp, t["pat"].nhp_boost) == (20, 0)  # the degree 64, at most the NHP


def test_revival_failure_and_critical_failure_of_a_safe_dose_change_nothing_but_the_dose() -> None:
    for natural in (20, 100):
        t = knocked_out()
        t.rolls(natural)  # 20 + 60 = 80 vs 95; 00 + 60
        revive(t.ctx, t["doc"], t["pat"])
        assert t["pat"].nhp == 0 and t["pat"].hp == 40 and not t["pat"].afflictions
        assert t["doc"].stimulants == 2


def test_premature_doses_cost_ten_nhp_each_cumulatively_as_in_the_chapters_example() -> None:
    t = knocked_out()
    t.rolls(50)
    revive(t.ctx, t["doc"], t["pat"])  # the first shot: 15 NHP
    t.ctx.emit(ev.StimulantWore(who="pat", nhp_after=0, boost_after=0))
    t.fight.round += 300  # "another a half hour later"
    t.rolls(60)  # 120 vs 95: degree 25, -10
    revive(t.ctx, t["doc"], t["pat"])
    assert t["pat"].nhp == 15 and t["pat"].premature_doses == 1
    t.ctx.emit(ev.StimulantWore(who="pat", nhp_after=0, boost_after=0))
    t.fight.round += 400  # "another forty minutes later": penalty -20
    t.rolls(60)
    revive(t.ctx, t["doc"], t["pat"])
    assert t["pat"].nhp == 5 and t["pat"].premature_doses == 2


def test_a_failed_premature_dose_is_an_overdose_lethal_damage_and_poison() -> None:
    t = knocked_out()
    t.rolls(50, 10)  # first shot; then 10 + 60 = 70 vs 95: degree of failure 25
    revive(t.ctx, t["doc"], t["pat"])
    t.ctx.emit(ev.StimulantWore(who="pat", nhp_after=0, boost_after=0))
    revive(t.ctx, t["doc"], t["pat"])
    assert t["pat"].hp == 40 - 25
    assert "poisoned" in t["pat"].afflictions


def test_a_premature_dose_whose_penalty_eats_the_gain_is_an_overdose() -> None:
    t = knocked_out()
    t.rolls(50, 40)  # second: 40 + 60 = 100 vs 95: degree 5, penalty 10: gain -5
    revive(t.ctx, t["doc"], t["pat"])
    t.ctx.emit(ev.StimulantWore(who="pat", nhp_after=0, boost_after=0))
    revive(t.ctx, t["doc"], t["pat"])
    assert t["pat"].nhp == 0 and t["pat"].hp == 35 and "poisoned" in t["pat"].afflictions


def test_revival_is_refused_for_the_comatose_the_conscious_and_without_medicine() -> None:
    t = knocked_out()
    t["pat"].comatose = True
    assert "comatose" in (revive_problem(t.fight, t["doc"], t["pat"]) or "")
    t["pat"].comatose, t["pat"].nhp = False, 5
    assert "not unconscious" in (revive_problem(t.fight, t["doc"], t["pat"]) or "")
    t["pat"].nhp, t["doc"].stimulants = 0, 0
    assert "no revival medicine" in (revive_problem(t.fight, t["doc"], t["pat"]) or "")


def test_revival_check_adds_the_patients_recuperation_bonus_and_the_technology_penalty() -> None:
    t = table(doc(technology_age="stone"), pat(skills={"recuperation": 30}), foe())
    t["pat"].nhp = 0
    t.rolls(50)
    revive(t.ctx, t["doc"], t["pat"])
    checked = t.of(ev.Checked)[0]
    assert checked.modifier == 60 + 3 - 75


# -- resuscitation -------------------------------------------------------------------------------


def dead(**over: object) -> object:
    t = table(doc(), pat(**over), foe())
    t.ctx.emit(ev.LethalChanged(who="pat", change=-40, hp_after=0, cause="shot"))
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    return t  # DC 50 + 40 = 90


def test_resuscitation_success_gives_a_tenth_of_the_degree_up_and_life() -> None:
    t = dead()
    t.rolls(52)  # 52 + 60 = 112 vs 90: degree 22 -> 3 HP
    resuscitate(t.ctx, t["doc"], t["pat"], "none")
    assert t["pat"].hp == 3 and t["pat"].dead_since is None
    assert t.of(ev.Resuscitated)


def test_resuscitation_failure_costs_a_tenth_of_the_degree_of_failure_down() -> None:
    t = dead()
    t.rolls(1)  # 1 + 60 = 61 vs 90: degree -29 -> 2 HP lost
    resuscitate(t.ctx, t["doc"], t["pat"], "none")
    assert t["pat"].hp == -2 and t["pat"].dead_since is not None


def test_resuscitation_has_no_critical_potential() -> None:
    t = dead()
    t.rolls(99)  # a natural 99 is an ordinary success: 159 vs 90 -> 7 HP
    resuscitate(t.ctx, t["doc"], t["pat"], "none")
    assert t.of(ev.Checked)[0].critical is None and t["pat"].hp == 7
    t2 = dead()
    t2.rolls(100)  # a natural 00 fails (natural extremes decide): 60 vs 90 -> 3 lost
    resuscitate(t2.ctx, t2["doc"], t2["pat"], "none")
    assert t2.of(ev.Checked)[0].critical is None and t2["pat"].hp == -3


def test_resuscitation_in_a_moving_vehicle_starts_at_dc_100() -> None:
    t = dead()
    t.rolls(50)
    resuscitate(t.ctx, t["doc"], t["pat"], "moving")
    assert t.of(ev.Checked)[0].dc == 140


def test_resuscitation_waits_fifteen_rounds_less_one_per_ten_species_points() -> None:
    t = dead()
    t.rolls(1)
    resuscitate(t.ctx, t["doc"], t["pat"], "none")
    t.fight.round += 11  # 15 - 30/10 = 12 rounds
    assert "12 rounds" in (resuscitation_problem(t.fight, t["doc"], t["pat"]) or "")
    t.fight.round += 1
    assert resuscitation_problem(t.fight, t["doc"], t["pat"]) is None


def test_resuscitation_only_for_death_at_zero_hp_and_from_the_industrial_age() -> None:
    t = dead()
    t["doc"].technology_age = "metal"
    assert "beyond" in (resuscitation_problem(t.fight, t["doc"], t["pat"]) or "")
    t["doc"].technology_age = "industrial"
    t["pat"].wounds = {"chest": 15}
    assert "Wounds" in (resuscitation_problem(t.fight, t["doc"], t["pat"]) or "")
    t["pat"].wounds = {}
    t["pat"].attributes["physique"] = -100
    assert "Physique" in (resuscitation_problem(t.fight, t["doc"], t["pat"]) or "")


# -- stasis --------------------------------------------------------------------------------------


def test_stasis_success_pushes_brain_death_back_a_week_per_minute_left() -> None:
    t = dead()
    t.fight.round = 21  # 2 of the 5 minutes used: 30 rounds left
    t.rolls(70)  # 70 + 60 = 130 vs 75 + 40 = 115
    assert place_in_stasis(t.ctx, t["doc"], t["pat"])
    assert t["pat"].in_stasis and t["pat"].stasis_until is None
    assert t["pat"].stasis_deadline == 21 + 30 * 10080
    t.fight.round = 21 + 30 * 10080 - 1
    assert not brain_death_due(t.fight, t["pat"])
    t.fight.round += 1
    assert brain_death_due(t.fight, t["pat"])


def test_stasis_industrial_age_gives_days_and_bars_a_retry_after_failure() -> None:
    t = table(doc(technology_age="industrial"), pat(), foe())
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.rolls(10)  # 70 vs 75 + 0 = 75: failure
    place_in_stasis(t.ctx, t["doc"], t["pat"])
    assert t["pat"].in_stasis and t["pat"].stasis_until == 601
    assert "poisoned" in t["pat"].afflictions
    assert t["pat"].stasis_deadline == 1 + 50 * 1440
    t.fight.round = 601
    stasis_upkeep(t.ctx, t["pat"])
    assert not t["pat"].in_stasis
    assert "no more attempts" in (stasis_problem(t.fight, t["doc"], t["pat"]) or "")


def test_stasis_failure_gives_an_hour_and_the_clock_back_as_it_was() -> None:
    t = dead()
    t.fight.round = 11  # 40 rounds of clinical death left
    t.rolls(10)
    place_in_stasis(t.ctx, t["doc"], t["pat"])
    t.fight.round = 611
    stasis_upkeep(t.ctx, t["pat"])
    assert not t["pat"].in_stasis
    assert t.fight.round - (t["pat"].dead_since or 0) == 10  # still 40 rounds to go


def test_stasis_critical_failure_does_the_damage_without_stasis_and_cryo_means_cold() -> None:
    t = table(doc(medical={"stasis": "cryogenic"}), pat(), foe())
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.rolls(100)
    assert not place_in_stasis(t.ctx, t["doc"], t["pat"])
    assert not t["pat"].in_stasis
    assert any("cold damage" in a for a in t["pat"].afflictions)


def test_stasis_critical_success_is_a_success_and_starfaring_retries_after_a_minute() -> None:
    t = dead()
    t.rolls(99)
    assert place_in_stasis(t.ctx, t["doc"], t["pat"]) and t["pat"].stasis_until is None
    t2 = dead()
    t2.rolls(10)
    place_in_stasis(t2.ctx, t2["doc"], t2["pat"])
    t2.fight.round = 601
    stasis_upkeep(t2.ctx, t2["pat"])
    assert stasis_problem(t2.fight, t2["doc"], t2["pat"]) is None


def test_stasis_of_a_physique_drain_death_is_a_permanent_vegetative_state() -> None:
    t = dead()
    t["pat"].attributes["physique"] = -100
    t.rolls(99)
    place_in_stasis(t.ctx, t["doc"], t["pat"])
    assert "permanent vegetative state" in t["pat"].afflictions
    t2 = table(doc(), pat(), foe(), options={"physique_drain_stasis": "refused"})
    t2.ctx.emit(ev.ClinicalDeath(who="pat", reason="Physique", round=1, hp_after=40))
    t2["pat"].attributes["physique"] = -100
    assert "lets them go" in (stasis_problem(t2.fight, t2["doc"], t2["pat"]) or "")


def test_wounds_do_not_bleed_in_stasis() -> None:
    from fracas.rulesets.starflight.wounds import bleed_due

    t = dead()
    t["pat"].wounds = {"chest": 2}
    t.fight.round = 10
    assert bleed_due(t.fight, t["pat"])
    t["pat"].in_stasis = True
    assert not bleed_due(t.fight, t["pat"])


# -- as actions ----------------------------------------------------------------------------------


def test_each_medical_aid_the_state_allows_is_a_choice_and_others_are_not() -> None:
    t = dead()
    actions = [c.action for c in medical_choices(t.fight, t["doc"])]
    assert Resuscitate(actor="doc", patient="pat") in actions
    assert PlaceInStasis(actor="doc", patient="pat") in actions
    assert Revive(actor="doc", patient="pat") not in actions
    t["pat"].x = 60
    assert medical_choices(t.fight, t["doc"]) == []


def test_aid_beyond_fifty_metres_or_on_oneself_is_illegal() -> None:
    from fracas.rulesets.starflight.medical_aid import resolve_resuscitate

    t = dead()
    t["pat"].x = 51
    with pytest.raises(IllegalAction, match="50 m"):
        resolve_resuscitate(t.ctx, t["doc"], Resuscitate(actor="doc", patient="pat"))
    with pytest.raises(IllegalAction, match="cannot give medical aid"):
        resolve_resuscitate(t.ctx, t["doc"], Resuscitate(actor="doc", patient="doc"))


def test_medical_aid_is_a_standard_action_or_by_option_the_whole_turn() -> None:
    from fracas.rulesets.starflight.legality import check_turn

    for cost, phases_needed in (("standard", 1), ("full", 2)):
        t = table(doc(), pat(), foe(), options={"medical_aid_cost": cost})
        t.fight.current, t.fight.phases_left = "doc", 1
        action = Revive(actor="doc", patient="pat")
        if phases_needed == 1:
            check_turn(t.fight, action)
        else:
            with pytest.raises(IllegalAction, match="1 action phase"):
                check_turn(t.fight, action)
