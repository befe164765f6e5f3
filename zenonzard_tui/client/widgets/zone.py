"""A zone of the board (a field, a base, the Forces, a hand): a title and a row of chips with a
cursor. Left/right (h/l) move the cursor, up/down (k/j) move to the zone above or below, Enter acts
on the chip, a click picks it and acts on it. The widget only shows chips, posts messages and asks
the screen (`neighbour`) for the zone above or below; the duel screen decides what a chip means.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import Click, Focus
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from zenonzard_tui.client.describe import FLASH_STYLE, Chip

TITLE_WIDTH = 7
GAP = 2


@dataclass(frozen=True)
class Placed:
    index: int
    row: int
    x: int
    label: Content


class ZoneView(Widget, can_focus=True):
    """A titled row of chips. `lines=True` puts each chip on its own line (a field)."""

    DEFAULT_CSS = """
    ZoneView { height: auto; width: 1fr; }
    """
    # The cursor keys are priority bindings: each acts when the app reads it, in the order
    # typed, as the duel's Enter on a card does (its "use_card"), so an Enter typed right after
    # them in one burst uses the card they led to. (A plain binding runs later, once the key
    # has passed through this widget's queue: the Enter read after it acted on the card the
    # cursor was leaving.) The same keys without priority serve a key the app handed on to
    # another widget just before the focus came here (Tab, then → in one burst).
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(keys, action, show=False, priority=priority)
            for keys, action in (
                ("left,h", "move(-1)"),
                ("right,l", "move(1)"),
                ("up,k", "zone(-1)"),
                ("down,j", "zone(1)"),
                ("home", "jump(0)"),
                ("end", "jump(-1)"),
            )
            for priority in (True, False)
        ),
        Binding("enter,space", "activate", "Use card"),
    ]

    cursor: reactive[int] = reactive(0, always_update=True)

    class Highlighted(Message):
        """The cursor is on `chip` (None: the zone is empty)."""

        def __init__(self, zone: ZoneView, chip: Chip | None, index: int) -> None:
            super().__init__()
            self.zone, self.chip, self.index = zone, chip, index

        @property
        def control(self) -> ZoneView:
            return self.zone

    class Activated(Message):
        """Enter or a click on `chip` (`clicked`: a click, which also shows the chip: a
        screen need not say that nothing uses it)."""

        def __init__(self, zone: ZoneView, chip: Chip, index: int, clicked: bool = False) -> None:
            super().__init__()
            self.zone, self.chip, self.index, self.clicked = zone, chip, index, clicked

        @property
        def control(self) -> ZoneView:
            return self.zone

    def __init__(
        self,
        title: str,
        *,
        lines: bool = False,
        max_rows: int = 2,
        empty: str = "none",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.title = title
        self.lines = lines
        self.max_rows = max_rows
        self.empty = empty
        self.chips: list[Chip] = []
        self.pointed: set[int] = set()  # chips the highlighted action names (shown reversed)
        self._placed: list[Placed] = []
        # the screen's: moves the focus to the zone above (-1) or below (1) at once, so that
        # the keys typed after ↑/↓ in one burst go to that zone (see BINDINGS)
        self.neighbour: Callable[[ZoneView, int], object] | None = None

    # ------------------------------------------------------------------------------------------
    # Data

    def set_chips(self, chips: list[Chip], empty: str | None = None) -> None:
        """Show `chips`. Nothing is redrawn when they are the same, and the screen's layout is
        redone only when the zone's height changes (a key press redraws only what changed)."""
        if chips == self.chips and empty in (None, self.empty):
            return
        same_names = [c.name for c in chips] == [c.name for c in self.chips]
        if not same_names:
            self.pointed = set()
        width = self.size.width
        rows = self._rows(width)
        self.chips = chips
        if empty is not None:
            self.empty = empty
        if not same_names:
            self.cursor = min(self.cursor, max(len(chips) - 1, 0))
        self.refresh(layout=not width or self._rows(width) != rows)
        if self.has_focus:
            self._announce()

    def _rows(self, width: int) -> int:
        placed = self._layout(width)
        return placed[-1].row + 1 if placed else 1

    def point(self, indices: set[int]) -> None:
        """Show which chips the highlighted action is about."""
        if indices != self.pointed:
            self.pointed = indices
            self.refresh()

    @property
    def current(self) -> Chip | None:
        if not self.chips:
            return None
        return self.chips[min(self.cursor, len(self.chips) - 1)]

    def _announce(self) -> None:
        self.post_message(self.Highlighted(self, self.current, self.cursor))

    # ------------------------------------------------------------------------------------------
    # Layout

    def _layout(self, width: int) -> list[Placed]:
        avail = max(width - TITLE_WIDTH, 8)
        if not self.chips:
            return []
        if self.lines:
            out = []
            for i, chip in enumerate(self.chips):
                label = next((x for x in chip.labels if x.cell_length <= avail), chip.short)
                out.append(Placed(i, i, 0, label.truncate(avail, ellipsis=True)))
            return out
        forms = max(len(c.labels) for c in self.chips)
        for form in range(forms):
            labels = [c.labels[min(form, len(c.labels) - 1)] for c in self.chips]
            placed = self._flow(labels, avail)
            if placed[-1].row < self.max_rows:
                return placed
        return placed

    @staticmethod
    def _flow(labels: list[Content], avail: int) -> list[Placed]:
        out, row, x = [], 0, 0
        for i, label in enumerate(labels):
            label = label.truncate(avail, ellipsis=True)
            width = label.cell_length
            if x and x + GAP + width > avail:
                row, x = row + 1, 0
            start = x + GAP if x else 0
            out.append(Placed(i, row, start, label))
            x = start + width
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows(width)

    def render(self) -> Content:
        width = self.size.width
        self._placed = placed = self._layout(width)
        title_style = "bold $accent" if self.has_focus else "bold $text-muted"
        title = Content.styled(self.title.ljust(TITLE_WIDTH)[:TITLE_WIDTH], title_style)
        if not placed:
            return title + Content.styled(self.empty, "dim italic")
        rows: list[list[Content]] = []
        cursor = min(self.cursor, len(self.chips) - 1)
        for p in placed:
            while len(rows) <= p.row:
                rows.append([])
            row = rows[p.row]
            used = sum(c.cell_length for c in row)
            if p.x > used:
                row.append(Content(" " * (p.x - used)))
            label = p.label
            chip = self.chips[p.index]
            if chip.dim:
                label = label.stylize("dim")
            if chip.flash:
                label = label.stylize(FLASH_STYLE)
            if (p.index == cursor and self.has_focus) or (
                p.index in self.pointed and not self.has_focus
            ):
                label = label.stylize("reverse")
            row.append(label)
        lines = []
        for n, row in enumerate(rows):
            head = title if n == 0 else Content(" " * TITLE_WIDTH)
            lines.append(head + Content("").join(row))
        return Content("\n").join(lines)

    # ------------------------------------------------------------------------------------------
    # Keys and mouse

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self, event: Focus) -> None:
        self.refresh()
        self._announce()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.chips:
            self.cursor = (min(self.cursor, len(self.chips) - 1) + step) % len(self.chips)
            self._announce()

    def action_jump(self, index: int) -> None:
        if self.chips:
            self.cursor = index % len(self.chips)
            self._announce()

    def action_zone(self, step: int) -> None:
        if self.neighbour is not None:
            self.neighbour(self, step)

    def action_activate(self) -> None:
        chip = self.current
        if chip is not None:
            self.post_message(self.Activated(self, chip, self.cursor))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for p in self._placed:
            if p.row == offset.y and TITLE_WIDTH + p.x <= offset.x < TITLE_WIDTH + p.x + (
                p.label.cell_length
            ):
                self.cursor = p.index
                self.focus()
                self._announce()
                if event.chain == 1:  # a click uses the card, as Enter does (the help says so);
                    # the second click of a double click does not use it again
                    self.post_message(self.Activated(self, self.chips[p.index], p.index, True))
                return
        self.focus()
