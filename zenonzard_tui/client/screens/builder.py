"""The deck builder: a card browser (left) and the deck being edited (right), with the live ZR 4
report of `zenonzard validate`, the Forces chooser, name and description, save and open, a game
against the AI with the deck, and a quick AI-vs-AI `sim` of it against the starter decks.

The deck lives in a `DeckDraft` (client/deckdraft.py, no Textual); every change re-checks the
text the draft would save with `decks.parse_deck`, so the report is what `validate` says.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from zenonzard_tui.cards import CardDef, CardPool, load_pool
from zenonzard_tui.client.deckdraft import CardFilter, DeckDraft, card_sets, deck_cards, enough
from zenonzard_tui.client.describe import badge, card_details
from zenonzard_tui.client.screens.modals import QuitScreen, ReplaceGuard
from zenonzard_tui.client.widgets.keybar import KeyBar
from zenonzard_tui.decks import (
    DECK_SIZE,
    DECK_SUFFIX,
    Deck,
    DeckError,
    DeckReadError,
    DeckReport,
    deck_files,
    load_deck,
    shown,
    starter_files,
)
from zenonzard_tui.files import data_dir
from zenonzard_tui.usertext import content, plain, terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.client.session import Session

SIM_GAMES = 20  # games against each starter deck in a quick sim (half with each seat first)
SIM_LEVEL = "medium"


def decks_dir() -> Path:
    """Where the builder offers to save a new deck: `decks/` in the user-data folder."""
    return data_dir() / "decks"


def is_starter(path: Path) -> bool:
    """A starter deck's file (shipped in the package: never written by the builder)."""
    return any(_same_file(path, starter) for starter in starter_files())


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.expanduser().resolve() == b.expanduser().resolve()
    except OSError:
        return False


def listed_decks(folders: list[Path]) -> list[tuple[str, list[Path]]]:
    """The deck files the Open dialog lists: each folder's `*.deck` files, then the starters."""
    groups: list[tuple[str, list[Path]]] = []
    seen: set[Path] = set()
    for folder in folders:
        try:
            files = [f for f in deck_files(folder) if f.resolve() not in seen]
        except OSError:
            continue
        seen.update(f.resolve() for f in files)
        if files:
            groups.append((str(folder), files))
    groups.append(("starter decks (open one, then save as a file of your own)", starter_files()))
    return groups


def _stat(card: CardDef) -> str:
    if card.type == "magic":
        return "Magic"
    return f"{card.bp or 0}/{card.dp or 0}"


def card_line(card: CardDef, in_deck: int) -> Content:
    cost = "-" if card.cost is None else str(card.cost)
    mark = f" ×{in_deck}" if in_deck else ""
    return Content.assemble(
        badge(card.color), f" {cost:>2} ", card.name, (f"  {_stat(card)}", "dim"), (mark, "bold")
    )


class BuilderScreen(Screen[None]):
    """Edits one deck. `on_play(session)`: start a duel with a session (None: no play)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "add", "Add", id="builder_add", key_display="+"),
        Binding("minus,delete", "remove", "Remove", id="builder_remove", key_display="-"),
        # a priority binding that moves the focus at once (`focus()` moves it only later, and the
        # app hands each key to the widget focused when it reads it): the letters typed right
        # after "/" go into the filter, however fast (issue 19)
        Binding("slash", "filter", "Filter", id="builder_filter", key_display="/", priority=True),
        # Enter in the filter, the same way: back to the browser at once, so a "+" typed right
        # after it adds the card (the Input's own Enter moved the focus only later)
        Binding("enter", "filter_done", show=False, id="builder_filter_done", priority=True),
        Binding("f", "forces", "Forces", id="builder_forces"),
        Binding("n", "name", "Name", id="builder_name"),
        Binding("ctrl+s", "save", "Save", id="builder_save", key_display="^S"),
        Binding("a", "save_as", "Save as", id="builder_save_as"),
        Binding("o", "open", "Open", id="builder_open"),
        Binding("p", "play", "Play", id="builder_play"),
        Binding("r", "sim", "Sim", id="builder_sim"),
        Binding("escape", "back", "Back", id="builder_back", key_display="Esc"),
        Binding("j,down", "move(1)", "Down", show=False, id="builder_down"),
        Binding("k,up", "move(-1)", "Up", show=False, id="builder_up"),
        # priority bindings, as "/": the focus moves at once, so a key typed right after "l" acts
        # on the deck list (a "j" used to move the browser, the focus not there yet)
        Binding("h,left", "side('pool')", "Cards", show=False, id="builder_left", priority=True),
        Binding("l,right", "side('deck')", "Deck", show=False, id="builder_right", priority=True),
    ]

    def __init__(self, draft: DeckDraft | None = None, pool: CardPool | None = None) -> None:
        super().__init__(id="builder")
        self.pool = pool or load_pool()
        self.draft = draft or DeckDraft()
        self.cards = deck_cards(self.pool)
        self.order = {c.id: n for n, c in enumerate(self.cards)}
        self.shown: list[CardDef] = list(self.cards)
        self.filter = CardFilter()
        on_disk = self.draft.path is not None and self.draft.path.exists()
        self.saved_text = self.draft.text(self.pool) if on_disk else None
        self.report: DeckReport = self.draft.report(self.pool)
        self.panel_card: str | None = None  # the id of the card the panel shows (None: none)

    # ------------------------------------------------------------------------------------------
    # Layout

    def compose(self) -> ComposeResult:
        yield Static(id="b-status")
        with Horizontal(id="b-main"):
            with Vertical(id="b-left"):
                yield Input(
                    placeholder="/ to filter, e.g. red cost:2 type:magic class:golem set:basic fire",
                    id="b-filter",
                )
                yield OptionList(id="b-pool")
                yield VerticalScroll(Static(id="b-card"), id="b-card-box")
            with Vertical(id="b-right"):
                yield OptionList(id="b-deck")
                yield VerticalScroll(Static(id="b-report"), id="b-report-box")
        yield KeyBar()  # (Textual's Footer rebuilt a widget per key at every key press)

    def on_mount(self) -> None:
        self.query_one("#b-pool", OptionList).border_title = "Cards"
        self.query_one("#b-deck", OptionList).border_title = "Deck"
        self.refill_pool()
        self.refresh_deck()
        self.query_one("#b-pool", OptionList).focus()

    # ------------------------------------------------------------------------------------------
    # Drawing

    @property
    def unsaved(self) -> bool:
        text = self.draft.text(self.pool)
        return text != self.saved_text and (self.saved_text is not None or self.draft.total > 0)

    def refill_pool(self) -> None:
        pool_list = self.query_one("#b-pool", OptionList)
        keep = pool_list.highlighted
        self.shown = [c for c in self.cards if self.filter.matches(c, self.pool)]
        pool_list.set_options(
            Option(card_line(c, self.draft.count(c.id)), id=c.id) for c in self.shown
        )
        if self.shown:
            pool_list.highlighted = min(keep or 0, len(self.shown) - 1)
        sets = ", ".join(card_sets(self.pool))
        pool_list.border_title = f"Cards {len(self.shown)}/{len(self.cards)} (sets: {sets})"
        self.show_current()

    def refresh_deck(self, changed: CardDef | None = None) -> None:
        """After every change: the deck list, the counts in the browser (only the `changed`
        card's line when one card changed), the report."""
        was_legal, self.report = self.report.legal, self.draft.report(self.pool)
        deck_list = self.query_one("#b-deck", OptionList)
        keep = deck_list.highlighted
        ids = sorted(self.draft.counts, key=self.order.__getitem__)
        deck_list.set_options(
            Option(
                Content.assemble(f"{self.draft.counts[i]} ", card_line(self.pool.cards[i], 0)), id=i
            )
            for i in ids
        )
        if ids:
            deck_list.highlighted = min(keep or 0, len(ids) - 1)
        deck_list.border_title = f"Deck {self.draft.total}/{DECK_SIZE}"
        pool_list = self.query_one("#b-pool", OptionList)
        for n, card in enumerate(self.shown):
            if changed is None or card.id == changed.id:
                pool_list.replace_option_prompt_at_index(
                    n, card_line(card, self.draft.count(card.id))
                )
        self.render_status()
        self.render_report()
        self.show_current()
        if self.report.legal != was_legal:
            self.refresh_bindings()  # Play and Sim follow the verdict

    def render_status(self) -> None:
        d = self.draft
        forces = " + ".join(self.pool.forces[f].name for f in d.forces) or "no Forces"
        verdict = (enough(self.report), "bold $success" if self.report.legal else "bold $error")
        where = terminal_safe(d.path.name) if d.path is not None else "not saved"
        star = " *" if self.unsaved else ""
        self.query_one("#b-status", Static).update(  # (one line: no layout)
            layout=False,
            content=Content.assemble(
                (terminal_safe(d.name, 80), "bold"),
                f"  {d.total}/{DECK_SIZE}  ",
                verdict,
                f"  {forces}  ",
                (f"{where}{star}", "dim"),
            ),
        )

    def render_report(self) -> None:
        from rich.console import Group
        from rich.text import Text

        from zenonzard_tui.cli.validate_cmd import _summary_lines

        box = self.query_one("#b-report", Static)
        if self.report.legal:
            head = Text(
                f"Legal (ZR 4): starting life {self.report.deck and self.report.deck.starting_life}",
                style="bold",
            )
            box.update(Group(head, *_summary_lines(self.report)))
            return
        lines = [Text("Not legal yet (ZR 4):", style="bold")]
        # A line number only when the file on disk is what the report read; otherwise the line
        # as it would be saved (a new deck has no file, an edited one has moved its lines).
        on_disk = self.saved_text is not None and not self.unsaved
        for p in self.report.problems:
            if p.line == 0:
                where = "deck"
            elif on_disk:
                where = f"line {p.line}"
            else:
                where = shown(p.text.partition("#")[0].strip().removesuffix(":"), 40)
            lines.append(plain(f"  {where}: {p.message}"))
        so_far = self.draft.provisional_report(self.pool)
        if so_far is not None:  # the curve, colors and pips of the cards chosen so far
            lines.append(Text("So far:", style="bold"))
            lines.extend(_summary_lines(so_far))
        box.update(Group(*lines))

    def show_current(self) -> None:
        """The card panel shows the card that `+`, `-` and Enter act on (`current_card`): the
        highlighted card of the focused list. Called whenever that may change: a list's
        highlight moved, the focus moved, a list's rows were set again. It does not draw the
        card an event names: both lists post their highlight, in an order of their own, and
        setting a list's rows posts one too (the deck list's, after every `+`, used to put its
        card in the panel while the browser had the focus)."""
        card = self.current_card()
        card_id = None if card is None else card.id
        if card_id == self.panel_card:
            return
        self.panel_card = card_id
        self.query_one("#b-card", Static).update(card_details(card) if card else "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id in ("b-pool", "b-deck"):
            self.show_current()

    def watch_focused(self, focused: Widget | None) -> None:
        """The focus moved (the screen's reactive `focused`, set at once by `set_focus`)."""
        # None: the terminal lost the focus and no key acts; before the end of `on_mount` the
        # lists are not filled yet
        if focused is not None and self.is_mounted:
            self.show_current()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id in ("b-pool", "b-deck"):
            event.stop()
            self.action_add()

    # ------------------------------------------------------------------------------------------
    # Editing

    def current_card(self) -> CardDef | None:
        """The card `+`, `-` and Enter act on: the highlighted card of the focused list, the
        card browser's when neither list has the focus (the filter has it)."""
        focused = self.focused
        lists = [self.query_one("#b-deck", OptionList), self.query_one("#b-pool", OptionList)]
        listing = focused if focused in lists else lists[1]
        assert isinstance(listing, OptionList)
        if listing.highlighted is None:
            return None
        option_id = listing.get_option_at_index(listing.highlighted).id
        return None if option_id is None else self.pool.cards[option_id]

    def action_add(self) -> None:
        card = self.current_card()
        if card is None:
            return
        self.draft.add(card)
        self.refresh_deck(card)

    def action_remove(self) -> None:
        card = self.current_card()
        if card is None or not self.draft.remove(card):
            return
        self.refresh_deck(card)

    def action_move(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, OptionList):
            if step > 0:
                focused.action_cursor_down()
            else:
                focused.action_cursor_up()

    def action_side(self, which: str) -> None:
        self.set_focus(self.query_one(f"#b-{which}", OptionList))

    def action_filter(self) -> None:
        self.set_focus(self.query_one("#b-filter", Input))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "b-filter":
            return
        self.filter, problems = CardFilter.parse(event.value)
        self.refill_pool()
        if problems:
            pool_list = self.query_one("#b-pool", OptionList)
            pool_list.border_title = (
                f"{pool_list.border_title}  not understood: {' '.join(problems)}"
            )

    def action_filter_done(self) -> None:
        """Enter in the filter: back to the browser, the filter kept."""
        self.set_focus(self.query_one("#b-pool", OptionList))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        typing = isinstance(self.focused, Input)
        if action == "filter_done":  # Enter elsewhere is the list's (add the card)
            return typing and self.focused is self.query_one("#b-filter", Input)
        if typing and action in (
            "filter",  # "/" typed in the filter is text
            "add",
            "remove",
            "forces",
            "name",
            "open",
            "save_as",
            "play",
            "sim",
            "move",
            "side",
        ):
            return False  # the keys type into the filter
        if action in ("play", "sim"):  # greyed out until the deck is legal
            return True if self.report.legal else None
        return True

    def action_back(self) -> None:
        if isinstance(self.focused, Input):  # at once, as Enter: the next key is the browser's
            self.set_focus(self.query_one("#b-pool", OptionList))
            return
        if not self.unsaved:
            self.leave()
            return

        def chosen(what: str | None) -> None:
            if what == "save":
                self.action_save(then=self.leave)
            elif what == "quit":
                self.leave()

        self.app.push_screen(
            QuitScreen(
                "The changes since the last save would be lost.", f"Leave '{self.draft.name}'?"
            ),
            chosen,
        )

    def leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit()

    # ------------------------------------------------------------------------------------------
    # Forces, name, files

    def action_forces(self) -> None:
        def chosen(forces: list[str] | None) -> None:
            if forces is not None:
                self.draft.forces = forces
                self.refresh_deck()

        self.app.push_screen(ForcesScreen(self.pool, list(self.draft.forces)), chosen)

    def action_name(self) -> None:
        def chosen(result: tuple[str, str] | None) -> None:
            if result is not None:
                self.draft.name, self.draft.description = result
                self.refresh_deck()

        self.app.push_screen(NameScreen(self.draft.name, self.draft.description), chosen)

    def default_path(self) -> Path:
        if self.draft.path is not None:
            return self.draft.path
        slug = "-".join(
            "".join(ch if ch.isalnum() else " " for ch in self.draft.name.lower()).split()
        )
        return decks_dir() / f"{slug or 'deck'}{DECK_SUFFIX}"

    def action_save(self, then=None) -> None:
        if self.draft.path is not None and is_starter(self.draft.path):
            self.notify(
                f"{self.draft.path.name} is a starter deck that comes with zenonzard: "
                "save your version as a file of your own",
                title="Save as",
                severity="warning",
            )
            self.action_save_as(then)
            return
        if self.draft.path is not None:
            try:
                self.draft.save(self.draft.path, self.pool)
            except OSError as exc:
                self.notify(
                    f"Cannot save {self.draft.path}: {exc.strerror or exc}", severity="error"
                )
                return
            self.saved()
            if then is not None:
                then()
            return

        self.action_save_as(then)

    def action_save_as(self, then=None) -> None:
        """Save to a file the user names (a starter deck's file is refused, and another deck
        file that exists is replaced only when Enter is pressed again)."""
        confirmed: list[Path] = []

        def save_to(path: Path) -> Path:
            if is_starter(path):
                raise DeckReadError(
                    str(path), "is a starter deck that comes with zenonzard: choose another file"
                )
            same = self.draft.path is not None and _same_file(path, self.draft.path)
            if path.exists() and not same and path not in confirmed:
                confirmed.append(path)
                raise DeckReadError(str(path), "exists: Enter again replaces it, Esc keeps it")
            return self.draft.save(path, self.pool)

        def done(path: Path | None) -> None:
            if path is not None:
                self.saved()
                if then is not None:
                    then()

        default = self.default_path()
        if is_starter(default):
            default = decks_dir() / default.name
        self.app.push_screen(PathScreen("Save the deck", default, save_to), done)

    def saved(self) -> None:
        self.saved_text = self.draft.text(self.pool)
        verdict = "legal" if self.report.legal else "not legal yet"
        self.notify(f"Saved {self.draft.path} ({verdict})")
        self.refresh_deck()

    def action_open(self) -> None:
        def opened(path: Path | None) -> None:
            if path is None:
                return
            self.draft = self._opened
            self.saved_text = self.draft.text(self.pool)
            self.refill_pool()
            self.refresh_deck()

        def open_it(path: Path) -> Path:
            self._opened = DeckDraft.open(path, self.pool)
            return path

        folders = [decks_dir()]
        if self.draft.path is not None and not is_starter(self.draft.path):
            folders.insert(0, self.draft.path.parent)
        self.app.push_screen(
            PathScreen("Open a deck", decks_dir(), open_it, files=listed_decks(folders)), opened
        )

    # ------------------------------------------------------------------------------------------
    # Playing and testing the deck

    def legal_deck(self) -> Deck | None:
        return self.report.deck

    def action_play(self) -> None:
        deck = self.legal_deck()
        if deck is None:
            return
        from zenonzard_tui.client.session import Session

        settings = getattr(self.app, "settings", None)
        rng = random.Random()
        starters = [load_deck(f) for f in starter_files()]
        others = [s for s in starters if s.card_ids != deck.card_ids] or starters

        def make() -> Session:
            from zenonzard_tui.client.settings import Settings

            theirs = rng.choice(others)
            prefs = settings if isinstance(settings, Settings) else Settings()
            game_settings = prefs.for_game((deck.name, theirs.name))
            game_settings.mode, game_settings.seat = "ai", 0
            seed = rng.randrange(1, 10**9)
            return Session.from_decks(deck, theirs, game_settings, seed)

        self.app.play(make(), make)  # type: ignore[attr-defined]

    def action_sim(self) -> None:
        deck = self.legal_deck()
        if deck is None:
            return
        self.app.push_screen(SimScreen(deck))


# ----------------------------------------------------------------------------------------------
# The small screens of the builder


class PathScreen(ModalScreen[Path | None]):
    """Asks for a file; `act(path)` saves or opens it (an error stays in the dialog). With
    `files` (groups of deck files under a heading), they are listed below the field: ↓ goes to
    the list, Enter opens the highlighted file. `writes`: `act` writes the file, so one that
    exists is replaced only after a second Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="path_cancel"),
        Binding("down", "to_files", "Files", show=False, id="path_files"),
    ]

    def __init__(
        self,
        title: str,
        default: Path,
        act: Callable[[Path], Path],
        files: list[tuple[str, list[Path]]] | None = None,
        writes: bool = False,
    ) -> None:
        super().__init__()
        self.title_text, self.default, self.act = title, default, act
        self.files = files or []
        self.guard = ReplaceGuard() if writes else None

    def compose(self) -> ComposeResult:
        with Vertical(id="path-box", classes="dialog"):
            yield Static(Content.styled(self.title_text, "bold"))
            note = "File (Enter: do it, Esc: cancel"
            note += ", ↓: the deck files below):" if self.files else "):"
            yield Static(note, classes="note")
            yield Input(str(self.default), id="path-input")
            yield Static("", id="path-error")
            if self.files:
                options: list[Option] = []
                for heading, paths in self.files:
                    options.append(Option(Content.styled(heading, "bold"), disabled=True))
                    options += [Option(f"  {p.name}", id=str(p)) for p in paths]
                yield OptionList(*options, id="path-files")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.focus()
        field.cursor_position = len(field.value)

    def action_to_files(self) -> None:
        if self.files and isinstance(self.focused, Input):
            listing = self.query_one("#path-files", OptionList)
            listing.focus()
            if listing.highlighted is None:
                listing.action_first()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.query_one(Input).value = event.option.id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.attempt(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.attempt(event.value)

    def attempt(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        path = Path(text).expanduser()
        warning = None if self.guard is None else self.guard.warning(path)
        if warning is not None:
            self.query_one("#path-error", Static).update(content(warning, "bold $warning"))
            return
        try:
            done = self.act(path)
        except (OSError, DeckError) as exc:
            message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.query_one("#path-error", Static).update(content(message, "bold $error"))
            return
        self.dismiss(done)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ForcesScreen(ModalScreen[list[str] | None]):
    """The ten Forces; Enter adds or takes out the highlighted one (two at most, ZR 4.2)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "done", "Done", id="forces_done"),
        Binding("j", "move(1)", "Down", show=False, id="forces_down"),
        Binding("k", "move(-1)", "Up", show=False, id="forces_up"),
    ]

    def __init__(self, pool: CardPool, chosen: list[str]) -> None:
        super().__init__()
        self.pool, self.chosen = pool, chosen
        self.forces = sorted(pool.forces.values(), key=lambda f: f.name)

    def compose(self) -> ComposeResult:
        from zenonzard_tui.cards.render import force_text

        with Vertical(id="forces-box", classes="dialog"):
            yield Static(id="forces-head")
            yield OptionList(id="forces-list")
            yield Static(id="forces-text")
        self._text = force_text

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(OptionList).focus()

    def redraw(self) -> None:
        listing = self.query_one(OptionList)
        keep = listing.highlighted or 0
        listing.set_options(
            Option(
                Content.assemble(
                    ("[x] " if f.id in self.chosen else "[ ] ", "bold"),
                    f"{f.name} ({f.creature}), {f.life} life",
                ),
                id=f.id,
            )
            for f in self.forces
        )
        listing.highlighted = keep
        life = sum(self.pool.forces[f].life for f in self.chosen)
        self.query_one("#forces-head", Static).update(
            Content.assemble(
                ("Forces", "bold"),
                f": {len(self.chosen)}/2 chosen, their life {life} (at most 11, ZR 4.4); "
                "Enter: choose or drop, Esc: done",
            )
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        force = self.pool.forces.get(event.option.id or "")
        if force is not None:
            self.query_one("#forces-text", Static).update(self._text(force))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        fid = event.option.id or ""
        if fid in self.chosen:
            self.chosen.remove(fid)
        elif len(self.chosen) < 2:
            self.chosen.append(fid)
        else:
            self.notify("Two Forces are chosen: drop one first (ZR 4.2)", severity="warning")
        self.redraw()

    def action_move(self, step: int) -> None:
        listing = self.query_one(OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_done(self) -> None:
        self.dismiss(self.chosen)


class NameScreen(ModalScreen[tuple[str, str] | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="name_cancel")
    ]

    def __init__(self, name: str, description: str) -> None:
        super().__init__()
        self.deck_name, self.description = name, description

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box", classes="dialog"):
            yield Static(Content.styled("Name and description (Enter: done, Esc: cancel)", "bold"))
            yield Input(self.deck_name, id="name-input", placeholder="name")
            yield Input(self.description, id="desc-input", placeholder="description")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = self.query_one("#name-input", Input).value.strip()
        if not name:
            self.query_one("#name-input", Input).focus()
            return
        self.dismiss((name, self.query_one("#desc-input", Input).value.strip()))

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class SimLine:
    opponent: str
    games: int
    score: float  # wins + half the draws


class SimScreen(ModalScreen[None]):
    """A quick AI-vs-AI sim of the deck against each starter deck, in a worker thread."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", id="sim_close")]

    class Progress(Message):
        def __init__(self, done: int, lines: list[SimLine]) -> None:
            super().__init__()
            self.done, self.lines = done, lines

    def __init__(self, deck: Deck, games: int = SIM_GAMES) -> None:
        super().__init__()
        self.deck, self.games = deck, games
        self.opponents = [load_deck(f) for f in starter_files()]

    def compose(self) -> ComposeResult:
        with Vertical(id="sim-box", classes="dialog"):
            yield Static(
                content(
                    f"Quick sim: {terminal_safe(self.deck.name, 80)} against "
                    f"{len(self.opponents)} starter decks, {self.games} games each "
                    f"(AI {SIM_LEVEL} on both sides)",
                    "bold",
                )
            )
            yield ProgressBar(total=self.games * len(self.opponents), id="sim-bar")
            yield Static("", id="sim-result")
            yield Static("Esc: close (stops the sim)", classes="note")

    def on_mount(self) -> None:
        self.run_sim()

    @work(thread=True, exclusive=True, group="sim", exit_on_error=False)
    def run_sim(self) -> None:
        from textual.worker import get_current_worker

        from zenonzard_tui.sim.play import play_game

        worker = get_current_worker()
        lines: list[SimLine] = []
        done = 0
        for opponent in self.opponents:
            score = 0.0
            for g in range(self.games):
                if worker.is_cancelled:
                    return
                game = play_game(self.deck, opponent, (SIM_LEVEL, SIM_LEVEL), 1000 + g, g % 2)
                assert game.outcome is not None
                score += game.outcome.score(0)
                done += 1
                self.post_message(
                    self.Progress(done, [*lines, SimLine(opponent.name, g + 1, score)])
                )
            lines.append(SimLine(opponent.name, self.games, score))

    def on_sim_screen_progress(self, message: Progress) -> None:
        self.query_one(ProgressBar).update(progress=message.done)
        rows = [
            f"{line.opponent:<22} {line.score:g}/{line.games}  ({100 * line.score / line.games:.0f}%)"
            for line in message.lines
        ]
        total_games = sum(line.games for line in message.lines)
        total = sum(line.score for line in message.lines)
        if total_games:
            rows.append(
                f"{'overall':<22} {total:g}/{total_games}  ({100 * total / total_games:.0f}%)"
            )
        self.query_one("#sim-result", Static).update(content("\n".join(rows)))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A sim that fails says so on screen (never a silent, stuck progress bar)."""
        if event.state is WorkerState.ERROR:
            error = event.worker.error
            self.query_one("#sim-result", Static).update(
                content(f"The sim stopped on an error: {type(error).__name__}: {error}", "bold")
            )

    def action_close(self) -> None:
        self.workers.cancel_group(self, "sim")
        self.dismiss(None)
