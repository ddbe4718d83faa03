"""The sha256 of every example's JSON log at seeds 1-5, as ``fracas fight EXAMPLE --seed N
--json`` prints it, kept in ``data/example_log_hashes.json``.

``test_example_logs.py`` compares them, so a speed-up that changes one byte of one log fails.
Regenerate the file only for a deliberate rule change (and say which examples changed why):

    python -m tests.engine.example_logs
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.engine.codec import encode_log
from fracas.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(ROOT.glob("examples/*/*.yaml"))
SEEDS = range(1, 6)
HASHES = Path(__file__).with_name("data") / "example_log_hashes.json"


def example_key(path: Path, seed: int) -> str:
    return f"{path.relative_to(ROOT).as_posix()} --seed {seed}"


def log_hash(path: Path, seed: int) -> str:
    """sha256 of the example's whole log as JSON lines, played with ``SeededRoller(seed)``."""
    loaded = load_scenario(str(path))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    session.run()
    return hashlib.sha256(encode_log(session.log)).hexdigest()


def all_hashes() -> dict[str, str]:
    return {example_key(p, s): log_hash(p, s) for p in EXAMPLES for s in SEEDS}


def main() -> None:
    HASHES.write_text(json.dumps(all_hashes(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(EXAMPLES) * len(SEEDS)} hashes to {HASHES}")


if __name__ == "__main__":
    main()
