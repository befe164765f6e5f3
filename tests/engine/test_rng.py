"""The game's generator draws the same numbers in both builds: the compiled one in wrapping
64-bit integers, the pure one in Python ints masked to 64 bits. Both against the generator as it
was first written (PCG's step and a 64-bit mixer, in Python ints), which every save and replay
depends on."""

from __future__ import annotations

import subprocess
import sys
import textwrap

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
@given(seed=st.integers(min_value=-(1 << 70), max_value=(1 << 70)), n=st.integers(1, 200))
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


def test_a_signal_while_seeding_is_a_keyboard_interrupt_not_an_abort() -> None:
    """Ctrl-C during `sim` aborted the process ("fatal: out of memory", status 134, the results
    lost) about once in 30: in the compiled build the seed's product was one of Python ints
    above 2**62, which checks for signals, and mypyc's runtime took the KeyboardInterrupt raised
    there for running out of memory. A generator made while signals keep coming (3,000 alarms,
    as a held Ctrl-C would) gives KeyboardInterrupts, caught, and the process ends normally (the
    old compiled build aborted within the second, every run). (One alarm at a time: a second
    one could land in the `except` clause, outside any `try`.)"""
    code = textwrap.dedent(
        """
        import random, signal
        from zenonzard_tui.engine.rng import Rng

        def stop(*_):
            raise KeyboardInterrupt

        signal.signal(signal.SIGALRM, stop)
        made = caught = 0
        when = random.Random(1)
        for trial in range(3000):  # a one-shot alarm each: its interrupt comes inside the try
            try:
                signal.setitimer(signal.ITIMER_REAL, when.uniform(0.00001, 0.0003))
                for i in range(1000):
                    Rng((1 << 61) + i)
                    made += 1
                signal.setitimer(signal.ITIMER_REAL, 0)
            except KeyboardInterrupt:
                caught += 1
        print(made, caught)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    made, caught = map(int, done.stdout.split())
    assert made > 1000 and caught > 100  # (signals did come while generators were made)
