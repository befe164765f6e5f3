"""The tutorial: a first game that teaches, one lesson at a time (`zenonzard play --tutorial`).

A lesson is a scenario file of `zenonzard_tui/lessons/` (docs/scenarios.md): a position and a
script whose steps are the lesson's answer. The player plays seat A; B's steps are played for the
opponent. `tutorial.toml` (beside this module) lists the lessons in order, with their words: an
introduction, what each of A's steps asks and why, and what some wrong actions would have done.

`Lesson.judge(done, text)` is the check of a step: the engine has listed `text` as legal, and the
lesson takes only the script's action; any other is refused with the reason. The client keeps
which lessons are done in `tutorial.json` of the user-data folder (`Progress`).

Nothing here imports Textual: the client's tutorial screen (client/screens/tutorial.py) shows a
lesson through the seats' channels as it shows any game.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from zenonzard_tui.engine.actions import ActionError, strip_owner_prefixes
from zenonzard_tui.files import FileReadError, move_aside, read_limited, write_atomic
from zenonzard_tui.scenarios import Scenario, ScenarioError, load_scenario

HERE = Path(__file__).resolve().parent
LESSONS = HERE / "lessons"  # the positions and scripts
INDEX = HERE / "tutorial.toml"  # the lessons' order and words
PLAYER = 0  # the player is A in every lesson; B is played by the script
PROGRESS_FORMAT = "zenonzard-tutorial-progress"
PROGRESS_VERSION = 1
MAX_PROGRESS_BYTES = 64 * 1024
LESSON_KEYS = ("id", "file", "title", "intro", "done", "step")
STEP_KEYS = ("do", "ask", "why", "wrong")


class LessonError(ValueError):
    """A lesson that cannot be used (a damaged installation): its file and the problem."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson's script: who plays it, its text as the engine lists it, whether it
    was the only legal action, and for the player's steps what the lesson says about it."""

    seat: int
    text: str
    forced: bool
    ask: str = ""
    why: str = ""
    wrong: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    """A lesson's words (from tutorial.toml); its position and script (`scenario`, `steps`) are
    read when first wanted, so that listing the lessons costs nothing (LessonError then)."""

    id: str
    number: int  # from 1
    title: str
    intro: str
    done: str
    path: Path  # the scenario file
    words: tuple[dict, ...] = field(repr=False)  # the [[lesson.step]] tables
    index: Path = field(repr=False)

    @cached_property
    def scenario(self) -> Scenario:
        try:
            return load_scenario(self.path)
        except ScenarioError as exc:
            raise LessonError(str(exc)) from None

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        return _script(
            self.path, self.scenario, list(self.words), self.index, f"lesson {self.number}"
        )

    @property
    def rules(self) -> tuple[str, ...]:
        return self.scenario.rules

    @property
    def heading(self) -> str:
        """ "Summoning (ZR 6.1, ZR 6.2, ZR 8.2)": the title and the rules it teaches."""
        cited = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{self.title}{cited}"

    def step(self, done: int) -> Step | None:
        """The script's step after `done` steps were played (None: the lesson is over)."""
        return self.steps[done] if done < len(self.steps) else None

    def played(self, texts: Sequence[str]) -> int:
        """How many of the script's steps the lesson's game played (`texts`: its actions in
        order): its first actions that are the script's, in the script's order. An action that
        is no step of it ("A concedes") ends the count."""
        n = 0
        for text, step in zip(texts, self.steps, strict=False):
            if text != step.text:
                break
            n += 1
        return n

    def finished(self, texts: Sequence[str]) -> bool:
        """The lesson is done: its game's actions are the script's, all of them and only them.
        What the player did decides, not how the game ended: a lesson given up ("A concedes",
        which ends its game) is not done, however far it went."""
        return len(texts) == len(self.steps) and self.played(texts) == len(self.steps)

    def judge(self, done: int, text: str) -> str | None:
        """None when `text` (a legal action of the player's) is the step the lesson asks for
        after `done` steps; otherwise why not, in the lesson's words."""
        step = self.step(done)
        if step is None or step.seat != PLAYER or text == step.text:
            return None
        bare = re.sub(r"#\d+", "", strip_owner_prefixes(text))  # "advance Miner of Aguma#2"
        said = step.wrong.get(text) or step.wrong.get(bare) or step.wrong.get(bare.split(" ")[0])
        return said or step.why or f"This lesson asks for '{step.text}'."


def lessons(index: Path = INDEX, folder: Path = LESSONS, *, check: bool = False) -> list[Lesson]:
    """The shipped lessons, in order (LessonError naming the file when they cannot be read).
    `check`: read every lesson's position and script now (else each when first wanted): the
    scenario loads, its script plays through the engine with every text as the engine lists it,
    and every step of the player's with a choice has its words."""
    try:
        doc = tomllib.loads(read_limited(index, str(index)).decode("utf-8"))
    except (FileReadError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{index}: {exc}") from None
    raw = doc.get("lesson")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{index}: no [[lesson]]")
    out = [_lesson(index, folder, n, entry) for n, entry in enumerate(raw, 1)]
    ids = [lesson.id for lesson in out]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{index}: two lessons have the same id")
    if check:
        for lesson in out:
            _ = lesson.steps
    return out


def _text(index: Path, where: str, entry: dict, key: str, default: str | None = None) -> str:
    value = entry.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise LessonError(f"{index}: {where}: '{key}' must be a text")
    return " ".join(value.split())


def _lesson(index: Path, folder: Path, number: int, entry: Any) -> Lesson:
    where = f"lesson {number}"
    if not isinstance(entry, dict) or any(k not in LESSON_KEYS for k in entry):
        raise LessonError(f"{index}: {where}: a table with only {', '.join(LESSON_KEYS)}")
    words = entry.get("step", [])
    if not isinstance(words, list) or not all(isinstance(w, dict) for w in words):
        raise LessonError(f"{index}: {where}: steps are written [[lesson.step]]")
    return Lesson(
        _text(index, where, entry, "id"),
        number,
        _text(index, where, entry, "title"),
        _text(index, where, entry, "intro"),
        _text(index, where, entry, "done"),
        folder / _text(index, where, entry, "file"),
        tuple(words),
        index,
    )


def _script(path: Path, scenario: Scenario, words: list[dict], index: Path, where: str):
    """The script's steps, played through the engine, with the words of the player's."""
    game = scenario.new_game()
    pending = list(words)
    steps = []
    for n, scripted in enumerate(scenario.steps, 1):
        if scripted.illegal or game.pending is None:
            raise LessonError(f"{path}: step {n}: a lesson's script plays legal steps only")
        seat = game.pending.seat
        listed = [a.text for a in game.legal_actions()]
        if scripted.do not in listed:
            raise LessonError(
                f"{path}: step {n}: '{scripted.do}' is not written as the engine lists it: "
                + " | ".join(listed)
            )
        forced = len(listed) == 1
        said: dict = {}
        if seat == PLAYER and pending and pending[0].get("do") == scripted.do:
            said = pending.pop(0)
        elif seat == PLAYER and not forced:
            raise LessonError(f"{index}: {where}: no [[lesson.step]] for '{scripted.do}'")
        if any(k not in STEP_KEYS for k in said):
            raise LessonError(f"{index}: {where}: a step has only {', '.join(STEP_KEYS)}")
        wrong = said.get("wrong", {})
        if not isinstance(wrong, dict) or not all(isinstance(v, str) for v in wrong.values()):
            raise LessonError(f"{index}: {where}: 'wrong' is a table of texts")
        steps.append(
            Step(
                seat,
                scripted.do,
                forced,
                _text(index, where, said, "ask", ""),
                _text(index, where, said, "why", ""),
                {k: " ".join(v.split()) for k, v in wrong.items()},
            )
        )
        try:
            game.apply(scripted.do)
        except ActionError as exc:  # (listed just now: cannot happen)
            raise LessonError(f"{path}: step {n}: {exc}") from None
    if pending:
        raise LessonError(f"{index}: {where}: '{pending[0].get('do')}' is no step of A's script")
    return tuple(steps)


def find_lesson(all_lessons: list[Lesson], spec: str) -> Lesson | None:
    """A lesson by its number (`3`) or its id (`summon`)."""
    for lesson in all_lessons:
        if spec.strip().casefold() in (str(lesson.number), lesson.id):
            return lesson
    return None


# ----------------------------------------------------------------------------------------------
# Which lessons are done


@dataclass
class Progress:
    """The lessons done (their ids), kept in `path`; `warning` says what was wrong with a file
    that could not be used (it was moved aside as NAME.bad-<date>, never overwritten)."""

    path: Path | None
    done: set[str] = field(default_factory=set)
    warning: str | None = None

    def next_lesson(self, all_lessons: list[Lesson]) -> Lesson:
        """The first lesson not done (all done: the first)."""
        return next((x for x in all_lessons if x.id not in self.done), all_lessons[0])

    def started(self, all_lessons: list[Lesson]) -> bool:
        """Some lessons are done, not all: the main screen offers to go on."""
        ids = {x.id for x in all_lessons}
        return bool(self.done & ids) and not ids <= self.done

    def complete(self, all_lessons: list[Lesson]) -> bool:
        return {x.id for x in all_lessons} <= self.done

    def mark(self, lesson: Lesson) -> None:
        """`lesson` is done: written at once (OSError when the file cannot be written)."""
        self.done.add(lesson.id)
        if self.path is not None:
            record = {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION}
            write_atomic(self.path, json.dumps({**record, "done": sorted(self.done)}, indent=1))

    def entry(self, all_lessons: list[Lesson]) -> str:
        """The tutorial's line on the main screen (the resume list)."""
        count = len(all_lessons)
        if self.complete(all_lessons):
            return f"Tutorial: done ({count} of {count} lessons); play it again"
        if self.started(all_lessons):
            lesson = self.next_lesson(all_lessons)
            return f"Tutorial: go on with lesson {lesson.number} of {count} ({lesson.title})"
        return f"Tutorial: learn to play, {count} short lessons (a few minutes)"

    def summary(self, all_lessons: list[Lesson]) -> str:
        """ "3 of 7 lessons done"."""
        n = len({x.id for x in all_lessons} & self.done)
        return f"{n} of {len(all_lessons)} lessons done"


def load_progress(path: Path) -> Progress:
    """The progress kept in `path` (none yet: nothing done). A file that cannot be used is never
    a crash: it is moved aside and the warning says so."""
    try:
        data = read_limited(path, str(path), MAX_PROGRESS_BYTES, "the tutorial's progress")
    except FileReadError as exc:
        if exc.why == "missing":
            return Progress(path)
        return _bad(path, exc.reason)
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _bad(path, "not the tutorial's progress (not JSON)")
    if not isinstance(record, dict) or record.get("format") != PROGRESS_FORMAT:
        return _bad(path, "not the tutorial's progress")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > PROGRESS_VERSION:
        return _bad(path, f"version {version!r}: made by a newer zenonzard-tui")
    done = record.get("done")
    if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
        return _bad(path, '"done" must be a list of lesson ids')
    return Progress(path, set(done))


def _bad(path: Path, problem: str) -> Progress:
    try:
        aside = move_aside(path)
    except OSError as exc:
        kept = f"; it could not be moved aside ({exc.strerror or exc}), so progress is not kept"
        return Progress(None, warning=f"{path}: {problem}{kept}")
    return Progress(path, warning=f"{path}: {problem}; kept as {aside.name}, starting afresh")


def progress_path() -> Path:
    from zenonzard_tui.client.saves import data_dir

    return data_dir() / "tutorial.json"
