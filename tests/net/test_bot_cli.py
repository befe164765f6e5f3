"""`zenonzard server` and `zenonzard bot` as a user runs them: a server process on 127.0.0.1 (any
free port), a bot that creates a room and prints its code on its first line, a second bot that
joins it with a trace; both exit 0 at game over after printing the result. A bot that creates a
room sets its chess clock (`--clock`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.conftest import deck, running
from zenonzard_tui.cli import build_parser, main
from zenonzard_tui.cli.bot_cmd import play
from zenonzard_tui.clock import ClockSetting

ROOT = Path(__file__).resolve().parents[2]
CMD = [sys.executable, "-m", "zenonzard_tui"]


def test_two_bots_play_a_game_on_a_server_process(tmp_path):
    server = subprocess.Popen(
        [*CMD, "server", "--port", "0", "--data", str(tmp_path / "data")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    bots: list[subprocess.Popen] = []
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        match = re.search(r"listening on (ws://127\.0\.0\.1:\d+)", line)
        assert match, line
        url = match.group(1)
        first = subprocess.Popen(
            [
                *CMD,
                "bot",
                "--server",
                url,
                "--create",
                "--ai",
                "easy",
                "--deck",
                "red-rush",
                "--seed",
                "1",
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        bots.append(first)
        assert first.stdout is not None
        code = first.stdout.readline().strip()
        assert re.fullmatch(r"[A-Z2-9]{6}", code), code
        trace = tmp_path / "trace.jsonl"
        second = subprocess.Popen(
            [
                *CMD,
                "bot",
                "--server",
                url,
                "--join",
                code.lower(),
                "--ai",
                "easy",
                "--deck",
                "blue-tides",
                "--seed",
                "2",
                "--trace",
                str(trace),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        bots.append(second)
        out_second, _ = second.communicate(timeout=240)
        out_first, _ = first.communicate(timeout=60)
        assert first.returncode == 0 and second.returncode == 0
        for out in (out_first, out_second):
            assert re.search(r"(A|B) wins|draw", out), out
        messages = [json.loads(line) for line in trace.read_text().splitlines()]
        kinds = [m["type"] for m in messages]
        assert kinds[0] == "start" and kinds[-1] == "over" and "update" in kinds
        assert any("world" in m for m in messages if m["type"] == "update")
        assert list((tmp_path / "data" / "finished").glob(f"{code}.json"))
    finally:
        for proc in (*bots, server):
            if proc.poll() is None:
                proc.kill()
        server.wait(timeout=10)


@pytest.mark.parametrize(("given", "expected"), [("10+5", ClockSetting(10, 5)), ("off", None)])
async def test_a_bot_that_creates_a_room_sets_its_clock(given, expected):
    """`bot --create --clock` sets the room's chess clock as `play --create --clock` and
    `host --clock` do (the create message's `clock`); `off` creates a room without one."""
    async with asyncio.timeout(30), running() as server:
        argv = ["bot", "--server", server.url, "--create", "--ai", "easy", "--seed", "1"]
        args = build_parser(["bot"]).parse_args([*argv, "--clock", given])
        bot = asyncio.create_task(play(args, deck("red-rush"), None))
        try:
            while not server.duel.rooms and not bot.done():
                await asyncio.sleep(0.01)
            assert not bot.done(), bot.result()
            (room,) = server.duel.rooms.values()
            assert room.clock == expected
        finally:
            bot.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await bot


def test_a_bot_refuses_a_clock_it_cannot_use(capsys):
    """A clock that cannot be read is argparse's error; a joining bot cannot set the room's
    clock (the player who creates the room does): both exit 2 with a line that says why."""
    with pytest.raises(SystemExit) as stopped:
        main(["bot", "--server", "ws://127.0.0.1:9", "--create", "--clock", "soon"])
    assert stopped.value.code == 2
    assert "--clock" in capsys.readouterr().err
    argv = ["bot", "--server", "ws://127.0.0.1:9", "--join", "ABCDEF", "--clock", "10"]
    assert main(argv) == 2
    assert "--clock is the room's: the player who creates it sets it" in capsys.readouterr().err
