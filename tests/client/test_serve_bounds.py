"""`zenonzard serve` is bounded (issue 20, section 3): the terminal size a browser asks for is
clamped, the games at once are capped (the next browser is told so), a page from another site
cannot open a game, the page names the host the browser asked for, malformed messages are
ignored, and a bind beyond this machine is warned about. A row of the bad-input tables (listed
in tests/test_bad_input.py).

The tests run zenonzard_tui/cli/web.py's BoundedServer in this process on a free 127.0.0.1 port,
with a stand-in for `zenonzard play` that writes down the size it starts with and every message
the server forwards to it (tests/client/test_serve.py runs the real `zenonzard serve`, through the
same server). Every wait is bounded; every server is stopped."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import shlex
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from tests.client.helpers import ROOT
from tests.client.test_serve import HOST
from zenonzard_tui.cli import main, web
from zenonzard_tui.cli.web import MAX_SIZE, MIN_SIZE, BoundedServer, clamp_size, is_loopback

# A stand-in for `zenonzard play`: it notes its starting size, then each packet the server sends
# it (textual-serve's framing: a type byte, a 4-byte length, the payload), and ends on "quit".
RECORDER = r"""
import json, os, sys
out = open(sys.argv[1], "a", encoding="utf-8")
out.write(json.dumps({"start": [int(os.environ["COLUMNS"]), int(os.environ["ROWS"])]}) + "\n")
out.flush()
data = sys.stdin.buffer
while True:
    kind = data.read(1)
    if not kind:
        break
    payload = data.read(int.from_bytes(data.read(4), "big"))
    if kind == b"M":
        meta = json.loads(payload)
        out.write(json.dumps(meta) + "\n")
        out.flush()
        if meta.get("type") == "quit":
            break
"""


def notes(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


async def until(condition, seconds: float = 20.0) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.05)


@asynccontextmanager
async def bounded(tmp_path: Path, max_sessions: int = 4) -> AsyncIterator[tuple[str, Path]]:
    """A BoundedServer on 127.0.0.1 whose sessions run RECORDER: (its URL, the notes file)."""
    script = tmp_path / "recorder.py"
    script.write_text(RECORDER, encoding="utf-8")
    log = tmp_path / "notes.jsonl"
    command = shlex.join([sys.executable, str(script), str(log)])
    served = BoundedServer(command, host=HOST, port=0, title="Zenonzard", max_sessions=max_sessions)
    site = TestServer(await served._make_app(), host=HOST)
    await site.start_server()
    try:
        yield f"http://{HOST}:{site.port}", log
    finally:
        await site.close()
        await asyncio.sleep(0.1)
        gc.collect()  # the sessions' pipes are let go while the loop still runs


# ----------------------------------------------------------------------------------------------
# Sizes


@pytest.mark.parametrize(
    ("width", "height", "expected"),
    [
        ("100", "30", (100, 30)),
        ("100000", "100000", MAX_SIZE),
        (str(10**9), str(10**9), MAX_SIZE),
        ("9" * 5000, "-5", (80, MIN_SIZE[1])),  # too long to be a number: the default
        ("0", "1", MIN_SIZE),
        ("abc", None, (80, 24)),
        (10**9, 1e308, MAX_SIZE),
        (float("nan"), float("inf"), (80, 24)),
        (True, [3], (80, 24)),
    ],
)
def test_sizes_are_clamped(width, height, expected):
    assert clamp_size(width, height) == expected


@asynccontextmanager
async def one_game(
    tmp_path: Path, query: str
) -> AsyncIterator[tuple[aiohttp.ClientWebSocketResponse, Path]]:
    """A BoundedServer and one websocket to it, its game started: (the websocket, the notes)."""
    async with (
        bounded(tmp_path) as (url, log),
        aiohttp.ClientSession() as client,
        client.ws_connect(url + "/ws" + query) as ws,
    ):
        await until(lambda: notes(log))
        yield ws, log


async def test_the_first_size_and_every_resize_are_clamped(tmp_path):
    async with one_game(tmp_path, "?width=100000&height=100000") as (ws, log):
        assert notes(log)[0] == {"start": list(MAX_SIZE)}
        await ws.send_json(["resize", {"width": 10**9, "height": 10**9}])
        await ws.send_json(["resize", {"width": 120, "height": 40}])
        await until(lambda: len(notes(log)) >= 3)
    sizes = [(n["width"], n["height"]) for n in notes(log) if n.get("type") == "resize"]
    assert sizes == [MAX_SIZE, (120, 40)]


async def test_malformed_messages_are_ignored_and_the_session_goes_on(tmp_path):
    async with one_game(tmp_path, "?width=80&height=24") as (ws, log):
        for bad in ["not json", "[1, 2, 3]", '["resize", "big"]', '["stdin", 5]', "{}", "[]"]:
            await ws.send_str(bad)
        await ws.send_json(["resize", {"width": "90", "height": 30}])
        await until(lambda: len(notes(log)) >= 2)
        await ws.send_json(["ping", "t1"])
        reply = await asyncio.wait_for(ws.receive_json(), 10)
        assert reply == ["pong", "t1"]
    assert [n for n in notes(log) if n.get("type") == "resize"] == [
        {"type": "resize", "width": 90, "height": 30}
    ]


# ----------------------------------------------------------------------------------------------
# The session cap


async def test_the_session_cap_turns_the_next_browser_away_with_a_message(tmp_path):
    async with bounded(tmp_path, max_sessions=2) as (url, log), aiohttp.ClientSession() as client:
        first = await client.ws_connect(url + "/ws")
        second = await client.ws_connect(url + "/ws")
        await until(lambda: len(notes(log)) == 2)
        async with client.ws_connect(url + "/ws") as third:
            message = await asyncio.wait_for(third.receive(), 10)
            assert message.type == aiohttp.WSMsgType.BINARY
            assert b"already runs 2 games" in message.data and b"Try again" in message.data
            # the words stay on the tab's screen: not closed at once (the page then covered
            # them with "Session ended"), its pings answered, as a live server's
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(third.receive(), 0.5)
            await third.send_json(["ping", "t2"])
            assert await asyncio.wait_for(third.receive_json(), 10) == ["pong", "t2"]
        assert len(notes(log)) == 2  # no third game was started
        await first.close()  # a game ends: there is room again
        await until(lambda: any(n.get("type") == "quit" for n in notes(log)))
        async with client.ws_connect(url + "/ws") as fourth:
            await until(lambda: sum("start" in n for n in notes(log)) == 3)
            await fourth.close()
        await second.close()


async def test_a_tab_turned_away_is_closed_after_its_wait(tmp_path, monkeypatch):
    """The message stays FULL_WAIT seconds (here 6: room for a loaded machine), then the
    websocket is closed with 1013 (try again later); beyond MAX_TURNED_AWAY waiting tabs (here
    1), the next is closed at once."""
    monkeypatch.setattr(web, "MAX_TURNED_AWAY", 1)
    monkeypatch.setattr(web, "FULL_WAIT", 6.0)
    async with bounded(tmp_path, max_sessions=1) as (url, log), aiohttp.ClientSession() as client:
        game = await client.ws_connect(url + "/ws")
        await until(lambda: len(notes(log)) == 1)
        waiting = await client.ws_connect(url + "/ws")
        assert b"already runs 1 game," in (await asyncio.wait_for(waiting.receive(), 10)).data
        turned = await client.ws_connect(url + "/ws")
        assert b"already runs 1 game," in (await asyncio.wait_for(turned.receive(), 10)).data
        closing = await asyncio.wait_for(turned.receive(), 3)  # at once: one waits already
        assert closing.type == aiohttp.WSMsgType.CLOSE
        assert turned.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(waiting.receive(), 0.3)
        closing = await asyncio.wait_for(waiting.receive(), 15)  # after its six seconds
        assert closing.type == aiohttp.WSMsgType.CLOSE
        assert waiting.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER
        await game.close()


def test_max_sessions_is_an_option_with_bounds(capsys):
    for bad in ("0", "65", "many"):
        with pytest.raises(SystemExit) as exit:
            main(["serve", "--max-sessions", bad])
        assert exit.value.code == 2
    assert "--max-sessions" in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------
# Origins and hosts


async def test_a_page_from_another_site_cannot_open_a_game(tmp_path):
    async with bounded(tmp_path) as (url, log), aiohttp.ClientSession() as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(url + "/ws", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        async with client.ws_connect(url + "/ws", headers={"Origin": url}) as ws:  # its own page
            await until(lambda: notes(log))
            await ws.close()
    assert sum("start" in n for n in notes(log)) == 1


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("game.example.org:8000", "ws://game.example.org:8000/ws"),
        ("192.168.1.20:8000", "ws://192.168.1.20:8000/ws"),
        ("[::1]:8000", "ws://[::1]:8000/ws"),
        ('x"><script>alert(1)</script>', None),  # not a host name: the address bound instead
    ],
)
async def test_the_page_points_the_browser_at_the_host_it_asked_for(host, expected, tmp_path):
    async with (
        bounded(tmp_path) as (url, _),
        aiohttp.ClientSession() as client,
        client.get(url + "/", headers={"Host": host}) as answer,
    ):
        page = await answer.text()
    port = url.rsplit(":", 1)[1]
    assert (expected or f"ws://{HOST}:{port}/ws") in page
    assert "<script>alert" not in page and "0.0.0.0" not in page


def test_a_wildcard_bind_is_never_the_pages_host():
    served = BoundedServer("true", host="0.0.0.0", port=8123)

    class Request:
        host = "bad host!"
        secure = False
        transport = None

    assert served.page_url(Request()) == "http://127.0.0.1:8123"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("localhost", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.2", False), ("example.org", False)],
)  # fmt: skip
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_a_bind_beyond_this_machine_is_warned_about(tmp_path):
    with socket.socket() as taken:  # the port is taken, so the server stops at once after
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "zenonzard_tui",
                "serve",
                "--host",
                "0.0.0.0",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            env={**os.environ, "ZENONZARD_DATA_DIR": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert "warning: listening on 0.0.0.0, not only this machine" in done.stderr
    assert f"port {port} can play" in done.stderr
    assert done.returncode == 2  # and then: cannot listen (the port is taken)


def test_the_loopback_default_is_not_warned_about(capsys):
    assert main(["serve", "--port", "8009", "--", "--deck", "no-such.deck"]) == 2
    assert "warning" not in capsys.readouterr().err
