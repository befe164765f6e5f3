"""Practice puzzles: each one shipped can be won this turn whatever the opponent does; the solver
finds the shortest win, and says so when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from zenonzard_tui.cli import build_parser, main, play_cmd
from zenonzard_tui.puzzles import PUZZLES, find_puzzle, forced_win, puzzle_files, refutation
from zenonzard_tui.scenarios import load_scenario, parse_scenario


def test_puzzles_are_shipped_and_found_by_name():
    names = [p.stem for p in puzzle_files()]
    assert len(names) >= 4 and "one-blow" in names
    assert find_puzzle("one-blow") == PUZZLES / "one-blow.toml"
    assert find_puzzle("no-such-puzzle") is None


@pytest.mark.parametrize("path", puzzle_files(), ids=lambda p: p.stem)
def test_every_shipped_puzzle_has_a_forced_win_this_turn(path):
    scenario = load_scenario(path)
    assert not scenario.steps, "a puzzle is a position only: the player plays on from it"
    game = scenario.new_game()
    search = forced_win(game)
    assert search.complete and search.line, f"{path.name}: no forced win this turn"
    # replaying the line (the opponent's answers as found) wins the game for the player
    seat = game.active
    for text in search.line:
        game.apply(text)
    assert game.outcome is not None and game.outcome.winner == seat


def test_the_solver_finds_the_shortest_win():
    game = load_scenario(PUZZLES / "same-cost.toml").new_game()
    assert forced_win(game).line == [
        "cast Binding Ivy",
        "choose A:Nue - Beast of Death",
        "attack Snake Ward -> player",
        "pass",
        "pass",
        "no block",
    ]


def test_an_answer_in_the_opponents_hand_leaves_no_forced_win():
    text = (PUZZLES / "pierce-through.toml").read_text("utf-8")
    # B holds Obliteration Beam and has the white mana for it: in the Flash window of the attack
    # it destroys Ursarano (cost 7), so no line wins any more.
    text = text.replace(
        'hand = ["Meermage", "Denizen of Machinas"]', 'hand = ["Obliteration Beam"]'
    )
    search = forced_win(parse_scenario(text, "pierce-through.toml").new_game())
    assert search.complete and search.line is None


def test_cli_lists_and_solves_puzzles(capsys):
    assert main(["scenario", "--puzzles"]) == 0
    out = capsys.readouterr().out
    assert "one-blow" in out and "zenonzard play --scenario NAME" in out
    assert main(["scenario", "--solve", "one-blow"]) == 0
    out = capsys.readouterr().out
    assert "A wins this turn" in out and "attack Drill Golem -> player | pass" in out
    # a file with --puzzles was ignored (exit 0): a run that was asked for did not happen
    assert main(["scenario", "--puzzles", "one-blow"]) == 2
    err = capsys.readouterr().err
    assert "--puzzles lists the puzzles and takes no file" in err and "--solve NAME" in err


def test_cli_solve_says_when_there_is_no_win(tmp_path, capsys):
    text = (PUZZLES / "pierce-through.toml").read_text("utf-8")
    path = tmp_path / "no-win.toml"
    path.write_text(
        text.replace('hand = ["Apple of Power", "Village Girl of Demete"]', "hand = []")
    )
    assert main(["scenario", "--solve", str(path)]) == 1
    assert "has no forced win this turn" in capsys.readouterr().out
    assert main(["scenario", "--solve", str(tmp_path / "missing.toml")]) == 2


def test_play_opens_a_shipped_puzzle_by_name():
    session, _ = play_cmd.build(build_parser().parse_args(["play", "--scenario", "one-blow"]))
    assert session.puzzle is not None and session.puzzle.name.startswith("One blow: ")
    assert "attack Drill Golem -> player" in [a.text for a in session.game.legal_actions()]


@pytest.mark.parametrize("path", puzzle_files(), ids=lambda p: p.stem)
def test_every_puzzle_title_has_a_description_and_names_only_what_is_on_the_board(path):
    """ "Title: what the position is", and every card or Force the title names (by its name or
    its creature) is in play, so the title never describes another board."""
    from zenonzard_tui.cards import load_pool

    scenario = load_scenario(path)
    title, _, description = scenario.name.partition(": ")
    assert title and description, f"{path.name}: the name has no description after ': '"
    game = scenario.new_game()
    in_play = {s.name for p in game.players for s in p.field + p.base}
    in_play |= {f.force.name for p in game.players for f in p.forces if not f.destroyed}
    pool = load_pool()
    named = {c.name for c in pool.cards.values()} | {f.name for f in pool.forces.values()}
    creatures = {f.creature: f.name for f in pool.forces.values()}
    for name in sorted(named | set(creatures), key=len, reverse=True):
        if name in description:
            assert creatures.get(name, name) in in_play, f"{path.name}: {name} is not in play"


NEXT_DRAW = """
name = "B's deck is empty, but A has nothing to attack with"
[state]
turn = 5
active = "A"
phase = "main"
[state.A]
deck = ["Drill Golem", "Drill Golem"]
[state.B]
life = 5
"""


def test_a_loss_at_the_opponents_next_draw_is_no_win_this_turn():
    """ZR 1.3: B would lose drawing from its empty deck at the start of its turn; that is after
    this turn, so `end turn` does not solve the puzzle."""
    game = parse_scenario(NEXT_DRAW).new_game()
    search = forced_win(game)
    assert search.complete and search.line is None
    after = game.clone()  # the engine itself is unchanged: B does lose at its draw step
    after.apply("end turn")
    assert after.over and after.outcome.winner == 0 and "empty deck" in after.outcome.reason


def test_one_swing_of_the_docs_is_won_by_the_swing_not_by_ending_the_turn():
    from tests.test_docs import scenario_blocks

    [block] = [b for b in scenario_blocks() if "One swing" in b]
    search = forced_win(parse_scenario(block).new_game())
    assert search.line is not None and search.line[0] == "attack Drill Golem -> player"
    assert "end turn" not in search.line


def test_the_refutation_is_the_answer_that_leaves_no_forced_win():
    """The strongest defender of a puzzle: after Gravity on one Horned Walrus, B's Controlling
    Current on the other (ZR 8.3) leaves A no win; where every answer loses, the first."""
    path = Path(__file__).resolve().parent / "ai" / "positions" / "keep-gravity.toml"
    game = load_scenario(path).new_game()
    for text in ("cast Gravity", "choose Horned Walrus#1", "attack Ottolupo -> player"):
        game.apply(text)
    answer = refutation(game)
    game.legal_actions()
    assert answer.text == "cast Controlling Current"
    game.apply(answer)
    answer = refutation(game)
    game.legal_actions()
    assert answer.text == "choose B:Horned Walrus#2"
    won = load_scenario(path).new_game()
    won.apply("attack Ottolupo -> player")  # kept: Gravity answers Controlling Current
    assert [a.text for a in won.legal_actions()] == ["pass", "cast Controlling Current"]
    assert refutation(won).key() == won.legal()[0].key()  # each answer still loses
