"""The client on a network seat (client/netsession.py): a Pilot-driven duel screen plays seat A of
a room on a duel server on 127.0.0.1 against a random player at seat B; its moves reach the
server, the other seat's reach its screen, and the end of the game leaves the save in the
history. A spectator's screen shows no hand."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest

from tests.client.helpers import screen_text, wait_until
from tests.net.conftest import deck, running
from tests.net.test_server import random_player
from zenonzard_tui.cli.netplay import _feed
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.netsession import NetSession
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.net.remote import Link, RemoteChannel

RED, BLUE = deck("red-rush"), deck("blue-tides")


async def _seat_a(url: str, **extra) -> tuple[Link, RemoteChannel, str, Link]:
    a, b = Link(url), Link(url)
    await a.open()
    room = (await a.enter({"type": "create", "deck": RED, "name": "Ann", "seed": 5})).room
    await b.open(room)
    await b.enter({"type": "join", "room": room, "deck": BLUE, "name": "Bob"})
    remote = RemoteChannel(a, 0)
    while remote.step == 0:  # the start and the first update
        remote.feed(await a.receive())
    return a, remote, room, b


pytestmark = pytest.mark.usefixtures("own_folders")


async def test_a_seat_plays_a_whole_game_from_its_screen(tmp_path):
    async with asyncio.timeout(120), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"), autopass=True)
        session = NetSession(remote, settings, server.url, room)
        app = ZenonzardApp(session, ai_delay=0.01, autosave=tmp_path / "autosaves")  # type: ignore[arg-type]
        opponent = asyncio.create_task(random_player(other, 21))
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await pilot.pause()
            text = screen_text(app)
            assert "network" in text and "Bob" in text and "Ann (you)" in text
            rng = random.Random(2)
            played = 0
            while remote.result is None:
                await pilot.pause(0.02)
                legal = remote.legal()
                if legal and app.screen is app.duel:
                    index = rng.randrange(min(9, len(legal)))
                    before = remote.index
                    await pilot.press(str(index + 1))
                    for _ in range(200):
                        if remote.index != before or remote.result is not None:
                            break
                        await pilot.pause(0.01)
                    played += 1
            await pilot.pause(0.1)
            assert "wins" in screen_text(app) or "Draw" in screen_text(app)
            feeder.cancel()
        over = await opponent
        assert over["result"] == remote.result
        assert played > 5
        history = list((tmp_path / "history").glob("*.json"))
        assert len(history) == 1
        saved = json.loads(history[0].read_text())
        assert saved["actions"] == over["save"]["actions"]
        assert saved["client"]["room"] == room and saved["client"]["mode"] == "network"
        assert saved["client"]["result"] == remote.result and saved["client"]["over"]
        from zenonzard_tui.client.saves import SaveKind, read_info

        info = read_info(history[0], SaveKind.FINISHED)  # what --list-saves shows of it
        assert info.problem == "" and info.names == ("Red Rush", "Blue Tides") and info.turn
        await link.close()
        await other.close()


async def watching(url: str, room: str) -> tuple[Link, RemoteChannel]:
    """A spectator's link to `room` and its channel, once the game's first update came."""
    watcher = Link(url)
    await watcher.open(room)
    await watcher.enter({"type": "watch", "room": room})
    public = RemoteChannel(watcher, None)
    while public.step == 0:
        public.feed(await watcher.receive())
    return watcher, public


async def test_a_spectator_sees_no_hand():
    async with asyncio.timeout(60), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        watcher, public = await watching(server.url, room)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        app = ZenonzardApp(NetSession(public, settings, server.url, room))  # type: ignore[arg-type]
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "(you)" not in text
            mine = remote.observation().players[0].hand
            assert mine  # seat A's hand, which the spectator must not see
            for card in mine:
                assert card.name not in text.split("Log")[0] or card.name in _public(public)
        for link_ in (link, other, watcher):
            await link_.close()


def _public(channel: RemoteChannel) -> str:
    view = channel.observation()
    return " ".join(v.name for p in view.players for v in (*p.field, *p.base, *p.trash))


async def test_the_waiting_screen_shows_the_code_until_the_game_starts():
    from zenonzard_tui.client.app import Lobby
    from zenonzard_tui.client.screens.duel import DuelScreen

    async with asyncio.timeout(60), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        go = asyncio.get_running_loop().create_future()

        async def start() -> NetSession:
            await go
            return NetSession(remote, Settings(mode="network"), server.url, room)

        lines = [f"Room code: {room}", "Waiting for the other player…"]
        app = ZenonzardApp(lobby=Lobby(f"Room {room}", lines, start))  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert f"Room code: {room}" in screen_text(app)
            assert not isinstance(app.screen, DuelScreen)
            go.set_result(None)
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, DuelScreen):
                    break
            assert isinstance(app.screen, DuelScreen)
            await wait_until(pilot, lambda: "network" in screen_text(app))
        for link_ in (link, other):
            await link_.close()


async def test_a_seat_concedes_from_its_screen_and_the_server_ends_the_game(tmp_path):
    async with asyncio.timeout(60), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        session = NetSession(remote, settings, server.url, room)
        app = ZenonzardApp(session, ai_delay=0.01, autosave=tmp_path / "autosaves")  # type: ignore[arg-type]
        opponent = asyncio.create_task(random_player(other, 21))
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await wait_until(pilot, lambda: app.duel is not None and app.screen is app.duel)
            await pilot.press("G", "y")
            await wait_until(pilot, lambda: remote.result is not None)
            assert remote.result == "B"
            await wait_until(pilot, lambda: "wins" in screen_text(app))
            feeder.cancel()
        over = await opponent
        assert over["result"] == "B" and over["save"]["actions"][-1] == "A concedes"
        await link.close()
        await other.close()


async def test_a_seats_screen_shows_both_clocks_of_a_clocked_room(tmp_path):
    async with asyncio.timeout(60), running() as server:
        a, b = Link(server.url), Link(server.url)
        await a.open()
        create = {"type": "create", "deck": RED, "name": "Ann", "seed": 5, "clock": "5+3"}
        room = (await a.enter(create)).room
        await b.open(room)
        await b.enter({"type": "join", "room": room, "deck": BLUE, "name": "Bob"})
        remote = RemoteChannel(a, 0)
        while remote.step == 0:
            remote.feed(await a.receive())
        clock = remote.clock()
        assert clock is not None and clock.setting.increment == 3 and clock.running in (0, 1)
        ticking = clock.running
        await asyncio.sleep(0.3)
        later = remote.clock()
        assert later.left[ticking] < clock.left[ticking]  # counted down between updates
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        session = NetSession(remote, settings, server.url, room)
        app = ZenonzardApp(session, ai_delay=0.01, autosave=tmp_path / "autosaves")  # type: ignore[arg-type]
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await wait_until(pilot, lambda: app.duel is not None and app.screen is app.duel)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert len(re.findall(r"Clock +(4:5\d|5:00)", text)) == 2  # both players' lines
            feeder.cancel()
        await a.close()
        await b.close()


async def test_keys_typed_while_the_action_travels_play_nothing_and_say_nothing(tmp_path):
    """A fast typist's burst on a network seat (issue 21's fast typing, over the network): the
    first key acts; until the server answers, the board still shows that decision, and the keys
    after it play nothing and raise no error toast (they used to each raise "the other player
    decides now"). The server's answer is held back: `_send` is only recorded."""
    from tests.client.test_input import burst

    async with asyncio.timeout(60), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        session = NetSession(remote, settings, server.url, room)
        app = ZenonzardApp(session, autosave=tmp_path / "autosaves")  # type: ignore[arg-type]
        opponent = asyncio.create_task(random_player(other, 3))
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await wait_until(pilot, lambda: bool(remote.legal()) and app.screen is app.duel)
            feeder.cancel()
            sent: list[dict] = []
            remote._send = sent.append  # type: ignore[method-assign]
            await burst(pilot, "1", "1", "1", "1", "1")
            assert len(sent) == 1 and sent[0]["type"] == "act"
            assert remote.legal() == ()  # still waiting for the server's answer
            said = [n.message for n in app._notifications]
            assert not any("decides now" in m for m in said), said
            assert not [n for n in app._notifications if n.severity == "error"], said
        opponent.cancel()
        await link.close()
        await other.close()
