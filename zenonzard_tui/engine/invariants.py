"""The invariants every state of a game holds, checked after every action by the engine tests and
by `bench/fuzz.py`.

`problems(game)` lists each broken invariant as a sentence citing its rule; an empty list means the
state is sound. It reads the state only (listing the legal actions fills the game's own cache) and
is cheap: the common case builds no strings.

`return_problems(before, game)` checks what one action did to the cards attached under minions
(Boost, ZR 17): `before` is `attachments(game)` taken before the action.
"""

from __future__ import annotations

from collections import defaultdict

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import normalize_text
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.state import BASE_LIMIT, FIELD_LIMIT, HAND_LIMIT, LIFE_CAP

MAX_ACTIONS = 20_000  # far beyond any real game; a game still going then never ends (ZR 1.5)

_ONE_ZONE = "ZR 3.1: every card is in exactly one zone"
_ONE_DECISION = "docs/engine.md: exactly one pending decision until the game is over"
_OWN_TEXT = "docs/engine.md: each legal action has its own text"


def problems(game: Game, max_actions: int = MAX_ACTIONS) -> list[str]:
    """Every broken invariant of `game` now, as sentences; [] when the state is sound."""
    out: list[str] = []
    n_cards = len(game.defs)
    uids = list(game.limbo)
    token_uids: list[int] = []
    for p in game.players:
        who = SEATS[p.seat]
        if len(p.hand) > HAND_LIMIT:
            out.append(f"{who}'s hand holds {len(p.hand)} cards (ZR 3.3: at most {HAND_LIMIT})")
        if len(p.field) > FIELD_LIMIT:
            out.append(
                f"{who}'s field holds {len(p.field)} minions (ZR 3.4: at most {FIELD_LIMIT})"
            )
        if len(p.base) > BASE_LIMIT:
            out.append(f"{who}'s base holds {len(p.base)} mana (ZR 3.5: at most {BASE_LIMIT})")
        if p.life > LIFE_CAP:
            out.append(f"{who}'s life is {p.life} (ZR 3.6: at most {LIFE_CAP})")
        for f in p.forces:
            if not 0 <= f.life <= LIFE_CAP:
                out.append(
                    f"{who}'s Force {f.force.name} has {f.life} life (ZR 3.6: 0 to {LIFE_CAP})"
                )
            if f.destroyed and not f.rested:
                out.append(
                    f"{who}'s destroyed Force {f.force.name} is Active "
                    "(ZR 8.6: a destroyed Force stays rested for good)"
                )
        uids += p.deck
        uids += p.hand
        uids += p.trash
        uids += p.banished
        for s in p.field:
            if s.uid < n_cards:
                uids.append(s.uid)
            else:
                token_uids.append(s.uid)
            if s.attached:  # (Boost) in no zone, under exactly this one minion
                uids += s.attached
            bp, dp = fx.bp(game, s), fx.dp(game, s)
            if bp < 0 or dp < 0:
                out.append(f"{who}'s {s.name} has BP {bp} and DP {dp} (ZR 2.4: never below 0)")
        for s in p.base:
            if s.attached:
                out.append(
                    f"{who}'s mana {s.name} has cards attached (Boost: only a minion on the "
                    "field holds attached cards)"
                )
            if s.uid < n_cards:
                uids.append(s.uid)
            else:
                token_uids.append(s.uid)
                if s.card is not None:
                    out.append(
                        f"{who}'s base holds the Token Minion {s.name} (ZR 2.1: a token that "
                        "leaves the field ceases to exist)"
                    )
    if len(uids) != n_cards or sorted(uids) != list(range(n_cards)):
        out += _zone_problems(game)
    if len(set(token_uids)) != len(token_uids):
        out.append(f"a token is in play twice ({_ONE_ZONE})")
    if not fx.cache_sound(game):
        out.append(
            "the continuous effects kept as at work (or a cost kept with them) are not those "
            "of the cards in play and the Forces at work now (ZR 10.3 (f): a change of them "
            "went by without Game.changed_play)"
        )
    out += _decision_problems(game, max_actions)
    return out


def attachments(game: Game) -> dict[int, tuple[int, int]]:
    """Every card attached under a minion now (Boost, ZR 17.2): its uid -> (its minion's uid,
    the seat whose field that is: the card's owner, as only one's own minions are boosted)."""
    return {uid: (s.uid, p.seat) for p in game.players for s in p.field for uid in s.attached}


def return_problems(before: dict[int, tuple[int, int]], game: Game) -> list[str]:
    """ZR 17.6 across one action: each card that was attached before it (`before`, from
    `attachments`) is still under the same minion, or that minion has left the field and the
    card came back: it is in its owner's base (Rested, ZR 17.6), or in its trash (the rule
    option `boost_returns_only_when_destroyed`, or a full base that its owner chose to trash it
    from, ZR 3.5), or waits in limbo while that choice is made. [] when every one did."""
    if not before:
        return []
    now = attachments(game)
    out = []
    for uid, (host, owner) in before.items():
        held = now.get(uid)
        if held == (host, owner):
            continue
        name, minion = game.defs[uid].name, _name(game, host)
        if held is not None:
            out.append(
                f"{name} went from under {minion} to under {_name(game, held[0])} (ZR 17.2: a "
                "card is attached to one minion until that minion leaves the field)"
            )
        elif game.field_slot(host) is not None:
            out.append(
                f"{name} is no longer attached to {minion}, which is still on the field "
                "(ZR 17.6: it comes back only when its minion leaves)"
            )
        elif not _came_back(game, uid, owner):
            out.append(
                f"{name}, attached to {minion} that left the field, is not back in its "
                "owner's base (ZR 17.6: it goes to its owner's base Rested; ZR 3.5 at a full "
                "base)"
            )
    return out


def _name(game: Game, uid: int) -> str:
    return game.defs[uid].name if 0 <= uid < len(game.defs) else f"the token {uid}"


def _came_back(game: Game, uid: int, owner: int) -> bool:
    """Is the card `uid` in `owner`'s base or trash, or in limbo (ZR 17.6, ZR 3.5)?"""
    if uid in game.limbo:
        return True
    p = game.players[owner]
    return uid in p.trash or any(s.uid == uid for s in p.base)


def _decision_problems(game: Game, max_actions: int) -> list[str]:
    if game.over:
        out = []
        if game.pending is not None:
            out.append(f"a decision is pending after the game ended ({_ONE_DECISION})")
        o = game.outcome
        if o is None or o.winner not in (0, 1, None) or not o.reason:
            out.append(
                f"the game ended with the outcome {o!r} "
                "(ZR 1.2-1.5: a player wins or it is a draw, for a stated reason)"
            )
        return out
    if game.pending is None:
        return [f"no decision is pending while the game goes on ({_ONE_DECISION})"]
    if not game.legal():
        who, kind = SEATS[game.pending.seat], game.pending.kind
        return [f"{who} must decide ({kind}) but has no legal action ({_ONE_DECISION})"]
    if len(game.history) >= max_actions:
        return [
            f"the game has not ended after {len(game.history)} actions, at turn {game.turn} "
            "(ZR 1.5: a game ends by turn 200)"
        ]
    return _text_problems(game)


def _text_problems(game: Game) -> list[str]:
    """docs/engine.md: every legal action has its own text, and that text, typed, names it alone."""
    actions = game.legal_actions()
    texts = [normalize_text(a.text) for a in actions]
    if len(set(texts)) == len(texts) and all(game.find_actions(a.text) == [a] for a in actions):
        return []
    out = []
    seen: set[str] = set()
    for a, t in zip(actions, texts, strict=True):
        if t in seen:
            continue
        seen.add(t)
        if (n := texts.count(t)) > 1:
            out.append(f"{n} legal actions share the text '{a.text}' ({_OWN_TEXT})")
        elif (found := game.find_actions(a.text)) != [a]:
            named = " / ".join(f.text for f in found) or "nothing"
            out.append(f"the text '{a.text}' names {named}, not that action alone ({_OWN_TEXT})")
    return out


def _zone_problems(game: Game) -> list[str]:
    """The slow path: which cards are missing, doubled or out of place, and where they are."""
    n_cards = len(game.defs)
    where: defaultdict[int, list[str]] = defaultdict(list)
    for uid in game.limbo:
        where[uid].append("limbo")
    for p in game.players:
        who = SEATS[p.seat]
        for zone in ("deck", "hand", "trash", "banished"):
            for uid in getattr(p, zone):
                where[uid].append(f"{who}'s {zone}")
        for zone in ("field", "base"):
            for s in getattr(p, zone):
                if s.uid < n_cards:
                    where[s.uid].append(f"{who}'s {zone}")
                for uid in s.attached:
                    where[uid].append(f"attached to {who}'s {s.name}")
    out = []
    for uid in range(n_cards):
        name = game.defs[uid].name
        places = where.pop(uid, [])
        if not places:
            out.append(f"card {uid} ({name}) has vanished: it is in no zone ({_ONE_ZONE})")
        elif len(places) > 1:
            out.append(
                f"card {uid} ({name}) is in {len(places)} places at once: "
                f"{', '.join(places)} ({_ONE_ZONE})"
            )
    for uid, places in sorted(where.items()):
        out.append(
            f"uid {uid}, not a card of either deck, is in {', '.join(places)} "
            "(ZR 2.1: tokens are never in a deck, hand or trash)"
        )
    return out
