"""The duel server (zenonzard_tui/net) on 127.0.0.1: whole games between two clients, the hello
and its version checks, seats and tokens, spectators, reconnects, a restart, the grace period, and
bad messages. Each test is bounded in time (asyncio.timeout)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.net.conftest import FAST, deck, running
from zenonzard_tui.clock import ClockSetting
from zenonzard_tui.engine.save import load_record
from zenonzard_tui.net.protocol import PROTOCOL, Versions
from zenonzard_tui.net.remote import Link, LinkError
from zenonzard_tui.net.server import Limits

RED, BLUE = deck("red-rush"), deck("blue-tides")


async def seated(url: str, **extra: Any) -> tuple[Link, Link, str]:
    a, b = Link(url, retry_every=0.05), Link(url, retry_every=0.05)
    await a.open()
    room = (await a.enter({"type": "create", "deck": RED, "name": "Ann", **extra})).room
    await b.open()
    await b.enter({"type": "join", "room": room, "deck": BLUE, "name": "Bob"})
    return a, b, room


async def random_player(
    link: Link, seed: int, stop_at: int | None = None, seen: list[dict] | None = None
) -> dict[str, Any]:
    """Play legal texts at random until the game is over (its `over` message) or the game reaches
    action `stop_at` (the last update)."""
    rng = random.Random(seed)
    last: dict[str, Any] = {}
    async for message in link.messages():
        if seen is not None:
            seen.append(message)
        if message["type"] == "over":
            return message
        if message["type"] == "update":
            last = message
            if stop_at is not None and message["index"] >= stop_at:
                return last
            if message["actions"]:
                text = rng.choice(message["actions"])
                await link.send({"type": "act", "action": text, "index": message["index"]})
        assert message["type"] != "error", message
    return last


async def test_two_clients_play_a_whole_game_and_both_get_its_save():
    async with asyncio.timeout(60), running() as server:
        a, b, _room = await seated(server.url)
        over_a, over_b = await asyncio.gather(random_player(a, 1), random_player(b, 2))
        assert over_a["result"] == over_b["result"] in ("A", "B", "draw")
        assert over_a["save"] == over_b["save"]
        game = load_record(over_a["save"], "the room's save")  # replays to the same end
        assert game.over and game.outcome.result() == over_a["result"]
        await a.close()
        await b.close()


async def test_the_hello_must_match_program_protocol_and_pool():
    async with asyncio.timeout(20), running() as server:
        ours = Versions.ours()
        for wrong, word in (
            ({"protocol": PROTOCOL + 1}, "protocol"),
            ({"program": "0.0.1"}, "zenonzard-tui 0.0.1"),
            ({"pool": "other-pool"}, "card pool"),
        ):
            hello = {"type": "hello", "program": ours.program, "protocol": ours.protocol,
                     "pool": ours.pool, **wrong}  # fmt: skip
            async with connect(server.url) as ws:
                await ws.send(json.dumps(hello))
                reply = json.loads(await ws.recv())
                assert reply["type"] == "error" and reply["code"] == "version"
                assert word in reply["message"]
                await ws.wait_closed()
        async with connect(server.url) as ws:  # anything before hello is refused
            await ws.send(json.dumps({"type": "watch", "room": "AAAAAA"}))
            assert json.loads(await ws.recv())["code"] == "hello_first"


async def test_a_link_says_why_the_server_refused_it(monkeypatch):
    async with asyncio.timeout(20), running() as server:
        monkeypatch.setattr(Versions, "ours", classmethod(lambda cls: cls("9.9", PROTOCOL, "x")))
        link = Link(server.url)
        with pytest.raises(LinkError, match="version mismatch"):
            await link.open()


async def test_seats_need_the_code_and_actions_need_the_seat():
    async with asyncio.timeout(30), running() as server:
        a, b, room = await seated(server.url)
        third = Link(server.url)
        await third.open()
        with pytest.raises(LinkError, match="both seats"):
            await third.enter({"type": "join", "room": room, "deck": RED})
        with pytest.raises(LinkError, match="no room"):
            await third.enter({"type": "join", "room": "ZZZZZZ", "deck": RED})
        with pytest.raises(LinkError, match="token"):
            await third.enter({"type": "resume", "room": room, "token": "not-a-seat's"})
        # an action of the seat that does not decide is refused, and changes nothing
        first = await a.receive()  # start
        assert first["type"] == "start"
        update_a = await a.receive()
        await b.receive()
        update_b = await b.receive()
        if update_a["actions"]:
            decider, deciding, waiting, other = a, update_a, b, update_b
        else:
            decider, deciding, waiting, other = b, update_b, a, update_a
        assert other["actions"] is None
        text = deciding["actions"][0]
        await waiting.send({"type": "act", "action": text, "index": deciding["index"]})
        assert (await waiting.receive())["code"] == "not_your_turn"
        await decider.send({"type": "act", "action": "no such action", "index": deciding["index"]})
        assert (await decider.receive())["code"] == "illegal"
        await decider.send({"type": "act", "action": text, "index": 99})
        assert (await decider.receive())["code"] == "stale"
        for link in (a, b, third):
            await link.close()


async def test_a_spectator_sees_the_public_view_and_cannot_act():
    async with asyncio.timeout(60), running() as server:
        a, b, room = await seated(server.url)
        watcher = Link(server.url)
        await watcher.open()
        seating = await watcher.enter({"type": "watch", "room": room})
        assert seating.seat is None and seating.token is None
        await watcher.send({"type": "concede"})
        seen: list[dict] = []

        async def watch() -> None:
            async for message in watcher.messages():
                seen.append(message)
                if message["type"] == "over":
                    return

        await asyncio.gather(random_player(a, 3), random_player(b, 4), watch())
        assert [m["code"] for m in seen if m["type"] == "error"] == ["spectator"]
        updates = [m for m in seen if m["type"] == "update"]
        assert updates and all(m["actions"] is None for m in updates)
        for m in updates:
            assert [p["hand"] for p in m["observation"]["players"]] == [None, None]
        assert "save" not in seen[-1]
        for link in (a, b, watcher):
            await link.close()


async def test_a_dropped_connection_reconnects_by_itself_and_the_game_goes_on():
    async with asyncio.timeout(60), running() as server:
        a, b, _room = await seated(server.url)
        seen_b: list[dict] = []
        task_b = asyncio.create_task(random_player(b, 6, seen=seen_b))
        at = await random_player(a, 5, stop_at=20)
        assert a.ws is not None
        await a.ws.close()  # the network drops A: the link resumes with its token
        over_a = await random_player(a, 7)
        over_b = await task_b
        assert a.reconnects == 1
        assert over_a["result"] == over_b["result"]
        assert any(m["type"] == "waiting" and m["seat"] == "A" for m in seen_b)
        assert any(m["type"] == "back" and m["seat"] == "A" for m in seen_b)
        assert len(over_a["save"]["actions"]) > at["index"]
        for link in (a, b):
            await link.close()


async def test_a_seat_that_does_not_come_back_concedes_after_the_grace_period():
    limits = Limits(rate=FAST.rate, burst=FAST.burst, grace=0.3)
    async with asyncio.timeout(30), running(limits=limits) as server:
        a, b, _room = await seated(server.url)
        a.closed = True  # this link will not reconnect
        assert a.ws is not None
        await a.ws.close()
        seen: list[dict] = []
        over = await random_player(b, 8, seen=seen)
        assert over["result"] == "B"
        assert over["save"]["actions"][-1] == "A concedes"
        await b.close()


async def test_a_server_restart_loses_no_game(tmp_path):
    async with asyncio.timeout(90):
        async with running(tmp_path) as server:
            a, b, room = await seated(server.url)
            token_a, token_b = a.seating.token, b.seating.token  # type: ignore[union-attr]
            task_b = asyncio.create_task(random_player(b, 10, stop_at=30))
            reached = await random_player(a, 9, stop_at=30)
            await task_b
            a.closed = b.closed = True
        assert (tmp_path / "rooms" / f"{room}.json").exists()
        async with running(tmp_path) as server:  # a new process would read the same folder
            assert room in server.duel.rooms
            a2, b2 = Link(server.url), Link(server.url)
            for link, token in ((a2, token_a), (b2, token_b)):
                await link.open()
                await link.enter({"type": "resume", "room": room, "token": token})
            over_a, over_b = await asyncio.gather(random_player(a2, 11), random_player(b2, 12))
            assert over_a["result"] == over_b["result"]
            assert len(over_a["save"]["actions"]) >= reached["index"]
            assert (tmp_path / "finished" / f"{room}.json").exists()
            assert not (tmp_path / "rooms" / f"{room}.json").exists()
            assert not (tmp_path / "rooms" / f"{room}.actions").exists()
            for link in (a2, b2):
                await link.close()


async def test_an_action_cut_short_by_a_crash_is_left_out_at_the_restart(tmp_path):
    async with asyncio.timeout(60):
        async with running(tmp_path) as server:
            a, b, room = await seated(server.url)
            task_b = asyncio.create_task(random_player(b, 40, stop_at=12))
            await random_player(a, 41, stop_at=12)
            await task_b
            a.closed = b.closed = True
            kept = list(server.duel.rooms[room].actions)
        actions = tmp_path / "rooms" / f"{room}.actions"
        assert [json.loads(line) for line in actions.read_text().splitlines()] == kept
        with actions.open("a") as f:
            f.write('"attack Drill Go')  # the power went in the middle of a line
        async with running(tmp_path) as server:
            assert server.duel.rooms[room].actions == kept
        for link in (a, b):
            await link.close()


async def test_a_damaged_room_file_is_set_aside_and_the_rest_load(tmp_path):
    (tmp_path / "rooms").mkdir()
    (tmp_path / "rooms" / "AAAAAA.json").write_text("{not json")
    async with asyncio.timeout(20), running(tmp_path) as server:
        assert server.duel.rooms == {}
        assert len(server.duel.loaded_problems) == 1
    assert (tmp_path / "rooms" / "AAAAAA.json.bad").exists()


BAD_FRAMES = [
    "",
    "null",
    "[]",
    '"hello"',
    "{}",
    '{"type": 7}',
    '{"type": "nope"}',
    '{"type": "act"}',
    '{"type": "act", "action": 5, "index": 0}',
    '{"type": "act", "action": "end turn", "index": -1}',
    '{"type": "act", "action": "end turn", "index": true}',
    '{"type": "act", "action": "end turn", "index": 0, "extra": 1}',
    '{"type": "create", "deck": "Forces: x"}',
    '{"type": "join", "room": "' + "A" * 500 + '", "deck": ""}',
    '{"type": "ping", "id": NaN}',
    "[" * 60_000,  # deep nesting under the size limit
    '{"type": "hello", "program": "x", "protocol": 1, "pool": "y"}',
]


async def test_bad_messages_get_an_error_and_harm_no_room():
    async with asyncio.timeout(60), running() as server:
        a, b, room = await seated(server.url)
        rng = random.Random(13)
        bad = Link(server.url)
        await bad.open()
        frames = list(BAD_FRAMES)
        good = '{"type": "act", "action": "end turn", "index": 0}'
        for _ in range(200):  # and mutations of a good message
            chars = list(good)
            for _ in range(rng.randint(1, 4)):
                chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 0x3000))
            frames.append("".join(chars))
        for frame in frames:
            assert bad.ws is not None
            await bad.ws.send(frame)
            reply = await bad.receive()
            assert reply["type"] == "error", (frame[:80], reply)
            assert reply["code"] in ("malformed", "too_large", "bad_deck", "not_seated",
                                     "no_room"), reply  # fmt: skip
        # the room next door plays on to its end
        over_a, over_b = await asyncio.gather(random_player(a, 14), random_player(b, 15))
        assert over_a["result"] == over_b["result"]
        assert room in server.duel.rooms
        for link in (a, b, bad):
            await link.close()


async def test_a_binary_or_oversized_frame_is_refused():
    async with asyncio.timeout(20), running() as server:
        link = Link(server.url)
        await link.open()
        assert link.ws is not None
        await link.ws.send(b"\x00\x01")
        assert (await link.receive())["code"] == "malformed"
        await link.ws.send("x" * (70 * 1024))  # over the frame limit: the library closes
        with pytest.raises(LinkError):
            await link.receive()


async def test_rooms_per_server_are_capped():
    limits = Limits(rate=FAST.rate, burst=FAST.burst, rooms=2)
    async with asyncio.timeout(20), running(limits=limits) as server:
        links = [Link(server.url) for _ in range(3)]
        for link in links[:2]:
            await link.open()
            await link.enter({"type": "create", "deck": RED})
        await links[2].open()
        with pytest.raises(LinkError, match="as many rooms"):
            await links[2].enter({"type": "create", "deck": RED})
        for link in links:
            await link.close()


def test_the_wire_observation_is_to_dict_less_the_log():
    """`view_dict` (wire.plain, for speed) gives the values of `Observation.to_dict` but the log."""
    from zenonzard_tui.decks import find_deck, load_deck
    from zenonzard_tui.engine.game import new_game
    from zenonzard_tui.engine.observe import observe
    from zenonzard_tui.net.server import view_dict

    game = new_game(load_deck(find_deck("red-rush")), load_deck(find_deck("blue-tides")), seed=9)
    rng = random.Random(9)
    for _ in range(80):
        for seat in (0, 1):
            expected = observe(game, seat).to_dict()
            del expected["log"]
            got = view_dict(observe(game, seat))
            assert json.loads(json.dumps(got)) == json.loads(json.dumps(expected))
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_a_remote_client_rebuilds_the_observation_it_was_sent():
    """What a seat's update carries is read back into the same `Observation` (less its log)."""
    import dataclasses

    from zenonzard_tui.decks import find_deck, load_deck
    from zenonzard_tui.engine.game import new_game
    from zenonzard_tui.engine.observe import observe
    from zenonzard_tui.net.server import view_dict
    from zenonzard_tui.net.wire import WireError, observation_from_wire

    for seed in (4, 5):
        game = new_game(load_deck(find_deck("red-rush")), load_deck(find_deck("green-wild-growth")),
                        seed=seed)  # fmt: skip
        rng = random.Random(seed)
        kinds = set()
        while not game.over:
            for seat in (0, 1):
                view = observe(game, seat)
                sent = json.loads(json.dumps(view_dict(view)))
                assert observation_from_wire(sent) == dataclasses.replace(view, log=())
                if view.pending is not None:
                    kinds.add(view.pending.kind)
            game.apply(rng.choice(game.legal_actions()))
        view = observe(game, 0)
        assert (
            observation_from_wire(json.loads(json.dumps(view_dict(view)))).outcome == view.outcome
        )
        assert {"mulligan", "mana", "main", "block"} <= kinds
    with pytest.raises(WireError, match="cannot be read"):
        observation_from_wire({"seat": "A", "turn": 1, "phase": "main", "players": []})
    with pytest.raises(WireError, match="not a table"):
        observation_from_wire([1, 2])


async def test_a_room_nobody_joins_closes_and_its_file_goes(tmp_path):
    limits = Limits(rate=FAST.rate, burst=FAST.burst, waiting=0.3)
    async with asyncio.timeout(20), running(tmp_path, limits=limits) as server:
        link = Link(server.url)
        await link.open()
        room = (await link.enter({"type": "create", "deck": RED})).room
        assert (tmp_path / "rooms" / f"{room}.json").exists()
        await asyncio.sleep(0.6)
        assert room not in server.duel.rooms
        assert not (tmp_path / "rooms" / f"{room}.json").exists()
        with pytest.raises(LinkError):  # the server closed the connection with the room
            await link.receive()


async def test_the_log_names_no_token_no_action_and_no_card(caplog):
    from zenonzard_tui.cards import load_pool

    caplog.set_level("INFO", logger="zenonzard.server")
    async with asyncio.timeout(60), running() as server:
        a, b, _room = await seated(server.url)
        over_a, _ = await asyncio.gather(random_player(a, 31), random_player(b, 32))
        tokens = [link.seating.token for link in (a, b)]  # type: ignore[union-attr]
        for link in (a, b):
            await link.close()
    lines = [record.getMessage() for record in caplog.records]
    assert any("over after" in line for line in lines)
    names = {card.name for card in load_pool().cards.values()}
    for line in lines:
        assert not any(token and token in line for token in tokens), line
        assert not any(text in line for text in over_a["save"]["actions"] if len(text) > 8), line
        assert not any(name in line for name in names if len(name) > 4), line


SEED = 1


async def test_a_seats_update_names_the_flash_casts_that_would_change_nothing():
    """Smart stops over the network (engine/stops.py): each update of the deciding seat carries
    `idle`, the casts of its Flash window that would change nothing (Reinforce Armor with no
    token), the same the game itself gives at that point; the other seat's carries none."""
    from zenonzard_tui.engine.save import start_game
    from zenonzard_tui.engine.stops import idle_casts

    armored = RED.replace("3 Gravity", "3 Reinforce Armor")
    async with asyncio.timeout(60), running() as server:
        a, b = Link(server.url, retry_every=0.05), Link(server.url, retry_every=0.05)
        await a.open()
        # a seeded game (the same in both builds): random seeds left it to chance (1 in 6 or
        # so) whether a Reinforce Armor with no token came up
        create = {"type": "create", "deck": armored, "name": "Ann", "seed": SEED}
        room = (await a.enter(create)).room
        await b.open()
        await b.enter({"type": "join", "room": room, "deck": armored, "name": "Bob"})
        seen_a: list[dict] = []
        seen_b: list[dict] = []
        over, _ = await asyncio.gather(
            random_player(a, 3, seen=seen_a), random_player(b, 4, seen=seen_b)
        )
        game = start_game(over["save"], "the room's save")
        expected: dict[int, tuple[str, ...]] = {}
        for n, text in enumerate(over["save"]["actions"]):
            expected[n] = idle_casts(game)
            game.apply(text)
        updates = [m for m in seen_a + seen_b if m["type"] == "update"]
        assert all("idle" in m for m in updates)
        for m in updates:
            if m["actions"] and m["index"] in expected:
                assert tuple(m["idle"] or ()) == expected[m["index"]]
            elif not m["actions"]:
                assert m["idle"] is None
        assert any(m["idle"] for m in updates), "no idle cast came up: try other seeds"
        await a.close()
        await b.close()


async def test_the_rooms_clock_runs_on_the_server_and_a_seat_out_of_time_loses():
    """A room created with a chess clock (clock.py): every update, to both seats and the
    spectators, carries both times and whose runs; the seat that decides and does not act loses
    on time, connected or not ("A runs out of time" in the save)."""
    async with asyncio.timeout(30), running() as server:
        a, b, room = await seated(server.url, clock="0.02")  # 1.2 seconds each
        watcher = Link(server.url)
        await watcher.open()
        await watcher.enter({"type": "watch", "room": room})
        seen: list[dict] = []

        async def idle(link: Link) -> dict:  # reads, never acts
            async for message in link.messages():
                seen.append(message)
                if message["type"] == "over":
                    return message
            raise AssertionError("no end")

        over_a, over_b, over_w = await asyncio.gather(idle(a), idle(b), idle(watcher))
        updates = [m for m in seen if m["type"] == "update"]
        first = updates[0]["clock"]
        assert first["minutes"] == 0.02 and first["increment"] == 0
        assert all(m["clock"] is not None for m in updates)
        loser = "A" if over_a["result"] == "B" else "B"
        assert over_a["result"] == over_b["result"] == over_w["result"] != "draw"
        assert over_a["save"]["actions"][-1] == f"{loser} runs out of time"
        for link in (a, b, watcher):
            await link.close()


async def test_a_clock_that_cannot_be_used_is_refused_at_create():
    async with asyncio.timeout(10), running() as server:
        a = Link(server.url)
        await a.open()
        with pytest.raises(LinkError, match="not a clock"):
            await a.enter({"type": "create", "deck": RED, "clock": "soon"})
        await a.close()


def test_a_rooms_clock_and_its_times_come_back_after_a_restart(tmp_path):
    from zenonzard_tui.decks import parse_deck
    from zenonzard_tui.net.rooms import Room, RoomStore

    room = Room(code="ABCDEF", seed=5, clock=ClockSetting(3, 2))
    for text in (RED, BLUE):
        room.seat("", parse_deck(text, "deck").deck)
    store = RoomStore(tmp_path)
    store.write(room)
    room.table.channel(room.table.deciding).act(room.table.channel(room.table.deciding).legal()[0])
    store.keep(room)
    left = (room.table.clock.left(0), room.table.clock.left(1))
    (back,), problems = store.load_all()
    assert problems == [] and back.clock == ClockSetting(3, 2)
    kept = (back.table.clock.left(0), back.table.clock.left(1))
    assert all(abs(k - w) < 1 for k, w in zip(kept, left, strict=True)) and max(kept) <= 180 + 2
