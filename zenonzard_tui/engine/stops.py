"""Smart stops: which answers of a Flash window (ZR 8.3) would change nothing, so that a client's
auto-pass may pass there for the player, as MTG Arena's smart stops do.

A Flash Magic that is legal now (payable, with its target, ZR 6.1, ZR 6.4) may still do nothing
at all: Reinforce Armor gives +100 BP for each token its caster controls, so with no token it
gives +0. `idle_casts` plays each legal cast on a copy of the game and compares what the caster
sees afterwards with what they saw before, leaving out the cast itself (the card gone from the
hand into the trash, the mana rested to pay it). A summon (a Swoop minion) always changes the
field; a cast that asks its caster to choose (its target, a "may") does something when some
answer does (Reinforce Armor on any of its caster's minions: +0 BP each time).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from zenonzard_tui.engine.actions import CHOICE, PRIORITY
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.observe import Observation, observe

ONLY_PASS: Final = frozenset({"pass", "no block"})
CHOICES_DEEP: Final = 3  # the choices of a cast followed to this depth (each answer tried)


def idle_casts(game: Game) -> tuple[str, ...]:
    """The texts of the legal casts of the pending Flash window that would change nothing but
    the cast itself (in the order legal_actions() lists them); () for any other decision."""
    decision = game.pending
    if decision is None or decision.kind != PRIORITY:
        return ()
    seat = decision.seat
    before = _picture(observe(game, seat, log=()), seat)
    idle = []
    for action in game.legal_actions():
        if action.kind != "cast":
            continue
        after = game.clone()
        after.apply(action.text)
        if not _does_something(after, seat, game.defs[action.args[0]].id, before, CHOICES_DEEP):
            idle.append(action.text)
    return tuple(idle)


def _does_something(game: Game, seat: int, spent: str, before: tuple, deep: int) -> bool:
    """After a cast of `spent`: whether the game now differs from `before` for its caster, or,
    while the cast asks its caster to choose (its target, a "may"), whether some answer makes
    it differ (a choice deeper than `deep` counts as doing something)."""
    asked = game.pending
    if asked is not None and asked.kind == CHOICE and asked.seat == seat:
        if deep == 0:
            return True
        for action in game.legal_actions():
            then = game.clone()
            then.apply(action.text)
            if _does_something(then, seat, spent, before, deep - 1):
                return True
        return False
    return _picture(observe(game, seat, log=()), seat, spent) != before


def nothing_to_decide(game: Game) -> bool:
    """The pending decision's only answers are to pass: `pass` or `no block` alone, or a Flash
    window whose every cast would change nothing (`idle_casts`) and with no Swoop minion to
    summon. (An auto-pass answers such a decision; an undo takes it back with the one before.)"""
    if game.pending is None:
        return False
    texts = [a.text for a in game.legal_actions()]
    if len(texts) == 1:
        return texts[0] in ONLY_PASS
    if game.pending.kind != PRIORITY or "pass" not in texts:
        return False
    idle = set(idle_casts(game))
    return all(text == "pass" or text in idle for text in texts)


def _picture(view: Observation, seat: int, spent: str | None = None) -> tuple:
    """What `seat` sees of the game, but for what a cast of `spent` (a card id) does itself:
    that card out of the hand and in the trash, the caster's mana rested."""
    players = []
    for who, p in enumerate(view.players):
        hand = Counter(c.id for c in p.hand) if p.hand is not None else None
        trash = Counter(c.id for c in p.trash)
        if who == seat and spent is not None:
            assert hand is not None
            hand[spent] += 1  # as it was before the cast
            trash[spent] -= 1
        base = tuple((m.uid, m.id) if who == seat else m for m in p.base)
        field = tuple(
            (m.uid, m.id, m.rested, m.bp, m.dp, m.keywords, m.must_block, m.states) for m in p.field
        )
        held = p.hand_size + (1 if who == seat and spent is not None else 0)
        kept = +hand if hand is not None else None  # (+: the counts above 0)
        players.append((p.life, p.movement, held, p.deck_size, kept, +trash, base, field, p.forces))
    return view.turn, view.phase, view.attack, view.outcome, tuple(players)
