"""The legal actions of the decision at hand, numbered: up/down and Enter, a digit, or a click."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ActionList(OptionList):
    """Shows action texts; `texts[i]` is the action of option `i`. A `token` written into each
    option id tells a stale selection (from a decision that has passed) from a current one."""

    DEFAULT_CSS = """
    ActionList { height: auto; max-height: 12; border: none; padding: 0; }
    ActionList:focus { border: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "board", "Board", show=False),
        Binding("k", "cursor_up", show=False),
        Binding("j", "cursor_down", show=False),
    ]

    class ToBoard(Message):
        """Left from the action list: back to the board."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.texts: list[str] = []
        self.token = 0

    def show_actions(
        self,
        texts: list[str],
        token: int,
        note: str | None = None,
        keep: str | None = None,
        shown: list[str] | None = None,
    ) -> None:
        """Offer `texts` (written as `shown`, if given); `note` is a line that cannot be picked
        (a hint or a wait message); `keep`: the text to leave highlighted if still offered."""
        self.texts, self.token = list(texts), token
        options: list[Option] = []
        for i, text in enumerate(shown or texts):
            number = f"{i + 1} " if i < 9 else "  "
            prompt = Content.assemble((number, "dim"), text)
            options.append(Option(prompt, id=f"{token}:{i}"))
        if note:
            options.append(Option(Content.styled(note, "dim italic"), disabled=True))
        self.set_options(options)
        if texts:
            self.highlighted = texts.index(keep) if keep in texts else 0

    def action_board(self) -> None:
        self.post_message(self.ToBoard())

    def action_of(self, option_id: str | None) -> str | None:
        """The action text of an option id, if it belongs to the current decision."""
        if not option_id:
            return None
        token, _, index = option_id.partition(":")
        if token != str(self.token) or not index.isdigit() or int(index) >= len(self.texts):
            return None
        return self.texts[int(index)]
