"""fracas: a tabletop-RPG combat engine.

Three ways in: run a fight (``fracas fight``), analyse a matchup (``fracas.sim``) and
embed it (``fracas.engine.Session``). The names most programs need are here at the top::

    import fracas

    loaded = fracas.load_scenario("examples/percentile/joanne-vs-ondkille.yaml")
    session = fracas.Session.start(loaded.ruleset, loaded.scenario, fracas.SeededRoller(7))
    session.run()
    result = fracas.simulate(loaded, n=1000, seed=1)

Errors: bad input raises a :class:`FracasError` (:class:`ScenarioError` for a scenario,
:class:`IllegalAction` for a move the rules do not allow), a :class:`DiceError` for dice or
:class:`OutOfScope` where the exact chain does not reach (both ``ValueError``); each message
names the field and the problem. An argument of the wrong Python type raises ``TypeError``
naming the argument.

Each name is imported on first use, so ``import fracas`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.lazy_names import lazy_getattr
from fracas.version import __version__

#: each public name -> the module that defines it (imported when the name is first used)
_WHERE: dict[str, str] = {
    "AskRoller": "fracas.dice.roller",
    "DiceError": "fracas.dice.errors",
    "FracasError": "fracas.engine.errors",
    "IllegalAction": "fracas.engine.errors",
    "LoadedScenario": "fracas.scenario.loader",
    "OutOfScope": "fracas.sim.odds",
    "ScenarioError": "fracas.scenario.loader",
    "ScriptedRoller": "fracas.dice.roller",
    "SeededRoller": "fracas.dice.roller",
    "Session": "fracas.engine.session",
    "balance": "fracas.sim.balance",
    "compare": "fracas.sim.api",
    "exact": "fracas.sim.api",
    "get_ruleset": "fracas.rulesets",
    "load_scenario": "fracas.scenario.loader",
    "parse_scenario": "fracas.scenario.loader",
    "simulate": "fracas.sim.api",
    "sweep": "fracas.sim.sweeps",
    "variants_of": "fracas.sim.variants",
}

__all__ = [
    "AskRoller",
    "DiceError",
    "FracasError",
    "IllegalAction",
    "LoadedScenario",
    "OutOfScope",
    "ScenarioError",
    "ScriptedRoller",
    "SeededRoller",
    "Session",
    "__version__",
    "balance",
    "compare",
    "exact",
    "get_ruleset",
    "load_scenario",
    "parse_scenario",
    "simulate",
    "sweep",
    "variants_of",
]

if TYPE_CHECKING:
    from fracas.dice.errors import DiceError
    from fracas.dice.roller import AskRoller, ScriptedRoller, SeededRoller
    from fracas.engine.errors import FracasError, IllegalAction
    from fracas.engine.session import Session
    from fracas.rulesets import get_ruleset
    from fracas.scenario.loader import LoadedScenario, ScenarioError, load_scenario, parse_scenario
    from fracas.sim.api import compare, exact, simulate
    from fracas.sim.balance import balance
    from fracas.sim.odds import OutOfScope
    from fracas.sim.sweeps import sweep
    from fracas.sim.variants import variants_of
else:  # hidden from type checkers, so a misspelt name is an error there, not an ``Any``
    __getattr__ = lazy_getattr("fracas", _WHERE, globals())

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
