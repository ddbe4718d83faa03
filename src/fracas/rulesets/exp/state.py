"""Personas: the runtime state of each combatant, and what their kind allows.

Chapter: 'Non-Lethal Combat', the list of who may take part ("Anthros and advanced aliens
only", "Flora, fauna and robots do not understand surrender"); death and unconsciousness
per kind follow the research notes (section 5: robots die at CON 0, not at 0 HPS).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fracas.engine import Combatant, Context, Encounter, FracasError
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.tables import KINDS, SIZES

#: conditions that keep a persona in the fight
ACTIVE = "active"
#: conditions that take a persona out of the fight, in order of severity
OUT = ("conceded", "stunned", "broken", "unconscious", "dead")


@dataclass(frozen=True, slots=True)
class CombatRow:
    """One row of a persona's combat table (one attack type)."""

    skilled_bonus: int
    raw_bonus: int
    maximum_roll: int
    force_bonus: int


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon (or fist) as a persona holds it."""

    name: str
    attack_type: str
    damage: str
    close_range: bool = False
    natural: bool = False
    stun: bool = False


@dataclass(slots=True)
class Persona(Combatant):
    """An EXP persona in a fight. Changed only by events' ``apply``."""

    kind: str = "anthro"
    advanced: bool = False
    treaded: bool = False
    level: int = 1
    size: str = "medium"
    attributes: dict[str, int] = field(default_factory=dict)
    hps_max: int = 1
    hps: int = 1
    hand_to_hand: bool = False
    holds_back_force_bonus: bool = False
    table: dict[str, CombatRow] = field(default_factory=dict)
    defence_rating: int = 0
    weapons: list[Weapon] = field(default_factory=list)
    proficient_with: tuple[str, ...] = ()
    concede_below: int | None = None
    condition: str = ACTIVE
    holding: str | None = None  # whom this persona grapples
    held_by: str | None = None  # who grapples this persona
    down: int = 0  # actions still to spend getting up after a trip
    bonus_against: dict[str, int] = field(default_factory=dict)  # +242 after a failed snatch
    failed_trips: dict[str, int] = field(default_factory=dict)  # target -> trips it foiled
    tripped: list[str] = field(default_factory=list)  # targets this persona has tripped

    @property
    def active(self) -> bool:
        """Still in the fight (not conceded, stunned, broken, unconscious or dead)."""
        return self.condition == ACTIVE

    def attribute(self, name: str) -> int:
        """An attribute by its chapter name (``PSTR``, ``DEX``...)."""
        return self.attributes[name]

    def weapon(self, name: str) -> Weapon | None:
        """The weapon called ``name`` this persona holds, if any."""
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        return None


@dataclass(slots=True)
class ExpEncounter(Encounter[Persona]):
    """An EXP fight: the unit's initiative order, who has acted, pending free attacks."""

    order: list[str] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    free_attack: tuple[str, str, str] | None = None  # (attacker, victim, weapon)
    bare_hands: Weapon = Weapon("fist", "strike", "1d6", close_range=True, natural=True)
    options: ExpOptions = field(default_factory=ExpOptions)  # the scenario's (tactics read them)
    #: what the tactics worked out and will ask again (``tactics.chosen_weapon``); not the
    #: fight's state: no event reads it, equality and repr leave it out
    tactics_memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def personas(self) -> dict[str, Persona]:
        """The combatants, by the chapter's word (the same dict, not a copy to keep in step)."""
        return self.combatants


#: the context an EXP rule resolves in: ``ctx.state`` and ``ctx.options`` typed
ExpContext = Context[ExpEncounter, ExpOptions]


def persona(state: ExpEncounter, name: str) -> Persona:
    """The persona called ``name`` (an id from the scenario)."""
    return state.combatants[name]  # ``personas`` is this dict: one property call less


def hold(state: ExpEncounter, grappler: str, target: str) -> None:
    """Link ``grappler`` holding ``target``, mirrored. Whatever either held or was held by
    before is let go first, so no persona holds or is held twice and every link has its
    mirror (Chapter, 'Grapples', 'Overpower': the grappled target "cannot accomplish
    anything other than psionic attacks and yelling")."""
    for name in (grappler, target):
        let_go_all(state, name)
    persona(state, grappler).holding = target
    persona(state, target).held_by = grappler


def let_go(state: ExpEncounter, grappler: str, target: str) -> None:
    """End the hold of ``grappler`` on ``target``. A hold that does not exist is a log that
    does not fold: ``FracasError`` (never a half-changed link)."""
    g, t = persona(state, grappler), persona(state, target)
    if g.holding != t.id or t.held_by != g.id:
        raise FracasError(f"{g.name} does not hold {t.name} in a grapple")
    g.holding = None
    t.held_by = None


def let_go_all(state: ExpEncounter, name: str) -> None:
    """End every hold ``name`` is part of, as grappler or as held (its mirror too)."""
    p = persona(state, name)
    if p.holding is not None:
        let_go(state, p.id, p.holding)
    if p.held_by is not None:
        let_go(state, p.held_by, p.id)


#: the kinds table read once: (kind, advanced) -> may be subdued / may attack non-lethally
SUBDUABLE: dict[tuple[str, bool], bool] = {
    (name, advanced): row.nonlethal_target_if_advanced if advanced else row.nonlethal_target
    for name, row in KINDS.items()
    for advanced in (False, True)
}
NONLETHAL_ATTACKER: dict[tuple[str, bool], bool] = {
    (name, advanced): row.nonlethal_attacker_if_advanced if advanced else row.nonlethal_attacker
    for name, row in KINDS.items()
    for advanced in (False, True)
}
#: size category -> its rank (tiny 0 ... giant 5)
SIZE_RANK: dict[str, int] = {size: rank for rank, size in enumerate(SIZES)}


def can_be_subdued(p: Persona) -> bool:
    """Chapter, 'Non-Lethal Combat': "Anthros and advanced aliens only": can this persona be
    the target of non-lethal damage? (Flora, fauna and robots "do not understand
    surrender".)"""
    return SUBDUABLE[p.kind, p.advanced]


def grasps_surrender(kind: str, advanced: bool) -> bool:
    """Chapter, 'Non-Lethal Combat': "The combatants must be able to grasp the concept of
    surrender. Flora, fauna and robots do not understand surrender ... and will lethally
    fight for their lives": only those who can be subdued (anthros and advanced aliens) may
    concede."""
    return SUBDUABLE[kind, advanced]


def may_attack_nonlethally(p: Persona) -> bool:
    """Chapter, 'Non-Lethal Combat': "Robots may attack non-lethally"; flora and fauna "will
    lethally fight for their lives"."""
    return NONLETHAL_ATTACKER[p.kind, p.advanced]


def comparable_size(a: Persona, b: Persona, steps: int) -> bool:
    """Chapter, 'Non-Lethal Combat': "Subduer must be of comparable size": at most ``steps``
    size categories apart (option ``comparable_size_steps``)."""
    return abs(SIZE_RANK[a.size] - SIZE_RANK[b.size]) <= steps


def condition_at(p: Persona, hps: int, death_below_zero: str, robot_at_zero: str) -> str:
    """The condition a persona is in at ``hps`` (notes, section 5): aliens, flora and fauna
    die at 0 HPS; anthros are knocked out at 0 and die at -CON (or 0, by option); robots
    only break a part at 0 HPS and die at CON 0."""
    if p.attributes["CON"] <= 0 and KINDS[p.kind].dies_at_zero_con:
        return "dead"
    if hps > 0:
        return ACTIVE
    at_zero = KINDS[p.kind].at_zero_hps
    if at_zero == "broken":
        return "broken" if robot_at_zero == "broken" else ACTIVE
    if at_zero == "dead":
        return "dead"
    limit = -p.attributes["CON"] if death_below_zero == "minus-con" else 0
    return "dead" if hps <= limit else "unconscious"
