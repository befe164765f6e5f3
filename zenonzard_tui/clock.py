"""A chess clock for a game: each timed seat has its own time, which runs while that seat decides.

The table (table.py) owns the clock of a local game and the duel server (net/server.py) the clock of
a network game: after every change the clock runs for the seat that decides now. When a seat
hands the decision over to the other seat it gets the increment (Fischer's: the seconds are
added once per hand-over, not per action, as a turn of a card game is many small decisions).
A seat whose time is up loses on time: `Game.out_of_time` ("A runs out of time" in the save).
Against the AI only the human's clock runs (an untimed seat's time never moves).

Nothing here reads a wall clock but `now` (time.monotonic by default), so tests drive it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_MINUTES = 600  # ten hours: the longest clock a table takes
MAX_INCREMENT = 600  # seconds added per hand-over, at most


@dataclass(frozen=True, slots=True)
class ClockSetting:
    """`minutes` for each timed seat, `increment` seconds added when it hands the decision on."""

    minutes: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        if not 0 < self.minutes <= MAX_MINUTES:
            raise ValueError(f"a clock's minutes must be above 0 and at most {MAX_MINUTES}")
        if not 0 <= self.increment <= MAX_INCREMENT:
            raise ValueError(f"a clock's increment must be 0 to {MAX_INCREMENT} seconds")

    def spec(self) -> str:
        """As `parse` reads it and the settings keep it: "10+5", "10"."""
        return f"{self.minutes:g}+{self.increment:g}" if self.increment else f"{self.minutes:g}"

    def words(self) -> str:
        """ "10 min + 5 s" / "10 min"."""
        minutes = f"{self.minutes:g} min"
        return f"{minutes} + {self.increment:g} s" if self.increment else minutes

    @classmethod
    def parse(cls, text: str) -> ClockSetting:
        """ "10" (minutes) or "10+5" (minutes, then seconds of increment); ValueError says why
        not."""
        head, plus, tail = text.strip().partition("+")
        try:
            minutes = float(head)
            increment = float(tail) if plus else 0.0
        except ValueError:
            raise ValueError(
                f"'{text}' is not a clock: give minutes, or minutes+seconds (10, 10+5)"
            ) from None
        if minutes != minutes or increment != increment:  # NaN
            raise ValueError(f"'{text}' is not a clock: give minutes, or minutes+seconds")
        return cls(minutes, increment)


@dataclass(frozen=True, slots=True)
class ClockView:
    """The clock as anyone may see it (it is public): each seat's time left in seconds (None for
    an untimed seat), the seat whose time runs now (None: none), and the setting."""

    left: tuple[float | None, float | None]
    running: int | None
    setting: ClockSetting

    def to_dict(self) -> dict:
        return {
            "left": list(self.left),
            "running": self.running,
            "minutes": self.setting.minutes,
            "increment": self.setting.increment,
        }

    @classmethod
    def from_dict(cls, raw: dict) -> ClockView:
        """The inverse of `to_dict`; ValueError, TypeError or KeyError for a malformed one."""
        left = [None if t is None else float(t) for t in raw["left"]]
        running = raw["running"]
        if len(left) != 2 or running not in (None, 0, 1):
            raise ValueError("a clock has two seats' times and a running seat or none")
        setting = ClockSetting(float(raw["minutes"]), float(raw["increment"]))
        return cls((left[0], left[1]), running, setting)

    def after(self, seconds: float) -> ClockView:
        """This view `seconds` later (a remote reader counts down between updates)."""
        if self.running is None or self.left[self.running] is None:
            return self
        left = list(self.left)
        left[self.running] = max(0.0, (left[self.running] or 0.0) - seconds)
        return ClockView((left[0], left[1]), self.running, self.setting)


def clock_text(seconds: float) -> str:
    """ "9:58", "1:02:03"; under ten seconds with tenths: "7.4"."""
    if seconds < 10:
        return f"{max(seconds, 0.0):.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ChessClock:
    """Two seats' times; `timed`: the seats whose time runs (both, or the human's alone)."""

    def __init__(
        self,
        setting: ClockSetting,
        timed: tuple[int, ...] = (0, 1),
        left: tuple[float | None, float | None] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.setting = setting
        self.timed = tuple(timed)
        start = setting.minutes * 60
        self._left: list[float | None] = (
            list(left) if left is not None else [start if s in self.timed else None for s in (0, 1)]
        )
        self._now = now
        self._running: int | None = None
        self._since = now()

    def left(self, seat: int) -> float | None:
        """`seat`'s time left now, in seconds (None: untimed)."""
        kept = self._left[seat]
        if kept is None or seat != self._running:
            return kept
        return max(0.0, kept - (self._now() - self._since))

    def run_for(self, seat: int | None) -> None:
        """From now on `seat`'s time runs (None: no one's, the game is over or paused). A seat
        that hands the decision to the other seat gets the increment."""
        if seat == self._running:
            return
        was = self._running
        if was is not None and self._left[was] is not None:
            spent = self.left(was)
            assert spent is not None
            self._left[was] = spent + (self.setting.increment if spent > 0 else 0.0)
        self._running = seat if seat is not None and self._left[seat] is not None else None
        self._since = self._now()

    def flagged(self) -> int | None:
        """The seat whose time is up while it runs, else None."""
        seat = self._running
        if seat is None:
            return None
        left = self.left(seat)
        return seat if left is not None and left <= 0 else None

    def until_flag(self) -> float | None:
        """Seconds until the running seat's time is up (None: no time runs)."""
        return None if self._running is None else self.left(self._running)

    def view(self) -> ClockView:
        return ClockView((self.left(0), self.left(1)), self._running, self.setting)
