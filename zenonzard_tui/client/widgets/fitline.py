"""A one-line widget that shows the longest of its candidate texts that fits its width."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


class FitLine(Widget):
    """Candidates go from the fullest to the shortest; the last is cut to fit if need be. With
    `rule`, the first candidate is centred on a line of that character."""

    DEFAULT_CSS = """
    FitLine { height: 1; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.candidates: list[Content] = [Content("")]
        self.right: list[Content] = []
        self.rule: str | None = None
        self.keep = 0

    def show(
        self,
        *candidates: Content | str,
        right: tuple[Content | str, ...] = (),
        rule: str | None = None,
        keep: int = 0,
    ) -> None:
        """Set the texts (the left one comes first); `right` candidates are right-aligned when
        there is room. The first `keep` right candidates matter more than the fuller left
        ones: a shorter left text with one of them is tried before a shorter right one."""
        shown = [Content(c) if isinstance(c, str) else c for c in candidates] or [Content("")]
        right_shown = [Content(c) if isinstance(c, str) else c for c in right]
        if (shown, right_shown, rule, keep) == (self.candidates, self.right, self.rule, self.keep):
            return  # the same: nothing to redraw
        self.candidates, self.right, self.rule, self.keep = shown, right_shown, rule, keep
        self.refresh()

    @property
    def plain(self) -> str:
        return self.candidates[0].plain

    def render(self) -> Content:
        width = self.size.width
        if self.rule is not None:  # the text centred on a dim line of `rule` characters
            room = max(width - 4, 0)
            text = next(
                (c for c in self.candidates if c.cell_length <= room),
                clip_words(self.candidates[-1], room),
            )
            before = (width - text.cell_length - 2) // 2
            after = width - text.cell_length - 2 - before
            return Content.assemble(
                (self.rule * before + " ", "dim"), text, (" " + self.rule * after, "dim")
            )
        kept: list[Content | None] = list(self.right[: self.keep])
        rest: list[Content | None] = [*self.right[self.keep :], None]
        pairs = [(t, r) for t in self.candidates for r in kept]
        pairs += [(t, r) for t in self.candidates for r in rest]
        for text, right in pairs:
            room = width - (right.cell_length + 2 if right is not None else 0)
            if text.cell_length <= room:
                if right is None:
                    return text
                gap = Content(" " * (width - text.cell_length - right.cell_length))
                return text + gap + right
        return clip_words(self.candidates[-1], width)


def clip_words(text: Content, width: int) -> Content:
    """`text` cut to `width` cells at a word boundary, with "…" (mid-word only for one long
    word)."""
    if text.cell_length <= width:
        return text
    if width <= 1:
        return Content("…"[:width])
    cut = text.plain.rfind(" ", 0, width)
    if cut <= 0 or len(text.plain) != text.cell_length:  # one word, or wide characters
        return text.truncate(width, ellipsis=True)
    return text[:cut].rstrip() + Content("…")
