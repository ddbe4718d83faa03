"""The Attack action (chapter 9.2, 'Attack Action Rules'): one or more weapons (or fists) at
one or more targets. Strikes at the same target share one attack roll; each further target is
attacked at a cumulative -10."""

from __future__ import annotations

import msgspec

from fracas.engine import Action, Choice, Context, IllegalAction
from fracas.rulesets.starflight.actions import lists_choices, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.conditions import is_dead, is_unconscious
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import distance_m, hostiles, is_sniping_range, reach_m, ready
from fracas.rulesets.starflight.ready import set_off
from fracas.rulesets.starflight.state import Fight, Fighter


class Strike(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon (index in the combatant's list; None = unarmed) fired/swung at a target."""

    target: str
    weapon: int | None = None
    shots: int = 1


class Attack(Action, frozen=True, kw_only=True):
    """'A regular Attack counts as a Standard Action'."""

    strikes: list[Strike]


def group_by_target(strikes: list[Strike]) -> list[tuple[str, list[Use]]]:
    """Strikes grouped by target, in the order targets first appear."""
    groups: dict[str, list[Use]] = {}
    for s in strikes:
        groups.setdefault(s.target, []).append(Use(s.weapon, s.shots))
    return list(groups.items())


def check_strike(fight: Fight, c: Fighter, s: Strike, shots_used: dict[int, int]) -> None:
    """Legality of one strike: target, weapon, ammunition, reach, line of sight."""
    if s.target not in fight.combatants or s.target == c.id:
        raise IllegalAction(f"{c.name} cannot attack {s.target!r}")
    target = fight.fighter(s.target)
    if is_dead(target) or target.withdrawn:
        raise IllegalAction(f"{target.name} is out of the fight")
    metres = distance_m(c, target)
    weapon = None
    if s.weapon is not None:
        if not 0 <= s.weapon < len(c.weapons):
            raise IllegalAction(f"{c.name} has no weapon number {s.weapon}")
        weapon = c.weapons[s.weapon]
        if not weapon.drawn:
            raise IllegalAction(f"{c.name}'s {weapon.name} is not drawn")
        if not ready(fight, weapon):
            raise IllegalAction(
                f"{c.name}'s {weapon.name} was discharged in an opportunity attack this round"
            )
        used = shots_used.get(s.weapon, 0) + s.shots
        shots_used[s.weapon] = used
        if s.shots < 1 or used > weapon.stats.shots:
            raise IllegalAction(f"the {weapon.name} fires at most {weapon.stats.shots} shot(s)")
        if weapon.stats.magazine and used > weapon.loaded:
            raise IllegalAction(f"{c.name}'s {weapon.name} has {weapon.loaded} shot(s) loaded")
    elif s.shots != 1:
        raise IllegalAction("an unarmed strike is one blow")
    elif any(w.drawn for w in c.weapons):
        # 'Using Weapons': an unarmed attack is made when "they aren't wielding any weapon"
        raise IllegalAction(f"{c.name} is wielding a weapon: no unarmed attack")
    if is_sniping_range(fight, metres):
        raise IllegalAction(f"{target.name} is beyond ranged combat: that takes sniping")
    if metres > reach_m(fight, weapon):
        raise IllegalAction(f"{target.name} is out of reach ({metres} m)")
    sight = line_of_sight(fight, c, target)
    if not sight.visible:
        raise IllegalAction(f"{c.name} has no line of sight: {sight.reason}")


@register(Attack, "standard")
def resolve_attack(ctx: Context, c: Fighter, action: Attack) -> None:
    """Check every strike, then roll once per target."""
    fight = ctx.state
    assert isinstance(fight, Fight)
    if not action.strikes:
        raise IllegalAction("an attack needs at least one strike")
    shots_used: dict[int, int] = {}
    for s in action.strikes:
        check_strike(fight, c, s, shots_used)
    set_off(ctx, "attacks", c)  # 'Ready': a readied action goes off before the attack
    for index, (tid, uses) in enumerate(group_by_target(action.strikes)):
        target = fight.fighter(tid)
        if is_unconscious(c, fight.options):
            return
        if not is_dead(target):
            attack_target(ctx, c, target, uses, index)


def full_strikes(fight: Fight, c: Fighter, target: Fighter) -> list[Strike]:
    """Every drawn, loaded, ready weapon that reaches the target, with all the shots it can
    fire; fists when the combatant holds no weapon at all and the target is within reach."""
    metres = distance_m(c, target)
    out = []
    for i, w in enumerate(c.weapons):
        loaded = w.loaded if w.stats.magazine else w.stats.shots
        if w.drawn and loaded > 0 and ready(fight, w) and metres <= reach_m(fight, w):
            out.append(Strike(target=target.id, weapon=i, shots=min(w.stats.shots, loaded)))
    if not out and not any(w.drawn for w in c.weapons) and metres <= reach_m(fight, None):
        out.append(Strike(target=target.id))
    return out


def legal_strikes(fight: Fight, c: Fighter, strikes: list[Strike]) -> bool:
    """Whether every strike passes ``check_strike``."""
    used: dict[int, int] = {}
    try:
        for s in strikes:
            check_strike(fight, c, s, used)
    except IllegalAction:
        return False
    return bool(strikes)


def strike_label(c: Fighter, s: Strike) -> str:
    """'the laser pistol (2 shots)' / 'bare hands'."""
    if s.weapon is None:
        return "bare hands"
    shots = f" ({s.shots} shots)" if s.shots > 1 else ""
    return f"the {c.weapons[s.weapon].name}{shots}"


@lists_choices(Attack)
def attack_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """At each hostile it may attack: every weapon that reaches at once, each such weapon
    alone, and a single shot of each multiple-fire weapon."""
    out: list[Choice] = []
    for o in hostiles(fight, c):
        strikes = full_strikes(fight, c, o)
        groups = [strikes] if len(strikes) > 1 else []
        for s in strikes:
            groups.append([s])
            if s.shots > 1:
                groups.append([Strike(target=s.target, weapon=s.weapon, shots=1)])
        for group in groups:
            if legal_strikes(fight, c, group):
                what = " and ".join(strike_label(c, s) for s in group)
                out.append(
                    Choice(
                        f"attack {o.name} with {what}", Attack(actor=c.id, strikes=group), "attack"
                    )
                )
    return out
