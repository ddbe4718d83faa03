"""The chapter's worked example: 20 non-lethal damage on Socmob (level 2, CON 8, 40 HPS)."""

from __future__ import annotations

from click.testing import CliRunner

from fracas.cli import main
from fracas.engine import Session
from fracas.rulesets.exp.actions import Attack
from fracas.rulesets.exp.events import Damaged, DamageRolled, OopsChecked, StunChecked

from .helpers import anthro, of_type, session, who, with_attrs

#: the pugilist's blow: 2d10 rolled 14 + Force Bonus 6 = 20 non-lethal damage
PUGILIST = anthro(
    "Pugilist",
    "pugilist",
    weapons=[{"name": "fists", "attack_type": "strike", "damage": "2d10", "close_range": True}],
)
SOCMOB = with_attrs(anthro("Socmob", "Socmob", level=2, hps=40), CON=8)


def pugilist_hits_socmob(dss_roll: int, oops_roll: int) -> tuple[Session, list[object]]:
    """Pugilist acts first (scenario order): kilodie 700 hits DR 400, 2d10 = 14."""
    s = session([700, 14, dss_roll, oops_roll], PUGILIST, SOCMOB)
    events = s.act(Attack(actor="Pugilist", target="Socmob", weapon="fists"))
    return s, events


def test_socmob_takes_the_dss_at_20_hps_and_2_actual_damage() -> None:
    s, events = pugilist_hits_socmob(dss_roll=31, oops_roll=50)
    (rolled,) = of_type(events, DamageRolled)
    assert (rolled.rolled, rolled.force_bonus, rolled.damage) == (14, 6, 20)
    (stun,) = of_type(events, StunChecked)
    assert (stun.damage, stun.hps_as_if, stun.needed, stun.stunned) == (20, 20, 58, False)
    (damage,) = of_type(events, Damaged)
    assert (damage.cause, damage.amount, damage.hps_before, damage.hps_after) == (
        "actual",
        2,
        40,
        38,
    )
    assert who(s, "Socmob").hps == 38


def test_socmob_hps_do_not_change_at_the_stun_check() -> None:
    _, events = pugilist_hits_socmob(dss_roll=31, oops_roll=50)
    stun_at = next(i for i, e in enumerate(events) if isinstance(e, StunChecked))
    damage_at = next(i for i, e in enumerate(events) if isinstance(e, Damaged))
    assert stun_at < damage_at
    assert events[damage_at].hps_before == 40  # type: ignore[attr-defined]


def test_an_oops_roll_under_20_deals_20_lethal_damage_leaving_20_hps() -> None:
    s, events = pugilist_hits_socmob(dss_roll=31, oops_roll=19)
    (oops,) = of_type(events, OopsChecked)
    assert (oops.roll, oops.damage, oops.oops) == (19, 20, True)
    (damage,) = of_type(events, Damaged)
    assert (damage.cause, damage.amount, damage.hps_after) == ("oops", 20, 20)
    assert who(s, "Socmob").hps == 20
    assert who(s, "Socmob").active


def test_fracas_demo_exp_reproduces_the_socmob_example(tmp_path: object) -> None:
    result = CliRunner().invoke(main, ["demo", "exp", "--db", f"{tmp_path}/demo.db"])
    assert result.exit_code == 0, result.output
    assert "as if at 20 HPS: needs 58 or less" in result.output
    assert "Socmob takes 20 oops damage (lethal): 40 -> 20 HPS" in result.output
