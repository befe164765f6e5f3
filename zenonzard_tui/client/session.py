"""One duel as the client plays it, without Textual: the game, who plays which seat, saves.

A `Session` owns the engine's `Game`. The screens read the game only through `view()`, which is
`observe(game, seat)` for the seat whose eyes the screen shows, so nothing hidden ever reaches a
widget. Saves are the engine's save record (seed + decks + action texts, `engine/save.py`) with the
client's settings beside it; a practice puzzle, which has no seed and decks to replay from, is saved
as the scenario's own text plus the action texts played from its position.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from zenonzard_tui.ai import AIPlayer
from zenonzard_tui.cards import load_pool
from zenonzard_tui.cards.model import CardDef, ForceDef
from zenonzard_tui.client.saves import (
    APP_NAME,
    autosaves_dir,
    claim_autosave,
    data_dir,
    history_dir,
    player_has_chosen,
    saves_dir,
)
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.engine.actions import Action, IllegalAction
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.observe import Observation, observe
from zenonzard_tui.engine.save import (
    SaveError,
    check_version,
    game_record,
    load_record,
    pool_note,
    read_record,
    replay,
    shown,
    start_game,
    write_atomic,
)
from zenonzard_tui.scenarios import ScenarioError, parse_scenario

__all__ = [
    "APP_NAME",
    "Session",
    "Settings",
    "autosaves_dir",
    "data_dir",
    "load_session",
    "saves_dir",
]

PUZZLE_FORMAT = "zenonzard-puzzle-save"
PUZZLE_VERSION = 1


@dataclass
class Puzzle:
    """Where a practice puzzle came from: its file and its full text (saved with the game)."""

    path: str
    name: str
    text: str
    steps: int = 0  # scripted steps in the file (a puzzle starts before them)


@dataclass
class Session:
    game: Game
    settings: Settings = field(default_factory=Settings)
    puzzle: Puzzle | None = None
    texts: list[str] = field(default_factory=list)  # action texts applied, in order
    ai_seed: int = 0
    save_path: Path | None = None
    saved_count: int | None = None  # len(texts) at the last save; None: never saved
    autosave_dir: Path | None = None  # where this game keeps its autosave (None: no autosave)
    autosave_file: Path | None = None  # its own file there, claimed at the first autosave
    archived: Path | None = None  # where the finished game went in the history
    resumed_from: Path | None = None  # the autosave this game was resumed from (removed later)
    autosaved: bool = False  # True while autosave_file holds this game's latest position
    notice: str | None = None  # what a player should know about the loaded save (shown at start)
    touched: bool = False  # a player has chosen something (saves.player_has_chosen)

    def __post_init__(self) -> None:
        self.catalog: dict[str, CardDef] = dict(self.game.catalog)
        self.forces: dict[str, ForceDef] = dict(load_pool().forces)
        self.ai = AIPlayer(self.settings.ai, self.ai_seed) if self.settings.mode == "ai" else None

    # ------------------------------------------------------------------------------------------
    # Who decides, and what they may see

    @property
    def hotseat(self) -> bool:
        return self.settings.mode == "hotseat"

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def deciding(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        return None if self.game.pending is None else self.game.pending.seat

    def is_ai(self, seat: int | None) -> bool:
        return self.settings.mode == "ai" and seat is not None and seat != self.settings.seat

    def rematch(self) -> Session:
        """A new game like this one: the same puzzle from its start, or the same decks, seats
        and settings with a new seed (the first player drawn again)."""
        seed = random.randrange(1, 10**9)
        if self.puzzle is not None:
            game = parse_scenario(self.puzzle.text, self.puzzle.path).new_game()
        else:
            assert self.game.setup_record is not None  # a game not from a position has one
            setup = {**self.game.setup_record, "seed": seed, "first": "random"}
            game = start_game(setup, "this game")
        return Session(game, self.settings, self.puzzle, ai_seed=seed)

    def view(self, seat: int) -> Observation:
        """What `seat` may know: the only picture of the game the screens get."""
        return observe(self.game, seat)

    def seat_name(self, seat: int, you: int | None = None) -> str:
        """ "A", "A (you)", "B (AI medium)"; the deck name is shown elsewhere."""
        if self.is_ai(seat):
            return f"{SEATS[seat]} (AI {self.settings.ai})"
        if you is not None and seat == you and not self.hotseat:
            return f"{SEATS[seat]} (you)"
        return SEATS[seat]

    # ------------------------------------------------------------------------------------------
    # Playing

    def apply(self, text: str) -> str:
        """Apply a legal action by its text; returns the text as the engine lists it."""
        action = self.game.match(text)
        self.game.apply(action)
        self.texts.append(action.text)
        return action.text

    def undo(self) -> bool:
        """Take back the human's last decision against the AI, and what the AI did after it:
        the game is replayed from its start without them. False when there is none. A forced
        answer (the only legal action, which auto-pass gives at once) is no decision: it is
        taken back with the decision before it."""
        if self.settings.mode != "ai":
            return False
        game = self.fresh_game()
        last = None  # (the game before the human's last decision, how many texts came before)
        for n, text in enumerate(self.texts):
            if (
                game.pending is not None
                and game.pending.seat == self.settings.seat
                and len(game.legal()) > 1
            ):
                last = (game.clone(), n)
            game.apply(text)
        if last is None:
            return False
        self.game, n = last
        self.texts = self.texts[:n]
        return True

    def text_of(self, action: Action) -> str:
        """The text of an action chosen on a copy of the game (the AI thinks on a clone)."""
        key = action.key()
        for legal in self.game.legal_actions():
            if legal.key() == key:
                return legal.text
        raise IllegalAction(f"not a legal action now: {action}")

    def ai_choose(self, game: Game) -> Action:
        """The AI's decision on `game` (a clone: this runs in a worker thread)."""
        assert self.ai is not None
        return self.ai.choose(game)

    # ------------------------------------------------------------------------------------------
    # Saving

    @property
    def unsaved(self) -> bool:
        """True when there are actions the last save does not hold."""
        return self.saved_count != len(self.texts) and bool(self.texts)

    def record(self) -> dict[str, Any]:
        """The save record: the engine's, or a puzzle's; with the client's settings."""
        if self.puzzle is None:
            record = game_record(self.game)
        else:
            record = {
                "format": PUZZLE_FORMAT,
                "version": PUZZLE_VERSION,
                "scenario": {
                    "path": self.puzzle.path,
                    "name": self.puzzle.name,
                    "text": self.puzzle.text,
                },
                "actions": list(self.texts),
            }
        record["client"] = {
            **self.settings.as_dict(),
            "turn": self.game.turn,
            "over": self.game.over,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
        }
        if self.game.outcome is not None:
            record["client"]["result"] = self.game.outcome.result()
            record["client"]["reason"] = self.game.outcome.reason
        return record

    def save(self, path: str | Path) -> Path:
        """Write the save atomically (never half a file); remember the path."""
        path = Path(path).expanduser()
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.save_path = path
        self.saved_count = len(self.texts)
        return path

    def autosave(self) -> None:
        """Keep the game in its own autosave file (it does not count as the user's save).

        The file is claimed on the first write (`saves.claim_autosave`), so no other copy of the
        client writes into it. A finished game's autosave is removed. A game resumed from an
        autosave writes a new one and then removes the old. OSError when the file cannot be
        written; `autosaved` then stays False, so nobody is pointed to a stale file."""
        if self.autosave_dir is None:
            return
        if self.game.over:
            self.autosaved = False
            self._archive()
            if self.autosave_file is not None:
                self.autosave_file.unlink(missing_ok=True)
            self._drop_resumed()
            return
        self.touched = self.touched or player_has_chosen(self)
        if not self.touched:
            return  # nothing chosen yet (the AI's mulligan alone): no autosave is left behind
        self.autosaved = False
        if self.autosave_file is None:
            self.autosave_file = claim_autosave(self.autosave_dir)
        write_atomic(self.autosave_file, json.dumps(self.record(), indent=1))
        self.autosaved = True
        self._drop_resumed()

    def _archive(self) -> None:
        """A finished game goes into the history (once), to be listed and replayed."""
        if self.archived is not None or self.autosave_dir is None or not self.texts:
            return
        path = claim_autosave(history_dir(self.autosave_dir))
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.archived = path

    def fresh_game(self) -> Game:
        """This game as it started, before any action (to replay it)."""
        if self.puzzle is not None:
            return parse_scenario(self.puzzle.text, self.puzzle.path).new_game()
        assert self.game.setup_record is not None  # a game not from a position has one
        return start_game(self.game.setup_record, "this game")

    def _drop_resumed(self) -> None:
        if self.resumed_from is not None and self.resumed_from != self.autosave_file:
            self.resumed_from.unlink(missing_ok=True)
        self.resumed_from = None

    def default_save_name(self) -> str:
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        if self.puzzle is not None:
            what = f"puzzle-{self.puzzle.name}"
        else:
            what = "-vs-".join(n for n in self.settings.names if n)
        slug = re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-")[:48] or "game"
        return f"{stamp}-{slug}.json"


# ----------------------------------------------------------------------------------------------
# Loading


def load_session(path: str | Path, ai_seed: int = 0) -> Session:
    """A session from a save file (an engine save or a puzzle save), every field checked before
    any game starts. Raises SaveError naming the file and the problem."""
    path = Path(path).expanduser()
    source = str(path)
    record = read_record(path)
    if not isinstance(record, dict):
        raise SaveError(f"{source}: a save is a JSON object (a table), not {shown(record)}")
    settings = Settings.from_dict(record.get("client"), source)
    if record.get("format") == PUZZLE_FORMAT:
        game, puzzle, texts = _load_puzzle(record, source)
    else:
        game = load_record(record, source)
        puzzle, texts = None, list(record["actions"])
    session = Session(game, settings, puzzle, texts, ai_seed=ai_seed, save_path=path)
    session.saved_count = len(texts)
    if puzzle is None:
        note = pool_note(record)
        session.notice = f"This save was {note}." if note else None
    return session


def _load_puzzle(record: dict, source: str) -> tuple[Game, Puzzle, list[str]]:
    check_version(record, PUZZLE_VERSION, source, "puzzle save")
    scenario = record.get("scenario")
    actions = record.get("actions")
    if not isinstance(scenario, dict) or not isinstance(scenario.get("text"), str):
        raise SaveError(f'{source}: the save is damaged (no "scenario" text)')
    if not isinstance(actions, list):
        raise SaveError(f'{source}: "actions" must be a list of action texts')
    origin = scenario.get("path")
    if not isinstance(origin, str) or not origin or len(origin) > 4096:
        origin = source
    try:
        parsed = parse_scenario(scenario["text"], origin)
    except ScenarioError as exc:
        raise SaveError(f"{source}: the puzzle in this save cannot be read: {exc}") from None
    game = replay(parsed.new_game(), actions, source)
    puzzle = Puzzle(origin, parsed.name, scenario["text"], len(parsed.steps))
    return game, puzzle, list(actions)
