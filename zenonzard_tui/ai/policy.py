"""A fast rule-of-thumb player: the easy AI's moves and the playouts of the searching AIs.

It looks at nothing a seat may not know: its own hand, the public zones, the pending decision.
Every function takes the game and returns one of `game.legal()`.
"""

from __future__ import annotations

import random
from typing import Final

from zenonzard_tui.ai.lethal import key_text, signature
from zenonzard_tui.cards.model import CardDef, Step
from zenonzard_tui.cards.terms import STEPS
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    BLOCK,
    CHOICE,
    MAIN,
    MANA,
    MULLIGAN,
    PRIORITY,
    Action,
    Choice,
)
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import BASE_LIMIT, Slot

MANA_TARGET: Final = 8  # past this many mana, a Base Minion card is worth more on the field
IDLE_ATTACKS = False  # True: attack with idle minions too (`idle_attack`), as before: for A/Bs


def _card_order(game: Game, action: Action) -> str:
    """An order of the actions' own, by what they do (`lethal.signature`: card ids, not uids),
    never by where the engine lists them: the rule of thumb breaks its ties with it, so two
    lists of the same actions in another order get the same answer (copies of a card are one)."""
    return key_text(signature(game, action))


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
    keep = next(a for a in actions if a.kind == "keep")
    if 2 <= len(bases) <= 4:
        return keep
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
    return keep


def shortfall(game: Game, seat: int) -> dict[str, int]:
    """Per color, how many more mana of it the card in `seat`'s hand that needs the most of it
    needs than its base holds, Active or Rested (what it could pay on a later turn; ZR 6.1: a pip
    is paid only with mana of its color). Colors the base already covers are left out."""
    p = game.players[seat]
    have: dict[str, int] = {}
    for s in p.base:
        for color in s.colors:  # (a two-color card pays either color, ZR 6.1.1)
            have[color] = have.get(color, 0) + 1
    short: dict[str, int] = {}
    defs = game.defs
    for uid in p.hand:
        for color, n in defs[uid].pips:
            gap = n - have.get(color, 0)
            if gap > short.get(color, 0):
                short[color] = gap
    return short


def _pays(game: Game, action: Action, short: dict[str, int]) -> int:
    """The most of `short` (`shortfall`) that the Base Minion placed by `action` makes up for:
    its color's, or the best of its colors' (a two-color card, ZR 6.1.1)."""
    return max(short.get(color, 0) for color in game.defs[action.args[0]].colors)


def mana(game: Game, seat: int, actions: list[Action]) -> Action:
    """The mana phase (ZR 5.5): a Base Minion card from the hand while the base holds fewer than
    MANA_TARGET + 2 mana, the one of a color the hand is shortest of (`shortfall`); else a
    colorless mana token while it holds fewer than MANA_TARGET; else nothing."""
    p = game.players[seat]
    kinds = _by_kind(actions)
    if len(p.base) >= BASE_LIMIT:
        return kinds["mana_skip"][0]
    if "mana" in kinds and len(p.base) < MANA_TARGET + 2:
        short = shortfall(game, seat)
        return min(kinds["mana"], key=lambda a: (-_pays(game, a, short), _card_order(game, a)))
    if len(p.base) < MANA_TARGET and "mana_colorless" in kinds:
        return min(kinds["mana_colorless"], key=lambda a: _card_order(game, a))
    return kinds["mana_skip"][0]


def _best_blocker_bp(game: Game, seat: int) -> int:
    """The highest BP among the Active minions of `seat` (who could block)."""
    best = -1
    for s in game.players[seat].field:
        if not s.rested and fx.can_block(game, s, None):
            best = max(best, fx.bp(game, s, seat))
    return best


# What may give an attack with 0 DP a reason (ZR 13, 15): keywords of battle, and the triggers of
# the attacker (on attacking, battle, damage or leaving), of a card attached under it (ZR 17.4)
# or of its controller's cards in play and Forces that watch attacks ("whenever a minion
# attacks"). A trigger on being summoned, on mana placed or at the end of a turn does not.
BATTLE_KEYWORDS: Final = frozenset(("pierce", "revenge", "infiltrate", "resurge"))
BATTLE_WHENS: Final = frozenset((
    "attacking", "blocking", "attack_blocked", "destroyed", "won_battle", "deals_damage",
    "attack_deals_damage", "destroys_force", "deals_damage_to_opponent", "retreating",
))  # fmt: skip
WATCHED: Final = frozenset(("minion_attacks", "attack_blocked"))


def idle_attack(game: Game, seat: int, action: Action) -> bool:
    """An attack that can do nothing but rest its minion for the opponent's turn (issue 21: "a
    blank attack"): the attacker has 0 DP (ZR 8.6: it deals no damage), no minion of the
    opponent's can block it (ZR 8.4: no battle to win), and nothing of its controller's
    triggers on the attack (`BATTLE_KEYWORDS`, `BATTLE_WHENS`, `WATCHED`)."""
    if action.kind != "attack":
        return False
    slot = game.field_slot(action.args[0])
    return slot is not None and _idle(game, seat, slot)


def _idle(game: Game, seat: int, slot: Slot) -> bool:
    """`idle_attack` for the attacker in play `slot` (the playouts have it at hand)."""
    if slot.card is None or slot.attached or fx.dp(game, slot, seat):
        return False
    if not no_battle_text(game, slot):
        return False
    if any(fx.can_block(game, s, slot) for s in game.players[1 - seat].field):
        return False
    player = game.players[seat]
    watching = [s.card.effects for s in (*player.field, *player.base) if s.card is not None]
    watching += [f.force.effects for f in player.forces]
    return not any(e.watch is not None and e.when in WATCHED for es in watching for e in es)


def no_battle_text(game: Game, slot: Slot) -> bool:
    """Nothing of the minion in play `slot` itself acts in a battle: no keyword of battle
    (`BATTLE_KEYWORDS`) and no trigger on a battle's events (`BATTLE_WHENS`, as its event or
    among its `also` labels). Then only its BP and DP explain an attack or a block of it."""
    if fx.keywords(game, slot) & BATTLE_KEYWORDS:
        return False
    card = slot.card
    return card is None or not any(
        e.when in BATTLE_WHENS or not BATTLE_WHENS.isdisjoint(e.also) for e in card.effects
    )


def worth_trying(game: Game, seat: int, actions: list[Action]) -> list[Action]:
    """`actions` without the idle attacks (`idle_attack`): the searching levels' candidates."""
    if IDLE_ATTACKS:
        return actions
    kept = [a for a in actions if not idle_attack(game, seat, a)]
    return kept if kept else actions


def _attack(game: Game, seat: int, attacks: list[Action], rng: random.Random) -> Action | None:
    """An attack whose minion would survive the best block (or meets no blocker), at the player if
    allowed, else at the weakest Force."""
    opp = 1 - seat
    blocker = _best_blocker_bp(game, opp)
    forces = game.players[opp].forces
    best, best_key = None, None
    for a in sorted(attacks, key=lambda a: _card_order(game, a)):  # the draws below too
        uid, target = a.args
        slot = game.field_slot(uid)
        if slot is None or (not IDLE_ATTACKS and _idle(game, seat, slot)):
            continue
        bp = fx.bp(game, slot, seat)
        if blocker >= 0 and bp <= blocker and rng.random() < 0.8:
            continue
        aim = (1 if target[0] == "p" else 0, -(forces[target[1]].life if target[0] == "f" else 0))
        key = (bp, *aim)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _boost(game: Game, seat: int, boosts: list[Action], attacks: list[Action]) -> Action | None:
    """A Boost (ZR 17.2) worth its Movement and the mana it takes out of the base (ZR 17.5):
    one that makes a minion able to attack now beat the opponent's best blocker (ZR 8.5: greater
    BP), or a minion outgrow every minion of the opponent (it survives their attacks and blocks),
    or adds DP to an attack no minion can block. Of those, the one that turns an attack first,
    then the one that makes a minion survive, then the biggest BP, the dearest minion."""
    opp = 1 - seat
    blocker = _best_blocker_bp(game, opp)
    threat = max((fx.bp(game, s, opp) for s in game.players[opp].field), default=-1)
    attackers = {a.args[0] for a in attacks}
    stats = game.options.boost_gives_stats  # ZR 17.4 (⚑: the ability only)
    best, best_key = None, None
    for a in sorted(boosts, key=lambda a: _card_order(game, a)):
        uid, card_uid = a.args
        slot = game.field_slot(uid)
        card = game.defs[card_uid]
        if slot is None or slot.card is None:
            continue
        bp = fx.bp(game, slot, seat)
        gain, more_dp = (card.bp or 0, card.dp or 0) if stats else (0, 0)
        ready = uid in attackers
        turns = ready and blocker >= 0 and bp <= blocker < bp + gain
        survives = threat >= 0 and bp <= threat < bp + gain
        hits = ready and blocker < 0 and more_dp > 0
        if not (turns or survives or hits):
            continue
        key = (turns, survives, hits, bp + gain, fx.card_cost(slot.card))
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def main(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    kinds = _by_kind(actions)
    summons = kinds.get("summon")
    if summons:
        return max(summons, key=lambda a: (_summon_worth(game, a), _card_order(game, a)))
    boosts = kinds.get("boost")
    if boosts:
        boost = _boost(game, seat, boosts, kinds.get("attack", []))
        if boost is not None:
            return boost
    casts = kinds.get("cast")
    if casts and rng.random() < 0.6:
        return rng.choice(sorted(casts, key=lambda a: _card_order(game, a)))
    attack = _attack(game, seat, kinds.get("attack", []), rng)
    if attack is not None:
        return attack
    return kinds["end_turn"][0]


def _summon_worth(game: Game, action: Action) -> tuple[int, int, int]:
    """The costliest card first, then the higher BP, then the higher DP."""
    card = game.defs[action.args[0]]
    return (fx.card_cost(card), card.bp or 0, card.dp or 0)


def block(game: Game, seat: int, actions: list[Action]) -> Action:
    """Block with the cheapest minion that destroys the attacker or survives; chump-block only to
    stay alive."""
    a = game.attack
    attacker = game.field_slot(a.attacker) if a is not None else None
    blocks = [x for x in actions if x.kind == "block"]
    if a is None or attacker is None or not blocks:
        return actions[0]
    abp = fx.bp(game, attacker, 1 - seat)
    good = []
    for x in blocks:
        s = game.field_slot(x.args[0])
        if s is not None and fx.bp(game, s, seat) >= abp:
            good.append((fx.bp(game, s, seat), x))
    if good:
        return min(
            good, key=lambda t: (t[0], _blocker_worth(game, t[1], seat), _card_order(game, t[1]))
        )[1]
    lethal = a.target[0] == "p" and fx.dp(game, attacker, 1 - seat) >= game.players[seat].life
    if lethal or len(blocks) == len(actions):  # must block (ZR 13.3) leaves no other
        return min(blocks, key=lambda x: (_blocker_worth(game, x, seat), _card_order(game, x)))
    return next(x for x in actions if x.kind == "no_block")


def _blocker_worth(game: Game, action: Action, seat: int) -> tuple[int, int]:
    """What losing this blocker costs (its BP, then its cost): a forced chump block gives the
    least."""
    s = game.field_slot(action.args[0])
    if s is None or s.card is None:
        return (0, 0)
    return (fx.bp(game, s, seat), fx.card_cost(s.card))


def _polarity(step: Step | None) -> int:
    """+1: the step helps the minion it targets; -1: it hurts it; 0: neither (the step's
    vocabulary entry says which: tests/test_terms.py fails on a step that takes a target and
    does not)."""
    if step is None:
        return 0
    polarity = STEPS[step.do].polarity
    if polarity is None:
        return 0  # a step without targets: nothing chosen for it to help or hurt
    return polarity if isinstance(polarity, int) else polarity(step)


def _owner(game: Game, option: tuple) -> int | None:
    if option[0] == "c":
        return game.controller_of(option[1])
    if option[0] in ("p", "f"):
        return option[1]
    return None


def choose(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Inside an effect: hurt the opponent's things and help one's own; make room (ZR 3.4, 3.5)
    with the weakest; otherwise pick at random, and stop ("done") once allowed half the time."""
    choice = game.decision.ctx
    assert isinstance(choice, Choice)
    picks = [a for a in actions if a.kind == "choose" and a.args[0][0] != "none"]
    if choice.purpose in ("field_limit", "base_limit") and picks:
        return min(picks, key=lambda a: (_strength(game, a.args[0]), _card_order(game, a)))
    origin = fx.choice_origin(game, choice)
    polarity = _polarity(origin[1] if origin else None)
    if polarity and picks:
        side = seat if polarity > 0 else 1 - seat
        aimed = [a for a in picks if _owner(game, a.args[0]) == side]
        if aimed:
            return max(aimed, key=lambda a: (_strength(game, a.args[0]), _card_order(game, a)))
        stop = [a for a in actions if a not in picks]  # "done" / "choose none" if allowed
        if stop:
            return stop[0]
    done = [a for a in actions if a.kind == "done"]
    if done and rng.random() < 0.5:
        return done[0]
    return rng.choice(sorted(actions, key=lambda a: _card_order(game, a)))


def _strength(game: Game, option: tuple) -> int:
    """How much a card in play is worth keeping: BP and DP (a colorless mana token: 0)."""
    if option[0] != "c":
        return 0
    slot = game.find_slot(option[1])
    if slot is None or slot[2].card is None:
        return 0
    return fx.bp(game, slot[2], slot[0]) + 100 * fx.dp(game, slot[2], slot[0])


def act(game: Game, rng: random.Random) -> Action:
    """The rule-of-thumb action for whoever decides now."""
    d = game.decision
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
    return flash(game, d.seat, actions, rng)  # a Flash window (ZR 8.3)


def is_trick(card: CardDef) -> bool:
    """A card its holder may play in the opponent's attack: a Flash Magic card or a Swoop
    minion (ZR 8.3)."""
    if card.type == "magic":
        return "flash" in card.timing
    return card.type == "field_minion" and "swoop" in card.keywords


def _battle_end(game: Game, rng: random.Random) -> Game:
    """Play a copy of `game` on by rule of thumb, passing in every Flash window, until the battle
    under way has ended (or the turn, or the game)."""
    g = game.clone()
    g.log.enabled = False
    turn = g.turn
    steps = 0
    while not g.over and g.turn == turn and g.attack is not None and steps < 60:
        d = g.pending
        assert d is not None
        actions = g.legal()
        if d.kind == PRIORITY:
            g.apply(next(a for a in actions if a.kind == "pass"))
        else:
            g.apply(act(g, rng) if len(actions) > 1 else actions[0])
        steps += 1
    return g


def _battle_score(before: Game, after: Game, seat: int) -> float:
    """What a battle did for `seat`: a lost game, minions lost and destroyed, life lost."""
    if after.over:
        winner = after.outcome.winner if after.outcome is not None else None
        return 1000.0 if winner == seat else -1000.0
    score = 0.0
    for side, sign in ((seat, -1.0), (1 - seat, 1.0)):
        kept = {s.uid for s in after.players[side].field}
        lost = [s for s in before.players[side].field if s.uid not in kept]
        score += sign * sum(10.0 + fx.card_cost(s.card) for s in lost if s.card is not None)
        score += sign * 3.0 * (before.players[side].life - after.players[side].life)
    return score


def flash(game: Game, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """In a Flash window: use a Flash card (or Swoop a minion) when it flips the battle: it
    saves the game, or a minion, or destroys one, against passing; otherwise pass and keep the
    card. Each option is tried on a copy of the game to the battle's end (both sides then
    passing their Flash windows)."""
    passing = next(a for a in actions if a.kind == "pass")
    tricks = sorted((a for a in actions if a is not passing), key=lambda a: _card_order(game, a))
    if not tricks:
        return passing
    dice = rng.getrandbits(32)
    base = game.clone()
    base.apply(passing)
    best, best_score = passing, _battle_score(game, _battle_end(base, random.Random(dice)), seat)
    for a in tricks:
        g = game.clone()
        g.log.enabled = False
        g.apply(a)
        steps = 0
        while g.pending is not None and g.pending.kind == CHOICE and steps < 20:
            g.apply(act(g, rng))  # the card's own targets and choices
            steps += 1
        score = _battle_score(game, _battle_end(g, random.Random(dice)), seat)
        cost = fx.card_cost(game.defs[a.args[0]])
        if score - cost > best_score + 5.0:  # worth the card: a minion or more, or the game
            best, best_score = a, score - cost
    return best
