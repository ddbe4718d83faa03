"""The percentile ruleset: chapter 5 ("Combat") of an untitled SF RPG on the engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from fracas.dice import parse
from fracas.engine import Action, Choice, Event, IllegalAction, Note, Pending, Ruleset
from fracas.engine.events import RoundStarted
from fracas.engine.overrides import Override
from fracas.engine.ruleset import Demo, Hit, TurnControl, action_fields
from fracas.engine.view import Card
from fracas.rulesets.percentile import account, analysis, overrides, player_view, table_words
from fracas.rulesets.percentile.account import RESULT_TEXT
from fracas.rulesets.percentile.actions import Declare, Defend, PercentileAction
from fracas.rulesets.percentile.armour import (
    ARMOURS,
    armour_abs,
    armour_weight,
    builtin_weapon,
    can_move,
    carrying_str,
)
from fracas.rulesets.percentile.demo import worked_example
from fracas.rulesets.percentile.encumbrance import encumbrance_steps
from fracas.rulesets.percentile.events import EVENT_TYPES
from fracas.rulesets.percentile.hit_points import FIRST_AID, derived_hp
from fracas.rulesets.percentile.initiative import roll_initiative
from fracas.rulesets.percentile.legality import legal_choices
from fracas.rulesets.percentile.options import PercentileOptions
from fracas.rulesets.percentile.round import (
    answer,
    declare,
    fight_decided,
    resolve_round,
    undeclared,
)
from fracas.rulesets.percentile.scenario import CombatantSpec, PercentileScenario
from fracas.rulesets.percentile.state import (
    READY,
    Arm,
    Asking,
    Fighter,
    PercentileContext,
    PercentileEncounter,
    Profile,
    fighter,
    fighters,
)
from fracas.rulesets.percentile.tables import grams
from fracas.rulesets.percentile.tactics import TACTICS, defence_choice, dodge_beats_parries
from fracas.rulesets.percentile.weapons import BODY_PARTS, WEAPONS, optioned_damage, weapon_skill


def build_arm(spec: CombatantSpec, key: str, opts: PercentileOptions, builtin: bool = False) -> Arm:
    """A carried (or a battle-suit's built-in) weapon with the combatant's group and specific
    skill for it (Chapter 5, "Weapon skills")."""
    w = WEAPONS[key]
    group, specific = weapon_skill(spec.skills, w) or (0, 0)
    dice = parse(optioned_damage(key, w.damage, opts.body_parts_damage, opts.staff_damage))
    return Arm(
        key,
        w.name,
        w.klass,
        dice,
        dice.maximum,
        w.bv,
        w.rounds,
        w.rate,
        w.speed_reload,
        group,
        specific,
        group + specific,
        builtin,
        w.natural,
    )


def build_profile(spec: CombatantSpec, opts: PercentileOptions) -> Profile:
    """Everything about a combatant that the fight does not change, computed once."""
    armour = ARMOURS[spec.armour] if spec.armour else None
    arms = tuple(build_arm(spec, key, opts) for key in spec.weapons)
    suit_weapon = builtin_weapon(armour, spec.armour_powered)
    if suit_weapon is not None:
        arms += (build_arm(spec, suit_weapon, opts, builtin=True),)
    if BODY_PARTS not in spec.weapons:  # everyone has them (Chapter 5: "body parts")
        arms += (build_arm(spec, BODY_PARTS, opts),)
    arms = own_keys(arms)
    load = (
        armour_weight(armour, opts.armour_weight, spec.armour_powered, opts.battle_suit_weight)
        + sum(WEAPONS[k].weight_g for k in spec.weapons)
        + grams(str(spec.carried_kg))
    )
    derived = derived_hp(spec.STR, spec.CON)
    n = spec.name
    return Profile(
        STR=spec.STR,
        CON=spec.CON,
        AGL=spec.AGL,
        PER=spec.PER,
        hp_max=spec.hp if spec.hp is not None else derived,
        fatigue_max=spec.fatigue if spec.fatigue is not None else derived,
        armour=spec.armour,
        armour_name=armour.name if armour else "no armour",
        abs=armour_abs(armour, opts.impact_vest_abs),
        projectile_only=armour.projectile_only if armour else False,
        tech_armour=armour.powered if armour else False,
        mobile=can_move(armour, spec.armour_powered),
        arms=arms,
        dodge=spec.skills.get("dodge"),
        first_aid=spec.skills.get(FIRST_AID),
        encumbrance=encumbrance_steps(load, carrying_str(spec.STR, armour, spec.armour_powered)),
        load_g=load,
        script=tuple(spec.script) if spec.script else None,
        then=spec.then,
        pronoun=spec.pronoun,
        carried=tuple(i for i, arm in enumerate(arms) if not arm.natural),
        no_weapon_left=no_weapon_left(spec, opts),
        draw_takes_round=opts.draw_weapon == "takes-round",
        full_damage_doubles=opts.full_damage == "double",
        dodges_better=dodge_beats_parries(spec.skills.get("dodge"), arms),
        p_attack=f"{n} attack",
        p_parry=f"{n} parry",
        p_dodge=f"{n} dodge",
        p_damage=f"{n} damage",
        p_fumble=f"{n} fumble",
        p_reload=f"{n} speed-reload",
        p_first_aid=f"{n} first aid",
        p_initiative=f"{n} initiative",
    )


def own_keys(arms: tuple[Arm, ...]) -> tuple[Arm, ...]:
    """Each weapon of a combatant with its own key and name, since a declaration names the
    weapon to take in hand by its key: the first of a kind keeps the table's, a second one
    carried is "glock 17 (2)" ("Glock 17 (2)"), a battle-suit's built-in rifle beside a
    carried one "plasma rifle (built-in)" (Chapter 5, "Powered armour")."""
    seen: dict[str, int] = {}
    out: list[Arm] = []
    for arm in arms:
        n = seen[arm.key] = seen.get(arm.key, 0) + 1
        if n > 1:
            tag = "built-in" if arm.builtin else str(n)
            arm = replace(arm, key=f"{arm.key} ({tag})", name=f"{arm.name} ({tag})")
        out.append(arm)
    return tuple(out)


def no_weapon_left(spec: CombatantSpec, opts: PercentileOptions) -> str:
    """What the tactics do with no weapon to draw or pick up (option ``no_weapon_left``). A
    combatant whose scenario lists body parts among its weapons chose them (Chapter 5:
    "close-combat weapons (swords, knives, staves, body parts and similar)"): it is never
    left without a weapon and fights with them (``unarmed``), however poorly."""
    return "unarmed" if BODY_PARTS in spec.weapons else opts.no_weapon_left


overrides.register_builder(build_profile)


def defence_prompt(state: PercentileEncounter, asking: Asking) -> Pending:
    """The decision an attack waits for: whether its defender tries an extra defence."""
    d = fighter(state, asking.defender)
    a = fighter(state, asking.attacker)
    return Pending(
        d.id,
        f"{d.name}: {a.name}'s attack is a {RESULT_TEXT[asking.result]}; no free defence "
        f"left: try an extra {asking.kind} at {asking.chance}% ({asking.mods}) or take it?",
    )


def immobile_reason(c: Fighter) -> str:
    """Why a combatant does nothing all fight (Chapter 5, "Powered armour": "None of the
    battle-suits is really 'mobile' without a power source")."""
    return (
        f"cannot move: the {c.p.armour_name} has no power, and no battle-suit is mobile "
        "without it (out of the fight)"
    )


@lru_cache(maxsize=1024)
def stance_prompt(name: str, round_number: int) -> Pending:
    """The decision a round waits for: ``name``'s stance (cached: fights repeat them)."""
    return Pending(name, f"{name}: stance for round {round_number}")


class Start(NamedTuple):
    """A combatant as every fight of a scenario begins: the scenario's name, side and
    tactics, its profile, and each arm's break value and loaded rounds."""

    name: str
    side: str
    tactics: str
    p: Profile
    bv: tuple[int, ...]
    ammo: tuple[int, ...]


class PercentileRuleset(Ruleset[PercentileEncounter, PercentileAction, PercentileOptions]):
    """Chapter 5: d100 skill checks, stances, table 5.1, the fumble table, armour, fatigue."""

    name: ClassVar[str] = "percentile"
    scenario_model: ClassVar[type[PercentileScenario]] = PercentileScenario
    fast_paths: ClassVar[str | None] = "fracas.rulesets.percentile.fast"

    def __init__(self) -> None:
        self._profiles: dict[int, tuple[PercentileScenario, tuple[Profile, ...]]] = {}
        self._starts: dict[int, tuple[PercentileScenario, tuple[Start, ...]]] = {}

    def profiles(self, scenario: PercentileScenario) -> tuple[Profile, ...]:
        """The combatants' profiles, cached per scenario object (fights repeat scenarios)."""
        hit = self._profiles.get(id(scenario))
        if hit is not None and hit[0] is scenario:
            return hit[1]
        made = tuple(build_profile(s, scenario.options) for s in scenario.combatants)
        if len(self._profiles) > 64:
            self._profiles.clear()
        self._profiles[id(scenario)] = (scenario, made)
        return made

    def starts(self, scenario: PercentileScenario) -> tuple[Start, ...]:
        """What each combatant starts a fight with, cached per scenario object like the
        profiles (every fight, and every undo, builds the state again)."""
        hit = self._starts.get(id(scenario))
        if hit is not None and hit[0] is scenario:
            return hit[1]
        made = tuple(
            Start(
                spec.name,
                spec.side,
                spec.tactics,
                p,
                tuple(a.bv for a in p.arms),
                tuple(a.rounds for a in p.arms),
            )
            for spec, p in zip(scenario.combatants, self.profiles(scenario), strict=True)
        )
        if len(self._starts) > 64:
            self._starts.clear()
        self._starts[id(scenario)] = (scenario, made)
        return made

    def build(self, scenario: PercentileScenario) -> PercentileEncounter:
        state = PercentileEncounter(ruleset=self.name)
        combatants = state.combatants
        for s in self.starts(scenario):
            p = s.p
            fighter = Fighter(
                s.name,
                s.name,
                s.side,
                s.tactics,
                p=p,
                hp=p.hp_max,
                fatigue=p.fatigue_max,
                condition=[READY] * len(s.bv),
                bv=list(s.bv),
                ammo=list(s.ammo),
            )
            fighter.update_able()
            combatants[s.name] = fighter
        state.order = list(combatants)
        return state

    def options_of(self, scenario: Any) -> PercentileOptions:
        opts: PercentileOptions = scenario.options
        return opts

    def start(self, ctx: PercentileContext) -> None:
        roll_initiative(ctx, ctx.options.initiative_ties)
        for c in fighters(ctx.state):
            if not c.p.mobile:
                ctx.emit(Note(text=f"{c.name} {immobile_reason(c)}"))
        ctx.emit(RoundStarted(round=1))
        fight_decided(ctx)

    def pending(self, state: PercentileEncounter) -> Pending | None:
        if state.over:
            return None
        asking = state.asking
        if asking is not None:
            return defence_prompt(state, asking)
        n = undeclared(state)
        return None if n is None else stance_prompt(n, state.round)

    def choose(self, state: PercentileEncounter, pending: Pending) -> PercentileAction:
        if pending.actor is None:
            raise IllegalAction("the percentile ruleset has no round upkeep decisions")
        c = state.combatants[pending.actor]
        if state.asking is not None:
            return defence_choice(state, c, state.asking)
        return TACTICS[c.tactics](state, c)

    def legal_actions(self, state: PercentileEncounter, pending: Pending) -> list[Choice]:
        return legal_choices(state, pending)

    def resolve(self, ctx: PercentileContext, action: Action) -> None:
        state = ctx.state
        if state.over:
            raise IllegalAction("the fight is over")
        if isinstance(action, Declare):
            c = state.combatants.get(action.actor or "")
            if not isinstance(c, Fighter):
                raise IllegalAction(f"no combatant called {action.actor!r}")
            declare(ctx, c, action)
            if undeclared(state) is None:
                resolve_round(ctx, ctx.options)
        elif isinstance(action, Defend):
            c = state.combatants.get(action.actor or "")
            if not isinstance(c, Fighter):
                raise IllegalAction(f"no combatant called {action.actor!r}")
            answer(ctx, c, action, ctx.options)
        else:
            raise IllegalAction(f"not a percentile action: {type(action).__name__}")

    # -- the web tracker: cards (player_view.py) and GM overrides (overrides.py) -------------
    def card(self, state: PercentileEncounter, combatant_id: str) -> Card:
        return player_view.card(state, combatant_id)

    def turn_order(self, state: PercentileEncounter) -> list[str]:
        return player_view.turn_order(state)

    def table_words(
        self, event: Event[Any], state: PercentileEncounter
    ) -> tuple[str, tuple[str, ...]] | None:
        return table_words.table_words(event, state)

    def gm_conditions(self) -> Sequence[str]:
        return overrides.GM_CONDITIONS

    def turn_control(self, state: PercentileEncounter, pending: Pending) -> TurnControl:
        """Chapter 5, "The round": "roll for initiative (PER+AGL+D20), highest score goes
        first"; no delaying or passing a turn is given."""
        return TurnControl(rule="initiative (PER+AGL+D20) decides the order")

    def initiatives(self, state: PercentileEncounter, log: Sequence[Event[Any]]) -> dict[str, int]:
        return {cid: c.initiative for cid, c in state.combatants.items()} if state.order else {}

    def override_types(self) -> Sequence[type[Override]]:
        return overrides.OVERRIDE_TYPES

    def override(self, ctx: PercentileContext, action: Override) -> None:
        if not overrides.override(ctx, action):
            super().override(ctx, action)

    def event_types(self) -> Sequence[type[Event[Any]]]:
        return (*EVENT_TYPES, *overrides.EVENT_TYPES)

    def action_types(self) -> Sequence[type[PercentileAction]]:
        return (Declare, Defend)

    def describe(self, event: Event[Any], state: PercentileEncounter) -> str | None:
        return account.describe(event, state)

    def outcome(self, state: PercentileEncounter, combatant_id: str) -> str:
        return analysis.outcome(state, combatant_id)

    def choice_kind(self, action: Any) -> str | None:
        return analysis.choice_kind(action_fields(action))

    def notable(self, log: Sequence[Event[Any]], state: PercentileEncounter) -> Iterable[str]:
        return analysis.notable(log, state)

    def damage(self, log: Sequence[Event[Any]], state: PercentileEncounter) -> Iterable[Hit]:
        return analysis.damage(log, state)

    def analyse(
        self, log: Sequence[Event[Any]], state: PercentileEncounter
    ) -> tuple[list[str], list[Hit]]:
        return analysis.analyse(log, state)

    def summary(self, state: PercentileEncounter) -> list[str]:
        return account.summary(state)

    def demo(self) -> Demo:
        return worked_example()
