"""The coach (ai/coach.py): a suggestion with a one-line reason, never from hidden cards."""

from __future__ import annotations

import pytest

from tests.test_ai import DECKS, _midgame, _variant
from zenonzard_tui.ai.coach import interval, suggest
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import load_scenario


def test_a_forced_win_is_suggested_with_its_line():
    game = load_scenario(PUZZLES / "one-blow.toml").new_game()
    advice = suggest(game)
    assert advice.action.text == "attack Drill Golem -> player"
    assert advice.reason.startswith("wins this turn whatever the opponent does")
    assert advice.text.startswith("attack Drill Golem -> player: wins this turn")


def test_a_forced_win_is_shown_whole():
    """Issue 21: the line of a forced win is shown to its last step, not cut after six (the
    seventeen steps of two-short: three attacks, a Magic, a summon, and B's answers)."""
    game = load_scenario(PUZZLES / "two-short.toml").new_game()
    advice = suggest(game)
    steps = advice.reason.removeprefix("wins this turn whatever the opponent does: ").split(" | ")
    assert steps[0] == advice.action.text and len(steps) > 6
    assert len(steps) > 6 and steps[-1] == "no block"  # B's last answer: the blow that wins


@pytest.mark.parametrize("seed", range(3))
def test_a_suggestion_is_legal_has_a_reason_and_ignores_hidden_cards(seed):
    game = _midgame(seed, 30 + 7 * seed)
    seat = game.pending.seat
    advice = suggest(game, seed=seed, budget=0.2)
    assert advice.action in game.legal() and advice.reason
    other = suggest(_variant(game, seat, 9), seed=seed, budget=0.2)
    assert other.action.key() == advice.action.key() and other.reason == advice.reason


def test_mulligan_advice():
    deck = load_deck(DECKS[0])
    game = new_game(deck, deck, seed=4)
    assert game.pending.kind == "mulligan"
    advice = suggest(game)
    assert advice.action in game.legal()
    assert "Base Minion" in advice.reason and "in hand" in advice.reason


def test_a_guess_is_called_a_guess():
    """Few tries or a wide interval: the reason says plainly that the figure is a guess and how
    wide the chance may be, not "22% win"; enough tries: the figure."""
    from zenonzard_tui.ai.coach import search_reason, sure

    assert not sure(0.22, 9) and not sure(0.72, 30)  # 30 tries: 54% to 85%, too wide
    assert sure(0.64, 180)
    low, high = interval(0.22, 9)
    assert low < 0.22 < high and high - low > 0.4
    reason = search_reason(0.22, 9, 40)
    assert reason.startswith("a guess") and "22% win" not in reason
    assert f"{round(100 * low)}% to {round(100 * high)}%" in reason and "9 of 40 tries" in reason
    assert (
        search_reason(0.64, 180, 300) == "64% win in search, the most tried move (180 of 300 tries)"
    )


def test_the_reason_names_the_move_weighed_against_it():
    """The move the search tried next, with its figure, or "a guess" when it was tried too few
    times; a search that tried one move only names none."""
    from zenonzard_tui.ai.coach import search_reason

    assert search_reason(0.64, 180, 300, ("end turn", 90, 0.41)) == (
        "64% win in search, the most tried move (180 of 300 tries); next best: end turn (41%, 90"
        " tries)"
    )
    assert search_reason(0.64, 180, 300, ("end turn", 5, 0.9)).endswith(
        "next best: end turn (a guess, 5 tries)"
    )
    game = _midgame(1, 33)  # a Flash window: pass, or cast Surprise Attack
    advice = suggest(game, seed=1, budget=0.3)
    assert advice.win is not None  # the search was asked (not a forced win, not the only move)
    other = advice.reason.split("; next best: ")[1].rsplit(" (", 1)[0]
    assert other in {a.text for a in game.legal()} and other != advice.action.text


def test_one_base_minion_is_said_in_the_singular():
    from tests.client.helpers import session

    advice = suggest(session(seed=8).channel(0).world())
    assert advice.action.text.startswith("mulligan ")
    assert advice.reason.startswith("1 Base Minion in hand:")


def _watch_position(**changes):
    """tests/ai/positions/coach-watch.toml, with `changes` made to B (life, field, base, trash)."""
    from pathlib import Path

    game = load_scenario(Path(__file__).parent / "positions" / "coach-watch.toml").new_game()
    b = game.players[1]
    for zone, keep in changes.items():
        setattr(b, zone, getattr(b, zone)[:keep])
    return game


def test_the_coach_names_the_threat_and_the_trick_the_opponent_may_hold():
    """Issue 21: a reason a player can use beside the figure. B's two minions carry 2 DP against
    A's 2 life next turn; B has played Controlling Current and keeps the blue mana for another."""
    from zenonzard_tui.ai.coach import watch

    game = _watch_position()
    assert watch(game, 0) == [
        "threat: 2 DP on the opponent's field, your life 2",
        "the opponent may hold another Controlling Current (played before, payable this turn)",
    ]
    advice = suggest(game, seed=1, budget=0.2)
    assert advice.reason.endswith("(played before, payable this turn)")
    assert "; threat: 2 DP on the opponent's field, your life 2;" in advice.reason


def test_no_threat_below_lethal_and_no_trick_the_opponent_cannot_pay_for():
    from zenonzard_tui.ai.coach import watch

    game = _watch_position(field=1)  # one Walrus: 1 DP against 2 life
    assert not any(n.startswith("threat") for n in watch(game, 0))
    # no Active mana: Controlling Current (1 for B, Force of Insight) is still in reach, since
    # destroying B's Force puts a Base Minion into its base Active (ZR 2.6) ...
    game = _watch_position(base=0)
    assert "another Controlling Current" in watch(game, 0)[-1]
    # ... but with that Force already destroyed no mana comes, and the card costs 2 again (ZR
    # 2.5): what is said is that B has no Active mana
    game.players[1].forces[0].destroyed = True
    assert watch(game, 0)[-1] == "the opponent has no Active mana now"
    game = _watch_position(base=0, trash=0)
    assert watch(game, 0)[-1] == (
        "the opponent has no Active mana now: destroying one of its Forces would give it one (ZR 2.6)"
    )
    game = _watch_position(trash=0)  # nothing played before, mana Active: nothing to say of tricks
    assert watch(game, 0) == ["threat: 2 DP on the opponent's field, your life 2"]


def test_the_notes_read_no_hidden_card():
    """B's unseen hand changed (the seat cannot tell): the same notes."""
    from zenonzard_tui.ai.coach import watch

    game = _watch_position()
    assert watch(_variant(game, 0, 3), 0) == watch(game, 0)


def test_the_chance_is_said_against_the_level_played():
    """Issue 21: the search's figure is recalibrated for the AI level the player faces
    (CALIBRATION, fitted by bench/coach.py): against strong the search's 64% is lower, said
    beside it; a level without a calibration, or none given, keeps the search's figure."""
    from zenonzard_tui.ai.coach import CALIBRATION, calibrated, search_reason

    assert "strong" in CALIBRATION
    shown = calibrated(0.64, "strong")
    assert shown < 0.64
    assert search_reason(0.64, 180, 300, ("end turn", 90, 0.41), "strong") == (
        f"{round(100 * shown)}% win against strong (64% in search), the most tried move (180 of"
        f" 300 tries); next best: end turn ({round(100 * calibrated(0.41, 'strong'))}%, 90 tries)"
    )
    assert calibrated(0.64, None) == 0.64 and calibrated(0.64, "nobody") == 0.64
    assert search_reason(0.64, 180, 300, against="nobody").startswith("64% win in search")
    for level in CALIBRATION:  # a higher figure in search stays higher
        chances = [calibrated(p / 20, level) for p in range(21)]
        assert chances == sorted(chances) and chances[0] >= 0 and chances[-1] <= 1
    low, high = interval(0.22, 9)
    guess = search_reason(0.22, 9, 40, against="strong")
    shown_low, shown_high = calibrated(low, "strong"), calibrated(high, "strong")
    assert guess.endswith(
        f"anywhere from {round(100 * shown_low)}% to {round(100 * shown_high)}% against strong"
    )
