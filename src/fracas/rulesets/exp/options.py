"""Rule options: every place the chapter is silent, leans on an unprinted rule, or contradicts
itself. Defaults follow the research notes' proposals; docs/rulesets/exp.md quotes the
sentence each option interprets and lists the alternatives."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fracas.dice import DiceError, parse
from fracas.rulesets.exp.tables import DICE, WEAPONS


def damage_dice(text: str) -> str:
    """Damage dice a weapon may have: readable, and never below 1 ("Non-lethal does not mean
    benign. Each attack still does some damage"). ``ValueError`` says why not."""
    try:
        expr = parse(text)
    except DiceError as exc:
        raise ValueError(str(exc)) from None
    if expr.minimum < 1:
        raise ValueError(
            f"{text} can roll {expr.minimum}: each attack still does some damage, so the "
            "dice must give at least 1"
        )
    return text


class ExpOptions(BaseModel):
    """The EXP non-lethal combat options a GM can switch per encounter."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    dss: Literal["percentile", "save-d20"] = Field(
        "percentile",
        description="Damage System Shock roll: 'percentile' (d100 at or under "
        "100 x HPS-as-if / max HPS + CON, cap 99) or 'save-d20' (1d20 + CON + level must beat "
        "10 + 20 x damage / HPS-as-if, cap 40).",
    )
    nonlethal_attacks: Literal["strike-and-fling", "strike-only"] = Field(
        "strike-and-fling",
        description="Attack types allowed in non-lethal combat (besides powered stun "
        "weapons): Strike and Fling, as the chapter's paragraph says, or Strike only, as its "
        "summary line says.",
    )
    allow_weapon_snatching: bool = Field(
        True,
        description="The referee allows weapon snatching (false: every snatch is refused).",
    )
    maneuver_targets: Literal["any-kind", "subduable"] = Field(
        "any-kind",
        description="Who may be grappled, robbed of a weapon or tripped: any kind of "
        "comparable size (treaded robots still cannot be tripped), or only those who can be "
        "subdued (anthros and advanced aliens).",
    )
    skilled_bonus_rule: Literal["strike", "all-non-lethal"] = Field(
        "strike",
        description="Hand-to-hand skill unlocks the Skilled Bonus of Strike attacks (other "
        "attack types need proficiency with the weapon) or of every non-lethal attack.",
    )
    lethal_skilled_bonus: Literal["proficiency", "hand-to-hand"] = Field(
        "proficiency",
        description="A lethal attack with a weapon in proficient_with uses the Skilled Bonus, "
        "Strike or not, as in tactical combat ('proficiency'), or a lethal Strike needs "
        "hand-to-hand skill like a non-lethal one ('hand-to-hand'; a Strike weapon in "
        "proficient_with is then refused).",
    )
    fling_force_bonus: bool = Field(
        True,
        description="A Fling (or Pointy Fling) attack adds its row's Force Bonus to the damage "
        "(false: only Strike attacks do, and a Fling row's force_bonus must be 0).",
    )
    thrown_weapons: Literal["used-up", "fetched-back"] = Field(
        "used-up",
        description="A thrown object (a Fling or Pointy Fling attack) leaves the thrower's "
        "hand ('used-up'), or the thrower has it back for the next attack ('fetched-back').",
    )
    competition_adds_level: bool = Field(
        False, description="Attribute competitions roll 1d20 + attribute (+ level if true)."
    )
    competition_ties: Literal["defender", "reroll"] = Field(
        "defender",
        description="A tied competition: the defender wins (the status quo holds) or both "
        "roll again.",
    )
    initiative: Literal["d20+dex", "dex", "scenario-order"] = Field(
        "d20+dex",
        description="Order of action in a combat unit: roll 1d20 + DEX (ties: higher DEX, "
        "then a reroll), highest DEX first, or the scenario's order.",
    )
    initiative_every_unit: bool = Field(
        True, description="Roll initiative at the start of every unit (false: once only)."
    )
    actual_damage_rounding: Literal["half-up", "down", "up"] = Field(
        "half-up", description="How 10% of the non-lethal damage is rounded to whole HPS."
    )
    actual_damage_minimum: int = Field(
        1,
        ge=0,
        le=1,
        description="Least actual damage of a blow that does any damage: 1 ('Each attack "
        "still does some damage') or 0 (ten percent rounded, nothing more: 10% of 3 is 0).",
    )
    oops_die: str = Field("deci-die", description="The named die of the oops damage check.")
    oops_when: Literal["at-or-under", "under"] = Field(
        "at-or-under",
        description="The oops check turns the blow lethal when the roll is at or under the "
        "damage (exactly 1% per HPS on a d100) or strictly under it.",
    )
    oops_replaces_actual: bool = Field(
        True,
        description="An oops blow deals the full damage instead of the 10% actual damage "
        "(true: Socmob 40 -> 20) or on top of it (false: 40 -> 18).",
    )
    oops_on_stun_weapons: bool = Field(
        True, description="Powered stun weapons also make the oops check."
    )
    force_bonus_on_natural: bool = Field(
        True,
        description="The Force Bonus is added to fists and feet too (false: only to Strike "
        "weapons such as clubs).",
    )
    trip_order: Literal["headings", "summary"] = Field(
        "headings",
        description="Trip steps: 'headings' = attack, Dexterity (dodge), Strength; "
        "'summary' = attack, Strength, Dexterity (the chapter's opening paragraph).",
    )
    comparable_size_steps: int = Field(
        1, ge=0, le=20, description="Size categories apart that still count as 'comparable size'."
    )
    grappler_may_attack: bool = Field(
        True,
        description="The grappler may attack the held target with a close-range weapon "
        "(false: the grappler only holds).",
    )
    grapple_a_grappler: Literal["frees-their-hold", "refused"] = Field(
        "frees-their-hold",
        description="A persona who holds someone may be grappled by a third; once that "
        "grapple sticks it is incapacitated and lets go ('frees-their-hold'), or it cannot be "
        "grappled while it holds someone ('refused').",
    )
    held_target_may_attack: bool = Field(
        False,
        description="A persona held in a grapple may attack its grappler with a close-range "
        "weapon (false: only psionics, yelling, a break check or a reversal).",
    )
    tripped_loses_actions: int = Field(
        1, ge=0, le=100, description="Actions a tripped persona spends getting up."
    )
    death_below_zero: Literal["minus-con", "zero"] = Field(
        "minus-con",
        description="Anthros, knocked out at 0 HPS, die at -CON HPS ('minus-con') or at "
        "0 HPS ('zero').",
    )
    robot_at_zero_hps: Literal["broken", "fights-on"] = Field(
        "broken",
        description="A robot at 0 HPS has a broken part and is out of the fight ('broken') "
        "or fights on until CON 0 ('fights-on').",
    )
    weapon_damage: dict[str, str] = Field(
        default_factory=dict,
        description="Damage dice for standard weapons, replacing the proposed ones "
        "(e.g. {fist: 1d4}).",
    )
    max_units: int = Field(
        200, ge=1, le=100_000, description="A fight still going after this many units is a draw."
    )

    @field_validator("oops_die")
    @classmethod
    def _known_die(cls, value: str) -> str:
        if value not in DICE:
            raise ValueError(f"unknown die {value!r} (known: {', '.join(DICE)})")
        return value

    @field_validator("weapon_damage")
    @classmethod
    def _known_weapons(cls, value: dict[str, str]) -> dict[str, str]:
        for name, dice in value.items():
            if name not in WEAPONS:
                raise ValueError(f"{name}: not a standard weapon (known: {', '.join(WEAPONS)})")
            try:
                damage_dice(dice)
            except ValueError as exc:
                raise ValueError(f"{name}: {exc}") from None
        return value
