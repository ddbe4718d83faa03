"""``Context.roll`` draws a lone die from a ``SeededRoller`` itself: the same values as the
roller's own ``roll``, for every kind of expression, and a roller put in later is used."""

from __future__ import annotations

from typing import Any

from fracas.dice import ScriptedRoller, SeededRoller, parse
from fracas.engine.context import Context
from fracas.engine.events import Event, Rolled

EXPRESSIONS = ("d100", "D4+1", "2D6", "D6-1", "3d6+2-d4", "d20", "1d10")


def test_rolls_through_a_context_equal_the_seeded_rollers_own() -> None:
    for seed in range(20):
        log: list[Event[Any]] = []
        ctx: Context[Any, None] = Context(None, SeededRoller(seed), None, log)
        alone = SeededRoller(seed)
        for text in EXPRESSIONS * 5:
            expr = parse(text)
            assert ctx.roll(expr, "test") == alone.roll(expr, "test")
            assert ctx.roll(text, "test") == alone.roll(text, "test")
        assert all(isinstance(e, Rolled) for e in log)


def test_rolled_event_holds_the_normalised_dice_and_the_value() -> None:
    log: list[Event[Any]] = []
    ctx: Context[Any, None] = Context(None, SeededRoller(3), None, log)
    value = ctx.roll("1d100", "Joanne attack")
    assert log == [Rolled(purpose="Joanne attack", dice="D100", value=value)]


def test_a_roller_put_into_the_context_later_is_the_one_used() -> None:
    log: list[Event[Any]] = []
    ctx: Context[Any, None] = Context(None, SeededRoller(1), None, log)
    ctx.roller = ScriptedRoller([42, 7])
    assert ctx.roll("d100", "a") == 42
    assert ctx.roll(parse("d10"), "b") == 7
    ctx.roller = SeededRoller(5)
    assert ctx.roll("d100", "c") == SeededRoller(5).roll("d100", "c")
