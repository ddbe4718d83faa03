"""A grapple with someone who is out of the fight ends (chapter 9.2, 'Grapple': a grapple
continues "until the Grapple is 'broken'"). The chapter does not say what an Unconscious,
dead, withdrawn or swallowed opponent does to it; holding nobody, the grapple is over: at the
start of a grappler's turn it lets go of each such opponent (so a revived one is not still
held)."""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import grapple_opponents
from fracas.rulesets.starflight.events import GrappleEnded
from fracas.rulesets.starflight.state import Fighter, StarflightContext


def let_go_of_the_fallen(ctx: StarflightContext, c: Fighter) -> None:
    """End ``c``'s grapple with every opponent no longer in the fight."""
    if not c.grappling:
        return
    held = {g.id for g in grapple_opponents(ctx.state, c)}
    fallen = [g for g in c.grappling if g not in held]
    if fallen:
        ctx.emit(GrappleEnded(who=c.id, others=fallen, reason="lets go: out of the fight"))
