"""The vocabulary terms for BP and DP: how they are computed, snapshot "all" effects, counts, protections and auras (ZR 10.2, ZR 10.3, ZR 10.5-10.7, ZR 10.10)."""

from __future__ import annotations
