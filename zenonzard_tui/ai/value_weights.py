"""Weights of the value of a position (ai/value.py), written by bench/fit_value.py:
    python bench/fit_value.py --games 300 --seed 1 --level medium --write
fit on 3336 positions of 300 games (medium vs medium, starter decks); do not edit by hand.
"""

BIAS = 0.034371089297083934
WEIGHTS = (
    0.8797929722521304,  # life
    1.027866000763845,  # low_life
    -0.1859677086788656,  # forces
    0.44016802521474757,  # force_life
    -0.5198403776403396,  # minions
    0.12644867179092092,  # bp
    0.3830115183873009,  # dp
    0.4397963303400763,  # active
    0.4029497617294936,  # mana
    0.09919901150195082,  # hand
    0.0,  # no_deck
    0.32922046666229576,  # to_move
)
