"""The trigger mana_lost and add_mana's color (Margus - The Lightning Bolt): a mana that leaves
the base, by any way but the room ZR 3.5 makes, comes back as a red mana token, Rested."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from zenonzard_tui.engine.invariants import problems


def _game(base: str, hand: str = "", field: str = 'field = ["Margus - The Lightning Bolt"]'):
    text = (
        'name = "t"\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\ndeck = ["Drill Golem", "Drill Golem"]\n{base}\n{hand}\n{field}\n'
        '[state.B]\ndeck = ["Drill Golem", "Drill Golem"]\n'
    )
    return checked_game(text)


def test_an_advance_brings_a_red_mana_token_rested() -> None:
    game = _game('base = ["Dwarven Champion", "colorless"]')
    game.apply("advance Dwarven Champion")
    base = game.players[0].base
    assert len(base) == 2
    new = base[-1]
    assert new.card is None and new.colors == ("red",) and new.rested
    assert problems(game) == []


def test_room_made_in_a_full_base_is_no_mana_lost() -> None:
    """ZR 3.5: the mana put into the trash to make room does not count."""
    base = 'base = ["Drill Golem", ' + ", ".join(['"colorless"'] * 9) + "]"
    field = 'field = ["Margus - The Lightning Bolt", "Eoraptor"]'
    game = _game(base, field=field)
    game.apply("retreat Eoraptor")
    game.apply("choose Drill Golem")  # the room: to the trash, not a mana lost
    p = game.players[0]
    assert [s.name for s in p.base].count("Eoraptor") == 1
    tokens = [s for s in p.base if s.card is None]
    assert len(p.base) == 10 and len(tokens) == 9
    assert all(s.colors == ("colorless",) for s in tokens)  # no red mana token came
    assert [game.defs[u].name for u in p.trash] == ["Drill Golem"]
