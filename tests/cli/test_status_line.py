"""What a slow command says while it works goes to stderr as status lines
(``fracas.sim.working``), never into its output: a ``--json`` command's stdout stays one
JSON document however slow the machine. Here the status shows at once
(``FRACAS_STATUS_DELAY=0``), as on a machine where every step lasts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
FRACAS = "import sys; from fracas.cli import main; sys.exit(main())"


def _run(*args: str, delay: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, FRACAS_STATUS_DELAY=delay)
    return subprocess.run(
        [sys.executable, "-c", FRACAS, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize(
    ("args", "step"),
    [
        (
            ("odds", "examples/exp/trip.yaml", "--json"),
            "working out the exact odds of examples/exp/trip.yaml",
        ),
        (
            ("sim", "examples/exp/trip.yaml", "-n", "40", "--seed", "1", "--engine", "event"),
            "running the fights of examples/exp/trip.yaml",
        ),
    ],
)
def test_a_json_commands_stdout_stays_pure_json_while_its_status_goes_to_stderr(
    args: tuple[str, ...], step: str
) -> None:
    done = _run(*args, *(() if "--json" in args else ("--json",)))
    json.loads(done.stdout)  # one JSON document, nothing else
    said = done.stderr.splitlines()
    assert f"fracas: {step} ..." in said
    assert any(line.startswith(f"fracas: {step}: done in ") for line in said)
    assert all(line.startswith("fracas: ") for line in said), said


def test_with_the_default_delay_a_quick_command_says_nothing_on_stderr() -> None:
    done = _run("roll", "2D6", "--seed", "1", delay="3600")
    assert done.stderr == ""
