"""Aid (chapter 9.2, 'Aid'), its Leadership half.

"A combatant may make attempt to aid another combatant. This counts as a special action. Aid
typically comes in the form of a Leadership Check or an Intensive Care Check. Both require the
combatant to be within at least 50 meters ... A Leadership Check opposed by the target's
Willpower Save can be used to rally a Shaken character. If successful, the target is no longer
Shaken ... If helping at least three characters at once, the Leadership Check automatically
requires a Very Difficult DC. Leadership Checks can also be used to inspire non-Shaken
characters in the same way. If successful, the target will not become Shaken if otherwise
indicated to do so for a number of rounds equal to the degree of success divided by ten.
Further, during that time, that specialist may add the same amount (degree of success divided
by ten) to all die rolls they make. A character may only try to inspire one other character at
a time." The Intensive Care half is the healing rules' (issue 13).

Aid "counts as a special action": the option ``medical_aid_cost`` (the same sentence for
both halves of Aid) makes it a standard action or a full round. A Leadership Check is
d% + Leadership + the Charm modifier - the Check penalties.
"""

from __future__ import annotations

from fracas.engine import Choice, IllegalAction
from fracas.rulesets.starflight.actions import Aid, register
from fracas.rulesets.starflight.checks import check, roll_natural, skill_modifier
from fracas.rulesets.starflight.conditions import in_fight, inspired_save_bonus, save_penalty
from fracas.rulesets.starflight.events import ConditionEnded, Inspired, Maneuver, Opposed
from fracas.rulesets.starflight.medical_aid import aid_cost
from fracas.rulesets.starflight.range import distance_m
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

AID_RANGE_M = 50
GROUP = 3


def aid_problem(fight: Fight, c: Fighter, action: Aid) -> str | None:
    """Why this Aid cannot be given, or None."""
    if not action.targets:
        return "aid needs at least one ally"
    if len(set(action.targets)) != len(action.targets):
        return "an ally is named twice"
    if action.kind == "inspire" and len(action.targets) != 1:
        return "'A character may only try to inspire one other character at a time'"
    for tid in action.targets:
        if tid not in fight.combatants or tid == c.id:
            return f"{c.name} cannot aid {tid!r}"
        t = fight.fighter(tid)
        if t.side != c.side or not in_fight(t, fight.options) or t.swallowed_by is not None:
            return f"{t.name} is not an ally in the fight"
        if distance_m(c, t) > AID_RANGE_M:
            return f"{t.name} is {distance_m(c, t)} m away: aid reaches 50 m"
        if action.kind == "rally" and not t.shaken:
            return f"{t.name} is not Shaken: nothing to rally"
        if action.kind == "inspire" and t.shaken:
            return f"{t.name} is Shaken: rally them instead"
    return None


def leadership_against(ctx: StarflightContext, c: Fighter, t: Fighter) -> int:
    """The Leadership Check opposed by the target's Willpower Save: the winning margin
    (ties go to the target; zero or less is a failure)."""
    fight = ctx.state
    mine = skill_modifier(fight, c, "leadership", "charm")
    theirs = t.saves["willpower"] - save_penalty(t, fight.options)
    theirs += inspired_save_bonus(t, fight.round)
    a = roll_natural(ctx, f"{c.name} Leadership check")
    b = roll_natural(ctx, f"{t.name} Willpower save (against Leadership)")
    won = a + mine > b + theirs
    ctx.emit(
        Opposed(
            what="Leadership against Willpower",
            a=c.id,
            b=t.id,
            a_natural=a,
            a_modifier=mine,
            a_total=a + mine,
            b_natural=b,
            b_modifier=theirs,
            b_total=b + theirs,
            winner=c.id if won else t.id,
        )
    )
    return a + mine - b - theirs


def aid_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Rally every Shaken ally in reach at once, or each alone; inspire each other ally."""
    out = []
    allies = [o for o in fight.fighters() if o.side == c.side and o.id != c.id]
    shaken = [o.id for o in allies if o.shaken]
    groups = [[s] for s in shaken] + ([shaken] if len(shaken) > 1 else [])
    for group in groups:
        action = Aid(actor=c.id, kind="rally", targets=group)
        if aid_problem(fight, c, action) is None:
            names = ", ".join(fight.fighter(g).name for g in group)
            out.append(Choice(f"rally {names} (Leadership)", action, "aid"))
    for o in allies:
        action = Aid(actor=c.id, kind="inspire", targets=[o.id])
        if aid_problem(fight, c, action) is None:
            out.append(Choice(f"inspire {o.name} (Leadership)", action, "aid"))
    return out


@register(Aid, "standard", choices=aid_choices, cost_of=aid_cost)
def resolve_aid(ctx: StarflightContext, c: Fighter, action: Aid) -> None:
    """Rally (each target opposes, or a Very Difficult DC for three or more) or inspire."""
    fight = ctx.state
    problem = aid_problem(fight, c, action)
    if problem is not None:
        raise IllegalAction(problem)
    targets = [fight.fighter(t) for t in action.targets]
    names = ", ".join(t.name for t in targets)
    verb = "rallies" if action.kind == "rally" else "inspires"
    ctx.emit(Maneuver(who=c.id, kind="aid", text=f"{verb} {names} (Leadership)"))
    if action.kind == "rally" and len(targets) >= GROUP:
        dc = fight.options.rally_group_dc
        mod = skill_modifier(fight, c, "leadership", "charm")
        what = "Leadership check (rally, Very Difficult)"
        if check(ctx, c, what, mod, dc, potential=False).success:
            for t in targets:
                ctx.emit(ConditionEnded(who=t.id, condition="shaken"))
        return
    for t in targets:
        margin = leadership_against(ctx, c, t)
        if margin <= 0:
            continue
        if action.kind == "rally":
            ctx.emit(ConditionEnded(who=t.id, condition="shaken"))
        elif margin // 10 > 0:
            n = margin // 10
            ctx.emit(Inspired(who=t.id, by=c.id, until=fight.round + n, bonus=n))
