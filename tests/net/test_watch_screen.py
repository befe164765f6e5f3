"""What the duel screen says in a network game that is not a seat's local game (an audit in
tmux): a spectator (`zenonzard watch`) is no seat, so nothing on its screen says "your move",
"you win", or shows seat A's hidden hand as empty; a player who loses to another person is not
told the AI won; and a finished network game offers no "new game" (another game: another
room)."""

from __future__ import annotations

import asyncio

from tests.client.helpers import screen_text, wait_until
from tests.net.conftest import running
from tests.net.test_client import watching
from tests.net.test_server import random_player, seated
from zenonzard_tui.cli.netplay import _feed
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.netsession import NetSession
from zenonzard_tui.client.screens.modals import GameOverScreen
from zenonzard_tui.client.settings import Settings


async def test_a_spectators_screen_speaks_to_no_seat_from_the_start_to_the_end():
    async with asyncio.timeout(90), running() as server:
        a, b, room = await seated(server.url)
        watcher, public = await watching(server.url, room)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        app = ZenonzardApp(NetSession(public, settings, server.url, room))  # type: ignore[arg-type]
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(public, app))
            await pilot.pause()
            text = screen_text(app)
            assert "your move" not in text and "(you)" not in text
            assert "6 cards, hidden from this view" in text, text
            assert "before your last move" not in text
            players = [asyncio.create_task(random_player(link, n)) for n, link in enumerate((a, b))]
            over = await players[0]
            await players[1]
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=30)
            await pilot.pause()
            text = screen_text(app)
            winner = over["result"]
            if winner != "draw":
                name = "Ann" if winner == "A" else "Bob"
                assert f"{winner} {name} wins." in text, text
            assert "You win" not in text and "(the AI)" not in text
            assert "New game" not in text and "n for a new game" not in text
            feeder.cancel()
        for link in (a, b, watcher):
            await link.close()
