"""Dice: the notation, the rollers and exact distributions.

- :func:`parse` reads ``2D6-1``, ``d%``, ``D4+1``... into an :class:`Expr` (``.text``,
  ``.minimum``, ``.maximum``); bad notation raises :class:`DiceSyntaxError` naming the column.
- A :class:`Roller` rolls an expression for a purpose and returns the total:
  :class:`SeededRoller` (repeatable pseudo-random), :class:`ScriptedRoller` (given totals),
  :class:`AskRoller` (typed in from real dice).
- :func:`read_rolls` reads a rolls file; :mod:`fracas.dice.readings` says how ``00`` reads.
- :func:`distribution`, :func:`mean`, :func:`standard_deviation`: exact, through icepool.

See ``docs/dice.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fracas.dice.ast import Constant, Dice, Expr, Term
from fracas.dice.errors import (
    DiceError,
    DiceSyntaxError,
    DistributionTooLarge,
    ImpossibleRoll,
    ScriptExhausted,
)
from fracas.dice.parser import MAX_CONSTANT, MAX_DICE, MAX_SIDES, parse
from fracas.dice.readings import Reading, read_rolls
from fracas.dice.roller import AskRoller, Roller, ScriptedRoller, SeededRoller

if TYPE_CHECKING:
    from fracas.dice.exact import distribution, mean, standard_deviation, variance

#: names imported on first use: the exact distributions (icepool, for ``exact.die``, slow to import)
_LAZY = {"distribution", "mean", "standard_deviation", "variance"}


if not TYPE_CHECKING:  # hidden from type checkers: a misspelt name is an error there, not Any

    def __getattr__(name: str) -> Any:
        if name in _LAZY:
            from fracas.dice import exact

            return getattr(exact, name)
        raise AttributeError(f"module 'fracas.dice' has no attribute {name!r}")


__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_SIDES",
    "AskRoller",
    "Constant",
    "Dice",
    "DiceError",
    "DiceSyntaxError",
    "DistributionTooLarge",
    "Expr",
    "ImpossibleRoll",
    "Reading",
    "Roller",
    "ScriptExhausted",
    "ScriptedRoller",
    "SeededRoller",
    "Term",
    "distribution",
    "mean",
    "parse",
    "read_rolls",
    "standard_deviation",
    "variance",
]
