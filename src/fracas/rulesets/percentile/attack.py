"""One attack: the attack check, the defender's parry or dodge, and table 5.1's outcome.

Chapter 5, "Attacking and defending" and "Break value".
"""

from __future__ import annotations

from functools import lru_cache

from fracas.engine import Note
from fracas.rulesets.percentile.attack_parry import CELLS, DEFENDER_HURT, Effect, cell
from fracas.rulesets.percentile.break_value import break_value_after
from fracas.rulesets.percentile.damage import deal, draw_next, drop_weapon
from fracas.rulesets.percentile.difficulty import (
    HARD,
    NORMAL,
    Rounding,
    Stacking,
    modified_skill,
)
from fracas.rulesets.percentile.encumbrance import check_encumbrance
from fracas.rulesets.percentile.events import (
    AmmoSpent,
    AttackRolled,
    DefenceAsked,
    DefenceRolled,
    Exchanged,
    Killed,
    WeaponBroken,
    WeaponDamaged,
)
from fracas.rulesets.percentile.fatigue import fatigue_shift
from fracas.rulesets.percentile.fumble import roll_fumble
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.reload import rounds_after_shot
from fracas.rulesets.percentile.skill_check import FAIL, FUMBLE, PERFECT, SUCCESS, skill_check
from fracas.rulesets.percentile.stances import (
    Mod,
    Mods,
    attack_shifts,
    defence_shifts,
    free_defences,
    is_extra_defence,
)
from fracas.rulesets.percentile.state import (
    BROKEN,
    READY,
    Arm,
    Asking,
    Fighter,
    PercentileContext,
    acting,
    is_defenceless,
)
from fracas.rulesets.percentile.weapons import shots_per_attack

#: attack results the defender rolls a defence against (option ``parry_against``)
PARRIED = {
    "hits-and-fumbles": frozenset({0, 2, 3, 4}),
    "hits": frozenset({2, 3, 4}),
    "every-attack": frozenset({0, 1, 2, 3, 4}),
}
#: effects on the attacker that come from the defender (option ``counter_effects``)
COUNTERED = frozenset({"damage", "disarm"})
#: ``COUNTER_CELLS[attack][parry]``: whether the cell damages or disarms the attacker
COUNTER_CELLS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(any(e.who == "attacker" and e.effect in COUNTERED for e in fx) for _, fx in row)
    for row in CELLS
)
_LEVEL_WORDS = {-1: "Easy", 1: "Hard", 2: "two levels harder"}
TIRED: Mods = ((fatigue_shift(0), "fatigue 0"),)
#: encumbrance modifiers by step (past 6 steps every check fails anyway)
ENCUMBERED: tuple[Mods, ...] = tuple(((HARD - NORMAL, "encumbrance"),) * n for n in range(8))


def condition_shifts(encumbrance: int, tired: bool) -> Mods:
    """Modifiers every check of a combatant carries: one Hard per encumbrance step (Chapter 5,
    "Weapon skills") and two levels harder at 0 fatigue ("Damage and fatigue")."""
    return ENCUMBERED[min(encumbrance, len(ENCUMBERED) - 1)] + (TIRED if tired else ())


def mods_text(mods: Mods, penalty: int) -> str:
    """The modifiers for the account: "Easy for all-out attack, Hard x2 for encumbrance, -15
    for glitching armour"."""
    parts: list[str] = []
    counts: dict[Mod, int] = {}
    for mod in mods:
        counts[mod] = counts.get(mod, 0) + 1
    for (shift, why), n in counts.items():
        times = f" x{n}" if n > 1 else ""
        parts.append(f"{_LEVEL_WORDS.get(shift, f'{shift:+d} levels')}{times} for {why}")
    if penalty:
        parts.append(f"-{penalty} for glitching armour")
    return ", ".join(parts)


@lru_cache(maxsize=4096)
def chance_of(
    skill: int,
    own: Mods,
    encumbrance: int,
    tired: bool,
    penalty: int,
    stacking: Stacking,
    rounding: Rounding,
    penalty_first: bool = True,
) -> tuple[int, str]:
    """(number to roll under, modifiers text) for a check with its ``own`` modifiers (all-out
    attack, extra parries) and the combatant's condition (cached: fights repeat them)."""
    mods = own + condition_shifts(encumbrance, tired)
    shifts = tuple(shift for shift, _ in mods)
    chance = modified_skill(skill, shifts, stacking, rounding, penalty, penalty_first)
    return chance, mods_text(mods, penalty)


def attack(
    ctx: PercentileContext, a: Fighter, d: Fighter, opts: PercentileOptions, simultaneous: bool
) -> None:
    """``a`` attacks ``d`` with the wielded weapon (all-out attack: Easy), ``d`` defends, and
    the cell of table 5.1 is carried out (Chapter 5, "Attacking and defending"). If ``d``
    must decide whether to defend beyond the free defences, the attack stops there
    (``DefenceAsked``) and ``answer_defence`` finishes it."""
    arm = a.p.arms[a.wielded]
    skill = arm.skill
    chance, mods = chance_of(
        skill,
        attack_shifts(a.stance, a.dodging, opts.all_out_dodge),
        a.p.encumbrance,
        a.fatigue <= 0,
        a.glitch,
        opts.stacking,
        opts.rounding,
        opts.glitch_applies == "before-modifiers",
    )
    result, rolls = skill_check(ctx, chance, skill, a.p.p_attack, opts.fumble_zone)
    ctx.emit(
        AttackRolled(
            who=a.id,
            target=d.id,
            weapon=arm.name,
            skill=skill,
            chance=chance,
            mods=mods,
            rolls=rolls,
            result=result,
        )
    )
    if arm.klass != "melee" and not arm.builtin:  # a suit's rifle is "continously charged"
        shots = shots_per_attack(arm.klass, arm.rate, opts.ammo_per_attack)
        left = rounds_after_shot(a.ammo[a.wielded], shots)
        ctx.emit(AmmoSpent(who=a.id, weapon=arm.name, left=left))
    defence = defend(ctx, d, a, arm, result, opts, simultaneous)
    if defence is not None:
        conclude(ctx, a, d, arm, result, defence[0], defence[1], opts)


def answer_defence(
    ctx: PercentileContext,
    a: Fighter,
    d: Fighter,
    asking: Asking,
    take: bool,
    opts: PercentileOptions,
) -> None:
    """``d``'s answer to ``DefenceAsked``: try the extra parry or dodge (one more Hard) or
    take the attack undefended (table 5.1's Fail column), then the rest of the attack."""
    arm = a.p.arms[a.wielded]
    if take:
        skill = defence_skill(d, arm)[1]
        parry, kind = roll_defence(ctx, d, a, asking.kind, skill, asking.chance, asking.mods)
    else:
        ctx.emit(
            DefenceRolled(
                who=d.id,
                attacker=a.id,
                kind="none",
                skill=0,
                chance=0,
                mods="",
                rolls=(),
                result=FAIL,
                reason=declined_reason(asking),
                declined=True,
            )
        )
        parry, kind = FAIL, "none"
    conclude(ctx, a, d, arm, asking.result, parry, kind, opts)


def declined_reason(asking: Asking) -> str:
    """Why the account says a defender did not defend: the chance the extra defence had, and
    the attack's result where it is the reason (a perfect attack: a fumbled parry of it is
    instant death; a failed one, asked about under ``parry_against: every-attack``: nothing
    to stop)."""
    against = {PERFECT: " against a perfect attack", FAIL: " against a failed attack"}.get(
        asking.result, ""
    )
    return f"an extra {asking.kind} would be at {asking.chance}%{against}"


def conclude(
    ctx: PercentileContext,
    a: Fighter,
    d: Fighter,
    arm: Arm,
    result: int,
    parry: int,
    kind: str,
    opts: PercentileOptions,
) -> None:
    """The cell of table 5.1 for ``result`` against ``parry`` carried out, and the parrying
    weapon's damage (Chapter 5, "Break value")."""
    text, effects = cell(result, parry)
    if effects or result != FAIL or kind != "none":
        ctx.emit(Exchanged(attacker=a.id, defender=d.id, attack=result, parry=parry, text=text))
        spared = opts.counter_effects == "parry-only" and kind != "parry"
        for effect in effects:
            if spared and effect.who == "attacker" and effect.effect in COUNTERED:
                continue
            carry_out(ctx, effect, a, d, arm, kind, opts)
        if spared and COUNTER_CELLS[result][parry]:
            ctx.emit(Note(text=f"{d.name} only dodged: no damage or disarming for {a.name}"))
    if (
        kind == "parry"
        and opts.weapon_damage_on_parry == "rolled"
        and parry >= SUCCESS <= result
        and not DEFENDER_HURT[result][parry]
        and d.arm_ready
        and not d.p.arms[d.wielded].natural
    ):
        parrying_weapon_takes_damage(ctx, d, a, arm)


def can_defend(d: Fighter, arm: Arm, round_number: int, acting: bool, kind: str = "") -> str:
    """Why ``d`` cannot defend this attack with ``arm`` (``kind``: its ``defence_skill``
    against it, if already known), or "" if it can. The first reason
    that holds is given, the most lasting first: out of the fight; defenceless after a fumble
    (table 5.2); no defence skill that works against this weapon at all (Chapter 5,
    "Attacking and defending": "Dodging is useful against projectile and beam weapons,
    whereas the normal parrying ... isn't"). Defences beyond the stance's free ones are the
    defender's decision (``DefenceAsked``), not a reason."""
    if not acting:
        return "out of the fight"
    if is_defenceless(d, round_number):
        return "defenceless after a fumble"
    if (kind or defence_skill(d, arm)[0]) == "none":
        return no_skill_reason(d, arm)
    return ""


def no_skill_reason(d: Fighter, arm: Arm) -> str:
    """Why neither parrying nor dodging is open to ``d`` against ``arm`` (Chapter 5,
    "Attacking and defending": only a dodge works against projectile and beam weapons, and a
    parry needs a ready close-combat weapon)."""
    if arm.klass != "melee":
        return f"no dodge skill, and a {arm.klass} weapon cannot be parried"
    return "no ready close-combat weapon to parry with, and no dodge skill"


def defence_skill(d: Fighter, arm: Arm) -> tuple[str, int]:
    """Parry with a ready close-combat weapon against a close-combat attack, unless dodging was
    declared; dodge (skill ``dodge``) otherwise (Chapter 5, "Attacking and defending"): "Dodging
    is useful against projectile and beam weapons, whereas the normal parrying ... isn't".
    ("none", 0): no defence."""
    w = d.wielded
    if arm.klass == "melee" and not d.dodging and w >= 0 and d.condition[w] == READY:
        held = d.p.arms[w]
        if held.klass == "melee":
            return "parry", held.skill
    if d.p.dodge is not None:
        return "dodge", d.p.dodge
    return "none", 0


def uncounted(result: int, fumble_parry: str) -> bool:
    """Whether a defence against this attack result is outside the round's count of parry
    attempts (option ``fumble_parry``: ``free`` leaves a parry of a fumbled attack uncounted,
    at no extra Hard; ``spends`` counts it like any other)."""
    return result == FUMBLE and fumble_parry == "free"


def defend(
    ctx: PercentileContext,
    d: Fighter,
    a: Fighter,
    arm: Arm,
    result: int,
    opts: PercentileOptions,
    simultaneous: bool,
) -> tuple[int, str] | None:
    """``d``'s parry or dodge against an attack that came out ``result``: (result, kind), or
    ``None`` when ``d`` has no free defence left and must decide (``DefenceAsked``).

    Each defence beyond the free ones of ``d``'s stance is one more Hard (Chapter 5,
    "Attacking and defending")."""
    if result not in PARRIED[opts.parry_against]:
        return FAIL, "none"
    state = ctx.state
    kind, skill = defence_skill(d, arm)
    why = can_defend(d, arm, state.round, d.able or acting(state, d, simultaneous), kind)
    busy = d.stance == "recover-weapon" and opts.recover_weapon == "no-defence"
    if busy and why != "out of the fight":  # the round goes to fetching the weapon
        why = "picking up the dropped weapon"
    if why:
        ctx.emit(
            DefenceRolled(
                who=d.id,
                attacker=a.id,
                kind="none",
                skill=0,
                chance=0,
                mods="",
                rolls=(),
                result=FAIL,
                reason=why,
            )
        )
        return FAIL, "none"
    free = free_defences(d.stance, d.dodging, opts.all_out_dodge)
    counted = not uncounted(result, opts.fumble_parry)
    extra = defence_shifts(d.defences_used, free, kind) if counted else ()
    encumbrance = check_encumbrance(d.p.encumbrance, kind == "parry", opts.encumbrance_applies)
    chance, mods = chance_of(
        skill, extra, encumbrance, d.fatigue <= 0, 0, opts.stacking, opts.rounding
    )
    if counted and is_extra_defence(d.defences_used, free):
        ctx.emit(
            DefenceAsked(
                who=d.id, attacker=a.id, result=result, kind=kind, chance=chance, mods=mods
            )
        )
        return None
    return roll_defence(ctx, d, a, kind, skill, chance, mods, counted)


def roll_defence(
    ctx: PercentileContext,
    d: Fighter,
    a: Fighter,
    kind: str,
    skill: int,
    chance: int,
    mods: str,
    counts: bool = True,
) -> tuple[int, str]:
    """The parry or dodge check itself: (result, kind)."""
    opts: PercentileOptions = ctx.options
    purpose = d.p.p_parry if kind == "parry" else d.p.p_dodge
    parry, rolls = skill_check(ctx, chance, skill, purpose, opts.fumble_zone)
    ctx.emit(
        DefenceRolled(
            who=d.id,
            attacker=a.id,
            kind=kind,
            skill=skill,
            chance=chance,
            mods=mods,
            rolls=rolls,
            result=parry,
            counts=counts,
        )
    )
    return parry, kind


def carry_out(
    ctx: PercentileContext,
    effect: Effect,
    a: Fighter,
    d: Fighter,
    arm: Arm,
    kind: str,
    opts: PercentileOptions,
) -> None:
    """One effect of a table 5.1 cell (Chapter 5, "Table 5.1: Attack and parry table").
    Effects on the attacker that come from the defender (damage, disarming) need a parry with
    a close-combat weapon (``counter_effects: parry-only``, checked by the caller) or any
    defence (``always``: damage from the defender's ready weapon)."""
    if effect.effect == "fumble":
        roll_fumble(ctx, a if effect.who == "attacker" else d, opts)
        return
    if effect.effect == "kill":
        victim = d if effect.who == "defender" else a
        ctx.emit(Killed(who=victim.id, by=(a if victim is d else d).id))
        return
    countered = effect.who == "attacker"
    if effect.effect == "disarm":
        drop_weapon(ctx, a if countered else d, None, "disarmed", opts)
        return
    if countered:
        if not d.arm_ready:
            return
        source = d.p.arms[d.wielded]
        deal(
            ctx, a, source, effect.kind or "normal", f"{d.name}'s {source.name}", d.p.p_damage, opts
        )
    else:
        deal(ctx, d, arm, effect.kind or "normal", f"{a.name}'s {arm.name}", a.p.p_damage, opts)


def parrying_weapon_takes_damage(ctx: PercentileContext, d: Fighter, a: Fighter, arm: Arm) -> None:
    """Chapter 5, "Break value": the parrying weapon takes the attacker's rolled damage (option
    ``weapon_damage_on_parry: rolled``): above its BV it loses 1 BV, above BV+6 it breaks."""
    damage = ctx.roll(arm.damage, f"{a.p.p_damage} on {d.name}'s parrying weapon")
    w = d.wielded
    bv_after, broken = break_value_after(d.bv[w], damage)
    parrying = d.p.arms[w].name
    if broken:
        ctx.emit(WeaponBroken(who=d.id, weapon=parrying, condition=BROKEN, reason="parry"))
        draw_next(ctx, d)
    elif bv_after != d.bv[w]:
        ctx.emit(WeaponDamaged(who=d.id, weapon=parrying, damage=damage, bv_after=bv_after))
