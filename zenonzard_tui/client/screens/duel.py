"""The duel screen: shows one seat's channel (zenonzard_tui/table.py), plays what is chosen.

Attributes down, messages up: widgets only show chips and action texts and post what the player
picked; this screen plays it through the viewer's channel and, told of the change by the table,
pushes the next picture down. The board always shows the viewer's channel's observation: against
the AI the viewer is the human (the AI plays through its own seat's channel); in a hotseat game
each seat has its channel and the cover screen at a handover is the switch between them. The
screen never reads the game itself: who decides, what may be played, the log's events, the hints
and the summary all come through channels.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static
from textual.worker import get_current_worker

from zenonzard_tui.client import describe as d
from zenonzard_tui.client import outcome
from zenonzard_tui.client.describe import SEATS, Chip
from zenonzard_tui.client.screens.modals import (
    CardActionsScreen,
    ConcedeScreen,
    CoverScreen,
    GameOverScreen,
    HelpScreen,
    QuitScreen,
    SaveScreen,
    TrashScreen,
)
from zenonzard_tui.client.session import Session
from zenonzard_tui.client.widgets.actions import STABLE_KEYS, ActionFilter, ActionList
from zenonzard_tui.client.widgets.fitline import FitLine
from zenonzard_tui.client.widgets.keybar import KeyBar
from zenonzard_tui.client.widgets.logview import LogView
from zenonzard_tui.client.widgets.news import FitBox, RecapBox, ResultLine
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.clock import clock_text
from zenonzard_tui.engine.events import Attack, Battle, Cast, EndTurn, Move, Summon
from zenonzard_tui.engine.observe import (
    ChoiceView,
    Observation,
    PendingView,
    PlayerView,
)
from zenonzard_tui.table import Change, Channel, TableError
from zenonzard_tui.usertext import content, terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.engine.summary import RecapLine

ZONES = ("opp-forces", "opp-base", "opp-field", "my-field", "my-base", "my-forces", "my-hand")
ONLY_PASS = ("pass", "no block")
HAND_VERBS = ("summon", "cast", "mana")
VERB_ZONES = {"summon": "my-hand", "cast": "my-hand", "mana": "my-hand", "advance": "my-base"}
VERB_ZONES |= {"retreat": "my-field", "attack": "my-field", "block": "my-field"}


def _long_names(session: Session) -> list[str]:
    """Card names with an epithet, longest first (the action list shortens them)."""
    names = {c.name for c in session.catalog.values() if " - " in c.name}
    return sorted(names, key=len, reverse=True)


# what ends the last battle's result line: the next thing played (or the end of the turn)
NEW_PLAY = frozenset(e.kind for e in (Attack, Summon, Cast, Move, EndTurn))
FLASH_SECONDS = 1.5  # how long a chip just hit stays highlighted
MIN_SIZE = (80, 24)  # the smallest terminal the duel is laid out for (columns, lines)
CLOCK_TICK = 0.1  # seconds between looks at the chess clock (tenths show under ten seconds)
DIGIT_WINDOW = 0.6  # seconds a digit waits for the next one when a longer number is possible


@dataclass(frozen=True)
class Tip:
    """The coach's or the puzzle hint's last advice, kept in its panel: for which decision
    (`generation`, `step`), the action (None: no move to suggest), its reason, and whether the
    coach trusts its own figure."""

    who: str  # "Coach" or "Hint"
    generation: int
    step: int
    turn: int
    action: str | None
    reason: str
    confident: bool = True


def puzzle_start(text: str) -> tuple[int | None, str | None]:
    """The turn a puzzle's position is at and whose turn it is (its [state] turn and active),
    None where it does not say."""
    import tomllib

    try:
        state = tomllib.loads(text)["state"]
        turn, active = state.get("turn"), state.get("active")
    except (tomllib.TOMLDecodeError, KeyError, TypeError, AttributeError):
        return None, None
    return (turn if isinstance(turn, int) else None), (active if active in SEATS else None)


class AIChose(Message):
    """The AI's worker is done: its action's text (or the error it met) for game `generation`."""

    def __init__(self, text: str | None, generation: int, error: str | None = None) -> None:
        super().__init__()
        self.text, self.generation, self.error = text, generation, error


@dataclass
class Desk:
    """One seat at this screen: its channel, and what its player last saw, to tell what changed
    since (hotseat: one desk per player; the cover screen switches from one to the other)."""

    channel: Channel
    before: Observation | None = None  # the board when this seat last acted
    log_mark: int = 0  # the log's length then (the events since are the other player's turn)
    log_seen: int = 0  # the log lines shown then (lines before them are dim)
    seen: Observation | None = None  # this seat's last picture, to flash what was hit since
    seen_log: int = 0  # the log's length at that picture

    def clear(self) -> None:
        """A new game (or the game from a move back): nothing seen yet."""
        self.before, self.log_mark, self.log_seen, self.seen, self.seen_log = None, 0, 0, None, 0


class DuelScreen(Screen[None]):
    AUTO_FOCUS = "#actions"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(  # the same key whenever the action is legal (hidden from the key bar when it is not)
            Binding(key, f"stable({text!r})", text.capitalize(), id=text.replace(" ", "_"))
            for text, key in STABLE_KEYS.items()
        ),
        Binding("question_mark,f1", "help", "Help", id="help", key_display="?"),
        Binding("t", "trash", "Trash", show=False, id="trash"),
        Binding("a", "autopass", "Auto-pass", show=False, id="autopass"),
        Binding("s", "save", "Save", id="save"),
        Binding("S", "save_as", "Save as", show=False, id="save_as"),
        Binding("n", "new_game", "New game", id="new_game"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("i", "hint", "Hint", id="hint"),
        Binding("q", "quit", "Quit", id="quit"),
        Binding("G", "concede", "Concede", show=False, id="concede"),
        Binding(
            "escape",
            "focus_actions",
            "Actions",
            id="focus_actions",
            key_display="Esc",
            priority=True,
        ),
        # "/" and Esc move the focus, so they are priority bindings: the app runs them before it
        # hands on the next key, and the keys typed after them in one burst go where they lead
        # (a plain binding runs later, in the focused widget's turn, after the app has already
        # handed the next keys to the widget that had the focus)
        Binding("slash", "filter", "Filter", id="filter", key_display="/", priority=True),
        # Enter on a board card too: its menu opens (or the focus moves to its action) before the
        # app hands on the next key, so a digit typed right after it is the menu's number
        Binding("enter,space", "use_card", "Use card", id="use_card", priority=True),
        Binding("L", "toggle_log", "Log", show=False, id="toggle_log"),
        Binding("x", "dismiss_recap", "Close recap", id="dismiss_recap"),
        Binding("c", "coach", "Coach", id="coach"),
        Binding("w", "flash_windows", "Flash windows", show=False, id="flash_windows"),
        *(Binding(str(n), f"digit({n})", show=False, id=f"digit_{n}") for n in range(10)),
    ]

    def __init__(
        self,
        session: Session,
        *,
        ai_delay: float = 0.6,
        save_dir: Path | None = None,
        restart: Callable[[], Session] | None = None,
    ) -> None:
        super().__init__(id="duel")
        self.session = session
        self.ai_delay = ai_delay
        self.save_dir = save_dir
        self.restart = restart
        self.generation = 0
        self.viewer: int | None = None
        self.covered = False
        self.small = False  # the terminal is smaller than MIN_SIZE: the board is hidden
        self.revealed_at = float("-inf")  # time.monotonic() when the hotseat cover last went
        self.thinking = False
        self.over_shown = False
        self.autopass = not session.hotseat and session.settings.autopass
        self.marks: set[int] = set()
        self.filter = ""  # typed words the listed actions must contain
        self.recap_lines: list[RecapLine] = []
        self.recap_seat: int | None = None  # whose recap is open (until they move or close it)
        self.result_line = ""  # what the last attack or play did, between the fields
        self.result_lines: list[str] = []  # the same, fullest first, for the room there is
        self.told: list[outcome.Told] = []  # its outcomes, since the last play (outcome.py)
        self.told_since = 0  # the log's record after that play
        # a moment's highlight on what was just hit: ("life", seat), ("force", seat, index),
        # ("minion", uid)
        self.flash: set[tuple[str, int] | tuple[str, int, int]] = set()
        self._flash_timer: Timer | None = None
        self.public: Channel = session.spectator()  # who decides, the summary: public
        self.desks = (Desk(session.channel(0)), Desk(session.channel(1)))
        self.flash_choice = list(session.settings.hotseat_flash)  # per seat: "ask"/"usable" (w)
        self._attached: Session | None = None  # the session whose table this screen follows
        self._unsubscribe: Callable[[], None] | None = None
        self._resetting = False  # this screen takes a move back itself (no restart on its news)
        self.log_len = self.public.event_count()
        self.last_ai: str | None = None
        self.view: Observation | None = None
        self.chips: dict[str, list[Chip]] = {}
        self._autosave_failed = False
        # the session's puzzle and its goal, found once (`_puzzle_goal`)
        self._goal_of: tuple[object, tuple[bool, int | None, str | None]] | None = None
        self._actions_key: tuple | None = None
        self._details: Content | str = ""
        self.cover_screen: CoverScreen | None = None  # hotseat: one cover, pushed at each handover
        self.last_zone = "my-hand"
        self.long_names = _long_names(session)
        self._typed = ""  # the digits of an action's number typed so far (0-9 keys)
        self._clock_shown: tuple | None = None  # the chess clock's times as last drawn
        self._clock_timer: Timer | None = None  # looks at the clock while the game has one
        self._digit_timer: Timer | None = None
        self.tip: Tip | None = None  # the coach's or the hint's last advice (its panel)

    # ------------------------------------------------------------------------------------------
    # Layout

    def compose(self) -> ComposeResult:
        yield FitLine(id="status")
        yield Static("", id="too-small")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board", can_focus=False):
                    yield FitLine(id="opp-header", classes="header")
                    yield ZoneView("Forces", id="opp-forces", max_rows=1)
                    yield ZoneView("Base", id="opp-base", max_rows=2)
                    yield ZoneView("Field", id="opp-field", lines=True)
                    yield ResultLine(id="attack")
                    yield ZoneView("Field", id="my-field", lines=True)
                    yield ZoneView("Base", id="my-base", max_rows=2)
                    yield ZoneView("Forces", id="my-forces", max_rows=1)
                    yield FitLine(id="my-header", classes="header")
                    yield ZoneView("Hand", id="my-hand", max_rows=3)
                yield FitLine(id="log-title", classes="title")
                yield LogView(id="log")
            with Vertical(id="side"):
                yield FitLine(id="goal")
                yield FitLine(id="actions-title", classes="title")
                listing = ActionList(id="actions")
                yield ActionFilter(listing, placeholder="type to filter the actions", id="filter")
                yield listing
                yield FitBox(id="preview", max_lines=4)
                yield FitBox(id="advice", max_lines=5)
                yield RecapBox(id="recap")
                yield FitLine(id="details-title", classes="title")
                with VerticalScroll(id="details-box", can_focus=False):
                    yield Static("", id="details")
        yield KeyBar()

    def on_resize(self) -> None:
        """The board takes what it needs, leaving the log at least a few lines; in a short
        terminal the base and the hand give up names for colour letters sooner."""
        height = self.size.height
        small = self.size.width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "too-small")
        was, self.small = self.small, small
        if small:
            width, need_w, need_h = self.size.width, *MIN_SIZE
            waits = (
                "The game goes on on the server: the other player may still move."
                if getattr(self.session, "network", False)
                else "The game waits: the AI does not move and your keys play nothing until then."
            )
            self.query_one("#too-small", Static).update(
                f"The terminal is {width}x{height}: the duel needs at least {need_w}x{need_h}.\n"
                "Make the window larger (or the font smaller) to see the board, your hand and "
                f"your actions. {waits}"
            )
        elif was and self.is_attached and not self.thinking:
            self.call_later(self.advance)  # the AI, or auto-pass, held while it was too small
        short = height < 30
        self.query_one("#board").styles.max_height = max(height - 2 - 3, 6)
        for zone_id in ("#opp-base", "#my-base"):
            self.query_one(zone_id, ZoneView).max_rows = 1 if short else 2
        self.query_one("#my-hand", ZoneView).max_rows = 2 if short else 3
        for zone in self.query(ZoneView):
            zone.refresh(layout=True)
        if self.recap_lines:
            self.call_after_refresh(self.fit_recap)

    @property
    def details_box(self) -> VerticalScroll:
        return self.query_one("#details-box", VerticalScroll)

    def on_mount(self) -> None:
        self.query_one("#actions", ActionList).describe = self.describe_listed  # (at once)
        self.query_one("#details-title", FitLine).show("Card")
        self.query_one("#log-title", FitLine).show("Log")
        self.query_one("#actions", ActionList).board = self.board_zone
        for zone in self.query(ZoneView):
            zone.neighbour = self.zone_moved
        self.start()

    @property
    def desk(self) -> Desk:
        """The viewer's desk (before anyone is shown, the settings' seat's)."""
        return self.desks[self.viewer if self.viewer is not None else self.session.settings.seat]

    @property
    def channel(self) -> Channel:
        """The viewer's channel: what the board shows (hotseat: switched at each cover)."""
        return self.desk.channel

    @property
    def watching(self) -> bool:
        """A spectator of a network game (`zenonzard watch`): no seat of its own."""
        return getattr(self.session, "network", False) and self.public.seat is None

    @property
    def over(self) -> bool:
        """The game is over: no one decides (until then someone always does)."""
        return self.public.deciding() is None

    def attach(self) -> None:
        """Follow the session's table: its channels, and a subscription to its changes."""
        if self._attached is self.session:
            return
        if self._unsubscribe is not None:
            self._unsubscribe()
        s = self.session
        self.public = s.spectator()
        for seat, desk in enumerate(self.desks):
            desk.channel = s.channel(seat)
        self._unsubscribe = self.public.subscribe(self.table_changed)
        self._attached = s

    def table_changed(self, change: Change) -> None:
        """The table says something changed: show it and hand on the next decision. A reset
        (a move taken back) starts the screen again, unless this screen is doing it. A network
        game's session may have news from the server (the other player dropped, came back)."""
        news = getattr(self.session, "news", None)
        told = news() if news is not None else None
        if told:
            self.notify(told, severity="warning", timeout=8)
        if change.reset:
            if not self._resetting:
                self.start()
            return
        self.after_action()

    def start(self) -> None:
        """Begin (or begin again) with the session's game."""
        self.attach()
        self.generation += 1
        self.workers.cancel_group(self, "ai")
        self.thinking = False
        self.over_shown = False
        self.marks.clear()
        for desk in self.desks:
            desk.clear()
        self.result_line, self.result_lines, self.told = "", [], []
        self.log_len = self.told_since = self.public.event_count()
        self.end_flash()
        self.recap_lines, self.recap_seat = [], None
        self.tip = None
        self.viewer = None if self.session.hotseat else self.session.settings.seat
        self._clock_shown = None
        if self.public.clock() is not None and self._clock_timer is None:
            self._clock_timer = self.set_interval(CLOCK_TICK, self.tick_clock)
        if self.session.puzzle is not None and not self.session.texts:
            steps = self.session.puzzle.steps
            note = f" (its {steps} scripted steps are left for you to play)" if steps else ""
            self.notify(f"Puzzle: {self.session.puzzle.name}{note}", timeout=6)
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", timeout=10, markup=False)
            self.session.notice = None
        self.advance()

    # ------------------------------------------------------------------------------------------
    # The flow of the game

    def advance(self) -> None:
        """Show the game and hand the next decision to whoever makes it."""
        s = self.session
        if self.over:
            if self.viewer is None:
                self.viewer = s.settings.seat
            self.covered = False
            self.render_view()
            self.show_game_over()
            return
        seat = self.public.deciding()
        assert seat is not None
        if s.is_ai(seat):
            self.render_view()
            if not self.small:  # (too small: the game waits, on_resize goes on)
                self.start_ai()
            return
        if (self.autopass and self._nothing_to_do()) or self._hotseat_skips():
            # answered at once: auto-pass, or in hotseat a decision that is forced in plain
            # sight of both players (no block possible, no mana for a Flash card)
            if (
                self.viewer is not None
                and not self.covered
                and (seat == self.viewer or not s.hotseat)
            ):
                self.render_view()
            self.set_timer(max(self.ai_delay / 2, 0.01), self._autopass(self.public.step))
            return
        if s.hotseat and seat != self.viewer:
            self.cover(seat)
            return
        self.render_view()
        pending = self.view.pending if self.view is not None else None
        interrupting = pending is not None and pending.kind != "main"  # a block, a choice...
        typing = isinstance(self.focused, ActionFilter)  # the words typed stay the player's
        if not typing and (interrupting or not isinstance(self.focused, ZoneView)):
            listing = self.query_one("#actions", ActionList)
            self.set_focus(listing)  # now: the keys already typed go where the player sees
            if listing.highlighted is not None and listing.highlighted < len(listing.texts):
                self.describe_action(listing.texts[listing.highlighted])

    def deciding_channel(self) -> Channel | None:
        """The channel of the seat that decides now (None once the game is over)."""
        seat = self.public.deciding()
        return None if seat is None else self.desks[seat].channel

    def _only_pass(self) -> bool:
        deciding = self.deciding_channel()
        actions = deciding.legal() if deciding is not None else ()
        return len(actions) == 1 and actions[0] in ONLY_PASS

    def _nothing_to_do(self) -> bool:
        """What auto-pass answers: a decision whose only action is `pass` or `no block`, and
        (a smart stop, but for hotseat) a Flash window where no card held could do anything:
        each cast legal there would change nothing (the channel's `idle_casts`, engine/stops.py;
        a Reinforce Armor with no token). In hotseat only the first: passing at once would
        tell the other player what the hand holds (docs/client.md)."""
        if self._only_pass():
            return True
        deciding = self.deciding_channel()
        if self.session.hotseat or deciding is None:
            return False
        actions = deciding.legal()
        if "pass" not in actions:
            return False
        idle = set(deciding.idle_casts())
        return all(text == "pass" or text in idle for text in actions)

    def _hotseat_skips(self) -> bool:
        """Hotseat: a decision answered without passing the device: forced in plain sight, or
        a Flash window with only "pass" for a player who chose not to be asked then (w)."""
        deciding = self.deciding_channel()
        if not self.session.hotseat or deciding is None:
            return False
        pending = deciding.observation().pending  # (its kind and seat are public)
        assert pending is not None
        if self.public.publicly_forced():
            return True
        seat = SEATS.index(pending.seat)
        return (
            pending.kind == "priority" and self.flash_choice[seat] == "usable" and self._only_pass()
        )

    def action_flash_windows(self) -> None:
        """Hotseat: the player at the board chooses when their own Flash windows ask them."""
        seat = self.viewer
        if not self.session.hotseat or seat is None or self.covered:
            self.notify("This choice is for hotseat games.", timeout=3)
            return
        usable = self.flash_choice[seat] != "usable"
        self.flash_choice[seat] = "usable" if usable else "ask"
        self.notify(
            f"{SEATS[seat]}: your Flash windows ask only when you hold a card you could play "
            "there. The other player can tell from that when you hold none."
            if usable
            else f"{SEATS[seat]}: every Flash window of yours asks you (nothing leaks).",
            timeout=6,
        )

    def _autopass(self, step: int) -> Callable[[], None]:
        def fire() -> None:
            forced = (self.autopass and self._nothing_to_do()) or self._hotseat_skips()
            deciding = self.deciding_channel()
            if self.public.step != step or deciding is None or not forced:
                return
            if self.small:
                return  # the game waits (on_resize goes on)
            legal = deciding.legal()
            deciding.act("pass" if "pass" in legal else legal[0])  # (table_changed is told)

        return fire

    def play(self, text: str) -> None:
        """The player at the board picked `text`."""
        if not self.can_act():
            return
        if time.monotonic() - self.revealed_at < getattr(self.app, "handover_guard", 0.0):
            return  # hotseat: a key of the handover's double press, before the board was seen
        view = self.view
        pending = view.pending if view else None
        legal = (pending.actions or ()) if pending else ()
        if view is None or text not in legal:
            return
        if not self.channel.legal():
            # a network seat's action is on its way and the server has not answered: the board
            # still shows the decision it answered, so a key typed meanwhile plays nothing
            # (docs/client.md, "Over the network")
            return
        assert self.viewer is not None
        self._cancel_digits()
        desk = self.desk
        desk.log_seen, desk.before, desk.log_mark = len(view.log), view, self.public.event_count()
        self.recap_lines, self.recap_seat = [], None
        marks, typed = set(self.marks), self.filter
        self.marks.clear()
        self.filter = ""
        try:
            self.channel.act(text)  # (the table tells table_changed, which goes on)
        except TableError as exc:  # the view was current, so this should not happen
            self.marks, self.filter = marks, typed
            self.notify(str(exc), severity="error")
            return
        self.clear_filter()  # (a match picked from the filtered list: the box goes)

    def after_action(self) -> None:
        self._autosave()
        seat = self.viewer if self.viewer is not None else self.session.settings.seat
        channel = self.desks[seat].channel
        events = channel.events(self.log_len)
        # an attack's outcomes, from its start (and those of a play) to the next play: a
        # Revenge or an effect's damage after a choice in between is the same attack's news
        plays = [e.index for e in events if e.kind in NEW_PLAY]
        if plays:
            self.told_since = plays[-1] + 1
        self.told = outcome.outcomes(channel.events(self.told_since))
        self.result_lines = outcome.lines(self.told) if self.told else []
        self.result_line = self.result_lines[0] if self.told else ""
        self.log_len = self.public.event_count()
        self.advance()

    def can_act(self) -> bool:
        return (
            not self.over
            and not self.covered
            and not self.small  # (too small to see the board: the game waits)
            and not self.thinking
            and self.viewer is not None
            and self.public.deciding() == self.viewer
            and not self.session.is_ai(self.viewer)
        )

    def _autosave(self) -> None:
        try:
            self.session.autosave()  # the game's own file (session.autosave_dir), if any
        except Exception as exc:  # a full disk must not end the game
            if self.session.archive_failed:  # (once: the game is over)
                self.notify(
                    f"The finished game could not be kept in your history ({exc}): save it (s) "
                    "to keep it.",
                    severity="warning",
                    timeout=12,
                )
            elif not self._autosave_failed:
                self._autosave_failed = True
                self.notify(f"Autosave failed: {exc}", severity="warning")

    # ------------------------------------------------------------------------------------------
    # The AI

    def start_ai(self) -> None:
        self.thinking = True
        self.render_status()
        self.render_actions()
        deciding = self.deciding_channel()
        assert deciding is not None  # the AI decides
        # A forced move (one legal action, e.g. the only "pass") shows for a shorter while.
        delay = self.ai_delay if len(deciding.legal()) > 1 else self.ai_delay / 3
        self.think(deciding.world(), delay, self.generation)

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def think(self, world: Any, delay: float, generation: int) -> None:
        """The AI decides on `world`, its channel's copy of the game (the AI samples from it
        only the worlds its seat cannot tell apart)."""
        worker = get_current_worker()
        started = time.monotonic()
        text, error = None, None
        try:
            text = self.session.ai_move(world)
        except Exception as exc:  # the game must go on: the screen plays a legal action instead
            error = f"{type(exc).__name__}: {exc}"
        while time.monotonic() - started < delay:
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if not worker.is_cancelled:
            self.post_message(AIChose(text, generation, error))

    @on(AIChose)
    def ai_chose(self, message: AIChose) -> None:
        if message.generation != self.generation or not self.thinking:
            return
        self.thinking = False
        if self.small:  # the terminal became too small while it thought: the game waits, and
            return  # the AI decides again once it is large enough (on_resize)
        seat = self.public.deciding()
        if self.over or not self.session.is_ai(seat):
            return
        assert seat is not None
        channel = self.desks[seat].channel
        legal = channel.legal()
        text = None
        if message.text is not None:
            if message.text in legal:
                text = message.text
            else:
                message.error = f"the AI chose an action that is not legal: {message.text}"
        if text is None:
            text = legal[0]
            self.notify(f"AI problem ({message.error}); it plays '{text}'.", severity="warning")
        self.last_ai = text
        channel.act(text)  # (the table tells table_changed, which goes on)

    # ------------------------------------------------------------------------------------------
    # Hotseat cover

    def cover(self, seat: int) -> None:
        self.covered = True
        self.hide_private()
        self.app.clear_notifications()  # a message may name a card of the hand going away
        seen = self.desks[seat].channel.observation()  # only the decision's kind and card show
        pending = seen.pending
        question = d.question(pending)
        deck = self.session.settings.names[seat]
        turn = f"Turn {seen.turn}" if seen.turn else "Setup"

        def reveal() -> None:
            self.covered = False
            self.viewer = seat
            self.revealed_at = time.monotonic()
            self.advance()

        if self.cover_screen is None:
            self.cover_screen = CoverScreen(SEATS[seat], question, turn, deck, reveal)
            self.app.install_screen(self.cover_screen, f"cover-{id(self)}")
        else:
            self.cover_screen.show(SEATS[seat], question, turn, deck, reveal)
        self.app.push_screen(self.cover_screen)

    def hide_private(self) -> None:
        """Blank what belongs to the seat that just played (its hand, its log, its actions)."""
        self.query_one("#my-hand", ZoneView).set_chips([], empty="hidden")
        self.query_one("#log", LogView).show([], 0)
        self.set_details("", "Card")
        self.query_one("#actions", ActionList).show_actions([], 0, "")
        self.render_preview(None)
        self.tip = None  # (the advice was for the player who just played)
        self.render_advice()
        self.end_flash(redraw=False)

    # ------------------------------------------------------------------------------------------
    # Drawing the view

    def render_view(self) -> None:
        assert self.viewer is not None
        self.view = self.channel.observation()
        self.note_hits()
        self.update_recap()
        self.render_status()
        self.render_board()
        self.render_actions()
        self.render_log()
        self.render_advice()
        self.render_goal()
        self.refresh_bindings()

    def _seat_label(self, seat: int) -> str:
        return self.session.seat_name(seat, self.viewer)

    def render_status(self) -> None:
        v = self.view
        if v is None:
            return
        status = self.query_one("#status", FitLine)
        turn = f"Turn {v.turn}" if v.turn else "Setup"
        where = f"{turn} · {d.PHASES.get(v.phase, v.phase)}"
        if v.active:
            where = f"{turn} · {v.active}'s turn · {d.PHASES.get(v.phase, v.phase)}"
        s = self.session
        mode = self.mode_text()
        if self.over:
            last = v.log[-1] if v.log else "The game is over."
            left = Content.styled(f"Game over. {last}", "bold")
            status.show(left, right=(f"{turn} · {mode}", ""))
            return
        seat = self.public.deciding()
        assert seat is not None  # the game is not over
        question = self.live_question()
        left = Content.styled(question, "bold")
        if s.is_ai(seat):
            tail = Content.styled(f"  {self.ai_deciding(seat)}", "italic $text-muted")
        elif seat == self.viewer and not s.hotseat and not self.watching:
            tail = Content.styled("  your move", "$success")
        else:
            tail = Content("")
        status.show(
            left + tail, left, right=(f"{where} · {mode}", f"{turn} · {mode}", where), keep=2
        )

    def ai_deciding(self, seat: int) -> str:
        """The status line while the AI decides."""
        return f"{SEATS[seat]} is the AI: thinking…"

    def mode_text(self) -> str:
        """The status line's mode: "vs AI medium · auto-pass", "hotseat", "puzzle · ..."."""
        s = self.session
        if getattr(s, "network", False):
            mode = "network"
        else:
            mode = "hotseat" if s.hotseat else f"vs AI {s.settings.ai}"
        if s.puzzle is not None:
            mode = f"puzzle · {mode}"
        if self.autopass:
            mode += " · auto-pass"
        return mode

    def live_pending(self) -> PendingView | None:
        """The pending decision: its kind and seat are public (and its actions, if ours)."""
        return self.view.pending if self.view else None

    def live_question(self) -> str:
        pending = self.live_pending()
        return d.status_question(pending)

    def render_board(self) -> None:
        v = self.view
        assert v is not None and self.viewer is not None
        me, opp = v.players[self.viewer], v.players[1 - self.viewer]
        cat, forces = self.session.catalog, self.session.forces
        self.chips = d.board_chips(me, opp, cat, forces)
        self.flag_changes()
        self.flash_hits()
        actions = self.my_actions()
        playable = {d.action_name(t)[1] for t in actions if t.split(" ", 1)[0] in HAND_VERBS}
        hand = me.hand or ()
        self.chips["my-hand"] = [
            d.hand_chip(cat.get(c.id), c.name, c.name in playable, i in self.marks, c.cost)
            for i, c in enumerate(hand)
        ]
        for i in self.coach_returns():  # the coach's mulligan: the cards it would send back
            self.chips["my-hand"][i] = d.flagged(self.chips["my-hand"][i], "back")
        self.chips["my-trash"] = [d.hand_chip(cat.get(c.id), c.name, False) for c in me.trash]
        self.chips["opp-trash"] = [d.hand_chip(cat.get(c.id), c.name, False) for c in opp.trash]
        for side, p in (("my", me), ("opp", opp)):  # ZR 18.1: public, listed with the trashes
            self.chips[f"{side}-banished"] = [
                d.hand_chip(cat.get(c.id), c.name, False) for c in p.banished
            ]
        for zone in ZONES:
            empty = "none"
            if zone.endswith("field"):
                empty = "no minions"
            elif zone.endswith("base"):
                empty = "no mana"
            elif zone == "my-hand":  # (a spectator sees neither hand: its size only)
                hidden = me.hand is None and me.hand_size
                empty = f"{me.hand_size} cards, hidden from this view" if hidden else "no cards"
            self.query_one(f"#{zone}", ZoneView).set_chips(self.chips[zone], empty=empty)
        self.query_one("#opp-header", FitLine).show(*self.header(opp))
        self.query_one("#my-header", FitLine).show(*self.header(me))
        attack = d.attack_text(v) if not self.over else None
        middle = self.query_one("#attack", FitLine)
        middle.set_class(attack is not None, "attacking")
        if attack is not None:
            head = Content.styled("Attack: ", "bold")
            middle.show(head + attack, Content(attack))
        else:
            turn = f"Turn {v.turn} · {v.active}'s turn" if v.turn else "Mulligans"
            if self.result_lines and not self.over:  # what the last battle did
                middle.set_class(True, "result")
                middle.show(*(Content.styled(t, "bold") for t in self.result_lines), rule="─")
            else:
                middle.set_class(False, "result")
                middle.show(Content.styled(turn, "dim"), rule="─")
        middle.set_class(bool(self.flash) and bool(self.result_lines), "fresh")

    def flag_changes(self) -> None:
        """Mark what changed on the board since the viewer's last move: minions that arrived,
        Forces that lost life (the other player's turn, at a glance)."""
        before, v = self.desk.before, self.view
        if before is None or v is None or self.viewer is None:
            return
        for side, seat in (("opp", 1 - self.viewer), ("my", self.viewer)):
            was, now = before.players[seat], v.players[seat]
            old = {m.uid for m in was.field}
            chips = self.chips[f"{side}-field"]
            for i, m in enumerate(now.field):
                if m.uid not in old and not m.arrived:  # (arrived this turn: "new" says it)
                    chips[i] = d.flagged(chips[i], "new")
            chips = self.chips[f"{side}-forces"]
            for i, (f0, f1) in enumerate(zip(was.forces, now.forces, strict=True)):
                if f1.life < f0.life or f1.destroyed != f0.destroyed:
                    chips[i] = d.flagged(chips[i], f"{f1.life - f0.life:+d}")

    def note_hits(self) -> None:
        """What was hit since this seat's last picture, to flash for a moment: players and
        Forces whose life changed, Forces destroyed, the minions of a battle (ZR 8.5)."""
        seat, v = self.viewer, self.view
        assert seat is not None and v is not None
        desk = self.desks[seat]
        last, since = desk.seen, desk.seen_log
        desk.seen, desk.seen_log = v, desk.channel.event_count()
        if last is None:
            return
        hits: set[tuple[str, int] | tuple[str, int, int]] = set()
        for who in (0, 1):
            was, now = last.players[who], v.players[who]
            if was.life != now.life:
                hits.add(("life", who))
            for i, (f0, f1) in enumerate(zip(was.forces, now.forces, strict=True)):
                if (f0.life, f0.destroyed) != (f1.life, f1.destroyed):
                    hits.add(("force", who, i))
        for event in self.channel.events(since):
            if event.kind == Battle.kind:
                hits |= {("minion", event.get("attacker")), ("minion", event.get("blocker"))}
        if hits:
            self.flash |= hits
            if self._flash_timer is not None:
                self._flash_timer.stop()
            self._flash_timer = self.set_timer(FLASH_SECONDS, self.end_flash)

    def flash_hits(self) -> None:
        """The chips just hit, highlighted (until `end_flash`)."""
        if not self.flash or self.viewer is None or self.view is None:
            return
        for who in (0, 1):
            side = "my" if who == self.viewer else "opp"
            forces = self.chips[f"{side}-forces"]
            for i, chip in enumerate(forces):
                if ("force", who, i) in self.flash:
                    forces[i] = replace(chip, flash=True)
            field = self.chips[f"{side}-field"]
            for i, minion in enumerate(self.view.players[who].field):
                if ("minion", minion.uid) in self.flash:
                    field[i] = replace(field[i], flash=True)

    def end_flash(self, redraw: bool = True) -> None:
        if self._flash_timer is not None:
            self._flash_timer.stop()
            self._flash_timer = None
        if self.flash:
            self.flash.clear()
            if redraw and self.view is not None and not self.covered:
                self.render_board()

    def life_change(self, seat: int) -> int:
        """The change of `seat`'s life since the viewer's last move (0: none, or no move yet)."""
        before, v = self.desk.before, self.view
        if before is None or v is None:
            return 0
        return v.players[seat].life - before.players[seat].life

    def header(self, p: PlayerView) -> list[Content]:
        """A player's line, fullest first: seat, deck, life, hand, deck and trash sizes."""
        seat = SEATS.index(p.seat)
        who = Content.styled(f" {self._seat_label(seat)} ", "bold reverse")
        deck = self.session.settings.names[seat]
        life = d.life_badge(p.life)
        if ("life", seat) in self.flash:
            life = life.stylize(d.FLASH_STYLE)
        change = self.life_change(seat)
        if change:
            life += Content.styled(f" ✦{change:+d}", "bold $warning")
        stats: list[Content | tuple[str, str] | str] = ["Life", life]
        stats.append((f"  Hand {p.hand_size}  Deck {p.deck_size}  Trash {len(p.trash)}", ""))
        if p.banished:  # ZR 18.1
            stats.append((f"  Banished {len(p.banished)}", ""))
        if p.movement:
            stats.append((f"  Movement {p.movement}", "bold"))
        clock = self.clock_badge(seat)
        body = Content.assemble(*stats, *(("  Clock ", clock) if clock else ()))
        short = Content.assemble(
            "Life",
            life,
            f" Hand {p.hand_size} Deck {p.deck_size} Trash {len(p.trash)}",
            f" Ban {len(p.banished)}" if p.banished else "",
            (f" Move {p.movement}" if p.movement else "", "bold"),
            *((" ", clock) if clock else ()),
        )
        you = seat == self.viewer and not self.session.hotseat
        tag = "AI" if self.session.is_ai(seat) else ("you" if you else "")
        brief = Content.styled(f" {p.seat}{' ' + tag if tag else ''} ", "bold reverse")
        full = [who + "  " + content(deck, "italic") + "  " + body] if deck else []
        return [*full, who + "  " + body, who + " " + short, brief + " " + short]

    def clock_badge(self, seat: int) -> Content | None:
        """`seat`'s time left on the chess clock ("9:58"; tenths under ten seconds): reversed
        while it runs, in the error colour under 30 seconds; None without a clock or for an
        untimed seat (the AI)."""
        view = self.public.clock()
        left = view.left[seat] if view is not None else None
        if view is None or left is None:
            return None
        style = "bold reverse" if view.running == seat else "bold"
        if left < 30:
            style += " $error"
        return Content.styled(f" {clock_text(left)} ", style)

    def tick_clock(self) -> None:
        """The chess clock, a few times a second: the players' lines show the times (drawn
        again only when a shown time changed), and on a table of this process a time that is up
        ends the game (a network game's server does that itself)."""
        view = self.public.clock()
        if view is None or self.view is None or self.viewer is None:
            return
        check = getattr(self.session, "check_clock", None)
        if check is not None and check():
            return  # (the table told table_changed: the game is over)
        shown = (tuple(None if t is None else clock_text(t) for t in view.left), view.running)
        if shown != self._clock_shown:
            self._clock_shown = shown
            me, opp = self.view.players[self.viewer], self.view.players[1 - self.viewer]
            self.query_one("#opp-header", FitLine).show(*self.header(opp))
            self.query_one("#my-header", FitLine).show(*self.header(me))

    def my_actions(self) -> list[str]:
        v = self.view
        if v is None or v.pending is None or self.covered:
            return []
        return list(v.pending.actions or ())

    def deciding_mulligan(self) -> bool:
        v = self.view
        return bool(v and v.pending and v.pending.kind == "mulligan" and self.my_actions())

    def offered_actions(self) -> tuple[list[str], str | None]:
        """The actions to list and a note under them."""
        if self.over:
            if getattr(self.session, "network", False):  # (another game: another room)
                return [], "The game is over: q to quit."
            return [], "The game is over: n for a new game, q to quit."
        if self.covered or self.view is None:
            return [], None
        seat = self.public.deciding()
        assert seat is not None and self.viewer is not None  # the game is not over
        if self.thinking or self.session.is_ai(seat):
            note = f"{self._seat_label(seat)} is deciding…"
            if self.last_ai:
                note += f" (last: {self.last_ai})"
            return [], note
        actions = self.my_actions()
        if not actions:
            return [], f"Waiting for {self._seat_label(seat)}…"
        if self.deciding_mulligan():
            hand = self.view.players[self.viewer].hand or ()
            names = [hand[i].name for i in sorted(self.marks) if i < len(hand)]
            offered = ["keep"]
            text = d.mulligan_text(actions, names) if names else None
            if text:
                offered.append(text)
            return offered, "Enter or a click on a hand card marks it to send back (ZR 5.2)."
        if self.filter:
            words = self.filter.casefold().split()
            kept = [t for t in actions if all(w in t.casefold() for w in words)]
            note = f"Showing {len(kept)} of {len(actions)} matching '{self.filter}' (Esc: all)."
            return kept, note
        pending = self.live_pending()
        chosen = pending.chosen if isinstance(pending, ChoiceView) else None
        if chosen:
            return actions, "Chosen so far: " + ", ".join(chosen)
        return actions, None

    # ------------------------------------------------------------------------------------------
    # Typing to filter the actions

    def action_filter(self) -> None:
        """Open the filter box and give it the focus at once (not after a refresh, as
        `focus()` does): the keys that follow go to the box in the order they were typed."""
        box = self.query_one("#filter", Input)
        box.display = True
        self.set_focus(box)

    @on(Input.Changed, "#filter")
    def filter_changed(self, event: Input.Changed) -> None:
        self.filter = event.value.strip()
        self.render_actions()

    @on(Input.Submitted, "#filter")
    def filter_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter plays the action the words name, and only when they name one:
        the only action that matches, or the one whose whole text they are. Otherwise nothing
        is played and the note says why (Enter never falls through to the list)."""
        self.filter = event.value.strip()
        self.render_actions()
        texts, _ = self.offered_actions()
        typed = " ".join(self.filter.casefold().split())
        exact = [t for t in texts if t.casefold() == typed]
        if not self.can_act():
            self.notify("Not your decision: nothing is played.", timeout=3)
        elif not typed:
            self.notify("Type words of an action first (Esc: back to the list).", timeout=3)
        elif not texts:
            self.notify(f"No action matches '{self.filter}': nothing is played.", timeout=3)
        elif len(texts) == 1 or len(exact) == 1:
            text = texts[0] if len(texts) == 1 else exact[0]
            self.set_focus(self.query_one("#actions", ActionList))
            self.play(text)
            self.clear_filter()  # (play has emptied it; the box goes too)
        else:
            self.notify(
                f"{len(texts)} actions match '{self.filter}': type more, or ↓ to pick one.",
                timeout=4,
            )

    def clear_filter(self) -> None:
        box = self.query_one("#filter", Input)
        if self.filter or box.display:
            self.filter = ""
            box.value = ""
            box.display = False
            self.render_actions()

    def _with_cost(self, shown: str, text: str) -> str:
        """A summon or a cast says what it costs now: "cast Tidal Wave · 1*" (* reduced)."""
        verb, name = d.action_name(text)
        if verb not in ("summon", "cast") or self.view is None or self.viewer is None:
            return shown
        hand = self.view.players[self.viewer].hand or ()
        card = next((c for c in hand if c.name == name), None)
        full = self.session.catalog.get(card.id) if card is not None else None
        if card is None or card.cost is None or full is None:
            return shown
        return f"{shown} · {card.cost}" + ("*" if card.cost != full.cost else "")

    def render_actions(self) -> None:
        texts, note = self.offered_actions()
        listing = self.query_one("#actions", ActionList)
        key = (self.generation, self.public.step, tuple(texts), note, self.viewer)
        if key != self._actions_key:
            self._actions_key = key
            keep = (
                listing.texts[listing.highlighted]
                if listing.highlighted is not None and (listing.highlighted < len(listing.texts))
                else None
            )
            shown = [self._with_cost(d.shorten_names(t, self.long_names), t) for t in texts]
            listing.show_actions(texts, listing.token + 1, note, keep, shown)
            if listing.highlighted is not None and listing.highlighted < len(texts):
                self.describe_listed(texts[listing.highlighted])  # a new decision: its card
            else:
                self.render_preview(None)
        current = listing.highlighted
        self.point_at(
            listing.texts[current] if current is not None and current < len(texts) else None
        )
        title = self.query_one("#actions-title", FitLine)
        pending = self.live_pending()
        if pending is None:
            title.show("Actions")
        elif self.can_act() or (self.autopass and texts):
            title.show(
                Content.assemble("Actions · ", (self.live_question(), "bold")),
                "Actions",
            )
        else:
            title.show("Actions")

    def render_log(self) -> None:
        v = self.view
        if v is None or self.viewer is None:
            return
        seen = self.desk.log_seen
        self.query_one("#log", LogView).show(v.log, seen, SEATS[1 - self.viewer])
        self.render_log_title()

    def render_log_title(self) -> None:
        back = " (L: the board)" if self.has_class("full-log") else ""
        dim = "" if self.watching else " dim: before your last move"  # (a spectator makes none)
        self.query_one("#log-title", FitLine).show(
            Content.assemble("Log", back, (dim, "dim")), "Log" + back
        )

    # ------------------------------------------------------------------------------------------
    # Cards, details and the link between the board and the action list

    def show_details(self, chip: Chip | None, title: str = "Card") -> None:
        self.set_details(chip.details if chip else "", title)

    def set_details(self, text: Content | str, title: str) -> None:
        """The details pane and its title; unchanged text is not drawn again, and text that
        leaves the pane as tall as it was is drawn without a layout (a Static's update redoes
        the screen's layout, which cost a frame of its own: bench/client.py). The text fills
        the pane at least (app.tcss), so a short card after another short one is no change."""
        if text != self._details:
            self._details = text
            details = self.query_one("#details", Static)
            details.update(text, layout=False)
            width, room = details.size.width, details.container_size.height
            if (
                not width
                or room != details.size.height
                or (details.visual.get_height(details.styles.get_rules(), width) > room)
            ):
                details.refresh(layout=True)
        self.query_one("#details-title", FitLine).show(title)

    def resolve(self, text: str) -> tuple[str, int] | None:
        """The board chip an action text names (zone id, index), if any (a Boost: its minion)."""
        if text.startswith("boost "):
            found = self._boost_chips(text)
            return found[0] if found else None
        verb, name = d.action_name(text)
        if not name:
            return None
        owner, bare, copy = d.split_name(name)
        if verb in VERB_ZONES:
            zones: tuple[str, ...] = (VERB_ZONES[verb],)
        else:
            mine = self.viewer is not None and owner in (None, SEATS[self.viewer])
            theirs = self.viewer is not None and owner in (None, SEATS[1 - self.viewer])
            zones = ()
            if mine:
                zones += ("my-field", "my-base", "my-hand", "my-forces", "my-trash")
            if theirs:
                zones += ("opp-field", "opp-base", "opp-forces", "opp-trash")
        for zone in zones:
            same = [i for i, c in enumerate(self.chips.get(zone, [])) if c.name == bare]
            if len(same) >= copy:
                return zone, same[copy - 1]
        return None

    def _find_chip(self, zone: str, name: str) -> int | None:
        """The index in `zone` of the chip `name` names ("Silica#2": the second of that name)."""
        _, bare, copy = d.split_name(name)
        same = [i for i, c in enumerate(self.chips.get(zone, [])) if c.name == bare]
        return same[copy - 1] if len(same) >= copy else None

    def _boost_chips(self, text: str) -> list[tuple[str, int]]:
        """The chips of "boost MINION with CARD" (ZR 17.2): the minion on the viewer's field,
        then the Boost card in their base ([] where they are not on the board)."""
        for minion, card in d.boost_parts(text):
            at, of = self._find_chip("my-field", minion), self._find_chip("my-base", card)
            if at is not None and of is not None:
                return [("my-field", at), ("my-base", of)]
        return []

    def named(self, text: str) -> list[tuple[str, int]]:
        """Every board chip the action `text` names (zone id, index): its card, and for a Boost
        the Boost card too."""
        if text.startswith("boost "):
            return self._boost_chips(text)
        found = self.resolve(text)
        return [found] if found is not None else []

    def board_zone(self) -> ZoneView:
        """Where ← from the action list goes: the board zone the player was last in."""
        zone = self.last_zone if self.last_zone in ZONES else "my-hand"
        return self.query_one(f"#{zone}", ZoneView)

    @on(ZoneView.Highlighted)
    def zone_highlighted(self, event: ZoneView.Highlighted) -> None:
        if not event.zone.has_focus:  # the focus moved on (to a new decision) since it was sent
            return
        self.last_zone = event.zone.id or "my-hand"
        self.show_details(event.chip)

    def zone_moved(self, zone: ZoneView, step: int) -> None:
        """↑/↓ on a board zone, at once (ZoneView.neighbour): the zone above or below; below
        the last, the Actions list."""
        zone_id = zone.id or ""
        i = ZONES.index(zone_id) + step if zone_id in ZONES else 0
        if i >= len(ZONES):
            self.set_focus(self.query_one("#actions", ActionList))
        elif i >= 0:
            self.set_focus(self.query_one(f"#{ZONES[i]}", ZoneView))

    def action_use_card(self) -> None:
        """Enter (or space) on a focused board card, in the app's turn (see BINDINGS); on
        anything else the key goes on to the focused widget as usual. The zone's cursor keys
        act in the app's turn too (ZoneView's BINDINGS), so its card is the one the keys typed
        before Enter led to, however fast they came."""
        zone = self.focused
        chip = zone.current if isinstance(zone, ZoneView) else None
        if not isinstance(zone, ZoneView) or chip is None:
            raise SkipAction()
        self.zone_activated(ZoneView.Activated(zone, chip, zone.cursor))

    @on(ZoneView.Activated)
    def zone_activated(self, event: ZoneView.Activated) -> None:
        zone = event.zone.id or ""
        if zone == "my-hand" and self.deciding_mulligan() and self.can_act():
            self.marks ^= {event.index}
            self.render_board()
            self.render_actions()
            return
        listing = self.query_one("#actions", ActionList)
        uses = [
            i for i, text in enumerate(listing.texts) if (zone, event.index) in self.named(text)
        ]
        if len(uses) == 1 or (uses and not self.can_act()):
            listing.highlighted = uses[0]
            self.set_focus(listing)
        elif uses:  # several: the card's own menu (advance, retreat, each attack...)
            texts = [listing.texts[i] for i in uses]
            shown = [self._with_cost(d.shorten_names(t, self.long_names), t) for t in texts]

            def chosen(text: str | None) -> None:
                if text is not None:
                    self.play(text)

            self.app.push_screen(CardActionsScreen(event.chip.name, texts, shown), chosen)
        elif self.can_act() and not event.clicked:  # (a click shows the card: enough)
            self.notify(f"No action uses {event.chip.name} now.", timeout=2)

    def point_at(self, text: str | None) -> None:
        """Mark on the board the card (and the attack's target) the action `text` names."""
        pointed: dict[str, set[int]] = {}
        if text is not None:
            for zone, index in self.named(text):
                pointed.setdefault(zone, set()).add(index)
            if text.startswith("attack ") and " -> " in text:
                target = text.rsplit(" -> ", 1)[1]
                for i, chip in enumerate(self.chips.get("opp-forces", [])):
                    if chip.name == target:
                        pointed.setdefault("opp-forces", set()).add(i)
        for zone in ZONES:
            self.query_one(f"#{zone}", ZoneView).point(pointed.get(zone, set()))

    def describe_listed(self, text: str | None) -> None:
        """The list's highlight described, unless the player is looking at a card of the board
        (a click on a hand card at the mulligan rebuilds the list: the card keeps the pane)."""
        if not isinstance(self.focused, ZoneView):
            self.describe_action(text)

    def describe_action(self, text: str | None) -> None:
        """Point at what the action `text` names and show it in the details pane: its card, or
        what the action does; with nothing to show, the pane is cleared (never a stale card)."""
        self.point_at(text)
        self.render_preview(text)
        if text is None:
            return
        if text.startswith("boost ") and self.view is not None and self.viewer is not None:
            found_both = self._boost_chips(text)
            if found_both:  # ZR 17.2: what it gives and what it costs
                me = self.view.players[self.viewer]
                minion, card = me.field[found_both[0][1]], me.base[found_both[1][1]]
                catalog = self.session.catalog
                self.set_details(d.boost_help(text, minion, catalog.get(card.id)), "Action")
                return
        found = self.resolve(text)
        if found is not None:
            zone, index = found
            self.show_details(self.chips[zone][index])
            return
        explained = d.action_help(text)
        if explained is not None:
            self.set_details(explained, "Action")
        else:
            self.show_details(None)

    def render_preview(self, text: str | None) -> None:
        """Under the actions: the expected result of the highlighted attack or block, from the
        public board (outcome.py), while it is the viewer's to play."""
        box = self.query_one("#preview", FitBox)
        v, seat = self.view, self.viewer
        shown = None
        if text is not None and v is not None and seat is not None and self.can_act():
            found = self.resolve(text)
            zone = found[0] if found is not None else ""
            slot = v.players[seat].field[found[1]] if zone == "my-field" and found else None
            shown = outcome.preview(v, seat, text, slot, self._printed_cost)
        box.display = shown is not None
        if shown is not None:
            box.show(*(Content.styled(t, "italic") for t in shown))
        if self.recap_lines:
            self.call_after_refresh(self.fit_recap)

    def _printed_cost(self, card_id: str) -> int | None:
        card = self.session.catalog.get(card_id)
        return card.cost if card is not None else None

    @on(OptionList.OptionSelected, "#actions")
    def action_selected(self, event: OptionList.OptionSelected) -> None:
        text = self.query_one("#actions", ActionList).action_of(event.option.id)
        if text is not None:
            self.play(text)

    # ------------------------------------------------------------------------------------------
    # Key actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":  # (another network game: another room)
            again = self.over or self._puzzle_missed()
            return again and not getattr(self.session, "network", False)
        if action == "dismiss_recap":
            return bool(self.recap_lines)
        if action == "digit":
            return self.can_act()
        if action == "use_card":  # (on anything but a board card the key is the widget's)
            return isinstance(self.focused, ZoneView) and self.focused.current is not None
        if action == "stable":  # its key works (and shows) only while its action is legal
            return self.can_act() and parameters[0] in self.my_actions()
        if action == "filter":  # "/" typed in the filter box is the box's
            return not isinstance(self.focused, Input)
        if action == "focus_actions":
            return not isinstance(self.focused, ActionList) or bool(self.filter)
        if action == "coach":  # against the AI, at your own decision
            return self.session.settings.mode == "ai" and self.can_act()
        if action == "hint":  # in a puzzle, at your own decision
            return self.session.puzzle is not None and self.can_act()
        if action == "undo":  # once you have decided something (hotseat: says why not), until
            # the game is over (it is in the history then: an undo would reopen it there)
            return (
                bool(self.session.texts)
                and not getattr(self.session, "network", False)
                and not self.over
            )
        return True

    def action_stable(self, text: str) -> None:
        """A key of its own (e: end turn, p: pass, b: no block, y: keep, d: done)."""
        if text in self.my_actions():
            self.play(text)

    def action_digit(self, digit: int) -> None:
        """Action number N of the list, of one digit or more: a digit waits DIGIT_WINDOW for
        the next one only when the list is long enough for a longer number (with 12 actions,
        1 waits for a 0, 1 or 2; 2 plays at once). Enter plays the number typed so far."""
        listing = self.query_one("#actions", ActionList)
        typed = self._typed + str(digit)
        self._cancel_digits()
        number, count = int(typed), len(listing.texts)
        if number == 0:
            return
        if number * 10 <= count:  # a digit more could still name an action: wait for it
            self._typed = typed
            listing.highlighted = number - 1  # (Enter plays it at once)
            step = self.public.step
            self._digit_timer = self.set_timer(DIGIT_WINDOW, lambda: self._digits_done(step))
        elif number <= count:
            self.play(listing.texts[number - 1])
        else:
            self.notify(f"There is no action {number}: the list has {count}.", timeout=3)

    def _digits_done(self, step: int) -> None:
        """No digit came within DIGIT_WINDOW: the number typed so far, at the same decision."""
        typed = self._typed
        self._cancel_digits()
        listing = self.query_one("#actions", ActionList)
        current = typed and step == self.public.step and self.can_act()
        if current and int(typed) <= len(listing.texts):
            self.play(listing.texts[int(typed) - 1])

    def _cancel_digits(self) -> None:
        self._typed = ""
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None

    def update_recap(self) -> None:
        """When the viewer's decision comes in a new turn (the other player has played), tell
        what happened since the viewer's last move until they dismiss it (x) or move. It opens
        at the first such decision (an auto-passed Flash window in the middle of an attack is
        one) and goes on with what comes after it: the damage of that attack too."""
        before, v, seat = self.desk.before, self.view, self.viewer
        new_turn = before is not None and v is not None and v.turn != before.turn
        if new_turn and seat is not None and self.recap_seat is None and self.can_act():
            assert before is not None and v is not None
            self.recap_seat = seat
            self.desks[seat].before = replace(before, turn=v.turn)  # opened once per turn
        if self.recap_seat is not None and self.recap_seat == seat:
            desk = self.desks[self.recap_seat]
            from zenonzard_tui.engine.summary import recap  # (not needed to show the screen)

            self.recap_lines = recap(desk.channel.events(desk.log_mark))
        elif self.recap_seat is not None:  # hotseat: the other player's recap is not theirs
            self.recap_lines, self.recap_seat = [], None
        self.query_one("#recap", RecapBox).show(self.recap_lines)
        if self.recap_lines:
            self.call_after_refresh(self.fit_recap)

    def fit_recap(self) -> None:
        """The recap gets the side panel's room that the actions, the preview and the titles
        leave (and a few lines of the card below): never more, so that no line of it is cut
        off by the panel's edge (RecapBox leaves out whole lines and says so instead)."""
        side = self.query_one("#side")
        box = self.query_one("#recap", RecapBox)
        others = [w for w in side.children if w.display and w not in (box, self.details_box)]
        room = side.content_size.height - sum(w.outer_size.height for w in others) - 3
        room = max(room, 3)
        if box.styles.max_height is None or box.styles.max_height.value != room:
            box.styles.max_height = room

    def action_dismiss_recap(self) -> None:
        self.recap_lines, self.recap_seat = [], None
        self.update_recap()
        self.refresh_bindings()  # "x" leaves the footer

    def action_toggle_log(self) -> None:
        """The log takes the board's place (and gives it back): the whole game's story."""
        self.toggle_class("full-log")
        self.render_log_title()

    def action_focus_actions(self) -> None:
        self.clear_filter()
        self.set_focus(self.query_one("#actions", ActionList))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_trash(self) -> None:
        if self.covered or self.viewer is None:
            return
        names = [
            (f"Your trash ({SEATS[self.viewer]})", self.chips.get("my-trash", [])),
            (f"{SEATS[1 - self.viewer]}'s trash", self.chips.get("opp-trash", [])),
        ]
        mine, theirs = self.chips.get("my-banished", []), self.chips.get("opp-banished", [])
        if mine or theirs:  # ZR 18.1: public, out of the game
            names += [
                (f"Your banished ({SEATS[self.viewer]})", mine),
                (f"{SEATS[1 - self.viewer]}'s banished", theirs),
            ]
        self.app.push_screen(TrashScreen(names))

    def action_autopass(self) -> None:
        self.autopass = not self.autopass
        self.notify(
            "Auto-pass on: a decision whose only action is 'pass' or 'no block' answers itself, "
            "and so does a Flash window where no card you hold could do anything."
            if self.autopass
            else "Auto-pass off: every decision waits for you.",
            timeout=3,
        )
        self.render_status()
        if self.autopass and self.can_act() and self._nothing_to_do():
            self.advance()

    def default_save_path(self) -> Path:
        if self.session.save_path is not None:
            return self.session.save_path
        folder = self.save_dir
        if folder is None:
            from zenonzard_tui.client.session import saves_dir

            folder = saves_dir()
        return folder / self.session.default_save_name()

    def action_save(self, then: Callable[[], None] | None = None) -> None:
        path = self.session.save_path
        if path is None:
            self.action_save_as(then)
            return
        try:
            self.session.save(path)
        except OSError as exc:
            self.notify(f"Cannot save to {path}: {exc.strerror or exc}", severity="error")
            self.action_save_as(then)
            return
        self.notify(f"Saved to {path}", timeout=4)
        if then is not None:
            then()

    def action_save_as(self, then: Callable[[], None] | None = None) -> None:
        def done(path: Path | None) -> None:
            if path is None:
                return
            self.notify(f"Saved to {path}", timeout=4)
            if then is not None:
                then()

        folder = getattr(self.app, "save_folder", lambda: None)()  # serve: names in one folder
        self.app.push_screen(SaveScreen(self.default_save_path(), self.session.save, folder), done)

    def action_quit(self) -> None:
        s = self.session
        if getattr(s, "network", False) and not self.over and self.public.seat is not None:
            note = (  # a player's (a spectator's public channel has no seat); the token to
                # take the seat back lives only in this process
                "The game goes on on the server: if you quit, your seat waits for the server's "
                "grace period (90 seconds by default), then you concede. This client cannot "
                "take the seat back."
            )
            self.app.push_screen(QuitScreen(note, can_save=False), self._quit_chosen)
            return
        kept_nowhere = self.over and s.archive_failed  # (not in the history: nor anywhere)
        if (self.over and not kept_nowhere) or not s.unsaved:
            self.app.exit()
            return
        save = s.in_save()  # how the game on screen differs from the save, action by action
        if kept_nowhere:
            note = "This finished game could not be kept in your history, and it is not saved."
        elif s.save_path is None:
            note = "This game has not been saved."
        elif save is not None and save.back:  # moves taken back: the save holds a later position
            note = f"The position on screen is not saved: {save.gap('your save')}."
        else:
            note = "The moves since your last save would be lost."
        kept = s.kept_in()  # the autosave, or the one it was resumed from if nothing changed
        if kept is not None and kept == s.resumed_from:
            note += f"\n(Nothing changed since it was resumed: it is still in {kept}.)"
        elif kept is not None:
            note += f"\n(The last position also stays in {kept}.)"
        self.app.push_screen(QuitScreen(note), self._quit_chosen)

    def _quit_chosen(self, what: str | None) -> None:
        if what == "save":
            self.action_save(then=self.app.exit)
        elif what == "quit":
            self.app.exit()

    def can_concede(self) -> int | None:
        """The seat that may concede from this screen now: the player at the board while the
        game goes on (hotseat: the one whose view is shown, not under the cover); else None."""
        seat = self.viewer
        if self.over or self.covered or seat is None or self.session.is_ai(seat):
            return None
        return seat

    def action_concede(self) -> None:
        """Give up the game, once the player has said yes (ConcedeScreen): the other player
        wins ("A concedes" in the save and the log); over the network the server ends it."""
        seat = self.can_concede()
        if seat is None:
            self.notify("There is no game of yours to concede now.", timeout=3)
            return

        def chosen(concede: bool | None) -> None:
            if not concede or self.over:
                return
            try:
                self.desks[seat].channel.concede()  # (the table tells table_changed)
            except TableError as exc:
                self.notify(f"The game could not be conceded: {exc}", severity="error")

        self.app.push_screen(ConcedeScreen(self._seat_label(1 - seat)), chosen)

    def action_hint(self) -> None:
        """In a puzzle: the next move of a forced win from here, found by the solver."""
        self.notify("Looking for a forced win from here…", timeout=2)
        view = self.channel.observation()
        mine = view.pending is not None and view.active == view.pending.seat
        step = len(self.session.texts)
        self.find_hint(self.channel.world() if mine else None, self.generation, step, view.turn)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def find_hint(self, world: Any, generation: int, step: int, turn: int) -> None:
        """The solver on the viewer's channel's copy of the game (None: not their turn)."""

        from zenonzard_tui.puzzles import forced_win  # (a hint's: not needed to show the screen)

        search = forced_win(world) if world is not None else None
        action = None
        if search is not None and search.line:
            action, reason = search.line[0], "the next move of a forced win (the solver's)"
        elif search is not None and search.complete:
            reason = "no forced win from here this turn: press n after the game to try again"
        else:
            reason = "no hint here: a puzzle is won on your own turn"
        self.app.call_from_thread(
            self._show_tip, Tip("Hint", generation, step, turn, action, reason)
        )

    def action_coach(self) -> None:
        """Against the AI: what the strongest AI would do in your place, and why (it searches
        only the worlds your seat cannot tell apart: no hidden card is used)."""
        self.notify("The coach is thinking…", timeout=2)
        turn = self.view.turn if self.view is not None else 0
        self.ask_coach(self.channel.world(), self.generation, len(self.session.texts), turn)

    @work(thread=True, exclusive=True, group="coach", exit_on_error=False)
    def ask_coach(self, world: Any, generation: int, step: int, turn: int) -> None:
        """The coach on the viewer's channel's copy of the game: it searches only the worlds
        the viewer's seat cannot tell apart (ai/coach.py)."""
        from zenonzard_tui.ai.coach import suggest

        advice = suggest(world, seed=step, against=self.session.settings.ai)
        tip = Tip("Coach", generation, step, turn, advice.action.text, advice.reason)
        self.app.call_from_thread(self._show_tip, replace(tip, confident=advice.confident))

    def _show_tip(self, tip: Tip) -> None:
        """The coach's or the hint's advice: kept in its panel, its action highlighted (at the
        mulligan, the cards it would send back are marked on the hand)."""
        if tip.generation != self.generation or tip.step != len(self.session.texts):
            return  # the game has moved on
        self.tip = tip
        listing = self.query_one("#actions", ActionList)
        if tip.action in listing.texts:
            listing.highlighted = listing.texts.index(tip.action)
            self.set_focus(listing)  # now (issue 19: keys typed next go where the player sees)
        if tip.action is not None and tip.action.startswith("mulligan "):
            self.render_board()
        self.render_advice()

    def tip_is_current(self) -> bool:
        tip = self.tip
        return (
            tip is not None
            and tip.generation == self.generation
            and tip.step == len(self.session.texts)
        )

    def coach_returns(self) -> set[int]:
        """The hand cards (indices) the coach's current mulligan advice sends back."""
        tip, v = self.tip, self.view
        if not self.tip_is_current() or tip is None or v is None or self.viewer is None:
            return set()
        if tip.action is None or not tip.action.startswith("mulligan "):
            return set()
        hand = [c.name for c in v.players[self.viewer].hand or ()]
        out: set[int] = set()
        for name in tip.action.removeprefix("mulligan ").split(", "):
            i = next((i for i, n in enumerate(hand) if n == name and i not in out), None)
            if i is not None:
                out.add(i)
        return out

    def render_advice(self) -> None:
        """The advice panel: the coach's (or the hint's) last advice, said to be for an earlier
        decision once the game has moved on; the coach says plainly when its figure is a
        guess."""
        box = self.query_one("#advice", FitBox)
        tip = self.tip
        box.display = tip is not None and not self.covered
        if tip is None or self.covered:
            return
        current = self.tip_is_current()
        who = tip.who if tip.confident else f"{tip.who} (unsure)"
        if not current:  # kept, but in one line: it was for a decision that has passed
            when = f"turn {tip.turn}" if tip.turn else "setup"
            box.set_class(False, "unsure")
            box.max_lines = 2
            box.show(
                Content.assemble(
                    (f"{tip.who}, for an earlier decision ({when}): ", "bold dim"),
                    (tip.action or tip.reason.split(": ")[0], "dim"),
                )
            )
            return
        box.max_lines = 5
        head = f"{who}: "
        move = tip.action or ""
        if self.coach_returns():
            move += " (✦back on the hand)"
        # the fullest that fits: the reason whole; without the move weighed against it; its
        # figure in brief with the coach's notes (the threat first, then a trick: coach.watch),
        # fewer of them; the figure alone
        short = tip.reason.split(": ")[0].split(" (")[0]
        first, *rest = tip.reason.split("; ")
        notes = [c for c in rest if not c.startswith("next best: ")]
        forms = [tip.reason, "; ".join([first, *notes])]
        forms += ["; ".join([short, *notes[:k]]) for k in range(len(notes), -1, -1)]

        def said(text: str) -> Content:
            return Content.assemble((head, "bold"), f"{move}: {text}" if move else text)

        box.set_class(not tip.confident, "unsure")
        box.show(*map(said, dict.fromkeys(forms)), Content.assemble((head, "bold"), move or short))

    def render_goal(self) -> None:
        """A puzzle's goal, on screen for the whole game: a shipped puzzle is won this turn."""
        box = self.query_one("#goal", FitLine)
        puzzle, goal, v = self.session.puzzle, self._puzzle_goal(), self.view
        box.display = puzzle is not None
        if puzzle is None or goal is None or v is None:
            return
        shipped, turn, active = goal
        name = terminal_safe(puzzle.name)  # (a file's text: never an escape on screen)
        if not shipped:
            box.show(f"Position: {name}")  # (cut at a word to fit)
            return
        if self._defending(active):
            on = f" (turn {turn})" if turn is not None else ""
            box.show(
                f"Goal: stop {active} winning this turn{on} · {name}",
                f"Goal: stop {active} winning this turn{on}",
                f"Goal: stop {active} winning this turn",
                f"Stop {active} winning this turn",
            )
            return
        if self._puzzle_missed():
            box.show(
                f"Goal: win on turn {turn}: that turn is over (n: again)",
                f"Goal missed: turn {turn} is over",
                "Goal missed",
            )
            return
        on = f" (turn {turn})" if turn is not None else ""
        box.show(f"Goal: win this turn{on} · {name}", f"Goal: win this turn{on}", "Win this turn")

    def _puzzle_goal(self) -> tuple[bool, int | None, str | None] | None:
        """The session's puzzle's goal, found once a puzzle (its file looked up, its text
        parsed; `check_action` asks at every key): is it a shipped one, the turn it is at and
        whose turn that is (`puzzle_start`). None: no puzzle."""
        puzzle = self.session.puzzle
        if puzzle is None:
            return None
        if self._goal_of is None or self._goal_of[0] is not puzzle:
            from zenonzard_tui.puzzles import PUZZLES, find_puzzle

            shipped = find_puzzle(puzzle.path) is not None or Path(puzzle.path).parent == PUZZLES
            self._goal_of = puzzle, (shipped, *puzzle_start(puzzle.text))
        return self._goal_of[1]

    def _defending(self, active: str | None) -> bool:
        """A puzzle whose turn is the other player's: the viewer's goal is to stop them."""
        return active is not None and self.viewer is not None and active != SEATS[self.viewer]

    def _puzzle_missed(self) -> bool:
        """A shipped puzzle to win whose turn is over: its goal missed (n starts it again)."""
        goal, v = self._puzzle_goal(), self.view
        if goal is None or v is None:
            return False
        shipped, turn, active = goal
        if not shipped or self._defending(active):  # (one to defend is won by the turn's end)
            return False
        return turn is not None and v.turn > turn

    def action_undo(self) -> None:
        """Against the AI: take back your last decision (and the AI's answers to it)."""
        s = self.session
        if s.hotseat:
            self.notify(
                "No undo in a hotseat game: the other player has seen your move.",
                severity="warning",
            )
            return
        if self.over:
            self.notify("The game is over: n starts a new one.", timeout=4)
            return
        self._resetting = True
        try:
            taken = s.undo()
        finally:
            self._resetting = False
        if not taken:
            self.notify("You have made no decision to take back.", severity="warning")
            return
        self.last_ai = None
        self.notify("Your last decision is taken back.")
        self.start()

    def action_new_game(self) -> None:
        """After the game: a new one (the command line's choice of decks, or this game's); a
        puzzle whose turn is over (its goal missed): again from its start."""
        if not self.over and not self._puzzle_missed():
            return
        if getattr(self.session, "network", False):
            self.notify("For another network game, create or join a new room.", timeout=6)
            return
        self.session = self.restart() if self.restart is not None else self.session.rematch()
        self.long_names = _long_names(self.session)
        self.autopass = not self.session.hotseat and self.session.settings.autopass
        self.last_ai = None
        self.start()

    # ------------------------------------------------------------------------------------------
    # The end

    def show_game_over(self) -> None:
        if self.over_shown:
            return
        self.over_shown = True
        v = self.view
        assert v is not None
        winner = v.winner
        s = self.session
        network = getattr(s, "network", False)
        if winner == "draw":
            headline = "The game is a draw."
        elif network and not self.watching:  # the other player is a person (or their bot)
            mine = winner == SEATS[s.settings.seat]
            headline = "You win!" if mine else f"{s.seat_name(SEATS.index(winner))} wins."
        elif network:
            headline = f"{s.seat_name(SEATS.index(winner))} wins."
        elif not s.hotseat:
            headline = (
                "You win!" if winner == SEATS[s.settings.seat] else f"{winner} (the AI) wins."
            )
        else:
            headline = f"Player {winner} wins!"
        reason = v.log[-1] if v.log else ""
        names = tuple(s.settings.names[seat] or self._seat_label(seat) for seat in (0, 1))
        figures = self.public.summary().lines((names[0], names[1]))[1:]  # headline: who won
        summary = "\n".join([*figures, f"{len(s.texts)} actions."])
        can_restart = not network  # (another network game: another room)

        def chosen(what: str | None) -> None:
            if what == "new":
                self.action_new_game()
            elif what == "save":
                self.action_save_as()
            elif what == "quit":
                self.app.exit()

        self.app.push_screen(GameOverScreen(headline, reason, summary, can_restart), chosen)

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "ai")
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe, self._attached = None, None
        if self.cover_screen is not None and self.cover_screen not in self.app.screen_stack:
            self.app.uninstall_screen(self.cover_screen)
