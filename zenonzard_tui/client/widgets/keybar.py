"""The key footer of the duel: the keys that work now, drawn as one line by one widget.
The keys that do not fit whole at the end are left out (the help lists every key).

Textual's `Footer` rebuilds a widget per key (compose, CSS, mount) every time the screen's bindings
may have changed, which the duel does on every action and every focus move; that rebuild was most
of a key press's time. This bar reads the same active bindings (`Screen.active_bindings`: the
focused widget's first, then the screen's and the app's; hidden `show=False` ones left out, one
per action, disabled ones dim), draws them in the footer's colours, and redraws only when the list
it shows has changed. A click on a key presses it, as with `Footer`.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.events import Click, Leave, MouseMove
from textual.screen import Screen
from textual.widget import Widget

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
DESCRIPTION_STYLE = "$footer-description-foreground on $footer-description-background"
HOVER_STYLE = "$footer-key-foreground on $block-hover-background"


@dataclass(frozen=True)
class KeyItem:
    """One key of the bar: what is pressed, what it shows, whether it works now."""

    key: str
    display: str
    description: str
    enabled: bool


class KeyBar(Widget):
    """A one-line footer of the screen's active, shown bindings."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        text-wrap: nowrap;
        color: $footer-foreground;
        background: $footer-background;
    }
    """
    ALLOW_SELECT = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.items: tuple[KeyItem, ...] = ()
        self._hover: int | None = None
        self._pending = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """Several changes in one message loop turn are read once, after them."""
        if screen is self.screen and not self._pending:
            self._pending = True
            self.call_next(self._update)

    def _update(self) -> None:
        self._pending = False
        items = self.read_items()
        if items != self.items:
            self.items = items
            self._hover = None
            self.refresh()

    def read_items(self) -> tuple[KeyItem, ...]:
        """The shown bindings in the screen's order, the first binding of each action."""
        seen: set[str] = set()
        items = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            display = self.app.get_key_display(binding)
            items.append(KeyItem(binding.key, display, binding.description, active.enabled))
        return tuple(items)

    def _labels(self) -> list[Content]:
        labels = []
        for i, item in enumerate(self.items):
            if item.description:
                label = Content.assemble(
                    (f" {item.display} ", KEY_STYLE), (f"{item.description} ", DESCRIPTION_STYLE)
                )
            else:
                label = Content.styled(item.display, KEY_STYLE)
            if i == self._hover:
                label = label.stylize(HOVER_STYLE)
            if not item.enabled:
                label = label.stylize("dim")
            labels.append(label)
        return labels

    def render(self) -> Content:
        """The keys that fit whole, in order (a key cut in the middle would be misread)."""
        shown, used = [], 0
        for label in self._labels():
            if used + label.cell_length > self.size.width:
                break
            shown.append(label)
            used += label.cell_length
        return Content("").join(shown)

    def _item_at(self, x: int) -> int | None:
        start = 0
        for i, label in enumerate(self._labels()):
            if start <= x < start + label.cell_length:
                return i
            start += label.cell_length
        return None

    def on_mouse_move(self, event: MouseMove) -> None:
        hover = self._item_at(event.x)
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self, event: Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_click(self, event: Click) -> None:
        index = self._item_at(event.x)
        if index is None:
            return
        item = self.items[index]
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()
