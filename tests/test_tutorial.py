"""The tutorial's lessons (zenonzard_tui/tutorial.toml and zenonzard_tui/lessons/): every shipped
lesson is a scenario whose script passes, its words fit its script, the rules it cites exist; a
wrong action is refused with its reason; the progress file is kept and never a crash."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from zenonzard_tui.cli import main
from zenonzard_tui.scenarios import run_scenario
from zenonzard_tui.tutorial import (
    INDEX,
    LESSONS,
    PLAYER,
    LessonError,
    Progress,
    find_lesson,
    lessons,
    load_progress,
)

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = lessons(check=True)
TOPICS = ["mulligan", "mana", "summon", "attack", "block", "flash", "movement"]


def test_the_lessons_teach_the_seven_topics_in_order():
    assert [lesson.id for lesson in SHIPPED] == TOPICS
    assert [lesson.number for lesson in SHIPPED] == list(range(1, 8))
    assert sorted(p.name for p in LESSONS.glob("*.toml")) == sorted(
        lesson.path.name for lesson in SHIPPED
    )


@pytest.mark.parametrize("lesson", SHIPPED, ids=lambda x: x.id)
def test_every_shipped_lesson_is_a_scenario_whose_script_passes(lesson):
    """Like the puzzles' test: the position loads, the script (the lesson's answer, with B's
    moves) is legal step by step, and the checks of the file hold after it."""
    result = run_scenario(lesson.scenario)
    assert result.passed, result.message
    assert lesson.scenario.steps, "a lesson has a script"
    assert any(s.seat == PLAYER and not s.forced for s in lesson.steps)


@pytest.mark.parametrize("lesson", SHIPPED, ids=lambda x: x.id)
def test_every_step_of_the_player_with_a_choice_says_what_to_do_and_why(lesson):
    for step in lesson.steps:
        if step.seat == PLAYER and not step.forced:
            assert step.ask and step.why, f"{lesson.id}: '{step.text}' has no words"
        else:
            assert not step.ask, f"{lesson.id}: '{step.text}' is not a step with a choice"


RULE = re.compile(r"ZR \d+(?:\.\d+)+")


@pytest.mark.parametrize("lesson", SHIPPED, ids=lambda x: x.id)
def test_every_rule_a_lesson_cites_is_in_the_rules_for_players(lesson):
    """The rules a lesson cites (its scenario's `rules`, its texts) are rules of docs/rules.md,
    which the log and the help cite the same way."""
    known = set(re.findall(r"\*\*(ZR \d+(?:\.\d+)+)\*\*", (ROOT / "docs/rules.md").read_text()))
    words = [lesson.intro, lesson.done] + [
        text for s in lesson.steps for text in (s.ask, s.why, *s.wrong.values())
    ]
    cited = set(lesson.rules) | {r for text in words for r in RULE.findall(text)}
    assert cited and cited <= known, cited - known
    assert set(lesson.rules) <= cited


def test_a_lesson_takes_the_scripts_action_and_refuses_any_other_with_why():
    mulligan, attack, movement = SHIPPED[0], SHIPPED[3], SHIPPED[6]
    assert mulligan.judge(0, "mulligan Exptera, Exptera") is None
    assert "six turns" in (mulligan.judge(0, "keep") or "")  # its own words for "keep"
    assert "nothing else" in (mulligan.judge(0, "mulligan Exptera") or "")  # by the verb
    # a copy's number or an owner does not hide the wrong action's own words
    assert "only a Force" in (movement.judge(0, "advance Miner of Aguma#2") or "")
    # no words for that action: the step's reason
    assert attack.judge(0, "retreat Drill Golem") == attack.steps[0].why
    assert attack.judge(len(attack.steps), "end turn") is None  # the lesson is over


def test_a_lesson_is_finished_by_its_script_played_not_by_its_game_ending():
    """What the player did decides: the script's steps, all of them and nothing else; a lesson
    given up ("A concedes" ends its game) is not finished, however far it went."""
    summon, attack = SHIPPED[2], SHIPPED[3]
    script = [s.text for s in attack.steps]
    assert attack.finished(script) and summon.finished(["summon Drill Golem"])
    assert not summon.finished(["A concedes"])  # one action, as long as the script: not it
    assert not summon.finished([])
    assert not attack.finished([*script[:5], "A concedes"])
    assert attack.played([*script[:5], "A concedes"]) == 5
    assert attack.played(script) == len(script) and attack.played([]) == 0


def test_lessons_are_found_by_number_or_name():
    assert find_lesson(SHIPPED, "3") is SHIPPED[2]
    assert find_lesson(SHIPPED, " Block ") is SHIPPED[4]
    assert find_lesson(SHIPPED, "8") is None


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    index = tmp_path / "tutorial.toml"
    index.write_text(INDEX.read_text("utf-8").replace(old, new, 1), "utf-8")
    return index


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('do = "summon Drill Golem"', 'do = "summon drill golem"', "no [[lesson.step]] for"),
        ('file = "3-summon.toml"', 'file = "no-such.toml"', "no-such.toml"),
        ('id = "mana"', 'id = "mulligan"', "two lessons have the same id"),
        ('title = "Mana"', "title = 3", "'title' must be a text"),
    ],
)
def test_a_damaged_lesson_is_an_error_naming_the_file(tmp_path, old, new, problem):
    with pytest.raises(LessonError) as err:
        lessons(_broken(tmp_path, old, new), LESSONS, check=True)
    assert problem in str(err.value)


def test_a_script_step_not_written_as_the_engine_lists_it_is_an_error(tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for path in LESSONS.glob("*.toml"):
        (folder / path.name).write_text(path.read_text("utf-8"), "utf-8")
    text = (folder / "6-flash.toml").read_text("utf-8")
    (folder / "6-flash.toml").write_text(text.replace("choose A:Drill Golem", "choose Drill Golem"))
    with pytest.raises(LessonError, match="not written as the engine lists it"):
        lessons(INDEX, folder, check=True)


# ----------------------------------------------------------------------------------------------
# Progress


def test_progress_is_kept_and_read_back(tmp_path):
    path = tmp_path / "data" / "tutorial.json"
    progress = load_progress(path)
    assert progress.done == set() and progress.warning is None
    assert progress.next_lesson(SHIPPED).id == "mulligan"
    assert progress.entry(SHIPPED).startswith("Tutorial: learn to play, 7 short lessons")
    progress.mark(SHIPPED[0])
    progress.mark(SHIPPED[1])
    again = load_progress(path)
    assert again.done == {"mulligan", "mana"} and again.started(SHIPPED)
    assert again.next_lesson(SHIPPED).id == "summon"
    assert again.entry(SHIPPED) == "Tutorial: go on with lesson 3 of 7 (Summoning)"
    record = json.loads(path.read_text())
    assert record["format"] == "zenonzard-tutorial-progress" and record["version"] == 1
    for lesson in SHIPPED:
        again.mark(lesson)
    assert again.complete(SHIPPED) and not again.started(SHIPPED)
    assert again.entry(SHIPPED) == "Tutorial: done (7 of 7 lessons); play it again"
    assert again.next_lesson(SHIPPED).id == "mulligan"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not JSON"),
        ('{"format": "other"}', "not the tutorial's progress"),
        ('{"format": "zenonzard-tutorial-progress", "version": 9, "done": []}', "newer"),
        ('{"format": "zenonzard-tutorial-progress", "version": 1, "done": "all"}', '"done"'),
        ("[" * 30_000, "not JSON"),
        (" " * 70_000, "is too large"),
    ],
    ids=["not-json", "other-format", "newer", "bad-done", "deep", "too-large"],
)
def test_a_progress_file_that_cannot_be_used_is_moved_aside_with_a_warning(tmp_path, text, problem):
    path = tmp_path / "tutorial.json"
    path.write_text(text)
    progress = load_progress(path)
    assert progress.done == set() and problem in (progress.warning or "")
    kept = list(tmp_path.glob("tutorial.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text() == text  # nothing the user had is lost
    assert not path.exists() and progress.path == path  # a new one is written when one is done


def test_a_progress_path_that_is_a_folder_is_no_crash(tmp_path):
    path = tmp_path / "tutorial.json"
    path.mkdir()
    progress = load_progress(path)
    assert progress.warning and progress.done == set()


def test_progress_counts_only_the_lessons_there_are():
    progress = Progress(None, {"an-old-lesson"})
    assert progress.summary(SHIPPED) == "0 of 7 lessons done" and not progress.started(SHIPPED)


# ----------------------------------------------------------------------------------------------
# The command line


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--tutorial", "9"], "--tutorial 9: no such lesson; the lessons: 1 mulligan, 2 mana"),
        (["--tutorial", "--deck", "red-rush"], "--deck is for a game"),
        (["--tutorial", "--hotseat"], "--hotseat is for a game"),
    ],
)
def test_play_tutorial_refuses_what_it_cannot_use(own_folders, capsys, args, problem):
    assert main(["play", *args]) == 2
    assert problem in capsys.readouterr().err


def test_play_tutorial_and_scenario_do_not_go_together(own_folders, capsys):
    with pytest.raises(SystemExit) as err:
        main(["play", "--tutorial", "--scenario", "one-blow"])
    assert err.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_damaged_progress_file_is_said_on_stderr(own_folders, capsys, monkeypatch, tmp_path):
    import os

    progress = Path(os.environ["ZENONZARD_DATA_DIR"]) / "tutorial.json"
    progress.parent.mkdir(parents=True, exist_ok=True)
    progress.write_text("{oops")
    monkeypatch.setattr("zenonzard_tui.cli.play_cmd._has_terminal", lambda: False)
    assert main(["play", "--tutorial"]) == 2  # (no terminal here)
    err = capsys.readouterr().err
    assert f"the tutorial's progress: {progress}: not the tutorial's progress (not JSON)" in err
    assert "kept as tutorial.json.bad-" in err
