"""The kernels' random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable
pseudorandom number generators", OOPSLA 2014), one 64-bit state per run.

It passes BigCrush, has a period of 2^64 and costs one multiply-xorshift round per number,
about twice as fast here as numba's Mersenne Twister doubles (which take two 32-bit outputs
each): the duel kernel went from 1.3-1.6 M to 2.7 M duels/s with it. The state and the count
of numbers drawn live in the caller's ``draws`` array (``[count, state, mark, ahead]``): the
kernels allocate nothing.

Two ways to read it. ``uniform`` and ``die`` (the plain reading, ``SeededRoller``'s, that
the tests check the others against) count each number as they draw it. ``face`` and ``roll``
(the duel kernel's) turn 32 of the 64 bits into a die with integer arithmetic only and
count nothing: SplitMix64's state moves by the same odd constant at each number, so how many
were drawn since ``mark`` is the state's difference times that constant's inverse modulo
2^64, which ``settle`` adds to the count (and ``restart``, before a fight's own stream
begins). That saves a load and a store on every die.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from fracas.sim.batch.jit import inline

U64 = npt.NDArray[np.uint64]
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_INVERSE = np.uint64(0xF1DE83E19937733D)  # _GOLDEN * _INVERSE == 1 (mod 2^64)
_ONE = np.uint64(1)
_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@inline
def uniform(draws: U64) -> float:
    """A uniform float in [0, 1) with 53 random bits; counts the draw in ``draws[0]``."""
    x = draws[1] + _GOLDEN
    draws[1] = x
    draws[0] += _ONE
    z = (x ^ (x >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    z = z ^ (z >> _S31)
    return float(z >> _S11) * _UNIT


@inline
def die(sides: int, draws: U64) -> int:
    """One die of ``sides`` faces (1..sides), as ``SeededRoller`` reads one: int(u * sides) + 1."""
    return int(uniform(draws) * sides) + 1


@inline
def advance(draws: U64) -> None:
    """The next output's top 32 bits into ``draws[3]``, ready for the die after this one."""
    x = draws[1] + _GOLDEN
    draws[1] = x
    z = (x ^ (x >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    draws[3] = (z ^ (z >> _S31)) >> _S32


@inline
def bits32(draws: U64) -> np.uint64:
    """The top 32 bits of the next output (a uint64 below 2^32), uncounted (``settle``).
    They were mixed one number ahead (``advance``), so a check waits for one load and one
    multiply, not for SplitMix64's whole chain of multiplies; the stream is the same."""
    bits: np.uint64 = draws[3]
    advance(draws)
    return bits


@inline
def face(sides: int, draws: U64) -> int:
    """0..sides-1 (for ``sides`` < 0: 0..sides+1) by Lemire's multiply-shift on 32 random
    bits ("Fast random integer generation in an interval", 2019), without his rejection
    step: a face is off by at most ``|sides|`` / 2^32 (2.3e-8 for a d100), far below what
    any statistic of a batch run can see. All in integers: no float conversions on the
    way from the bits to the die, which cut the latency of every check."""
    # int64 at once: numba's int() keeps a uint64, which would turn the sums into floats
    if sides >= 0:
        return int(np.int64((bits32(draws) * np.uint64(sides)) >> _S32))
    return -int(np.int64((bits32(draws) * np.uint64(-sides)) >> _S32))


@inline
def roll(sides: int, draws: U64) -> int:
    """One die of ``sides`` faces (1..sides) by :func:`face` (the duel kernel's)."""
    return face(sides, draws) + 1


@inline
def settle(draws: U64) -> None:
    """Add the numbers :func:`bits32` drew since the mark to the count; mark the state."""
    draws[0] += (draws[1] - draws[2]) * _INVERSE
    draws[2] = draws[1]


@inline
def prime(draws: U64) -> None:
    """Mix the first number ahead (``advance``) and mark the state there: from now on each
    :func:`bits32` moves the state once, so ``settle`` counts exactly the numbers used."""
    advance(draws)
    draws[2] = draws[1]


@inline
def restart(draws: U64, seed: np.uint64) -> None:
    """:func:`reseed` for the uncounted draws: settle the count first, then :func:`prime`."""
    settle(draws)
    reseed(draws, seed)
    prime(draws)


@inline
def reseed(draws: U64, seed: np.uint64) -> None:
    """Start a fight's own stream from its seed: the state is SplitMix64's output function
    of the seed, so fight ``i`` depends on its seed only (whatever chunk it is in)."""
    x = seed + _GOLDEN
    z = (x ^ (x >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    draws[1] = z ^ (z >> _S31)


def fight_seeds(seeds: Sequence[int]) -> U64:
    """Per-fight seeds as the kernels take them (any whole numbers, read modulo 2^64)."""
    if isinstance(seeds, np.ndarray) and seeds.dtype == np.uint64:
        return seeds
    return np.array([s % (1 << 64) for s in seeds], np.uint64)


def new_draws(seed: int) -> U64:
    """``[count 0, state, mark = state, the number ahead]`` for a run (the duel kernel
    primes it), the state derived from any whole-number ``seed`` by NumPy's ``SeedSequence``
    (never from the clock or the process)."""
    state = np.random.SeedSequence(abs(seed)).generate_state(1, np.uint64)[0]
    return np.array([0, state, state, 0], np.uint64)
