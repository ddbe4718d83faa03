"""The dice notation as an LALR grammar (lark).

An expression is an optional sign, then terms joined by ``+`` or ``-``; a term is a group of
dice (``2D6``, ``D4``, ``d%``) or a whole number. ``d`` is case-insensitive and white space is
ignored anywhere between tokens, so ``2 d 6 + 1`` reads as ``2D6+1``. Nothing else is dice
notation here: no multiplication, keep/drop, exploding or re-rolls — the three chapters never
use them.
"""

from __future__ import annotations

from lark import Lark

GRAMMAR = r"""
start: [SIGN] term (SIGN term)*

?term: dice
     | INT -> constant

dice: [INT] D (INT | PERCENT)

SIGN: "+" | "-"
D: "d"i
PERCENT: "%"
INT: /[0-9]+/

%ignore /\s+/
"""

#: The parser: LALR with lark's contextual lexer, built once at import.
PARSER = Lark(GRAMMAR, parser="lalr", maybe_placeholders=True)

#: How the grammar's terminals read in an error message, in the order they are listed.
TERMINAL_NAMES: dict[str, tuple[str, ...]] = {
    "INT": ("a number",),
    "D": ("'d'",),
    "PERCENT": ("'%'",),
    "SIGN": ("'+'", "'-'"),
    "$END": ("the end",),
}
