"""The rule systems fracas knows, by the name a scenario's ``ruleset:`` field uses."""

from __future__ import annotations

import importlib
from typing import Any

from fracas.engine.errors import FracasError
from fracas.engine.ruleset import Ruleset

RULESETS: dict[str, str] = {
    "percentile": "fracas.rulesets.percentile",
    "exp": "fracas.rulesets.exp",
    "starflight": "fracas.rulesets.starflight",
}


class UnknownRuleset(FracasError):
    """A name that is not one of :data:`RULESETS`."""


def get_ruleset(name: str) -> Ruleset[Any, Any, Any]:
    """The ruleset called ``name`` (each package exposes it as ``RULESET``); an unknown name
    raises :class:`UnknownRuleset` listing the known ones.

    Example::

        >>> from fracas import get_ruleset
        >>> get_ruleset("exp").name
        'exp'
        >>> get_ruleset("dnd")
        Traceback (most recent call last):
        ...
        fracas.rulesets.UnknownRuleset: unknown ruleset 'dnd' (known: exp, percentile, starflight)
    """
    try:
        module = importlib.import_module(RULESETS[name])
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None
    ruleset: Ruleset[Any, Any, Any] = module.RULESET
    return ruleset
