"""The Attack action (chapter 9.2, 'Attack Action Rules'): one or more weapons (or fists) at
one or more targets. Strikes at the same target share one attack roll; each further target is
attacked at a cumulative -10. A readied action waiting for the attacker to attack goes off
first ('Ready')."""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Attack, Strike, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.conditions import can_strike, is_dead, is_unconscious
from fracas.rulesets.starflight.legality import check_attack, check_strike
from fracas.rulesets.starflight.range import distance_m, hostiles, reach_m, ready
from fracas.rulesets.starflight.ready import set_off
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


def group_by_target(strikes: list[Strike]) -> list[tuple[str, list[Use]]]:
    """Strikes grouped by target, in the order targets first appear."""
    groups: dict[str, list[Use]] = {}
    for s in strikes:
        groups.setdefault(s.target, []).append(Use(s.weapon, s.shots))
    return list(groups.items())


def full_strikes(fight: Fight, c: Fighter, target: Fighter) -> list[Strike]:
    """Every drawn, loaded, ready weapon that reaches the target, with all the shots it can
    fire; fists when the combatant holds no weapon at all and the target is within reach."""
    metres = distance_m(c, target)
    out = []
    for i, w in enumerate(c.weapons):
        loaded = w.loaded if w.stats.magazine else w.stats.shots
        works = w.hand not in c.failed  # a failed part "cannot use it at all"
        if works and w.drawn and loaded > 0 and ready(fight, w) and metres <= reach_m(fight, w):
            out.append(Strike(target=target.id, weapon=i, shots=min(w.stats.shots, loaded)))
    fists = not out and metres <= reach_m(fight, None)  # the unarmed test only then
    if fists and not any(w.drawn for w in c.weapons) and can_strike(c):
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
                action = Attack(actor=c.id, strikes=group)
                out.append(Choice(f"attack {o.name} with {what}", action, "attack"))
    return out


@register(Attack, "standard", choices=attack_choices)
def resolve_attack(ctx: StarflightContext, c: Fighter, action: Attack) -> None:
    """Check every strike, let readied actions waiting for this attack go off, then roll
    once per target."""
    fight = ctx.state
    sights = check_attack(fight, c, action)
    checked_at = len(ctx.log)  # the sights hold while nothing more is logged (``attack_sight``)
    set_off(ctx, "attacks", c)  # 'Ready': "delaying any action the current combatant may be making"
    for index, (tid, uses) in enumerate(group_by_target(action.strikes)):
        target = fight.fighter(tid)
        if is_unconscious(c, fight.options):
            return
        if not is_dead(target):
            attack_target(ctx, c, target, uses, index, checked=(checked_at, sights[tid]))
