"""Conditions as read from a fighter's state (chapter 9.2, 'Miscellaneous Terms and
Definitions', 'Non-Lethal Damage', 'Lethal Damage and Wounds').

Dazed, Unconscious, Helpless, Fatigued and the death states follow from hit points, Wounds and
timers; Prone, Shaken and Comatose are stored flags set by events.
"""

from __future__ import annotations

from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.state import Fight, Fighter, WeaponState

SHAKEN_PENALTY = 30
DAZED_PENALTY = 5
FATIGUED_PENALTY = 20


def is_dead(c: Fighter) -> bool:
    """Clinically dead (or worse): 'Lethal Damage and Wounds'."""
    return c.dead_since is not None


def is_dazed(c: Fighter, round_: int) -> bool:
    """'Dazed': at half NHP lost or more, or while a timed daze (the groin rider) lasts."""
    return c.nhp * 2 <= c.nhp_max or c.dazed_until >= round_


def is_unconscious(c: Fighter, options: StarflightOptions) -> bool:
    """'Unconscious': zero or fewer NHP; clinically dead; a failed cognitive organ (option)."""
    if c.nhp <= 0 or c.dead_since is not None:
        return True
    return (
        bool(c.failed)
        and options.cognitive_failure_unconscious
        and any(_kind(c, p) == "cognitive" for p in c.failed)
    )


def is_fatigued(c: Fighter) -> bool:
    """'Lethal Damage and Wounds': reduced to half HP (or less) -> fatigued."""
    return c.hp * 2 <= c.hp_max


def is_helpless(c: Fighter, options: StarflightOptions) -> bool:
    """'Helpless': "unable to help themselves ... in any state wherein it is physically
    impossible for a character to make any combat action"; Unconscious characters are
    Helpless (so are the alive but comatose, who are unconscious too)."""
    return (is_unconscious(c, options) and not is_dead(c)) or c.comatose


def in_fight(c: Fighter, options: StarflightOptions) -> bool:
    """Still a combatant: conscious, alive and not withdrawn.

    Chapter 9.2, 'Miscellaneous Terms and Definitions'.
    """
    if c.withdrawn or c.nhp <= 0 or c.dead_since is not None:
        return False
    return not (c.failed and is_unconscious(c, options))  # a failed cognitive organ


def check_penalties(c: Fighter, round_: int) -> list[tuple[str, int]]:
    """The penalties on Checks, labelled: -1 per Wound, -30 Shaken, -5 Dazed, -20 fatigued.

    Chapter 9.2, 'Miscellaneous Terms and Definitions' and 'Lethal Damage and Wounds'.
    """
    out = []
    wounds = c.total_wounds()
    if wounds:
        out.append(("Wounds", wounds))
    if c.shaken:
        out.append(("Shaken", SHAKEN_PENALTY))
    if is_dazed(c, round_):
        out.append(("Dazed", DAZED_PENALTY))
    if is_fatigued(c):
        out.append(("fatigued", FATIGUED_PENALTY))
    if c.inspired_until >= round_ and c.inspired_bonus:
        out.append(("inspired", -c.inspired_bonus))  # 'Aid': added 'to all die rolls'
    return out


def check_penalty(c: Fighter, round_: int) -> int:
    """The total penalty on Checks (see ``check_penalties``)."""
    return sum(amount for _, amount in check_penalties(c, round_))


def save_penalty(c: Fighter, options: StarflightOptions) -> int:
    """Penalty on saves: fatigue's -20 ('Checks and saves'); Wounds only by option."""
    penalty = FATIGUED_PENALTY if is_fatigued(c) else 0
    return penalty + (c.total_wounds() if options.wound_penalty_on_saves else 0)


def inspired_save_bonus(c: Fighter, round_: int) -> int:
    """'Aid': an inspired combatant 'may add the same amount ... to all die rolls they make'
    (saves included)."""
    return c.inspired_bonus if c.inspired_until >= round_ else 0


def grapple_opponents(fight: Fight, c: Fighter) -> list[Fighter]:
    """Those ``c`` grapples with who are still in the fight (a grapple with someone down,
    gone or swallowed holds nobody)."""
    out = []
    for gid in c.grappling:
        g = fight.fighter(gid)
        if in_fight(g, fight.options) and g.swallowed_by is None:
            out.append(g)
    return out


def can_move(c: Fighter, fight: Fight) -> bool:
    """Not immobile (groin rider), and propulsive appendages working ('Move Action Rules')."""
    if c.immobile_until >= fight.clock() or c.swallowed_by is not None:
        return False
    if c.grappling and grapple_opponents(fight, c):
        return False  # 'While Grappling, all involved combatants may not move'
    if not c.failed:
        return True  # every leg works (or it has none)
    legs = [p for p, kind in c.part_kinds.items() if kind == "propulsive"]
    if not legs:
        return True
    failed = [p for p in legs if p in c.failed]
    if fight.options.immobile_if_any_propulsive_failed:
        return not failed
    return len(failed) < len(legs)


def striking_part(c: Fighter, weapon: WeaponState | None) -> str:
    """The motor appendage a strike uses: the one holding the weapon; for an unarmed blow the
    dominant one, or the first other motor appendage still working when it has failed
    ('Lethal Damage and Wounds': a failed part "cannot use it at all"). '' when the species
    has no motor appendage."""
    if weapon is not None:
        return weapon.hand
    if not c.failed and c.part_kinds.get(c.dominant) == "motor":
        return c.dominant  # the usual case: the dominant appendage, working
    motor = [p for p, kind in c.part_kinds.items() if kind == "motor"]
    motor.sort(key=lambda p: p != c.dominant)
    working = [p for p in motor if p not in c.failed]
    return working[0] if working else c.dominant


def can_strike(c: Fighter) -> bool:
    """Whether any motor appendage still works (a species without any strikes as it can)."""
    if not c.failed:
        return True
    motor = [p for p, kind in c.part_kinds.items() if kind == "motor"]
    return not motor or any(p not in c.failed for p in motor)


def phases_per_turn(c: Fighter) -> int:
    """Two action phases; a fatigued combatant 'may only take one action per round'."""
    return 1 if is_fatigued(c) else 2


def prone_hd(c: Fighter, options: StarflightOptions) -> int:
    """'Prone': the ground gives a circumstantial HD bonus (+10 or +20, an option)."""
    return options.prone_hd_bonus if c.prone else 0


def _kind(c: Fighter, part_id: str) -> str:
    return c.part_kinds.get(part_id, "")


def condition_names(c: Fighter, fight: Fight) -> list[str]:
    """Every condition the fighter is in, for the account."""
    opts, names = fight.options, list[str]()
    flags = [
        (c.brain_dead, "mutilated" if c.mutilated else "brain dead"),
        (is_dead(c) and not c.brain_dead, "clinically dead"),
        (c.comatose, "comatose"),
        (not is_dead(c) and is_unconscious(c, opts), "unconscious"),
        (c.withdrawn, "withdrawn"),
        (c.prone, "prone"),
        (c.shaken, "shaken"),
        (not is_unconscious(c, opts) and is_dazed(c, fight.clock()), "dazed"),
        (is_fatigued(c) and not is_dead(c), "fatigued"),
        (c.immobile_until >= fight.clock(), "immobile"),
        (bool(grapple_opponents(fight, c)), "grappling"),
        (c.swallowed_by is not None, "swallowed"),
    ]
    names.extend(name for flag, name in flags if flag)
    if c.in_stasis:
        names.insert(0, "in stasis")
    names.extend(c.afflictions)
    return names
