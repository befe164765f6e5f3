"""The settings screen (F2): theme, default mode (AI or hotseat), AI level, AI delay, default
decks, the chess clock, auto-pass and each hotseat player's Flash windows. Dismissed with the new `Settings`, or
None when cancelled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from zenonzard_tui.ai import LEVEL_NAMES
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.clock import ClockSetting
from zenonzard_tui.decks import DeckError, find_deck, load_deck

FLASH_OPTIONS = [
    ("ask every time (nothing leaks)", "ask"),
    ("only with a playable card", "usable"),
]


class SettingsScreen(ModalScreen[Settings | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="settings_cancel"),
        Binding("ctrl+s", "save", "Save", id="settings_save"),
    ]

    def __init__(self, settings: Settings, themes: list[str]) -> None:
        super().__init__(id="settings")
        self.settings = settings
        self.themes = themes

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical(id="settings-box", classes="dialog"):
            yield Static(Content.styled("Settings", "bold"))
            with VerticalScroll(id="settings-form"):
                yield _row(
                    "Theme",
                    Select(
                        [(t, t) for t in self.themes],
                        value=s.theme if s.theme in self.themes else Select.NULL,
                        id="set-theme",
                        allow_blank=s.theme not in self.themes,
                        compact=True,
                    ),
                )
                yield _choice(
                    "New games",
                    [("against the AI", "ai"), ("hotseat (two players)", "hotseat")],
                    s.mode,
                    "set-mode",
                )
                yield _choice(
                    "AI level (new games)", [(lv, lv) for lv in LEVEL_NAMES], s.ai, "set-ai"
                )
                yield _row(
                    "AI delay (seconds)", Input(f"{s.ai_delay:g}", id="set-delay", compact=True)
                )
                yield _text("Your default deck", s.deck, "set-deck", "empty: a starter at random")
                yield _text(
                    "Opponent's default deck",
                    s.opponent_deck,
                    "set-opp",
                    "empty: a starter at random",
                )
                yield _text(
                    "Chess clock (new games)",
                    s.clock,
                    "set-clock",
                    "minutes[+seconds], 10+5; empty: none",
                )
                yield Checkbox(
                    "Auto-pass against the AI", s.autopass, id="set-autopass", compact=True
                )
                for seat, choice in zip("AB", s.hotseat_flash, strict=True):
                    yield _choice(
                        f"Hotseat {seat}: Flash windows",
                        FLASH_OPTIONS,
                        choice,
                        f"set-flash-{seat.lower()}",
                    )
                yield Static(
                    "A deck is a deck file or a starter's name (red-rush). In a hotseat game, "
                    "a player asked in their Flash windows only with a playable card has fewer "
                    "handovers, but the other player can tell when they hold none (w changes it "
                    "during a game). The AI delay applies at once, the rest to the next game.",
                    classes="note",
                )
            yield Static("", id="settings-error")
            with Horizontal(classes="buttons"):
                yield Button("Save (Ctrl+S)", id="save", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_save(self) -> None:
        result = self.read_form()
        if isinstance(result, str):
            self.query_one("#settings-error", Static).update(Content.styled(result, "bold $error"))
            return
        self.dismiss(result)

    def read_form(self) -> Settings | str:
        """The settings the form says, or what is wrong with it."""
        theme = self.query_one("#set-theme", Select).value
        mode = self.query_one("#set-mode", Select).value
        ai = self.query_one("#set-ai", Select).value
        delay_text = self.query_one("#set-delay", Input).value.strip()
        try:
            delay = float(delay_text)
        except ValueError:
            return f"AI delay: not a number of seconds: {delay_text!r}"
        if not 0 <= delay <= 10:
            return "AI delay: from 0 to 10 seconds"
        decks = []
        for widget_id, what in (("#set-deck", "Your deck"), ("#set-opp", "The opponent's deck")):
            spec = self.query_one(widget_id, Input).value.strip()
            if spec:
                try:
                    load_deck(find_deck(spec))
                except DeckError as exc:
                    return f"{what}: {_first_problems(str(exc))}"
            decks.append(spec)
        clock = self.query_one("#set-clock", Input).value.strip()
        if clock:
            try:
                clock = ClockSetting.parse(clock).spec()
            except ValueError as exc:
                return f"Chess clock: {exc}"
        return replace(
            self.settings,
            theme=str(theme) if isinstance(theme, str) else self.settings.theme,
            mode=str(mode),
            ai=str(ai),
            ai_delay=delay,
            deck=decks[0],
            opponent_deck=decks[1],
            clock=clock,
            autopass=self.query_one("#set-autopass", Checkbox).value,
            hotseat_flash=(
                str(self.query_one("#set-flash-a", Select).value),
                str(self.query_one("#set-flash-b", Select).value),
            ),
        )


def _row(label: str, widget: Widget) -> Horizontal:
    """One setting: its label and the widget that edits it."""
    return Horizontal(Label(label), widget, classes="setting")


def _choice(label: str, options: Sequence[tuple[str, str]], value: str, id: str) -> Horizontal:
    return _row(label, Select(options, value=value, allow_blank=False, id=id, compact=True))


def _text(label: str, value: str, id: str, placeholder: str) -> Horizontal:
    return _row(label, Input(value, id=id, compact=True, placeholder=placeholder))


def _first_problems(text: str, shown: int = 2) -> str:
    """A deck's error as the form shows it: its first line ("illegal deck, 20 problems:") and
    its first `shown` problems, the others counted (the first line alone named none)."""
    lines = text.splitlines()
    rest = len(lines) - 1 - shown
    more = f"\n  ... and {rest} more (zenonzard validate lists them all)" if rest > 0 else ""
    return "\n".join(lines[: 1 + shown]) + more
