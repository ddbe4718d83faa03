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

from fracas.dice.ast import Constant, Dice, Expr, Term
from fracas.dice.distribution import (
    distribution,
    mean,
    standard_deviation,
    variance,
)
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
