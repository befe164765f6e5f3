"""A fast rule-of-thumb player: the easy AI's moves and the playouts of the searching AIs.

It looks at nothing a seat may not know: its own hand, the public zones, the pending decision.
Every function takes the game and returns one of `game.legal()`.
"""

from __future__ import annotations

import random

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, Action
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import BASE_LIMIT

MANA_TARGET = 8  # past this many mana, a Base Minion card is worth more on the field


def _by_kind(actions: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in actions:
        out.setdefault(a.kind, []).append(a)
    return out


def mulligan(game: Game, seat: int, actions: list[Action]) -> Action:
    """Keep a hand with 2-4 Base Minions; otherwise send back the costliest non-mana cards (or the
    extra Base Minions) so that about three remain."""
    hand = game.players[seat].hand
    bases = [u for u in hand if game.defs[u].type == "base_minion"]
    if 2 <= len(bases) <= 4:
        return actions[0]  # keep
    if len(bases) < 2:
        back = sorted(
            (u for u in hand if u not in bases), key=lambda u: -fx.card_cost(game.defs[u])
        )
        back = back[: 3 - len(bases)]
    else:
        back = bases[3:]
    want = sorted(game.defs[u].id for u in back)
    for a in actions:
        if a.kind == "mulligan" and sorted(game.defs[u].id for u in a.args) == want:
            return a
    return actions[0]


def mana(game: Game, seat: int, actions: list[Action]) -> Action:
    p = game.players[seat]
    kinds = _by_kind(actions)
    if len(p.base) >= BASE_LIMIT:
        return kinds["mana_skip"][0]
    if "mana" in kinds and len(p.base) < MANA_TARGET + 2:
        return kinds["mana"][0]
    if len(p.base) < MANA_TARGET and "mana_colorless" in kinds:
        return kinds["mana_colorless"][0]
    return kinds["mana_skip"][0]


def _best_blocker_bp(game: Game, seat: int) -> int:
    """The highest BP among the Active minions of `seat` (who could block)."""
    best = -1
    for s in game.players[seat].field:
        if not s.rested and fx.can_block(game, s, None):
            best = max(best, fx.bp(game, s, seat))
    return best


def _attack(game: Game, seat: int, attacks: list[Action], rng: random.Random) -> Action | None:
    """An attack whose minion would survive the best block (or meets no blocker), at the player if
    allowed, else at the weakest Force."""
    opp = 1 - seat
    blocker = _best_blocker_bp(game, opp)
    forces = game.players[opp].forces
    best, best_key = None, None
    for a in attacks:
        uid, target = a.args
        slot = game.field_slot(uid)
        if slot is None:
            continue
        bp = fx.bp(game, slot, seat)
        if blocker >= 0 and bp <= blocker and rng.random() < 0.8:
            continue
        key = (1 if target[0] == "p" else 0, -(forces[target[1]].life if target[0] == "f" else 0))
        key = (bp, *key)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def main(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    kinds = _by_kind(actions)
    summons = kinds.get("summon")
    if summons:
        return max(summons, key=lambda a: fx.card_cost(game.defs[a.args[0]]))
    casts = kinds.get("cast")
    if casts and rng.random() < 0.6:
        return rng.choice(casts)
    attack = _attack(game, seat, kinds.get("attack", []), rng)
    if attack is not None:
        return attack
    return kinds["end_turn"][0]


def block(game: Game, seat: int, actions: list[Action]) -> Action:
    """Block with the cheapest minion that destroys the attacker or survives; chump-block only to
    stay alive."""
    a = game.attack
    attacker = game.field_slot(a.attacker) if a is not None else None
    blocks = [x for x in actions if x.kind == "block"]
    if attacker is None or not blocks:
        return actions[0]
    abp = fx.bp(game, attacker, 1 - seat)
    good = []
    for x in blocks:
        s = game.field_slot(x.args[0])
        if s is not None and fx.bp(game, s, seat) >= abp:
            good.append((fx.bp(game, s, seat), x))
    if good:
        return min(good, key=lambda t: t[0])[1]
    lethal = a.target[0] == "p" and fx.dp(game, attacker, 1 - seat) >= game.players[seat].life
    if lethal or len(blocks) == len(actions):  # must block (Commanding Gelt) leaves no other
        return blocks[0]
    return next(x for x in actions if x.kind == "no_block")


def choose(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Inside an effect: pick at random, but stop ("done") once enough is chosen half the time."""
    done = [a for a in actions if a.kind == "done"]
    if done and rng.random() < 0.5:
        return done[0]
    return rng.choice(actions)


def act(game: Game, rng: random.Random) -> Action:
    """The rule-of-thumb action for whoever decides now."""
    d = game.pending
    actions = game.legal()
    if len(actions) == 1:
        return actions[0]
    if d.kind == MULLIGAN:
        return mulligan(game, d.seat, actions)
    if d.kind == MANA:
        return mana(game, d.seat, actions)
    if d.kind == MAIN:
        return main(game, d.seat, actions, rng)
    if d.kind == BLOCK:
        return block(game, d.seat, actions)
    if d.kind == CHOICE:
        return choose(game, d.seat, actions, rng)
    return next((a for a in actions if a.kind == "pass"), actions[0])  # a Flash window
