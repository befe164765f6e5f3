"""The vocabulary terms for attacks and battles: winning a battle, must block, blocking restrictions, attack triggers (ZR 13.1-13.4, ZR 13.12)."""

from __future__ import annotations
