"""How a game ended: an `Outcome` with a `Termination` (ZR 1.2 - 1.5).

Callers read these instead of parsing the end message:

    if game.outcome is not None and game.outcome.termination is Termination.DECK_OUT: ...
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from zenonzard_tui.frozen import picklable

SEATS: Final = ("A", "B")


class Termination(enum.Enum):
    """Why the game ended. The value is a short name for reports; `rule` cites the rule."""

    LIFE = "life 0"  # ZR 1.2: a player's life reached 0 or less
    DECK_OUT = "deck out"  # ZR 1.3: a player had to draw from an empty deck in the draw step
    BOTH_LIFE = "both at 0 life"  # ZR 1.4: both players would lose at once: a draw
    TURN_LIMIT = "turn limit"  # ZR 1.5: the turn limit was reached: a draw
    CONCESSION = "concession"  # a player conceded (no rule: a player may always leave)
    TIME = "time"  # a player's chess clock ran out (no rule: a table's setting, clock.py)

    @property
    def rule(self) -> str | None:
        """The rule that ends the game this way ("ZR 1.2"), None for a concession or time."""
        return _RULES[self]


_RULES: Final = {
    Termination.LIFE: "ZR 1.2",
    Termination.DECK_OUT: "ZR 1.3",
    Termination.BOTH_LIFE: "ZR 1.4",
    Termination.TURN_LIMIT: "ZR 1.5",
    Termination.CONCESSION: None,
    Termination.TIME: None,
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: why, who won (a seat, or None for a draw) and the log's sentence."""

    termination: Termination
    winner: int | None
    reason: str

    @property
    def draw(self) -> bool:
        return self.winner is None

    def result(self) -> str:
        """ "A", "B" or "draw", as scenario files and reports write it."""
        return "draw" if self.winner is None else SEATS[self.winner]

    @classmethod
    def from_dict(cls, raw: dict) -> Outcome:
        """An outcome from its JSON (dataclasses.asdict, the termination by its value)."""
        return cls(Termination(raw["termination"]), raw["winner"], raw["reason"])

    def score(self, seat: int) -> float:
        """1 for a win of `seat`, 0.5 for a draw, 0 for a loss."""
        return 0.5 if self.winner is None else float(self.winner == seat)


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Outcome)
