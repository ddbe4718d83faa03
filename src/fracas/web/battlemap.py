"""The battle map: the field of a ruleset with positions (``Ruleset.battlefield``) as a
server-rendered SVG, built for one visitor from what their board already holds.

A player's map has only the combatants on their board (hidden ones are left out, and so is
an attack line that would name one); the reach and field of vision are drawn for the
combatant whose turn it is and the visitor's own. The moves on offer are the board's own
choices (``Ruleset.legal_actions``, filtered for the visitor as the buttons are): each one
``Ruleset.lands_at`` places is a point on the map, and each choice that names a combatant is
listed under its token, so a tap on the ground picks the nearest legal move and a tap on a
token the actions aimed at it. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import ceil, cos, floor, hypot, log10, radians, sin
from typing import TYPE_CHECKING, Any, Protocol

from fracas.engine import Choice, Encounter
from fracas.engine.battlefield import Battlefield
from fracas.engine.ruleset import Ruleset
from fracas.web.hidden import mentions

if TYPE_CHECKING:
    from fracas.engine.view import Card


class Board(Protocol):
    """What the map reads of a visitor's board (``web.views.Board``)."""

    @property
    def order(self) -> list[str]: ...
    @property
    def cards(self) -> Sequence[Card | Any]: ...
    @property
    def choices(self) -> list[tuple[int, Choice]]: ...
    @property
    def pending_actor(self) -> str | None: ...
    @property
    def own(self) -> tuple[str, ...]: ...


#: one colour per side, in the order sides first appear
PALETTE = ("#2f6db3", "#b3402f", "#3c8a4a", "#8a5bb3", "#c0841e", "#2f9a9a")


@dataclass(frozen=True, slots=True)
class MapToken:
    """A combatant as drawn: SVG coordinates (``y`` down), colour, what to mark."""

    id: str
    name: str
    initials: str
    side: str
    colour: str
    x: float
    y: float
    facing: int | None
    tip: tuple[float, float] | None
    reach: float
    cone: str
    out: bool
    prone: bool
    current: bool
    mine: bool
    wound: str


@dataclass(frozen=True, slots=True)
class MapObstacle:
    name: str
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str
    cover: str
    destroyed: bool


@dataclass(frozen=True, slots=True)
class MapSpot:
    """A point a legal move ends at, with the choices (value, label) that end there."""

    key: int
    x: float
    y: float
    choices: tuple[tuple[int, str], ...]


@dataclass
class MapView:
    """Everything the map partial draws."""

    unit: str
    view_box: str
    radius: float
    font: float
    grid: list[tuple[str, float, float, float, float]]
    scale_bar: tuple[float, float, float, str]
    tokens: list[MapToken]
    obstacles: list[MapObstacle]
    attack: tuple[float, float, float, float, str, str] | None
    spots: list[MapSpot] = field(default_factory=list)
    aimed: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    actor: str | None = None


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[-1][0]).upper()


def nice_step(span: float) -> float:
    """A grid step of 1, 2 or 5 times a power of ten, about a tenth of ``span``."""
    target = max(span / 8, 1e-9)
    power = 10.0 ** floor(log10(target))
    for m in (1, 2, 5, 10):
        if m * power >= target:
            return m * power
    return 10 * power


def _cone(x: float, y: float, facing: int, width: int, r: float) -> str:
    """An SVG path: the sector of ``width`` degrees centred on ``facing`` (field's angles:
    counter-clockwise from +x; SVG's y is down, so the angle's sine is negated)."""
    if width >= 360:
        return ""
    a0, a1 = radians(facing - width / 2), radians(facing + width / 2)
    x0, y0 = x + r * cos(a0), y - r * sin(a0)
    x1, y1 = x + r * cos(a1), y - r * sin(a1)
    large = 1 if width > 180 else 0
    return f"M{x:.2f},{y:.2f} L{x0:.2f},{y0:.2f} A{r:.2f},{r:.2f} 0 {large} 0 {x1:.2f},{y1:.2f} Z"


def battle_map(
    ruleset: Ruleset[Any, Any, Any],
    state: Encounter[Any],
    log: list[Any],
    b: Board,
) -> MapView | None:
    """The map of board ``b`` (``None`` for a ruleset or scenario without positions)."""
    fieldview: Battlefield | None = ruleset.battlefield(state, log)
    if fieldview is None:
        return None
    seen = set(b.order)
    wounds = {c.id: c.wound for c in b.cards}
    # the sides in the order they first appear among those on the board (a side seen only
    # in hidden combatants takes no colour: it would shift the colours of the others)
    sides: list[str] = []
    for cid, c in state.combatants.items():
        if cid in seen and c.side not in sides:
            sides.append(c.side)
    placed = [t for t in fieldview.tokens if t.id in seen]
    spots: dict[tuple[float, float], list[tuple[int, str]]] = {}
    aimed: dict[str, list[tuple[int, str]]] = {}
    for i, choice in b.choices:
        _place(ruleset, state, choice, i, spots, aimed, b.pending_actor, seen)
    xs = [t.x for t in placed] + [p[0] for p in spots]
    ys = [t.y for t in placed] + [p[1] for p in spots]
    for o in fieldview.obstacles:
        xs += [o.start[0], o.end[0]]
        ys += [o.start[1], o.end[1]]
    if not xs:
        xs, ys = [0.0], [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 10.0)
    radius = span / 32
    pad = span * 0.08 + radius * 2
    left, right = min(xs) - pad, max(xs) + pad
    top, bottom = -max(ys) - pad, -min(ys) + pad  # SVG y runs down
    step = nice_step(span)
    grid: list[tuple[str, float, float, float, float]] = []
    gx = ceil(left / step) * step
    while gx <= right:
        grid.append(("v", gx, top, gx, bottom))
        gx += step
    gy = ceil(top / step) * step
    while gy <= bottom:
        grid.append(("h", left, gy, right, gy))
        gy += step
    label = f"{step:g} {fieldview.unit}"
    scale_bar = (left + radius, bottom - radius, left + radius + step, label)
    tokens: list[MapToken] = []
    for t in placed:
        c = state.combatants[t.id]
        x, y = float(t.x), -float(t.y)
        tip = None
        if t.facing is not None:
            turn = radians(t.facing)
            tip = (x + 1.9 * radius * cos(turn), y - 1.9 * radius * sin(turn))
        cone = ""
        if t.facing is not None and t.vision is not None:
            cone = _cone(x, y, t.facing, t.vision, span / 5)
        tokens.append(
            MapToken(
                id=t.id,
                name=c.name,
                initials=initials(c.name),
                side=c.side,
                colour=PALETTE[sides.index(c.side) % len(PALETTE)],
                x=x,
                y=y,
                facing=t.facing,
                tip=tip,
                reach=float(t.reach),
                cone=cone,
                out=t.out,
                prone=t.prone,
                current=t.id == b.pending_actor,
                mine=t.id in b.own,
                wound=wounds.get(t.id, ""),
            )
        )
    attack = None
    last = fieldview.last_attack
    where = {t.id: t for t in tokens}
    if last is not None and last.attacker in where and last.target in where:
        by, at = where[last.attacker], where[last.target]
        told = f"{by.name} → {at.name}: {last.outcome}"
        # the arrow stops at the target's edge, where its head shows
        gap = hypot(at.x - by.x, at.y - by.y)
        cut = min(radius * 1.15, gap / 2) / gap if gap else 0.0
        tip_x, tip_y = at.x - (at.x - by.x) * cut, at.y - (at.y - by.y) * cut
        attack = (by.x, by.y, tip_x, tip_y, last.outcome, told)
    return MapView(
        unit=fieldview.unit,
        view_box=f"{left:.2f} {top:.2f} {right - left:.2f} {bottom - top:.2f}",
        radius=radius,
        font=radius * 0.95,
        grid=grid,
        scale_bar=scale_bar,
        tokens=tokens,
        obstacles=[
            MapObstacle(
                o.name,
                o.start[0],
                -o.start[1],
                o.end[0],
                -o.end[1],
                o.kind,
                o.cover,
                o.destroyed,
            )
            for o in fieldview.obstacles
        ],
        attack=attack,
        spots=[MapSpot(k, x, -y, tuple(items)) for k, ((x, y), items) in enumerate(spots.items())],
        aimed=aimed,
        actor=b.pending_actor,
    )


def _place(
    ruleset: Ruleset[Any, Any, Any],
    state: Encounter[Any],
    choice: Choice,
    value: int,
    spots: dict[tuple[float, float], list[tuple[int, str]]],
    aimed: dict[str, list[tuple[int, str]]],
    actor: str | None,
    seen: set[str],
) -> None:
    """File one legal choice under the point it moves its actor to and under every (seen)
    combatant it names besides the actor."""
    point = ruleset.lands_at(state, choice.action)
    if point is not None:
        spots.setdefault((float(point[0]), float(point[1])), []).append((value, choice.label))
    for cid in mentions(choice.action, state):
        if cid != actor and cid in seen:
            aimed.setdefault(cid, []).append((value, choice.label))
