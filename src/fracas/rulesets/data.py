"""Reading a ruleset's own tables: YAML files shipped in its package's ``data/`` folder."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import yaml

#: libyaml's C parser where PyYAML was built with it (several times faster), else Python's
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(package: str, name: str) -> Any:
    """The parsed contents of ``<package>/data/<name>`` (e.g. ``"fracas.rulesets.exp"``).

    Read beside the package's ``__init__.py`` (fracas is installed as files); through
    :mod:`importlib.resources` only for a package that has no file (a zip import), since that
    module imports ``tempfile`` and ``shutil`` (about 10 ms of every ``fracas fight``'s start).
    """
    where = getattr(importlib.import_module(package), "__file__", None)
    if where is not None:
        text = (Path(where).parent / "data" / name).read_text(encoding="utf-8")
    else:  # pragma: no cover - fracas is never imported from a zip in its own tests
        from importlib import resources

        text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)  # a safe loader
