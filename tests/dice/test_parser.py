"""The dice notation: every expression the chapters use, and clear refusals of the rest."""

from __future__ import annotations

import pytest

from fracas.dice import (
    MAX_DICE,
    Constant,
    Dice,
    DiceError,
    DiceSyntaxError,
    Expr,
    parse,
)

# (as a chapter writes it, normalised text, lowest total, highest total)
CHAPTER_EXPRESSIONS = [
    ("2D6", "2D6", 2, 12),
    ("D4+1", "D4+1", 2, 5),
    ("2D6-1", "2D6-1", 1, 11),
    ("3D6+1", "3D6+1", 4, 19),
    ("3D6", "3D6", 3, 18),
    ("4D4", "4D4", 4, 16),
    ("D6+6", "D6+6", 7, 12),
    ("D4-1", "D4-1", 0, 3),
    ("d%", "D100", 1, 100),
    ("d100", "D100", 1, 100),
    ("D100", "D100", 1, 100),
    ("d1000", "D1000", 1, 1000),
    ("1d1000", "D1000", 1, 1000),
    ("1d5", "D5", 1, 5),
    ("2d10", "2D10", 2, 20),
    ("1d10", "D10", 1, 10),
    ("d10", "D10", 1, 10),
    ("D20", "D20", 1, 20),
    ("1d30", "D30", 1, 30),
    ("1d50", "D50", 1, 50),
    ("5d6-4", "5D6-4", 1, 26),
    ("6d6-5", "6D6-5", 1, 31),
    ("d100-1", "D100-1", 0, 99),
    ("3", "3", 3, 3),
    ("0", "0", 0, 0),
    ("-2", "-2", -2, -2),
]


@pytest.mark.parametrize(
    ("text", "normalised", "lowest", "highest"),
    CHAPTER_EXPRESSIONS,
    ids=[row[0] for row in CHAPTER_EXPRESSIONS],
)
def test_chapter_expression_parses_with_its_range(
    text: str, normalised: str, lowest: int, highest: int
) -> None:
    expr = parse(text)
    assert isinstance(expr, Expr)
    assert expr.text == normalised
    assert (expr.minimum, expr.maximum) == (lowest, highest)
    assert parse(normalised) == expr


@pytest.mark.parametrize("text", ["2 d 6 + 1", " 2d6+1 ", "2D6 +1", "2d6+ 1", "2\td6+1\n"])
def test_white_space_and_case_do_not_matter(text: str) -> None:
    assert parse(text) == parse("2D6+1")
    assert parse(text).text == "2D6+1"


def test_sums_and_differences_of_dice_and_constants() -> None:
    expr = parse("2D6+D4-1")
    assert expr.terms == (Dice(2, 6), Dice(1, 4), Constant(-1))
    assert (expr.minimum, expr.maximum, expr.text) == (2, 15, "2D6+D4-1")
    difference = parse("d6 - d4")
    assert difference.terms == (Dice(1, 6), Dice(1, 4, negative=True))
    assert (difference.minimum, difference.maximum) == (1 - 4, 6 - 1)
    assert parse("D6+1+2").constant == 3


def test_compiled_form_has_one_signed_face_per_die_in_written_order() -> None:
    expr = parse("2D6-D4+D8+3")
    assert expr.faces == (6, 6, -4, 8)
    assert expr.offset == 3 + 3 - 1
    assert expr.dice == ((2, 6), (-1, 4), (1, 8))


def test_lone_die_is_recognised_for_the_fast_path() -> None:
    assert parse("d100").lone_sides == 100
    assert parse("D4+1").lone_sides == 4
    assert parse("d100").is_lone_die
    assert not parse("D4+1").is_lone_die
    assert parse("2D6").lone_sides == 0
    assert parse("-D4").lone_sides == 0


def test_parse_is_cached() -> None:
    assert parse("3D6+1") is parse("3D6+1")


def test_parse_rejects_what_is_not_text() -> None:
    with pytest.raises(TypeError, match="must be text"):
        parse(6)  # type: ignore[arg-type]


REJECTED = [
    ("2d", 3, "2d: expected a number of sides after 'd' at column 3"),
    ("2d6+", 5, "2d6+: expected a number or dice such as 2D6 after '+' at column 5"),
    ("abc", 1, "abc: unexpected 'a' at column 1: expected a number or dice such as 2D6"),
    ("", 1, "'': empty dice expression at column 1: write dice such as 2D6+1"),
    ("   ", 1, "'   ': empty dice expression at column 1: write dice such as 2D6+1"),
    ("2 6", 3, "2 6: unexpected '6' after '2' at column 3: expected 'd', '+' or '-'"),
    ("d6d6", 3, "d6d6: unexpected 'd' after '6' at column 3: expected '+' or '-'"),
    ("2d6*2", 4, "2d6*2: unexpected '*' after '6' at column 4: expected '+' or '-'"),
    ("2d6+-1", 5, "2d6+-1: unexpected '-' after '+' at column 5"),
    ("d0", 2, "d0: 0 sides at column 2: a die needs at least 1 side"),
    ("0d6", 1, "0d6: 0 dice at column 1: the count must be 1 or more"),
    ("100000d6", 1, "100000d6: 100000 dice at column 1: at most 1,000 are allowed"),
    ("600d6+500d6", 7, "600d6+500d6: 1100 dice in all at column 7"),
    ("d100000", 2, "d100000: 100000 sides at column 2: at most 10,000 are allowed"),
    ("2d6+9999999", 5, "2d6+9999999: constant 9999999 at column 5"),
]


@pytest.mark.parametrize(
    ("text", "column", "message"), REJECTED, ids=[repr(row[0]) for row in REJECTED]
)
def test_bad_notation_names_the_problem_and_the_column(
    text: str, column: int, message: str
) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.column == column
    assert str(caught.value).startswith(message)


def test_a_dice_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="column 3"):
        parse("2d")
    assert issubclass(DiceSyntaxError, DiceError)


def test_the_dice_limit_is_inclusive() -> None:
    assert parse(f"{MAX_DICE}d6").maximum == MAX_DICE * 6
