"""`zenonzard cards`: list and show the card pool."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help="list the card pool, show a card, list the Forces")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError("being written in this session")
