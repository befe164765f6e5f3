"""Issue 21, "play like a player": no attack that can do nothing but rest its minion (an idle
attack, `policy.idle_attack`: 0 DP, ZR 8.6, and no minion of the opponent's to block it, ZR 8.4,
and nothing of its side that triggers on it). Measured: medium without them against medium with
them, 4,149 of 8,000 games (51.9%, bench/ai.py's seating); medium made 203 of them in 300 games
against easy before, none now (`python bench/patterns.py --games 300 --levels medium,easy`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zenonzard_tui.ai import AIPlayer, policy
from zenonzard_tui.scenarios import load_scenario

POSITION = Path(__file__).parent / "positions" / "idle-attack.toml"


def _position(tmp_path=None, a_field=None):
    """The position, or with A's field replaced (`a_field`: the TOML list)."""
    if a_field is None:
        return load_scenario(POSITION).new_game()
    text = POSITION.read_text("utf-8").replace('field = [{ card = "Bomb Wahl" }]', a_field)
    path = tmp_path / "variant.toml"
    path.write_text(text, "utf-8")
    return load_scenario(path).new_game()


def _idle(game):
    return [a for a in game.legal() if policy.idle_attack(game, 0, a)]


def test_an_attack_with_0_dp_into_no_blocker_is_idle():
    game = _position()
    attacks = [a for a in game.legal() if a.kind == "attack"]
    assert attacks and _idle(game) == attacks  # Bomb Wahl's, at the player and at each Force
    assert all(a not in policy.worth_trying(game, 0, game.legal()) for a in attacks)


def test_a_blocker_or_a_trigger_on_the_attack_makes_it_not_idle(tmp_path):
    game = _position()
    game.players[1].field[0].rested = False  # B's Drill Golem can block: a battle (ZR 8.5)
    assert not _idle(game)
    # Ashbringer: "whenever one of your other minions attacks" (a trigger of A's side)
    game = _position(tmp_path, 'field = [{ card = "Bomb Wahl" }, { card = "Ashbringer" }]')
    assert [a for a in game.legal() if a.kind == "attack"] and not _idle(game)


@pytest.mark.parametrize("level", ["medium", "strong", "expert"])
def test_no_level_attacks_for_nothing(level):
    """Medium attacked with Bomb Wahl here before; the searching levels leave it out of their
    candidates (and of the tree)."""
    game = _position()
    for seed in range(3):
        ai = AIPlayer(level, seed, iterations=60) if level == "expert" else AIPlayer(level, seed)
        action = ai.choose(game)
        assert not policy.idle_attack(game, 0, action), action.text


def test_before_it_medium_attacked_for_nothing(monkeypatch):
    """The same position with the old rule (IDLE_ATTACKS): medium attacks with Bomb Wahl."""
    monkeypatch.setattr(policy, "IDLE_ATTACKS", True)
    game = _position()
    action = AIPlayer("medium", 0).choose(game)
    assert policy.idle_attack(game, 0, action)
