"""The client reaches the game only through the table (zenonzard_tui/table.py): nothing in
zenonzard_tui/client imports the engine's game module or reads a `.game` attribute, so the
boundary between a seat and the game cannot wear away unnoticed. Read from the source (ast)."""

from __future__ import annotations

import ast
from pathlib import Path

import zenonzard_tui.client

CLIENT = Path(zenonzard_tui.client.__file__).parent
GAME_MODULE = "zenonzard_tui.engine.game"


def crossings(source: str) -> list[str]:
    """Where `source` reaches past the table: an import of the game module (or of `game` from
    the engine package), a `.game` attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.startswith(GAME_MODULE)]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.startswith(GAME_MODULE):
                found.append(f"line {node.lineno}: from {module} import ...")
            elif module == "zenonzard_tui.engine" and any(a.name == "game" for a in node.names):
                found.append(f"line {node.lineno}: from zenonzard_tui.engine import game")
        elif isinstance(node, ast.Attribute) and node.attr == "game":
            found.append(f"line {node.lineno}: .game")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr":
            args = node.args
            if len(args) > 1 and isinstance(args[1], ast.Constant) and args[1].value == "game":
                found.append(f'line {node.lineno}: getattr(..., "game")')
    return found


def test_nothing_in_the_client_reaches_the_game_but_through_the_table():
    files = sorted(CLIENT.rglob("*.py"))
    assert len(files) > 10
    bad = {
        str(f.relative_to(CLIENT)): hits
        for f in files
        if (hits := crossings(f.read_text(encoding="utf-8")))
    }
    assert bad == {}


def test_the_check_finds_each_way_through():
    sample = """
import zenonzard_tui.engine.game
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine import game
x = session.game.legal_actions()
y = getattr(session, "game")
"""
    assert len(crossings(sample)) == 5
    assert crossings("from zenonzard_tui.table import Channel\nx = channel.observation()") == []
