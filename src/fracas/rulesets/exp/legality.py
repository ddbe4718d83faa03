"""Who may do what: each check raises ``IllegalAction`` with the reason, before any roll.

Chapter, 'Non-Lethal Combat': allowed attacks ("Strike attacks ... Fling attacks ... are
allowed. Pointy Fling attacks ... are not allowed. There are no Shoot, Sotto, Flotto, or Zone
Attacks allowed. The only exception is powered stun weapons specifically designed to be
non-lethal"), who takes part ("Anthros and advanced aliens only", "Robots may attack
non-lethally"), "Subduer must be of comparable size"; 'Grapples' ("The target cannot
accomplish anything other than psionic attacks and yelling while grappled", "only
close-range weapons"); 'Tripping' ("The attacker cannot trip a robot with treads")."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.exp.initiative import next_actor
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import (
    ACTIVE,
    ExpEncounter,
    Persona,
    Weapon,
    can_be_subdued,
    comparable_size,
    grasps_surrender,
    may_attack_nonlethally,
)
from fracas.rulesets.exp.tables import ATTACK_TYPES, SIZES


def nonlethal_weapon_problem(weapon: Weapon, strike_only: bool = False) -> str | None:
    """Chapter, 'Non-Lethal Combat': "Strike attacks ... are allowed. Fling attacks ... are
    allowed. Pointy Fling attacks ... are not allowed. There are no Shoot, Sotto, Flotto, or
    Zone Attacks allowed. The only exception is powered stun weapons specifically designed to
    be non-lethal." With ``strike_only`` (option ``nonlethal_attacks``) Fling is refused too,
    as the summary line "Strike attacks only" says. Why ``weapon`` cannot be used, or None."""
    kind = ATTACK_TYPES[weapon.attack_type]
    if weapon.stun or (kind.nonlethal and not (strike_only and weapon.attack_type != "strike")):
        return None
    allowed = "Strike attacks" if strike_only else "Strike and Fling attacks"
    return (
        f"{weapon.name} is a {kind.label} attack, not allowed in non-lethal combat "
        f"(only {allowed}, or a powered stun weapon)"
    )


def nonlethal_attacker_problem(p: Persona) -> str | None:
    """Chapter, 'Non-Lethal Combat': "Robots may attack non-lethally"; flora and fauna "will
    lethally fight". Why ``p`` cannot attack non-lethally, or None."""
    if may_attack_nonlethally(p):
        return None
    what = "an alien that is not advanced" if p.kind == "alien" else p.kind
    return f"{p.name} is {what}: it does not grasp surrender and fights lethally"


def unarmed_reason(p: Persona) -> str | None:
    """Why ``p``, holding no one, has nothing to fight with, or None if it has a usable
    weapon or holds someone. Chapter, 'Non-Lethal Combat': "Fling attacks like rocks,
    plates, bottles, and cheese wheels are allowed"; a thrown object leaves the hand (option
    ``thrown_weapons``), and a Fling-only persona is left with fists but no Strike row."""
    if p.holding is not None or any(w.attack_type in p.table for w in p.weapons):
        return None
    needs = ", ".join(f"the {w.name} needs a {w.attack_type} row" for w in p.weapons)
    return f"nothing left to fight with: {needs} in the combat table"


def surrender_problem(p: Persona) -> str | None:
    """Chapter, 'Non-Lethal Combat': "Flora, fauna and robots do not understand surrender
    ... and will lethally fight for their lives." Why ``p`` cannot concede, or None."""
    if grasps_surrender(p.kind, p.advanced):
        return None
    what = {"alien": "an alien that is not advanced", "robot": "a robot"}.get(p.kind, p.kind)
    return f"{p.name} is {what}: it does not understand surrender and fights for its life"


def subdual_target_problem(p: Persona) -> str | None:
    """Chapter, 'Non-Lethal Combat': "Anthros and advanced aliens only"; "non-lethal combat
    has no emotional impact on" robots. Why ``p`` cannot be subdued, or None."""
    if can_be_subdued(p):
        return None
    if p.kind == "robot":
        return f"{p.name} is a robot: non-lethal combat has no effect on it; attack it lethally"
    what = "an alien that is not advanced" if p.kind == "alien" else p.kind
    return f"{p.name} is {what}: beating it non-lethally does not help; attack it lethally"


def size_problem(a: Persona, b: Persona, options: ExpOptions) -> str | None:
    """Chapter, 'Non-Lethal Combat': "Subduer must be of comparable size" ('Tripping': "about
    the same size"). Why ``a`` and ``b`` are not, or None."""
    if comparable_size(a, b, options.comparable_size_steps):
        return None
    gap = abs(SIZES.index(a.size) - SIZES.index(b.size))
    return (
        f"{a.name} ({a.size}) and {b.name} ({b.size}) are not of comparable size "
        f"({gap} size steps apart, at most {options.comparable_size_steps})"
    )


def require(problem: str | None) -> None:
    """Raise ``IllegalAction(problem)`` if there is one (several checks in turn:
    ``first() or second()``, a problem being never empty)."""
    if problem is not None:
        raise IllegalAction(problem)


def check_turn(state: ExpEncounter, actor: Persona, free: bool) -> None:
    """It must be ``actor``'s turn (or its free attack) and ``actor`` must be in the fight."""
    if actor.condition != ACTIVE:  # not actor.active
        raise IllegalAction(f"{actor.name} is {actor.condition} and cannot act")
    if state.free_attack is not None:
        if not free or state.free_attack[0] != actor.id:
            owner = state.combatants[state.free_attack[0]].name
            raise IllegalAction(f"{owner} has a free attack to take (or decline) first")
        return
    nxt = next_actor(state)
    if nxt != actor.id:
        who = "nobody (the unit is over)" if nxt is None else state.combatants[nxt].name
        raise IllegalAction(f"it is not {actor.name}'s turn: next to act is {who}")


def check_free_to_act(actor: Persona, what: str) -> None:
    """Chapter, 'Grapples', 'Overpower': "The target cannot accomplish anything other than
    psionic attacks and yelling while grappled"; a tripped persona gets up first (option
    ``tripped_loses_actions``)."""
    if actor.down > 0:
        raise IllegalAction(f"{actor.name} is down after a trip and must get up first")
    if actor.held_by is not None:
        raise IllegalAction(
            f"{actor.name} is held in a grapple and cannot {what}: only psionic attacks, "
            "yelling, a break check or a reversal"
        )


def check_held_attack(actor: Persona, target: Persona, weapon: Weapon) -> None:
    """Chapter, 'Grapples': "A grappled target can try to break free, attack, or reverse the
    grapple. Personas can use only close-range weapons ... in grapple combat." With the
    option ``held_target_may_attack``, a held persona may attack its grappler, and only with
    a close-range weapon."""
    if actor.down > 0:
        raise IllegalAction(f"{actor.name} is down after a trip and must get up first")
    if target.id != actor.held_by:
        raise IllegalAction(
            f"{actor.name} is held in a grapple and can attack only its grappler, {actor.held_by}"
        )
    if not weapon.close_range:
        raise IllegalAction(
            f"{actor.name} is held in a grapple: only close-range weapons, not {weapon.name}"
        )


def check_target(actor: Persona, target: Persona) -> None:
    """The target must be someone else, and still in the fight."""
    if target.id == actor.id:
        raise IllegalAction(f"{actor.name} cannot target itself")
    if target.condition != ACTIVE:  # not target.active
        raise IllegalAction(f"{target.name} is {target.condition}: no longer a target")


def check_strike_row(actor: Persona, what: str) -> None:
    """Grapples, snatches and trips are Strike attacks: the Strike row is needed."""
    if "strike" not in actor.table:
        raise IllegalAction(f"{actor.name} has no strike row in its combat table to {what}")


def check_weapon_use(actor: Persona, target: Persona, weapon: Weapon, options: ExpOptions) -> None:
    """Chapter, 'Grapples': "Personas can use only close-range weapons like daggers and pistols
    in grapple combat" (and option ``grappler_may_attack``); the attack type needs a row."""
    if weapon.attack_type not in actor.table:
        raise IllegalAction(
            f"{actor.name} has no {weapon.attack_type} row in its combat table for {weapon.name}"
        )
    if actor.holding is not None:
        if not options.grappler_may_attack:
            raise IllegalAction(f"{actor.name} is grappling and can only hold on or let go")
        if not weapon.close_range:
            raise IllegalAction(
                f"{actor.name} is grappling: only close-range weapons, not {weapon.name}"
            )


def check_nonlethal(actor: Persona, target: Persona, weapon: Weapon, options: ExpOptions) -> None:
    """Chapter, 'Non-Lethal Combat': every condition on a non-lethal attack (attack type,
    attacker, target, size)."""
    require(
        nonlethal_weapon_problem(weapon, options.nonlethal_attacks == "strike-only")
        or nonlethal_attacker_problem(actor)
        or subdual_target_problem(target)
        or size_problem(actor, target, options)
    )


def check_maneuver(actor: Persona, target: Persona, options: ExpOptions, what: str) -> None:
    """Chapter, 'Grapples', 'Weapon Snatching', 'Tripping': non-lethal moves by a persona
    that may attack non-lethally, on a target of comparable size, with the Strike row; a
    grappler holds, nothing more."""
    check_free_to_act(actor, what)
    check_target(actor, target)
    if actor.holding is not None:
        raise IllegalAction(f"{actor.name} is grappling and can only do the simplest tasks")
    require(
        nonlethal_attacker_problem(actor)
        or maneuver_target_problem(target, options)
        or size_problem(actor, target, options)
    )
    check_strike_row(actor, what)


def maneuver_target_problem(target: Persona, options: ExpOptions) -> str | None:
    """Chapter, 'Non-Lethal Combat' ("Anthros and advanced aliens only") against 'Tripping'
    ("The attacker cannot trip a robot with treads", so other robots can be): option
    ``maneuver_targets``. Why ``target`` cannot be the target of a grapple, snatch or trip."""
    if options.maneuver_targets == "any-kind" or can_be_subdued(target):
        return None
    return (
        f"{target.name} cannot be subdued, so it cannot be grappled, robbed or tripped "
        "(option maneuver_targets: subduable)"
    )


def tippable_problem(target: Persona) -> str | None:
    """Chapter, 'Tripping': "The target must also be tippable. The attacker cannot trip a
    robot with treads." Why ``target`` cannot be tripped, or None."""
    if target.kind == "robot" and target.treaded:
        return f"{target.name} is a robot on treads and cannot be tripped"
    return None


def lethal_reason(
    attacker: Persona, target: Persona, weapon: Weapon | None, options: ExpOptions
) -> str:
    """Chapter, 'Non-Lethal Combat' ("The players can use non-lethal and lethal personal
    combat simultaneously"): why a blow is lethal, for the account: the first rule that
    forbids a non-lethal one, or "by choice"."""
    if not may_attack_nonlethally(attacker):
        return f"{attacker.name} does not grasp surrender"
    if not can_be_subdued(target):
        what = {"alien": "an alien that is not advanced", "robot": "a robot"}
        return f"{target.name} is {what.get(target.kind, target.kind)}: it cannot be subdued"
    if not comparable_size(attacker, target, options.comparable_size_steps):
        return f"{target.name} ({target.size}) is too far from {attacker.size} size to subdue"
    strike_only = options.nonlethal_attacks == "strike-only"
    if weapon is not None and nonlethal_weapon_problem(weapon, strike_only) is not None:
        return f"the {weapon.name} is not allowed in non-lethal combat"
    return "by choice"
