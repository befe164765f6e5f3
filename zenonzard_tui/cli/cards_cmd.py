"""`zenonzard cards`: list the card pool, show one card in full, list the Forces.

Exit status: 0 for a listing, even an empty one ("no cards match" is an answer, not a failure);
2 for input that cannot be used (a bad option value, an unknown card for --show).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.markup import escape
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from zenonzard_tui.cards.loader import (
    DATA_DIR,
    USER_SET,
    CardDataError,
    CardPool,
    load_pool,
    load_pool_from,
    user_card_dir,
    user_card_files,
)
from zenonzard_tui.cards.model import (
    COLORS,
    KEYWORD_LABELS,
    SETS,
    CardDef,
    Effect,
    ForceDef,
    Selector,
)
from zenonzard_tui.cards.render import (
    FORCE_COMMON_TEXT,
    card_summary,
    card_text,
    cost_text,
    force_text,
    timing_label,
)
from zenonzard_tui.cli.output import PipeConsole

PROG = "zenonzard cards"

# Friendly forms of --type; "minion" is every minion card, tokens included.
TYPE_ALIASES = {
    "field_minion": ("field_minion",),
    "field": ("field_minion",),
    "base_minion": ("base_minion",),
    "base": ("base_minion",),
    "magic": ("magic",),
    "token": ("token",),
    "token_minion": ("token",),
    "minion": ("field_minion", "base_minion", "token"),
}
SHORT_TYPES = {"field_minion": "Field", "base_minion": "Base", "magic": "Magic", "token": "Token"}
COLOR_STYLES = {
    "red": "bold red",
    "yellow": "bold yellow",
    "white": "bold bright_white",
    "green": "bold green",
    "blue": "bold bright_blue",
    "purple": "bold magenta",
    "colorless": "dim",
}
WIDE = 150  # from this console width on, the listing shows every column
TEXT_WIDTH = 120  # from this width on, the listing shows the rules text (unless --no-text)


# ----------------------------------------------------------------------------------------------
# Option values


def _color(value: str) -> str:
    v = value.strip().casefold()
    if v in ("neutral", "none", "colourless"):
        v = "colorless"
    if v not in COLORS:
        raise argparse.ArgumentTypeError(f"unknown color {value!r}; colors: {', '.join(COLORS)}")
    return v


def _ctype(value: str) -> tuple[str, ...]:
    v = value.strip().casefold().replace("-", "_").replace(" ", "_")
    found = TYPE_ALIASES.get(v) or TYPE_ALIASES.get(v.removesuffix("s"))
    if found is None:
        known = "field (field_minion), base (base_minion), magic, token, minion"
        raise argparse.ArgumentTypeError(f"unknown type {value!r}; types: {known}")
    return found


def _set(value: str) -> str:
    """A set by code (PC01) or name (AWAKEN), any case, as its code; or the code of a set of the
    user's own card files (checked once the pool is loaded)."""
    v = value.strip().casefold()
    for code, name in SETS.items():
        if v in (code.casefold(), name.casefold()):
            return code
    if USER_SET.fullmatch(value.strip().upper()):
        return value.strip().upper()
    raise argparse.ArgumentTypeError(f"unknown set {value!r}; sets: {_known_sets(())}")


def _known_sets(user_sets: Iterable[str]) -> str:
    shipped = [f"{code} ({name})" if code != name else code for code, name in SETS.items()]
    return ", ".join([*shipped, *sorted(set(user_sets) - set(SETS))])


def set_label(code: str) -> str:
    """PC01 -> "PC01 (AWAKEN)"; BASIC -> "BASIC"."""
    name = SETS.get(code, code)
    return code if name == code else f"{code} ({name})"


def _cost(value: str) -> tuple[int, int]:
    """ "3" (exactly), "2-4" (a range) or "5+" (5 or more), as an inclusive (low, high)."""
    v = value.strip()
    try:
        if v.endswith("+"):
            return int(v[:-1]), 10**6
        if "-" in v[1:]:
            low, high = v.split("-", 1)
            lo, hi = int(low), int(high)
        else:
            lo = hi = int(v)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"bad cost {value!r}; write a number (3), a range (2-4) or a minimum (5+)"
        ) from None
    if lo < 0 or hi < lo:
        raise argparse.ArgumentTypeError(f"bad cost {value!r}: an empty or negative range")
    return lo, hi


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cards",
        help="list the card pool, show a card, list the Forces",
        description="List the card pool (sorted by color, cost and name), show one card in full, "
        "or list the Forces. Filters combine.",
        epilog="An empty listing is not an error: it says 'no cards match' and exits 0.",
    )
    p.add_argument("query", nargs="?", help="text found in the name, id or rules text")
    p.add_argument("--color", type=_color, help="one of: " + ", ".join(COLORS))
    p.add_argument(
        "--type",
        type=_ctype,
        metavar="T",
        help="field, base, magic, token, or minion (any minion, tokens too)",
    )
    p.add_argument(
        "--cost",
        type=_cost,
        metavar="N",
        help="cost N, a range N-M or N+ (Base Minions count as 0, ZR 2.4)",
    )
    p.add_argument("--class", dest="klass", metavar="X", help="a class (race), e.g. Golem")
    p.add_argument(
        "--set",
        dest="card_set",
        type=_set,
        metavar="S",
        help="a set: BASIC, PC01 (AWAKEN), PC01R (BEYOND), PC02 (CONTRACT) or EX01; code or name",
    )
    p.add_argument(
        "--text",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"show (or hide) the rules text column; default: shown from {TEXT_WIDTH} columns",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--show", metavar="NAME-or-ID", help="show one card (or Force) in full")
    what.add_argument("--forces", action="store_true", help="list the Forces")
    what.add_argument(
        "--user-dir",
        action="store_true",
        help="print the folder your own card files are read from, and the files there",
    )
    what.add_argument(
        "--check",
        metavar="FILE",
        help="check a card file of your own alone (with the shipped pool) and show its cards",
    )
    p.set_defaults(run=run)


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


# ----------------------------------------------------------------------------------------------
# Plain data (for --json)


def _selector_data(sel: Selector) -> dict[str, Any]:
    data: dict[str, Any] = {
        "side": sel.side,
        "zone": sel.zone,
        "count": sel.count,
        "up_to": sel.up_to,
        "other": sel.other,
        "or_force": sel.or_force,
    }
    data.update((k, _value_data(v)) for k, v in sel.filters)
    return data


def _value_data(value: Any) -> Any:
    """A parameter's value as plain data, at any depth (a filter holding selectors, `any_of`; a
    condition held by a parameter, `instead_if`)."""
    if isinstance(value, Selector):
        return _selector_data(value)
    if isinstance(value, Effect):  # (gain_ability's ability)
        return effect_data(value)
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value)
    ):
        return {k: _value_data(v) for k, v in value}  # a condition (modify's instead_if)
    if isinstance(value, tuple | list):
        return [_value_data(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _value_data(v) for k, v in value.items()}
    return value


def effect_data(effect: Effect) -> dict[str, Any]:
    """An effect as plain data, in the shape of the TOML record (always in the `steps` form)."""
    steps = []
    for step in effect.steps:
        data: dict[str, Any] = {
            "do": step.do,
            "target": _value_data(step.target),
            "if": {k: _value_data(v) for k, v in step.condition},
            "optional": step.optional,
        }
        data.update((k, _value_data(v)) for k, v in step.params)
        steps.append(data)
    return {
        "when": effect.when,
        "during": effect.during,
        "zone": effect.zone,
        "watch": _selector_data(effect.watch) if effect.watch else None,
        "if": {k: _value_data(v) for k, v in effect.condition},
        "no_stack": effect.no_stack,
        "steps": steps,
    }


def card_data(card: CardDef, pool: CardPool) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "type_label": card.type_label,
        "token": card.is_token,
        "color": card.color,
        "cost": card.cost,
        "pips": dict(card.pips),
        "estimated": card.estimated,
        "unsupported": card.unsupported or None,
        "bp": card.bp,
        "dp": card.dp,
        "classes": list(card.classes),
        "keywords": list(card.keywords),
        "timing": list(card.timing),
        "rarity": card.rarity,
        "set": card.set,
        "set_name": SETS.get(card.set, card.set),
        "deck_limit": card.deck_limit,
        "effects": [effect_data(e) for e in card.effects],
        "text": card_text(card, pool),
        "summary": card_summary(card),
        "file": card.file,
    }


def force_data(force: ForceDef) -> dict[str, Any]:
    return {
        "id": force.id,
        "name": force.name,
        "creature": force.creature,
        "life": force.life,
        "era": force.era,
        "effects": [effect_data(e) for e in force.effects],
        "text": force_text(force),
        "common_text": FORCE_COMMON_TEXT,
        "file": force.file,
    }


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


# ----------------------------------------------------------------------------------------------
# Selection


def _sort_key(card: CardDef) -> tuple:
    cost = -1 if card.cost is None else card.cost
    return (COLORS.index(card.color), cost, card.is_token, card.name.casefold())


def _matches(card: CardDef, args: argparse.Namespace, pool: CardPool) -> bool:
    if args.color and card.color != args.color:
        return False
    if args.type and card.type not in args.type:
        return False
    if args.cost:
        cost = 0 if card.cost is None else card.cost  # a Base Minion counts as cost 0 (ZR 2.4)
        if not args.cost[0] <= cost <= args.cost[1]:
            return False
    if args.card_set and card.set != args.card_set:
        return False
    if args.klass and args.klass.casefold() not in {c.casefold() for c in card.classes}:
        return False
    if args.query:
        q = args.query.casefold()
        hay = (card.name, card.id, card_text(card, pool))
        if not any(q in h.casefold() for h in hay):
            return False
    return True


def _known_classes(pool: CardPool) -> list[str]:
    return sorted({c for card in pool.cards.values() for c in card.classes}, key=str.casefold)


# ----------------------------------------------------------------------------------------------
# Rich output


def _console() -> Console:
    return PipeConsole(highlight=False, soft_wrap=False)  # (a reader that left: cli/output.py)


def _cost_cell(card: CardDef) -> Text:
    if card.cost is None:
        return Text("–", style="dim")
    out = Text(str(card.cost))
    if card.pips and all(c == card.color for c, _ in card.pips):
        out.append(" " + "●" * card.pip_count, style=COLOR_STYLES[card.color])
    elif card.pips:
        out.append(" (" + ", ".join(f"{c} {n}" for c, n in card.pips) + ")")
    if card.estimated:
        out.append("?", style="dim")
    return out


def _stat(value: int | None) -> str:
    return "–" if value is None else str(value)


def _list_cards(cards: list[CardDef], pool: CardPool, args: argparse.Namespace) -> None:
    console = _console()
    width = console.width
    wide = width >= WIDE
    show_text = args.text if args.text is not None else width >= TEXT_WIDTH
    if show_text and width < TEXT_WIDTH:
        # too narrow for a text column: one summary line per card, its text indented below
        for card in cards:
            line = Text(card.name, style="bold italic" if card.is_token else "bold")
            line.append(card_summary(card).removeprefix(card.name))
            console.print(line)
            text = card_text(card, pool)
            if text:
                console.print(Padding(Text(text), (0, 0, 0, 4)))
        console.print(Text(_note(cards, show_text=True, marks=False), style="dim"))
        return
    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), header_style="bold", expand=show_text
    )
    if wide:
        table.add_column("ID", no_wrap=True, style="dim")
    table.add_column("Name", min_width=12, max_width=None if wide or not show_text else 24)
    table.add_column("Type", no_wrap=True)
    table.add_column("Color", no_wrap=True)
    table.add_column("Cost", no_wrap=True)
    table.add_column("BP", justify="right", no_wrap=True)
    table.add_column("DP", justify="right", no_wrap=True)
    table.add_column("Classes")
    if wide:
        table.add_column("Rarity", no_wrap=True)
        table.add_column("Set", no_wrap=True)
    if show_text:
        table.add_column("Text", ratio=1, min_width=24, overflow="fold")
    for card in cards:
        row: list[Any] = [card.id] if wide else []
        kind = card.type_label if wide else SHORT_TYPES[card.type]
        name = Text(card.name, style="italic" if card.is_token else "")
        if card.unsupported:
            name.append(" (not playable yet)", style="dim")
        row += [
            name,
            Text(kind, style="dim italic" if card.is_token else ""),
            Text(card.color, style=COLOR_STYLES[card.color]),
            _cost_cell(card),
            _stat(card.bp),
            _stat(card.dp),
            ", ".join(card.classes),
        ]
        if wide:
            row += [card.rarity, card.set]
        if show_text:
            row.append(escape(card_text(card, pool)))
        table.add_row(*row)
    console.print(table)
    console.print(Text(_note(cards, show_text), style="dim"))


def _note(cards: list[CardDef], show_text: bool, marks: bool = True) -> str:
    tokens = sum(c.is_token for c in cards)
    note = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if tokens:
        note += f" ({tokens} token{'s' if tokens != 1 else ''}, never in a deck)"
    if marks and any(c.estimated for c in cards):
        note += "; ? = coloured part of the cost estimated"
    if not show_text:
        note += "; rules text: --text, or --show NAME"
    return note


def _creators(token: CardDef, pool: CardPool) -> list[str]:
    return sorted(
        card.name
        for card in pool.cards.values()
        for effect in card.effects
        for step in effect.steps
        if step.do == "create_token" and step.param("token") == token.id
    )


def _show_card(card: CardDef, pool: CardPool) -> None:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Type", card.type_label)
    grid.add_row("Color", Text(card.color, style=COLOR_STYLES[card.color]))
    if card.cost is not None:
        cost = cost_text(card)
        if card.estimated:
            cost += "  (coloured part estimated from the cost)"
        grid.add_row("Cost", cost)
    else:
        grid.add_row("Cost", "none (counts as 0 on the field, ZR 2.4)")
    if card.timing:
        grid.add_row("Timing", escape(timing_label(card)))
    if card.is_minion:
        grid.add_row("BP / DP", f"{_stat(card.bp)} / {_stat(card.dp)}")
    if card.classes:
        grid.add_row("Classes", ", ".join(card.classes))
    if card.keywords:
        grid.add_row("Keywords", ", ".join(KEYWORD_LABELS[k] for k in card.keywords))
    grid.add_row("Rarity", card.rarity)
    grid.add_row("Set", set_label(card.set))
    if card.unsupported:
        grid.add_row("Not playable", Text(f"{card.unsupported} (kept out of legal decks)", "bold"))
    if card.is_token:
        grid.add_row("Deck", "never (a Token Minion, ZR 4.3)")
        creators = _creators(card, pool)
        if creators:
            grid.add_row("Created by", ", ".join(creators))
    elif card.deck_limit is None:
        grid.add_row("Deck", "any number")
    else:
        grid.add_row("Deck", f"at most {card.deck_limit}")
    grid.add_row("ID", Text(card.id, style="dim"))
    text = card_text(card, pool)
    body = Text(text) if text else Text("No effect.", style="dim italic")
    panel = Panel(
        Group(grid, Text(""), body),
        title=Text(card.name, style="bold"),
        title_align="left",
        border_style=COLOR_STYLES[card.color].replace("bold ", ""),
        expand=False,
    )
    _console().print(panel)


def _show_force(force: ForceDef) -> None:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Creature", force.creature)
    grid.add_row("Life", str(force.life))
    grid.add_row("Era", force.era)
    grid.add_row("ID", Text(force.id, style="dim"))
    body = Text(force_text(force) + "\n" + FORCE_COMMON_TEXT)
    panel = Panel(
        Group(grid, Text(""), body),
        title=Text(f"{force.name} (Force)", style="bold"),
        title_align="left",
        expand=False,
    )
    _console().print(panel)


def _list_forces(forces: Iterable[ForceDef]) -> None:
    console = _console()
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("Name", no_wrap=True)
    table.add_column("Creature", no_wrap=True)
    table.add_column("Life", justify="right", no_wrap=True)
    table.add_column("Era", no_wrap=True)
    table.add_column("While Active", ratio=1, min_width=20)
    for force in forces:
        table.add_row(
            force.name, force.creature, str(force.life), force.era, escape(force_text(force))
        )
    console.print(table)
    console.print(Text("Every Force also has: " + FORCE_COMMON_TEXT + " (ZR 2.6)", style="dim"))


# ----------------------------------------------------------------------------------------------
# The command


def _find(pool: CardPool, query: str) -> CardDef | ForceDef | list[str]:
    """A card or Force by id or name; else a unique name containing `query`; else suggestions."""
    card = pool.card(query)
    if card is not None:
        return card
    force = pool.force(query)
    if force is not None:
        return force
    q = query.strip().casefold()
    hits = sorted((c for c in pool.cards.values() if q and q in c.name.casefold()), key=_sort_key)
    if len(hits) == 1:
        return hits[0]
    if hits:
        return [c.name for c in hits]
    return list(dict.fromkeys(pool.closest_cards(query) + pool.closest_forces(query)))


def _user_dir() -> int:
    folder = user_card_dir()
    print(folder)
    files = user_card_files(folder)
    if not folder.is_dir():
        print("(not there yet: make it and put your card files in it, docs/cards.md)")
    elif not files:
        print("(no card files there yet: *.toml, docs/cards.md)")
    for path in files:
        print(f"  {path.name}")
    return 0


def _check(args: argparse.Namespace, given: str) -> int:
    """Check one card file alone (the shipped cards beside it, none of the user's others)."""
    path = Path(given)
    if not path.is_file():
        why = "is a folder, not a card file" if path.is_dir() else "no such file"
        return _fail(f"{given}: {why}")
    try:
        pool = load_pool_from(DATA_DIR.glob("*.toml"), None, [path])
    except CardDataError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2 if exc.unreadable else 1  # (docs/cards.md: 2 when it cannot be read at all)
    mine = sorted((c for c in pool.cards.values() if c.file == str(path)), key=_sort_key)
    forces = [f for f in pool.forces.values() if f.file == str(path)]
    sets = sorted({c.set for c in mine})
    print(
        f"{given}: {len(mine)} card{'s' * (len(mine) != 1)}, {len(forces)} Force"
        f"{'s' * (len(forces) != 1)}, no problem found"
        + (f" (set {', '.join(sets)})" if sets else "")
    )
    if mine:
        _list_cards(mine, pool, args)
    if forces:
        _list_forces(forces)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.user_dir:
        return _user_dir()
    if args.check is not None:
        return _check(args, args.check)
    pool = load_pool()  # (a card file that cannot be loaded: said by cli.main, status 2)
    if args.card_set and not any(c.set == args.card_set for c in pool.cards.values()):
        return _fail(
            f"no card of the set {args.card_set!r}; sets: "
            + _known_sets(c.set for c in pool.cards.values())
        )

    filters = [
        name
        for name, value in (
            ("--color", args.color),
            ("--type", args.type),
            ("--cost", args.cost),
            ("--class", args.klass),
            ("--set", args.card_set),
        )
        if value
    ]
    if args.show is not None:
        if filters or args.query:
            return _fail(f"--show shows one card; it takes no QUERY or {', '.join(filters)}")
        found = _find(pool, args.show)
        if isinstance(found, list):
            if found and all(args.show.strip().casefold() in n.casefold() for n in found):
                return _fail(
                    f"{args.show!r} matches several cards: {', '.join(found)}; name one of them"
                )
            hint = f"; did you mean: {', '.join(found)}?" if found else ""
            return _fail(f"no card or Force named {args.show!r}{hint}")
        if args.json:
            _print_json(card_data(found, pool) if isinstance(found, CardDef) else force_data(found))
        elif isinstance(found, CardDef):
            _show_card(found, pool)
        else:
            _show_force(found)
        return 0

    if args.forces:
        if filters:
            return _fail(f"{', '.join(filters)} filter cards, not Forces")
        forces = [
            f
            for f in pool.forces.values()
            if not args.query
            or any(
                args.query.casefold() in h.casefold()
                for h in (f.id, f.name, f.creature, force_text(f))
            )
        ]
        if args.json:
            _print_json([force_data(f) for f in forces])
        elif not forces:
            print(f"no Forces match {args.query!r}")
        else:
            _list_forces(forces)
        return 0

    if args.klass:
        known = _known_classes(pool)
        if args.klass.casefold() not in {k.casefold() for k in known}:
            import difflib

            close = difflib.get_close_matches(args.klass, known, n=3, cutoff=0.6)
            hint = f"did you mean: {', '.join(close)}? " if close else ""
            return _fail(f"no card has the class {args.klass!r}; {hint}classes: {', '.join(known)}")
    cards = sorted((c for c in pool.cards.values() if _matches(c, args, pool)), key=_sort_key)
    if args.json:
        _print_json([card_data(c, pool) for c in cards])
    elif not cards:
        print("no cards match")
    else:
        _list_cards(cards, pool, args)
    return 0
