"""Named options: every place the chapter is silent or contradicts itself.

Each field is documented, with the sentence it interprets, in docs/rulesets/percentile.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fracas.dice import parse


class PercentileOptions(BaseModel):
    """Rule options of the percentile ruleset (house rules per encounter)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    stacking: Literal["multiply", "ladder"] = Field(
        "multiply",
        description="How several modifiers combine: multiply their multipliers "
        "(Hard twice = x0.6x0.6) or add their ladder steps (Hard twice = Very hard).",
    )
    rounding: Literal["half-up", "half-down"] = Field(
        "half-up", description="Modified skills round to the nearest whole number; x.5 up or down."
    )
    fumble_zone: Literal["fail", "check-target"] = Field(
        "fail",
        description="A 95-00 roll that does not fumble on the re-roll: always a failure, or a "
        "success when the first roll is still under the modified skill.",
    )
    full_damage: Literal["maximum", "double"] = Field(
        "maximum",
        description="'Full damage' in table 5.1: the weapon's maximum roll, or twice a roll.",
    )
    parry_against: Literal["hits-and-fumbles", "hits", "every-attack"] = Field(
        "hits-and-fumbles",
        description="Which attack results the defender rolls a parry or dodge against; "
        "others use the Fail column. The worked example rolls no parry against failed attacks.",
    )
    counter_effects: Literal["parry-only", "always"] = Field(
        "parry-only",
        description="Table 5.1 effects the defender inflicts on the attacker (damage from the "
        "defender, disarming the attacker) need a parry with a close-combat weapon, or apply "
        "after any defence (damage then comes from the defender's wielded weapon, if any).",
    )
    weapon_damage_on_parry: Literal["rolled", "none"] = Field(
        "rolled",
        description="Where a weapon takes damage for its break value: a close-combat weapon "
        "that stops a hit by parrying takes the attacker's rolled damage ('rolled'), or weapons "
        "never take damage in a parry ('none', as the worked example, which rolls no such dice).",
    )
    dropped_weapon: Literal["recover", "lost"] = Field(
        "recover",
        description="A dropped or disarmed weapon: spend a round recovering it, or it is lost "
        "for this fight (the next weapon carried is drawn at once, if any).",
    )
    recover_weapon: Literal["in-turn", "start-of-round", "no-defence"] = Field(
        "in-turn",
        description="When a round spent picking up a dropped weapon ('recover-weapon') gives "
        "it back and what defence is left: at the combatant's turn in the round's order "
        "(before it only a dodge, after it one free parry with the weapon), before the round's "
        "first attack (one free parry with it), or at the turn with no parry or dodge at all "
        "that round.",
    )
    draw_weapon: Literal["free", "takes-round"] = Field(
        "free",
        description="Taking another carried weapon in hand: part of the round's declaration, "
        "at no cost, or the round's action (no attack that round; all-out defence only).",
    )
    no_weapon_left: Literal["unarmed-else-yield", "unarmed", "surrender", "flee"] = Field(
        "unarmed-else-yield",
        description="What the tactics do when no weapon is left to draw or pick up: fight "
        "with body parts while they are worth it (more than 0.1 expected damage per attack "
        "against the enemy's armour) and otherwise leave the fight (surrender to an enemy "
        "who can hurt them, flee from one who cannot); always fight with body parts; "
        "surrender; or flee.",
    )
    body_parts_damage: str = Field(
        "D3",
        description="Damage of 'body parts' (fists, feet, head), a close-combat weapon the "
        "chapter names without figures (PROPOSED).",
    )
    staff_damage: str = Field(
        "D8",
        description="Damage of a staff, a close-combat weapon the chapter names without "
        "figures (PROPOSED; weight 2 kg, BV 8 in the weapons table).",
    )
    fumble_parry: Literal["spends", "free"] = Field(
        "spends",
        description="Whether parrying (or dodging) a fumbled attack counts among the "
        "round's parry attempts: it uses a free parry, or past them costs one more Hard "
        "('spends'), or it is never counted and never penalised ('free').",
    )
    fumble_rows_01_25: Literal["no-effect", "as-26-40"] = Field(
        "no-effect",
        description="Table 5.2 lacks rows 01-25: no extra effect, or read them as 26-40.",
    )
    later_rounds: Literal["simultaneous", "in-order"] = Field(
        "simultaneous",
        description="After round 1 attacks are 'effectively simultaneous': a combatant who "
        "was able at the start of the round still attacks and defends that round even if "
        "downed earlier in it ('simultaneous'), or not ('in-order').",
    )
    round_order: Literal["initiative", "scenario"] = Field(
        "initiative",
        description="The order declared for the simultaneous rounds after the first (it "
        "decides weapon breakage): initiative order, or scenario order.",
    )
    initiative_ties: Literal["scenario-order", "reroll"] = Field(
        "scenario-order",
        description="Equal initiative totals: earlier in the scenario goes first, or the tied "
        "combatants roll D20 again until the tie breaks.",
    )
    fatigue_loss: Literal["per-3-rounds", "per-round"] = Field(
        "per-3-rounds",
        description="Combat fatigue: 1 point per three rounds (the written rule) or 1 per round "
        "(what the worked example's final fatigue 23 implies).",
    )
    encumbrance_fatigue: Literal["one-per-round", "per-multiple"] = Field(
        "one-per-round",
        description="Extra fatigue of an encumbered combatant each round: 1, or 1 per started "
        "multiple of STR above 2 x STR.",
    )
    all_out_dodge: Literal["hard-dodge", "hard-attack"] = Field(
        "hard-dodge",
        description="'Dodging means applying a Hard modifier when doing an all-out attack': "
        "each dodge in an all-out attack is Hard (it is beyond the stance's zero free "
        "defences), or the all-out attack itself is one Hard more and buys one free dodge.",
    )
    encumbrance_applies: Literal["every-check", "weapon-skills"] = Field(
        "every-check",
        description="Which checks encumbrance's Hard modifiers touch: every check of the fight "
        "(attack, parry, dodge, speed-reload, first aid), or only the weapon-skill checks "
        "('Weapon skills are affected by encumbrance'): attack, parry, speed-reload.",
    )
    battle_suit_weight: Literal["carried-when-powered", "counts"] = Field(
        "carried-when-powered",
        description="Whether a powered battle-suit's own weight (150-200 kg) counts for its "
        "wearer's encumbrance; the suits are immobile 'due to their weight' only without power.",
    )
    fatigue_recovery: Literal["per-2-rounds", "per-minute"] = Field(
        "per-2-rounds",
        description="Resting fatigue recovery: 1 point per two combat rounds ('Damage and "
        "fatigue') or 1 per minute of not working hard (its footnote on regeneration).",
    )
    armour_weight: Literal["max", "min", "mid"] = Field(
        "max", description="Which end of a table 5.3 weight range counts for encumbrance."
    )
    impact_vest_abs: int = Field(
        6, ge=0, le=100, description="ABS of the impact-resistant vest (its figure is missing)."
    )
    glitch_penalty: int = Field(
        15,
        ge=0,
        le=100,
        description="Percentage points a glitching tech armour takes off every attack.",
    )
    glitch_applies: Literal["before-modifiers", "after-modifiers"] = Field(
        "before-modifiers",
        description="When the glitch's points come off an attack: from the skill before the "
        "difficulty modifiers (so an all-out attack's Easy applies 'to the over-all modified "
        "result'), or from the number to roll under after them.",
    )
    fall_damage_armour: bool = Field(
        False, description="Whether armour ABS reduces a fumble's D4-1 fall damage."
    )
    ammo_per_attack: Literal["one", "rate"] = Field(
        "one",
        description="Ammunition one attack spends: one shot, or the weapon's rate of fire.",
    )
    derive_hp_fatigue: bool = Field(
        True,
        description="When a combatant omits hp or fatigue, use STR + CON (fits both example "
        "characters); if false, both are required.",
    )
    max_rounds: int = Field(
        100, ge=1, le=100_000, description="Stop an endless fight after this many rounds (a draw)."
    )

    @field_validator("body_parts_damage", "staff_damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        """A dice expression with at least one die ("D3", "D6+1")."""
        try:
            expr = parse(value)
        except ValueError as exc:
            raise ValueError(f"not a dice expression: {exc}") from None
        if expr.minimum < 0 or expr.maximum <= 0:
            raise ValueError(f"damage {value!r} must do some damage and never less than 0")
        return value
