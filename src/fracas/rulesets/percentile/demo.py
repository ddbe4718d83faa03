"""The chapter's worked example (Joanne vs Ondkille) as a demo fight for ``fracas demo``."""

from __future__ import annotations

from fracas.engine.ruleset import Demo
from fracas.rulesets.percentile.tables import load_table

DEMO_FILE = "joanne-vs-ondkille.yaml"
DEMO_ROLLS = (5, 19, 17, 62, 97, 5, 85, 9, 25, 83, 11, 58, 9, 84, 55, 41, 6, 86, 23, 61, 8)
DEMO_INTRO = (
    "Chapter 5's worked example: Joanne (epée, studded leather) is cornered by Ondkille "
    "(dagger, boiled leather). Initiative D20s 5 and 19; Ondkille attacks all-out in round 1, "
    "then normally; Joanne always attacks normally. The chapter's own rolls follow. "
    "The book ends Joanne at fatigue 23, one point a round; the chapter's written rule "
    "(one point every three rounds) gives 27, which this demo follows. "
    "To see the book's 23: fracas fight examples/percentile/joanne-vs-ondkille.yaml "
    "--rolls examples/percentile/joanne-vs-ondkille.rolls -o fatigue_loss=per-round"
)


def worked_example() -> Demo:
    """Joanne vs Ondkille with the chapter's own rolls (initiative 5 and 19, then each
    attack, parry, re-roll and damage roll in the order the engine asks for them)."""
    return Demo(DEMO_INTRO, load_table(DEMO_FILE), DEMO_ROLLS)
