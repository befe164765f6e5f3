"""A tutorial lesson as the client plays it: a `Session` on the lesson's position whose
opponent (B) plays the lesson's script, as the AI would play its own moves (docs/client.md).

The duel screen's AI path (a worker thread, the pause, "B is deciding") plays B's scripted
steps; `LessonSession.ai_move` hands it the script's next one. The lesson's place in its script
is the number of its steps played (the game's actions that are the script's), whoever played
them: the player, the script, or auto-pass answering a forced pass. The lesson is done when its
actions are the script's, all of them; a game that ended otherwise (a concession) left it.
"""

from __future__ import annotations

from zenonzard_tui.client.session import Session, Settings
from zenonzard_tui.table import World
from zenonzard_tui.tutorial import PLAYER, Lesson, Step


class LessonSession(Session):
    """One lesson's game. No autosave and no save: the tutorial keeps which lessons are done."""

    def __init__(self, lesson: Lesson, settings: Settings, texts: list[str] | None = None) -> None:
        lesson_settings = Settings(
            theme=settings.theme,
            mode="ai",
            seat=PLAYER,
            ai=settings.ai,
            ai_delay=settings.ai_delay,
            autopass=True,  # a forced pass answers itself, as against the AI
        )
        super().__init__(lesson.scenario.new_game(), lesson_settings, texts=texts)
        self.lesson = lesson

    @property
    def done(self) -> int:
        """How many steps of the script are played."""
        return self.lesson.played(self.texts)

    @property
    def next_step(self) -> Step | None:
        """The step the lesson asks for now (None: it is done, or was left)."""
        return None if self.left else self.lesson.step(self.done)

    @property
    def finished(self) -> bool:
        """The script is played: the lesson is done."""
        return self.lesson.finished(self.texts)

    @property
    def left(self) -> bool:
        """The game ended without the script played (given up): the lesson is not done."""
        return self.over and not self.finished

    def seat_name(self, seat: int, you: int | None = None) -> str:
        return "B (the lesson)" if seat != PLAYER else ("A (you)" if you == PLAYER else "A")

    def ai_move(self, world: World) -> str:
        """B's move: the script's next step (the duel screen asks for it as it asks the AI)."""
        step = self.next_step
        if step is None or step.seat == PLAYER:
            raise RuntimeError("the lesson's script has no move of B's here")
        return step.text

    def fresh_game(self) -> World:
        """The lesson's position (an undo replays the lesson from it)."""
        return self.lesson.scenario.new_game()

    def new_deal(self, seed: int) -> World:
        return self.lesson.scenario.new_game()

    def autosave(self) -> None:
        """A lesson keeps no autosave: it is short, and begins again from its position."""

    def default_save_name(self) -> str:
        return f"tutorial-{self.lesson.id}.json"
