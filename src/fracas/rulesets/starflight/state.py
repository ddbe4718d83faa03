"""The folded state of a Starflight fight: fighters, weapons, gear, obstacles, turn order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fracas.engine import Combatant, Context, Encounter
from fracas.rulesets.starflight.armour import Gear
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.species import Rider, Species
from fracas.rulesets.starflight.weapons import WeaponClass


@dataclass(slots=True)
class WeaponState:
    """A carried weapon: what it is, which motor part holds it, drawn, shots loaded, and the
    round an Opportunity Attack discharged it in (0: never)."""

    name: str
    cls: int
    type: str
    damage_type: str
    stats: WeaponClass
    sniper: bool
    appendages: int
    hand: str
    drawn: bool
    loaded: int
    scope: bool
    touch: bool = False
    reload_progress: int = 0
    dropped: bool = False
    discharged_round: int = 0
    # chapter 9.2 'Drop Item', 'Disarm/Sunder': where a dropped weapon lies; wrecked by a sunder
    dropped_at: tuple[int, int] | None = None
    wrecked: bool = False
    taken: bool = False


@dataclass(slots=True)
class Readied:
    """A readied action (as data: a registered action, or its dict from a log) and its
    trigger: ``kind`` 'within' (a hostile comes within ``metres``), 'attacks' or 'moves';
    ``who`` one combatant's id, or '' for any hostile; ``round`` it was readied in."""

    action: Any
    kind: str
    who: str
    metres: int
    round: int


@dataclass(slots=True)
class Fighter(Combatant):
    """A combatant's statistics and everything that happens to it (chapter 9.2)."""

    species_id: str = ""
    sex: str | None = None
    part_kinds: dict[str, str] = field(default_factory=dict)
    part_senses: dict[str, str] = field(default_factory=dict)
    part_names: dict[str, str] = field(default_factory=dict)
    part_riders: dict[str, str] = field(default_factory=dict)
    dominant: str = ""
    attributes: dict[str, int] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    durability: int = 1
    size_class: int = 3
    hd: int = 0
    thd: int = 0
    fhd: int = 0
    nhp_max: int = 1
    nhp: int = 1
    hp_max: int = 1
    hp: int = 1
    initiative: int = 0
    si_base: int = 0
    saves: dict[str, int] = field(default_factory=dict)
    ab_melee: int = 0
    ab_ranged: int = 0
    encumbrance: int = 0
    equipment_hd: int = 0
    ambidextrous: bool = False
    weapons: list[WeaponState] = field(default_factory=list)
    armour: list[Gear] = field(default_factory=list)
    shield: Gear | None = None
    shield_raised: bool = False
    x: int = 0
    y: int = 0
    facing: int = 0
    surprised: bool = False
    amputee: int = 0
    order_score: int = 0
    # what has happened to it
    wounds: dict[str, int] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    maimed: list[str] = field(default_factory=list)
    prone: bool = False
    shaken: bool = False
    shaken_dc: int = 0
    dazed_until: int = 0
    immobile_until: int = 0
    comatose: bool = False
    coma_hours: int = 0
    coma_save_failed_at: int = -1  # the clock() of the last failed coma save
    dead_since: int | None = None
    brain_dead: bool = False
    mutilated: bool = False
    withdrawn: bool = False
    withdrawing: bool = False
    steps_taken: int = 0
    mp_spent: int = 0
    speed: int = 0
    concentrating: str = ""
    readied: list[Readied] = field(default_factory=list)
    phases_owed: int = 0
    run_streak: int = 0
    ran_round: int = 0
    stunt_hd: int = 0
    stunt_attack_penalty: int = 0
    stunt_penalty_until: int = 0
    actions_taken: int = 0
    # where its last move started (events.Moved): the tactics do not simply undo a move
    came_from: tuple[int, int] | None = None
    # the account's memory of a stand-by this turn (events.StoodBy)
    standby_at: int = -2
    standby_reason: str = ""
    standby_again: bool = False
    mounted_on: str = ""
    steed: bool = False
    first_wound_round: int | None = None
    # the combat actions of 'Attack Action Rules' ('Charge', 'Grapple', 'Swallow Whole'...)
    abilities: tuple[str, ...] = ()
    charge_response: str = "strike"
    charged_round: int = 0
    charged_turn: int = -1
    grappling: list[str] = field(default_factory=list)
    pinning: str | None = None
    pin_round: int = 0
    pin_turn: int = -1
    grapple_won_round: int = 0
    grapple_won_against: str | None = None
    constricting: str | None = None
    swallowed_by: str | None = None
    swallow_damage: int = 0
    full_attack_round: int | None = None
    inspired_until: int = 0
    inspired_bonus: int = 0
    shield_batteries: int = 0
    # medicine (chapter 9.2, 'Healing and Recuperation'; 'Assisted Revival ...')
    comeliness: int = 0
    technology_age: str = "starfaring"
    stimulants: int = 0
    stasis_method: str | None = None
    nhp_boost: int = 0
    last_stimulant: int | None = None
    premature_doses: int = 0
    in_stasis: bool = False
    stasis_deadline: int = 0
    stasis_unit: int = 1
    stasis_until: int | None = None
    afflictions: list[str] = field(default_factory=list)
    attempts: dict[str, int] = field(default_factory=dict)
    stasis_failed: bool = False
    surgery_hours: int = 0
    crash_hp: int | None = None

    def total_wounds(self) -> int:
        """Every Wound on every part."""
        return sum(self.wounds.values())


@dataclass(slots=True)
class Obstacle:
    """Something between combatants: low (shoot over), penetrable (HP), or solid."""

    name: str
    start: tuple[int, int]
    end: tuple[int, int]
    kind: str
    hp: int
    damage_reduction: int
    destroyed: bool = False


@dataclass(slots=True)
class Fight(Encounter[Fighter]):
    """A Starflight encounter: the turn structure on top of the engine's Encounter.
    ``crossings`` caches which obstacles a line of fire crosses (pure geometry: obstacles do
    not move, and every fight on the same obstacles shares it,
    ``line_of_sight.shared_crossings``). ``memo`` is a decision's cache
    (``decision.deciding``): set while the tactics choose, which only read the state, so what
    they derive (line of sight, hostiles, the odds of a strike) is worked out once per
    decision; None otherwise."""

    options: StarflightOptions = field(default_factory=StarflightOptions)
    scale: str = "ranged"
    increment_m: int = 25
    species: dict[str, Species] = field(default_factory=dict)
    riders: dict[str, Rider] = field(default_factory=dict)
    obstacles: list[Obstacle] = field(default_factory=list)
    vehicles: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    turn: int = -1
    current: str | None = None
    phases_left: int = 0
    surprise_round: bool = False
    roster: list[Fighter] = field(default_factory=list, compare=False, repr=False)  # a cache
    round_limit_reason: str | None = None
    crossings: dict[tuple[int, int, int, int], tuple[int, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    frictionless: bool = False
    memo: dict[Any, Any] | None = field(default=None, compare=False, repr=False)

    rest_minutes: int = 0
    inside_vehicle: str = "none"

    def clock(self) -> int:
        """Time since the fight began, in rounds: the combat rounds, then ten rounds for each
        minute of rest after it (chapter 9.2: 'ten rounds (every minute)')."""
        return self.round + 10 * self.rest_minutes

    def fighter(self, cid: str) -> Fighter:
        """The fighter with id ``cid``."""
        return self.combatants[cid]

    def fighters(self) -> list[Fighter]:
        """Every fighter in scenario order."""
        if len(self.roster) != len(self.combatants):
            self.roster = list(self.combatants.values())
        return self.roster


#: the context a Starflight rule resolves in: ``ctx.state`` and ``ctx.options`` typed
StarflightContext = Context[Fight, StarflightOptions]
