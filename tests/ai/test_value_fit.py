"""The fit of the expert's value (bench/fit_value.py): reproducible from a seed, and a logistic
regression that finds a planted rule."""

from __future__ import annotations

import random

from bench import fit_value
from zenonzard_tui.ai import value_weights
from zenonzard_tui.ai.value import FEATURES


def test_the_weights_file_matches_the_features():
    assert len(value_weights.WEIGHTS) == len(FEATURES) + 1  # and who moves next


def test_the_same_seed_gives_the_same_positions():
    a = fit_value.samples(range(3, 5), "medium")
    b = fit_value.samples(range(3, 5), "medium")
    assert a == b and a
    assert all(len(x) == len(FEATURES) + 1 and y in (0.0, 1.0) for x, y in a)


def test_games_played_at_once_give_the_same_positions_in_the_same_order():
    assert fit_value.samples(range(3, 6), "medium", jobs=2) == fit_value.samples(
        range(3, 6), "medium"
    )


def test_the_regression_recovers_a_planted_rule():
    rng = random.Random(0)
    data = []
    for _ in range(600):
        x = [rng.uniform(-3, 3), rng.uniform(-3, 3)]
        z = 2.0 * x[0] - 1.0 * x[1]
        data.append((x, 1.0 if rng.random() < 1 / (1 + 2.718281828**-z) else 0.0))
    bias, w0, w1 = fit_value.fit(data)
    assert abs(bias) < 0.4 and 1.4 < w0 < 2.6 and -1.5 < w1 < -0.6
