"""What ``fracas check`` notes about a valid EXP scenario: a weapon given in full whose name
says it is part of the body, left without ``natural: true`` (so it could be snatched)."""

from __future__ import annotations

import re

from fracas.rulesets.exp.scenario import ExpScenario, WeaponModel

BODY_WORDS = (
    "claw",
    "claws",
    "bite",
    "fang",
    "fangs",
    "jaw",
    "jaws",
    "teeth",
    "tooth",
    "talon",
    "talons",
    "horn",
    "horns",
    "tusk",
    "tusks",
    "tail",
    "tentacle",
    "tentacles",
    "pincer",
    "pincers",
    "beak",
    "hoof",
    "hooves",
    "sting",
    "stinger",
    "mandible",
    "mandibles",
    "fist",
    "fists",
    "foot",
    "feet",
    "kick",
    "punch",
    "headbutt",
)


def looks_natural(name: str) -> bool:
    """Whether a weapon's name is a word for a part of the body."""
    return any(word in BODY_WORDS for word in re.findall(r"[a-z]+", name.lower()))


def scenario_notes(scenario: ExpScenario) -> list[str]:
    """Snatch ('a weapon that is part of the body is no weapon to snatch'): every weapon
    given in full under a body-part name with ``natural`` left unset."""
    out = []
    for i, c in enumerate(scenario.combatants):
        for j, w in enumerate(c.weapons):
            if not isinstance(w, WeaponModel) or "natural" in w.model_fields_set:
                continue
            if not w.natural and looks_natural(w.name):
                out.append(
                    f"combatants[{i}].weapons[{j}].natural: {w.name!r} sounds like a part of "
                    "the body but is not marked natural: true, so a foe can snatch it; set "
                    "natural: true (or natural: false to keep it snatchable)"
                )
    return out
