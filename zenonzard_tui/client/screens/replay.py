"""Looking back on a saved game: step through it decision by decision, forwards and backwards,
on the duel's board (the same widgets), from A's view, B's or a spectator's; what changed at
each step is highlighted; once the game is over, both hands are shown.

The table replays the game from its start (a save is "seed + decks + actions"), keeping a
read-only table at every step (`table.Replay`), so moving back is as quick as moving on. The
screen reads each step only through that step's channel for the view chosen, as the duel does:
a seat's view never shows what that seat could not see then (the other hand, the cards it drew).
The stepping keys are the screen's own (priority bindings), so no widget takes Home, End, PgUp
or PgDn, whatever the terminal's size.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from zenonzard_tui.client import describe as d
from zenonzard_tui.client.describe import SEATS, Chip
from zenonzard_tui.client.outcome import outcomes
from zenonzard_tui.client.session import Session
from zenonzard_tui.client.widgets.fitline import FitLine
from zenonzard_tui.client.widgets.keybar import KeyBar
from zenonzard_tui.client.widgets.logview import LogView
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.engine.observe import Observation, PlayerView
from zenonzard_tui.table import Channel, Replay, leaving
from zenonzard_tui.usertext import content, terminal_safe

W = TypeVar("W", bound=Widget)
ZONES = ("opp-hand", "opp-forces", "opp-base", "opp-field", "my-field", "my-base", "my-forces",
         "my-hand")  # fmt: skip
EMPTY = {"field": "no minions", "base": "no mana", "forces": "none", "hand": "no cards"}


class Panel(Widget):
    """Text that changes at every step, in a box of its own height: drawn again without a new
    layout of the screen (a Static's update lays the whole screen out again); what does not
    fit is cut."""

    DEFAULT_CSS = """
    Panel { height: 1fr; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Content("")

    def show(self, text: Content) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> Content:
        return self.text


def _still(widget: W) -> W:
    """A widget that takes no focus here: the keys step through the game (a click on a card
    shows it)."""
    widget.can_focus = False
    return widget


def view_name(seat: int | None) -> str:
    return "the spectator's view" if seat is None else f"{SEATS[seat]}'s view"


class ReplayScreen(Screen[None]):
    AUTO_FOCUS = None  # nothing to focus: the keys are the screen's
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,space", "step(1)", "Next", key_display="→", id="replay_next",
                priority=True),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="replay_back", priority=True),
        Binding("v,s", "seat", "View", id="replay_seat", priority=True),
        Binding("tab", "seat", "View", show=False, id="replay_seat_tab", priority=True),
        Binding("home", "jump(0)", "Start", key_display="Home", id="replay_start",
                priority=True),
        Binding("end", "jump(-1)", "End", key_display="End", id="replay_end", priority=True),
        Binding("pagedown", "step(10)", "+10", key_display="PgDn", id="replay_next10",
                priority=True),
        Binding("pageup", "step(-10)", "-10", key_display="PgUp", id="replay_back10",
                priority=True),
        Binding("q,escape", "close", "Close", id="replay_close", priority=True),
        Binding("right_square_bracket", "turn(1)", "Next turn", key_display="]",
                id="replay_next_turn", priority=True),
        Binding("left_square_bracket", "turn(-1)", "Turn back", key_display="[",
                id="replay_back_turn", priority=True),
    ]  # fmt: skip

    def __init__(
        self, session: Session, title: str = "", seat: int | None = None, spectator: bool = False
    ) -> None:
        """`seat`: the view to start from (default: the player's seat, A in a hotseat game);
        `spectator`: the spectator's view instead."""
        super().__init__(id="replay")
        self.session, self.title_text = session, title or "Replay"
        self.replay = Replay(session)
        self.step = len(self.replay) - 1  # the end: how it finished
        if seat is None:
            seat = session.settings.seat if not session.hotseat else 0
        self.views = session.replay_views()  # (a game that goes on shows no hand it hides)
        start: int | None = None if spectator else seat
        self.seat: int | None = start if start in self.views else self.views[0]
        self.chips: dict[str, list[Chip]] = {}
        self._details: Content | str = ""
        self.figures: list[str] = []  # the match in figures, once the last step is shown

    # ------------------------------------------------------------------------------------------
    # Layout: the duel's board (the same widgets and ids, so the same styles), a side panel

    def compose(self) -> ComposeResult:
        yield FitLine(id="replay-head")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="board", can_focus=False):
                    yield FitLine(id="opp-header", classes="header")
                    yield _still(ZoneView("Hand", id="opp-hand", max_rows=2))
                    yield _still(ZoneView("Forces", id="opp-forces", max_rows=1))
                    yield _still(ZoneView("Base", id="opp-base", max_rows=2))
                    yield _still(ZoneView("Field", id="opp-field", lines=True))
                    yield FitLine(id="attack")
                    yield _still(ZoneView("Field", id="my-field", lines=True))
                    yield _still(ZoneView("Base", id="my-base", max_rows=2))
                    yield _still(ZoneView("Forces", id="my-forces", max_rows=1))
                    yield FitLine(id="my-header", classes="header")
                    yield _still(ZoneView("Hand", id="my-hand", max_rows=3))
                yield FitLine(id="log-title", classes="title")
                yield _still(LogView(id="log"))
            with Vertical(id="side"):
                yield FitLine(id="step-title", classes="title")
                yield Panel(id="step-text")
                yield FitLine(id="details-title", classes="title")
                with VerticalScroll(id="details-box", can_focus=False):
                    yield Static("", id="details")
        yield Static("", id="replay-summary")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#log-title", FitLine).show(
            Content.assemble("Log", (" (dim: before this step)", "dim")), "Log"
        )
        self.show()

    def on_resize(self) -> None:
        """The board takes what it needs, leaving the log a few lines (as in the duel); at
        the end the match's figures take the log's place."""
        height = self.size.height
        short = height < 30
        over = self.query_one("#replay-summary", Static).display
        for widget in (self.query_one("#log-title"), self.query_one("#log")):
            widget.display = not over
        below = 3 if not over else len(self.figures) + 1  # (the log; the figures)
        self.query_one("#board").styles.max_height = max(height - 2 - below, 6)
        for zone_id in ("#opp-base", "#my-base"):
            self.query_one(zone_id, ZoneView).max_rows = 1 if short else 2
        self.query_one("#my-hand", ZoneView).max_rows = 2 if short else 3
        self.query_one("#opp-hand", ZoneView).max_rows = 1 if short else 2
        for zone in self.query(ZoneView):
            zone.refresh(layout=True)

    # ------------------------------------------------------------------------------------------
    # Keys

    @property
    def last(self) -> int:
        return len(self.replay) - 1

    def action_step(self, by: int) -> None:
        self.go(self.step + by)

    def action_jump(self, to: int) -> None:
        self.go(to % len(self.replay))

    def action_turn(self, by: int) -> None:
        """To the first step of the next (or this, else the previous) turn."""
        turns = self.replay.turns
        now = turns[self.step]
        if by > 0:
            later = [n for n in range(self.step + 1, len(turns)) if turns[n] != now]
            self.go(later[0] if later else self.last)
            return
        start = self.step
        while start > 0 and turns[start - 1] == now:
            start -= 1
        if start == self.step and start > 0:  # at a turn's start already: the one before
            start -= 1
            while start > 0 and turns[start - 1] == turns[self.step - 1]:
                start -= 1
        self.go(start)

    def action_seat(self) -> None:
        views = self.views
        if len(views) == 1:
            self.notify("The game goes on: a spectator's view only (no hand) until it is over.")
            return
        self.seat = views[(views.index(self.seat) + 1) % len(views)]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)

    def go(self, step: int) -> None:
        step = max(0, min(self.last, step))
        if step != self.step:
            self.step = step
            self.show()

    # ------------------------------------------------------------------------------------------
    # Drawing one step

    def show(self) -> None:
        channel = self.replay.channel(self.step, self.seat)
        view = channel.observation()
        before = self.replay.channel(self.step - 1, self.seat) if self.step else None
        was = before.observation() if before is not None else None
        news = outcomes(channel.events(before.event_count())) if before is not None else []
        self.render_head(view)
        self.render_board(view, was, [n.brief for n in news])
        self.render_step(channel, was)
        seen = len(was.log) if was is not None else 0
        bottom = self.seat if self.seat is not None else 0
        self.query_one("#log", LogView).show(view.log, seen, SEATS[1 - bottom])
        self.set_details("", "Card")

    def render_head(self, view: Observation) -> None:
        done = self.replay.texts[self.step - 1] if self.step else "the start"
        where = f"step {self.step}/{self.last}"
        turn = f"Turn {view.turn}" if view.turn else "Setup"
        seen = view_name(self.seat)
        title = content(self.title_text, "bold")  # the decks' names, from the save
        act = terminal_safe(f"{where}: {done}")
        self.query_one("#replay-head", FitLine).show(
            title + Content("  ") + Content(act),
            Content(act),
            Content(where),
            right=(Content(f"{turn} · ") + Content.styled(seen, "bold"), Content(seen)),
            keep=1,
        )

    def render_board(self, view: Observation, was: Observation | None, news: list[str]) -> None:
        bottom = self.seat if self.seat is not None else 0
        me, opp = view.players[bottom], view.players[1 - bottom]
        cat, forces = self.session.catalog, self.session.forces
        self.chips = d.board_chips(me, opp, cat, forces)
        over = view.outcome is not None
        for side, p in (("my", me), ("opp", opp)):
            seat = SEATS.index(p.seat)
            hand = p.hand
            if over:  # the game is over: each hand as its own seat saw it
                hand = self.replay.channel(self.step, seat).observation().players[seat].hand
            self.chips[f"{side}-hand"] = [  # the cost as the seat saw it then (reductions)
                d.hand_chip(cat.get(c.id), c.name, False, pay=c.cost) for c in hand or ()
            ]
            hidden = hand is None
            zone = self.query_one(f"#{side}-hand", ZoneView)
            zone.empty = f"{p.hand_size} cards, hidden from this view" if hidden else "no cards"
            if side == "opp":
                zone.display = not hidden  # (during the game: the count in the header)
        if was is not None:
            self.mark_changes(view, was, bottom)
        for zone_id in ZONES:
            zone = self.query_one(f"#{zone_id}", ZoneView)
            empty = zone.empty if zone_id.endswith("hand") else EMPTY[zone_id.split("-")[1]]
            zone.set_chips(self.chips[zone_id], empty=empty)
        self.query_one("#opp-header", FitLine).show(*self.header(opp, was))
        self.query_one("#my-header", FitLine).show(*self.header(me, was))
        middle = self.query_one("#attack", FitLine)
        attack = d.attack_text(view) if not over else None
        middle.set_class(attack is not None, "attacking")
        middle.set_class(attack is None and bool(news), "result")
        if attack is not None:
            middle.show(Content.styled("Attack: ", "bold") + attack, Content(attack))
        elif news:  # what this step's battles and damage did
            middle.show(Content.styled(" · ".join(news), "bold"), rule="─")
        else:
            turn = f"Turn {view.turn} · {view.active}'s turn" if view.turn else "Mulligans"
            middle.show(Content.styled(turn, "dim"), rule="─")

    def mark_changes(self, view: Observation, was: Observation, bottom: int) -> None:
        """Highlight what this step changed, with a sign besides the colour: a minion that
        arrived ("✦new"), a Force that lost life ("✦-2"); a minion, a mana or a Force whose
        state changed; a card that came into a hand this view can see."""
        for side, seat in (("my", bottom), ("opp", 1 - bottom)):
            then, now = was.players[seat], view.players[seat]
            old = {m.uid: m for m in then.field}
            chips = self.chips[f"{side}-field"]
            for i, m in enumerate(now.field):
                if m.uid not in old:
                    chips[i] = replace(d.flagged(chips[i], "new"), flash=True)
                elif old[m.uid] != m:
                    chips[i] = replace(chips[i], flash=True)
            mana = {m.uid: m for m in then.base}
            chips = self.chips[f"{side}-base"]
            for i, m in enumerate(now.base):
                if mana.get(m.uid) != m:
                    chips[i] = replace(chips[i], flash=True)
            chips = self.chips[f"{side}-forces"]
            for i, (f0, f1) in enumerate(zip(then.forces, now.forces, strict=True)):
                if f0 != f1:
                    chip = (
                        d.flagged(chips[i], f"{f1.life - f0.life:+d}")
                        if f1.life != f0.life
                        else chips[i]
                    )
                    chips[i] = replace(chip, flash=True)
            if now.hand is not None and then.hand is not None:
                held = {c.uid for c in then.hand}
                chips = self.chips[f"{side}-hand"]
                for i, c in enumerate(now.hand):
                    if c.uid not in held and i < len(chips):
                        chips[i] = replace(chips[i], flash=True)

    def header(self, p: PlayerView, was: Observation | None) -> list[Content]:
        """A player's line, fullest first: seat, deck, life (and its change at this step),
        hand, deck and trash sizes."""
        seat = SEATS.index(p.seat)
        life = d.life_badge(p.life)
        if was is not None and was.players[seat].life != p.life:
            change = p.life - was.players[seat].life
            life = life.stylize(d.FLASH_STYLE) + Content.styled(f" ✦{change:+d}", "bold $warning")
        counts = f"Hand {p.hand_size}  Deck {p.deck_size}  Trash {len(p.trash)}"
        move = f"  Movement {p.movement}" if p.movement else ""
        body = Content.assemble("Life", life, f"  {counts}", (move, "bold"))
        short = Content.assemble(
            "Life",
            life,
            f" {counts.replace('  ', ' ')}",
            (" Move " + str(p.movement) if p.movement else "", "bold"),
        )
        who = Content.styled(f" {p.seat} ", "bold reverse")
        deck = self.session.settings.names[seat]
        full = [who + "  " + content(deck, "italic") + "  " + body] if deck else []
        return [*full, who + "  " + body, who + " " + short]

    def render_step(self, channel: Channel, was: Observation | None) -> None:
        """The side panel: what was done at this step, by whom, what it did (as this view saw
        it), and who decides next; at the end, the result and the match in figures."""
        view = channel.observation()
        self.query_one("#step-title", FitLine).show(
            f"Step {self.step} of {self.last}", f"Step {self.step}/{self.last}"
        )
        lines: list[Content] = []
        if self.step:
            who = self.replay.channel(self.step - 1, self.seat).deciding()
            done = self.replay.texts[self.step - 1]
            # "B concedes" names its seat, which may not be the one deciding then
            by = f"{SEATS[who]}: " if who is not None and not leaving(done) else ""
            lines.append(Content.styled(terminal_safe(by + done), "bold"))
        else:
            lines.append(Content.styled("The start: the hands are drawn (ZR 5.1).", "bold"))
        added = view.log[len(was.log) :] if was is not None else view.log
        lines += [Content(terminal_safe(line)) for line in added]
        summary = self.query_one("#replay-summary", Static)
        over = view.outcome is not None
        if over and not self.figures:  # the match in figures, under the board (a table)
            names = self.session.settings.names
            self.figures = channel.summary().lines((names[0] or "A", names[1] or "B"))
            head = Content.styled(terminal_safe(self.figures[0]), "bold")
            summary.update(Content("\n").join([head, *map(content, self.figures[1:])]))
        if summary.display != over:
            summary.display = over
            self.on_resize()
        if not over and view.pending is not None:
            lines.append(Content.styled(f"Next: {d.status_question(view.pending)}", "italic"))
        self.query_one("#step-text", Panel).show(Content("\n").join(lines))

    # ------------------------------------------------------------------------------------------
    # A click on a card shows it

    @on(ZoneView.Highlighted)
    def zone_highlighted(self, event: ZoneView.Highlighted) -> None:
        chip = event.chip
        self.set_details(chip.details if chip is not None else "", "Card")

    def set_details(self, text: Content | str, title: str) -> None:
        if not text:
            text = Content.styled("Click a card to read it.", "dim")
        if text != self._details:
            self._details = text
            self.query_one("#details", Static).update(text)
        self.query_one("#details-title", FitLine).show(title)
