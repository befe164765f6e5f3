"""The replay viewer (client/screens/replay.py): the duel's board (the same widgets), from A's
view, B's or a spectator's, built only from each step's channels; what changed at a step is
highlighted; its keys work at every size (issue 19, section 4)."""

from __future__ import annotations

import re

import pytest

from tests.client.helpers import screen_text, session, wait_until
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.screens.replay import ReplayScreen
from zenonzard_tui.client.widgets.logview import LogView
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.table import Replay

SIZES = [(80, 24), (120, 40)]


def finished(seed: int = 5):
    """A whole game of Red Rush (A) against Blue Tides (B), the first legal action each time."""
    sess = session(first="A", seed=seed)
    while not sess.over:
        sess.apply(sess.channel(sess.deciding).legal()[0])
    return sess


@pytest.fixture(scope="module")
def game():
    return finished()


async def open_viewer(pilot, app, sess, **kwargs) -> ReplayScreen:
    viewer = ReplayScreen(sess, "Red Rush vs Blue Tides", **kwargs)
    app.push_screen(viewer)
    await wait_until(pilot, lambda: app.screen is viewer)
    await pilot.pause()
    return viewer


def zone(viewer: ReplayScreen, name: str) -> ZoneView:
    return viewer.query_one(f"#{name}", ZoneView)


def names(viewer: ReplayScreen, name: str) -> list[str]:
    return [chip.name for chip in zone(viewer, name).chips]


def first_step(sess, test) -> int:
    """The first step (1...) at which `test(before, after)` holds for A's observations."""
    replay = Replay(sess)
    for step in range(1, len(replay)):
        was = replay.channel(step - 1, 0).observation()
        now = replay.channel(step, 0).observation()
        if test(was, now):
            return step
    raise AssertionError("no such step in the game")


@pytest.mark.parametrize("size", SIZES)
async def test_home_end_pageup_pagedown_step_through_at_every_size(game, size):
    """At 80x24 the old viewer's scrolled body took Home, End, PgUp and PgDn."""
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=size) as pilot:
        viewer = await open_viewer(pilot, app, game)
        last = len(game.texts)
        assert viewer.step == last
        await pilot.press("home")
        assert viewer.step == 0
        await pilot.press("pagedown", "pagedown")
        assert viewer.step == 20
        await pilot.press("pageup")
        assert viewer.step == 10
        await pilot.press("right", "left", "left")
        assert viewer.step == 9
        await pilot.press("end")
        assert viewer.step == last
        await pilot.press("pagedown", "right")  # the end stays the end
        assert viewer.step == last
        head = viewer.query_one("#replay-head").render()
        assert f"step {last}/{last}" in str(head)


async def test_the_board_is_the_duels_widgets_from_a_seats_channel(game):
    """Mid-game from A's view: A's hand and board as A's channel gives them, B's hand only a
    count, the log as A read it (B's draws not named)."""
    app = ZenonzardApp(game, ai_delay=0.0)
    replay = Replay(game)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        await pilot.press("home", *["right"] * 12)
        mine = replay.channel(12, 0).observation()
        assert names(viewer, "my-hand") == [c.name for c in mine.players[0].hand]
        assert names(viewer, "opp-field") == [m.name for m in mine.players[1].field]
        assert names(viewer, "my-base") == [m.name for m in mine.players[0].base]
        assert len(names(viewer, "my-forces")) == 2
        assert not zone(viewer, "opp-hand").display and names(viewer, "opp-hand") == []
        log = viewer.query_one("#log", LogView).lines
        assert log == list(mine.log)
        assert "B draws a card." in log
        assert not [line for line in log if re.match(r"B draws (?!a card)", line)]
        text = screen_text(app)
        assert f"Hand {mine.players[1].hand_size}" in text and "A's view" in text


async def test_no_view_shows_a_hand_its_seat_could_not_see(game):
    """At every step of the game (before its end), B's view shows no card of A's hand that A
    holds then, unless B can see it elsewhere; the spectator's shows no hand at all."""
    replay = Replay(game)
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game, seat=1)
        await pilot.press("home")
        for step in range(0, len(replay) - 1, 7):
            viewer.go(step)
            await pilot.pause()
            b = replay.channel(step, 1).observation()
            assert names(viewer, "opp-hand") == []  # A's hand: not B's to see
            assert names(viewer, "my-hand") == [c.name for c in b.players[1].hand]
            assert viewer.query_one("#log", LogView).lines == list(b.log)
        await pilot.press("v")  # the spectator's view
        assert viewer.seat is None
        for step in range(0, len(replay) - 1, 9):
            viewer.go(step)
            await pilot.pause()
            assert names(viewer, "my-hand") == [] and names(viewer, "opp-hand") == []
            seen = replay.channel(step, None).observation()
            assert viewer.query_one("#log", LogView).lines == list(seen.log)
        assert "hidden from this view" in screen_text(app)


async def test_the_view_key_goes_from_a_to_b_to_the_spectator(game):
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        views = []
        for _ in range(3):
            views.append(viewer.seat)
            await pilot.press("v")
        assert views == [0, 1, None] and viewer.seat == 0
        await pilot.press("tab")  # the old key for it still works
        assert viewer.seat == 1
        assert "B's view" in str(viewer.query_one("#replay-head").render())


async def test_what_a_step_changed_is_highlighted(game):
    """A minion that arrives at a step: highlighted and "✦new"; a Force that lost life: "✦-N";
    the step's battle or damage in the line between the fields."""
    summoned = first_step(
        game, lambda was, now: len(now.players[0].field) > len(was.players[0].field)
    )
    hit = first_step(
        game,
        lambda was, now: any(
            f1.life < f0.life
            for f0, f1 in zip(was.players[1].forces, now.players[1].forces, strict=True)
        ),
    )
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        viewer.go(summoned)
        await pilot.pause()
        chips = zone(viewer, "my-field").chips
        fresh = [c for c in chips if c.flash]
        assert fresh and all("✦new" in c.text.plain for c in fresh)
        await pilot.press("right")  # the next step: that minion is no longer news
        assert not any("✦new" in c.text.plain for c in zone(viewer, "my-field").chips)
        viewer.go(hit)
        await pilot.pause()
        forces = [c for c in zone(viewer, "opp-forces").chips if c.flash]
        assert forces and re.search(r"✦-\d", forces[0].text.plain)
        middle = viewer.query_one("#attack")
        assert middle.has_class("result") and "damage" in middle.render().plain


async def test_at_the_end_both_hands_and_the_match_in_figures(game):
    app = ZenonzardApp(game, ai_delay=0.0)
    replay = Replay(game)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        end = len(replay) - 1
        for seat in (0, 1):
            hand = replay.channel(end, seat).observation().players[seat].hand
            side = "my" if seat == 0 else "opp"
            assert names(viewer, f"{side}-hand") == [c.name for c in hand]
        assert zone(viewer, "opp-hand").display
        summary = viewer.query_one("#replay-summary")
        assert summary.display and "wins" in str(summary.render())
        await pilot.press("left")  # not over any more: the log comes back
        assert not summary.display and viewer.query_one("#log").display


async def test_the_turn_keys_go_to_a_turns_first_step(game):
    replay = Replay(game)
    turns = [replay.channel(n, 0).observation().turn for n in range(len(replay))]
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        await pilot.press("home", "right_square_bracket")
        first = viewer.step
        assert turns[first] != turns[0] and turns[first - 1] == turns[0]
        await pilot.press("right_square_bracket")
        assert turns[viewer.step] == turns[first] + 1 and turns[viewer.step - 1] == turns[first]
        await pilot.press("right", "left_square_bracket")  # back to this turn's start
        assert turns[viewer.step] == turns[first] + 1 and turns[viewer.step - 1] != turns[first] + 1
        await pilot.press("left_square_bracket")  # and to the one before
        assert viewer.step == first


async def test_a_click_on_a_card_shows_its_text(game):
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game)
        hand = zone(viewer, "my-hand")
        assert hand.chips
        await pilot.click(hand, offset=(8, 0))
        await pilot.pause()
        shown = str(viewer.query_one("#details").render())
        assert hand.chips[0].name in shown and viewer.step == len(game.texts)
        assert app.focused is None  # the keys stay the viewer's


class FakeApp:
    return_code = 0

    def __init__(self, session, seat):
        self.session, self.seat, self.ran = session, seat, False

    def run(self):
        self.ran = True


@pytest.mark.parametrize("argv", [[], ["--seat", "B"], ["--print"]])
def test_zenonzard_replay_opens_the_viewer_in_a_terminal(game, tmp_path, monkeypatch, capsys, argv):
    """In a terminal, `zenonzard replay SAVE` opens the viewer (from --seat's view); --print
    prints the log there too (as it does when stdout is not a terminal: the tests' case)."""
    from zenonzard_tui.cli import main as cli_main
    from zenonzard_tui.cli import play_cmd, replay_cmd

    path = game.save(tmp_path / "game.json")
    made: list[FakeApp] = []
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(
        replay_cmd, "viewer_app", lambda s, seat: made.append(FakeApp(s, seat)) or made[-1]
    )
    assert cli_main(["replay", str(path), *argv]) == 0
    out = capsys.readouterr().out
    if "--print" in argv:
        assert not made and "A wins" in out
    else:
        assert made[0].ran and made[0].session.texts == game.texts and out == ""
        assert made[0].seat == ("B" if argv else None)


@pytest.mark.parametrize(("seat", "view"), [(None, 0), ("B", 1), ("spectator", None)])
async def test_the_replay_commands_viewer_starts_from_its_view_and_q_ends_it(
    game, tmp_path, seat, view
):
    from zenonzard_tui.cli.replay_cmd import viewer_app
    from zenonzard_tui.client.session import load_session

    app = viewer_app(load_session(game.save(tmp_path / "game.json")), seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.seat == view
        assert "Red Rush vs Blue Tides" in screen_text(app)
        await pilot.press("home", "right", "q")
        await pilot.pause()
        assert app.return_code == 0  # the viewer closed: the app ended


async def test_a_concession_is_told_as_its_own_words_not_as_the_deciding_seats():
    """B concedes while A decides: the side panel says "B concedes", not "A: B concedes"."""
    sess = session(first="A", seed=5)
    for _ in range(12):
        sess.apply(sess.channel(sess.deciding).legal()[0])
    assert sess.deciding == 0
    sess.concede(1)
    assert sess.over and sess.texts[-1] == "B concedes"
    app = ZenonzardApp(sess, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, sess)
        said = str(viewer.query_one("#step-text").render())
        assert "B concedes" in said and "A: B concedes" not in said, said
        await pilot.press("left")
        said = str(viewer.query_one("#step-text").render())
        assert re.search(r"\b[AB]: ", said), said  # a move made in its turn names its seat


async def test_a_hand_card_shows_the_cost_its_seat_would_pay_then(game):
    """Blue Tides' Force of Insight makes Magic cost less: the replay shows the cost as the seat
    saw it in the game ("Tidal Wave 1*"), not the printed one (it showed "Tidal Wave 3")."""
    replay = Replay(game)
    found = None
    for step in range(len(replay) - 1):
        hand = replay.channel(step, 1).observation().players[1].hand or ()
        cheaper = [c for c in hand if c.cost is not None and c.cost != game.catalog[c.id].cost]
        if cheaper:
            found = step, cheaper[0]
            break
    assert found is not None  # the game holds such a step, or the test means nothing
    step, card = found
    app = ZenonzardApp(game, ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, game, seat=1)
        viewer.go(step)
        await pilot.pause()
        shown = [chip.text.plain for chip in zone(viewer, "my-hand").chips]
        assert any(f"{card.name} {card.cost}*" in text for text in shown), shown


# ----------------------------------------------------------------------------------------------
# A game that goes on (an autosave opened with `replay`): no hand its players may not see (a
# saves audit: `v` showed the AI's hand, and a hotseat player's to the other, mid-game)


def going_on(mode: str):
    sess = session(first="A", seed=5, mode=mode)
    for _ in range(12):
        sess.apply(sess.channel(sess.deciding).legal()[0])
    assert not sess.over
    return sess


@pytest.mark.parametrize(("mode", "views"), [("ai", [0, None, 0]), ("hotseat", [None, None])])
async def test_the_view_key_shows_no_hand_a_game_that_goes_on_hides(mode, views):
    sess = going_on(mode)
    app = ZenonzardApp(finished(), ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await open_viewer(pilot, app, sess)
        seen = [viewer.seat]
        for _ in views[1:]:
            await pilot.press("v")
            seen.append(viewer.seat)
        assert seen == views
        if mode == "hotseat":
            assert any("spectator's view only" in n.message for n in app._notifications)
        assert "B's view" not in str(viewer.query_one("#replay-head").render())


def test_the_replay_command_prints_a_game_that_goes_on_from_the_players_view(tmp_path, capsys):
    from zenonzard_tui.cli import main as cli_main
    from zenonzard_tui.cli.replay_cmd import print_log

    sess = going_on("ai")
    path = sess.save(tmp_path / "going-on.json")
    for seat in ("B", "all"):
        assert cli_main(["replay", "--print", "--seat", seat, str(path)]) == 2
        assert "the game goes on: its replay shows A or spectator" in capsys.readouterr().err
    assert cli_main(["replay", "--print", str(path)]) == 0
    printed = capsys.readouterr().out
    print_log(sess, "A")
    assert printed == capsys.readouterr().out  # A's view, not every card of both hands
    print_log(sess, "all")
    assert printed != capsys.readouterr().out
