"""The rules-text renderer: every card and Force renders, hand-written expectations for the pool,
every term of the vocabulary has words, and docs/cards.md's examples render as the page says."""

from __future__ import annotations

import re
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.expected_hand import EXPECTED_HAND
from zenonzard_tui.cards import Effect, Step, load_pool, vocab
from zenonzard_tui.cards import terms as vocab_terms
from zenonzard_tui.cards.loader import parse_card, parse_force
from zenonzard_tui.cards.model import COLORS, KEYWORDS
from zenonzard_tui.cards.render import (
    FORCE_COMMON_TEXT,
    card_summary,
    card_text,
    effect_text,
    force_common_text,
    force_text,
)

POOL = load_pool()
DOCS = Path(__file__).resolve().parents[1] / "docs" / "cards.md"

# What a rendered text must never contain: Python reprs, raw data words, unfilled templates.
LABELS = re.compile(r"^(<[\w ]+> )?(\[[^\]]+\](/\[[^\]]+\])?( &)? )*")  # "[A] & [B]": ZR 10.9
LEAKS = re.compile(r"None|True|False|\{|\}|_|'\w+'|Selector|Step\(|Effect\(|\(\)|\[\]|  ")


def _text_problems(text: str) -> list[str]:
    problems = []
    if LEAKS.search(text):
        problems.append(f"leak {LEAKS.search(text).group()!r}")  # type: ignore[union-attr]
    for line in text.split("\n"):
        if not line or line != line.strip():
            problems.append(f"empty or padded line {line!r}")
        body = LABELS.sub("", line)
        if not body[:1].isupper() and not body[:1].isdigit():
            problems.append(f"line does not start a sentence: {line!r}")
        if re.search(r"[.:] [a-z]", line):
            problems.append(f"sentence starts lower-case: {line!r}")
    return problems


def card(effects: list[dict[str, Any]] | None = None, **fields: Any) -> Any:
    """A synthetic Field Minion (or whatever `fields` make it) built by the real loader."""
    raw: dict[str, Any] = {
        "id": "t_card",
        "name": "Test Card",
        "type": "field_minion",
        "color": "red",
        "cost": 3,
        "bp": 300,
        "dp": 1,
    }
    raw.update(fields)
    if raw["type"] == "magic":
        raw.pop("bp", None)
        raw.pop("dp", None)
        raw.setdefault("timing", ["main"])
    if raw["type"] == "base_minion":
        raw.pop("cost", None)
    if effects is not None:
        raw["effects"] = effects
    return parse_card(raw, "test.toml")


def text_of(effect: dict[str, Any], **fields: Any) -> str:
    if effect.get("when") == "cast":
        fields.setdefault("type", "magic")
    return card_text(card([effect], **fields), POOL)


# ----------------------------------------------------------------------------------------------
# Every card and Force


@pytest.mark.parametrize("card_id", sorted(POOL.cards))
def test_every_card_renders_clean_text(card_id: str) -> None:
    c = POOL.cards[card_id]
    text = card_text(c, POOL)
    # a Boost card's "Boost: ..." and <Boost Ability> lines are text too (ZR 17.1, ZR 17.4)
    has_ability = bool(c.keywords or c.effects or c.deck_limit != 3 or c.boost is not None)
    assert bool(text) == has_ability, "a card has text exactly when it has an ability"
    if text:
        assert _text_problems(text) == []
        lines = len(c.effects) + bool(c.keywords) + (c.deck_limit is None)
        lines += (c.boost is not None) + bool(c.boost_ability)
        assert len(text.split("\n")) == lines


@pytest.mark.parametrize("force_id", sorted(POOL.forces))
def test_every_force_renders_clean_text(force_id: str) -> None:
    force = POOL.forces[force_id]
    text = force_text(force)
    assert text
    assert _text_problems(text) == []
    assert force_text(force, common=True) == text + "\n" + FORCE_COMMON_TEXT


def test_force_common_text_is_zr_2_6() -> None:
    """ZR 2.6: a Base Minion from the deck into the base, Active, no [When Placed], shuffle, draw."""
    assert force_common_text() == FORCE_COMMON_TEXT
    assert FORCE_COMMON_TEXT.startswith("[When Destroyed] ")
    for words in (
        "Base Minion",
        "deck",
        "base Active",
        "[When Placed] does not",
        "shuffle",
        "draw 1",
    ):
        assert words in FORCE_COMMON_TEXT
    assert _text_problems(FORCE_COMMON_TEXT) == []


# Hand-written: what each card of the pool with an ability must say.
EXPECTED = {
    # red
    "Miner of Aguma": "<Deck> A deck may hold any number of this card.\n"
    "[Passive] This minion cannot block.",
    "Emergency Mining Order": "[Main] Destroy 1 colorless mana token in your base. "
    "If you do, draw 2 cards.",
    "Eoraptor": "[When Attacking] This minion gets +300 BP until the end of the turn.",
    "High Pressure": "[Main]/[Flash] 1 minion gets +300 BP and Charge until the end of the turn.",
    "Gravity": "[Main]/[Flash] 1 of your opponent's minions gets -300 BP until the end of the turn.",
    "Sawblade Golem": "[When Summoned] Put 1 Token Golem S (red, Golem, cost 1, 100 BP/1 DP) "
    "onto your field.",
    "Sams - The All-Seeing Commander": "[On Your Turn] Your minions with Charge get +1 DP.",
    "Token Golem M": "Charge",
    "Exptera": "Charge",
    # blue
    "Pentagona Orchestra Tubist": "[Passive] Whenever you use a Magic card, "
    "this minion gets +100 BP.",
    "Controlling Current": "[Flash] 1 minion gets +300 BP until the end of the turn. "
    "If that minion is a Merfolk, draw 1 card.",
    "Whitefin Dolphin": "[When Summoned] Draw 1 card.",
    "Eureka Waltz": "[Main] Draw 2 cards.",
    "Tidal Wave": "[Flash] Move 1 of your opponent's minions into your opponent's base Rested.",
    "Bel Canto in Rosa": "[On Your Turn] Whenever one of your other minions deals damage, "
    "draw 1 card. This effect does not stack.",
    "Snake Ward": "Infiltrate",
    # green
    "Binding Ivy": "[Main]/[Flash] Rest 1 minion or 1 Force.",
    "Marielna - Master of the Wind": "[When Summoned] You may put 1 green Base Minion card from "
    "your hand into your base Rested ([When Placed] does not trigger).",
    "Perchalsi": "[Passive] If you have 5 or more green mana in your base, "
    "this minion gets +200 BP and +1 DP.",
    "Apple of Power": "[Main]/[Flash] 1 minion gets +300 BP, +1 DP and Pierce "
    "until the end of the turn.",
    "Crest of Guidance": '[Main] Put up to 2 cards named "Village Girl of Demete" from your deck '
    "into your base Rested ([When Placed] does not trigger). Then, shuffle your deck.",
    "Fir Treewalker": "[When Summoned] Rest 1 of your opponent's minions.",
    "Ursarano": "Pierce",
    # yellow
    "Revelation": "[Main] Look at the top 3 cards of your deck. Reveal 1 Field Minion card "
    "among them and put it into your hand. Put the rest on the bottom of your deck in random order.",
    "Meerpriest": "[When Summoned] 1 of your minions gets +200 BP until the end of the turn.",
    "Surprise Attack": "[Flash] 1 minion gets +300 BP until the end of the turn. "
    "Then, you may return 1 of your other minions to your hand.",
    "Fledgling Phoenix": "[When Summoned] Look at the top 2 cards of your deck. Reveal 1 Field "
    "Minion card among them and put it into your hand. Put the rest on the bottom of your deck "
    "in random order.",
    "Cheetera": "Swoop",
    "Reverse Wind": "[Main]/[Flash] Return 1 minion to its owner's hand.",
    "Mononobe - Ambassador to Aguma": "[Passive] Minion cards in your hand cost 1 less.",
    # white
    "Ring Raptor": "[Passive] This minion cannot be chosen by your opponent's Magic cards.",
    "Reactive Shield": "[Main]/[Flash] 1 minion gets +300 BP until the end of the turn. "
    "If it is your opponent's turn, make that minion Active.",
    "Reprise": "[Main] Draw 2 cards. Then, discard 1 card.",
    "R-B7 Gravion": "[Passive] This minion gets +200 BP for each of your undestroyed Forces.",
    "Obliteration Beam": "[Main]/[Flash] Destroy 1 minion with cost 5 or more.",
    "Commanding Gelt Android": "[When Summoned] Make 1 of your opponent's minions Active. "
    "That minion must block during this turn.",
    "R-A3 Crusher": "Resurge",
    # purple
    "Two-Tailed Cat": "Revenge",
    "Return": "[Main] Return up to 2 Demon minion cards from your trash to your hand.",
    "Wraith of Malice": "[Main]/[Flash] 1 minion gets +300 BP and Revenge "
    "until the end of the turn.",
    "Token Revenant S": "Revenge",
    "Shadowhand": "[Passive] This minion gets +200 BP and +1 DP for each of your opponent's "
    "destroyed Forces.",
    "Banshee": "[When Destroyed] Destroy 1 of your opponent's minions with cost 4 or less.",
    "Bone Chariot": "[When Summoned] You may return 1 Field Minion card from your trash "
    "to your hand.",
    "Destruction": "[Main]/[Flash] Destroy 1 minion.",
    # CONTRACT (PC02) white and purple: Boost (ZR 17), banish (ZR 18)
    "White Frost - The Snow Sprite": "Boost: White",
    "Prusha - The Shadow Sprite": "Boost: Purple + Cost 4 or Higher\n<Boost Ability> Revenge",
    "X-Cannon": "[Flash] Banish 1 of your opponent's minions.",
    "Sniper Ewan Android": 'Resurge\n[When Boosted] This minion gains "[When Attacking] Your '
    'opponent must block".',
    "Moving Shield": "[Flash] If all your Forces are destroyed, draw 1 card. If you do not, "
    "change the target of your opponent's attack to 1 of your undestroyed Forces or you.",
    "Chronora - The Time Sprite": "Boost: White + Cost 4 or Higher\n<Boost Ability> [Passive] "
    "Whenever this minion wins a battle, if it beat a minion with cost 3 or less, make this "
    "minion Active.",
    "Demon's Terror": "[Flash] Your opponent's minions cannot attack until the end of the turn.\n"
    "<Hand> [Passive] This card cannot be used unless you have a Demon minion.",
    "Yzak - Commander of the Dark Knights": "[On Your Opponent's Turn] The Revenge of your "
    "minions also works in your opponent's turn.",
    "Shatterbourne - Lord of Annihilators": "[When Summoned] Destroy 1 of your opponent's minions. "
    "If you do, discard as many cards from the top of your deck as the cost of that minion.\n"
    "[On Your Turn] This minion can be blocked only by Dragon or Dragonewt minions.",
    "Frieren - Lord of Dreadfrosts": "[When Attacking] Whenever this minion deals damage, banish "
    "all your opponent's lowest-cost minions.\n[On Your Turn] This minion can be blocked only by "
    "Dragon or Dragonewt minions.",
    "Richeau - The Wandering Bones": "Revenge\n[When Boosted] Until the end of the turn, whenever "
    "one of your opponent's minions is destroyed, draw 1 card.",
    "Matilda - Sorceress of Dreadfrosts": "[On Your Turn] Whenever one of your white or colorless "
    "Dragon minions wins a battle, deal 1 damage to your opponent.",
    # colorless
    "Shielded Goblin": "[Passive] This minion enters the base Rested.",
    "Token Fire Dragon": "[Passive] This minion cannot attack Forces.",
    "Armadahlio": "Resurge",
    "Cobra Mage": "[When Destroyed] Draw 1 card.",
    "Mad Jackuar": "[When Destroyed] Restore 1 life to 1 of your undestroyed Forces.",
    "Blaze": "[When Summoned] 1 other minion gets +300 BP until the end of the turn.",
    "Healing Sheep": "[When Summoned] You recover 1 life.",
    "Gayl Mouse": "Charge",
    "Little Trickster": "[When Summoned] Change 1 colorless mana token in your base into mana "
    "of a color of your choice.",
    "Chalchalsio": "[Passive] This minion cannot be chosen by your opponent's Magic cards.",
    "Bomb Wahl": "[When Summoned] Destroy 1 of your opponent's minions with 400 BP or less.",
    "Howling Direwolf": "[Passive] Your other minions get +100 BP.",
    # AWAKEN and BEYOND, BP and DP (ZR 10.6), counts (ZR 10.10), snapshots (ZR 10.5)
    "Surprise Onslaught": "[Flash] Your opponent's minions with cost 4 or less get -1 original "
    "DP until the end of the turn.",
    "Tone Down": "[Flash] 1 of your opponent's minions has its DP set to 0 until the end of "
    "the turn.",
    "Fearsome Pheasant": "[Passive] If all your Forces are destroyed, this minion gets +1 DP.\n"
    "[Passive] This minion enters the base Rested.",
    "Liaveau - The Defender": "[Passive] If you have 7 or more life, this minion gets Charge, "
    "Pierce and Resurge.",
    "Gorgon Shamanka": "[At the End of Your Turn] All non-Monster minions get -200 BP.",
    "Avian Ninja": "[Passive] This minion cannot block.\n<Base> [When Placed] Your minions get "
    "+100 BP until the end of the turn.",
    "Graig Smasher - The Iron Lord": "[Passive] This minion gets +200 BP for each of your other "
    "non-token minions.",
    "D-13 Holy Quayd": "Resurge\n[On Your Opponent's Turn] Your minions get +200 BP. This effect "
    "does not stack.",
    "Revolver Condor": "[When Summoned] Deal 1 damage to your opponent.",
    "Nue - Beast of Death": "[When Summoned] Destroy 1 of your opponent's minions "
    "with 500 BP or less.",
    # vanilla: no text at all
    "Drill Golem": "",
    "Token Golem S": "",
    "Horned Walrus": "",
    "Token Dragon": "",
    # AWAKEN and BEYOND: the arrive cluster (ZR 11, ZR 15.1)
    "Cathryn - The Queen Pathfinder": "[Chain: Purple] If you placed purple mana into your base this turn, draw 1 card.\n[On Your Turn] Whenever one of your other purple minions destroys a Force with its DP, put 1 colorless mana token into your base. Then, draw 1 card. This effect does not stack.",
    "Belphegor - King of Sorrow": '[Passive] Field Minion cards in your opponent\'s hand cost 1 more.\n[When Attacking] Put 1 purple Field Minion card not named "Belphegor - King of Sorrow" from your trash onto your field (not a summon).',
    "Viper Ward": "<Base> [When Retreating] If you have 4 or fewer cards in your hand, draw 1 card.",
    "Holy Fly": "<Base> [When Retreating] 1 of your minions cannot be chosen by your opponent's Magic cards until the end of the turn.",
    "Violent Stream": "[Flash] Move 1 of your opponent's minions with cost 4 or less into your opponent's base Rested.",
    "Marisa - The Princess Pathfinder": "[Chain: Blue] If you placed blue mana into your base this turn, draw 1 card.\n[On Your Turn] Whenever one of your other blue minions deals damage, that minion gets +1 DP.",
    "Nias - The Sea Queen": "[When Summoned] Move 2 of your opponent's minions with cost 4 or less into your opponent's base Rested.",
    "Alezan - King of the Deep": "[When Summoned] Move up to 3 minion cards in your base to the field Active.\n[When Attacking] Move 1 of your opponent's minions into your opponent's base Rested.",
    "Golden Seal": "Infiltrate\n[When Attacking] If you have 4 or more blue mana in your base, move 1 of your opponent's minions with cost 6 or more into your opponent's base Rested.",
    "One-Carat Rat": "<Base> [When Placed] Draw 1 card.",
    "Will-o'-the-Wisp": "[When Destroyed] Put 1 colorless mana token into your base.",
    "Blob Wahl": "[When Summoned] Put 1 Token Slime Block (colorless, Monster, cost 1, 300 BP/0 DP) onto your field.",
    "Morpheo Bun": '[Passive] Whenever a card named "Village Girl of Demete" is placed into your base, you recover 1 life.\n[Passive] This minion enters the base Rested.',
    "Brigitte - The Warfare Pathfinder": "[Chain: Green] If you placed green mana into your base this turn, draw 1 card.\n[On Your Turn] Whenever one of your other green minions with cost 5 or more enters your field, draw 1 card.",
    "Morpheo Toipu": '[When Summoned] You may put 1 card named "Village Girl of Demete" from your deck into your base Rested ([When Placed] does not trigger). Then, shuffle your deck.',
    "Resurrection": "[Flash] Put 1 Field Minion card with cost 4 or less from your trash onto your field (not a summon).",
    "Graverobber": "<Trash> [Passive] If this card would return from your trash to your hand, put it onto your field instead (not a summon).",
    "Astaroth - The Great Duke": "[When Summoned] Put 1 Field Minion card with cost 3 or less from your trash onto your field (not a summon).",
    "Dyana - The Reptile Pathfinder": "[Chain: Red] If you placed red mana into your base this turn, draw 1 card.\n[On Your Turn] Your other red minions get +200 BP.",
    "Golem Mobilization": "[Main]/[Flash] Put 2 Token Golem S (red, Golem, cost 1, 100 BP/1 DP) onto your field. Then, your Golem minions get +200 BP until the end of the turn.",
    "Pickaxe Golem": "[When Summoned] Put 2 Token Golem S (red, Golem, cost 1, 100 BP/1 DP) onto your field.\n[On Your Turn] All other Golem minions get +200 BP.",
    "Audri - The Mech Pathfinder": "[Chain: White] If you placed white mana into your base this turn, draw 1 card.\n[Passive] Your other white minions get Resurge.",
    "Raven Cat": "[Passive] Whenever one of your other minions enters your field, this minion gets +200 BP until the end of the turn.",
    "Angela - The Celestial Pathfinder": "[Chain: Yellow] If you placed yellow mana into your base this turn, draw 1 card.\n[Passive] Whenever one of your other yellow minions enters your field, your minions get +100 BP until the end of the turn.",
    "Alliance Magistrate Asogi": "[Passive] Whenever one of your minions with Swoop enters your field, that minion gets +300 BP and +1 DP until the end of the turn.",
    "Aoba - Lord of the Skies": "[When Summoned] Look at the top 4 cards of your deck. Reveal 2 Field Minion cards among them and put them into your hand. Put the rest on the bottom of your deck in random order.\n[Passive] Whenever one of your other minions enters your field, make this minion Active.",
    "Mer Soldier": "[Passive] This minion cannot block.\n<Base> [When Placed] You may move 1 of your minions into your base.",
    "Surprise Portal": "[Main]/[Flash] Move 1 minion card in your base to the field Active.",
    "Howling Voice": "[Flash] You may move 1 of your opponent's minions with 500 BP or less into your opponent's base Rested. If you do not, deal 1 damage to your opponent.",
    "Goldweather - Bringer of Love": "[When Summoned] You may put 1 blue Field Minion card from your hand into your base Rested ([When Placed] does not trigger).",
    "Rose Paganini - The Soloist": "[On Your Turn] Your Merfolk minions get Infiltrate.\n<Base> [When Retreating] Draw 2 cards.",
    "Centaurian Hunter": "<Base> [When Placed] Rest 1 of your opponent's minions with cost 4 or less.",
    "Pollin": "[When Summoned] If your base holds no minion card, draw 1 card.\n[Passive] This minion enters the base Rested.",
    "Arcas - Opener of Doors": "<Base> [When Retreating] Put 1 Field Minion card with cost 6 or less from your hand onto your field (not a summon).",
    "Laurel Treewalker": "<Base> [When Retreating] Make 1 green mana in your base Active.",
    "Morpheo Scarl": '[During Your Mana Phase] Whenever a card named "Village Girl of Demete" is placed into your base, draw 1 card. This effect does not stack.',
    "Amarylia - Master of Secret Arts": "[When Attacking] Rest 1 of your opponent's minions or Forces.\n<Base> [When Retreating] Make 2 green mana in your base Active.",
    "Mad Rhino": "<Base> [When Retreating] 1 of your opponent's minions gets -200 BP.",
    "Revenant - The Three-Headed Knight": "[When Destroyed] You may put 3 Token Revenant S (purple, Skeleton, cost 2, 200 BP/1 DP, Revenge) onto your field.\n<Base> [When Retreating] 1 of your opponent's minions gets -400 BP.",
    "Reincarnation": "[Main] Put 1 Field Minion card from your trash onto your field (not a summon).",
    "Shovel Golem": "<Base> [When Retreating] Put 1 Token Golem S (red, Golem, cost 1, 100 BP/1 DP) onto your field.",
    "Vlad Hyuzi - The Redbeard": "[When Attacking] 1 of your opponent's minions gets -300 BP until the end of the turn.\n<Base> [When Retreating] Put 2 Token Golem S (red, Golem, cost 1, 100 BP/1 DP) onto your field.",
    "Angel Bunny": "<Base> [When Retreating] Make 1 of your yellow minions with cost 6 or more Active.",
    "Xing Xing": "[Passive] Whenever one of your other minions enters your field, this minion gets +100 BP.",
    "Bellows of Avarice": "[When Destroyed] Return 1 of your opponent's minions to your opponent's hand.\n<Base> [When Retreating] Make 1 of your yellow minions Active.",
}
EXPECTED |= EXPECTED_HAND

# The expected texts of the AWAKEN and BEYOND cards: one file per group of cards in
# tests/cards_expected/ ("Card Name" = """text"""), read into EXPECTED.
for _path in sorted((Path(__file__).parent / "cards_expected").glob("*.toml")):
    EXPECTED.update(tomllib.loads(_path.read_text("utf-8")))
# PC01/PC01R: the battle cards (ZR 13.1-13.4, ZR 13.12, ZR 10.8, ZR 10.9)
EXPECTED.update(
    {
        "Azul - The Magician": "[On Your Turn] This minion cannot be blocked.",
        "Brave Dramar": "[When Attacking] This minion gets +1 DP for each of your other minions during this battle.",
        "Giga Cyclops": "[On Your Turn] This minion cannot be blocked by minions with cost 3 or less.",
        "Barichalgo": "[On Your Opponent's Turn] Whenever one of your opponent's minions with cost 5 or less attacks, if the attack targets you, make this minion Active.",
        "Maddor": "[Passive] This minion is destroyed at the end of each battle it takes part in.\n[Passive] This minion enters the base Rested.",
        "Ashbringer": "[Passive] If your opponent has 1 or more undestroyed Forces, this minion cannot attack, block or move.\n[Passive] Whenever one of your other minions attacks, if the attack targets a Force, that minion gets +200 BP during this battle.",
        "Crimson Maille": "Revenge\n[When Attacking] If the attack targets a Force, this minion gets +1 DP during this battle.",
        "Zintine - Seeker of False Gods": "[When Attacking] You may destroy 1 of your other minions. If you do, make this minion Active.",
        "Spike Lizard": "[Passive] If you have 2 or fewer minions, this minion cannot attack.\n[Passive] This minion enters the base Rested.",
        "Iron Hammer Golem": "[When Attacking] If the attack targets your opponent, draw 1 card.",
        "Doberman Tracer": "[When Attacking] Your opponent must block.",
        "Alliance Chief Officer Deizler": "[On Your Opponent's Turn] Your opponent's minions with cost 5 or less cannot attack your Forces.",
        "Killer Jackuar": "[Passive] Whenever this minion wins a battle, draw 1 card.",
        "Black Jackuar": "[On Your Turn] Whenever this minion wins a battle, make this minion Active.",
        "D-08 Axebiter": "[Passive] Whenever one of your minions wins a battle, this minion gets +100 BP.",
        "Vicerave - The King": "[On Your Turn] Whenever one of your minions attacks, your opponent must block.\n[On Your Turn] Whenever this minion wins a battle, deal 1 damage to your opponent. Then, deal 1 damage to all your opponent's undestroyed Forces.",
        "Thexuvans - The Pious": "[When Attacking] You may make 1 of your opponent's minions Active. If you do, that minion must block during this battle.",
        "Flame Caiman": "[When Attacking] If the attack targets your opponent, this minion gets +100 BP.",
        "Paralyzer": "[Main]/[Flash] 1 of your opponent's minions with 500 BP or more cannot block until the end of the turn.",
        "Android Commando": "[Passive] This minion cannot block.\n<Base> [When Placed] You may have 1 of your opponent's minions be required to block during this turn.",
        "Kill Order": "[Main]/[Flash] 1 of your Soldier minions wins its battles regardless of BP until the end of the turn.",
        "R-A6 Vogelbein": "[When Attacking] Your opponent must block.",
        "Hellduke - The Decimator": "[When Attacking] & [When Blocking] You may rest 1 of your Active Forces. If you do, make this minion Active.",
        "Revolution Symphony": "[Main] 1 of your minions cannot be blocked until the end of the turn. "
        "If that minion is a Seawyrm, return this card to your hand.",
        "Combatant Schwein Android": "[Passive] Whenever this minion wins a battle, rest 1 of your "
        "opponent's minions.\n<Base> [When Retreating] Your minions cannot be chosen by your "
        "opponent's Magic cards until the end of the turn.",
        "Sapphire Dragon": "[On Your Turn] This minion cannot be blocked by colored minions.",
        "Lock-On": "[Main] Until the end of the turn, whenever one of your Hunter minions "
        "attacks, your opponent must block.",
        "Arondai - Origins 02": "[When Summoned] You may put 2 Token Golem S (red, Golem, cost 1, "
        "100 BP/1 DP) onto your field.\n[When Attacking] If the attack targets your opponent: "
        "Until the end of the turn, whenever an attack by one of your minions is blocked, deal 1 "
        "damage to your opponent.",
        "Dimensional Break": "[Main] Your minions get +100 BP. Then, until the end of the turn, "
        "whenever one of your minions wins a battle, deal 1 damage to your opponent.",
        "Ziren - Binder of Souls": "Swoop\n[When Summoned] 1 of your opponent's minions cannot attack, block or move until the end of your opponent's next turn.",
    }
)

EXPECTED_FORCES = {
    "force_sin": "[Passive] Your minions get +100 BP.",
    "force_eternity": "[At the End of Your Turn] Make all your non-token minions Active.",
    "force_fusion": "[On Your Turn] Your colorless mana may pay the colored part of Field Minion "
    "costs as any color.",
    "force_rebirth": "[At the End of Your Turn] Make all mana in your base Active.",
    "force_triumph": "[Passive] DP damage dealt to you by minions is reduced by 1.",
    "force_harmony": "[Passive] Your minions with cost 5 or more get +1 DP.",
    "force_sanctity": "[On Your Opponent's Turn] Your minions with cost 5 or less cannot be "
    "chosen by your opponent's minion effects.",
    "force_ascension": "[At the Start of Your Turn] If you have 4 or more mana in your base, "
    "gain 1 extra Movement.",
    "force_insight": "[Passive] Magic cards in your hand cost 2 less.",
    "force_temptation": "[On Your Turn] Whenever one of your non-token minions moves from the "
    "base to the field, put 1 colorless mana token into your base Rested.\n"
    "[On Your Turn] Whenever you attach one of your Boost cards from the base to a minion, "
    "put 1 colorless mana token into your base Rested.",  # ZR 17.2
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_card_text_exact(name: str) -> None:
    found = POOL.card(name)
    assert found is not None, name
    assert card_text(found, POOL) == EXPECTED[name]


@pytest.mark.parametrize("force_id", sorted(EXPECTED_FORCES))
def test_force_text_exact(force_id: str) -> None:
    assert force_text(POOL.forces[force_id]) == EXPECTED_FORCES[force_id]


def test_expectations_cover_every_term_the_pool_uses() -> None:
    """The hand-written texts above cover every trigger, step, condition, filter, duration,
    during, target reference and keyword that the shipped records use."""
    used: set[tuple[str, Any]] = set()
    covered: set[tuple[str, Any]] = set()

    def terms(effect: Effect) -> set[tuple[str, Any]]:
        out = {("when", effect.when), ("during", effect.during)}
        out |= {("if", k) for k, _ in effect.condition}
        for step in effect.steps:
            out.add(("do", step.do))
            out |= {("if", k) for k, _ in step.condition}
            out |= {("param", k) for k, _ in step.params}
            out |= {("until", v) for k, v in step.params if k == "until"}
            sels = [step.target, effect.watch, step.param("per"), step.param("pick")]
            for sel in sels:
                if isinstance(sel, str):
                    out.add(("ref", sel))
                elif sel is not None:
                    out |= {("filter", k) for k, _ in sel.filters}
                    out |= {("zone", sel.zone), ("side", sel.side), ("count", sel.count)}
        return out

    for c in POOL.cards.values():
        bucket = [used] + ([covered] if c.name in EXPECTED else [])
        for b in bucket:
            b |= {("keyword", k) for k in c.keywords}
            for effect in c.effects:
                b |= terms(effect)
    for force in POOL.forces.values():
        for effect in force.effects:
            used |= terms(effect)
            covered |= terms(effect)
    assert used - covered == set()


# ----------------------------------------------------------------------------------------------
# Every term of the vocabulary has words


def test_every_trigger_has_its_label() -> None:
    texts = {}
    for when, label in vocab.TRIGGERS.items():
        effect: dict[str, Any] = {"when": when, "do": "modify", "target": "this", "bp": 100}
        if when in vocab.WHENEVER_TRIGGERS:
            effect["watch"] = {"side": "self"}
        text = text_of(effect, timing=["flash"]) if when == "cast" else text_of(effect)
        assert _text_problems(text) == [], when
        expected_label = f"[{label}]" if label else "[Flash]"
        assert text.startswith(expected_label + " "), (when, text)
        texts[when] = text
    assert len(set(texts.values())) == len(texts), "each trigger reads differently"
    assert texts["magic_used"].startswith("[Passive] Whenever you use a Magic card, ")
    assert texts["deals_damage"].startswith("[Passive] Whenever one of your minions deals damage")
    assert "moves from the base to the field" in texts["minion_advanced"]


@pytest.mark.parametrize("during", sorted(vocab.DURING))
def test_every_during_has_its_label(during: str) -> None:
    label = f"[{vocab.DURING[during]}]"
    passive = text_of({"when": "passive", "during": during, "do": "cannot_block"})
    assert passive == f"{label} This minion cannot block."
    triggered = text_of({"when": "destroyed", "during": during, "do": "draw"})
    assert triggered == f"{label} [When Destroyed] Draw 1 card."


def test_effect_zones() -> None:
    base = text_of({"when": "turn_start", "zone": "base", "do": "draw"})
    assert base == "<Base> [At the Start of Your Turn] Draw 1 card."
    assert text_of({"when": "summoned", "zone": "field", "do": "draw"}) == (
        "[When Summoned] Draw 1 card."
    )
    assert text_of({"when": "turn_start", "zone": "hand", "do": "draw"}).startswith("<Hand> ")


SAMPLE_PARAMS: dict[str, Any] = {
    "count": 2,
    "amount": 2,
    "bp": -200,
    "dp": 2,
    "grant": ["pierce"],
    "until": "battle",
    "per": {"side": "opponent", "zone": "forces", "destroyed": True},
    "rested": True,
    "reveal": True,
    "active": True,
    "pick": {"type": "magic"},
    "rest": "bottom_random",
    "by": "opponent_minion_effects",
    "card_type": "magic",
    "to": "player",
    "source": "minion",
    "part": "all",
    "at": "turn_end",
    "of": {"color": "red"},
    "paying_for": {"type": "field_minion", "class": "Dragon"},  # (mana_worth)
    "reduced_per": {"side": "opponent", "zone": "forces", "destroyed": False},
    "cost_max": 3,
    "side": "any",
    "each": True,
    "hand_size": 4,
    "original_bp": -100,
    "original_dp": -1,
    "set_bp": 0,
    "set_dp": 0,
    "attack": True,
    "block": True,
    "move": True,
    "blockers": {"cost_max": 3},
    "color": "red",
    "instead_if": {"it_class": "Dragon"},
    "instead_bp": -600,
    "instead_dp": -1,
    "it_cost": True,
    "that_damage": True,
}
# parameters that go together: each is tried with its companions (modify's `instead_if`)
COMPANION_PARAMS = {
    "instead_if": {"instead_bp": -600},
    "instead_bp": {"instead_if": {"it_class": "Dragon"}},
    "instead_dp": {"instead_if": {"it_class": "Dragon"}},
}


def _step_record(do: str) -> dict[str, Any]:
    """The smallest valid effect with step `do`."""
    static = do in vocab.STATIC_STEPS
    effect: dict[str, Any] = {"when": "passive" if static else "summoned", "do": do}
    if do in vocab.TARGETED:
        effect["target"] = "this" if static else {"side": "opponent"}
    if do == "modify":
        effect["bp"] = 100
    if do == "create_token":
        effect["token"] = "red_01_04_00_00"
    if do == "look_top":
        effect["count"] = 3
    if do == "gain_ability":
        effect["ability"] = {"when": "destroyed", "do": "draw"}
    if do == "gain_trigger":  # its later steps are the effect gained
        return {"when": "summoned", "steps": [
            {"do": do, "on": "minion_attacks", "watch": {"side": "self"}},
            {"do": "draw"},
        ]}  # fmt: skip
    for param in vocab.REQUIRED.get(do, ()):
        kind = vocab.STEPS[do][param]
        if kind == "keywords":
            effect.setdefault(param, ["charge"])
        elif kind == "selector":  # (next_cost_zero's `of`: a kind of card; others: your own)
            effect.setdefault(param, {"type": "magic"} if param == "of" else {"side": "self"})
        elif kind == "effect":
            effect.setdefault(param, {"when": "attacking", "do": "draw"})
        elif isinstance(kind, tuple):
            effect.setdefault(param, kind[0])
        else:
            effect.setdefault(param, 1)
    return effect


@pytest.mark.parametrize("do", sorted(vocab.STEPS))
def test_every_step_and_parameter_has_words(do: str) -> None:
    base = _step_record(do)
    plain = text_of(base)
    assert _text_problems(plain) == [], plain
    if "steps" in base:  # gain_trigger: its parameters are all required, in the record
        return
    for param in vocab.STEPS[do]:
        if param == "target" or (param in base and param not in ("bp", "count", "amount")):
            continue
        sample = SAMPLE_PARAMS[param]
        if param == "count" and do == "look_top":
            sample = 5
        if param == "to" and do == "moves_active":  # (a zone, not reduce_damage's "player")
            sample = "field"
        if param in ("bp", "dp") and do == "create_token":
            sample = 700
        plain_here, base_here = plain, base
        if do == "look_top" and param == "to":
            sample = "field"
        if do == "look_top" and param in ("reveal", "to"):  # both speak of the picked cards
            base_here = {**base, "pick": {"type": "minion"}}
            plain_here = text_of(base_here)
        varied = text_of({**base_here, **COMPANION_PARAMS.get(param, {}), param: sample})
        assert _text_problems(varied) == [], (param, varied)
        assert varied != plain_here, f"'{do}' renders the same with and without {param}"


def test_every_step_renders_differently() -> None:
    texts = {do: text_of(_step_record(do)) for do in vocab.STEPS}
    assert len(set(texts.values())) == len(texts)


@pytest.mark.parametrize("cond", sorted(vocab.CONDITIONS))
def test_every_condition_has_words(cond: str) -> None:
    values: dict[str, dict[str, Any]] = {
        "mana_color": {"mana_color": "blue", "at_least": 3},
        "at_least": {"mana_color": "blue", "at_least": 3},
        "mana_at_least": {"mana_at_least": 6},
        "it_class": {"it_class": "Elf"},
        "opponent_turn": {"opponent_turn": True},
        "done": {"done": True},
        "placed_mana": {"placed_mana": "red"},
        "only_token_mana": {"only_token_mana": True},
        "hand_at_most": {"hand_at_most": 4},
        "used_magic": {"used_magic": {"color": "blue"}},
        "summoned": {"summoned": {"other": True, "cost_min": 5}},
        "you_have": {"you_have": {"side": "self", "class": "Demigod"}},
        "life_at_least": {"life_at_least": 7},
        "life_at_most": {"life_at_most": 3},
        "forces_destroyed": {"forces_destroyed": "all"},
        "attack_target": {"attack_target": "force"},
        "opponent_forces_at_least": {"opponent_forces_at_least": 1},
        "minions_at_most": {"minions_at_most": 2},
        "beat": {"beat": {"cost_max": 3}},
        "boost_in_play": {"boost_in_play": True},
        "once_per_turn": {"once_per_turn": "this"},
        "chosen_force": {"chosen_force": "triumph"},
        "damaged_this_turn": {"damaged_this_turn": False},
    }
    effect = {
        "when": "summoned",
        "steps": [{"do": "rest", "target": {"side": "opponent"}}, {"do": "draw"}],
    }
    plain = text_of(effect)
    effect["steps"][1]["if"] = values[cond]
    text = text_of(effect)
    assert _text_problems(text) == [], text
    assert text != plain
    if vocab_terms.CONDITIONS[cond].plain:  # its words open the sentence: "Once per turn, ..."
        assert ". If " not in text and ". Once per turn, draw" in text
    else:
        assert ". If " in text


def test_conditions_read_as_the_game_says() -> None:
    steps: list[dict[str, Any]] = [{"do": "rest", "target": {"side": "opponent"}}, {"do": "draw"}]

    def with_if(cond: dict[str, Any]) -> str:
        return text_of({"when": "summoned", "steps": [steps[0], {**steps[1], "if": cond}]})

    lead = "[When Summoned] Rest 1 of your opponent's minions. "
    assert with_if({"done": True}) == lead + "If you do, draw 1 card."
    assert with_if({"done": False}) == lead + "If you do not, draw 1 card."
    assert with_if({"it_class": "Elf"}) == lead + "If that minion is an Elf, draw 1 card."
    assert with_if({"opponent_turn": False}) == lead + "If it is your turn, draw 1 card."
    assert with_if({"chosen_force": "triumph"}) == (
        lead + "If you have chosen the Force of Triumph, draw 1 card."  # ZR 20.1
    )
    assert with_if({"mana_at_least": 6, "opponent_turn": True}) == (
        lead + "If you have 6 or more mana in your base and it is your opponent's turn, "
        "draw 1 card."
    )


def test_effect_condition_with_several_steps() -> None:
    text = text_of(
        {
            "when": "turn_start",
            "if": {"mana_at_least": 3},
            "steps": [{"do": "draw"}, {"do": "discard"}],
        }
    )
    assert text == (
        "[At the Start of Your Turn] If you have 3 or more mana in your base: "
        "Draw 1 card. Then, discard 1 card."
    )


FILTER_SAMPLES: dict[str, list[Any]] = {
    "bp_max": [400],
    "bp_min": [200],
    "cost_max": [4],
    "cost_min": [5],
    "class": ["Golem"],
    "color": list(COLORS),
    "type": list(vocab.FILTERS["type"]),  # type: ignore[arg-type]
    "name": ["Drill Golem"],
    "keyword": list(KEYWORDS),
    "token": [True, False],
    "destroyed": [True, False],
    "colored": [True, False],
    "colors": [["yellow", "colorless"]],
    "boosted": [True, False],  # ZR 17.5: a minion with (without) a Boost card attached
    "or_player": [True],
    "class_any": ["Beast/Five Star"],
    "dp_max": [0, 1],
    "rested": [True, False],
    "names": [["Drill Golem"], ["Drill Golem", "Miner of Aguma"]],
    "not_name": ["Drill Golem"],
    "not_class": ["Monster"],
    "not_class_any": ["Dragon/Dragonewt", "Monster"],
    "blocking": [True],
    "any_of": [
        [{"color": "yellow"}, {"cost_min": 9}],
        [{"class": "Elf", "bp_max": 300}, {"name": "Drill Golem"}],
    ],
    "lowest_cost": [True],
    "has_trigger": ["destroyed", "summoned"],
}
WATCH_ONLY = ("this",)  # a watch's filter: the trigger's words say "this minion"


@pytest.mark.parametrize("name", sorted(set(vocab.FILTERS) - set(WATCH_ONLY)))
@pytest.mark.parametrize("zone", ["field", "hand", "forces"])
def test_every_selector_filter_has_words(name: str, zone: str) -> None:
    effect = {"when": "summoned", "do": "destroy", "target": {"side": "opponent", "zone": zone}}
    plain = text_of(effect)
    texts = set()
    for value in FILTER_SAMPLES[name]:
        text = text_of({**effect, "target": {**effect["target"], name: value}})
        assert _text_problems(text) == [], text
        if zone == "field" and (name, value) == ("type", "minion"):
            assert text == plain  # on the field every card is a minion
            continue
        texts.add(text)
    if zone == "forces" and name in ("type", "token"):
        return  # Forces have no card type and are never tokens
    assert plain not in texts, f"filter {name} changes nothing in zone {zone}"
    assert len(texts) == len(FILTER_SAMPLES[name]) - (zone == "field" and name == "type")


def test_filter_words() -> None:
    def destroy(**target: Any) -> str:
        return text_of({"when": "summoned", "do": "destroy", "target": target})

    lead = "[When Summoned] Destroy "
    assert destroy(any_of=[{"color": "yellow"}, {"cost_min": 9}]) == (
        lead + "1 minion that is yellow or has cost 9 or more."
    )
    assert destroy(any_of=[{"class": "Elf", "bp_max": 300}, {"name": "Drill Golem"}]) == (
        lead + '1 minion that is Elf and has 300 BP or less or is named "Drill Golem".'
    )
    assert destroy(bp_max=400) == lead + "1 minion with 400 BP or less."
    assert destroy(bp_min=400) == lead + "1 minion with 400 BP or more."
    assert destroy(bp_min=200, bp_max=400) == lead + "1 minion with 200 to 400 BP."
    assert destroy(cost_min=2, cost_max=4, keyword="charge") == (
        lead + "1 minion with cost 2 to 4 and Charge."
    )
    assert destroy(color="blue", **{"class": "Merfolk"}) == lead + "1 blue Merfolk minion."
    assert destroy(type="base_minion") == lead + "1 Base Minion."
    assert destroy(token=True, count="all") == lead + "all Token Minions."
    assert destroy(token=False, side="self") == lead + "1 of your non-token minions."
    assert destroy(name="Drill Golem") == lead + '1 minion named "Drill Golem".'
    assert destroy(zone="forces", side="opponent", destroyed=False) == (
        lead + "1 of your opponent's undestroyed Forces."
    )
    assert destroy(zone="base", side="opponent", token=True, count=2, up_to=True) == (
        lead + "up to 2 colorless mana tokens in your opponent's base."
    )
    assert destroy(zone="hand", side="opponent", type="magic") == (
        lead + "1 Magic card in your opponent's hand."
    )


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ({}, "1 minion"),
        ({"side": "self"}, "1 of your minions"),
        ({"side": "opponent"}, "1 of your opponent's minions"),
        ({"count": 2}, "2 minions"),
        ({"count": 2, "up_to": True}, "up to 2 minions"),
        ({"count": "all"}, "all minions"),
        ({"count": "all", "side": "self"}, "all your minions"),
        ({"other": True}, "1 other minion"),
        ({"other": True, "side": "self", "count": "all"}, "all your other minions"),
        ({"or_force": True}, "1 minion or 1 Force"),
        ({"zone": "base", "side": "self"}, "1 mana in your base"),
        ({"zone": "hand", "side": "opponent"}, "1 card in your opponent's hand"),
        ({"zone": "trash", "side": "any"}, "1 card in either player's trash"),
        ({"zone": "deck", "side": "self"}, "1 card in your deck"),
        ({"zone": "forces", "side": "opponent"}, "1 of your opponent's Forces"),
    ],
)
def test_selector_words(target: dict[str, Any], words: str) -> None:
    text = text_of({"when": "summoned", "do": "destroy", "target": target})
    assert text == f"[When Summoned] Destroy {words}."


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("this", "Destroy this minion."),
        ("player", "Deal 1 damage to you."),
        ("opponent", "Deal 1 damage to your opponent."),
    ],
)
def test_target_references(target: str, words: str) -> None:
    do = "destroy" if target == "this" else "damage"
    assert text_of({"when": "attacking", "do": do, "target": target}) == f"[When Attacking] {words}"


def test_target_it_is_the_previous_steps_choice() -> None:
    one = text_of(
        {
            "when": "summoned",
            "steps": [
                {"do": "rest", "target": {"side": "self"}},
                {"do": "destroy", "target": "it"},
            ],
        }
    )
    assert one == "[When Summoned] Rest 1 of your minions. Destroy that minion."
    many = text_of(
        {
            "when": "summoned",
            "steps": [
                {"do": "rest", "target": {"side": "opponent", "count": 2}},
                {"do": "must_block", "target": "it"},
            ],
        }
    )
    assert many.endswith(" Those minions must block during this turn.")
    forces = text_of(
        {
            "when": "summoned",
            "steps": [
                {"do": "rest", "target": {"zone": "forces", "side": "opponent"}},
                {"do": "activate", "target": "it"},
            ],
        }
    )
    assert forces.endswith(" Make that Force Active.")


def test_this_depends_on_the_owner() -> None:
    step = {"when": "passive", "do": "cost_reduction", "target": "this", "amount": 1}
    assert text_of(step) == "[Passive] This minion costs 1 less."
    force = parse_force(
        {"id": "force_t", "name": "F", "creature": "C", "life": 2, "effects": [step]}, "t.toml"
    )
    assert force_text(force) == "[Passive] This Force costs 1 less."
    assert effect_text(force.effects[0]) == "[Passive] This card costs 1 less."


@pytest.mark.parametrize(
    ("until", "words"),
    [("end_of_turn", "until the end of the turn"), ("battle", "during this battle")],
)
def test_durations(until: str, words: str) -> None:
    effect = {"when": "blocking", "do": "modify", "target": "this", "bp": 200, "until": until}
    assert text_of(effect) == f"[When Blocking] This minion gets +200 BP {words}."


def test_optional_steps_say_you_may() -> None:
    assert text_of({"when": "summoned", "do": "draw", "optional": True}) == (
        "[When Summoned] You may draw 1 card."
    )
    assert (
        text_of({"when": "summoned", "do": "modify", "target": {}, "dp": 1, "optional": True})
        == "[When Summoned] You may have 1 minion get +1 DP."
    )
    assert (
        text_of(
            {"when": "summoned", "do": "heal", "target": "opponent", "amount": 2, "optional": True}
        )
        == "[When Summoned] You may have your opponent recover 2 life."
    )


def test_keywords_come_first_then_the_deck_line() -> None:
    c = card([{"when": "summoned", "do": "draw"}], keywords=["swoop", "pierce"], deck_limit="any")
    assert card_text(c) == (
        "Swoop, Pierce\n<Deck> A deck may hold any number of this card.\n"
        "[When Summoned] Draw 1 card."
    )
    assert card_text(card(deck_limit=1)) == "<Deck> A deck may hold at most 1 copy of this card."


def test_token_creation_names_the_token_and_its_stats() -> None:
    golem_m = "red_04_04_00_00"
    effect = {"when": "summoned", "do": "create_token", "token": golem_m, "bp": 300, "dp": 1}
    assert text_of(effect) == (
        "[When Summoned] Put 1 Token Golem M (red, cost 4, 300 BP/1 DP, Charge) onto your field."
    )
    dragon = {"when": "placed", "do": "create_token", "token": "colorless_04_04_00_00", "count": 2}
    assert text_of(dragon) == (
        "[When Placed] Put 2 Token Dragon (colorless, Dragon, cost 4, 500 BP/2 DP) onto your field."
    )


def test_unknown_terms_raise() -> None:
    bogus = Effect("summoned", (Step("explode"),))
    with pytest.raises(ValueError, match="explode"):
        effect_text(bogus)
    with pytest.raises(ValueError, match="sunrise"):
        effect_text(Effect("sunrise", (Step("draw"),)))


# ----------------------------------------------------------------------------------------------
# Summaries, determinism, speed


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("Drill Golem", "Drill Golem — red Field Minion, cost 2 (red 1), 300 BP / 1 DP, Golem"),
        ("Miner of Aguma", "Miner of Aguma — red Base Minion, 300 BP / 1 DP, Dwarf"),
        ("High Pressure", "High Pressure — red Magic, cost 2 (red 1), [Main]/[Flash]"),
        ("Token Golem M", "Token Golem M — red Token Minion, cost 4"),
        (
            "Goblin Soldier",
            "Goblin Soldier — colorless Field Minion, cost 2, 300 BP / 1 DP, Goblin",
        ),
        (
            "R-B7 Gravion",
            "R-B7 Gravion — white Field Minion, cost 3 (white 1), 200 BP / 1 DP, Soldier",
        ),
    ],
)
def test_card_summary(name: str, summary: str) -> None:
    assert card_summary(POOL.card(name)) == summary  # type: ignore[arg-type]


def test_rendering_is_deterministic_and_fast() -> None:
    from zenonzard_tui.cards import render

    first = {cid: card_text(c, POOL) for cid, c in POOL.cards.items()}
    render._cache.clear()
    start = time.perf_counter()
    again = {cid: card_text(c, POOL) for cid, c in POOL.cards.items()}
    elapsed = time.perf_counter() - start
    assert again == first
    assert {cid: card_text(c) for cid, c in POOL.cards.items()} == first
    assert elapsed < 0.5, f"rendering the pool took {elapsed:.3f}s"


# ----------------------------------------------------------------------------------------------
# Random selectors still read as English

_selectors = st.fixed_dictionaries(
    {},
    optional={
        "side": st.sampled_from(vocab.SIDES),
        "zone": st.sampled_from(vocab.ZONES),
        "count": st.one_of(st.integers(1, 3), st.just("all")),
        "up_to": st.booleans(),
        "other": st.booleans(),
        "or_force": st.booleans(),
        "bp_max": st.integers(0, 900),
        "cost_min": st.integers(0, 9),
        "class": st.sampled_from(["Golem", "Elf", "Android"]),
        "color": st.sampled_from(COLORS),
        "type": st.sampled_from(vocab.FILTERS["type"]),  # type: ignore[arg-type]
        "keyword": st.sampled_from(KEYWORDS),
        "token": st.booleans(),
        "destroyed": st.booleans(),
    },
)


@settings(max_examples=300, deadline=None)
@given(
    target=_selectors,
    do=st.sampled_from(["destroy", "rest", "activate", "to_hand", "put_into_base", "modify"]),
    second=st.sampled_from(["must_block", "destroy", "to_hand"]),
)
def test_random_selectors_render_clean(target: dict[str, Any], do: str, second: str) -> None:
    first: dict[str, Any] = {"do": do, "target": target}
    if do == "modify":
        first["bp"] = 100
    effect = {"when": "summoned", "steps": [first, {"do": second, "target": "it"}]}
    text = text_of(effect)
    assert _text_problems(text) == [], text
    assert text.endswith(".")


# ----------------------------------------------------------------------------------------------
# docs/cards.md: every example renders as the page says

_EXAMPLE = re.compile(r"```toml\n(.*?)```\n((?:> [^\n]*\n)+)", re.S)


def _doc_examples() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in _EXAMPLE.finditer(DOCS.read_text("utf-8"))]


def test_docs_have_examples_for_every_step_trigger_condition_and_filter() -> None:
    examples = "\n".join(snippet for snippet, _ in _doc_examples())
    assert examples.count("\n") > 100
    assert len(_doc_examples()) == DOCS.read_text("utf-8").count("```toml")
    for do in vocab.STEPS:
        assert f'do = "{do}"' in examples, do
    for when in vocab.TRIGGERS:
        assert f'when = "{when}"' in examples, when
    for term in [*vocab.CONDITIONS, *vocab.FILTERS, *vocab.DURING, *vocab.DURATIONS]:
        assert term in examples, term


@pytest.mark.parametrize(("snippet", "quote"), _doc_examples())
def test_docs_examples_render_as_written(snippet: str, quote: str) -> None:
    expected = "\n".join(line[2:] for line in quote.splitlines())
    doc = tomllib.loads(snippet)
    if "card" in doc:
        got = card_text(parse_card(doc["card"][0], "docs", user=True), POOL)  # (a set of its own)
    elif "force" in doc:
        got = force_text(parse_force(doc["force"][0], "docs"))
    else:
        got = card_text(card(**doc), POOL)
    assert got == expected
