"""Measured lengths of a game against the bots, read by ``tutor.play_minutes`` (the gallery's minutes).

Written by ``benchmarks/play_minutes.py --write``; do not edit by hand, run it again after a change to a game,
its short game or its bots.  For each game: 1,000 games (deals 0 to 999) at the play app's default setting —
``players`` and ``options`` (the short game when the game has one) — with strong bots in every seat, the
learner's too, each bot seeded as the play app seeds it (deal × 31 + seat).  The learner's decisions are the
first seat's moves; ``median``, ``p10`` and ``p90`` (10th and 90th percentiles), ``fewest`` and ``most`` are
over the 1,000 games.  The gallery shows ``median`` × its seconds a decision (6), rounded up to five
minutes.
"""

MEASURED = {
    'gwra-pyskessa': {'players': 3, 'options': {}, 'games': 1000,
        'median': 18.0, 'p10': 15.0, 'p90': 22.0, 'fewest': 11, 'most': 27},
    'chwech': {'players': 6, 'options': {'short': True}, 'games': 1000,
        'median': 27.0, 'p10': 27.0, 'p90': 29.0, 'fewest': 27, 'most': 33},
    'gnav': {'players': 4, 'options': {'short': True}, 'games': 1000,
        'median': 4.0, 'p10': 2.0, 'p90': 6.0, 'fewest': 1, 'most': 7},
    'pig': {'players': 4, 'options': {'short': True}, 'games': 1000,
        'median': 7.0, 'p10': 4.0, 'p90': 11.0, 'fewest': 1, 'most': 21},
    'burn': {'players': 4, 'options': {'short': True}, 'games': 1000,
        'median': 45.0, 'p10': 45.0, 'p90': 45.0, 'fewest': 45, 'most': 46},
    'carts-tity': {'players': 3, 'options': {'short': True}, 'games': 1000,
        'median': 16.5, 'p10': 9.0, 'p90': 26.0, 'fewest': 8, 'most': 29},
    'cassino': {'players': 2, 'options': {'short': True}, 'games': 1000,
        'median': 24.0, 'p10': 24.0, 'p90': 24.0, 'fewest': 24, 'most': 24},
    'pymtheg': {'players': 4, 'options': {'short': True}, 'games': 1000,
        'median': 64.0, 'p10': 64.0, 'p90': 65.0, 'fewest': 50, 'most': 68},
}
