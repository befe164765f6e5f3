"""The vocabulary terms for arriving, moving, placing and leaving: [When Retreating], put vs summon, tokens, "enters your field", placement triggers, Chain (ZR 10.4, ZR 11, ZR 15.1)."""

from __future__ import annotations
