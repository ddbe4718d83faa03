"""Ready (chapter 9.2, 'Ready').

"The player in this case elects to prepare an action to perform in the event that some other
condition takes place between the time they ready the action and the character's next turn
(even during another character's turn). If the condition is fulfilled, the character
performs the readied action at once, delaying any action the current combatant may be making
until the readied action is resolved. If the readied action is executed, the character loses
one of their action phases during the next round (or their entire turn, if two readied actions
are executed). Readied actions are only good for one round".

The trigger is data: a hostile (``who``, or any) comes within ``metres``, moves, or attacks.
Declaring a Ready costs an action phase (option ``ready_cost``).
"""

from __future__ import annotations

from math import isqrt
from operator import attrgetter
from typing import Any

import msgspec

from fracas.engine import Action, Choice, Event, IllegalAction
from fracas.engine.action import convert_action
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import (
    REGISTRY,
    Attack,
    Cost,
    Ready,
    Strike,
    Trigger,
    register,
)
from fracas.rulesets.starflight.conditions import in_fight, is_unconscious, striking_part
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.range import distance_m, hostiles, reach_m
from fracas.rulesets.starflight.state import Fight, Fighter, Readied, StarflightContext, WeaponState

MAX_READIED = 2
MAX_TRIGGER_M = 10_000


@more_event
class ReadyDeclared(Event[Fight], frozen=True, kw_only=True):
    """An action readied until the trigger (or the combatant's next turn)."""

    who: str
    action: Any
    kind: str
    trigger_who: str
    metres: int
    round: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        raw = msgspec.to_builtins(self.action)  # the same in a live session and a read log
        c.readied.append(Readied(raw, self.kind, self.trigger_who, self.metres, self.round))


@more_event
class ReadyTriggered(Event[Fight], frozen=True, kw_only=True):
    """The trigger came about: the readied action at ``index`` goes off now (interrupting
    ``by``'s action) and costs a phase of the next round."""

    who: str
    index: int
    by: str

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        del c.readied[self.index]
        c.phases_owed += 1


@more_event
class ReadyFizzled(Event[Fight], frozen=True, kw_only=True):
    """The readied action could not be carried out when it went off."""

    who: str
    reason: str


@more_event
class ReadyExpired(Event[Fight], frozen=True, kw_only=True):
    """'Readied actions are only good for one round': the combatant's next turn came."""

    who: str
    count: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).readied.clear()


def as_action(raw: Any) -> Action:
    """The readied action as a registered action object (a log gives it as a dict)."""
    if isinstance(raw, Action):
        return raw
    try:
        return convert_action(raw, tuple(REGISTRY))
    except msgspec.ValidationError as exc:
        raise IllegalAction(f"action: not an action this ruleset knows ({exc})") from None


def check_ready(fight: Fight, c: Fighter, ready: Ready) -> Action:
    """The readied action must be the actor's own, registered, a single phase, not a Ready."""
    action = as_action(ready.readied)
    kind = REGISTRY[type(action)]
    if action.actor != c.id:
        raise IllegalAction(f"{c.name} can only ready its own action")
    if isinstance(action, Ready) or kind.phases > 1:
        raise IllegalAction("a readied action is one single action (not a Ready, not full-round)")
    t = ready.trigger
    if t.who and (t.who not in fight.combatants or fight.fighter(t.who).side == c.side):
        raise IllegalAction(f"trigger: {t.who!r} is not a hostile combatant")
    if not 0 < t.metres <= MAX_TRIGGER_M:
        raise IllegalAction(f"trigger: metres must be 1 to {MAX_TRIGGER_M}")
    if len(c.readied) >= MAX_READIED:
        raise IllegalAction(f"{c.name} already has {MAX_READIED} actions readied")
    return action


def ready_cost(fight: Fight, c: Fighter, action: Ready) -> Cost:
    """One action phase, or free (option ``ready_cost``)."""
    return "free" if fight.options.ready_cost == "free" else "standard"


def resolve_ready(ctx: StarflightContext, c: Fighter, ready: Ready) -> None:
    """Record the readied action and its trigger."""
    fight = ctx.state
    action = check_ready(fight, c, ready)
    t = ready.trigger
    ctx.emit(
        ReadyDeclared(
            who=c.id,
            action=action,
            kind=t.kind,
            trigger_who=t.who,
            metres=t.metres,
            round=fight.round,
        )
    )


AMBUSH_M = 25


def ambush_metres(fight: Fight, weapon: WeaponState | None) -> int:
    """How near an ambusher lets a hostile come before striking: its weapon's reach, at most
    25 m."""
    return min(reach_m(fight, weapon), AMBUSH_M)


def readied_attack(fight: Fight, c: Fighter, target: Fighter, weapon: int | None) -> Attack:
    """One strike at ``target`` with the weapon (or fists), as a readied action."""
    return Attack(actor=c.id, strikes=[Strike(target=target.id, weapon=weapon)])


def usable_part(c: Fighter, weapon: int | None) -> bool:
    """Whether the motor appendage the strike needs still works ('Lethal Damage and Wounds')."""
    part = striking_part(c, None if weapon is None else c.weapons[weapon])
    return not part or part not in c.failed


def ready_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Ready one strike with each drawn weapon (fists if none) at each hostile, for when it
    moves, attacks, or comes within the weapon's reach."""
    if len(c.readied) >= MAX_READIED:
        return []
    drawn = [i for i, w in enumerate(c.weapons) if w.drawn and not w.dropped]
    weapons: list[int | None] = list(drawn) if drawn else [None]
    weapons = [i for i in weapons if usable_part(c, i)]
    out = []
    for o in hostiles(fight, c):
        for i in weapons:
            what = "bare hands" if i is None else f"the {c.weapons[i].name}"
            reach = reach_m(fight, None if i is None else c.weapons[i])
            attack = readied_attack(fight, c, o, i)
            near = ambush_metres(fight, None if i is None else c.weapons[i])
            triggers = dict.fromkeys(
                [
                    Trigger(kind="within", who=o.id, metres=min(reach, MAX_TRIGGER_M)),
                    Trigger(kind="within", who=o.id, metres=near),
                    Trigger(kind="moves", who=o.id),
                    Trigger(kind="attacks", who=o.id),
                ]
            )
            for t in triggers:
                when = f"comes within {t.metres} m" if t.kind == "within" else t.kind
                label = f"ready an attack on {o.name} with {what} for when it {when}"
                out.append(Choice(label, Ready(actor=c.id, readied=attack, trigger=t), "ready"))
    return out


register(Ready, "standard", choices=ready_choices, cost_of=ready_cost)(resolve_ready)


def aimed_at(r: Fighter, readied: Readied, actor: Fighter) -> bool:
    """Whether ``r``'s readied action waits for ``actor`` (a hostile; the one named)."""
    return actor.side != r.side and (not readied.who or readied.who == actor.id)


def matches(
    fight: Fight,
    r: Fighter,
    readied: Readied,
    kind: str,
    actor: Fighter,
    before: dict[str, int] | None,
) -> bool:
    """Whether ``actor``'s move (``moves``: starting; ``within``: a stretch of it, from the
    distances ``before``) or attack sets off ``r``'s readied action."""
    if not aimed_at(r, readied, actor) or readied.kind != kind:
        return False
    if kind == "within":
        was = (before or {}).get(r.id, 0)
        return distance_m(r, actor) <= readied.metres < was
    return True


def ready_to_react(fight: Fight, r: Fighter) -> bool:
    """In the fight, conscious, and something readied."""
    return bool(r.readied) and in_fight(r, fight.options) and not is_unconscious(r, fight.options)


def anyone_ready(fight: Fight) -> bool:
    """Whether any combatant has an action readied (the usual answer, no, read in C)."""
    return any(map(_readied, fight.combatants.values()))


_readied = attrgetter("readied")


def first_crossing(fight: Fight, c: Fighter, x: int, y: int) -> tuple[int, int] | None:
    """The first whole-metre point of ``c``'s straight move to (x, y) at which it comes
    within the distance a hostile's readied action waits for (None if it never does).

    The scan of each hostile's wait starts at ``first_metre_within``: no point before it can
    be within the distance."""
    if not anyone_ready(fight):
        return None  # nothing readied anywhere
    length = isqrt((x - c.x) ** 2 + (y - c.y) ** 2)
    best: int | None = None
    for r in fight.fighters():
        if not r.readied or r.id == c.id or not ready_to_react(fight, r):
            continue  # (nothing readied: ``ready_to_react``'s first test, inline)
        for readied in r.readied:
            if readied.kind != "within" or not aimed_at(r, readied, c):
                continue
            gap = distance_m(r, c)
            if gap <= readied.metres:
                continue
            start = first_metre_within(gap, readied.metres)
            for s in range(start, (length if best is None else best) + 1):
                px, py = along(c, x, y, s, length)
                if isqrt((px - r.x) ** 2 + (py - r.y) ** 2) <= readied.metres:
                    best = s
                    break
    return None if best is None else along(c, x, y, best, length)


def first_metre_within(gap: int, metres: int) -> int:
    """The first ``s`` at which a point ``along`` a straight move can be within ``metres``
    (whole metres, ``distance_m``) of a hostile ``gap`` whole metres from where it starts.
    The point ``s`` metres along, rounded to whole metres, is at most s + 0.71 m from the
    start, and being within ``metres`` means under metres + 1 m: so s > gap - metres - 1.71,
    that is s >= gap - metres - 1 (and s >= 1)."""
    return max(1, gap - metres - 1)


def along(c: Fighter, x: int, y: int, s: int, length: int) -> tuple[int, int]:
    """The whole-metre point ``s`` metres along c's line to (x, y)."""
    if s >= length:
        return x, y
    return round(c.x + (x - c.x) * s / length), round(c.y + (y - c.y) * s / length)


def set_off(
    ctx: StarflightContext, kind: str, actor: Fighter, before: dict[str, int] | None = None
) -> None:
    """As ``actor`` starts to move (``moves``), after a stretch of its move (``within``;
    ``before``: the distances before it) or as it attacks (``attacks``): every readied action
    it sets off goes off now, in the order of battle.

    Chapter 9.2, 'Ready'.
    """
    fight = ctx.state
    if not anyone_ready(fight):
        return  # nothing readied anywhere (the usual case): nothing to set off
    for rid in [*fight.order] or [c.id for c in fight.fighters()]:
        r = fight.combatants[rid]
        if not r.readied or r.id == actor.id or not ready_to_react(fight, r) or fight.over:
            continue  # (nothing readied: ``ready_to_react``'s first test, inline)
        if not in_fight(actor, fight.options):
            return
        for index, readied in enumerate(r.readied):
            if matches(fight, r, readied, kind, actor, before):
                action = as_action(readied.action)
                ctx.emit(ReadyTriggered(who=r.id, index=index, by=actor.id))
                try:
                    REGISTRY[type(action)].resolve(ctx, r, action)
                except IllegalAction as exc:
                    ctx.emit(ReadyFizzled(who=r.id, reason=str(exc)))
                break


def expire_readied(ctx: StarflightContext, c: Fighter) -> None:
    """At the combatant's next turn, what it readied and did not use lapses."""
    if c.readied:
        ctx.emit(ReadyExpired(who=c.id, count=len(c.readied)))


@account.line(ReadyDeclared)
def _declared(e: ReadyDeclared, f: Fight) -> str:
    c = f.fighter(e.who)
    who = f.fighter(e.trigger_who).name if e.trigger_who else "a hostile"
    when = {
        "within": f"{who} comes within {e.metres} m",
        "moves": f"{who} moves",
        "attacks": f"{who} attacks",
    }[e.kind]
    return f"  {c.name} readies {readied_text(f, c, as_action(e.action))} for when {when}"


def readied_text(f: Fight, c: Fighter, action: Action) -> str:
    """'a strike at Sseth with the slug pistol' / 'a Draw'."""
    strikes = getattr(action, "strikes", None)
    if strikes:
        s = strikes[0]
        what = "bare hands" if s.weapon is None else f"the {c.weapons[s.weapon].name}"
        return f"a strike at {f.fighter(s.target).name} with {what}"
    return f"a {type(action).__name__}"


@account.line(ReadyTriggered)
def _triggered(e: ReadyTriggered, f: Fight) -> str:
    return (
        f"  {f.fighter(e.who).name}'s readied action goes off, interrupting "
        f"{f.fighter(e.by).name} (a phase of the next round is spent)"
    )


@account.line(ReadyFizzled)
def _fizzled(e: ReadyFizzled, f: Fight) -> str:
    return f"    ...but {f.fighter(e.who).name} cannot: {e.reason}"


@account.line(ReadyExpired)
def _expired(e: ReadyExpired, f: Fight) -> str:
    return f"  {f.fighter(e.who).name}'s readied action lapses (good for one round)"
