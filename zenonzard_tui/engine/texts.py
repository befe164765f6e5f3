"""Action texts: the stable text of every legal action and option (`attack Drill Golem ->
player`), used by the log, scenarios, replays, tests and the client. A mixin of `Game`."""

from __future__ import annotations

from zenonzard_tui.engine.actions import Action, Choice
from zenonzard_tui.engine.state import SEATS
from zenonzard_tui.engine.turns import Turns


class ActionTexts(Turns):
    """The stable texts of actions and options."""

    # Action texts (docs/scenarios.md)

    def _write_texts(self, actions: list[Action]) -> None:
        for a in actions:
            a.text = self.action_text(a)

    def _hand_name(self, uid: int) -> str:
        return self.defs[uid].name

    def _slot_name(self, uid: int, prefix: bool = False) -> str:
        found = self.find_slot(uid)
        if found is None:
            return f"#{uid}"
        seat, zone, slot = found
        zone_list = getattr(self.players[seat], zone)
        same = [s for s in zone_list if s.name == slot.name]
        name = slot.name
        if len(same) > 1:
            name += f"#{same.index(slot) + 1}"
        return f"{SEATS[seat]}:{name}" if prefix else name

    def action_text(self, a: Action, owners: bool = False) -> str:
        """The action's text; `owners`: with every card's owner prefix written."""
        k = a.kind
        if k == "keep":
            return "keep"
        if k == "mulligan":
            return "mulligan " + ", ".join(self._hand_name(u) for u in a.args)
        if k == "mana":
            return f"mana {self._hand_name(a.args[0])}"
        if k == "mana_colorless":
            return "mana colorless"
        if k == "mana_skip":
            return "mana skip"
        if k in ("summon", "cast"):
            return f"{k} {self._hand_name(a.args[0])}"
        if k in ("advance", "retreat", "block"):
            return f"{k} {self._slot_name(a.args[0], owners)}"
        if k == "attack":
            uid, target = a.args
            return f"attack {self._slot_name(uid, owners)} -> {self._target_name(target, 1 - self.decision.seat)}"
        if k == "boost":  # ZR 17.2: "boost Dyana with Silica"
            uid, card = a.args
            return f"boost {self._slot_name(uid, owners)} with {self._slot_name(card, owners)}"
        if k == "end_turn":
            return "end turn"
        if k == "pass":
            return "pass"
        if k == "no_block":
            return "no block"
        if k == "done":
            return "done"
        return "choose " + self.option_text(a.args[0], owners)

    def _target_name(self, target: tuple, defender: int) -> str:
        if target[0] == "p":
            return "player"
        return self.players[defender].forces[target[1]].force.name

    def option_text(self, option: tuple, owners: bool = False) -> str:
        kind = option[0]
        if kind in ("none", "yes"):  # declining, or doing a "may" that chooses nothing
            return kind
        if kind == "color":
            return option[1]
        if kind == "force":  # one of all the Forces, by id (Memoria)
            from zenonzard_tui.engine.terms.steps import all_forces

            return all_forces()[option[1]].name
        ctx = self.pending.ctx if self.pending is not None else None
        choice = ctx if isinstance(ctx, Choice) else None
        both = owners  # write the owner: asked for, or the choice has cards of both players
        if choice is not None and not both:
            seats = {self._option_owner(o) for o in choice.options} - {None}
            both = len(seats) > 1
        if kind == "p":
            return f"{SEATS[option[1]]}:player" if both else "player"
        if kind == "f":
            name = self.players[option[1]].forces[option[2]].force.name
            return f"{SEATS[option[1]]}:{name}" if both else name
        uid = option[1]
        if self.find_slot(uid) is not None:
            return self._slot_name(uid, prefix=both)
        name = self.defs[uid].name if uid < len(self.defs) else f"#{uid}"
        for p in self.players:  # in a trash the order shows, so copies are told apart by #N
            if uid in p.trash:
                same = [u for u in p.trash if self.defs[u].name == name]
                if len(same) > 1:
                    name += f"#{same.index(uid) + 1}"
        owner = self._option_owner(option)
        if both and owner is not None:
            return f"{SEATS[owner]}:{name}"
        return name

    def _option_owner(self, option: tuple) -> int | None:
        if option[0] in ("p", "f"):
            return option[1]
        if option[0] != "c":
            return None
        seat = self.controller_of(option[1])
        if seat is not None:
            return seat
        for p in self.players:
            if option[1] in p.hand or option[1] in p.trash or option[1] in p.deck:
                return p.seat
        return None
