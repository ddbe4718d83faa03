"""Running chunks on an existing Dask distributed cluster (``--scheduler ADDRESS``).

The workers need fracas installed (the same version); chunk tasks carry the scenario as data
and the engine by name, so nothing else is shipped. Results are merged in chunk order as on
one machine, so the figures are the same.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from fracas.engine.errors import FracasError
from fracas.sim.runner import ChunkOut

#: seconds to wait for the scheduler before giving up
CONNECT_TIMEOUT = 5
#: seconds a run waits with no worker at all before it gives up (environment variable
#: ``FRACAS_DASK_LOST_TIMEOUT`` overrides it)
LOST_TIMEOUT = 60.0
#: how often a waiting run looks at the cluster, in seconds
POLL = 0.5


def lost_timeout() -> float:
    """``FRACAS_DASK_LOST_TIMEOUT`` (seconds, > 0) or :data:`LOST_TIMEOUT`."""
    text = os.environ.get("FRACAS_DASK_LOST_TIMEOUT")
    if not text:
        return LOST_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise FracasError(
            f"FRACAS_DASK_LOST_TIMEOUT={text}: must be a number of seconds greater than 0"
        )
    return value


class DaskExecutor:
    """Chunk tasks as Dask futures (``pure=False``: every chunk is its own task)."""

    def __init__(
        self, address: str, timeout: float = CONNECT_TIMEOUT, lost: float | None = None
    ) -> None:
        import distributed

        self.address = address
        self.lost = lost if lost is not None else lost_timeout()

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
        """The futures that are done, waiting for at least one; when the cluster has had no
        worker at all for ``self.lost`` seconds, the run stops with a message instead of
        waiting forever."""
        alone_since: float | None = None
        checked = time.monotonic()
        while not self.done.has_ready():
            time.sleep(0.005)
            now = time.monotonic()
            if now - checked < POLL:
                continue
            checked = now
            if self.client.nthreads():
                alone_since = None
                continue
            alone_since = alone_since if alone_since is not None else now
            if now - alone_since >= self.lost:
                raise FracasError(
                    f"--scheduler {self.address}: the cluster has had no worker for "
                    f"{self.lost:g} s, with {len(futures)} chunks still to run (start workers, "
                    "or set FRACAS_DASK_LOST_TIMEOUT to wait longer)"
                )
        return list(self.done.next_batch(block=False))

    def result(self, future: Any) -> ChunkOut:
        out: ChunkOut = future.result()
        return out

    def cancel(self, futures: Sequence[Any]) -> None:
        if futures:
            self.client.cancel(list(futures))

    def close(self) -> None:
        self.client.close()
