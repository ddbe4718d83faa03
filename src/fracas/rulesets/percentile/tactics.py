"""Tactics: small named policies that choose a combatant's stance each round.

A scenario names one per combatant (``tactics: normal-attack``). Every tactic first deals with
a dropped weapon (recover it) and an empty distance weapon (speed-reload if the weapon allows,
else reload), then takes its stance against the first able enemy in scenario order.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from fracas.engine import IllegalAction
from fracas.rulesets.percentile.actions import Declare
from fracas.rulesets.percentile.stances import ATTACKING
from fracas.rulesets.percentile.state import DROPPED, Fighter, PercentileEncounter

Tactic = Callable[[PercentileEncounter, Fighter], Declare]


def first_enemy(state: PercentileEncounter, c: Fighter) -> Fighter | None:
    """The first enemy in scenario order who can still fight."""
    side = c.side
    e: Fighter
    for e in state.combatants.values():
        if e.side != side and e.able:
            return e
    return None


@lru_cache(maxsize=4096)
def declaration(
    actor: str, stance: str, target: str | None = None, speed_reload: bool = False
) -> Declare:
    """The (frozen, so shareable) ``Declare`` action; cached, as fights repeat them."""
    return Declare(actor=actor, stance=stance, target=target, speed_reload=speed_reload)


def take_stance(state: PercentileEncounter, c: Fighter, stance: str) -> Declare:
    """``stance`` for ``c``, adjusted for a dropped, missing or empty weapon."""
    if stance == "first-aid":
        return medic(state, c)
    if stance not in ATTACKING:
        return declaration(c.id, stance)
    if c.wielded >= 0 and c.condition[c.wielded] == DROPPED:
        return declaration(c.id, "recover-weapon")
    enemy = first_enemy(state, c)
    if enemy is None or not c.arm_ready:
        return declaration(c.id, "all-out-defence")
    arm = c.p.arms[c.wielded]
    if arm.klass != "melee" and c.ammo[c.wielded] == 0:
        if not arm.speed_reload:
            return declaration(c.id, "reload")
        return declaration(c.id, stance, enemy.id, True)
    return declaration(c.id, stance, enemy.id)


def all_out_attack(state: PercentileEncounter, c: Fighter) -> Declare:
    """Always attack all-out (Easy to hit, no free parry)."""
    return take_stance(state, c, "all-out-attack")


def normal_attack(state: PercentileEncounter, c: Fighter) -> Declare:
    """Always attack normally (one free parry)."""
    return take_stance(state, c, "normal-attack")


def all_out_defence(state: PercentileEncounter, c: Fighter) -> Declare:
    """Never attack; three free parries."""
    return take_stance(state, c, "all-out-defence")


def defensive_below_half(state: PercentileEncounter, c: Fighter) -> Declare:
    """All-out defence once below half of maximum hp, normal attacks before."""
    if 2 * c.hp < c.p.hp_max:
        return all_out_defence(state, c)
    return normal_attack(state, c)


def medic(state: PercentileEncounter, c: Fighter) -> Declare:
    """First aid to the first bleeding friend (scenario order) when ``c`` has the skill
    (Chapter 5, "Damage and fatigue"); normal attacks otherwise."""
    if c.p.first_aid is not None:
        side = c.side
        f: Fighter
        for f in state.combatants.values():
            if f.side == side and f is not c and f.bleeding:
                return declaration(c.id, "first-aid", f.id)
    return normal_attack(state, c)


def scripted(state: PercentileEncounter, c: Fighter) -> Declare:
    """The scenario's stance for this round (``script``), then the ``then`` tactic; a script
    that runs out without ``then`` stops the fight with a clear message."""
    script = c.p.script or ()
    if state.round <= len(script):
        return take_stance(state, c, script[state.round - 1])
    if c.p.then is None:
        raise IllegalAction(
            f"{c.name}'s scripted stances ran out at round {state.round} "
            f"(the script has {len(script)}; add stances or a 'then:' tactic)"
        )
    return TACTICS[c.p.then](state, c)


#: The stance the ``optimal`` tactic takes, by combatant id: installed by the analysis layer
#: (``fracas.sim``), which computes the policy (``fracas advise``); the ruleset knows no policy.
OPTIMAL_POLICIES: dict[str, Callable[[PercentileEncounter, Fighter], str]] = {}


def optimal(state: PercentileEncounter, c: Fighter) -> Declare:
    """The stance of the policy ``fracas advise`` computed for ``c`` (by both hp), adjusted
    like any tactic for a dropped or missing weapon."""
    policy = OPTIMAL_POLICIES.get(c.id)
    if policy is None:
        raise IllegalAction(
            f"{c.name}'s tactics 'optimal' follow the policy of fracas advise: "
            "run the scenario with fracas sim (which computes it), not on its own"
        )
    return take_stance(state, c, policy(state, c))


TACTICS: dict[str, Tactic] = {
    "all-out-attack": all_out_attack,
    "normal-attack": normal_attack,
    "all-out-defence": all_out_defence,
    "defensive-below-half": defensive_below_half,
    "medic": medic,
    "scripted": scripted,
    "optimal": optimal,
}
