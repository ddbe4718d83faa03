"""``fracas check SCENARIO``: validate a scenario and say what it would fight, without
fighting."""

from __future__ import annotations

import click

from fracas.cli.errors import reported_errors
from fracas.cli.rule_options import rule_option
from fracas.scenario import load_scenario
from fracas.sim.working import working


@click.command()
@click.argument("scenario")
@rule_option
def check(scenario: str, overrides: tuple[str, ...]) -> None:
    """Validate SCENARIO (a YAML file, - for standard input) and print who would fight
    whom under which options; nothing is rolled."""
    with reported_errors():
        with working(f"reading {scenario}"):
            loaded = load_scenario(scenario, overrides)
            state = loaded.ruleset.build(loaded.scenario)
        name = getattr(loaded.scenario, "name", None)
        title = f" ({name})" if name else ""
        click.echo(f"{scenario}: a valid {loaded.ruleset.name} scenario{title}")
        sides: dict[str, list[str]] = {}
        for c in state.combatants.values():
            sides.setdefault(c.side, []).append(f"{c.name} ({c.tactics})")
        for side, names in sides.items():
            click.echo(f"  side {side}: {', '.join(names)}")
        options = loaded.ruleset.options_of(loaded.scenario)
        if options is not None and hasattr(options, "model_dump"):
            chosen = sorted(getattr(options, "model_fields_set", set()))
            dump = options.model_dump(mode="json")
            if chosen:
                shown = ", ".join(f"{key}={dump[key]}" for key in chosen if key in dump)
                click.echo(f"  options set: {shown}")
            click.echo(f"  {len(dump) - len(chosen)} other options at their defaults")
        for note in loaded.ruleset.notes(loaded.scenario):
            click.echo(f"  note: {note}")
