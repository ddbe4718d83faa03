"""Use Skill/Ability and Cease Concentration (chapter 9.2).

'Use Skill/Ability': "Characters can also choose to use natural abilities or make skill checks
as a Standard Action during a combat round." A Concentration check starts (or resumes)
concentrating on a task. 'Cease Concentration': "they may choose to cease concentration as a
free action ... any tasks the combatant was doing that required concentration automatically
fail." 'Dazed' ('Miscellaneous Terms'): Dazed characters "add a DC of 10 to all Dexterous
Maneuvers Checks". The controlling attribute of each skill is data (``data/skills.yaml``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import CeaseConcentration, UseSkill, register
from fracas.rulesets.starflight.characters import attribute_modifier
from fracas.rulesets.starflight.checks import check
from fracas.rulesets.starflight.conditions import check_penalty, is_dazed
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext
from fracas.rulesets.starflight.tables import load_yaml

DAZED_DEXTEROUS_DC = 10
MAX_DC = 1000
CONCENTRATION = "concentration"


class SkillRow(BaseModel):
    """A skill's controlling attribute (None: none adds)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    attribute: str | None


SKILLS: dict[str, SkillRow] = {
    name: SkillRow.model_validate(row) for name, row in load_yaml("skills.yaml").items()
}


@more_event
class Concentrating(Event[Fight], frozen=True, kw_only=True):
    """A successful Concentration check: the combatant concentrates on ``task``."""

    who: str
    task: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).concentrating = self.task


@more_event
class ConcentrationCeased(Event[Fight], frozen=True, kw_only=True):
    """Concentration stops; the task that needed it fails."""

    who: str
    task: str

    def apply(self, state: Fight) -> None:
        state.fighter(self.who).concentrating = ""


def skill_dc(fight: Fight, c: Fighter, skill: str, dc: int) -> int:
    """The DC after conditions: +10 to Dexterous Maneuvers while Dazed.

    Chapter 9.2, 'Miscellaneous Terms and Definitions' ('Dazed').
    """
    if skill == "dexterous_maneuvers" and is_dazed(c, fight.round):
        return dc + DAZED_DEXTEROUS_DC
    return dc


def skill_modifier(fight: Fight, c: Fighter, skill: str) -> int:
    """Score + the controlling attribute's modifier (option) - the check penalties."""
    attribute = SKILLS[skill].attribute
    bonus = 0
    if attribute is not None and fight.options.check_attribute_modifier:
        bonus = attribute_modifier(c.attributes[attribute])
    return c.skills[skill] + bonus - check_penalty(c, fight.round)


def resolve_use_skill(ctx: StarflightContext, c: Fighter, action: UseSkill) -> None:
    """Roll the check; a successful Concentration check starts concentrating on the task."""
    fight = ctx.state
    if action.skill not in SKILLS or action.skill not in c.skills:
        known = ", ".join(sorted(SKILLS))
        raise IllegalAction(f"skill: unknown skill {action.skill!r} (known: {known})")
    if not 0 <= action.dc <= MAX_DC:
        raise IllegalAction(f"dc: must be 0 to {MAX_DC}")
    if action.skill == CONCENTRATION and not action.task.strip():
        raise IllegalAction("task: say what the combatant concentrates on")
    dc = skill_dc(fight, c, action.skill, action.dc)
    label = action.skill.replace("_", " ").title()
    what = f"{label} check" + (f" ({action.task})" if action.task else "")
    out = check(ctx, c, what, skill_modifier(fight, c, action.skill), dc)
    if action.skill == CONCENTRATION and out.success:
        if c.concentrating:
            ctx.emit(ConcentrationCeased(who=c.id, task=c.concentrating))
        ctx.emit(Concentrating(who=c.id, task=action.task))


def resolve_cease(ctx: StarflightContext, c: Fighter, action: CeaseConcentration) -> None:
    """'The combatant simply stops concentrating on the task at hand.'"""
    if not c.concentrating:
        raise IllegalAction(f"{c.name} is not concentrating")
    ctx.emit(ConcentrationCeased(who=c.id, task=c.concentrating))


def use_skill_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """A check of each skill at a representative Moderate DC (a front end asks for the DC),
    and Concentration on a named task."""
    moderate = 95
    out = [
        Choice(
            f"use {skill.replace('_', ' ')} (DC {moderate})",
            UseSkill(
                actor=c.id, skill=skill, dc=moderate, task="focus" if skill == CONCENTRATION else ""
            ),
            "skill",
        )
        for skill in SKILLS
        if skill in c.skills
    ]
    return out


def cease_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Cease concentrating, when concentrating."""
    if not c.concentrating:
        return []
    return [
        Choice(f"cease concentrating on {c.concentrating}", CeaseConcentration(actor=c.id), "skill")
    ]


register(UseSkill, "standard", choices=use_skill_choices)(resolve_use_skill)
register(CeaseConcentration, "free", choices=cease_choices)(resolve_cease)


@account.line(Concentrating)
def _concentrating(e: Concentrating, f: Fight) -> str:
    return f"  {f.fighter(e.who).name} concentrates on {e.task}"


@account.line(ConcentrationCeased)
def _ceased(e: ConcentrationCeased, f: Fight) -> str:
    return f"  {f.fighter(e.who).name} stops concentrating: {e.task} fails"
