"""Dice notation, rollers and exact distributions.

TEMPORARY STUB: the dice package is being written; this file fixes the public contract
(``parse``, ``Expr``, ``Roller``, ``SeededRoller``, ``ScriptedRoller``, ``DiceError``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol


class DiceError(ValueError):
    """A dice expression or a roll that cannot be used."""


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed dice expression: ``count`` dice of ``sides`` sides plus ``modifier``."""

    text: str
    count: int
    sides: int
    modifier: int

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier


_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+|%)\s*(?:([+-])\s*(\d+))?\s*$")


@lru_cache(maxsize=1024)
def parse(text: str) -> Expr:
    m = _RE.match(text)
    if m is None:
        raise DiceError(f"cannot read dice expression {text!r}")
    count = int(m.group(1) or 1)
    sides = 100 if m.group(2) == "%" else int(m.group(2))
    mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return Expr(text.strip(), count, sides, mod)


class Roller(Protocol):
    """Where every random number comes from: ``roll`` returns the total of ``expr``."""

    def roll(self, expr: str | Expr, purpose: str) -> int: ...


class SeededRoller:
    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        rnd = self._rng.random
        return sum(int(rnd() * e.sides) + 1 for _ in range(e.count)) + e.modifier


class ScriptedRoller:
    def __init__(self, values: list[int]) -> None:
        self._values = list(values)
        self._i = 0

    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        if self._i >= len(self._values):
            raise DiceError(f"scripted rolls ran out at roll {self._i + 1} ({purpose}, {e.text})")
        v = self._values[self._i]
        if not e.minimum <= v <= e.maximum:
            raise DiceError(f"scripted roll {v} is impossible for {e.text} ({purpose})")
        self._i += 1
        return v


def read_rolls(text: str, source: str = "<rolls>") -> list[int]:
    """Integers separated by white space; ``#`` starts a comment."""
    out: list[int] = []
    for n, line in enumerate(text.splitlines(), start=1):
        for tok in line.split("#", 1)[0].split():
            try:
                out.append(int(tok))
            except ValueError:
                raise DiceError(f"{source}: line {n}: {tok!r} is not a whole number") from None
    return out


class AskRoller:
    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        while True:
            answer = input(f"{purpose} ({e.text}): ")
            try:
                v = int(answer)
            except ValueError:
                continue
            if e.minimum <= v <= e.maximum:
                return v
