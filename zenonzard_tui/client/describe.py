"""Words and labels for the screen, made from an observation (`observe(game, seat)`) and the card
definitions (public data): the status line's question, the attack in progress, chips for cards and
Forces, and the details of one card. No widget state; every function is plain input -> output.

Nothing is told by colour alone: a card's colour is a coloured letter (R Y W G B P C), Active and
Rested are the marks ● and ○ (and words where there is room), a destroyed Force says "destroyed".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from textual.content import Content

from zenonzard_tui.cards.model import KEYWORD_LABELS, CardDef, ForceDef
from zenonzard_tui.cards.render import card_text, cost_text, force_common_text, force_text
from zenonzard_tui.cards.terms import MARKS, step_question
from zenonzard_tui.cards.terms.boost import boost_ability_text, boost_text
from zenonzard_tui.engine.observe import (
    ChoiceView,
    ForceView,
    Observation,
    PendingView,
    PlayerView,
    SlotView,
)

SEATS = ("A", "B")

# The six card colours and colorless: a letter on a coloured background (readable on dark and
# light themes alike), so the colour is never the only sign.
COLORS: dict[str, tuple[str, str]] = {
    "red": ("R", "bold #ffffff on #b03a2e"),
    "yellow": ("Y", "bold #000000 on #e0b020"),
    "white": ("W", "bold #000000 on #e8eaec"),
    "green": ("G", "bold #ffffff on #1e8449"),
    "blue": ("B", "bold #ffffff on #2471a3"),
    "purple": ("P", "bold #ffffff on #7d3c98"),
    "colorless": ("C", "bold #000000 on #a6acaf"),
}
ACTIVE, RESTED = "●", "○"
BOOSTED = "⊕"  # before the name of a card attached under a minion (Boost, ZR 17.2)

DECISIONS = {
    "mulligan": "mulligan? (ZR 5.2)",
    "mana": "mana? (ZR 5.5)",
    "main": "main phase (ZR 5.6)",
    "priority": "Flash: cast or pass? (ZR 8.3)",
    "block": "block? (ZR 8.4)",
}
# the choices the rules make (a step's questions are its vocabulary entry: `choice_question`)
RULE_CHOICES = {
    "field_limit": "field full: which minion goes to the trash? (ZR 3.4)",
    "base_limit": "base full: which mana goes? (ZR 3.5)",
    "force_search": "which Base Minion from your deck? (ZR 2.6)",
}


def choice_question(purpose: str) -> str:
    """What a choice of `purpose` asks: a rule's own choice, a step's targets (or whether to do a
    "may" step), or a later choice a step makes (recolor_mana's color)."""
    if purpose in RULE_CHOICES:
        return RULE_CHOICES[purpose]
    return step_question(purpose)


PHASES = {
    "mulligan": "Mulligan",
    "standby": "Standby",
    "mana": "Mana phase",
    "main": "Main phase",
    "end": "End phase",
    "over": "Game over",
}
_PREFIX = re.compile(r"^[AB]:")
_COPY = re.compile(r"#(\d+)$")


def badge(color: str) -> Content:
    letter, style = COLORS.get(color, ("?", "reverse"))
    return Content.styled(letter, style)


def short_name(name: str) -> str:
    """ "Sams - The All-Seeing Commander" -> "Sams"; "Force of Sin" -> "Sin"."""
    if " - " in name:
        return name.split(" - ", 1)[0]
    if name.startswith("Force of "):
        return name[len("Force of ") :]
    return name


def clip(text: str, width: int) -> str:
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


# ----------------------------------------------------------------------------------------------
# The decision and the attack


def question(pending: PendingView | None) -> str:
    """What the deciding seat is asked: "block? (ZR 8.4)"; for a choice inside an effect, the
    card whose effect it is, when known: "High Pressure: which one gets it?"."""
    if pending is None:
        return "the game is over"
    if not isinstance(pending, ChoiceView):
        return DECISIONS.get(pending.kind, pending.kind)
    source, purpose = pending.source, pending.purpose
    if purpose is None:  # the other seat's choice: only whose effect asks is public
        return f"{source}: a choice" if source else "a choice"
    words = choice_question(purpose)
    if purpose in RULE_CHOICES or not source:
        return "choose: " + words
    return f"{source}: {words}"


def status_question(pending: PendingView | None) -> str:
    """The status line's decision: "B: block? (ZR 8.4)"."""
    if pending is None:
        return "game over"
    return f"{pending.seat}: {question(pending)}"


def slot_by_uid(view: Observation, uid: int | None) -> tuple[str, SlotView] | None:
    """(seat, slot) of the card with `uid` on a field or in a base, if it is there."""
    if uid is None:
        return None
    for p in view.players:
        for zone in ("field", "base"):
            for slot in getattr(p, zone):
                if slot.uid == uid:
                    return p.seat, slot
    return None


def attack_text(view: Observation) -> str | None:
    """ "A's Drill Golem (500/1) -> B (player); blocked by Horned Walrus (300/1)"; None: no attack."""
    attack = view.attack
    if not attack:
        return None
    seat = attack.seat
    other = SEATS[1 - SEATS.index(seat)]
    found = slot_by_uid(view, attack.attacker)
    if found is None:
        attacker = "a minion that left the field"
    else:
        slot = found[1]
        attacker = f"{slot.name} ({slot.bp}/{slot.dp})"
    target = f"{other} (player)" if attack.target == "player" else f"{other}'s {attack.target}"
    text = f"{seat}'s {attacker} -> {target}"
    if attack.forced and attack.blocker is None:
        text += f"; {other} must block it if they can (ZR 13.3)"
    if attack.blocker is not None:
        blocked = slot_by_uid(view, attack.blocker)
        if blocked is None:
            text += "; the blocker left the field"
        else:
            b = blocked[1]
            text += f"; blocked by {b.name} ({b.bp}/{b.dp})"
    return text


# ----------------------------------------------------------------------------------------------
# Chips: one card, Force or mana as a short label


@dataclass(frozen=True)
class Chip:
    """One thing on the board: its label (full and short, and the forms between them that a
    zone tries in turn), what the details pane shows, and the name action texts use for it."""

    text: Content
    short: Content
    details: Content
    name: str = ""
    dim: bool = False
    marked: bool = False
    flash: bool = False  # just hit: a battle, damage, a life change (shown for a moment)
    between: tuple[Content, ...] = ()  # shorter than `text`, fuller than `short`, in that order

    @property
    def labels(self) -> tuple[Content, ...]:
        """Every label, fullest first: a zone shows the first that fits."""
        return (self.text, *self.between, self.short)


# A life (a player's, a Force's) is a number on a band of colour, the most visible number on the
# board; a low one (3 or less) on the error colour. The word "Life"/"life" stays beside it.
LIFE_STYLE = "bold $text on $primary-muted"
LOW_LIFE_STYLE = "bold $text on $error-muted"
# a chip that was just hit (a battle, damage, a life change), for a moment
FLASH_STYLE = "bold $text on $warning 60%"


def life_badge(life: int) -> Content:
    """ " 7 " on a band of colour (the error colour at 3 or less); below 0 is shown as 0."""
    return Content.styled(f" {max(life, 0)} ", LOW_LIFE_STYLE if life <= 3 else LIFE_STYLE)


def flagged(chip: Chip, note: str) -> Chip:
    """`chip` marked as changed since your last move ("✦new", "✦-2"): a sign and a word, not
    colour alone."""
    flag = Content.styled(f" ✦{note}", "bold $warning")
    return replace(
        chip,
        text=chip.text + flag,
        short=chip.short + flag,
        between=tuple(label + flag for label in chip.between),
    )


def _state_mark(rested: bool) -> str:
    return RESTED if rested else ACTIVE


# What an effect made a card in play unable to do or always do (observe's StateView keys): a
# word tag on its chip (full, short), explained in full in the card panel (help: the legend).
# (the marks' entries, in their order: zenonzard_tui/cards/terms/marks.py)
STATE_TAGS: dict[str, tuple[str, str]] = {n: (t.tag, t.short) for n, t in MARKS.items()}
SHORTER = {"no attack": "atk", "no block": "blk", "no move": "mv"}  # several, joined
TAG_STYLE = "italic $warning"


def state_tags(slot: SlotView, short: bool = False) -> list[str]:
    """The tags of a card's states, each once, in the order STATE_TAGS lists them: "can't attack",
    "unblockable" ("no atk", "unblk" when `short`)."""
    keys = {st.key for st in slot.states}
    if slot.must_block:
        keys.add("must_block")
    out = [tags[1 if short else 0] for key, tags in STATE_TAGS.items() if key in keys]
    if short:  # "no attack", "no move" -> "no atk/mv" (the card panel says them in full)
        nos = [t for t in out if t in SHORTER]
        if len(nos) > 1:
            at = out.index(nos[0])
            out = [t for t in out if t not in nos]
            out.insert(at, "no " + "/".join(SHORTER[t] for t in nos))
    out += sorted(k.replace("_", " ") for k in keys - STATE_TAGS.keys())
    return out


def _tagged(text: Content, tags: list[str]) -> Content:
    if not tags:
        return text
    return text + Content("  ") + Content.styled(" ".join(f"[{t}]" for t in tags), TAG_STYLE)


def _boosted(slot: SlotView, short: bool = False) -> Content:
    """The cards attached under a minion (Boost, ZR 17.2; public, ZR 17.5): "  ⊕Test Silica"
    ("  ⊕" when `short`: the card panel names them); empty with none."""
    if not slot.attached:
        return Content("")
    names = "" if short else ", ".join(c.name for c in slot.attached)
    return Content.styled(f"  {BOOSTED}{names}", "italic $accent")


def minion_chip(slot: SlotView, card: CardDef | None,
                boosts: Sequence[CardDef | None] = ()) -> Chip:  # fmt: skip
    """A minion on a field: "● R Drill Golem  500/1  Charge  new"; a boosted one names the card
    attached under it: "● B Dyana  700/1  ⊕Silica" (`boosts`: their definitions, for the card
    panel; the <Boost Ability> they give is among its keywords, ZR 17.4)."""
    color = card.color if card is not None else "colorless"
    stats = f"{slot.bp}/{slot.dp}"
    kws = [KEYWORD_LABELS.get(k, k) for k in slot.keywords]
    extra = []
    if is_token(card) and "token" not in slot.name.casefold():
        extra.append("token")  # made by an effect, not a card (ZR 2.1)
    if slot.arrived:
        extra.append("new")
    state = "Rested" if slot.rested else "Active"
    tail = "  ".join([stats, state, *kws, *extra])
    text = Content.assemble(_state_mark(slot.rested), " ", badge(color), " ", slot.name, "  ")
    text = text + Content.styled(tail, "bold" if not slot.rested else "") + _boosted(slot)
    text = _tagged(text, state_tags(slot))
    # Shorter forms, each tried in turn where room is short (a field at 80x24): without the
    # state word (the mark says Active or Rested), then with the short name and tags; only
    # the last cuts the keywords to three letters ("Cha").
    style = "bold" if not slot.rested else ""
    head = Content.assemble(_state_mark(slot.rested), " ", badge(color), " ")
    whole = "  ".join([stats, *kws, *extra])
    boosted = _boosted(slot)
    between = (
        _tagged(
            head + Content(f"{slot.name}  ") + Content.styled(whole, style) + boosted,
            state_tags(slot),
        ),
        _tagged(
            head + Content(f"{short_name(slot.name)}  ") + Content.styled(whole, style) + boosted,
            state_tags(slot, short=True),
        ),
    )
    short_tail = "  ".join([stats, *(k[:3] for k in kws), *extra])
    short = head + Content(f"{short_name(slot.name)} ") + Content.styled(short_tail, style)
    short = _tagged(short + _boosted(slot, short=True), state_tags(slot, short=True))
    details = card_details(card, slot, boosts=boosts)
    return Chip(text, short, details, slot.name, dim=slot.rested, between=between)


def is_token(card: CardDef | None) -> bool:
    return card is not None and card.type == "token"


def base_ability(card: CardDef | None) -> bool:
    """Does the card work while in the base (a <Base> ability: ZR 10.1, ZR 16)?"""
    return card is not None and any(e.zone == "base" for e in card.effects)


def mana_chip(slot: SlotView, card: CardDef | None) -> Chip:
    """A mana in a base: "●R Miner of Aguma" (a colorless token: "●C"); a card with a <Base>
    ability says so: "●G Seed Keeper <Base>"."""
    color = slot.mana_color or (card.color if card else "colorless")
    mark = _state_mark(slot.rested)
    if card is None:
        text = Content.assemble(mark, badge("colorless"))
        return Chip(text, text, mana_details(slot), "colorless", dim=slot.rested)
    text = Content.assemble(mark, badge(color), " ", short_name(slot.name))
    if base_ability(card):
        text += Content.styled(" <Base>", "italic $accent")
    locked = any(st.key == "locked" for st in slot.states)
    if locked:  # ZR 14.5
        text += Content.styled(" [stays Rested]", TAG_STYLE)
    short = Content.assemble(mark, badge(color))
    if locked:
        short += Content.styled("!", TAG_STYLE)
    return Chip(text, short, card_details(card, slot), slot.name, dim=slot.rested)


def force_chip(state: ForceView, force: ForceDef | None) -> Chip:
    """A Force: "● Sin  2  life" (the life on a band of colour) / "○ Sin  2  life Rested" /
    "✗ Eternity destroyed"; short: "● Sin  2 " / "✗ Eternity"."""
    name = state.name
    mark = "✗" if state.destroyed else _state_mark(state.rested)
    if state.destroyed:
        tail, short_tail = Content(" destroyed"), Content("")
    else:
        short_tail = Content(" ") + life_badge(state.life)
        tail = short_tail + Content(" life" + (" Rested" if state.rested else ""))
        if state.locked:  # ZR 14.5
            tail += Content.styled(" [stays Rested]", TAG_STYLE)
            short_tail += Content.styled(" [locked]", TAG_STYLE)
    text = Content.assemble(mark, " ", (name, "bold"), tail)
    short = Content.assemble(mark, " ", (short_name(name), "bold"), short_tail)
    dim = state.destroyed or state.rested
    return Chip(text, short, force_details(force, state), name, dim=dim)


def board_chips(me: PlayerView, opp: PlayerView, catalog: Mapping[str, CardDef],
                forces: Mapping[str, ForceDef]) -> dict[str, list[Chip]]:  # fmt: skip
    """The chips of the public zones, by the duel's zone ids: `me` at the bottom ("my-field",
    "my-base", "my-forces"), `opp` at the top ("opp-...")."""
    chips: dict[str, list[Chip]] = {}
    for side, p in (("opp", opp), ("my", me)):
        chips[f"{side}-forces"] = [force_chip(f, forces.get(f.id)) for f in p.forces]
        chips[f"{side}-base"] = [mana_chip(m, catalog.get(m.id)) for m in p.base]
        chips[f"{side}-field"] = [
            minion_chip(m, catalog.get(m.id), [catalog.get(c.id) for c in m.attached])
            for m in p.field
        ]
    return chips


def hand_chip(card: CardDef | None, name: str, playable: bool, marked: bool = False,
              pay: int | None = None) -> Chip:  # fmt: skip
    """A card in a hand or a trash: "R Drill Golem 2"; the cost is what playing it now takes
    (`pay`, reductions applied) where that is known, marked "*" when it is reduced; a playable
    card is bold, a card marked for the mulligan is struck through and says so."""
    color = card.color if card is not None else "colorless"
    cost = ""
    if card is not None and card.cost is not None:
        cost = f" {card.cost}" if pay is None or pay == card.cost else f" {pay}*"
    style = "bold" if playable else ""
    if marked:
        style = "strike"
    mark = "✗ " if marked else ""
    text = Content.assemble(mark, badge(color), " ", (name + cost, style))
    short = Content.assemble(mark, badge(color), " ", (short_name(name) + cost, style))
    return Chip(text, short, card_details(card, pay=pay), name, marked=marked)


# ----------------------------------------------------------------------------------------------
# Details


def card_details(card: CardDef | None, slot: SlotView | None = None,
                 pay: int | None = None, boosts: Sequence[CardDef | None] = ()) -> Content:  # fmt: skip
    """A card's name, kind, cost, stats and rules text; in play also its current BP/DP and state
    and the cards attached under it (`boosts`, their definitions in `slot.attached`'s order);
    in your hand, what it costs now when a reduction applies (`pay`)."""
    if card is None:
        return Content("(unknown card)")
    parts: list[Content | str | tuple[str, str]] = [(card.name, "bold"), "\n", badge(card.color)]
    kind = f" {card.color} {card.type_label}"
    cost = cost_text(card)
    if cost:
        kind += f", cost {cost}"
        if pay is not None and card.cost is not None and pay != card.cost:
            kind += f" (now {pay}: reduced)"
    parts.append(kind)
    if is_token(card):
        parts.append(" (a token: made by an effect, never in a deck, ZR 2.1)")
    stats = []
    if card.bp is not None or card.dp is not None:
        stats.append(f"{card.bp or 0} BP / {card.dp or 0} DP")
    if card.classes:
        stats.append("/".join(card.classes))
    if stats:
        parts += ["\n", ", ".join(stats)]
    if slot is not None and slot.bp is not None:
        now = f"Now: {slot.bp} BP / {slot.dp} DP, {'Rested' if slot.rested else 'Active'}"
        if slot.keywords:
            now += ", " + ", ".join(KEYWORD_LABELS.get(k, k) for k in slot.keywords)
        if slot.arrived:
            now += ", arrived this turn (ZR 8.2)"
        parts += ["\n", (now, "italic")]
    if slot is not None and slot.attached:
        parts += ["\n", ("Boosted with (ZR 17.2):", "bold")]
        for i, attached in enumerate(slot.attached):
            full = boosts[i] if i < len(boosts) else None
            parts += ["\n", f"{BOOSTED} ", (attached.name, "bold")]
            if full is not None:
                parts.append(f": {boost_words(full)}")
    if slot is not None and (slot.states or slot.mods):
        parts += ["\n", ("Effects on it:", "bold")]
        for st in slot.states:
            tag = STATE_TAGS.get(st.key, (st.key.replace("_", " "), ""))[0]
            parts += ["\n", ("• ", TAG_STYLE), (f"[{tag}]", TAG_STYLE), f" {st.text}"]
        for mod in slot.mods:
            parts += ["\n", "• ", mod]
    text = card_text(card)
    if text:
        parts += ["\n", text]
    return Content.assemble(*parts)


def boost_words(card: CardDef) -> str:
    """What a Boost card gives the minion it is attached to: "+100 BP / +1 DP, <Boost Ability>
    Revenge (ZR 17.4); Boost: Cost 4 or Higher" (its printed BP and DP as modifiers, and each
    <Boost Ability> line of its text: keywords or an ability)."""
    words = f"+{card.bp or 0} BP / +{card.dp or 0} DP"
    label = boost_ability_text(()).strip()  # "<Boost Ability>", as the card text writes it
    abilities = [line for line in card_text(card).splitlines() if line.startswith(label)]
    if abilities:
        words += ", " + "; ".join(abilities)
    words += " (ZR 17.4)"
    if card.boost is not None:
        words += "; " + boost_text(card.boost)
    return words


def boost_help(text: str, minion: SlotView, card: CardDef | None) -> Content:
    """What the Boost action `text` does (ZR 17.2): the minion's BP/DP now and with the card
    (ZR 17.4: its printed BP and DP added; the rule option `boost_gives_stats` off, a game
    adds none), what the card gives, and what it costs: 1 Movement, and the card out of the
    base (no mana while attached, ZR 17.5) until the minion leaves the field (it comes back
    Rested, ZR 17.6)."""
    parts: list[Content | str | tuple[str, str]] = [(text, "bold")]
    if card is not None:
        bp, dp = card.bp or 0, card.dp or 0
        now = f"{minion.bp}/{minion.dp}"
        parts += [
            "\n",
            f"{minion.name}: {now} now, {(minion.bp or 0) + bp}/{(minion.dp or 0) + dp}",
        ]
        parts += [f" with {card.name}", "\n", f"{BOOSTED} {card.name}: {boost_words(card)}"]
    parts += [
        "\n",
        "Costs 1 Movement (ZR 7). The card leaves the base: it is no mana while attached (ZR "
        "17.5) and comes back to the base Rested when the minion leaves the field (ZR 17.6).",
    ]
    return Content.assemble(*parts)


def mana_details(slot: SlotView) -> Content:
    state = "Rested" if slot.rested else "Active"
    return Content.assemble(
        ("Colorless mana token", "bold"),
        "\n",
        badge("colorless"),
        f" {state}. Pays any colorless part of a cost (ZR 6.1). It cannot move (ZR 7.2).",
    )


def force_details(force: ForceDef | None, state: ForceView) -> Content:
    name = state.name
    if state.destroyed:
        now = "Destroyed: face down and Rested for good (ZR 8.6, ZR 3.6)."
    else:
        now = f"{state.life} life, {'Rested' if state.rested else 'Active'}."
        if state.locked:
            now += " [stays Rested]: it cannot become Active for now (ZR 14.5)."
    parts: list[Content | str | tuple[str, str]] = [(name, "bold"), "\n", (now, "italic")]
    if force is not None:
        parts += ["\n", force_text(force)]
    parts += ["\n", force_common_text()]
    return Content.assemble(*parts)


# ----------------------------------------------------------------------------------------------
# Action texts


def action_name(text: str) -> tuple[str, str]:
    """(verb, the card or Force an action text names): "attack Drill Golem -> player" gives
    ("attack", "Drill Golem"); "choose B:Ring Raptor#2" gives ("choose", "B:Ring Raptor#2")."""
    verb, _, rest = text.partition(" ")
    if verb == "attack":
        rest = rest.split(" -> ", 1)[0]
    elif verb == "boost":  # "boost Dyana with Silica" names the minion first (ZR 17.2)
        rest = rest.split(" with ", 1)[0]
    if verb in ("keep", "pass", "done", "end", "no") or rest in ("colorless", "skip", "none"):
        return verb, ""
    return verb, rest


def boost_parts(text: str) -> list[tuple[str, str]]:
    """The readings of "boost MINION with CARD" as (minion, card), one for each " with " in it
    (a name may hold the word); [] for another action."""
    if not text.startswith("boost "):
        return []
    words = text[len("boost ") :].split(" with ")
    return [(" with ".join(words[:i]), " with ".join(words[i:])) for i in range(1, len(words))]


def split_name(name: str) -> tuple[str | None, str, int]:
    """ "B:Ring Raptor#2" -> ("B", "Ring Raptor", 2); "Drill Golem" -> (None, "Drill Golem", 1)."""
    owner = None
    if _PREFIX.match(name):
        owner, name = name[0], name[2:]
    m = _COPY.search(name)
    copy = 1
    if m:
        copy, name = int(m.group(1)), name[: m.start()]
    return owner, name, copy


def shorten_names(text: str, names: list[str]) -> str:
    """An action text for a narrow list: names with an epithet ("Sams - The All-Seeing
    Commander") by their first part ("Sams"). The full card shows in the details pane."""
    for name in names:
        if name in text:
            text = text.replace(name, short_name(name))
    return text


ACTION_HELP = {
    "keep": "Keep this hand (ZR 5.2).",
    "mulligan": "Put the marked cards on the bottom of your deck, draw as many, then shuffle "
    "(ZR 5.2). Each player may do this once.",
    "mana colorless": "Put a colorless mana token into your base (ZR 5.5). It pays any "
    "colorless part of a cost (ZR 6.1).",
    "mana skip": "Put no mana into your base this turn (ZR 5.5).",
    "pass": "Do nothing now. Priority goes to the other player; the Flash window closes when "
    "both pass in a row (ZR 8.3).",
    "no block": "Let the attack through: the attacker deals its DP as damage to its target "
    "(ZR 8.6).",
    "end turn": "End your turn (ZR 5.7): end-of-turn effects resolve, effects that last until the "
    "end of the turn end, and unused Movement is lost.",
    "done": "Stop choosing and go on with what is chosen.",
    "choose none": 'Choose nothing: allowed where the card says "may" or "up to" (ZR 6.4).',
}


def action_help(text: str) -> Content | None:
    """A sentence on an action that names no card ("end turn", "pass", ...)."""
    key = "mulligan" if text.startswith("mulligan ") else text
    if key in ACTION_HELP:
        return Content.assemble((text, "bold"), "\n", ACTION_HELP[key])
    if text.startswith("choose ") and text.endswith("player"):
        return Content.assemble((text, "bold"), "\n", "The player (not a Force).")
    return None


def mulligan_text(actions: list[str], names: list[str]) -> str | None:
    """The legal mulligan action that returns exactly the cards `names` (in any order)."""
    want = Counter(names)
    for text in actions:
        if text.startswith("mulligan ") and Counter(text[len("mulligan ") :].split(", ")) == want:
            return text
    return None
