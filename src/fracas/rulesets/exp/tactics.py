"""Tactics: each persona names one, and ``choose`` asks it for the persona's action.

``brawl``: a non-lethal attack with the best allowed weapon on the nearest (first in scenario
order) enemy still standing, a lethal one if that enemy cannot be subdued (robots, flora...).
``lethal``: a lethal attack with the best weapon. ``grapple``, ``snatch``, ``trip``: try that
move on the nearest enemy it is allowed on, else brawl. ``concede-below: N`` (with any of
them): concede as soon as HPS are below N. Every tactic gets up after a trip, and tries to get
loose from a grapple (``grapple`` tries a reversal instead)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fracas.dice import parse
from fracas.rulesets.exp.actions import (
    Attack,
    BreakFree,
    Concede,
    ExpAction,
    Grapple,
    Reverse,
    Snatch,
    StandUp,
    Trip,
    Wait,
)
from fracas.rulesets.exp.legality import (
    maneuver_target_problem,
    nonlethal_attacker_problem,
    nonlethal_weapon_problem,
    size_problem,
    subdual_target_problem,
    tippable_problem,
)
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ACTIVE, ExpEncounter, Persona, Weapon, persona

CONCEDE = "concede-below"


@dataclass(frozen=True, slots=True)
class TacticSpec:
    """A tactic name and its optional concession threshold."""

    name: str
    concede_below: int | None = None

    def text(self) -> str:
        """Canonical text: ``brawl`` or ``brawl; concede-below 10``."""
        tail = "" if self.concede_below is None else f"; {CONCEDE} {self.concede_below}"
        return self.name + tail


def _threshold(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{CONCEDE} needs a whole number of HPS of at least 1, not {value!r}")
    return value


def _items(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [part.strip() for part in value.split(";") if part.strip()]
    if isinstance(value, list):
        return value
    raise ValueError("tactics must be a name (brawl) or a list ([brawl, {concede-below: 10}])")


def parse_tactics(value: Any) -> TacticSpec:
    """Read ``brawl``, ``brawl; concede-below 10`` or ``[brawl, {concede-below: 10}]``."""
    name: str | None = None
    below: int | None = None
    for item in _items(value):
        if isinstance(item, dict) and list(item) == [CONCEDE]:
            below = _threshold(item[CONCEDE])
        elif isinstance(item, str) and item.startswith(CONCEDE):
            text = item[len(CONCEDE) :].strip(" :")
            below = _threshold(int(text) if text.isdigit() else text)
        elif isinstance(item, str) and item in TACTICS:
            if name is not None:
                raise ValueError(f"two tactics named: {name} and {item}")
            name = item
        else:
            known = ", ".join([*TACTICS, f"{CONCEDE}: N"])
            raise ValueError(f"unknown tactic {item!r} (known: {known})")
    if name is None:
        if below is None:
            raise ValueError("no tactic named")
        name = "brawl"
    return TacticSpec(name, below)


# -- helpers -------------------------------------------------------------------------------


def enemies(state: ExpEncounter, p: Persona) -> list[Persona]:
    """Enemies still in the fight, nearest first (the scenario's order)."""
    return [o for o in state.personas.values() if o.condition == ACTIVE and o.side != p.side]


def strike_only(options: ExpOptions) -> bool:
    """Does option ``nonlethal_attacks`` refuse Fling attacks?"""
    return options.nonlethal_attacks == "strike-only"


def usable(p: Persona, w: Weapon, options: ExpOptions) -> bool:
    """Has a table row, and is close-range if ``p`` is grappling."""
    if w.attack_type not in p.table:
        return False
    return p.holding is None or (options.grappler_may_attack and w.close_range)


def best_weapon(p: Persona, target: Persona, lethal: bool, options: ExpOptions) -> Weapon | None:
    """The usable weapon with the highest damage (first listed on a tie)."""
    best: Weapon | None = None
    for w in p.weapons:
        if not usable(p, w, options):
            continue
        if not lethal and nonlethal_weapon_problem(w, strike_only(options)) is not None:
            continue
        if best is None or parse(w.damage).maximum > parse(best.damage).maximum:
            best = w
    return best


def can_subdue(p: Persona, target: Persona, options: ExpOptions) -> bool:
    """May ``p`` attack ``target`` non-lethally at all (kinds and sizes)?"""
    return (
        nonlethal_attacker_problem(p) is None
        and subdual_target_problem(target) is None
        and size_problem(p, target, options) is None
    )


def brawl_attack(state: ExpEncounter, p: Persona, target: Persona) -> Attack | None:
    """A non-lethal attack on ``target`` if allowed, else a lethal one, else None."""
    options: ExpOptions = state.options
    if can_subdue(p, target, options):
        weapon = best_weapon(p, target, False, options)
        if weapon is not None:
            return Attack(actor=p.id, target=target.id, weapon=weapon.name)
    weapon = best_weapon(p, target, True, options)
    if weapon is None:
        return None
    return Attack(actor=p.id, target=target.id, weapon=weapon.name, lethal=True)


def lethal_attack(state: ExpEncounter, p: Persona, target: Persona) -> Attack | None:
    """A lethal attack on ``target`` with the best usable weapon, or None."""
    weapon = best_weapon(p, target, True, state.options)
    if weapon is None:
        return None
    return Attack(actor=p.id, target=target.id, weapon=weapon.name, lethal=True)


def maneuver_ok(state: ExpEncounter, p: Persona, target: Persona) -> bool:
    """Could ``p`` grapple, snatch from or trip ``target`` (kind, size, Strike row)?"""
    return (
        "strike" in p.table
        and nonlethal_attacker_problem(p) is None
        and maneuver_target_problem(target, state.options) is None
        and size_problem(p, target, state.options) is None
    )


# -- the tactics ---------------------------------------------------------------------------


def brawl(state: ExpEncounter, p: Persona) -> ExpAction:
    """Non-lethal strike at the nearest enemy standing (one owed +242 first)."""
    foes = enemies(state, p)
    if p.holding is not None:
        foes = [persona(state, p.holding)]
    foes.sort(key=lambda o: -p.bonus_against.get(o.id, 0))
    for target in foes:
        action = brawl_attack(state, p, target)
        if action is not None:
            return action
    return Wait(actor=p.id)


def lethal(state: ExpEncounter, p: Persona) -> ExpAction:
    """Lethal attack at the nearest enemy standing."""
    foes = [persona(state, p.holding)] if p.holding is not None else enemies(state, p)
    for target in foes:
        action = lethal_attack(state, p, target)
        if action is not None:
            return action
    return Wait(actor=p.id)


def grapple(state: ExpEncounter, p: Persona) -> ExpAction:
    """Grapple the nearest enemy not yet held; once holding, pummel it (or just hold)."""
    if p.holding is None:
        for target in enemies(state, p):
            if target.held_by is None and maneuver_ok(state, p, target):
                return Grapple(actor=p.id, target=target.id)
    return brawl(state, p)


def snatch(state: ExpEncounter, p: Persona) -> ExpAction:
    """Snatch the first weapon (not a fist) from the nearest armed enemy, else brawl."""
    if p.holding is None and state.options.allow_weapon_snatching:
        for target in enemies(state, p):
            weapon = next((w for w in target.weapons if not w.natural), None)
            if weapon is not None and maneuver_ok(state, p, target):
                return Snatch(actor=p.id, target=target.id, weapon=weapon.name)
    return brawl(state, p)


def trip(state: ExpEncounter, p: Persona) -> ExpAction:
    """Trip the nearest enemy still on its feet, else brawl."""
    if p.holding is None:
        for target in enemies(state, p):
            if (
                target.down == 0
                and tippable_problem(target) is None
                and maneuver_ok(state, p, target)
            ):
                return Trip(actor=p.id, target=target.id)
    return brawl(state, p)


TACTICS: dict[str, Callable[[ExpEncounter, Persona], ExpAction]] = {
    "brawl": brawl,
    "lethal": lethal,
    "grapple": grapple,
    "snatch": snatch,
    "trip": trip,
}
#: tactics that need a persona able to attack non-lethally
NONLETHAL_TACTICS: tuple[str, ...] = ("brawl", "grapple", "snatch", "trip")


def free_attack(state: ExpEncounter, p: Persona) -> ExpAction:
    """Take the free attack a failed snatch gives, if the tactic allows it; else decline."""
    assert state.free_attack is not None
    _, victim_id, weapon_name = state.free_attack
    victim, weapon = persona(state, victim_id), p.weapon(weapon_name)
    if weapon is None or p.down or p.held_by is not None or not usable(p, weapon, state.options):
        return Wait(actor=p.id)
    if p.tactics.startswith("lethal"):
        return Attack(actor=p.id, target=victim.id, weapon=weapon.name, lethal=True)
    allowed = nonlethal_weapon_problem(weapon, strike_only(state.options)) is None
    if can_subdue(p, victim, state.options) and allowed:
        return Attack(actor=p.id, target=victim.id, weapon=weapon.name)
    return Wait(actor=p.id)


def choose_action(state: ExpEncounter, actor: str) -> ExpAction:
    """The action ``actor``'s tactics choose now."""
    p = persona(state, actor)
    if state.free_attack is not None and state.free_attack[0] == p.id:
        return free_attack(state, p)
    if p.concede_below is not None and p.hps < p.concede_below:
        return Concede(actor=p.id)
    if p.down > 0:
        return StandUp(actor=p.id)
    name = p.tactics.split(";", 1)[0]
    if p.held_by is not None:
        return Reverse(actor=p.id) if name == "grapple" else BreakFree(actor=p.id)
    return TACTICS[name](state, p)
