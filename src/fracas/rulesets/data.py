"""Reading a ruleset's own tables: YAML files shipped in its package's ``data/`` folder."""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

#: libyaml's C parser where PyYAML was built with it (several times faster), else Python's
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(package: str, name: str) -> Any:
    """The parsed contents of ``<package>/data/<name>`` (e.g. ``"fracas.rulesets.exp"``)."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)  # a safe loader
