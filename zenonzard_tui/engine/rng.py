"""The game's seeded random generator: a small PCG-style generator whose whole state is one int,
so cloning a game copies it for free and a save needs only the seed and the actions."""

from __future__ import annotations

_MASK = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + _INC) & _MASK

    def clone(self) -> Rng:
        new = Rng(0)  # (a constructor: mypyc's classes make no object without their __init__)
        new.state = self.state
        return new

    def next64(self) -> int:
        self.state = (self.state * _MULT + _INC) & _MASK
        x = self.state
        x ^= x >> 33
        x = (x * 0xFF51AFD7ED558CCD) & _MASK
        x ^= x >> 33
        return x

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (n >= 1)."""
        return self.next64() % n  # bias is below 2**-50 for the sizes used here

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]
