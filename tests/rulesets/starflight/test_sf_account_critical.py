"""The account of a projectile critical (chapter 9.2, 'Using Weapons'): "roll 1d10 (counting
the 0 as 10) and multiply the result by 10. Add the result to the weapon's damage"."""

from __future__ import annotations

from pathlib import Path

from fracas.cli.render import Narrator
from fracas.dice import SeededRoller
from fracas.engine import Rolled, Session
from fracas.rulesets.starflight.events import BlueOnBlue, DamageTaken
from fracas.scenario import load_scenario

WYRM = Path(__file__).parents[3] / "examples" / "starflight" / "tunnel-wyrm.yaml"


def blue_on_blue_at_seed_3() -> Session:
    """The tunnel wyrm at seed 3: Mira Sol's Class 2 slug pistol misses critically (00) and
    hits Captain Okafor (blue on blue, "the same effect as a critical hit")."""
    loaded = load_scenario(WYRM)
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(3))
    while not any(isinstance(e, DamageTaken) and e.target == "rhea" for e in session.log):
        session.step()
    return session


def test_a_slug_pistol_critical_adds_ten_times_a_d10_to_the_weapons_damage() -> None:
    log = blue_on_blue_at_seed_3().log
    start = next(i for i, e in enumerate(log) if isinstance(e, BlueOnBlue))
    rolls = {e.purpose: e.value for e in log[start:] if isinstance(e, Rolled)}
    hit = next(e for e in log[start:] if isinstance(e, DamageTaken))
    # Class 2 slug pistol 9 + 1d10, Finesse 60 adds 6; the critical 10 x 1d10
    base = 9 + rolls["Mira Sol slug pistol damage"] + 6
    assert hit.lethal == base + 10 * rolls["Mira Sol critical damage"] == 20 + 90


def test_the_account_shows_how_a_projectile_critical_makes_its_damage() -> None:
    session = blue_on_blue_at_seed_3()
    lines = list(Narrator(session.ruleset, session.scenario).feed(session.log))
    blue = next(i for i, line in enumerate(lines) if "Blue on blue" in line)
    assert lines[blue + 1] == (
        "    critical (projectile): the weapon's damage + 10 x (d10 = 9) = +90"
    )
    assert lines[blue + 3].startswith("    Captain Rhea Okafor takes 110 lethal")
