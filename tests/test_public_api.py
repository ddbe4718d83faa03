"""The typed Python API as a program that embeds fracas meets it: what ``import fracas``
exposes, that each name is typed and documented with an example that runs, that a bad
argument raises a documented exception naming the argument (never a bare KeyError,
AttributeError or IndexError from deep inside), and that mypy --strict checks a user's
script against the API from the outside (the package ships ``py.typed``)."""

from __future__ import annotations

import copy
import doctest
import importlib
import inspect
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import fracas

ROOT = Path(__file__).parents[1]
DUEL = "examples/percentile/joanne-vs-ondkille.yaml"
TRIP = "examples/exp/trip.yaml"
#: the scenario files the docstrings' examples name by role (``sim/`` names no game, not
#: even in an example; the text says what each is)
EXAMPLE_FILES = {
    "duel": DUEL,
    "brawl": TRIP,
    "firefight": "examples/starflight/firefight.yaml",
}

PUBLIC = {
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
}
OBJECTS = sorted(PUBLIC - {"__version__"})


def test_import_fracas_exposes_the_public_names() -> None:
    assert set(fracas.__all__) == PUBLIC
    for name in fracas.__all__:
        assert getattr(fracas, name) is not None
    assert set(dir(fracas)) >= PUBLIC
    with pytest.raises(AttributeError, match="no attribute 'Sesion'"):
        fracas.Sesion  # type: ignore[attr-defined]  # noqa: B018


def test_import_fracas_stays_cheap() -> None:
    """The names are imported on first use: ``import fracas`` loads none of the libraries."""
    code = (
        "import sys, fracas; heavy = {'numpy', 'pydantic', 'numba', 'pandas', 'fracas.sim.api'};"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_package_is_marked_typed() -> None:
    assert (Path(fracas.__file__).parent / "py.typed").is_file()


def test_the_version_is_the_one_the_package_is_built_with() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fracas.__version__ == project["version"]


def _signature_of(obj: Any) -> inspect.Signature:
    return inspect.signature(obj.__init__ if inspect.isclass(obj) else obj)


@pytest.mark.parametrize("name", OBJECTS)
def test_each_public_name_has_a_typed_signature(name: str) -> None:
    obj = getattr(fracas, name)
    if inspect.isclass(obj) and issubclass(obj, Exception) and "__init__" not in vars(obj):
        return  # an exception that takes its message, as Exception does
    signature = _signature_of(obj)
    for param in signature.parameters.values():
        if param.name == "self":
            continue
        assert param.annotation is not inspect.Parameter.empty, f"{name}({param.name})"
    if not inspect.isclass(obj):
        assert signature.return_annotation is not inspect.Signature.empty, name


def _typed_gaps(obj: Any) -> list[str]:
    """The parameters (and return) of ``obj``'s public callables that carry no annotation."""
    targets: list[tuple[str, Any]] = []
    if inspect.isclass(obj):
        if "__init__" in vars(obj) and not getattr(obj, "_is_protocol", False):
            targets.append(("__init__", obj.__init__))
        for attr, value in vars(obj).items():
            if isinstance(value, classmethod | staticmethod):
                value = value.__func__
            if not attr.startswith("_") and inspect.isfunction(value):
                targets.append((attr, value))
    elif callable(obj):
        targets.append(("", obj))
    gaps = []
    for attr, function in targets:
        signature = inspect.signature(function)
        gaps += [
            f"{attr}({p.name})"
            for p in signature.parameters.values()
            if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty
        ]
        if attr != "__init__" and signature.return_annotation is inspect.Signature.empty:
            gaps.append(f"{attr} -> ?")
    return gaps


SUBPACKAGES = ["fracas.engine", "fracas.dice", "fracas.scenario", "fracas.sim"]


@pytest.mark.parametrize("package", SUBPACKAGES)
def test_each_name_of_the_subpackages_is_typed_and_documented(package: str) -> None:
    module = importlib.import_module(package)
    for name in module.__all__:
        obj = getattr(module, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue  # a constant or a type alias (``Hit``)
        assert inspect.getdoc(obj), f"{package}.{name} has no docstring"
        if inspect.isclass(obj) and issubclass(obj, BaseException):
            continue
        assert _typed_gaps(obj) == [], f"{package}.{name}"


@pytest.mark.parametrize("name", OBJECTS)
def test_each_public_name_has_a_docstring_with_an_example(name: str) -> None:
    doc = inspect.getdoc(getattr(fracas, name)) or ""
    assert "Example::" in doc and ">>> " in doc, name


def test_the_session_s_legal_actions_are_what_act_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    session = _session()
    while not session.state.over:
        choices = session.legal_actions()
        if choices:
            session.act(choices[-1].action)
        else:
            session.step()  # round upkeep: no one's decision
    assert session.legal_actions() == []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(
        fracas.Session.legal_actions, "legal_actions", globs=dict(EXAMPLE_FILES)
    ):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("name", OBJECTS)
def test_each_docstring_example_runs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples are doctests, run from the repository root with ``duel``, ``brawl`` and
    ``firefight`` naming example files. ``...`` in an expected output stands for anything."""
    monkeypatch.chdir(ROOT)
    obj = getattr(fracas, name)
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(obj, name, globs=dict(EXAMPLE_FILES))
    assert tests and tests[0].examples, name
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}'s example no longer prints what it shows"


def _scenario_data(path: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    return data


def _with(path: str, where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_scenario_data(path))
    node: Any = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return data


def _session() -> fracas.Session:
    loaded = fracas.load_scenario(DUEL)
    return fracas.Session.start(loaded.ruleset, loaded.scenario, fracas.SeededRoller(1))


#: (what is called, the exception, words its message must hold: the argument or field first)
BAD: dict[str, tuple[Callable[[], object], type[Exception], tuple[str, ...]]] = {
    # wrong types: TypeError naming the argument
    "load_scenario(123)": (lambda: fracas.load_scenario(123), TypeError, ("path", "int")),  # type: ignore[arg-type]
    "load_scenario(overrides=str)": (
        lambda: fracas.load_scenario(DUEL, "fatigue_loss=per-round"),
        TypeError,
        ("overrides", "a list"),
    ),
    "Session.start(name)": (
        lambda: fracas.Session.start("percentile", None, fracas.SeededRoller(1)),  # type: ignore[arg-type]
        TypeError,
        ("ruleset", "'percentile'"),
    ),
    "Session.start(loaded)": (
        lambda: fracas.Session.start(fracas.load_scenario(DUEL), None, fracas.SeededRoller(1)),  # type: ignore[arg-type]
        TypeError,
        ("ruleset", "loaded.ruleset, loaded.scenario"),
    ),
    "Session.start(dict)": (
        lambda: fracas.Session.start(
            fracas.load_scenario(DUEL).ruleset, _scenario_data(DUEL), fracas.SeededRoller(1)
        ),
        TypeError,
        ("scenario", "parse_scenario"),
    ),
    "Session.start(roller=7)": (
        lambda: fracas.Session.start(
            fracas.load_scenario(DUEL).ruleset,
            fracas.load_scenario(DUEL).scenario,
            7,  # type: ignore[arg-type]
        ),
        TypeError,
        ("roller", "int"),
    ),
    "session.act('attack')": (lambda: _session().act("attack"), TypeError, ("action", "str")),  # type: ignore[arg-type]
    "session.run('x')": (lambda: _session().run("x"), TypeError, ("max_actions",)),  # type: ignore[arg-type]
    "simulate(n='10')": (lambda: fracas.simulate(DUEL, n="10"), TypeError, ("n", "'10'")),  # type: ignore[arg-type]
    "simulate(n=1.5)": (lambda: fracas.simulate(DUEL, n=1.5), TypeError, ("n", "1.5")),  # type: ignore[arg-type]
    "simulate(seed='x')": (lambda: fracas.simulate(DUEL, seed="x"), TypeError, ("seed",)),  # type: ignore[arg-type]
    "simulate(42)": (lambda: fracas.simulate(42), TypeError, ("scenario", "int")),  # type: ignore[arg-type]
    "compare(str)": (lambda: fracas.compare(DUEL, n=10), TypeError, ("scenarios", "str")),
    "sweep(vary=str)": (
        lambda: fracas.sweep(DUEL, "combatants[1].skills.dagger=30..70:20", n=10),
        TypeError,
        ("vary", "a list"),
    ),
    "variants_of(specs=str)": (
        lambda: fracas.variants_of([DUEL], "plate: combatants[0].armour=plate mail"),
        TypeError,
        ("specs", "a list"),
    ),
    "roll(6)": (lambda: fracas.SeededRoller(1).roll(6, "test"), TypeError, ("dice", "int")),  # type: ignore[arg-type]
    # bad values: a documented error naming the field and the problem
    "negative n": (
        lambda: fracas.simulate(DUEL, n=-5),
        fracas.FracasError,
        ("-n -5", "at least 1"),
    ),
    "negative seed": (lambda: fracas.simulate(DUEL, seed=-1), fracas.FracasError, ("--seed -1",)),
    "run(max_actions=0)": (lambda: _session().run(0), ValueError, ("max_actions", "at least 1")),
    "unknown engine": (
        lambda: fracas.simulate(DUEL, n=10, engine="warp"),
        fracas.FracasError,
        ("--engine warp", "known: batch, event, auto"),
    ),
    "unknown ruleset": (
        lambda: fracas.get_ruleset("dnd"),
        fracas.FracasError,
        ("'dnd'", "known: exp, percentile, starflight"),
    ),
    "unknown ruleset in data": (
        lambda: fracas.parse_scenario({"ruleset": "dnd"}),
        fracas.ScenarioError,
        ("ruleset: unknown ruleset 'dnd'",),
    ),
    "bad dice expression": (
        lambda: fracas.SeededRoller(1).roll("2d", "test"),
        fracas.DiceError,
        ("2d", "column 3"),
    ),
    "bad seed": (lambda: fracas.SeededRoller("x"), fracas.DiceError, ("seed", "'x'")),  # type: ignore[arg-type]
    "bad option name": (
        lambda: fracas.load_scenario(DUEL, ["fatigue_los=per-round"]),
        fracas.ScenarioError,
        ("options.fatigue_los", "Extra inputs are not permitted"),
    ),
    "bad option value": (
        lambda: fracas.simulate(DUEL, n=10, overrides=["fatigue_loss=sometimes"]),
        fracas.ScenarioError,
        ("options.fatigue_loss", "per-round"),
    ),
    "a scenario dict with a bad field": (
        lambda: fracas.parse_scenario(_with(DUEL, ("combatants", 1, "skills", "dagger"), "lots")),
        fracas.ScenarioError,
        ("combatants[1].skills.dagger", "valid integer"),
    ),
    "a scenario dict with an unknown field": (
        lambda: fracas.simulate(_with(DUEL, ("combatants", 0, "armor"), "plate mail"), n=10),
        fracas.ScenarioError,
        ("combatants[0].armor", "Extra inputs are not permitted"),
    ),
    "a scenario dict with an unknown armour": (
        lambda: fracas.parse_scenario(_with(DUEL, ("combatants", 0, "armour"), "cardboard")),
        fracas.ScenarioError,
        ("combatants[0].armour", "unknown armour 'cardboard'"),
    ),
    "a missing file": (
        lambda: fracas.load_scenario("no-such-file.yaml"),
        fracas.ScenarioError,
        ("no-such-file.yaml", "cannot read"),
    ),
    "a variant of a field that is not there": (
        lambda: fracas.variants_of([DUEL], ["plate: combatants[0].armor=plate mail"]),
        fracas.FracasError,
        ("plate", "combatants[0].armor"),
    ),
    "a vary of a combatant that is not there": (
        lambda: fracas.sweep(DUEL, ["combatants[5].skills.dagger=30..70:20"], n=10),
        fracas.FracasError,
        ("combatants[5]", "no combatant 5"),
    ),
    "a balance target past 1": (
        lambda: fracas.balance(TRIP, "combatants[1].hps=31..80", target=2),
        fracas.FracasError,
        ("--target 2", "between 0 and 1"),
    ),
    "compare of one": (lambda: fracas.compare([DUEL], n=10), fracas.FracasError, ("two",)),
    "exact odds out of the chain": (
        lambda: fracas.exact("examples/starflight/firefight.yaml"),
        fracas.OutOfScope,
        ("starflight",),
    ),
    "undo at the start": (lambda: _session().undo(), fracas.FracasError, ("nothing to undo",)),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_argument_raises_a_documented_error_naming_it(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    call, error, words = BAD[case]
    with pytest.raises(Exception) as raised:
        call()
    assert type(raised.value) not in (KeyError, AttributeError, IndexError), raised.value
    assert isinstance(raised.value, error), f"{case}: {type(raised.value).__name__}"
    message = str(raised.value)
    for word in words:
        assert word in message, f"{case}: {message!r} does not say {word!r}"


def test_a_scenario_dict_is_a_scenario_for_the_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    from_file = fracas.simulate(DUEL, n=50, seed=3, engine="event")
    from_data = fracas.simulate(_scenario_data(DUEL), n=50, seed=3, engine="event")
    assert from_data.sides == from_file.sides


USER_SCRIPT = """
from pathlib import Path
from typing import Any

import fracas
from fracas.engine import Encounter


def duel(seed: int) -> str | None:
    loaded = fracas.load_scenario(Path("examples/percentile/joanne-vs-ondkille.yaml"))
    session = fracas.Session.start(loaded.ruleset, loaded.scenario, fracas.SeededRoller(seed))
    end: Encounter[Any] = session.run()
    return end.winner


def rate(path: str) -> float:
    result = fracas.simulate(path, n=100, seed=1, overrides=["fatigue_loss=per-round"])
    return result.sides[0].win.rate


def plate() -> list[float]:
    pair = fracas.compare(
        fracas.variants_of(["a.yaml"], ["plate: combatants[0].armour=plate mail"]), n=10
    )
    return [d.difference for d in pair.figure_differences]


def safely(path: str) -> str:
    try:
        return fracas.load_scenario(path).ruleset.name
    except fracas.ScenarioError as error:
        return "\\n".join(error.problems)
    except fracas.DiceError as error:
        return str(error)


print(fracas.__version__, duel(7), rate("a.yaml"), plate(), safely("b.yaml"))
"""

MISTAKES = """
import fracas

fracas.Sesion
fracas.simulate("a.yaml", n="10")
fracas.SeededRoller(7).roll(6, "damage")
"""


def _mypy(script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    """mypy --strict on ``script`` as a user's project would run it: from its own folder,
    with its own (empty) configuration, so fracas is found as an installed package (which
    mypy reads only with a ``py.typed`` marker). The cache is kept between runs (the first
    run reads fracas and its libraries: some 20 s of CPU)."""
    from mypy import api

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "user_script.py"
    path.write_text(textwrap.dedent(script), encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    cache = ROOT / ".mypy_cache" / "as-a-user"
    out, err, status = api.run(
        ["--strict", "--config-file", str(config), "--cache-dir", str(cache), str(path)]
    )
    return out + err, status


def test_mypy_strict_checks_a_user_script_against_the_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, status = _mypy(USER_SCRIPT, tmp_path, monkeypatch)
    assert status == 0, out


def test_mypy_strict_catches_a_user_script_s_mistakes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, status = _mypy(MISTAKES, tmp_path, monkeypatch)
    assert status == 1, out
    assert 'Module has no attribute "Sesion"' in out, out
    assert 'Argument "n" to "simulate" has incompatible type "str"' in out, out
    assert 'Argument 1 to "roll" of "SeededRoller" has incompatible type "int"' in out, out
