"""The players menu offers what a game allows, also with one more variant ticked (Burn for two), and choosing such
a number ticks that variant and says so; a deal code for two players of Burn with its variant is read."""

from __future__ import annotations

import re

import pytest

from tutor.deal_code import parse_deal_code
from tutor.games import get_game
from tutor.widgets import PlayWidget
from tutor.widgets.options import offered_counts, variant_for


def menu(app: PlayWidget) -> list[int]:
    found = re.search(r'<select data-gw-input="players"[^>]*>(.*?)</select>', app.html)
    return [int(n) for n in re.findall(r'value="(\d+)"', found.group(1))] if found else []


def test_burn_offers_two_players_through_its_variant_for_two():
    burn = get_game("burn")
    assert offered_counts(burn, {}) == (2, 3, 4, 5, 6)
    assert variant_for(burn, 2, {}).name == "two_players"
    assert variant_for(burn, 4, {}) is None and variant_for(burn, 7, {}) is None
    assert menu(PlayWidget("burn", players=4)) == [2, 3, 4, 5, 6]


def test_choosing_two_in_burn_ticks_the_variant_says_so_and_deals_thirty_each():
    app = PlayWidget("burn", players=4)
    assert app.handle("new", None, {"players": "2", "level": "strong"})
    assert app.players == 2 and app.options.get("two_players") is True
    assert "For 2 players this variant is on" in app.notice
    assert len(app.state.view(app.seat).seats[app.seat].hand) == 30
    assert app.code.startswith("2-") and app.code.endswith("-b1")


@pytest.mark.parametrize("slug", ["pymtheg", "gnav", "cassino"])
def test_games_without_such_a_variant_offer_only_their_own_counts(slug):
    game = get_game(slug)
    counts = offered_counts(game, {})
    assert min(counts) == game.min_players and max(counts) == game.max_players


def test_a_number_no_variant_allows_is_refused_in_words_and_changes_nothing():
    app = PlayWidget("pymtheg")
    before = app.state
    assert app.handle("new", None, {"players": "3", "level": "strong"})
    assert app.state is before and "could not be set up" in app.notice


def test_the_deal_code_of_burn_for_two_is_read_with_its_variant_and_refused_without_it():
    assert parse_deal_code("2-5-two_players", "burn") == (2, 5, {"two_players": True})
    with pytest.raises(ValueError, match="This code is for 2 players; Burn is for 3 to 6."):
        parse_deal_code("2-5", "burn")
    with pytest.raises(ValueError, match="This code is for 1 player; Burn is for 3 to 6."):
        parse_deal_code("1-5-two_players", "burn")
