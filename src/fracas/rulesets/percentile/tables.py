"""Reading the chapter's tables from ``data/*.yaml`` and matching names the way people type them.

Each table is checked against its row types as it is read: ``msgspec`` structs with the
bounds and checks of every field (unknown fields refused), since building pydantic models
for every table cost about a third of the start of a command; scenarios, which people
write, are still validated by pydantic with its field paths.
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar

import msgspec

from fracas.rulesets.data import load_yaml

T = TypeVar("T")


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of a table's row types: frozen, every field known (``__post_init__`` checks
    what the types cannot say, raising ``ValueError``)."""


class TableError(ValueError):
    """A table in ``data/`` that does not fit its row types (a packaging mistake)."""


def load_checked(filename: str, model: type[T]) -> T:
    """``data/<filename>`` read and checked as ``model``; ``TableError`` naming the file,
    the problem and where (``$.melee[3].bv``) if it does not fit."""
    try:
        return msgspec.convert(load_table(filename), model)
    except msgspec.ValidationError as exc:
        raise TableError(f"data/{filename}: {exc}") from None


def load_table(filename: str) -> Any:
    """The parsed YAML of ``data/<filename>`` (shipped inside the package)."""
    return load_yaml(__name__.rpartition(".")[0], filename)


def normalise(name: str) -> str:
    """A table name as a lookup key: accent-free, case-folded, ``-``/``_`` and runs of spaces
    made single spaces (``"Epée"``, ``"EPEE"`` and ``"epee"`` are all ``"epee"``)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().replace("_", " ").replace("-", " ").split())


def grams(kg: str) -> int:
    """A weight written in kg (``"0.625"``) as whole grams, exactly (no float rounding)."""
    try:
        value = Decimal(kg) * 1000
    except InvalidOperation:
        raise ValueError(f"{kg!r} is not a weight in kg") from None
    if value != value.to_integral_value() or value < 0:
        raise ValueError(f"{kg!r} kg is not a whole number of grams")
    return int(value)


def per_mille(text: str) -> int:
    """A multiplier written as a decimal (``"0.6"``) in thousandths (600), exactly."""
    try:
        value = Decimal(text) * 1000
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a decimal number") from None
    if value != value.to_integral_value() or value <= 0:
        raise ValueError(f"multiplier {text!r} must be positive with at most 3 decimals")
    return int(value)


def lookup(table: dict[str, Any], name: str, what: str) -> Any:
    """``table[normalise(name)]``, or a ``ValueError`` listing the names it knows."""
    try:
        return table[normalise(name)]
    except KeyError:
        known = ", ".join(sorted(table))
        raise ValueError(f"unknown {what} {name!r} (known: {known})") from None
