"""The games a build plays, as JSON on stdout: the pinned digests (bench/digest.py), every
scenario's result, a short fuzz (seeded random games, the invariants checked after every
action) and the snapshots of network play written and restored (engine/snapshot.py). tests/test_builds.py runs it on the compiled build and on a copy of the pure-Python
sources, each in its own process, and compares: the two builds must play the same games.

    python tests/same_games.py      (the zenonzard_tui beside tests/ is the one it imports)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.digest import digests  # noqa: E402
from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui import buildinfo  # noqa: E402
from zenonzard_tui.engine import invariants  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402
from zenonzard_tui.engine.snapshot import restore, seat_snapshot, snapshot  # noqa: E402
from zenonzard_tui.scenarios import load_scenario, run_scenario  # noqa: E402

FUZZ_GAMES = 12


def fuzz(games: int) -> dict[str, object]:
    """Seeded games of random decks and random legal actions: a digest of every action and clone,
    and the invariants' problems, if any (ZR 3.4, ZR 3.5, cards conserved: engine/invariants.py)."""
    h = hashlib.sha256()
    problems: list[str] = []
    for seed in range(games):
        rng = random.Random(seed)
        game = new_game(random_deck(rng), random_deck(rng), seed=seed)
        while not game.over:
            action = rng.choice(game.legal_actions())
            h.update(action.text.encode())
            game.apply(action)
            if not game.over:  # a clone lists exactly what the original does
                listed = [a.text for a in game.legal_actions()]
                if [a.text for a in game.clone().legal_actions()] != listed:
                    problems.append(f"game {seed}: a clone's listing differs")
            problems += [f"game {seed}: {p}" for p in invariants.problems(game)]
        h.update(repr(game.outcome).encode())
    return {"digest": h.hexdigest(), "problems": problems[:10]}


def snapshots(games: int) -> str:
    """A digest of the snapshots (whole, and each seat's) of seeded games every fifth action, and
    of what each restored game lists: the two builds write the same text and restore the same
    games, so a compiled server and a pure client understand each other."""
    h = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(100 + seed)
        game = new_game(random_deck(rng), random_deck(rng), seed=seed)
        n = 0
        while not game.over:
            if n % 5 == 0:
                data = snapshot(game)
                h.update(json.dumps(data).encode())
                h.update(json.dumps(seat_snapshot(game, n % 2)).encode())
                h.update(repr([a.text for a in restore(data).legal_actions()]).encode())
            game.apply(rng.choice(game.legal_actions()))
            n += 1
    return h.hexdigest()


def main() -> None:
    scenarios = {}
    for path in sorted((ROOT / "tests" / "scenarios").glob("*.toml")):
        result = run_scenario(load_scenario(path))
        scenarios[path.name] = [result.passed, result.step, result.key]
    print(
        json.dumps(
            {
                "package": str(Path(buildinfo.__file__).parent),
                # the modules that ran compiled (none where the .py files run instead)
                "compiled": buildinfo.compiled_modules() if buildinfo.running_compiled() else [],
                "digests": digests(6, 3),
                "scenarios": scenarios,
                "fuzz": fuzz(FUZZ_GAMES),
                "snapshots": snapshots(3),
            }
        )
    )


if __name__ == "__main__":
    main()
