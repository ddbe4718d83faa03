"""The grammar-free reading of common dice notation agrees with the grammar's."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice.parser import _parsed_terms, _plain_terms

ALPHABET = st.sampled_from(["1", "2", "0", "6", "10", "100", "1001", "d", "D", "%", "+", "-", " "])


@settings(max_examples=3000, deadline=None)
@given(st.lists(ALPHABET, max_size=9).map("".join))
def test_the_plain_reading_gives_what_the_grammar_gives_or_defers_to_it(text: str) -> None:
    plain = _plain_terms(text)
    if plain is None:
        return
    assert plain == _parsed_terms(text)


def test_the_plain_reading_reads_the_usual_notations() -> None:
    for text in ("2D6", "d%", "D4+1", "2 d 6 + 1", "-3", "d6-d4", "1000D6"):
        assert _plain_terms(text) == _parsed_terms(text), text


def test_a_well_formed_expression_is_read_without_importing_lark() -> None:
    code = "import sys; from fracas.dice import parse; parse('2D6+1'); print('lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
