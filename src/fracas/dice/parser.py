"""From text to :class:`~fracas.dice.ast.Expr`: parse with the grammar, check the limits.

Every problem is a :class:`~fracas.dice.errors.DiceSyntaxError` naming what is wrong and the
1-based column (character position) where it is, for example
``2d: expected a number of sides after 'd' at column 3`` or
``0d6: 0 dice at column 1: the count must be 1 or more``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from fracas.dice.ast import Constant, Dice, Expr, Term
from fracas.dice.errors import DiceSyntaxError

if TYPE_CHECKING:
    from lark import Token, Tree
    from lark.exceptions import UnexpectedInput

#: Most dice one expression may throw (``1000D6`` is allowed, ``1001D6`` is not).
MAX_DICE = 1000
#: Most sides a die may have (``D10000``).
MAX_SIDES = 10_000
#: Largest constant term (``D6+1000000``).
MAX_CONSTANT = 1_000_000


@lru_cache(maxsize=4096)
def parse(text: str) -> Expr:
    """Read a dice expression such as ``2D6-1``, ``d%`` or ``D4+1``.

    Raises :class:`~fracas.dice.errors.DiceSyntaxError` (a ``DiceError``, a ``ValueError``)
    naming the problem and its column. Results are cached: parsing the same text again costs
    a dictionary look-up.
    """
    if not isinstance(text, str):
        raise TypeError(f"a dice expression must be text, not {type(text).__name__}")
    if not text.strip():
        raise DiceSyntaxError(text, 1, "empty dice expression", "write dice such as 2D6+1")
    terms = _plain_terms(text)
    if terms is not None:
        return Expr(terms)
    return Expr(_parsed_terms(text))


#: one token of the notation, after optional white space (the grammar's terminals)
_TOKEN = re.compile(r"\s*(?:([0-9]+)|([dD])|(%)|([+-]))")
_BLANK = re.compile(r"\s*")
#: digits beyond which a number is surely over every limit (left to the full parser)
_MAX_DIGITS = len(str(max(MAX_DICE, MAX_SIDES, MAX_CONSTANT)))


def _plain_terms(text: str) -> tuple[Term, ...] | None:
    """The terms of a well-formed expression within the limits, read without the grammar;
    ``None`` for anything else, which :func:`_parsed_terms` then reads (or explains).

    The grammar is tiny (``[SIGN] term (SIGN term)*``, a term ``[INT] D (INT | %)`` or
    ``INT``), so the common case needs no parser: lark is imported only to explain an error
    (a test checks both readings agree on many generated texts)."""
    tokens: list[tuple[int, str]] = []  # (group: 1 INT, 2 D, 3 %, 4 SIGN, text)
    pos, end = 0, len(text)
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            if _BLANK.fullmatch(text, pos) is None:
                return None
            break
        kind = m.lastindex or 0
        value = m.group(kind)
        if kind == 1 and len(value) > _MAX_DIGITS:
            return None
        tokens.append((kind, value))
        pos = m.end()
    terms: list[Term] = []
    i, n = 0, len(tokens)
    negative = False
    if n and tokens[0][0] == 4:
        negative, i = tokens[0][1] == "-", 1
    dice_total = 0
    while True:
        if i >= n:
            return None
        kind, value = tokens[i]
        if kind == 1 and not (i + 1 < n and tokens[i + 1][0] == 2):
            constant = int(value)
            if constant > MAX_CONSTANT:
                return None
            terms.append(Constant(-constant if negative else constant))
            i += 1
        else:
            count = 1
            if kind == 1:
                count, i = int(value), i + 1
            if tokens[i][0] != 2 or i + 1 >= n:
                return None
            kind, value = tokens[i + 1]
            if kind == 3:
                sides = 100
            elif kind == 1:
                sides = int(value)
            else:
                return None
            dice_total += count
            if not (count >= 1 and 1 <= sides <= MAX_SIDES and dice_total <= MAX_DICE):
                return None
            terms.append(Dice(count, sides, negative))
            i += 2
        if i == n:
            return tuple(terms)
        if tokens[i][0] != 4:
            return None
        negative, i = tokens[i][1] == "-", i + 1


def _parsed_terms(text: str) -> tuple[Term, ...]:
    """The terms as the grammar reads them, or the ``DiceSyntaxError`` that says why not."""
    from lark.exceptions import UnexpectedInput

    from fracas.dice.grammar import PARSER

    try:
        tree = PARSER.parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    return _terms(text, tree)


def _terms(text: str, tree: Tree[Token]) -> tuple[Term, ...]:
    """Turn the parse tree into terms, checking counts, sides and the limits."""
    from lark import Token

    children = tree.children
    terms: list[Term] = []
    negative = children[0] is not None and str(children[0]) == "-"
    dice_total = 0
    for child in children[1:]:
        if isinstance(child, Token):  # a SIGN between two terms
            negative = str(child) == "-"
        elif child.data == "constant":
            value = _number(text, child.children[0], MAX_CONSTANT, "constant {}")
            terms.append(Constant(-value if negative else value))
        else:
            count_token, d_token, sides_token = child.children
            count = 1 if count_token is None else _count(text, count_token)
            sides = 100 if _type(sides_token) == "PERCENT" else _sides(text, sides_token)
            dice_total += count
            if dice_total > MAX_DICE:
                raise DiceSyntaxError(
                    text,
                    _column(count_token if count_token is not None else d_token),
                    f"{dice_total} dice in all",
                    f"at most {MAX_DICE:,} dice in one expression",
                )
            terms.append(Dice(count, sides, negative))
    return tuple(terms)


def _count(text: str, token: object) -> int:
    count = _number(text, token, MAX_DICE, "{} dice")
    if count == 0:
        raise DiceSyntaxError(
            text, _column(token), "0 dice", "the count must be 1 or more (write 0 for nothing)"
        )
    return count


def _sides(text: str, token: object) -> int:
    sides = _number(text, token, MAX_SIDES, "{} sides")
    if sides == 0:
        raise DiceSyntaxError(text, _column(token), "0 sides", "a die needs at least 1 side")
    return sides


def _number(text: str, token: object, limit: int, what: str) -> int:
    digits = str(token).lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS:  # surely over the limit (and too long for int())
        shown = f"{digits[:6]}... ({len(digits)} digits)"
        raise DiceSyntaxError(
            text, _column(token), what.format(shown), f"at most {limit:,} are allowed"
        )
    value = int(digits)
    if value > limit:
        raise DiceSyntaxError(
            text, _column(token), what.format(value), f"at most {limit:,} are allowed"
        )
    return value


def _type(token: object) -> str:
    from lark import Token

    assert isinstance(token, Token)
    return token.type


def _column(token: object) -> int:
    """The 1-based character position of ``token`` in the whole text."""
    from lark import Token

    assert isinstance(token, Token) and token.start_pos is not None
    return token.start_pos + 1


def _syntax_error(text: str, exc: UnexpectedInput) -> DiceSyntaxError:
    """Say what the parser found, after what, where, and what it expected instead."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    found: str | None = None
    column = len(text.rstrip()) + 1  # the end of the text
    expected: set[str] = set()
    if isinstance(exc, UnexpectedCharacters):
        column, found, expected = (exc.pos_in_stream or 0) + 1, exc.char, set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        if exc.token.type != "$END":
            column, found = _column(exc.token), str(exc.token)
    before = _token_before(text, column)
    after = f" after {before!r}" if before else ""
    wanted = _describe(expected)
    if found is None:
        return DiceSyntaxError(text, column, f"expected {wanted}{after}")
    return DiceSyntaxError(text, column, f"unexpected {found!r}{after}", f"expected {wanted}")


def _token_before(text: str, column: int) -> str:
    """The token just before ``column`` (1-based), skipping white space."""
    head = text[: column - 1].rstrip()
    if not head or not head[-1].isdigit():
        return head[-1:]
    start = len(head)
    while start > 0 and head[start - 1].isdigit():
        start -= 1
    return head[start:]


def _describe(expected: set[str]) -> str:
    """Name what the parser would have accepted, in plain words."""
    if expected and expected <= {"INT", "PERCENT"}:
        return "a number of sides"
    if {"INT", "D"} <= expected:
        return "a number or dice such as 2D6"
    from fracas.dice.grammar import TERMINAL_NAMES

    names = [name for key, names in TERMINAL_NAMES.items() if key in expected for name in names]
    if not names:
        return "dice notation"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
