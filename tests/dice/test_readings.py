"""How written numbers read: die faces, zero readings, and the rolls file."""

from __future__ import annotations

import pickle

import pytest

from fracas.dice import DiceError, Reading, ScriptedRoller, parse, read_rolls
from fracas.dice.readings import face, total


@pytest.mark.parametrize(
    ("written", "sides", "value"),
    [
        ("0", 10, 10),
        ("00", 100, 100),
        ("000", 1000, 1000),
        ("7", 10, 7),
        ("10", 10, 10),
        ("07", 100, 7),
        ("6", 6, 6),
        ("7", 6, None),
        ("0", 6, None),
        ("0", 100, None),
        ("00", 10, None),
        ("x", 6, None),
    ],
)
def test_face_reads_a_single_die(written: str, sides: int, value: int | None) -> None:
    assert face(written, sides) == value


def test_a_reading_is_its_written_number_and_keeps_its_text() -> None:
    reading = Reading("00")
    assert reading == 0
    assert reading.text == "00"
    assert str(reading) == "0"
    assert repr(reading) == "Reading('00')"
    assert pickle.loads(pickle.dumps(reading)).text == "00"


def test_a_reading_must_be_a_whole_number() -> None:
    with pytest.raises(ValueError, match="not a whole number"):
        Reading("1.5")


def test_zero_readings_apply_only_to_a_lone_die() -> None:
    assert total(Reading("00"), parse("d100")) == 100
    assert total(Reading("00"), parse("d100+0")) == 0
    assert total(Reading("0"), parse("2d10")) == 0
    assert total(0, parse("d100")) == 0


def test_read_rolls_reads_numbers_across_lines_with_comments() -> None:
    text = """\
# Joanne vs Ondkille, round 1
17 60   # attack, parry
9
-1 00 000\t0
"""
    assert read_rolls(text) == [17, 60, 9, -1, 0, 0, 0]
    assert [r.text for r in read_rolls(text) if isinstance(r, Reading)] == [
        "17",
        "60",
        "9",
        "-1",
        "00",
        "000",
        "0",
    ]


def test_read_rolls_of_an_empty_file_is_empty() -> None:
    assert read_rolls("") == []
    assert read_rolls("# nothing yet\n\n") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("17\n60\n x7 12", "fight.rolls: line 3: 'x7' is not a roll"),
        ("1.5", "fight.rolls: line 1: '1.5' is not a roll"),
        ("3,4", "fight.rolls: line 1: '3,4' is not a roll"),
        ("+3", "fight.rolls: line 1: '+3' is not a roll"),
    ],
)
def test_read_rolls_names_the_file_line_and_token(text: str, message: str) -> None:
    with pytest.raises(DiceError) as caught:
        read_rolls(text, source="fight.rolls")
    assert str(caught.value) == message


def test_rolls_file_readings_feed_a_scripted_roller() -> None:
    roller = ScriptedRoller(read_rolls("00 0 000 00 # percentile, d10, kilodie, 0..99"))
    assert roller.roll("d100", "Joanne attack") == 100
    assert roller.roll("1d10", "hit location") == 10
    assert roller.roll("d1000", "kilodie attack") == 1000
    assert roller.roll("d100-1", "starflight check") == 0
