"""The prepared deals and helpers Pymtheg's tests share (tests/games/test_pymtheg*.py)."""

from tutor.cards import ElementCard
from tutor.games import get_game

GAME = get_game("pymtheg")
# Trick play: Tamsin (1) declares Gâm, Fire trumps named after the auction; Jory (0) leads.
TRICKS = {"hands": [["Wi3", "E2", "Wa1"], ["Wi12", "Wa4", "E3"], ["F5", "Wa6", "E4"], ["F9", "F2", "E7"]],
          "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
UNDER = {"hands": [["Wi3", "E2"], ["Wi12", "Wa4"], ["F5", "Wa6"], ["F2", "F1"]],
         "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
AUCTION = {"hands": [["F1"], ["F2"], ["F3"], ["F4"]]}
# Tamsin's Gâm with Water trumps, two tricks left; her side has 8 (5 + 3) and takes both.
GAM = {"hands": [["Wi3", "E2"], ["Wi12", "Wa14"], ["Wi4", "E5"], ["Wi6", "Wa2"]],
       "contract": "gam", "declarer": 1, "trump": "Wa", "doubled": 0, "tricks": [2, 5, 3, 3]}
GAM_PLAY = ["play Wi3", "play Wi12", "play Wi4", "play Wi6", "play Wa14", "play E5", "play Wa2", "play E2"]
LOW = [["Wi1", "E1"], ["Wi9", "E9"], ["Wi2", "E2"], ["Wi5", "E5"]]
LOW_PLAY = ["play Wi1", "play Wi9", "play Wi2", "play Wi5", "play E9", "play E2", "play E5", "play E1"]
RY2 = [["Wi1", "E1"], ["Wi9", "E2"], ["Wi12", "E9"], ["Wi5", "E5"]]
RY2_PLAY = ["play Wi1", "play Wi9", "play Wi12", "play Wi5", "play E9", "play E5", "play E1", "play E2"]
REVOKE = {"hands": [["Wi3", "E2", "E6"], ["Wi12", "Wa4", "E3"], ["Wi4", "Wa6", "E4"], ["Wi6", "Wa2", "E7"]],
          "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
FIRE_WATER = [f"F{v}" for v in range(1, 15)] + [f"Wa{v}" for v in range(1, 16)]


def start(deal, **options):
    return GAME.start(players=4, deal=deal, **options)


def card(code):
    return ElementCard.parse(code)


def row(state):
    """The last deal's row on the score sheet."""
    return state.sheet.rows[-1]
