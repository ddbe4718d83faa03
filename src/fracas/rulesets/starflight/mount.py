"""Mount/Dismount Steed/Vehicle (chapter 9.2): "A combatant can use a move action to either
mount or dismount a steed or ground vehicle. If a combatant mounts a steed, they gain the
movement benefits of that steed and any Cover the steed may grant (see Chapter 6.1 for rules
regarding Cover). When a combatant boards a vehicle, the combat becomes Mixed-scale Combat
(see Chapter 9.5)."

A steed is a combatant of the rider's side marked ``steed: true``; its rider moves with it
and, when the rider moves, moves on the steed's movement. Cover (chapter 6.1) and vehicles
(mixed-scale combat, chapter 9.5) are other chapters: a vehicle named in the scenario's
``vehicles`` is refused with that reason.
"""

from __future__ import annotations

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import Dismount, Mount, register
from fracas.rulesets.starflight.conditions import in_fight
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.range import MELEE_INCREMENT_M, distance_m
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext


@more_event
class Mounted(Event[Fight], frozen=True, kw_only=True):
    """The rider is on (``steed``) or off ('') a steed; it stands where the steed is."""

    who: str
    steed: str
    x: int
    y: int

    def apply(self, state: Fight) -> None:
        c = state.fighter(self.who)
        c.mounted_on, c.x, c.y = self.steed, self.x, self.y


def check_mount(fight: Fight, c: Fighter, steed_id: str) -> Fighter:
    """A steed of its side, in the fight, near enough, not ridden; no vehicles."""
    if steed_id in fight.vehicles:
        raise IllegalAction(
            f"the {steed_id} is a vehicle: boarding it makes this mixed-scale combat "
            "(chapter 9.5), which fracas does not cover"
        )
    if steed_id not in fight.combatants or steed_id == c.id:
        raise IllegalAction(f"{c.name} cannot mount {steed_id!r}")
    steed = fight.fighter(steed_id)
    if not steed.steed:
        raise IllegalAction(f"{steed.name} is not a steed")
    if steed.side != c.side:
        raise IllegalAction(f"{steed.name} is not of {c.name}'s side")
    if c.mounted_on:
        raise IllegalAction(f"{c.name} already rides {fight.fighter(c.mounted_on).name}")
    if c.prone or not in_fight(steed, fight.options):
        raise IllegalAction(f"{c.name} cannot mount now")
    if any(o.mounted_on == steed.id for o in fight.fighters()):
        raise IllegalAction(f"{steed.name} already has a rider")
    if distance_m(c, steed) > MELEE_INCREMENT_M:
        raise IllegalAction(f"{steed.name} is {distance_m(c, steed)} m away (5 m at most)")
    return steed


def resolve_mount(ctx: StarflightContext, c: Fighter, action: Mount) -> None:
    """Climb on."""
    fight = ctx.state
    steed = check_mount(fight, c, action.steed)
    ctx.emit(Mounted(who=c.id, steed=steed.id, x=steed.x, y=steed.y))


def resolve_dismount(ctx: StarflightContext, c: Fighter, action: Dismount) -> None:
    """Get down where the steed stands."""
    if not c.mounted_on:
        raise IllegalAction(f"{c.name} is not riding")
    ctx.emit(Mounted(who=c.id, steed="", x=c.x, y=c.y))


def mount_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Mount each steed it may."""
    out = []
    for o in fight.fighters():
        try:
            check_mount(fight, c, o.id)
        except IllegalAction:
            continue
        out.append(Choice(f"mount {o.name}", Mount(actor=c.id, steed=o.id), "move"))
    return out


def dismount_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """Dismount when riding."""
    return [Choice("dismount", Dismount(actor=c.id), "move")] if c.mounted_on else []


register(Mount, "move", choices=mount_choices)(resolve_mount)
register(Dismount, "move", choices=dismount_choices)(resolve_dismount)


@account.line(Mounted)
def _mounted(e: Mounted, f: Fight) -> str:
    c = f.fighter(e.who)
    if e.steed:
        return f"  {c.name} mounts {f.fighter(e.steed).name}"
    return f"  {c.name} dismounts"
