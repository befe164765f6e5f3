"""AI-vs-AI matches, played here, in several processes or on a Ray cluster (`zenonzard sim`).

- `play`: one game from a `GameSpec` (which decks, seed, who goes first) to a small `Result`.
- `local`: the games played in this process or a pool of worker processes (`LocalRunner`).
- `cluster`: the same games as Ray tasks, on this machine or a cluster (`RayRunner`).
- `tally`: what a match has given (`Tally`) and the score's Wilson interval.
- `progress`: the progress bar with an ETA (on stderr, for terminals only).

Every runner plays the same games for the same specs: a game's result depends on its spec only
(an expert seat thinking by the clock aside: its spec's `iterations` makes it search a fixed count).
"""


class RunnerError(Exception):
    """The place to play the games cannot be used (a Ray that cannot be started or reached), or
    lost games' results during the run (a worker process killed, results that cannot be read)."""
