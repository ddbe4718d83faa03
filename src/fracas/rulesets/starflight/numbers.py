"""Numbers in scenario files: strict and bounded.

Strict: YAML already gives real numbers, so ``hp: true`` or ``hp: "13"`` is a mistake to
report, not a value to convert. Bounded: the chapter caps few figures, so generous sanity caps
refuse absurd values (docs/rulesets/starflight.md, "Numbers in scenario files").
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, Strict

#: a whole number taken as written (no bool, no string)
Int = Annotated[int, Strict()]

#: attributes, skills, save modifiers, Attack Bonuses, HD, Initiative: d% scores (0-99 rolls)
MAX_SCORE = 1000
#: NHP, HP, SI, and the hit points of gear and obstacles
MAX_POINTS = 100_000
#: Durability and Size Class
MAX_DURABILITY = 1000
MAX_SIZE_CLASS = 100
#: obstacle thickness (100 m)
MAX_THICKNESS_CM = 10_000
#: coordinates in metres (sniping reaches beyond 375 m; 100 km is far beyond any weapon)
MAX_METRES = 100_000

#: a coordinate in metres
Coordinate = Annotated[int, Strict(), Field(ge=-MAX_METRES, le=MAX_METRES)]
