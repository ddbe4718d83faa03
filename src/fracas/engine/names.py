"""The one check of the names and sides a table reads: every way in (scenario files, the
web's builder and "add a combatant", a combatant added mid-fight) asks it.

A name or a side is printed in the account, the menus, the logs (one JSON line each) and
the web pages, so it must be one visible line of text: not blank, no white space around it,
and none of

- control characters (C0 ``U+0000``-``U+001F`` with NUL, BEL, ESC and the newlines, DEL,
  C1 ``U+0080``-``U+009F`` with NEL ``U+0085``);
- the line and paragraph separators ``U+2028`` and ``U+2029`` (some readers split lines on
  them);
- the bidirectional embeddings, overrides and isolates ``U+202A``-``U+202E`` and
  ``U+2066``-``U+2069`` (they reorder the text around them), and every other format,
  surrogate, private-use or unassigned character (Unicode categories ``C*``).

Each check is one pass over the text; :func:`label_problems` walks data once, without
recursion, so validation stays linear in the size of the input.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Iterator
from typing import Any

#: Keys whose (text) values are labels checked by :func:`label_problem`, wherever they are
#: (a Starflight combatant without a name is shown by its id).
LABEL_KEYS = ("name", "side", "id")

_NAMED = {
    "\n": "line feed, ",
    "\r": "carriage return, ",
    "\t": "tab, ",
    "\x00": "NUL, ",
    "\x07": "BEL, ",
    "\x1b": "ESC: a colour escape, ",
    "\x85": "next line, ",
    "\u2028": "line separator, ",
    "\u2029": "paragraph separator, ",
}


def _bad_character(ch: str) -> str | None:
    """What ``ch`` is if a label cannot hold it (``None`` if it can)."""
    code = f"{_NAMED.get(ch, '')}U+{ord(ch):04X}"
    if "\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069":
        return f"a bidirectional control character ({code})"
    category = unicodedata.category(ch)
    if category.startswith("C") or category in ("Zl", "Zp"):
        return f"a control character ({code})"
    return None


def label_problem(value: str, what: str = "name") -> str | None:
    """Why ``value`` cannot be a ``what`` (a name, a side), or ``None`` if it can."""
    if not value.strip():
        return f"a {what} cannot be blank"
    for ch in value:
        if ch.isascii() and ch.isprintable():
            continue
        bad = _bad_character(ch)
        if bad is not None:
            return f"{_shown(value)} holds {bad}: a {what} is one line of visible text"
    if value != value.strip():
        return f"{_shown(value)} has white space around it"
    return None


def _shown(value: str, limit: int = 40) -> str:
    """``value`` quoted with its escapes (``'Vera\\u2028'``), cut to ``limit`` characters."""
    text = value if len(value) <= limit else value[:limit]
    return ascii(text) + ("..." if len(value) > limit else "")


def label_problems(data: Any) -> list[str]:
    """``where: problem`` for every ``name`` and ``side`` anywhere in ``data`` (mappings
    and lists as YAML or JSON gives them), in reading order; one pass, no recursion."""
    return [f"{where}: {problem}" for where, problem in _walk(data)]


def _walk(data: Any) -> Iterator[tuple[str, str]]:
    queue: deque[tuple[Any, str]] = deque([(data, "")])
    while queue:
        item, at = queue.popleft()
        if isinstance(item, dict):
            for key, value in item.items():
                here = f"{at}.{key}" if at else str(key)
                if key in LABEL_KEYS and isinstance(value, str):
                    problem = label_problem(value, key)
                    if problem:
                        yield here, problem
                elif isinstance(value, dict | list):
                    queue.append((value, here))
        elif isinstance(item, list):
            queue.extend((value, f"{at}[{i}]") for i, value in enumerate(item) if _nested(value))


def _nested(value: Any) -> bool:
    return isinstance(value, dict | list)
