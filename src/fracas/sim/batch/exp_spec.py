"""An EXP one-on-one brawl compiled for the batch kernel, through the ruleset's own functions
(``best_weapon``, ``force_bonus``, ``oops_exemption``, ``uses_skilled_bonus``, the DSS table,
the named dice) on a fight built by the ruleset, so no rule or table is copied here."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.dice import parse
from fracas.rulesets.exp.actual_damage import actual_damage
from fracas.rulesets.exp.attack import is_thrown
from fracas.rulesets.exp.attack_roll import uses_skilled_bonus
from fracas.rulesets.exp.legality import tippable_problem
from fracas.rulesets.exp.nonlethal_damage import force_bonus
from fracas.rulesets.exp.oops import oops_exemption
from fracas.rulesets.exp.state import ExpEncounter, Persona, Weapon
from fracas.rulesets.exp.tables import DSS_TABLE, KINDS, die
from fracas.rulesets.exp.tactics import TRIP_GIVE_UP, best_weapon, can_subdue, maneuver_ok
from fracas.sim.batch import exp_tactics as xt

IntArray = npt.NDArray[np.int64]

# persona fields (columns of ``pi``)
P_HPS, P_HPS_MAX, P_CON, P_LEVEL, P_DEX, P_PSTR, P_DR, P_TACTIC, P_CONCEDE = range(9)
P_CAN_MANEUVER, P_TIPPABLE, P_STRIKE_BONUS, P_STRIKE_CAP, P_DEAD_AT_ZERO = range(9, 14)
P_PCT_ATTR, P_SAVE_ATTR = 14, 15
PI_FIELDS = 16
# weapon fields (``wi[f, stage, holding]``): -1 in W_USE: no weapon (the tactic waits);
# W_THROWN: striking with it throws it (option thrown_weapons: used-up): the next stage
W_USE, W_BONUS, W_CAP, W_OFFSET, W_FORCE, W_OOPS, W_THROWN = range(7)
WI_FIELDS = 7
#: most weapon stages (weapons thrown one after the other) the kernel follows
MAX_STAGES = 6
# options (``opts``)
O_DSS_SAVE, O_PCT_SCALE, O_PCT_CAP, O_PCT_DIE, O_SAVE_BASE, O_SAVE_SCALE = range(6)
O_SAVE_CAP, O_SAVE_DIE, O_OOPS_DIE, O_OOPS_STRICT, O_OOPS_REPLACES, O_ROUNDING = range(6, 12)
O_INITIATIVE, O_INIT_EVERY, O_COMP_LEVEL, O_TIES_REROLL, O_TRIP_SUMMARY = range(12, 17)
O_TRIP_DOWN, O_DEATH_ZERO, O_MAX_UNITS, O_GRAPPLER_ATTACKS, O_KILODIE, O_ATTR_DIE = range(17, 23)
O_TRIP_GIVE_UP = 23
OPT_FIELDS = 24
INIT_ROLL, INIT_DEX, INIT_SCENARIO = range(3)
ROUND_HALF_UP, ROUND_DOWN, ROUND_UP = range(3)

_TACTICS = {
    "brawl": xt.T_BRAWL,
    "grapple": xt.T_GRAPPLE,
    "trip": xt.T_TRIP,
    "optimal": xt.T_OPTIMAL,
}


@dataclass(frozen=True)
class ExpSpec:
    """The arrays the brawl kernel reads (see the field constants above)."""

    names: tuple[str, str]
    sides: tuple[str, str]
    pi: IntArray  # [2, PI_FIELDS]
    wi: IntArray  # [2, MAX_STAGES, 2 (free, holding), WI_FIELDS]
    faces: IntArray  # [2, MAX_STAGES, 2, dice]
    actual: IntArray  # [damage]: actual damage of a non-lethal blow (actual_damage)
    opts: IntArray
    policy: IntArray  # [2, hps, hps]: action for tactics 'optimal'
    stage_weapons: tuple[tuple[tuple[str, str], ...], ...]  # per persona, per stage: free, hold

    def arrays(self) -> tuple[Any, ...]:
        return (self.pi, self.wi, self.faces, self.actual, self.opts, self.policy)


def _sides(name: str) -> int:
    """The sides of a lone named die (``deci-die`` -> 100)."""
    e = parse(die(name))
    if not e.lone_sides or e.offset != 1:
        raise ValueError(f"the {name} is not a single die")
    return e.lone_sides


def _fight(scenario: Any, ruleset: Any) -> tuple[ExpEncounter, Persona, Persona]:
    state = ruleset.build(scenario)
    assert isinstance(state, ExpEncounter)
    a, b = (state.personas[c.name] for c in scenario.combatants)
    return state, a, b


def scope(scenario: Any, ruleset: Any) -> str | None:
    """Why the brawl kernel cannot run ``scenario`` exactly as the event engine would."""
    n = len(scenario.combatants)
    if n != 2:
        return f"{n} combatants; the batch kernel covers one-on-one brawls"
    state, a, b = _fight(scenario, ruleset)
    options = scenario.options
    for i, (p, o) in enumerate(((a, b), (b, a))):
        where = f"combatants[{i}] ({p.name})"
        name = p.tactics.split(";", 1)[0]
        if name not in _TACTICS:
            return f"{where} uses tactics {name!r}; the kernel covers brawl, grapple and trip"
        if not can_subdue(p, o, options):
            return f"{where} cannot subdue {o.name} (kind or size): a lethal fight, not a brawl"
        if best_weapon(p, o, False, options) is None:
            return f"{where} has no weapon for a non-lethal attack"
        seq = stages(p, o, state, options)
        if len(seq) > MAX_STAGES:
            return f"{where} throws more than {MAX_STAGES - 1} weapons; not in the kernel"
        if seq[-1][0] is None:  # the tactics then call it quits (or wait), saying why
            return f"{where} has nothing left to fight with once it has thrown; not in the kernel"
        for w in p.weapons:
            if w.stun or w.attack_type not in ("strike", "fling"):
                return f"{where} carries {w.name} ({w.attack_type}); the kernel covers brawls"
            if w.attack_type == "fling" and options.nonlethal_attacks == "strike-only":
                return f"{where} would fling {w.name} lethally (strike-only); not in the kernel"
    try:
        _sides(options.oops_die)
    except ValueError as exc:
        return str(exc)
    return None


def stages(
    p: Persona, o: Persona, state: ExpEncounter, options: Any
) -> list[tuple[Weapon | None, Weapon | None, bool]]:
    """The weapons ``p`` strikes with, free and holding, stage by stage: each time it throws
    its free weapon (``attack.is_thrown`` and option ``thrown_weapons``) the next stage has
    the weapons left (bare hands once none are: ``WeaponThrown.apply``), as
    ``tactics.best_weapon`` picks among them."""
    out: list[tuple[Weapon | None, Weapon | None, bool]] = []
    q = copy.copy(p)
    q.weapons = list(p.weapons)
    while True:
        q.holding = None
        free = best_weapon(q, o, False, options)
        q.holding = o.id
        held = best_weapon(q, o, False, options)
        q.holding = None
        thrown = free is not None and is_thrown(q, free) and options.thrown_weapons == "used-up"
        out.append((free, held, thrown))
        if not thrown or len(out) >= MAX_STAGES + 1:
            return out
        assert free is not None
        q.weapons = [w for w in q.weapons if w is not free] or [state.bare_hands]


def _weapon_row(
    p: Persona, w: Weapon | None, index: int, options: Any, faces: IntArray
) -> list[int]:
    if w is None:
        return [-1, 0, 0, 0, 0, 0, 0]
    row = p.table[w.attack_type]
    skilled = uses_skilled_bonus(p, w, False, options)
    e = parse(w.damage)
    faces[: len(e.faces)] = e.faces
    exempt = oops_exemption(p, w, options) is not None
    return [
        index,
        row.skilled_bonus if skilled else row.raw_bonus,
        row.maximum_roll,
        e.offset,
        force_bonus(p, w, False, options),
        0 if exempt else 1,
        0,
    ]


def compile_brawl(scenario: Any, ruleset: Any, policy: IntArray | None = None) -> ExpSpec:
    """The kernel's arrays for a brawl inside :func:`scope`."""
    why = scope(scenario, ruleset)
    if why is not None:
        raise ValueError(why)
    options = scenario.options
    state, a, b = _fight(scenario, ruleset)
    every = [*a.weapons, *b.weapons, state.bare_hands]
    dice_n = max(len(parse(w.damage).faces) for w in every)
    pi = np.zeros((2, PI_FIELDS), np.int64)
    wi = np.zeros((2, MAX_STAGES, 2, WI_FIELDS), np.int64)
    faces = np.zeros((2, MAX_STAGES, 2, dice_n), np.int64)
    top = 0
    named: list[tuple[tuple[str, str], ...]] = []
    for f, (p, o) in enumerate(((a, b), (b, a))):
        row = pi[f]
        row[P_HPS] = p.hps
        row[P_HPS_MAX] = p.hps_max
        row[P_CON] = p.attribute("CON")
        row[P_LEVEL] = p.level
        row[P_DEX] = p.attribute("DEX")
        row[P_PSTR] = p.attribute("PSTR")
        row[P_DR] = p.defence_rating
        row[P_TACTIC] = _TACTICS[p.tactics.split(";", 1)[0]]
        row[P_CONCEDE] = p.concede_below or 0
        row[P_CAN_MANEUVER] = int(maneuver_ok(state, p, o))
        row[P_TIPPABLE] = int(tippable_problem(o) is None)
        if "strike" in p.table:
            strike = p.table["strike"]
            row[P_STRIKE_BONUS] = strike.skilled_bonus if p.hand_to_hand else strike.raw_bonus
            row[P_STRIKE_CAP] = strike.maximum_roll
        row[P_DEAD_AT_ZERO] = int(KINDS[p.kind].at_zero_hps == "dead")
        row[P_PCT_ATTR] = p.attribute(DSS_TABLE.percentile.attribute)
        row[P_SAVE_ATTR] = p.attribute(DSS_TABLE.save_d20.attribute)
        seq = stages(p, o, state, options)
        named.append(tuple((w0.name if w0 else "", w1.name if w1 else "") for w0, w1, _ in seq))
        for k, (free, holding, thrown) in enumerate(seq):
            for h, w in ((0, free), (1, holding)):
                wi[f, k, h] = _weapon_row(p, w, 0 if w is None else 1, options, faces[f, k, h])
                if w is not None:
                    e = parse(w.damage)
                    top = max(top, e.maximum + int(wi[f, k, h, W_FORCE]))
            wi[f, k, 0, W_THROWN] = int(thrown)
    opt = np.zeros(OPT_FIELDS, np.int64)
    pct, save = DSS_TABLE.percentile, DSS_TABLE.save_d20
    opt[O_DSS_SAVE] = int(options.dss == "save-d20")
    opt[O_PCT_SCALE], opt[O_PCT_CAP], opt[O_PCT_DIE] = pct.scale, pct.cap, _sides(pct.die)
    opt[O_SAVE_BASE], opt[O_SAVE_SCALE] = save.base, save.scale
    opt[O_SAVE_CAP], opt[O_SAVE_DIE] = save.cap, _sides(save.die)
    opt[O_OOPS_DIE] = _sides(options.oops_die)
    opt[O_OOPS_STRICT] = int(options.oops_when == "under")
    opt[O_OOPS_REPLACES] = int(options.oops_replaces_actual)
    opt[O_ROUNDING] = {"half-up": ROUND_HALF_UP, "down": ROUND_DOWN, "up": ROUND_UP}[
        options.actual_damage_rounding
    ]
    opt[O_INITIATIVE] = {"d20+dex": INIT_ROLL, "dex": INIT_DEX, "scenario-order": INIT_SCENARIO}[
        options.initiative
    ]
    opt[O_INIT_EVERY] = int(options.initiative_every_unit)
    opt[O_COMP_LEVEL] = int(options.competition_adds_level)
    opt[O_TIES_REROLL] = int(options.competition_ties == "reroll")
    opt[O_TRIP_SUMMARY] = int(options.trip_order == "summary")
    opt[O_TRIP_DOWN] = options.tripped_loses_actions
    opt[O_DEATH_ZERO] = int(options.death_below_zero == "zero")
    opt[O_MAX_UNITS] = options.max_units
    opt[O_GRAPPLER_ATTACKS] = int(options.grappler_may_attack)
    opt[O_TRIP_GIVE_UP] = TRIP_GIVE_UP
    opt[O_KILODIE] = _sides("kilodie")
    opt[O_ATTR_DIE] = _sides("attribute-die")
    return ExpSpec(
        names=(a.name, b.name),
        sides=(a.side, b.side),
        pi=pi,
        wi=wi,
        faces=faces,
        actual=np.array(
            [actual_damage(d, options.actual_damage_rounding) for d in range(top + 1)], np.int64
        ),
        opts=opt,
        stage_weapons=tuple(named),
        policy=policy if policy is not None else np.zeros((2, 1, 1), np.int64),
    )
