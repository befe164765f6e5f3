"""The tutorial: the duel screen on a lesson's position, with the lesson beside the actions.

`TutorialScreen` is the duel screen (the same board, keys and channels) with a lesson's session
(client/lesson.py): before a lesson its card says what it teaches; the lesson panel under the
board says what to do now, and the action asked for is marked `▶` and highlighted; an action
the lesson does not ask for is refused with the reason, and the player tries again; B's moves are
the lesson's script. When the script is played, the lesson is done (kept in the tutorial's
progress) and its card offers the next one; the last ends the tutorial. A lesson is not saved,
conceded or coached: those keys of the duel say so, and its help lists only the keys it has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from zenonzard_tui.client.lesson import LessonSession
from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.screens.modals import HELP, HelpScreen
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.tutorial import PLAYER, Lesson, Progress

MARK = "▶ "  # before the action the lesson asks for
SHORT = 30  # lines: below, the lesson panel leaves out what the card and the key bar say

CardKind = Literal["intro", "open", "done", "last", "left"]
"""A lesson's card: before it ("intro"), during it (r: "open"), once done ("done"; the last
lesson's: "last"), or when its game ended without it done ("left": given up)."""

CARD_KEYS: dict[CardKind, str] = {
    "intro": "Enter: begin the lesson  ·  q: leave the tutorial",
    "open": "Enter: back to the lesson  ·  r: begin again  ·  q: leave the tutorial",
    "done": "Enter: the next lesson  ·  r: this lesson again  ·  q: leave the tutorial",
    "last": "Enter or q: leave the tutorial  ·  r: this lesson again",
    "left": "Enter or r: begin the lesson again  ·  q: leave the tutorial",
}
CARD_GO: dict[CardKind, str] = {  # what Enter (or Esc) does on each card
    "intro": "begin",
    "open": "back",
    "done": "next",
    "last": "quit",
    "left": "again",
}


class LessonCard(ModalScreen[None]):
    """A lesson's card (`kind`, CARD_KEYS): its introduction ("begin" or "quit"); during the lesson
    the same words ("back", "again" or "quit"); once done, what it did ("next", "again" or "quit";
    the last lesson: "again" or "quit"); given up, that it is not done ("again" or "quit"). The key
    picked goes to `picked`, which closes the card or, for a lesson opened (the next, or this one
    again), shows that lesson's card in its place. One card serves the whole tutorial (installed in
    the app): a new card's words are written into it, not composed and mounted again, and it is
    never removed (a removal lays the duel screen out again: a frame more; bench/tutorial.py). It
    stands on a plain background, not over the dimmed board: under a see-through screen Textual
    draws the whole board again, tinted, for every change of it (twice: the change, then a repaint
    of the screen behind), so the next lesson's board set up under the card cost three or four full
    frames (CPU medians on a loaded machine, bench/tutorial.py: the next lesson's key 165-185 ->
    75-88 ms, a lesson's last action 139-167 -> 84-96); the board is drawn once, when the card
    goes."""

    DEFAULT_CSS = """
    LessonCard { align: center middle; background: $background; }
    LessonCard #lesson-card { width: 76; max-width: 96%; }
    LessonCard .note { color: $text; }
    LessonCard #lesson-keys { margin-top: 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "pick('go')", "Go on", id="lesson_go"),
        Binding("r", "pick('again')", "Again", id="lesson_again"),
        Binding("q", "pick('quit')", "Quit", id="lesson_quit"),
    ]

    def __init__(
        self, heading: str, body: str, footnote: str, kind: CardKind, picked: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.show(heading, body, footnote, kind, picked)

    @property
    def done(self) -> bool:
        """The card of a lesson done (the last one's too)."""
        return self.kind in ("done", "last")

    @property
    def last(self) -> bool:
        """The card of the last lesson, done: the tutorial is over."""
        return self.kind == "last"

    def _texts(self) -> tuple[Content, Content, Content, Content]:
        return (
            Content.styled(self.heading, "bold"),
            Content(self.body),
            Content.styled(self.footnote, "italic"),
            Content(CARD_KEYS[self.kind]),
        )

    def compose(self) -> ComposeResult:
        heading, body, footnote, keys = self._texts()
        with Vertical(id="lesson-card", classes="dialog"):
            yield Static(heading, id="lesson-heading")
            yield Static(body, classes="note", id="lesson-body")
            yield Static(footnote, classes="note", id="lesson-footnote")
            yield Static(keys, id="lesson-keys")

    def show(
        self, heading: str, body: str, footnote: str, kind: CardKind, picked: Callable[[str], None]
    ) -> None:
        """Another card's words (a line that is the same is not written again)."""
        self.heading, self.body, self.footnote = heading, body, footnote
        self.kind: CardKind = kind
        self.picked = picked
        if not self.is_mounted:
            return
        ids = ("#lesson-heading", "#lesson-body", "#lesson-footnote", "#lesson-keys")
        for widget_id, text in zip(ids, self._texts(), strict=True):
            static = self.query_one(widget_id, Static)
            if static.visual != text:
                static.update(text)

    def action_pick(self, what: str) -> None:
        if what == "go":
            what = CARD_GO[self.kind]
        elif what == "again" and self.kind == "intro":
            return
        self.picked(what)


TUTORIAL_HELP = """\
[b]The tutorial[/b] (a lesson at a time: the panel says what to do)
  Enter           the action the lesson asks for: marked ▶ and highlighted
                  (another action is refused, and the panel says why)
  r               the lesson's card again: Enter goes back to the lesson,
                  r there begins it again
  u               take back your last step (and B's answers to it)
  q  Ctrl+Q       leave the tutorial (the lessons done are kept; this
                  one is not done, and begins again next time)
  ?  F1           this help           t   both trashes (public, ZR 3.1)
  L               the log in the board's place, and back

  A lesson is not saved and has no coach, hint, auto-pass (a decision
  with a single answer answers itself) or new game, and is not conceded:
  s, S, a, c, i, n and G say so.
"""
DUEL_HELP = ("[b]Playing[/b]", "[b]The board[/b]", "[b]Decisions[/b]")  # the duel's help, in part
"""The sections of the duel's help (modals.HELP) that are true in a lesson: its "Keys" and "Under
the actions" name keys a lesson does not have (save, auto-pass, the coach...)."""


def tutorial_help() -> str:
    """The tutorial's help: its keys, then the duel's sections that hold in a lesson."""
    sections = [part.strip("\n") for part in HELP.split("\n\n")]
    kept = [part for part in sections if part.startswith(DUEL_HELP)]
    return "\n\n".join([TUTORIAL_HELP.strip("\n"), *kept]) + "\n"


class TutorialHelpScreen(HelpScreen):
    """The tutorial's keys, and of the duel's help only what holds in a lesson."""

    DEFAULT_CSS = """
    TutorialHelpScreen { align: center middle; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(Content.from_markup(tutorial_help()), id="help-text")
            yield Static(Content.styled("↑ ↓ scroll, Esc closes this help.", "dim italic"))


class LessonPanel(Static):
    """What the lesson asks now, under the board."""

    DEFAULT_CSS = """
    LessonPanel {
        height: auto;
        max-height: 55%;
        padding: 0 1;
        background: $accent 15%;
        border-top: solid $accent;
    }
    """

    def show(self, text: Content) -> None:
        """New text, laid out again only when it takes another number of lines (a layout of the
        whole screen is most of a key's time: bench/tutorial.py)."""
        self.update(text, layout=False)
        width = self.size.width
        if not width or self.visual.get_height(self.styles.get_rules(), width) != self.size.height:
            self.refresh(layout=True)


NOT_IN_A_LESSON = {  # the duel's keys a lesson has not, and what they say there instead
    "save": "A lesson is not saved: the tutorial keeps which lessons are done, and one left "
    "halfway begins again.",
    "autopass": "A lesson has no auto-pass: a decision with a single answer answers itself, "
    "and the others are the lesson's.",
    "coach": "No coach or hint in a lesson: the panel under the board says what to do, and why.",
    "new_game": "No new game in a lesson: r shows the lesson's card, where r begins it again.",
    "concede": "A lesson is not conceded: q leaves the tutorial (this lesson is not done and "
    "begins again next time); r shows the lesson's card, where r begins it again.",
}


class TutorialScreen(DuelScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "lesson_text", "Lesson", id="lesson_text"),
        # the duel's keys a lesson has not say why (each takes the duel's key from its binding)
        Binding("s,S", "not_in_lesson('save')", show=False, id="lesson_no_save"),
        Binding("a", "not_in_lesson('autopass')", show=False, id="lesson_no_autopass"),
        Binding("c,i", "not_in_lesson('coach')", show=False, id="lesson_no_coach"),
        Binding("n", "not_in_lesson('new_game')", show=False, id="lesson_no_new_game"),
        Binding("G", "not_in_lesson('concede')", show=False, id="lesson_no_concede"),
    ]

    def __init__(
        self,
        lessons: list[Lesson],
        progress: Progress,
        lesson: Lesson,
        settings: Settings,
        *,
        ai_delay: float = 0.6,
    ) -> None:
        super().__init__(LessonSession(lesson, settings), ai_delay=ai_delay)
        self.lessons, self.progress, self.settings = lessons, progress, settings
        self.panel = LessonPanel(id="lesson")
        self.paused = True  # the lesson's card is up: B waits, nothing is played
        self.refusal: tuple[str, str] | None = None  # the last action refused, and why
        self._marked_for: tuple[int, int] | None = None  # the step whose action was highlighted
        self._finished = False
        self._panel_text: Content | None = None
        self.card: LessonCard | None = None  # one card for every lesson (installed in the app)

    @property
    def lesson_session(self) -> LessonSession:
        assert isinstance(self.session, LessonSession)
        return self.session

    @property
    def lesson(self) -> Lesson:
        return self.lesson_session.lesson

    def on_mount(self) -> None:
        """(Textual calls the duel screen's on_mount after this one: it starts the game.)"""
        self.query_one("#left").mount(self.panel, before="#log-title")
        self.show_intro()

    # ------------------------------------------------------------------------------------------
    # Lessons

    def heading(self, lesson: Lesson) -> str:
        return f"Lesson {lesson.number} of {len(self.lessons)} · {lesson.heading}"

    def lessons_note(self) -> str:
        """The lessons (✓ done, ▶ this one) and how many are done."""
        lesson, done = self.lesson, self.progress.done

        def mark(x: Lesson) -> str:
            return ("▶ " if x is lesson else "✓ " if x.id in done else "") + x.title

        note = " · ".join(mark(x) for x in self.lessons)
        note += f" ({self.progress.summary(self.lessons)})"
        if self.progress.path is None:
            note += " (progress is not kept this time)"
        return note

    def show_intro(self) -> None:
        lesson = self.lesson
        self.show_card(self.heading(lesson), lesson.intro, self.lessons_note(), "intro")

    def show_card(self, heading: str, body: str, footnote: str, kind: CardKind) -> None:
        """The lesson card with these words: written into the card already up (the next
        lesson's, in place of the last one's), or pushed."""
        card = self.card
        if card is None:
            card = LessonCard(heading, body, footnote, kind, self._picked)
            self.card = card
            self.app.install_screen(card, f"lesson-card-{id(self)}")
        else:
            card.show(heading, body, footnote, kind, self._picked)
        if self.app.screen is not card:
            self.app.push_screen(card)

    def close_card(self) -> None:
        if self.card is not None and self.app.screen is self.card:
            self.app.pop_screen()

    def _picked(self, what: str) -> None:
        """A key of the lesson's card (LessonCard): "begin" the lesson, go "back" to it, the
        "next" lesson or this one "again" (it opens under the card, which turns into its card),
        or "quit"."""
        if what == "quit":
            self.app.exit()
        elif what == "next":
            self.open_lesson(self.lessons[self.lesson.number])  # (numbers count from 1)
        elif what == "again":
            self.open_lesson(self.lesson)
        else:
            self.close_card()
            if what == "begin" and self.paused:
                self.paused = False
                self.advance()

    def action_lesson_text(self) -> None:
        """r: the lesson's card again, with the lessons (the game waits behind it): Enter goes
        back to the lesson, r begins it again."""
        lesson = self.lesson
        self.show_card(self.heading(lesson), lesson.intro, self.lessons_note(), "open")

    def action_not_in_lesson(self, what: str) -> None:
        """A key of the duel's that a lesson has not (save, auto-pass, the coach, a new game,
        concede): it says why, and what to do instead."""
        self.notify(NOT_IN_A_LESSON[what], timeout=6)

    def open_lesson(self, lesson: Lesson) -> None:
        self.session = LessonSession(lesson, self.settings)
        self.paused, self._finished, self.refusal, self._marked_for = True, False, None, None
        self.start()
        self.show_intro()

    def finish(self) -> None:
        """The script is played: the lesson is done, and its card says what comes next."""
        if self._finished:
            return
        self._finished = True
        lesson = self.lesson
        try:
            self.progress.mark(lesson)
        except OSError as exc:
            self.notify(
                f"The tutorial's progress could not be kept in {self.progress.path}: "
                f"{exc.strerror or exc}",
                severity="warning",
            )
        last = lesson.number == len(self.lessons)
        note = self.progress.summary(self.lessons)
        if last:
            note = "The tutorial is over: " + note + "."
        self.show_card(
            f"Done: {self.heading(lesson)}", lesson.done, note, "last" if last else "done"
        )

    def show_left(self) -> None:
        """The lesson's game ended without its script played (given up): the lesson is not done
        (the progress is not touched), and its card offers it again."""
        if self._finished:
            return
        self._finished = True
        body = (
            "The lesson's game ended before its steps were played, so the lesson is not done: "
            "it begins again from its position (and `zenonzard play --tutorial` starts it next "
            "time)."
        )
        self.show_card(f"Left: {self.heading(self.lesson)}", body, self.lessons_note(), "left")

    # ------------------------------------------------------------------------------------------
    # The duel screen, for a lesson

    def advance(self) -> None:
        if self.paused:
            if self.viewer is not None:
                self.render_view()
            return
        if self.lesson_session.finished:
            self.render_view()
            self.finish()
            return
        if self.lesson_session.left:
            self.render_view()
            self.show_left()
            return
        super().advance()

    def play(self, text: str) -> None:
        """The player's action, if it is the lesson's; any other is refused with the reason."""
        pending = self.view.pending if self.view is not None else None
        if self.can_act() and pending is not None and text in (pending.actions or ()):
            why = self.lesson.judge(self.lesson_session.done, text)
            if why is not None:
                if self.refusal != (text, why):  # (the same again: the panel says it already)
                    self.notify(f"Not '{text}': {why}", severity="warning", timeout=6)
                self.refusal = (text, why)
                self.render_lesson()
                return
        self.refusal = None
        super().play(text)

    def render_view(self) -> None:
        super().render_view()
        self.render_lesson()

    def on_resize(self) -> None:
        """(The duel screen's on_resize is called too, by Textual.)"""
        if self.view is not None:
            self.render_lesson()

    def render_lesson(self) -> None:
        lesson, session = self.lesson, self.lesson_session
        step = session.next_step
        short = self.size.height < SHORT  # the rules are on the lesson's card; r is in the key bar
        heading = f"Lesson {lesson.number}/{len(self.lessons)} · {lesson.title}"
        parts = [Content.styled(heading if short else self.heading(lesson), "bold")]
        if session.finished:
            parts.append(Content("Lesson done."))
        elif session.left:
            parts.append(Content("Lesson left: it is not done."))
        elif step is not None and step.seat != PLAYER:
            parts.append(Content.styled("B plays the lesson's move…", "italic"))
        elif step is not None:
            parts.append(Content(step.ask or "Go on: the only action there is."))
            parts.append(Content.styled(f"{MARK}{step.text}", "bold $success"))
            if self.refusal is not None:
                tried, why = self.refusal
                parts.append(Content.styled(f"✗ Not '{tried}': {why}", "$warning"))
        if not short:
            parts.append(Content.styled("r: the lesson's card again", "dim"))
        text = Content("\n").join(parts)
        if text != self._panel_text:  # (an update lays the screen out again: only a change)
            self._panel_text = text
            self.panel.show(text)

    def _with_cost(self, shown: str, text: str) -> str:
        """The action the lesson asks for is marked (the player's step only)."""
        shown = super()._with_cost(shown, text)
        step = self.lesson_session.next_step
        if step is not None and step.seat == PLAYER and text == step.text:
            return MARK + shown
        return shown

    def render_actions(self) -> None:
        super().render_actions()
        step = self.lesson_session.next_step
        listing = self.query_one("#actions", ActionList)
        mark = (self.generation, self.lesson_session.done)
        if (
            step is not None
            and step.seat == PLAYER
            and self.can_act()
            and step.text in listing.texts
            and self._marked_for != mark
        ):
            self._marked_for = mark  # once a step: the player may move the cursor away
            listing.highlighted = listing.texts.index(step.text)

    def point_at(self, text: str | None) -> None:
        """At a mulligan, the hand cards the lesson asks to send back are pointed at until they
        are marked."""
        super().point_at(text)
        step = self.lesson_session.next_step
        view = self.view
        if step is None or step.seat != PLAYER or not step.text.startswith("mulligan "):
            return
        if view is None or not self.deciding_mulligan():
            return
        wanted = Counter(step.text.removeprefix("mulligan ").split(", "))
        hand = view.players[PLAYER].hand or ()
        for i in sorted(self.marks):  # marked already: they count
            if i < len(hand) and wanted[hand[i].name] > 0:
                wanted[hand[i].name] -= 1
        pointed = set()
        for i, card in enumerate(hand):
            if i not in self.marks and wanted[card.name] > 0:
                wanted[card.name] -= 1
                pointed.add(i)
        self.query_one("#my-hand", ZoneView).point(pointed)

    def action_help(self) -> None:
        self.app.push_screen(TutorialHelpScreen())

    def mode_text(self) -> str:
        return "tutorial"

    def ai_deciding(self, seat: int) -> str:
        return "B plays the lesson's move" if not self.paused else "the lesson's card is open"

    def offered_actions(self) -> tuple[list[str], str | None]:
        if self.over:  # (the last lesson wins the game; a lesson given up ends it too)
            done = self.lesson_session.finished
            return [], "The lesson is done." if done else "The lesson was left: it is not done."
        return super().offered_actions()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "save_as", "coach", "new_game", "hint", "autopass"):
            return False  # a lesson is not saved, has no coach, and is never over but done
        return super().check_action(action, parameters)

    def action_save(self, then=None) -> None:
        self.action_not_in_lesson("save")

    def can_concede(self) -> int | None:
        """A lesson is not conceded (nor offered in Ctrl+P): q leaves it, r begins it again."""
        return None

    def action_concede(self) -> None:
        self.action_not_in_lesson("concede")

    def action_quit(self) -> None:
        """A lesson is short: quitting keeps the lessons done, this one starts again."""
        self.app.exit()

    def show_game_over(self) -> None:
        """The last lesson wins the game: its card, not the game-over screen, says so."""

    def on_unmount(self) -> None:
        """(The duel screen's on_unmount is called too, by Textual.)"""
        if self.card is not None and self.card not in self.app.screen_stack:
            self.app.uninstall_screen(self.card)
