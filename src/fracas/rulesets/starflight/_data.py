"""Reading the package's own YAML tables (shipped under ``data/``)."""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml


def load_yaml(name: str) -> Any:
    """The parsed contents of ``data/<name>`` inside this package."""
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)
