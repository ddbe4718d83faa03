"""The Attack action (chapter 9.2, 'Attack Action Rules'): one or more weapons (or fists) at
one or more targets. Strikes at the same target share one attack roll; each further target is
attacked at a cumulative -10."""

from __future__ import annotations

from fracas.rulesets.starflight.actions import Attack, Strike, register
from fracas.rulesets.starflight.attack import Use, attack_target
from fracas.rulesets.starflight.conditions import is_dead, is_unconscious
from fracas.rulesets.starflight.legality import check_attack
from fracas.rulesets.starflight.state import Fighter, StarflightContext


def group_by_target(strikes: list[Strike]) -> list[tuple[str, list[Use]]]:
    """Strikes grouped by target, in the order targets first appear."""
    groups: dict[str, list[Use]] = {}
    for s in strikes:
        groups.setdefault(s.target, []).append(Use(s.weapon, s.shots))
    return list(groups.items())


@register(Attack, "standard")
def resolve_attack(ctx: StarflightContext, c: Fighter, action: Attack) -> None:
    """Check every strike, then roll once per target."""
    fight = ctx.state
    check_attack(fight, c, action)
    for index, (tid, uses) in enumerate(group_by_target(action.strikes)):
        target = fight.fighter(tid)
        if is_unconscious(c, fight.options):
            return
        if not is_dead(target):
            attack_target(ctx, c, target, uses, index)
