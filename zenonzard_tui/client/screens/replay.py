"""Looking back on a saved game: step through it decision by decision, forwards and backwards,
from either seat's view; once the game is over, both hands are shown.

The game is replayed from its start (a save is "seed + decks + actions"), keeping a copy at every
step, so moving back is as quick as moving on.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from zenonzard_tui.client.session import Session
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.observe import PlayerView, SlotView, observe
from zenonzard_tui.engine.summary import summarize


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
        game = session.fresh_game()
        self.games: list[Game] = [game.clone()]
        for text in session.texts:
            game.apply(text)
            self.games.append(game.clone())
        self.step = len(self.games) - 1  # the end: how it finished
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
        self.step = max(0, min(len(self.games) - 1, self.step + by))
        self.show()

    def action_jump(self, to: int) -> None:
        self.step = to % len(self.games)
        self.show()

    def action_seat(self) -> None:
        self.seat = 1 - self.seat
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)

    def show(self) -> None:
        game = self.games[self.step]
        last = len(self.games) - 1
        done = self.session.texts[self.step - 1] if self.step else "the start"
        who = ""
        if self.step:
            before = self.games[self.step - 1].pending
            who = f" by {SEATS[before.seat]}" if before is not None else ""
        head = Content.assemble(
            (f"{self.title_text}  ", "bold"),
            f"step {self.step}/{last}: {done}{who}  ·  turn {game.turn}  ·  ",
            (f"{SEATS[self.seat]}'s view", "bold"),
        )
        self.query_one("#replay-head", Static).update(head)
        view = observe(game, self.seat)
        over = game.over
        lines: list[Content] = []
        for seat in (1 - self.seat, self.seat):
            p = view.players[seat]
            hand = observe(game, seat).players[seat].hand if over else p.hand
            lines += _player_lines(p, hand)
        if over and game.outcome is not None:
            lines.append(Content.styled(f"Game over: {game.outcome.reason}.", "bold"))
            lines += [Content(line) for line in summarize(game).lines()[1:]]
        elif game.pending is not None:
            lines.append(Content(f"Next: {SEATS[game.pending.seat]} decides ({game.pending.kind})"))
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
