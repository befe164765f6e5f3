"""The tutorial in the client (Pilot): every lesson is played from its keys on the duel screen, a
wrong action is refused with the reason and can be tried again, the last lesson ends the tutorial,
the progress is kept and the main screen (the resume list) offers to go on."""

from __future__ import annotations

import pytest

from tests.client.helpers import screen_text, wait_until
from zenonzard_tui.client.app import Resume, Tutorial, ZenonzardApp
from zenonzard_tui.client.screens.resume import ResumeScreen
from zenonzard_tui.client.screens.tutorial import LessonCard, TutorialScreen
from zenonzard_tui.tutorial import PLAYER, find_lesson, lessons, load_progress

SHIPPED = lessons(check=True)


def tutorial_app(tmp_path, first=None, **kwargs) -> ZenonzardApp:
    progress = load_progress(tmp_path / "tutorial.json")
    return ZenonzardApp(tutorial=Tutorial(SHIPPED, progress, first), ai_delay=0.0, **kwargs)


def card(app: ZenonzardApp) -> LessonCard | None:
    return app.screen if isinstance(app.screen, LessonCard) else None


def panel(app: ZenonzardApp) -> str:
    """The lesson panel's text (its lines joined: it wraps to the side's width)."""
    return " ".join(str(app.duel.panel.content).split())


def player_to_act(app: ZenonzardApp) -> bool:
    duel = app.duel
    return duel is not None and app.screen is duel and duel.can_act()


async def begin(pilot, app: ZenonzardApp) -> None:
    """Past the lesson's card, to the player's first decision."""
    await wait_until(pilot, lambda: card(app) is not None)
    await pilot.press("enter")
    await wait_until(pilot, lambda: player_to_act(app))


async def play_step(pilot, app: ZenonzardApp) -> None:
    """The player's step, from the keys: at a mulligan, ← to the hand and Enter on each card the
    lesson points at, then Esc to the actions; then Enter on the action the lesson highlights."""
    duel = app.duel
    assert isinstance(duel, TutorialScreen)
    step = duel.lesson_session.next_step
    assert step is not None and step.seat == PLAYER
    listing = duel.query_one("#actions")
    if step.text.startswith("mulligan ") and step.text not in listing.texts:
        await pilot.press("left")  # the Actions list gives the board the focus: the hand
        hand = duel.query_one("#my-hand")
        while hand.pointed:
            target = min(hand.pointed)
            while hand.cursor != target:
                await pilot.press("right")
            await pilot.press("enter")
        await pilot.press("escape")
    assert listing.texts[listing.highlighted] == step.text, "the asked action is highlighted"
    assert f"▶ {step.text}" in panel(app)
    await pilot.press("enter")


async def play_lesson(pilot, app: ZenonzardApp) -> LessonCard:
    """From the lesson's card to its end: its last card."""
    await wait_until(pilot, lambda: card(app) is not None)
    assert not card(app).done
    await pilot.press("enter")
    return await play_lesson_on(pilot, app)


async def play_lesson_on(pilot, app: ZenonzardApp) -> LessonCard:
    """From where the lesson is to its end: its last card."""
    while True:
        await wait_until(pilot, lambda: player_to_act(app) or (card(app) and card(app).done))
        if card(app) is not None:
            return card(app)
        await play_step(pilot, app)


@pytest.mark.parametrize("lesson", SHIPPED, ids=lambda x: x.id)
async def test_each_lesson_is_played_from_its_keys(tmp_path, lesson):
    app = tutorial_app(tmp_path, lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        done = await play_lesson(pilot, app)
        text = screen_text(app)
        assert f"Done: Lesson {lesson.number} of 7 · {lesson.title}" in text
        assert app.duel.lesson_session.texts == [s.text for s in lesson.steps]
    assert load_progress(tmp_path / "tutorial.json").done == {lesson.id}
    assert done.last == (lesson.number == 7)


async def test_the_lesson_card_says_what_it_teaches_with_its_rules(tmp_path):
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: card(app) is not None)
        text = " ".join(screen_text(app).split())
        assert "Lesson 1 of 7 · The mulligan (ZR 5.1, ZR 5.2)" in text
        assert "0 of 7 lessons done" in text and "Enter: begin the lesson" in text
        assert "▶ The mulligan · Mana · Summoning" in text
        assert app.duel.lesson_session.texts == []  # nothing is played behind the card
        assert app.duel.generation == 1  # the game started once (on_mount: Textual calls both)
        await pilot.press("enter")
        await wait_until(pilot, lambda: player_to_act(app))
        text = screen_text(app)
        assert "Send both Exptera back" in text and "tutorial" in text.splitlines()[0]
        assert "▶ mulligan Exptera, Exptera" in panel(app)
        await pilot.press("r")  # the lesson's card again
        await wait_until(pilot, lambda: card(app) is not None)
        await pilot.press("escape")
        await wait_until(pilot, lambda: player_to_act(app))


async def test_a_wrong_action_is_refused_with_the_reason_and_tried_again(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "block"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: card(app) is not None)
        await pilot.press("enter")
        await wait_until(pilot, lambda: player_to_act(app))  # B has attacked; A blocks
        session = app.duel.lesson_session
        played = list(session.texts)
        listing = app.duel.query_one("#actions")
        assert listing.texts[listing.highlighted] == "block Sams - The All-Seeing Commander"
        listing.highlighted = listing.texts.index("block Drill Golem")
        await pilot.press("enter")
        await pilot.pause()
        assert session.texts == played  # refused: nothing was played
        text = panel(app)
        assert "✗ Not 'block Drill Golem': Drill Golem has 300 BP" in text
        assert "equal BP destroys both (ZR 8.5)" in text
        assert any("Not 'block Drill Golem'" in n.message for n in app._notifications)
        listing.highlighted = listing.texts.index("no block")
        await pilot.press("enter")
        await pilot.pause()
        assert session.texts == played
        assert "Not 'no block': Unblocked, Horned Walrus deals its 1 DP" in panel(app)
        listing.highlighted = listing.texts.index("block Sams - The All-Seeing Commander")
        await pilot.press("enter")
        await wait_until(pilot, lambda: card(app) is not None and card(app).done)
        assert session.texts[-1] == "block Sams - The All-Seeing Commander"


async def test_keeping_at_the_mulligan_lesson_is_refused_and_the_hand_stays(tmp_path):
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        await pilot.press("enter")  # "keep", the only action before cards are marked
        await pilot.pause()
        assert app.duel.lesson_session.texts == []
        assert "Not 'keep': Keeping both Exptera" in panel(app)
        assert any("Not 'keep'" in n.message for n in app._notifications)


async def test_the_last_lesson_ends_the_tutorial(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "movement"))
    async with app.run_test(size=(120, 40)) as pilot:
        done = await play_lesson(pilot, app)
        assert done.last
        text = " ".join(screen_text(app).split())
        assert "you win (ZR 1.2)" in text and "The tutorial is over" in text
        assert "Enter or q: leave the tutorial" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: not app.is_running)


async def test_the_next_lesson_follows_and_a_lesson_can_be_played_again(tmp_path):
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_lesson(pilot, app)
        await pilot.press("r")  # this lesson again
        await wait_until(pilot, lambda: card(app) is not None and not card(app).done)
        assert app.duel.lesson.id == "mulligan" and app.duel.lesson_session.texts == []
        await play_lesson(pilot, app)
        await pilot.press("enter")  # the next one
        await wait_until(pilot, lambda: card(app) is not None and not card(app).done)
        assert app.duel.lesson.id == "mana"
        text = " ".join(screen_text(app).split())
        assert "✓ The mulligan · ▶ Mana · Summoning" in text and "1 of 7 lessons done" in text


async def test_one_lesson_card_serves_every_lesson_and_hides_the_board(tmp_path):
    """The key budget (issue 19; bench/tutorial.py): the next lesson's card is the card already
    up, its words rewritten (no screen composed, mounted and removed per card), and it stands on
    a plain background, so the board set up under it is not drawn again, whole, at each change."""
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: card(app) is not None)
        first = card(app)
        assert first.styles.background.a == 1  # (a see-through screen draws the one below)
        widgets = list(first.walk_children())
        done = await play_lesson(pilot, app)
        assert done is first and done.done
        await pilot.press("enter")  # the next lesson
        await wait_until(pilot, lambda: app.duel.lesson.id == "mana")
        assert card(app) is first and not first.done
        assert list(first.walk_children()) == widgets
        text = " ".join(screen_text(app).split())
        assert "Lesson 2 of 7 · Mana" in text and "Enter: begin the lesson" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: player_to_act(app))
        assert app.duel.lesson_session.texts == []  # the lesson begins from its position


async def test_quitting_keeps_the_lessons_done_and_the_tutorial_goes_on_there(tmp_path):
    app = tutorial_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_lesson(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running)
    again = tutorial_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: card(again) is not None)
        assert again.duel.lesson.id == "mana"  # the first lesson not done


async def test_the_main_screen_offers_to_go_on_with_the_tutorial(tmp_path):
    progress = load_progress(tmp_path / "tutorial.json")
    progress.mark(SHIPPED[0])
    progress.mark(SHIPPED[1])
    entry = progress.entry(SHIPPED)
    resume = Resume(tmp_path / "autosaves", tmp_path / "saves", lambda p: None, None, entry, True)
    app = ZenonzardApp(resume=resume, tutorial=Tutorial(SHIPPED, progress), ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        text = " ".join(screen_text(app).split())
        assert "Tutorial: go on with lesson 3 of 7 (Summoning)" in text
        listing = app.screen.query_one("#resume-list")
        assert listing.get_option_at_index(listing.highlighted).id == "tutorial"
        await pilot.press("enter")
        await wait_until(pilot, lambda: card(app) is not None)
        assert isinstance(app.duel, TutorialScreen) and app.duel.lesson.id == "summon"


async def test_save_undo_and_the_coach_are_not_in_a_lesson(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "mana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        duel = app.duel
        for action in ("save", "save_as", "coach", "hint", "new_game"):
            assert not duel.check_action(action, ()), action
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is duel  # no save dialog


# ----------------------------------------------------------------------------------------------
# The command line: `play --tutorial`, and `play`'s first screen


@pytest.fixture
def started(monkeypatch):
    """`zenonzard play ...` up to its app, which is kept instead of run."""
    from zenonzard_tui.cli import play_cmd

    apps: list[ZenonzardApp] = []
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(ZenonzardApp, "run", lambda self, *a, **k: apps.append(self))
    monkeypatch.setattr(ZenonzardApp, "return_code", 0, raising=False)
    return apps


def _progress(*ids: str):
    from zenonzard_tui.tutorial import progress_path

    progress = load_progress(progress_path())
    for lesson_id in ids:
        progress.mark(find_lesson(SHIPPED, lesson_id))
    return progress


def test_play_tutorial_opens_the_lesson_named_or_the_first_not_done(own_folders, started):
    from zenonzard_tui.cli import main

    _progress("mulligan")
    assert main(["play", "--tutorial", "block"]) == 0
    assert started[-1].tutorial.first.id == "block" and started[-1].resume is None
    assert main(["play", "--tutorial"]) == 0
    tutorial = started[-1].tutorial
    assert tutorial.first is None and tutorial.progress.next_lesson(tutorial.lessons).id == "mana"


def test_play_starts_on_the_main_screen_while_the_tutorial_is_under_way(own_folders, started):
    from zenonzard_tui.cli import main

    assert main(["play"]) == 0
    assert started[-1].resume is None  # nothing begun: a game at once
    _progress("mulligan", "mana")
    assert main(["play"]) == 0
    resume = started[-1].resume
    assert resume is not None and resume.tutorial_under_way
    assert resume.tutorial == "Tutorial: go on with lesson 3 of 7 (Summoning)"
    assert main(["play", "--deck", "red-rush"]) == 0  # a game the command line names
    assert started[-1].resume is None


def test_after_the_tutorial_it_says_how_far_it_is(own_folders, capsys):
    from zenonzard_tui.cli.play_cmd import _farewell
    from zenonzard_tui.client.lesson import LessonSession
    from zenonzard_tui.client.settings import Settings

    progress = _progress("mulligan")
    session = LessonSession(SHIPPED[1], Settings())
    _farewell(session, Tutorial(SHIPPED, progress))
    assert capsys.readouterr().out == (
        "Tutorial: 1 of 7 lessons done.\nGo on with: zenonzard play --tutorial\n"
    )


async def test_a_new_player_is_told_of_the_tutorial_once(tmp_path):
    from tests.client.helpers import app as duel_app
    from tests.client.helpers import human_to_act, session

    for done, told in (((), True), (("mulligan",), False)):
        progress = load_progress(tmp_path / f"{len(done)}.json")
        for lesson_id in done:
            progress.mark(find_lesson(SHIPPED, lesson_id))
        app = duel_app(session(first="A"), tutorial=Tutorial(SHIPPED, progress))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda app=app: human_to_act(app))
            said = [n.message for n in app._notifications if n.title == "Tutorial"]
            assert bool(said) == told
            if told:
                assert "run zenonzard play --tutorial" in said[0]


async def test_in_a_browser_the_note_points_to_the_start_page(tmp_path):
    """Served (`zenonzard serve`), no one can run a command: the note says where the tutorial is
    there (the start page comes first: test_play_cli)."""
    from tests.client.helpers import app as duel_app
    from tests.client.helpers import human_to_act, session

    progress = load_progress(tmp_path / "progress.json")
    app = duel_app(session(first="A"), tutorial=Tutorial(SHIPPED, progress), saves_by_name=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(app))
        [said] = [n.message for n in app._notifications if n.title == "Tutorial"]
        assert "reload this page and choose Tutorial" in said and "zenonzard play" not in said


async def test_undo_in_a_lesson_takes_back_the_step_and_the_lessons_answers(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "attack"))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        await play_step(pilot, app)  # the attack on Force of Fusion, and B's answers
        session = app.duel.lesson_session
        await wait_until(pilot, lambda: player_to_act(app) and session.done == 5)
        assert session.next_step.text == "attack Sawblade Golem -> player"
        await pilot.press("u")
        await wait_until(pilot, lambda: player_to_act(app) and app.duel.lesson_session.done == 0)
        assert "▶ attack Drill Golem -> Force of Fusion" in panel(app)
        listing = app.duel.query_one("#actions")
        assert listing.texts[listing.highlighted] == "attack Drill Golem -> Force of Fusion"
        done = await play_lesson_on(pilot, app)
        assert done.done and app.duel.lesson_session.finished


async def test_t_on_the_main_screen_opens_the_tutorial(tmp_path):
    progress = load_progress(tmp_path / "tutorial.json")
    entry = progress.entry(SHIPPED)
    assert entry == "Tutorial: learn to play, 7 short lessons (a few minutes)"
    resume = Resume(tmp_path / "autosaves", tmp_path / "saves", lambda p: None, None, entry)
    app = ZenonzardApp(resume=resume, tutorial=Tutorial(SHIPPED, progress), ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        assert "t Tutorial" in screen_text(app)
        await pilot.press("t")
        await wait_until(pilot, lambda: card(app) is not None)
        assert app.duel.lesson.id == "mulligan"


async def test_the_help_in_the_tutorial_says_its_keys_first(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "mana"))
    async with app.run_test(size=(120, 40)) as pilot:
        await begin(pilot, app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: "The tutorial (a lesson at a time" in screen_text(app))
        text = screen_text(app)
        assert "r               the lesson's card again" in text
        assert text.index("The tutorial (a lesson") < text.index("Playing")


async def test_a_long_action_list_wraps_to_the_width_its_scrollbar_leaves(tmp_path):
    """At 80x24 the attack lesson's eleven actions need a scrollbar: the options are wrapped to
    the width left beside it, so a wrapped action's second line is indented under its first
    (the list wrapped them for the width without the scrollbar, and Textual cut them again)."""
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "attack"))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        await pilot.pause()
        listing = app.duel.query_one("#actions")
        assert listing.show_vertical_scrollbar
        assert listing._width == listing.scrollable_content_region.width
        side = [line.split("▊", 1)[1] for line in screen_text(app).splitlines() if "▊" in line]
        start = next(i for i, line in enumerate(side) if line.lstrip().startswith("1 "))
        pad = len(side[start]) - len(side[start].lstrip())  # the list's own left edge
        shown = [
            line[pad:] for line in side[start : start + listing.scrollable_content_region.height]
        ]
        assert all(line[:1].isdigit() or line.startswith("  ") for line in shown), shown


# ----------------------------------------------------------------------------------------------
# Leaving a lesson, its help and its card mid-lesson


def notes(app: ZenonzardApp) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize("lesson_id", ["mana", "summon", "attack"])
async def test_G_in_a_lesson_concedes_nothing_and_says_how_to_leave(tmp_path, lesson_id):
    """A lesson is no game to give up: G (and Ctrl+P) offer no concession, whose dialog says the
    game goes into the history (a lesson keeps none); G says how to leave or begin again."""
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, lesson_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        duel = app.duel
        await pilot.press("G")
        await pilot.pause()
        assert app.screen is duel  # no "Concede this game?" dialog
        assert any("q leaves the tutorial" in n and "r " in n for n in notes(app)), notes(app)
        assert duel.can_concede() is None
        assert "Concede" not in [c.title for c in app.get_system_commands(duel)]
        assert duel.lesson_session.texts == [] and not duel.over
    assert load_progress(tmp_path / "tutorial.json").done == set()


async def test_a_lesson_whose_game_is_given_up_is_not_done(tmp_path):
    """However its game ends without the script played (a concession, by any way there is), the
    lesson is not done: the progress is unchanged, its card says it was left, and it begins again
    (the bug: the one step of lessons 2 and 3 was counted as played by "A concedes")."""
    summon = find_lesson(SHIPPED, "summon")
    app = tutorial_app(tmp_path, summon)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        app.duel.desks[PLAYER].channel.concede()
        await wait_until(pilot, lambda: card(app) is not None)
        text = " ".join(screen_text(app).split())
        assert not card(app).done and "Done:" not in text
        assert "Left: Lesson 3 of 7 · Summoning" in text and "not done" in text
        assert "0 of 7 lessons done" in text
        assert "Lesson done" not in panel(app)
        assert not app.duel.lesson_session.finished and app.duel.lesson_session.left
        assert not (tmp_path / "tutorial.json").exists()
        await pilot.press("enter")  # the lesson again, from its card
        await wait_until(pilot, lambda: card(app) is not None and card(app).kind == "intro")
        assert app.duel.lesson_session.texts == []
        done = await play_lesson(pilot, app)
        assert done.done
    assert load_progress(tmp_path / "tutorial.json").done == {"summon"}
    again = tutorial_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: card(again) is not None)
        assert again.duel.lesson.id == "mulligan"


async def test_the_help_in_a_lesson_lists_only_the_keys_that_work_there(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "mana"))
    async with app.run_test(size=(120, 40)) as pilot:
        await begin(pilot, app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: "The tutorial (a lesson at a time" in screen_text(app))
        help_text = app.screen.query_one("#help-text").render()
        text = str(help_text)
        assert "Playing" in text and "The board" in text  # the duel's own keys are there
        for line in ("s               save", "auto-pass: a decision", "the coach, what"):
            assert line not in text, line
        for key in ("S", "a", "n", "i", "c", "w", "G"):
            assert not any(row.startswith(f"  {key} ") for row in text.splitlines()), key
        assert "u               take back" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: player_to_act(app))


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("s", "A lesson is not saved"),
        ("S", "A lesson is not saved"),
        ("a", "answers itself"),
        ("c", "No coach"),
        ("i", "No coach"),
        ("n", "r shows the lesson's card"),
    ],
)
async def test_a_key_of_the_duel_that_does_nothing_in_a_lesson_says_why(tmp_path, key, said):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "mana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is app.duel  # no save dialog, nothing played
        assert any(said in n for n in notes(app)), notes(app)
        assert app.duel.lesson_session.texts == []


async def test_r_mid_lesson_shows_its_card_to_go_back_to_or_begin_again(tmp_path):
    app = tutorial_app(tmp_path, find_lesson(SHIPPED, "attack"))
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, app)
        await play_step(pilot, app)
        session = app.duel.lesson_session
        await wait_until(pilot, lambda: player_to_act(app) and session.done == 5)
        await pilot.press("r")
        await wait_until(pilot, lambda: card(app) is not None)
        text = " ".join(screen_text(app).split())
        assert "Lesson 4 of 7 · Attacking" in text
        assert "Enter: back to the lesson" in text and "begin the lesson" not in text
        assert "r: begin again" in text and "q: leave the" in text
        assert "▶ Attacking" in text and "0 of 7 lessons done" in text  # the lessons' list
        await pilot.press("enter")  # back: the lesson goes on where it was
        await wait_until(pilot, lambda: player_to_act(app))
        assert app.duel.lesson_session is session and session.done == 5
        await pilot.press("r")
        await wait_until(pilot, lambda: card(app) is not None)
        await pilot.press("r")  # begin it again: its first card, from its position
        await wait_until(pilot, lambda: card(app) is not None and card(app).kind == "intro")
        assert app.duel.lesson_session.texts == []
        assert "Enter: begin the lesson" in " ".join(screen_text(app).split())
        done = await play_lesson(pilot, app)
        assert done.done
    assert load_progress(tmp_path / "tutorial.json").done == {"attack"}
