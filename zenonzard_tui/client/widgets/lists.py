"""An option list whose cursor stops at its ends (Textual's wraps from the last row to the
first: on the resume screen that lands on "New game" with one key too many)."""

from __future__ import annotations

from textual.widgets import OptionList


class EndStopOptionList(OptionList):
    """↓ on the last enabled option and ↑ on the first stay where they are."""

    def _step(self, direction: int) -> None:
        start = self.highlighted
        if start is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        index = start + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)
