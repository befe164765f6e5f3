"""The same games, pinned: a digest of a few seeded games (bench/digest.py: every listing, the
action taken, both observations every 25 decisions and at the end, the outcome). A speed-up must
leave it as it is; a change of the rules or of the cards changes it on purpose, and then the new
digest is written here with the reason in the commit."""

from __future__ import annotations

from bench.digest import digests

# found with the engine before its speed-ups of bench/engine.py's 299-card pool (commit d8f3875);
# renewed when the observation gained SlotView.states/mods, ForceView.locked and
# AttackView.forced (h-client: with those four fields left out of the observations, the digests
# are still d8f3875's 5f83cf0f.../949 and 6a2f0707.../1163); renewed when uids became labels
# drawn at random (turns._setup): the same games, the uids in the observations differ (with the
# observations left out, every listing and action of 120 games hashed the same before and after)
PINNED = {
    "random": ("296a400881cd0cdf1956d56d5b8cef745b372a9f9c3269e7062d053d64c41737", 949),
    "starter": ("32d5c90acad8d9b981ac121acdcc17a8bf82c8684752bc19eaf157762093893f", 1163),
}


def test_seeded_games_are_the_pinned_ones():
    assert digests(6, 3) == PINNED
