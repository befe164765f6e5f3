"""The game's generator draws the same numbers in both builds: the compiled one in wrapping
64-bit integers, the pure one in Python ints masked to 64 bits. Both against the generator as it
was first written (PCG's step and a 64-bit mixer, in Python ints), which every save and replay
depends on."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zenonzard_tui.engine.rng import Rng

MASK = (1 << 64) - 1


class Reference:
    """The generator in plain Python ints (its first form)."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 1442695040888963407) & MASK

    def next64(self) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK
        x = self.state
        x ^= x >> 33
        x = (x * 0xFF51AFD7ED558CCD) & MASK
        return x ^ (x >> 33)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=(1 << 70)), n=st.integers(1, 200))
def test_draws_as_the_reference(seed: int, n: int) -> None:
    rng, ref = Rng(seed), Reference(seed)
    assert rng.state == ref.state
    for _ in range(50):
        assert rng.next64() == ref.next64()
        assert rng.below(n) == ref.next64() % n
    items = list(range(n))
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        j = ref.next64() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng.shuffle(items)
    assert items == expected
    assert rng.state == ref.state


def test_numbers_with_the_top_bit_set() -> None:
    """Half the draws have bit 63 set (a negative i64 in the compiled build): their modulo is
    that of the unsigned number."""
    rng, ref = Rng(7), Reference(7)
    high = 0
    for _ in range(400):
        x = ref.next64()
        high += x >> 63
        assert rng.below(97) == x % 97
    assert 150 < high < 250


def test_state_round_trips() -> None:
    """A snapshot writes `state` (0 to 2**64-1) and reads it back; clones draw the same."""
    for value in (0, 1, (1 << 63) - 1, 1 << 63, MASK):
        rng = Rng(0)
        rng.state = value
        assert rng.state == value
        twin = rng.clone()
        assert twin.state == value
        assert [twin.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]
