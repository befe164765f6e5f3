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
# renewed when a life below 0 was said as 0 in the outcome's reason ("B's life reached 0",
# ZR 1.2; h-edges): only the starter games' digest changed, and with every outcome's reason
# blanked both kinds digest as before (55bfe21e.../949 and e14d6a8b.../1163): the same games
# renewed when the observation gained SlotView.attached (ZR 17.5) and PlayerView.banished (ZR
# 18.1; h-move): with those two left out of the observations, both kinds digest as before
# (8ff848de.../949 and 99b0d17d.../1163, and bench/digest.py's 200 games 2c2c9088.../33436 and
# bf7a4848.../36533): the same games
PINNED = {
    "random": ("64f1231ae80bcfa40d87464745d7f22483ff812a0f9da47dbfae49436fcdb67e", 949),
    "starter": ("a54cf0c5d852aefe5be3b7e8acd8aa43200eab3b4f760507989f9b38a1412ce1", 1163),
}


def test_seeded_games_are_the_pinned_ones():
    assert digests(6, 3) == PINNED
