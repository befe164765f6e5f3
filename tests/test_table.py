"""The table and its channels (zenonzard_tui/table.py): one owner of the game, a channel per seat
and for spectators. A seat's channel gives nothing of the opponent's hand or deck, refuses what is
not that seat's to play, gives the log's events from an index, self-contained and JSON-ready, and
tells its subscribers of every change (also awaited in asyncio)."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest

from tests.client.helpers import BLUE, DECKS, RED
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.belief import seen_in_hand
from zenonzard_tui.engine.observe import EventView, Observation
from zenonzard_tui.engine.summary import MatchSummary
from zenonzard_tui.table import (
    Change,
    Channel,
    NotLegal,
    NotYourTurn,
    ReadOnly,
    Replay,
    Table,
    WorldNotOffered,
    deal,
)

# seeded games of deck pairs whose cards reveal, look at the deck and return cards to hand
GAMES = [
    (RED, BLUE, 3),
    (DECKS / "astral-court.deck", DECKS / "skyward-swoop.deck", 11),
    (DECKS / "yellow-ambush.deck", DECKS / "tidecallers.deck", 29),
]
SEEDS = tuple(seed for _, _, seed in GAMES)
STEPS = 160  # actions per seeded game: mulligans, several turns, battles (no whole AI games)


def table(seed: int = 3, first: str = "A", a=RED, b=BLUE) -> Table:
    return Table(deal(load_deck(a), load_deck(b), seed, first))


def deciding(t: Table) -> Channel:
    seat = t.channel(0).deciding()
    assert seat is not None
    return t.channel(seat)


def hidden_from(t: Table, seat: int) -> list[int]:
    """The uids `seat` may not know the card of: the opponent's deck, and the opponent's hand
    but for the cards shown going there (engine/belief.py)."""
    game = t.game
    opp = game.players[1 - seat]
    known = seen_in_hand(game, seat)
    return [u for u in opp.hand if u not in known] + list(opp.deck)


def other_world(t: Table, uids: list[int], rng: random.Random) -> Table:
    """The same game with the cards behind `uids` dealt afresh among themselves (and each
    shuffled against the whole pool's cards of the deck), so anything that shows them differs."""
    world = t.game.clone()
    defs = list(world.defs)
    pool = sorted({c.id: c for c in world.defs if c.type != "token"}.values(), key=lambda c: c.id)
    for uid in uids:
        choices = [c for c in pool if c.name != defs[uid].name]
        defs[uid] = rng.choice(choices)
    world.defs = defs
    world.forget_legal()
    return Table(world)


def seeded_play(seed: int, a=RED, b=BLUE):
    """Random legal actions of a seeded game, the table after each (the game is stopped after
    STEPS actions or at its end)."""
    t = table(seed, "A" if seed % 2 else "B", a, b)
    rng = random.Random(seed)
    yield t
    for _ in range(STEPS):
        if t.over:
            return
        channel = deciding(t)
        channel.act(rng.choice(channel.legal()))
        yield t


def as_json(channel: Channel, since: int) -> str:
    """Everything a channel gives, as the JSON a remote reader would get."""
    view = channel.observation().to_dict()
    events = [e.to_dict() for e in channel.events(since)]
    return json.dumps({"view": view, "events": events, "legal": channel.legal()}, sort_keys=True)


@pytest.mark.parametrize(("a", "b", "seed"), GAMES, ids=[f"{a.stem}-{b.stem}" for a, b, _ in GAMES])
def test_a_seat_channel_gives_nothing_of_the_opponents_hand_or_deck(a, b, seed):
    """At every step of seeded games, each seat's channel (its observation, the events since its
    last look, its legal actions) is the same in a world where every card hidden from it is
    another: what it gives depends only on what that seat may know. And its observation never
    holds the opponent's hand."""
    rng = random.Random(seed)
    since = [0, 0]
    steps = 0
    for t in seeded_play(seed, a, b):
        steps += 1
        for seat in (0, 1):
            channel = t.channel(seat)
            view = channel.observation()
            assert view.players[1 - seat].hand is None
            assert view.players[seat].hand is not None
            world = other_world(t, hidden_from(t, seat), rng)
            assert as_json(channel, since[seat]) == as_json(world.channel(seat), since[seat])
            since[seat] = channel.event_count()
    assert steps > 100  # the game went on long enough to mean something
    if a != RED:  # these decks' cards show cards going to a hand (the worlds keep those)
        kinds = {e.kind for e in t.spectator().events()}
        assert kinds & {"reveal", "to_hand"}


@pytest.mark.parametrize(("a", "b", "seed"), GAMES[1:], ids=[a.stem for a, _, _ in GAMES[1:]])
def test_a_spectator_sees_only_what_both_players_see(a, b, seed):
    """A spectator's channel is the same whichever cards are in either hand or deck (none is
    shown), never lists an action, and its events name neither player's draws."""
    rng = random.Random(seed)
    since = 0
    for t in seeded_play(seed, a, b):
        spectator = t.spectator()
        view = spectator.observation()
        assert view.seat == "spectator" and view.players[0].hand is None
        assert view.players[1].hand is None
        assert view.pending is None or view.pending.actions is None
        assert spectator.legal() == ()
        hidden = hidden_from(t, 0) + hidden_from(t, 1)  # both hands (but cards shown) and decks
        world = other_world(t, hidden, rng)
        assert as_json(spectator, since) == as_json(world.spectator(), since)
        for event in spectator.events(since):
            if event.kind == "draw":
                assert event.get("uid") is None and event.get("name") is None
                assert event.text is not None and event.text.endswith("draws a card.")
        since = spectator.event_count()


def test_what_a_channel_gives_comes_back_the_same_from_json():
    """A reader without the game (a remote client) rebuilds the very observation, events and
    summary a local channel gives, from their JSON."""
    since = 0
    for t in seeded_play(11):
        for channel in (t.channel(0), t.channel(1), t.spectator()):
            view = channel.observation()
            assert Observation.from_dict(json.loads(json.dumps(view.to_dict()))) == view
            for e in channel.events(since):
                assert EventView.from_dict(json.loads(json.dumps(e.to_dict()))) == e
        since = t.spectator().event_count()
    summary = t.spectator().summary()
    assert summary.sides[0].summoned + summary.sides[1].summoned > 0
    assert MatchSummary.from_dict(json.loads(json.dumps(summary.to_dict()))) == summary


def test_the_opponents_draw_is_counted_and_ones_own_named():
    t = table()
    while t.game.turn < 3:
        deciding(t).act(deciding(t).legal()[0])
    draws = [e for e in t.channel(0).events() if e.kind == "draw"]
    assert {e.seat for e in draws} == {"A", "B"}
    for e in draws:
        if e.seat == "A":
            name = t.game.defs[e.get("uid")].name
            assert e.get("name") == name and e.text == f"A draws {name}."
        else:
            assert e.get("uid") is None and e.get("name") is None and e.text == "B draws a card."


def test_a_card_taken_unseen_is_named_to_its_owner_only():
    """`Event.private`: a card taken from a look at the deck without showing it (LookTake) is
    named in its owner's events only."""
    t = table()
    uid = t.game.players[1].deck[0]
    name = t.game.defs[uid].name
    t.game.log.add("look_take", 1, uid)
    [own] = t.channel(1).events(t.channel(1).event_count() - 1)
    assert own.get("uid") == uid and own.get("name") == name and name in (own.text or "")
    for other in (t.channel(0), t.spectator()):
        [seen] = other.events(other.event_count() - 1)
        assert seen.get("uid") is None and seen.get("name") is None
        assert seen.text == "B puts a card into their hand."


def test_acting_out_of_turn_or_illegally_is_refused_and_changes_nothing():
    t = table()
    mover = deciding(t)
    other = t.channel(1 - (mover.seat or 0))
    text = mover.legal()[0]
    before = (t.step, list(t.texts), other.observation())
    assert other.legal() == ()
    with pytest.raises(NotYourTurn, match=r"not [AB].s decision"):
        other.act(text)
    with pytest.raises(NotLegal):
        mover.act("summon No Such Card")
    assert (t.step, list(t.texts), other.observation()) == before
    assert mover.act(text) == text and t.step == before[0] + 1


def test_a_finished_game_takes_no_action():
    t = table()
    t.channel(0).concede()
    assert t.over and t.game.outcome.winner == 1 and t.texts == ["A concedes"]
    for seat in (0, 1):
        assert t.channel(seat).legal() == ()
        with pytest.raises(NotYourTurn, match="over"):
            t.channel(seat).act("keep")


def test_a_spectator_cannot_act_nor_get_a_world():
    t = table()
    spectator = t.spectator()
    with pytest.raises(ReadOnly):
        spectator.act(deciding(t).legal()[0])
    with pytest.raises(WorldNotOffered):
        spectator.world()
    assert t.step == 0 and t.texts == []


def test_a_seat_world_is_a_copy_for_its_ai():
    """The local channel's `world()` (for the local AI only) is a copy: playing on it changes
    nothing at the table."""
    t = table()
    world = deciding(t).world()
    assert world is not t.game
    world.apply(world.legal_actions()[0])
    assert t.step == 0 and t.texts == [] and t.game.history == []


def test_events_since_an_index_are_the_tail_self_contained_and_json_ready():
    t = table(seed=5)
    rng = random.Random(5)
    while t.game.turn < 6 and not t.over:
        channel = deciding(t)
        channel.act(rng.choice(channel.legal()))
    channel = t.channel(0)
    every = channel.events()
    assert [e.index for e in every] == list(range(channel.event_count()))
    for k in (0, 1, len(every) // 2, len(every)):
        assert channel.events(k) == every[k:]
    kinds = {e.kind for e in every}
    assert {"setup", "turn", "draw", "mana"} <= kinds
    for e in every:
        again = EventView.from_dict(json.loads(json.dumps(e.to_dict())))
        assert again == e
        if e.get("uid") is not None:  # a card named by uid is named by name as well
            assert e.get("name") == t.game.defs[e.get("uid")].name
        if e.kind == "attack":
            assert e.get("target") == "player" or isinstance(e.get("target"), str)
    assert [e.text for e in every if e.text] == list(channel.observation().log)


def test_subscribers_are_told_every_change_in_order():
    t = table()
    told: list[Change] = []
    unsubscribe = t.channel(1).subscribe(told.append)
    first = deciding(t).act(deciding(t).legal()[0])
    second = deciding(t).act(deciding(t).legal()[0])
    assert [(c.step, c.text) for c in told] == [(1, first), (2, second)]
    assert all(c.seat in ("A", "B") and not c.reset for c in told)
    unsubscribe()
    deciding(t).act(deciding(t).legal()[0])
    assert len(told) == 2


def test_a_change_made_by_a_subscriber_is_told_after_the_one_it_answers():
    """Every subscriber hears the changes in the order they happened, even when one of them
    plays at once (auto-pass, a bot)."""
    t = table()
    heard: list[int] = []

    def bot(change: Change) -> None:
        if change.step == 1:
            deciding(t).act(deciding(t).legal()[0])

    t.channel(0).subscribe(bot)
    t.channel(1).subscribe(lambda change: heard.append(change.step))
    deciding(t).act(deciding(t).legal()[0])
    assert heard == [1, 2]


def test_an_undo_is_told_as_a_reset():
    from zenonzard_tui.client.session import Session, Settings

    a, b = load_deck(RED), load_deck(BLUE)
    s = Session(deal(a, b, 3, "A"), Settings("ai", 0, "easy", (a.name, b.name)))
    told: list[Change] = []
    s.spectator().subscribe(told.append)
    while len(s.texts) < 4:
        deciding(s).act(deciding(s).legal()[0])
    assert s.undo()
    assert told[-1].reset and told[-1].step == s.step == 5


async def test_next_change_wakes_an_awaiting_reader():
    t = table()
    channel = t.channel(1)
    waiting = asyncio.ensure_future(channel.next_change())
    await asyncio.sleep(0)
    assert not waiting.done()
    deciding(t).act(deciding(t).legal()[0])
    assert await asyncio.wait_for(waiting, 2) == 1
    assert await asyncio.wait_for(channel.next_change(0), 2) == 1  # already past: at once


async def test_next_change_wakes_from_another_thread():
    """A table played in a worker thread wakes the readers awaiting in the event loop."""
    t = table()
    waiting = asyncio.ensure_future(t.spectator().next_change())
    await asyncio.sleep(0)
    mover = deciding(t)
    worker = threading.Thread(target=lambda: mover.act(mover.legal()[0]))
    worker.start()
    assert await asyncio.wait_for(waiting, 2) == 1
    worker.join()


async def test_updates_iterate_the_steps():
    t = table()
    seen: list[int] = []

    async def read() -> None:
        async for step in t.channel(0).updates():
            seen.append(step)
            if step >= 3:
                return

    reader = asyncio.ensure_future(read())
    for _ in range(3):
        await asyncio.sleep(0)
        deciding(t).act(deciding(t).legal()[0])
    await asyncio.wait_for(reader, 2)
    assert seen[-1] == 3 and seen == sorted(seen)


def test_a_replay_is_read_only_at_every_step():
    t = table(seed=7)
    for _ in range(12):
        deciding(t).act(deciding(t).legal()[0])
    replay = Replay(t)
    assert len(replay) == 13 and replay.texts == t.texts
    assert replay.channel(12, 0).observation() == t.channel(0).observation()
    assert replay.channel(0, 1).observation().turn == 0
    with pytest.raises(ReadOnly):
        channel = replay.channel(12, 0)
        channel.act(t.channel(0).legal()[0] if t.channel(0).legal() else "keep")


@pytest.mark.parametrize(("a", "b", "seed"), GAMES)
def test_a_replays_views_are_the_tables_at_every_step_for_every_reader(a, b, seed):
    """Each step's channel (A's, B's, the spectator's) gives what a table of that step's game
    gives, log included (the replay writes each reader's sentences once for the whole game),
    and `turns` is each step's turn."""
    t = table(seed=seed, a=a, b=b)
    games = [t.game.clone()]
    for _ in range(STEPS):
        if t.over:
            break
        deciding(t).act(deciding(t).legal()[0])
        games.append(t.game.clone())
    replay = Replay(t)
    for step in range(len(replay) - 1, -1, -1):  # from the end: no step primes the next
        fresh = Table(games[step].clone())
        assert replay.turns[step] == games[step].turn
        for seat in (0, 1):
            assert replay.channel(step, seat).observation() == fresh.channel(seat).observation()
        assert replay.channel(step, None).observation() == fresh.spectator().observation()


def test_a_saved_table_loads_as_it_was(tmp_path):
    from zenonzard_tui.table import load_table

    t = table(seed=9)
    for _ in range(15):
        deciding(t).act(deciding(t).legal()[0])
    path = t.save(tmp_path / "game.json")
    again = load_table(path)
    assert again.texts == t.texts and again.save_path == path and not again.unsaved
    for seat in (0, 1):
        assert again.channel(seat).observation() == t.channel(seat).observation()
    assert again.spectator().events() == t.spectator().events()


def test_a_reader_whose_loop_has_ended_does_not_stop_the_game():
    t = table()
    loop = asyncio.new_event_loop()
    waiting = loop.create_task(t.spectator().next_change())
    loop.run_until_complete(asyncio.sleep(0.01))  # the reader awaits the next change
    waiting.cancel()
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    deciding(t).act(deciding(t).legal()[0])  # no "event loop is closed"
    assert t.step == 1


def test_channels_are_channels():
    t = table()
    assert isinstance(t.channel(0), Channel) and isinstance(t.spectator(), Channel)
    assert t.channel(0) is t.channel(0) and t.channel(1).seat == 1 and t.spectator().seat is None


def test_the_table_imports_nothing_of_textual():
    import subprocess
    import sys

    code = "import sys, zenonzard_tui.table; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
