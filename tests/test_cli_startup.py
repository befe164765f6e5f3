"""`zenonzard --help` lists every sub-command without importing any of them (bench/startup.py
measures the time); the one-line helps it shows are the sub-commands' own."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from zenonzard_tui.cli import COMMANDS, build_parser, main

HEAVY = ("textual", "rich", "zenonzard_tui.engine", "zenonzard_tui.ai", "zenonzard_tui.cards")


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_listed_helps_are_the_sub_commands_own():
    listed = {c.name: c.help for c in COMMANDS}
    assert _helps(build_parser()) == listed  # every module registered for real
    assert _helps(build_parser([])) == listed  # none imported


def test_help_imports_no_sub_command():
    code = (
        "import sys, contextlib, io\n"
        "from zenonzard_tui.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try: main(['--help'])\n"
        "    except SystemExit as exit: assert exit.code == 0\n"
        "assert 'replay' in out.getvalue()\n"
        f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_the_chosen_sub_command_runs_and_an_unknown_one_is_refused(capsys):
    assert main(["validate", "red-rush"]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit:
        main(["nosuch"])
    assert exit.value.code == 2
    assert "invalid choice: 'nosuch'" in capsys.readouterr().err


# what the sub-commands require besides, so that the unknown option is the only problem
_REQUIRED = {
    "sim": ["red-rush", "red-rush"],
    "bot": ["--server", "ws://127.0.0.1:9", "--create"],
    "watch": ["--server", "ws://127.0.0.1:9", "CODE"],
    "validate": ["red-rush"],
    "replay": ["game.json"],
}


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_an_option_a_sub_command_does_not_know_is_said_by_it(command, capsys):
    """`zenonzard sim --bogus`: the sub-command's usage and its --help (the top level's usage of
    `zenonzard [-h] [--version] COMMAND` showed none of the options there are)."""
    with pytest.raises(SystemExit) as exit:
        main([command, "--bogus-option", *_REQUIRED.get(command, [])])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: zenonzard {command} ")
    assert f"zenonzard {command}: error: unrecognized arguments: " in err
    assert "--bogus-option" in err
    assert f"(see 'zenonzard {command} --help')" in err
