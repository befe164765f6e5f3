"""Seeded random games with the rules' invariants checked after every action.

    python bench/fuzz.py --games N --seed S [--decks starter|random|both] [--out DIR]
                         [--stop-after K] [--quiet]

Game g uses seed S+g: the engine's seed, and a generator seeded with S+g that picks the decks and
then every action, uniformly among the legal ones. So a failing game is re-run alone with
`--games 1 --seed S+g` and the same --decks. After every action the state is checked
(zenonzard_tui/engine/invariants.py); an exception from the engine is a failure too. Each failure
is one line, and the game up to the failing action is saved as a replay in --out (default
./fuzz-failures, made only when something fails); `zenonzard replay FILE` prints its log.

Exit status: 0 when every game was sound, 1 when any failed, 2 for bad arguments, 130 when stopped
by Ctrl-C with no failure found (the summary so far is printed). A progress bar with an ETA shows
on stderr when it is a terminal (not with --quiet).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine import invariants  # noqa: E402
from zenonzard_tui.engine.game import Game, new_game  # noqa: E402
from zenonzard_tui.engine.save import load_game, save_game  # noqa: E402
from zenonzard_tui.sim.progress import Bar  # noqa: E402

DECK_MODES = ("starter", "random", "both")


@dataclass
class Failure:
    seed: int
    decks: str
    action: int  # how many actions were taken before the problem showed (the failing one included)
    problem: str
    replay: Path | None = None
    note: str = ""  # what went wrong saving or replaying it

    def line(self) -> str:
        where = f"replay {self.replay}" if self.replay else "no replay"
        note = f" ({self.note})" if self.note else ""
        return (
            f"FAIL seed {self.seed} ({self.decks}), action {self.action}: {self.problem}; "
            f"{where}{note}"
        )


@dataclass
class Run:
    games: int = 0
    decisions: int = 0
    failures: list[Failure] = field(default_factory=list)


class Crash(Exception):
    """The engine raised while starting, listing or applying an action, or being checked."""

    def __init__(self, stage: str, exc: BaseException, action=None) -> None:
        super().__init__(stage)
        self.stage, self.exc, self.action = stage, exc, action

    def describe(self) -> str:
        frame = traceback.extract_tb(self.exc.__traceback__)[-1]
        place = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
        message = f": {self.exc}" if str(self.exc) else ""
        return f"{type(self.exc).__name__}{message} (raised while {self.stage}, at {place})"


def pick_decks(rng: random.Random, mode: str, starters: list[tuple[str, object]]):
    """Two (label, deck) pairs, drawn from `rng` so that the game's seed alone decides them."""
    picked = []
    for _ in range(2):
        kind = rng.choice(("starter", "random")) if mode == "both" else mode
        picked.append(rng.choice(starters) if kind == "starter" else ("random", random_deck(rng)))
    return picked


def play_one(seed: int, mode: str, starters, out: Path) -> tuple[int, Failure | None]:
    """Play game `seed` to its end or to its first failure: (actions taken, the failure)."""
    rng = random.Random(seed)
    (name_a, deck_a), (name_b, deck_b) = pick_decks(rng, mode, starters)
    label = f"{name_a} vs {name_b}"
    try:
        game = new_game(deck_a, deck_b, seed=seed)
    except Exception as exc:
        return 0, Failure(seed, label, 0, Crash("starting the game", exc).describe())
    try:
        found = _check(game)
        while not found and not game.over:
            action = rng.choice(_call(game.legal, "listing the legal actions"))
            taken = len(game.history)
            held = invariants.attachments(game)  # (ZR 17.6: checked across the action)
            try:
                game.apply(action)
            except Exception as exc:
                del game.history[taken:]  # the replay stops before the action that raised
                raise Crash("applying the action", exc, action) from exc
            found = _check(game, held)
    except Crash as crash:
        if crash.action is None:  # the state after the last action is at fault
            failure = Failure(seed, label, len(game.history), crash.describe())
            _save(game, failure, out)
        else:
            failure = Failure(seed, label, len(game.history) + 1, crash.describe())
            loaded = _save(game, failure, out, raising=crash.action)
            failure.problem = f"'{_text_of(loaded, crash.action)}': {failure.problem}"
        return len(game.history), failure
    if not found:
        return len(game.history), None
    failure = Failure(seed, label, len(game.history), "; ".join(found))
    _save(game, failure, out)
    return len(game.history), failure


def _call(fn, stage: str):
    try:
        return fn()
    except Exception as exc:
        raise Crash(stage, exc) from exc


def _check(game: Game, held: dict | None = None) -> list[str]:
    """The broken invariants of `game`, and of the cards attached before the action
    (`held`: `invariants.attachments` then)."""
    return _call(
        lambda: invariants.problems(game) + invariants.return_problems(held or {}, game),
        "checking the invariants",
    )


def _save(game: Game, failure: Failure, out: Path, raising=None) -> Game | None:
    """Save the game as it stands (its history ends at the failing action, or just before the
    action `raising` that raised), then load the save back to make sure that it replays to that
    point and shows the failure again. The loaded game, or None when saving or loading failed."""
    path = out / f"fuzz-seed-{failure.seed}.json"
    try:
        out.mkdir(parents=True, exist_ok=True)
        save_game(game, path)
        failure.replay = path
        loaded = load_game(path)
    except Exception as exc:
        failure.note = f"saving or loading the replay failed: {type(exc).__name__}: {exc}"
        return None
    if len(loaded.history) != len(game.history):
        failure.note = "the replay loads with a different history"
    elif raising is None:
        try:
            if not invariants.problems(loaded):
                failure.note = "the loaded replay does not show the problem"
        except Exception:
            pass  # it crashes again: the problem shows
    else:
        try:
            loaded.clone().apply(raising)
        except Exception:
            pass
        else:
            failure.note = "the loaded replay does not raise"
    return loaded


def _text_of(loaded: Game | None, action) -> str:
    """The failing action's text, read from the reloaded replay, where the action is legal."""
    if loaded is not None:
        try:
            for legal in loaded.legal_actions():
                if legal == action:
                    return legal.text
        except Exception:
            pass
    return f"{action.kind} {action.args}"


def parse_args(argv):
    def count(text: str) -> int:
        n = int(text)
        if n < 1:
            raise argparse.ArgumentTypeError(f"must be 1 or more, got {n}")
        return n

    def seed(text: str) -> int:
        n = int(text)
        if n < 0:
            raise argparse.ArgumentTypeError(f"must be 0 or more, got {n}")
        return n

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=count, default=300, help="how many games (default 300)")
    ap.add_argument("--seed", type=seed, default=1, help="the first game's seed (default 1)")
    ap.add_argument(
        "--decks",
        choices=DECK_MODES,
        default="starter",
        help="the starter decks, random legal decks of the card pool, or either per seat",
    )
    ap.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-failures"),
        help="where failing games are saved as replays (default ./fuzz-failures)",
    )
    ap.add_argument("--stop-after", type=count, metavar="K", help="stop after K failures")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    starters = [(p.stem, load_deck(p)) for p in starter_files()]
    run = Run()
    started = time.perf_counter()
    interrupted = False
    try:
        with Bar(not args.quiet) as bar:
            task = bar.add(f"fuzz ({args.decks} decks)", args.games)
            for g in range(args.games):
                decisions, failure = play_one(args.seed + g, args.decks, starters, args.out)
                run.games += 1
                run.decisions += decisions
                bar.advance(task)
                if failure is not None:
                    run.failures.append(failure)
                    print(failure.line(), flush=True)
                    if args.stop_after is not None and len(run.failures) >= args.stop_after:
                        break
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: the summary so far", flush=True)
    elapsed = time.perf_counter() - started
    last = args.seed + max(run.games - 1, 0)
    print(
        f"games: {run.games} ({args.decks} decks, seeds {args.seed}-{last}), "
        f"decisions: {run.decisions}, failures: {len(run.failures)}"
    )
    print(f"elapsed: {elapsed:.1f} s, {run.games / max(elapsed, 1e-9):.1f} games/s")
    if run.failures:
        print(
            f"re-run one game: python bench/fuzz.py --games 1 --seed SEED --decks {args.decks}; "
            "show a replay: zenonzard replay FILE"
        )
        return 1
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
