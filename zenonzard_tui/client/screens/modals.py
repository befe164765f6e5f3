"""The small screens over the duel: the hotseat cover, help, quit, save, game over and the trash.

Each is a `ModalScreen` with a typed result; Escape backs out where backing out is allowed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from zenonzard_tui.client.describe import Chip
from zenonzard_tui.usertext import content, terminal_safe

MAX_SAVE_NAME = 120  # characters of a save's name typed under `serve`


class ReplaceGuard:
    """Asks before a file is replaced: Enter on a file that exists only warns; Enter again on
    the same file replaces it."""

    def __init__(self) -> None:
        self.warned: Path | None = None

    def warning(self, path: Path) -> str | None:
        """What to say instead of writing now (None: go ahead)."""
        if (path.exists() or path.is_symlink()) and self.warned != path:
            self.warned = path
            return f"{terminal_safe(path.name)} exists: Enter again replaces it (or type another name)."
        return None


class CoverScreen(ModalScreen[None]):
    """Hotseat: hides the board while the terminal passes to the other player. One cover serves a
    whole game (installed in the app, so each handover only rewrites its three lines)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "reveal", "Show my view", id="reveal"),
        Binding("q", "quit_game", "Quit", id="cover_quit"),
    ]

    def __init__(
        self,
        seat: str,
        question: str,
        turn: str,
        deck: str = "",
        reveal: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(id="cover")
        self.seat, self.question, self.turn, self.deck = seat, question, turn, deck
        self.reveal = reveal  # draws the seat's view under the cover, just before it goes
        self.shown_at = 0.0  # time.monotonic() when it last appeared

    def _lines(self) -> tuple[Content, Content, str]:
        title = f"Pass to player {self.seat}" + (f" ({self.deck})" if self.deck else "")
        return (
            content(title, "bold"),
            content(f"{self.turn} · {self.seat}: {self.question}"),
            f"Player {self.seat}: press Enter to see your hand.\n"
            "The other player: please look away.",
        )

    def compose(self) -> ComposeResult:
        title, what, hint = self._lines()
        with Vertical(id="cover-box"):
            yield Static(title, id="cover-title")
            yield Static(what, id="cover-what")
            yield Static(hint, id="cover-hint")

    def show(
        self, seat: str, question: str, turn: str, deck: str, reveal: Callable[[], None]
    ) -> None:
        """The next handover's words (before the cover is pushed again)."""
        self.seat, self.question, self.turn, self.deck = seat, question, turn, deck
        self.reveal = reveal
        if self.is_mounted:
            title, what, hint = self._lines()
            self.query_one("#cover-title", Static).update(title)
            self.query_one("#cover-what", Static).update(what)
            self.query_one("#cover-hint", Static).update(hint)

    def on_screen_resume(self) -> None:
        self.shown_at = time.monotonic()

    def action_reveal(self) -> None:
        """The board is drawn for the seat while the cover still hides it, so the screen is
        drawn once when the cover goes, not twice (the old picture, then the new). Not in the
        cover's first moments (`ZenonzardApp.handover_guard`): an Enter pressed twice by the
        player who just acted would show the next player's hand to them."""
        guard = getattr(self.app, "handover_guard", 0.0)
        if time.monotonic() - self.shown_at < guard:
            return
        if self.reveal is not None:
            self.reveal()
        self.dismiss(None)

    def on_click(self) -> None:
        self.action_reveal()

    def action_quit_game(self) -> None:
        self.app.action_quit()  # type: ignore[unused-coroutine]  # ZenonzardApp's asks, at once


HELP_WIDTH = 72  # the widest line of HELP: the help box shows 74 columns (80 wide, a scrollbar)
HELP = """\
[b]Playing[/b]
  Enter, click    do the highlighted action, or use the highlighted card
                  (one click on a card uses it; at the mulligan: marks it)
  1 … 9, 10 …     do action N of the list; past 9 type both digits (a
                  digit waits 0.6 s for another only when the list is
                  that long; Enter plays the number typed so far)
  e p b y d       end turn, pass, no block, keep, done: the same key
                  whenever that action is legal
  ↑ ↓ (k j)       Actions list: move; board: the zone above or below
  ← → (h l)       board: along a zone; ← in the Actions list: to the
                  board
  Tab             board, Actions list, log;  Esc: back to the Actions
  ] \\[             Actions list: the next (previous) kind of action:
                  play a card, move, attack, block, choose, end
  /               type to filter the actions (words in any order); Enter
                  plays the one they name (none or several: nothing is
                  played; ↓ to pick among them); Esc shows them all
  Enter on a card that card's actions: the one there is, or a menu of
                  them; at the mulligan, mark or unmark it (ZR 5.2)

[b]Keys[/b]
  ?  F1           this help           t   both trashes (public, ZR 3.1)
                                      and banished zones (ZR 18.1)
  s               save                S   save to another file
  q  Ctrl+Q       quit (offers to save unsaved moves)
  G               concede (asks first; also "Concede" in Ctrl+P)
  a               auto-pass: a decision whose only action is "pass" or
                  "no block" answers itself (on against the AI), and so
                  does a Flash window where no card you hold could do
                  anything (a smart stop; never in hotseat)
  n               a new game, once this one is over
  u               against the AI: take back your last decision
  i               in a puzzle: a hint (the next move of a forced win)
  L               the log in the board's place, and back
  c               against the AI: the coach, what the strongest AI would
                  do in your place and why (from what you may know only)
  w               hotseat: your Flash windows ask always (the default),
                  or only when you hold a card you could play there; the
                  second saves handovers but tells the other player when
                  you hold none

[b]The board[/b] (you at the bottom; in a hotseat game, whoever decides)
  ● Active   ○ Rested   ✗ a destroyed Force   new: arrived this turn
  R Y W G B P C: red, yellow, white, green, blue, purple, colorless
  ⊕ Name: the card attached under a minion (Boost, ZR 17.2): its BP,
  DP and <Boost Ability> are in the minion's; the card panel says it.
  Field minions: BP/DP now (modifiers included), then keywords, then
  what effects did to it: \\[can't attack] \\[can't block] \\[can't move]
  \\[can't attack Forces] \\[unblockable] \\[wins battles] \\[must block]
  \\[stays Rested] \\[shielded] \\[dies after battle]; the card panel
  says each in full, with its duration and source.
  Hand: bold cards can be played now; the number is the cost.
  Base: the mana that pays costs (ZR 6.1). The log: dim lines came
  before your last move; the opponent's lines are coloured.

[b]Decisions[/b] (the top line says whose, and which)
  mulligan (ZR 5.2), mana (ZR 5.5), main phase (ZR 5.6), Flash
  priority (ZR 8.3), block (ZR 8.4), and choices inside effects:
  "choose …", "choose none", "done".

[b]Under the actions[/b]
  An attack or a block highlighted: its expected result from the board
  (BP against BP, who is destroyed, the damage), before Flash.
  The coach's (c) or the hint's (i) last advice; a guess says so. At
  the mulligan, ✦back marks the cards the coach would send back.
  The recap of the other player's turn (x closes it); when it is too
  long it says how many lines it left out (L: the whole log).
  Between the fields: every outcome of the last attack or card played.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "close", "Close", id="help_close")
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(Content.from_markup(HELP), id="help-text")
            yield Static(Content.styled("↑ ↓ scroll, Esc closes this help.", "dim italic"))

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class FarewellScreen(ModalScreen[None]):
    """In a browser (`zenonzard serve`), before the session ends: where the game is (the
    command's farewell, printed once the screen closes, reaches no one there). Any key ends it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="farewell-box", classes="dialog"):
            yield Static(Content.styled("Goodbye", "bold"))
            yield Static(content(self.text), classes="note")
            yield Static(Content.styled("Any key ends this session.", "dim italic"))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """ "save", "quit" or "cancel" (no "save" when `can_save` is False: a network game)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,c", "pick('cancel')", "Cancel", id="quit_cancel"),
        Binding("s,y", "pick('save')", "Save and quit", id="quit_save"),
        Binding("d,n", "pick('quit')", "Quit without saving", id="quit_discard"),
    ]

    def __init__(self, note: str, title: str = "Quit this game?", can_save: bool = True) -> None:
        super().__init__()
        self.note, self.title_text, self.can_save = note, title, can_save

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box", classes="dialog"):
            yield Static(Content.styled(self.title_text, "bold"))
            yield Static(content(self.note), classes="note")
            with Horizontal(classes="buttons"):
                if self.can_save:
                    yield Button("Save and quit (s)", id="save", variant="primary")
                    yield Button("Quit without saving (d)", id="quit", variant="error")
                else:
                    yield Button("Quit (d)", id="quit", variant="error")
                yield Button("Cancel (Esc)", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_pick(self, what: str) -> None:
        if what != "save" or self.can_save:
            self.dismiss(what)


class SaveScreen(ModalScreen[Path | None]):
    """Asks where to save; `save(path)` does it (an error stays in the dialog). A file that
    exists is replaced only after a second Enter (`ReplaceGuard`).

    `folder`: saves go into this folder only, by a name typed in the dialog, never a path (under
    `zenonzard serve`, where whoever reaches the server types it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="save_cancel")
    ]

    def __init__(
        self, default: Path, save: Callable[[Path], Path], folder: Path | None = None
    ) -> None:
        super().__init__()
        self.default, self.save, self.folder = default, save, folder
        self.guard = ReplaceGuard()

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box", classes="dialog"):
            yield Static(Content.styled("Save the game", "bold"))
            if self.folder is None:
                yield Static("File (Enter saves, Esc cancels):", classes="note")
                yield Input(str(self.default), id="save-path")
            else:
                yield Static(
                    "Name, in your save folder (Enter saves, Esc cancels):", classes="note"
                )
                yield Input(self.default.name, id="save-path", max_length=MAX_SAVE_NAME)
            yield Static("", id="save-error")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.cursor_position = len(field.value)

    def error(self, message: str) -> None:
        self.query_one("#save-error", Static).update(Content.styled(message, "bold $error"))

    def target(self, text: str) -> Path | str:
        """The file `text` names, or what is wrong with it. In a terminal: a name alone goes into
        the folder of the default (the save folder), a path where it says; a folder (one that is
        there, or a path ending in '/') gets the default's name; a name without an extension
        gets '.json' (so the lists find it)."""
        if self.folder is None:
            return self._terminal_target(text)
        if len(text) > MAX_SAVE_NAME:
            return f"A name of at most {MAX_SAVE_NAME} characters, please."
        if not save_name_ok(text):
            return "A name only (no folders, no '/', not starting with '.'): saves go into your save folder."
        path = self.folder / (text if text.lower().endswith(".json") else text + ".json")
        if path.is_symlink() or (path.exists() and not path.is_file()):
            return f"{terminal_safe(path.name)} is not a save file: choose another name."
        return path

    def _terminal_target(self, text: str) -> Path | str:
        if "/" not in text and not text.startswith("~"):
            text = str(self.default.parent / text)
        path = Path(os.path.abspath(Path(text).expanduser()))  # (links kept, as typed)
        try:
            if text.endswith("/") or path.is_dir():
                return path / self.default.name
            if not path.suffix:
                path = path.with_name(path.name + ".json")
            path.is_dir()  # (a name too long for the system says so here, not in the write)
        except OSError as exc:  # a name longer than the system takes (over 255 bytes), ...
            return f"Cannot save there: {exc.strerror or exc}"
        return path

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.error("Give a file name.")
            return
        path = self.target(text)
        if isinstance(path, str):
            self.error(path)
            return
        warning = self.guard.warning(path)
        if warning is not None:
            self.query_one("#save-error", Static).update(Content.styled(warning, "bold $warning"))
            return
        try:
            written = self.save(path)
        except OSError as exc:
            self.error(f"Cannot save there: {exc.strerror or exc}")
            return
        self.dismiss(written)

    def action_cancel(self) -> None:
        self.dismiss(None)


def save_name_ok(name: str) -> bool:
    """A save's name under `serve`: one file name, printable, not hidden, not a folder's."""
    return (
        0 < len(name) <= MAX_SAVE_NAME
        and name.isprintable()
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
    )


class ConcedeScreen(ModalScreen[bool]):
    """Asks before a player gives up the game: True to concede (y), False to play on (Esc, n).
    The focus starts on "Play on", so Enter alone never concedes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "pick(True)", "Concede", id="concede_yes"),
        Binding("escape,n", "pick(False)", "Play on", id="concede_no"),
    ]

    def __init__(self, winner: str) -> None:
        super().__init__()
        self.winner = winner

    def compose(self) -> ComposeResult:
        with Vertical(id="concede-box", classes="dialog"):
            yield Static(Content.styled("Concede this game?", "bold"))
            yield Static(
                content(
                    f"{self.winner} wins at once. The game ends here and goes into the history."
                ),
                classes="note",
            )
            with Horizontal(classes="buttons"):
                yield Button("Play on (Esc)", id="no", variant="primary")
                yield Button("Concede (y)", id="yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_pick(self, concede: bool) -> None:
        self.dismiss(concede)


class GameOverScreen(ModalScreen[str]):
    """ "board" (look at the final board), "new", "save" or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "pick('board')", "See the board", id="over_board"),
        Binding("n", "pick('new')", "New game", id="over_new"),
        Binding("s", "pick('save')", "Save", id="over_save"),
        Binding("q", "pick('quit')", "Quit", id="over_quit"),
    ]

    def __init__(self, headline: str, reason: str, summary: str, can_restart: bool) -> None:
        super().__init__()
        self.headline, self.reason, self.summary = headline, reason, summary
        self.can_restart = can_restart

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box", classes="dialog"):
            yield Static(Content.styled(self.headline, "bold"), id="over-title")
            yield Static(content(self.reason), classes="note")
            yield Static(content(self.summary), classes="note")
            with Horizontal(classes="buttons"):
                yield Button("See the board (Enter)", id="board", variant="primary")
                if self.can_restart:
                    yield Button("New game (n)", id="new")
                yield Button("Save (s)", id="save")
                yield Button("Quit (q)", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "board")

    def action_pick(self, what: str) -> None:
        if what == "new" and not self.can_restart:
            return
        self.dismiss(what)


class CardActionsScreen(ModalScreen[str | None]):
    """Enter on a board card that several actions use: which one (None: none, Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="card_actions_close"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, card: str, texts: list[str], shown: list[str]) -> None:
        super().__init__()
        self.card, self.texts, self.shown = card, texts, shown

    def compose(self) -> ComposeResult:
        with Vertical(id="card-actions-box", classes="dialog"):
            yield Static(Content.styled(self.card, "bold"), id="card-actions-title")
            yield OptionList(
                *(
                    Option(content(f"{i + 1} {label}"), id=str(i))
                    for i, label in enumerate(self.shown)
                ),
                id="card-actions",
            )
            yield Static("Enter: do it · Esc: back", classes="note")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.texts[int(event.option.id or 0)])

    def action_pick(self, index: int) -> None:
        if index < len(self.texts):
            self.dismiss(self.texts[index])

    def action_close(self) -> None:
        self.dismiss(None)


class TrashScreen(ModalScreen[None]):
    """Both trashes, in order (public, ZR 3.1), with the details of the highlighted card; once a
    card is banished, both banished zones after them (public, ZR 18.1)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,q", "close", "Close", id="trash_close")
    ]

    def __init__(self, trashes: list[tuple[str, list[Chip]]]) -> None:
        super().__init__()
        self.trashes = trashes

    def compose(self) -> ComposeResult:
        with Vertical(id="trash-box", classes="dialog"):
            if len(self.trashes) > 2:
                head = Content.styled("Trash and banished", "bold") + "  (Tab: the next list, "
                yield Static(head + "Esc closes)")
            else:
                yield Static(
                    Content.styled("Trash", "bold") + "  (Tab: the other trash, Esc closes)"
                )
            with Horizontal(id="trash-lists"):
                for n, (title, chips) in enumerate(self.trashes):
                    with Vertical(classes="trash-col"):
                        yield Static(Content.styled(f"{title}: {len(chips)}", "bold"))
                        options = [Option(c.text, id=str(i)) for i, c in enumerate(chips)]
                        if not options:
                            options = [Option(Content.styled("empty", "dim italic"), disabled=True)]
                        yield OptionList(*options, id=f"trash-{n}", classes="trash-list")
            with VerticalScroll(id="trash-details-box"):
                yield Static("", id="trash-details")

    def on_mount(self) -> None:
        for n, (_, chips) in enumerate(self.trashes):
            if chips:
                self.query_one(f"#trash-{n}", OptionList).focus()
                break

    def _show(self, listing: OptionList) -> None:
        n = int((listing.id or "trash-0").rsplit("-", 1)[1])
        chips = self.trashes[n][1]
        index = listing.highlighted
        if index is not None and index < len(chips):
            self.query_one("#trash-details", Static).update(chips[index].details)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.has_focus:
            self._show(event.option_list)

    def on_descendant_focus(self) -> None:
        if isinstance(self.focused, OptionList):
            self._show(self.focused)

    def action_close(self) -> None:
        self.dismiss(None)
