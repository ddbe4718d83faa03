"""``fracas odds``: the exact chain agrees with the event engine and with the kernels, and
refuses what it does not cover."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.percentile.fast.chain import DuelChain
from fracas.scenario import load_scenario, parse_scenario
from fracas.sim import batch
from fracas.sim.batch.reference import event_batch
from fracas.sim.odds import odds
from tests.batch.agreement import simultaneous_z
from tests.batch.exchange_oracle import check_distribution

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"


def within(exact: float, sample: np.ndarray, z: float) -> bool:
    """The sample mean of 0/1 outcomes lies in the interval of an exact probability."""
    n = len(sample)
    return abs(float(np.mean(sample)) - exact) <= z * math.sqrt(exact * (1 - exact) / n) + 1e-12


def test_check_distribution_counts_every_pair_of_d100_rolls() -> None:
    """The shared check (``rules.check_counts``, which counts ``rules.check_result``, the
    batch kernel's check, over the pairs of d100 rolls) gives each result exactly as many of
    the 10,000 pairs as the event engine's ``check_outcome``; the exact chain's distribution
    (``exchange_kernel.check``) and the oracle's are those shares divided once: the float
    nearest each exact fraction."""
    from fracas.rulesets.percentile.fast import exchange_kernel
    from fracas.rulesets.percentile.fast.rules import (
        AUTO_FAIL,
        AUTO_SUCCESS,
        FAIL,
        SUCCESS,
        check_counts,
    )
    from fracas.rulesets.percentile.skill_check import check_outcome

    compiled = getattr(exchange_kernel.check, "py_func", exchange_kernel.check)
    chances = (AUTO_FAIL, AUTO_SUCCESS, -5, 0, 3, 5, 6, 50, 67, 94, 95, 99, 100, 120)
    for chance in chances:
        for skill in (-10, 0, 1, 40, 67, 99, 100, 120):
            for target in (False, True):
                counts = [0] * 5
                if chance in (AUTO_FAIL, AUTO_SUCCESS):
                    counts[FAIL if chance == AUTO_FAIL else SUCCESS] = 10_000
                else:
                    zone = "check-target" if target else "fail"
                    for first in range(1, 101):
                        for second in range(1, 101):
                            counts[check_outcome(first, second, chance, skill, zone)] += 1
                assert list(check_counts(chance, skill, int(target))) == counts
                nearest = [float(Fraction(c, 10_000)) for c in counts]
                assert list(compiled(chance, skill, target)) == nearest
                assert list(check_distribution(chance, skill, target)) == nearest


def exp_brawl() -> Any:
    data: dict[str, Any] = yaml.safe_load((EXAMPLES / "exp" / "trip.yaml").read_text())
    data["combatants"][0]["tactics"] = "brawl"
    return parse_scenario(data, "trip-as-brawl")


@pytest.mark.slow
@pytest.mark.parametrize("which", ["percentile", "exp"])
def test_odds_agree_with_the_event_engine_and_the_kernel(which: str) -> None:
    if which == "percentile":
        loaded = load_scenario(EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml")
    else:
        loaded = exp_brawl()
    o = odds(loaded.ruleset, loaded.scenario)
    assert abs(sum(o.win) + o.draw - 1) <= o.error + 1e-9
    assert o.error < 1e-5
    event = event_batch(loaded.ruleset, loaded.scenario, range(3000))
    fast = batch.run(loaded.ruleset, loaded.scenario, 200_000, seed=11)
    z = simultaneous_z(4)
    for sample in (event, fast):
        assert within(o.win[0], sample.winner == 0, z)
        assert within(o.win[1], sample.winner == 1, z)
        assert within(o.draw, sample.winner == -1, z)
        sd = float(np.std(sample.rounds, ddof=1))
        assert abs(float(np.mean(sample.rounds)) - o.mean_length) <= z * sd / math.sqrt(
            len(sample.rounds)
        )


def surrender_after_the_target_fell() -> Any:
    """Rounds after the first in order, Yan (1 hp, katana 20%) before Xia (foil 80%, all-out
    defence): a parry breaks Xia's foil, and with no weapon left she surrenders at her turn
    (``no_weapon_left: surrender``), even when Yan fell earlier that round (a fumble, a
    perfect parry's blow): a draw, as in the event engine (``round.resolve_round``)."""
    base = {"STR": 10, "CON": 10, "AGL": 10, "PER": 10}
    data = {
        "ruleset": "percentile",
        "name": "surrender-after-the-target-fell",
        "options": {
            "later_rounds": "in-order",
            "round_order": "scenario",
            "dropped_weapon": "lost",
            "no_weapon_left": "surrender",
        },
        "combatants": [
            {**base, "name": "Yan", "side": "b", "hp": 1, "weapons": ["katana"]}
            | {"skills": {"edged swords": 20}, "tactics": "all-out-attack"},
            {**base, "name": "Xia", "side": "a", "hp": 6, "weapons": ["foil"]}
            | {"skills": {"point swords": 80}, "tactics": "all-out-defence"},
        ],
    }
    return parse_scenario(data, "surrender-after-the-target-fell")


@pytest.mark.slow
def test_odds_let_a_fighter_surrender_after_its_target_fell_that_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chain against the batch kernel (held to the event engine by
    test_percentile_agreement) on a million fights, and the event engine itself on 2,000:
    the draws that come of the late surrender are about 0.0015 of the fights, some 25
    standard errors of the kernel's sample (simultaneous 99.9% intervals, agreement.py)."""
    loaded = surrender_after_the_target_fell()
    o = odds(loaded.ruleset, loaded.scenario)
    assert o.error < 1e-6
    fast = batch.run(loaded.ruleset, loaded.scenario, 1_000_000, seed=19)
    event = event_batch(loaded.ruleset, loaded.scenario, range(2000))
    z = simultaneous_z(6)
    for sample in (fast, event):
        assert within(o.win[0], sample.winner == 0, z)
        assert within(o.win[1], sample.winner == 1, z)
        assert within(o.draw, sample.winner == -1, z)
    # the round-by-round Python chain (the baseline) does the same
    monkeypatch.setattr(DuelChain, "compiled", False)
    slow = odds(loaded.ruleset, loaded.scenario)
    assert abs(slow.draw - o.draw) <= o.error + slow.error  # each prunes its own way


@pytest.mark.slow
def test_odds_agree_on_a_duel_that_reaches_a_second_41_60_fumble_while_defenceless(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two clumsy swordsmen (test_percentile_agreement's ``defenceless-twice``): the chain
    meets kits defenceless this round and the next (code 2), and its figures lie in the
    simultaneous 99.9% intervals of the kernel's and the event engine's fights."""
    from fracas.rulesets.percentile.fast import kit as pe
    from tests.batch.test_percentile_agreement import CLUMSY

    loaded = parse_scenario({"ruleset": "percentile", "name": "clumsy", **CLUMSY}, "clumsy")
    codes: set[int] = set()
    real = pe.Kit.__new__

    def spy(cls: type[pe.Kit], *fields: Any) -> pe.Kit:
        kit = real(cls, *fields)
        codes.add(kit.defenceless)
        return kit

    monkeypatch.setattr(pe.Kit, "__new__", staticmethod(spy))
    o = odds(loaded.ruleset, loaded.scenario)
    assert pe.DEFENCELESS_BOTH in codes
    assert o.error < 1e-6
    fast = batch.run(loaded.ruleset, loaded.scenario, 200_000, seed=23)
    event = event_batch(loaded.ruleset, loaded.scenario, range(2000))
    z = simultaneous_z(6)
    for sample in (fast, event):
        assert within(o.win[0], sample.winner == 0, z)
        assert within(o.win[1], sample.winner == 1, z)
        assert within(o.draw, sample.winner == -1, z)


def test_odds_refuses_what_the_chain_does_not_cover_with_exit_2() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["odds", str(EXAMPLES / "exp" / "bar-brawl.yaml")])
    assert result.exit_code == 2
    assert "4 combatants" in result.output
    result = runner.invoke(
        main, ["odds", str(EXAMPLES / "percentile" / "spaceport-firefight.yaml")]
    )
    assert result.exit_code == 2
    assert "outside the exact chain" in result.output


def test_odds_json_has_every_figure(tmp_path: Path) -> None:
    runner = CliRunner()
    path = EXAMPLES / "exp" / "snatch.yaml"
    data = yaml.safe_load(path.read_text())
    data["combatants"][0]["tactics"] = "brawl"
    data["combatants"][1]["weapons"] = ["fist"]
    data["combatants"][1].pop("proficient_with")
    (tmp_path / "brawl.yaml").write_text(yaml.safe_dump(data))
    result = runner.invoke(main, ["odds", str(tmp_path / "brawl.yaml"), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) >= {"win", "draw", "length", "error", "mean_length", "seconds"}
    assert abs(sum(out["win"]) + out["draw"] - 1) <= out["error"] + 1e-9


def test_odds_prints_each_sides_win_and_the_draw_in_one_column() -> None:
    result = CliRunner().invoke(main, ["odds", str(EXAMPLES / "exp" / "trip.yaml")])
    assert result.exit_code == 0, result.output
    figures = [line for line in result.output.splitlines() if line.endswith("%")][:3]
    assert [line.split(":")[0].strip() for line in figures] == [
        "Lin (crew) wins",
        "Saboteur (saboteurs) wins",
        "draw",
    ]
    assert len({len(line) for line in figures}) == 1  # right-aligned, one column
    assert figures[0].endswith("57.6445%")


def test_odds_follows_tactics_optimal_as_advise_solves_it(tmp_path: Path) -> None:
    """``tactics: optimal`` is advise's policy: ``fracas odds`` solves it and gives the
    figure advise reports for it (it ended in a ValueError traceback)."""
    data = yaml.safe_load((EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml").read_text())
    data["combatants"][0]["tactics"] = "optimal"
    path = tmp_path / "optimal.yaml"
    path.write_text(yaml.safe_dump(data))
    result = CliRunner().invoke(main, ["odds", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    result = CliRunner().invoke(
        main, ["advise", str(EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml"), "--json"]
    )
    assert result.exit_code == 0, result.output
    advice = json.loads(result.stdout)
    assert out["win"][0] == pytest.approx(advice["win_optimal"], abs=1e-12)


def test_odds_refuses_tactics_optimal_on_both_sides_naming_the_field(tmp_path: Path) -> None:
    data = yaml.safe_load((EXAMPLES / "percentile" / "joanne-vs-ondkille.yaml").read_text())
    for c in data["combatants"]:
        c["tactics"] = "optimal"
        c.pop("script", None)
        c.pop("then", None)
    path = tmp_path / "both.yaml"
    path.write_text(yaml.safe_dump(data))
    result = CliRunner().invoke(main, ["odds", str(path)])
    assert result.exit_code == 2, result.output
    assert "tactics 'optimal'" in result.output and "Traceback" not in result.output
