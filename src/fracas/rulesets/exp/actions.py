"""What a persona may do on its turn (or the round itself, ``actor=None``)."""

from __future__ import annotations

from fracas.engine import Action


class StartUnit(Action, frozen=True, kw_only=True):
    """Round upkeep: a new combat unit begins (initiative)."""


class Attack(Action, frozen=True, kw_only=True):
    """An attack with ``weapon`` on ``target``; non-lethal unless ``lethal``.
    ``situational`` is the GM's adjustment (rear attack +90; a penalty is negative)."""

    target: str
    weapon: str
    lethal: bool = False
    situational: int = 0


class Grapple(Action, frozen=True, kw_only=True):
    """Grab and hold ``target`` (a Strike attack, then a Strength Challenge). ``situational``
    is the GM's adjustment to the attack roll ("whatever adjustments are appropriate")."""

    target: str
    situational: int = 0


class BreakFree(Action, frozen=True, kw_only=True):
    """A held persona's break check (a Strength Challenge against its grappler)."""


class Reverse(Action, frozen=True, kw_only=True):
    """A held persona tries to reverse the grapple (a Strength Challenge)."""


class Release(Action, frozen=True, kw_only=True):
    """The grappler lets go."""


class Snatch(Action, frozen=True, kw_only=True):
    """Wrest ``weapon`` from ``target``: attack roll, Dexterity then Strength competition.
    ``situational`` is the GM's adjustment to the attack roll."""

    target: str
    weapon: str
    situational: int = 0


class Trip(Action, frozen=True, kw_only=True):
    """Trip ``target``: attack roll, Dexterity and Strength challenges. ``situational`` is
    the GM's adjustment to the attack roll."""

    target: str
    situational: int = 0


class Yell(Action, frozen=True, kw_only=True):
    """Yell (all a held persona can do besides psionics and trying to get loose)."""


class Wait(Action, frozen=True, kw_only=True):
    """Spend the action on the simplest of tasks (keep hold), or decline a free attack;
    ``reason`` (optional) is told in the account."""

    reason: str = ""


class Concede(Action, frozen=True, kw_only=True):
    """Call it quits; ``reason`` (optional) is told in the account."""

    reason: str = ""


class StandUp(Action, frozen=True, kw_only=True):
    """Get up after being tripped."""


#: any action of an EXP fight (what the tactics choose)
ExpAction = (
    StartUnit
    | Attack
    | Grapple
    | BreakFree
    | Reverse
    | Release
    | Snatch
    | Trip
    | Yell
    | Wait
    | Concede
    | StandUp
)

ACTIONS: tuple[type[ExpAction], ...] = (
    StartUnit,
    Attack,
    Grapple,
    BreakFree,
    Reverse,
    Release,
    Snatch,
    Trip,
    Yell,
    Wait,
    Concede,
    StandUp,
)
