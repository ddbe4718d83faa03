"""Issue 19, the account: what the closing summary, the pain saves, a coma hour and a
stand-by say."""

from __future__ import annotations

from fracas.cli.render import Narrator
from fracas.engine import Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import Attack, Standby, Strike
from fracas.rulesets.starflight.events import Checked, ComaHour

from .helpers import of_type, shooter, start, target, who

INIT = [10, 1]


def lines(s: Session) -> list[str]:
    """The account as the CLI tells it: each event described in the state right after it."""
    return list(Narrator(s.ruleset, s.scenario).feed(s.log))


def test_summary_names_a_failed_leg_instead_of_fighting_fit() -> None:
    s = start([shooter(), target()], [*INIT])
    t = who(s, "t")
    t.failed.append("left_leg")
    summary = RULESET.summary(s.state)[1]
    assert "fighting fit" not in summary
    assert summary.endswith("; left leg failed")


def test_summary_says_maimed_for_a_maimed_part() -> None:
    s = start([shooter(), target()], [*INIT])
    t = who(s, "t")
    t.failed.append("right_arm")
    t.maimed.append("right_arm")
    assert RULESET.summary(s.state)[1].endswith("; right arm maimed")


def test_a_wound_pain_save_rolled_99_names_no_critical() -> None:
    # hit (80), chest (5), Reflex 99, Willpower 90, Fortitude (wounded) 99
    s = start([shooter(), target()], [*INIT, 80, 5, 99, 90, 99])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    pain = [c for c in of_type(s, Checked) if c.what == "Fortitude save (wounded)"]
    assert pain and pain[0].natural == 99 and pain[0].critical is None
    line = next(x for x in lines(s) if "Fortitude save (wounded)" in x)
    assert "critical" not in line
    reflex = next(x for x in lines(s) if "Reflex save (hit)" in x)
    assert "critical success" in reflex  # the Reflex save on being hit has the potential


def test_a_coma_hour_names_the_skill_and_scores_that_lost_points() -> None:
    s = start([shooter(), target()], [*INIT])
    hour = ComaHour(
        who="t",
        hours=2,
        nhp_after=-3,
        hp_after=97,
        skill="stamina",
        skill_after=9,
        physique_after=39,
        intellect_after=49,
    )
    assert RULESET.describe(hour, s.state) == (
        "  t, comatose hour 2: NHP -3, HP 97; points lost from stamina (now 9), "
        "Physique (now 39) and Intellect (now 49)"
    )
    spared = ComaHour(
        who="t",
        hours=2,
        nhp_after=-3,
        hp_after=97,
        skill=None,
        skill_after=0,
        physique_after=40,
        intellect_after=50,
    )
    assert RULESET.describe(spared, s.state) == "  t, comatose hour 2: NHP -3, HP 97"


def test_a_turn_stood_by_is_told_once() -> None:
    s = start([shooter(), target()], [*INIT])
    s.act(Standby(actor="a"))
    s.act(Standby(actor="a"))
    told = [x for x in lines(s) if "stands by" in x]
    assert told == ["  a stands by"]


def test_a_stand_by_after_another_action_is_told() -> None:
    s = start([shooter(), target()], [*INIT, 10])
    s.act(Attack(actor="a", strikes=[Strike(target="t", weapon=0)]))
    s.act(Standby(actor="a"))
    assert lines(s)[-2:] == ["  a stands by", "t's turn:"]


def test_the_starflight_demo_tells_the_gnunks_stand_by_once() -> None:
    from click.testing import CliRunner

    from fracas.cli import main

    out = CliRunner().invoke(main, ["demo", "starflight", "--db", ":memory:"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.count("the G'Nunk stands by") == 1
