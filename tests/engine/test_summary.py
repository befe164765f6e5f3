"""The match summary: figures read from the log, checked against games whose figures are known."""

from __future__ import annotations

import random
from pathlib import Path

from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.outcome import Termination
from zenonzard_tui.engine.summary import sparkline, summarize

DECKS = Path(__file__).resolve().parents[2] / "decks"


def decks():
    return load_deck(DECKS / "red-rush.deck"), load_deck(DECKS / "blue-tides.deck")


def played(seed: int):
    game = new_game(*decks(), seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_summary_agrees_with_the_final_state_of_random_games():
    for seed in range(8):
        game = played(seed)
        s = summarize(game)
        assert s.outcome == game.outcome and s.turns == game.turn
        actions = [[0, 0, 0], [0, 0, 0]]  # summons, casts, mana, counted from the actions taken
        again = new_game(*decks(), seed)
        for action in game.history:
            seat = again.pending.seat
            kinds = ("summon", "cast", ("mana", "mana_colorless"))
            for i, kind in enumerate(kinds):
                if action.kind in (kind if isinstance(kind, tuple) else (kind,)):
                    actions[seat][i] += 1
            again.apply(action)
        actions = [tuple(a) for a in actions]
        for seat in (0, 1):
            p = game.players[seat]
            start = 12 - sum(f.force.life for f in p.forces)
            assert s.life[seat][0] == start and s.life[seat][-1] == p.life
            assert len(s.life[seat]) == game.turn + 1
            side = s.sides[seat]
            assert side.damage_taken >= start - p.life  # healing can only add back
            assert sorted(side.forces_lost) == sorted(f.force.name for f in p.forces if f.destroyed)
            assert (side.summoned, side.cast, side.mana_played) == actions[seat]
        text = "\n".join(s.lines(("Red", "Blue")))
        assert f"Turns: {game.turn}" in text and "\nRed " in text and "\nBlue " in text


def test_a_life_win_names_its_termination_and_the_lead_changes_are_turns():
    game = next(g for g in map(played, range(40)) if g.outcome.termination is Termination.LIFE)
    s = summarize(game)
    assert "life reached" in s.lines()[0]
    assert all(1 <= t <= game.turn for t in s.lead_changes)
    assert s.lead_changes == sorted(s.lead_changes)


def test_sparkline_scales_to_the_highest_value():
    assert sparkline([0, 4, 8]) == "▁▄█"
    assert sparkline([0, 0]) == "▁▁"


def test_long_games_sample_the_life_line_and_keep_the_last_value():
    line = sparkline(list(range(100)), 12)
    assert len(line) == 12 and line[0] == "▁" and line[-1] == "█"


def test_the_summary_fits_80_columns():
    for seed in range(4):
        for line in summarize(played(seed)).lines(("Red Rush (you)", "Blue Tides (AI)")):
            assert len(line) <= 64, line  # the game-over dialog at 80x24
