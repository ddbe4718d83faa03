"""A second 41-60 fumble while defenceless (table 5.2: "defenceless in next round") keeps the
fighter defenceless for the rest of this round too, in every fast path as in the event engine
(``events.Defenceless``; tests/rulesets/percentile/test_fumble_table.py has the scripted
rolls): the batch kernel's fumble and defence, the Python exchange model's fumble, defence and
``put_back``, the compiled exchange (its hand-built kits include this one:
test_exchange_kernel.py), and a kit's passage to the next round in the chain."""

from __future__ import annotations

from typing import Any

import numpy as np

from fracas.rulesets.percentile.fast import kernel as pk
from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.rules import SUCCESS
from fracas.rulesets.percentile.fast.spec import compile_duel
from fracas.rulesets.percentile.fast.tactics import S_NORMAL_ATTACK
from fracas.scenario import load_scenario
from fracas.sim.batch.rng import new_draws

from .exchange_oracle import (
    D_NONE,
    D_PARRY,
    DEFENCELESS_BOTH,
    DEFENCELESS_NEXT,
    DEFENCELESS_NONE,
    DEFENCELESS_NOW,
    ExchangeModel,
    Kit,
)
from .odds_reference import EXAMPLES


def python(func: Any) -> Any:
    """A kernel helper as plain Python (its body; the helpers it calls stay compiled)."""
    return getattr(func, "py_func", func)


def joanne() -> tuple[Any, ps.PercentileSpec]:
    loaded = load_scenario(EXAMPLES / "joanne-vs-ondkille.yaml")
    return loaded, compile_duel(loaded.scenario, loaded.ruleset, None)


def test_the_kernel_keeps_a_fighter_defenceless_who_fumbles_41_60_again() -> None:
    _, spec = joanne()
    st = np.zeros((2, pk.STATE_FIELDS), np.int64)
    for f in (0, 1):
        st[f, pk.S_HP] = spec.fi[f, ps.HP]
        st[f, pk.S_FAT] = spec.fi[f, ps.FAT]
        st[f, pk.S_STANCE] = S_NORMAL_ATTACK
        python(pk.update_able)(st, f)
    cond = np.zeros((2, ps.MAX_WEAPONS), np.int64)
    counts = np.zeros((1, 2, pk.COUNTERS), np.int32)
    draws = new_draws(5)
    every_roll_45 = np.full_like(spec.fumble_row, spec.fumble_row[45])

    def fumble(rnd: int) -> None:
        python(pk.roll_fumble)(
            st, cond, spec.natural, 0, rnd, spec.fi, spec.faces, spec.offset, spec.dmax,
            every_roll_45, spec.row_fx, spec.opts, counts, 0, draws,
        )  # fmt: skip

    def defends(rnd: int) -> bool:
        _, kind = python(pk.defend)(
            st, cond, 0, SUCCESS, rnd, True, spec.fi, spec.skill, spec.def_chance,
            spec.extra_chance, 0, spec.opts, draws,
        )  # fmt: skip
        assert kind in (D_NONE, D_PARRY)
        return bool(kind == D_PARRY)

    fumble(1)
    assert [python(pk.defenceless)(st, 0, r) for r in (1, 2, 3)] == [False, True, False]
    assert defends(1)
    fumble(2)  # defenceless in round 2, and fumbles 41-60 again in round 2
    assert [python(pk.defenceless)(st, 0, r) for r in (2, 3, 4)] == [True, True, False]
    assert not defends(2) and not defends(3) and defends(4)


def test_the_exchange_model_keeps_a_fighter_defenceless_who_fumbles_41_60_again() -> None:
    loaded, spec = joanne()
    model = ExchangeModel(spec, loaded.ruleset.profiles(loaded.scenario))
    n = int(spec.fi[0, ps.NWEAP])
    ready = Kit(0, (0,) * n, tuple(int(b) for b in spec.bv[0, :n]))
    now = ready.but(defenceless=DEFENCELESS_NOW)
    # the fumble table's outcomes for a fumbler defenceless now: the 41-60 rows make it
    # defenceless now and next round, none of them ends this round's
    table = model._fumble_table(0, (0, 1), now)
    codes = {k.defenceless for _, _, k in table}
    assert DEFENCELESS_BOTH in codes and DEFENCELESS_NEXT not in codes
    assert {k.defenceless for _, _, k in model._fumble_table(0, (0, 1), ready)} == {
        DEFENCELESS_NONE,
        DEFENCELESS_NEXT,
    }
    # the chain's bare attacker fumbles into "next round"; put back, "now" is kept
    fumbled = ready.but(defenceless=DEFENCELESS_NEXT)
    assert model.put_back(fumbled, now, 0, 0).defenceless == DEFENCELESS_BOTH
    assert model.put_back(ready, now, 0, 0).defenceless == DEFENCELESS_NOW
    assert model.put_back(fumbled, ready, 0, 0).defenceless == DEFENCELESS_NEXT
    # the bare defender keeps "now" only; put back, the next round is restored
    both = ready.but(defenceless=DEFENCELESS_BOTH)
    assert model.put_back(now, both, 1, 0).defenceless == DEFENCELESS_BOTH
    # no defence this round, whichever code says so
    for kit, defends in ((now, False), (both, False), (fumbled, True), (ready, True)):
        choices = model.defence(0, kit, S_NORMAL_ATTACK, 0, SUCCESS, True, False)
        assert any(kind != D_NONE for _, kind, _ in choices) == defends
    # next round: defenceless then (both -> now), and the round after that free
    assert both.next_round().defenceless == DEFENCELESS_NOW
    assert both.next_round().next_round().defenceless == DEFENCELESS_NONE
