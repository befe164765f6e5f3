"""The score's Wilson interval and the tally of a match (zenonzard_tui/sim/tally.py)."""

from __future__ import annotations

import pytest

from zenonzard_tui.sim.tally import wilson


@pytest.mark.parametrize("games", [1, 5, 20, 100, 1000])
def test_the_interval_at_no_win_starts_at_0_and_at_all_wins_ends_at_1(games):
    low, high = wilson(0, games)
    assert low == 0 and 0 < high < 1
    low, high = wilson(games, games)
    assert high == 1 and 0 < low < 1
    # the two ends mirror each other
    assert wilson(0, games)[1] == pytest.approx(1 - wilson(games, games)[0])


def test_the_interval_is_within_0_and_1_contains_the_share_and_narrows_with_games():
    widths = []
    for games in (4, 40, 400, 4000):
        for score in (0, 0.5, games / 4, games / 2, games - 0.5, games):
            low, high = wilson(score, games)
            assert 0 <= low <= score / games <= high <= 1
        low, high = wilson(games / 2, games)
        widths.append(high - low)
    assert widths == sorted(widths, reverse=True)


def test_known_values_and_no_games():
    # 8 wins in 10 games: the textbook Wilson interval 0.490-0.943
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert wilson(0, 0) == (0.0, 1.0)
