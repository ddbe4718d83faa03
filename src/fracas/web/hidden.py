"""What a player may know of the combatants the GM hides: nothing.

A player's page is built from the player view alone: hidden combatants are left out of the
cards, the order and the feed (:mod:`fracas.web.views`), and here out of the choices and the
words around them. A choice that names a hidden combatant anywhere in its action (a target,
a readied attack's target, a trigger's subject) is not offered; the rest are numbered
densely in the order the ruleset lists them, so no gap hints at a hidden target, and a
player's posted number is read against that same list, so nothing outside it can be acted
on. Any text a player is shown that the rules wrote (the pending prompt, a die's purpose, a
refusal) has the hidden combatants' names replaced by :data:`UNSEEN`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import msgspec

from fracas.engine import Action, Choice, Encounter, Pending
from fracas.engine.ruleset import Ruleset

#: what a player reads where the rules name a hidden combatant
UNSEEN = "someone unseen"


def mentions(action: Any, state: Encounter[Any]) -> set[str]:
    """The combatants an action names anywhere in its fields (nested ones too: an attack's
    strikes, a readied action and its trigger)."""
    found: set[str] = set()
    stack: list[Any] = [msgspec.to_builtins(action)]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item in state.combatants:
            found.add(item)
    return found


def unseen_names(state: Encounter[Any], hidden: Iterable[str]) -> list[str]:
    """The names (and ids) of the hidden combatants, longest first (for :func:`scrub`)."""
    words = set()
    for cid in hidden:
        c = state.combatants.get(cid)
        if c is not None:
            words |= {c.name, cid}
    return sorted((w for w in words if w), key=len, reverse=True)


def scrub(text: str, names: list[str]) -> str:
    """``text`` with every name in ``names`` replaced by :data:`UNSEEN`, where it stands as
    a name: not inside a longer word (hidden "Bob" leaves a visible "Bobby" as it is, which
    would otherwise read "someone unseenby" and tell of a hidden Bob)."""
    if not names:
        return text
    pattern = "|".join(re.escape(name) for name in names)  # longest first: see unseen_names
    return re.sub(rf"(?<![\w-])(?:{pattern})(?![\w-])", UNSEEN, text)


def legal_choices(
    ruleset: Ruleset[Any, Any, Any], state: Encounter[Any], pending: Pending
) -> list[Choice] | None:
    """The ruleset's legal actions now, or ``None`` if it does not list them."""
    try:
        return ruleset.legal_actions(state, pending)
    except NotImplementedError:
        return None


def offered(
    ruleset: Ruleset[Any, Any, Any],
    state: Encounter[Any],
    pending: Pending,
    gm: bool,
    hidden: frozenset[str],
) -> list[Choice] | None:
    """The choices a visitor is offered, in order (a posted choice is an index into this
    list): the GM's are the ruleset's list; a player's leave out every choice that names a
    hidden combatant, and their labels are scrubbed."""
    listed = legal_choices(ruleset, state, pending)
    if listed is None or gm or not hidden:
        return listed
    names = unseen_names(state, hidden)
    return [
        Choice(scrub(c.label, names), c.action, c.kind)
        for c in listed
        if not (mentions(c.action, state) & hidden)
    ]


def players_tactics(
    ruleset: Ruleset[Any, Any, Any],
    state: Encounter[Any],
    pending: Pending,
    hidden: frozenset[str],
) -> Action | None:
    """What "let the tactics choose" does on a player's page: the tactics' own choice when
    it names no hidden combatant; else a choice from the player's own list, so neither the
    choice nor its outcome tells the player of a combatant hidden from them. The tactics
    wanted an action of some kind (an attack, say) against someone unseen: the first choice
    of that kind in the player's list (an attack on a foe the player sees); if there is
    none (every foe in reach is hidden), the turn passes as the rules let it pass (their
    "skip"), else the first choice in the player's list; ``None`` if the list is empty (or
    the ruleset lists no actions)."""
    action: Action = ruleset.choose(state, pending)
    if not (mentions(action, state) & hidden):
        return action
    listed = offered(ruleset, state, pending, False, hidden)
    if not listed:
        return None
    every = legal_choices(ruleset, state, pending) or []
    kind = next((c.kind for c in every if c.action == action), None)
    same = [c for c in listed if kind is not None and c.kind == kind]
    if same:
        return same[0].action
    skip = ruleset.turn_control(state, pending).skip
    if skip is not None and any(c.action == skip.action for c in listed):
        return skip.action
    return listed[0].action
