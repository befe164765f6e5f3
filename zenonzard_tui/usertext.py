"""User text is data: a name or a text that came from a file, a save or a user, made safe to show.

Two dangers, two helpers:
- a terminal reads escape sequences: `terminal_safe` writes every character that is not printable
  (C0 and C1 controls, ESC and so ANSI CSI and OSC sequences, bidi and other format characters,
  lone surrogates) as its Python escape (`\\x1b`), so nothing from a file reaches the terminal as
  an instruction, and the text still says what is there;
- Rich and Textual read markup (`[bold]`, `[/]`, `[@click=...]`, `[$accent]`): `plain` makes a
  `rich.text.Text` and `content` a Textual `Content`, neither ever parsed. A plain `str` given to a
  Static, an Option, a border title or a notification is markup, and escaping it does not help
  (`rich.markup.escape` leaves `[WIP]` and `[$accent]` alone, which Textual still reads).

`say` prints a line that may hold user text (a message quoting a file, a path).

Wide characters (East Asian, emoji) are printable and kept: Rich and Textual measure them in cells.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich and textual are imported only when asked for (quick start-ups)
    from rich.text import Text
    from textual.content import Content


def terminal_safe(text: str, limit: int | None = None, *, newlines: bool = False) -> str:
    """`text` with its unprintable characters escaped (`\\x1b`, `\\n`), cut at `limit` characters
    (the last one an ellipsis). `newlines`: keep line breaks (a message of several lines)."""
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    if newlines:
        return "\n".join(terminal_safe(line) for line in text.split("\n"))
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def plain(text: str, style: str = "", limit: int | None = None) -> Text:
    """`text` as Rich text that is shown as it is: never markup, never a terminal escape."""
    from rich.text import Text

    return Text(terminal_safe(text, limit), style=style)


def content(text: str, style: str = "") -> Content:
    """`text` as Textual Content (for a Static, an Option, a title): never markup, never a
    terminal escape; its line breaks kept."""
    from textual.content import Content

    return Content.styled(terminal_safe(text, newlines=True), style)


def say(text: str, *, file: TextIO | None = None, flush: bool = False) -> None:
    """`print` for a line that may hold user text (a path, a name, a message quoting a file):
    terminal-safe, its line breaks kept."""
    print(terminal_safe(text, newlines=True), file=file, flush=flush)
