"""The ``medic`` tactics: aid a downed ally when it is worth it, fight otherwise."""

from __future__ import annotations

from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.actions import Move, PlaceInStasis, Resuscitate, Revive
from fracas.rulesets.starflight.tactics import TACTICS

from .medicine_helpers import doc, foe, pat, table

MEDIC = TACTICS["medic"]


def test_the_medic_resuscitates_an_ally_at_zero_hp() -> None:
    t = table()
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    assert MEDIC(t.fight, t["doc"]) == Resuscitate(actor="doc", patient="pat")


def test_between_resuscitation_attempts_the_medic_places_the_ally_in_stasis() -> None:
    t = table()
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    t.ctx.emit(ev.Attempted(who="pat", kind="resuscitation", at=1))
    assert MEDIC(t.fight, t["doc"]) == PlaceInStasis(actor="doc", patient="pat")


def test_the_medic_goes_to_a_dying_ally_out_of_reach() -> None:
    t = table(doc(), pat(position=[120, 0]), foe())
    t.ctx.emit(ev.ClinicalDeath(who="pat", reason="no HP left", round=1, hp_after=0))
    assert MEDIC(t.fight, t["doc"]) == Move(actor="doc", toward="pat")


def test_the_medic_revives_with_a_safe_dose_and_an_even_chance() -> None:
    t = table()
    t["pat"].nhp = 0  # DC 95 with Intensive Care 60: 64 % of the rolls succeed
    assert MEDIC(t.fight, t["doc"]) == Revive(actor="doc", patient="pat")


def test_the_medic_does_not_give_a_premature_dose_or_a_long_shot() -> None:
    t = table()
    t["pat"].nhp, t["pat"].last_stimulant = 0, 1  # a dose this hour: an overdose risk
    assert not isinstance(MEDIC(t.fight, t["doc"]), Revive)
    t2 = table(doc(skills={"intensive_care": 10}), pat(), foe())
    t2["pat"].nhp = 0  # DC 95 with 10: 14 % - not worth a dose
    assert not isinstance(MEDIC(t2.fight, t2["doc"]), Revive)


def test_the_medic_leaves_foes_alone_and_fights_when_nobody_is_down() -> None:
    t = table(doc(weapons=[{"weapon": "hand laser", "class": 1}]), pat(), foe(position=[30, 0]))
    fight_on = TACTICS["all-out-attack"]
    assert MEDIC(t.fight, t["doc"]) == fight_on(t.fight, t["doc"])
    t2 = table(doc(), pat(), foe(position=[10, 0]))
    t2["foe"].nhp = 0  # a downed foe within reach is not the medic's patient
    assert not isinstance(MEDIC(t2.fight, t2["doc"]), Revive)
