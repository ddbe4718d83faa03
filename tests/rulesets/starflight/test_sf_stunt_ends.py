"""``stunt_ends`` (the acrobat's many candidate stunts, the stunter's own refusals asked
once) gives what ``stunt_end`` gives for each, at every decision of the examples with
stunts, for each suggested stunt and for stunts that turn to face a foe."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.dice import SeededRoller
from fracas.engine import Session
from fracas.rulesets.starflight.actions import Stunt, StuntMove
from fracas.rulesets.starflight.state import Fight
from fracas.rulesets.starflight.stunts import SUGGESTED, stunt_end, stunt_ends
from fracas.scenario import load_scenario

EXAMPLES = Path(__file__).parents[3] / "examples" / "starflight"


@pytest.mark.parametrize("example", ["stunt-firefight.yaml", "melee.yaml"])
@pytest.mark.parametrize("seed", [1, 2])
def test_stunt_ends_are_stunt_end_for_every_candidate(example: str, seed: int) -> None:
    loaded = load_scenario(str(EXAMPLES / example))
    session = Session.start(loaded.ruleset, loaded.scenario, SeededRoller(seed))
    ends = 0
    while (pending := session.pending()) is not None:
        fight = session.state
        assert isinstance(fight, Fight)
        c = fight.fighter(pending.actor or "")
        foe = next(o.id for o in fight.fighters() if o.side != c.side)
        candidates = [StuntMove(actor=c.id, stunts=s) for s in SUGGESTED]
        candidates += [
            StuntMove(actor=c.id, stunts=[Stunt(name="jump forward")], turn_to=foe, turn_after=1),
            StuntMove(actor=c.id, stunts=[]),
        ]
        end_of = stunt_ends(fight, c)
        for move in candidates:
            assert end_of(move) == stunt_end(fight, c, move)
            ends += end_of(move) is not None
        session.step()
    assert ends > 0
