"""The same games, pinned: a digest of a few seeded games (bench/digest.py: every listing, the
action taken, both observations every 25 decisions and at the end, the outcome). A speed-up must
leave it as it is; a change of the rules or of the cards changes it on purpose, and then the new
digest is written here with the reason in the commit."""

from __future__ import annotations

from bench.digest import digests

# found with the engine before its speed-ups of bench/engine.py's 299-card pool (commit d8f3875);
# renewed when the observation gained SlotView.states/mods and ForceView.locked (h-client: with
# those three fields left out of the observations, the digests are still d8f3875's 5f83cf0f.../949
# and 6a2f0707.../1163)
PINNED = {
    "random": ("5bb2b4b2d81f0a0fbfcf029d7182d121e9ee4d72dde588b7687792349e5e5994", 949),
    "starter": ("6771cd01db50e18929d6ac3dfe83fc3fb7df6db5374812371e657c22c3205449", 1163),
}


def test_seeded_games_are_the_pinned_ones():
    assert digests(6, 3) == PINNED
