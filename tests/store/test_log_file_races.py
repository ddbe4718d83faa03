"""Two processes writing one JSONL log at once (``fracas rest LOG`` twice, ``fight --log``
twice): a rest that says it was appended is in the log, the other is refused with a message
and writes nothing, and the file is always one whole log that replays, never a mix."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.cli.saved import checked_events
from fracas.engine.events import Acted, EncounterEnded
from tests.store.forked import PERCENTILE, STARFLIGHT, Run, clean_refusal, run_all

#: offsets between the two starts (seconds), swept trial after trial
OFFSETS = [n * 0.01 for n in range(-8, 9)]


def checked(log: Path) -> tuple[bool, int]:
    """(over, actions) of the log, re-run by ``replay``'s checks."""
    _, events = checked_events(log.read_text())
    return any(isinstance(e, EncounterEnded) for e in events), sum(
        isinstance(e, Acted) for e in events
    )


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    log = tmp_path_factory.mktemp("logs") / "melee.jsonl"
    result = CliRunner().invoke(main, ["fight", str(STARFLIGHT), "--seed", "3", "--log", str(log)])
    assert result.exit_code == 0, result.output
    return log.read_bytes()


def rest_race(finished: bytes, where: Path, offset: float) -> None:
    log = where / "melee.jsonl"
    log.write_bytes(finished)
    _, before = checked(log)
    runs = [
        Run(["rest", str(log), "--hours", "2", "--seed", "1"], where, "a", delay=max(-offset, 0)),
        Run(["rest", str(log), "--hours", "3", "--seed", "2"], where, "b", delay=max(offset, 0)),
    ]
    run_all(runs)
    for run in runs:
        clean_refusal(run, "another program wrote it")
    over, after = checked(log)
    said = sum("rest appended" in run.stderr for run in runs)
    assert said >= 1 and over
    assert after == before + said  # each rest that said so is there, once
    assert sorted(p.name for p in where.iterdir() if ".tmp" in p.name) == []


def fight_race(where: Path, offset: float) -> None:
    log = where / "fight.jsonl"
    log.unlink(missing_ok=True)
    args = ["fight", str(PERCENTILE), "--log", str(log), "--seed"]
    runs = [
        Run([*args, "1"], where, "a", delay=max(-offset, 0)),
        Run([*args, "2"], where, "b", delay=max(offset, 0)),
    ]
    run_all(runs)
    for run in runs:
        clean_refusal(run)
    assert checked(log)[0]  # one whole fight, the one saved last: never a mix of the two
    assert sorted(p.name for p in where.iterdir() if ".tmp" in p.name) == []


def trials(n: int, finished: bytes, where: Path) -> None:
    for i in range(n):
        offset = OFFSETS[i * 5 % len(OFFSETS)]
        rest_race(finished, where, offset)
        fight_race(where, offset / 4)


def test_two_writers_of_one_log_file_never_lose_a_rest_or_mix_two_logs(
    finished: bytes, tmp_path: Path
) -> None:
    trials(15, finished, tmp_path)


@pytest.mark.slow
def test_two_writers_of_one_log_file_in_eighty_races(finished: bytes, tmp_path: Path) -> None:
    trials(40, finished, tmp_path)


def test_a_rest_of_a_log_another_program_wrote_meanwhile_is_refused_and_writes_nothing(
    finished: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fracas.cli import rest as rest_module

    log = tmp_path / "melee.jsonl"
    log.write_bytes(finished)
    real = rest_module._run_rest
    inside = []

    def meanwhile(*args: object, **kwargs: object) -> object:
        out = real(*args, **kwargs)  # type: ignore[arg-type]
        if inside:  # (the other rest itself)
            return out
        inside.append(True)
        other = CliRunner().invoke(main, ["rest", str(log), "--hours", "1", "--seed", "9"])
        assert other.exit_code == 0, other.output  # another rest, saved while this one ran
        return out

    monkeypatch.setattr(rest_module, "_run_rest", meanwhile)
    result = CliRunner().invoke(main, ["rest", str(log), "--hours", "2", "--seed", "1"])
    assert result.exit_code == 2
    assert "another program wrote it while this one ran" in result.stderr
    assert "nothing was written" in result.stderr and "Traceback" not in result.output
    assert checked(log) == (True, 2)  # the other rest, kept; this one not written over it


def test_a_log_written_whole_gets_the_permissions_of_any_new_file(tmp_path: Path) -> None:
    """The temporary file renamed over the log is made as any file the user makes (0666
    less the umask), not private to the user as ``mkstemp`` would make it."""
    import os

    log = tmp_path / "f.jsonl"
    result = CliRunner().invoke(main, ["fight", str(PERCENTILE), "--seed", "1", "--log", str(log)])
    assert result.exit_code == 0, result.output
    umask = os.umask(0)
    os.umask(umask)
    assert log.stat().st_mode & 0o777 == 0o666 & ~umask
