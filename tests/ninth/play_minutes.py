"""War's measured length of a game against the bots, read by ``tutor.play_minutes`` because War's registration
names this module (``tests/conftest.py``), as ``tutor/data/play_minutes.py`` holds the figures of Gwari's games.

Measured as ``benchmarks/play_minutes.py`` measures: 1,000 games (deals 0 to 999) at the play app's default setting,
strong bots in every seat, the learner's too, each bot seeded as the play app seeds it (deal × 31 + seat); the
learner's decisions are the first seat's moves.  Every game of War is ten pairs, so every figure is 10.
"""

MEASURED = {
    'war': {'players': 2, 'options': {}, 'games': 1000,
        'median': 10.0, 'p10': 10.0, 'p90': 10.0, 'fewest': 10, 'most': 10},
}
