"""Starflight events. Each changes the state only in its own ``apply`` and carries the
numbers the readable account needs."""

from __future__ import annotations

from typing import Any

from fracas.engine import Event
from fracas.rulesets.starflight.state import Fight, WeaponState


class OrderRolled(Event[Fight], frozen=True, kw_only=True):
    """The order of battle: ids from first to last and each one's score."""

    order: list[str]
    scores: dict[str, int]

    def apply(self, state: Fight) -> None:
        fight = state
        fight.order = list(self.order)
        for cid, score in self.scores.items():
            fight.fighter(cid).order_score = score


class SurpriseRound(Event[Fight], frozen=True, kw_only=True):
    """The round is (``active``) or stops being (not ``active``) a surprise round."""

    active: bool
    surprised: list[str]

    def apply(self, state: Fight) -> None:
        state.surprise_round = self.active


class TurnStarted(Event[Fight], frozen=True, kw_only=True):
    """``actor``'s turn begins with ``phases`` action phases (index ``turn`` in the order);
    its free steps, movement points, lost phases and stunt HD bonus of the turn before end."""

    actor: str
    turn: int
    phases: int

    def apply(self, state: Fight) -> None:
        fight = state
        fight.current, fight.turn, fight.phases_left = self.actor, self.turn, self.phases
        c = fight.fighter(self.actor)
        c.steps_taken, c.mp_spent, c.phases_owed, c.stunt_hd = 0, 0, 0, 0
        c.standby_at, c.standby_again = -2, False


class TurnsOver(Event[Fight], frozen=True, kw_only=True):
    """Every combatant has had its turn this round."""

    def apply(self, state: Fight) -> None:
        fight = state
        fight.current, fight.turn, fight.phases_left = None, -1, 0


class PhasesSpent(Event[Fight], frozen=True, kw_only=True):
    """The actor used ``phases`` of its action phases."""

    actor: str
    phases: int

    def apply(self, state: Fight) -> None:
        fight = state
        fight.phases_left = max(0, fight.phases_left - self.phases)
        fight.fighter(self.actor).actions_taken += 1


class Checked(Event[Fight], frozen=True, kw_only=True):
    """A check or save: d% ``natural`` (0-99) + ``modifier`` = ``total`` against ``dc``."""

    who: str
    what: str
    natural: int
    modifier: int
    total: int
    dc: int
    success: bool
    critical: str | None = None


class AttackRolled(Event[Fight], frozen=True, kw_only=True):
    """One weapon's attack roll against one target (``hits`` shots of ``shots`` hit):
    ``roll_terms`` (label, amount) make up ``modifier``, ``notes`` the effective HD;
    ``opportunity``: an Opportunity Attack."""

    attacker: str
    target: str
    weapon: str
    natural: int
    modifier: int
    total: int
    effective_hd: int
    hits: int
    shots: int
    critical: str | None = None
    notes: tuple[str, ...] = ()
    roll_terms: tuple[tuple[str, int], ...] = ()
    opportunity: bool = False


class Located(Event[Fight], frozen=True, kw_only=True):
    """Where a hit landed: the d10 rolls (re-rolls included) and the part."""

    target: str
    rolls: list[int]
    part: str


class ObstacleHit(Event[Fight], frozen=True, kw_only=True):
    """A shot through an obstacle: ``absorbed`` points stopped, ``hp_after`` left."""

    obstacle: int
    absorbed: int
    hp_after: int

    def apply(self, state: Fight) -> None:
        state.obstacles[self.obstacle].hp = self.hp_after


class DamageTaken(Event[Fight], frozen=True, kw_only=True):
    """A hit's damage after gear: what got through and every count after it."""

    target: str
    part: str
    lethal: int
    nonlethal: int
    converted: int
    shield_absorbed: int
    armour_absorbed: int
    nonlethal_reduced: int
    nhp_after: int
    hp_after: int
    shield_hp_after: int | None
    armour_hp_after: list[int]
    si_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.target)
        c.nhp, c.hp = self.nhp_after, self.hp_after
        if c.shield is not None and self.shield_hp_after is not None:
            c.shield.hp = self.shield_hp_after
        for piece, hp in zip(c.armour, self.armour_hp_after, strict=True):
            piece.hp = hp


class WoundsInflicted(Event[Fight], frozen=True, kw_only=True):
    """``count`` Wounds on ``part``; ``on_part`` and ``total`` are the counts after."""

    target: str
    part: str
    count: int
    on_part: int
    total: int
    cause: str

    def apply(self, state: Fight) -> None:
        fight = state
        c = fight.fighter(self.target)
        c.wounds[self.part] = self.on_part
        if c.first_wound_round is None:
            c.first_wound_round = fight.round


class WoundHealed(Event[Fight], frozen=True, kw_only=True):
    """A critical success on a part-failure check removes one Wound from the part."""

    target: str
    part: str

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.target)
        c.wounds[self.part] = max(0, c.wounds.get(self.part, 0) - 1)


class PartFailed(Event[Fight], frozen=True, kw_only=True):
    """A body part stops working."""

    target: str
    part: str
    reason: str

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.target)
        if self.part not in c.failed:
            c.failed.append(self.part)


class PartMaimed(Event[Fight], frozen=True, kw_only=True):
    """A part took twice Durability in Wounds: maimed, and the Amputee Complication grows."""

    target: str
    part: str
    amputee_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.target)
        if self.part not in c.maimed:
            c.maimed.append(self.part)
        if self.part not in c.failed:
            c.failed.append(self.part)
        c.amputee = self.amputee_after


class WeaponDropped(Event[Fight], frozen=True, kw_only=True):
    """A weapon falls from a failed motor appendage."""

    who: str
    weapon: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        w = c.weapons[self.weapon]
        w.drawn, w.dropped, w.hand = False, True, ""
        w.dropped_at = (c.x, c.y)


class ConditionGained(Event[Fight], frozen=True, kw_only=True):
    """A condition starts. ``until``: last round it lasts (timed conditions); ``dc``: the
    Willpower DC to shake off Shaken; ``voluntary``: by the combatant's own action (Drop
    Prone)."""

    who: str
    condition: str
    until: int = 0
    dc: int = 0
    reason: str = ""
    voluntary: bool = False

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        if self.condition == "prone":
            c.prone = True
        elif self.condition == "shaken":
            c.shaken, c.shaken_dc = True, self.dc
        elif self.condition == "dazed":
            c.dazed_until = max(c.dazed_until, self.until)
        elif self.condition == "immobile":
            c.immobile_until = max(c.immobile_until, self.until)
        elif self.condition == "comatose":
            c.comatose = True


class ConditionEnded(Event[Fight], frozen=True, kw_only=True):
    """A condition ends (``voluntary``: by the combatant's own action, such as Stand Up)."""

    who: str
    condition: str
    voluntary: bool = False

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        if self.condition == "prone":
            c.prone = False
        elif self.condition == "shaken":
            c.shaken = False
        elif self.condition == "comatose":
            c.comatose = False


class KnockedOut(Event[Fight], frozen=True, kw_only=True):
    """The combatant falls Unconscious: NHP lowered to ``nhp_after`` (zero or less)."""

    who: str
    reason: str
    nhp_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.nhp, c.prone = self.nhp_after, True


class ClinicalDeath(Event[Fight], frozen=True, kw_only=True):
    """Clinical death in ``round``; HP lowered to ``hp_after``."""

    who: str
    reason: str
    round: int
    hp_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.dead_since, c.hp, c.prone = self.round, self.hp_after, True
        c.nhp = min(c.nhp, 0)


class BrainDeath(Event[Fight], frozen=True, kw_only=True):
    """Permanent death (after Durability minutes of clinical death, or mutilation)."""

    who: str
    reason: str
    mutilated: bool

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.brain_dead = True
        c.mutilated = c.mutilated or self.mutilated
        if c.dead_since is None:
            c.dead_since = state.round


class Bled(Event[Fight], frozen=True, kw_only=True):
    """Wounds cost Lethal points in the regeneration phase."""

    who: str
    amount: int
    hp_after: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).hp = self.hp_after


class ComaHour(Event[Fight], frozen=True, kw_only=True):
    """An hour in a coma: NHP (Impact), HP, skill and attribute scores after it."""

    who: str
    hours: int
    nhp_after: int
    hp_after: int
    skill: str | None
    skill_after: int
    physique_after: int
    intellect_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        if self.hp_after < c.hp:  # only a failed save costs HP
            c.coma_save_failed_at = state.clock()
        c.coma_hours, c.nhp, c.hp = self.hours, self.nhp_after, self.hp_after
        if self.skill is not None:
            c.skills[self.skill] = self.skill_after
        c.attributes["physique"] = self.physique_after
        c.attributes["intellect"] = self.intellect_after


class Moved(Event[Fight], frozen=True, kw_only=True):
    """A move: new position and facing, ``metres`` covered; ``step``: a free step (under
    6 m); ``points``: movement points of the turn spent; ``withdrawing``: the mover means to
    leave the fight. A rider and its steed move together."""

    who: str
    x: int
    y: int
    facing: int
    metres: int
    step: bool = False
    points: int = 0
    withdrawing: bool = False

    def apply(self, state: Fight) -> None:
        fight = state
        c = fight.fighter(self.who)
        c.came_from = (c.x, c.y)
        c.x, c.y, c.facing = self.x, self.y, self.facing
        if c.mounted_on:  # 'they gain the movement benefits of that steed': they go together
            steed = fight.fighter(c.mounted_on)
            steed.x, steed.y = self.x, self.y
        for rider in fight.fighters():
            if rider.mounted_on == c.id:
                rider.x, rider.y = self.x, self.y
        c.steps_taken += self.step
        c.mp_spent += self.points
        c.withdrawing = c.withdrawing or self.withdrawing


class Faced(Event[Fight], frozen=True, kw_only=True):
    """A change of facing (free action); ``points``: movement points it cost (option)."""

    who: str
    facing: int
    points: int = 0

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.facing = self.facing
        c.mp_spent += self.points


class WeaponDrawn(Event[Fight], frozen=True, kw_only=True):
    """A weapon drawn into ``hand`` (a motor part)."""

    who: str
    weapon: int
    hand: str

    def apply(self, state: Fight) -> None:
        w = state.fighter(self.who).weapons[self.weapon]
        w.drawn, w.hand = True, self.hand


class WeaponSheathed(Event[Fight], frozen=True, kw_only=True):
    """A weapon put away."""

    who: str
    weapon: int

    def apply(self, state: Fight) -> None:
        w = state.fighter(self.who).weapons[self.weapon]
        w.drawn, w.hand = False, ""


def discharges(fight: Fight, who: str) -> bool:
    """'Any beam or projectile weapons fired during an Opportunity Attack are considered
    discharged, should the target get a turn later on in the Order of Battle': for the rest of
    the round (option ``opportunity_discharge: rest-of-round``), or only when its owner has a
    turn later this round (``later-turn``)."""
    if fight.options.opportunity_discharge == "rest-of-round":
        return True
    return who in fight.order and fight.order.index(who) > fight.turn


class Fired(Event[Fight], frozen=True, kw_only=True):
    """Shots used from a weapon's magazine; ``opportunity``: in an Opportunity Attack, which
    leaves the weapon discharged for the rest of the round (see ``discharges``)."""

    who: str
    weapon: int
    shots: int
    loaded_after: int
    opportunity: bool = False

    def apply(self, state: Fight) -> None:
        w = state.fighter(self.who).weapons[self.weapon]
        w.loaded = self.loaded_after
        if self.opportunity and discharges(state, self.who):
            w.discharged_round = state.round


class Reloading(Event[Fight], frozen=True, kw_only=True):
    """A phase spent reloading: progress so far of the weapon's reload phases."""

    who: str
    weapon: int
    progress: int
    needed: int
    loaded_after: int

    def apply(self, state: Fight) -> None:
        w = state.fighter(self.who).weapons[self.weapon]
        w.loaded = self.loaded_after
        w.reload_progress = 0 if self.progress >= self.needed else self.progress


class StoodBy(Event[Fight], frozen=True, kw_only=True):
    """A Standby action: the phase passes; ``reason``: why, for the account. The fighter
    notes it (``standby_at``, ``standby_reason``), so the account tells a stand-by that
    merely goes on from the phase before (``standby_again``) once, not once a phase."""

    who: str
    reason: str = ""

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        same = c.standby_at == c.actions_taken - 1 and c.standby_reason == self.reason
        c.standby_again = same
        c.standby_at, c.standby_reason = c.actions_taken, self.reason


class Withdrew(Event[Fight], frozen=True, kw_only=True):
    """The combatant left the fight (beyond fifteen increments from every hostile)."""

    who: str
    metres: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).withdrawn = True


class BlueOnBlue(Event[Fight], frozen=True, kw_only=True):
    """A critical miss strikes a friendly combatant (or the attacker)."""

    attacker: str
    victim: str


class GearCheck(Event[Fight], frozen=True, kw_only=True):
    """Notes on a hit for the account (massive attack, sniper rules, rider)."""

    target: str
    text: str


# --- the combat actions of 'Attack Action Rules' (Charge ... Reload/Recharge) ---


class Maneuver(Event[Fight], frozen=True, kw_only=True):
    """A special action declared (charge, push, trip, grapple...): narration only.
    ``text`` completes "<who> ..."."""

    who: str
    kind: str
    text: str
    target: str | None = None


class Refused(Event[Fight], frozen=True, kw_only=True):
    """A part of an action the rules make fail or leave out (automatic failure two Size
    Classes up, suffocation from another chapter...): narration only."""

    who: str
    text: str


class Opposed(Event[Fight], frozen=True, kw_only=True):
    """An opposed roll: ``what`` (Power, Grapple...), each side's natural roll, modifier,
    labelled terms and total; ``winner`` (ties go to the defender, ``b``)."""

    what: str
    a: str
    b: str
    a_natural: int
    a_modifier: int
    a_total: int
    b_natural: int
    b_modifier: int
    b_total: int
    winner: str
    a_terms: tuple[tuple[str, int], ...] = ()
    b_terms: tuple[tuple[str, int], ...] = ()


class Charged(Event[Fight], frozen=True, kw_only=True):
    """A charge made in ``round`` at turn ``turn``: +10 to its attack this round, -10 HD
    for the charger's next two actions."""

    who: str
    target: str
    round: int
    turn: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.charged_round, c.charged_turn = self.round, self.turn


class Displaced(Event[Fight], frozen=True, kw_only=True):
    """Moved by someone else's action (pushed, sliding after a trip, spat out): new position,
    ``metres`` covered; facing unchanged."""

    who: str
    x: int
    y: int
    metres: int
    reason: str

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.x, c.y = self.x, self.y


class ItemDropped(Event[Fight], frozen=True, kw_only=True):
    """A weapon let go of (Drop Item, a push, a trip, a disarm): it lies at (x, y)."""

    who: str
    weapon: int
    x: int
    y: int
    reason: str

    def apply(self, state: Fight) -> None:
        w = state.fighter(self.who).weapons[self.weapon]
        w.drawn, w.dropped, w.hand, w.dropped_at = False, True, "", (self.x, self.y)


class ItemPickedUp(Event[Fight], frozen=True, kw_only=True):
    """A lying weapon picked up into ``hand`` (Manipulate Item, an unarmed disarm): its own
    owner's weapon is back in hand; another's is added to the taker's weapons."""

    who: str
    owner: str
    weapon: int
    hand: str

    def apply(self, state: Fight) -> None:
        owner = state.fighter(self.owner)
        w = owner.weapons[self.weapon]
        if self.owner == self.who:
            w.drawn, w.dropped, w.hand, w.dropped_at = True, False, self.hand, None
            return
        w.taken, w.dropped_at = True, None
        taker = state.fighter(self.who)
        taker.weapons.append(
            WeaponState(
                name=w.name,
                cls=w.cls,
                type=w.type,
                damage_type=w.damage_type,
                stats=w.stats,
                sniper=w.sniper,
                appendages=w.appendages,
                hand=self.hand,
                drawn=True,
                loaded=w.loaded,
                scope=w.scope,
                touch=w.touch,
            )
        )


class ItemWrecked(Event[Fight], frozen=True, kw_only=True):
    """A sunder hit the item itself: destroyed or rendered inoperative (and dropped)."""

    who: str
    weapon: int
    detonated: bool

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        w = c.weapons[self.weapon]
        w.wrecked, w.drawn, w.dropped, w.hand = True, False, True, ""
        w.dropped_at = (c.x, c.y)


class ShieldLost(Event[Fight], frozen=True, kw_only=True):
    """A personal shield generator knocked away (and deactivated) or wrecked."""

    who: str
    wrecked: bool

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.shield, c.shield_raised = None, False


class ShieldRecharged(Event[Fight], frozen=True, kw_only=True):
    """A personal shield recharged from a spare battery."""

    who: str
    hp_after: int
    batteries_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        if c.shield is not None:
            c.shield.hp = self.hp_after
        c.shield_batteries = self.batteries_after


class ObjectDestroyed(Event[Fight], frozen=True, kw_only=True):
    """An obstacle attacked as an item reaches 0 HP: it no longer stands in the way."""

    obstacle: int

    def apply(self, state: Fight) -> None:
        state.obstacles[self.obstacle].destroyed = True


class GrappleStarted(Event[Fight], frozen=True, kw_only=True):
    """``who`` and ``target`` are grappling (each is added to the other's grapple)."""

    who: str
    target: str

    def apply(self, state: Fight) -> None:
        a, b = state.fighter(self.who), state.fighter(self.target)
        if b.id not in a.grappling:
            a.grappling.append(b.id)
        if a.id not in b.grappling:
            b.grappling.append(a.id)


class GrappleEnded(Event[Fight], frozen=True, kw_only=True):
    """``who`` is out of the grapple with each of ``others`` (escape, swallowing, a
    combatant down); pins and constriction between them end."""

    who: str
    others: list[str]
    reason: str

    def apply(self, state: Fight) -> None:
        a = state.fighter(self.who)
        for oid in self.others:
            o = state.fighter(oid)
            a.grappling = [g for g in a.grappling if g != oid]
            o.grappling = [g for g in o.grappling if g != a.id]
            for x, y in ((a, o), (o, a)):
                if x.pinning == y.id:
                    x.pinning = None
                if x.constricting == y.id:
                    x.constricting = None


class GrappleWon(Event[Fight], frozen=True, kw_only=True):
    """``who`` won a Grapple check against ``target`` this turn (Constrict and Swallow Whole
    follow one)."""

    who: str
    target: str
    round: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.grapple_won_round, c.grapple_won_against = self.round, self.target


class Pinned(Event[Fight], frozen=True, kw_only=True):
    """``who`` pins ``target`` for one round (until ``who``'s next turn)."""

    who: str
    target: str
    round: int
    turn: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.pinning, c.pin_round, c.pin_turn = self.target, self.round, self.turn


class PinBroken(Event[Fight], frozen=True, kw_only=True):
    """``pinner``'s pin is broken (by ``by``)."""

    pinner: str
    by: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.pinner).pinning = None


class Constricted(Event[Fight], frozen=True, kw_only=True):
    """``who`` constricts ``target`` (the damage follows as its own events)."""

    who: str
    target: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).constricting = self.target


class WinSpent(Event[Fight], frozen=True, kw_only=True):
    """The Grapple check ``who`` won this turn has been used (a swallowing attempt)."""

    who: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).grapple_won_against = None


class Swallowed(Event[Fight], frozen=True, kw_only=True):
    """``target`` is swallowed whole by ``who``."""

    who: str
    target: str

    def apply(self, state: Fight) -> None:
        t = state.fighter(self.target)
        t.swallowed_by, t.swallow_damage, t.prone = self.who, 0, False


class CutAt(Event[Fight], frozen=True, kw_only=True):
    """A swallowed combatant dealt ``amount`` Basic Damage from within (``total`` so far)."""

    who: str
    amount: int
    total: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).swallow_damage = self.total


class Escaped(Event[Fight], frozen=True, kw_only=True):
    """A swallowed combatant is out, at (x, y)."""

    who: str
    x: int
    y: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.swallowed_by, c.x, c.y = None, self.x, self.y


class FullAttacked(Event[Fight], frozen=True, kw_only=True):
    """A Full Attack made in ``round`` (another waits five rounds)."""

    who: str
    round: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).full_attack_round = self.round


class Inspired(Event[Fight], frozen=True, kw_only=True):
    """Leadership inspires ``who``: not Shaken and +``bonus`` to rolls until ``until``."""

    who: str
    by: str
    until: int
    bonus: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.inspired_until, c.inspired_bonus = self.until, self.bonus


MORE_EVENTS: list[type[Event[Any]]] = []


def more_event(cls: type[Event[Any]]) -> type[Event[Any]]:
    """Register an event class defined in an action's own module (see ``all_event_types``)."""
    MORE_EVENTS.append(cls)
    return cls


def all_event_types() -> tuple[type[Event[Any]], ...]:
    """The events below and those the action modules register."""
    return (*EVENT_TYPES, *MORE_EVENTS)


EVENT_TYPES: tuple[type[Event[Any]], ...] = (
    OrderRolled,
    SurpriseRound,
    TurnStarted,
    TurnsOver,
    PhasesSpent,
    Checked,
    AttackRolled,
    Located,
    ObstacleHit,
    DamageTaken,
    WoundsInflicted,
    WoundHealed,
    PartFailed,
    PartMaimed,
    WeaponDropped,
    ConditionGained,
    ConditionEnded,
    KnockedOut,
    ClinicalDeath,
    BrainDeath,
    Bled,
    ComaHour,
    Moved,
    Faced,
    WeaponDrawn,
    WeaponSheathed,
    Fired,
    Reloading,
    StoodBy,
    Withdrew,
    BlueOnBlue,
    GearCheck,
    Maneuver,
    Refused,
    Opposed,
    Charged,
    Displaced,
    ItemDropped,
    ItemPickedUp,
    ItemWrecked,
    ShieldLost,
    ShieldRecharged,
    ObjectDestroyed,
    GrappleStarted,
    GrappleEnded,
    GrappleWon,
    Pinned,
    PinBroken,
    Constricted,
    Swallowed,
    CutAt,
    Escaped,
    FullAttacked,
    Inspired,
    WinSpent,
)


# -- medicine and rest (chapter 9.2, 'Healing and Recuperation'; 'Assisted Revival ...') ------


class NonlethalChanged(Event[Fight], frozen=True, kw_only=True):
    """Non-Lethal HP healed (``change`` > 0) or Impact Damage added (< 0) by ``cause``."""

    who: str
    change: int
    nhp_after: int
    cause: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).nhp = self.nhp_after


class LethalChanged(Event[Fight], frozen=True, kw_only=True):
    """Lethal HP healed (``change`` > 0) or lost (< 0) by ``cause``."""

    who: str
    change: int
    hp_after: int
    cause: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).hp = self.hp_after


class WoundsHealed(Event[Fight], frozen=True, kw_only=True):
    """Wounds healed, part by part (``parts``: part -> Wounds left on it); ``scar``: a Wound
    healed leaving a scar (Comeliness ``comeliness_after``); ``working``: failed parts that
    work again now that their Wounds are healed."""

    who: str
    healed: int
    parts: dict[str, int]
    total_after: int
    cause: str
    scar: bool = False
    comeliness_after: int = 0
    working: tuple[str, ...] = ()

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        for part, left in self.parts.items():
            c.wounds[part] = left
        if self.scar:
            c.comeliness = self.comeliness_after
        c.failed = [p for p in c.failed if p not in self.working]


class Stimulated(Event[Fight], frozen=True, kw_only=True):
    """A dose of revival medicine took: NHP ``nhp_after``, of which ``boost`` drains away one
    a round (0 after a critical success); ``premature_doses``: doses within the hour so far."""

    who: str
    medic: str
    nhp_after: int
    boost: int
    at: int
    premature_doses: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.nhp, c.nhp_boost = self.nhp_after, self.boost
        c.last_stimulant, c.premature_doses = self.at, self.premature_doses


class DoseGiven(Event[Fight], frozen=True, kw_only=True):
    """The medic used a dose of revival medicine on a patient (given at clock ``at``)."""

    medic: str
    who: str
    at: int
    premature_doses: int
    left: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.medic).stimulants = self.left
        c = state.fighter(self.who)
        c.last_stimulant, c.premature_doses = self.at, self.premature_doses


class StimulantWore(Event[Fight], frozen=True, kw_only=True):
    """One round of revival medicine drained away."""

    who: str
    nhp_after: int
    boost_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.nhp, c.nhp_boost = self.nhp_after, self.boost_after


class Afflicted(Event[Fight], frozen=True, kw_only=True):
    """An affliction the chapter hands on to another (chapter 12.4.2: poison, infection, cold
    damage), or a lasting state (a permanent vegetative state): recorded, not resolved here."""

    who: str
    affliction: str
    reason: str

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        if self.affliction not in c.afflictions:
            c.afflictions.append(self.affliction)


class Attempted(Event[Fight], frozen=True, kw_only=True):
    """A medical attempt on a patient that limits the next one (``kind``: resuscitation,
    stasis, prosthetic:<part>, regrowth:<part>) at clock ``at``; ``barred``: no more tries."""

    who: str
    kind: str
    at: int
    barred: bool = False

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.attempts[self.kind] = self.at
        if self.barred:
            c.stasis_failed = True


class Resuscitated(Event[Fight], frozen=True, kw_only=True):
    """Back from clinical death (still Unconscious until the NHP heal)."""

    who: str
    medic: str | None
    hp_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.dead_since, c.hp = None, self.hp_after


class StasisEntered(Event[Fight], frozen=True, kw_only=True):
    """Suspended animation: brain death waits until clock ``deadline``; ``until``: the clock
    at which a failed entry's hour ends (None: until the doctor revives the patient)."""

    who: str
    medic: str
    method: str
    deadline: int
    until: int | None
    unit: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.in_stasis, c.stasis_deadline, c.stasis_until = True, self.deadline, self.until
        c.stasis_unit = self.unit


class StasisEnded(Event[Fight], frozen=True, kw_only=True):
    """Out of stasis; a patient still clinically dead resumes the clock (``dead_since_after``)."""

    who: str
    reason: str
    dead_since_after: int | None

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.in_stasis, c.stasis_until = False, None
        if c.dead_since is not None:
            c.dead_since = self.dead_since_after


class PartRestored(Event[Fight], frozen=True, kw_only=True):
    """A maimed part works again: a prosthetic (Amputee kept) or a regrown part."""

    who: str
    part: str
    how: str
    amputee_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.failed = [p for p in c.failed if p != self.part]
        if self.how == "regrown":
            c.maimed = [p for p in c.maimed if p != self.part]
        c.amputee = self.amputee_after


class SurgeryHour(Event[Fight], frozen=True, kw_only=True):
    """An hour of emergency surgery done (the stasis DC rises by ten for each)."""

    who: str
    hours: int

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).surgery_hours = self.hours


class Crashed(Event[Fight], frozen=True, kw_only=True):
    """Coma care's critical failure: the patient crashes to zero HP, clinically dead in
    ``round``; ``hp_before`` is what they get back if pulled through."""

    who: str
    hp_before: int
    round: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.crash_hp, c.dead_since, c.hp, c.prone = self.hp_before, self.round, 0, True
        c.nhp = min(c.nhp, 0)


class PulledThrough(Event[Fight], frozen=True, kw_only=True):
    """Brought back after a crash: the HP before it, less ``loss`` points of a Physique skill
    and one Intellect point."""

    who: str
    hp_after: int
    skill: str
    loss: int
    skill_after: int
    intellect_after: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.hp, c.crash_hp = self.hp_after, None
        c.skills[self.skill] = self.skill_after
        c.attributes["intellect"] = self.intellect_after


class Awoke(Event[Fight], frozen=True, kw_only=True):
    """Conscious again (at least 1 NHP, no Impact Damage)."""

    who: str


class RestStarted(Event[Fight], frozen=True, kw_only=True):
    """A rest after the fight: ``hours`` of light activity, ``medic`` caring for the others."""

    hours: int
    medic: str | None
    vehicle: str


class RestClock(Event[Fight], frozen=True, kw_only=True):
    """The rest has run ``minutes`` since the fight ended (all rests together): one each half
    hour, silent in the account."""

    minutes: int

    def apply(self, state: Fight) -> None:
        state.rest_minutes = self.minutes


class RestTime(Event[Fight], frozen=True, kw_only=True):
    """For the account: the time of the half hour whose checks follow."""

    minutes: int


EVENT_TYPES = (
    *EVENT_TYPES,
    NonlethalChanged,
    LethalChanged,
    WoundsHealed,
    Stimulated,
    DoseGiven,
    StimulantWore,
    Afflicted,
    Attempted,
    Resuscitated,
    StasisEntered,
    StasisEnded,
    PartRestored,
    SurgeryHour,
    Crashed,
    PulledThrough,
    Awoke,
    RestStarted,
    RestClock,
    RestTime,
)
