"""Every option is described in the model and documented in docs/rulesets/exp.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.rulesets.exp.options import ExpOptions

DOC = (Path(__file__).parents[3] / "docs" / "rulesets" / "exp.md").read_text(encoding="utf-8")
HEADINGS = [line for line in DOC.splitlines() if line.startswith("### ")]


@pytest.mark.parametrize("name", list(ExpOptions.model_fields), ids=str)
def test_option_has_a_description_and_a_documented_heading(name: str) -> None:
    assert ExpOptions.model_fields[name].description
    assert any(f"`{name}`" in heading for heading in HEADINGS), name


def test_options_forbid_unknown_names() -> None:
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        ExpOptions.model_validate({"dss_table": "x"})
