"""A batch run's result arrays (``sim.batch.results.zeros``): zeros of the shape and type
asked, writable, whether NumPy allocates them (small) or they are mapped on pages of their
own (``FRESH`` bytes or more); the kernels take either as the same type."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from fracas.sim.batch.results import FRESH, zeros


@pytest.mark.parametrize("n", [10, FRESH // 8 + 1])
def test_result_arrays_are_writable_zeros_of_the_shape_and_type_asked(n: int) -> None:
    counts = zeros((n, 2, 2), np.int32)
    assert counts.shape == (n, 2, 2) and counts.dtype == np.int32
    assert counts.flags.writeable and counts.flags.c_contiguous and counts.flags.aligned
    assert not counts.any()
    counts[-1, 1, 1] = 7
    assert counts.sum() == 7
    assert pickle.loads(pickle.dumps(counts))[-1, 1, 1] == 7


def test_mapped_result_arrays_are_the_type_numpy_arrays_are_to_the_kernels() -> None:
    numba = pytest.importorskip("numba")
    mapped = zeros((FRESH // 4 + 1,), np.int32)
    assert mapped.base is not None  # (mapped here, not NumPy's own)
    assert numba.typeof(mapped) == numba.typeof(np.zeros(3, np.int32))
