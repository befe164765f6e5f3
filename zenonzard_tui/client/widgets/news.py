"""What the player must not miss: the line between the fields (the last attack's outcomes, or
the preview of the one highlighted), which takes a second line rather than leave an outcome out,
and the recap of the other player's turn, which shows every line or says how many it left out and
where they are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from zenonzard_tui.client.widgets.fitline import FitLine, clip_words

if TYPE_CHECKING:
    from zenonzard_tui.engine.summary import RecapLine


class ResultLine(FitLine):
    """A FitLine that wraps its shortest text onto up to `max_lines` lines when no candidate fits
    one (a battle's outcomes are never cut to fit)."""

    DEFAULT_CSS = """
    ResultLine { height: auto; }
    """

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, max_lines: int = 3
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.max_lines = max_lines

    def show(self, *candidates: Content | str, **kwargs: object) -> None:
        before = (self.candidates, self.rule)
        super().show(*candidates, **kwargs)  # type: ignore[arg-type]
        if (self.candidates, self.rule) != before:
            self.refresh(layout=True)

    def wrapped(self, width: int) -> list[Content] | None:
        """The shortest text over several lines, or None when a candidate fits one line."""
        room = max(width - 4, 0) if self.rule is not None else width
        if width <= 0 or any(c.cell_length <= room for c in self.candidates):
            return None
        rows = list(self.candidates[-1].wrap(width))
        if len(rows) > self.max_lines:
            rest = Content(" ").join(rows[self.max_lines - 1 :])
            rows = [*rows[: self.max_lines - 1], clip_words(rest, width)]
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = self.wrapped(width)
        return len(rows) if rows else 1

    def render(self) -> Content:
        rows = self.wrapped(self.size.width)
        return super().render() if rows is None else Content("\n").join(rows)


HEADS = ("Since your last move (x: close)", "Since your move (x: close)", "Recap (x: close)")


def heading(width: int) -> Content:
    """The recap's heading on one line: the longest form that fits."""
    return Content.styled(next((h for h in HEADS if len(h) <= width), HEADS[-1]), "bold")


class RecapBox(Widget):
    """The recap of what happened since the player's last move. It asks for the room all its
    lines need; when its box is smaller, it leaves out whole lines (plays before results, the
    earliest first) and its last line says how many and that the log (L) has them."""

    DEFAULT_CSS = """
    RecapBox { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[RecapLine] = []
        self.left_out = 0  # lines the last drawing left out (0: all are shown)

    def show(self, lines: Sequence[RecapLine]) -> None:
        if list(lines) == self.lines:
            return
        self.lines = list(lines)
        self.display = bool(self.lines)
        self.refresh(layout=True)

    def _rows(self, line: RecapLine, width: int) -> list[Content]:
        return list(Content(line.text).wrap(max(width, 1)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + sum(len(self._rows(line, width)) for line in self.lines)

    def fit(self, width: int, height: int) -> tuple[list[Content], int]:
        """The rows that fit `height` (the heading first) and how many lines were left out."""
        rows = [self._rows(line, width) for line in self.lines]
        kept = list(range(len(self.lines)))
        room = height - 1  # the heading

        def need() -> int:
            note = 1 if len(kept) < len(self.lines) else 0
            return sum(len(rows[i]) for i in kept) + note

        # the least important first: plays before results, the earliest of each first
        order = [i for i, line in enumerate(self.lines) if not line.result]
        order += [i for i, line in enumerate(self.lines) if line.result]
        for i in order:
            if need() <= room or len(kept) == 1:
                break
            kept.remove(i)
        body = [row for i in kept for row in rows[i]]
        left = len(self.lines) - len(kept)
        if left:
            notes = [f"… {left} line{'s' if left > 1 else ''} more: L shows the whole log"]
            notes.append(f"… {left} more (L: the log)")
            note = next((n for n in notes if len(n) <= width), notes[-1])
            cut = clip_words(Content(note), width).stylize("italic $text-muted")
            body = [*body[: max(room - 1, 0)], cut]
        return [heading(width), *body][: max(height, 1)], left

    def render(self) -> Content:
        size = self.content_size
        shown, self.left_out = self.fit(size.width, size.height)
        return Content("\n").join(shown)


class FitBox(Widget):
    """A few lines of text: the fullest of its candidates that wraps to at most `max_lines`
    lines, else the shortest with its last line cut at a word ("…")."""

    DEFAULT_CSS = """
    FitBox { height: auto; }
    """

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, max_lines: int = 4
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.max_lines = max_lines
        self.candidates: list[Content] = []

    def show(self, *candidates: Content | str) -> None:
        shown = [Content(c) if isinstance(c, str) else c for c in candidates]
        if shown != self.candidates:
            self.candidates = shown
            self.refresh(layout=True)

    @property
    def plain(self) -> str:
        return self.candidates[0].plain if self.candidates else ""

    def rows(self, width: int) -> list[Content]:
        width = max(width, 1)
        for text in self.candidates:
            rows = list(text.wrap(width))
            if len(rows) <= self.max_lines:
                return rows
        if not self.candidates:
            return []
        rows = list(self.candidates[-1].wrap(width))
        rest = Content(" ").join(rows[self.max_lines - 1 :])
        return [*rows[: self.max_lines - 1], clip_words(rest, width)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(len(self.rows(width)), 1)

    def render(self) -> Content:
        return Content("\n").join(self.rows(self.content_size.width))
