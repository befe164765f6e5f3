"""The log's event classes (engine/events.py): plain classes, cheap to define and to compile."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

from zenonzard_tui.engine import events
from zenonzard_tui.engine.events import EVENTS, Activate, Battle, Draw, Event, Rest, SeatEvent


def _classes() -> list[type[Event]]:
    return [SeatEvent, *EVENTS.values()]


def test_no_event_is_a_dataclass():
    """70 frozen dataclasses cost the module 45 ms to import (issue 21): none is one again."""
    assert not [cls.__name__ for cls in _classes() if dataclasses.is_dataclass(cls)]
    source = inspect.getsource(events)
    assert "@dataclass" not in source and "import dataclass" not in source


def test_every_event_has_slots_and_takes_its_fields_in_order():
    """`fields` (read by observe.event_view, snapshots, repr and equality) is what `__init__`
    takes, in its order, and each field is a slot: no instance dict."""
    for cls in _classes():
        init = cls.__init__
        if cls.fields:
            params = list(inspect.signature(init).parameters)[1:]
            assert tuple(params) == cls.fields, cls.__name__
        else:
            assert init is object.__init__, cls.__name__
        slots = {s for base in cls.__mro__ for s in vars(base).get("__slots__", ())}
        assert slots == set(cls.fields), cls.__name__
        assert "__slots__" in vars(cls), cls.__name__


def test_the_kinds_are_the_classes_that_name_one():
    # 69; Boost, BoostReturn, Banished (ZR 17, 18); AttackRedirected, ToDeckTop, GainEffect (PC02)
    assert len(EVENTS) == 75
    assert EVENTS["draw"] is Draw and EVENTS["activate"] is Activate
    assert Activate.fields == Rest.fields == ("seat", "names")
    assert Battle.fields[:3] == ("attacker", "attacker_name", "attacker_bp")


def test_events_are_values():
    """Equal when the kind and the fields are; a hash to match; the repr a dataclass had."""
    draw = Draw(0, 12)
    assert draw == Draw(0, 12) and hash(draw) == hash(Draw(0, 12))
    assert draw != Draw(1, 12) and draw != Draw(0, 13)
    assert Rest(0, (None,)) != Activate(0, (None,))  # the same fields, another kind
    assert draw != (0, 12)
    assert repr(draw) == "Draw(seat=0, uid=12)"
    assert repr(EVENTS["force_destroyed"](1, 0)) == "ForceDestroyed(seat=1, index=0, reason='')"
    assert pickle.loads(pickle.dumps(draw)) == draw
    assert draw.values() == (0, 12)
