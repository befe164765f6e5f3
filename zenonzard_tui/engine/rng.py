"""The game's seeded random generator: a small PCG-style generator whose whole state is one
64-bit number, so cloning a game copies it for free and a save needs only the seed and the
actions.

The compiled build does its arithmetic in native 64-bit integers (mypyc's i64, which wrap
around: a draw costs a few nanoseconds, not the boxed big-number products a 64-bit Python int
needs); the pure-Python build masks Python ints to 64 bits. Both draw the same numbers
(tests/engine/test_rng.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005
_INC: Final = 1442695040888963407
_MIX: Final = 0xFF51AFD7ED558CCD - (1 << 64)  # (as a signed 64-bit number)
_LOW31: Final = 0x7FFFFFFF
_GOLDEN: Final = 0x9E3779B97F4A7C15  # a seed's multiplier
_GOLDEN_SIGNED: Final = _GOLDEN - (1 << 64)  # (as a signed 64-bit number)


def _i64_wraps() -> bool:
    """Does 64-bit arithmetic wrap around here (the compiled build), or give a Python int (the
    pure one, where i64 is only an annotation)?"""
    x: i64 = 1 << 62
    x = x * 4
    return x == 0


_WRAPS: Final = _i64_wraps()


def _signed(value: int) -> int:
    """`value` (0 to 2**64-1) as the signed 64-bit number of the same bits."""
    return value - (1 << 64) if value >= 1 << 63 else value


class Rng:
    __slots__ = ("_s",)
    _s: i64  # the state: compiled, the signed 64-bit number of its bits; pure, 0 to 2**64-1

    def __init__(self, seed: int) -> None:
        if not _WRAPS:
            self.state = (seed * _GOLDEN + _INC) & _MASK
            return
        # (the same bits in native arithmetic: a product of Python ints above 2**62 checks for
        # signals, and a Ctrl-C caught there was taken by mypyc's runtime for running out of
        # memory: the process aborted, `sim` with its results lost)
        s: i64 = _signed(seed & _MASK)
        self._s = s * _GOLDEN_SIGNED + _INC

    @property
    def state(self) -> int:
        """The generator's state, 0 to 2**64-1 (a snapshot's and a position key's)."""
        return int(self._s) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._s = _signed(value) if _WRAPS else value

    def clone(self) -> Rng:
        new = Rng(0)  # (a constructor: mypyc's classes make no object without their __init__)
        new._s = self._s
        return new

    def _next(self) -> i64:
        """The next number: in the compiled build its bits as a signed 64-bit number; in the
        pure one the number itself (0 to 2**64-1), which keeps the state that way too."""
        if not _WRAPS:
            u = ((int(self._s) & _MASK) * _MULT + _INC) & _MASK
            self._s = u
            v = u ^ (u >> 33)
            v = (v * _MIX) & _MASK
            return v ^ (v >> 33)
        s: i64 = self._s * _MULT + _INC
        self._s = s
        x: i64 = s ^ ((s >> 33) & _LOW31)
        x = x * _MIX
        return x ^ ((x >> 33) & _LOW31)

    def next64(self) -> int:
        """The next number, 0 to 2**64-1."""
        x = self._next()
        return int(x) & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (n >= 1)."""
        x = self._next()  # (the bias of % is below 2**-50 for the sizes used here)
        return int(x % n) if x >= 0 else _mod(x, n)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            x = self._next()
            j = int(x % (i + 1)) if x >= 0 else _mod(x, i + 1)
            items[i], items[j] = items[j], items[i]


def _mod(x: i64, n: i64) -> int:
    """The unsigned 64-bit number whose bits the negative `x` holds (x + 2**64), modulo n
    (0 < n < 2**31): 2**64 is 4 * 2**62, and 2**62 is a 64-bit number."""
    return int((x % n + (((1 << 62) % n) * 4) % n) % n)
