"""What an attack did, and what one would do.

After an attack, the line between the fields names every outcome of it: the battle (ZR 8.5),
the damage to a Force or the player (ZR 8.6), Pierce and Revenge (ZR 2.7), a minion destroyed
after battle (ZR 13.2) and whatever effects destroyed or dealt on the way. Before an attack or a
block is committed, `preview` gives its expected result from the public board: BP against BP,
who is destroyed, the damage; the Flash cards the opponent may hold are not assumed.

Both read only what a seat's channel gives: the log's events (`EventView`) and the observation
(`SlotView`, `ForceView`); nothing here reads the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from zenonzard_tui.engine.observe import EventView, Observation, PlayerView, SlotView

SEATS = ("A", "B")


@dataclass(frozen=True)
class Told:
    """One outcome in three lengths: the log's sentence (its rules cited), the result first
    with its rule, and the fewest words that still name it."""

    full: str
    brief: str
    tiny: str
    battle: bool = False


def lines(told: Sequence[Told]) -> list[str]:
    """All the outcomes on one line, fullest first; every form names every outcome."""
    forms = [" · ".join(getattr(t, length) for t in told) for length in ("full", "brief", "tiny")]
    return list(dict.fromkeys(forms))


def _force(name: str) -> str:
    """ "Force of Insight" -> "Insight" (the fewest words)."""
    return name.removeprefix("Force of ")


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cause(reason: str) -> str:
    """The shortest name of why a minion was destroyed ("" when an effect did it)."""
    if reason.startswith("Revenge"):
        return "Revenge"
    if "ZR 13.2" in reason and "ZR 2.7" not in reason:
        return "after battle"
    return ""


def outcomes(events: Sequence[EventView]) -> list[Told]:
    """The outcomes in `events` (a seat's, in the log's order): battles, minions destroyed
    (those a battle destroyed are told by the battle), damage to players and Forces, Forces
    destroyed."""
    battles = [e for e in events if e.kind == "battle"]
    in_battle = {uid for b in battles for uid in (b.get("destroyed") or ())}
    source = ""  # the card whose effect is resolving (a cast, a triggered effect)
    out: list[Told] = []
    for e in events:
        if e.kind in ("effect", "cast"):
            source = e.get("name") or ""
        if not e.text:
            continue
        text = e.text
        plain = text.removesuffix(".")
        if e.kind == "battle":
            out.append(_battle(e))
        elif e.kind == "destroyed":
            reason = e.get("reason") or ""
            if reason == "ZR 8.5" and e.get("uid") in in_battle:
                continue
            name = e.get("name") or "a minion"
            cause = _cause(reason)
            if reason:
                brief = f"{e.seat}'s {name} destroyed ({reason})"
            elif source:
                brief = f"{e.seat}'s {name} destroyed by {source}'s effect"
                text = f"{plain} (by {source}'s effect)."
            else:
                brief = f"{e.seat}'s {name} destroyed"
            tiny = f"{name} destroyed" + (f" ({cause})" if cause else "")
            out.append(Told(text, brief, tiny))
        elif e.kind == "player_damage":
            amount, life = e.get("amount"), max(e.get("life") or 0, 0)
            out.append(Told(text, plain, f"{e.seat} takes {amount}: life {life}"))
        elif e.kind == "force_damage":
            force = _force(e.get("force_name") or "a Force")
            brief = plain.split(" (ZR")[0]
            out.append(Told(text, brief, f"{force} takes {e.get('amount')}: life {e.get('life')}"))
        elif e.kind == "force_destroyed":
            force = e.get("force_name") or "a Force"
            out.append(Told(text, f"{e.seat}'s {force} destroyed", f"{_force(force)} destroyed"))
    return out


def _battle(e: EventView) -> Told:
    """ "Megalosaurus (500 BP) blocks Two-Tailed Cat (200 BP): Two-Tailed Cat destroyed"."""
    attacker, blocker = e.get("attacker_name") or "?", e.get("blocker_name") or "?"
    dead = list(e.get("destroyed") or ())
    names = {e.get("attacker"): attacker, e.get("blocker"): blocker}
    if len(dead) == 2:
        result = f"{attacker} and {blocker} destroyed"
    elif dead:
        result = f"{names.get(dead[0], '?')} destroyed"
    else:
        result = "nothing destroyed"
    return Told(e.text or "", f"{result}: {blocker} blocked {attacker} (ZR 8.5)", result, True)


# ----------------------------------------------------------------------------------------------
# The preview of an attack or a block


@dataclass(frozen=True)
class Fight:
    """A battle as the board shows it now: who is destroyed and why, and Pierce's damage."""

    attacker: SlotView
    blocker: SlotView
    beaten: tuple[str, ...]  # the names BP (or "wins battles") destroys (ZR 8.5, ZR 13.1)
    revenge: bool  # the attacker's Revenge destroys a blocker that survived the battle
    doomed: tuple[str, ...]  # destroyed after the battle (ZR 13.2), if it survived
    pierce: int  # the attacker's Pierce: DP damage to the attack's target (ZR 2.7)

    @property
    def destroyed(self) -> tuple[str, ...]:
        return (*self.beaten, *((self.blocker.name,) if self.revenge else ()), *self.doomed)

    def words(self) -> tuple[str, str]:
        """The result, with its rules and in the fewest words."""
        a, b = self.attacker, self.blocker
        head = f"{b.name} ({b.bp} BP) blocks {a.name} ({a.bp} BP)"
        if len(self.beaten) == 2:
            result = "both destroyed"
        elif self.beaten:
            result = f"{self.beaten[0]} destroyed"
        else:
            result = "nothing destroyed"
        rules = ["ZR 13.1" if {"wins"} & (_states(a) | _states(b)) else "ZR 8.5"]
        if self.revenge or self.pierce:
            rules.append("ZR 2.7")
        if self.revenge:
            result += f", {b.name} by Revenge"
        if self.doomed:
            result += f", {_and(self.doomed)} after battle"
            rules.append("ZR 13.2")
        if self.pierce:
            result += f", Pierce deals {self.pierce}"
        return f"{head}: {result} ({', '.join(rules)})", result


def _states(slot: SlotView) -> set[str]:
    return {s.key for s in slot.states}


def fight(attacker: SlotView, blocker: SlotView) -> Fight:
    """The battle of `attacker` and `blocker` (ZR 8.5) on the attacker's turn (ZR 2.7: Revenge
    and Pierce work then), with "wins battles" (ZR 13.1) and "dies after battle" (ZR 13.2)."""
    a_bp, b_bp = attacker.bp or 0, blocker.bp or 0
    aw, bw = "wins" in _states(attacker), "wins" in _states(blocker)
    kills_b = aw or (not bw and a_bp >= b_bp)
    kills_a = bw or (not aw and b_bp >= a_bp)
    revenge = "revenge" in attacker.keywords and not kills_b
    pierce = 0
    if "pierce" in attacker.keywords and kills_b and not kills_a:
        pierce = max((attacker.dp or 0) - (blocker.dp or 0), 0)
    beaten = [blocker.name] if kills_b else []
    beaten += [attacker.name] if kills_a else []
    doomed = [
        m.name
        for m, gone in ((attacker, kills_a), (blocker, kills_b or revenge))
        if not gone and "doomed" in _states(m)
    ]
    return Fight(attacker, blocker, tuple(beaten), revenge, tuple(doomed), pierce)


def _damage(defender: PlayerView, target: str, amount: int, overflow: bool) -> tuple[str, str]:
    """Damage to `target` ("player" or a Force's name) of `defender` (ZR 8.6), with its rule
    and in the fewest words; `overflow`: what goes beyond a Force's life goes on (Pierce)."""
    who = defender.seat
    if amount <= 0:
        return "no damage (0 DP)", "no damage"
    to_player = amount
    said: list[str] = []
    short: list[str] = []
    if target != "player":
        force = next((f for f in defender.forces if f.name == target), None)
        if force is None or force.destroyed:
            return f"no damage: {who}'s {target} is destroyed (ZR 8.6)", "no damage"
        left = force.life - amount
        gone = ", destroyed" if left <= 0 else ""
        said.append(f"{who}'s {target} takes {amount}: life {force.life} → {max(left, 0)}{gone}")
        short.append(f"{_force(target)} takes {amount}{gone}")
        to_player = -left if overflow and left < 0 else 0
    if to_player > 0:
        life = defender.life - to_player
        loses = f": {who} loses (ZR 1.2)" if life <= 0 else ""
        said.append(f"{who} takes {to_player}: life {defender.life} → {max(life, 0)}{loses}")
        short.append(f"{who} takes {to_player}" + (", loses" if life <= 0 else f" (life {life})"))
    return "; ".join(said) + " (ZR 8.6)", ", ".join(short)


def can_block(blocker: SlotView, attacker: SlotView, cost: Callable[[str], int | None]) -> bool:
    """ZR 8.4: an Active minion that can block it (ZR 13.4); Infiltrate (ZR 2.7): the same
    cost only. As far as the board shows (an effect's hidden condition is not guessed)."""
    if blocker.rested or "no_block" in _states(blocker) or "unblockable" in _states(attacker):
        return False
    return "infiltrate" not in attacker.keywords or cost(blocker.id) == cost(attacker.id)


BEFORE = "before Flash"  # an attack: the Flash window (ZR 8.3) and the block are still to come
BEFORE_BLOCK = "before [When Blocking] effects"  # a block: the Flash window is over (ZR 8.4)


def preview(
    view: Observation, viewer: int, text: str, slot: SlotView | None,
    cost: Callable[[str], int | None],
) -> list[str] | None:  # fmt: skip
    """The expected result of the attack or block `text` by the viewer (`slot`: the minion it
    names), fullest first, from the public board; None for any other action."""
    me, opp = view.players[viewer], view.players[1 - viewer]
    if text.startswith("attack ") and " -> " in text and slot is not None:
        target = text.rsplit(" -> ", 1)[1]
        blockers = [b for b in opp.field if can_block(b, slot, cost)]
        return _attack(slot, opp, target, blockers)
    attack = view.attack
    if attack is None or attack.seat == SEATS[viewer]:
        return None
    attacker = next((m for m in opp.field if m.uid == attack.attacker), None)
    if attacker is None:
        return None
    if text == "no block":
        full, tiny = _damage(me, attack.target, attacker.dp or 0, overflow=False)
        return _forms(f"No block: {full}", f"No block: {tiny}", BEFORE_BLOCK)
    if text.startswith("block ") and slot is not None:
        battle = fight(attacker, slot)
        full, tiny = battle.words()
        if battle.pierce:
            hit, hit_tiny = _damage(me, attack.target, battle.pierce, overflow=True)
            full, tiny = f"{full}; {hit}", f"{tiny}: {hit_tiny}"
        return _forms(full, tiny, BEFORE_BLOCK)
    return None


def _attack(
    attacker: SlotView, defender: PlayerView, target: str, blockers: list[SlotView]
) -> list[str]:
    full, tiny = _damage(defender, target, attacker.dp or 0, overflow=False)
    full, tiny = f"unblocked: {full}", f"unblocked: {tiny}"
    if not blockers:
        return _forms(f"{full}; {defender.seat} has no minion that can block", tiny)
    fulls, tinies = [full], [tiny]
    for blocker in blockers:
        battle = fight(attacker, blocker)
        said, short = battle.words()
        if battle.pierce:
            hit, hit_tiny = _damage(defender, target, battle.pierce, overflow=True)
            said, short = f"{said}; {hit}", f"{short}: {hit_tiny}"
        fulls.append(f"if {said}")
        tinies.append(f"{blocker.name} blocks: {short}")
    return _forms("; ".join(fulls), " · ".join(tinies))


def _forms(full: str, tiny: str, before: str = BEFORE) -> list[str]:
    """A preview's texts, fullest first, each saying what it does not assume (a Flash card of
    the opponent's, an effect still to trigger)."""
    return list(dict.fromkeys([f"Preview ({before}): {full}", f"{before}: {tiny}"]))
