"""Every action the pending persona may take now, as menu choices (``Ruleset.legal_actions``).

The list is built by proposing every action the ruleset knows for the actor (each weapon on
each other persona, lethal or not, each move, each of the simplest tasks) and keeping those
that pass :func:`check_action`, the same checks ``resolve`` makes before anything is rolled,
so every choice resolves without ``IllegalAction``. The GM's situational adjustment is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fracas.engine import Action, Choice, IllegalAction, Pending
from fracas.rulesets.exp import actions as act
from fracas.rulesets.exp.attack import check_attack
from fracas.rulesets.exp.grapple import check_grapple, check_held, check_release
from fracas.rulesets.exp.initiative import next_actor
from fracas.rulesets.exp.legality import check_turn, require, surrender_problem, unarmed_reason
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.snatch import check_snatch
from fracas.rulesets.exp.state import ExpEncounter, Persona, persona
from fracas.rulesets.exp.trip import check_trip


def check_stand_up(state: ExpEncounter, options: ExpOptions, action: act.StandUp) -> None:
    """Only a persona who is down after a trip gets up (option ``tripped_loses_actions``),
    and not while held: Chapter, 'Grapples', 'Overpower': "The target cannot accomplish
    anything other than psionic attacks and yelling while grappled" (she gets loose first)."""
    p = persona(state, action.actor or "")
    if p.down == 0:
        raise IllegalAction(f"{p.name} is not down")
    if p.held_by is not None:
        raise IllegalAction(
            f"{p.name} is held in a grapple and cannot get up: only psionic attacks, "
            "yelling, a break check or a reversal"
        )


def check_concede(state: ExpEncounter, options: ExpOptions, action: act.Concede) -> None:
    """Flora, fauna and robots "do not understand surrender" and cannot concede."""
    require(surrender_problem(persona(state, action.actor or "")))


def _free(state: ExpEncounter, options: ExpOptions, action: Any) -> None:
    """Yelling and waiting are always open to a persona whose turn it is."""


CHECKS: dict[type[Action], Callable[[ExpEncounter, ExpOptions, Any], object]] = {
    act.Attack: check_attack,
    act.Grapple: check_grapple,
    act.Snatch: check_snatch,
    act.Trip: check_trip,
    act.BreakFree: lambda state, options, action: check_held(state, action.actor),
    act.Reverse: lambda state, options, action: check_held(state, action.actor),
    act.Release: lambda state, options, action: check_release(state, action),
    act.Yell: _free,
    act.Wait: _free,
    act.Concede: check_concede,
    act.StandUp: check_stand_up,
}


def check_free_attack(state: ExpEncounter, action: Action) -> None:
    """A free attack must be the offered one (weapon, victim), or declined with Wait."""
    assert state.free_attack is not None
    _, victim, weapon = state.free_attack
    if isinstance(action, act.Wait):
        return
    if not isinstance(action, act.Attack) or action.target != victim or action.weapon != weapon:
        raise IllegalAction(f"the free attack is with the {weapon} on {victim}, or none (Wait)")


def check_action(state: ExpEncounter, action: Action) -> None:
    """Raise ``IllegalAction`` if ``resolve`` would refuse ``action`` now (before any roll)."""
    if state.over:
        raise IllegalAction("the fight is over")
    if isinstance(action, act.StartUnit):
        if next_actor(state) is not None or state.free_attack is not None:
            raise IllegalAction("the unit is not over: someone still has to act")
        return
    if action.actor not in state.combatants:
        raise IllegalAction(f"no persona called {action.actor!r}")
    actor = persona(state, action.actor)
    free = state.free_attack is not None
    check_turn(state, actor, free)
    if free:
        check_free_attack(state, action)
    CHECKS[type(action)](state, state.options, action)


def _others(state: ExpEncounter, p: Persona) -> list[Persona]:
    """Everyone else still in the fight: enemies first, then allies (scenario order)."""
    others = [o for o in state.personas.values() if o.id != p.id and o.active]
    return sorted(others, key=lambda o: o.side == p.side)


def _attacks(p: Persona, target: Persona) -> Iterator[Choice]:
    for w in p.weapons:
        for lethal in (False, True):
            how = "lethally" if lethal else "non-lethally"
            yield Choice(
                f"hit {target.name} {how} with the {w.name}",
                act.Attack(actor=p.id, target=target.id, weapon=w.name, lethal=lethal),
                "attack",
            )


def proposals(state: ExpEncounter, p: Persona) -> Iterator[Choice]:
    """Every action ``p`` might take, legal or not, each with a label and a kind."""
    if state.free_attack is not None and state.free_attack[0] == p.id:
        _, victim, weapon = state.free_attack
        name = persona(state, victim).name
        for lethal in (False, True):
            how = "lethally" if lethal else "non-lethally"
            yield Choice(
                f"free attack on {name} with the {weapon}, {how}",
                act.Attack(actor=p.id, target=victim, weapon=weapon, lethal=lethal),
                "attack",
            )
        yield Choice("decline the free attack", act.Wait(actor=p.id), "wait")
        return
    for target in _others(state, p):
        yield from _attacks(p, target)
    for target in _others(state, p):
        yield Choice(f"grapple {target.name}", act.Grapple(actor=p.id, target=target.id), "grapple")
        yield Choice(f"trip {target.name}", act.Trip(actor=p.id, target=target.id), "trip")
        for w in target.weapons:
            yield Choice(
                f"snatch {target.name}'s {w.name}",
                act.Snatch(actor=p.id, target=target.id, weapon=w.name),
                "snatch",
            )
    grappler = persona(state, p.held_by).name if p.held_by else ""
    held = persona(state, p.holding).name if p.holding else ""
    yield Choice(f"break free of {grappler}", act.BreakFree(actor=p.id), "break-free")
    yield Choice(f"reverse {grappler}'s grapple", act.Reverse(actor=p.id), "reverse")
    yield Choice(f"let go of {held}", act.Release(actor=p.id), "release")
    yield Choice("get up", act.StandUp(actor=p.id), "stand-up")
    yield Choice("yell", act.Yell(actor=p.id), "yell")
    why = unarmed_reason(p) or ""  # told in the account, as the tactics tell it
    waiting = f"keep hold of {held}" if held else "wait" + (f" ({why})" if why else "")
    yield Choice(waiting, act.Wait(actor=p.id, reason=why), "wait")
    yield Choice("call it quits", act.Concede(actor=p.id, reason=why), "concede")


def legal(state: ExpEncounter, action: Action) -> bool:
    """Would ``resolve`` accept ``action`` now?"""
    try:
        check_action(state, action)
    except IllegalAction:
        return False
    return True


def legal_actions(state: ExpEncounter, pending: Pending) -> list[Choice]:
    """Every action the pending actor may take now (the unit's upkeep when ``actor`` is
    None), each resolvable without ``IllegalAction``."""
    if pending.actor is None:
        start = act.StartUnit(actor=None)
        return (
            [Choice(f"start unit {state.round + 1}", start, "unit")] if legal(state, start) else []
        )
    p = persona(state, pending.actor)
    return [c for c in proposals(state, p) if legal(state, c.action)]
