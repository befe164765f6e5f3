"""Hidden information, proven on the wire: every byte a seat receives over whole games names no
card of the opponent's hand or deck before the rules make it public (ZR 3.1).

What is public is read off a spectator of the same room, who sees only what both players see. The
two decks share no card, so a card's id or name in a seat's frames is its own or the opponent's
without doubt; each opponent's card found in a seat's frame must have shown in the spectator's
frames by then (the same update index or earlier). Games between random players, and one with
bots that ask for their seat's world (the whole state as the seat may know it, engine/snapshot.py)
at every decision."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter

import pytest

from tests.net.conftest import running
from zenonzard_tui.cards import load_pool
from zenonzard_tui.decks import parse_deck
from zenonzard_tui.net.remote import Link

STARTERS = ("red-rush", "blue-tides")


def _decks() -> tuple[str, str]:
    """Red Rush, and Blue Tides with every card Red Rush has too swapped for basic blue cards."""
    from zenonzard_tui.decks import find_deck, read_deck_text

    red, blue = (read_deck_text(find_deck(name)) for name in STARTERS)
    red_ids = set(parse_deck(red).deck.card_ids)  # type: ignore[union-attr]
    deck = parse_deck(blue).deck
    assert deck is not None
    counts = Counter(cid for cid in deck.card_ids if cid not in red_ids)
    pool = load_pool()
    spare = sorted(
        c.id
        for c in pool.cards.values()
        if c.color == "blue" and c.type == "field_minion" and c.id not in red_ids
        and c.id not in counts
    )  # fmt: skip
    while sum(counts.values()) < 40:
        counts[spare.pop(0)] += min(3, 40 - sum(counts.values()))
    forces = ", ".join(f.id for f in deck.forces)
    text = f"# name: Blue apart\nForces: {forces}\n" + "".join(
        f"{n} {c}\n" for c, n in counts.items()
    )
    assert parse_deck(text).deck is not None, parse_deck(text).problems
    return red, text


def _cards(deck_text: str) -> set[str]:
    deck = parse_deck(deck_text).deck
    assert deck is not None
    return set(deck.card_ids)


async def _player(link: Link, seed: int, frames: list[tuple[int, str]], world: bool) -> None:
    from zenonzard_tui.ai import AIPlayer
    from zenonzard_tui.cli.bot_cmd import decide

    rng = random.Random(seed)
    ai = AIPlayer("easy", seed) if world else None
    index = 0
    assert link.ws is not None
    async for message in link.messages():
        frames.append((message.get("index", index), json.dumps(message)))
        if message["type"] == "update":
            index = message["index"]
            if message["actions"]:
                text = decide(ai, rng, message) if ai else rng.choice(message["actions"])
                await link.send({"type": "act", "action": text, "index": index})
        elif message["type"] == "over":
            return


async def _watch(link: Link, frames: list[tuple[int, str]]) -> None:
    index = 0
    async for message in link.messages():
        if message["type"] == "update":
            index = message["index"]
        frames.append((index, json.dumps(message)))
        if message["type"] == "over":
            return


def _public_ids(save: dict) -> list[set[str]]:
    """For each number of actions played, the ids of the cards that have been public so far: in
    play (a field or a base), in a trash, or shown to both players (a reveal)."""
    from zenonzard_tui.engine.observe import observe
    from zenonzard_tui.engine.save import start_game

    game = start_game(save, "the room's save")
    public: set[str] = set()
    out = []
    seen_events = 0
    for n in range(len(save["actions"]) + 1):
        for p in observe(game, 0).players:  # the public zones, as either seat sees them
            public.update(view.id for view in (*p.field, *p.base, *p.trash))
        for event in game.log.records[seen_events:]:
            if type(event).__name__ in ("Reveal", "LookTake", "Summon", "Cast", "Discard", "Mill"):
                uid = getattr(event, "uid", None)
                if isinstance(uid, int) and uid < len(game.defs):
                    public.add(game.defs[uid].id)
        seen_events = len(game.log.records)
        out.append(set(public))
        if n < len(save["actions"]):
            game.apply(save["actions"][n])
    return out


def _first_seen(frames: list[tuple[int, str]], needles: dict[str, re.Pattern[str]]) -> dict:
    seen: dict[str, int] = {}
    for index, text in frames:
        for card, pattern in needles.items():
            if card not in seen and pattern.search(text):
                seen[card] = index
    return seen


def _public_by_card(seen: dict[str, int]) -> dict[str, int]:
    """The first update at which each card was shown, by its id or its name ("<id>/name")."""
    out: dict[str, int] = {}
    for key, at in seen.items():
        card = key.removesuffix("/name")
        out[card] = min(at, out.get(card, at))
    return out


@pytest.mark.parametrize("world", [False, True], ids=["random-players", "bots-with-worlds"])
async def test_no_seat_is_sent_a_hidden_card_of_the_opponent(world):
    red, blue = _decks()
    pool = load_pool()
    own = {"A": _cards(red), "B": _cards(blue)}
    own_names = {s: {pool.cards[c].name for c in ids} for s, ids in own.items()}
    async with asyncio.timeout(120), running() as server:
        for game in range(2):
            a, b, w = Link(server.url), Link(server.url), Link(server.url)
            await a.open()
            room = (await a.enter({"type": "create", "deck": red, "world": world})).room
            await w.open(room)
            await w.enter({"type": "watch", "room": room})
            await b.open(room)
            await b.enter({"type": "join", "room": room, "deck": blue, "world": world})
            frames: dict[str, list[tuple[int, str]]] = {"A": [], "B": [], "watch": []}
            await asyncio.gather(
                _player(a, game * 2 + 1, frames["A"], world),
                _player(b, game * 2 + 2, frames["B"], world),
                _watch(w, frames["watch"]),
            )
            save = json.loads(frames["A"][-1][1])["save"]
            public_at = _public_ids(save)
            every = own["A"] | own["B"]
            names = {c: pool.cards[c].name for c in every}
            plain = {  # names that no other card's name contains
                c: n
                for c, n in names.items()
                if not any(n in m for d, m in names.items() if d != c)
            }
            for index, text in frames["watch"]:  # the spectator: only what is public
                named = {c for c in every if c in text or (c in plain and plain[c] in text)}
                assert named <= public_at[index], (game, index, named - public_at[index])
            for seat, other in (("A", "B"), ("B", "A")):
                # the opponent's cards: ids, and names that no card of the seat's own contains
                needles = {c: re.compile(re.escape(c)) for c in own[other]}
                for c in own[other]:
                    name = pool.cards[c].name
                    if not any(name in mine for mine in own_names[seat]):
                        needles[c + "/name"] = re.compile(re.escape(name))
                # public once the spectator was shown the card by its id or by its name: a
                # Magic being cast is named in the spectator's events, and its id is in the
                # caster's opponent's world while a choice of theirs is pending during its
                # resolution (ZR 3.5 with a full base: Tidal Wave), before any zone shows it
                public = _public_by_card(_first_seen(frames["watch"], needles))
                over_at = next(i for i, (_, t) in enumerate(frames[seat]) if '"type": "over"' in t)
                for key, at in _first_seen(frames[seat][:over_at], needles).items():
                    card = key.removesuffix("/name")
                    assert card in public and public[card] <= at, (
                        f"game {game}: seat {seat} was sent {card} of {other} at update {at}, "
                        f"before it was public ({public.get(card)})"
                    )
            for link in (a, b, w):
                await link.close()


TIDAL_WAVE_AT_A_FULL_BASE = """
name = "B casts Tidal Wave on A's attacker; A's base is full, so A chooses a card to trash"
[state]
turn = 5
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
base = ["Miner of Aguma", "Miner of Aguma", "Miner of Aguma", "Miner of Aguma", "Miner of Aguma",
        "Miner of Aguma", "Miner of Aguma", "Miner of Aguma", "Miner of Aguma", "Miner of Aguma"]
[state.B]
hand = ["Tidal Wave"]
base = ["Songbird of Poseido", "Songbird of Poseido", "Songbird of Poseido"]
[[step]]
do = "attack Drill Golem -> player"
[[step]]
do = "cast Tidal Wave"
[[step]]
do = "choose Drill Golem"
"""


def test_a_magic_in_resolution_is_in_the_opponents_world_and_named_to_a_spectator():
    """Why the test above counts a card public once a spectator was shown its name: while a
    Magic resolves, a choice of its caster's opponent may be pending (ZR 3.5: A's base is full
    when Tidal Wave moves A's minion there). The Magic is in no zone, so no observation shows its
    id, but the cast is public (ZR 6): the spectator's events name it, and A's world holds it."""
    from zenonzard_tui.engine.observe import SPECTATOR, event_views, spectate
    from zenonzard_tui.engine.snapshot import seat_snapshot
    from zenonzard_tui.scenarios import parse_scenario, run_scenario

    result = run_scenario(parse_scenario(TIDAL_WAVE_AT_A_FULL_BASE))
    assert result.passed, result.message
    game = result.game
    assert game.pending is not None and game.pending.seat == 0  # A chooses the card to trash
    tidal = "blue_03_03_00_01"
    assert tidal in json.dumps(seat_snapshot(game, 0))
    assert tidal not in json.dumps(spectate(game).to_dict())
    said = json.dumps([e.to_dict() for e in event_views(game, SPECTATOR)])
    assert "Tidal Wave" in said
