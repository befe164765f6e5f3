"""Every change of zone goes through one function, `Zones.move` (engine/zones.py), which raises
the move triggers in one place (`Zones.moved`, ZR 11): no other code appends to or removes from a
zone list. Read from the source (ast), like tests/client/test_boundary.py."""

from __future__ import annotations

import ast
from pathlib import Path

import zenonzard_tui

PACKAGE = Path(zenonzard_tui.__file__).parent
ZONES = {"deck", "hand", "field", "base", "trash", "limbo"}
CHANGES = {"append", "remove", "pop", "insert", "extend", "clear"}
# (file, function): the one move function and its helper, and the builders of a game's first
# position, which lay its cards out before the game starts (no move): from a scenario file, and
# a new game's decks (ZR 5.1)
ALLOWED = {
    ("engine/zones.py", "move"),
    ("engine/zones.py", "_take_slot"),
    ("engine/position.py", "game_from_position"),
    ("engine/turns.py", "_setup"),
}


class _Finder(ast.NodeVisitor):
    """The zone-list changes of one file: (function, line, text)."""

    def __init__(self) -> None:
        self.found: list[tuple[str, int, str]] = []
        self.function = ""
        self.aliases: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer = self.function, self.aliases
        self.function, self.aliases = node.name, set()
        for sub in ast.walk(node):  # names that hold a zone list in this function
            if isinstance(sub, ast.Assign) and self._zone(sub.value):
                self.aliases |= {t.id for t in sub.targets if isinstance(t, ast.Name)}
            elif isinstance(sub, ast.For | ast.comprehension) and isinstance(
                sub.iter, ast.Tuple | ast.List
            ):
                self._loop_aliases(sub.target, sub.iter.elts)
        self.generic_visit(node)
        self.function, self.aliases = outer

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def _loop_aliases(self, target: ast.expr, items: list[ast.expr]) -> None:
        """`for zone in (p.hand, p.deck)`, `for where, zone in (("hand", p.hand), ...)`."""
        if isinstance(target, ast.Name):
            if any(self._zone(e) for e in items):
                self.aliases.add(target.id)
        elif isinstance(target, ast.Tuple):
            for i, name in enumerate(target.elts):
                column = [e.elts[i] for e in items if isinstance(e, ast.Tuple) and len(e.elts) > i]
                self._loop_aliases(name, column)

    def _zone(self, node: ast.expr) -> bool:
        """Is `node` a zone list: `x.hand`, `getattr(p, zone)`, `_cards(p, zone)`, an alias?"""
        if isinstance(node, ast.Attribute):
            return node.attr in ZONES
        if isinstance(node, ast.Name):
            return node.id in self.aliases
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id in ("getattr", "_cards")
        return False

    def _add(self, node: ast.AST) -> None:
        self.found.append((self.function, getattr(node, "lineno", 0), ast.unparse(node)))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in CHANGES and self._zone(func.value):
            self._add(node)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for t in node.targets:
            if isinstance(t, ast.Subscript) and self._zone(t.value):
                self._add(node)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for t in node.targets:
            if isinstance(t, ast.Subscript) and self._zone(t.value):
                self._add(node)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        t = node.target
        if self._zone(t.value if isinstance(t, ast.Subscript) else t):
            self._add(node)
        self.generic_visit(node)


def zone_changes(source: str) -> list[tuple[str, int, str]]:
    """(function, line, text) of every change of a zone list in `source`."""
    finder = _Finder()
    finder.visit(ast.parse(source))
    return finder.found


def test_the_finder_sees_each_way_of_changing_a_zone() -> None:
    source = """
def f(game, p, uid, top, rest):
    p.hand.remove(uid)
    game.limbo.append(uid)
    del p.deck[:2]
    p.deck[:0] = rest
    p.trash += top
    for zone in (p.hand, p.trash):
        zone.remove(uid)
    for where, zone in (("hand", p.hand), ("deck", p.deck)):
        zone.pop(0)
    cards = p.deck
    cards.insert(0, uid)
    getattr(p, "field").append(uid)
    p.deck.sort()
    p.deck.count(uid)
"""
    found = [line for _, line, _ in zone_changes(source)]
    assert found == [3, 4, 5, 6, 7, 9, 11, 13, 14]


def test_every_change_of_zone_goes_through_move() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 50
    found, allowed = [], set()
    for path in files:
        name = path.relative_to(PACKAGE).as_posix()
        for function, line, text in zone_changes(path.read_text()):
            if (name, function) in ALLOWED:
                allowed.add((name, function))
            else:
                found.append(f"{name}:{line} ({function}): {text}")
    assert found == [], "zone lists changed outside Zones.move:\n" + "\n".join(found)
    assert allowed == ALLOWED  # the check reads the files it allows: it is not looking elsewhere
