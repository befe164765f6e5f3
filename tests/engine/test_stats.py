"""BP, DP and keywords by ZR 10.6, 10.7 and 10.10, the granted protection of ZR 10.2, and the
loader's checks of the modify parameters that only one-shot effects take."""

from __future__ import annotations

import pytest

from zenonzard_tui.cards import CardDataError
from zenonzard_tui.cards.loader import parse_card
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.events import Modify, Protect
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import Mod
from zenonzard_tui.scenarios import parse_scenario


def _game(a_field: list[str], b_field: tuple[str, ...] = ()) -> Game:
    """A's main phase with these minions on the fields."""
    text = f"""
name = "t"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = {list(a_field)!r}
[state.B]
field = {list(b_field)!r}
""".replace("'", '"')
    return parse_scenario(text, "t.toml").new_game()


def test_zr_10_6_original_value_floored_then_set_value_overrides() -> None:
    game = _game(["Shielded Goblin", "Wallace - The Courageous"])  # 0 DP; Wallace: +1 DP
    goblin = game.players[0].field[0]
    goblin.mods = (Mod(0, 0, (), None, base_dp=-1),)
    assert fx.dp(game, goblin) == 1  # max(0, 0 - 1) + 1
    goblin.mods = (*goblin.mods, Mod(0, 5, (), None))
    assert fx.dp(game, goblin) == 6
    goblin.mods = (*goblin.mods, Mod(0, 0, (), None, set_dp=0))
    assert fx.dp(game, goblin) == 0  # every other change ignored
    assert fx.bp(game, goblin) == 400  # the set value is DP's only
    goblin.mods = (*goblin.mods, Mod(0, 0, (), None, set_dp=2))
    assert fx.dp(game, goblin) == 2  # the latest set value wins


def test_zr_10_6_the_sum_is_floored_once() -> None:
    game = _game(["Eoraptor"])  # 100 BP
    eoraptor = game.players[0].field[0]
    eoraptor.mods = (Mod(-300, 0, (), "end_of_turn"), Mod(300, 0, (), "end_of_turn"))
    assert fx.bp(game, eoraptor) == 100


def test_zr_10_7_no_stack_bonus_counts_once_per_side() -> None:
    game = _game(["Drill Golem"], ("D-13 Holy Quayd", "D-13 Holy Quayd", "Drill Golem"))
    assert fx.bp(game, game.players[1].field[2]) == 500
    assert fx.bp(game, game.players[0].field[0]) == 300  # Quayd gives B's minions only


def test_continuous_grants_give_keywords_while_they_work() -> None:
    game = _game(["Alliance Commander Vangeiss", "Drill Golem", "Megalosaurus"])
    vangeiss, drill, _ = game.players[0].field
    assert "charge" in fx.keywords(game, drill)
    assert "charge" in fx.keywords(game, game.players[0].field[2])  # cost 3
    assert "charge" not in fx.keywords(game, vangeiss)  # cost 5
    game = _game(["Drill Golem"], ("Alliance Commander Vangeiss", "Drill Golem"))
    assert "charge" not in fx.keywords(game, game.players[1].field[1])  # [On Your Turn] only
    assert "charge" not in fx.keywords(game, game.players[0].field[0])  # B's card: B's minions


def test_zr_10_10_count_leaves_out_the_source_only_with_other() -> None:
    game = _game(["Graig Smasher - The Iron Lord", "Graig Smasher - The Iron Lord"])
    first, second = game.players[0].field
    assert fx.bp(game, first) == 500 and fx.bp(game, second) == 500  # each counts the other


def test_a_granted_protection_is_a_modifier_of_its_kind() -> None:
    game = _game(["Drill Golem"], ("Megalosaurus",))
    drill = game.players[0].field[0]
    drill.mods = (Mod(0, 0, (), "end_of_turn", protect="opponent_magic"),)
    magic = fx.Ctx(1, None, "magic", parse_card(_MAGIC, "t").effects[0])
    minion = fx.Ctx(1, None, "minion", magic.effect)
    assert fx._untargetable(game, drill, 0, magic)
    assert not fx._untargetable(game, drill, 0, minion)
    assert not fx._untargetable(game, drill, 0, fx.Ctx(0, None, "magic", magic.effect))


_MAGIC = {
    "id": "t_magic",
    "name": "T Magic",
    "type": "magic",
    "color": "red",
    "cost": 1,
    "timing": ["main"],
    "effects": [{"when": "cast", "do": "draw"}],
}


@pytest.mark.parametrize("param", ["original_bp", "original_dp", "set_bp", "set_dp"])
def test_original_and_set_changes_are_one_shot_only(param: str) -> None:
    raw = {
        "id": "t_minion",
        "name": "T",
        "type": "field_minion",
        "color": "red",
        "cost": 1,
        "bp": 100,
        "dp": 1,
        "effects": [{"when": "passive", "do": "modify", "target": "this", param: 0}],
    }
    with pytest.raises(CardDataError, match=rf"effects\[0\]\.{param}.*one-shot"):
        parse_card(raw, "t.toml")
    raw["effects"] = [{"when": "summoned", "do": "modify", "target": "this", param: 0}]
    assert parse_card(raw, "t.toml").effects[0].steps[0].param(param) == 0


def test_the_log_names_original_and_set_changes_and_protections() -> None:
    game = _game(["Drill Golem"])
    text = Modify(0, "Drill Golem", 0, 0, (), "end_of_turn", "DP set to 0").sentence(game, None)
    assert text == "A's Drill Golem gets DP set to 0 (ZR 10.6) until the end of the turn (ZR 5.7)."
    text = Protect(0, "Drill Golem", "opponent_magic", None).sentence(game, None)
    assert text == "A's Drill Golem cannot be chosen by the opponent's Magic cards (ZR 10.2)."
