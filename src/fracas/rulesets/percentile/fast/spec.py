"""A percentile duel compiled for the batch kernel: every number the kernel needs, read from the
ruleset's own tables and functions (table 5.1 from ``attack_parry``, table 5.2 from ``fumble``,
the difficulty ladder through ``chance_of``, weapons and armour through the ruleset's
profiles), never a second copy of a table.

This module and EXP's ``fast/spec.py`` compile a scenario for the fast paths: a kernel is a
second implementation of the rules, and it must read the same data.

Mirrors Chapter 5's tables 5.1-5.3, "Attacking and defending", "Fumbling", "Armour", "Break
value", "Damage and fatigue" (as numbers, read from the rules modules). Held to the event
engine by tests/batch/test_percentile_agreement.py (kernel) and test_odds.py (chain).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.rulesets.percentile.armour import absorbs
from fracas.rulesets.percentile.attack import PARRIED, chance_of
from fracas.rulesets.percentile.attack_parry import CELLS, DEFENDER_HURT
from fracas.rulesets.percentile.encumbrance import check_encumbrance, encumbrance_fatigue
from fracas.rulesets.percentile.fast import tactics as pt
from fracas.rulesets.percentile.fumble import fumble_row
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.ruleset import PercentileRuleset
from fracas.rulesets.percentile.scenario import PercentileScenario
from fracas.rulesets.percentile.stances import (
    ALL_OUT,
    ALL_OUT_DODGING,
    attack_shifts,
    defence_shifts,
    free_defences,
    split_dodging,
)
from fracas.rulesets.percentile.state import Arm, Profile
from fracas.rulesets.percentile.tactics import (
    EXTRA_DEFENCE_MIN,
    SWITCH_RATIO,
    arm_value,
    dodges_rather_than_parries,
    worth_fighting_unarmed,
)

IntArray = npt.NDArray[np.int64]

#: most weapons a combatant may carry for the kernel (body parts included)
MAX_WEAPONS = 5
#: most scripted stances the kernel follows before the ``then`` tactic
MAX_SCRIPT = 64

# fighter integer fields (columns of ``fi``)
HP, CON, FAT, ENC_FAT, INIT, NWEAP, ABS, PROJ_ONLY, DODGE, TECH, ARMOURED, TACTIC = range(12)
SCRIPT_LEN, THEN, HP_MAX, DODGE_SKILL, BODY, NO_WEAPON = range(12, 18)
FI_FIELDS = 18

# option fields (``opts``)
O_PARRIED, O_COUNTER_PARRY_ONLY, O_BV_ROLLED, O_DROP_LOST, O_SIMULTANEOUS = range(5)
O_ORDER_SCENARIO, O_TIES_REROLL, O_FATIGUE_PER_ROUND, O_FULL_DOUBLE = range(5, 9)
O_CHECK_TARGET, O_FALL_ARMOUR, O_MAX_ROUNDS, O_GLITCHES = range(9, 13)
O_RECOVER, O_DRAW_TAKES_ROUND, O_NO_WEAPON, O_FUMBLE_PARRY_FREE, O_EXTRA_MIN = range(13, 18)
#: by stance code (``pt.N_STANCES`` each): the free defences (``stances.free_defences``) and
#: which of ``ATTACK_SHIFTS`` the attack takes (``stances.attack_shifts``), under the scenario's
#: ``all_out_dodge``
O_FREE = 18
O_ATTACK_SHIFTS = O_FREE + pt.N_STANCES
OPT_FIELDS = O_ATTACK_SHIFTS + pt.N_STANCES
#: the attack's own modifiers a stance can give, as ``att_chance``'s stance axis indexes them
ATTACK_SHIFTS = ((), ALL_OUT, ALL_OUT_DODGING)
RECOVER_IN_TURN, RECOVER_START, RECOVER_NO_DEFENCE = range(3)
#: option ``no_weapon_left`` by name, as the kernel's tactics code it
NO_WEAPON_CODES = {
    "unarmed-else-yield": pt.NW_UNARMED_ELSE_YIELD,
    "unarmed": pt.NW_UNARMED,
    "surrender": pt.NW_SURRENDER,
    "flee": pt.NW_FLEE,
}

# effect codes of table 5.1 cells and table 5.2 rows
E_FUMBLE, E_DAMAGE, E_DISARM, E_KILL = range(4)
K_NORMAL, K_FULL, K_FULL_NO_ARMOUR = range(3)
F_DROP, F_DEFENCELESS, F_FALL, F_HIT_SELF, F_HIT_FRIEND, F_ARMOUR, F_WEAPON = range(7)
_FUMBLE_CODES = {
    "drop-weapon": F_DROP,
    "defenceless": F_DEFENCELESS,
    "fall": F_FALL,
    "hit-self": F_HIT_SELF,
    "hit-friend": F_HIT_FRIEND,
    "armour-malfunction": F_ARMOUR,
    "weapon-malfunction": F_WEAPON,
}
_CELL_CODES = {"fumble": E_FUMBLE, "damage": E_DAMAGE, "disarm": E_DISARM, "kill": E_KILL}
_KIND_CODES = {None: K_NORMAL, "normal": K_NORMAL, "full": K_FULL, "full-no-armour": 2}

_SUPPORTED_TACTICS = {
    "all-out-attack": pt.T_ALL_OUT_ATTACK,
    "normal-attack": pt.T_NORMAL_ATTACK,
    "all-out-defence": pt.T_ALL_OUT_DEFENCE,
    "defensive-below-half": pt.T_DEFENSIVE_BELOW_HALF,
    # in a duel nobody has a bleeding friend: the medic attacks normally (tactics.medic)
    "medic": pt.T_NORMAL_ATTACK,
    "optimal": pt.T_OPTIMAL,
}
#: the tactics that dodge instead of parrying when the fighter dodges better
_MAY_DODGE = (pt.T_NORMAL_ATTACK, pt.T_ALL_OUT_DEFENCE, pt.T_DEFENSIVE_BELOW_HALF)


def _tactic_code(name: str, p: Profile) -> int:
    """The kernel's code of tactic ``name`` for a fighter of profile ``p``, ``T_DODGES`` added
    where it dodges rather than parries (``tactics.dodges_rather_than_parries``)."""
    code = _SUPPORTED_TACTICS[name]
    if code in _MAY_DODGE and dodges_rather_than_parries(p):
        return code + pt.T_DODGES
    return code


_SCRIPT_STANCES = {
    "all-out-attack": pt.S_ALL_OUT_ATTACK,
    "normal-attack": pt.S_NORMAL_ATTACK,
    "all-out-defence": pt.S_ALL_OUT_DEFENCE,
    "all-out-attack+dodge": pt.S_ALL_OUT_ATTACK_DODGING,
    "normal-attack+dodge": pt.S_NORMAL_ATTACK_DODGING,
    "all-out-defence+dodge": pt.S_ALL_OUT_DEFENCE_DODGING,
}


@dataclass(frozen=True)
class PercentileSpec:
    """The arrays the percentile duel kernel reads (see the field constants above)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    fi: IntArray  # [2, FI_FIELDS]
    skill: IntArray  # [2, MAX_WEAPONS]
    bv: IntArray  # [2, MAX_WEAPONS]
    faces: IntArray  # [2, MAX_WEAPONS, dice]: signed sides of each die (0: none)
    offset: IntArray  # [2, MAX_WEAPONS]
    dmax: IntArray  # [2, MAX_WEAPONS]
    att_chance: IntArray  # [2, MAX_WEAPONS, ATTACK_SHIFTS, tired, glitches]
    def_chance: IntArray  # [2, MAX_WEAPONS + 1 (dodge), free>=1 only, tired]
    cell_n: IntArray  # [5, 5]
    cell_fx: IntArray  # [5, 5, 4, 3]: code, who (0 attacker, 1 defender), kind
    hurt: IntArray  # [5, 5]
    fumble_row: IntArray  # [101]: d100 -> row
    row_fx: IntArray  # [rows, 4]: codes, -1 padded
    script: IntArray  # [2, MAX_SCRIPT]
    opts: IntArray  # [OPT_FIELDS]
    policy: IntArray  # [2, hp index, hp index]: stances for tactics 'optimal' (or empty)
    natural: IntArray  # [2, MAX_WEAPONS]: body parts (cannot be dropped, broken, drawn)
    extra_chance: IntArray  # [2, MAX_WEAPONS + 1, tired]: a defence beyond the free ones
    values: npt.NDArray[np.float64]  # [2, MAX_WEAPONS, enemy ABS lost]: tactics.arm_value
    worth_unarmed: IntArray  # [2, enemy ABS lost]: tactics.worth_fighting_unarmed
    switch_ratio: float  # tactics.SWITCH_RATIO
    through: IntArray  # [2, MAX_WEAPONS, enemy ABS lost]: tactics.can_ever_get_through

    def arrays(self) -> tuple[Any, ...]:
        """The arrays in the order the kernel takes them."""
        return (
            self.fi,
            self.skill,
            self.bv,
            self.faces,
            self.offset,
            self.dmax,
            self.att_chance,
            self.def_chance,
            self.cell_n,
            self.cell_fx,
            self.hurt,
            self.fumble_row,
            self.row_fx,
            self.script,
            self.opts,
            self.policy,
            self.natural,
            self.extra_chance,
            self.values,
            self.worth_unarmed,
            self.switch_ratio,
            self.through,
        )


def scope(scenario: PercentileScenario, ruleset: PercentileRuleset) -> str | None:
    """Why the percentile duel kernel cannot run ``scenario`` exactly as the event engine
    would, or None if it can."""
    n = len(scenario.combatants)
    if n != 2:
        return f"{n} combatants; the batch kernel covers duels"
    profiles = ruleset.profiles(scenario)
    for i, (spec, p) in enumerate(zip(scenario.combatants, profiles, strict=True)):
        where = f"combatants[{i}] ({spec.name})"
        if not p.mobile:
            return f"{where} cannot move (an unpowered battle-suit); the kernel covers melee duels"
        for arm in p.arms:
            if arm.klass != "melee":
                return f"{where} carries a {arm.klass} weapon ({arm.name}); the kernel covers melee"
        if len(p.arms) > MAX_WEAPONS:
            return f"{where} carries {len(p.arms)} weapons; the kernel takes at most {MAX_WEAPONS}"
        if spec.tactics not in _SUPPORTED_TACTICS and spec.tactics != "scripted":
            return f"{where} uses tactics {spec.tactics!r}, which the kernel does not follow"
        if spec.tactics == "scripted":
            script = spec.script or []
            odd = [s for s in script if s not in _SCRIPT_STANCES]
            if odd:
                return f"{where}'s script has {odd[0]!r}, which the kernel does not follow"
            if len(script) > MAX_SCRIPT:
                return f"{where}'s script is longer than {MAX_SCRIPT} rounds"
            if spec.then is None:
                return f"{where}'s script has no 'then' tactic (the fight would stop)"
            if spec.then not in _SUPPORTED_TACTICS or spec.then == "optimal":
                return f"{where}'s 'then' tactic {spec.then!r} is not one the kernel follows"
    return None


def armour_stops(scenario: PercentileScenario, ruleset: PercentileRuleset) -> str | None:
    """A carried weapon that can never get through the other's armour (short of a perfect
    success), named, or None. The kernel follows what the tactics do then (change weapon,
    leave the fight); the exact chain (``fracas odds``) does not, and refuses the duel. For
    a duel (inside :func:`scope`)."""
    profiles = ruleset.profiles(scenario)
    for i, p in enumerate(profiles):
        for arm in p.arms:
            if not arm.natural and not gets_through(p, arm, profiles[1 - i], 0):
                return (
                    f"combatants[{i}] ({scenario.combatants[i].name})'s {arm.name} cannot get "
                    f"through {scenario.combatants[1 - i].name}'s armour (the tactics then "
                    "change weapon or leave the fight; the exact chain does not follow them)"
                )
    return None


def _glitch_levels(p: Profile, opts: PercentileOptions) -> int:
    """How many glitch levels change anything: up to the one that takes every attack to 0."""
    if not p.tech_armour or opts.glitch_penalty == 0:
        return 1
    top = max(a.skill for a in p.arms) * 2 + 1
    return min(64, top // opts.glitch_penalty + 2)


def compile_duel(
    scenario: PercentileScenario, ruleset: PercentileRuleset, policy: IntArray | None = None
) -> PercentileSpec:
    """The kernel's arrays for a duel inside :func:`scope`."""
    why = scope(scenario, ruleset)
    if why is not None:
        raise ValueError(why)
    opts = scenario.options
    profiles = ruleset.profiles(scenario)
    specs = scenario.combatants
    if policy is None and any(c.tactics == "optimal" for c in specs):
        raise ValueError("tactics 'optimal' needs the policy of fracas advise (install_policy)")
    glitches = max(_glitch_levels(p, opts) for p in profiles)
    dice_n = max(len(a.damage.faces) for p in profiles for a in p.arms)
    fi = np.zeros((2, FI_FIELDS), np.int64)
    skill = np.zeros((2, MAX_WEAPONS), np.int64)
    bv = np.zeros((2, MAX_WEAPONS), np.int64)
    faces = np.zeros((2, MAX_WEAPONS, dice_n), np.int64)
    offset = np.zeros((2, MAX_WEAPONS), np.int64)
    dmax = np.zeros((2, MAX_WEAPONS), np.int64)
    att = np.zeros((2, MAX_WEAPONS, len(ATTACK_SHIFTS), 2, glitches), np.int64)
    dfc = np.zeros((2, MAX_WEAPONS + 1, 2), np.int64)
    script = np.zeros((2, MAX_SCRIPT), np.int64)
    penalty_first = opts.glitch_applies == "before-modifiers"
    one_free = defence_shifts(0, free_defences("normal-attack"))
    # a defence beyond the free ones: an all-out attacker's first (one more Hard)
    beyond = {
        kind: defence_shifts(0, free_defences("all-out-attack"), kind)
        for kind in ("parry", "dodge")
    }
    natural = np.zeros((2, MAX_WEAPONS), np.int64)
    dfx = np.zeros((2, MAX_WEAPONS + 1, 2), np.int64)
    enemy_abs_top = [profiles[1].abs, profiles[0].abs]
    values = np.zeros((2, MAX_WEAPONS, max(enemy_abs_top) + 1))
    worth = np.zeros((2, max(enemy_abs_top) + 1), np.int64)
    through = np.zeros((2, MAX_WEAPONS, max(enemy_abs_top) + 1), np.int64)
    for f, (spec, p) in enumerate(zip(specs, profiles, strict=True)):
        row = fi[f]
        row[HP] = p.hp_max
        row[HP_MAX] = p.hp_max
        row[CON] = p.CON
        row[FAT] = p.fatigue_max
        row[ENC_FAT] = encumbrance_fatigue(p.encumbrance, opts.encumbrance_fatigue)
        row[INIT] = p.PER + p.AGL
        row[NWEAP] = len(p.arms)
        row[ABS] = p.abs
        row[PROJ_ONLY] = int(p.projectile_only)
        row[DODGE] = int(p.dodge is not None)
        row[DODGE_SKILL] = p.dodge or 0
        row[TECH] = int(p.tech_armour)
        row[ARMOURED] = int(p.armour is not None)
        # option no_weapon_left as it holds for this fighter (``ruleset.no_weapon_left``)
        row[NO_WEAPON] = NO_WEAPON_CODES[p.no_weapon_left]
        if spec.tactics == "scripted":
            row[TACTIC] = pt.T_SCRIPTED
            stances = spec.script or []
            row[SCRIPT_LEN] = len(stances)
            for r, s in enumerate(stances):
                script[f, r] = _SCRIPT_STANCES[s]
            row[THEN] = _tactic_code(spec.then or "normal-attack", p)
        else:
            row[TACTIC] = _tactic_code(spec.tactics, p)
        for w, arm in enumerate(p.arms):
            skill[f, w] = arm.skill
            bv[f, w] = arm.bv
            faces[f, w, : len(arm.damage.faces)] = arm.damage.faces
            offset[f, w] = arm.damage.offset
            dmax[f, w] = arm.damage_max
            for aoa, own in enumerate(ATTACK_SHIFTS):
                for tired in (0, 1):
                    for g in range(glitches):
                        att[f, w, aoa, tired, g] = chance_of(
                            arm.skill,
                            own,
                            p.encumbrance,
                            bool(tired),
                            g * opts.glitch_penalty,
                            opts.stacking,
                            opts.rounding,
                            penalty_first,
                        )[0]
            natural[f, w] = int(arm.natural)
            if arm.natural:
                row[BODY] = w
            # what the weapon is worth against the enemy's armour, as it loosens
            for lost in range(enemy_abs_top[f] + 1):
                values[f, w, lost] = arm_value(arm, 0, _enemy_abs(profiles[1 - f], arm.klass, lost))
                through[f, w, lost] = int(gets_through(p, arm, profiles[1 - f], lost))
            for tired in (0, 1):
                dfc[f, w, tired] = chance_of(
                    arm.skill, one_free, p.encumbrance, bool(tired), 0, opts.stacking, opts.rounding
                )[0]
                dfx[f, w, tired] = chance_of(
                    arm.skill,
                    beyond["parry"],
                    p.encumbrance,
                    bool(tired),
                    0,
                    opts.stacking,
                    opts.rounding,
                )[0]
        body_arm = p.arms[int(row[BODY])]
        for lost in range(enemy_abs_top[f] + 1):
            value = arm_value(body_arm, 0, _enemy_abs(profiles[1 - f], body_arm.klass, lost))
            worth[f, lost] = int(worth_fighting_unarmed(value))
        dodging = check_encumbrance(p.encumbrance, False, opts.encumbrance_applies)
        for tired in (0, 1):
            dfc[f, MAX_WEAPONS, tired] = chance_of(
                p.dodge or 0, one_free, dodging, bool(tired), 0, opts.stacking, opts.rounding
            )[0]
            dfx[f, MAX_WEAPONS, tired] = chance_of(
                p.dodge or 0,
                beyond["dodge"],
                dodging,
                bool(tired),
                0,
                opts.stacking,
                opts.rounding,
            )[0]
    cell_n = np.zeros((5, 5), np.int64)
    cell_fx = np.zeros((5, 5, 4, 3), np.int64)
    hurt = np.zeros((5, 5), np.int64)
    for a in range(5):
        for d in range(5):
            effects = CELLS[a][d][1]
            cell_n[a, d] = len(effects)
            hurt[a, d] = int(DEFENDER_HURT[a][d])
            for k, e in enumerate(effects):
                cell_fx[a, d, k] = (
                    _CELL_CODES[e.effect],
                    0 if e.who == "attacker" else 1,
                    _KIND_CODES[e.kind],
                )
    rows = {fumble_row(r, opts.fumble_rows_01_25) for r in range(1, 101)}
    ordered = sorted(rows, key=lambda r: r.low)
    index = {r.low: i for i, r in enumerate(ordered)}
    frow = np.zeros(101, np.int64)
    for r in range(1, 101):
        frow[r] = index[fumble_row(r, opts.fumble_rows_01_25).low]
    row_fx = np.full((len(ordered), 4), -1, np.int64)
    for i, row in enumerate(ordered):
        for k, (effect, _projectile) in enumerate(row.effects):
            row_fx[i, k] = _FUMBLE_CODES[effect]
    o = np.zeros(OPT_FIELDS, np.int64)
    o[O_PARRIED] = sum(1 << r for r in PARRIED[opts.parry_against])
    o[O_COUNTER_PARRY_ONLY] = int(opts.counter_effects == "parry-only")
    o[O_BV_ROLLED] = int(opts.weapon_damage_on_parry == "rolled")
    o[O_DROP_LOST] = int(opts.dropped_weapon == "lost")
    o[O_SIMULTANEOUS] = int(opts.later_rounds == "simultaneous")
    o[O_ORDER_SCENARIO] = int(opts.round_order == "scenario")
    o[O_TIES_REROLL] = int(opts.initiative_ties == "reroll")
    o[O_FATIGUE_PER_ROUND] = int(opts.fatigue_loss == "per-round")
    o[O_FULL_DOUBLE] = int(opts.full_damage == "double")
    o[O_CHECK_TARGET] = int(opts.fumble_zone == "check-target")
    o[O_FALL_ARMOUR] = int(opts.fall_damage_armour)
    o[O_MAX_ROUNDS] = opts.max_rounds
    o[O_GLITCHES] = glitches
    o[O_RECOVER] = {
        "in-turn": RECOVER_IN_TURN,
        "start-of-round": RECOVER_START,
        "no-defence": RECOVER_NO_DEFENCE,
    }[opts.recover_weapon]
    o[O_DRAW_TAKES_ROUND] = int(opts.draw_weapon == "takes-round")
    o[O_NO_WEAPON] = NO_WEAPON_CODES[opts.no_weapon_left]
    o[O_FUMBLE_PARRY_FREE] = int(opts.fumble_parry == "free")
    o[O_EXTRA_MIN] = EXTRA_DEFENCE_MIN
    for code, name in enumerate(pt.STANCE_NAMES):
        stance, dodging = split_dodging(name)
        o[O_FREE + code] = free_defences(stance, dodging, opts.all_out_dodge)
        o[O_ATTACK_SHIFTS + code] = ATTACK_SHIFTS.index(
            attack_shifts(stance, dodging, opts.all_out_dodge)
        )
    return PercentileSpec(
        names=(specs[0].name, specs[1].name),
        sides=(specs[0].side, specs[1].side),
        fi=fi,
        skill=skill,
        bv=bv,
        faces=faces,
        offset=offset,
        dmax=dmax,
        att_chance=att,
        def_chance=dfc,
        cell_n=cell_n,
        cell_fx=cell_fx,
        hurt=hurt,
        fumble_row=frow,
        row_fx=row_fx,
        script=script,
        opts=o,
        policy=policy if policy is not None else np.zeros((2, 1, 1), np.int64),
        natural=natural,
        extra_chance=dfx,
        values=values,
        worth_unarmed=worth,
        switch_ratio=SWITCH_RATIO,
        through=through,
    )


def gets_through(p: Profile, arm: Arm, enemy: Profile, lost: int) -> bool:
    """``tactics.can_ever_get_through`` with ``lost`` points of the enemy's armour loosened:
    the weapon's normal maximum beats the ABS, or under ``full_damage: double`` twice it."""
    abs_ = _enemy_abs(enemy, arm.klass, lost)
    return arm.damage_max > abs_ or (p.full_damage_doubles and 2 * arm.damage_max > abs_)


def _enemy_abs(enemy: Profile, klass: str, lost: int) -> int:
    """``tactics.enemy_abs`` with ``lost`` points of the enemy's armour loosened."""
    return max(0, enemy.abs - lost) if absorbs(enemy.projectile_only, klass) else 0
