"""Weights of the value of a position (ai/value.py), written by bench/fit_value.py:
    python bench/fit_value.py --games 300 --seed 1 --level medium --write
fit on 3449 positions of 300 games (medium vs medium, starter decks); do not edit by hand.
"""

BIAS = -0.01616337064134163
WEIGHTS = (
    0.9462735745698975,  # life
    0.556826225310449,  # low_life
    0.456333476043919,  # forces
    0.41019992653225973,  # force_life
    -0.2964077929217486,  # minions
    0.06122879372210865,  # bp
    0.38064600698107026,  # dp
    0.45037515843125064,  # active
    0.7494020094051815,  # mana
    0.279288117269726,  # hand
    0.0,  # no_deck
    0.2815293245839628,  # to_move
)
