"""`zenonzard bot`: an AI player for a game on a duel server.

The bot sees what its seat's client sees: the server sends its view, and with each decision the
seat's world (engine/snapshot.py: the game as this seat may know it, every hidden card hidden);
the bot fills the hidden cards from what it may believe (`world_from_seat`) and lets the AI choose
there, as the local AI does (ai/player.py). With --create it prints the room code on the first line
of its output; at game over it prints the result and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from typing import IO, Any

from zenonzard_tui.ai import LEVEL_NAMES
from zenonzard_tui.cli.types import clock_option

PROG = "zenonzard bot"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bot",
        help="an AI player for a game on a duel server",
        description=(
            "Play one game on a duel server ('zenonzard server') as the AI: create a room "
            "(its code is the first line printed) or join one by its code."
        ),
    )
    p.add_argument("--server", required=True, metavar="URL", help="the server, ws://HOST:PORT")
    room = p.add_mutually_exclusive_group(required=True)
    room.add_argument("--create", action="store_true", help="create a room and print its code")
    room.add_argument("--join", metavar="CODE", help="join the room with this code")
    p.add_argument(
        "--ai", choices=LEVEL_NAMES, default="medium", help="the AI level (default medium)"
    )
    p.add_argument("--deck", default="red-rush", help="a deck file or starter name")
    p.add_argument("--name", default=None, help="the name the other player sees")
    p.add_argument("--seed", type=int, default=None, help="the AI's random seed")
    p.add_argument(
        "--clock",
        type=clock_option,
        metavar="MINUTES[+SECONDS]",
        help="with --create: the room's chess clock, as for play --create (10, 10+5; default none)",
    )
    p.add_argument(
        "--trace", metavar="FILE", help="write every message received, one JSON object a line"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.decks import DeckError, find_deck, read_deck_text

    if args.join and args.clock is not None:
        print(
            f"{PROG}: --clock is the room's: the player who creates it sets it (--create)",
            file=sys.stderr,
        )
        return 2
    try:
        path = find_deck(args.deck)
        deck_text = read_deck_text(path)
    except DeckError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    trace: IO[str] | None = None
    if args.trace:
        try:
            trace = open(args.trace, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            print(f"{PROG}: cannot write {args.trace}: {exc.strerror}", file=sys.stderr)
            return 2
    try:
        return asyncio.run(play(args, deck_text, trace))
    finally:
        if trace is not None:
            trace.close()


async def play(args: argparse.Namespace, deck_text: str, trace: IO[str] | None) -> int:
    from zenonzard_tui.ai import AIPlayer
    from zenonzard_tui.net.remote import Link, LinkError

    seed = args.seed if args.seed is not None else random.randrange(2**32)
    ai = AIPlayer(args.ai, seed)
    rng = random.Random(seed)
    link = Link(args.server)
    link.on_down = lambda why: print(  # (it keeps trying while it runs; Ctrl-C stops it)
        f"{PROG}: {why or 'the server is back'}", file=sys.stderr, flush=True
    )
    name = args.name or f"{args.ai} bot"
    try:
        await link.open(args.join)
        if args.create:
            create = {"type": "create", "deck": deck_text, "name": name, "world": True}
            if args.clock:  # ("" is --clock off: none)
                create["clock"] = args.clock
            seating = await link.enter(create)
            print(seating.room, flush=True)
        else:
            seating = await link.enter(
                {"type": "join", "room": args.join, "deck": deck_text, "name": name, "world": True}
            )
        async for message in link.messages():
            if trace is not None:
                trace.write(json.dumps(message) + "\n")
            kind = message.get("type")
            if kind == "update" and message.get("actions"):
                text = decide(ai, rng, message)
                await link.send({"type": "act", "action": text, "index": message["index"]})
            elif kind == "error":
                print(f"{PROG}: the server says: {message.get('message')}", file=sys.stderr)
            elif kind == "over":
                print(f"{_result(message, seating.seat)}", flush=True)
                await link.close()
                return 0
    except LinkError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    return 2


def decide(ai: Any, rng: random.Random, update: dict[str, Any]) -> str:
    """The AI's action text for this update, chosen in a world filled from the seat's world."""
    actions: list[str] = update["actions"]
    if len(actions) == 1 or "world" not in update:
        return actions[0] if len(actions) == 1 else rng.choice(actions)
    from zenonzard_tui.engine.snapshot import world_from_seat

    world = world_from_seat(update["world"], rng)
    chosen = ai.choose(world)
    for action in world.legal_actions():
        if (action is chosen or action == chosen) and action.text in actions:
            return action.text
    return rng.choice(actions)  # the world disagrees with the server (should not happen)


def _result(message: dict[str, Any], seat: str | None) -> str:
    result = message.get("result")
    if result == "draw":
        return "draw"
    return f"{result} wins ({'this bot' if result == seat else 'the other player'})"
