"""bench/opcodes.py counts the engine's bytecodes per decision: the same games give the same
counts, whatever the machine's load (what makes it a figure to compare engine versions by), once
the process's one-time work (the shared caches filled by a first game) is done."""

from __future__ import annotations

import pytest

from bench.opcodes import count_decisions


@pytest.mark.pure  # (counts the bytecodes of the engine's .py modules, docs/build.md)
def test_the_same_games_count_the_same_bytecodes():
    count_decisions(1, 7, "starter")  # the one-time work
    first = count_decisions(1, 7, "starter")
    again = count_decisions(1, 7, "starter")
    assert [kind for kind, _ in first] == [kind for kind, _ in again]
    assert [sum(c.values()) for _, c in first] == [sum(c.values()) for _, c in again]
    assert len(first) > 20 and all(sum(c.values()) > 50 for _, c in first)
    # the count reaches into the engine: its listing and apply are among the functions counted
    seen = {name for _, c in first for name, _, _ in c}
    assert {"legal", "apply", "run"} <= seen
