"""Our engine against ZZ-Project's (another fan implementation of Zenonzard, a Python + Electron
project: github.com/TohmaN233/ZZ-Project), side by side: issue 21's budget is "ZZ-Project vs
ours per decision >= 20x" (ours takes at most 1/20 of ZZ-Project's time a decision). Both engines
play the same seeded games' decks with uniformly random legal actions; for each engine it prints
the CPU (time.process_time) and wall (time.perf_counter) medians a decision and a game, the
decisions a game, and the ratio ZZ-Project / ours.

    python bench/zzproject.py --zz PATH [--games N] [--seed S] [--zz-python PYTHON]

--zz PATH: a checkout of ZZ-Project. Its rules engine is the package zz/ (zz.engine.Engine),
  pure Python with no package outside the standard library; it runs headless here, with no
  Electron and no web server, set up as its own zz/sim.py does.
--zz-python PYTHON: the interpreter that runs ZZ-Project (default: the one running this script).

The decks: our starter decks (decks/*.deck), each in both engines with the same 40 card ids (ZZ-
Project names cards by the same official ids) and the same two Forces (matched by their creature:
ZZ-Project's force_e is Cyclops, our Force of Sin; and so on). Each game draws two of them, the
same two in both engines. A deck that ZZ-Project cannot build is left out of both (and named).

A decision is what bench/engine.py times: from one decision point to the next, listing the legal
actions, choosing one at random and applying it, up to the next decision (or the game's end).
Ours stops at every decision (`legal()` + `apply()`). ZZ-Project's main loop lists and applies
the actions of the mana and main steps (`legal_actions()` + `apply()`); the rest it asks its
policy from inside `apply()` (mulligan, Flash priority, block, effect targets): each such question
is a decision point too, so a decision there runs from one question to the next. As ours, the
attack's target belongs to the attack (our action names it: `attack X -> player`), a block is
asked even with no blocker, and a target choice with no option is no decision. The clocks are
read once at each decision point in both engines. Per game: setup (the decks' cards, shuffles,
opening hands) to the game's end, without the per-decision clocks.

Each engine runs in a process of its own (its own interpreter, imports and garbage collector),
both started before any timing and warmed up with one game; each times itself and reports to
this script, which interleaves them game by game (ours first in even games, ZZ-Project first in
odd ones) so that the machine's load weighs on both alike. Per decision: min(N, 100) more games,
as bench/engine.py; the mean a decision is printed too (the decisions' times are skewed, more so
in ZZ-Project's, so the two ratios differ). Each decision includes the harness's own work, the
clocks read and the random choice made (about half a microsecond, the same in both, a sixth of
our median decision): timed alone in each process, with no engine, and printed with the median
decision less it (the engines' own time). The budget is judged on the decision as timed. On a busy machine ZZ-Project's CPU time grows more
than ours (seen on the 2-core machine; likely its larger working set, sharing the caches):
compare runs taken under like loads (the load average is printed).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BUDGET = 20.0  # issue 21: ZZ-Project's time a decision / ours
# ZZ-Project's Force ids by their creature (zz/forces.py; data/forces.tsv)
ZZ_FORCES = {
    "Cyclops": "force_e",
    "Chimera": "force_kon",
    "Minotaur": "force_kai",
    "Orthrus": "force_so",
    "Sphinx": "force_sei",
    "Chiron": "force_chi",
    "Siren": "force_li",
    "Pegasus": "force_sho",
    "Phoenix": "force_so2",
    "Ouroboros": "force_rin",
}
ZZ_FILES = ("zz/engine.py", "zz/decks.py", "zz/forces.py", "zz/model.py")

Mark = list[tuple[float, float]]  # (process_time, perf_counter) at each decision point


def _clocks() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


# ----------------------------------------------------------------------------------------------
# The engines, each in its worker process


class Ours:
    """zenonzard-tui, the package beside this script (compiled or pure, as installed)."""

    def __init__(self) -> None:
        from zenonzard_tui import buildinfo
        from zenonzard_tui.decks import load_deck, starter_files
        from zenonzard_tui.engine.game import new_game
        from zenonzard_tui.engine.state import TURN_LIMIT

        self.new_game = new_game
        paths = starter_files()
        self.decks = [load_deck(p) for p in paths]
        self.hello = {
            "engine": f"zenonzard-tui ({buildinfo.describe()})",
            "turn_limit": f"turn {TURN_LIMIT} (ZR 1.5)",
            "decks": [
                {
                    "name": p.stem,
                    "cards": list(d.card_ids),
                    "creatures": [f.creature for f in d.forces],
                }
                for p, d in zip(paths, self.decks, strict=True)
            ],
        }

    def use_decks(self, names: list[str]) -> dict[str, Any]:
        by_name = {d["name"]: deck for d, deck in zip(self.hello["decks"], self.decks, strict=True)}
        self.decks = [by_name[n] for n in names]
        return {}

    def play(self, seed: int, a: int, b: int, marks: Mark | None) -> dict[str, Any]:
        choice = random.Random(f"choices {seed}").choice
        new_game = self.new_game
        c0, t0 = _clocks()
        game = new_game(self.decks[a], self.decks[b], seed=seed, log=False)
        n = 0
        if marks is None:
            while not game.over:
                game.apply(choice(game.legal()))
                n += 1
        else:
            mark = marks.append
            while not game.over:
                mark((time.process_time(), time.perf_counter()))
                game.apply(choice(game.legal()))
                n += 1
            mark((time.process_time(), time.perf_counter()))
        c1, t1 = _clocks()
        assert game.outcome is not None
        end = game.outcome.termination.name
        return {"cpu": c1 - c0, "wall": t1 - t0, "decisions": n, "turns": game.turn, "end": end}


class _UniformPolicy:
    """ZZ-Project's policy interface (zz/ai.py's RandomLegalPolicy), choosing uniformly among
    the legal answers, and reading the clocks at each decision point."""

    def __init__(self, rng: random.Random, mark: Any) -> None:
        self.rng = rng
        self.mark = mark

    def choose(self, engine: Any) -> Any:  # the mana and main steps (the main loop)
        self.mark()
        return self.rng.choice(engine.legal_actions())

    def choose_flash(self, engine: Any, legal: list) -> Any:  # `legal` holds flash_pass
        self.mark()
        return self.rng.choice(legal)

    def choose_blocker(self, engine: Any, attacker: Any, blockers: list) -> Any:
        self.mark()  # None: no block (where a block is required, the engine takes one)
        return self.rng.choice([None, *blockers])

    def choose_attack_target(self, engine: Any, attacker: Any, targets: list) -> Any:
        return self.rng.choice(targets)  # part of the attack's decision, as in ours

    def choose_target(self, engine: Any, kind: str, min_n: int, max_n: int, eligible: list):
        if not eligible:
            return []  # no option: no decision (ours skips such a choice)
        self.mark()
        k = min_n if min_n == max_n else self.rng.randint(min_n, max_n)
        return self.rng.sample(eligible, min(k, len(eligible)))

    def choose_mulligan(self, engine: Any, player: Any) -> list:
        self.mark()  # each card of the hand in or out: every set equally likely
        return [ci for ci in player.hand if self.rng.random() < 0.5]


class ZZ:
    """ZZ-Project's engine, from the checkout at `path`, set up as its zz/sim.py does."""

    def __init__(self, path: Path) -> None:
        sys.path.insert(0, str(path))
        import zz.decks
        import zz.engine
        import zz.enums
        import zz.forces
        import zz.model
        from zz.cards import CARD_REGISTRY

        self.zz = zz
        self.registry = CARD_REGISTRY
        self.decks: list[tuple[dict[str, int], list[str]]] = []
        safety = zz.engine.MAX_TURNS_SAFETY
        self.hello = {
            "engine": f"ZZ-Project ({path})",
            "turn_limit": f"{2 * safety} turns (MAX_TURNS_SAFETY: {safety} rounds)",
        }

    def use_decks(self, decks: list[dict[str, Any]]) -> dict[str, Any]:
        kept, skipped = [], []
        for d in decks:
            missing = sorted({c for c in d["cards"] if c not in self.registry})
            missing += [c for c in d["creatures"] if c not in ZZ_FORCES]
            if missing:
                skipped.append(f"{d['name']} (no {', '.join(missing)})")
                continue
            forces = [ZZ_FORCES[c] for c in d["creatures"]]
            self.decks.append((dict(Counter(d["cards"])), forces))
            kept.append(d["name"])
        return {"kept": kept, "skipped": skipped}

    def play(self, seed: int, a: int, b: int, marks: Mark | None) -> dict[str, Any]:
        zz = self.zz
        GameOver = zz.engine.GameOver
        count = [0]
        if marks is None:

            def mark() -> None:
                count[0] += 1
        else:
            append = marks.append

            def mark() -> None:
                append((time.process_time(), time.perf_counter()))

        policy = _UniformPolicy(random.Random(f"choices {seed}"), mark)
        c0, t0 = _clocks()
        rng = random.Random(seed)
        p1 = zz.model.Player(name="P1", side=zz.enums.Side.P1, is_first_player=True)
        p2 = zz.model.Player(name="P2", side=zz.enums.Side.P2, is_first_player=False)
        state = zz.model.GameState(players=[p1, p2])
        engine = zz.engine.Engine(state, rng=rng)
        state.engine = engine
        engine.set_policies(policy, policy)
        seats = ((p1, self.decks[a]), (p2, self.decks[b]))
        for p, (recipe, _) in seats:
            p.deck = zz.decks.build_deck(recipe, owner=p, iid_factory=state.allocate_iid)
        for p, _ in seats:
            rng.shuffle(p.deck)
        all_forces = zz.forces.ALL_FORCES
        for p, (_, forces) in seats:
            engine.deal_opening_hand(p)
            engine.install_forces(
                p,
                [
                    zz.model.ForceInstance(
                        force=all_forces[f], owner=p, life=all_forces[f].initial_life
                    )
                    for f in forces
                ],
            )
        try:
            for p, _ in seats:
                engine.mulligan(p, redraw=policy.choose_mulligan(engine, p))
            engine.begin_turn()
            while True:
                engine.apply(policy.choose(engine))
        except GameOver as over:
            end = "TURN_LIMIT" if "MAX_TURNS_SAFETY" in over.reason else "other"
        if marks is not None:
            mark()
        c1, t1 = _clocks()
        n = count[0] if marks is None else len(marks) - 1
        # its turn counts rounds: the players' turns, as ours counts them
        turns = 2 * (state.turn - 1) + (state.active_idx + 1 if end == "other" else 0)
        return {"cpu": c1 - c0, "wall": t1 - t0, "decisions": n, "turns": turns, "end": end}


class _Listing:
    """A stand-in for ZZ-Project's engine in `harness`: its legal actions, no rules."""

    def __init__(self, actions: list[int]) -> None:
        self.actions = actions

    def legal_actions(self) -> list[int]:
        return self.actions


def harness(kind: str, n: int = 100_000) -> dict[str, list[float]]:
    """The harness alone, as each engine's `play` runs it a decision, with no engine: the clocks
    read at the decision point and the uniform choice among 8 actions (ours: inline, as its
    loop; ZZ-Project's: through `_UniformPolicy.choose`). Both engines' decisions include it."""
    actions = list(range(8))
    marks: Mark = []
    if kind == "ours":
        choice = random.Random("harness").choice
        mark = marks.append
        for _ in range(n):
            mark((time.process_time(), time.perf_counter()))
            choice(actions)
    else:
        append = marks.append

        def stamp() -> None:
            append((time.process_time(), time.perf_counter()))

        policy, listing = _UniformPolicy(random.Random("harness"), stamp), _Listing(actions)
        for _ in range(n):
            policy.choose(listing)
    return {
        "seg_cpu": [b[0] - a[0] for a, b in itertools.pairwise(marks)],
        "seg_wall": [b[1] - a[1] for a, b in itertools.pairwise(marks)],
    }


def serve(kind: str, zz_path: str | None) -> None:
    """A worker: one JSON request a line on stdin, one JSON answer a line on the saved stdout
    (whatever the engine prints goes to stderr)."""
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    engine = Ours() if kind == "ours" else ZZ(Path(zz_path or "."))
    python = f"Python {platform.python_version()} ({sys.executable})"
    out.write(json.dumps({**engine.hello, "python": python}) + "\n")
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "decks":
            answer = engine.use_decks(req["decks"])
        elif req["op"] == "harness":
            answer = harness(kind)
        else:
            marks: Mark | None = [] if req["op"] == "decisions" else None
            try:
                answer = engine.play(req["seed"], req["a"], req["b"], marks)
            except Exception as e:
                answer = {"error": f"{type(e).__name__}: {e}"}
            if marks is not None and "error" not in answer:
                answer["seg_cpu"] = [b[0] - a[0] for a, b in itertools.pairwise(marks)]
                answer["seg_wall"] = [b[1] - a[1] for a, b in itertools.pairwise(marks)]
        out.write(json.dumps(answer) + "\n")


# ----------------------------------------------------------------------------------------------
# The driver


class WorkerError(Exception):
    pass


class Worker:
    def __init__(self, argv: list[str], name: str) -> None:
        self.name = name
        self.log: IO[str] = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed by close())
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True
            )
        except OSError as e:
            self.log.close()
            raise WorkerError(f"{name} cannot start: {e}") from None
        self.hello = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            self.log.seek(0)
            tail = self.log.read().strip().splitlines()[-5:]
            raise WorkerError(
                f"{self.name}'s process ended (exit status {self.proc.returncode}):\n  "
                + "\n  ".join(tail or ["(nothing on stderr)"])
            )
        return json.loads(line)

    def call(self, **req: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin:
            with contextlib.suppress(OSError):  # (a worker that died: its pipe is broken)
                self.proc.stdin.close()
        self.proc.wait()
        self.log.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zz", type=Path, help="a checkout of ZZ-Project (TohmaN233/ZZ-Project)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--zz-python", default=sys.executable, help="the interpreter for ZZ-Project")
    ap.add_argument("--worker", choices=("ours", "zz"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        serve(args.worker, str(args.zz) if args.zz else None)
        return
    if args.zz is None:
        ap.error(
            "--zz PATH is required: a checkout of ZZ-Project (github.com/TohmaN233/ZZ-Project)"
        )
    missing = [f for f in ZZ_FILES if not (args.zz / f).is_file()]
    if missing:
        ap.error(f"--zz {args.zz} is not a checkout of ZZ-Project: no {', '.join(missing)}")
    if args.games < 1:
        ap.error(f"--games must be 1 or more, got {args.games}")

    me = str(Path(__file__).resolve())
    workers: list[Worker] = []
    status = 2  # a worker that cannot start: ZZ-Project (or ours) cannot run here
    try:
        ours = Worker([sys.executable, me, "--worker", "ours"], "our engine")
        workers.append(ours)
        zz = Worker(
            [args.zz_python, me, "--worker", "zz", "--zz", str(args.zz.resolve())],
            "ZZ-Project",
        )
        workers.append(zz)
        built = zz.call(op="decks", decks=ours.hello["decks"])
        names, skipped = built["kept"], built["skipped"]
        if not names:
            print(
                "error: ZZ-Project can build none of our decks:",
                *skipped,
                sep="\n  ",
                file=sys.stderr,
            )
            sys.exit(2)
        ours.call(op="decks", decks=names)  # the same decks, in the same order
        status = 1  # from here on, a worker that dies is a failure of the run
        load = os.getloadavg()[0]
        results = (*run(ours, zz, args, len(names)), (load, os.getloadavg()[0]))
    except WorkerError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(status)
    finally:
        for w in workers:
            w.close()
    report(ours.hello, zz.hello, args, names, skipped, *results)


def run(ours: Worker, zz: Worker, args: argparse.Namespace, n_decks: int) -> tuple:
    rng = random.Random(args.seed)
    pair = (ours, zz)
    games: dict[str, list[dict]] = {"ours": [], "zz": []}
    decisions: dict[str, list[dict]] = {"ours": [], "zz": []}

    def both(op: str, g: int, seed: int, into: dict[str, list[dict]]) -> None:
        """Game g in each engine, the same decks: ours first in even games, ZZ-Project in odd."""
        a, b = rng.randrange(n_decks), rng.randrange(n_decks)
        for w in pair if g % 2 == 0 else pair[::-1]:
            into["ours" if w is ours else "zz"].append(w.call(op=op, seed=seed, a=a, b=b))

    for w in pair:  # warm-up, not counted
        w.call(op="play", seed=-1, a=0, b=n_decks - 1)
    for g in range(args.games):
        both("play", g, args.seed + g, games)
    for g in range(min(args.games, 100)):
        both("decisions", g, 10_000 + g, decisions)
    harnesses = {"ours": ours.call(op="harness"), "zz": zz.call(op="harness")}
    return games, decisions, harnesses


def report(
    ours_hello: dict,
    zz_hello: dict,
    args: argparse.Namespace,
    names: list[str],
    skipped: list[str],
    games: dict[str, list[dict]],
    decisions: dict[str, list[dict]],
    harnesses: dict[str, dict[str, list[float]]],
    load: tuple[float, float],
) -> None:
    med = statistics.median
    rows: dict[str, dict[str, float]] = {}
    errors: dict[str, list[str]] = {}
    for key in ("ours", "zz"):
        good = [r for r in games[key] if "error" not in r]
        timed = [r for r in decisions[key] if "error" not in r]
        errors[key] = [r["error"] for r in games[key] + decisions[key] if "error" in r]
        if not good or not timed:
            who = "ours" if key == "ours" else "ZZ-Project"
            print(f"error: every game of {who} raised, e.g. {errors[key][0]}", file=sys.stderr)
            sys.exit(1)
        seg_cpu = [s for r in timed for s in r["seg_cpu"]]
        seg_wall = [s for r in timed for s in r["seg_wall"]]
        rows[key] = {
            "dec_cpu": med(seg_cpu) * 1e6,
            "dec_wall": med(seg_wall) * 1e6,
            "dec_mean": statistics.fmean(seg_cpu) * 1e6,
            "game_cpu": med(r["cpu"] for r in good) * 1e3,
            "game_wall": med(r["wall"] for r in good) * 1e3,
            "decisions": med(r["decisions"] for r in good),
            "turns": med(r["turns"] for r in good),
            "limit": sum(r["end"] == "TURN_LIMIT" for r in good),
            "harness": med(harnesses[key]["seg_cpu"]) * 1e6,
            "n_games": len(good),
            "n_dec": len(seg_cpu),
        }
    o, z = rows["ours"], rows["zz"]
    print(f"games: {args.games} in each engine, seed {args.seed}, uniformly random legal actions")
    print(f"decks: {len(names)} of our starter decks, the same cards and Forces in both engines")
    for s in skipped:
        print(f"  left out (ZZ-Project cannot build it): {s}")
    print(f"ours:       {ours_hello['engine']}, {ours_hello['python']}")
    print(f"ZZ-Project: {zz_hello['engine']}, {zz_hello['python']}")
    print(
        f"the machine's load (1-minute average): {load[0]:.2f} at the start, {load[1]:.2f} at the end"
    )
    print(f"{'':34}{'ours':>12}{'ZZ-Project':>14}{'ZZ/ours':>10}")

    def line(label: str, key: str, unit: str, fmt: str) -> None:
        ratio = z[key] / o[key] if o[key] else float("nan")
        print(
            f"{label:34}{format(o[key], fmt):>9} {unit:2}{format(z[key], fmt):>11} {unit:2}"
            f"{ratio:>9.1f}x"
        )

    line("a decision: CPU median", "dec_cpu", "us", ".1f")
    line("a decision: wall median", "dec_wall", "us", ".1f")
    line("a decision: CPU mean", "dec_mean", "us", ".1f")
    for row in rows.values():
        row["engine"] = row["dec_cpu"] - row["harness"]
    line("  the harness alone: CPU median", "harness", "us", ".2f")
    line("  a decision less it: CPU median", "engine", "us", ".1f")
    line("a game: CPU median", "game_cpu", "ms", ".2f")
    line("a game: wall median", "game_wall", "ms", ".2f")
    line("decisions a game (median)", "decisions", "", ".0f")
    line("turns a game (median)", "turns", "", ".0f")
    print(f"{'games ended by the turn limit':34}{o['limit']:>12}{z['limit']:>14}")
    print(f"  the turn limit: ours {ours_hello['turn_limit']}; ZZ-Project {zz_hello['turn_limit']}")
    print(f"{'decisions timed one by one':34}{o['n_dec']:>12}{z['n_dec']:>14}")
    for key, who in (("ours", "ours"), ("zz", "ZZ-Project")):
        if errors[key]:
            common = Counter(errors[key]).most_common(3)
            print(f"{who}: {len(errors[key])} games raised (left out):")
            for text, k in common:
                print(f"  {k} x {text[:160]}")
    ratio = z["dec_cpu"] / o["dec_cpu"]
    verdict = "met" if ratio >= BUDGET else "NOT met"
    print(f"budget (issue 21): ZZ-Project / ours per decision >= {BUDGET:.0f}x (CPU): {verdict}")


if __name__ == "__main__":
    main()
