"""The duel screen and the small screens over it."""
