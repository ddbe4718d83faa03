"""The codes of the EXP fast paths' tactics and actions, shared by the batch kernel
(``tactics.py``, ``kernel.py``), the exact chain (``model.py``, ``chain.py``, ``ends.py``) and
``advise.py``.

Kept apart from ``tactics.py``, whose ``choose`` is compiled: the chain and ``fracas advise``
read these codes without loading numba (nothing of theirs is compiled). The paths that read
them are held to the event engine by tests/batch/test_exp_agreement.py and test_exp_odds.py;
tests/cli/test_startup_imports.py checks that the chain and advise load no numba.
"""

from __future__ import annotations

T_BRAWL, T_GRAPPLE, T_TRIP, T_OPTIMAL = range(4)
T_SNATCH = 4
T_LETHAL = 5  # strikes only: its blows (lethal) are compiled from tactics.lethal
# actions
A_STRIKE, A_GRAPPLE, A_TRIP, A_WAIT, A_CONCEDE, A_STAND_UP, A_BREAK_FREE, A_REVERSE = range(8)
A_SNATCH = 8
ACTION_NAMES = (
    "strike",
    "grapple",
    "trip",
    "wait",
    "concede",
    "stand-up",
    "break-free",
    "reverse",
    "snatch",
)
