"""The vocabulary terms for the hand, the deck and the trash: searches, looks, returns to the hand, discards, copies, Kiska, and the destroy effects of the AWAKEN and BEYOND cards (ZR 11.8-11.11, ZR 14.6)."""

from __future__ import annotations
