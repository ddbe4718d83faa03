"""Attribute competitions and challenges (Strength Challenge, Dexterity competition). The
chapter names them without the procedure; the research notes (section 2) propose: each side
rolls the attribute die (d20) + attribute, higher total wins; ties to the defender (option
``competition_ties``); level added by option ``competition_adds_level``."""

from __future__ import annotations

from fracas.rulesets.exp.events import Contested
from fracas.rulesets.exp.state import ExpContext, Persona
from fracas.rulesets.exp.tables import die

ATTRIBUTE_DIE = die("attribute-die")
NAMES = {"PSTR": "Strength", "DEX": "Dexterity"}


def competitor_total(p: Persona, attribute: str, roll: int, adds_level: bool) -> int:
    """Research notes, section 2 (the competition procedure the chapter names but does not
    print): a side's total is die + attribute (+ level, option ``competition_adds_level``)."""
    return roll + p.attribute(attribute) + (p.level if adds_level else 0)


def compete(
    ctx: ExpContext, name: str, attribute: str, attacker: Persona, defender: Persona
) -> bool:
    """Chapter, 'Overpower', 'Dexterity Challenge', 'Strength Challenge' (procedure: notes,
    section 2). Roll a competition between ``attacker`` (who must win) and ``defender``; emit it;
    True if the attacker wins. Ties go to the defender, or both roll again."""
    options = ctx.options
    while True:
        a_roll = ctx.roll(ATTRIBUTE_DIE, f"{attacker.name} {name}")
        d_roll = ctx.roll(ATTRIBUTE_DIE, f"{defender.name} {name}")
        a_total = competitor_total(attacker, attribute, a_roll, options.competition_adds_level)
        d_total = competitor_total(defender, attribute, d_roll, options.competition_adds_level)
        if a_total != d_total or options.competition_ties == "defender":
            break
    wins = a_total > d_total
    ctx.emit(
        Contested(
            name=name,
            attribute=attribute,
            attacker=attacker.id,
            defender=defender.id,
            attacker_roll=a_roll,
            attacker_total=a_total,
            defender_roll=d_roll,
            defender_total=d_total,
            attacker_wins=wins,
        )
    )
    return wins
