"""Running chunks on an existing Dask distributed cluster (``--scheduler ADDRESS``).

The workers need fracas installed (the same version); chunk tasks carry the scenario as data
and the engine by name, so nothing else is shipped. Results are merged in chunk order as on
one machine, so the figures are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fracas.engine.errors import FracasError
from fracas.sim.runner import ChunkOut

#: seconds to wait for the scheduler before giving up
CONNECT_TIMEOUT = 5


class DaskExecutor:
    """Chunk tasks as Dask futures (``pure=False``: every chunk is its own task)."""

    def __init__(self, address: str, timeout: float = CONNECT_TIMEOUT) -> None:
        import distributed

        connect: Any = distributed.Client

        try:
            self.client: Any = connect(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise FracasError(
                f"--scheduler {address}: cannot reach a Dask scheduler there within "
                f"{timeout:g} s ({why})"
            ) from None
        threads = sum(self.client.nthreads().values()) or 1
        self.slots = 2 * threads
        finished: Any = distributed.as_completed
        self.done: Any = finished(loop=self.client.loop)  # as they finish

    def submit(self, fn: Callable[..., ChunkOut], *args: Any) -> Any:
        future = self.client.submit(fn, *args, pure=False)
        self.done.add(future)
        return future

    def wait_any(self, futures: Sequence[Any]) -> list[Any]:
        first = next(self.done)
        return [first, *self.done.next_batch(block=False)]

    def result(self, future: Any) -> ChunkOut:
        out: ChunkOut = future.result()
        return out

    def cancel(self, futures: Sequence[Any]) -> None:
        if futures:
            self.client.cancel(list(futures))

    def close(self) -> None:
        self.client.close()
