"""The chess clock (zenonzard_tui/clock.py) and a table's loss on time (Termination.TIME)."""

from __future__ import annotations

import pytest

from zenonzard_tui.clock import ChessClock, ClockSetting, ClockView, clock_text
from zenonzard_tui.decks import find_deck, load_deck
from zenonzard_tui.engine.outcome import Termination
from zenonzard_tui.engine.save import load_record
from zenonzard_tui.table import Table, deal


class Hands:
    """A clock's `now` that a test moves by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_the_time_runs_for_the_seat_that_decides_and_the_increment_comes_at_the_hand_over():
    now = Hands()
    clock = ChessClock(ClockSetting(1, 5), now=now)
    clock.run_for(0)
    now.t += 20
    assert clock.left(0) == 40 and clock.left(1) == 60
    clock.run_for(0)  # A decides again: no increment, the time goes on running
    now.t += 10
    clock.run_for(1)  # A hands over: +5 s
    assert clock.left(0) == 35
    now.t += 61
    assert clock.left(1) == 0 and clock.flagged() == 1
    assert clock.view() == ClockView((35, 0), 1, ClockSetting(1, 5))


def test_an_untimed_seat_never_runs():
    now = Hands()
    clock = ChessClock(ClockSetting(2), timed=(1,), now=now)
    clock.run_for(0)  # the AI decides: no time runs
    now.t += 500
    assert clock.left(0) is None and clock.flagged() is None and clock.until_flag() is None
    clock.run_for(1)
    now.t += 30
    assert clock.left(1) == 90


def test_settings_are_read_and_refused_with_a_reason():
    assert ClockSetting.parse("10") == ClockSetting(10, 0)
    assert (
        ClockSetting.parse(" 3+2 ").spec() == "3+2" and ClockSetting(3, 2).words() == "3 min + 2 s"
    )
    for bad in ("", "ten", "10+x", "0", "-1", "nan", "601", "5+601"):
        with pytest.raises(ValueError):
            ClockSetting.parse(bad)
    assert [clock_text(t) for t in (7.44, 62, 3723)] == ["7.4", "1:02", "1:02:03"]


def test_a_table_ends_the_game_on_time_and_its_save_replays_the_loss():
    now = Hands()
    table = Table(deal(load_deck(find_deck("red-rush")), load_deck(find_deck("blue-tides")), 7))
    table.set_clock(ChessClock(ClockSetting(1), now=now))
    seat = table.deciding
    assert table.channel(seat).clock().running == seat
    assert not table.check_clock()
    now.t += 61
    assert table.check_clock()
    outcome = table.game.outcome
    assert outcome.termination is Termination.TIME and outcome.winner == 1 - seat
    assert table.texts[-1] == f"{'AB'[seat]} runs out of time"
    assert "ran out of time (loss on time)" in table.view(0).log[-1]
    assert table.channel(0).clock().running is None  # the game is over: no time runs
    again = load_record(table.record(), "test")
    assert again.outcome.termination is Termination.TIME and again.outcome.winner == 1 - seat
