"""Run (chapter 9.2, 'Run'): "A combatant may choose to run as a full-round move action.
Combatants must be standing up in order to run. When a character runs, they may move up to
use up to four times their normal combat movement ... Every ten points of encumbrance
inflicted on a character decreases the possible movement by one movement point (two meters).
A character may run for a number of turns equal to half their Durability score (round down).
If a character runs for a longer period, they take 2d10 Non-Lethal Damage"."""

from __future__ import annotations

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import Run, register
from fracas.rulesets.starflight.conditions import can_move
from fracas.rulesets.starflight.damage import INTERNAL, apply_blow, consequences
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.maneuvers import wounded_walk
from fracas.rulesets.starflight.move_action import destination, go, gridless_move
from fracas.rulesets.starflight.movement import metres_for_points, points_left
from fracas.rulesets.starflight.stamina_check import propulsion_works
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

RUN_MULTIPLIER = 4
ENCUMBRANCE_PER_POINT = 10
METRES_PER_POINT_LOST = 2


@more_event
class Ran(Event[Fight], frozen=True, kw_only=True):
    """A turn spent running: ``streak`` turns in a row so far, ``limit`` without harm."""

    who: str
    streak: int
    limit: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.run_streak, c.ran_round = self.streak, state.round


def run_allowance_m(fight: Fight, c: Fighter) -> int:
    """Four times the movement, less a movement point per 10 encumbrance (or 2 m per 10
    encumbrance: option ``run_encumbrance``).

    Chapter 9.2, 'Run'.
    """
    lost = c.encumbrance // ENCUMBRANCE_PER_POINT
    points = RUN_MULTIPLIER * points_left(fight, c)
    if fight.options.run_encumbrance == "two-metres":
        return max(0, metres_for_points(fight, points) - METRES_PER_POINT_LOST * lost)
    return metres_for_points(fight, points - lost)


def run_limit(c: Fighter) -> int:
    """'half their Durability score (round down)' turns of running."""
    return c.durability // 2


def next_streak(fight: Fight, c: Fighter) -> int:
    """How many turns in a row ``c`` will have run if it runs this turn (chapter 9.2, 'Run')."""
    return c.run_streak + 1 if c.ran_round == fight.round - 1 else 1


def check_run(fight: Fight, c: Fighter, action: Run) -> tuple[int, int, int]:
    """Standing, able to move, and somewhere to go."""
    if c.prone:
        raise IllegalAction(f"{c.name} must be standing up to run")
    if not can_move(c, fight):
        raise IllegalAction(f"{c.name} cannot move")
    return destination(fight, c, action, run_allowance_m(fight, c))


def resolve_run(ctx: StarflightContext, c: Fighter, action: Run) -> None:
    """Run; past half Durability turns in a row, 2d10 non-lethal damage."""
    fight = ctx.state
    x, y, facing = check_run(fight, c, action)
    if not propulsion_works(ctx, c) or not wounded_walk(ctx, c):
        return
    streak = next_streak(fight, c)
    ctx.emit(Ran(who=c.id, streak=streak, limit=run_limit(c)))
    per_turn = fight.options.movement_points_per == "turn"
    if not fight.options.grid:
        gridless_move(ctx, c, action)
    else:
        go(ctx, c, action, x, y, facing, points=points_left(fight, c) if per_turn else 0)
    if streak > run_limit(c) and not c.withdrawn:
        overrun(ctx, c)


def overrun(ctx: StarflightContext, c: Fighter) -> None:
    """'If a character runs for a longer period, they take 2d10 Non-Lethal Damage' (to the
    body, through no gear)."""
    amount = ctx.roll("2d10", f"{c.name} running too long")
    body = next((p for p, k in c.part_kinds.items() if k == "body"), next(iter(c.part_kinds)))
    nhp, hp = c.nhp, c.hp
    apply_blow(ctx, c, body, 0, amount, INTERNAL)
    consequences(ctx, c, nhp, hp)


def run_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Run towards or away from each other combatant (withdrawing from hostiles)."""
    out: list[Choice] = []
    for o in fight.fighters():
        if o.id == c.id or o.withdrawn:
            continue
        runs = [(f"run towards {o.name}", Run(actor=c.id, toward=o.id))]
        if o.side != c.side:
            runs.append((f"run away from {o.name}", Run(actor=c.id, away_from=o.id, withdraw=True)))
        for label, run in runs:
            try:
                check_run(fight, c, run)
            except IllegalAction:
                continue
            out.append(Choice(label, run, "move"))
    return out


register(Run, "full", choices=run_choices)(resolve_run)


@account.line(Ran)
def _ran(e: Ran, f: Fight) -> str:
    streak = "1st turn" if e.streak == 1 else f"{e.streak} turns in a row"
    c = f.fighter(e.who)
    if e.streak > e.limit:
        return f"  {c.name} runs ({streak}; {e.limit} is all {account.they(c)} can run unhurt)"
    return f"  {c.name} runs ({streak} of the {e.limit} {account.they(c)} can run unhurt)"
