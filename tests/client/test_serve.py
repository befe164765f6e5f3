"""`zenonzard serve`: the client in a browser through textual-serve. The server is started in a
subprocess on a free loopback port; the test fetches the page and opens the websocket a browser
opens, and reads the duel screen the app process sends back. Everything is bounded in time."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import aiohttp
import pytest

from tests.client.helpers import ROOT
from zenonzard_tui.cli import main, play_cmd, serve_cmd

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    env = {**os.environ, "ZENONZARD_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "zenonzard_tui",
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--",
            "--seed",
            "3",
            "--ai-delay",
            "0",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://{HOST}:{port}"
    try:
        end = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=2) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                if time.monotonic() > end or proc.poll() is not None:
                    raise AssertionError("the server did not answer") from None
                time.sleep(0.2)
        yield url, page
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_the_server_answers_with_the_page_and_a_session_starts(server):
    url, page = server
    assert "<html" in page and f"ws://{HOST}" in page and "/ws" in page

    async def session_screens() -> tuple[bytes, bytes]:
        start = seen = b""
        async with (
            aiohttp.ClientSession() as client,
            client.ws_connect(url + "/ws?width=100&height=30") as ws,
            asyncio.timeout(30),
        ):
            async for message in ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
                if not start and b"New game" in seen and b"Tutorial" in seen:
                    start, seen = seen, b""  # the start page: Enter on "New game"
                    await ws.send_json(["stdin", "\r"])
                if start and b"Actions" in seen and b"keep" in seen:
                    break
        return start, seen

    start, seen = asyncio.run(session_screens())
    assert b"New game" in start and b"Tutorial" in start  # a browser's tab: the start page
    assert b"Actions" in seen and b"keep" in seen  # the duel screen at the mulligan (ZR 5.2)


def test_bad_play_options_are_refused_before_the_server_starts(capsys):
    assert main(["serve", "--port", "8009", "--", "--deck", "no-such.deck"]) == 2
    assert "no-such.deck" in capsys.readouterr().err
    assert main(["serve", "--port", "8009", "--", "--tutorial", "no-such-lesson"]) == 2
    assert "--tutorial no-such-lesson: no such lesson" in capsys.readouterr().err


def test_play_runs_under_textual_serves_web_driver_without_a_terminal(monkeypatch):
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert play_cmd._has_terminal()
    monkeypatch.delenv("TEXTUAL_DRIVER")
    assert not play_cmd._has_terminal()  # pytest's stdin is not a terminal


def test_the_served_command_is_zenonzard_play_with_the_options():
    command = serve_cmd.play_command(["--hotseat", "--deck", "my deck.deck"])
    assert command.endswith("-m zenonzard_tui play --served --hotseat --deck 'my deck.deck'")


def test_a_port_in_use_is_refused_with_exit_status_2(tmp_path):
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "zenonzard_tui", "serve", "--host", HOST, "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, "ZENONZARD_DATA_DIR": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert f"cannot listen on {HOST}:{port}" in done.stderr
