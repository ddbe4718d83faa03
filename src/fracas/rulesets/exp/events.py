"""The EXP ruleset's events. Each changes state only in its own ``apply`` and carries the
numbers the account needs."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event, FracasError
from fracas.rulesets.exp.state import ACTIVE, ExpEncounter, hold, let_go, let_go_all


class InitiativeRolled(Event[ExpEncounter], frozen=True, kw_only=True):
    """The order of action for this unit; ``rolls`` holds (persona, total) pairs if rolled."""

    order: list[str]
    rolls: list[tuple[str, int]]

    def apply(self, state: ExpEncounter) -> None:
        state.order = list(self.order)
        state.acted = []
        for name in state.combatants:
            state.combatants[name].bonus_against.clear()


class TurnEnded(Event[ExpEncounter], frozen=True, kw_only=True):
    """``actor`` has used its action for this unit (or its free attack)."""

    actor: str
    free: bool = False

    def apply(self, state: ExpEncounter) -> None:
        if self.free:
            state.free_attack = None
            return
        state.acted.append(self.actor)
        state.combatants[self.actor].bonus_against.clear()


class AttackRolled(Event[ExpEncounter], frozen=True, kw_only=True):
    """A kilodie attack roll: ``roll`` + ``bonus`` capped at ``cap``, then ``situational``."""

    attacker: str
    target: str
    attack: str  # weapon name, or grapple / snatch / trip
    lethal: bool
    roll: int
    bonus: int
    bonus_name: str
    cap: int
    situational: int
    owed: int = 0  # the +242 after a fumbled snatch, added after the cap
    total: int
    defence: int
    hit: bool


class DamageRolled(Event[ExpEncounter], frozen=True, kw_only=True):
    """Damage rolled as per normal, plus the Force Bonus for Strike weapons (the non-lethal
    damage, when ``lethal`` is false)."""

    attacker: str
    lethal: bool
    dice: str
    target: str
    weapon: str
    rolled: int
    force_bonus: int
    held_back: bool
    damage: int


class StunChecked(Event[ExpEncounter], frozen=True, kw_only=True):
    """The DSS roll, made as if the target's HPS were ``hps_as_if``."""

    target: str
    damage: int
    hps_as_if: int
    method: str
    roll: int | None  # None when HPS-as-if is 0 or less (fails outright)
    total: int | None  # roll plus what the method adds to it
    needed: int
    stunned: bool


class OopsChecked(Event[ExpEncounter], frozen=True, kw_only=True):
    """The oops damage check: ``roll`` against the damage on the deci-die."""

    attacker: str
    target: str
    damage: int
    roll: int
    oops: bool


class OopsSkipped(Event[ExpEncounter], frozen=True, kw_only=True):
    """No oops check for this blow, and why (hand-to-hand skill, a stun weapon by option)."""

    attacker: str
    target: str
    reason: str


class Damaged(Event[ExpEncounter], frozen=True, kw_only=True):
    """HPS lost: ``cause`` is actual (10% of ``nonlethal``), oops (full, accidental) or
    lethal."""

    target: str
    amount: int
    cause: str
    hps_before: int
    hps_after: int
    nonlethal: int = 0  # the non-lethal damage that actual damage is 10% of

    def apply(self, state: ExpEncounter) -> None:
        state.combatants[self.target].hps = self.hps_after


class ConditionChanged(Event[ExpEncounter], frozen=True, kw_only=True):
    """A persona is out (conceded, stunned, broken, unconscious, dead); grapples end."""

    target: str
    condition: str
    reason: str

    def apply(self, state: ExpEncounter) -> None:
        p = state.combatants[self.target]
        p.condition = self.condition
        if self.condition != ACTIVE:
            let_go_all(state, p.id)


class Contested(Event[ExpEncounter], frozen=True, kw_only=True):
    """An attribute competition: each side rolls the attribute die + attribute (+ level)."""

    name: str  # "Strength Challenge", "Dexterity competition"...
    attribute: str
    attacker: str
    defender: str
    attacker_roll: int
    attacker_total: int
    defender_roll: int
    defender_total: int
    attacker_wins: bool


class Grappled(Event[ExpEncounter], frozen=True, kw_only=True):
    """The grapple sticks: ``grappler`` holds ``target``."""

    grappler: str
    target: str

    def apply(self, state: ExpEncounter) -> None:
        hold(state, self.grappler, self.target)


class GrappleEnded(Event[ExpEncounter], frozen=True, kw_only=True):
    """The grapple is over: broken free, released, or let go when the grappler is grappled
    in turn (``how``)."""

    grappler: str
    target: str
    how: str

    def apply(self, state: ExpEncounter) -> None:
        let_go(state, self.grappler, self.target)


class GrappleReversed(Event[ExpEncounter], frozen=True, kw_only=True):
    """The held persona turns the grapple: it now holds its former grappler."""

    grappler: str  # the new grappler (formerly held)
    target: str

    def apply(self, state: ExpEncounter) -> None:
        let_go(state, self.target, self.grappler)  # the hold being reversed must exist
        hold(state, self.grappler, self.target)


class WeaponSnatched(Event[ExpEncounter], frozen=True, kw_only=True):
    """``grabber`` wrests ``weapon`` from ``target``."""

    grabber: str
    target: str
    weapon: str

    def apply(self, state: ExpEncounter) -> None:
        grabber, target = state.combatants[self.grabber], state.combatants[self.target]
        held = target.weapon(self.weapon)
        assert held is not None
        target.weapons.remove(held)
        grabber.weapons.append(held)
        if not target.weapons:
            target.weapons.append(state.bare_hands)


class WeaponThrown(Event[ExpEncounter], frozen=True, kw_only=True):
    """``thrower`` has thrown ``weapon``: it is no longer in hand (option ``thrown_weapons``)."""

    thrower: str
    weapon: str

    def apply(self, state: ExpEncounter) -> None:
        thrower = state.combatants[self.thrower]
        held = thrower.weapon(self.weapon)
        if held is None:
            raise FracasError(f"{thrower.name} holds no {self.weapon} to throw")
        thrower.weapons.remove(held)
        if not thrower.weapons:
            thrower.weapons.append(state.bare_hands)


class SnatchBacklash(Event[ExpEncounter], frozen=True, kw_only=True):
    """A failed snatch: ``target`` gets ``bonus`` on its attack against ``grabber`` (if it
    still has an attack this unit), or a free attack with ``weapon`` out of the unit cycle."""

    grabber: str
    target: str
    step: str  # "dexterity" or "strength"
    bonus: int
    weapon: str | None

    def apply(self, state: ExpEncounter) -> None:
        victim = state.combatants[self.target]
        if self.bonus:
            victim.bonus_against[self.grabber] = self.bonus
        if self.weapon is not None:
            state.free_attack = (self.target, self.grabber, self.weapon)


class TripResolved(Event[ExpEncounter], frozen=True, kw_only=True):
    """A trip attempt's end: unnoticed, dodged, stopped or tripped (down for ``down``)."""

    attacker: str
    target: str
    outcome: str
    down: int

    def apply(self, state: ExpEncounter) -> None:
        attacker = state.combatants[self.attacker]
        foiled = attacker.failed_trips
        if self.outcome == "tripped":
            state.combatants[self.target].down = self.down
            if self.target not in attacker.tripped:
                attacker.tripped.append(self.target)
        elif self.outcome in ("dodged", "stopped"):
            foiled[self.target] = foiled.get(self.target, 0) + 1


class StoodUp(Event[ExpEncounter], frozen=True, kw_only=True):
    """A tripped persona spends an action getting up."""

    target: str

    def apply(self, state: ExpEncounter) -> None:
        p = state.combatants[self.target]
        p.down = max(0, p.down - 1)


class Yelled(Event[ExpEncounter], frozen=True, kw_only=True):
    """A held persona yells (one of the two things it still can do)."""

    actor: str


class Held(Event[ExpEncounter], frozen=True, kw_only=True):
    """A persona spends its action on the simplest of tasks: keeping hold, or waiting."""

    actor: str
    what: str


EXP_EVENTS: tuple[type[Event[Any]], ...] = (
    InitiativeRolled,
    TurnEnded,
    AttackRolled,
    DamageRolled,
    StunChecked,
    OopsChecked,
    OopsSkipped,
    Damaged,
    ConditionChanged,
    Contested,
    Grappled,
    GrappleEnded,
    GrappleReversed,
    WeaponSnatched,
    WeaponThrown,
    SnatchBacklash,
    TripResolved,
    StoodUp,
    Yelled,
    Held,
)
