"""The account explains what a newcomer trips on: the 01-05 / 95-00 re-roll, a downed
fighter's simultaneous blow, and who does nothing in a round and why."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.rulesets.percentile.account import rolls_text
from fracas.rulesets.percentile.skill_check import FUMBLE, PERFECT, SPECIAL

EXAMPLES = Path(__file__).parents[3] / "examples" / "percentile"


@pytest.mark.parametrize(
    ("rolls", "result", "text"),
    [
        (
            (97, 5),
            1,
            "rolled 97 (95-00, a possible fumble: re-rolled 5, not above the "
            "unmodified skill 67, so no fumble): fail",
        ),
        (
            (97, 80),
            FUMBLE,
            "rolled 97 (95-00, a possible fumble: re-rolled 80, above the "
            "unmodified skill 67, so a fumble): fumble",
        ),
        (
            (3, 40),
            PERFECT,
            "rolled 3 (01-05, a possible perfect success: re-rolled 40, not "
            "above the unmodified skill 67, so perfect): perfect success",
        ),
        (
            (3, 90),
            SPECIAL,
            "rolled 3 (01-05, a possible perfect success: re-rolled 90, above "
            "the unmodified skill 67, so only special): special success",
        ),
    ],
)
def test_a_re_roll_is_explained_in_a_gms_words(
    rolls: tuple[int, int], result: int, text: str
) -> None:
    assert rolls_text(rolls, 67, 67, result) == text


def fight(example: str, seed: int) -> str:
    result = CliRunner().invoke(main, ["fight", str(EXAMPLES / example), "--seed", str(seed)])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_downed_fighters_simultaneous_blow_is_explained() -> None:
    out = fight("joanne-vs-ondkille.yaml", 3)
    assert (
        "Ondkille attacks Joanne with the Dagger (already down, but this round's blows are "
        "simultaneous) at 40%" in out
    )


def test_a_fighter_who_cannot_act_is_said_to_do_nothing_and_why() -> None:
    out = fight("scout-and-medic.yaml", 1)
    assert "— Round 3 —\n(Brutus does nothing this round: unconscious)\n" in out
