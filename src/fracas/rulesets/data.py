"""Reading a ruleset's own tables: YAML files shipped in its package's ``data/`` folder."""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml


def load_yaml(package: str, name: str) -> Any:
    """The parsed contents of ``<package>/data/<name>`` (e.g. ``"fracas.rulesets.exp"``)."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)
