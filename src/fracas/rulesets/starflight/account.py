"""The readable account: one line per event worth telling, built from the event alone (and
the state after it, for names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fracas.engine import Event, Rolled
from fracas.rulesets.starflight import events as ev
from fracas.rulesets.starflight.conditions import condition_names, striking_part
from fracas.rulesets.starflight.criticals import CRITICAL_DAMAGE, PROJECTILE_CRITICAL_STEP
from fracas.rulesets.starflight.idle import idle_reason
from fracas.rulesets.starflight.state import Fight, Fighter
from fracas.rulesets.starflight.strength import composite_strength_index, strength_index

Line = Callable[[Any, Fight], str | None]
LINES: dict[type[Event[Any]], Line] = {}


def line(cls: type[Event[Any]]) -> Callable[[Line], Line]:
    """Register the renderer of an event type."""

    def decorate(fn: Line) -> Line:
        LINES[cls] = fn
        return fn

    return decorate


UNARMED_LABEL = "unarmed"


def _n(fight: Fight, cid: str) -> str:
    return fight.fighter(cid).name


def _part(fight: Fight, cid: str, part: str) -> str:
    return fight.fighter(cid).part_names.get(part, part)


POSSESSIVE = {"male": "his", "female": "her"}
REFLEXIVE = {"male": "himself", "female": "herself"}


SUBJECT = {"male": "he", "female": "she"}


def they(c: Fighter) -> str:
    """'he', 'she' or 'it', as the combatant's sex says."""
    return SUBJECT.get(c.sex or "", "it")


def their(c: Fighter) -> str:
    """'his', 'her' or 'its', as the combatant's sex says."""
    return POSSESSIVE.get(c.sex or "", "its")


def _weapon(e: ev.AttackRolled, f: Fight) -> str:
    """The weapon as the account names it: an unarmed strike names the motor appendage it is
    made with ('with his right arm', 'with its jaws (grab)')."""
    if not e.weapon.startswith(UNARMED_LABEL):
        return e.weapon
    c = f.fighter(e.attacker)
    part = striking_part(c, None)
    if not part:
        return e.weapon
    return f"{their(c)} {c.part_names.get(part, part)}{e.weapon[len(UNARMED_LABEL) :]}"


def describe(event: Event[Any], fight: Fight) -> str | None:
    """The account line of an event, or None."""
    fn = LINES.get(type(event))
    return None if fn is None else fn(event, fight)


@line(ev.OrderRolled)
def _order(e: ev.OrderRolled, f: Fight) -> str:
    return "Order of battle: " + ", ".join(f"{_n(f, c)} {e.scores[c]}" for c in e.order)


@line(ev.SurpriseRound)
def _surprise(e: ev.SurpriseRound, f: Fight) -> str | None:
    if not e.active:
        return None
    return "Surprise round! Caught unawares: " + ", ".join(_n(f, c) for c in e.surprised)


@line(ev.TurnStarted)
def _turn(e: ev.TurnStarted, f: Fight) -> str:
    return f"{_n(f, e.actor)}'s turn:"


@line(ev.Checked)
def _checked(e: ev.Checked, f: Fight) -> str:
    crit = f", critical {e.critical}" if e.critical else ""
    verdict = "success" if e.success else "failure"
    return (
        f"  {_n(f, e.who)} {e.what}: {e.natural:02d} {e.modifier:+d} = {e.total} "
        f"vs DC {e.dc}: {verdict}{crit}"
    )


@line(ev.AttackRolled)
def _attack(e: ev.AttackRolled, f: Fight) -> str:
    notes = f" ({', '.join(e.notes)})" if e.notes else ""
    terms = "".join(f" {'-' if n < 0 else '+'} {label} {abs(n)}" for label, n in e.roll_terms)
    verdict = "hit" if e.hits else "miss"
    verdict = f"{e.hits} of {e.shots} shots hit" if e.shots > 1 else verdict
    crit = {"success": " CRITICAL HIT", "failure": " CRITICAL MISS"}.get(e.critical or "", "")
    what = "makes an opportunity attack on" if e.opportunity else "attacks"
    return (
        f"  {_n(f, e.attacker)} {what} {_n(f, e.target)} with {_weapon(e, f)}: d% {e.natural:02d}"
        f"{terms} = {e.total} vs effective HD {e.effective_hd}{notes}: "
        f"{verdict}{crit}"
    )


@line(Rolled)
def _critical(e: Rolled, f: Fight) -> str | None:
    """A projectile critical's d10 (chapter 9.2, 'Using Weapons': "roll 1d10 ... and
    multiply the result by 10. Add the result to the weapon's damage"), told between the
    attack and the damage it adds to; every other roll is told by the line of its result."""
    if not e.purpose.endswith(CRITICAL_DAMAGE):
        return None
    step, die = PROJECTILE_CRITICAL_STEP, e.value
    added = f"{step} x (d10 = {die}) = +{step * die}"
    return f"    critical (projectile): the weapon's damage + {added}"


@line(ev.Located)
def _located(e: ev.Located, f: Fight) -> str:
    rolls = ", ".join(str(r) for r in e.rolls)
    return f"    location (d10 {rolls}): {_part(f, e.target, e.part)}"


@line(ev.ObstacleHit)
def _obstacle(e: ev.ObstacleHit, f: Fight) -> str:
    return f"    the {f.obstacles[e.obstacle].name} stops {e.absorbed} ({e.hp_after} HP left)"


@line(ev.DamageTaken)
def _damage(e: ev.DamageTaken, f: Fight) -> str:
    gear = []
    if e.converted:
        gear.append(f"{e.converted} lethal turned non-lethal by gear")
    if e.shield_absorbed:
        gear.append(f"shield absorbs {e.shield_absorbed}")
    if e.armour_absorbed:
        gear.append(f"armour absorbs {e.armour_absorbed}")
    if e.nonlethal_reduced:
        gear.append(f"gear stops {e.nonlethal_reduced} non-lethal")
    extra = f" ({'; '.join(gear)})" if gear else ""
    return (
        f"    {_n(f, e.target)} takes {e.lethal} lethal + {e.nonlethal} non-lethal to the "
        f"{_part(f, e.target, e.part)}{extra}: NHP {e.nhp_after}, HP {e.hp_after}, SI {e.si_after}"
    )


@line(ev.WoundsInflicted)
def _wounds(e: ev.WoundsInflicted, f: Fight) -> str:
    s = "" if e.count == 1 else "s"
    return (
        f"    {_n(f, e.target)}: {e.count} Wound{s} to the {_part(f, e.target, e.part)} "
        f"({e.cause}; {e.on_part} there, {e.total} in all)"
    )


@line(ev.WoundHealed)
def _healed(e: ev.WoundHealed, f: Fight) -> str:
    return f"    {_n(f, e.target)} shrugs off a Wound to the {_part(f, e.target, e.part)}"


@line(ev.PartFailed)
def _failed(e: ev.PartFailed, f: Fight) -> str:
    part = _part(f, e.target, e.part)
    plural = part.endswith("s") and not part.endswith(("ss", "us", "is"))  # jaws, not pelvis
    verb = "fail" if plural else "fails"
    return f"    {_n(f, e.target)}'s {part} {verb} ({e.reason})"


@line(ev.PartMaimed)
def _maimed(e: ev.PartMaimed, f: Fight) -> str:
    return (
        f"    {_n(f, e.target)}'s {_part(f, e.target, e.part)} is maimed "
        f"(Amputee {e.amputee_after})"
    )


@line(ev.WeaponDropped)
def _dropped(e: ev.WeaponDropped, f: Fight) -> str:
    return f"    {_n(f, e.who)} drops the {f.fighter(e.who).weapons[e.weapon].name}"


@line(ev.ConditionGained)
def _gained(e: ev.ConditionGained, f: Fight) -> str:
    if e.voluntary:
        return f"  {_n(f, e.who)} drops {e.condition}"
    until = f" until round {e.until}" if e.until else ""
    reason = "1 round" if e.reason == "1 rounds" else e.reason  # as logs have always said it
    why = f" ({reason})" if reason else ""
    return f"    {_n(f, e.who)} is {e.condition.capitalize()}{until}{why}"


@line(ev.ConditionEnded)
def _ended(e: ev.ConditionEnded, f: Fight) -> str:
    if e.voluntary and e.condition == "prone":
        return f"  {_n(f, e.who)} stands up"
    return f"    {_n(f, e.who)} is no longer {e.condition}"


@line(ev.KnockedOut)
def _ko(e: ev.KnockedOut, f: Fight) -> str:
    return f"    {_n(f, e.who)} falls Unconscious ({e.reason}; NHP {e.nhp_after})"


@line(ev.ClinicalDeath)
def _dead(e: ev.ClinicalDeath, f: Fight) -> str:
    return f"    {_n(f, e.who)} is CLINICALLY DEAD ({e.reason}; HP {e.hp_after})"


@line(ev.BrainDeath)
def _brain(e: ev.BrainDeath, f: Fight) -> str:
    what = "MUTILATED" if e.mutilated else "BRAIN DEAD"
    return f"    {_n(f, e.who)} is {what} ({e.reason})"


@line(ev.Bled)
def _bled(e: ev.Bled, f: Fight) -> str:
    return f"  {_n(f, e.who)}'s Wounds cost {e.amount} HP: HP {e.hp_after}"


@line(ev.ComaHour)
def _coma(e: ev.ComaHour, f: Fight) -> str:
    """The hour's NHP and HP, and after a failed save the points lost ('Non-Lethal Damage':
    a Physique skill, Physique and Intellect lose what the HP lost)."""
    line = f"  {_n(f, e.who)}, comatose hour {e.hours}: NHP {e.nhp_after}, HP {e.hp_after}"
    if e.skill is None:
        return line
    skill = e.skill.replace("_", " ")
    return (
        f"{line}; points lost from {skill} (now {e.skill_after}), Physique (now "
        f"{e.physique_after}) and Intellect (now {e.intellect_after})"
    )


@line(ev.Moved)
def _moved(e: ev.Moved, f: Fight) -> str:
    if e.step:  # 'a character moving less than [6 m] is taking a step, which is a free action'
        return f"  {_n(f, e.who)} steps {e.metres} m to ({e.x}, {e.y}) (a free step)"
    return f"  {_n(f, e.who)} moves {e.metres} m to ({e.x}, {e.y})"


@line(ev.Faced)
def _faced(e: ev.Faced, f: Fight) -> str:
    return f"  {_n(f, e.who)} turns to face {e.facing} degrees"


@line(ev.WeaponDrawn)
def _drawn(e: ev.WeaponDrawn, f: Fight) -> str:
    w = f.fighter(e.who).weapons[e.weapon]
    return f"  {_n(f, e.who)} draws the {w.name} ({_part(f, e.who, e.hand)})"


@line(ev.WeaponSheathed)
def _sheathed(e: ev.WeaponSheathed, f: Fight) -> str:
    return f"  {_n(f, e.who)} puts away the {f.fighter(e.who).weapons[e.weapon].name}"


@line(ev.Reloading)
def _reload(e: ev.Reloading, f: Fight) -> str:
    w = f.fighter(e.who).weapons[e.weapon]
    done = "reloaded" if e.progress >= e.needed else f"reloading ({e.progress}/{e.needed})"
    return f"  {_n(f, e.who)}: {w.name} {done}, {e.loaded_after} loaded"


@line(ev.StoodBy)
def _standby(e: ev.StoodBy, f: Fight) -> str | None:
    """One line for a stand-by, however many action phases in a row it lasts (the second
    phase of 'the G'Nunk stands by' is not news)."""
    c = f.fighter(e.who)
    if c.standby_again:
        return None
    reason = e.reason or idle_reason(f, c)  # the tactic's, else the state's
    return f"  {c.name} stands by" + (f" ({reason})" if reason else "")


@line(ev.Withdrew)
def _withdrew(e: ev.Withdrew, f: Fight) -> str:
    return f"  {_n(f, e.who)} withdraws from the fight ({e.metres} m from the nearest foe)"


@line(ev.BlueOnBlue)
def _blue(e: ev.BlueOnBlue, f: Fight) -> str:
    if e.attacker == e.victim:
        self_ = REFLEXIVE.get(f.fighter(e.attacker).sex or "", "itself")
        return f"    Blue on blue: {_n(f, e.attacker)} hits {self_}!"
    return f"    Blue on blue: {_n(f, e.attacker)} hits {_n(f, e.victim)}!"


@line(ev.GearCheck)
def _note(e: ev.GearCheck, f: Fight) -> str:
    return f"    {_n(f, e.target)}: {e.text}"


def lost_parts(c: Fighter) -> list[str]:
    """The parts the fighter has lost the use of ('Lethal Damage and Wounds': a failed part
    "cannot use it at all"), maimed ones said so: 'left leg failed', 'right arm maimed'."""
    return [
        f"{c.part_names.get(p, p)} {'maimed' if p in c.maimed else 'failed'}"
        for p in dict.fromkeys([*c.failed, *c.maimed])
    ]


def fighter_summary(fight: Fight, c: Fighter) -> str:
    """One closing line: hit points, SI, Wounds, conditions and the parts it has lost the use
    of; "fighting fit" only when there is none of them."""
    wounds = ", ".join(f"{c.part_names.get(p, p)} {n}" for p, n in c.wounds.items() if n)
    conds = ", ".join([*condition_names(c, fight), *lost_parts(c)]) or "fighting fit"
    si = strength_index(c, fight.options.si_formula)
    where = f" ({wounds})" if wounds else ""
    return (
        f"{c.name} ({c.side}): NHP {c.nhp}/{c.nhp_max}, HP {c.hp}/{c.hp_max}, "
        f"SI {si}, Wounds {c.total_wounds()}{where}; {conds}"
    )


def summary(fight: Fight) -> list[str]:
    """Closing lines: each combatant, then each side's CSI."""
    lines = [fighter_summary(fight, c) for c in fight.fighters()]
    sides = dict.fromkeys(c.side for c in fight.fighters())
    lines.append("CSI: " + ", ".join(f"{s} {composite_strength_index(fight, s)}" for s in sides))
    return lines


# -- medicine and rest ---------------------------------------------------------------------------


def _clock(minutes: int) -> str:
    """Time since the fight as one says it: ``30 min``, ``1 h``, ``1 h 30 min``,
    ``1 day``, ``1 day 8 h``, ``2 days 30 min``."""
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{days} day{'s' if days > 1 else ''}"] if days else []
    parts += [f"{hours} h"] if hours else []
    parts += [f"{mins} min"] if mins or not parts else []
    return " ".join(parts)


@line(ev.NonlethalChanged)
def _nonlethal_changed(e: ev.NonlethalChanged, f: Fight) -> str:
    if e.change > 0:
        return f"    {_n(f, e.who)} heals {e.change} NHP ({e.cause}): NHP {e.nhp_after}"
    return f"    {_n(f, e.who)} takes {-e.change} Impact Damage ({e.cause}): NHP {e.nhp_after}"


@line(ev.LethalChanged)
def _lethal_changed(e: ev.LethalChanged, f: Fight) -> str:
    if e.change > 0:
        return f"    {_n(f, e.who)} heals {e.change} HP ({e.cause}): HP {e.hp_after}"
    return f"    {_n(f, e.who)} loses {-e.change} HP ({e.cause}): HP {e.hp_after}"


@line(ev.WoundsHealed)
def _wounds_healed(e: ev.WoundsHealed, f: Fight) -> str:
    s = "" if e.healed == 1 else "s"
    scar = f"; a scar: Comeliness {e.comeliness_after}" if e.scar else ""
    works = (
        f"; the {', '.join(_part(f, e.who, p) for p in e.working)} work(s) again"
        if e.working
        else ""
    )
    return (
        f"    {_n(f, e.who)}: {e.healed} Wound{s} healed ({e.cause}), {e.total_after} left"
        f"{scar}{works}"
    )


@line(ev.DoseGiven)
def _dose(e: ev.DoseGiven, f: Fight) -> str:
    early = (
        f", premature dose {e.premature_doses} (-{10 * e.premature_doses} NHP)"
        if e.premature_doses
        else ""
    )
    return f"  {_n(f, e.medic)} gives {_n(f, e.who)} revival medicine ({e.left} left{early})"


@line(ev.Stimulated)
def _stimulated(e: ev.Stimulated, f: Fight) -> str:
    drains = f", {e.boost} of them draining one a round" if e.boost else ", to stay"
    return f"    {_n(f, e.who)} comes round: NHP {e.nhp_after}{drains}"


@line(ev.StimulantWore)
def _wore(e: ev.StimulantWore, f: Fight) -> str | None:
    if e.boost_after:
        return None
    return f"  {_n(f, e.who)}'s revival medicine has worn off: NHP {e.nhp_after}"


@line(ev.Afflicted)
def _afflicted(e: ev.Afflicted, f: Fight) -> str:
    return f"    {_n(f, e.who)}: {e.affliction} ({e.reason}; resolved by chapter 12.4.2)"


@line(ev.Resuscitated)
def _resuscitated(e: ev.Resuscitated, f: Fight) -> str:
    by = f" by {_n(f, e.medic)}" if e.medic else ""
    return f"    {_n(f, e.who)} is brought back from clinical death{by}: HP {e.hp_after}"


@line(ev.StasisEntered)
def _stasis_in(e: ev.StasisEntered, f: Fight) -> str:
    how = "for an hour" if e.until is not None else "until revived"
    left = e.deadline - f.clock()
    return (
        f"    {_n(f, e.who)} is placed in stasis ({e.method}, {how}); brain death in "
        f"{_clock(left // 10)}"
    )


@line(ev.StasisEnded)
def _stasis_out(e: ev.StasisEnded, f: Fight) -> str:
    return f"    {_n(f, e.who)} comes out of stasis ({e.reason})"


@line(ev.PartRestored)
def _restored(e: ev.PartRestored, f: Fight) -> str:
    what = "is regrown" if e.how == "regrown" else "is fitted with a prosthetic"
    return f"    {_n(f, e.who)}'s {_part(f, e.who, e.part)} {what} (Amputee {e.amputee_after})"


@line(ev.SurgeryHour)
def _surgery(e: ev.SurgeryHour, f: Fight) -> str:
    return f"    {_n(f, e.who)}: hour {e.hours} of emergency surgery done"


@line(ev.Crashed)
def _crashed(e: ev.Crashed, f: Fight) -> str:
    return f"    {_n(f, e.who)} CRASHES: HP 0, clinically dead"


@line(ev.PulledThrough)
def _pulled(e: ev.PulledThrough, f: Fight) -> str:
    return (
        f"    {_n(f, e.who)} is pulled through the crash: HP {e.hp_after}, {e.skill} "
        f"-{e.loss} ({e.skill_after}), Intellect {e.intellect_after}"
    )


@line(ev.Awoke)
def _awoke(e: ev.Awoke, f: Fight) -> str:
    return f"    {_n(f, e.who)} wakes up"


@line(ev.RestStarted)
def _rest(e: ev.RestStarted, f: Fight) -> str:
    side = f.fighter(e.medic).side if e.medic else ""  # 'in a group with a medic': her side
    medic = f", {_n(f, e.medic)} caring for the others of side {side}" if e.medic else ", no medic"
    where = {"none": "", "parked": " in a parked vehicle", "moving": " in a moving vehicle"}
    return f"Rest: {e.hours} h{medic}{where.get(e.vehicle, '')}."


@line(ev.RestTime)
def _rest_time(e: ev.RestTime, f: Fight) -> str:
    return f"[{_clock(e.minutes)} after the fight]"
