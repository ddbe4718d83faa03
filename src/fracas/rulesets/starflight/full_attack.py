"""Full Attack (chapter 9.2, 'Full Attack').

"If the combatant is within range of all of their currently wielded weapons and all those
weapons are readied, a combatant may conduct a Full Attack. Full attacks are a special
full-round attack action. For every weapon the character has wielded, an attack roll is made.
In the event that all of the weapons rolls are successful, the damage from all weapons is
doubled and applied simultaneously to the target. A combatant must wait at least five rounds
after completing an Alpha Strike before declaring another Alpha Strike." (the Alpha Strike is
the Full Attack's name at the other scales). Each weapon fires one shot; when some rolls miss,
the ones that hit do their ordinary damage.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import FullAttack, Strike, register
from fracas.rulesets.starflight.attack import Hit, resolve_hit
from fracas.rulesets.starflight.conditions import is_dead
from fracas.rulesets.starflight.events import FullAttacked
from fracas.rulesets.starflight.legality import check_strike
from fracas.rulesets.starflight.line_of_sight import line_of_sight
from fracas.rulesets.starflight.range import hostiles
from fracas.rulesets.starflight.special_attack import Roll, roll_attack
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

WAIT_ROUNDS = 5


def full_attack_problem(fight: Fight, c: Fighter, tid: str) -> str | None:
    """Why ``c`` may not Full Attack ``tid``, or None."""
    wielded = [i for i, w in enumerate(c.weapons) if w.drawn]
    if not wielded:
        return f"{c.name} wields no weapon: no Full Attack"
    last = c.full_attack_round
    if last is not None and fight.round - last < WAIT_ROUNDS:
        return f"{c.name} made a Full Attack in round {last}: it must wait five rounds"
    used: dict[int, int] = {}
    try:
        for i in wielded:
            check_strike(fight, c, Strike(target=tid, weapon=i), used)
    except IllegalAction as exc:
        return f"every wielded weapon must be ready and in range: {exc}"
    return None


def full_attack_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """A Full Attack at each opponent every wielded weapon reaches."""
    return [
        Choice(f"full attack {o.name}", FullAttack(actor=c.id, target=o.id), "attack")
        for o in hostiles(fight, c)
        if full_attack_problem(fight, c, o.id) is None
    ]


@register(FullAttack, "full", choices=full_attack_choices)
def resolve_full_attack(ctx: StarflightContext, c: Fighter, action: FullAttack) -> None:
    """One roll per weapon; all hit: every weapon's damage doubled."""
    fight = ctx.state
    problem = full_attack_problem(fight, c, action.target)
    if problem is not None:
        raise IllegalAction(problem)
    target = fight.fighter(action.target)
    ctx.emit(FullAttacked(who=c.id, round=fight.round))
    wielded = [i for i, w in enumerate(c.weapons) if w.drawn]
    rolls: list[tuple[int, Roll | None]] = [
        (i, roll_attack(ctx, c, target, i, label="full attack")) for i in wielded
    ]
    every = all(r is not None and r.hit for _, r in rolls)
    through = line_of_sight(fight, c, target).through
    for i, r in rolls:
        if r is not None and r.hit and not is_dead(target):
            hit = Hit(c.weapons[i], r.critical, r.degree, multiplier=2 if every else 1)
            resolve_hit(ctx, c, target, hit, through)
