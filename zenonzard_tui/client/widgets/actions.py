"""The legal actions of the decision at hand, numbered: up/down and Enter, a number, a click, or
for the actions players take most (end turn, pass, no block, keep, done) a key of their own."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

# the actions players take most, each with the same key whenever it is legal (the duel's bindings
# and the help list them; the list shows the key after the action)
STABLE_KEYS = {"end turn": "e", "pass": "p", "no block": "b", "keep": "y", "done": "d"}


class ActionList(OptionList):
    """Shows action texts; `texts[i]` is the action of option `i`. A `token` written into each
    option id tells a stale selection (from a decision that has passed) from a current one.
    `describe`, given by the screen, is called with the highlighted action's text (None: no
    action) as soon as the highlight moves, so that the key's whole effect (the highlight, the
    card it names, its details) shows in one frame: OptionHighlighted, which still follows, came
    to the screen a frame or two after the highlight (bench/client.py)."""

    DEFAULT_CSS = """
    ActionList { height: auto; max-height: 12; border: none; padding: 0; }
    ActionList:focus { border: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # a priority binding that moves the focus itself (see `board`), so that the keys typed
        # after it in one burst (← Enter) go to the board, never to this list
        Binding("left,h", "board", "Board", key_display="←", priority=True),
        Binding("k", "cursor_up", show=False),
        Binding("j", "cursor_down", show=False),
        Binding("right_square_bracket", "group(1)", "Next kind", key_display="]"),
        Binding("left_square_bracket", "group(-1)", "Previous kind", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.texts: list[str] = []
        self.token = 0
        self.board: Callable[[], Widget] | None = None  # the board zone that ← goes to
        self._shown: list[str] = []
        self._note: str | None = None
        self._width = 0
        self.describe: Callable[[str | None], object] | None = None

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
        self._shown, self._note = list(shown or texts), note
        self._build()
        if texts:
            self.highlighted = texts.index(keep) if keep in texts else 0

    def _build(self) -> None:
        """The options, each wrapped to the width with its continuation lines indented."""
        width = max(self.scrollable_content_region.width, 12)
        self._width = width
        options: list[Option] = []
        digits = len(str(len(self._shown)))  # every action is numbered, past 9 too
        indent = "\n" + " " * (digits + 1)
        for i, text in enumerate(self._shown):
            number = f"{i + 1:>{digits}} "
            key = STABLE_KEYS.get(self.texts[i]) if i < len(self.texts) else None
            body = Content(text) + (Content.styled(f" ({key})", "dim") if key else "")
            lines = body.wrap(width - digits - 1)
            options.append(
                Option(
                    Content.assemble((number, "dim"), Content(indent).join(lines)),
                    id=f"{self.token}:{i}",
                )
            )
        if self._note:
            options.append(Option(Content.styled(self._note, "dim italic"), disabled=True))
        highlighted = self.highlighted
        self.set_options(options)
        if highlighted is not None and highlighted < len(self._shown):
            self.highlighted = highlighted

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.describe is not None and highlighted is not None:
            option = self.options[highlighted]
            if not option.disabled:
                self.describe(self.action_of(option.id))

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width and self._shown:
            self._build()

    def _watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar came (or went) with a long list: wrap again to the width left, or the
        list wraps lines again that were cut for the wider one (as TextArea does)."""
        self.on_resize()

    def action_board(self) -> None:
        if self.board is not None:
            self.screen.set_focus(self.board())

    def action_group(self, step: int) -> None:
        """Jump to the first action of the next (or previous) kind: play a card, move, attack,
        block, choose, end."""
        if not self.texts:
            return
        kinds = [action_group(t) for t in self.texts]
        starts = [i for i, k in enumerate(kinds) if i == 0 or k != kinds[i - 1]]
        here = self.highlighted or 0
        current = max(i for i in starts if i <= here)
        at = starts.index(current)
        self.highlighted = starts[(at + step) % len(starts)]

    def action_of(self, option_id: str | None) -> str | None:
        """The action text of an option id, if it belongs to the current decision."""
        if not option_id:
            return None
        token, _, index = option_id.partition(":")
        if token != str(self.token) or not index.isdigit() or int(index) >= len(self.texts):
            return None
        return self.texts[int(index)]


class ActionFilter(Input):
    """The box the actions are filtered with (`/`); ↓ goes into the list of those that match.
    ↓ is a priority binding that moves the focus itself, in the app's turn, so the keys typed
    after it in one burst (↓ ↓ Enter) go to the list (a message to the screen would move the
    focus only after the app had handed them to this box)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "to_list", "Matches", show=False, id="filter_to_list", priority=True),
    ]

    def __init__(self, listing: ActionList, *, placeholder: str = "", id: str | None = None):
        super().__init__(placeholder=placeholder, id=id)
        self.listing = listing

    def action_to_list(self) -> None:
        if self.listing.texts:
            self.screen.set_focus(self.listing)


GROUPS = {
    "summon": "play", "cast": "play", "mana": "play",
    "advance": "move", "retreat": "move", "boost": "move",
    "attack": "attack",
    "block": "block", "no": "block",
    "choose": "choose", "done": "choose",
    "keep": "mulligan", "mulligan": "mulligan",
}  # fmt: skip


def action_group(text: str) -> str:
    """The kind an action text belongs to, for jumping between kinds ("end" and "pass" last)."""
    return GROUPS.get(text.split(" ", 1)[0], "end")
