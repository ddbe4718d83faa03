"""Account lines of the combat actions' events (Charge ... Reload/Recharge): registered with
``account.line`` like every other event's."""

from __future__ import annotations

from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.account import line, their
from fracas.rulesets.starflight.state import Fight


def _n(fight: Fight, cid: str) -> str:
    return fight.fighter(cid).name


def _terms(terms: tuple[tuple[str, int], ...]) -> str:
    return "".join(f" {'-' if n < 0 else '+'} {label} {abs(n)}" for label, n in terms)


@line(ev.Maneuver)
def _maneuver(e: ev.Maneuver, f: Fight) -> str:
    return f"  {_n(f, e.who)} {e.text}"


@line(ev.Refused)
def _refused(e: ev.Refused, f: Fight) -> str:
    return f"    {_n(f, e.who)}: {e.text}"


@line(ev.Opposed)
def _opposed(e: ev.Opposed, f: Fight) -> str:
    a = f"{_n(f, e.a)} {e.a_natural:02d}{_terms(e.a_terms)} = {e.a_total}"
    b = f"{_n(f, e.b)} {e.b_natural:02d}{_terms(e.b_terms)} = {e.b_total}"
    if not e.a_terms and e.a_modifier:
        a = f"{_n(f, e.a)} {e.a_natural:02d} {e.a_modifier:+d} = {e.a_total}"
    if not e.b_terms and e.b_modifier:
        b = f"{_n(f, e.b)} {e.b_natural:02d} {e.b_modifier:+d} = {e.b_total}"
    return f"    {e.what}: {a} against {b}: {_n(f, e.winner)} wins"


@line(ev.Charged)
def _charged(e: ev.Charged, f: Fight) -> str:
    c = f.fighter(e.who)
    return (
        f"    {c.name} is charging: +10 to attack this round, -10 HD through {their(c)} next turn"
    )


@line(ev.Displaced)
def _displaced(e: ev.Displaced, f: Fight) -> str:
    return f"    {_n(f, e.who)} {e.reason} {e.metres} m to ({e.x}, {e.y})"


@line(ev.ItemDropped)
def _item_dropped(e: ev.ItemDropped, f: Fight) -> str:
    w = f.fighter(e.who).weapons[e.weapon]
    return f"    {_n(f, e.who)} lets go of the {w.name} ({e.reason}); it lies at ({e.x}, {e.y})"


@line(ev.ItemPickedUp)
def _picked(e: ev.ItemPickedUp, f: Fight) -> str:
    w = f.fighter(e.owner).weapons[e.weapon]
    whose = "the " if e.owner == e.who else f"{_n(f, e.owner)}'s "
    return f"  {_n(f, e.who)} picks up {whose}{w.name}"


@line(ev.ItemWrecked)
def _wrecked(e: ev.ItemWrecked, f: Fight) -> str:
    w = f.fighter(e.who).weapons[e.weapon]
    what = "DETONATES" if e.detonated else "is wrecked"
    return f"    {_n(f, e.who)}'s {w.name} {what} and falls"


@line(ev.ShieldLost)
def _shield_lost(e: ev.ShieldLost, f: Fight) -> str:
    what = "is wrecked" if e.wrecked else "is knocked away and shuts down"
    return f"    {_n(f, e.who)}'s shield generator {what}"


@line(ev.ShieldRecharged)
def _recharged(e: ev.ShieldRecharged, f: Fight) -> str:
    return (
        f"  {_n(f, e.who)} recharges the shield: {e.hp_after} HP "
        f"({e.batteries_after} spare batteries left)"
    )


@line(ev.ObjectDestroyed)
def _destroyed(e: ev.ObjectDestroyed, f: Fight) -> str:
    return f"    the {f.obstacles[e.obstacle].name} is destroyed (the noise carries)"


@line(ev.GrappleStarted)
def _grapple(e: ev.GrappleStarted, f: Fight) -> str:
    return f"    {_n(f, e.who)} and {_n(f, e.target)} are grappling"


@line(ev.GrappleEnded)
def _grapple_end(e: ev.GrappleEnded, f: Fight) -> str | None:
    if not e.others:
        return None
    names = ", ".join(_n(f, o) for o in e.others)
    return f"    {_n(f, e.who)} is out of the grapple with {names} ({e.reason})"


@line(ev.Pinned)
def _pinned(e: ev.Pinned, f: Fight) -> str:
    return f"    {_n(f, e.who)} pins {_n(f, e.target)} (until {_n(f, e.who)}'s next turn)"


@line(ev.PinBroken)
def _pin_broken(e: ev.PinBroken, f: Fight) -> str:
    return f"    {_n(f, e.by)} breaks {_n(f, e.pinner)}'s pin"


@line(ev.Constricted)
def _constricted(e: ev.Constricted, f: Fight) -> str:
    return f"  {_n(f, e.who)} constricts {_n(f, e.target)}"


@line(ev.Swallowed)
def _swallowed(e: ev.Swallowed, f: Fight) -> str:
    return f"    {_n(f, e.who)} SWALLOWS {_n(f, e.target)} WHOLE"


@line(ev.CutAt)
def _cut(e: ev.CutAt, f: Fight) -> str:
    return f"    {_n(f, e.who)} tears at it from within: {e.amount} ({e.total} in all)"


@line(ev.Escaped)
def _escaped(e: ev.Escaped, f: Fight) -> str:
    return f"    {_n(f, e.who)} bursts out, at ({e.x}, {e.y})"


@line(ev.FullAttacked)
def _full(e: ev.FullAttacked, f: Fight) -> str:
    return f"  {_n(f, e.who)} makes a Full Attack (every wielded weapon)"


@line(ev.Inspired)
def _inspired(e: ev.Inspired, f: Fight) -> str:
    return (
        f"    {_n(f, e.by)} inspires {_n(f, e.who)}: +{e.bonus} to rolls and no Shaken "
        f"through round {e.until}"
    )
