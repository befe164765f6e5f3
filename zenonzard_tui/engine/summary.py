"""A finished (or running) game in figures, read from its typed log events: how it ended, damage
dealt to each player and Force, cards played, minions destroyed, life turn by turn and the turns
the lead in life changed. Everything here is public: both players saw it happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from zenonzard_tui.engine.events import (
    Attack,
    Battle,
    Cast,
    Destroyed,
    Event,
    ForceDamage,
    ForceDestroyed,
    Heal,
    LifeSwap,
    Mana,
    PlayerDamage,
    Setup,
    Summon,
    Token,
    TurnStart,
)
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.outcome import Outcome
from zenonzard_tui.frozen import picklable

if TYPE_CHECKING:
    from zenonzard_tui.engine.observe import EventView

SPARKS = "▁▂▃▄▅▆▇█"


@dataclass
class SideFigures:
    """One player's figures. Damage is what they took (to the player, to each Force)."""

    damage_taken: int = 0
    force_damage_taken: dict[str, int] = field(default_factory=dict)
    forces_lost: list[str] = field(default_factory=list)
    summoned: int = 0
    cast: int = 0
    mana_played: int = 0
    minions_lost: int = 0


@dataclass
class MatchSummary:
    outcome: Outcome | None
    turns: int
    sides: tuple[SideFigures, SideFigures]
    life: tuple[list[int], list[int]]  # each player's life at the start of each turn, then now
    lead_changes: list[int]  # the turns at whose start the player ahead in life was another

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the outcome's termination as its name)."""
        out = asdict(self)
        if self.outcome is not None:
            out["outcome"]["termination"] = self.outcome.termination.value
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> MatchSummary:
        """The inverse of `to_dict` (what a reader without the game rebuilds from a message)."""
        outcome = Outcome.from_dict(raw["outcome"]) if raw["outcome"] is not None else None
        a, b = (SideFigures(**side) for side in raw["sides"])
        life = raw["life"]
        return cls(
            outcome, raw["turns"], (a, b), (list(life[0]), list(life[1])), list(raw["lead_changes"])
        )

    def lines(self, names: tuple[str, str] = ("A", "B")) -> list[str]:
        """The summary as a few short lines (a table of both players), for a screen or a
        terminal 80 columns wide: the table's rows are at most TABLE_WIDTH characters (a long
        deck name is cut with "…" there; the sentences around it name it in full), and life
        below 0 is shown as 0 (ZR 1.2: 0 or less loses)."""
        out = []
        if self.outcome is not None:
            who = "Draw" if self.outcome.winner is None else f"{names[self.outcome.winner]} wins"
            out.append(f"{who}: {self.outcome.reason}.")
        turns = f"Turns: {self.turns}"
        rows = [_cut(n, NAME_WIDTH) for n in names]
        width = max(len(turns), *(len(n) for n in rows))
        life = SPARK_WIDTH + 4
        out.append(f"{turns:{width}}  {'life':{life}}damage Forces summon cast lost")
        for seat, side in enumerate(self.sides):
            spark = f"{sparkline(self.life[seat], SPARK_WIDTH)} {max(self.life[seat][-1], 0)}"
            forces = sum(side.force_damage_taken.values())
            out.append(
                f"{rows[seat]:{width}}  {spark:{life}}{side.damage_taken:>6}{forces:>7}"
                f"{side.summoned:>7}{side.cast:>5}{side.minions_lost:>5}"
            )
        for seat, side in enumerate(self.sides):
            if side.forces_lost:
                out.append(f"{names[seat]} lost {_and(side.forces_lost)}.")
        if self.lead_changes:
            turns = ", ".join(str(t) for t in self.lead_changes)
            out.append(f"The lead in life changed hands at turn {turns}.")
        return out


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1].rstrip() + "…"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


SPARK_WIDTH = 12  # the most turns a life line shows (longer games are sampled evenly)
NAME_WIDTH = 20  # the widest name in the table: its rows are at most 68 characters
TABLE_WIDTH = NAME_WIDTH + 2 + SPARK_WIDTH + 4 + 30


def sparkline(values: list[int], width: int | None = None) -> str:
    """Values as a line of block characters, 0 at the bottom; at most `width` of them (sampled
    evenly, the last always shown)."""
    if width is not None and len(values) > width:
        step = (len(values) - 1) / (width - 1)
        values = [values[round(i * step)] for i in range(width)]
    top = max([*values, 1])
    return "".join(
        SPARKS[min(len(SPARKS) - 1, max(v, 0) * (len(SPARKS) - 1) // top)] for v in values
    )


def summarize(game: Game) -> MatchSummary:
    """The figures of `game` so far, from its log (a game made with log=False has none)."""
    sides = (SideFigures(), SideFigures())
    life = [0, 0]
    history: tuple[list[int], list[int]] = ([], [])
    leader: int | None = None
    changes: list[int] = []
    for event in game.log.records:
        if isinstance(event, Setup):
            life = list(event.life)
        elif isinstance(event, TurnStart):
            for seat in (0, 1):
                history[seat].append(life[seat])
            ahead = None if life[0] == life[1] else int(life[1] > life[0])
            if ahead is not None:
                if leader is not None and ahead != leader:
                    changes.append(event.turn)
                leader = ahead
        elif isinstance(event, PlayerDamage):
            sides[event.seat].damage_taken += event.amount
            life[event.seat] = event.life
        elif isinstance(event, Heal) and event.force is None:
            life[event.seat] = event.life
        elif isinstance(event, LifeSwap):  # ZR 13.10
            life[1 - event.seat] = event.opponent_life
        elif isinstance(event, ForceDamage):
            name = game.players[event.seat].forces[event.index].force.name
            taken = sides[event.seat].force_damage_taken
            taken[name] = taken.get(name, 0) + event.amount
        elif isinstance(event, ForceDestroyed):
            name = game.players[event.seat].forces[event.index].force.name
            sides[event.seat].forces_lost.append(name)
        elif isinstance(event, Summon):
            sides[event.seat].summoned += 1
        elif isinstance(event, Cast):
            sides[event.seat].cast += 1
        elif isinstance(event, Mana):
            sides[event.seat].mana_played += 1
        elif isinstance(event, Destroyed):
            sides[event.seat].minions_lost += 1
    for seat in (0, 1):
        history[seat].append(game.players[seat].life)
    if not any(isinstance(e, Setup) for e in game.log.records[:1]):
        # a game from a position: its life before the first turn boundary is not in the log
        history = tuple(h[1:] if len(h) > 1 else h for h in history)  # type: ignore[assignment]
    return MatchSummary(game.outcome, game.turn, sides, history, changes)


NOTABLE: tuple[type[Event], ...] = (
    Summon,
    Cast,
    Token,
    Attack,
    Battle,
    Destroyed,
    PlayerDamage,
    ForceDamage,
    ForceDestroyed,
    Heal,
)  # what a recap of the other player's turn tells: cards played, attacks and what they did


NOTABLE_KINDS = frozenset(e.kind for e in NOTABLE)
RESULTS: tuple[type[Event], ...] = (Battle, PlayerDamage, ForceDamage, ForceDestroyed, Destroyed)
RESULT_KINDS = frozenset(e.kind for e in RESULTS)  # what a battle or an effect did to the board


@dataclass(frozen=True)
class RecapLine:
    """A line of a recap: the log's sentence; `result`: a battle, damage or a loss (what a short
    recap keeps longest)."""

    text: str
    result: bool = False


def recap(events: Sequence[EventView]) -> list[RecapLine]:
    """What happened in `events` (a seat's, engine/observe.py `event_views`) that a player wants
    told after the other player moved: cards played, attacks, battles, damage and losses."""
    return [
        RecapLine(e.text, e.kind in RESULT_KINDS)
        for e in events
        if e.kind in NOTABLE_KINDS and e.text
    ]


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(RecapLine)
