"""The chain's kits are interned: equal kits are one object (equality and hashing by identity)."""

from __future__ import annotations

import pickle

import pytest

from fracas.rulesets.percentile.fast.kit import DEFENCELESS_NONE, DEFENCELESS_NOW, Kit


def test_a_kit_made_twice_with_the_same_fields_is_the_same_object() -> None:
    a = Kit(0, (0, 0), (12, 9), 1, 0, DEFENCELESS_NONE, 0)
    b = Kit(0, (0, 0), (12, 9), abs_loss=1)
    assert a is b
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_kits_that_differ_in_any_field_are_different_and_unequal() -> None:
    base = Kit(0, (0,), (12,))
    others = [
        Kit(-1, (0,), (12,)),
        Kit(0, (1,), (12,)),
        Kit(0, (0,), (11,)),
        Kit(0, (0,), (12,), abs_loss=1),
        Kit(0, (0,), (12,), glitch=1),
        Kit(0, (0,), (12,), defenceless=DEFENCELESS_NOW),
        Kit(0, (0,), (12,), yielded=2),
    ]
    assert all(o != base for o in others)
    assert len(set(others)) == len(others)


def test_but_returns_the_interned_kit_for_its_fields() -> None:
    kit = Kit(0, (0, 0), (5, 5))
    assert kit.but(glitch=1).but(glitch=0) is kit


def test_a_kit_is_immutable_and_survives_pickling_as_the_same_object() -> None:
    kit = Kit(1, (0, 2), (3, 0), glitch=1)
    with pytest.raises(AttributeError):
        kit.wield = 0
    assert pickle.loads(pickle.dumps(kit)) is kit
    assert repr(kit) == (
        "Kit(wield=1, conds=(0, 2), bvs=(3, 0), abs_loss=0, glitch=1, defenceless=0, yielded=0)"
    )
