"""The actions of a Starflight fight and their registry (chapter 9.2, 'Character-Scale Actions').

Each action type is a tagged ``Action`` struct registered with its cost (free, move,
standard or full-round), the function that resolves it, and optionally the function that
lists the actor's legal choices of that type now (``choices``, for ``legal_actions``) and one
that prices a particular action when its cost depends on what it does (``cost_of``: a Move
under 6 m is a free step). The resolvers live in modules named after the chapter's actions
(``attack_action``, ``draw_sheathe``, ``facing``, ``move_action``, ``prone``, ``reload``,
``snipe``, ``standby``, ``run``, ``ready``, ``speak``, ``use_skill``, ``raise_lower_shield``,
``mount``, ``stunts``), each registering its own with :func:`register`; ``ruleset`` imports
them all. New action types (the chapter's Charge, Grapple...) are added by declaring the
struct here and registering its resolver (and choices) in a new module; nothing in the
existing actions changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

import msgspec

from fracas.engine import Action, Choice
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

Cost = Literal["free", "move", "standard", "full"]
PHASES: dict[str, int] = {"free": 0, "move": 1, "standard": 1, "full": 2}
Resolver = Callable[[StarflightContext, Fighter, Any], None]
Chooser = Callable[[Fight, Fighter], list[Choice]]
Pricer = Callable[[Fight, Fighter, Any], Cost]


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A registered action type: its class, cost, resolver, and optional chooser/pricer."""

    cls: type[Action]
    cost: Cost
    resolve: Resolver
    choices: Chooser | None = None
    cost_of: Pricer | None = None

    @property
    def phases(self) -> int:
        """Action phases it uses (a full-round action needs the whole turn)."""
        return PHASES[self.cost]

    def phases_for(self, fight: Fight, c: Fighter, action: Action) -> int:
        """Action phases this particular action uses (its pricer may raise IllegalAction)."""
        if self.cost_of is None:
            return self.phases
        return PHASES[self.cost_of(fight, c, action)]


REGISTRY: dict[type[Action], ActionKind] = {}


def register(
    cls: type[Action],
    cost: Cost,
    *,
    choices: Chooser | None = None,
    cost_of: Pricer | None = None,
) -> Callable[[Resolver], Resolver]:
    """Register ``cls`` as an action costing ``cost`` resolved by the decorated function;
    ``choices`` lists the legal actions of this type for a combatant now; ``cost_of`` prices
    one action of the type when its cost depends on what it does."""

    def decorate(fn: Resolver) -> Resolver:
        REGISTRY[cls] = ActionKind(cls, cost, fn, choices, cost_of)
        return fn

    return decorate


def lists_choices(cls: type[Action]) -> Callable[[Chooser], Chooser]:
    """Attach the decorated chooser to the already registered ``cls`` (for a module that
    registers its resolver first and lists its choices below it)."""

    def decorate(fn: Chooser) -> Chooser:
        REGISTRY[cls] = replace(REGISTRY[cls], choices=fn)
        return fn

    return decorate


class Strike(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon (index in the combatant's list; None = unarmed) fired/swung at a target."""

    target: str
    weapon: int | None = None
    shots: int = 1


class Attack(Action, frozen=True, kw_only=True):
    """'A regular Attack counts as a Standard Action'."""

    strikes: list[Strike]


class Draw(Action, frozen=True, kw_only=True):
    """Draw the weapon at index ``weapon`` of the combatant's list."""

    weapon: int


class Sheathe(Action, frozen=True, kw_only=True):
    """Put away the weapon at index ``weapon``."""

    weapon: int


class Face(Action, frozen=True, kw_only=True):
    """Turn to face another combatant."""

    target: str


class Move(Action, frozen=True, kw_only=True):
    """Move towards (``toward``) or away from (``away_from``) a combatant, or to the point
    ``to``; at most ``metres`` (default: as far as the movement points allow); ``withdraw``
    leaves the fight if the move ends beyond fifteen increments of every hostile."""

    toward: str | None = None
    away_from: str | None = None
    to: tuple[int, int] | None = None
    metres: int | None = None
    withdraw: bool = False


class Run(Move, frozen=True, kw_only=True):
    """Run towards or away from a combatant, or to a point (as a Move, four times as far)."""


class DropProne(Action, frozen=True, kw_only=True):
    """'A combatant may drop Prone as a free action.'"""


class StandUp(Action, frozen=True, kw_only=True):
    """'they may spend a move action to stand back up'."""


class Reload(Action, frozen=True, kw_only=True):
    """Spend a phase reloading the weapon at index ``weapon``."""

    weapon: int


class Snipe(Action, frozen=True, kw_only=True):
    """'Sniping attacks are full-round actions.'"""

    target: str
    weapon: int


class Standby(Action, frozen=True, kw_only=True):
    """Pass one action phase; ``reason`` (optional) is told in the account."""

    reason: str = ""


# --- the combat actions of 'Attack Action Rules' (each resolved in its own module) ---


class Charge(Action, frozen=True, kw_only=True):
    """'Charge': run at ``target``, one melee attack (``weapon``: None = unarmed) at +10, then
    move the same distance back (full-round)."""

    target: str
    weapon: int | None = None


class PushAttack(Action, frozen=True, kw_only=True):
    """'Push Attack': run at ``target``, opposed Power checks (full-round)."""

    target: str


class Trip(Action, frozen=True, kw_only=True):
    """'Trip': at Range Zero, a melee attack against THD, then Power against Finesse
    (in place of a regular attack)."""

    target: str


class Trample(Action, frozen=True, kw_only=True):
    """'Trample': a creature's push that runs its target down (full-round)."""

    target: str


class Grapple(Action, frozen=True, kw_only=True):
    """'Grapple': grab ``target`` (or join the grapple it is in) and wrestle it."""

    target: str


class GrappleCheck(Action, frozen=True, kw_only=True):
    """An opposed Grapple check while grappling: ``aim`` 'damage' or 'pin' (``target`` a
    grappled opponent), 'break-pin' (``target`` the pinner), or 'escape' (every opponent)."""

    aim: Literal["damage", "pin", "break-pin", "escape"]
    target: str | None = None


class GrabAttack(Action, frozen=True, kw_only=True):
    """'Improved Grab': a melee attack; if it hits, a Grapple as a free action without
    provoking an Opportunity Attack."""

    target: str
    weapon: int | None = None


class Constrict(Action, frozen=True, kw_only=True):
    """'Constrict': free after winning a Grapple check against ``target``."""

    target: str


class ReapplyConstriction(Action, frozen=True, kw_only=True):
    """'Re-applied Constriction actions count as standard actions.'"""

    target: str


class SwallowWhole(Action, frozen=True, kw_only=True):
    """'Swallow Whole': after winning a Grapple check, a second one to swallow ``target``."""

    target: str


class CutFree(Action, frozen=True, kw_only=True):
    """A swallowed combatant attacks its swallower from within (``weapon``: None = unarmed)."""

    weapon: int | None = None


class FullAttack(Action, frozen=True, kw_only=True):
    """'Full Attack': one attack roll per wielded weapon at ``target`` (full-round)."""

    target: str


class CoupDeGrace(Action, frozen=True, kw_only=True):
    """'Coup de Grace' on a Helpless ``target`` within Range One (full-round)."""

    target: str
    weapon: int | None = None


class ManipulateItem(Action, frozen=True, kw_only=True):
    """'Manipulate Item/Object': pick up the weapon ``weapon`` of ``owner`` lying at Range 0."""

    owner: str
    weapon: int


class ActivateItem(Action, frozen=True, kw_only=True):
    """'Activate Item': use a piece of equipment (chapter 5.4: not covered)."""

    item: str
    target: str | None = None


class DropItem(Action, frozen=True, kw_only=True):
    """'Drop Item': let go of the weapon ``weapon`` (free)."""

    weapon: int


class AttackItem(Action, frozen=True, kw_only=True):
    """'Attack Item': attack the obstacle ``obstacle`` (index) with ``weapon``."""

    obstacle: int
    weapon: int | None = None


class Disarm(Action, frozen=True, kw_only=True):
    """'Disarm/Sunder': attack ``target``'s weapon ``item`` (index; None: its personal
    shield) with ``weapon`` (None = unarmed) (full-round)."""

    target: str
    item: int | None = None
    weapon: int | None = None


class Aid(Action, frozen=True, kw_only=True):
    """'Aid': a Leadership check to rally Shaken allies or inspire one."""

    kind: Literal["rally", "inspire"]
    targets: list[str]


class RechargeShield(Action, frozen=True, kw_only=True):
    """'Reload/Recharge': a spare battery into the personal shield."""


class Stunt(msgspec.Struct, frozen=True, kw_only=True):
    """One stunt of a move; ``side`` ('left' or 'right') for the lateral ones."""

    name: str
    side: Literal["", "left", "right"] = ""


class StuntMove(Action, frozen=True, kw_only=True):
    """A move made of stunts, in order (the 'walk forward' stunt is plain walking); the one
    change of facing a move allows: ``turn_to`` a combatant after ``turn_after`` stunts."""

    stunts: list[Stunt]
    turn_to: str = ""
    turn_after: int = 0


TriggerKind = Literal["within", "attacks", "moves"]


class Trigger(msgspec.Struct, frozen=True, kw_only=True):
    """When a readied action goes off: a hostile (``who``; '' = any) comes ``within``
    ``metres``, ``moves`` at all, or ``attacks`` anyone."""

    kind: TriggerKind
    who: str = ""
    metres: int = 10


class Ready(Action, frozen=True, kw_only=True):
    """Ready ``readied`` (one of the actor's own single-phase actions) until ``trigger``."""

    readied: Any
    trigger: Trigger


class Speak(Action, frozen=True, kw_only=True):
    """Say ``words`` to ``to`` (a combatant's id, or '' for everyone); ``order``: the words
    are an order to ``to``."""

    words: str
    to: str = ""
    order: bool = False


class UseSkill(Action, frozen=True, kw_only=True):
    """A skill check against ``dc`` as a standard action; ``task``: what it is for (with
    Concentration, the task concentrated on)."""

    skill: str
    dc: int
    task: str = ""


class CeaseConcentration(Action, frozen=True, kw_only=True):
    """Stop concentrating (free)."""


class RaiseShield(Action, frozen=True, kw_only=True):
    """Raise a personal shield, or ready a physical one."""


class LowerShield(Action, frozen=True, kw_only=True):
    """Lower a personal shield, or loosen a physical one."""


class DonArmour(Action, frozen=True, kw_only=True):
    """Put on the carried armour piece at index ``armour``."""

    armour: int


class RemoveArmour(Action, frozen=True, kw_only=True):
    """Take off the worn armour piece at index ``armour``."""

    armour: int


class Mount(Action, frozen=True, kw_only=True):
    """Climb onto the steed (a combatant's id) within one melee increment."""

    steed: str


class Dismount(Action, frozen=True, kw_only=True):
    """Get down from the steed."""


# -- medical Aid (chapter 9.2, 'Aid'; 'Assisted Revival, Resuscitation, and Stasis') ---------
# Resolved in ``medical_aid``; the after-the-fight rest in ``rest``.


Vehicle = Literal["none", "parked", "moving"]


class Revive(Action, frozen=True, kw_only=True):
    """Aid: an Intensive Care Check giving an Unconscious ``patient`` revival medicine."""

    patient: str


class Resuscitate(Action, frozen=True, kw_only=True):
    """Aid: an Intensive Care Check to bring a ``patient`` at zero HP back from clinical death."""

    patient: str


class PlaceInStasis(Action, frozen=True, kw_only=True):
    """Aid: an Intensive Care Check to place a clinically dead ``patient`` in stasis."""

    patient: str


class Rest(Action, frozen=True, kw_only=True):
    """After the fight: ``hours`` of rest, with ``medic`` (an id) caring for the others, in a
    ``vehicle`` (none, parked or moving). ``actor`` is None: nobody's turn."""

    hours: int
    medic: str | None = None
    vehicle: Vehicle = "none"
