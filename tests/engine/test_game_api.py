"""Other modules change a game only through its public methods: no private member of `Game`
(`game._x`, `Game._x`, `type(game)._x`) is used outside the modules that define it (game.py and
the modules its classes come from: core, zones, battle, turns, texts, legal)."""

from __future__ import annotations

import ast
from pathlib import Path

import zenonzard_tui
from tests.sources import source_of
from zenonzard_tui.engine.game import Game

PACKAGE = Path(zenonzard_tui.__file__).parent


GAME_MODULES = {source_of(cls.__module__) for cls in Game.__mro__ if cls is not object}


def _private_members() -> set[str]:
    """Private names of Game: its methods and the attributes its methods set on `self`."""
    names = set()
    for cls in Game.__mro__:
        if cls is object:
            continue
        names |= {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
    nodes = [n for path in GAME_MODULES for n in ast.walk(ast.parse(path.read_text()))]
    for node in nodes:
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            names.add(node.attr)
    return names


def private_uses(source: str, private: set[str]) -> list[tuple[int, str]]:
    """(line, text) of every `x._name` with `_name` private to Game and `x` not `self`."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in private:
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            out.append((node.lineno, ast.unparse(node)))
    return out


def test_no_private_game_member_is_used_outside_game() -> None:
    assert len(GAME_MODULES) == 8 and PACKAGE / "engine" / "game.py" in GAME_MODULES
    private = _private_members()
    assert {"_legal", "_list_actions"} <= private  # the check knows what it looks for
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in GAME_MODULES:
            continue
        for line, text in private_uses(path.read_text(), private):
            found.append(f"{path.relative_to(PACKAGE)}:{line}: {text}")
    assert found == []


def test_the_check_finds_private_uses() -> None:
    private = {"_push", "_legal"}
    code = "game._push(1)\nGame._push\ntype(game)._push\nworld._legal = None\nself._push()\n"
    assert sorted(line for line, _ in private_uses(code, private)) == [1, 2, 3, 4]
