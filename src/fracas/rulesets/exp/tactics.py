"""Tactics: each persona names one, and ``choose`` asks it for the persona's action.

Every decision is a small pure function of the state (the batch kernels mirror them):

``brawl``: a non-lethal attack with the best allowed weapon (a stun weapon, else the most
expected damage: hit chance x mean damage with the Force Bonus) on the nearest (first in
scenario order) enemy it can subdue, or a lethal one on the nearest that cannot be subdued
(robots, flora, fauna); an enemy of another size class only when no other is left (the
account says why). ``lethal``: a lethal attack with the best weapon. ``grapple``: grapple
the nearest enemy it may (one holding an ally first), then pummel. ``snatch``: snatch a
weapon until it holds one, then brawl. ``trip``: trip the nearest enemy on its feet once,
but not one that has foiled two trips (dodged or stopped), then brawl. ``concede-below: N``
(any of them, for those who grasp surrender): concede as soon as HPS are below N. A persona
left with nothing to fight with (its only weapon thrown and no Strike row for its fists)
calls it quits if it grasps surrender, else waits; the account says why. ``optimal``:
the move of the policy ``fracas advise`` computes (installed by the analysis layer). Every
tactic gets up after a trip, and tries to get loose from a grapple (``grapple`` tries a
reversal instead)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fracas.dice import parse
from fracas.engine import IllegalAction
from fracas.rulesets.exp.actions import (
    Attack,
    BreakFree,
    Concede,
    ExpAction,
    Grapple,
    Reverse,
    Snatch,
    StandUp,
    Trip,
    Wait,
)
from fracas.rulesets.exp.attack_roll import hit_chance, uses_skilled_bonus
from fracas.rulesets.exp.legality import (
    maneuver_target_problem,
    nonlethal_attacker_problem,
    nonlethal_weapon_problem,
    size_problem,
    subdual_target_problem,
    surrender_problem,
    tippable_problem,
    unarmed_reason,
)
from fracas.rulesets.exp.nonlethal_damage import force_bonus
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import ACTIVE, ExpEncounter, Persona, Weapon

CONCEDE = "concede-below"


@dataclass(frozen=True, slots=True)
class TacticSpec:
    """A tactic name and its optional concession threshold."""

    name: str
    concede_below: int | None = None

    def text(self) -> str:
        """Canonical text: ``brawl`` or ``brawl; concede-below 10``."""
        tail = "" if self.concede_below is None else f"; {CONCEDE} {self.concede_below}"
        return self.name + tail


def _threshold(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{CONCEDE} needs a whole number of HPS of at least 1, not {value!r}")
    return value


def _items(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [part.strip() for part in value.split(";") if part.strip()]
    if isinstance(value, list):
        return value
    raise ValueError("tactics must be a name (brawl) or a list ([brawl, {concede-below: 10}])")


def parse_tactics(value: Any) -> TacticSpec:
    """Read ``brawl``, ``brawl; concede-below 10`` or ``[brawl, {concede-below: 10}]``."""
    name: str | None = None
    below: int | None = None
    for item in _items(value):
        if isinstance(item, dict) and list(item) == [CONCEDE]:
            below = _threshold(item[CONCEDE])
        elif isinstance(item, str) and item.startswith(CONCEDE):
            text = item[len(CONCEDE) :].strip(" :")
            below = _threshold(int(text) if text.isdigit() else text)
        elif isinstance(item, str) and item in TACTICS:
            if name is not None:
                raise ValueError(f"two tactics named: {name} and {item}")
            name = item
        else:
            known = ", ".join([*TACTICS, f"{CONCEDE}: N"])
            raise ValueError(f"unknown tactic {item!r} (known: {known})")
    if name is None:
        if below is None:
            raise ValueError("no tactic named")
        name = "brawl"
    return TacticSpec(name, below)


# -- helpers -------------------------------------------------------------------------------

#: a trip tactic stops tripping a target that has foiled this many of its trips
TRIP_GIVE_UP = 2


def enemies(state: ExpEncounter, p: Persona) -> list[Persona]:
    """Enemies still in the fight, nearest first (the scenario's order)."""
    return [o for o in state.combatants.values() if o.condition == ACTIVE and o.side != p.side]


def strike_only(options: ExpOptions) -> bool:
    """Does option ``nonlethal_attacks`` refuse Fling attacks?"""
    return options.nonlethal_attacks == "strike-only"


def usable(p: Persona, w: Weapon, options: ExpOptions) -> bool:
    """Has a table row, and is close-range if ``p`` is grappling."""
    if w.attack_type not in p.table:
        return False
    return p.holding is None or (options.grappler_may_attack and w.close_range)


def weapon_score(
    p: Persona, w: Weapon, target: Persona, lethal: bool, options: ExpOptions
) -> tuple[int, int]:
    """Expected damage of one attack, times 2000 to stay whole: the chance in 1000 that the
    attack roll beats ``target``'s Defence Rating times (minimum + maximum) of the damage,
    the Force Bonus included (a fist at 1d6+5 beats a bottle at 1d6); then the damage alone
    (when no weapon can hit)."""
    row = p.table[w.attack_type]
    skilled = uses_skilled_bonus(p, w, lethal, options)
    bonus = row.skilled_bonus if skilled else row.raw_bonus
    chance = hit_chance(bonus, row.maximum_roll, target.defence_rating)
    dice = parse(w.damage)
    damage = dice.minimum + dice.maximum + 2 * force_bonus(p, w, lethal, options)
    return (chance * damage, damage)


def best_weapon(p: Persona, target: Persona, lethal: bool, options: ExpOptions) -> Weapon | None:
    """The usable weapon with the most expected damage on ``target`` (first listed on a
    tie); for a non-lethal attack, only weapons allowed in non-lethal combat, and a powered
    stun weapon first ("specifically designed to be non-lethal") if it can hit at all."""
    best: Weapon | None = None
    best_score = (False, -1, -1)
    for w in p.weapons:
        if not usable(p, w, options):
            continue
        if not lethal and nonlethal_weapon_problem(w, strike_only(options)) is not None:
            continue
        expected, damage = weapon_score(p, w, target, lethal, options)
        score = (not lethal and w.stun and expected > 0, expected, damage)
        if score > best_score:
            best, best_score = w, score
    return best


def chosen_weapon(state: ExpEncounter, p: Persona, target: Persona, lethal: bool) -> Weapon | None:
    """``best_weapon`` for ``p`` on ``target``, worked out once per fight for as long as what
    it reads stays the same: the weapons ``p`` holds (the same objects: a throw or a snatch
    changes the list) and whether ``p`` holds someone (``usable``). The rest it reads is
    fixed for the fight: ``p``'s combat table, proficiencies and hand-to-hand skill,
    ``target``'s Defence Rating, the options."""
    memo = state.tactics_memo
    key = (p.id, target.id, lethal)
    weapons = tuple(p.weapons)
    holding = p.holding is None
    hit = memo.get(key)
    # ``and`` stops at the first difference: the weapons are compared last
    if (
        hit is not None
        and hit[0] is p
        and hit[1] is target
        and hit[3] == holding
        and hit[2] == weapons
    ):
        result: Weapon | None = hit[4]
        return result
    result = best_weapon(p, target, lethal, state.options)
    memo[key] = (p, target, weapons, holding, result)
    return result


def can_subdue(p: Persona, target: Persona, options: ExpOptions) -> bool:
    """May ``p`` attack ``target`` non-lethally at all (kinds and sizes)?"""
    return (
        nonlethal_attacker_problem(p) is None
        and subdual_target_problem(target) is None
        and size_problem(p, target, options) is None
    )


def nonlethal_attack(state: ExpEncounter, p: Persona, target: Persona) -> Attack | None:
    """A non-lethal attack on ``target`` with the best allowed weapon, if one is allowed."""
    options: ExpOptions = state.options
    if not can_subdue(p, target, options):
        return None
    weapon = chosen_weapon(state, p, target, False)
    if weapon is None:
        return None
    return Attack(actor=p.id, target=target.id, weapon=weapon.name)


def lethal_attack(state: ExpEncounter, p: Persona, target: Persona) -> Attack | None:
    """A lethal attack on ``target`` with the best usable weapon, or None."""
    weapon = chosen_weapon(state, p, target, True)
    if weapon is None:
        return None
    return Attack(actor=p.id, target=target.id, weapon=weapon.name, lethal=True)


def maneuver_ok(state: ExpEncounter, p: Persona, target: Persona) -> bool:
    """Could ``p`` grapple, snatch from or trip ``target`` (kind, size, Strike row)?"""
    return (
        "strike" in p.table
        and nonlethal_attacker_problem(p) is None
        and maneuver_target_problem(target, state.options) is None
        and size_problem(p, target, state.options) is None
    )


def may_grapple(state: ExpEncounter, p: Persona, target: Persona) -> bool:
    """Would the rules let ``p`` grapple ``target`` now (see ``grapple.check_grapple``)?"""
    if not maneuver_ok(state, p, target) or target.held_by is not None:
        return False
    return target.holding is None or state.options.grapple_a_grappler == "frees-their-hold"


def holds_a_weapon(p: Persona) -> bool:
    """Does ``p`` hold a weapon (not part of its body) it has a combat-table row for?"""
    return any(not w.natural and w.attack_type in p.table for w in p.weapons)


def worth_tripping(p: Persona, target: Persona) -> bool:
    """On its feet, tippable, not yet tripped by ``p`` (once down, it has been stopped: now
    beat it), and has not foiled ``TRIP_GIVE_UP`` of ``p``'s trips."""
    return (
        target.down == 0
        and tippable_problem(target) is None
        and target.id not in p.tripped
        and p.failed_trips.get(target.id, 0) < TRIP_GIVE_UP
    )


# -- the tactics ---------------------------------------------------------------------------


def brawl(state: ExpEncounter, p: Persona) -> ExpAction:
    """Non-lethal attack on the nearest enemy it can subdue (one owed +242 first), lethal on
    the nearest that no one can subdue (robots, flora, fauna "will lethally fight"); an enemy
    that could be subdued but is of another size class is hit lethally only when no other
    enemy is left to fight; else wait."""
    foes = [state.combatants[p.holding]] if p.holding is not None else enemies(state, p)
    if p.bonus_against:  # (a stable sort on keys all 0 would change nothing)
        foes.sort(key=lambda o: -p.bonus_against.get(o.id, 0))
    for target in foes:
        action = brawl_attack(state, p, target)
        if action is not None:
            return action
    for target in foes:
        action = lethal_attack(state, p, target)
        if action is not None:
            return action
    return no_attack(state, p)


def no_attack(state: ExpEncounter, p: Persona) -> ExpAction:
    """No attack is open: a persona with nothing left to fight with calls it quits if it
    grasps surrender (no player stands idle to be beaten), else waits saying why; one who
    holds someone keeps hold."""
    why = unarmed_reason(p)
    if why is not None and surrender_problem(p) is None:
        return Concede(actor=p.id, reason=why)
    return Wait(actor=p.id, reason=why or "")


def brawl_attack(state: ExpEncounter, p: Persona, target: Persona) -> Attack | None:
    """A brawler's attack on ``target``: non-lethal if allowed; lethal if ``target`` is of a
    kind that cannot be subdued; None if only its size forbids a non-lethal one."""
    action = nonlethal_attack(state, p, target)
    if action is None and subdual_target_problem(target) is not None:
        return lethal_attack(state, p, target)
    return action


def lethal(state: ExpEncounter, p: Persona) -> ExpAction:
    """Lethal attack at the nearest enemy standing."""
    foes = [state.combatants[p.holding]] if p.holding is not None else enemies(state, p)
    for target in foes:
        action = lethal_attack(state, p, target)
        if action is not None:
            return action
    return no_attack(state, p)


def grapple(state: ExpEncounter, p: Persona) -> ExpAction:
    """Grapple the nearest enemy it may (one holding an ally first, to free the ally); once
    holding, pummel it (or just hold)."""
    if p.holding is None:
        foes = enemies(state, p)
        foes.sort(key=lambda o: o.holding is None)  # stable: holders of allies first
        for target in foes:
            if may_grapple(state, p, target):
                return Grapple(actor=p.id, target=target.id)
    return brawl(state, p)


def snatch(state: ExpEncounter, p: Persona) -> ExpAction:
    """Snatch the first weapon (not part of the body) from the nearest armed enemy, until it
    holds a weapon of its own; then brawl."""
    if p.holding is None and state.options.allow_weapon_snatching and not holds_a_weapon(p):
        for target in enemies(state, p):
            weapon = next((w for w in target.weapons if not w.natural), None)
            if weapon is not None and maneuver_ok(state, p, target):
                return Snatch(actor=p.id, target=target.id, weapon=weapon.name)
    return brawl(state, p)


def trip(state: ExpEncounter, p: Persona) -> ExpAction:
    """Trip the nearest enemy on its feet that it has not tripped yet and that has not foiled
    two of its trips; else brawl."""
    if p.holding is None:
        for target in enemies(state, p):
            if worth_tripping(p, target) and maneuver_ok(state, p, target):
                return Trip(actor=p.id, target=target.id)
    return brawl(state, p)


#: The move the ``optimal`` tactic makes, by persona id: installed by the analysis layer
#: (``fracas.sim``), which computes the policy (``fracas advise``); the ruleset knows no
#: policy. A move is one of :data:`OPTIMAL_MOVES`.
OPTIMAL_POLICIES: dict[str, Callable[[ExpEncounter, Persona], str]] = {}


def optimal(state: ExpEncounter, p: Persona) -> ExpAction:
    """The move of the policy ``fracas advise`` computed for ``p`` (by the brawl's state):
    a strike is the brawler's attack (best weapon), a grapple, trip or snatch is on the
    enemy (a snatch of its first weapon that is not part of the body, as ``snatch``)."""
    policy = OPTIMAL_POLICIES.get(p.id)
    if policy is None:
        raise IllegalAction(
            f"{p.name}'s tactics 'optimal' follow the policy of fracas advise: "
            "run the scenario with fracas sim (which computes it), not on its own"
        )
    move = policy(state, p)
    foes = enemies(state, p)
    if move == "strike" or not foes:
        return brawl(state, p)
    if move == "snatch":  # the first weapon that is not part of the body, as ``snatch``
        weapon = next((w for w in foes[0].weapons if not w.natural), None)
        if weapon is None:
            return brawl(state, p)
        return Snatch(actor=p.id, target=foes[0].id, weapon=weapon.name)
    if move not in OPTIMAL_MOVES:
        raise IllegalAction(f"{p.name}'s policy names no move the tactic knows: {move!r}")
    return OPTIMAL_MOVES[move](p.id, foes[0].id)


#: the moves of an installed policy other than a strike, as actions (actor, the enemy)
OPTIMAL_MOVES: dict[str, Callable[[str, str], ExpAction]] = {
    "grapple": lambda actor, target: Grapple(actor=actor, target=target),
    "trip": lambda actor, target: Trip(actor=actor, target=target),
    "wait": lambda actor, target: Wait(actor=actor),
    "break-free": lambda actor, target: BreakFree(actor=actor),
    "reverse": lambda actor, target: Reverse(actor=actor),
    "stand-up": lambda actor, target: StandUp(actor=actor),
    "concede": lambda actor, target: Concede(actor=actor),
}

TACTICS: dict[str, Callable[[ExpEncounter, Persona], ExpAction]] = {
    "brawl": brawl,
    "lethal": lethal,
    "grapple": grapple,
    "snatch": snatch,
    "trip": trip,
    "optimal": optimal,
}
#: tactics that need a persona able to attack non-lethally
NONLETHAL_TACTICS: tuple[str, ...] = ("brawl", "grapple", "snatch", "trip")


def free_attack(state: ExpEncounter, p: Persona) -> ExpAction:
    """Take the free attack a failed snatch gives, if the tactic allows it; else decline,
    saying why (the account tells the GM)."""
    assert state.free_attack is not None
    _, victim_id, weapon_name = state.free_attack
    victim, weapon = state.combatants[victim_id], p.weapon(weapon_name)
    if p.down:
        return Wait(actor=p.id, reason=f"{p.name} is down after a trip")
    if p.held_by is not None:
        return Wait(actor=p.id, reason=f"{p.name} is held in a grapple")
    if weapon is None or not usable(p, weapon, state.options):
        return Wait(actor=p.id, reason=f"{p.name} cannot use the {weapon_name} now")
    if p.tactics.startswith("lethal"):
        return Attack(actor=p.id, target=victim.id, weapon=weapon.name, lethal=True)
    problem = nonlethal_weapon_problem(weapon, strike_only(state.options))
    if can_subdue(p, victim, state.options) and problem is None:
        return Attack(actor=p.id, target=victim.id, weapon=weapon.name)
    why = problem or f"{p.name} will not hit {victim.name} lethally in a brawl"
    return Wait(actor=p.id, reason=why)


def wants_to_concede(p: Persona) -> bool:
    """``concede-below: N``: HPS below N, for a persona that grasps surrender (flora, fauna
    and robots never concede; a scenario cannot give them the threshold)."""
    return p.concede_below is not None and p.hps < p.concede_below and surrender_problem(p) is None


#: ``tactics`` text -> the tactic's name (its text before any ``;``), read once
_TACTIC_NAMES: dict[str, str] = {}


def tactic_name(tactics: str) -> str:
    """The tactic's name in a persona's ``tactics`` text (``brawl; concede-below 10``)."""
    name = _TACTIC_NAMES.get(tactics)
    if name is None:
        if len(_TACTIC_NAMES) > 256:
            _TACTIC_NAMES.clear()
        name = _TACTIC_NAMES[tactics] = tactics.split(";", 1)[0]
    return name


def choose_action(state: ExpEncounter, actor: str) -> ExpAction:
    """The action ``actor``'s tactics choose now."""
    p = state.combatants[actor]
    if state.free_attack is not None and state.free_attack[0] == p.id:
        return free_attack(state, p)
    if wants_to_concede(p):
        return Concede(actor=p.id, reason=unarmed_reason(p) or "")
    name = _TACTIC_NAMES.get(p.tactics) or tactic_name(p.tactics)
    # held first: a held persona cannot get up ("nothing other than psionic attacks and
    # yelling while grappled"); a won break check keeps the action to get up with
    if p.held_by is not None and name != "optimal":
        return Reverse(actor=p.id) if name == "grapple" else BreakFree(actor=p.id)
    if p.down > 0 and p.held_by is None:
        return StandUp(actor=p.id)
    return TACTICS[name](state, p)
