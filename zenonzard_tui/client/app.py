"""The Textual application: the duel screen over a `Session`, or first the resume screen (the
games in progress and the saves) or the deck builder; the small screens come and go."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.session import Session
from zenonzard_tui.client.settings import Settings, save_settings
from zenonzard_tui.usertext import terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.client.deckdraft import DeckDraft  # (the builder's: imported with it)
    from zenonzard_tui.tutorial import Lesson, Progress

Restart = Callable[[], Session]

GC_IDLE = 1.0  # seconds without a key or a click before a full garbage collection may run
GC_FULL_AFTER = 10  # young collections since the last full one (Python's own default cadence)
GC_NEVER = 1_000_000  # a full collection's threshold that is never reached


@dataclass(frozen=True)
class Lobby:
    """A network game waiting for its start: the waiting screen's title and lines, and `start`,
    which returns the game's session once the server starts it (client/netsession.py)."""

    title: str
    lines: list[str]
    start: Callable[[], Awaitable[Session]]


@dataclass(frozen=True)
class Resume:
    """What the resume screen offers: the autosaves and saves of these folders, a loader for the
    one chosen (raises SaveError), and a new game (None: no "new game" entry)."""

    autosaves: Path | None
    saves: Path | None
    load: Callable[[Path], Session]
    new_game: Callable[[], tuple[Session, Restart | None]] | None = None
    tutorial: str | None = None  # the tutorial's entry (the app's `tutorial`), None: none
    tutorial_under_way: bool = False  # some lessons done, not all: its entry is highlighted


@dataclass(frozen=True)
class Tutorial:
    """The tutorial's lessons, which are done (kept in the progress file), and the lesson to
    open first (None: the first not done)."""

    lessons: list[Lesson]
    progress: Progress
    first: Lesson | None = None


@dataclass(frozen=True)
class Viewing:
    """A saved game to look back on in the replay viewer (`zenonzard replay SAVE`): its title
    (the decks' names), the view to start from (`seat`, or the spectator's); closing the viewer
    ends the app."""

    session: Session
    title: str = ""
    seat: int | None = None
    spectator: bool = False


# Hotseat (docs/client.md): a key pressed twice in a handover (Enter, Enter) must neither show the
# next player's hand to the one who pressed it nor play the next player's decision unseen; the
# cover takes no key in its first half second, and the board plays none in the half second
# after the cover goes. A person passing the keyboard takes longer; a double press is quicker.
HANDOVER_GUARD: Final = 0.5


class ZenonzardApp(App[None]):
    """`session`: the game to play at once (None: start on the resume screen, `resume`);
    `ai_delay`: the least time each AI decision stays on screen before the next (seconds);
    `viewing`: a saved game for the replay viewer alone (`zenonzard replay`);
    `save_dir`: where `s` offers to save; `autosave`: the folder where each game keeps its own
    autosave file (None: no autosave); `restart`: makes the session of a new game (None: no
    "new game"); `settings`: the user's preferences (theme, AI delay, ...), kept in
    `settings_file` when they change (None: not kept); `warnings`: shown once the app starts (a
    settings file that could not be used); `saves_by_name`: the save dialog takes a name in
    `save_dir`, never a path (`zenonzard serve`: whoever reaches the server types it);
    `handover_guard`: in hotseat, the seconds after the cover appears in which it takes no key,
    and after it goes in which no key plays an action (`HANDOVER_GUARD`; tests that press keys
    at machine speed pass 0).

    Every notification is plain text, never markup, and terminal-safe: messages quote deck,
    puzzle and file names (`notify` below)."""

    CSS_PATH = "app.tcss"
    TITLE = "Zenonzard"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "settings", "Settings", id="settings", key_display="F2"),
    ]

    def __init__(
        self,
        session: Session | None = None,
        *,
        ai_delay: float = 0.6,
        save_dir: Path | None = None,
        autosave: Path | None = None,
        restart: Restart | None = None,
        resume: Resume | None = None,
        builder: DeckDraft | None = None,
        settings: Settings | None = None,
        settings_file: Path | None = None,
        warnings: Sequence[str] = (),
        saves_by_name: bool = False,
        lobby: Lobby | None = None,
        tutorial: Tutorial | None = None,
        viewing: Viewing | None = None,
        handover_guard: float = HANDOVER_GUARD,
    ) -> None:
        super().__init__()
        self.handover_guard = handover_guard
        self.saves_by_name = saves_by_name
        self.settings = settings if settings is not None else Settings(ai_delay=ai_delay)
        self.settings_file = settings_file
        self.warnings = list(warnings)
        self.ai_delay = ai_delay
        self.save_dir = save_dir
        self.autosave_dir = autosave
        self.resume = resume
        self.builder = builder
        self.duel: DuelScreen | None = None
        self._first = session, restart
        self._gc_threshold: tuple[int, int, int] | None = None
        self._last_input = time.monotonic()
        self.lobby = lobby
        self.tutorial = tutorial
        self.viewing = viewing
        # ended by SIGTERM (`kill`): the command exits 143 after its farewell
        self.terminated = False
        self._farewell_said = False  # (in a browser: `_browser_farewell`, once)
        if all(x is None for x in (session, resume, builder, lobby, tutorial, viewing)):
            raise ValueError(
                "ZenonzardApp needs a session, a resume screen, a deck to build, the tutorial "
                "or a game to view"
            )

    def on_mount(self) -> None:
        self._end_on_sigterm()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        else:
            self.warnings.append(f"Unknown theme '{self.settings.theme}': using {self.theme}")
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        for warning in self.warnings:  # they quote the file: text, never markup
            self.notify(warning, title="Settings", severity="warning", timeout=12, markup=False)
        session, restart = self._first
        if session is not None:
            self.play(session, restart)
            self._suggest_tutorial(session)
        elif self.lobby is not None:
            from zenonzard_tui.client.screens.lobby import LobbyScreen

            self.push_screen(LobbyScreen(self.lobby.title, list(self.lobby.lines)))
            self.run_worker(self._start_from_lobby(self.lobby), exclusive=True, group="lobby")
        elif self.viewing is not None:
            from zenonzard_tui.client.screens.replay import ReplayScreen

            v = self.viewing
            viewer = ReplayScreen(v.session, v.title, v.seat, spectator=v.spectator)
            self.push_screen(viewer, lambda _: self.exit())
        elif self.builder is not None:
            from zenonzard_tui.client.screens.builder import BuilderScreen

            self.push_screen(BuilderScreen(self.builder))
        elif self.tutorial is not None and self.resume is None:
            self.play_tutorial(self.tutorial.first)
        else:
            self.show_resume()
        self.call_after_refresh(self._tame_gc)

    # ------------------------------------------------------------------------------------------
    # The garbage collector, out of the way of key presses

    def _tame_gc(self) -> None:
        """A full collection walks every object (80,000 once the screen is up, more as Textual
        caches rendered lines) and took 45-70 ms: every few dozen key presses one of them came
        in the middle of a key (bench/client.py). So once the first screen is up, what was made
        so far (the card data, the engine's tables, the widgets), which lives as long as the app,
        is moved out of the collector's sight (`gc.freeze`), and full collections run only when
        no key or click has come for a second (`_collect_when_idle`). The young generations are
        collected as usual (a millisecond or two)."""
        self._gc_threshold = gc.get_threshold()
        gc.freeze()
        gen0, gen1, _ = self._gc_threshold
        gc.set_threshold(gen0, gen1, GC_NEVER)
        self.set_interval(GC_IDLE, self._collect_when_idle)

    def _collect_when_idle(self) -> None:
        idle = time.monotonic() - self._last_input >= GC_IDLE
        if idle and gc.get_count()[2] >= GC_FULL_AFTER:  # enough made since the last one
            gc.collect()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self._last_input = time.monotonic()
        await super().on_event(event)

    def on_unmount(self) -> None:
        """The interpreter's collector as it was (tests run many apps in one process)."""
        if self._gc_threshold is not None:
            gc.set_threshold(*self._gc_threshold)
            gc.unfreeze()
            self._gc_threshold = None

    # ------------------------------------------------------------------------------------------
    # Starting a duel

    def play(self, session: Session, restart: Restart | None = None) -> None:
        """Show the duel screen on `session` (its autosave goes to the app's folder)."""
        session.autosave_dir = self.autosave_dir
        if restart is not None:
            made = restart

            def restart_here() -> Session:
                new = made()
                new.autosave_dir = self.autosave_dir
                return new

            restart = restart_here
        self.duel = DuelScreen(
            session, ai_delay=self.ai_delay, save_dir=self.save_dir, restart=restart
        )
        self.push_screen(self.duel)

    def _end_on_sigterm(self) -> None:
        """`kill` (SIGTERM) ends the app as quitting does: the terminal given back as it was and
        the farewell said (where the game is kept). Without it the process died in the app's
        screen mode, the shell's prompt drawn over the board until `reset`, and said nothing.
        (Not when headless, in tests: the handler would outlive the app in the test's process.)"""
        if self.is_headless:
            return
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # (Windows)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminate)

    def _terminate(self) -> None:
        self.terminated = True
        self.exit()

    def _suggest_tutorial(self, session: Session) -> None:
        """A new game of someone who has never opened the tutorial: say where it is."""
        tutorial = self.tutorial
        if tutorial is None or tutorial.progress.done or session.texts or session.puzzle:
            return
        count = len(tutorial.lessons)
        where = (  # (in a browser no one can run a command: the start page has the tutorial)
            "reload this page and choose Tutorial"
            if self.saves_by_name
            else "quit (q) and run zenonzard play --tutorial"
        )
        self.notify(
            f"New to Zenonzard? The tutorial teaches a first game in {count} short lessons: "
            f"{where}.",
            title="Tutorial",
            timeout=10,
        )

    def play_tutorial(self, lesson: Lesson | None = None) -> None:
        """The tutorial's screen on `lesson` (None: the first lesson not done)."""
        from zenonzard_tui.client.screens.tutorial import TutorialScreen
        from zenonzard_tui.tutorial import LessonError

        tutorial = self.tutorial
        assert tutorial is not None
        try:
            for each in tutorial.lessons:  # (read when first wanted)
                _ = each.steps
        except LessonError as exc:  # a damaged installation
            self.notify(f"The tutorial cannot start: {exc}", severity="error", timeout=12)
            if self.resume is not None:
                self.call_after_refresh(self.show_resume)
            else:
                self.exit()
            return
        first = lesson or tutorial.progress.next_lesson(tutorial.lessons)
        self.duel = TutorialScreen(
            tutorial.lessons, tutorial.progress, first, self.settings, ai_delay=self.ai_delay
        )
        self.push_screen(self.duel)

    async def _start_from_lobby(self, lobby: Lobby) -> None:
        """The network game starts: the duel screen in place of the waiting one."""
        session = await lobby.start()
        self.pop_screen()
        self.play(session)

    def show_resume(self) -> None:
        from zenonzard_tui.client.screens.resume import ResumeScreen

        assert self.resume is not None
        self.push_screen(ResumeScreen(self.resume), self._resumed)

    def _resumed(self, choice: Path | str | None) -> None:
        from zenonzard_tui.client.screens.resume import TUTORIAL
        from zenonzard_tui.engine.save import SaveError

        assert self.resume is not None
        if choice == TUTORIAL:
            self.play_tutorial()
            return
        if not isinstance(choice, Path):
            if self.resume.new_game is None:
                self.exit()
                return
            self.play(*self.resume.new_game())
            return
        try:
            session = self.resume.load(choice)
        except SaveError as exc:
            self.notify(str(exc), severity="error", timeout=10, markup=False)  # quotes the file
            # the list again, once the dismissed one (same id) has gone (DuplicateIds otherwise)
            self.call_after_refresh(self.show_resume)
            return
        self.play(session)

    # ------------------------------------------------------------------------------------------
    # Settings

    def action_settings(self) -> None:
        from zenonzard_tui.client.screens.settings import SettingsScreen

        self.push_screen(
            SettingsScreen(self.settings, sorted(self.available_themes)), self._settings_done
        )

    def _settings_done(self, new: Settings | None) -> None:
        if new is None:
            return
        self.settings = new
        self.ai_delay = new.ai_delay
        if self.duel is not None:
            self.duel.ai_delay = new.ai_delay  # the other settings are for new games
        if new.theme in self.available_themes:
            self.theme = new.theme
        self.keep_settings()

    def _theme_changed(self, theme: Theme) -> None:
        """A theme chosen in the command palette is kept for next time."""
        if theme.name == self.settings.theme:
            return
        self.settings.theme = theme.name
        self.keep_settings()

    def keep_settings(self) -> None:
        if self.settings_file is None:
            return
        try:
            save_settings(self.settings, self.settings_file)
        except OSError as exc:
            self.notify(
                f"The settings could not be saved to {self.settings_file}: {exc.strerror or exc}",
                severity="warning",
            )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette (Ctrl+P): Textual's commands, and in a duel "Concede"."""
        yield from super().get_system_commands(screen)
        if isinstance(screen, DuelScreen) and screen.can_concede() is not None:
            yield SystemCommand("Concede", "Give up this game (asks first)", screen.action_concede)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """As App.notify, but never markup (`markup` is ignored: a name like 'Rush [/]' would
        raise MarkupError, '[WIP] Rush' lose its first word) and never a terminal escape."""
        super().notify(
            terminal_safe(message, newlines=True),
            title=terminal_safe(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def action_help_quit(self) -> None:
        """Ctrl+C (bound by Textual to say that it no longer quits) names the key that does, as
        App's own does, but in plain text: its message is markup, which `notify` here shows as
        written ("Press [b]q[/b] to quit the app")."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit the app", title="Do you want to quit?")
                return

    @on(Notify)
    def _one_toast_a_message(self, event: Notify) -> None:
        """A message already on screen is not stacked again: the old toast goes and the new
        one (with a fresh timeout) takes its place, so a key pressed ten times in a burst shows
        one note, not ten covering the board. (Runs before App's own handler adds the new one.)"""
        new = event.notification
        shown = self._notifications
        for old in list(shown):
            if (old.message, old.title, old.severity) == (new.message, new.title, new.severity):
                del shown[old]

    def save_folder(self) -> Path | None:
        """The folder the save dialog is limited to (by name), or None: any path."""
        if not self.saves_by_name:
            return None
        from zenonzard_tui.client.saves import saves_dir

        return self.save_dir if self.save_dir is not None else saves_dir()

    @property
    def session(self) -> Session | None:
        return None if self.duel is None else self.duel.session

    def exit(self, *args, **kwargs) -> None:
        """A duel started from the deck builder goes back to the builder when it ends."""
        from zenonzard_tui.client.screens.builder import BuilderScreen

        duel = self.duel
        stack = self.screen_stack
        if duel is not None and duel in stack and any(isinstance(s, BuilderScreen) for s in stack):
            while self.screen is not duel:
                self.pop_screen()
            self.pop_screen()
            self.duel = None
            return
        farewell = self._browser_farewell()
        if farewell is not None:
            from zenonzard_tui.client.screens.modals import FarewellScreen

            self._farewell_said = True
            self.push_screen(
                FarewellScreen(farewell), lambda _: super(ZenonzardApp, self).exit(*args, **kwargs)
            )
            return
        super().exit(*args, **kwargs)

    def _browser_farewell(self) -> str | None:
        """In a browser (served), where the command's farewell, printed once the screen
        closes, reaches no one: where the game is, said on the screen before the session ends
        (a browser audit: it ended on "Session ended" alone). None: a terminal, no game, a
        network game (its quit dialog said it), said already, or ended by SIGTERM."""
        s = self.session
        if not self.saves_by_name or s is None or self.terminated or self._farewell_said:
            return None
        if getattr(s, "network", False):
            return None
        from zenonzard_tui.client.lesson import LessonSession

        if isinstance(s, LessonSession):
            return (
                "The tutorial keeps the lessons you finished: reload this page and choose "
                "Tutorial to go on."
            )
        if s.over:
            if s.archived is not None:
                return "The game is over; it is in your history: reload this page to see it."
            return "The game is over."
        save = s.in_save()
        if save is not None and save.current:
            return (
                f"Saved as {terminal_safe(save.path.stem, 60)}: reload this page to go on with it."
            )
        if s.kept_in() is not None:
            return "Your game is kept: reload this page to go on with it (the start page lists it)."
        return "This game is not kept (nothing was played)."

    def action_quit(self) -> None:  # type: ignore[override]  # Ctrl+Q and the palette ask first
        if self.duel is not None and self.duel.is_attached:
            self.duel.action_quit()
        else:
            self.exit()
