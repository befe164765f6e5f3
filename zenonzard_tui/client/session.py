"""One duel as the client plays it, without Textual: a table (zenonzard_tui/table.py) and who
plays which seat.

A `Session` is the client's `Table`: the table owns the engine's game, its saves, its autosave and
its history; the session adds the client's settings (saved beside the game), the local AI and the
words for the seats. The screens reach the game only through the table's channels
(`session.channel(seat)`, `session.spectator()`), so nothing hidden ever reaches a widget. Saves
are the engine's save record (seed + decks + action texts, `engine/save.py`) with the client's
settings beside it; a practice puzzle, which has no seed and decks to replay from, is saved as
the scenario's own text plus the action texts played from its position.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zenonzard_tui.client.saves import autosaves_dir, save_name, saves_dir
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.clock import MAX_MINUTES, ChessClock, ClockSetting
from zenonzard_tui.engine.actions import IllegalAction
from zenonzard_tui.engine.events import SEATS
from zenonzard_tui.engine.save import SaveError, pool_note
from zenonzard_tui.files import APP_NAME, data_dir
from zenonzard_tui.table import Puzzle, Table, World, deal, game_of_record, read_save

if TYPE_CHECKING:
    from zenonzard_tui.ai import AIPlayer
    from zenonzard_tui.decks import Deck

__all__ = [
    "APP_NAME",
    "Puzzle",
    "Session",
    "Settings",
    "autosaves_dir",
    "data_dir",
    "load_session",
    "saves_dir",
]


class Session(Table):
    """A table with the client's settings: who plays which seat (`settings.mode`, `seat`), the
    AI's level (its `AIPlayer`, seeded by `ai_seed`, made at its first use: the AI's modules
    are imported then, not before the screen shows), the deck names."""

    def __init__(
        self,
        game: World,
        settings: Settings | None = None,
        puzzle: Puzzle | None = None,
        texts: list[str] | None = None,
        ai_seed: int = 0,
        clock_left: tuple[float | None, float | None] | None = None,
        **table: Any,
    ) -> None:
        super().__init__(game, puzzle, texts, **table)
        self.settings = settings if settings is not None else Settings()
        self.ai_seed = ai_seed
        self._ai: AIPlayer | None = None
        self.touched = False  # a player (not the AI) has chosen something (Table.chosen)
        if self.settings.clock and not self.over:
            # against the AI only the human's time runs; `clock_left`: a save's times
            timed = (0, 1) if self.hotseat else (self.settings.seat,)
            setting = ClockSetting.parse(self.settings.clock)
            self.set_clock(ChessClock(setting, timed, clock_left))

    def clock_left(self) -> tuple[float | None, float | None] | None:
        """Each seat's time left (None: untimed), or None without a clock (kept in a save)."""
        clock = self.clock
        return None if clock is None else (clock.left(0), clock.left(1))

    def autosave(self) -> None:
        """The table's autosave, once a player has chosen something: until then (the AI's
        mulligan alone) a game leaves no autosave behind. A finished game is archived as ever."""
        if not self.over:
            self.touched = self.touched or self.chosen(lambda seat: not self.is_ai(seat))
            if not self.touched:
                return
        super().autosave()

    @classmethod
    def from_decks(cls, deck_a: Deck, deck_b: Deck, settings: Settings, seed: int) -> Session:
        """A new game of two decks, the first player drawn by the seed (ZR 5.1)."""
        return cls(deal(deck_a, deck_b, seed), settings, ai_seed=seed)

    # ------------------------------------------------------------------------------------------
    # Who decides

    @property
    def hotseat(self) -> bool:
        """Two players at this screen: a hotseat game, or a network game's save loaded here."""
        return self.settings.mode in ("hotseat", "network")

    @property
    def ai(self) -> AIPlayer | None:
        """The AI of a game against it (None in any other), made at the first look."""
        if self._ai is None and self.settings.mode == "ai":
            from zenonzard_tui.ai import AIPlayer

            self._ai = AIPlayer(self.settings.ai, self.ai_seed)
        return self._ai

    def replay_views(self) -> tuple[int | None, ...]:
        """The views a replay may show of this game (0 A's, 1 B's, None a spectator's, who sees
        no hand): every one once it is over. While it goes on (an autosave opened with
        `replay`), none that shows a hand its players may not see: against the AI, the
        player's and a spectator's; two players at one screen (hotseat, a network game's save),
        a spectator's only (the other's hand is under the cover there)."""
        if self.over:
            return (0, 1, None)
        if self.settings.mode == "ai":
            return (self.settings.seat, None)
        return (None,)

    def is_ai(self, seat: int | None) -> bool:
        return self.settings.mode == "ai" and seat is not None and seat != self.settings.seat

    def rematch(self) -> Session:
        """A new game like this one: the same puzzle from its start, or the same decks, seats
        and settings with a new seed (the first player drawn again)."""
        seed = random.randrange(1, 10**9)
        return Session(self.new_deal(seed), self.settings, self.puzzle, ai_seed=seed)

    def seat_name(self, seat: int, you: int | None = None) -> str:
        """ "A", "A (you)", "B (AI medium)"; the deck name is shown elsewhere."""
        if self.is_ai(seat):
            return f"{SEATS[seat]} (AI {self.settings.ai})"
        if you is not None and seat == you and not self.hotseat:
            return f"{SEATS[seat]} (you)"
        return SEATS[seat]

    def undo(self, seat: int | None = None) -> bool:
        """Take back the human's last decision against the AI, and what the AI did after it
        (the table's undo for the human's seat). False in a hotseat game, or with none."""
        if self.settings.mode != "ai":
            return False
        return super().undo(self.settings.seat if seat is None else seat)

    def ai_move(self, world: World) -> str:
        """The AI's decision on `world` (its seat channel's `world()`; this runs in a worker
        thread), as the action's text. IllegalAction when it names no legal action there."""
        assert self.ai is not None
        texts = {a.key(): a.text for a in world.legal_actions()}  # (before the AI searches)
        action = self.ai.choose(world)
        if action.key() not in texts:
            raise IllegalAction(f"not a legal action now: {action}")
        return texts[action.key()]

    # ------------------------------------------------------------------------------------------
    # Saving

    def client_fields(self) -> dict[str, Any]:
        left = self.clock_left()
        return self.settings.as_dict() | ({"clock_left": list(left)} if left else {})

    def default_save_name(self) -> str:
        if self.puzzle is not None:
            return save_name(f"puzzle-{self.puzzle.name}")
        return save_name("-vs-".join(n for n in self.settings.names if n))


def load_session(path: str | Path, ai_seed: int = 0) -> Session:
    """A session from a save file (an engine save or a puzzle save), every field checked before
    any game starts. Raises SaveError naming the file and the problem."""
    path = Path(path).expanduser()
    record = read_save(path)
    settings = Settings.from_dict(record.get("client"), str(path))
    left = _clock_left(record.get("client"), str(path))
    game, puzzle, texts = game_of_record(record, str(path))
    session = Session(
        game,
        settings,
        puzzle,
        texts,
        ai_seed=ai_seed,
        clock_left=left,
        save_path=path,
        saved_count=len(texts),
    )
    if puzzle is None:
        note = pool_note(record)
        session.notice = f"This save was {note}." if note else None
    return session


def _clock_left(client: Any, source: str) -> tuple[float | None, float | None] | None:
    """A save's "client.clock_left": each seat's seconds left (null: untimed); SaveError for one
    that cannot be used."""
    raw = client.get("clock_left") if isinstance(client, dict) else None
    if raw is None:
        return None
    limit = MAX_MINUTES * 60 + 10**6  # (increments may add to the start)
    if not (
        isinstance(raw, list)
        and len(raw) == 2
        and all(
            t is None
            or (isinstance(t, int | float) and not isinstance(t, bool) and 0 <= t <= limit)
            for t in raw
        )
    ):
        raise SaveError(f"{source}: client.clock_left must be two seats' seconds left (or null)")
    return (None if raw[0] is None else float(raw[0]), None if raw[1] is None else float(raw[1]))
