"""What one seat may know (`observe(game, seat)`): its own hand, the opponent's hand size only, deck
sizes, the public zones, the pending decision and, when it is this seat's, the legal actions, and
the log as this seat saw it. The AI and the client read only this; nothing hidden leaks through it.
"""

from __future__ import annotations

from typing import Any

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import CHOICE
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.log import sentences


def _slot(game: Game, slot, seat: int) -> dict[str, Any]:
    card = slot.card
    return {
        "uid": slot.uid,
        "id": card.id if card is not None else "colorless",
        "name": slot.name,
        "rested": slot.rested,
        "bp": fx.bp(game, slot, seat) if card is not None else None,
        "dp": fx.dp(game, slot, seat) if card is not None else None,
        "keywords": sorted(fx.keywords(game, slot)),
        "mana_color": slot.color,
        "arrived": slot.arrived,
        "must_block": slot.must_block,
    }


def _card(game: Game, uid: int) -> dict[str, Any]:
    card = game.defs[uid]
    return {"uid": uid, "id": card.id, "name": card.name}


def observe(game: Game, seat: int) -> dict[str, Any]:
    """A plain, JSON-ready picture of the game as `seat` sees it."""
    players = []
    for p in game.players:
        mine = p.seat == seat
        players.append(
            {
                "seat": SEATS[p.seat],
                "life": p.life,
                "movement": p.movement,
                "hand": [_card(game, u) for u in p.hand] if mine else None,
                "hand_size": len(p.hand),
                "deck_size": len(p.deck),
                "field": [_slot(game, s, p.seat) for s in p.field],
                "base": [_slot(game, s, p.seat) for s in p.base],
                "trash": [_card(game, u) for u in p.trash],
                "forces": [
                    {
                        "id": f.force.id,
                        "name": f.force.name,
                        "life": f.life,
                        "rested": f.rested,
                        "destroyed": f.destroyed,
                    }
                    for f in p.forces
                ],
            }
        )
    pending = None
    if game.pending is not None:
        d = game.pending
        pending = {"kind": d.kind, "seat": SEATS[d.seat]}
        if d.kind == CHOICE:  # whose effect asks is public (the log says it began)
            origin = fx.choice_origin(game, d.ctx)
            pending["source"] = origin[0] if origin else None
        if d.seat == seat:
            pending["actions"] = [a.text for a in game.legal_actions()]
            if d.kind == CHOICE:  # what may be chosen, and what is chosen so far: the chooser's
                choice = d.ctx
                pending["purpose"] = choice.purpose
                pending["min"], pending["max"] = choice.min, choice.max
                pending["chosen"] = [game.option_text(o) for o in choice.chosen]
    attack = None
    if game.attack is not None:
        a = game.attack
        attack = {
            "seat": SEATS[a.seat],
            "attacker": a.attacker,
            "target": "player"
            if a.target[0] == "p"
            else game.players[1 - a.seat].forces[a.target[1]].force.name,
            "blocker": a.blocker,
        }
    return {
        "seat": SEATS[seat],
        "turn": game.turn,
        "active": SEATS[game.active] if game.turn else None,
        "phase": game.phase,
        "pending": pending,
        "attack": attack,
        "winner": None if game.outcome is None else game.outcome.result(),
        "players": players,
        "log": sentences(game, seat),
    }
