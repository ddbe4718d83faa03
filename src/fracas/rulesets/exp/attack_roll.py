"""Attack rolls. Chapter, 'Attack Rolls': "Players make attack rolls with kilodie and must beat
the target's Defence Rating. Proficiency in hand-to-hand combat is required to use one's
Skilled Bonus." The cap (Maximum Roll) and situational adjustments follow the research notes,
section 3: bonuses are added after the cap and may pass it; penalties come off the roll."""

from __future__ import annotations

from fracas.rulesets.exp.events import AttackRolled
from fracas.rulesets.exp.options import ExpOptions
from fracas.rulesets.exp.state import CombatRow, ExpContext, Persona, Weapon
from fracas.rulesets.exp.tables import die

KILODIE = die("kilodie")


def uses_skilled_bonus(
    attacker: Persona, weapon: Weapon, lethal: bool, options: ExpOptions
) -> bool:
    """Chapter, 'Attack Rolls': "Proficiency in hand-to-hand combat is required to use one's
    Skilled Bonus": for Strike attacks (the older text: "Type A bonus proficient"), or for
    every non-lethal attack (option ``skilled_bonus_rule``); other attacks need proficiency
    with the weapon (``proficient_with``). A lethal attack is plain tactical combat ("Non-lethal
    combat is part of the tactical combat rules"): with option ``lethal_skilled_bonus`` =
    ``proficiency`` a weapon in ``proficient_with`` uses the Skilled Bonus, Strike or not."""
    proficient = weapon.name in attacker.proficient_with
    if lethal and options.lethal_skilled_bonus == "proficiency" and proficient:
        return True
    if weapon.attack_type == "strike" or (
        not lethal and options.skilled_bonus_rule == "all-non-lethal"
    ):
        return attacker.hand_to_hand
    return proficient


def attack_total(roll: int, bonus: int, cap: int, situational: int) -> int:
    """Chapter, 'Attack Rolls' (with the notes, section 3): kilodie + bonus, capped at the
    Maximum Roll; a situational bonus is added after the cap (it may pass it), a penalty is
    taken off the roll before it."""
    if situational < 0:
        return min(roll + situational + bonus, cap)
    return min(roll + bonus, cap) + situational


def hit_chance(bonus: int, cap: int, defence_rating: int) -> int:
    """Chapter, 'Attack Rolls' (total as :func:`attack_total`, no situational adjustment):
    how many of the kilodie's 1000 faces beat ``defence_rating``."""
    if cap <= defence_rating:
        return 0
    return max(0, min(1000, 1000 - max(0, defence_rating - bonus)))


def is_hit(total: int, defence_rating: int) -> bool:
    """Chapter, 'Attack Rolls': "must beat the target's Defence Rating": higher than it; a
    tie misses."""
    return total > defence_rating


def roll_attack(
    ctx: ExpContext,
    attacker: Persona,
    target: Persona,
    row: CombatRow,
    attack: str,
    skilled: bool,
    lethal: bool,
    situational: int,
) -> bool:
    """Roll the kilodie for ``attacker`` against ``target``; emit the roll; True on a hit.
    Chapter, 'Attack Rolls' (the total as :func:`attack_total`); the +242 owed to the
    attacker after a failed snatch on it (Chapter, 'Weapon Snatching', 'Dexterity
    Challenge') is a bonus on top of ``situational``, after the cap."""
    owed = attacker.bonus_against.get(target.id, 0)
    roll = ctx.roll(KILODIE, f"{attacker.name} attack on {target.name}")
    bonus = row.skilled_bonus if skilled else row.raw_bonus
    total = attack_total(roll, bonus, row.maximum_roll, situational) + owed
    hit = is_hit(total, target.defence_rating)
    ctx.emit(
        AttackRolled(
            attacker=attacker.id,
            target=target.id,
            attack=attack,
            lethal=lethal,
            roll=roll,
            bonus=bonus,
            bonus_name="Skilled" if skilled else "Raw",
            cap=row.maximum_roll,
            situational=situational,
            owed=owed,
            total=total,
            defence=target.defence_rating,
            hit=hit,
        )
    )
    return hit


def maneuver_attack_roll(
    ctx: ExpContext, actor: Persona, target: Persona, maneuver: str, situational: int = 0
) -> bool:
    """Chapter, 'Grapples' / 'Weapon Snatching' / 'Tripping', each 'Attack roll': "The player
    makes a usual attack roll made against the target's Defence Rating. [It] is a Strike
    attack. The player must use her Raw Bonus unless she has hand-to-hand combat skill."
    ("The attacking player can add whatever adjustments are appropriate": ``situational``.)
    True on a hit."""
    row = actor.table["strike"]
    return roll_attack(ctx, actor, target, row, maneuver, actor.hand_to_hand, False, situational)
