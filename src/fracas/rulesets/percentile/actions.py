"""The decisions of a percentile fight."""

from __future__ import annotations

from fracas.engine import Action


class Declare(Action, frozen=True, kw_only=True):
    """A combatant's choice for the round: a stance (stances.py), the enemy to attack (or the
    friend to help), whether to dodge rather than parry, whether to speed-reload an empty
    weapon before attacking, and the carried weapon to take in hand (``weapon``, a weapon key;
    ``None`` keeps the one in hand).

    When the last able combatant has declared, the same action resolves the round (nothing
    else is left to decide) up to the first attack whose defender must decide whether to
    defend beyond the free defences (``Defend``); undoing it takes back that declaration and
    what it resolved."""

    stance: str
    target: str | None = None
    dodge: bool = False
    speed_reload: bool = False
    weapon: str | None = None


class Defend(Action, frozen=True, kw_only=True):
    """The defender's decision when an attack comes and the stance's free defences are used
    up (Chapter 5, "Attacking and defending": "Attempting to parry more than the
    'penalty-free' amount ... gives an extra Hard modifier for each extra parry attempt"):
    ``defend`` tries the parry (or dodge) at one more Hard, or takes the attack undefended.
    Resolving it carries on with the rest of the round."""

    defend: bool


#: every action the percentile ruleset accepts (and its tactics choose)
PercentileAction = Declare | Defend
