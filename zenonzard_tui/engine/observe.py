"""What one seat may know (`observe(game, seat)`): its own hand, the opponent's hand size only, deck
sizes, the public zones, the pending decision and, when it is this seat's, the legal actions, and
the log as this seat saw it. The AI and the client read only this; nothing hidden leaks through it.

An `Observation` is frozen data (dataclasses all the way down); `to_dict()` gives it as plain
JSON-ready values. Seats are written "A" and "B" here, as the log and the action texts write them.

`spectate(game)` is the public view (no hand, no legal actions, the log as neither player saw it);
`event_views(game, seat, since)` gives the log's typed events as one reader may know them,
self-contained (cards by name, Forces by name) and JSON-ready, for a reader without the game (a
channel of zenonzard_tui/table.py, a remote client).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from zenonzard_tui.cards import terms
from zenonzard_tui.cards.model import KEYWORD_LABELS, CardDef, Effect
from zenonzard_tui.cards.terms.battle import forbidden
from zenonzard_tui.cards.terms.marks import FORBIDDING
from zenonzard_tui.cards.terms.steps import BY
from zenonzard_tui.cards.words import WordsContext
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, PRIORITY, Choice
from zenonzard_tui.engine.events import Battle, Event, SeatEvent
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.outcome import Outcome
from zenonzard_tui.engine.state import Slot
from zenonzard_tui.frozen import picklable


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in a hand or a trash. `cost`: in the observer's own hand, the cost that playing it
    now would take, reductions applied (ZR 6.1); else None."""

    uid: int
    id: str
    name: str
    cost: int | None = None


@dataclass(frozen=True, slots=True)
class StateView:
    """A lasting state an effect put on a card in play (what it cannot do, what it always does),
    public like the effect that made it. `key` names it for a short tag: "no_attack",
    "no_block", "no_move", "unblockable", "wins", "must_block", "locked", "protected",
    "no_forces", "doomed"; `text` says it in full with its duration, its source and rule:
    "cannot attack until the end of the turn (ZR 13.4)"."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class SlotView:
    """A minion on the field or a mana in a base, with its current BP and DP (None for a colorless
    mana token, which is no card). `states`: what effects make it unable to do or always do
    (StateView); `mods`: its modifiers in words with their durations ("+200 BP until the end of
    the turn", "Charge, from Vangeiss's effect"); `attached`: the cards attached under it, in
    the order they were attached (Boost, ZR 17.2; public, ZR 17.5)."""

    uid: int
    id: str  # "colorless" for a colorless mana token
    name: str
    rested: bool
    bp: int | None
    dp: int | None
    keywords: tuple[str, ...]
    mana_color: str | None
    arrived: bool
    must_block: bool
    states: tuple[StateView, ...] = ()
    mods: tuple[str, ...] = ()
    attached: tuple[CardView, ...] = ()


@dataclass(frozen=True, slots=True)
class ForceView:
    """A Force; `locked`: it cannot become Active for now (ZR 14.5)."""

    id: str
    name: str
    life: int
    rested: bool
    destroyed: bool
    locked: bool = False


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the observing seat sees them: `hand` is None for the opponent."""

    seat: str
    life: int
    movement: int
    hand: tuple[CardView, ...] | None
    hand_size: int
    deck_size: int
    field: tuple[SlotView, ...]
    base: tuple[SlotView, ...]
    trash: tuple[CardView, ...]
    forces: tuple[ForceView, ...]
    banished: tuple[CardView, ...] = ()  # ZR 18.1: public, out of the game


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the game waits for. `actions` (the legal action texts) only for the seat that
    decides, else None. The subclasses name the kind; `kind` is its engine name as well."""

    kind: str
    seat: str
    actions: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class MulliganView(PendingView):
    """ZR 5.2: keep the hand, or put cards back and draw as many."""


@dataclass(frozen=True, slots=True)
class ManaView(PendingView):
    """ZR 5.5: put a Base Minion card or a colorless mana into the base, or none."""


@dataclass(frozen=True, slots=True)
class MainView(PendingView):
    """ZR 5.6: the main phase."""


@dataclass(frozen=True, slots=True)
class FlashView(PendingView):
    """ZR 8.3: a Flash window: cast a Flash card, summon a Swoop minion, or pass."""


@dataclass(frozen=True, slots=True)
class BlockView(PendingView):
    """ZR 8.4: block the attack with a minion, or not."""


@dataclass(frozen=True, slots=True)
class ChoiceView(PendingView):
    """A choice inside an effect (targets, "may", "up to N") or a limit (ZR 3.4, ZR 3.5, ZR 2.6).

    `source` (whose effect asks) is public; `purpose`, `min`, `max` and `chosen` (the texts picked
    so far in a choice of several) only for the chooser, else None."""

    source: str | None = None
    purpose: str | None = None
    min: int | None = None
    max: int | None = None
    chosen: tuple[str, ...] | None = None


_PENDING: dict[str, type[PendingView]] = {
    MULLIGAN: MulliganView,
    MANA: ManaView,
    MAIN: MainView,
    PRIORITY: FlashView,
    BLOCK: BlockView,
}


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack in progress (ZR 8): `target` is "player" or the attacked Force's name;
    `forced`: the defender must block it if they can (ZR 13.3, Doberman Tracer)."""

    seat: str
    attacker: int
    target: str
    blocker: int | None
    forced: bool = False


@dataclass(frozen=True, slots=True)
class Observation:
    seat: str  # who observes
    turn: int
    active: str | None  # whose turn (None before turn 1)
    phase: str
    pending: PendingView | None
    attack: AttackView | None
    outcome: Outcome | None
    players: tuple[PlayerView, PlayerView]
    log: tuple[str, ...]

    @property
    def winner(self) -> str | None:
        """ "A", "B" or "draw" once the game is over, else None."""
        return None if self.outcome is None else self.outcome.result()

    def player(self, seat: int) -> PlayerView:
        return self.players[seat]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the outcome's termination as its name)."""
        out = asdict(self)
        if self.outcome is not None:
            out["outcome"]["termination"] = self.outcome.termination.value
        if self.pending is not None:
            out["pending"]["kind"] = self.pending.kind
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Observation:
        """The inverse of `to_dict` (what a reader without the game rebuilds from a message):
        `Observation.from_dict(json.loads(json.dumps(view.to_dict()))) == view`."""
        pending = raw["pending"]
        if pending is not None:
            kind = _PENDING.get(pending["kind"], ChoiceView)
            pending = kind(**_tuples(pending))
        outcome = raw["outcome"]
        attack = raw["attack"]
        return cls(
            seat=raw["seat"],
            turn=raw["turn"],
            active=raw["active"],
            phase=raw["phase"],
            pending=pending,
            attack=AttackView(**attack) if attack is not None else None,
            outcome=Outcome.from_dict(outcome) if outcome is not None else None,
            players=(_player(raw["players"][0]), _player(raw["players"][1])),
            log=tuple(raw["log"]),
        )


def _tuples(raw: dict[str, Any]) -> dict[str, Any]:
    """A dict's lists as tuples (dataclasses.asdict keeps tuples; JSON makes lists of them)."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}


def _slot_view(raw: dict[str, Any]) -> SlotView:
    states = tuple(StateView(**x) for x in raw["states"])
    attached = tuple(CardView(**x) for x in raw.get("attached", ()))
    return SlotView(**{**_tuples(raw), "states": states, "attached": attached})


def _player(raw: dict[str, Any]) -> PlayerView:
    hand = raw["hand"]
    return PlayerView(
        seat=raw["seat"],
        life=raw["life"],
        movement=raw["movement"],
        hand=tuple(CardView(**c) for c in hand) if hand is not None else None,
        hand_size=raw["hand_size"],
        deck_size=raw["deck_size"],
        field=tuple(_slot_view(x) for x in raw["field"]),
        base=tuple(_slot_view(x) for x in raw["base"]),
        trash=tuple(CardView(**c) for c in raw["trash"]),
        banished=tuple(CardView(**c) for c in raw.get("banished", ())),
        forces=tuple(ForceView(**f) for f in raw["forces"]),
    )


def _slot(game: Game, slot: Slot, seat: int, field: bool = True) -> SlotView:
    card = slot.card
    return SlotView(
        uid=slot.uid,
        id=card.id if card is not None else "colorless",
        name=slot.name,
        rested=slot.rested,
        bp=fx.bp(game, slot, seat) if card is not None else None,
        dp=fx.dp(game, slot, seat) if card is not None else None,
        keywords=tuple(sorted(fx.keywords(game, slot))),
        mana_color=slot.color,
        arrived=slot.arrived,
        must_block=slot.must_block,
        states=_states(game, slot, seat, field) if card is not None else (),
        mods=_mods(game, slot, seat) if card is not None and field else (),
        attached=tuple(CardView(u, game.defs[u].id, game.defs[u].name) for u in slot.attached),
    )


terms.load()
# the continuous terms that restrict a minion (engine/effects.py asks them): the steps that give
# marks, in the order of their marks
_MARK_ORDER = list(terms.MARKS)
RESTRICTIONS = tuple(
    sorted(
        (n for n, t in terms.STEPS.items() if t.marks and (t.continuous or t.also_continuous)),
        key=lambda n: min(_MARK_ORDER.index(m) for m in terms.STEPS[n].marks),
    )
)


def _until(game: Game, until: str | None, ends: int = 0) -> str:
    """ " until the end of the turn"; "" while the card stays in play (ZR 10.3 (e))."""
    if until is None:
        return ""
    term = terms.DURATIONS.get(until)
    words = term.words.replace("your opponent's", "the opponent's") if term else until
    return f" {words}" + (f" (turn {ends})" if ends else "")


def _source_words(game: Game, seat: int, src: Slot | None, e: Effect, slot: Slot) -> str:
    """ "its own effect" / "Dyana's effect" / "Force of Sin's effect"."""
    if src is slot:
        return "its own effect"
    name = fx.source_name(game, seat, src, e)
    return f"{SEATS[seat]}'s {name}'s effect"


def _seen_from(seat: int, words: str) -> str:
    """An effect's words with "your" said as the player it means: "cannot attack A's Forces"."""
    words = words.replace("your opponent's", f"{SEATS[1 - seat]}'s")
    return words.replace("your ", f"{SEATS[seat]}'s ")


def _states(game: Game, slot: Slot, seat: int, field: bool) -> tuple[StateView, ...]:
    """What effects make this card unable to do or always do now, each once per source (in a
    base: only that it cannot become Active)."""
    out: list[StateView] = []
    for m in slot.mods:
        until = _until(game, m.until, m.ends)
        for mark in m.marks:
            term = terms.MARKS[mark]
            out.append(StateView(mark, f"{term.words}{until} ({term.rule})"))
        if m.protect is not None:
            by = _seen_from(seat, BY.get(m.protect, BY[None]))
            out.append(StateView("protected", f"cannot be chosen by {by}{until} (ZR 10.2)"))
    if slot.must_block:
        out.append(StateView("must_block", "must block this turn if it can (ZR 13.3)"))
    elif game.attack is not None and slot.uid in game.attack.named:
        out.append(StateView("must_block", "must block in this battle if it can (ZR 13.3)"))
    if field:
        for do in RESTRICTIONS:
            for src_seat, src, e in fx._sources(game, do):
                if not fx._applies(game, src_seat, src, e, slot, seat):
                    continue
                step = e.steps[0]
                words = terms.STEPS[do].words(step, WordsContext(None, None)).verb
                words = _seen_from(src_seat, words)
                source = _source_words(game, src_seat, src, e, slot)
                if do == "cannot":
                    for action in forbidden(step):
                        key = FORBIDDING[action]
                        text = f"cannot {action} ({source}, {terms.MARKS[key].rule})"
                        out.append(StateView(key, text))
                    continue
                tag = terms.STEPS[do].marks[0]
                out.append(StateView(tag, f"{words} ({source}, {terms.MARKS[tag].rule})"))
    for x in game.lasting:
        if x.kind == "locked" and ("c", slot.uid, slot.order) in x.keys:
            out.append(
                StateView(
                    "locked",
                    f"stays Rested: cannot become Active until the end of "
                    f"{SEATS[1 - x.seat]}'s next Standby Phase ({x.name}, ZR 14.5)",
                )
            )
    return tuple(out)


def _mods(game: Game, slot: Slot, seat: int) -> tuple[str, ...]:
    """The modifiers on a minion in words, with their durations: those effects put on it, then
    the continuous ones (auras) that work on it now (ZR 10.3)."""
    out = []
    for m in slot.mods:
        parts = [f"{v:+d} {stat}" for v, stat in ((m.bp, "BP"), (m.dp, "DP")) if v]
        parts += [KEYWORD_LABELS.get(k, k) for k in m.grant]
        parts += [f"{v:+d} original {stat} (ZR 10.6)" for v, stat in
                  ((m.base_bp, "BP"), (m.base_dp, "DP")) if v]  # fmt: skip
        parts += [f"{stat} set to {v} (ZR 10.6)" for v, stat in
                  ((m.set_bp, "BP"), (m.set_dp, "DP")) if v is not None]  # fmt: skip
        if parts:
            until = _until(game, m.until, m.ends) or " while it stays on the field"
            out.append(", ".join(parts) + until)
    for src_seat, src, e in fx.modifiers_on(game, slot, seat):
        step = e.steps[0]
        times = 1
        per = step.param("per")
        if per is not None:  # ZR 10.10: counted now
            times = fx._count(game, per, src_seat, src.uid if src is not None else None)
        parts = [f"{step.param(stat, 0) * times:+d} {stat.upper()}" for stat in ("bp", "dp")
                 if step.param(stat, 0) and times]  # fmt: skip
        parts += [KEYWORD_LABELS.get(k, k) for k in step.param("grant") or ()]
        if parts:
            out.append(", ".join(parts) + f" ({_source_words(game, src_seat, src, e, slot)})")
    return tuple(out)


def _card(game: Game, uid: int, cost_for: int | None = None) -> CardView:
    card = game.defs[uid]
    if cost_for is None or card.cost is None:
        return CardView(uid, card.id, card.name)
    return CardView(uid, card.id, card.name, fx.cost_of(game, cost_for, card))


def _pending(game: Game, seat: int) -> PendingView | None:
    d = game.pending
    if d is None:
        return None
    mine = d.seat == seat
    actions = tuple(a.text for a in game.legal_actions()) if mine else None
    if d.kind != CHOICE:
        return _PENDING[d.kind](d.kind, SEATS[d.seat], actions)
    choice: Choice = d.ctx  # type: ignore[assignment]
    origin = fx.choice_origin(game, choice)  # whose effect asks is public (the log says it began)
    source = origin[0] if origin else None
    if not mine:
        return ChoiceView(d.kind, SEATS[d.seat], None, source)
    return ChoiceView(
        d.kind,
        SEATS[d.seat],
        actions,
        source,
        choice.purpose,
        choice.min,
        choice.max,
        tuple(game.option_text(o) for o in choice.chosen),
    )


def observe(game: Game, seat: int, log: tuple[str, ...] | None = None) -> Observation:
    """The game as `seat` sees it. `log`: the log's sentences for this seat, when the caller
    keeps them as the game goes (a table's channel: `log.Sentences`); else written afresh."""
    return _observe(game, seat, SEATS[seat], log)


SPECTATOR = -1  # the reader a spectator is: neither seat (the log's None is an all-knowing one)


def spectate(game: Game, log: tuple[str, ...] | None = None) -> Observation:
    """The game as a spectator sees it: what both players see (no hand, no legal actions, each
    player's draws counted, not named); `seat` is "spectator"."""
    return _observe(game, SPECTATOR, "spectator", log)


def _observe(game: Game, seat: int, label: str, log: tuple[str, ...] | None) -> Observation:
    players = []
    locked = fx.locked_keys(game) if game.lasting else frozenset()
    for p in game.players:
        mine = p.seat == seat
        players.append(
            PlayerView(
                seat=SEATS[p.seat],
                life=p.life,
                movement=p.movement,
                hand=tuple(_card(game, u, seat) for u in p.hand) if mine else None,
                hand_size=len(p.hand),
                deck_size=len(p.deck),
                field=tuple(_slot(game, s, p.seat) for s in p.field),
                base=tuple(_slot(game, s, p.seat, False) for s in p.base),
                trash=tuple(_card(game, u) for u in p.trash),
                banished=tuple(_card(game, u) for u in p.banished),
                forces=tuple(
                    ForceView(
                        f.force.id,
                        f.force.name,
                        f.life,
                        f.rested,
                        f.destroyed,
                        ("f", p.seat, i) in locked,
                    )
                    for i, f in enumerate(p.forces)
                ),
            )
        )
    attack = None
    if game.attack is not None:
        a = game.attack
        target = (
            "player"
            if a.target[0] == "p"
            else game.players[1 - a.seat].forces[a.target[1]].force.name
        )
        attack = AttackView(SEATS[a.seat], a.attacker, target, a.blocker, a.forced)
    return Observation(
        seat=label,
        turn=game.turn,
        active=SEATS[game.active] if game.turn else None,
        phase=game.phase,
        pending=_pending(game, seat),
        attack=attack,
        outcome=game.outcome,
        players=(players[0], players[1]),
        log=tuple(sentences(game, seat)) if log is None else log,
    )


# ----------------------------------------------------------------------------------------------
# The log's events as one reader may know them


@dataclass(frozen=True, slots=True)
class EventView:
    """One event of the log (engine/events.py) as one reader may know it, without the game:
    `index` its place in the log, `kind` the event's kind ("draw", "battle", ...), `seat` whose
    event it is ("A", "B"; None for the game's own: a turn, a battle), `text` its sentence as this
    reader reads it (None: nothing to say), `brief` a battle's result first ("Drill Golem
    destroyed: Horned Walrus blocked Drill Golem"). `fields` are the event's own fields as plain
    JSON values: seats as "A"/"B", a card's `uid` with its `name` beside it, a Force's index with
    its `force_name`, an attack's `target` as "player" or the Force's name. What the reader may
    not know (`Event.private`: the card the opponent drew) is left out."""

    index: int
    kind: str
    seat: str | None
    text: str | None
    brief: str | None = None
    fields: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The field `name` (`default` when the event has none, or the reader may not know it)."""
        for key, value in self.fields:
            if key == name:
                return value
        return default

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text,
            "brief": self.brief,
            "fields": dict(self.fields),
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> EventView:
        """The inverse of `to_dict` (what a remote reader rebuilds from a message)."""
        return cls(
            int(raw["index"]),
            str(raw["kind"]),
            raw.get("seat"),
            raw.get("text"),
            raw.get("brief"),
            tuple((str(k), v) for k, v in dict(raw.get("fields") or {}).items()),
        )


SEAT_FIELDS = ("seat", "first", "winner")  # fields holding a seat index
FORCE_FIELDS = ("index", "force")  # fields holding the index of the event's player's Force


def event_views(game: Game, seat: int, since: int = 0) -> list[EventView]:
    """The log's events from record `since` on, as `seat` may know them (SPECTATOR: as a
    spectator). `since` counts every record, also those with nothing to say."""
    records = game.log.records
    return [event_view(game, event, seat, i) for i, event in enumerate(records[since:], since)]


def event_view(game: Game, event: Event, seat: int, index: int) -> EventView:
    """One event as `seat` may know it (see EventView)."""
    owner = event.seat if isinstance(event, SeatEvent) else None
    hidden = event.private if owner != seat else ()
    out: list[tuple[str, Any]] = []
    names = event.fields
    for key, value in zip(names, event.values(), strict=True):
        if key in hidden or key == "effect":  # (an effect's words are in the sentence)
            continue
        if key in SEAT_FIELDS and isinstance(value, int):
            value = SEATS[value]
        elif key == "uid":
            out.append(("uid", value))
            if "name" not in names:
                named = value is not None and 0 <= value < len(game.defs)
                out.append(("name", game.defs[value].name if named else None))
            continue
        elif key == "target" and isinstance(value, tuple) and owner is not None:
            value = "player" if value[0] == "p" else _force_name(game, 1 - owner, value[1])
        elif key == "cause" and value:
            what, who, name = value
            value = [what, SEATS[who], name]
        elif key in FORCE_FIELDS and isinstance(value, int) and owner is not None:
            out.append((key, value))
            out.append(("force_name", _force_name(game, owner, value)))
            continue
        out.append((key, _plain(value)))
    brief = event.brief() if isinstance(event, Battle) else None
    return EventView(
        index,
        event.kind,
        None if owner is None else SEATS[owner],
        event.sentence(game, seat),
        brief,
        tuple(out),
    )


def _force_name(game: Game, seat: int, index: int) -> str:
    return game.players[seat].forces[index].force.name


def _plain(value: Any) -> Any:
    """A field as plain JSON values (tuples become lists)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def publicly_forced(game: Game) -> bool:
    """The pending decision has one legal answer, and both players can tell so from what they may
    see, so answering it for the player leaks nothing of their hand: a block (ZR 8.4: blocking
    depends only on the minions on the field), or a Flash window (ZR 8.3) of a player with no
    Active mana when no card of the pool with Flash or Swoop could be played for 0 now."""
    d = game.pending
    if d is None or len(game.legal()) != 1:
        return False
    if d.kind == BLOCK:
        return True
    if d.kind != PRIORITY:
        return False
    if any(not s.rested for s in game.players[d.seat].base):
        return False
    return not any(fx.cost_of(game, d.seat, card) == 0 for card in _flash_cards(game))


def _flash_cards(game: Game) -> list[CardDef]:
    """The cards of the pool that can be played in a Flash window (ZR 8.3)."""
    return [
        c
        for c in game.catalog.values()
        if (c.type == "magic" and "flash" in c.timing)
        or (c.type == "field_minion" and "swoop" in c.keywords)
    ]


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(
    CardView,
    StateView,
    SlotView,
    ForceView,
    PlayerView,
    PendingView,
    MulliganView,
    ManaView,
    MainView,
    FlashView,
    BlockView,
    ChoiceView,
    AttackView,
    Observation,
    EventView,
)
