"""Build a game from a board position: the `[state]` table of a scenario file.

The format is docs/scenarios.md. `game_from_position` checks every field and raises a
`PositionError` naming the file, the line (a best effort: the raw text is searched for the key or
value that is wrong) and the problem.

Choices where the format leaves room:
- uids: each player's deck, hand, trash, field and base cards in that order, A before B.
- entered-play order (ZR 6.5): per player, the field in slot order, then the base in slot order;
  A's cards come before B's.
- an omitted `forces` means no Forces; an omitted `life` is ZR 5.1's 12 minus the Forces' printed
  life, capped at 10 (ZR 3.6).
- `movement` counts for the active player in "mana"/"main" only; in "standby" the start step sets
  it (ZR 5.3.1), so giving it there is an error, and for the other player it is ignored.
- "mulligan": the game before its first turn (turn 1, A first, ZR 5.2): the hands are as given,
  each player decides once, A then B, and turn 1 starts; no `movement`, nothing in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from zenonzard_tui.cards.loader import load_pool, normalize_name
from zenonzard_tui.cards.model import CardDef, ForceDef
from zenonzard_tui.engine.actions import MULLIGAN
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.rng import Rng
from zenonzard_tui.engine.state import (
    BASE_LIMIT,
    COPY_ROOM,
    FIELD_LIMIT,
    HAND_LIMIT,
    LIFE_CAP,
    START_LIFE,
    TURN_LIMIT,
    ForceState,
    Options,
    Slot,
)
from zenonzard_tui.tomllines import find_line

SEATS = ("A", "B")
# what a zone of a game can hold: the hand its limit (ZR 3.3); a deck or a trash no more than the
# 40 cards a player has (ZR 4.1)
ZONE_CARDS = {"hand": (HAND_LIMIT, "ZR 3.3"), "deck": (40, "ZR 4.1"), "trash": (40, "ZR 4.1")}
PHASES = ("mulligan", "standby", "mana", "main")
STATE_KEYS = ("turn", "active", "phase", "seed", "A", "B")
PLAYER_KEYS = ("life", "movement", "forces", "hand", "deck", "base", "field", "trash")
FORCE_KEYS = ("id", "life", "rested", "destroyed")
FIELD_KEYS = ("card", "rested", "arrived")
BASE_KEYS = ("card", "rested", "arrived")
COLORLESS = "colorless"


class PositionError(ValueError):
    """A position that cannot be set up: file, line (or None) and the problem."""

    def __init__(self, file: str, line: int | None, problem: str) -> None:
        self.file, self.line, self.problem = file, line, problem
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {problem}")


class CardLookup:
    """Cards by id or exact name (compared like the pool does); the scenario's extra cards win."""

    def __init__(self, cards: Mapping[str, CardDef]) -> None:
        self.by_id = dict(cards)
        self.by_name: dict[str, CardDef] = {}
        for card in cards.values():
            self.by_name.setdefault(normalize_name(card.name), card)

    def get(self, name_or_id: str) -> CardDef | None:
        return self.by_id.get(name_or_id.strip()) or self.by_name.get(normalize_name(name_or_id))


def catalog_with(extra: Mapping[str, CardDef]) -> dict[str, CardDef]:
    """The pool's cards plus a scenario's extra cards (which may not reuse a pool id)."""
    catalog = dict(load_pool().cards)
    catalog.update(extra)
    return catalog


class _Builder:
    def __init__(self, source: str, text: str | None, lookup: CardLookup) -> None:
        self.source, self.text, self.lookup = source, text, lookup

    def fail(self, problem: str, headers=(), key=None, value=None) -> NoReturn:
        raise PositionError(self.source, find_line(self.text, headers, key, value), problem)

    def check_keys(self, raw: Any, known: tuple[str, ...], what: str, headers=()) -> dict:
        if not isinstance(raw, dict):
            self.fail(f"{what}: expected a table, got {raw!r}", headers)
        for key in raw:
            if key not in known:
                self.fail(f"{what}: unknown field '{key}'; known: {', '.join(known)}", headers, key)
        return raw

    def boolean(self, raw: dict, key: str, what: str, headers, default: bool = False) -> bool:
        value = raw.get(key, default)
        if not isinstance(value, bool):
            self.fail(f"{what}: '{key}' takes true or false, got {value!r}", headers, key)
        return value

    def integer(self, value: Any, what: str, headers, key: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{what} must be a whole number, got {value!r}", headers, key)
        if not low <= value <= high:
            self.fail(f"{what} must be {low} to {high}, got {value}", headers, key, value)
        return value

    def card(self, name: Any, what: str, headers, key: str) -> CardDef:
        if not isinstance(name, str):
            self.fail(f"{what}: expected a card id or name, got {name!r}", headers, key)
        card = self.lookup.get(name)
        if card is None:
            hints = load_pool().closest_cards(name)
            hint = f" (did you mean: {', '.join(hints)}?)" if hints else ""
            self.fail(f"{what}: unknown card '{name}'{hint}", headers, key, name)
        return card


def game_from_position(
    state: Any,
    cards: Mapping[str, CardDef],
    options: Options | None = None,
    source: str = "<position>",
    text: str | None = None,
) -> Game:
    """A Game at the position `state` (the parsed `[state]` table). `cards`: every card the
    scenario may name (the pool plus its extra cards); `text`: the file's raw text, for lines.
    The game stops at its first decision (or is over)."""
    b = _Builder(source, text, CardLookup(cards))
    top = ("[state]",)
    state = b.check_keys(state, STATE_KEYS, "[state]", top)
    for key in ("turn", "active", "phase"):
        if key not in state:
            b.fail(f"[state]: '{key}' is missing", top)
    turn = b.integer(state["turn"], "[state] turn", top, "turn", 1, TURN_LIMIT - 1)
    active = state["active"]
    if active not in SEATS:
        b.fail(f'[state] active must be "A" or "B", got {active!r}', top, "active")
    expected = "A" if turn % 2 == 1 else "B"
    if active != expected:
        b.fail(
            f"[state] active = {active!r} does not match turn {turn}: A moved first, so odd turns "
            f"are A's and even turns B's (turn {turn} is {expected}'s)",
            top,
            "active",
        )
    phase = state["phase"]
    if phase not in PHASES:
        b.fail(f"[state] phase must be one of {', '.join(PHASES)}; got {phase!r}", top, "phase")
    if phase == "mulligan" and (turn != 1 or active != "A"):
        b.fail('[state] phase "mulligan" comes before turn 1: turn = 1, active = "A" (ZR 5.2)',
               top, "phase")  # fmt: skip
    seed = state.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        b.fail(f"[state] seed must be a whole number, got {seed!r}", top, "seed")
    if not -(2**63) <= seed < 2**64:
        b.fail("[state] seed must be a whole number from -2**63 to 2**64-1", top, "seed")

    game = Game()
    game.catalog = dict(cards)
    game.options = options or Options()
    game.seed = seed
    game.rng = Rng(seed)
    game.first = 0
    game.turn = turn
    seat_active = SEATS.index(active)
    pool = load_pool()

    for seat, who in enumerate(SEATS):
        headers = (f"[state.{who}]",)
        raw = b.check_keys(state.get(who, {}), PLAYER_KEYS, f"[state.{who}]", headers)
        p = game.players[seat]
        p.mulliganed = phase != "mulligan"
        for zone in ("deck", "hand", "trash"):
            entries = raw.get(zone, [])
            if not isinstance(entries, list):
                b.fail(f"{who}.{zone}: expected a list of cards", headers, zone)
            if len(entries) > ZONE_CARDS[zone][0]:  # refused before a card is read
                limit, rule = ZONE_CARDS[zone]
                b.fail(
                    f"{who}.{zone} holds {len(entries):,} cards; the limit is {limit} ({rule})",
                    headers,
                    zone,
                )
            for entry in entries:
                card = b.card(entry, f"{who}.{zone}", headers, zone)
                if card.type == "token":
                    b.fail(
                        f"{who}.{zone}: {card.name} is a Token Minion: it exists only in play (ZR 2.1)",
                        headers,
                        zone,
                        entry,
                    )
                getattr(p, zone).append(len(game.defs))
                game.defs.append(card)

        for zone, limit, rule in (("field", FIELD_LIMIT, "ZR 3.4"), ("base", BASE_LIMIT, "ZR 3.5")):
            entries = raw.get(zone, [])
            if not isinstance(entries, list):
                b.fail(f"{who}.{zone}: expected a list", headers, zone)
            if len(entries) > limit:
                b.fail(
                    f"{who}.{zone} holds {len(entries)}; the limit is {limit} ({rule})",
                    headers,
                    zone,
                )
            for entry in entries:
                getattr(p, zone).append(_slot(b, game, who, zone, entry, headers))

        forces_raw = raw.get("forces", [])
        if not isinstance(forces_raw, list) or len(forces_raw) > 2:
            b.fail(f"{who}.forces: expected a list of at most 2 Forces (ZR 1.1)", headers, "forces")
        for entry in forces_raw:
            p.forces.append(_force(b, pool, who, entry, headers))
        ids = [f.force.id for f in p.forces]
        if len(set(ids)) != len(ids):
            b.fail(f"{who}.forces: the two Forces must be different (ZR 4.2)", headers, "forces")

        if "life" in raw:
            p.life = b.integer(raw["life"], f"{who}.life", headers, "life", 1, LIFE_CAP)
        else:
            p.life = min(LIFE_CAP, START_LIFE - sum(f.force.life for f in p.forces))

        if phase == "mulligan":
            for key in ("movement", "field", "base"):
                if raw.get(key):
                    b.fail(
                        f'{who}.{key}: in phase "mulligan" the game has not begun: no Movement '
                        "and nothing in play yet (ZR 5.1, ZR 5.2)",
                        headers,
                        key,
                    )
        if "movement" in raw:
            if phase == "standby" and seat == seat_active:
                b.fail(
                    f'{who}.movement: in phase "standby" the start step sets Movement (ZR 5.3.1)',
                    headers,
                    "movement",
                )
            movement = b.integer(raw["movement"], f"{who}.movement", headers, "movement", 0, 99)
        else:
            movement = 0 if turn == 1 else 1
        p.movement = movement if seat == seat_active and phase != "standby" else 0

    # ZR 6.5: the order in which the cards in play entered it; tokens get uids after the cards
    game.next_uid = len(game.defs) + COPY_ROOM  # ZR 11.11: copies get the uids before
    for p in game.players:
        for s in (*p.field, *p.base):
            game.seq += 1
            s.order = game.seq
            if s.uid >= _TOKEN_BASE:
                s.uid = game.new_uid()

    game.changed_play()  # (the cards in play and the Forces were put there directly)
    if phase == "mulligan":  # ZR 5.2: the first player decides first, then turn 1 starts
        game.turn = 0
        game.phase = "mulligan"
        game.ask(MULLIGAN, 0)
    elif phase == "standby":
        game.turn = turn - 1
        game.push((Game.t_start_turn,))
    elif phase == "mana":
        game.push((Game.t_mana_phase,))
    else:
        game.phase = "main"
    game.run()
    return game


def _slot(b: _Builder, game: Game, who: str, zone: str, entry: Any, headers) -> Slot:
    what = f"{who}.{zone}"
    if entry == COLORLESS:
        if zone != "base":
            b.fail(
                f"{what}: 'colorless' (a colorless mana token) belongs in the base",
                headers,
                zone,
                entry,
            )
        entry = {"card": COLORLESS}
    if isinstance(entry, str):
        entry = {"card": entry}
    raw = b.check_keys(entry, FIELD_KEYS if zone == "field" else BASE_KEYS, what, headers)
    if "card" not in raw:
        b.fail(f"{what}: an entry needs 'card'", headers, zone)
    rested = b.boolean(raw, "rested", what, headers)
    arrived = b.boolean(raw, "arrived", what, headers)
    if raw["card"] == COLORLESS and zone == "base":
        slot = Slot(_token_uid(game), None, 0, rested)
        slot.arrived = arrived
        return slot
    card = b.card(raw["card"], what, headers, zone)
    if card.type == "magic":
        b.fail(
            f"{what}: {card.name} is a Magic card: it cannot be in play", headers, zone, raw["card"]
        )
    if card.type == "token":
        if zone == "base":
            b.fail(
                f"{what}: {card.name} is a Token Minion: it cannot be mana (ZR 7.2)",
                headers,
                zone,
                raw["card"],
            )
        if card.bp is None or card.dp is None:
            b.fail(
                f"{what}: {card.name} has no BP/DP of its own (the card that creates it gives "
                "them): create it with that card, or write a token with stats as a [[card]]",
                headers,
                zone,
                raw["card"],
            )
        slot = Slot(_token_uid(game), card, 0, rested)
    else:
        uid = len(game.defs)
        game.defs.append(card)
        slot = Slot(uid, card, 0, rested)
    slot.arrived = arrived
    return slot


_TOKEN_BASE = 1_000_000


def _token_uid(game: Game) -> int:
    """Tokens and colorless mana tokens are not in `defs`: they get a placeholder uid here and
    their real one (after every card's) once the position is complete."""
    game.next_uid = max(game.next_uid, _TOKEN_BASE) + 1
    return game.next_uid - 1


def _force(b: _Builder, pool, who: str, entry: Any, headers) -> ForceState:
    what = f"{who}.forces"
    if isinstance(entry, str):
        entry = {"id": entry}
    raw = b.check_keys(entry, FORCE_KEYS, what, headers)
    if "id" not in raw or not isinstance(raw["id"], str):
        b.fail(f"{what}: a Force entry needs 'id'", headers, "forces")
    force: ForceDef | None = pool.force(raw["id"])
    if force is None:
        hints = pool.closest_forces(raw["id"])
        hint = f" (did you mean: {', '.join(hints)}?)" if hints else ""
        b.fail(f"{what}: unknown Force '{raw['id']}'{hint}", headers, "forces", raw["id"])
    destroyed = b.boolean(raw, "destroyed", what, headers)
    rested = b.boolean(raw, "rested", what, headers)
    state = ForceState(force)
    if destroyed:
        if raw.get("life", 0) != 0:
            b.fail(f"{what}: a destroyed Force has 0 life", headers, "forces", raw["id"])
        state.life, state.destroyed, state.rested = 0, True, True  # ZR 8.6
    elif "life" in raw:
        state.life = b.integer(
            raw["life"], f"{what}: {force.name}'s life", headers, "forces", 1, LIFE_CAP
        )
    state.rested = state.rested or rested
    return state
