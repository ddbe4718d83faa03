"""Speak (chapter 9.2, 'Speak'): "A combatant may choose to speak to another combatant as a
free action" - no mechanical effect, but logged. An order to a Shaken ally ('Miscellaneous
Terms', 'Shaken': "A Shaken character will not follow any orders given to them by any other
character and any attempt to make them wastes the other character's action") is refused by
the listener and costs the speaker an action phase."""

from __future__ import annotations

from fracas.engine import Choice, Event, IllegalAction
from fracas.rulesets.starflight import account
from fracas.rulesets.starflight.actions import Cost, Speak, register
from fracas.rulesets.starflight.events import more_event
from fracas.rulesets.starflight.state import Fight, Fighter, StarflightContext

MAX_WORDS = 500


@more_event
class Spoke(Event[Fight], frozen=True, kw_only=True):
    """Words said; ``refused``: an order a Shaken listener would not follow."""

    who: str
    to: str
    words: str
    order: bool = False
    refused: bool = False


def listener(fight: Fight, c: Fighter, action: Speak) -> Fighter | None:
    """The one spoken to, or None for everyone; IllegalAction for nobody there."""
    if not action.to:
        if action.order:
            raise IllegalAction("an order needs someone to give it to")
        return None
    if action.to not in fight.combatants or action.to == c.id:
        raise IllegalAction(f"{c.name} cannot speak to {action.to!r}")
    return fight.fighter(action.to)


def speak_cost(fight: Fight, c: Fighter, action: Speak) -> Cost:
    """Free; an order given to a Shaken combatant wastes the speaker's action."""
    to = listener(fight, c, action)
    return "standard" if action.order and to is not None and to.shaken else "free"


def resolve_speak(ctx: StarflightContext, c: Fighter, action: Speak) -> None:
    """Log the words (and a Shaken listener's refusal of an order)."""
    fight = ctx.state
    if not action.words.strip() or len(action.words) > MAX_WORDS:
        raise IllegalAction(f"words: say something (at most {MAX_WORDS} characters)")
    to = listener(fight, c, action)
    refused = action.order and to is not None and to.shaken
    ctx.emit(Spoke(who=c.id, to=action.to, words=action.words, order=action.order, refused=refused))


def speak_choices(fight: Fight, c: Fighter) -> list[Choice]:
    """One representative line to everyone (a front end asks for the words)."""
    return [Choice("speak", Speak(actor=c.id, words="..."), "speech")]


register(Speak, "free", choices=speak_choices, cost_of=speak_cost)(resolve_speak)


@account.line(Spoke)
def _spoke(e: Spoke, f: Fight) -> str:
    to = f" to {f.fighter(e.to).name}" if e.to else ""
    what = "orders" if e.order else "says"
    line = f'  {f.fighter(e.who).name} {what}{to}: "{e.words}"'
    if e.refused:
        line += f" ({f.fighter(e.to).name} is Shaken and will not follow it: the action is wasted)"
    return line
