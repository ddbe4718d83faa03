"""A combatant's kit in the exact chain: what changes about it in a fight besides hp (the
wielded weapon, each weapon's condition and break value, armour loosened, glitches, the rounds
it is defenceless, whether it yielded), as interned immutable values the chain keys its state
classes by. The "defenceless" codes of table 5.2's 41-60 row and what they say are
``rules.py``'s (``defenceless_code``, ``defenceless_now``, ``defenceless_next``,
``defenceless_later``), the functions the batch kernel and the compiled exchange call; here
as Python for the chain's Python side.

Mirrors Chapter 5, "Fumbling" (table 5.2: "defenceless in next round"), "Break value",
"Armour". Held to the event engine by tests/batch/test_odds.py and
test_defenceless_twice.py.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import cast

from fracas.rulesets.percentile.fast import rules
from fracas.rulesets.percentile.fast.rules import (
    DEFENCELESS_BOTH,
    DEFENCELESS_NEXT,
    DEFENCELESS_NONE,
    DEFENCELESS_NOW,
)
from fracas.rulesets.percentile.fast.tactics import C_BROKEN, C_LOST, C_READY
from fracas.sim.batch.jit import plain

__all__ = [
    "DEFENCELESS_BOTH",
    "DEFENCELESS_NEXT",
    "DEFENCELESS_NONE",
    "DEFENCELESS_NOW",
    "Kit",
    "defenceless_code",
    "defenceless_next",
    "defenceless_now",
]

KitFields = tuple[int, tuple[int, ...], tuple[int, ...], int, int, int, int]
_NAMES = ("wield", "conds", "bvs", "abs_loss", "glitch", "defenceless", "yielded")
#: every kit alive, by its fields: a kit is made once per value (``Kit.__new__``); a plain
#: dict of weak references (``WeakValueDictionary.get`` is Python code, and kits are looked up
#: thousands of times a run), each dropped as its kit dies
_KITS: dict[KitFields, weakref.ref[Kit]] = {}


def _forget(key: KitFields) -> Callable[[weakref.ref[Kit]], None]:
    def drop(ref: weakref.ref[Kit]) -> None:
        if _KITS.get(key) is ref:
            del _KITS[key]

    return drop


class Kit:
    """What changes about a combatant in a fight besides hp: the wielded weapon, each
    weapon's condition and break value, armour loosened, glitches, and a fumble's
    "defenceless in next round" (``rules.DEFENCELESS_*``, counted from the round the kit is
    in: a fighter defenceless who fumbles again stays so for the rest of the round);
    ``yielded``: 1 surrendered, 2 fled (out of the fight).

    Immutable and interned: making a kit equal to one alive returns that one, so equal kits
    are the same object and equality and hashing are identity's (the chain keys dicts by
    kits hundreds of thousands of times; this keeps every lookup in C)."""

    __slots__ = (*_NAMES, "__weakref__")
    wield: int
    conds: tuple[int, ...]
    bvs: tuple[int, ...]
    abs_loss: int
    glitch: int
    defenceless: int
    yielded: int

    def __new__(
        cls,
        wield: int,
        conds: tuple[int, ...],
        bvs: tuple[int, ...],
        abs_loss: int = 0,
        glitch: int = 0,
        defenceless: int = DEFENCELESS_NONE,
        yielded: int = 0,
    ) -> Kit:
        key = (wield, conds, bvs, abs_loss, glitch, defenceless, yielded)
        ref = _KITS.get(key)
        hit = None if ref is None else ref()
        if hit is None:
            hit = object.__new__(cls)
            for name, value in zip(_NAMES, key, strict=True):
                object.__setattr__(hit, name, value)
            _KITS[key] = weakref.ref(hit, _forget(key))
        return hit

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Kit is immutable (setting {name})")

    def __reduce__(self) -> tuple[type[Kit], KitFields]:
        return (Kit, self.fields)

    @property
    def fields(self) -> KitFields:
        return (
            self.wield,
            self.conds,
            self.bvs,
            self.abs_loss,
            self.glitch,
            self.defenceless,
            self.yielded,
        )

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(_NAMES, self.fields, strict=True))
        return f"Kit({inner})"

    @property
    def ready(self) -> bool:
        return self.wield >= 0 and self.conds[self.wield] == C_READY

    def but(
        self,
        wield: int | None = None,
        conds: tuple[int, ...] | None = None,
        bvs: tuple[int, ...] | None = None,
        abs_loss: int | None = None,
        glitch: int | None = None,
        defenceless: int | None = None,
        yielded: int | None = None,
    ) -> Kit:
        """This kit with the fields given changed (a kit made from the fields, interned)."""
        return Kit(
            self.wield if wield is None else wield,
            self.conds if conds is None else conds,
            self.bvs if bvs is None else bvs,
            self.abs_loss if abs_loss is None else abs_loss,
            self.glitch if glitch is None else glitch,
            self.defenceless if defenceless is None else defenceless,
            self.yielded if yielded is None else yielded,
        )

    def recovered(self, stance: int) -> Kit:
        """This kit after ``stance``: the dropped weapon in hand picked up when recovering
        (``rules.recovers``)."""
        if not _recovers(stance, self.conds, self.wield):
            return self
        conds = list(self.conds)
        conds[self.wield] = C_READY
        return self.but(conds=tuple(conds))

    def next_round(self) -> Kit:
        """This kit in the next round (``rules.defenceless_later``)."""
        if self.defenceless == DEFENCELESS_NONE:
            return self
        return self.but(defenceless=_later(self.defenceless, 1))

    def lumped(self) -> Kit:
        """This kit with what no later branch reads made equal: the break value of a
        weapon broken or lost (never wielded again) is 0."""
        pairs = list(zip(self.conds, self.bvs, strict=True))
        if all(c not in (C_BROKEN, C_LOST) or b == 0 for c, b in pairs):
            return self
        return self.but(bvs=tuple(0 if c in (C_BROKEN, C_LOST) else b for c, b in pairs))


#: ``Kit.defenceless``: ``rules``' "defenceless" code, counted from the round the kit is in
defenceless_code = plain(rules.defenceless_code)
defenceless_now = plain(rules.defenceless_now)
defenceless_next = plain(rules.defenceless_next)
_later = plain(rules.defenceless_later)
#: (a kit's conditions are a tuple; the rule reads ``conds[wield]`` only, as of an array)
_recovers = cast("Callable[[int, tuple[int, ...], int], bool]", plain(rules.recovers))
