"""What ``fracas check`` notes about a valid Starflight scenario: the rules chapter 9.2 leaves
to other chapters, where the scenario touches them (each note names its field)."""

from __future__ import annotations

from fracas.rulesets.starflight.scenario import StarflightScenario


def scenario_notes(scenario: StarflightScenario) -> list[str]:
    """'Move Action Rules' (stunts under 5 m), 'Raise/Lower Shield' (several shields carried,
    armour and what can be carried: chapter 5.4)."""
    out: list[str] = []
    if scenario.options.movement == "speed":
        out.append(
            "options.movement: speed-based stunts each cover a whole melee increment (5 m); "
            "the chapter lets a stunt cover less ('at least half a range increment (2.5 "
            "meters)'), which fracas does not model"
        )
    for i, c in enumerate(scenario.combatants):
        if c.shield is not None:
            out.append(
                f"combatants[{i}].shield: one shield per combatant; 'if the combatant is "
                "carrying multiple shields, they'll have to specify which shield is being "
                "raised' - several shields carried are not modelled"
            )
        if c.armour:
            out.append(
                f"combatants[{i}].armour: body armour 'may or may not reduce the amount of "
                "objects a character can carry (by covering up pockets, see Chapter 5.4)': "
                f"chapter 5.4 is not in fracas; combatants[{i}].encumbrance is taken as given"
            )
    return out
