"""What a front end shows of a combatant: a card, split into what the whole table sees and
what only the GM (and the combatant's own player) may see.

A ruleset builds the card (:meth:`fracas.engine.ruleset.Ruleset.card`); a front end decides
who gets which part. The public part never holds a number the table could not see: a wound
level ("unhurt", "wounded", "badly wounded", "down") instead of hit points, and the
conditions anyone looking on would notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: the wound levels the table sees, from none to out of the fight
UNHURT, WOUNDED, BADLY_WOUNDED, DOWN = "unhurt", "wounded", "badly wounded", "down"
WOUND_LEVELS: tuple[str, ...] = (UNHURT, WOUNDED, BADLY_WOUNDED, DOWN)


def wound_level(value: int, maximum: int, out: bool) -> str:
    """The wound level of a pool at ``value`` of ``maximum`` (``out``: out of the fight).

    Full is unhurt; above half is wounded; half or less is badly wounded; out is down."""
    if out:
        return DOWN
    if value >= maximum:
        return UNHURT
    if value * 2 > maximum:
        return WOUNDED
    return BADLY_WOUNDED


def worst(*levels: str) -> str:
    """The most serious of several wound levels."""
    return max(levels, key=WOUND_LEVELS.index)


@dataclass(frozen=True, slots=True)
class Bar:
    """A pool shown as a bar: hit points, NHP, HPS, fatigue..."""

    label: str
    value: int
    maximum: int

    @property
    def percent(self) -> int:
        """How full the bar is, 0..100."""
        if self.maximum <= 0:
            return 0
        return max(0, min(100, round(100 * self.value / self.maximum)))


@dataclass(frozen=True, slots=True)
class Card:
    """One combatant as a front end shows it.

    Public (anyone at the table): ``name``, ``side``, ``wound`` (one of
    :data:`WOUND_LEVELS`) and ``conditions`` (visible ones, with durations where they have
    them). Private (the GM and the combatant's player only): ``bars`` and ``details``
    (label, text) such as wounds by body part, weapons and their condition, ammunition,
    armour, shields, grapples."""

    id: str
    name: str
    side: str
    wound: str
    conditions: tuple[str, ...] = ()
    bars: tuple[Bar, ...] = ()
    details: tuple[tuple[str, str], ...] = field(default=())
