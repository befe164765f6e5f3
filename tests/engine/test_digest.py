"""The same games, pinned: a digest of a few seeded games (bench/digest.py: every listing, the
action taken, both observations every 25 decisions and at the end, the outcome). A speed-up must
leave it as it is; a change of the rules or of the cards changes it on purpose, and then the new
digest is written here with the reason in the commit."""

from __future__ import annotations

from bench.digest import digests

# found with the engine before its speed-ups of bench/engine.py's 299-card pool (commit d8f3875);
# renewed when the observation gained SlotView.states/mods, ForceView.locked and
# AttackView.forced (h-client: with those four fields left out of the observations, the digests
# are still d8f3875's 5f83cf0f.../949 and 6a2f0707.../1163)
PINNED = {
    "random": ("8ff848de48f1f97bd99a13c5c4c4346a5d96f47b501e2cb3bc1203852a0eab78", 949),
    "starter": ("2d26bd3c412bae551483902d75e79a278a078e2d343ba1308c2885f13ba0db82", 1163),
}


def test_seeded_games_are_the_pinned_ones():
    assert digests(6, 3) == PINNED
