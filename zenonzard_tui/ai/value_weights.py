"""Weights of the value of a position (ai/value.py), written by bench/fit_value.py:
    python bench/fit_value.py --games 400 --seed 1 --level strong --write
fit on 4621 positions of 400 games (strong vs strong, starter decks); do not edit by hand.
"""

BIAS = 0.058856775445187574
WEIGHTS = (
    0.6357592936862676,  # life
    -1.1889905329207937,  # low_life
    0.06717812553660485,  # forces
    0.09534430753703858,  # force_life
    0.09703089248036828,  # minions
    0.006015169402948064,  # bp
    0.19487570048544237,  # dp
    0.2774285673431227,  # active
    0.3559945297711973,  # mana
    -0.16577939136204065,  # hand
    0.0,  # no_deck
    0.38654286978546254,  # to_move
)
