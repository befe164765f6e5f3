"""The game log: structured records, turned into sentences only when someone reads them.

Recording is a tuple append (no string building in the hot path) and can be switched off for
search. `sentences(game, seat)` writes what that seat may know: the opponent's draws are counted,
not named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zenonzard_tui.cards.model import KEYWORD_LABELS
from zenonzard_tui.cards.vocab import TRIGGERS

if TYPE_CHECKING:
    from zenonzard_tui.engine.game import Game

SEATS = ("A", "B")


class Log:
    __slots__ = ("enabled", "records")

    def __init__(self) -> None:
        self.enabled = True
        self.records: list[tuple] = []

    def add(self, kind: str, *args: object) -> None:
        if self.enabled:
            self.records.append((kind, args))

    def clone(self) -> Log:
        new = Log.__new__(Log)
        new.enabled = self.enabled
        new.records = self.records[:] if self.enabled else []
        return new

    def __len__(self) -> int:
        return len(self.records)


def _name(game: Game, uid: object) -> str:
    if isinstance(uid, int) and 0 <= uid < len(game.defs):
        return game.defs[uid].name
    return "a token"


UNTIL = {
    "end_of_turn": " until the end of the turn (ZR 5.7)",
    "battle": " during this battle (ZR 8.7)",
}


def _count(n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else f"{n} {noun}s"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _changes(bp: int, dp: int, grant: tuple) -> str:
    parts = [f"{v:+d} {stat}" for v, stat in ((bp, "BP"), (dp, "DP")) if v]
    parts += [KEYWORD_LABELS.get(k, k) for k in grant]
    return " and ".join(parts) or "no change"


def sentence(game: Game, record: tuple, seat: int | None) -> str | None:
    """One record as a sentence for `seat` (None: an all-knowing reader). None: nothing to say."""
    kind, a = record
    who = SEATS[a[0]] if a and isinstance(a[0], int) and a[0] in (0, 1) else ""
    if kind == "setup":
        return f"{SEATS[a[0]]} goes first. Life: A {a[1][0]}, B {a[1][1]} (ZR 5.1)."
    if kind == "turn":
        return f"Turn {a[0]}: {SEATS[a[1]]}'s turn."
    if kind == "mulligan":
        return (
            f"{who} keeps their hand." if a[1] == 0 else f"{who} mulligans {a[1]} card(s) (ZR 5.2)."
        )
    if kind == "draw":
        return (
            f"{who} draws {_name(game, a[1])}." if seat in (None, a[0]) else f"{who} draws a card."
        )
    if kind == "burn":
        return f"{who}'s hand is full: {_name(game, a[1])} goes to the trash (ZR 3.3)."
    if kind == "mana":
        return f"{who} puts {'a colorless mana' if a[1] is None else _name(game, a[1])} into their base (ZR 5.5)."
    if kind == "mana_skip":
        return f"{who} puts no mana into their base."
    if kind == "summon":
        return f"{who} summons {_name(game, a[1])}."
    if kind == "cast":
        return f"{who} casts {_name(game, a[1])}."
    if kind == "move":
        verb = "advances" if a[3] == "advancing" else "retreats"
        return f"{who} {verb} {a[2]} (ZR 7.1)."
    if kind == "attack":
        target = (
            "the player"
            if a[3][0] == "p"
            else f"{game.players[1 - a[0]].forces[a[3][1]].force.name}"
        )
        return f"{who}'s {a[2]} attacks {target}."
    if kind == "pass":
        return f"{who} passes."
    if kind == "no_block":
        return f"{who} does not block."
    if kind == "block":
        return f"{who}'s {a[2]} blocks."
    if kind == "battle":
        _, an, abp, _, bn, bbp, dead = a
        if len(dead) == 2:
            outcome = "both destroyed"
        elif dead:
            outcome = f"{bn if dead[0] == a[3] else an} destroyed"
        else:
            outcome = "nothing destroyed"
        return f"{bn} ({bbp} BP) blocks {an} ({abp} BP): {outcome} (ZR 8.5)."
    if kind == "destroyed":
        return f"{who}'s {a[2]} is destroyed" + (f" ({a[3]})." if a[3] else ".")
    if kind == "player_damage":
        src = f" from {a[3]}" if a[3] else ""
        return f"{who} takes {a[1]} damage{src}: life {a[2]}."
    if kind == "damage_reduced":
        target = who if a[1] is None else f"{who}'s {game.players[a[0]].forces[a[1]].force.name}"
        return f"The damage to {target} is reduced from {a[2]} to {a[3]}."
    if kind == "force_damage":
        return f"{who}'s {game.players[a[0]].forces[a[1]].force.name} takes {a[2]} damage: life {a[3]} (ZR 8.6)."
    if kind == "force_destroyed":
        return (
            f"{who}'s {game.players[a[0]].forces[a[1]].force.name} is destroyed (ZR 8.6, ZR 2.6)."
        )
    if kind == "force_search":
        return f"{who} puts {_name(game, a[1])} from their deck into their base (ZR 2.6)."
    if kind == "overflow":
        return f"{who}'s {a[2]} goes to the trash to make room ({a[3]})."
    if kind == "end_turn":
        return f"{who} ends their turn."
    if kind == "attack_fizzles":
        return "The attacking minion left the field: the attack ends (ZR 8.3)."
    if kind == "no_damage_force_gone":
        return "The target Force was already destroyed: no damage (ZR 8.6)."
    if kind == "discard":
        return f"{who} discards {_name(game, a[1])}."
    if kind == "to_hand":
        return f"{a[2]} returns to {who}'s hand."
    if kind == "reveal":
        return f"{who} reveals {_name(game, a[1])} and adds it to their hand."
    if kind == "blocker_gone":
        return "The blocking minion left the field: there is no battle (ZR 8.5)."
    if kind == "effect":
        label = "Resurge (ZR 2.7)" if a[3] else f"[{TRIGGERS[a[2]]}]"
        return f"{who}'s {a[1]}: {label} effect (ZR 6.5)."
    if kind == "modify":
        return f"{who}'s {a[1]} gets {_changes(a[2], a[3], a[4])}{UNTIL.get(a[5], '')}."
    if kind in ("rest", "activate"):
        names = [n for n in a[1] if n is not None]
        tokens = len(a[1]) - len(names)
        if tokens:
            names.append(_count(tokens, "colorless mana token"))
        verb = "become" if len(a[1]) > 1 else "becomes"
        return f"{who}'s {_and(names)} {verb} {'Rested' if kind == 'rest' else 'Active'}."
    if kind == "to_base":
        if a[2]:
            return f"{who}'s {a[1]} cannot be mana: the token ceases to exist (ZR 2.1)."
        return f"{who}'s {a[1]} moves to their base."
    if kind == "into_base":
        return f"{who} puts {_name(game, a[1])} from their {a[2]} into their base."
    if kind == "add_mana":
        return f"{who} puts {_count(a[1], 'colorless mana token')} into their base" + (
            " Rested." if a[2] else "."
        )
    if kind == "heal":
        if a[1] is None:
            return f"{who}'s life is restored to {a[2]} (ZR 3.6: at most 10)."
        force = game.players[a[0]].forces[a[1]].force.name
        return f"{who}'s {force} is restored to {a[2]} life (ZR 3.6: at most 10)."
    if kind == "token":
        return f"{who} creates {_count(a[2], a[1])}."
    if kind == "shuffle":
        return f"{who} shuffles their deck."
    if kind == "recolor":
        return f"{who}'s {a[1]} becomes {a[2]} mana."
    if kind == "look":
        return f"{who} looks at the top {_count(a[1], 'card')} of their deck."
    if kind == "look_take":
        shown = _name(game, a[1]) if seat in (None, a[0]) else "a card"
        return f"{who} puts {shown} into their hand."
    if kind == "look_rest":
        if not a[1]:
            return None
        where = "on the bottom of their deck in random order" if a[2] != "top" else "back on top"
        return f"{who} puts {_count(a[1], 'card')} {where}."
    if kind == "must_block":
        return f"{who}'s {a[1]} must block this turn."
    if kind == "gain_movement":
        return f"{who} gains {a[1]} Movement ({a[2]} in all, ZR 7.1)."
    if kind == "game_over":
        result = "The game is a draw" if a[0] == "draw" else f"{SEATS[a[0]]} wins"
        return f"{result}: {a[1]}."
    return None


def sentences(game: Game, seat: int | None = None) -> list[str]:
    out = []
    for record in game.log.records:
        text = sentence(game, record, seat)
        if text:
            out.append(text)
    return out
