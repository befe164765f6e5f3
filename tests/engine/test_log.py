"""The game log's sentences: every event has one, rules are cited, hidden cards stay hidden."""

from __future__ import annotations

import random
from pathlib import Path

from tests.engine.gamekit import random_deck
from zenonzard_tui.decks import Deck, load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.log import sentence, sentences
from zenonzard_tui.scenarios import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
SILENT = {"look_rest"}  # says nothing when no card is left over


def scenario_log(name: str, seat: int | None = None) -> list[str]:
    result = run_scenario(load_scenario(SCENARIOS / name))
    assert result.passed, result.message
    return sentences(result.game, seat)


def test_every_record_of_random_games_has_a_sentence_for_every_reader():
    rng = random.Random(5)
    starters = [load_deck(p) for p in sorted((ROOT / "decks").glob("*.deck"))]
    kinds = set()
    for g in range(40):
        if g % 2:
            a, b = rng.choice(starters), rng.choice(starters)
        else:
            (ca, fa), (cb, fb) = random_deck(rng), random_deck(rng)
            a, b = Deck("a", "", None, ca, fa), Deck("b", "", None, cb, fb)
        game = new_game(a, b, seed=g)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        for record in game.log.records:
            kinds.add(record.kind)
            for seat in (None, 0, 1):
                text = sentence(game, record, seat)
                if text is None:
                    assert record.kind in SILENT, record
                else:
                    assert text.endswith(".") and "None" not in text, (record, text)
    assert {"effect", "modify", "battle", "force_destroyed", "game_over"} <= kinds


def test_triggered_effects_and_modifiers_are_logged_with_their_rules():
    log = scenario_log("eoraptor_when_attacking.toml")
    assert "A's Eoraptor: [When Attacking] effect (ZR 6.5)." in log
    assert "A's Eoraptor gets +300 BP until the end of the turn (ZR 5.7)." in log
    assert (
        "Horned Walrus (300 BP) blocks Eoraptor (400 BP): Horned Walrus destroyed (ZR 8.5)." in log
    )


def test_mana_made_active_is_one_line():
    log = scenario_log("force_rebirth.toml")
    assert "A's Force of Rebirth: [At the End of Your Turn] effect (ZR 6.5)." in log
    assert "A's Miner of Aguma and 2 colorless mana tokens become Active." in log


def test_a_card_taken_without_reveal_is_named_only_to_its_owner():
    own = scenario_log("vocab_look_top_up_to_rest_on_top.toml", seat=0)
    other = scenario_log("vocab_look_top_up_to_rest_on_top.toml", seat=1)
    assert "A looks at the top 4 cards of their deck." in own
    assert "A puts Horned Walrus into their hand." in own
    assert "A puts a card into their hand." in other
    assert not any("Horned Walrus" in line for line in other)
    assert "A puts 3 cards back on top." in other


def test_reduced_damage_is_logged_with_its_reduction():
    log = scenario_log("vocab_reduce_damage_any.toml")
    assert "The damage to B is reduced from 3 to 2 (ZR 13.8: Test Bulwark -1)." in log
    assert (
        "The damage to B's Force of Harmony is reduced from 2 to 1 (ZR 13.8: Test Bulwark -1)."
        in log
    )
    assert "B takes 2 damage from Test Zap: life 4." in log
    assert "B's Force of Harmony takes 1 damage: life 2 (ZR 8.6)." in log


def test_a_summoned_minions_effect_and_what_it_did():
    log = scenario_log("card_fir_treewalker.toml")
    i = log.index("A's Fir Treewalker: [When Summoned] effect (ZR 6.5).")
    assert log[i + 1] == "B's Horned Walrus becomes Rested."


def test_every_kind_the_engine_records_is_a_typed_event():
    """Each `log.add("kind", ...)` in the engine names an event class of engine/events.py."""
    import re

    from zenonzard_tui.engine.events import EVENTS

    engine = ROOT / "zenonzard_tui" / "engine"
    used = set()
    for path in engine.rglob("*.py"):  # the vocabulary entries (engine/terms/) log too
        for call in re.findall(r"log\.add\(\s*([^,)]*)", path.read_text("utf-8")):
            used |= set(re.findall(r'"(\w+)"', call))
    assert {"draw", "battle", "rest", "activate", "game_over"} <= used
    assert used <= set(EVENTS), used - set(EVENTS)


def test_mana_tokens_alone_read_as_english():
    from zenonzard_tui.engine.events import Activate, Rest

    game = None  # these sentences need nothing of the game
    assert Activate(1, (None,)).sentence(game, None) == "B's colorless mana token becomes Active."
    assert Rest(0, (None, None)).sentence(game, 0) == "A's 2 colorless mana tokens become Rested."
    assert Activate(0, ("Miner of Aguma", None)).sentence(game, 1) == (
        "A's Miner of Aguma and a colorless mana token become Active."
    )


def test_a_whenever_effect_names_what_triggered_it():
    """ZR 6.5: a whenever-effect's line says which event of which card set it off."""
    log = scenario_log("card_jade_karajan.toml")
    assert "A's Jade Karajan - The Maestro: A used War Cry -> its effect resolves (ZR 6.5)." in log
    log = scenario_log("card_mordo.toml")
    assert "A's Mordo: A's Drill Golem was destroyed -> its effect resolves (ZR 6.5)." in log
    log = scenario_log("card_morpheo_bun_and_scarl_placements.toml")
    assert (
        "A's Morpheo Bun: A placed Village Girl of Demete into their base -> its effect resolves"
        " (ZR 6.5)." in log
    )


def test_a_whenever_effect_on_its_own_event_says_it():
    log = scenario_log("card_aquaserpent.toml")
    assert "A's Aquaserpent: it dealt damage attacking -> its effect resolves (ZR 6.5)." in log
    log = scenario_log("card_black_jackuar.toml")
    assert "A's Black Jackuar: it won a battle -> its effect resolves (ZR 6.5)." in log
    assert not any("[Passive] effect" in line for line in log)


def test_chain_names_its_color_and_base_abilities_say_base():
    log = scenario_log("card_brigitte.toml")
    assert (
        "A's Brigitte - The Warfare Pathfinder: [Chain: Green] effect: A placed green mana into"
        " their base this turn (ZR 15.1)." in log
    )
    log = scenario_log("card_holy_fly.toml")
    assert "A's Holy Fly: <Base> [When Retreating] effect (ZR 11.5, ZR 6.5)." in log


def test_a_token_put_onto_the_field_says_it_is_a_token():
    log = scenario_log("card_jade_karajan.toml")
    assert "A puts a Token Merman onto their field (a token: made by an effect, ZR 2.1)." in log
    log = scenario_log("card_arondai.toml")
    assert "A puts 2 × Token Golem S onto their field (tokens: made by an effect, ZR 2.1)." in log


def test_a_destroyed_token_is_destroyed_before_it_leaves_the_game():
    """ZR 8.5 then ZR 11.7: the log says the token was destroyed, then that it left the game."""
    log = scenario_log("card_arondai.toml")
    gone = next(i for i, s in enumerate(log) if "the token leaves the game (ZR 11.7)" in s)
    assert log[gone - 1].startswith(log[gone].split(" would ")[0] + " is destroyed")


def test_a_battle_term_on_a_minion_cites_its_rule_and_duration():
    log = scenario_log("card_paralyzer.toml")
    assert "B's Leviathan cannot block (ZR 13.4) until the end of the turn (ZR 5.7)." in log
    log = scenario_log("card_kill_order.toml")
    assert any(
        "wins its battles regardless of BP (ZR 13.1) until the end of the turn (ZR 5.7)." in s
        for s in log
    )


def test_cards_kept_rested_are_named_with_their_owner():
    log = scenario_log("card_binding_roses_zone_defense.toml")
    assert any(
        s.startswith("B's Drill Golem") and "cannot become Active until the end of B's next" in s
        for s in log
    ), log


def test_kept_sentences_are_the_log_written_afresh():
    """`log.Sentences` (a table channel's log, kept as the game goes) gives at every step what
    `sentences()` writes from the whole log, for both seats and a spectator, also after an undo
    (another game object)."""
    import random as _random

    from zenonzard_tui.decks import find_deck, load_deck
    from zenonzard_tui.engine.game import new_game
    from zenonzard_tui.engine.log import Sentences, sentences
    from zenonzard_tui.engine.observe import SPECTATOR

    decks = [load_deck(find_deck(n)) for n in ("red-rush", "purple-grave-pact", "blue-tides")]
    for seed in range(3):
        rng = _random.Random(seed)
        game = new_game(decks[seed], decks[(seed + 1) % 3], seed=seed)
        kept = {seat: Sentences(seat) for seat in (0, 1, SPECTATOR)}
        steps = 0
        while not game.over and steps < 400:
            for seat, log in kept.items():
                assert log.of(game) == tuple(sentences(game, seat))
            if steps == 50:
                game = game.clone()  # another object: read again
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
