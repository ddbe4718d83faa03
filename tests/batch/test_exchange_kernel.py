"""The compiled exchange (``exchange_kernel``, through ``ExchangeRunner.branch_arrays``) gives
the branches of the Python model (the test oracle ``exchange_oracle.ExchangeModel`` with
``compiled = False``: its ``exchange_arrays`` and ``put_back``): for every class the chain
meets on the reference scenarios, and for hand-built kits the scenarios do not reach (weapons
dropped, lost or broken, armour loosened to nothing, defenceless, tech armour glitching)."""

from __future__ import annotations

import copy
import itertools
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from fracas.rulesets.percentile.fast import chain as chain_module
from fracas.rulesets.percentile.fast import exchange_kernel as xk
from fracas.rulesets.percentile.fast import spec as ps
from fracas.rulesets.percentile.fast.chain import DuelChain, load_kernels
from fracas.rulesets.percentile.fast.exchange_runner import ExchangeRunner
from fracas.rulesets.percentile.fast.kit import (
    DEFENCELESS_BOTH,
    DEFENCELESS_NEXT,
    DEFENCELESS_NOW,
    Kit,
)
from fracas.rulesets.percentile.fast.spec import compile_duel
from fracas.rulesets.percentile.fast.tactics import (
    ATTACK_CODES,
    C_BROKEN,
    C_DROPPED,
    C_LOST,
    N_STANCES,
)
from fracas.scenario import load_scenario, parse_scenario
from fracas.sim.batch import jit
from fracas.sim.odds import odds, scope

from .exchange_oracle import ExchangeModel
from .odds_reference import EXAMPLES, scenarios

Call = tuple[Any, ...]


def in_scope() -> dict[str, Any]:
    """The reference scenarios and every example the chain takes."""
    found = dict(scenarios())
    for path in sorted(Path(EXAMPLES).glob("*.yaml")):
        loaded = load_scenario(path)
        if scope(loaded.ruleset, loaded.scenario) is None:
            found.setdefault(path.stem, loaded)
    return found


def by_outcome(made: Any) -> dict[tuple[Kit, Kit, int, int], float]:
    """A ``branch_arrays`` result as total probability per (destination, d0, d1)."""
    dests, q, d0, d1, dest = made
    out: dict[tuple[Kit, Kit, int, int], float] = defaultdict(float)
    for p, a, b, i in zip(q.tolist(), d0.tolist(), d1.tolist(), dest.tolist(), strict=True):
        out[(*dests[i], a, b)] += p
    return dict(out)


def assert_same_branches(compiled: Any, reference: Any) -> None:
    assert sorted(map(repr, compiled[0][1:])) == sorted(map(repr, reference[0][1:]))
    assert compiled[0][0] == reference[0][0]  # index 0: the class itself, unchanged
    a, b = by_outcome(compiled), by_outcome(reference)
    assert a.keys() == b.keys()
    assert max(abs(a[k] - b[k]) for k in a) <= 1e-15


def recorded_calls(loaded: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Call]]:
    """Every ``branch_arrays`` call that worked something out while ``odds`` ran."""
    calls: list[tuple[Any, Call]] = []
    real = DuelChain.branch_arrays

    def spy(self: DuelChain, *call: Any) -> Any:
        if call not in self._arrays:
            calls.append((self, call))
        return real(self, *call)

    with monkeypatch.context() as m:
        m.setattr(DuelChain, "branch_arrays", spy)
        odds(loaded.ruleset, loaded.scenario)
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(in_scope()))
def test_the_compiled_exchange_gives_the_python_models_branches_on_every_class_of_odds(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = in_scope()[name]
    calls = recorded_calls(loaded, monkeypatch)
    assert calls
    spec = calls[0][0].spec
    profiles = loaded.ruleset.profiles(loaded.scenario)
    python = ExchangeModel(spec, profiles)
    python.compiled = False
    reference = DuelChain(spec, python)
    for chain, call in calls:
        assert_same_branches(chain.model.branch_arrays(*call), reference.branch_arrays(*call))


def test_the_compiled_exchange_gives_the_reference_figures_to_the_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loaded = scenarios()["joanne-vs-ondkille"]
    fast = odds(loaded.ruleset, loaded.scenario)
    monkeypatch.setattr(ExchangeModel, "compiled", False)
    monkeypatch.setattr(chain_module, "ExchangeRunner", ExchangeModel)
    slow = odds(loaded.ruleset, loaded.scenario)
    assert (fast.win, fast.draw, fast.length, fast.error) == (
        slow.win,
        slow.draw,
        slow.length,
        slow.error,
    )


def test_arrays_too_small_are_grown_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = scenarios()["all-out-with-parry-damage"]
    roomy = odds(loaded.ruleset, loaded.scenario)
    grown: set[int] = set()
    real = ExchangeRunner._grow

    def spy(self: ExchangeRunner, status: int) -> None:
        grown.add(status)
        real(self, status)

    monkeypatch.setattr(ExchangeRunner, "sizes", (1,) * len(ExchangeRunner.sizes))
    monkeypatch.setattr(ExchangeRunner, "_grow", spy)
    tight = odds(loaded.ruleset, loaded.scenario)
    assert (tight.win, tight.length, tight.error) == (roomy.win, roomy.length, roomy.error)
    assert {
        xk.OVERFLOW_KITS,
        xk.OVERFLOW_BRANCHES,
        xk.OVERFLOW_FUMBLES,
        xk.OVERFLOW_CELLS,
    } <= grown


def test_loading_the_kernels_compiles_the_exchange_for_the_types_of_real_calls() -> None:
    if jit.DISABLED:
        pytest.skip("FRACAS_NO_JIT: nothing is compiled")
    load_kernels()
    assert len(xk.exchange_branches.signatures) == 1  # type: ignore[attr-defined]
    loaded = scenarios()["joanne-vs-ondkille"]
    odds(loaded.ruleset, loaded.scenario)
    assert len(xk.exchange_branches.signatures) == 1  # type: ignore[attr-defined]


# -- hand-built kits ---------------------------------------------------------------------------
def armed_duel(options: dict[str, Any]) -> Any:
    """Joanne (tech armour, epée and dagger) against Ondkille (boiled leather, dagger and body
    parts, and a dodge skill) under ``options``."""
    path = Path(EXAMPLES) / "joanne-vs-ondkille.yaml"
    data = copy.deepcopy(yaml.safe_load(path.read_text()))
    data["options"] = options
    joanne, ondkille = data["combatants"]
    joanne["armour"] = "light power armour"
    joanne["weapons"] = ["epee", "dagger"]
    joanne["skills"]["dagger"] = 35
    ondkille["weapons"] = ["dagger", "body parts"]
    ondkille["skills"]["dodge"] = 45
    ondkille["skills"]["body parts"] = 40
    for c in (joanne, ondkille):
        c["tactics"] = "normal-attack"
        c.pop("script", None)
        c.pop("then", None)
    return parse_scenario(data, "hand-built kits")


OPTIONS = [
    {},
    {
        "dropped_weapon": "lost",
        "full_damage": "double",
        "weapon_damage_on_parry": "rolled",
        "counter_effects": "always",
        "fumble_zone": "check-target",
        "fall_damage_armour": True,
        "fumble_parry": "free",
        "parry_against": "every-attack",
        "recover_weapon": "no-defence",
    },
]


def kits(spec: Any, who: int) -> Iterator[Kit]:
    """Kits of combatant ``who`` the reference scenarios seldom or never reach."""
    n = int(spec.fi[who, ps.NWEAP])
    bvs = tuple(int(b) for b in spec.bv[who, :n])
    ready = Kit(0, (0,) * n, bvs)
    yield ready
    yield ready.but(bvs=(1, *bvs[1:]))  # a parry breaks it or takes 1 off
    yield ready.but(abs_loss=int(spec.fi[who, ps.ABS]))  # armour loosened to nothing
    yield ready.but(glitch=1)
    yield ready.but(defenceless=DEFENCELESS_NOW)  # a fumble's "defenceless in next round"
    yield ready.but(defenceless=DEFENCELESS_NEXT)
    yield ready.but(defenceless=DEFENCELESS_BOTH)  # defenceless now and fumbled 41-60 again
    yield ready.but(wield=1)
    for cond in (C_DROPPED, C_LOST, C_BROKEN):  # the first weapon gone: the second drawn,
        yield ready.but(conds=(cond, *(0,) * (n - 1)), wield=1)  # or still wielded
        yield ready.but(conds=(cond, *(0,) * (n - 1)))


class Exercised:
    """Which effects the Python model carried out (its coverage of the rules)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.codes: set[str] = set()
        for name, label in (("_fumble_effect", "fumble"), ("_effect", "cell")):
            real = getattr(ExchangeModel, name)

            def spy(model: Any, branches: Any, effect: int, *rest: Any, _r=real, _l=label) -> Any:
                self.codes.add(f"{_l} {effect}")
                return _r(model, branches, effect, *rest)

            monkeypatch.setattr(ExchangeModel, name, spy)
        real_parry = ExchangeModel._parry_damage

        def parried(model: Any, *args: Any) -> Any:
            self.codes.add("parry damage")
            return real_parry(model, *args)

        monkeypatch.setattr(ExchangeModel, "_parry_damage", parried)


@pytest.mark.slow
@pytest.mark.parametrize("options", range(len(OPTIONS)))
def test_the_compiled_exchange_gives_the_python_models_branches_for_hand_built_kits(
    options: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = armed_duel(OPTIONS[options])
    spec = compile_duel(loaded.scenario, loaded.ruleset, None)
    assert spec.fi[0, ps.TECH] and spec.fi[0, ps.ARMOURED]
    profiles = loaded.ruleset.profiles(loaded.scenario)
    fast = DuelChain(spec, ExchangeModel(spec, profiles))
    exercised = Exercised(monkeypatch)
    python = ExchangeModel(spec, profiles)
    python.compiled = False
    slow = DuelChain(spec, python)
    checked = 0
    for f in (0, 1):
        g = 1 - f
        for kf, kg in itertools.product(kits(spec, f), kits(spec, g)):
            if not kf.ready:  # (the chain never has a fighter without a weapon attack)
                continue
            for sf, sg, tired, low in itertools.product(
                ATTACK_CODES[:2], range(N_STANCES), (0, 1), (False, True)
            ):
                call = (f, kf, kg, sf, sg, tired, tired, low)
                assert_same_branches(fast.branch_arrays(*call), slow.branch_arrays(*call))
                checked += 1
    assert checked > 1000
    fumbles = {f"fumble {e}" for e in range(ps.F_WEAPON + 1)}
    cells = {f"cell {e}" for e in range(ps.E_KILL + 1)}
    assert fumbles | cells | {"parry damage"} <= exercised.codes


def test_a_kit_goes_into_the_kernels_table_and_back_unchanged() -> None:
    loaded = armed_duel({})
    spec = compile_duel(loaded.scenario, loaded.ruleset, None)
    model = ExchangeRunner(spec, loaded.ruleset.profiles(loaded.scenario))
    made = list(kits(spec, 0)) + list(kits(spec, 1))
    rows = [model._kit_number(k) for k in made]
    before = len(model._kit_list)
    model._kit_list = model._kit_list[:0]  # read them back from their rows
    model._kit_ids = {}
    model._adopt(before)
    assert [model._kit_list[r] for r in rows] == made
    n = int(spec.fi[0, ps.NWEAP])  # (past the last weapon: no condition, break value 0)
    row = model._kit_rows[rows[0]]
    assert n < ps.MAX_WEAPONS
    assert np.array_equal(row[xk.K_CONDS + n : xk.K_BVS], [-1] * (ps.MAX_WEAPONS - n))
    assert not row[xk.K_BVS + n :].any()
