"""A fixed, stable numbering of the engine's legal actions, for agents that pick an integer.

The engine lists its legal actions at each decision (`game.legal_actions()`); an agent with a fixed
action space needs the same id for the same kind of move in every game. Each decision kind has its
own block of indexed slots (`LAYOUT`): for example "play the card at hand position 3" is always
`PLAY + 3`, "attack the player with the minion at field position 1" always `ATTACK + 1 * 3 + 0`.
Positions are those of the deciding seat's zones in `observe(seat)` (hand, field, base, in order);
the options of a choice are numbered in the order the engine offers them. A block added later goes
at the end (Boost, ZR 17.2), so the ids of the earlier blocks keep their meaning.

`legal_ids(game)` maps the ids legal now to the engine's actions; everything else is masked out.
This module needs neither numpy nor PettingZoo.
"""

from __future__ import annotations

from dataclasses import dataclass

from zenonzard_tui.engine.actions import Action
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import BASE_LIMIT, FIELD_LIMIT, HAND_LIMIT, START_HAND

ATTACK_TARGETS = 3  # the player, the opponent's first Force, its second Force (ZR 8.1)
CHOICE_OPTIONS = 64  # options of a choice an agent can pick (300 random games offered at most 10)


@dataclass(frozen=True)
class Block:
    """A run of `size` ids starting at `start`, for one kind of action."""

    name: str
    start: int
    size: int
    meaning: str


def _layout() -> tuple[Block, ...]:
    blocks = []
    start = 0
    for name, size, meaning in (
        ("keep", 1, "mulligan: keep the hand (ZR 5.2)"),
        ("mulligan", 2**START_HAND - 1, "mulligan: put back the hand positions of bit mask i+1"),
        ("mana", HAND_LIMIT, "mana: put the card at hand position i into the base (ZR 5.5)"),
        ("mana_colorless", 1, "mana: take a colorless mana token"),
        ("mana_skip", 1, "mana: put nothing into the base"),
        ("play", HAND_LIMIT, "summon or cast the card at hand position i (main phase or Flash)"),
        ("advance", BASE_LIMIT, "advance the minion at base position i to the field (ZR 7)"),
        ("retreat", FIELD_LIMIT, "retreat the minion at field position i to the base (ZR 7)"),
        (
            "attack",
            FIELD_LIMIT * ATTACK_TARGETS,
            "field position i attacks target t: i*3+t (t 0 the player, 1 and 2 a Force) (ZR 8.1)",
        ),
        ("end_turn", 1, "end the turn"),
        ("pass", 1, "pass priority in a Flash window (ZR 8.3)"),
        ("block", FIELD_LIMIT, "block with the minion at field position i (ZR 8.4)"),
        ("no_block", 1, "do not block"),
        ("choose", CHOICE_OPTIONS, "pick option i of a choice, in the order offered"),
        ("choose_none", 1, "pick none (a choice that allows it)"),
        ("done", 1, "end a choice of several"),
        (
            "boost",
            FIELD_LIMIT * BASE_LIMIT,
            "boost the minion at field position i with the Boost card at base position j: "
            f"i*{BASE_LIMIT}+j (ZR 17.2)",
        ),
    ):
        blocks.append(Block(name, start, size, meaning))
        start += size
    return tuple(blocks)


LAYOUT = _layout()
BLOCKS = {b.name: b for b in LAYOUT}
SIZE = LAYOUT[-1].start + LAYOUT[-1].size  # the number of action ids


class UnmappedAction(Exception):
    """An engine action with no id (a zone larger than its slots): a bug to report."""


def _slot(name: str, index: int, action: Action) -> int:
    block = BLOCKS[name]
    if not 0 <= index < block.size:
        raise UnmappedAction(f"{action.text or action.kind}: index {index} is outside '{name}'")
    return block.start + index


def _at(zone: list[int], action: Action) -> int:
    """The position in `zone` of the card `action` names."""
    if action.uid not in zone:
        raise UnmappedAction(f"{action.text or action.kind}: its card is not where it should be")
    return zone.index(action.uid)


def action_id(game: Game, action: Action, position: int = 0) -> int:
    """The id of one legal action of the decision pending in `game` (`position`: its place among
    the offered options, for a choice)."""
    assert game.pending is not None
    p = game.players[game.pending.seat]
    kind = action.kind
    hand, base, field = p.hand, [s.uid for s in p.base], [s.uid for s in p.field]
    if kind == "keep":
        return BLOCKS["keep"].start
    if kind == "mulligan":
        mask = sum(1 << p.hand.index(uid) for uid in action.cards)
        return _slot("mulligan", mask - 1, action)
    if kind == "mana":
        return _slot("mana", _at(hand, action), action)
    if kind in ("summon", "cast"):
        return _slot("play", _at(hand, action), action)
    if kind == "advance":
        return _slot("advance", _at(base, action), action)
    if kind == "retreat":
        return _slot("retreat", _at(field, action), action)
    if kind == "attack":
        assert action.target is not None
        target = 0 if action.target[0] == "p" else 1 + action.target[1]
        return _slot("attack", _at(field, action) * ATTACK_TARGETS + target, action)
    if kind == "block":
        return _slot("block", _at(field, action), action)
    if kind == "boost":  # ZR 17.2: (the minion, the Boost card of the base)
        minion, card = action.args
        if minion not in field or card not in base:
            raise UnmappedAction(f"{action.text or kind}: its cards are not where they should be")
        return _slot("boost", field.index(minion) * BASE_LIMIT + base.index(card), action)
    if kind == "choose":
        if action.option == ("none",):
            return BLOCKS["choose_none"].start
        return _slot("choose", position, action)
    if kind in BLOCKS and BLOCKS[kind].size == 1:  # mana_colorless, mana_skip, end_turn, ...
        return BLOCKS[kind].start
    raise UnmappedAction(f"no id for the action kind {kind!r}")


def legal_ids(game: Game) -> dict[int, Action]:
    """The ids of the actions legal now, each with its engine action ({} when the game is over)."""
    if game.pending is None:
        return {}
    out: dict[int, Action] = {}
    options = 0
    for action in game.legal_actions():
        if action.kind == "choose" and action.option != ("none",):
            i = action_id(game, action, options)
            options += 1
        else:
            i = action_id(game, action)
        if i in out:
            raise UnmappedAction(f"{action.text} and {out[i].text} both have id {i}")
        out[i] = action
    return out


def describe(i: int) -> str:
    """What id `i` means ("attack 7: field position 2 attacks target 1")."""
    for block in LAYOUT:
        if block.start <= i < block.start + block.size:
            if block.size == 1:
                return f"{block.name}: {block.meaning}"
            return f"{block.name} {i - block.start}: {block.meaning}"
    raise ValueError(f"no action id {i} (ids are 0-{SIZE - 1})")
