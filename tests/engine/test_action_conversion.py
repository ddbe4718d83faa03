"""An action given as data (a saved log's line, a kept decision) comes back as the ruleset's
own action object, or as an error that names what is wrong in the caller's own terms."""

from __future__ import annotations

import msgspec
import pytest

from fracas.engine import InconsistentLog
from fracas.engine.action import convert_action
from fracas.engine.replay import decode_action
from tests.engine.toy import RULESET, Hit, Wait


def test_a_tagged_dict_converts_to_its_action_type() -> None:
    raw = msgspec.to_builtins(Hit(actor="a", target="b"))
    assert convert_action(raw, (Hit, Wait)) == Hit(actor="a", target="b")


def test_an_action_object_is_returned_as_it_is() -> None:
    hit = Hit(actor="a", target="b")
    assert convert_action(hit, (Hit, Wait)) is hit


def test_a_bad_field_is_named_from_the_callers_value_not_a_wrapper() -> None:
    with pytest.raises(msgspec.ValidationError) as caught:
        convert_action({"action": "Hit", "actor": "a", "target": 3}, (Hit, Wait))
    assert "`$.target`" in str(caught.value)
    assert "$.action" not in str(caught.value)


def test_an_unknown_action_tag_is_refused() -> None:
    with pytest.raises(msgspec.ValidationError, match="Swim"):
        convert_action({"action": "Swim", "actor": "a"}, (Hit, Wait))


def test_a_log_action_of_another_game_is_an_inconsistent_log() -> None:
    with pytest.raises(InconsistentLog, match="not one of toy's"):
        decode_action(RULESET, {"action": "Swim", "actor": "a"})
