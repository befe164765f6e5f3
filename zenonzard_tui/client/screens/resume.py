"""The resume screen: the games in progress (autosaves) and the user's saves, newest first, with
their date, decks, turn and mode; Enter opens one, `n` (or the first entry) starts a new game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from zenonzard_tui.client.saves import SaveInfo, SaveKind, history_dir, list_saves
from zenonzard_tui.client.widgets.lists import EndStopOptionList
from zenonzard_tui.files import hold, let_go
from zenonzard_tui.usertext import terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.client.app import Resume

NEW = "new"
TUTORIAL = "tutorial"  # the tutorial's entry (dismissed with this word)


def entry_text(info: SaveInfo) -> Content:
    """One line of the list: date, kind, decks, turn, mode; a damaged file says why."""
    when = info.when.strftime("%Y-%m-%d %H:%M")
    kind = {
        SaveKind.AUTOSAVE: "game in progress",
        SaveKind.SAVE: "save",
        SaveKind.FINISHED: "finished game",
    }[info.kind]
    if info.problem:
        return Content.assemble(
            (f"{when}  {kind:<16}  ", "dim"),
            terminal_safe(f"{info.path.name}: {info.problem}"),
        )
    turn = "game over" if info.over else f"turn {info.turn_text}"
    return Content.assemble(
        f"{when}  ",
        (f"{kind:<16}", "bold" if info.kind is SaveKind.AUTOSAVE else ""),
        f"  {info.decks}  ·  {turn}  ·  {info.mode_text}",
        f"  ·  {'a draw' if info.result == 'draw' else f'{info.result} won'}"
        if info.result
        else "",
        ("  ·  played in another window now", "bold") if info.busy else "",
        # a save's own name ("before the boss"): saves of the same decks told apart
        (f"  ·  {terminal_safe(info.path.stem, 60)}", "italic")
        if info.kind is SaveKind.SAVE
        else "",
    )


class ResumeScreen(Screen[Path | str | None]):
    """Dismissed with the chosen file, None for a new game, or TUTORIAL for the tutorial."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", id="resume_new"),
        Binding("t", "tutorial", "Tutorial", id="resume_tutorial"),
        Binding("d", "delete", "Delete", id="resume_delete"),
        Binding("j", "cursor_down", "Down", show=False, id="resume_down"),
        Binding("k", "cursor_up", "Up", show=False, id="resume_up"),
        Binding("q,escape", "quit_app", "Quit", id="resume_quit"),
    ]

    def __init__(self, resume: Resume) -> None:
        super().__init__(id="resume")
        self.resume = resume
        history = None if resume.autosaves is None else history_dir(resume.autosaves)
        self.infos = list_saves(resume.autosaves, resume.saves, history=history)
        self.deleting: Path | None = None  # the autosave a first `d` marked

    def compose(self) -> ComposeResult:
        yield Static(Content.styled("Zenonzard: go on with a game", "bold"), id="resume-title")
        options: list[Option] = []
        if self.resume.new_game is not None:
            options.append(Option("New game", id=NEW))
        if self.resume.tutorial is not None:
            options.append(Option(Content.styled(self.resume.tutorial, "bold"), id=TUTORIAL))
        for n, info in enumerate(self.infos):
            options.append(Option(entry_text(info), id=str(n), disabled=bool(info.problem)))
        if not self.infos:
            options.append(Option("(no saved games)", disabled=True))
        yield EndStopOptionList(*options, id="resume-list")
        yield Static(
            "Enter: open (a finished game: step through it)  ·  games in progress are kept after "
            "every move; a finished game goes to the history",
            id="resume-hint",
        )
        yield Footer()

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.focus()
        first = (self.resume.new_game is not None) + (self.resume.tutorial is not None)
        if self.resume.tutorial is not None and self.resume.tutorial_under_way:
            listing.highlighted = first - 1  # the tutorial under way
        elif self.resume.new_game is not None and self.infos:
            listing.highlighted = first  # the newest game in progress

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == NEW:
            self.dismiss(None)
        elif event.option.id == TUTORIAL:
            self.dismiss(TUTORIAL)
        elif event.option.id is not None:
            info = self.infos[int(event.option.id)]
            if info.kind is SaveKind.FINISHED:
                self.replay(info)
            else:
                self.dismiss(info.path)

    def replay(self, info: SaveInfo) -> None:
        """A finished game opens in the step-through viewer (Esc comes back here)."""
        from zenonzard_tui.client.screens.replay import ReplayScreen
        from zenonzard_tui.engine.save import SaveError

        try:
            session = self.resume.load(info.path)
        except SaveError as exc:
            self.notify(str(exc), severity="error", markup=False)  # quotes the file
            return
        self.app.push_screen(ReplayScreen(session, info.decks))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return self.resume.new_game is not None
        if action == "tutorial":
            return self.resume.tutorial is not None
        return True

    def highlighted_info(self) -> SaveInfo | None:
        listing = self.query_one(OptionList)
        if listing.highlighted is None:
            return None
        option_id = listing.get_option_at_index(listing.highlighted).id
        return None if option_id in (None, NEW, TUTORIAL) else self.infos[int(option_id)]

    def action_delete(self) -> None:
        """`d` twice on a game in progress deletes its autosave (saves are yours: not here)."""
        info = self.highlighted_info()
        if info is None or info.kind is not SaveKind.AUTOSAVE:
            self.notify(
                "Only a game in progress (an autosave) can be deleted here.", severity="warning"
            )
            return
        if not hold(info.path):  # (held by this screen while it is deleted)
            self.deleting = None
            self.notify(
                "This game is being played in another window: it cannot be deleted here.",
                severity="warning",
            )
            return
        if self.deleting != info.path:
            let_go(info.path)
            self.deleting = info.path
            self.notify(f"Press d again to delete this game in progress ({info.decks}).")
            return
        info.path.unlink(missing_ok=True)
        let_go(info.path)
        self.deleting = None
        listing = self.query_one(OptionList)
        assert listing.highlighted is not None
        listing.replace_option_prompt_at_index(
            listing.highlighted, Content.styled(f"(deleted) {info.decks}", "dim strike")
        )
        listing.disable_option_at_index(listing.highlighted)
        self.notify(f"Deleted {info.path.name}")

    def action_new_game(self) -> None:
        self.dismiss(None)

    def action_tutorial(self) -> None:
        self.dismiss(TUTORIAL)

    def action_cursor_down(self) -> None:
        self.query_one(OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one(OptionList).action_cursor_up()

    def action_quit_app(self) -> None:
        self.app.exit()
