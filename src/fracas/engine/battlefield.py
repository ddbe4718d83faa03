"""What a front end draws of a fight whose combatants have positions: a battle map.

A ruleset with positions (:meth:`fracas.engine.ruleset.Ruleset.battlefield`) says where each
combatant stands and faces, how far its weapon in hand reaches, what obstacles stand on the
field and which attack was made last; :meth:`~fracas.engine.ruleset.Ruleset.lands_at` says
where a move action would leave its actor. A front end draws this; it knows no game.

Coordinates are the ruleset's own (metres in Starflight), ``x`` to the right and ``y`` up;
a facing is in whole degrees, 0 along +x, counter-clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Token:
    """One combatant on the field. ``reach``: how far its weapon in hand (or its fists)
    reaches, in the field's unit (0 when it has none); ``vision``: the width of its field of
    vision in degrees (``None``: it sees all round); ``out``: no longer fighting (down,
    withdrawn); ``prone``: lying down."""

    id: str
    x: float
    y: float
    facing: int | None = None
    reach: float = 0.0
    vision: int | None = None
    out: bool = False
    prone: bool = False


@dataclass(frozen=True, slots=True)
class Obstacle:
    """A wall, crate or the like, as a segment. ``kind`` is the ruleset's word for how it
    blocks ("low": shot over; "penetrable"; "solid"); ``cover`` says it in the table's words."""

    name: str
    start: tuple[float, float]
    end: tuple[float, float]
    kind: str
    cover: str = ""
    destroyed: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    """The line of an attack: who at whom, and what came of it in a word ("hit", "miss")."""

    attacker: str
    target: str
    outcome: str = ""


@dataclass(frozen=True, slots=True)
class Battlefield:
    """The field: its unit of distance, every combatant on it, the obstacles, the last
    attack (``None`` before the first)."""

    unit: str
    tokens: tuple[Token, ...]
    obstacles: tuple[Obstacle, ...] = ()
    last_attack: Attack | None = None
