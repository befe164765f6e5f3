"""`zenonzard validate`: check deck files (ZR 4)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check deck files against the deck rules (ZR 4)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError("being written in this session")
