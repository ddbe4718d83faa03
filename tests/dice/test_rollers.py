"""Seeded, scripted and asking rollers: what each returns, and how each refuses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.dice import (
    AskRoller,
    DiceError,
    Expr,
    ImpossibleRoll,
    Reading,
    Roller,
    ScriptedRoller,
    ScriptExhausted,
    SeededRoller,
    parse,
    read_rolls,
)

# ---------------------------------------------------------------- SeededRoller


def test_a_fixed_seed_gives_a_fixed_sequence() -> None:
    roller = SeededRoller(2026)
    assert [roller.roll("d100", "test") for _ in range(8)] == [12, 51, 52, 87, 11, 23, 61, 56]
    assert [roller.roll("2D6-1", "test") for _ in range(5)] == [8, 9, 8, 5, 5]
    assert [roller.roll("d1000", "test") for _ in range(3)] == [450, 815, 686]


def test_subtracted_dice_draw_in_written_order() -> None:
    roller = SeededRoller(0)
    assert [roller.roll("D6-D4", "test") for _ in range(6)] == [2, 1, 2, 3, 0, 3]


def test_seeded_faces_come_from_random_not_randint() -> None:
    """Each die is int(random() * sides) + 1, one random() per die, in written order."""
    uniform = random.Random(99).random
    expected = []
    for _ in range(50):
        expected.append(
            int(uniform() * 6) + 1 + int(uniform() * 6) + 1 - int(uniform() * 4) - 1 + 2
        )
    roller = SeededRoller(99)
    assert [roller.roll("2D6-D4+2", "test") for _ in range(50)] == expected


def test_text_and_parsed_expression_roll_the_same() -> None:
    by_text, by_expr = SeededRoller(5), SeededRoller(5)
    expr = parse("3D6+1")
    assert [by_text.roll("3d6 + 1", "x") for _ in range(20)] == [
        by_expr.roll(expr, "x") for _ in range(20)
    ]


def test_seed_must_be_a_whole_number() -> None:
    with pytest.raises(DiceError, match="whole number"):
        SeededRoller("7")  # type: ignore[arg-type]
    assert SeededRoller(7).seed == 7


expressions = st.builds(
    lambda terms, constant: "+".join(terms) + (f"{constant:+d}" if constant else ""),
    st.lists(
        st.builds(
            lambda sign, count, sides: f"{sign}{count}d{sides}",
            st.sampled_from(["", "-"]),
            st.integers(1, 6),
            st.sampled_from([1, 2, 4, 5, 6, 10, 20, 100, 1000]),
        ),
        min_size=1,
        max_size=3,
    ),
    st.integers(-10, 10),
).map(lambda text: text.replace("+-", "-"))


@given(text=expressions, seed=st.integers(0, 2**32 - 1))
def test_every_seeded_roll_lies_within_the_expression_range(text: str, seed: int) -> None:
    expr = parse(text)
    roller = SeededRoller(seed)
    for _ in range(20):
        assert expr.minimum <= roller.roll(expr, "hypothesis") <= expr.maximum


def test_seeded_d6_shows_every_face_about_equally() -> None:
    roller = SeededRoller(12345)
    counts = [0] * 7
    for _ in range(60_000):
        counts[roller.roll("d6", "test")] += 1
    assert counts[0] == 0
    assert all(9_500 < count < 10_500 for count in counts[1:])  # mean 10,000, sd about 91


def test_every_roller_fits_the_roller_protocol() -> None:
    rollers: list[Roller] = [SeededRoller(1), ScriptedRoller([3]), AskRoller(lambda _: "3")]
    seeded, scripted, asked = (r.roll("D4", "x") for r in rollers)
    assert 1 <= seeded <= 4
    assert (scripted, asked) == (3, 3)


# ---------------------------------------------------------------- ScriptedRoller


def test_scripted_values_are_totals_used_in_order() -> None:
    roller = ScriptedRoller([17, 60, 9])
    assert roller.roll("d100", "Joanne attack") == 17
    assert roller.roll(parse("d%"), "Ondkille parry") == 60
    assert roller.roll("2D6-1", "Joanne damage") == 9
    assert (roller.used, roller.remaining) == (3, 0)


def test_scripted_rolls_running_out_name_the_roll_and_purpose() -> None:
    roller = ScriptedRoller([1, 2, 3, 4, 5, 6])
    for _ in range(6):
        roller.roll("d100", "warm-up")
    with pytest.raises(ScriptExhausted) as caught:
        roller.roll("d100", "Ondkille parry")
    assert str(caught.value) == "scripted rolls ran out at roll 7 (Ondkille parry, d100)"
    assert caught.value.number == 7
    assert isinstance(caught.value, DiceError)


def test_an_impossible_scripted_value_names_the_range_and_uses_nothing() -> None:
    roller = ScriptedRoller([101, 5])
    with pytest.raises(ImpossibleRoll) as caught:
        roller.roll("d100", "Joanne attack")
    assert str(caught.value) == (
        "scripted roll 101 is impossible for d100 (Joanne attack): must be 1..100"
    )
    assert (roller.used, roller.remaining) == (0, 2)


@pytest.mark.parametrize(
    ("value", "dice"), [(0, "d100"), (1, "2D6"), (13, "2D6"), (4, "D4-1"), (11, "1d10")]
)
def test_scripted_values_outside_the_dice_are_impossible(value: int, dice: str) -> None:
    with pytest.raises(ImpossibleRoll, match=f"scripted roll {value} is impossible for {dice}"):
        ScriptedRoller([value]).roll(dice, "test")


def test_scripted_values_on_the_edges_are_possible() -> None:
    roller = ScriptedRoller([2, 12, 0, 3, 1, 1000])
    assert [roller.roll(d, "t") for d in ("2D6", "2D6", "D4-1", "D4-1", "d1000", "d1000")] == [
        2,
        12,
        0,
        3,
        1,
        1000,
    ]


def test_scripted_values_must_be_whole_numbers() -> None:
    with pytest.raises(DiceError, match="whole numbers"):
        ScriptedRoller([3, 4.5])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("written", "dice", "total"),
    [
        ("00", "d100", 100),
        ("00", "d%", 100),
        ("000", "d1000", 1000),
        ("0", "1d10", 10),
        ("00", "d100-1", 0),
        ("0", "D4-1", 0),
        ("07", "d100", 7),
        ("100", "d100", 100),
    ],
)
def test_a_written_reading_meets_its_die(written: str, dice: str, total: int) -> None:
    assert ScriptedRoller([Reading(written)]).roll(dice, "test") == total


def test_a_plain_zero_is_not_a_d100_reading() -> None:
    with pytest.raises(ImpossibleRoll, match=r"must be 1\.\.100"):
        ScriptedRoller([0]).roll("d100", "test")


def test_a_zero_reading_of_another_width_is_not_the_top_face() -> None:
    with pytest.raises(ImpossibleRoll):
        ScriptedRoller(read_rolls("0")).roll("d100", "test")


# ---------------------------------------------------------------- AskRoller


class Table:
    """A person at the table: answers in order, and what they were told."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.questions: list[str] = []
        self.told: list[str] = []

    def prompt(self, question: str) -> str:
        self.questions.append(question)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def roller(self) -> AskRoller:
        return AskRoller(prompt=self.prompt, output=self.told.append)


def test_ask_shows_the_purpose_and_the_dice() -> None:
    table = Table("17")
    assert table.roller().roll("d100", "Ondkille attack") == 17
    assert table.questions == ["Ondkille attack — roll d100: "]
    assert table.told == []


@pytest.mark.parametrize(
    ("answer", "dice", "total"),
    [
        ("00", "d100", 100),
        ("00", "d%", 100),
        ("0", "d10", 10),
        ("000", "d1000", 1000),
        ("100", "d100", 100),
        (" 42 ", "d100", 42),
        ("7", "2D6", 7),
        ("3 5", "2D6", 8),
        ("3,5", "2D6-1", 7),
        ("0 7", "2d10", 17),
        ("2 3 4", "3D6+1", 10),
        ("6 1", "D6-D4", 5),
        ("00", "d100-1", 0),
    ],
)
def test_ask_reads_a_face_as_a_person_reads_it(answer: str, dice: str, total: int) -> None:
    assert Table(answer).roller().roll(dice, "test") == total


@pytest.mark.parametrize(
    ("bad", "dice", "why"),
    [
        ("x7", "d100", "'x7' is not a number: type the total of D100 (1..100)"),
        ("101", "d100", "101 is impossible for D100: must be 1..100 (00 reads as 100)"),
        ("0", "d100", "0 is impossible for D100: must be 1..100 (00 reads as 100)"),
        ("13", "2D6", "13 is impossible for 2D6: must be 2..12"),
        ("", "2D6", "type the total of 2D6 (2..12)"),
        ("3 5 1", "2D6", "2D6 has 2 dice, not 3: type the total or one face per die"),
        ("7 1", "2D6", "'7' is not a face of a D6: must be 1..6"),
        ("11 1", "2d10", "'11' is not a face of a D10: must be 1..10 (0 reads as 10)"),
    ],
)
def test_ask_explains_a_bad_answer_and_asks_again(bad: str, dice: str, why: str) -> None:
    table = Table(bad, "2")
    assert table.roller().roll(dice, "Joanne damage") == 2
    assert table.told == [f"{why}; try again"]
    assert len(table.questions) == 2
    assert table.questions[0] == table.questions[1] == f"Joanne damage — roll {dice}: "


def test_ask_at_end_of_input_raises_instead_of_looping() -> None:
    table = Table("nonsense")
    with pytest.raises(DiceError, match=r"^no more input \(Ondkille attack, d100\)$"):
        table.roller().roll("d100", "Ondkille attack")
    assert len(table.questions) == 2


def test_ask_accepts_a_parsed_expression() -> None:
    expr: Expr = parse("D4+1")
    table = Table("5")
    assert table.roller().roll(expr, "Joanne damage") == 5
    assert table.questions == ["Joanne damage — roll D4+1: "]
