"""An EXP one-on-one brawl (or lethal fight) compiled for the batch kernel, through the
ruleset's own functions (``best_weapon``, ``force_bonus``, ``oops_exemption``,
``uses_skilled_bonus``, ``dss.percentile_needed`` / ``save_needed``, ``condition_at``, the
named dice) and its own tactics and events (the weapon machine: ``tactics.brawl`` / ``lethal``
/ ``free_attack`` / ``snatch``, ``snatch.check_snatch``, ``WeaponSnatched`` and
``WeaponThrown`` applied to a fight built by the ruleset), so no rule or table is copied here.

Mirrors the chapter's "Non-Lethal Combat" (the DSS, actual and oops damage, snatches, thrown
weapons) through the rules modules. Held to the event engine by
tests/batch/test_exp_agreement.py.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from fracas.dice import parse
from fracas.engine import IllegalAction
from fracas.rulesets.exp import tactics
from fracas.rulesets.exp.actions import Attack, Concede, ExpAction, Snatch
from fracas.rulesets.exp.actual_damage import actual_damage
from fracas.rulesets.exp.attack import is_thrown
from fracas.rulesets.exp.attack_roll import uses_skilled_bonus
from fracas.rulesets.exp.dss import percentile_needed, save_needed
from fracas.rulesets.exp.events import WeaponSnatched, WeaponThrown
from fracas.rulesets.exp.fast import codes as xt
from fracas.rulesets.exp.legality import tippable_problem
from fracas.rulesets.exp.nonlethal_damage import force_bonus
from fracas.rulesets.exp.oops import oops_exemption
from fracas.rulesets.exp.ruleset import ExpRuleset
from fracas.rulesets.exp.scenario import ExpScenario
from fracas.rulesets.exp.snatch import FUMBLED_GRAB_BONUS, check_snatch
from fracas.rulesets.exp.state import (
    ACTIVE,
    OUT,
    ExpEncounter,
    Persona,
    Weapon,
    condition_at,
)
from fracas.rulesets.exp.tables import DSS_TABLE, KINDS, die
from fracas.rulesets.exp.tactics import TRIP_GIVE_UP, best_weapon, can_subdue, maneuver_ok

IntArray = npt.NDArray[np.int64]

# persona fields (columns of ``pi``)
P_HPS, P_HPS_MAX, P_CON, P_LEVEL, P_DEX, P_PSTR, P_DR, P_TACTIC, P_CONCEDE = range(9)
P_CAN_MANEUVER, P_TIPPABLE, P_STRIKE_BONUS, P_STRIKE_CAP, P_DEAD_AT_ZERO = range(9, 14)
P_PCT_ATTR, P_SAVE_ATTR = 14, 15
P_HPS_FLOOR = 16  # the lowest HPS the condition table holds (below it: as at it)
PI_FIELDS = 17
#: conditions, in the order of ``personas.ACTIVE`` and ``OUT`` (the kernel's END_NAMES)
CONDITIONS = (ACTIVE, *OUT)
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
O_SNATCH_BONUS = 24  # snatch.FUMBLED_GRAB_BONUS (the +242 after a lost Dexterity competition)
OPT_FIELDS = 25
INIT_ROLL, INIT_DEX, INIT_SCENARIO = range(3)
# The weapon machine: weapons change hands (snatched) and leave them (thrown), so the kernel
# follows "inventories", each the weapon lists of both personas, and what each does in it.
# ``iw[s, f, slot]`` is a weapon row (W_* above, then W_LETHAL, W_NEXT) of persona f in
# inventory s: slot SLOT_FREE its blow when free, SLOT_HOLDING when holding the other,
# SLOT_FREE_ATTACK its free attack when the other's snatch of its weapon fails at Strength.
SLOT_FREE, SLOT_HOLDING, SLOT_FREE_ATTACK = range(3)
SLOTS = 3
#: W_USE of a row without a weapon: wait (or keep hold), or call it quits (nothing left)
USE_WAIT, USE_CONCEDE = -1, -2
#: W_LETHAL: no non-lethal weapon is left, the brawl tactic hits lethally (tactics.brawl);
#: W_NEXT: the inventory after this blow (its weapon thrown), or -1 if it stays in hand
W_LETHAL, W_NEXT = 7, 8
IW_FIELDS = 9
#: ``snatch[s, f]``: X_NEXT the inventory once f has wrested the other's weapon (-1: no
#: snatch open to f, ``snatch.check_snatch``); X_WANTS 1 if tactics 'snatch' snatches
#: (``tactics.snatch``: f holds no weapon of its own yet)
X_NEXT, X_WANTS = range(2)
X_FIELDS = 2
#: most inventories the kernel follows
MAX_INVENTORIES = 512
ROUND_HALF_UP, ROUND_DOWN, ROUND_UP = range(3)

_TACTICS = {
    "brawl": xt.T_BRAWL,
    "grapple": xt.T_GRAPPLE,
    "trip": xt.T_TRIP,
    "optimal": xt.T_OPTIMAL,
    "snatch": xt.T_SNATCH,
    "lethal": xt.T_LETHAL,
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
    # the weapon machine (see SLOT_FREE above): inventory 0 is the start
    iw: IntArray = field(default_factory=lambda: np.zeros((1, 2, SLOTS, IW_FIELDS), np.int64))
    ifaces: IntArray = field(default_factory=lambda: np.zeros((1, 2, SLOTS, 1), np.int64))
    snatch: IntArray = field(default_factory=lambda: np.full((1, 2, X_FIELDS), -1, np.int64))
    #: per inventory, each persona's weapon names (for reading the arrays)
    inventories: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    #: ``stun_at[t, damage, left]``: the DSS of persona t hit for ``damage`` with ``left``
    #: HPS-as-if (> 0) as the die must read: percentile, stunned above it; save-d20, stunned
    #: at or under it (the number to beat less what the persona adds to the roll)
    stun_at: IntArray = field(default_factory=lambda: np.zeros((2, 1, 1), np.int64))
    #: ``condition[t, hps - pi[t, P_HPS_FLOOR]]``: persona t's condition at ``hps`` (an index
    #: of CONDITIONS, ``personas.condition_at``); below the floor, as at the floor
    condition: IntArray = field(default_factory=lambda: np.zeros((2, 1), np.int64))

    def arrays(self) -> tuple[Any, ...]:
        return (
            self.pi,
            self.actual,
            self.opts,
            self.policy,
            self.iw,
            self.ifaces,
            self.snatch,
            self.stun_at,
            self.condition,
        )


def _sides(name: str) -> int:
    """The sides of a lone named die (``deci-die`` -> 100)."""
    e = parse(die(name))
    if not e.lone_sides or e.offset != 1:
        raise ValueError(f"the {name} is not a single die")
    return e.lone_sides


def _fight(scenario: ExpScenario, ruleset: ExpRuleset) -> tuple[ExpEncounter, Persona, Persona]:
    state = ruleset.build(scenario)
    assert isinstance(state, ExpEncounter)
    a, b = (state.personas[c.name] for c in scenario.combatants)
    return state, a, b


def scope(scenario: ExpScenario, ruleset: ExpRuleset, lethal: bool = False) -> str | None:
    """Why the brawl kernel cannot run ``scenario`` exactly as the event engine would. With
    ``lethal`` (``batch.scope``, and the exact chain's) also one-on-one fights with lethal
    blows from the start: tactics ``lethal``, and kinds or sizes that cannot be subdued
    (robots, flora, fauna, aliens that are not advanced); without it (the default) only
    brawls: both sides able to subdue each other, each with a non-lethal weapon."""
    n = len(scenario.combatants)
    if n != 2:
        return f"{n} combatants; the batch kernel covers one-on-one brawls"
    state, a, b = _fight(scenario, ruleset)
    options = scenario.options
    for i, (p, o) in enumerate(((a, b), (b, a))):
        where = f"combatants[{i}] ({p.name})"
        name = p.tactics.split(";", 1)[0]
        if name not in _TACTICS or (name == "lethal" and not lethal):
            return (
                f"{where} uses tactics {name!r}; the kernel covers brawl, grapple, trip and "
                "snatch" + (" (and lethal in the batch kernel)" if not lethal else "")
            )
        if lethal:
            pass  # the weapon machine asks the tactics for every blow, lethal or not
        elif not can_subdue(p, o, options):
            return f"{where} cannot subdue {o.name} (kind or size): a lethal fight, not a brawl"
        elif best_weapon(p, o, False, options) is None:
            return f"{where} has no weapon for a non-lethal attack"
        seq = stages(p, o, state, options)
        if len(seq) > MAX_STAGES:
            return f"{where} throws more than {MAX_STAGES - 1} weapons; not in the kernel"
    try:
        _sides(options.oops_die)
    except ValueError as exc:
        return str(exc)
    if len(inventories(scenario, ruleset, MAX_INVENTORIES + 1)) > MAX_INVENTORIES:
        return f"more than {MAX_INVENTORIES} ways the weapons can be shared out; not in the kernel"
    return None


Inventory = tuple[tuple[Weapon, ...], tuple[Weapon, ...]]


def _dress(state: ExpEncounter, inv: Inventory, holder: int | None = None) -> list[Persona]:
    """The fight's two personas holding the weapons of ``inv``, free, or persona ``holder``
    holding the other in a grapple; no free attack pending."""
    pair = [state.personas[n] for n in state.combatants]
    for p, weapons in zip(pair, inv, strict=True):
        p.weapons = list(weapons)
        p.holding = p.held_by = None
    if holder is not None:
        pair[holder].holding = pair[1 - holder].id
        pair[1 - holder].held_by = pair[holder].id
    state.free_attack = None
    return pair


def _after(state: ExpEncounter, inv: Inventory, event: WeaponSnatched | WeaponThrown) -> Inventory:
    """The inventory once ``event`` (a snatch or a throw) has been applied to ``inv``."""
    a, b = _dress(state, inv)
    event.apply(state)
    return (tuple(a.weapons), tuple(b.weapons))


def _blow(
    state: ExpEncounter, inv: Inventory, f: int, action: ExpAction, holding: bool = False
) -> tuple[Weapon | None, bool, int, Inventory | None]:
    """What ``action`` (the tactics' choice for persona ``f`` in ``inv``, ``holding`` the
    other or not) strikes with: weapon, lethal, W_USE when there is no weapon, and the
    inventory after a throw."""
    p = _dress(state, inv, holder=f if holding else None)[f]
    if not isinstance(action, Attack):
        return None, False, USE_CONCEDE if isinstance(action, Concede) else USE_WAIT, None
    weapon = p.weapon(action.weapon)
    assert weapon is not None
    after = None
    if is_thrown(p, weapon) and state.options.thrown_weapons == "used-up":
        after = _after(state, inv, WeaponThrown(thrower=p.id, weapon=weapon.name))
    return weapon, action.lethal, 1, after


def _moves(state: ExpEncounter, inv: Inventory, f: int) -> dict[str, Any]:
    """Persona ``f``'s choices in ``inv``, asked of the ruleset's tactics and checks: its
    blow free (``tactics.brawl``, or ``tactics.lethal``) and holding the other, its free
    attack if the other's snatch fails at Strength (``tactics.free_attack``), and the snatch
    open to it (``snatch.check_snatch``, for tactics that may snatch; ``tactics.snatch``
    says whether it wants it)."""
    o = 1 - f
    out: dict[str, Any] = {}
    pair = _dress(state, inv, holder=f)
    name = pair[f].tactics.split(";", 1)[0]
    strike = tactics.lethal if name == "lethal" else tactics.brawl  # every tactic's blow
    out["holding"] = _blow(state, inv, f, strike(state, pair[f]), holding=True)
    pair = _dress(state, inv)
    p, other = pair[f], pair[o]
    out["free"] = _blow(state, inv, f, strike(state, p))
    pair = _dress(state, inv)
    grab = next((w for w in p.weapons if not w.natural), None)  # tactics.snatch's target
    out["free_attack"] = (None, False, USE_WAIT, None)
    if grab is not None:
        state.free_attack = (p.id, other.id, grab.name)
        out["free_attack"] = _blow(state, inv, f, tactics.free_attack(state, p))
    pair = _dress(state, inv)
    p, other = pair[f], pair[o]
    wanted = tactics.snatch(state, p)
    out["wants"] = isinstance(wanted, Snatch)
    out["snatch"] = None
    target = next((w for w in other.weapons if not w.natural), None)
    # only a persona whose tactics may snatch (snatch, or optimal: any legal move) ever
    # does: the machine follows no snatch of the others (so it stays small)
    if target is not None and name in ("snatch", "optimal"):
        move = Snatch(actor=p.id, target=other.id, weapon=target.name)
        assert not out["wants"] or wanted == move
        try:
            check_snatch(state, state.options, move)
        except IllegalAction:
            pass
        else:
            event = WeaponSnatched(grabber=p.id, target=other.id, weapon=target.name)
            out["snatch"] = _after(state, inv, event)
    return out


def inventories(
    scenario: ExpScenario, ruleset: ExpRuleset, limit: int = MAX_INVENTORIES
) -> dict[Inventory, dict[str, Any]]:
    """Every way the two personas' weapons can be shared out in the fight (from the start,
    by throws and snatches), at most ``limit``, each with both personas' moves in it
    (:func:`_moves`), in the order found (the start first)."""
    state, a, b = _fight(scenario, ruleset)
    start: Inventory = (tuple(a.weapons), tuple(b.weapons))
    found: dict[Inventory, dict[str, Any]] = {}
    todo = [start]
    while todo and len(found) < limit:
        inv = todo.pop(0)
        if inv in found:
            continue
        moves = [_moves(state, inv, f) for f in range(2)]
        found[inv] = {"moves": moves}
        for m in moves:
            nxt = [m[k][3] for k in ("free", "holding", "free_attack")] + [m["snatch"]]
            todo.extend(x for x in nxt if x is not None and x not in found)
    return found


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
    p: Persona, w: Weapon | None, index: int, options: Any, faces: IntArray, lethal: bool = False
) -> list[int]:
    """A blow's W_* fields: the attack roll's bonus and cap, the damage dice (into
    ``faces``), the Force Bonus, whether an oops check follows (never after a lethal blow)."""
    if w is None:
        return [index if index < 0 else -1, 0, 0, 0, 0, 0, 0]
    row = p.table[w.attack_type]
    skilled = uses_skilled_bonus(p, w, lethal, options)
    e = parse(w.damage)
    faces[: len(e.faces)] = e.faces
    exempt = lethal or oops_exemption(p, w, options) is not None
    return [
        index,
        row.skilled_bonus if skilled else row.raw_bonus,
        row.maximum_roll,
        e.offset,
        force_bonus(p, w, lethal, options),
        0 if exempt else 1,
        0,
    ]


def compile_brawl(
    scenario: ExpScenario, ruleset: ExpRuleset, policy: IntArray | None = None, lethal: bool = False
) -> ExpSpec:
    """The kernel's arrays for a brawl inside :func:`scope` (with ``lethal``, as there)."""
    why = scope(scenario, ruleset, lethal)
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
    machine = inventories(scenario, ruleset)
    index = {inv: i for i, inv in enumerate(machine)}
    pool = [w for inv in machine for side in inv for w in side]
    dice_n = max(dice_n, *(len(parse(w.damage).faces) for w in pool))
    iw = np.zeros((len(machine), 2, SLOTS, IW_FIELDS), np.int64)
    ifaces = np.zeros((len(machine), 2, SLOTS, dice_n), np.int64)
    snatch = np.full((len(machine), 2, X_FIELDS), -1, np.int64)
    for s, (inv, info) in enumerate(machine.items()):
        pair = _dress(state, inv)
        for f, m in enumerate(info["moves"]):
            for slot, key in enumerate(("free", "holding", "free_attack")):
                w, lethal, use, after = m[key]
                row = _weapon_row(pair[f], w, use, options, ifaces[s, f, slot], lethal)
                iw[s, f, slot, : len(row)] = row
                iw[s, f, slot, W_LETHAL] = int(lethal)
                iw[s, f, slot, W_NEXT] = -1 if after is None else index[after]
                iw[s, f, slot, W_THROWN] = int(after is not None)
                if w is not None:
                    top = max(top, parse(w.damage).maximum + int(iw[s, f, slot, W_FORCE]))
            if m["snatch"] is not None:
                snatch[s, f, X_NEXT] = index[m["snatch"]]
            snatch[s, f, X_WANTS] = int(m["wants"])
    # every HPS up to the maximum: the kernel reads those below the start (HPS never rise
    # in a brawl), the exact chain its whole grid, which runs to the maximum
    stun_at = np.zeros((2, top + 1, max(a.hps_max, b.hps_max) + 1), np.int64)
    for f, p in enumerate((a, b)):
        for left in range(1, p.hps_max + 1):
            if options.dss == "percentile":
                stun_at[f, :, left] = percentile_needed(left, p.hps_max, int(pi[f, P_PCT_ATTR]))
            else:
                adds = int(pi[f, P_SAVE_ATTR]) + p.level
                stun_at[f, :, left] = [save_needed(d, left) - adds for d in range(top + 1)]
    floor = min(min(0, -int(pi[f, P_CON])) - 1 for f in range(2))
    span = max(int(pi[0, P_HPS]), int(pi[1, P_HPS])) - floor + 1
    condition = np.zeros((2, span), np.int64)
    for f, p in enumerate((a, b)):
        pi[f, P_HPS_FLOOR] = floor
        for hps in range(floor, int(pi[f, P_HPS]) + 1):
            at = condition_at(p, hps, options.death_below_zero, options.robot_at_zero_hps)
            condition[f, hps - floor] = CONDITIONS.index(at)
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
    opt[O_SNATCH_BONUS] = FUMBLED_GRAB_BONUS
    opt[O_KILODIE] = _sides("kilodie")
    opt[O_ATTR_DIE] = _sides("attribute-die")
    return ExpSpec(
        names=(a.name, b.name),
        sides=(a.side, b.side),
        pi=pi,
        wi=wi,
        faces=faces,
        actual=np.array(
            [
                actual_damage(d, options.actual_damage_rounding, options.actual_damage_minimum)
                for d in range(top + 1)
            ],
            np.int64,
        ),
        opts=opt,
        stage_weapons=tuple(named),
        policy=policy if policy is not None else np.zeros((2, 1, 1), np.int64),
        iw=iw,
        ifaces=ifaces,
        snatch=snatch,
        stun_at=stun_at,
        condition=condition,
        inventories=tuple(
            (tuple(w.name for w in inv[0]), tuple(w.name for w in inv[1])) for inv in machine
        ),
    )
