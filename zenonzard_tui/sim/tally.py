"""What a match has given (`Tally`), and the Wilson score interval of a score share."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from zenonzard_tui.sim.play import Result

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the share score/games (a win 1, a draw 1/2): unlike the
    normal approximation it stays within 0..1 and is not empty at 0/N or N/N. No games: (0, 1)."""
    if games <= 0:
        return 0.0, 1.0
    p = score / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # exactly 0 at 0/N and 1 at N/N (where rounding would leave a hair's breadth)
    low = 0.0 if score <= 0 else min(p, centre - half)
    high = 1.0 if score >= games else max(p, centre + half)
    return low, high


@dataclass(frozen=True)
class CardRow:
    """One card of deck A over a run: games it was drawn and played in, and the score of seat A
    in the games where it was drawn and where it was not (None: no such game)."""

    card: str
    drawn: int
    played: int
    score_drawn: float | None
    score_not_drawn: float | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "drawn": self.drawn,
            "played": self.played,
            "score_drawn": self.score_drawn,
            "score_not_drawn": self.score_not_drawn,
        }


@dataclass
class Tally:
    """What a match has given so far. The order the results are added in does not matter."""

    names: tuple[str, str]
    levels: tuple[str, str]
    iterations: int | None = None  # the tree searches' iterations a decision (sim --ai-iterations)
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    first_wins: list[int] = field(default_factory=lambda: [0, 0])  # wins by A / B going first
    first_games: list[int] = field(default_factory=lambda: [0, 0])  # games A / B went first
    turns: int = 0  # the sum of the games' lengths in turns
    ends: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    # per card name of deck A: games drawn, score in them (win 1, draw 1/2), games played
    drawn: Counter[str] = field(default_factory=Counter)
    drawn_score: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    played: Counter[str] = field(default_factory=Counter)

    def add(self, game: Result) -> None:
        self.games += 1
        self.first_games[game.first] += 1
        if game.outcome.winner is None:
            self.draws += 1
        else:
            self.wins[game.outcome.winner] += 1
            if game.outcome.winner == game.first:
                self.first_wins[game.first] += 1
        self.turns += game.turn
        self.ends[game.outcome.termination.value] += 1
        score = game.outcome.score(0)
        for name in game.drawn:
            self.drawn[name] += 1
            self.drawn_score[name] += score
        self.played.update(game.played)

    def merge(self, other: Tally) -> None:
        """Add `other`'s games (for the overall figures of a gauntlet)."""
        self.games += other.games
        self.draws += other.draws
        for seat in (0, 1):
            self.wins[seat] += other.wins[seat]
            self.first_wins[seat] += other.first_wins[seat]
            self.first_games[seat] += other.first_games[seat]
        self.turns += other.turns
        self.ends.update(other.ends)
        self.seconds += other.seconds
        self.drawn.update(other.drawn)
        for name, score in other.drawn_score.items():
            self.drawn_score[name] += score
        self.played.update(other.played)

    @property
    def score(self) -> float:
        """Seat A's points: a win 1, a draw 1/2."""
        return self.wins[0] + self.draws / 2

    @property
    def share(self) -> float:
        """Seat A's score share (0 when no game was played)."""
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of that share."""
        return wilson(self.score, self.games)

    @property
    def mean_turns(self) -> float | None:
        return self.turns / self.games if self.games else None

    def endings(self) -> list[tuple[str, int]]:
        """(how a game ended, games), most frequent first, ties by name (the same for any
        order of the results)."""
        return sorted(self.ends.items(), key=lambda item: (-item[1], item[0]))

    def card_rows(self, names: list[str]) -> list[CardRow]:
        """Per card of deck A: games drawn and played; the score when drawn and when not."""
        rows = []
        for name in names:
            drawn = self.drawn[name]
            not_drawn = self.games - drawn
            rest = self.score - self.drawn_score[name]
            rows.append(
                CardRow(
                    name,
                    drawn,
                    self.played[name],
                    round(self.drawn_score[name] / drawn, 4) if drawn else None,
                    round(rest / not_drawn, 4) if not_drawn else None,
                )
            )
        return rows

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        mean = self.mean_turns
        return {
            "games": self.games,
            "decks": list(self.names),
            "ai": list(self.levels),
            "ai_iterations": self.iterations,
            "wins": {"A": self.wins[0], "B": self.wins[1]},
            "draws": self.draws,
            "win_rate_A": round(self.share, 4),
            "interval_95": [round(low, 4), round(high, 4)],
            "going_first": {
                "A": {"games": self.first_games[0], "wins": self.first_wins[0]},
                "B": {"games": self.first_games[1], "wins": self.first_wins[1]},
            },
            "mean_turns": None if mean is None else round(mean, 2),
            "ends": dict(self.endings()),
            "seconds": round(self.seconds, 2),
        }
