"""The decisions of a percentile fight."""

from __future__ import annotations

from fracas.engine import Action


class Declare(Action, frozen=True, kw_only=True):
    """A combatant's choice for the round: a stance (stances.py), the enemy to attack, whether
    to dodge rather than parry, how many defences beyond the free ones to attempt, and whether
    to speed-reload an empty weapon before attacking.

    When the last able combatant has declared, the same action resolves the round (nothing
    else is left to decide), so undoing it takes back that declaration and the round."""

    stance: str
    target: str | None = None
    dodge: bool = False
    extra_defences: int = 0
    speed_reload: bool = False
