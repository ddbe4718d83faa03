"""Reading the chapter's tables from ``data/*.yaml`` and matching names the way people type them."""

from __future__ import annotations

import unicodedata
from decimal import Decimal, InvalidOperation
from typing import Any

from fracas.rulesets.data import load_yaml


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
