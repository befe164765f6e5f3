"""`zenonzard sim DECK_A DECK_B`: AI-vs-AI matches for testing decks.

Seats alternate going first (unless --first says otherwise), so neither deck gets the first-player
edge. Game g uses seed SEED+g: a game reported as odd can be watched again from its seed.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from zenonzard_tui.ai import LEVELS, AIPlayer
from zenonzard_tui.decks import Deck, DeckError, DeckReadError, deck_files, find_deck, load_deck
from zenonzard_tui.engine.events import Burn, Cast, Draw, Mana, Summon
from zenonzard_tui.engine.game import Game, new_game
from zenonzard_tui.engine.outcome import Outcome

FIRST = ("alternate", "random", "A", "B")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sim",
        help="play AI-vs-AI matches to test a deck (one opponent or a gauntlet)",
        description="Play AI-vs-AI games between two deck files and report the results.",
    )
    p.add_argument("deck_a", metavar="DECK_A", help="a deck file or a starter deck's name (seat A)")
    p.add_argument(
        "deck_b",
        metavar="DECK_B",
        nargs="+",
        help="the opponent (seat B): a deck file, a starter deck's name, or a folder of decks; "
        "several make a gauntlet, DECK_A against each",
    )
    p.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    p.add_argument(
        "--ai",
        choices=tuple(LEVELS),
        default="medium",
        help="the AI level of both seats (default medium)",
    )
    p.add_argument("--ai-a", choices=tuple(LEVELS), help="the AI level of seat A (overrides --ai)")
    p.add_argument("--ai-b", choices=tuple(LEVELS), help="the AI level of seat B (overrides --ai)")
    p.add_argument("--seed", type=int, default=1, help="game g uses seed SEED+g (default 1)")
    p.add_argument(
        "--first",
        choices=FIRST,
        default="alternate",
        help="who goes first: alternate (default), random, A or B",
    )
    p.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        help="games played at once, one per process (default 1; the results are the same)",
    )
    p.add_argument(
        "--cards",
        action="store_true",
        help="also show, for each card of DECK_A, how often it was drawn and played and the "
        "score in games where it was drawn and where it was not",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(run=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


@dataclass
class Tally:
    """What a match has given so far."""

    names: tuple[str, str]
    levels: tuple[str, str]
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    first_wins: list[int] = field(default_factory=lambda: [0, 0])  # wins by A / B going first
    first_games: list[int] = field(default_factory=lambda: [0, 0])  # games A / B went first
    turns: list[int] = field(default_factory=list)
    ends: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    # per card name of deck A: games drawn, score in them (win 1, draw 1/2), games played
    drawn: Counter = field(default_factory=Counter)
    drawn_score: Counter = field(default_factory=Counter)
    played: Counter = field(default_factory=Counter)

    def add(self, game: Result) -> None:
        self.games += 1
        self.first_games[game.first] += 1
        if game.outcome.winner is None:
            self.draws += 1
        else:
            self.wins[game.outcome.winner] += 1
            if game.outcome.winner == game.first:
                self.first_wins[game.first] += 1
        self.turns.append(game.turn)
        self.ends[game.outcome.termination.value] += 1
        score = game.outcome.score(0)
        for name in game.drawn:
            self.drawn[name] += 1
            self.drawn_score[name] += score
        self.played.update(game.played)

    @property
    def score(self) -> float:
        return self.wins[0] + self.draws / 2

    def card_rows(self, names: list[str]) -> list[dict]:
        """Per card of deck A: games drawn and played; the score when drawn and when not."""
        rows = []
        for name in names:
            drawn = self.drawn[name]
            not_drawn = self.games - drawn
            rest = self.score - self.drawn_score[name]
            rows.append(
                {
                    "card": name,
                    "drawn": drawn,
                    "played": self.played[name],
                    "score_drawn": round(self.drawn_score[name] / drawn, 4) if drawn else None,
                    "score_not_drawn": round(rest / not_drawn, 4) if not_drawn else None,
                }
            )
        return rows

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "decks": list(self.names),
            "ai": list(self.levels),
            "wins": {"A": self.wins[0], "B": self.wins[1]},
            "draws": self.draws,
            "win_rate_A": _rate(self.wins[0], self.draws, self.games),
            "margin_95": _margin(self.wins[0], self.draws, self.games),
            "going_first": {
                "A": {"games": self.first_games[0], "wins": self.first_wins[0]},
                "B": {"games": self.first_games[1], "wins": self.first_wins[1]},
            },
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else None,
            "ends": dict(self.ends),
            "seconds": round(self.seconds, 2),
        }


def _rate(wins: int, draws: int, games: int) -> float:
    """Seat A's score share: a win counts 1, a draw 1/2."""
    return round((wins + draws / 2) / games, 4) if games else 0.0


def _margin(wins: int, draws: int, games: int) -> float:
    """The 95% margin of error of that share (normal approximation)."""
    if games < 2:
        return 1.0
    p = (wins + draws / 2) / games
    return round(1.96 * math.sqrt(max(p * (1 - p), 0.25 / games) / games), 4)


def play_game(deck_a: Deck, deck_b: Deck, levels: tuple[str, str], seed: int, first) -> Game:
    """One AI-vs-AI game; each seat's AI decides only from what that seat may know."""
    game = new_game(deck_a, deck_b, seed=seed, first=first)
    players = (AIPlayer(levels[0], seed * 2), AIPlayer(levels[1], seed * 2 + 1))
    while not game.over:
        game.apply(players[game.pending.seat].choose(game))
    return game


@dataclass(frozen=True)
class Result:
    """What a tally needs of a finished game (small, to pass between processes)."""

    first: int
    outcome: Outcome
    turn: int
    drawn: frozenset[str]  # the names of deck A's cards that came into A's hand
    played: frozenset[str]  # ... and that A summoned, cast or put into its base


def _play(job: tuple) -> Result:
    game = play_game(*job)
    drawn, played = set(), set()
    for event in game.log.records:
        if isinstance(event, Draw | Burn | Summon | Cast | Mana) and event.seat == 0:
            if event.uid is None:  # a colorless mana token
                continue
            name = game.defs[event.uid].name
            (drawn if isinstance(event, Draw | Burn) else played).add(name)
    return Result(
        game.first,
        game.outcome,
        game.turn,
        frozenset(drawn),
        frozenset(played),
    )


def _results(jobs: list[tuple], processes: int):
    """The games' results in order, played `processes` at a time."""
    if processes == 1:
        yield from map(_play, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        yield from pool.imap(_play, jobs)


def _first_for(mode: str, g: int):
    if mode == "alternate":
        return g % 2
    if mode == "random":
        return "random"
    return mode


def _opponents(specs: list[str]) -> list[Deck]:
    """The decks DECK_B names: files, starter names, and every deck of a folder."""
    out = []
    for spec in specs:
        path = Path(spec).expanduser()
        files = deck_files(path) if path.is_dir() else [find_deck(spec)]
        if not files:
            raise DeckReadError(spec, "a folder with no *.deck file in it")
        out += [load_deck(f) for f in files]
    return out


def run(args: argparse.Namespace) -> int:
    try:
        deck_a = load_deck(find_deck(args.deck_a))
        opponents = _opponents(args.deck_b)
    except DeckError as exc:
        print(f"zenonzard sim: {exc}", file=sys.stderr)
        return 2
    levels = (args.ai_a or args.ai, args.ai_b or args.ai)
    tallies, stopped = _matches(deck_a, opponents, levels, args)
    cards = sorted({c.name for c in deck_a.cards}) if args.cards else []
    if args.json:
        out = {**tallies[0].as_dict(), "stopped": stopped}
        if len(opponents) > 1:
            out = {"matches": [t.as_dict() for t in tallies], **_overall(tallies)}
            out["stopped"] = stopped
        if cards:
            out["cards"] = _all(tallies).card_rows(cards)
        print(json.dumps(out, indent=1))
    else:
        print("\n\n".join(report(t, stopped and t is tallies[-1]) for t in tallies))
        if len(opponents) > 1:
            o = _overall(tallies)
            print(
                f"\nOverall: {deck_a.name} scores {100 * o['score']:.1f}% over {o['games']} games "
                f"against {len(tallies)} decks ({o['wins']} wins, {o['losses']} losses, "
                f"{o['draws']} draws)"
            )
        if cards:
            print("\n" + card_report(deck_a.name, _all(tallies), cards))
    return 130 if stopped else 0


def _all(tallies: list[Tally]) -> Tally:
    """One tally of every game of deck A (for the per-card figures)."""
    total = Tally(tallies[0].names, tallies[0].levels)
    for t in tallies:
        total.games += t.games
        total.wins = [total.wins[0] + t.wins[0], total.wins[1] + t.wins[1]]
        total.draws += t.draws
        total.drawn.update(t.drawn)
        total.drawn_score.update(t.drawn_score)
        total.played.update(t.played)
    return total


def card_report(deck: str, tally: Tally, cards: list[str]) -> str:
    """The per-card table: a card whose games go better when it is drawn helps the deck."""
    rows = tally.card_rows(cards)
    width = max(len(r["card"]) for r in rows)
    lines = [
        f"{deck}: its cards over {tally.games} games (score: a win 1, a draw 1/2)",
        f"  {'card':<{width}}  drawn  played  score drawn  score not drawn",
    ]

    def pct(v: float | None) -> str:
        return "    -" if v is None else f"{100 * v:5.1f}%"

    for r in sorted(rows, key=lambda r: -(r["score_drawn"] or 0)):
        lines.append(
            f"  {r['card']:<{width}}  {r['drawn']:5d}  {r['played']:6d}  "
            f"{pct(r['score_drawn']):>11}  {pct(r['score_not_drawn']):>15}"
        )
    return "\n".join(lines)


def _matches(deck_a: Deck, opponents: list[Deck], levels, args) -> tuple[list[Tally], bool]:
    """Play DECK_A against each opponent; (the tallies, stopped by Ctrl-C)."""
    progress = sys.stderr.isatty() and not args.json
    tallies: list[Tally] = []
    stopped = False
    for deck_b in opponents:
        names = (deck_a.name, deck_b.name)
        if names[0] == names[1]:  # a mirror match: tell the seats apart
            names = (f"{names[0]} (A)", f"{names[1]} (B)")
        tally = Tally(names, levels)
        tallies.append(tally)
        start = time.perf_counter()
        jobs = [
            (deck_a, deck_b, levels, args.seed + g, _first_for(args.first, g))
            for g in range(args.games)
        ]
        try:
            for result in _results(jobs, min(args.jobs, args.games)):
                tally.add(result)
                if progress:
                    note = f"{deck_b.name}: {tally.games}/{args.games} games"
                    print(f"\r{note:<60}", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            stopped = True
        tally.seconds = time.perf_counter() - start
        if stopped:
            break
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr)
    return tallies, stopped


def _overall(tallies: list[Tally]) -> dict:
    t = _all(tallies)
    return {
        "games": t.games,
        "wins": t.wins[0],
        "losses": t.wins[1],
        "draws": t.draws,
        "score": _rate(t.wins[0], t.draws, t.games),
    }


def report(t: Tally, stopped: bool = False) -> str:
    d = t.as_dict()
    a, b = t.names
    lines = [f"{a} ({t.levels[0]}) vs {b} ({t.levels[1]}): {t.games} games"]
    if stopped:
        lines[0] += " (stopped early)"
    if not t.games:
        return lines[0]
    share, margin = d["win_rate_A"], d["margin_95"]
    lines.append(
        f"  {a}: {t.wins[0]} wins   {b}: {t.wins[1]} wins   draws: {t.draws}"
        f"   -> {a} scores {100 * share:.1f}% (+/- {100 * margin:.1f} at 95%)"
    )
    for seat, name in enumerate(t.names):
        n = t.first_games[seat]
        if n:
            lines.append(
                f"  {name} going first: {t.first_wins[seat]}/{n} wins ({100 * t.first_wins[seat] / n:.0f}%)"
            )
    ends = ", ".join(f"{kind} {n}" for kind, n in t.ends.most_common())
    lines.append(f"  mean length: {d['mean_turns']} turns; endings: {ends}")
    lines.append(f"  {t.seconds:.1f} s ({t.games / t.seconds if t.seconds else 0:.1f} games/s)")
    return "\n".join(lines)
