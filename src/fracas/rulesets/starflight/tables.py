"""Reading the package's own YAML tables (shipped under ``data/``)."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.data import load_yaml as load_data


def load_yaml(name: str) -> Any:
    """The parsed contents of ``data/<name>`` inside this package."""
    return load_data(__name__.rpartition(".")[0], name)
