"""Argument types the sub-commands share: a port, a number of seconds within bounds, a clock. Each says
what is wrong with what was typed (argparse shows it, exit status 2)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from zenonzard_tui.clock import ClockSetting


def port(text: str, lowest: int = 1) -> int:
    """A TCP port, 1 to 65535 (`lowest=0`: 0 too, for any free one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text[:40]!r}") from None
    if not lowest <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is between {lowest} and 65535, got {value}")
    return value


def listen_port(text: str) -> int:
    """A port to listen on: 0 asks for any free one."""
    return port(text, lowest=0)


def seconds(low: float, high: float, above: bool = False) -> Callable[[str], float]:
    """The type of a number of seconds from `low` (above it only, with `above`) to `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
        fits = (value > low if above else value >= low) and value <= high
        if math.isnan(value) or not fits:
            least = f"more than {low:g}" if above else f"{low:g}"
            raise argparse.ArgumentTypeError(
                f"must be from {least} to {high:g} seconds, got {text[:40]}"
            )
        return value

    return parse


def clock_option(text: str) -> str:
    """--clock's value as the settings keep it ("10+5", "" for off); argparse says what is
    wrong with one that cannot be used (exit status 2)."""
    if text.strip().casefold() in ("off", "none", "0"):
        return ""
    try:
        return ClockSetting.parse(text).spec()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
