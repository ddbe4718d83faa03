"""The events of a percentile fight. Each carries the numbers its line of the account needs and
changes the state only in its own ``apply``."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event, InconsistentLog
from fracas.rulesets.percentile.skill_check import SUCCESS
from fracas.rulesets.percentile.state import (
    LOST,
    READY,
    Asking,
    Fighter,
    PercentileEncounter,
    is_defenceless,
)


class InitiativeRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """PER + AGL + D20 (Chapter 5, "The round")."""

    who: str
    d20: int
    total: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.initiative = self.total


class OrderSet(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The order attacks resolve in: initiative in round 1, the declared order afterwards."""

    order: list[str]

    def apply(self, state: PercentileEncounter) -> None:
        state.order = list(self.order)


class StanceDeclared(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A combatant's choice for this round."""

    who: str
    round: int
    stance: str
    target: str | None = None
    dodge: bool = False
    speed_reload: bool = False

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.declared_round = self.round
        c.stance = self.stance
        c.target = self.target
        c.dodging = self.dodge
        c.speed_reload = self.speed_reload
        c.defences_used = 0


class AttackRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """An attack check: the rolls, the number rolled against and the result (0 fumble ..
    4 perfect). ``skill`` is the unmodified skill, ``mods`` names the modifiers."""

    who: str
    target: str
    weapon: str
    skill: int
    chance: int
    mods: str
    rolls: tuple[int, ...]
    result: int


class DefenceAsked(Event[PercentileEncounter], frozen=True, kw_only=True):
    """An attack came out ``result`` and ``who`` has no free defence left: the fight waits
    for ``who`` to decide whether to parry (or dodge, ``kind``) at ``chance`` (one more Hard,
    ``mods``) or take it (Chapter 5, "Attacking and defending")."""

    who: str
    attacker: str
    result: int
    kind: str
    chance: int
    mods: str

    def apply(self, state: PercentileEncounter) -> None:
        state.asking = Asking(
            self.who, self.attacker, self.result, self.kind, self.chance, self.mods
        )


class DefenceRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A parry or dodge check (``kind``), or ``none`` when the defender cannot defend, or
    chose not to (``declined``; then the table's Fail column applies and no roll is made).
    ``counts``: whether it uses up one of the round's defences (option ``fumble_parry``)."""

    who: str
    attacker: str
    kind: str
    skill: int
    chance: int
    mods: str
    rolls: tuple[int, ...]
    result: int
    reason: str = ""
    declined: bool = False
    counts: bool = True

    def apply(self, state: PercentileEncounter) -> None:
        if self.kind != "none" and self.counts:
            c: Fighter = state.combatants[self.who]
            c.defences_used += 1
        state.asking = None


class Yielded(Event[PercentileEncounter], frozen=True, kw_only=True):
    """``who`` leaves the fight: ``how`` is "surrenders" or "flees"; ``reason`` says why."""

    who: str
    how: str
    reason: str = ""

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.yielded = self.how
        c.update_able()


class Exchanged(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The line of table 5.1 that the attack and defence results select."""

    attacker: str
    defender: str
    attack: int
    parry: int
    text: str


class Damaged(Event[PercentileEncounter], frozen=True, kw_only=True):
    """``who`` loses ``amount`` hp: ``rolled`` (or the weapon's maximum...) minus ``absorbed``
    ABS. ``kind``: normal, full, full-no-armour, fall, bleeding, explosion."""

    who: str
    source: str
    kind: str
    rolled: int
    absorbed: int
    amount: int
    hp_after: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        if c.hp > 0 >= c.hp - self.amount:
            c.down_round = state.round
        c.hp -= self.amount
        if c.hp != self.hp_after:
            raise InconsistentLog(f"{self.who} has {c.hp} hp, the log says {self.hp_after}")
        if c.hp < 0 and c.below_zero_round == 0:
            c.below_zero_round = state.round
        if c.hp <= -c.p.CON:
            c.dead = True
        c.update_able()


class Killed(Event[PercentileEncounter], frozen=True, kw_only=True):
    """Instant death (table 5.1, perfect attack against a fumbled parry)."""

    who: str
    by: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        if c.hp > 0 and not c.dead:
            c.down_round = state.round
        c.dead = True
        c.update_able()


class WeaponDropped(Event[PercentileEncounter], frozen=True, kw_only=True):
    """Disarmed or dropped: the wielded weapon is on the ground (``distance_m`` if it flew),
    or ``lost`` for the fight (option dropped_weapon: lost)."""

    who: str
    weapon: str
    distance_m: int | None
    lost: bool
    reason: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.condition[c.wielded] = LOST if self.lost else "dropped"


class WeaponRecovered(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A round spent picking the dropped weapon up."""

    who: str
    weapon: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.condition[c.wielded] = READY


class WeaponDrawn(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The next weapon carried is taken in hand (index ``index`` of the scenario's list; -1:
    none left)."""

    who: str
    index: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.wielded = self.index


class Defenceless(Event[PercentileEncounter], frozen=True, kw_only=True):
    """No parry or dodge in round ``round`` (table 5.2, 41-60: "defenceless in next round").
    A fighter defenceless now stays so for the rest of this round too: the text ends no
    defenceless round early, so the rounds only grow (``Fighter.defenceless_from``)."""

    who: str
    round: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        if not is_defenceless(c, state.round):
            c.defenceless_from = self.round
        c.defenceless_round = max(c.defenceless_round, self.round)


class FumbleRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The d100 on table 5.2 and its row."""

    who: str
    roll: int
    low: int
    high: int
    text: str


class ArmourGlitched(Event[PercentileEncounter], frozen=True, kw_only=True):
    """Tech armour's power glitches: ``penalty`` points off all attacks from now on."""

    who: str
    penalty: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.glitch += self.penalty


class ArmourLoosened(Event[PercentileEncounter], frozen=True, kw_only=True):
    """Non-tech armour loosens: -1 ABS (never below 0)."""

    who: str
    abs_after: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.abs_loss += 1
        if c.armour_abs != self.abs_after:
            raise InconsistentLog(f"{self.who}'s armour ABS would be {c.armour_abs}")


class WeaponDamaged(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A weapon took more damage than its break value: BV -1 (Chapter 5, "Break value")."""

    who: str
    weapon: str
    damage: int
    bv_after: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.bv[c.wielded] = self.bv_after


class WeaponBroken(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The wielded weapon breaks (``broken``) or jams/explodes (``jammed``) for the fight."""

    who: str
    weapon: str
    condition: str
    reason: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.condition[c.wielded] = self.condition


class ExplosionRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A malfunctioning projectile or beam weapon: d100 <= 15 explodes."""

    who: str
    weapon: str
    roll: int
    exploded: bool


class AmmoSpent(Event[PercentileEncounter], frozen=True, kw_only=True):
    who: str
    weapon: str
    left: int

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.ammo[c.wielded] = self.left


class Reloaded(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A full load (rounds or E-cell charges). ``speed``: a speed-reload check made it."""

    who: str
    weapon: str
    rounds: int
    speed: bool

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.ammo[c.wielded] = self.rounds


class SpeedReloadRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """The speed-reload check (Chapter 5, "Reloading": specific skill + half the group
    skill, ``skill``; ``chance`` after the combatant's own modifiers, ``mods``)."""

    who: str
    weapon: str
    chance: int
    rolls: tuple[int, ...]
    result: int
    skill: int = 0
    mods: str = ""


class FirstAidRolled(Event[PercentileEncounter], frozen=True, kw_only=True):
    """A First aid check on a bleeding friend; a success stops the bleeding (Chapter 5,
    "Damage and fatigue": "until a successful First aid has been done")."""

    who: str
    target: str
    skill: int
    chance: int
    mods: str
    rolls: tuple[int, ...]
    result: int

    def apply(self, state: PercentileEncounter) -> None:
        if self.result >= SUCCESS:
            c: Fighter = state.combatants[self.target]
            c.stabilised = True


class FatigueLost(Event[PercentileEncounter], frozen=True, kw_only=True):
    who: str
    amount: int
    fatigue_after: int
    reason: str

    def apply(self, state: PercentileEncounter) -> None:
        c: Fighter = state.combatants[self.who]
        c.fatigue -= self.amount
        if c.fatigue != self.fatigue_after:
            raise InconsistentLog(f"{self.who} has {c.fatigue} fatigue, not {self.fatigue_after}")


EVENT_TYPES: tuple[type[Event[Any]], ...] = (
    InitiativeRolled,
    OrderSet,
    StanceDeclared,
    AttackRolled,
    DefenceAsked,
    DefenceRolled,
    Yielded,
    Exchanged,
    Damaged,
    Killed,
    WeaponDropped,
    WeaponRecovered,
    WeaponDrawn,
    Defenceless,
    FumbleRolled,
    ArmourGlitched,
    ArmourLoosened,
    WeaponDamaged,
    WeaponBroken,
    ExplosionRolled,
    AmmoSpent,
    Reloaded,
    SpeedReloadRolled,
    FirstAidRolled,
    FatigueLost,
)
