"""Errors the engine raises. Each names what was wrong, so a front end can show it as is."""


class FracasError(Exception):
    """Base of every error fracas raises on purpose, but for dice (``DiceError``) and the
    exact chain's reach (``OutOfScope``), both ``ValueError``; the message names the field
    and the problem. In the example, ``duel`` is the path of a scenario file.

    Example::

        >>> import fracas
        >>> try:
        ...     fracas.simulate(duel, n=0)
        ... except fracas.FracasError as error:
        ...     print(error)
        -n 0: the number of fights must be at least 1
    """


class IllegalAction(FracasError):
    """An action the rules do not allow in the current state (nothing was changed). In the
    example, ``duel`` is the path of a scenario file of a duel.

    Example::

        >>> import fracas
        >>> loaded = fracas.load_scenario(duel)
        >>> session = fracas.Session.start(loaded.ruleset, loaded.scenario, fracas.SeededRoller(7))
        >>> first = loaded.ruleset.legal_actions(session.state, session.pending())[0]
        >>> _ = session.act(first.action)
        >>> session.act(first.action)
        Traceback (most recent call last):
        ...
        fracas.engine.errors.IllegalAction: Joanne has already declared for round 1
    """


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
