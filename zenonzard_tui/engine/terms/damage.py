"""The vocabulary terms for damage and life: DP damage vs effect damage, damage events, reductions, restores, Rush of Bats, Lachesis (ZR 13.5-13.11)."""

from __future__ import annotations
