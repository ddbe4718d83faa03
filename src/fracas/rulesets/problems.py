"""Validation problems located at a field (``combatants[1].weapons[0].class: ...``).

A cross-field check in a pydantic validator normally reports at the model that holds the
fields; raising :func:`located` from the validator puts each problem at its own field, so the
scenario loader names the exact field path.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

Loc = tuple[str | int, ...]


def located(title: str, problems: list[tuple[Loc, str, Any]]) -> ValidationError:
    """A ValidationError listing each ``(loc, message, value)`` at its own ``loc``."""
    details = [
        InitErrorDetails(
            type=PydanticCustomError("value_error", "{problem}", {"problem": message}),
            loc=loc,
            input=value,
        )
        for loc, message, value in problems
    ]
    return ValidationError.from_exception_data(title, details)
