"""Why a combatant has nothing it can do against its foes (for the account of a Standby and for
the tactics and the end of a fight): facts read from the state, never a guess at a motive.

- 'Lethal Damage and Wounds': a failed part "cannot use it at all" - with every motor
  appendage failed there is no attack, armed or unarmed;
- 'Miscellaneous Terms' (Opportunity Attack): "Any beam or projectile weapons fired during an
  Opportunity Attack are considered discharged" for the rest of the round;
- 'Move Action Rules': "characters with non-functional propulsive appendages cannot move".
"""

from __future__ import annotations

from fracas.rulesets.starflight.conditions import can_strike, in_fight
from fracas.rulesets.starflight.range import distance_m, hostiles, reach_m, ready
from fracas.rulesets.starflight.state import Fight, Fighter


def failed_motor(c: Fighter) -> list[str]:
    """The names of the fighter's failed motor appendages."""
    return [
        c.part_names.get(p, p)
        for p, kind in c.part_kinds.items()
        if kind == "motor" and p in c.failed
    ]


def legs_gone(c: Fighter, fight: Fight) -> bool:
    """Propulsion lost for the rest of the fight: failed propulsive parts (any, or all of them,
    as option ``immobile_if_any_propulsive_failed`` says); a swallowed or grappling fighter is
    held, not lame."""
    legs = [p for p, kind in c.part_kinds.items() if kind == "propulsive"]
    failed = [p for p in legs if p in c.failed]
    if not legs or not failed:
        return False
    return bool(failed) if fight.options.immobile_if_any_propulsive_failed else failed == legs


def most_reach(fight: Fight, c: Fighter) -> int:
    """The farthest any of the fighter's weapons (drawn or carried, not dropped) or fists
    reach."""
    reaches = [reach_m(fight, w) for w in c.weapons if not w.dropped]
    return max([reach_m(fight, None), *reaches])


def discharged_reason(fight: Fight, c: Fighter) -> str | None:
    """Every drawn weapon was fired in an Opportunity Attack this round."""
    drawn = [w for w in c.weapons if w.drawn and not w.dropped]
    if drawn and not any(ready(fight, w) for w in drawn):
        names = " and ".join(f"the {w.name}" for w in drawn)
        return f"{names} fired in an opportunity attack this round: discharged until next round"
    return None


def idle_reason(fight: Fight, c: Fighter) -> str | None:
    """Why ``c`` cannot act against a foe now, or None."""
    if not can_strike(c):
        return (
            f"no working limb to strike with: lost the use of its {' and '.join(failed_motor(c))}"
        )
    discharged = discharged_reason(fight, c)
    if discharged is not None:
        return discharged
    foes = hostiles(fight, c)
    if foes and legs_gone(c, fight) and all(distance_m(c, o) > most_reach(fight, c) for o in foes):
        return "cannot move, and no foe is within reach"
    return None


def harmless(fight: Fight, c: Fighter) -> bool:
    """Whether ``c`` can never again harm a foe in this fight as things stand: no working
    motor appendage, or lame with every foe beyond the reach of everything it carries."""
    if c.grappling or c.swallowed_by is not None:
        return False
    if not can_strike(c):
        return True
    foes = hostiles(fight, c)
    return legs_gone(c, fight) and all(
        distance_m(c, o) > most_reach(fight, c) and legs_gone(o, fight) for o in foes
    )


def tendable(fight: Fight, medic: Fighter, a: Fighter) -> bool:
    """An ally of the medic who is down (not withdrawn, not brain dead) and might be revived."""
    down = not in_fight(a, fight.options) and not a.withdrawn and not a.brain_dead
    return a.side == medic.side and a.id != medic.id and down


def deadlocked(fight: Fight) -> bool:
    """'Character-Scale Actions': nobody still in the fight can ever harm a foe again, and no
    one down can be brought back (no medic in the fight with an ally to tend) - the fight is
    over without a winner. Needs foes on two sides."""
    standing = [c for c in fight.fighters() if in_fight(c, fight.options)]
    if len({c.side for c in standing}) < 2:
        return False
    for c in standing:
        if not harmless(fight, c):
            return False
        if c.skills.get("intensive_care", 0) > 0 and any(
            tendable(fight, c, a) for a in fight.fighters()
        ):
            return False
    return True
