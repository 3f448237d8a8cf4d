"""Real-time races are part of the play app now (``PlayApp`` ticks when ``game.inputs.race`` says so).

Kept so that older notebooks importing ``play_race``/``RaceApp`` still open.
"""

from tutor.widgets import play as play_race
from tutor.widgets.play import PlayApp as RaceApp

__all__ = ["RaceApp", "play_race"]
