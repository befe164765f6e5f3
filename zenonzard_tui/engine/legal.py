"""The legal actions at each decision (ZR 5 - 8): what the deciding player may do. A mixin of
`Game`."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from zenonzard_tui.cards.model import BOOST_CARDS
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    BLOCK,
    MAIN,
    MANA,
    MULLIGAN,
    PRIORITY,
    Action,
    Choice,
)
from zenonzard_tui.engine.state import (
    PlayerState,
)
from zenonzard_tui.engine.texts import ActionTexts


class LegalActions(ActionTexts):
    """The legal actions of the pending decision."""

    # Legal actions

    def _list_actions(self) -> list[Action]:
        d = self.pending
        assert d is not None, "no decision is pending"
        seat = d.seat
        kind = d.kind
        if kind == MAIN:  # (the kinds in the order of how often they come)
            return self._main_actions(seat)
        if kind == PRIORITY:
            return self._hand_actions(seat, "flash", [Action("pass")])
        if kind == BLOCK:
            return self._block_actions(seat)
        if kind == MANA:
            out = []
            defs = self.defs
            seen = set()  # copies of a card in hand are interchangeable: one action per card
            for uid in self.players[seat].hand:
                card = defs[uid]
                if card.type == "base_minion" and card.id not in seen:
                    seen.add(card.id)
                    out.append(Action("mana", (uid,)))
            out.append(Action("mana_colorless"))
            out.append(Action("mana_skip"))
            return out
        if kind == MULLIGAN:
            return self._mulligan_actions(self.players[seat])
        choice = d.ctx
        assert isinstance(choice, Choice)
        out = [Action("choose", (o,)) for o in self._distinct_options(choice.options)]
        if choice.max > 1 and len(choice.chosen) >= choice.min:
            out.append(Action("done"))
        elif choice.min == 0 and not choice.chosen:
            out.append(Action("choose", (("none",),)))
        return out

    def _distinct_options(self, options: tuple) -> list[tuple]:
        """docs/engine.md: copies of a card in a hand, a deck or a look at the deck are
        interchangeable, so a choice offers one of them (the next copy comes up if a choice of
        several takes it). Cards in play and in a trash are told apart (`Name#N`)."""
        seen: set[tuple[int | None, str]] = set()
        out = []
        for o in options:
            if o[0] == "c" and o[1] < len(self.defs) and self._interchangeable(o[1]):
                key = (self._option_owner(o), self.defs[o[1]].id)
                if key in seen:
                    continue
                seen.add(key)
            out.append(o)
        return out

    def _interchangeable(self, uid: int) -> bool:
        """A card whose copies cannot be told apart: not in play, not in a trash (whose order
        is public)."""
        return self.find_slot(uid) is None and not any(uid in p.trash for p in self.players)

    def _mulligan_actions(self, p: PlayerState) -> list[Action]:
        out = [Action("keep")]
        hand = p.hand
        # one action per set of cards (copies are interchangeable): a set is told by the sum of
        # its cards' weights, 16 ** (the rank of its card id), each count being < 16 (a hand
        # holds at most 10 cards, ZR 3.3)
        ids = [self.defs[u].id for u in hand]
        rank = {cid: i for i, cid in enumerate(sorted(set(ids)))}
        weights: list[int] = [1 << (4 * rank[cid]) for cid in ids]
        seen: set[int] = set()
        for combo in _subsets(len(hand)):
            key = 0
            for i in combo:
                key += weights[i]
            if key not in seen:
                seen.add(key)
                out.append(Action("mulligan", tuple([hand[i] for i in combo])))
        return out

    def _hand_actions(self, seat: int, window: str, out: list[Action]) -> list[Action]:
        """The summons and casts from `seat`'s hand, added to `out`: in the main phase every
        Field Minion and main-timing Magic, in a Flash window (ZR 5.7) only Swoop minions and
        Flash Magic, each payable (ZR 6.1) and a Magic with its target (ZR 6.4). Copies of a
        card in hand are interchangeable: one action per card. The Active mana is counted once
        (listing changes nothing); a card with at most one pip is told from it (`quick_pay`:
        its cost and its pip's color, or colorless mana where an effect lets it pay pips)
        unless some mana is worth more (ZR 11.12)."""
        which = window == "flash"  # (the index of `CardDef.plays`)
        defs = self.defs
        seen = set()
        mana = None
        for uid in self.players[seat].hand:
            card = defs[uid]
            play = card.plays[1] if which else card.plays[0]  # (a constant index: no tuple made)
            if play is None or card.id in seen:
                continue
            seen.add(card.id)
            if mana is None:
                mana = fx.listing_mana(self, seat)
            quick = card.quick_pay
            if quick is not None and not mana.worth:  # (ZR 6.1.1, as `quick_pay` says)
                total = quick[0] if mana.priced else fx.cost_of(self, seat, card)
                if total > mana.free:
                    continue
                color = quick[1]
                if total and color is not None:  # (ZR 12.1: a cost of 0 leaves no pip to pay)
                    short = quick[2] - mana.counts.get(color, 0)
                    if short > 0 and (  # colorless mana pays it only where an effect says so
                        mana.strict
                        or mana.counts.get("colorless", 0) < short
                        or not fx.fusion(self, seat, card)
                    ):
                        continue
            elif not fx.can_pay(self, seat, card, mana):
                continue
            if play == "summon" or (
                (not card.passives or fx.use_allowed(self, seat, card))
                and fx.has_targets(self, seat, card)
            ):
                out.append(Action(play, (uid,)))
        return out

    def _main_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        out = self._hand_actions(seat, "main", [])
        # ZR 13.4: with no "cannot" effect at work and no mark on it, a minion may act
        free = not fx.at_work(self, "cannot")
        if p.movement > 0:  # ZR 7; ZR 13.4: "cannot move" forbids Movement
            for s in p.base:
                if s.card is not None and (
                    (free and not s.mods) or fx.can_act(self, s, "move", free)
                ):
                    out.append(Action("advance", (s.uid,)))
            for s in p.field:
                if (
                    s.card is not None
                    and s.card.type != "token"
                    and ((free and not s.mods) or fx.can_act(self, s, "move", free))
                ):
                    out.append(Action("retreat", (s.uid,)))
            if BOOST_CARDS[0]:  # ZR 17.2: 1 Movement attaches a Boost card of the base to a minion
                for b in self.boost_cards(seat):
                    for s in p.field:
                        if self.can_boost(s, b):
                            out.append(Action("boost", (s.uid, b.uid)))
        if self.turn != 1 or self.options.first_turn_attack:  # ZR 5.8
            opp_forces = None
            for s in p.field:
                if s.rested:
                    continue
                if opp_forces is None:
                    opp_forces = []
                    for i, f in enumerate(self.players[1 - seat].forces):
                        if not f.destroyed:
                            opp_forces.append(i)
                for target in fx.attack_targets(self, s, opp_forces, free):
                    out.append(Action("attack", (s.uid, target)))
        out.append(Action("end_turn"))
        return out

    def _block_actions(self, seat: int) -> list[Action]:
        attacker = self.field_slot(self.fight.attacker)
        p = self.players[seat]
        able = []
        for s in p.field:
            if fx.can_block(self, s, attacker):
                able.append(s)
        if not able:
            return [Action("no_block")]
        # ZR 13.3: a named minion that can block must (the defender picks among several); a
        # requirement on the attack means some legal blocker must. "Cannot be blocked" and
        # Infiltrate were checked first (can_block), so they win over must-block.
        fight = self.fight
        named = fight.named
        forced = [s for s in able if s.must_block or s.uid in named]
        if forced:
            return [Action("block", (s.uid,)) for s in forced]
        out = [Action("block", (s.uid,)) for s in able]
        if not fight.forced:
            out.append(Action("no_block"))
        return out


_SUBSETS: Final[dict[int, list[tuple[int, ...]]]] = {}


def _subsets(n: int) -> list[tuple[int, ...]]:
    """The non-empty subsets of positions 0..n-1 as itertools.combinations gives them, the
    smaller first (the order the mulligan's actions are listed in), worked out once per n."""
    found = _SUBSETS.get(n)
    if found is None:
        found = _SUBSETS[n] = [c for r in range(1, n + 1) for c in combinations(range(n), r)]
    return found
