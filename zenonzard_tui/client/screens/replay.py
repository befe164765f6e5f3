"""Looking back on a saved game: step through it decision by decision, forwards and backwards,
from either seat's view; once the game is over, both hands are shown.

The table replays the game from its start (a save is "seed + decks + actions"), keeping a
read-only table at every step (`table.Replay`), so moving back is as quick as moving on; the screen
reads each step through that step's seat channels, as the duel does.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from zenonzard_tui.client.describe import SEATS
from zenonzard_tui.client.session import Session
from zenonzard_tui.engine.observe import PlayerView, SlotView
from zenonzard_tui.table import Replay
from zenonzard_tui.usertext import terminal_safe


class ReplayScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,space", "step(1)", "Next", key_display="→", id="replay_next"),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="replay_back"),
        Binding("pagedown", "step(10)", "+10", show=False, id="replay_next10"),
        Binding("pageup", "step(-10)", "-10", show=False, id="replay_back10"),
        Binding("home", "jump(0)", "Start", id="replay_start"),
        Binding("end", "jump(-1)", "End", id="replay_end"),
        Binding("tab,s", "seat", "Other seat", id="replay_seat"),
        Binding("q,escape", "close", "Close", id="replay_close"),
    ]

    def __init__(self, session: Session, title: str = "") -> None:
        super().__init__(id="replay")
        self.session, self.title_text = session, title or "Replay"
        self.replay = Replay(session)
        self.step = len(self.replay) - 1  # the end: how it finished
        self.seat = session.settings.seat if not session.hotseat else 0

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-head")
        with VerticalScroll(id="replay-body"):
            yield Static("", id="replay-board")
            yield Static("", id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def action_step(self, by: int) -> None:
        self.step = max(0, min(len(self.replay) - 1, self.step + by))
        self.show()

    def action_jump(self, to: int) -> None:
        self.step = to % len(self.replay)
        self.show()

    def action_seat(self) -> None:
        self.seat = 1 - self.seat
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)

    def show(self) -> None:
        channel = self.replay.channel(self.step, self.seat)
        view = channel.observation()
        last = len(self.replay) - 1
        done = self.replay.texts[self.step - 1] if self.step else "the start"
        who = ""
        if self.step:
            before = self.replay.channel(self.step - 1, self.seat).deciding()
            who = f" by {SEATS[before]}" if before is not None else ""
        head = Content.assemble(
            (f"{terminal_safe(self.title_text)}  ", "bold"),  # the decks' names, from the save
            terminal_safe(f"step {self.step}/{last}: {done}{who}  ·  turn {view.turn}  ·  "),
            (f"{SEATS[self.seat]}'s view", "bold"),
        )
        self.query_one("#replay-head", Static).update(head)
        outcome = view.outcome
        lines: list[Content] = []
        for seat in (1 - self.seat, self.seat):
            p = view.players[seat]
            # once the game is over, each hand as its own seat saw it
            own = self.replay.channel(self.step, seat).observation()
            hand = own.players[seat].hand if outcome is not None else p.hand
            lines += _player_lines(p, hand)
        if outcome is not None:
            lines.append(Content.styled(f"Game over: {outcome.reason}.", "bold"))
            lines += [Content(line) for line in channel.summary().lines()[1:]]
        elif view.pending is not None:
            lines.append(Content(f"Next: {view.pending.seat} decides ({view.pending.kind})"))
        self.query_one("#replay-board", Static).update(Content("\n").join(lines))
        log = view.log[-12:]
        self.query_one("#replay-log", Static).update(
            Content("\n").join([Content.styled("Log (the last lines)", "bold"), *map(Content, log)])
        )


def _slot_text(slot: SlotView) -> str:
    if slot.bp is None:
        return slot.name
    state = "Rested" if slot.rested else "Active"
    return f"{slot.name} {slot.bp}/{slot.dp} {state}"


def _player_lines(p: PlayerView, hand: tuple | None) -> list[Content]:
    forces = ", ".join(
        f"{f.name} {'destroyed' if f.destroyed else f'{f.life} life'}" for f in p.forces
    )
    held = (
        ", ".join(c.name for c in hand)
        if hand is not None
        else f"{p.hand_size} card(s), hidden from this seat"
    )
    return [
        Content.styled(
            f"{p.seat}: life {max(p.life, 0)} · deck {p.deck_size} · Forces: {forces}", "bold"
        ),
        Content(f"  Field: {', '.join(_slot_text(s) for s in p.field) or 'none'}"),
        Content(f"  Base: {len(p.base)} mana · Trash: {len(p.trash)}"),
        Content(f"  Hand: {held or 'none'}"),
    ]
