"""`zenonzard sim DECK_A DECK_B`: AI-vs-AI matches for testing decks.

Seats alternate going first (unless --first says otherwise), so neither deck gets the first-player
edge. Game g uses seed SEED+g: a game reported as odd can be watched again from its seed. This
module reads the command line and writes the report; the games are played by zenonzard_tui/sim
(here, in worker processes or as Ray tasks: the same results, but for an expert seat thinking by
the clock, which plays differently from run to run; `--ai-iterations` gives it a fixed count).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from zenonzard_tui.ai import LEVEL_NAMES
from zenonzard_tui.cli.types import seconds
from zenonzard_tui.decks import Deck, DeckError, DeckReadError, deck_files, find_deck, load_deck
from zenonzard_tui.sim import RunnerError
from zenonzard_tui.sim.local import LocalRunner, usable_cores
from zenonzard_tui.sim.play import FIRST, GameSpec, Result, Run
from zenonzard_tui.sim.progress import Bar
from zenonzard_tui.sim.reach import DEFAULT_TIMEOUT
from zenonzard_tui.sim.tally import Tally
from zenonzard_tui.usertext import terminal_safe


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
    p.add_argument(
        "--games",
        type=_games,
        default=100,
        help="how many games (default 100; they are made as they are played, so any number "
        "up to 10**15 runs in the same memory, until done or Ctrl-C)",
    )
    p.add_argument(
        "--ai",
        choices=LEVEL_NAMES,
        default="medium",
        help="the AI level of both seats (default medium)",
    )
    p.add_argument("--ai-a", choices=LEVEL_NAMES, help="the AI level of seat A (overrides --ai)")
    p.add_argument("--ai-b", choices=LEVEL_NAMES, help="the AI level of seat B (overrides --ai)")
    p.add_argument(
        "--ai-iterations",
        type=_iterations,
        metavar="N",
        help="an expert seat's tree search runs N iterations a decision instead of thinking for "
        "about a second of CPU time, so that a run gives the same results every time, on any "
        "machine, with any --jobs or --ray (the other levels search no tree and play the same "
        "games either way: refused when no seat is expert)",
    )
    p.add_argument("--seed", type=int, default=1, help="game g uses seed SEED+g (default 1)")
    p.add_argument(
        "--first",
        choices=FIRST,
        default="alternate",
        help="who goes first: alternate (default), random, A or B",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        help="games played at once, one per process, at most one per core (default 1; the "
        "results are the same, except with an expert seat thinking by the clock: see "
        "--ai-iterations)",
    )
    where.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play the games as Ray tasks: on this machine, or on the Ray cluster at ADDRESS "
        "(needs Ray, the cluster extra: pip install 'ray>=2.9'; the results are the same as with "
        "--jobs, except with an expert seat thinking by the clock: see --ai-iterations)",
    )
    p.add_argument(
        "--ray-timeout",
        type=seconds(0, 3600, above=True),
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"with --ray ADDRESS: give up on a cluster that does not answer within this time "
        f"(default {DEFAULT_TIMEOUT:g})",
    )
    p.add_argument(
        "--cards",
        action="store_true",
        help="also show, for each card of DECK_A, how often it was drawn and played and the "
        "score in games where it was drawn and where it was not",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no notes on stderr")
    p.set_defaults(run=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


MAX_GAMES = (
    10**15
)  # games a match: more would not end in a lifetime (and a count must fit a C long)


def _games(text: str) -> int:
    value = _positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most 10**15 games, got {text[:40]}")
    return value


MAX_ITERATIONS = 10**9  # a decision's tree search: more would take days a decision


def _iterations(text: str) -> int:
    value = _positive(text)
    if value > MAX_ITERATIONS:
        raise argparse.ArgumentTypeError(f"at most 10**9 iterations a decision, got {text[:40]}")
    return value


class Runner(Protocol, AbstractContextManager[Any]):
    def results(self, specs: Collection[GameSpec]) -> Iterator[Result]: ...

    def where(self) -> str: ...


def _opponents(specs: list[str]) -> list[Deck]:
    """The decks DECK_B names: files, starter names, and every deck of a folder."""
    out = []
    for spec in specs:
        path = Path(spec).expanduser()  # os.path: False, not OSError, for a name too long
        files = deck_files(path) if os.path.isdir(path) else [find_deck(spec)]
        if not files:
            raise DeckReadError(spec, "a folder with no *.deck file in it")
        out += [load_deck(f) for f in files]
    return out


def _note(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(f"zenonzard sim: {text}", file=sys.stderr)


def _runner(decks: list[Deck], games: int, args: argparse.Namespace) -> Runner | None:
    """Where the games are played: Ray, or here in `--jobs` processes (at most one per core).
    None (after saying why) when Ray is asked for and cannot be used."""
    if args.ray is not None:
        try:
            from zenonzard_tui.sim.cluster import RayRunner
        except ImportError:
            print(
                "zenonzard sim: --ray needs Ray, which is not installed here. Install it into "
                f"this Python: {shlex.quote(sys.executable)} -m pip install 'ray>=2.9' (from a "
                "clone of zenonzard-tui, pip install -e '.[cluster]' does the same)",
                file=sys.stderr,
            )
            return None
        return RayRunner(decks, args.ray or None, args.ray_timeout)
    cores = usable_cores()
    jobs = min(args.jobs, games)
    if jobs > cores:
        _note(args, f"--jobs {args.jobs}: this process may use {cores} cores; using {cores}")
        jobs = cores
    return LocalRunner(decks, jobs)


def run(args: argparse.Namespace) -> int:
    levels = (args.ai_a or args.ai, args.ai_b or args.ai)
    if args.ai_iterations is not None and not any(map(_searches_tree, levels)):
        trees = " or ".join(n for n in LEVEL_NAMES if _searches_tree(n))
        print(
            f"zenonzard sim: --ai-iterations sets the tree search of the {trees} AI, and neither "
            f"seat is {trees} here (seat A {levels[0]}, seat B {levels[1]})",
            file=sys.stderr,
        )
        return 2
    try:
        deck_a = load_deck(find_deck(args.deck_a))
        opponents = _opponents(args.deck_b)
    except DeckError as exc:
        print(f"zenonzard sim: {terminal_safe(str(exc), newlines=True)}", file=sys.stderr)
        return 2
    decks = [deck_a, *opponents]
    runner = _runner(decks, args.games * len(opponents), args)
    if runner is None:
        return 2
    try:
        tallies, seconds, stopped = _matches(runner, decks, levels, args)
    except RunnerError as exc:
        print(f"zenonzard sim: {terminal_safe(str(exc), newlines=True)}", file=sys.stderr)
        return 2
    cards = sorted({c.name for c in deck_a.cards}) if args.cards else []
    shown = [t for t in tallies if t.games] or tallies[:1]
    if args.json:
        out = {**tallies[0].as_dict()}
        if len(opponents) > 1:
            out = {"matches": [t.as_dict() for t in shown], **_overall(tallies)}
        out["seconds"] = round(seconds, 2)
        out["stopped"] = stopped
        if cards:
            out["cards"] = [row.as_dict() for row in _all(tallies).card_rows(cards)]
        print(json.dumps(out, indent=1))
    else:
        print("\n\n".join(report(t, args.games) for t in shown))
        if len(opponents) > 1:
            o = _all(tallies)
            low, high = o.interval
            print(
                f"\nOverall: {terminal_safe(deck_a.name)} scores {100 * o.share:.1f}% (95%: {100 * low:.1f}-"
                f"{100 * high:.1f}%) over {o.games} games against {len(tallies)} decks "
                f"({o.wins[0]} wins, {o.wins[1]} losses, {o.draws} draws)"
            )
        rate = sum(t.games for t in tallies) / seconds if seconds else 0.0
        print(f"{seconds:.1f} s ({rate:.1f} games/s, {runner.where()})")
        if cards:
            print("\n" + card_report(deck_a.name, _all(tallies), cards))
    return 130 if stopped else 0


def _searches_tree(level: str) -> bool:
    """Whether the AI level searches a tree, whose iterations --ai-iterations sets (expert)."""
    from zenonzard_tui.ai import LEVELS

    return LEVELS[level].iterations > 0


def _all(tallies: list[Tally]) -> Tally:
    """One tally of every game of deck A."""
    total = Tally(tallies[0].names, tallies[0].levels, tallies[0].iterations)
    for t in tallies:
        total.merge(t)
    return total


def card_report(deck: str, tally: Tally, cards: list[str]) -> str:
    """The per-card table: a card whose games go better when it is drawn helps the deck."""
    rows = tally.card_rows(cards)
    width = max(len(r.card) for r in rows)
    lines = [
        f"{terminal_safe(deck)}: its cards over {tally.games} games (score: a win 1, a draw 1/2)",
        f"  {'card':<{width}}  drawn  played  score drawn  score not drawn",
    ]

    def pct(v: float | None) -> str:
        return "    -" if v is None else f"{100 * v:5.1f}%"

    for r in sorted(rows, key=lambda r: -(r.score_drawn or 0)):
        lines.append(
            f"  {r.card:<{width}}  {r.drawn:5d}  {r.played:6d}  "
            f"{pct(r.score_drawn):>11}  {pct(r.score_not_drawn):>15}"
        )
    return "\n".join(lines)


def _matches(
    runner: Runner, decks: list[Deck], levels: tuple[str, str], args: argparse.Namespace
) -> tuple[list[Tally], float, bool]:
    """Play deck 0 against each other deck: (a tally per match, seconds, stopped by Ctrl-C).
    A stop keeps the games finished so far."""
    deck_a, opponents = decks[0], decks[1:]
    tallies = []
    for deck_b in opponents:
        names = (deck_a.name, deck_b.name)
        if names[0] == names[1]:  # a mirror match: tell the seats apart
            names = (f"{names[0]} (A)", f"{names[1]} (B)")
        tallies.append(Tally(names, levels, args.ai_iterations))
    # made as played
    specs = Run(args.games, len(opponents), args.seed, args.first, levels, args.ai_iterations)
    what = opponents[0].name if len(opponents) == 1 else f"{len(opponents)} decks"
    start = time.perf_counter()
    stopped = False
    try:
        with runner, Bar(not (args.json or args.quiet)) as bar:
            task = bar.add(f"{deck_a.name} vs {what}", len(specs))
            for result in runner.results(specs):
                tallies[result.match].add(result)
                bar.advance(task)
    except KeyboardInterrupt:
        stopped = True
    return tallies, time.perf_counter() - start, stopped


def _overall(tallies: list[Tally]) -> dict[str, Any]:
    t = _all(tallies)
    low, high = t.interval
    return {
        "games": t.games,
        "wins": t.wins[0],
        "losses": t.wins[1],
        "draws": t.draws,
        "score": round(t.share, 4),
        "interval_95": [round(low, 4), round(high, 4)],
    }


def report(t: Tally, planned: int) -> str:
    a, b = (terminal_safe(name) for name in t.names)
    ai = [
        f"{level}, {t.iterations} iterations a decision"
        if t.iterations and _searches_tree(level)
        else level
        for level in t.levels
    ]
    lines = [f"{a} ({ai[0]}) vs {b} ({ai[1]}): {t.games} games"]
    if t.games < planned:
        lines[0] += f" (stopped early, of {planned})"
    if not t.games:
        return lines[0]
    low, high = t.interval
    lines.append(
        f"  {a}: {t.wins[0]} wins   {b}: {t.wins[1]} wins   draws: {t.draws}"
        f"   -> {a} scores {100 * t.share:.1f}% (95%: {100 * low:.1f}-{100 * high:.1f}%)"
    )
    for seat, name in enumerate((a, b)):
        n = t.first_games[seat]
        if n:
            lines.append(
                f"  {name} going first: {t.first_wins[seat]}/{n} wins ({100 * t.first_wins[seat] / n:.0f}%)"
            )
    ends = ", ".join(f"{kind} {n}" for kind, n in t.endings())
    lines.append(f"  mean length: {t.mean_turns:.2f} turns; endings: {ends}")
    return "\n".join(lines)
