"""Issue 19, rules fidelity: Improved Grab and the grab's Opportunity Attack, the propulsive
Stamina check on every move action, initiative ties, bleeding to death, the sensory sub-table,
with rolls named by purpose or scripted."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fracas.cli import main
from fracas.dice import SeededRoller
from fracas.engine import Context, IllegalAction, Rolled, Session
from fracas.rulesets.starflight import RULESET
from fracas.rulesets.starflight.actions import (
    Attack,
    Charge,
    Disarm,
    Grapple,
    GrappleCheck,
    Move,
    Rest,
    Snipe,
    Standby,
    StandUp,
    Strike,
    SwallowWhole,
    Trample,
    Trip,
)
from fracas.rulesets.starflight.charge import charge_choices
from fracas.rulesets.starflight.events import (
    AttackRolled,
    Bled,
    Charged,
    Checked,
    ClinicalDeath,
    DamageTaken,
    Fired,
    GrappleStarted,
    ItemWrecked,
    Moved,
    PartFailed,
)
from fracas.rulesets.starflight.hit_location import roll_location
from fracas.rulesets.starflight.options import StarflightOptions
from fracas.rulesets.starflight.rest import rest
from fracas.rulesets.starflight.species import SPECIES
from fracas.rulesets.starflight.stunts import StuntsDone
from fracas.scenario import parse_scenario

from .helpers import fight_of, fighter, of_type, scenario_data, shooter, start, target, who
from .medicine_helpers import table
from .test_sf_combat_actions import KNIFE, a, beast, begin, events, t
from .test_sf_grapple_and_items import grappling, swallower
from .test_sf_parts_and_locations import ctx_for
from .test_sf_stunts import INIT, LEFT, agile

EXAMPLES = Path(__file__).parents[3] / "examples" / "starflight"
CLOSE = [3, 0]
SHOT = Attack(actor="a", strikes=[Strike(target="t", weapon=0)])
WON = {"a Grapple check": [15], "t Grapple check": [5], "a grab on t": [80]}


def test_a_grapple_by_a_creature_with_improved_grab_provokes_no_opportunity_attack() -> None:
    """'This triggers an Opportunity Attack from the target (unless the combatant has Improved
    Grab ...)': the plain Grapple action too."""
    s, roller = begin([a(abilities=["improved grab"]), t(position=CLOSE)], WON)
    s.act(Grapple(actor="a", target="t"))
    assert not [e for e in events(s, AttackRolled) if e.attacker == "t"]
    assert not any(p.startswith("t attack on a") for p, _ in roller.log)
    assert events(s, GrappleStarted)


def test_a_grapple_without_improved_grab_still_provokes_one() -> None:
    s, _ = begin([a(), t(position=CLOSE)], WON)
    s.act(Grapple(actor="a", target="t"))
    assert [e for e in events(s, AttackRolled) if e.attacker == "t" and e.opportunity]


# --- the propulsive appendages' Stamina check on every move action ('Lethal Damage and Wounds')


def wounded_leg(rolls: list[int], **top: Any) -> Session:
    """'a' (Finesse 30, 3DM 40) at (0, 0) with one Wound on its left leg, 't' 60 m east."""
    s = start([agile(), target(position=[60, 0])], [*INIT, *rolls], scale="melee", **top)
    who(s, "a").wounds["left_leg"] = 1
    return s


def test_a_stunt_move_on_a_wounded_leg_makes_the_stamina_check_first() -> None:
    """'Propulsive Appendages [are checked] when the combatant tries to perform a move
    action': DC 50 + 20 for the leg's Wound; 80 passes, then the 3DM check (DC 20 + 10)."""
    s = wounded_leg([80, 50])
    s.act(LEFT)
    checks = [(c.what, c.dc, c.success) for c in of_type(s, Checked)]
    assert checks == [
        ("Stamina (left leg)", 70, True),
        ("Three-Dimensional Maneuvers (stunts)", 30, True),
    ]
    assert of_type(s, StuntsDone) and (who(s, "a").x, who(s, "a").y) == (0, 5)


def test_a_failed_stamina_check_fails_the_leg_and_the_stunt_does_not_happen() -> None:
    """'If the Check fails, the part fails, and whatever attendant penalties come with a
    failure go into effect immediately': no stunt, no 3DM check, the move action spent."""
    s = wounded_leg([10])
    s.act(LEFT)
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert [c.what for c in of_type(s, Checked)] == ["Stamina (left leg)"]
    assert not of_type(s, StuntsDone) and (who(s, "a").x, who(s, "a").y) == (0, 0)
    assert fight_of(s).phases_left == 1


def test_standing_up_on_a_wounded_leg_makes_the_stamina_check() -> None:
    """Stand Up: 'they may spend a move action to stand back up'; 80 passes."""
    s = wounded_leg([80])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [(c.what, c.success) for c in of_type(s, Checked)] == [("Stamina (left leg)", True)]
    assert not who(s, "a").prone


def test_a_failed_stamina_check_on_standing_up_leaves_the_combatant_prone() -> None:
    s = wounded_leg([10])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert who(s, "a").prone and fight_of(s).phases_left == 1


def test_a_critical_success_on_the_leg_check_removes_a_wound() -> None:
    """'in the event of critical success, one Wound is removed from the part'."""
    s = wounded_leg([99])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert not who(s, "a").wounds.get("left_leg") and not who(s, "a").prone


def test_a_critical_failure_on_the_leg_check_adds_basic_damage_and_a_wound() -> None:
    """'In the event of a critical failure, then the part fails, 1d10 Basic Damage is
    inflicted on the character, and the character takes an additional Wound'."""
    s = wounded_leg([100, 6, 90, 90])
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert [p.part for p in of_type(s, PartFailed)] == ["left_leg"]
    assert who(s, "a").wounds["left_leg"] == 2 and who(s, "a").prone
    assert of_type(s, DamageTaken)


def test_an_unwounded_combatant_stands_up_with_no_check() -> None:
    s = start([agile(), target(position=[60, 0])], INIT, scale="melee")
    who(s, "a").prone = True
    s.act(StandUp(actor="a"))
    assert not of_type(s, Checked) and not who(s, "a").prone


# --- initiative ties (research notes: "Ties go to the higher Initiative, then a re-roll")


REROLL = {"initiative_ties": "reroll"}


def test_initiative_ties_are_rolled_again_by_default() -> None:
    assert StarflightOptions().initiative_ties == "reroll"
    data = scenario_data(fighter("a", "red"), fighter("t", "blue"))
    assert parse_scenario(data).scenario.options.initiative_ties == "reroll"


def test_an_initiative_tie_goes_to_the_higher_initiative_value() -> None:
    fighters = [fighter("a", "red", initiative=4), fighter("t", "blue", initiative=5)]
    s = start(fighters, [6, 5], options=REROLL)
    assert fight_of(s).order == ["t", "a"]  # 10 each; t's Initiative 5 beats a's 4
    assert not [e for e in of_type(s, Rolled) if "tie" in e.purpose]


def test_a_full_initiative_tie_is_rolled_again_by_default() -> None:
    """Same score, same Initiative: the tied combatants roll the die again (1 against 7)."""
    s = start([fighter("a", "red"), fighter("t", "blue")], [5, 5, 1, 7], options=REROLL)
    assert fight_of(s).order == ["t", "a"]
    ties = [(e.purpose, e.value) for e in of_type(s, Rolled) if "tie" in e.purpose]
    assert ties == [("a initiative tie", 1), ("t initiative tie", 7)]


def test_a_tie_rolled_again_rolls_until_it_breaks() -> None:
    s = start([fighter("a", "red"), fighter("t", "blue")], [5, 5, 3, 3, 9, 2], options=REROLL)
    assert fight_of(s).order == ["a", "t"]
    assert len([e for e in of_type(s, Rolled) if "tie" in e.purpose]) == 4


def test_only_the_tied_combatants_roll_again() -> None:
    u = fighter("u", "blue", initiative=9)
    s = start([fighter("a", "red"), fighter("t", "blue"), u], [5, 5, 5, 4, 8], options=REROLL)
    assert fight_of(s).order == ["u", "t", "a"]
    assert [e.purpose for e in of_type(s, Rolled) if "tie" in e.purpose] == [
        "a initiative tie",
        "t initiative tie",
    ]


def test_initiative_ties_in_scenario_order_when_the_option_says_so() -> None:
    fighters = [fighter("a", "red"), fighter("t", "blue")]
    s = start(fighters, [5, 5], options={"initiative_ties": "scenario-order"})
    assert fight_of(s).order == ["a", "t"]
    assert not [e for e in of_type(s, Rolled) if "tie" in e.purpose]


# --- bleeding to death ('every ten rounds (every minute) during the regeneration phase')


def test_a_combatant_who_bleeds_to_death_dies_of_it_in_the_log_and_the_account() -> None:
    s = start([fighter("a", "red"), fighter("t", "blue", position=[20, 0])], [10, 1])
    fight_of(s).round = 10
    who(s, "t").wounds["chest"] = 3
    who(s, "t").hp = 2
    while fight_of(s).round == 10 and not fight_of(s).over:
        s.act(Standby(actor=fight_of(s).current))
    bled = of_type(s, Bled)
    assert [(b.who, b.amount, b.hp_after) for b in bled] == [("t", 3, -1)]
    death = of_type(s, ClinicalDeath)[0]
    assert death.who == "t" and "bled to death by 3 Wounds" in death.reason
    lines = [RULESET.describe(e, fight_of(s)) for e in s.log]
    assert "    t is CLINICALLY DEAD (no HP left: bled to death by 3 Wounds; HP -1)" in lines


def test_a_death_by_a_blow_names_no_bleeding() -> None:
    s = start([shooter(), target(hp=5)], [10, 1, 80, 5, 90, 90, 90])
    s.act(SHOT)
    assert "bled" not in of_type(s, ClinicalDeath)[0].reason


# --- the sensory sub-table (research notes: "7 | tactile or other")


def sensory_share(species_id: str, tactile: str) -> Fraction:
    """The exact share of hits that land on a sensory organ, from the table data: each try
    is a d10 on the main table and, on 'sensory', a d10 on the sub-table; a null (or, with
    ``sensory_tactile: reroll``, a tactile organ) rolls again from the start."""
    sp = SPECIES[species_id]
    senses = {p.id: p.sense for p in sp.parts}

    def usable(part: str | None) -> bool:
        return part is not None and not (tactile == "reroll" and senses.get(part) == "tactile")

    tenth = Fraction(1, 10)
    sensory = other = Fraction(0)
    for face in range(1, 11):
        part = sp.hit_locations[face]
        if part == "sensory":
            sub = [sp.sensory_locations.get(f) for f in range(1, 11)]
            sensory += tenth * tenth * sum(1 for p in sub if usable(p))
        elif part is not None:
            other += tenth
    return sensory / (sensory + other)


@pytest.mark.parametrize("species", ["human", "gnunk"])
def test_face_7_of_the_sensory_sub_table_is_the_tactile_organ(species: str) -> None:
    sp = SPECIES[species]
    part = sp.sensory_locations[7]
    assert part is not None and {p.id: p.sense for p in sp.parts}[part] == "tactile"
    assert sensory_share(species, "tactile") == Fraction(7, 97)  # 0.072
    assert sensory_share(species, "reroll") == Fraction(6, 96)  # 0.0625


@pytest.mark.parametrize(("tactile", "parts"), [("tactile", ["skin"]), ("reroll", ["chest"])])
def test_sensory_tactile_option(tactile: str, parts: list[str]) -> None:
    """Main d10 4 (sensory), sub-d10 7; with ``reroll`` the next d10 5 gives the chest."""
    s = start([shooter(), target()], [10, 1], options={"sensory_tactile": tactile})
    ctx = ctx_for(s, [4, 7, 5])
    assert roll_location(ctx, who(s, "t")) == parts[0]


def test_the_shares_of_sensory_hits_over_seeded_rolls_fit_the_exact_share() -> None:
    """20,000 seeded locations on a human; the tolerance is a 99.9% normal interval
    (3.29 standard errors) around the exact 7/97."""
    s = start([shooter(), target()], [10, 1])
    n, p = 20_000, 7 / 97
    ctx = Context(s.state, SeededRoller(19), s.options, [])
    t = who(s, "t")
    senses = {part.id: part.sense for part in SPECIES["human"].parts}
    hits = sum(1 for _ in range(n) if senses.get(roll_location(ctx, t)) is not None)
    assert abs(hits / n - p) <= 3.29 * (p * (1 - p) / n) ** 0.5


# --- open readings as options


@pytest.mark.parametrize(("on", "saves"), [(False, []), (True, [(75, False)])])
def test_swallow_massive_attack(on: bool, saves: list[tuple[int, bool]]) -> None:
    """Power 30 + Finesse 20 = 50 Lethal on being swallowed: a massive attack's DC 75
    Fortitude save (10 fails: clinically dead) with the option, none without it."""
    body = swallower(attributes={"power": 30, "finesse": 20})
    rolls = {"a Grapple check": [15, 12], "t Grapple check": [5, 2]}
    rolls |= {"t Fortitude save (wounded)": [99], "t Fortitude save (massive attack)": [10]}
    s, _ = grappling(a=body, t={"hp": 200}, rolls=rolls, options={"swallow_massive_attack": on})
    s.act(SwallowWhole(actor="a", target="t"))
    massive = [e for e in events(s, Checked) if e.what == "Fortitude save (massive attack)"]
    assert [(e.dc, e.success) for e in massive] == saves
    assert bool(events(s, ClinicalDeath)) is on


@pytest.mark.parametrize(
    ("reading", "checks", "nhp"),
    [
        ("check", ["Fortitude save (coma)", "Recuperation (unconscious)"], -24),
        ("none", ["Fortitude save (coma)"], -25),
    ],
)
def test_coma_failure_recovery(reading: str, checks: list[str], nhp: int) -> None:
    """The coma save fails (1; skill 2 lost); the hour's Recuperation Check (99, a pass that
    loses one Impact point) is made only under ``check``."""
    t = table(options={"coma_failure_recovery": reading})
    t.fight.over = True
    t["pat"].nhp, t["pat"].comatose = -25, True
    t.rolls(1, 2, 98)
    rest(t.ctx, Rest(actor=None, hours=1))
    assert [e.what for e in t.of(Checked)] == checks
    assert t["pat"].nhp == nhp


def test_a_passed_coma_save_leaves_the_recovery_check_under_none() -> None:
    t = table(options={"coma_failure_recovery": "none"})
    t.fight.over = True
    t["pat"].nhp, t["pat"].comatose = -25, True
    t.rolls(98, 98)
    rest(t.ctx, Rest(actor=None, hours=1))
    checks = [e.what for e in t.of(Checked)]
    assert checks == ["Fortitude save (coma)", "Recuperation (unconscious)"]


@pytest.mark.parametrize(("reading", "dc"), [("first-stunt", 20), ("check", 70)])
def test_failed_stunt_reflex_dc(reading: str, dc: int) -> None:
    """A sidestep with encumbrance 50: the check's DC is 20 + 50 = 70; 5 + 42 fails; the
    Reflex save against prone is at the sidestep's 20, or at the check's 70."""
    s = start(
        [agile(), target(position=[60, 0])],
        [*INIT, 5, 30],
        scale="melee",
        options={"failed_stunt_reflex_dc": reading},
    )
    who(s, "a").encumbrance = 50
    s.act(LEFT)
    saves = [(c.dc, c.success) for c in of_type(s, Checked) if c.what.startswith("Reflex")]
    assert saves == [(dc, dc < 30)]


@pytest.mark.parametrize(("reading", "hd", "lethal"), [("dodge", 95, 81), ("surprise", 55, 72)])
def test_sniping_surprise(reading: str, hd: int, lethal: int) -> None:
    """HD 50, FHD 30, Dodge 90 (ignored either way), at 500 m with a Class 3 laser rifle and
    Finesse 30: the base doubled - Attack Bonus 20 + beam falloff 20 - scope 5; the damage
    (24 + Finesse 3, or
    24 alone when the target counts as surprised) tripled."""
    rifle = [{"weapon": "laser rifle", "class": 3}]
    sniper = shooter(weapons=rifle, skills={"security": 200}, attributes={"finesse": 30})
    t = target(position=[500, 0], skills={"dodge": 90}, hp=500, fhd=30)
    s = start([sniper, t], [*INIT, 98, 5, 90, 90, 90], options={"sniping_surprise": reading})
    s.act(Snipe(actor="a", target="t", weapon=0))
    assert of_type(s, AttackRolled)[0].effective_hd == hd
    assert of_type(s, DamageTaken)[0].lethal == lethal


@pytest.mark.parametrize(("reading", "where"), [("knock-down", (20, 0)), ("push", (25, 0))])
def test_trample_push(reading: str, where: tuple[int, int]) -> None:
    """A won trample (80 against 20): the target stays where it stands, or is pushed one
    melee increment (5 m) on; prone either way."""
    rolls = {"a trample (Power) check": [80], "t trample (Power) check": [20]}
    rolls |= {"t Reflex save (trample)": [10]}
    s, _ = begin([beast(), t()], rolls, options={"trample_push": reading})
    s.act(Trample(actor="a", target="t"))
    assert (who(s, "t").x, who(s, "t").y) == where and who(s, "t").prone


@pytest.mark.parametrize(("reading", "moved"), [("stay", False), ("move", True)])
def test_grapple_escape_move(reading: str, moved: bool) -> None:
    """t escapes a's grapple (18 + 3 against 10 + 3): it stays at Range Zero, or moves its
    movement straight away from a."""
    rolls = {"a Grapple check": [15, 10], "t Grapple check": [5, 18]}
    s, _ = grappling(rolls=rolls, options={"grapple_escape_move": reading})
    s.act(Standby(actor="a"))
    s.act(GrappleCheck(actor="t", aim="escape"))
    assert who(s, "t").grappling == [] and who(s, "a").grappling == []
    assert bool([e for e in of_type(s, Moved) if e.who == "t"]) is moved
    assert (who(s, "t").x > CLOSE[0]) is moved


@pytest.mark.parametrize(("reading", "wrecked"), [("dropped", False), ("disabled", True)])
def test_object_hit_survives(reading: str, wrecked: bool) -> None:
    """A disarm 50+ over hits the knife; the GM's d% (99) is not under the total: the knife
    falls whole, or falls disabled; either way t no longer holds it."""
    rolls = {"a disarm: the knife on t": [95], "GM d% against the knife": [99]}
    fighters = [a(weapons=KNIFE), t(position=CLOSE, hd=30, weapons=KNIFE)]
    s, _ = begin(fighters, rolls, options={"object_hit_survives": reading})
    s.act(Disarm(actor="a", target="t", item=0, weapon=0))
    knife = who(s, "t").weapons[0]
    assert knife.wrecked is wrecked and not knife.drawn
    assert bool(events(s, ItemWrecked)) is wrecked


# --- what the chapter leaves to other chapters: fracas check notes, naming the field


def test_check_notes_one_shield_and_armour_against_carrying() -> None:
    result = CliRunner().invoke(main, ["check", str(EXAMPLES / "firefight.yaml")])
    assert result.exit_code == 0, result.output
    assert "note: combatants[1].shield: one shield per combatant" in result.output
    assert "note: combatants[0].armour: body armour 'may or may not reduce" in result.output


def test_check_notes_speed_based_stunts_cover_a_whole_increment() -> None:
    data = scenario_data(fighter("a", "red", speed=10), fighter("t", "blue", speed=10))
    data["options"] = {"movement": "speed"}
    notes = RULESET.notes(parse_scenario(data).scenario)
    assert [n for n in notes if n.startswith("options.movement: speed-based stunts")]
    plain = scenario_data(fighter("a", "red"), fighter("t", "blue"))
    assert not RULESET.notes(parse_scenario(plain).scenario)


@pytest.mark.parametrize(("reading", "weapon"), [("unarmed", "unarmed"), ("weapon", "knife")])
@pytest.mark.parametrize("maneuver", ["trip", "grab"])
def test_maneuver_attack_with(reading: str, weapon: str, maneuver: str) -> None:
    """'a' holds a drawn knife: the trip or grab roll is the unarmed Brawling roll, or the
    knife's melee attack."""
    rolls = {f"a {maneuver} on t": [60], **WON}
    options = {"maneuver_attack_with": reading}
    s, _ = begin([a(weapons=KNIFE), t(position=CLOSE, thd=40)], rolls, options=options)
    s.act(Trip(actor="a", target="t") if maneuver == "trip" else Grapple(actor="a", target="t"))
    roll = next(e for e in events(s, AttackRolled) if e.attacker == "a")
    assert weapon in roll.weapon.lower()


@pytest.mark.parametrize(
    ("reading", "discharged"), [("rest-of-round", True), ("later-turn", False)]
)
def test_opportunity_discharge(reading: str, discharged: bool) -> None:
    """'t' acts first (15 against 10), then 'a' comes within 10 m: 't' fires its laser in an
    Opportunity Attack (10: a miss). 't' has no later turn this round."""
    laser = [{"weapon": "hand laser", "class": 1}]
    s = start(
        [fighter("a", "red", initiative=9), target(position=[30, 0], weapons=laser)],
        [1, 10, 10],
        scale="melee",
        options={"opportunity_discharge": reading},
    )
    while fight_of(s).current == "t":
        s.act(Standby(actor="t"))
    s.act(Move(actor="a", toward="t"))
    assert of_type(s, Fired)[0].opportunity
    ready = who(s, "t").weapons[0].discharged_round != fight_of(s).round
    assert ready is not discharged


@pytest.mark.parametrize(
    ("reading", "refusal"),
    [
        ("melee-increment", None),
        ("scale-increment", "at least one full 25 m increment"),
        ("refused", "not in ranged combat"),
    ],
)
def test_charge_in_ranged_scale(reading: str, refusal: str | None) -> None:
    """Ranged-scale combat, 't' 20 m away: a 19 m run in."""
    rolls = {"a charge on t": [95], "t attack on a": [10]}
    options = {"charge_in_ranged_scale": reading, "charge_distance": "first-leg"}
    s, _ = begin([a(), t()], rolls, scale="ranged", options=options)
    if refusal is None:
        s.act(Charge(actor="a", target="t"))
        assert events(s, Charged)
    else:
        with pytest.raises(IllegalAction, match=refusal):
            s.act(Charge(actor="a", target="t"))


def test_no_bare_handed_charge_is_listed_when_every_arm_has_failed() -> None:
    """Found by the legal-actions test on tunnel-wyrm seed 0 once the dice moved: the list
    offered a bare-handed charge the resolution refuses."""
    s, _ = begin([a(), t()])
    who(s, "a").failed.extend(["left_arm", "right_arm"])
    assert not charge_choices(fight_of(s), who(s, "a"))
