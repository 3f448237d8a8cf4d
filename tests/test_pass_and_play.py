"""Pass and play (``PlayWidget(sharing=N)``): learners at one screen, each hand hidden between turns, in every game;
a race among them with a button each; no undo (it would show a hand to the wrong learner)."""

from __future__ import annotations

import random
import re

import pytest

from tutor.games import GAMES
from tutor.render.frame import card_title
from tutor.widgets import PlayWidget


def hand_titles(app: PlayWidget, seat: int) -> set[str]:
    return {card_title(c) for c in app.state.view(seat).seats[seat].hand if c is not None}


def play_shared(app: PlayWidget, rng: random.Random, press: float = 0.5) -> dict[str, int]:
    """Drive the app as learners at one screen do; check every covered screen shows no hand of a learner."""
    seen = {"covers": 0, "moves": 0}
    for _ in range(20_000):
        if app.state.is_over:
            return seen
        if app.shared.covered:
            page = app.render()
            assert 'data-testid="cover"' in page
            # No hand on the screen between turns: no card buttons, and no card of a learner's hand outside the
            # panels of what everyone saw (the last trick of an earlier deal may hold a card dealt again since).
            assert 'data-gw="card"' not in page and "Your hand" not in page
            shown = re.sub(r'<section class="gw-panel gw-lasttrick".*?</section>', "", page, flags=re.S)
            for seat in app.humans:
                for title in hand_titles(app, seat):
                    assert f"<title>{title}</title>" not in shown, f"{title} shown on the screen between turns"
            assert app.handle("ready")
            seen["covers"] += 1
        elif app.racing():
            for seat in app.humans:
                if seat in app.state.current_players and rng.random() < press:
                    assert app.handle("press", seat)
            assert app.handle("tick")
        elif app.pace.deal_waits:
            assert app.handle("nextdeal")
        elif app.pace.holding:
            assert app.handle("goon")
        elif app.pace.waiting or app.pace.stepping:
            assert app.handle("tick")
        else:
            assert app.state.current_player == app.seat and app.seat in app.humans
            assert app.handle("move", str(rng.choice(app.state.legal_actions()))), app.last_error
            seen["moves"] += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_plays_to_its_end_with_two_learners_at_one_screen_each_hand_hidden_between_turns(slug):
    game = GAMES[slug]
    short = {"short": True} if "short" in game.options() else {}
    app = PlayWidget(slug, players=max(2, game.min_players), seed=5, sharing=2, **short)
    assert app.humans == {0, 1} and app.shared.covered  # even the first hand waits for its learner
    seen = play_shared(app, random.Random(1))
    assert seen["covers"] >= 2 and seen["moves"] >= 1


def test_the_screen_between_turns_refuses_moves_and_undo_is_off():
    app = PlayWidget("cassino", players=2, seed=3, sharing=2)
    assert app.shared.covered and 'data-testid="cover"' in app.render()
    mover = app.state.current_player
    assert app.handle("move", str(app.state.legal_actions()[0]))  # answered in words, nothing played
    assert "press that they are ready" in app.notice and app.state.current_player == mover
    assert app.handle("ready") and not app.shared.covered
    assert not app.handle("ready")  # the hand is already shown
    assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.shared.covered and app.seat != mover  # the other learner's turn: the screen is passed
    assert not app.can_undo


def test_a_race_among_learners_at_one_screen_has_a_button_each_and_the_one_who_presses_first_is_safe():
    """Pig with three learners at one screen and a bot: in every race, the learner who presses in its first tick is
    never the pig."""
    app = PlayWidget("pig", players=4, seed=9, sharing=3, short=True)
    rng = random.Random(4)
    races = 0
    for _ in range(20_000):
        if app.state.is_over:
            break
        if app.shared.covered:
            app.handle("ready")
        elif app.racing():
            racing = [s for s in sorted(app.humans) if s in app.state.current_players]
            page = app.render()
            assert all(f'data-value="{s}"' in page for s in racing) and 'data-testid="race-buttons"' in page
            quick = racing[0]
            assert app.handle("press", quick)
            start = len(app.lines)
            while app.racing():
                assert app.handle("tick")
            races += 1
            pigs = [e.player for _n, e in app.lines[start:] if e.rule == "pig.pig"]
            assert pigs and pigs[0] != quick
        elif app.pace.waiting or app.pace.stepping:
            app.handle("tick")
        elif app.pace.deal_waits:
            app.handle("nextdeal")
        else:
            app.handle("move", str(rng.choice(app.state.legal_actions())))
    assert races >= 1 and app.state.is_over
    assert not app.handle("press", 0)  # no race on


@pytest.mark.parametrize("sharing", [0, 5, "two", True, None])
def test_a_wrong_number_of_learners_at_one_screen_is_refused_in_words(sharing):
    app = PlayWidget("gnav", players=4, seed=1)
    assert not app.handle("new", None, {"players": 4, "sharing": sharing})
    assert app.sharing == 1
    with pytest.raises(ValueError):
        PlayWidget("gnav", players=4, sharing=sharing if sharing != 5 else 101)


def test_the_bar_offers_pass_and_play_and_a_new_game_takes_it():
    app = PlayWidget("gnav", players=4, seed=1)
    assert 'data-key="sharing"' in app.render() and "At the table with you: Tamsin, Pol and Kerensa." in app.render()
    assert app.handle("new", None, {"players": 4, "sharing": 3})
    assert app.humans == {0, 1, 2} and app.shared.covered
    assert "Pass and play: " in app.render()


def test_there_is_no_undo_button_at_one_screen():
    app = PlayWidget("cassino", players=2, seed=3, sharing=2)
    app.handle("ready")
    app.handle("move", str(app.state.legal_actions()[0]))
    app.handle("ready")
    assert 'data-key="undo"' not in app.render() and "Undo is off" not in app.render()
    assert 'data-key="undo"' in PlayWidget("cassino", players=2, seed=3).render()
