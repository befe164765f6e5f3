"""Frozen dataclasses that pickle and copy the same way in both builds (docs/build.md).

A frozen dataclass compiled by mypyc gets mypyc's own `__setstate__`, which sets each attribute
through the class's `__setattr__`, the one the dataclass makes refuse every assignment: unpickled
or copied (`pickle`, `copy.copy`, `copy.deepcopy`, a sim worker's result, a Ray task's decks) it
raised FrozenInstanceError. `picklable` registers the classes with `copyreg` instead: a record is
rebuilt by its constructor from its `__init__` fields, which also recomputes what `__post_init__`
derives (a card's passives, its triggers). Every frozen dataclass of a compiled module is
registered, in the module that defines it (tests/test_builds.py checks that none is missing).
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any


def picklable(*classes: type) -> None:
    """Pickle and copy records of these frozen dataclasses through their constructors."""
    for cls in classes:
        copyreg.pickle(cls, _by_constructor)


def _by_constructor(record: Any) -> tuple[type, tuple[Any, ...]]:
    return type(record), tuple(getattr(record, f.name) for f in fields(record) if f.init)
