"""Rule options: every place where chapter 9.2 is silent or contradicts itself.

Each field is documented in ``docs/rulesets/starflight.md`` with the sentence it interprets,
the alternatives and the default. A scenario's ``options:`` mapping (or ``--option``) sets them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class StarflightOptions(BaseModel):
    """The house rules of one encounter (defaults follow the chapter where it is clear)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    prone_hd_bonus: Literal[10, 20] = Field(
        20,
        description="HD bonus for lying Prone: 'Drop Prone' says +10, 'Miscellaneous Terms' "
        "says +20.",
    )
    ranged_limit_m: Literal[375, 400] = Field(
        375,
        description="Metres beyond which ranged combat ends (withdrawal, sniping): fifteen "
        "25 m increments are 375 m ('Sniping'); 'Range' says 400 m.",
    )
    wound_die: Literal["d5", "d10", "d10-halved"] = Field(
        "d5",
        description="Die for 'd5 Wounds' (critical hit, Reflex critical failure): the rule says "
        "d5, the example rolls 'a d10'; d10-halved is ceil(d10/2).",
    )
    attack_bonus_twice: bool = Field(
        True,
        description="The Attack Bonus is subtracted in effective HD AND added to the d% roll "
        "(as written); false adds it only in effective HD.",
    )
    critical_failure_max: int = Field(
        0, ge=0, le=49, description="Natural d% (00-99) at or below which a roll fumbles."
    )
    critical_success_min: int = Field(
        99, ge=50, le=99, description="Natural d% (00-99) at or above which a roll is critical."
    )
    natural_extremes_decide: bool = Field(
        True,
        description="A natural critical failure always fails and a critical success always "
        "succeeds, whatever the modifiers.",
    )
    damage_attribute: Literal["modifier", "score"] = Field(
        "modifier",
        description="'the number of points ... in their Power/Finesse attribute' added to "
        "damage: the attribute modifier (score/10, down) or the whole score.",
    )
    check_attribute_modifier: bool = Field(
        True, description="Skill checks add the controlling attribute's modifier (score/10)."
    )
    wound_penalty_on_saves: bool = Field(
        False,
        description="'Each Wound inflicts a -1 penalty on all Checks': also on saves?",
    )
    condition_penalties_on_attack: bool = Field(
        True,
        description="Wound, Dazed, Shaken and fatigue penalties on 'Checks' also apply to "
        "attack rolls.",
    )
    critical_wounds: Literal["replace", "add"] = Field(
        "replace",
        description="A critical hit's d5 Wounds replace the hit's one Wound, or add to it.",
    )
    comatose_threshold: Literal["total-nonlethal", "impact"] = Field(
        "total-nonlethal",
        description="Comatose when the non-lethal damage absorbed reaches twice NHP "
        "(total-nonlethal), or when Impact Damage alone reaches twice NHP (impact).",
    )
    wound_bleed: Literal["every-tenth-round", "ten-rounds-after-wound"] = Field(
        "every-tenth-round",
        description="When each Wound costs a Lethal point: at the end of rounds 10, 20, ... "
        "or ten rounds after the combatant's first Wound, then every ten.",
    )
    shaken_recovery_dc: int | None = Field(
        None,
        ge=0,
        description="DC of the Willpower save that ends Shaken (made at the start of each "
        "turn); None uses the damage of the hit that shook the combatant.",
    )
    initiative_die: Literal["1d10", "d100"] = Field(
        "1d10", description="Die added to the Initiative value for the order of battle."
    )
    initiative_ties: Literal["reroll", "scenario-order"] = Field(
        "reroll",
        description="Equal order scores (research notes: 'Ties go to the higher Initiative, "
        "then a re-roll'): after the higher Initiative value, the tied combatants roll the "
        "die again until they differ (reroll), or the one listed first goes first.",
    )
    surprise_round_actions: Literal[1, 2] = Field(
        1, description="Action phases each unsurprised combatant has in the surprise round."
    )
    unarmed_adds_power: bool = Field(
        False, description="Unarmed hits also add the Power bonus to their non-lethal damage."
    )
    brawling_damage_bonus: bool = Field(
        False,
        description="Skill chapter 3.1: +1 Basic damage per 10 Brawling on melee and unarmed hits.",
    )
    ambidexterity_offhand_penalty: int = Field(
        0, ge=0, le=10, description="Off-hand penalty left by the Ambidexterity Talent."
    )
    blue_on_blue_by: Literal["initiative-value", "order-score"] = Field(
        "initiative-value",
        description="'the friendly combatant with the next lowest initiative value': the "
        "Initiative stat, or the order-of-battle score rolled.",
    )
    immobile_if_any_propulsive_failed: bool = Field(
        True,
        description="'characters with non-functional propulsive appendages cannot move': any "
        "failed propulsive part (true) or all of them (false).",
    )
    nonlethal_reduction: Literal["shield-and-armour", "armour-only"] = Field(
        "shield-and-armour",
        description="Whose remaining hit points reduce Non-Lethal Damage.",
    )
    cognitive_failure_unconscious: bool = Field(
        True, description="A failed cognitive organ leaves the combatant Unconscious."
    )
    sensory_tactile: Literal["tactile", "reroll"] = Field(
        "tactile",
        description="Face 7 of the human and G'Nunk sensory sub-table (research notes: '7 | "
        "tactile or other'): the tactile organ (skin) takes the hit, or the location is "
        "rolled again as for an empty face.",
    )
    melee_reach_m: Literal[5, 10] = Field(
        10,
        description="Reach of melee weapons and unarmed attacks: one melee increment, or the "
        "two increments that count as 'in melee'.",
    )
    partial_ranged_movement: bool = Field(
        False,
        description="GM may allow 'partial movement' in ranged combat (5 m per movement "
        "point instead of whole 25 m increments).",
    )
    blocking_radius_m: int = Field(
        1, ge=0, le=5, description="How near a line of fire another combatant blocks it."
    )
    si_formula: Literal["base-plus-gear", "hp-plus-gear"] = Field(
        "base-plus-gear",
        description="Strength Index: a fixed base (stat block 'si', default HP) plus the "
        "gear's hit points left (fits the example: SI 'not lowered' by a hit that took 21 HP), "
        "or current HP plus gear hit points (the research notes' proposal).",
    )
    hit_save_dc: Literal["damage-taken", "damage-dealt"] = Field(
        "damage-taken",
        description="'The DC of both Saves equals the amount of damage inflicted': the damage "
        "that got through the gear onto the combatant, or the hit's damage before the gear.",
    )
    saves_when_down: bool = Field(
        False,
        description="'a Reflex Save and a Willpower Save any time they are hit': also for a "
        "combatant unconscious or clinically dead once the hit lands (true), or not (false: "
        "'Unconscious characters are Prone' already and cannot be shaken into anything).",
    )
    unclear_sight_stacks: bool = Field(
        False,
        description="Peripheral arc, a shot-through obstacle and a failed eye each cost -25: "
        "once in all (false) or each (true).",
    )
    maiming_blow_wounds: Literal["capped", "kept"] = Field(
        "capped",
        description="The blow that maims a part: its Wounds beyond twice Durability are lost "
        "('no longer available to take Wounds') or kept on the part.",
    )
    ranged_into_melee_counts_shooter: bool = Field(
        False,
        description="'+20 HD' to a combatant 'in melee' against ranged attacks: also when its "
        "only melee opponent is the shooter itself (true), or only when someone else is (false).",
    )
    attribute_check: Literal["score", "modifier"] = Field(
        "score",
        description="A Power or Finesse Check ('opposed Power checks', 'Power Check opposed "
        "by ... Finesse Check'): d% + the attribute score, or + the attribute modifier.",
    )
    opposed_ties: Literal["defender", "initiator"] = Field(
        "defender", description="Who wins an opposed check or Grapple check that ties."
    )
    charge_return: Literal["back", "onward"] = Field(
        "back",
        description="'the combatant moves the same distance they did before the Charge': "
        "back where it came from, or on past the target.",
    )
    charge_distance: Literal["both-legs", "first-leg"] = Field(
        "both-legs",
        description="'must be able to move the full distance involved': the run in and the "
        "move after it together, or the run in alone, within four times the movement.",
    )
    maneuver_attack_with: Literal["unarmed", "weapon"] = Field(
        "unarmed",
        description="Trip ('makes a melee attack against the target's THD') and the grab "
        "('a melee combat attack at Range Zero'): always an unarmed Brawling roll (unarmed), "
        "or with the melee weapon in hand when there is one (weapon).",
    )
    opportunity_discharge: Literal["rest-of-round", "later-turn"] = Field(
        "rest-of-round",
        description="'Any beam or projectile weapons fired during an Opportunity Attack are "
        "considered discharged, should the target get a turn later on in the Order of "
        "Battle': discharged for the rest of the round, another Opportunity Attack included "
        "(rest-of-round), or only when its owner has a turn later this round (later-turn).",
    )
    trample_push: Literal["knock-down", "push"] = Field(
        "knock-down",
        description="'Trampling works like a Push attack, with the following exceptions': a "
        "won trample knocks the target down where it stands (knock-down), or also pushes it "
        "one range increment away as a push does (push).",
    )
    charge_in_ranged_scale: Literal["melee-increment", "scale-increment", "refused"] = Field(
        "melee-increment",
        description="'a combatant must Run at least one full range increment during melee "
        "combat towards the intended target' (Charge, and the Push and Trample that work "
        "like it), in ranged-scale combat: a 5 m run suffices (melee-increment), the run "
        "must cover a 25 m increment (scale-increment), or no charge at all (refused).",
    )
    trip_daze_rounds: int = Field(
        1,
        ge=1,
        le=100,
        description="'causes the target to become Dazed' (a tripped charger): for how many "
        "rounds (the chapter gives no duration).",
    )
    grapple_escape_move: Literal["stay", "move"] = Field(
        "stay",
        description="'the combatant escapes from the Grapple entirely, using whatever "
        "movement they have to get away': the escaper stays where it is (stay: moving is left "
        "to its next move action), or moves its movement straight away at once (move).",
    )
    pinned_may_only_grapple: bool = Field(
        True,
        description="'they hold their opponent immobile for one round': a pinned combatant "
        "may only make Grapple checks (true) or may also attack (false).",
    )
    disarm_half_damage_on: Literal["hit", "disarm"] = Field(
        "hit",
        description="'If the attack is successful, the opponent takes one-half the normal "
        "damage': any hit (true to 'attack'), or only a hit that disarms.",
    )
    object_hit_survives: Literal["dropped", "disabled"] = Field(
        "dropped",
        description="A disarm 50+ over hits the object; 'If the result [GM d%] is less than "
        "the final result of the attack roll, the object in question is destroyed ... "
        "Otherwise, the item is merely rendered inoperative until repaired': when the d% is "
        "not under the total, the item only falls, whole (dropped), or is disabled (disabled).",
    )
    object_hd: int = Field(
        0,
        ge=0,
        le=1000,
        description="HD of an object attacked with Attack Item ('an attack roll just like a "
        "regular attack action'; objects have no HD in the chapter).",
    )
    rally_group_dc: int = Field(
        165,
        ge=165,
        le=195,
        description="'If helping at least three characters at once, the Leadership Check "
        "automatically requires a Very Difficult DC' (165-195).",
    )
    grapple_check_penalties: bool = Field(
        True,
        description="A Grapple Check ('2d10 plus ...') is a Check: the Check penalties (Wounds, "
        "Shaken -30, Dazed -5, fatigue -20) apply to it (true) or not (false).",
    )
    acid_wounds: Literal["two-per-round", "two-per-point"] = Field(
        "two-per-round",
        description="Digestion: '1d10 Lethal damage per round ... each counts as two Wounds': "
        "each round's damage, or each point of it.",
    )
    massive_attack_lethal: Literal["after-conversion", "before-conversion"] = Field(
        "after-conversion",
        description="The Lethal damage that counts towards a massive attack (50+): after gear "
        "that blocks the weapon turned it Non-Lethal ('before any damage is applied'), or "
        "before.",
    )
    swallow_massive_attack: bool = Field(
        False,
        description="Being swallowed ('taking a number of Lethal HP damage equal to the "
        "combatant's Power and Finesse scores combined'): 50 or more calls for the massive "
        "attack's DC 75 Fortitude save ('any single strike that causes 50 or more') (true), "
        "or the swallowing is no strike (false).",
    )
    sniping_surprise: Literal["dodge", "surprise"] = Field(
        "dodge",
        description="'Sniping attacks are considered surprise attacks, so the target's Dodge "
        "skill is ignored': only Dodge is ignored (dodge), or the target is treated as "
        "surprised in full: its FHD (doubled) and no attribute bonus on the damage (surprise).",
    )
    steps_per_turn: int = Field(
        1,
        ge=0,
        le=10,
        description="Free steps (moves under 6 m) a combatant may take in one turn; the chapter "
        "does not limit them.",
    )
    movement_points_per: Literal["move", "turn"] = Field(
        "move",
        description="'characters receive a number of movement points equal to one plus their "
        "Initiative value': for each Move action, or for the whole turn.",
    )
    falloff_increment: Literal["scale", "ranged"] = Field(
        "scale",
        description="HD range falloff per range increment of the scenario's scale (5 m in "
        "melee, 25 m in ranged), or always per 25 m ranged increment.",
    )
    burst_criticals: Literal["every-shot", "first-shot"] = Field(
        "every-shot",
        description="A critical attack roll with a multiple-fire weapon: every landed shot is "
        "a critical hit, or only the first.",
    )
    facing_cost: Literal["none", "movement-point"] = Field(
        "none",
        description="'Change Facing as a free action (see above) with the usual movement "
        "cost': no movement, or one movement point of the turn's movement.",
    )
    ready_cost: Literal["standard", "free"] = Field(
        "standard",
        description="Declaring a Ready: one of the turn's two actions, or free (the chapter "
        "only says an executed readied action costs a phase of the next round).",
    )
    run_encumbrance: Literal["movement-point", "two-metres"] = Field(
        "movement-point",
        description="'Every ten points of encumbrance ... decreases the possible movement by "
        "one movement point (two meters)': a movement point of the scale, or 2 m.",
    )
    movement: Literal["initiative", "speed"] = Field(
        "initiative",
        description="'Movement on the character-scale can either be Speed-based or "
        "Initative-based': movement points of 1 + Initiative, or 5/3 x Speed metres.",
    )
    leaving_melee: Literal["withdraw", "switch-to-ranged"] = Field(
        "withdraw",
        description="'GMs have the discretion of switching over to ranged combat if a character "
        "moves out of melee combat, or just allowing the withdrawal'.",
    )
    grid: bool = Field(
        True,
        description="Positions on a grid; without one a move 'simply changes the range to the "
        "current target' by a 2d10 roll.",
    )
    gridless_disengage_rolls: Literal["16-18", "16-20"] = Field(
        "16-18",
        description="'In the event that a very long range is rolled (16, 17 or 18)' the mover "
        "may disengage: those rolls, or every roll over fifteen increments.",
    )
    wounded_walk_check: bool = Field(
        True,
        description="'moving straight ahead does not require a Three-Dimensional Maneuvers "
        "Check, provided their propulsive appendages aren't damaged': a Move or Run on wounded "
        "propulsive parts rolls it (DC 10 per Wound + encumbrance).",
    )
    failed_stunt_reflex_dc: Literal["first-stunt", "check"] = Field(
        "first-stunt",
        description="'If the Check fails, the character ... must make a successful Reflex "
        "Save to avoid being knocked prone' (no DC): the DC of the stunt it stopped at, or "
        "the whole failed Three-Dimensional Maneuvers Check's DC.",
    )
    max_rounds: int = Field(100, ge=1, le=100_000, description="Rounds before a draw is called.")
    # -- medicine and rest (chapter 9.2, 'Healing and Recuperation'; 'Assisted Revival ...')
    medical_aid_cost: Literal["standard", "full"] = Field(
        "standard",
        description="Medical Aid 'counts as a special action': one action phase, or the "
        "whole turn.",
    )
    stasis_extends: Literal["remaining", "whole"] = Field(
        "remaining",
        description="'For every minute that a character can remain clinically dead before the "
        "onset of brain death, stasis extends the period': the minutes left when stasis "
        "begins, or the whole Durability minutes.",
    )
    physique_drain_stasis: Literal["vegetative", "refused"] = Field(
        "vegetative",
        description="'The GM must decide whether or not to allow a player who dies in this "
        "manner to remain in stasis': stasis gives a permanent vegetative state, or is refused.",
    )
    rest_wounds_bleed: bool = Field(
        False,
        description="Wounds cost a Lethal point a minute 'unless properly healed': during a "
        "rest they are taken as bandaged (false) or go on bleeding (true).",
    )
    unconscious_nonlethal_healing: Literal["check", "free"] = Field(
        "check",
        description="An Unconscious character with no Impact Damage left: the hourly "
        "Recuperation Check goes on raising NHP (check), or NHP heal at Recuperation a "
        "hour with no Check (free).",
    )
    coma_failure_recovery: Literal["check", "none"] = Field(
        "check",
        description="A failed coma save: 'not only does the character not lose a point of "
        "Impact Damage that hour' yet 'The Check for a comatose character has the same "
        "possible outcomes as a Check for a character that is merely Unconscious': that "
        "hour's Recuperation Check is still made (check) or not (none).",
    )
    medic_half_hour_nonlethal: Literal["replaces", "adds"] = Field(
        "replaces",
        description="'While in the care of a medic, a character will gain Non-Lethal HP "
        "equal to their Recuperation score every half-hour': in place of the hourly natural "
        "healing, or on top of it.",
    )
    medic_nearby_bonus: Literal["each-gain", "none"] = Field(
        "each-gain",
        description="'an extra HP of healing (both Lethal and Non-Lethal) for every ten "
        "points in the medic's Long-Term Care': added to each HP or NHP gain, or not used.",
    )
    natural_checks_with_medic: bool = Field(
        True,
        description="'while assisted healing is going on, the character can still perform "
        "Checks for themselves for natural healing': both run (true) or only the medic's.",
    )
    infection_save_dc: int = Field(
        50,
        ge=0,
        le=1000,
        description="DC of the 'Fortitude Save to fight off an infection' (the DC is in "
        "chapter 12.4.2).",
    )
    mobile_vehicle: Literal["moving", "any"] = Field(
        "moving",
        description="'located within a mobile vehicle' raises the half-hourly and comatose "
        "care DCs: a vehicle under way (moving), or any vehicle.",
    )
    sleep_dc_reduction: int = Field(
        0,
        ge=0,
        le=100,
        description="'The GM may, at their discretion, lower the DCs for healing if the "
        "character decides to sleep': how much lower (every healing Check of a rest).",
    )
    maimed_part_care: Literal["regrow", "prosthetic"] = Field(
        "regrow",
        description="A Starfaring Age doctor 'has the option of regrowing parts': regrow "
        "(DC 125) or fit a prosthetic (DC 100); other ages fit prosthetics.",
    )
