"""The vocabulary terms for costs, history, delayed effects and mana: basic cost changes, "this turn you summoned/used", Magic-use triggers, resting and activating (ZR 11.12, ZR 12, ZR 14.1-14.5, ZR 14.7-14.8)."""

from __future__ import annotations
