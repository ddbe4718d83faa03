"""Dice for a web request: engine rolls, or dice typed in at the table, one die at a time.

A web request cannot stop half-way through an action to wait for a die. So an action with
table dice is resolved with a :class:`TableRoller` holding the answers typed so far: when
the rules ask for one more die than it holds, it raises :class:`NeedRoll` (the session rolls
the half-done action back, as it does for any error), and the page asks for that die — its
purpose and dice — then sends the action again with every answer so far. The rules are
deterministic given the state and the dice, so each retry asks the same questions in the same
order, until the action resolves. Each answer is read as ``fracas fight --ask`` reads it
(:func:`fracas.dice.roller.read_answer`: a total, ``00`` for a d100's top face, or one face
per die); a refused answer raises :class:`NeedRoll` for the same die with the reason. An
answer ``engine`` lets the engine roll that one die; its value joins the answers, so retries
use it again.

The form carries the log length the action was chosen at; if the fight has moved on in the
meantime, the retry is refused (the questions might no longer be the same).
"""

from __future__ import annotations

import hashlib
import os

from fracas.dice import Expr, Roller, SeededRoller, parse
from fracas.dice.roller import read_answer

#: how many dice one action may ask for (a bound on what a form may carry)
MAX_ANSWERS = 200
#: the answer that lets the engine roll a die
ENGINE = "engine"


class NeedRoll(Exception):
    """The action needs die number ``index`` (0-based): ``dice`` for ``purpose``.
    ``answers`` are the answers it has used so far; ``problem`` says why the last answer for
    this die was refused (or is empty)."""

    def __init__(
        self, index: int, dice: str, purpose: str, answers: list[str], problem: str = ""
    ) -> None:
        super().__init__(f"{purpose} — roll {dice}")
        self.index = index
        self.dice = dice
        self.purpose = purpose
        self.answers = answers
        self.problem = problem


def engine_roller(seed: int | None = None, *where: int) -> SeededRoller:
    """The engine's dice for one action: a fresh random seed (every value is logged), or,
    when the server runs with ``--seed``, one derived from that seed and ``where`` (the
    encounter and its log length), so the same clicks give the same fight."""
    if seed is None:
        return SeededRoller(int.from_bytes(os.urandom(8), "big"))
    text = ":".join(str(n) for n in (seed, *where))
    return SeededRoller(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


class TableRoller:
    """Answers typed at the table, in order; then either :class:`NeedRoll` (``ask``) or the
    engine's dice. An ``engine`` answer is rolled by ``engine`` (a fresh one if None)."""

    def __init__(self, answers: list[str], engine: Roller | None = None, ask: bool = False) -> None:
        self.answers = list(answers)
        self.engine = engine
        self.ask = ask
        self.used = 0

    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        i = self.used
        if i < len(self.answers):
            answer = self.answers[i].strip()
            if answer == ENGINE:
                value = (self.engine or engine_roller()).roll(e, purpose)
                self.answers[i] = str(value)
            else:
                read, problem = read_answer(answer, e)
                if read is None:
                    raise NeedRoll(i, e.text, purpose, self.answers[:i], problem)
                value = read
        elif self.ask:
            raise NeedRoll(i, e.text, purpose, self.answers[:i])
        else:
            value = (self.engine or engine_roller()).roll(e, purpose)
            self.answers.append(str(value))
        self.used += 1
        return value


class SwitchRoller:
    """The roller a live session holds: each request puts its own in ``current``."""

    def __init__(self) -> None:
        self.current: Roller = TableRoller([], ask=True)

    def roll(self, expr: str | Expr, purpose: str) -> int:
        return self.current.roll(expr, purpose)
