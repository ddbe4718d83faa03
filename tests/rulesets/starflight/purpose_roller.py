"""A roller for rule tests that names rolls by purpose: ``{"a charge on t": [95]}`` gives the
first roll whose purpose contains 'a charge on t' the value 95 (the last value repeats);
every other roll takes a default (d% 90, other dice their middle). Each value is checked to
be one the dice can show."""

from __future__ import annotations

from fracas.dice import Expr, parse


class PurposeRoller:
    """Rolls chosen by purpose; ``log`` keeps (purpose, value) of every roll."""

    def __init__(self, rolls: dict[str, list[int]], d100: int = 90) -> None:
        self.rolls = {k: list(v) for k, v in rolls.items()}
        self.d100 = d100
        self.log: list[tuple[str, int]] = []

    def roll(self, expr: str | Expr, purpose: str) -> int:
        e = parse(expr) if isinstance(expr, str) else expr
        value = None
        for key, values in self.rolls.items():
            if key in purpose and values:
                value = values.pop(0) if len(values) > 1 else values[0]
                break
        if value is None:
            value = self.d100 if e.maximum == 100 else (e.minimum + e.maximum) // 2
        assert e.minimum <= value <= e.maximum, f"{purpose}: {value} not on {e.text}"
        self.log.append((purpose, value))
        return value
