"""The state of a percentile fight: each combatant's fixed profile and what changes in a fight.

Only events (events.py) change these objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.dice import Expr
from fracas.engine import Combatant, Context, Encounter
from fracas.rulesets.percentile.options import PercentileOptions

#: weapon conditions
READY, DROPPED, LOST, BROKEN, JAMMED = "ready", "dropped", "lost", "broken", "jammed"


@dataclass(frozen=True, slots=True)
class Arm:
    """A weapon a combatant carries, with the combatant's skill with it precomputed."""

    key: str
    name: str
    klass: str  # melee, projectile, beam
    damage: Expr
    damage_max: int
    bv: int
    rounds: int
    rate: int
    speed_reload: bool
    group: int
    specific: int
    skill: int  # group + specific (Chapter 5, "Weapon skills")
    builtin: bool = False  # part of a battle-suit: never runs dry, cannot be dropped
    natural: bool = False  # body parts: cannot be dropped, disarmed or broken


@dataclass(frozen=True, slots=True)
class Profile:
    """What does not change during the fight (from the scenario and the tables)."""

    STR: int
    CON: int
    AGL: int
    PER: int
    hp_max: int
    fatigue_max: int
    armour: str | None
    armour_name: str
    abs: int
    projectile_only: bool
    tech_armour: bool
    mobile: bool
    arms: tuple[Arm, ...]
    dodge: int | None
    first_aid: int | None
    encumbrance: int
    load_g: int
    script: tuple[str, ...] | None
    then: str | None
    pronoun: str  # he, she or they, for the account
    carried: tuple[int, ...]  # indices of the arms that are not body parts
    no_weapon_left: str  # option no_weapon_left for this fighter (ruleset.no_weapon_left)
    draw_takes_round: bool  # option draw_weapon, for the tactics
    full_damage_doubles: bool  # option full_damage: double, for the tactics
    dodges_better: bool  # tactics.dodges_rather_than_parries, worked out once
    # roll purposes, built once
    p_attack: str
    p_parry: str
    p_dodge: str
    p_damage: str
    p_fumble: str
    p_reload: str
    p_first_aid: str
    p_initiative: str


@dataclass(slots=True)
class Fighter(Combatant):
    """A combatant in a percentile fight."""

    p: Profile
    hp: int = 0
    fatigue: int = 0
    wielded: int = 0  # index into p.arms, -1 for none
    condition: list[str] = field(default_factory=list)  # per arm: ready, dropped, lost...
    bv: list[int] = field(default_factory=list)
    ammo: list[int] = field(default_factory=list)
    abs_loss: int = 0
    glitch: int = 0
    # the rounds without parry or dodge after fumbles (table 5.2, 41-60): from
    # ``defenceless_from`` to ``defenceless_round`` (0 and 0: none); a fumble while
    # defenceless only moves the end on (``Defenceless``)
    defenceless_from: int = 0
    defenceless_round: int = 0
    dead: bool = False
    able: bool = True  # can fight: kept by ``update_able`` whenever hp or ``dead`` change
    below_zero_round: int = 0  # round hp went below 0 (0: not below 0)
    stabilised: bool = False  # a successful First aid stopped the bleeding
    down_round: int = 0  # round the combatant was last downed (0: never)
    initiative: int = 0
    declared_round: int = 0
    stance: str = "normal-attack"
    target: str | None = None
    dodging: bool = False
    speed_reload: bool = False
    defences_used: int = 0
    yielded: str = ""  # "surrenders" or "flees": out of the fight by choice

    def update_able(self) -> None:
        """Keep ``able`` (a field, read on every decision) in step after hp or death change:
        alive, conscious (Chapter 5, "Damage and fatigue": unconscious at 0 hp) and able to
        move ("Powered armour": battle-suits without power)."""
        self.able = not self.dead and self.hp > 0 and self.p.mobile and not self.yielded

    @property
    def bleeding(self) -> bool:
        """Below 0 hp, alive and not yet given first aid (Chapter 5, "Damage and fatigue")."""
        return self.hp < 0 and not self.dead and not self.stabilised

    @property
    def arm(self) -> Arm | None:
        """The wielded weapon, if any."""
        return None if self.wielded < 0 else self.p.arms[self.wielded]

    @property
    def arm_ready(self) -> bool:
        return self.wielded >= 0 and self.condition[self.wielded] == READY

    @property
    def armour_abs(self) -> int:
        return max(0, self.p.abs - self.abs_loss)


@dataclass(frozen=True, slots=True)
class Asking:
    """An attack waiting for its defender's decision: defend beyond the free defences (one
    more Hard) or not (Chapter 5, "Attacking and defending")."""

    defender: str
    attacker: str
    result: int  # the attack's result (0 fumble .. 4 perfect)
    kind: str  # parry or dodge
    chance: int  # the number the defence would be rolled against
    mods: str


@dataclass(slots=True)
class PercentileEncounter(Encounter[Fighter]):
    """A percentile fight: the order attacks resolve in, and an attack that waits for its
    defender's decision (``asking``), if any."""

    order: list[str] = field(default_factory=list)
    asking: Asking | None = None


#: the context a percentile rule resolves in: ``ctx.state`` and ``ctx.options`` typed
PercentileContext = Context[PercentileEncounter, PercentileOptions]


def fighter(state: PercentileEncounter, name: str) -> Fighter:
    """The combatant called ``name``."""
    return state.combatants[name]


def fighters(state: PercentileEncounter) -> list[Fighter]:
    """Every combatant, in scenario order."""
    return list(state.combatants.values())


def acting(state: PercentileEncounter, c: Fighter, simultaneous: bool) -> bool:
    """Whether ``c`` takes part in the round: able now, or (in a simultaneous round) downed
    only during this round (Chapter 5, "The round": "effectively simultaneous")."""
    if c.able:
        return True
    return simultaneous and c.p.mobile and not c.yielded and c.down_round == state.round


def is_defenceless(c: Fighter, round_number: int) -> bool:
    """Whether ``c`` may neither parry nor dodge in round ``round_number`` after fumbles
    (table 5.2, 41-60: "defenceless in next round")."""
    return 0 < c.defenceless_from <= round_number <= c.defenceless_round
