"""``fracas schema RULESET``: the JSON Schema of a ruleset's scenario files."""

from __future__ import annotations

import json

import click

from fracas.cli.errors import reported_errors
from fracas.rulesets import get_ruleset
from fracas.sim.working import working


@click.command()
@click.argument("ruleset")
def schema(ruleset: str) -> None:
    """Print the JSON Schema that RULESET's scenario files follow."""
    with reported_errors(), working(f"writing the schema of {ruleset} scenarios"):
        model = get_ruleset(ruleset).scenario_model
        text = json.dumps(model.model_json_schema(), indent=2, sort_keys=True)
    click.echo(text)
