"""The bad-input table of the command line beyond the files of test_bad_input.py: names the system
cannot hold (too long for a path or for one part of it) given to every command that takes a file,
a run of 10**12 games, a Ray address nobody answers at, a Forces line of 20,000 entries and
scenarios with far more cards in a zone than a game holds. Each is a clear message and exit
status 2 (1 for a deck check that fails), never a traceback, a hang or memory that grows with
the input; the bounds are checked by counting the work done, never by timing it (bench/validate.py,
bench/loaders.py and bench/sim.py print the figures). One row of LONG_NAMES per command."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from zenonzard_tui import decks as decks_module
from zenonzard_tui.cli import main, play_cmd, sim_cmd
from zenonzard_tui.engine import position
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import ScenarioError, parse_scenario
from zenonzard_tui.sim import RunnerError
from zenonzard_tui.sim.play import GameSpec, Result, Run, chunks
from zenonzard_tui.sim.reach import check_address, host_port, within

ROOT = Path(__file__).resolve().parents[1]
LONG = "a" * 5000  # longer than a path may be (PATH_MAX 4096)
LONG_PART = "b" * 300 + "/x"  # one part longer than a name may be (NAME_MAX 255)


pytestmark = pytest.mark.usefixtures("own_folders")


# ----------------------------------------------------------------------------------------------
# Names too long for the system: (command line with NAME where the name goes, the message for a
# 5000-character name, the message for a name with a 300-character part)

TOO_LONG = "File name too long"
NO_DECK = "no such deck file or starter deck"
NO_SCENARIO = "no such file, folder or puzzle"
NO_PUZZLE = "no such scenario file or practice puzzle"
LONG_NAMES = [
    (["sim", "red-rush", "NAME"], NO_DECK, TOO_LONG),  # a name without "/" may be a starter's
    (["sim", "NAME", "red-rush"], NO_DECK, TOO_LONG),
    (["sim", "red-rush", "NAME.deck"], TOO_LONG, TOO_LONG),
    (["sim", "red-rush", "blue-tides", "NAME/"], TOO_LONG, TOO_LONG),
    (["build", "NAME.deck"], "cannot be used: " + TOO_LONG, "cannot be used: " + TOO_LONG),
    (["build", "NAME"], "cannot be used: " + TOO_LONG, "cannot be used: " + TOO_LONG),
    (["validate", "NAME.deck"], TOO_LONG, TOO_LONG),
    (["play", "--deck", "NAME.deck"], TOO_LONG, TOO_LONG),
    (["play", "--opponent-deck", "NAME.deck"], TOO_LONG, TOO_LONG),
    (["play", "--load", "NAME"], TOO_LONG, TOO_LONG),
    (["play", "--scenario", "NAME"], NO_PUZZLE, NO_PUZZLE),
    (["replay", "NAME"], TOO_LONG, TOO_LONG),
    (["scenario", "NAME"], NO_SCENARIO, NO_SCENARIO),
    (["scenario", "--solve", "NAME"], NO_SCENARIO, NO_SCENARIO),
]


@pytest.mark.parametrize("part", [False, True], ids=["5000-characters", "a-300-character-part"])
@pytest.mark.parametrize(
    ("argv", "long", "long_part"), LONG_NAMES, ids=[" ".join(a) for a, *_ in LONG_NAMES]
)
def test_a_name_too_long_is_a_clear_message(argv, long, long_part, part, capsys, monkeypatch):
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)  # build: refused before that
    name = LONG_PART if part else LONG
    status = main([a.replace("NAME", name) for a in argv])
    out, err = capsys.readouterr()
    assert status == 2, out + err
    assert (long_part if part else long) in out + err
    assert name[:60] in out + err and "Traceback" not in out + err  # (validate shortens it)


def test_any_other_os_error_is_one_line_naming_the_file(capsys, monkeypatch, tmp_path):
    """The last resort of the command line: an OSError no sub-command foresaw."""

    def refuse(args):
        raise PermissionError(13, "Permission denied", str(tmp_path / "x"))

    monkeypatch.setattr(sim_cmd, "run", refuse)  # register() hands the parser this `run`
    assert main(["sim", "red-rush", "blue-tides"]) == 2
    err = capsys.readouterr().err
    assert err == f"zenonzard sim: {tmp_path / 'x'}: Permission denied\n"


# ----------------------------------------------------------------------------------------------
# sim --games 10**12: the games are made as they are played


def test_a_run_makes_its_specs_as_they_are_taken():
    run = Run(10**12, 3, 1, "alternate", ("easy", "easy"))
    assert len(run) == 3 * 10**12
    tracemalloc.start()
    try:
        parts = chunks(run, 4)
        first = [next(parts) for _ in range(5)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # a few specs, never the list of 3 * 10**12
    assert [s.index for s in first[0]] == list(range(25))
    assert run.spec(10**12 + 7) == GameSpec(10**12 + 7, 1, 2, 8, 1, ("easy", "easy"))
    assert run.spec(10**12 + 7) in run and GameSpec(0, 0, 1, 99, 0, ("easy", "easy")) not in run


def test_a_run_gives_the_specs_of_the_old_list():
    """The same games as before (bench/digest.py's games are untouched; here, the specs)."""
    levels = ("easy", "medium")
    run = Run(7, 2, 5, "alternate", levels)
    old = [GameSpec(m * 7 + g, m, m + 1, 5 + g, g % 2, levels) for m in range(2) for g in range(7)]
    assert list(run) == old
    assert [s.first for s in Run(3, 1, 0, "random", levels)] == ["random"] * 3
    assert [s.first for s in Run(2, 1, 0, "B", levels)] == [1, 1]


class _CountingRunner:
    """A runner that plays nothing: it takes specs one by one and stops after `stop` of them
    with a KeyboardInterrupt, as Ctrl-C would."""

    taken = 0

    def __init__(self, decks, jobs, stop: int = 200) -> None:
        self.stop = stop

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass

    def where(self) -> str:
        return "nowhere"

    def results(self, specs):
        from zenonzard_tui.engine.outcome import Outcome, Termination

        for spec in specs:
            if type(self).taken == self.stop:
                raise KeyboardInterrupt
            type(self).taken += 1
            outcome = Outcome(Termination.LIFE, spec.index % 2, "life 0")
            yield Result(spec.index, spec.match, 0, outcome, 5, frozenset(), frozenset())


def test_sim_of_10_to_the_12_games_streams_and_stops_on_ctrl_c(capsys, monkeypatch):
    monkeypatch.setattr(sim_cmd, "LocalRunner", _CountingRunner)
    _CountingRunner.taken = 0
    tracemalloc.start()
    try:
        status = main(["sim", "red-rush", "blue-tides", "--games", str(10**12), "--quiet"])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == 130 and _CountingRunner.taken == 200
    assert peak < 20_000_000  # the decks and 200 results; 10**12 specs would be terabytes
    assert "200 games (stopped early, of 1000000000000)" in capsys.readouterr().out


def test_more_games_than_a_lifetime_are_refused(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["sim", "red-rush", "blue-tides", "--games", str(10**15 + 1)])
    assert exit.value.code == 2
    assert "at most 10**15 games" in capsys.readouterr().err


SIM = [sys.executable, "-m", "zenonzard_tui", "sim", "red-rush", "blue-tides"]


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc; none elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == pid:  # after the name: state, then the parent's pid
            found.append(int(stat.parent.name))
    return found


def test_a_real_run_of_10_to_the_12_games_stops_on_sigint():
    proc = subprocess.Popen(
        [*SIM, "--games", str(10**12), "--ai", "easy", "--jobs", "2", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    # started: its two workers are there (a SIGINT while Python itself is still starting is
    # Python's, before any of ours runs); then some games played (the old code was still
    # making its list). Not a fixed sleep: a loaded machine may take seconds to start.
    deadline = time.monotonic() + (60 if Path("/proc/self/stat").exists() else 4)
    while time.monotonic() < deadline and proc.poll() is None:
        if len(_children(proc.pid)) >= 2:
            break
        time.sleep(0.1)
    time.sleep(2)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "of 1000000000000)" in out and "Traceback" not in err


# ----------------------------------------------------------------------------------------------
# sim --ray ADDRESS: a bounded wait, testable without Ray (sim/reach.py)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_address_nobody_listens_at_is_refused_at_once():
    port = _free_port()
    with pytest.raises(RunnerError, match=rf"cannot reach the Ray cluster at 127.0.0.1:{port}: "):
        check_address(f"127.0.0.1:{port}", timeout=5)
    with pytest.raises(RunnerError, match="Connection refused"):
        check_address("127.0.0.1:1", timeout=5)


def test_an_address_that_listens_passes_the_check():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_address(f"127.0.0.1:{server.getsockname()[1]}", timeout=5)
        check_address(f"ray://127.0.0.1:{server.getsockname()[1]}", timeout=5)


def test_a_call_that_never_answers_gives_up_after_its_timeout():
    release = threading.Event()
    with pytest.raises(RunnerError, match=r"cannot reach the cluster: no answer within 0.2 s"):
        within(0.2, release.wait, "the cluster")
    release.set()
    assert within(5, lambda: 42, "x") == 42
    with pytest.raises(ConnectionError, match="nope"):
        within(5, lambda: (_ for _ in ()).throw(ConnectionError("nope")), "x")


@pytest.mark.parametrize(
    ("address", "place"),
    [
        ("10.0.0.5:6379", ("10.0.0.5", 6379)),
        ("ray://head:10001", ("head", 10001)),
        ("[::1]:6379", ("::1", 6379)),
        ("auto", None),
    ],
)
def test_ray_addresses_are_read(address, place):
    assert host_port(address) == place


@pytest.mark.parametrize("address", ["host:0", "host:99999", "host:http", ":6379"])
def test_an_address_with_no_port_is_refused(address):
    with pytest.raises(RunnerError, match="not an address"):
        host_port(address)


def test_sim_ray_at_an_address_nobody_answers_exits_2_with_a_message(capsys):
    pytest.importorskip("ray")
    assert main(["sim", "red-rush", "blue-tides", "--games", "2", "--ray", "127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Ray cluster at 127.0.0.1:1" in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["0", "-1", "nan", "1e9", "soon"])
def test_the_ray_timeout_is_a_number_of_seconds(value, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["sim", "red-rush", "blue-tides", "--ray", "x:1", "--ray-timeout", value])
    assert exit.value.code == 2 and "argument --ray-timeout" in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------
# validate: a Forces line of 20,000 entries; scenarios with 500,000 cards in a zone


def test_a_forces_line_of_20000_is_one_problem_and_no_force_is_looked_up(
    tmp_path, capsys, monkeypatch
):
    looked = []
    real = decks_module._Lookup.force
    monkeypatch.setattr(
        decks_module._Lookup, "force", lambda self, t: looked.append(t) or real(self, t)
    )
    path = tmp_path / "many.deck"
    path.write_text("Forces: " + ", ".join(["Force of Sin"] * 20_000) + "\n40 Miner of Aguma\n")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the Forces line names 20,000 Forces; a deck has exactly two different" in err
    assert err.count("ZR 4.2") == 1 and looked == []  # rejected before a Force is read


def test_ten_forces_are_still_read_one_by_one(tmp_path, capsys):
    path = tmp_path / "ten.deck"
    path.write_text("Forces: " + ", ".join(["Force of Sin"] * 10) + "\n40 Miner of Aguma\n")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "10 Forces given" in err and "'Force of Sin' is named twice" in err


PUZZLE = (PUZZLES / "last-push.toml").read_text(encoding="utf-8")


def _with_zone(zone: str, count: int) -> str:
    lines = PUZZLE.splitlines()
    at = lines.index("[state.B]") + 1
    lines = [line for n, line in enumerate(lines) if not (n >= at and line.startswith(f"{zone} ="))]
    lines.insert(at, f"{zone} = [" + ", ".join(['"Drill Golem"'] * count) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("zone", "count", "message"),
    [
        ("trash", 50_000, "B.trash holds 50,000 cards; the limit is 40 (ZR 4.1)"),
        ("deck", 50_000, "B.deck holds 50,000 cards; the limit is 40 (ZR 4.1)"),
        ("hand", 50_000, "B.hand holds 50,000 cards; the limit is 10 (ZR 3.3)"),
        ("deck", 41, "B.deck holds 41 cards; the limit is 40 (ZR 4.1)"),
        ("hand", 11, "B.hand holds 11 cards; the limit is 10 (ZR 3.3)"),
    ],
)
def test_a_zone_holds_what_a_game_can_and_is_refused_before_a_card_is_read(
    zone, count, message, monkeypatch
):
    read = []
    real = position._Builder.card
    monkeypatch.setattr(
        position._Builder, "card", lambda self, *a: read.append(a[0]) or real(self, *a)
    )
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(_with_zone(zone, count), "big.toml")
    assert message in str(raised.value) and str(raised.value).startswith("big.toml:")
    assert len(read) < 40  # the position's other cards: B's zone is refused before its first


def test_a_zone_of_forty_cards_is_a_position():
    assert parse_scenario(_with_zone("trash", 40), "forty.toml").new_game() is not None


def test_validate_and_scenario_commands_refuse_the_big_zone(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text(_with_zone("trash", 50_000))
    assert main(["scenario", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "holds 50,000 cards" in out + err and "Traceback" not in out + err
