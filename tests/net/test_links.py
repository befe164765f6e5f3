"""Links that are cut off and rooms that end (an audit in tmux): a client keeps trying for as
long as it is open and says so on screen until it is back, also after the server was down for
long and came back with its data folder; a room whose creator left before anyone joined closes
(a join says so), and a creator whose connection dropped has the grace period; a join of a
finished room says the game is over; a --server address that cannot be read is a message and
exit status 2, not a traceback. The timings (grace, retry waits) are the tests' own, short."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.client.helpers import wait_until
from tests.net.conftest import FAST, deck, running
from tests.net.test_server import random_player
from zenonzard_tui.cli import build_parser, main
from zenonzard_tui.cli.bot_cmd import play as bot_play
from zenonzard_tui.cli.netplay import _feed
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.netsession import NetSession
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.net.remote import Link, LinkError, RemoteChannel
from zenonzard_tui.net.server import DuelServer, Limits, listen

RED, BLUE = deck("red-rush"), deck("blue-tides")
QUICK = {"retry_every": 0.05, "retry_cap": 0.2}  # the links' tries, a player's in small


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.asynccontextmanager
async def serving(data: Path, port: int, limits: Limits = FAST) -> AsyncIterator[DuelServer]:
    """A server on a port of our choosing, so that it can stop and start again there."""
    duel = DuelServer(data, limits)
    async with listen(duel, "127.0.0.1", port):
        yield duel


async def _seated(url: str) -> tuple[Link, Link, str]:
    a, b = Link(url, **QUICK), Link(url, **QUICK)
    await a.open()
    room = (await a.enter({"type": "create", "deck": RED, "name": "Ann", "seed": 5})).room
    await b.open(room)
    await b.enter({"type": "join", "room": room, "deck": BLUE, "name": "Bob"})
    return a, b, room


# ----------------------------------------------------------------------------------------------
# 1. A server that is down for long: the clients keep trying and come back


async def test_links_keep_trying_while_the_server_is_down_and_take_their_seats_back(tmp_path):
    """The server stops mid-game and stays down for many of the links' tries (in small, what
    was more than the two minutes after which the links used to give up); started again with
    its data folder, both seats come back by themselves within their retry wait (well inside
    the grace period a restart gives each seat) and the game ends normally."""
    assert Link("ws://127.0.0.1:1").retry_for is None  # a player's link never gives up by itself
    port = _free_port()
    url = f"ws://127.0.0.1:{port}"
    told: list[str | None] = []
    async with asyncio.timeout(30):
        async with serving(tmp_path, port):
            a, b, room = await _seated(url)
            a.on_down = told.append
            task_b = asyncio.create_task(random_player(b, 10, stop_at=12))
            await random_player(a, 9, stop_at=12)
            await task_b
        play_a = asyncio.create_task(random_player(a, 11))
        play_b = asyncio.create_task(random_player(b, 12))
        await asyncio.sleep(1.5)  # about ten tries, all refused
        assert not play_a.done() and not play_b.done()
        assert told and told[-1] is not None
        assert f"cannot reach the server at {url}" in told[-1]
        assert "trying again every" in told[-1]
        async with serving(tmp_path, port) as duel:
            assert room in duel.rooms
            over_a, over_b = await asyncio.gather(play_a, play_b)
        assert told[-1] is None  # back
        assert over_a["result"] == over_b["result"]
        assert not over_a["save"]["actions"][-1].endswith("concedes")
        assert a.reconnects == b.reconnects == 1
        for link in (a, b):
            await link.close()


async def test_the_screen_says_while_the_link_is_cut_off_and_when_it_is_back(tmp_path):
    """While the server cannot be reached, a notice that stays (not a toast of a few seconds)
    says so, with the address, that the client tries again, and that q quits; once the link is
    back, the notice goes and a short word says the server is back."""
    from zenonzard_tui.cli.netplay import LinkNotice

    port = _free_port()
    url = f"ws://127.0.0.1:{port}"
    async with asyncio.timeout(30), contextlib.AsyncExitStack() as stack:
        await stack.enter_async_context(serving(tmp_path, port))
        a, b, room = await _seated(url)
        remote = RemoteChannel(a, 0)
        while remote.step == 0:
            remote.feed(await a.receive())
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        app = ZenonzardApp(NetSession(remote, settings, url, room))  # type: ignore[arg-type]
        a.on_down = LinkNotice(app, url)
        b.closed = True
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await wait_until(pilot, lambda: app.screen is app.duel)
            await stack.aclose()  # the server stops

            def cut_off() -> list:
                return [n for n in app._notifications if "trying again" in n.message]

            await wait_until(pilot, lambda: bool(cut_off()))
            (notice,) = cut_off()
            assert url in notice.message and "q quits" in notice.message
            assert notice.timeout >= 3600  # it stays until the link is back
            await asyncio.sleep(0.5)  # more tries: still one notice
            assert len(cut_off()) == 1
            before = remote.step
            async with serving(tmp_path, port):
                await wait_until(pilot, lambda: not cut_off() and remote.step > before)
                said = [n.message for n in app._notifications]
                assert any(f"The server at {url} is back" in m for m in said), said
            feeder.cancel()
        await a.close()


# ----------------------------------------------------------------------------------------------
# 2. A creator who leaves before anyone joined


async def test_a_room_whose_creator_left_before_anyone_joined_is_closed(tmp_path, capsys):
    """The creator quits while waiting (the client closes its connection): the room closes at
    once and its file goes; a join with its code says the creator closed it (the bot: exit 2)."""
    async with asyncio.timeout(10), running(tmp_path) as server:
        a = Link(server.url)
        await a.open()
        room = (await a.enter({"type": "create", "deck": RED})).room
        await a.close()
        for _ in range(200):
            if room not in server.duel.rooms:
                break
            await asyncio.sleep(0.01)
        assert room not in server.duel.rooms
        assert not (tmp_path / "rooms" / f"{room}.json").exists()
        b = Link(server.url)
        await b.open(room)
        with pytest.raises(LinkError) as refused:
            await b.enter({"type": "join", "room": room, "deck": BLUE})
        assert refused.value.code == "room_closed"
        assert "closed by its creator" in str(refused.value)
        await b.close()
        argv = ["bot", "--server", server.url, "--join", room, "--ai", "easy", "--seed", "1"]
        assert await bot_play(build_parser(["bot"]).parse_args(argv), BLUE, None) == 2
        assert "closed by its creator" in capsys.readouterr().err


async def _dropped_creator(url: str) -> tuple[str, Link]:
    """A room whose creator's connection dropped (no close from the client: the network)."""
    a = Link(url)
    await a.open()
    room = (await a.enter({"type": "create", "deck": RED})).room
    a.closed = True
    assert a.ws is not None
    a.ws.transport.abort()
    return room, a


async def test_a_creator_whose_connection_dropped_is_waited_for_then_concedes():
    """A creator's connection drops (not a quit) and the second player joins at once: the game
    starts, the joiner is told that A's seat is waited for, and when A is not back within the
    grace period A concedes (it used to wait for A forever, without a word)."""
    limits = Limits(rate=FAST.rate, burst=FAST.burst, grace=0.5)
    async with asyncio.timeout(10), running(limits=limits) as server:
        room, _a = await _dropped_creator(server.url)
        while server.duel.rooms[room].seats[0].connected:  # type: ignore[union-attr]
            await asyncio.sleep(0.01)
        b = Link(server.url)
        await b.open(room)
        await b.enter({"type": "join", "room": room, "deck": BLUE})
        seen: list[dict] = []
        over = await random_player(b, 3, seen=seen)
        assert any(m["type"] == "waiting" and m["seat"] == "A" for m in seen)
        assert over["result"] == "B" and over["save"]["actions"][-1] == "A concedes"
        await b.close()


async def test_a_room_whose_creator_dropped_and_did_not_come_back_closes():
    limits = Limits(rate=FAST.rate, burst=FAST.burst, grace=0.3)
    async with asyncio.timeout(10), running(limits=limits) as server:
        room, _a = await _dropped_creator(server.url)
        await asyncio.sleep(0.7)
        assert room not in server.duel.rooms
        b = Link(server.url)
        await b.open(room)
        with pytest.raises(LinkError, match="closed by its creator"):
            await b.enter({"type": "join", "room": room, "deck": BLUE})
        await b.close()


async def test_a_creator_whose_connection_dropped_comes_back_and_the_room_waits_on():
    limits = Limits(rate=FAST.rate, burst=FAST.burst, grace=0.3)
    async with asyncio.timeout(10), running(limits=limits) as server:
        a = Link(server.url, **QUICK)
        await a.open()
        room = (await a.enter({"type": "create", "deck": RED})).room
        assert a.ws is not None
        a.ws.transport.abort()
        with contextlib.suppress(TimeoutError):  # the link takes its seat back by itself
            async with asyncio.timeout(0.8):
                async for _message in a.messages():
                    pass
        assert a.reconnects == 1 and room in server.duel.rooms  # beyond the grace period
        b = Link(server.url)
        await b.open(room)
        await b.enter({"type": "join", "room": room, "deck": BLUE})
        assert server.duel.rooms[room].state == "playing"
        for link in (a, b):
            await link.close()


# ----------------------------------------------------------------------------------------------
# 3. Addresses that cannot be read


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("ws://127.0.0.1:99999", "the port must be from 1 to 65535"),
        ("ws://127.0.0.1:abc", "the port must be a number"),
        ("ws://[::1", "an IPv6 address must be in [brackets]"),
        ("http://127.0.0.1:8765", "it must start with ws:// or wss://"),
    ],
)
@pytest.mark.parametrize("command", ["play", "watch", "bot"])
@pytest.mark.usefixtures("own_folders")
def test_a_server_address_that_cannot_be_read_is_a_message_and_exit_2(
    command, url, problem, capsys
):
    argv = {
        "play": ["play", "--server", url, "--join", "ABCDEF"],
        "watch": ["watch", "--server", url, "ABCDEF"],
        "bot": ["bot", "--server", url, "--join", "ABCDEF"],
    }[command]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{url} is not a server address: {problem}" in err
    assert "Traceback" not in err and err.count("\n") == 1


async def test_wss_to_a_plain_server_says_why_it_failed():
    async with asyncio.timeout(10), running() as server:
        link = Link(server.url.replace("ws://", "wss://"))
        with pytest.raises(LinkError) as failed:
            await link.open()
        said = str(failed.value)
        assert not said.rstrip().endswith(":")
        assert "TLS" in said and "plain ws:// server" in said


# ----------------------------------------------------------------------------------------------
# 4. A room whose game is over


async def _finished(url: str) -> str:
    a, b, room = await _seated(url)
    await a.send({"type": "concede"})
    for link in (a, b):
        async for message in link.messages():
            if message["type"] == "over":
                break
        await link.close()
    return room


async def test_a_join_of_a_finished_room_says_the_game_is_over(tmp_path):
    """While the finished room lingers, after it closed, and after a restart (its save in the
    data folder): the join says the game is over, not that there is no such room."""
    limits = Limits(rate=FAST.rate, burst=FAST.burst, linger=0.2)

    async def join(url: str, room: str) -> LinkError:
        c = Link(url)
        await c.open(room)
        with pytest.raises(LinkError) as refused:
            await c.enter({"type": "join", "room": room, "deck": BLUE})
        await c.close()
        return refused.value

    async with asyncio.timeout(10):
        async with running(tmp_path, limits=limits) as server:
            room = await _finished(server.url)
            lingering = await join(server.url, room)
            assert lingering.code == "over" and "that game is over: B won" in str(lingering)
            await asyncio.sleep(0.4)
            assert room not in server.duel.rooms
            closed = await join(server.url, room)
            assert closed.code == "over" and "that game is over: B won" in str(closed)
        async with running(tmp_path, limits=limits) as server:
            restarted = await join(server.url, room)
            assert restarted.code == "over" and "that game is over" in str(restarted)


def test_the_creator_who_quit_before_the_game_began_is_told_the_room_is_closed(capsys):
    from zenonzard_tui.cli.netplay import Ending, farewell

    for hosted in (False, True):
        farewell(Ending(None, False), "K27XBY", "zenonzard play", hosted=hosted)
        assert "before the game began: the room is closed" in capsys.readouterr().out


async def test_the_feed_waits_for_the_screen_so_that_no_news_goes_unseen():
    """The joiner of a room whose creator dropped is told "waiting for A" right after the game's
    first update, before the duel screen listens: the feed holds the message until it does."""

    class OneNotice:
        closed = False

        async def messages(self):
            yield {"type": "waiting", "seat": "A", "seconds": 5.0}

    remote = RemoteChannel(OneNotice(), 1)  # type: ignore[arg-type]
    async with asyncio.timeout(10):
        feeder = asyncio.create_task(_feed(remote, None))
        await asyncio.sleep(0.2)
        assert remote.step == 0  # nothing told while nobody listens
        heard: list = []
        remote.subscribe(heard.append)
        await feeder
        assert heard and remote.notice == "waiting for A to reconnect (5 s)"
