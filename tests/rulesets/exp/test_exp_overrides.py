"""GM overrides of HPS in an EXP fight (``overrides.py``): the condition they leave."""

from __future__ import annotations

import pytest

from fracas.engine import IllegalAction
from fracas.engine.overrides import GmAdjustHp, GmRemoveCombatant

from .helpers import anthro, session, who


def test_hps_by_hand_do_not_bring_back_a_persona_the_gm_took_out() -> None:
    s = session([], anthro("Ann", "red"), anthro("Bob", "blue"), anthro("Cy", "blue"))
    s.act(GmRemoveCombatant(target="Bob"))
    s.act(GmAdjustHp(target="Bob", amount=-1))
    assert who(s, "Bob").condition == "withdrawn"
    s.act(GmAdjustHp(target="Bob", amount=1))
    assert who(s, "Bob").condition == "withdrawn"


@pytest.mark.parametrize("amount", [-1, 1])
def test_hps_by_hand_above_zero_leave_an_active_persona_active(amount: int) -> None:
    s = session([], anthro("Ann", "red", hps=20, hps_now=10), anthro("Bob", "blue"))
    s.act(GmAdjustHp(target="Ann", amount=amount))
    assert who(s, "Ann").condition == "active"
    assert who(s, "Ann").hps == 10 + amount


def test_hps_by_hand_to_zero_knock_an_anthro_out() -> None:
    """Notes, section 5: an anthro at 0 HPS is unconscious (``condition_at``)."""
    s = session([], anthro("Ann", "red", hps=20, hps_now=3), anthro("Bob", "blue"))
    s.act(GmAdjustHp(target="Ann", amount=-3))
    assert who(s, "Ann").condition == "unconscious"
    assert s.state.winner == "blue"


def test_hps_by_hand_past_the_maximum_are_refused_and_change_nothing() -> None:
    """Notes, section 5: "Max HPS ... can never be exceeded"; the refusal names the field."""
    s = session([], anthro("Ann", "red", hps=20, hps_now=15), anthro("Bob", "blue"))
    before = len(s.log)
    with pytest.raises(IllegalAction, match=r"amount: Ann has 15 of 20 HPS.*at most \+5"):
        s.act(GmAdjustHp(target="Ann", amount=6))
    assert len(s.log) == before and who(s, "Ann").hps == 15
    s.act(GmAdjustHp(target="Ann", amount=5))
    assert who(s, "Ann").hps == 20
