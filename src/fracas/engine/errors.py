"""Errors the engine raises. Each names what was wrong, so a front end can show it as is."""


class FracasError(Exception):
    """Base of every error fracas raises on purpose."""


class IllegalAction(FracasError):
    """An action the rules do not allow in the current state (nothing was changed)."""


class InvalidField(IllegalAction):
    """An action one of whose own fields is wrong (a GM override's spec that fails validation,
    an amount past a maximum, a target or condition that does not exist), named in the
    message as ``field: problem``. Nothing was changed; a front end answers it as bad input
    (the tracker: 422), not as a conflict with the fight's state."""


class InconsistentLog(FracasError):
    """A saved log does not fold: an event contradicts the state it is applied to."""


class StaleWrite(FracasError):
    """A store append expected a log length the log no longer has: another writer moved the
    encounter on. Nothing was written."""
