"""Variants without a file each: ``compare A.yaml --variant 'plate: combatants[0].armour=plate
mail'``. A variant is the first scenario with some fields set (paths as ``--vary`` names
them, :mod:`fracas.sim.grid`), validated before anything runs."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path

from fracas.engine.errors import FracasError
from fracas.scenario import ScenarioError, parse_scenario
from fracas.sim.api import check_strings
from fracas.sim.grid import (
    Vary,
    VaryError,
    check_adds_nothing,
    load_value,
    parse_path,
    set_at,
)
from fracas.sim.sweeps import raw_scenario
from fracas.sim.variant import Variant


def parse_variant(spec: str) -> tuple[str, list[Vary]]:
    """``LABEL: PATH=VALUE[; PATH=VALUE...]`` -> the label and one ``Vary`` per edit (each
    with its one value, read as YAML)."""
    label, sep, rest = spec.partition(":")
    label = label.strip()
    if not sep or not label:
        raise VaryError(f"--variant {spec}: expected 'LABEL: PATH=VALUE' (a label, then a colon)")
    edits = [e.strip() for e in rest.split(";")]
    if not any(edits):
        raise VaryError(f"--variant {spec}: no PATH=VALUE after the label")
    out = []
    for edit in edits:
        if not edit:
            raise VaryError(f"--variant {spec}: an empty edit between ';'")
        path, eq, value = edit.partition("=")
        path = path.strip()
        if not eq or not path:
            raise VaryError(f"--variant {spec}: {edit!r} is not PATH=VALUE")
        out.append(Vary(path, parse_path(path), (load_value(value.strip(), spec),)))
    return label, out


def variant_of(base: str | Path, spec: str, overrides: Sequence[str] = ()) -> Variant:
    """The variant ``spec`` makes of the scenario file ``base``."""
    label, edits = parse_variant(spec)
    raw = raw_scenario(base, overrides)
    data = copy.deepcopy(raw)
    for vary in edits:
        set_at(data, vary, vary.values[0])
    try:
        loaded = parse_scenario(data, str(base))
    except ScenarioError as exc:
        raise FracasError(f"--variant {label}: {'; '.join(exc.problems[:3])}") from None
    for vary in edits:
        check_adds_nothing(raw, loaded.scenario, vary, "--variant")
    return Variant.of(loaded, label, tuple(overrides))


def variants_of(
    scenarios: Sequence[str | Path], specs: Sequence[str], overrides: Sequence[str] = ()
) -> list[str | Path | Variant]:
    """The scenario files as given, then each ``--variant`` of the first one: a list for
    :func:`~fracas.sim.compare`. A spec is ``LABEL: PATH=VALUE[; PATH=VALUE...]``. In the
    example, ``duel`` is the path of a scenario file.

    Example::

        >>> from fracas import variants_of
        >>> both = variants_of([duel], ["plate: combatants[0].armour=plate mail"])
        >>> len(both), both[1].label
        (2, 'plate')

    A bad spec raises :class:`~fracas.sim.grid.VaryError` or
    :class:`~fracas.engine.errors.FracasError` naming the variant and the field.
    """
    check_strings("scenarios", scenarios, "scenario files")
    check_strings("specs", specs, "'LABEL: PATH=VALUE' strings")
    if specs and not scenarios:
        raise FracasError("--variant needs a scenario file to change")
    labels = [parse_variant(s)[0] for s in specs]
    if len(set(labels)) != len(labels):
        raise FracasError("--variant: two variants have the same label")
    out: list[str | Path | Variant] = list(scenarios)
    out += [variant_of(scenarios[0], spec, overrides) for spec in specs]
    return out
