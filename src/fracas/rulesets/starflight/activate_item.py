"""Activate Item (chapter 9.2): "This counts as a Standard Action ... The item goes into effect
after a delay period appropriate to the item's effect (see Chapter 5.4)." What equipment does
and its delays are chapter 5.4's, which fracas does not have: the action is refused with that
reason (and so never offered). Raising a shield and drawing a weapon have their own actions."""

from __future__ import annotations

from fracas.engine import IllegalAction
from fracas.rulesets.starflight.actions import ActivateItem, register
from fracas.rulesets.starflight.state import Fighter, StarflightContext

NOT_COVERED = (
    "Activate Item: what a piece of equipment does, and its delay, are chapter 5.4's "
    "(Equipment), which fracas does not cover"
)


@register(ActivateItem, "standard")
def resolve_activate(ctx: StarflightContext, c: Fighter, action: ActivateItem) -> None:
    """Refused: another chapter's."""
    raise IllegalAction(f"{NOT_COVERED} ({c.name}: {action.item!r})")
