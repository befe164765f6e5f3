"""What the client's cold start does not wait for (issue 21 section 4; bench/client.py measures
the time): the AI's modules until its first decision, the deck builder, the scenario reader, the
match summary, and none of the optional extras. Each check runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

from zenonzard_tui.ai import LEVEL_NAMES, LEVELS

LATER = (
    "zenonzard_tui.ai.player",  # the AI: at its first decision
    "zenonzard_tui.ai.mcts",
    "zenonzard_tui.ai.policy",
    "zenonzard_tui.client.deckdraft",  # the deck builder: when it opens
    "zenonzard_tui.client.screens.builder",
    "zenonzard_tui.scenarios",  # puzzles and scenario files only
    "zenonzard_tui.engine.summary",  # after the first action
    "zenonzard_tui.sim",
    "zenonzard_tui.net",
    "zenonzard_tui.env",
    "numpy",
    "ray",
)


def _imported(code: str) -> list[str]:
    """The modules of LATER that `code` imports, run in a fresh interpreter."""
    script = (
        f"import sys, json\n{code}\nprint(json.dumps([m for m in {LATER!r} if m in sys.modules]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_importing_the_client_imports_nothing_it_needs_later():
    assert _imported("import zenonzard_tui.client.app") == []


def test_zenonzard_plays_command_line_imports_nothing_it_needs_later():
    assert _imported("from zenonzard_tui.cli import play_cmd") == []


def test_a_game_against_the_ai_imports_the_ai_at_its_first_use():
    code = (
        "from zenonzard_tui.client.session import Session\n"
        "from zenonzard_tui.client.settings import Settings\n"
        "from zenonzard_tui.decks import load_deck\n"
        "a, b = load_deck('red-rush'), load_deck('blue-tides')\n"
        "session = Session.from_decks(a, b, Settings('ai', 0, 'strong', (a.name, b.name)), 7)\n"
        "print(json.dumps([m for m in ('zenonzard_tui.ai.player',) if m in sys.modules]))\n"
        "ai = session.ai\n"
        "assert ai is session.ai and ai.level.name == 'strong', ai\n"
    )
    before, after = (
        json.loads(line)
        for line in subprocess.run(
            [
                sys.executable,
                "-c",
                f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()[-2:]
    )
    assert before == []
    assert "zenonzard_tui.ai.player" in after


def test_the_level_names_are_the_levels():
    """LEVEL_NAMES (what the command line and the settings offer, with no AI imported) are
    LEVELS' keys in their order."""
    assert tuple(LEVELS) == LEVEL_NAMES
