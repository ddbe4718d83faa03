"""``fracas roll``: seeded rolls, the --stats table, and bad expressions without a traceback."""

from __future__ import annotations

import re

from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import SeededRoller


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["roll", *args])
    return result.exit_code, result.stdout, result.stderr


def test_roll_with_a_seed_prints_the_seeded_rollers_totals() -> None:
    code, out, err = invoke("2D6-1", "--times", "5", "--seed", "2026")
    roller = SeededRoller(2026)
    assert code == 0
    assert out.split() == [str(roller.roll("2D6-1", "x")) for _ in range(5)]
    assert err == ""


def test_roll_with_the_same_seed_prints_the_same_rolls() -> None:
    assert invoke("d%", "-n", "10", "--seed", "4") == invoke("d100", "-n", "10", "--seed", "4")


def test_roll_without_a_seed_tells_which_seed_it_used() -> None:
    code, out, err = invoke("d1000", "-n", "3")
    assert code == 0
    match = re.fullmatch(r"seed: (\d+)  \(pass --seed \1 to roll these again\)\n", err)
    assert match is not None
    assert invoke("d1000", "-n", "3", "--seed", match.group(1))[1] == out


def test_roll_accepts_spaced_lower_case_notation() -> None:
    code, out, _ = invoke("2 d 6 + 1", "--seed", "1")
    assert code == 0
    assert 3 <= int(out) <= 13


def test_a_bad_expression_exits_2_with_a_message_and_no_traceback() -> None:
    result = CliRunner().invoke(main, ["roll", "2d"])
    assert result.exit_code == 2
    assert result.stderr == "error: 2d: expected a number of sides after 'd' at column 3\n"
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_stats_show_the_exact_distribution_mean_and_deviation() -> None:
    code, out, _ = invoke("2D6", "--times", "0", "--stats")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "2D6: 2..12, mean 7, standard deviation 2.415"
    rows = {int(line.split()[0]): line.split()[1] for line in lines[1:]}
    assert list(rows) == list(range(2, 13))
    assert rows[7] == "16.667%"
    assert rows[2] == rows[12] == "2.778%"
    assert lines[1 + 7 - 2].endswith("#" * 40)


def test_stats_after_rolls_of_d4_minus_1() -> None:
    code, out, _ = invoke("D4-1", "--stats", "--seed", "3", "-n", "2")
    lines = out.splitlines()
    assert code == 0
    assert all(0 <= int(v) <= 3 for v in lines[:2])
    assert lines[2] == "D4-1: 0..3, mean 1.5, standard deviation 1.118"
    assert [line.split()[:2] for line in lines[3:]] == [[str(v), "25.000%"] for v in range(4)]


def test_stats_too_large_to_compute_exit_2_before_rolling() -> None:
    code, out, err = invoke("2d10000", "--stats", "--seed", "1")
    assert code == 2
    assert out == ""
    assert err.startswith("error: 2D10000 is too large for an exact distribution")


def test_a_negative_number_of_times_is_a_usage_error() -> None:
    code, _, err = invoke("d6", "--times", "-1")
    assert code == 2
    assert "--times" in err


def test_zero_rolls_without_stats_is_refused() -> None:
    result = CliRunner().invoke(main, ["roll", "2d6", "--times", "0"])
    assert result.exit_code == 2
    assert "--times 0 rolls nothing" in result.stderr
