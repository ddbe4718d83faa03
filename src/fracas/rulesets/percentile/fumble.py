"""Table 5.2, the weapons fumble table (data/fumble.yaml): d100 to a row of effects.

Chapter 5, "Fumbling". The chapter's table starts at 26; rows 01-25 are missing (option
``fumble_rows_01_25``). ``roll_fumble`` rolls a row and carries out its effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from fracas.dice import parse
from fracas.engine import Note
from fracas.rulesets.percentile.damage import deal, draw_next, drop_weapon
from fracas.rulesets.percentile.events import (
    ArmourGlitched,
    ArmourLoosened,
    Damaged,
    Defenceless,
    ExplosionRolled,
    FumbleRolled,
    WeaponBroken,
)
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.state import BROKEN, JAMMED, Fighter, PercentileContext, fighters
from fracas.rulesets.percentile.tables import Table, load_checked

FumbleEffectName = Literal[
    "drop-weapon",
    "defenceless",
    "fall",
    "hit-self",
    "hit-friend",
    "armour-malfunction",
    "weapon-malfunction",
]


class FumbleEffect(Table, frozen=True, kw_only=True):
    effect: FumbleEffectName
    #: for hit-self: what a projectile weapon does instead ("for projectile weapons, see 26-40")
    projectile: Literal["drop-weapon", "hit-self"] | None = None


class FumbleRow(Table, frozen=True, kw_only=True):
    low: int
    high: int
    text: str
    source: Literal["chapter", "missing"] = "chapter"
    effects: list[FumbleEffect]


class FumbleTable(Table, frozen=True, kw_only=True):
    rows: list[FumbleRow]

    def __post_init__(self) -> None:
        expected = 1
        for row in self.rows:
            if row.low != expected or row.high < row.low:
                raise ValueError(f"fumble rows must cover 1-100 in order; gap at {expected}")
            expected = row.high + 1
        if expected != 101:
            raise ValueError("fumble rows must end at 100 (00)")


@dataclass(frozen=True, slots=True)
class Row:
    low: int
    high: int
    text: str
    missing: bool
    effects: tuple[tuple[str, str | None], ...]


TABLE_5_2 = load_checked("fumble.yaml", FumbleTable)
ROWS: tuple[Row, ...] = tuple(
    Row(
        r.low,
        r.high,
        r.text,
        r.source == "missing",
        tuple((e.effect, e.projectile) for e in r.effects),
    )
    for r in TABLE_5_2.rows
)
_BY_ROLL: tuple[Row, ...] = tuple(
    next(r for r in ROWS if r.low <= n <= r.high) for n in range(1, 101)
)
DROP_ROW = _BY_ROLL[26 - 1]


def fumble_row(roll: int, low_rows: Literal["no-effect", "as-26-40"] = "no-effect") -> Row:
    """The row of table 5.2 for a d100 ``roll`` (Chapter 5, "Fumbling"). Rolls 01-25, which
    the chapter does not give, read as row 26-40 under ``low_rows="as-26-40"``."""
    row = _BY_ROLL[roll - 1]
    if row.missing and low_rows == "as-26-40":
        return DROP_ROW
    return row


# -- carrying out a row ----------------------------------------------------------------------

D100 = parse("d100")
FLIGHT = parse("D6+6")
FALL = parse("D4-1")
EXPLOSION_CHANCE = 15


def roll_fumble(ctx: PercentileContext, c: Fighter, opts: PercentileOptions) -> None:
    """Roll on table 5.2 for ``c`` and carry out the row (Chapter 5, "Fumbling")."""
    roll = ctx.roll(D100, c.p.p_fumble)
    row = fumble_row(roll, opts.fumble_rows_01_25)
    ctx.emit(FumbleRolled(who=c.id, roll=roll, low=row.low, high=row.high, text=row.text))
    for effect, projectile in row.effects:
        FUMBLE_EFFECTS[effect](ctx, c, projectile, opts)


def _drop(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 26-40: "Attacker drops weapon, flies off D6+6 metres" (a battle-suit's
    built-in rifle stays put: no flight is rolled)."""
    arm = c.arm
    if arm is None or not c.arm_ready or arm.builtin:
        drop_weapon(ctx, c, None, "fumble", opts)
        return
    distance = ctx.roll(FLIGHT, f"{c.name} weapon flies (m)")
    drop_weapon(ctx, c, distance, "fumble", opts)


def _defenceless(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 41-50 and 51-60: "defenceless in next round"."""
    ctx.emit(Defenceless(who=c.id, round=ctx.state.round + 1))


def _fall(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 51-60, 91-95, 00: falls over and takes D4-1 (armour only if
    ``fall_damage_armour``)."""
    rolled = ctx.roll(FALL, f"{c.name} fall damage")
    taken = min(rolled, c.armour_abs) if opts.fall_damage_armour else 0
    amount = rolled - taken
    ctx.emit(
        Damaged(
            who=c.id,
            source="a fall",
            kind="fall",
            rolled=rolled,
            absorbed=taken,
            amount=amount,
            hp_after=c.hp - amount,
        )
    )


def _hit_self(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 61-70 (and 91-95): normal damage from her own weapon; a projectile weapon is
    dropped instead in 61-70 ("for projectile weapons, see 26-40")."""
    arm = c.arm
    if arm is None:
        return
    if arm.klass == "projectile" and projectile == "drop-weapon":
        _drop(ctx, c, projectile, opts)
        return
    deal(ctx, c, arm, "normal", f"her own {arm.name}", c.p.p_damage, opts)


def _hit_friend(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 71-80: the first able ally (scenario order) takes normal damage; fighting
    alone, 61-70."""
    arm = c.arm
    friend = next(
        (f for f in fighters(ctx.state) if f.side == c.side and f.id != c.id and f.able), None
    )
    if friend is None or arm is None:
        _hit_self(ctx, c, "drop-weapon", opts)
        return
    deal(ctx, friend, arm, "normal", f"{c.name}'s {arm.name}", c.p.p_damage, opts)


def _armour(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 81-90: tech (powered) armour glitches (-15% to all attacks), other armour
    loosens (-1 ABS)."""
    if c.p.armour is None:
        ctx.emit(Note(text=f"{c.name} wears no armour: nothing malfunctions"))
    elif c.p.tech_armour:
        ctx.emit(ArmourGlitched(who=c.id, penalty=opts.glitch_penalty))
    else:
        ctx.emit(ArmourLoosened(who=c.id, abs_after=max(0, c.armour_abs - 1)))


def _weapon(
    ctx: PercentileContext, c: Fighter, projectile: str | None, opts: PercentileOptions
) -> None:
    """Table 5.2, 96-99: a projectile or beam weapon malfunctions (15% to explode for normal
    damage); a close-combat weapon breaks beyond repair. Either way it is out of this fight."""
    arm = c.arm
    if arm is None or not c.arm_ready:
        return
    if arm.natural:
        ctx.emit(Note(text=f"{c.name} fights with {arm.name.lower()}: nothing to break"))
        return
    if arm.klass == "melee":
        ctx.emit(WeaponBroken(who=c.id, weapon=arm.name, condition=BROKEN, reason="fumble"))
    else:
        roll = ctx.roll(D100, f"{c.name} weapon explodes?")
        exploded = roll <= EXPLOSION_CHANCE
        ctx.emit(ExplosionRolled(who=c.id, weapon=arm.name, roll=roll, exploded=exploded))
        condition = BROKEN if exploded else JAMMED
        ctx.emit(WeaponBroken(who=c.id, weapon=arm.name, condition=condition, reason="fumble"))
        if exploded:
            deal(ctx, c, arm, "normal", f"her exploding {arm.name}", c.p.p_damage, opts)
    draw_next(ctx, c)


FUMBLE_EFFECTS = {
    "drop-weapon": _drop,
    "defenceless": _defenceless,
    "fall": _fall,
    "hit-self": _hit_self,
    "hit-friend": _hit_friend,
    "armour-malfunction": _armour,
    "weapon-malfunction": _weapon,
}
