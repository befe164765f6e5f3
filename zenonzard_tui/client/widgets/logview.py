"""The game log as the seat saw it: the newest lines at the bottom, wrapped to the width.

Only the lines that fit are laid out, so a long game costs nothing extra to draw. Repeated lines
are written once with a count ("A draws a card. (x6)"). Lines before the seat's last move are dim:
what is bright is what happened since. The line where an ability begins ("A's Ruby: [When
Retreating] effect") is italic: the lines after it are what it did. Up/down, PageUp/PageDown and the mouse wheel scroll back;
End returns to the newest line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import MouseScrollDown, MouseScrollUp
from textual.widget import Widget

# "A's Ruby: <Base> [When Retreating] effect (ZR 11.5, ZR 6.5)." / "...: Resurge (ZR 2.7) effect
# (ZR 6.5)." / "...: [Chain: Red] effect: ..." / "A's Mordo: A's Drill Golem was destroyed -> its
# effect resolves (ZR 6.5)." / "...: this turn ends, its delayed effect resolves (ZR 14.4)."
EFFECT_LINE = re.compile(
    r": (\[[^\]]+\]|<[^>]+>[^:]*|Resurge \(ZR 2\.7\)) effect[ :]|effect resolves \(ZR"
)


class LogView(Widget, can_focus=True):
    DEFAULT_CSS = """
    LogView { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "scroll_lines(1)", "Older", show=False),
        Binding("down,j", "scroll_lines(-1)", "Newer", show=False),
        Binding("pageup", "scroll_page(1)", "Older page", show=False),
        Binding("pagedown", "scroll_page(-1)", "Newer page", show=False),
        Binding("home", "scroll_lines(1000000)", "Oldest", show=False),
        Binding("end", "scroll_lines(-1000000)", "Newest", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[str] = []
        self.seen = 0  # lines before this index are dim
        self.back = 0  # how many (grouped) lines the view is scrolled back from the newest
        self.groups: list[tuple[str, int, int]] = []  # (line, count, index of its last copy)
        self.opponent: str | None = None  # whose lines stand out

    def show(self, lines: Sequence[str], seen: int, opponent: str | None = None) -> None:
        """The log's lines; those before `seen` are dim; the opponent's own lines stand out."""
        lines = list(lines)
        if lines == self.lines and seen == self.seen and opponent == self.opponent:
            return
        if len(lines) < len(self.lines) or lines[: len(self.lines)] != self.lines:
            self.back = 0
        self.lines, self.seen, self.opponent = lines, seen, opponent
        self.groups = []
        for i, line in enumerate(self.lines):
            if self.groups and self.groups[-1][0] == line and (i - 1 < seen) == (i < seen):
                self.groups[-1] = (line, self.groups[-1][1] + 1, i)
            else:
                self.groups.append((line, 1, i))
        self.refresh()

    def _styled(self, group: int) -> Content:
        line, count, index = self.groups[group]
        old = index < self.seen
        if count > 1:
            line += f" (x{count})"
        style = ""
        if line.startswith("Turn "):
            style = "bold"
        elif self.opponent and line.startswith((f"{self.opponent} ", f"{self.opponent}'s ")):
            style = "$accent"
        if EFFECT_LINE.search(line):
            style = f"{style} italic".strip()  # an ability begins: the next lines are what it did
        if old:
            style = f"{style} dim".strip()
        return Content.styled(line, style) if style else Content(line)

    def render(self) -> Content:
        width, height = self.size.width, self.size.height
        if not self.groups or width <= 0 or height <= 0:
            return Content.styled("Nothing has happened yet.", "dim italic")
        end = max(len(self.groups) - self.back, 1)
        out: list[Content] = []
        i = end - 1
        while i >= 0 and len(out) < height:
            wrapped = self._styled(i).wrap(width)
            out = wrapped + out
            i -= 1
        out = out[-height:]
        if self.back:
            out[-1] = Content.styled(
                f"↓ {self.back} newer line{'s' if self.back != 1 else ''} (End)", "reverse"
            )
        return Content("\n").join(out)

    def action_scroll_lines(self, step: int) -> None:
        self.back = min(max(self.back + step, 0), max(len(self.groups) - 1, 0))
        self.refresh()

    def action_scroll_page(self, step: int) -> None:
        self.action_scroll_lines(step * max(self.size.height - 1, 1))

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        self.action_scroll_lines(3)
        event.stop()

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        self.action_scroll_lines(-3)
        event.stop()
