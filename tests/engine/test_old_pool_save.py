"""A save of the launch-era pool (made before CONTRACT and EX01 joined the pool, tests/engine/data)
still loads and replays, with the note that it was made with another card pool: the new sets
left the launch cards' games as they were (saves are seed + decks + actions)."""

from __future__ import annotations

import json
from pathlib import Path

from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.observe import observe
from zenonzard_tui.engine.save import load_game, pool_note, read_record

DATA = Path(__file__).parent / "data"
SAVE = DATA / "launch-pool-game.json"


def _summary(view: dict) -> dict:
    players = [
        {
            "life": p["life"],
            "hand_size": p["hand_size"],
            "deck_size": p["deck_size"],
            "field": [s["name"] for s in p["field"]],
            "base": [s["name"] for s in p["base"]],
            "trash": [t["name"] if isinstance(t, dict) else t for t in p["trash"]],
        }
        for p in view["players"]
    ]
    return {"turn": view["turn"], "phase": view["phase"], "players": players}


def test_a_launch_pool_save_replays_to_the_same_position_with_the_note():
    record = read_record(SAVE)
    assert record["pool_version"] != load_pool().version  # (the pool has grown since)
    note = pool_note(record)
    assert note is not None and "another card pool" in note
    game = load_game(SAVE)
    view = json.loads(json.dumps(observe(game, 0).to_dict(), default=str))
    expected = json.loads((DATA / "launch-pool-game.view-a.json").read_text(encoding="utf-8"))
    assert _summary(view) == expected
