"""Settings for every test.

The status line (``fracas.sim.working``) shows once steps have lasted its delay, which on a
busy machine even a quick command may: here it waits an hour (this process and every
``fracas`` a test starts, through the environment), so what a test reads on stderr does not
depend on the machine's load. Tests of the status set the delay themselves.
"""

from __future__ import annotations

import os

os.environ["FRACAS_STATUS_DELAY"] = "3600"

from fracas.sim import working  # (after the environment is set)

working.DELAY = 3600.0
