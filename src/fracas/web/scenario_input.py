"""Scenarios the tracker is given: an uploaded file, or a path on the server.

A path is read only if it names a regular file (never ``-``, ``/dev/stdin``, a pipe, a
device or a folder) with a scenario's suffix (``.yaml``, ``.yml``, ``.json``), inside one of
the server's scenario folders (``fracas serve --scenarios DIR``; by default the folder the
server was started in). It is opened without blocking and checked again once open, so a
pipe put in its place cannot hold the server.

A file read from the server is quoted in a message only once it is known to be a scenario
(a YAML mapping whose ``ruleset`` is one of fracas's): anything else gets a message that
says what is wrong with it without quoting a byte of it, so the page cannot be used to read
other files (``unknown ruleset 'hunter2'``). An upload is the GM's own text: its problems
are shown as ``fracas check`` shows them.

These functions block (they read and validate): the tracker runs them with
:func:`fracas.web.offload.off_loop`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from fracas.rulesets import RULESETS
from fracas.scenario.files import MAX_FILE_BYTES
from fracas.scenario.loader import LoadedScenario, ScenarioError, load_scenario_text
from fracas.scenario.yaml_input import YamlProblem, load_yaml

#: the suffixes of a scenario file read from a path on the server
SUFFIXES = (".yaml", ".yml", ".json")


def decoded(data: bytes, source: str) -> str:
    """A scenario's text from its bytes (UTF-8, a byte-order mark dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(source, [f"not a text file (byte {exc.start} is not UTF-8)"]) from None
    if "\x00" in text:
        raise ScenarioError(source, ["not a scenario (it holds NUL bytes: a binary file?)"])
    return text.removeprefix("\ufeff")


def read_upload(data: bytes, filename: str, overrides: Sequence[str]) -> LoadedScenario:
    """An uploaded scenario, validated as ``fracas check`` validates a file."""
    return load_scenario_text(decoded(data, filename), filename, overrides)


def allowed_path(text: str, roots: Sequence[Path]) -> Path:
    """The file ``text`` names, if it may be read: inside one of ``roots``, with a
    scenario's suffix. :class:`ScenarioError` (naming ``path``) if not."""
    if "\x00" in text:
        raise ScenarioError("path", ["a path cannot hold a NUL character"])
    if text.strip() in ("-", "/dev/stdin"):
        raise ScenarioError("path", ["the server reads scenario files only, not its input"])
    try:
        resolved = Path(text).expanduser().resolve()
    except (OSError, RuntimeError, ValueError):
        raise ScenarioError("path", [f"cannot read {text!r}"]) from None
    if not any(resolved.is_relative_to(root.resolve()) for root in roots):
        folders = ", ".join(str(r) for r in roots) or "(none)"
        raise ScenarioError(
            "path", [f"{text!r} is not in the server's scenario folders ({folders})"]
        )
    if resolved.suffix.lower() not in SUFFIXES:
        raise ScenarioError("path", [f"{text!r}: a scenario file ends in {', '.join(SUFFIXES)}"])
    return resolved


def read_path(text: str, roots: Sequence[Path], overrides: Sequence[str]) -> LoadedScenario:
    """The scenario file at ``text`` on the server (see the module's rules)."""
    path = allowed_path(text, roots)
    data = _regular_file_bytes(path, text)
    content = decoded(data, text)
    try:
        parsed = load_yaml(content)
    except YamlProblem:
        raise ScenarioError(text, ["not a scenario file: it is not YAML fracas reads"]) from None
    ruleset = parsed.get("ruleset") if isinstance(parsed, dict) else None
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise ScenarioError(
            text, [f"not a scenario file: no 'ruleset' naming one of {known} at its top"]
        )
    return load_scenario_text(content, text, overrides)


def _regular_file_bytes(path: Path, shown: str) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise ScenarioError(shown, ["no such file"]) from None
    except OSError as exc:
        raise ScenarioError(shown, [f"cannot read the file: {exc.strerror}"]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ScenarioError(shown, ["not a regular file (a pipe, a device or a folder)"])
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise ScenarioError(shown, [f"larger than the {limit} MB limit of a scenario"])
    return data
