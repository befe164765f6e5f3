"""The same games, pinned: a digest of a few seeded games (bench/digest.py: every listing, the
action taken, both observations every 25 decisions and at the end, the outcome). A speed-up must
leave it as it is; a change of the rules or of the cards changes it on purpose, and then the new
digest is written here with the reason in the commit."""

from __future__ import annotations

from bench.digest import digests

# found with the engine before its speed-ups of bench/engine.py's 299-card pool (commit d8f3875)
PINNED = {
    "random": ("5f83cf0f5e0c4dc6633a1c563d2bb702be1891dd27cc5793334aca3a31dee6ba", 949),
    "starter": ("6a2f0707e55f497682c8f61183e38b7356a97608f767483f67f8eea3e7cc8f6b", 1163),
}


def test_seeded_games_are_the_pinned_ones():
    assert digests(6, 3) == PINNED
