"""The effects runtime: continuous values, costs, triggers and the steps of the card vocabulary.

Continuous effects are always computed from what is in play (never stored as numbers that could go
stale): `bp`, `dp`, `keywords`, the static restrictions and cost reductions. Triggered effects and
Magic resolve as tasks on the game's stack, one step at a time, so that any choice inside them is
a decision point (ZR 6.4, ZR 6.5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.model import (
    SEVERAL_COLORS,
    CardDef,
    Effect,
    Passives,
    Selector,
    Step,
    passives_by_do,
)
from zenonzard_tui.cards.terms import STEPS, TRIGGERS
from zenonzard_tui.cards.terms.battle import forbidden
from zenonzard_tui.cards.terms.marks import FORBIDDING
from zenonzard_tui.engine.actions import CHOICE, Choice
from zenonzard_tui.engine.state import (
    HAND,
    LIMBO,
    TRASH,
    Lasting,
    Mod,
    Slot,
    TurnRecord,
)
from zenonzard_tui.engine.terms import steps as _steps  # noqa: F401  (registers the steps)
from zenonzard_tui.engine.terms.base import STEP_RUNS, Change, CostChange
from zenonzard_tui.engine.terms.conditions import condition_ok, condition_used
from zenonzard_tui.engine.terms.selectors import card_matches as _card_matches

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.damage import DamageSource
    from zenonzard_tui.engine.zones import Zones

RESURGE: Final = Effect("turn_end", (Step("activate", "this"),))  # ZR 2.7 Resurge


# ----------------------------------------------------------------------------------------------
# Per-card caches of the effects that matter to each query


_Index = Passives
_Holder = tuple[int, Slot | None, _Index]  # (seat, the card in play or None, its effects)


def _passives(card: CardDef | None, do: str) -> tuple[Effect, ...]:
    """The card's own continuous effects `do`, wherever they work."""
    if card is None:
        return ()
    return card.passives.get(do, ())


Source = tuple[int, Slot | None, Effect]


def _sources(game: GameCore, do: str) -> list[Source]:
    """Every working continuous effect `do`: (seat, source slot or None, effect), Forces first,
    then the field, then the base, player by player. They are found again only when the cards in
    play, the Forces at work or the lasting effects changed (`_cache`). The list is shared:
    callers read it, never change it."""
    cache = game.sources_cache
    if cache is None or cache.version != game.play_version or cache.lasting is not game.lasting:
        cache = _cache(game)  # (hot: _cache's test of a current cache, first, inline)
    return cache.by_do.get(do, _NONE)


_NONE: Final[list[Source]] = []  # (shared: never changed)


class SourceCache:
    """The cards and Forces with continuous effects at work (effects._holders) and what is found
    from them: the sources of each `do` (effects._sources, all sorted at once), the kinds of
    payment (effects._pay_kinds), the events watched (effects.watched), the costs of cards
    (effects.cost_of, when no cost effect has a condition). Found for the cards in play and
    the Forces at work of `version` (`GameCore.play_version`) and the lasting effects `lasting`
    (the very tuple): they depend on nothing else, so while both are the same they are still
    true."""

    __slots__ = ("by_do", "costs", "folds", "holders", "lasting", "pay", "version", "watched")

    def __init__(self, version: int, lasting: tuple[Lasting, ...], holders: list[_Holder]) -> None:
        self.version = version
        self.lasting = lasting
        self.holders = holders
        by_do: dict[str, list[Source]] = {}  # the sources of each `do`, in holders' order
        for seat, s, index in holders:
            for do, effects in index.items():
                found = by_do.get(do)
                if found is None:
                    found = by_do[do] = []
                for e in effects:
                    found.append((seat, s, e))
        self.by_do = by_do
        self.pay: tuple[bool, bool, bool] | None = None  # found by _pay_kinds
        # found by fold: for each query, (sources at work, change) of the steps that change it
        self.folds: dict[str, tuple[tuple[list[Source], Change], ...]] = {}
        self.watched: frozenset[str] | None = None  # found by watched
        # found by cost_of: (the card, its cost) by (seat, id of the card, the turn's player,
        # phase) when no cost effect has a condition or a count (_fixed_costs), else False
        self.costs: dict[tuple[int, int, int, str], tuple[CardDef, int]] | bool | None = None


def _cache(game: GameCore) -> SourceCache:
    """The game's `SourceCache`, found anew if what it was found for changed: the cards in play
    and the Forces at work (`game.play_version`), the lasting effects (compared by identity: a
    tuple replaced when it changes). When the same cards and Forces have continuous effects at
    work as before (a card without any came or went), what was found from them still holds."""
    cache = game.sources_cache
    version, lasting = game.play_version, game.lasting
    if cache is not None and cache.version == version and cache.lasting is lasting:
        return cache
    holders = _holders(game)
    if cache is not None and _same_holders(cache.holders, holders):
        cache.version, cache.lasting = version, lasting
        cache.watched = None  # (a card or Force without continuous effects may watch)
        return cache
    cache = game.sources_cache = SourceCache(version, lasting, holders)
    return cache


def counts_in(slot: Slot, zone: str) -> bool:
    """Does this card count for the `SourceCache` in `zone` ("field" or "base"): continuous
    effects that work there, or, on the field, "whenever ..." effects (`watched`)? When it does
    not (a mana token, most cards), its coming or going changes nothing found there."""
    card = slot.card
    if card is None:
        return False
    if zone == "field":
        return bool(card.field_passives or card.watches)
    return bool(card.base_passives)


def _same_holders(old: list[_Holder], new: list[_Holder]) -> bool:
    """Are these the same holders (`_holders`), in the same order?"""
    if len(old) != len(new):
        return False
    for (seat, s, by_do), (seat2, s2, by_do2) in zip(old, new, strict=True):
        if s is not s2 or by_do is not by_do2 or seat != seat2:
            return False
    return True


def cache_sound(game: GameCore) -> bool:
    """Does the game's `SourceCache`, where it counts as current, hold what a fresh look finds
    (the continuous effects, the events watched, the costs kept for this turn's player and
    phase)? False means that a change of the cards in play or of the Forces went by without
    `GameCore.changed_play`, or that a kept cost depends on more than `cost_of` assumes
    (invariants.problems)."""
    cache = game.sources_cache
    if cache is None or cache.version != game.play_version or cache.lasting is not game.lasting:
        return True  # not current: the next query finds it anew
    if not _same_holders(cache.holders, _holders(game)):
        return False
    kept = cache.watched
    cache.watched = None
    fresh = watched(game)
    cache.watched = kept
    if kept is not None and kept != fresh:
        return False
    costs = cache.costs
    if isinstance(costs, dict):  # the costs kept for this turn's player and phase
        if not _fixed_costs(game):
            return False
        for (seat, _, active, phase), (card, cost) in costs.items():
            now = active == game.active and phase == game.phase
            if now and _cost_of(game, seat, card, card.cost or 0) != cost:
                return False
    return True


_LASTING_INDEX: Final[dict[int, tuple[Effect, _Index]]] = {}


def _lasting_passives(effect: Effect) -> _Index:
    """`passives_by_do` of a lasting effect, found once per effect (the effect is kept with it,
    so its id is not reused while the entry lives)."""
    entry = _LASTING_INDEX.get(id(effect))
    if entry is not None and entry[0] is effect:
        return entry[1]
    if len(_LASTING_INDEX) > 256:
        _LASTING_INDEX.clear()
    index = passives_by_do((effect,))
    _LASTING_INDEX[id(effect)] = (effect, index)
    return index


def _holders(game: GameCore) -> list[_Holder]:
    """The working Forces (None) and cards in play that have continuous effects where they are,
    in the order of `_sources`, each with its effects by `do`."""
    out: list[_Holder] = []
    for p in game.players:
        seat = p.seat
        for f in p.forces:
            if not f.rested and not f.destroyed and f.force.passives:  # ZR 2.5
                out.append((seat, None, f.force.passives))
        for s in p.field:
            card = s.card
            if card is not None and card.field_passives:
                out.append((seat, s, card.field_passives))
        for s in p.base:
            card = s.card
            if card is not None and card.base_passives:  # ZR 3.7: only <Base> effects work there
                out.append((seat, s, card.base_passives))
    for lasting in game.lasting:  # continuous effects made by a step, for a while (ZR 12.1)
        if lasting.kind == "passive" and lasting.effect is not None:
            out.append((lasting.seat, None, _lasting_passives(lasting.effect)))
    return out


def at_work(game: GameCore, do: str) -> bool:
    """Is any continuous effect `do` at work now (a Force's, a card's in play, a lasting one)?"""
    return bool(_sources(game, do))


def _during_ok(game: GameCore, seat: int, during: str | None) -> bool:
    if during is None:
        return True
    if during == "your_mana_phase":  # ZR 11.6 [During Your Mana Phase]
        return game.active == seat and game.phase == "mana"
    return (game.active == seat) == (during == "your_turn")


during_ok = _during_ok  # for steps: does an effect with this `during` work in this turn?


def seat_of(game: GameCore, slot: Slot) -> int:
    for p in game.players:
        if slot in p.field or slot in p.base:
            return p.seat
    raise LookupError(slot.uid)


# ----------------------------------------------------------------------------------------------
# Continuous values (ZR 2.4: never below 0)


def _applies(game: GameCore, src_seat: int, src: Slot | None, e: Effect, slot: Slot, seat: int,
             any_zone: bool = False) -> bool:  # fmt: skip
    """Does the continuous effect `e` of `src` (None: a Force) work on `slot` now? Its target is
    the source itself ("this", the default) or a selector seen from the source's controller
    (`any_zone`: whatever zone the selector names, for a card between zones)."""
    if e.during is not None and not _during_ok(game, src_seat, e.during):
        return False
    target = e.steps[0].target
    if isinstance(target, Selector):  # (first: a Selector compares with a str in Python)
        if not _matches_slot(game, target, slot, seat, src_seat, src, (), any_zone):
            return False
    elif target not in (None, "this") or src is not slot:  # "this": the source itself
        return False
    return not e.condition or condition_ok(game, e.condition, src_seat, _this(src))


def _this(src: Slot | None) -> tuple:
    """What an effect-level condition sees as `it`: the card the effect belongs to (for
    "another", `other = true`), or nothing for a Force or a lasting effect."""
    return (("c", src.uid),) if src is not None else ()


def modifiers_on(game: GameCore, slot: Slot, seat: int, stat: str | None = None,
                 sources: list[Source] | None = None) -> list[Source]:  # fmt: skip
    """The continuous `modify` effects (auras, Forces, [Passive] bonuses) that work on this
    minion of `seat` now, with a `stat` value when one is named (`sources`: those at work, when
    the caller has them). ZR 10.7: copies of an effect that does not stack (same card, same
    effect) count once."""
    out = []
    stacked: set[int] | None = None
    for src_seat, src, e in _sources(game, "modify") if sources is None else sources:
        if stat is not None and not e.steps[0].param(stat, 0):
            continue
        if not _applies(game, src_seat, src, e, slot, seat):
            continue
        if e.no_stack:
            if stacked is None:
                stacked = set()
            elif id(e) in stacked:
                continue
            stacked.add(id(e))
        out.append((src_seat, src, e))
    return out


# ----------------------------------------------------------------------------------------------
# The folded queries: each continuous step's runtime says how it changes them (its `changes`)

FOLDED: Final = ("bp", "dp", "can_block", "cost")
# query -> ((step, its change), ...), in the registry's order; filled once every family is loaded
_CHANGES: Final[dict[str, tuple[tuple[str, Change], ...]]] = {}


def fold(game: GameCore, query: str, subject: Any, seat: int | None, value: Any,
         other: Any = None) -> Any:  # fmt: skip
    """The value of `query` for `subject` (a card in play; for "cost", a card in `seat`'s hand)
    starting from `value` (what it is before continuous effects): every step that changes the
    query (its runtime's `changes`) is asked in turn with its sources at work. A value that
    becomes False stops the fold (can block: one "cannot" is enough)."""
    cache = game.sources_cache  # (hot: `_sources`'s test of a current cache, first, inline)
    if cache is None or cache.version != game.play_version or cache.lasting is not game.lasting:
        cache = _cache(game)
    steps = cache.folds.get(query)
    if steps is None:  # the steps of the query with sources at work, found once per cache
        by_do = cache.by_do
        steps = cache.folds[query] = tuple(
            (by_do[do], change) for do, change in _CHANGES[query] if by_do.get(do)
        )
    for sources, change in steps:
        value = change(game, sources, subject, seat, value, other)
        if value is False:
            return value
    return value


def _fold_changes() -> None:
    """Gather `_CHANGES` from the registry (effects.py's last step, once every family of the
    runtime is loaded)."""
    for query in FOLDED:
        _CHANGES[query] = tuple(
            (name, run.changes[query]) for name, run in STEP_RUNS.items() if query in run.changes
        )


_SPECIAL: Final = {"bp": ("base_bp", "set_bp"), "dp": ("base_dp", "set_dp")}


def _stat(game: GameCore, slot: Slot, seat: int | None, stat: str) -> int:
    """ZR 10.6: (1) the printed value plus "original value" changes, floored at 0; (2) a "set
    to" value, if one is active, and nothing else; (3) otherwise plus every other modifier
    (temporary, granted, continuous), then floored at 0 (ZR 2.4)."""
    card = slot.card
    if card is None:
        return 0
    value = getattr(card, stat) or 0
    mods = slot.mods
    if mods or slot.attached:
        fixed = None
        added = _boosts(game, slot, stat) if slot.attached else 0
        for m in mods:
            added += getattr(m, stat)
            if m.special:
                base_name, set_name = _SPECIAL[stat]
                value += getattr(m, base_name)
                if getattr(m, set_name) is not None:
                    fixed = getattr(m, set_name)  # the latest "set to" wins
        if fixed is not None:
            return fixed
        value = max(0, value) + added
    if seat is None:
        seat = seat_of(game, slot)
    return max(0, value + fold(game, stat, slot, seat, 0))


def _boosts(game: GameCore, slot: Slot, stat: str) -> int:
    """ZR 17.4: the printed BP or DP of the cards attached to the minion, as modifiers (ZR 10.6
    step 3); none under the rule option `boost_gives_stats` off (the ability only)."""
    if not game.options.boost_gives_stats:
        return 0
    return sum(getattr(game.defs[u], stat) or 0 for u in slot.attached)


def bp(game: GameCore, slot: Slot, seat: int | None = None) -> int:
    """Current BP, modifiers and continuous effects included (ZR 2.4: never below 0)."""
    return _stat(game, slot, seat, "bp")


def dp(game: GameCore, slot: Slot, seat: int | None = None) -> int:
    """Current DP, modifiers and continuous effects included (ZR 2.4: never below 0)."""
    return _stat(game, slot, seat, "dp")


def keywords(game: GameCore, slot: Slot) -> frozenset[str]:
    """Printed keywords, granted ones (modifiers) and those continuous effects give (Liaveau's
    [Passive], Vangeiss's [On Your Turn], ZR 10.3 (f))."""
    if slot.card is None:
        return frozenset()
    kws = set(slot.card.keywords)
    for m in slot.mods:
        kws.update(m.grant)
    if slot.attached:  # ZR 17.4: <Boost Ability>
        for u in slot.attached:
            kws.update(game.defs[u].boost_ability)
    seat = None
    for src_seat, src, e in _sources(game, "modify"):
        step = e.steps[0]
        grant = step.param("grant")
        if not grant:
            continue
        target = step.target
        if isinstance(target, Selector) and target.filter("keyword") is not None:
            continue  # a grant that depends on keywords would ask itself: none is written so
        if seat is None:
            seat = seat_of(game, slot)
        if _applies(game, src_seat, src, e, slot, seat):
            kws.update(grant)
    return frozenset(kws)


def has_keyword(game: GameCore, slot: Slot, keyword: str) -> bool:
    """`keyword in keywords(game, slot)`, without gathering the others: printed, granted by a
    modifier, or given by a continuous effect that works on the minion."""
    card = slot.card
    if card is None:
        return False
    if keyword in card.keywords:
        return True
    for m in slot.mods:
        if keyword in m.grant:
            return True
    if slot.attached:  # ZR 17.4: <Boost Ability>
        for u in slot.attached:
            if keyword in game.defs[u].boost_ability:
                return True
    seat = None
    for src_seat, src, e in _sources(game, "modify"):
        step = e.steps[0]
        grant = step.param("grant")
        if not grant or isinstance(grant, str) or keyword not in grant:
            continue
        target = step.target
        if isinstance(target, Selector) and target.filter("keyword") is not None:
            continue  # as in keywords()
        if seat is None:
            seat = seat_of(game, slot)
        if _applies(game, src_seat, src, e, slot, seat):
            return True
    return False


def cannot_be_destroyed(game: GameCore, slot: Slot, seat: int) -> bool:
    """ZR 18.2: is this minion of `seat` kept from being destroyed now (its own effect or
    another's)? A banish is not stopped by it."""
    for src_seat, src, e in _sources(game, "cannot_be_destroyed"):
        if _applies(game, src_seat, src, e, slot, seat):
            return True
    return False


def boost_ignores_conditions(card: CardDef | None) -> bool:
    """ZR 17.2 (Revered Sapi): may this minion receive a Boost whatever its condition?"""
    return bool(_passives(card, "boost_ignores_conditions"))


def boost_while_rested(game: GameCore, seat: int) -> bool:
    """ZR 17.2 (Black Sabre Jaguar): may `seat`'s Rested Boost cards in the base be attached
    now?"""
    for src_seat, _, e in _sources(game, "boost_while_rested"):
        if src_seat == seat and _during_ok(game, src_seat, e.during):
            return True
    return False


def revenge_any_turn(game: GameCore, seat: int) -> bool:
    """Yzak (ZR 2.7): does the Revenge of `seat`'s minions work in this turn although it is not
    theirs?"""
    for src_seat, _, e in _sources(game, "revenge_any_turn"):
        if src_seat == seat and _during_ok(game, src_seat, e.during):
            return True
    return False


def to_field_instead(card: CardDef) -> bool:
    """ZR 11.9 <Trash> (Graverobber): would this card, going from its owner's trash to the hand,
    be put onto the field instead?"""
    return bool(_passives(card, "to_field_instead"))


def card_cost(card: CardDef) -> int:
    """ZR 2.4: a Base Minion counts as cost 0."""
    return card.cost or 0


def _restricted(game: GameCore, slot: Slot, do: str) -> bool:
    """Is a continuous restriction (`cannot_block`, `cannot_attack_forces`) on this minion?"""
    seat = None
    for src_seat, src, e in _sources(game, do):
        if seat is None:
            seat = seat_of(game, slot)
        if _applies(game, src_seat, src, e, slot, seat):
            return True
    return False


def can_block(game: GameCore, slot: Slot, attacker: Slot | None) -> bool:
    """ZR 8.4: an Active minion that can block; Infiltrate (ZR 2.7): only the same cost;
    ZR 13.4: "cannot block", and an attacker that cannot be blocked (by this minion)."""
    if slot.rested or slot.card is None:
        return False
    if slot.mods and _marked(slot, "no_block"):  # a one-shot `cannot` (ZR 13.4)
        return False
    if attacker is not None and attacker.mods and _marked(attacker, "unblockable"):
        return False
    if not fold(game, "can_block", slot, None, True, attacker):  # the continuous effects
        return False
    if attacker is not None and has_keyword(game, attacker, "infiltrate"):
        return attacker.card is not None and card_cost(slot.card) == card_cost(attacker.card)
    return True


def _marked(slot: Slot, mark: str) -> bool:
    """Does a one-shot battle term's modifier mark this minion (engine/terms/battle.py)?"""
    for m in slot.mods:  # noqa: SIM110 (hot: no generator of any())
        if mark in m.marks:
            return True
    return False


def can_act(game: GameCore, slot: Slot, action: str, free: bool = False) -> bool:
    """ZR 13.4: can this minion `action` ("attack", "block", "move": Movement only) now, as far
    as the `cannot` term says (a mark of a one-shot effect, or a passive effect)? `free`: the
    caller knows that no "cannot" effect is at work (`at_work`), so only a mark can forbid it."""
    if slot.mods and _marked(slot, FORBIDDING[action]):
        return False
    if free:
        return True
    seat = None
    for src_seat, src, e in _sources(game, "cannot"):
        if action not in forbidden(e.steps[0]):
            continue
        if seat is None:
            seat = seat_of(game, slot)
        if _applies(game, src_seat, src, e, slot, seat):
            return False
    return True


def wins_regardless(slot: Slot) -> bool:
    """ZR 13.1: does this minion win its battles regardless of BP (Kill Order)?"""
    return bool(slot.mods) and _marked(slot, "wins")


def destroyed_after_battle(game: GameCore, slot: Slot) -> bool:
    """ZR 13.2 (Maddor): is this minion destroyed at the end of a battle it took part in?"""
    return _restricted(game, slot, "destroyed_after_battle")


def attack_targets(game: GameCore, slot: Slot, opp_forces: list[int], free: bool = False
                   ) -> list[tuple]:  # fmt: skip
    """ZR 8.1, ZR 8.2: what this Active minion may attack (ZR 13.4: nothing if it cannot).
    `free`: no "cannot" effect is at work (`can_act`)."""
    if not can_act(game, slot, "attack", free):
        return []
    restricted = (
        bool(opp_forces)
        and (
            slot.arrived
            or (slot.advanced and slot.card is not None and slot.card.type == "base_minion")
        )
        and not has_keyword(game, slot, "charge")
    )
    targets: list[tuple] = [] if restricted else [("p",)]
    if opp_forces and not _restricted(game, slot, "cannot_attack_forces"):
        for i in opp_forces:
            targets.append(("f", i))
    return targets


def enters_base_rested(game: GameCore, slot: Slot, seat: int) -> bool:
    """Does this card enter `seat`'s base Rested? Its own effect works wherever it comes from;
    another card's effect names the cards it rests by side and filters (the zone is ignored:
    the card is on its way into the base)."""
    if slot.card is None:
        return False
    for e in _passives(slot.card, "enters_base_rested"):
        target = e.steps[0].target
        if not isinstance(target, Selector) and target in (None, "this"):
            return True
    for src_seat, src, e in _sources(game, "enters_base_rested"):
        if _applies(game, src_seat, src, e, slot, seat, any_zone=True):
            return True
    return False


def enters_field_rested(game: GameCore, slot: Slot, seat: int) -> bool:
    """Does this minion enter `seat`'s field Rested (summoned or put, ZR 11.3)? The effects name
    the minions they rest by side and filters, the zone ignored (it is on its way there)."""
    if slot.card is None:
        return False
    for src_seat, src, e in _sources(game, "enters_field_rested"):
        if _applies(game, src_seat, src, e, slot, seat, any_zone=True):
            return True
    return False


def moves_active(game: GameCore, slot: Slot, seat: int, src: str, dest: str) -> bool:
    """Does this card, moving between `seat`'s field and base (`src` -> `dest`), arrive Active by
    a `moves_active` effect? Its own (Flight) works where the card comes from: a field effect for
    a move to the base, a <Base> effect for a move to the field; another card's names the cards
    by side and filters (the zone is ignored: the card is on its way)."""
    for e in _passives(slot.card, "moves_active"):
        step = e.steps[0]
        to = step.param("to")
        if (
            not isinstance(step.target, Selector)
            and (to is None or to == dest)
            and (e.zone or "field") == src
            and _during_ok(game, seat, e.during)
            and (not e.condition or condition_ok(game, e.condition, seat, _this(slot)))
        ):
            return True
    for src_seat, source, e in _sources(game, "moves_active"):
        to = e.steps[0].param("to")
        if (
            isinstance(e.steps[0].target, Selector)
            and (to is None or to == dest)
            and _applies(game, src_seat, source, e, slot, seat, any_zone=True)
        ):
            return True
    return False


def damage_cuts(game: GameCore, seat: int, to: str, src: DamageSource) -> list[tuple[Source, int]]:
    """The reductions of one damage event to `seat`'s player (`to` = "player") or one of their
    Forces ("forces") from `src` (ZR 13.8): (the continuous effect that reduces it, by how
    much); `source_name` names the card or Force it comes from.
    A `reduce_damage` effect protects its controller (`side = "any"`: both players); `to`
    narrows it to the player or the Forces, `source = "minion"` to DP damage (ZR 13.5) and
    `cost_max` to the DP damage of minions of that cost or less (Spike Toad)."""
    out = []
    for src_seat, slot, e in _sources(game, "reduce_damage"):
        step = e.steps[0]
        if seat not in _side_seats(step.param("side", "self"), src_seat):
            continue
        if not _during_ok(game, src_seat, e.during) or step.param("to", to) != to:
            continue
        if step.param("source") == "minion" and not src.by_dp:
            continue
        cost_max = step.param("cost_max")
        if cost_max is not None and (src.cost is None or src.cost > cost_max):
            continue
        if e.condition and not condition_ok(game, e.condition, src_seat, ()):
            continue
        out.append(((src_seat, slot, e), step.param("amount", 0)))
    return out


def unshielded_by(game: GameCore, seat: int) -> str | None:
    """The card whose effect keeps `seat`'s damage from being reduced and their life and Forces
    from being restored (Rush of Bats, ZR 13.8), or None."""
    for src_seat, slot, e in _sources(game, "cannot_reduce_or_restore"):
        if src_seat == seat and _during_ok(game, src_seat, e.during):
            return source_name(game, src_seat, slot, e)
    return None


def source_name(game: GameCore, seat: int, slot: Slot | None, e: Effect) -> str:
    """The name of the card or Force a continuous effect comes from, for the log."""
    if slot is not None:
        return slot.name
    for f in game.players[seat].forces:
        if e in f.force.effects:
            return f.force.name
    for x in game.lasting:  # a this-turn effect (Aero Wall, Rush of Bats)
        if x.effect is e:
            return x.name
    return "an effect"


# ZR 10.1, ZR 10.2: the kinds of the opponent's effects a protection names (None: every kind)
_BY_KINDS: Final[dict[str | None, tuple[str, ...] | None]] = {
    None: None,
    "opponent_magic": ("magic",),
    "opponent_minion_effects": ("minion",),
    "opponent_minions_and_magic": ("minion", "magic"),  # Crystal Veil
}


def _untargetable(game: GameCore, slot: Slot, seat: int, ctx: Ctx) -> bool:
    """ZR 10.2: can `ctx`'s effect not choose this minion? Chalchalsio, Ring Raptor (opponent's
    Magic); Force of Sanctity (opponent's minion effects); Crystal Veil (both); a protection
    granted by a step (a modifier's `protect`: Holy Fly)."""
    if ctx.controller == seat:
        return False
    for m in slot.mods:
        if m.protect is not None:
            kinds = _BY_KINDS[m.protect]
            if kinds is None or ctx.kind in kinds:
                return True
    for src_seat, src, e in _sources(game, "untargetable"):
        if src_seat != seat:
            continue
        target = e.steps[0].target
        if isinstance(target, Selector) and target.zone == "forces":
            continue  # it protects Forces (_force_untargetable)
        kinds = _BY_KINDS[e.steps[0].param("by")]
        if kinds is not None and ctx.kind not in kinds:
            continue
        if _applies(game, src_seat, src, e, slot, seat):
            return True
    return False


def _force_untargetable(game: GameCore, seat: int, ctx: Ctx) -> bool:
    """ZR 10.2: can `ctx`'s effect not choose `seat`'s Forces? An `untargetable` whose target
    is a Forces selector of that side (Slay Beetle: "your Forces cannot be chosen by your
    opponent's effects")."""
    if ctx.controller == seat:
        return False
    for src_seat, src, e in _sources(game, "untargetable"):
        target = e.steps[0].target
        if (
            src_seat != seat
            or not isinstance(target, Selector)
            or target.zone != "forces"
            or seat not in _side_seats(target.side, src_seat)
        ):
            continue
        kinds = _BY_KINDS[e.steps[0].param("by")]
        if kinds is not None and ctx.kind not in kinds:
            continue
        if e.during is not None and not _during_ok(game, src_seat, e.during):
            continue
        if not e.condition or condition_ok(game, e.condition, src_seat, _this(src)):
            return True
    return False


# ----------------------------------------------------------------------------------------------
# Costs (ZR 6.1)


def cost_of(game: GameCore, seat: int, card: CardDef) -> int:
    """The cost `seat` pays for a card in its hand (ZR 12.1): the changes to its basic cost (the
    uncoloured part) add up and are floored at 0, never touching the pips; "the basic cost
    becomes 0" comes last; "the cost becomes 0" makes the whole cost 0. Reductions (positive
    `amount`) and increases (negative) come from cards in play, Forces, this turn's lasting
    effects and the card's own <Hand> effects.

    When no cost effect at work has a condition or counts something (`_fixed_costs`), a card's
    cost depends only on the card, the seat and whose turn and which phase it is (an effect's
    `during`): it is then found once per `SourceCache` and kept there."""
    cost = card.cost or 0
    if not cost:
        return 0
    if card.hand_passives:  # (its own <Hand> effects may have conditions: found each time)
        return _cost_of(game, seat, card, cost)
    cache = _cache(game)
    costs = cache.costs
    if costs is None:
        costs = cache.costs = {} if _fixed_costs(game) else False
    if not isinstance(costs, dict):  # (False: found each time)
        return _cost_of(game, seat, card, cost)
    key = (seat, id(card), game.active, game.phase)
    found = costs.get(key)
    if found is None or found[0] is not card:  # (the card is kept: its id is not reused)
        found = costs[key] = (card, _cost_of(game, seat, card, cost))
    return found[1]


def _fixed_costs(game: GameCore) -> bool:
    """Does every cost effect at work (ZR 12.1) work without a condition or a count (`per`, ZR
    10.10)? Then what it does to a card depends on nothing but the card, the seat and the turn's
    player and phase (`_during_ok`)."""
    for do, _ in _CHANGES["cost"]:
        for _, _, e in _sources(game, do):
            if e.condition or e.steps[0].param("per") is not None:
                return False
    return True


def _cost_of(game: GameCore, seat: int, card: CardDef, cost: int) -> int:
    """`cost_of` found afresh (`cost`: the printed cost, not 0)."""
    # (the basic cost's change, "basic"/"all" once something makes it 0): the cost steps' changes
    value = fold(game, "cost", card, seat, _NO_COST_CHANGE)
    own = card.hand_passives  # the card's own <Hand> effects (Timpanist, Yggdrawalker...)
    if own:  # (they work in the hand only, on the card itself: after those in play)
        for do, change in _CHANGES["cost"]:
            if do in own:
                value = change(game, _own(own, do, seat), card, seat, value, None)
    change, zero = value
    if zero == "all":
        return 0  # ZR 12.1: "the cost becomes 0", pips included
    if zero is None and not change:
        return cost
    pips = card.pips
    coloured = pips[0][1] if len(pips) == 1 else sum(n for _, n in pips)
    if zero == "basic":
        return coloured  # ZR 12.1: applied last, it overrides increases
    return coloured + max(0, cost - coloured - change)


_NO_COST_CHANGE: Final[CostChange] = (0, None)


def cost_effect_applies(game: GameCore, seat: int, card: CardDef, src_seat: int,
                        src: Slot | None, e: Effect) -> bool:  # fmt: skip
    """Does a cost effect of `src_seat` work on `card` in `seat`'s hand now? (the cost steps'
    changes ask it)"""
    return _cost_effect_applies(game, seat, card, src_seat, src, e)


def _own(passives: _Index, do: str, seat: int) -> list[Source]:
    """A card's own <Hand> effects `do` (its effects elsewhere do not work in the hand)."""
    return [(seat, None, e) for e in passives.get(do, ())]


def _cost_effect_applies(game: GameCore, seat: int, card: CardDef, src_seat: int,
                         src: Slot | None, e: Effect) -> bool:  # fmt: skip
    """Does a cost effect of `src_seat` work on `card` in `seat`'s hand now? A <Hand> effect's
    target is the card itself ("this"); another's is a selector seen from its controller."""
    target = e.steps[0].target
    if isinstance(target, Selector):
        if seat not in _side_seats(target.side, src_seat) or not _card_matches(target, card):
            return False
    elif e.zone != "hand":
        return False
    if e.during is not None and not _during_ok(game, src_seat, e.during):
        return False
    return not e.condition or condition_ok(game, e.condition, src_seat, _this(src))


def fusion(game: GameCore, seat: int, card: CardDef) -> bool:
    """Does `seat`'s colorless mana pay the pips of `card` now (ZR 6.1.1: an effect says so)?"""
    for src_seat, _, e in _sources(game, "colorless_pays_pips"):
        if (
            src_seat == seat
            and _during_ok(game, src_seat, e.during)
            and e.steps[0].param("card_type") in (None, card.type)
        ):
            return True
    return False


def _worth(game: GameCore, seat: int, card: CardDef) -> list[tuple[Slot, str, int]]:
    """`seat`'s Active mana that pays for `card` as more than 1 mana (ZR 11.12, Vahn Jean):
    (slot, the color it pays as, how many)."""
    out = []
    for src_seat, src, e in _sources(game, "mana_worth"):
        if src_seat != seat or src is None or src.rested or not _during_ok(game, seat, e.during):
            continue
        step = e.steps[0]
        color = step.param("color")
        paying_for = step.param("paying_for")  # (Chloe: the cards it pays for, else by color)
        if color in card.colors if paying_for is None else _card_matches(paying_for, card):
            out.append((src, color, step.param("amount", 1)))
    return out


def payment(game: GameCore, seat: int, card: CardDef) -> list[Slot] | None:
    """The mana that pays for `card`, or None if it cannot be paid (ZR 6.1.1): each pip with
    Active mana of its color; the rest first with colorless mana, then with the color that has
    the most Active mana left; ties go to the earliest slot. Mana worth more than 1 (ZR 11.12)
    is rested only if the cost cannot be paid without it, and then first, one at a time."""
    free = [s for s in game.players[seat].base if not s.rested]
    total = cost_of(game, seat, card)
    worth = _worth(game, seat, card)
    if not worth:
        return _payment(game, seat, card, free, total)
    rich = {id(w[0]) for w in worth}
    plain = [s for s in free if id(s) not in rich]
    for k in range(len(worth) + 1):
        credit: dict[str, int] = {}
        for _slot, color, n in worth[:k]:
            credit[color] = credit.get(color, 0) + n
        found = _payment(game, seat, card, plain, total, credit)
        if found is not None:
            return [w[0] for w in worth[:k]] + found
    return None


def _payment(game: GameCore, seat: int, card: CardDef, free: list[Slot], total: int,
             credit: Mapping[str, int] | None = None) -> list[Slot] | None:  # fmt: skip
    """ZR 6.1.1 with the mana `free`; `credit`: mana already provided by color (ZR 11.12), which
    pays pips of its color first, then the rest of the cost; what is left of it is lost."""
    if total == 0:  # ZR 12.1: "the cost becomes 0" leaves no pips to pay
        return []
    pips = card.pips
    if credit:
        generic = total - sum(n for _, n in pips)
        spare = dict(credit)
        pips = ()
        for color, n in card.pips:
            paid = min(n, spare.get(color, 0))
            spare[color] = spare.get(color, 0) - paid
            if n > paid:
                pips += ((color, n - paid),)
        total = sum(n for _, n in pips) + max(0, generic - sum(spare.values()))
        if total == 0:
            return []
    if len(free) < total:
        return None
    used: list[Slot] = []
    taken: set[Slot] = set()  # the slots in `used` (a Slot hashes and compares by identity)
    fused = None
    for s in free if SEVERAL_COLORS[0] else ():
        if len(s.colors) > 1:  # mana of several colors: it pays either, and is kept for last
            free = [s for s in free if len(s.colors) == 1] + [s for s in free if len(s.colors) > 1]
            used, pips = _pips_matched(pips, free)
            taken.update(used)
            break
    for color, n in pips:
        have = [s for s in free if color in s.colors and s not in taken]
        if len(have) >= n:
            have = have[:n]
            used += have
            taken.update(have)
            continue
        used += have
        taken.update(have)
        if fused is None:
            fused = fusion(game, seat, card)
        if not fused:
            return None
        colorless = [s for s in free if s.colors[0] == "colorless" and s not in taken]
        if len(colorless) < n - len(have):
            return None
        colorless = colorless[: n - len(have)]
        used += colorless
        taken.update(colorless)
    rest = total - len(used)
    if rest > 0:
        for s in free:
            if s.colors[0] == "colorless" and s not in taken:
                used.append(s)
                taken.add(s)
                rest -= 1
                if rest <= 0:
                    break
    while rest > 0:
        left = [s for s in free if s not in taken]
        if not left:
            return None
        counts: dict[str, int] = {}
        for s in left:
            for c in s.colors:
                counts[c] = counts.get(c, 0) + 1
        best = max(counts.values())
        pick = next(s for s in left if any(counts[c] == best for c in s.colors))
        used.append(pick)
        taken.add(pick)
        rest -= 1
    return used


def _pips_matched(pips: tuple, free: list[Slot]) -> tuple[list[Slot], tuple]:
    """ZR 6.1.1 with mana of several colors (`free`, one-color mana first): as many pips as can
    be paid each with mana of its color, one mana a pip (a matching, so that a two-color card is
    spent on the pip that needs it), in the order of `free` where there is a choice. Gives the
    mana used and the pips left unpaid."""
    units = [color for color, n in pips for _ in range(n)]
    paid: dict[int, int] = {}  # index in `free` -> the pip it pays

    def place(u: int, seen: set[int]) -> bool:
        for i, s in enumerate(free):
            if units[u] in s.colors and i not in seen:
                seen.add(i)
                if i not in paid or place(paid[i], seen):
                    paid[i] = u
                    return True
        return False

    short: dict[str, int] = {}
    for u, color in enumerate(units):
        if not place(u, set()):
            short[color] = short.get(color, 0) + 1
    used = [free[i] for i in sorted(paid, key=paid.__getitem__)]
    return used, tuple(short.items())


class Mana:
    """`seat`'s Active mana as the legal actions' listing reads it (`listing_mana`; nothing
    changes while it lists, so it is counted once), and what the effects at work do to payments
    (ZR 6.1.1): `free` Active mana, `counts` of each color (mana of several colors counts for
    each); `multi`: some of it has several colors (pips of two colors may need the same card);
    `priced`: nothing changes a cost (ZR 12.1); `strict`: a pip short of its color cannot be
    paid (nothing makes a cost 0, no mana is worth more, colorless mana pays no pips); `worth`:
    some mana is worth more (ZR 11.12)."""

    __slots__ = ("counts", "free", "multi", "priced", "strict", "worth")

    def __init__(self, free: int, counts: dict[str, int], kinds: tuple[bool, bool, bool],
                 multi: bool = False) -> None:  # fmt: skip
        self.free, self.counts, self.multi = free, counts, multi
        self.strict, self.priced, self.worth = kinds


def listing_mana(game: GameCore, seat: int) -> Mana:
    """`seat`'s `Mana` now."""
    counts: dict[str, int] = {}
    free = 0
    if not SEVERAL_COLORS[0]:  # (the common case: every mana has one color)
        for s in game.players[seat].base:
            if not s.rested:
                free += 1
                counts[s.color] = counts.get(s.color, 0) + 1
        return Mana(free, counts, _pay_kinds(game))
    for s in game.players[seat].base:
        if not s.rested:
            free += 1
            for color in s.colors:
                counts[color] = counts.get(color, 0) + 1
    return Mana(free, counts, _pay_kinds(game), sum(counts.values()) > free)


def _pay_kinds(game: GameCore) -> tuple[bool, bool, bool]:
    """`Mana`'s (strict, priced, worth), found once per `SourceCache`."""
    cache = _cache(game)
    if cache.pay is None:
        zero, worth = bool(_sources(game, "cost_zero")), bool(_sources(game, "mana_worth"))
        cache.pay = (
            not (zero or worth or _sources(game, "colorless_pays_pips")),
            not (zero or _sources(game, "cost_reduction")),
            worth,
        )
    return cache.pay


def can_pay(game: GameCore, seat: int, card: CardDef, mana: Mana | None = None) -> bool:
    """Can `seat` pay for the card now (is `payment` not None)? With `seat`'s `listing_mana`
    (the legal actions' listing), most cards are told from the Active mana's colors alone."""
    if mana is None:
        return payment(game, seat, card) is not None
    if mana.strict and "cost_zero" not in card.hand_passives:
        counts = mana.counts
        for color, n in card.pips:  # ZR 6.1.1: a pip short of its color cannot be paid
            if counts.get(color, 0) < n:
                return False
    total = cost_of(game, seat, card)
    if mana.free < total:  # enough only with mana worth more (ZR 11.12)
        return mana.worth and payment(game, seat, card) is not None
    pips = card.pips
    if not pips or not total:  # ZR 12.1: "the cost becomes 0" leaves no pips to pay
        return True
    if len(pips) == 1:
        color, n = pips[0]
        if color != "colorless" and mana.counts.get(color, 0) >= n:
            return True
    told = _pips_payable(game, mana, pips)
    if told is not None:
        return told
    return payment(game, seat, card) is not None


def _pips_payable(game: GameCore, mana: Mana, pips: tuple) -> bool | None:
    """`can_pay` told from the Active mana's colors when its whole cost is covered and no mana is
    worth more (ZR 11.12): each pip of a different color, none colorless, paid with its own
    color (True), or one short and nothing lets colorless mana pay pips (ZR 6.1.1: False); None
    when `payment` must decide."""
    if mana.worth or mana.multi:
        return None
    counts = mana.counts
    short = False
    seen: set[str] = set()
    for color, n in pips:
        if color == "colorless" or color in seen:
            return None
        seen.add(color)
        if counts.get(color, 0) < n:
            short = True
    if not short:
        return True
    return None if _sources(game, "colorless_pays_pips") else False


def _pay(game: GameCore, seat: int, card: CardDef) -> None:
    slots = payment(game, seat, card)
    if slots is None:
        raise RuntimeError(f"cannot pay for {card.name}")  # legality was checked before
    for s in slots:
        s.rested = True
    if game.lasting:
        _use_next_cost_zero(game, seat, card)


def _use_next_cost_zero(game: GameCore, seat: int, card: CardDef) -> None:
    """ZR 14.4: "the next <blue Magic card> you use costs 0" (next_cost_zero) is used up by the
    first matching card `seat` pays for after it (one such effect per card paid)."""
    for i, x in enumerate(game.lasting):
        step = x.step
        if step is None or step.do != "next_cost_zero" or x.seat != seat:
            continue
        if _card_matches(step.param("of"), card):
            game.lasting = game.lasting[:i] + game.lasting[i + 1 :]
            return


# ----------------------------------------------------------------------------------------------
# Selectors


class Ctx:
    """An effect resolving: who controls it, where it comes from (`name`: the card or Force, for
    people), which step, what was chosen; `amount`: for a whenever-effect raised by a damage
    event, the damage it dealt (ZR 13.7: heal's `that_damage`), else 0."""

    __slots__ = ("amount", "controller", "done", "effect", "i", "it", "kind", "name", "source")

    def __init__(self, controller: int, source: int | None, kind: str, effect: Effect,
                 name: str = "", i: int = 0, it: tuple = (), done: bool = True,
                 amount: int = 0) -> None:  # fmt: skip
        self.controller, self.source, self.kind, self.effect = controller, source, kind, effect
        self.name, self.i, self.it, self.done, self.amount = name, i, it, done, amount

    def next(self, it: tuple, done: bool) -> Ctx:
        return Ctx(self.controller, self.source, self.kind, self.effect, self.name, self.i + 1,
                   it, done, self.amount)  # fmt: skip


def _side_seats(side: str, controller: int) -> tuple[int, ...]:
    if side == "self":
        return (controller,)
    if side == "opponent":
        return (1 - controller,)
    return (controller, 1 - controller)


def _is_colorless_token(sel: Selector, slot: Slot) -> bool:
    """Does a mana token match? Any selector without filters takes it ("all your mana");
    `token = true` takes it while it is colorless (Little Trickster recolors); `colored` asks
    its color now ("all your colored mana": Lord Empyrean)."""
    if not sel.filters:
        return True
    if len(sel.filters) != 1:
        return False
    key, value = sel.filters[0]
    if key == "colored":
        return (slot.color != "colorless") == value
    return key == "token" and value is True and slot.color == "colorless"


def _matches_slot(game: GameCore, sel: Selector, slot: Slot, seat: int, controller: int,
                  source: Slot | None, exclude: tuple, any_zone: bool = False) -> bool:  # fmt: skip
    """Does a card in play match a selector seen from `controller`?"""
    if seat not in _side_seats(sel.side, controller):
        return False
    p = game.players[seat]
    if not any_zone and slot not in (p.field if sel.zone == "field" else p.base):
        return False
    if sel.other and (slot is source or ("c", slot.uid) in exclude):
        return False
    if slot.card is None:  # a mana token: "colorless mana that is not a minion card"
        return _is_colorless_token(sel, slot)
    return _card_matches(sel, slot.card, slot, game, seat)


def candidates(game: GameCore, sel: Selector, ctx: Ctx, choosing: bool = True,
               one: bool = False) -> list[tuple]:  # fmt: skip
    """The options a selector offers to the effect's controller, in zone order. `choosing`
    false: an "all" effect that chooses nothing, which "cannot be selected" does not stop
    (ZR 10.2). `one`: the first card in play found is enough (is there an option at all?)."""
    out: list[tuple] = []
    controller = ctx.controller
    for seat in _side_seats(sel.side, controller):
        p = game.players[seat]
        if sel.zone in ("field", "base"):
            for s in p.field if sel.zone == "field" else p.base:
                if sel.other and (s.uid == ctx.source or ("c", s.uid) in ctx.it):
                    continue
                if s.card is None:
                    if _is_colorless_token(sel, s):
                        out.append(("c", s.uid))
                    continue
                if not _card_matches(sel, s.card, s, game, seat):
                    continue
                if choosing and _untargetable(game, s, seat, ctx):
                    continue
                out.append(("c", s.uid))
                if one:
                    return out
            if sel.or_force and not (choosing and _force_untargetable(game, seat, ctx)):
                out += [("f", seat, i) for i, f in enumerate(p.forces) if not f.destroyed]
            if sel.filter("or_player"):
                out.append(("p", seat))
        elif sel.zone == "forces":
            destroyed = sel.filter("destroyed")
            rested = sel.filter("rested")
            protected = choosing and _force_untargetable(game, seat, ctx)
            for i, f in enumerate(p.forces):
                if protected:  # ZR 10.2: "cannot be chosen" (Slay Beetle)
                    break
                if (destroyed is None or f.destroyed == destroyed) and (
                    rested is None or f.rested == rested
                ):
                    out.append(("f", seat, i))
            if sel.filter("or_player"):  # "1 of your Forces or you" (Fain Callias)
                out.append(("p", seat))
        else:
            zone = {"hand": p.hand, "trash": p.trash, "deck": p.deck}[sel.zone]
            seen: dict[str, int] = {}
            most = sel.count if isinstance(sel.count, int) else len(zone)
            for uid in zone:
                card = game.defs[uid]
                if _card_matches(sel, card):
                    if sel.zone == "deck":  # a search: as many copies as it may take
                        if seen.get(card.id, 0) >= most:
                            continue
                        seen[card.id] = seen.get(card.id, 0) + 1
                    out.append(("c", uid))
    return out


def _count(game: GameCore, sel: Selector, controller: int, source: int | None = None) -> int:
    """How many things a `per` selector counts (count = all; ZR 10.10: a card counts itself when
    it matches, unless the selector says `other`; `source` is the uid of the effect's card)."""
    n = 0
    for seat in _side_seats(sel.side, controller):
        p = game.players[seat]
        if sel.zone == "forces":
            destroyed = sel.filter("destroyed")
            n += sum(1 for f in p.forces if destroyed is None or f.destroyed == destroyed)
        elif sel.zone in ("field", "base"):
            for s in p.field if sel.zone == "field" else p.base:
                if sel.other and s.uid == source:
                    continue
                if s.card is not None and _card_matches(sel, s.card, s, game, seat):
                    n += 1
        else:
            zone = {"hand": p.hand, "trash": p.trash, "deck": p.deck}[sel.zone]
            n += sum(1 for uid in zone if _card_matches(sel, game.defs[uid]))
    return n


count_of = _count  # for steps: a one-shot "for each" is counted once, on resolution (ZR 10.10)


# ----------------------------------------------------------------------------------------------
# Triggers


def _queue(game: GameCore, seat: int, rank: int, order: int, ctx: Ctx, cause: tuple = ()) -> None:
    """Queue a triggered effect (ZR 6.5); `cause`: for a whenever-effect, what triggered it."""
    game.queued.append((seat, rank, order, (t_trigger, ctx, cause)))


def t_trigger(game: GameCore, ctx: Ctx, cause: tuple = ()) -> None:
    """A triggered effect of a card or a Force starts to resolve (ZR 6.5). `cause`: for a
    whenever-effect, the event that triggered it (its name, seat and card), for the log."""
    effect = ctx.effect
    if game.log.enabled and (
        not effect.condition
        or condition_ok(game, effect.condition, ctx.controller, _source_it(ctx))
    ):
        game.log.add("effect", ctx.controller, ctx.name, effect.when, effect is RESURGE, effect,
                     cause)  # fmt: skip
    t_step(game, ctx)


def queue_self_trigger(
    game: GameCore, seat: int, slot: Slot, event: str, from_trash: bool = False
) -> None:
    """A card's own trigger: [When Summoned], [When Attacking], [When Destroyed]...; and on the
    field those of the <Boost Ability> of the cards attached to it (ZR 17.4)."""
    card = slot.card
    if event == "summoned" and game.lasting:
        _use_next_summon(game, seat, slot)
    if slot.attached and not from_trash:
        _queue_boost_abilities(game, seat, slot, event)
    if game.lasting:  # the abilities it gained (gain_ability), [When Destroyed] included
        _queue_gained_abilities(game, seat, slot, event)
    if card is None or event not in card.whens:
        return
    times = 1
    doubler = summon_doubled(game, seat) if event == "summoned" else None  # ZR 14.3
    if doubler is not None:
        times = 2
        if any(e.on(event) for e in card.effects):
            game.log.add("doubled", seat, slot.name, doubler)
    for e in card.effects:
        if e.zone == "boost":  # (a Boost card's <Boost Ability>: only while attached)
            continue
        if e.on(event) and _during_ok(game, seat, e.during):  # ZR 10.9: "[A] & [B]"
            source = None if from_trash else slot.uid
            kind = "mana" if e.zone == "base" or TRIGGERS[event].mana else "minion"  # ZR 10.1
            for _ in range(times):  # ZR 14.3: each resolves on its own, choices made anew
                _queue(game, seat, 1, slot.order, Ctx(seat, source, kind, e, slot.name))


def boost_abilities(game: GameCore, slot: Slot) -> tuple[Effect, ...]:
    """The <Boost Ability> effects (`zone = "boost"`) of the cards attached to `slot`: abilities
    of the minion itself while they are attached (ZR 17.4), "this minion" being the minion."""
    out: tuple[Effect, ...] = ()
    for u in slot.attached:
        effects = game.defs[u].effects
        out += tuple(e for e in effects if e.zone == "boost")
    return out


def _queue_boost_abilities(game: GameCore, seat: int, slot: Slot, event: str) -> None:
    """ZR 17.4: the triggered <Boost Ability> effects of the cards attached to `slot`, as the
    minion's own (its name, its place in the order of ZR 6.5)."""
    for e in boost_abilities(game, slot):
        if e.on(event) and _during_ok(game, seat, e.during):
            _queue(game, seat, 1, slot.order, Ctx(seat, slot.uid, "minion", e, slot.name))


def _queue_gained_abilities(game: GameCore, seat: int, slot: Slot, event: str) -> None:
    """The triggered abilities this minion gained while on the field (gain_ability, ZR 10.3
    (e)), as its own: a gained [When Destroyed] too, once the minion is in the trash (its "this"
    is the card there, as for a printed one; `targets`)."""
    key = ("c", slot.uid, slot.order)
    for x in game.lasting:
        e = x.effect
        if x.kind != "ability" or x.keys[0] != key or e is None or not e.on(event):
            continue
        if _during_ok(game, seat, e.during):
            _queue(game, seat, 1, slot.order, Ctx(seat, slot.uid, "minion", e, slot.name))


def queue_turn_triggers(game: GameCore, seat: int, when: str) -> None:
    """ "At the start/end of your turn" effects of `seat`'s Forces and cards; Resurge."""
    p = game.players[seat]
    for i, f in enumerate(p.forces):
        if when in f.force.whens and f.active:
            for e in f.force.effects:
                if e.on(when):
                    _queue(game, seat, 0, i, Ctx(seat, None, "force", e, f.force.name))
    for zone_name in ("field", "base"):  # (a constant tuple: none made each turn)
        for s in p.field if zone_name == "field" else p.base:
            if s.card is None:
                continue
            if s.attached and zone_name == "field":  # ZR 17.4: its <Boost Ability>
                _queue_boost_abilities(game, seat, s, when)
            if when in s.card.whens:
                kind = "mana" if zone_name == "base" else "minion"  # ZR 10.1: <Base> abilities
                for e in s.card.effects:
                    if e.on(when) and (e.zone or "field") == zone_name:  # ZR 10.9
                        _queue(game, seat, 1, s.order, Ctx(seat, s.uid, kind, e, s.name))
            if when == "turn_end" and zone_name == "field" and has_keyword(game, s, "resurge"):
                _queue(game, seat, 1, s.order, Ctx(seat, s.uid, "minion", RESURGE, s.name))
    if when == "turn_end" and game.lasting:
        _queue_delayed(game)


def queue_watchers(game: GameCore, event: str, seat: int, subject: Slot | None, it: tuple = (),
                   accept: Callable[[int, Slot | None], bool] | None = None,
                   named: str | None = None, amount: int = 0) -> None:  # fmt: skip
    """ "Whenever ..." effects watching an event of `seat` (and its `subject` card). `it` is
    what the effect's steps see as "that minion"; `accept(watcher's seat, watching card)` is the
    event's own test of a watcher (ZR 10.9: "during its attack"). A watch with `this = true`
    counts the watching card's own events only. The whenever-effects a player has for a while
    (Lasting "watch": Lock-On, Arondai) come after the Forces' and the cards'. `named`: the card
    the event is about when it is no `subject` (the Magic used), for the log's cause. `amount`:
    the damage a damage event dealt (the effect's `Ctx.amount`)."""
    if event not in watched(game):
        return
    stacked: set = set()
    for p in game.players:
        # (rank, order, source card, effects, name, kind of effect: ZR 6.5, ZR 10.1)
        # (only those with an effect of this `event` at all: their `whens`)
        sources: list[tuple[int, int, Slot | None, tuple[Effect, ...], str, str]] = []
        for i, f in enumerate(p.forces):
            if event in f.force.whens and f.active:
                sources.append((0, i, None, f.force.effects, f.force.name, "force"))
        for s in p.field:
            card = s.card
            if card is not None and event in card.whens:
                sources.append((1, s.order, s, card.effects, s.name, "minion"))
            if s.attached:  # ZR 17.4: the <Boost Ability> of the cards attached to it
                sources.append((1, s.order, s, boost_abilities(game, s), s.name, "boost"))
        if game.lasting:
            sources += [
                (2, i, None, (x.effect,), x.name, x.source)
                for i, x in enumerate(game.lasting)
                if x.kind == "watch" and x.seat == p.seat and x.effect is not None
            ]
        for rank, order, src, effs, name, kind in sources:
            for e in effs:
                if e.when != event or not _during_ok(game, p.seat, e.during):
                    continue
                if (e.zone == "boost") != (kind == "boost"):  # (a Boost card's: only attached)
                    continue
                w = e.watch
                if w is None or seat not in _side_seats(w.side, p.seat):
                    continue
                if accept is not None and not accept(p.seat, src):
                    continue
                if subject is not None:
                    if (w.other and subject is src) or (w.filter("this") and subject is not src):
                        continue
                    if subject.card is None or not _card_matches(
                        w, subject.card, subject, game, seat
                    ):
                        continue
                if e.no_stack:
                    key = (p.seat, src.card.id if src is not None and src.card else id(e))
                    if key in stacked:
                        continue
                    stacked.add(key)
                kind_of = "minion" if kind == "boost" else kind
                ctx = Ctx(p.seat, src.uid if src else None, kind_of, e, name, it=it, amount=amount)
                cause = (event, seat, subject.name if subject is not None else named)
                _queue(game, p.seat, rank, order, ctx, cause)


def watched(game: GameCore) -> frozenset[str]:
    """The events that some "whenever ..." effect may watch now (`queue_watchers`): those of the
    Forces at work, of the cards on the field and of the lasting whenever-effects. Found once per
    `SourceCache` (it depends on nothing else)."""
    cache = _cache(game)
    found = cache.watched
    if found is None:
        events: set[str] = set()
        for p in game.players:
            for f in p.forces:
                if f.active:
                    events |= f.force.watches
            for s in p.field:
                if s.card is not None:
                    events |= s.card.watches
                for u in s.attached:  # ZR 17.4: a <Boost Ability> watching
                    events |= game.defs[u].watches
        for x in game.lasting:
            if x.kind == "watch" and x.effect is not None:
                events.add(x.effect.when)
        found = cache.watched = frozenset(events)
    return found


def queue_deck_discards(game: GameCore, seat: int, batch: list[int]) -> None:
    """ "Whenever cards are discarded from your deck" (Kiska, ZR 14.6): each watching effect is
    queued once per batch, with the batch's matching cards (top first) as its `it`; an effect
    that does not stack is queued once per player however many copies watch (ZR 10.7)."""
    stacked: set[tuple[int, str]] = set()
    for p in game.players:
        for s in p.field:
            card = s.card
            if card is None:
                continue
            for e in card.effects:
                if e.when != "deck_discarded" or not _during_ok(game, p.seat, e.during):
                    continue
                w = e.watch
                if w is None or seat not in _side_seats(w.side, p.seat):
                    continue
                it = tuple(("c", u) for u in batch if _card_matches(w, game.defs[u]))
                if not it:
                    continue
                if e.no_stack:
                    if (p.seat, card.id) in stacked:
                        continue
                    stacked.add((p.seat, card.id))
                ctx = Ctx(p.seat, s.uid, "minion", e, s.name, 0, it)
                _queue(game, p.seat, 1, s.order, ctx, ("deck_discarded", seat, None))


# ----------------------------------------------------------------------------------------------
# Summoning and Magic (ZR 6.2, ZR 6.3)


def begin_summon(game: Zones, seat: int, uid: int) -> None:
    """ZR 6.2: pay, put it on the field Active; [When Summoned] triggers; ZR 3.4 applies."""
    card = game.defs[uid]
    _pay(game, seat, card)
    game.move(uid, HAND, LIMBO, seat, "summon")
    game.this_turn += (TurnRecord(seat, "summon", card, uid),)  # ZR 14.1
    game.log.add("summon", seat, uid)
    game.push((type(game).t_enter_field, seat, uid, False, "summoned"))


def _selector(step: Step) -> Selector:
    """The selector of a step that chooses (first_choice's steps, a targeted step)."""
    assert isinstance(step.target, Selector)
    return step.target


def cast_effect(card: CardDef) -> Effect:
    """A Magic card's effect (its `cast`): the first effect, unless a <Hand> cost effect of
    its own comes before it (ZR 12.1, Tentacle Tangle)."""
    effects = card.effects
    if effects[0].when == "cast":
        return effects[0]
    return next(e for e in effects if e.when == "cast")


def first_choice(card: CardDef) -> Step | None:
    step = cast_effect(card).steps[0] if card.effects else None
    if step is not None and isinstance(step.target, Selector) and step.target.count != "all":
        return step
    return None


def use_allowed(game: GameCore, seat: int, card: CardDef) -> bool:
    """ZR 6.3, <Hand>: may `seat` use this card now, as far as its own use condition goes
    (`use_requires`: Demon's Terror needs a Demon of yours on the field)?"""
    for e in _passives(card, "use_requires"):
        for step in e.steps:
            need = (("you_have", step.param("you_have")),)
            if step.do == "use_requires" and not condition_ok(game, need, seat, (), True):
                return False
    return True


def has_targets(game: GameCore, seat: int, card: CardDef) -> bool:
    """ZR 6.4: a Magic card that needs a target has one (or needs none)."""
    step = first_choice(card)
    if step is None or step.optional or _selector(step).up_to:
        return True
    ctx = Ctx(seat, None, "magic", cast_effect(card))
    return bool(candidates(game, _selector(step), ctx, one=True))


def begin_cast(game: Zones, seat: int, uid: int) -> None:
    """ZR 6.3: the card leaves the hand at once; choose targets, pay, resolve, then the trash."""
    game.move(uid, HAND, LIMBO, seat, "cast")
    game.this_turn += (TurnRecord(seat, "magic", game.defs[uid], uid),)  # ZR 14.1
    game.log.add("cast", seat, uid)
    game.push((t_effect_begin,), (t_cast_targets, seat, uid), (t_effect_end,))


def t_cast_targets(game: GameCore, seat: int, uid: int) -> None:
    card = game.defs[uid]
    step = first_choice(card)
    if step is None:
        t_cast_pay(game, seat, uid, None)
        return
    ctx = Ctx(seat, None, "magic", cast_effect(card), card.name)
    options = candidates(game, _selector(step), ctx)
    if not options:  # "up to" or "may" with nothing to choose: no choice is asked (ZR 6.4)
        t_cast_pay(game, seat, uid, ())
        return
    _pend_targets(game, ctx, step, options, (t_cast_pay, seat, uid))


def t_cast_pay(game: GameCore, seat: int, uid: int, chosen: tuple | None) -> None:
    card = game.defs[uid]
    _pay(game, seat, card)
    ctx = Ctx(seat, uid, "magic", cast_effect(card), card.name)  # "this card": the Magic card
    first = (t_step, ctx) if chosen is None else (t_step_chosen, ctx, chosen)
    game.push(first, (t_cast_finish, seat, uid))


def t_cast_finish(game: Zones, seat: int, uid: int) -> None:
    if uid in game.limbo:  # ZR 11.8: not when it returned itself to the hand
        game.move(uid, LIMBO, TRASH, seat, "resolved")
    queue_watchers(game, "magic_used", seat, None, named=game.defs[uid].name)
    queue_watchers(game, "card_used", seat, None, named=game.defs[uid].name)  # (Leeza)


def t_effect_begin(game: GameCore) -> None:
    game.depth += 1


def t_effect_end(game: GameCore) -> None:
    game.depth -= 1


# ----------------------------------------------------------------------------------------------
# Steps


def _pend_targets(game: GameCore, ctx: Ctx, step: Step, options: list, cont: tuple) -> None:
    sel = _selector(step)
    count = sel.count
    if step.do == "destroy" and isinstance(count, int) and step.params:
        per = step.param("per")  # ZR 10.10: "destroy 1 ... for each ...", counted now
        if per is not None:
            count *= _count(game, per, ctx.controller, ctx.source)
    n = len(options) if isinstance(count, str) else min(count, len(options))  # "all"
    low = 0 if (sel.up_to or step.optional) else n
    if step.do == "rest" and isinstance(sel.count, int):  # ZR 14.7 Millie: you may choose more
        n = min(sel.count + rest_bonus(game, ctx.controller), len(options))
    game.ask(CHOICE, ctx.controller, Choice(step.do, tuple(options), low, n, cont))


def choice_origin(game: GameCore, choice: Choice) -> tuple[str, Step] | None:
    """The card (or Force) name and the effect step a pending choice is for; None for a choice
    that is not a step's (a limit, the Force search, a discard, a look at the deck...)."""
    cont = choice.cont
    if cont[0] is t_cast_pay:
        card = game.defs[cont[2]]
        step = first_choice(card)
        return None if step is None else (card.name, step)
    if cont[0] is t_step_chosen:
        ctx = cont[1]
        return ctx.name, ctx.effect.steps[ctx.i]
    return None


def t_step(game: GameCore, ctx: Ctx) -> None:
    effect = ctx.effect
    if ctx.i >= len(effect.steps):
        return
    if ctx.i == 0 and effect.condition:
        if not condition_ok(game, effect.condition, ctx.controller, _source_it(ctx)):
            return
        condition_used(game, effect.condition, ctx)  # (once_per_turn)
    step = effect.steps[ctx.i]
    if step.params and step.param("at") == "turn_end":  # ZR 14.4: "when this turn ends, ..."
        _delay(game, ctx, step)
        game.push((t_step, ctx.next(ctx.it, True)))
        return
    if step.condition:
        if not condition_ok(game, step.condition, ctx.controller, ctx.it, ctx.done):
            game.push((t_step, ctx.next(ctx.it, False)))
            return
        condition_used(game, step.condition, ctx)  # (once_per_turn)
    target = step.target
    if isinstance(target, Selector) and target.count != "all":
        options = candidates(game, target, ctx)
        if not options or _counts_none(game, ctx, step):  # ZR 6.4: do as much as possible
            game.push((t_step, ctx.next((), False)))
            return
        _pend_targets(game, ctx, step, options, (t_step_chosen, ctx))
        return
    if step.optional:
        game.ask(CHOICE, ctx.controller, Choice(step.do, (("yes",),), 0, 1, (t_step_chosen, ctx)))
        return
    t_step_chosen(game, ctx, _resolve_targets(game, ctx, target))


def _counts_none(game: GameCore, ctx: Ctx, step: Step) -> bool:
    """A `destroy` with `per` whose count is 0 now: there is nothing to choose (ZR 10.10)."""
    if step.do != "destroy" or not step.params:
        return False
    per = step.param("per")
    return per is not None and _count(game, per, ctx.controller, ctx.source) == 0


def _resolve_targets(game: GameCore, ctx: Ctx, target) -> tuple:
    if target is None:
        return ()
    if isinstance(target, Selector):  # (first: a Selector compares with a str in Python)
        return tuple(candidates(game, target, ctx, choosing=False))  # count = all (ZR 10.2)
    if target == "this":
        if ctx.kind == "magic":  # the Magic card itself, while it resolves (ZR 6.3, ZR 11.8)
            return (("c", ctx.source),) if ctx.source in game.limbo else ()
        if ctx.source is None:
            return ()
        if game.find_slot(ctx.source):
            return (("c", ctx.source),)
        # a gained [When Destroyed] (gain_ability): "this minion" is the card in the trash
        return (("c", ctx.source),) if any(ctx.source in p.trash for p in game.players) else ()
    if target == "it":
        return ctx.it
    if target == "player":
        return (("p", ctx.controller),)
    assert target == "opponent", target  # (the loader allows selectors and TARGET_REFS only)
    return (("p", 1 - ctx.controller),)


def t_step_chosen(game: GameCore, ctx: Ctx, chosen: tuple) -> None:
    step = ctx.effect.steps[ctx.i]
    if step.optional:  # "may": declining skips the step (ZR 6.4)
        if not isinstance(step.target, Selector):
            if ("yes",) not in chosen:
                game.push((t_step, ctx.next(ctx.it, False)))
                return
            chosen = _resolve_targets(game, ctx, step.target)
        elif not chosen:
            game.push((t_step, ctx.next(ctx.it, False)))
            return
    if isinstance(step.target, Selector) and step.target.count != "all":  # chosen (ZR 10.2)
        for o in chosen:
            found = game.find_slot(o[1]) if o[0] == "c" else None
            if found is None or found[0] != ctx.controller or found[1] != "field":
                continue
            if found[2].rested:  # Marshal Harrier: a Rested minion of yours chosen by your effect
                queue_self_trigger(game, found[0], found[2], "chosen_rested")
    # The next step goes under whatever this step pushes, so that it runs after it.
    pos = len(game.stack)
    game.stack.append(())  # a place kept, filled below
    done = STEP_RUNS[step.do].resolve(game, ctx, step, chosen)  # type: ignore[misc, arg-type]
    if STEPS[step.do].rest:  # the later steps were taken by this one (gain_trigger): it ends
        del game.stack[pos]
        return
    keep_it = chosen if isinstance(step.target, Selector) else ctx.it
    game.stack[pos] = (t_step, ctx.next(keep_it, bool(done)))


# ----------------------------------------------------------------------------------------------
# History, lasting and delayed effects, and the special triggers (ZR 14)


def _source_it(ctx: Ctx) -> tuple:
    """What an effect-level condition sees as `it`: the card the effect belongs to."""
    return (("c", ctx.source),) if ctx.source is not None else ()


def add_lasting(game: GameCore, lasting: Lasting) -> None:
    game.lasting = (*game.lasting, lasting)


def end_lasting(game: GameCore, until: str) -> None:
    """End the lasting effects with the duration `until`: "end_of_turn" in the end phase (ZR
    5.7); "opponent_standby" when the Standby Phase after the one that made them ends (ZR 10.3
    (d)), with the modifiers of that duration."""
    if until == "opponent_standby":
        for p in game.players:
            for s in p.field:
                if s.mods and any(m.until == until for m in s.mods):
                    s.mods = tuple(m for m in s.mods if m.until != until)
        if game.lasting:
            game.lasting = tuple(x for x in game.lasting if x.until != until or x.turn == game.turn)
        return
    game.lasting = tuple(x for x in game.lasting if x.until != until)
    if any(x.kind == "ability" for x in game.lasting):  # (gain_ability: its minion has left)
        here = {("c", s.uid, s.order) for p in game.players for s in p.field}
        game.lasting = tuple(x for x in game.lasting if x.kind != "ability" or x.keys[0] in here)


def locked_keys(game: GameCore) -> frozenset:
    """The cards in play (("c", uid, order)) and Forces (("f", seat, index)) that cannot become
    Active now (ZR 14.5). A card that moved is a new object (ZR 10.4): its order changed."""
    return frozenset(k for x in game.lasting if x.kind == "locked" for k in x.keys)


def _delay(game: GameCore, ctx: Ctx, step: Step) -> None:
    """ZR 14.4: keep the step to resolve when this turn ends (its targets are found then)."""
    params = tuple((k, v) for k, v in step.params if k != "at")
    effect = Effect("turn_end", (replace(step, params=params),))
    add_lasting(
        game, Lasting(ctx.controller, "delayed", ctx.name, ctx.kind, effect, turn=game.turn)
    )
    game.log.add("delayed", ctx.controller, ctx.name)


def _queue_delayed(game: GameCore) -> None:
    """ZR 14.4: the delayed effects resolve among the end-of-turn effects (ZR 5.7), after the
    cards' own."""
    kept = []
    for i, x in enumerate(game.lasting):
        if x.kind == "delayed" and x.effect is not None:
            ctx = Ctx(x.seat, None, x.source, x.effect, x.name)
            game.queued.append((x.seat, 2, i, (t_delayed, ctx)))
        else:
            kept.append(x)
    game.lasting = tuple(kept)


def t_delayed(game: GameCore, ctx: Ctx) -> None:
    """A delayed effect starts to resolve, when the turn ends (ZR 14.4)."""
    game.log.add("delayed_now", ctx.controller, ctx.name)
    t_step(game, ctx)


def _use_next_summon(game: GameCore, seat: int, slot: Slot) -> None:
    """ZR 14.4: "the next <red> minion you summon this turn gets ..." applies to the first
    matching summon after it, then ends. Puts onto the field do not use it."""
    card = slot.card
    if card is None:
        return
    kept = []
    for x in game.lasting:
        step = x.step
        if x.kind == "next_summon" and x.seat == seat and step is not None:
            of = step.param("of")
            if of is None or _card_matches(of, card, slot, game, seat):
                grant = tuple(step.param("grant", ()))
                slot.mods = (*slot.mods, Mod(0, 0, grant, None))
                game.log.add("modify", seat, slot.name, 0, 0, grant, None)
                continue
        kept.append(x)
    game.lasting = tuple(kept)


def summon_doubled(game: GameCore, seat: int) -> str | None:
    """ZR 14.3 (Tillt & Wellt): do the [When Summoned] effects of `seat`'s minions resolve
    twice? The name of the minion that makes it so, or None. However many such effects work,
    twice (ZR 10.7)."""
    for src in game.players[seat].field:  # only minions have it: no pass over the whole game
        card = src.card
        if card is None or not card.field_passives:
            continue
        for e in card.field_passives.get("summoned_twice", ()):
            if _during_ok(game, seat, e.during) and (
                not e.condition or condition_ok(game, e.condition, seat, _this(src))
            ):
                return src.name
    return None


def rest_bonus(game: GameCore, seat: int) -> int:
    """ZR 14.7 (Millie): how many more targets `seat` may choose for an effect of theirs that
    rests a chosen number; one per such effect at work."""
    n = 0
    for src_seat, _src, e in _sources(game, "rest_one_more"):
        if src_seat == seat and _during_ok(game, seat, e.during):
            n += e.steps[0].param("amount", 1)
    return n


# Every family of the vocabulary's runtime registers itself under the vocabulary's names (the
# families import this module, so they are loaded once it is complete).
from zenonzard_tui.engine import terms as _terms  # noqa: E402

_terms.load()
_fold_changes()
