"""What a command imports at start (issue 23, start-up; ``bench/startup.py`` times them, no
test does): a scripted ``fracas fight`` loads none of the analysis, terminal or web
libraries, and the exact distributions the odds chain reads at every start do not load
icepool. Each runs in a fresh interpreter, since this test process has imported them all."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
#: ``fracas`` as ``python -c`` runs it (its arguments follow)
FRACAS = "import sys; from fracas.cli import main; sys.exit(main())"

#: libraries a scripted fight never uses (the batch kernels, the terminal spinner, the web
#: tracker, the exact distributions' icepool, the data frames and plots)
NOT_FOR_A_FIGHT = (
    "numba",
    "llvmlite",
    "numpy",
    "rich",
    "starlette",
    "uvicorn",
    "jinja2",
    "icepool",
    "lark",
    "pandas",
    "matplotlib",
    "dask",
)


def _loaded_after(code: str) -> list[str]:
    """The top-level packages of NOT_FOR_A_FIGHT loaded once ``code`` has run."""
    wanted = repr(NOT_FOR_A_FIGHT)
    script = (
        f"{code}\n"
        "import sys\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({wanted})),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    loaded: list[str] = ast.literal_eval(done.stderr.splitlines()[-1])
    return loaded


@pytest.mark.parametrize(
    "example",
    [
        "examples/percentile/joanne-vs-ondkille.yaml",
        "examples/exp/bar-brawl.yaml",
        "examples/starflight/melee.yaml",
    ],
)
def test_a_scripted_fight_imports_no_analysis_terminal_or_web_library(example: str) -> None:
    code = (
        "from fracas.cli import main\n"
        "try:\n"
        f"    main(['fight', {example!r}, '--seed', '1'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
    )
    assert _loaded_after(code) == []


def test_exact_distributions_do_not_import_icepool() -> None:
    """The percentile chain reads its damage dice's distributions at every ``fracas odds``;
    they are counted by fracas itself, so icepool (only for ``exact.die``) stays unloaded."""
    code = (
        "from fracas.dice.exact import distribution, mean\n"
        "assert distribution('2D6')[7] * 36 == 6 and mean('2D6') == 7\n"
    )
    assert _loaded_after(code) == []


def test_exact_die_still_gives_icepools_die() -> None:
    from fracas.dice.exact import die

    assert type(die("1D6")).__module__.startswith("icepool")


@pytest.mark.parametrize("command", ["advise", "odds"])
def test_exp_advise_and_odds_load_no_numba_and_say_no_first_run(
    command: str, tmp_path: Path
) -> None:
    """EXP's chain and advise compile nothing: with an empty kernel cache they neither load
    numba nor print the first-run notice (which they did while the tactics' codes lived in
    the compiled ``fast/tactics.py``)."""
    code = (
        "from fracas.cli import main\n"
        "try:\n"
        f"    main([{command!r}, 'examples/exp/trip.yaml'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "import sys\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'numba', 'llvmlite'}),"
        " file=sys.stderr)\n"
    )
    # (the status line's delay is an hour here, as in every test: tests/conftest.py; the
    # test below lets it show)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), FRACAS_STATUS_DELAY="3600")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    assert done.stderr.splitlines() == ["[]"]
    assert "wins" in done.stdout


@pytest.mark.parametrize("command", ["advise", "odds"])
def test_exp_advise_and_odds_with_an_empty_cache_say_only_what_they_are_working_out(
    command: str, tmp_path: Path
) -> None:
    """On a machine slow enough that the status shows (here: at once), EXP advise and odds
    with an empty kernel cache say only their own steps on stderr: no first-run notice, no
    numba, no compilation."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), FRACAS_STATUS_DELAY="0")
    done = subprocess.run(
        [sys.executable, "-c", FRACAS, command, "examples/exp/trip.yaml"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    said = done.stderr.splitlines()
    assert f"fracas: starting fracas {command} (loading its modules) ..." in said
    assert all(line.startswith("fracas: ") for line in said), said
    assert not any(w in done.stderr for w in ("first run", "numba", "compil")), said
    assert "wins" in done.stdout


def test_a_command_freezes_what_is_alive_at_exit_out_of_the_collector() -> None:
    """Python's shutdown collections would walk every live object (numba's registries after
    ``odds``: a third of the command's CPU); a command registers ``gc.freeze`` at exit. The
    handler below is registered first, so it runs last (exit handlers run last-in,
    first-out) and sees the frozen objects."""
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count(), file=sys.stderr))\n"
        "from fracas.cli import main\n"
        "try:\n"
        "    main(['roll', '2D6', '--seed', '1'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    said, count = done.stderr.split()
    assert said == "frozen" and int(count) > 1000
    assert done.stdout.strip().isdigit()  # the roll itself still printed
