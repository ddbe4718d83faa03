"""From text to :class:`~fracas.dice.ast.Expr`: parse with the grammar, check the limits.

Every problem is a :class:`~fracas.dice.errors.DiceSyntaxError` naming what is wrong and the
1-based column where it is, e.g. ``2d: expected a number of sides after 'd' at column 3``.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from fracas.dice.ast import Constant, Dice, Expr, Term
from fracas.dice.errors import DiceSyntaxError
from fracas.dice.grammar import PARSER, TERMINAL_NAMES

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
        raise DiceSyntaxError(text, 1, "empty dice expression: expected dice such as 2D6+1")
    try:
        tree = PARSER.parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    return Expr(_terms(text, tree))


def _terms(text: str, tree: Tree[Token]) -> tuple[Term, ...]:
    """Turn the parse tree into terms, checking the counts, sides and limits."""
    children = tree.children
    terms: list[Term] = []
    negative = children[0] is not None and str(children[0]) == "-"
    dice_total = 0
    for child in children[1:]:
        if isinstance(child, Token):  # a SIGN between terms
            negative = str(child) == "-"
            continue
        assert isinstance(child, Tree)
        if child.data == "constant":
            token = child.children[0]
            assert isinstance(token, Token)
            value = _number(text, token, MAX_CONSTANT, "a constant")
            terms.append(Constant(-value if negative else value))
            continue
        count_token, d_token, sides_token = child.children
        assert isinstance(d_token, Token) and isinstance(sides_token, Token)
        count = 1
        if isinstance(count_token, Token):
            count = _number(text, count_token, MAX_DICE, "the number of dice")
            if count == 0:
                raise DiceSyntaxError(
                    text, _column(count_token), "0 dice roll nothing: the count must be 1 or more"
                )
        if sides_token.type == "PERCENT":
            sides = 100
        else:
            sides = _number(text, sides_token, MAX_SIDES, "the number of sides")
            if sides == 0:
                raise DiceSyntaxError(
                    text, _column(sides_token), "a die needs at least 1 side, not 0"
                )
        dice_total += count
        if dice_total > MAX_DICE:
            where = count_token if isinstance(count_token, Token) else d_token
            raise DiceSyntaxError(
                text, _column(where), f"too many dice: at most {MAX_DICE} in one expression"
            )
        terms.append(Dice(count, sides, negative))
    return tuple(terms)


def _number(text: str, token: Token, limit: int, what: str) -> int:
    value = int(token)
    if value > limit:
        raise DiceSyntaxError(text, _column(token), f"{what} is {value}, more than the {limit:,} allowed")
    return value


def _column(token: Token) -> int:
    column = token.column
    assert column is not None
    return column


def _syntax_error(text: str, exc: UnexpectedInput) -> DiceSyntaxError:
    """Say what the parser expected, after what, and where."""
    if isinstance(exc, UnexpectedCharacters):
        column = exc.column
        found: str | None = exc.char
        expected = set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        if exc.token.type == "$END":
            column, found = len(text.rstrip()) + 1, None
        else:
            column, found = exc.column, str(exc.token)
    else:  # UnexpectedEOF (not raised by LALR, kept for safety)
        assert isinstance(exc, UnexpectedEOF)
        column, found, expected = len(text.rstrip()) + 1, None, set(exc.expected)
    before = _token_before(text, column)
    wanted = _describe(expected)
    after = f" after {before!r}" if before else ""
    if found is None:
        return DiceSyntaxError(text, column, f"expected {wanted}{after}")
    return DiceSyntaxError(text, column, f"unexpected {found!r}{after}: expected {wanted}")


def _token_before(text: str, column: int) -> str:
    """The token just before ``column`` (1-based), skipping white space."""
    head = text[: column - 1].rstrip()
    if not head:
        return ""
    if not head[-1].isdigit():
        return head[-1]
    start = len(head)
    while start > 0 and head[start - 1].isdigit():
        start -= 1
    return head[start:]


def _describe(expected: set[str]) -> str:
    if expected <= {"INT", "PERCENT"}:
        return "a number of sides"
    if expected >= {"INT", "D"}:
        return "a number or dice such as 2D6"
    names = [TERMINAL_NAMES.get(name, name) for name in sorted(expected, key=_order)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _order(name: str) -> int:
    return list(TERMINAL_NAMES).index(name) if name in TERMINAL_NAMES else len(TERMINAL_NAMES)
