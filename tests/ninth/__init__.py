"""A ninth game that lives in the tests only, to prove that a game is its package, its lesson and its first game.

``war`` is a tiny War, written from ``docs/adding-a-game.md`` as a new contributor would write one; ``lessons/``
holds its lesson and its first game.  ``tests/conftest.py`` registers it (``tutor.games.register``), so every shared
suite that runs over the registry runs over it too; Gwari itself never sees it.
"""
