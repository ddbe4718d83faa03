"""The compiled kernels' cache follows every source they are built from (``jit.cache_dir``):
numba itself checks only the kernel's own file, so an edited helper inlined from another
module would otherwise run stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.sim.batch import jit


def test_an_edit_of_any_kernel_source_moves_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sim" / "batch").mkdir(parents=True)
    (tmp_path / "sim" / "batch" / "rng.py").write_text("U64 = 1\n")
    fast = tmp_path / "rulesets" / "game" / "fast"
    fast.mkdir(parents=True)
    tactics = fast / "tactics.py"
    tactics.write_text("T_DODGES = 8\n")
    (fast / "grid_kernel.py").write_text("from x import base_stance\n")
    monkeypatch.setattr(jit, "_SIM", tmp_path / "sim")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    before = jit.cache_dir()
    assert before == jit.cache_dir()  # the same sources, the same place
    assert before.parent == tmp_path / "__pycache__" / "numba"
    tactics.write_text("T_DODGES = 16\n")  # a helper the kernels inline, not a kernel
    assert jit.cache_dir() != before
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert jit.cache_dir().parent == tmp_path / "elsewhere"


def test_the_kernels_use_that_cache() -> None:
    import numba

    from fracas.rulesets.percentile.fast import kernel as percentile_kernel  # noqa: F401  (decorates the kernels)

    if jit.DISABLED:
        pytest.skip("FRACAS_NO_JIT: nothing is compiled")
    assert Path(numba.config.CACHE_DIR) == jit.cache_dir()
