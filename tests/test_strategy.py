"""The strategy notebooks' helpers (tutor/strategy.py): a game played by bots or a learner's function, a study's
saved results and when they are used, the charts and tables, and a tournament that reports a bad bot per game."""

from __future__ import annotations

import io
import json
import random

import pandas as pd
import pytest

from tutor import strategy
from tutor.games import GAMES, WHERE
from tutor.strategy import Study, bot_game, challenge, chart_svg, games, standings, table_html


@pytest.fixture
def results(tmp_path, monkeypatch):
    """Saved results kept in a folder of the test's own."""
    monkeypatch.setattr(strategy, "RESULTS", tmp_path)
    return tmp_path


def seat_game(seed):
    game = bot_game("gnav", seed, "random", players=3)
    return {"first": game.share(0), "payments": game.count("pay")}


def seat_table(rows):
    table = (100 * rows[["first"]].mean()).to_frame("games won in 100")
    table.index.name = "seat"
    return table


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_game_played_by_bots_ends_with_its_events_and_every_move(slug):
    game = bot_game(slug, 3, "random")
    assert game.state.is_over and game.result.winners
    assert len(game.moves) >= 1 and all(0 <= seat < game.players for seat, _ in game.moves)
    assert game.events and all(event.rule for event in game.events)
    assert sum(game.share(seat) for seat in range(game.players)) == pytest.approx(1)


def test_the_same_deal_and_bots_play_the_same_game():
    one, two = bot_game("chwech", 11, "strong"), bot_game("chwech", 11, "strong")
    assert [str(m) for _, m in one.moves] == [str(m) for _, m in two.moves]


def test_count_finds_a_rule_by_its_id_or_its_last_part_and_by_player():
    game = bot_game("gwra-pyskessa", 5, "strong")
    sets = game.count("set")
    assert sets == game.count("pyskessa.set") == 13
    assert sum(game.count("set", seat) for seat in range(game.players)) == 13
    assert game.count("go") == 0, "a rule's last part is matched whole, not a prefix of it"


def test_a_seat_may_be_played_by_a_function():
    seen = []

    def first_move(state):
        seen.append(state.current_player)
        return state.legal_actions()[0]

    bot_game("cassino", 2, ["random", first_move])
    assert seen and set(seen) == {1}


def test_bad_arguments_name_what_is_wrong():
    with pytest.raises(ValueError, match="no game 'chess'"):
        bot_game("chess", 1)
    with pytest.raises(ValueError, match="3 players need 3 levels, not 2"):
        bot_game("gnav", 1, ["random", "strong"], players=3)
    with pytest.raises(ValueError, match="'bar' or 'line'"):
        Study("x", "y", seat_game, seat_table, chart="pie")
    with pytest.raises(ValueError, match="games: a study plays a whole number"):
        Study("x", "y", seat_game, seat_table, games=0)
    with pytest.raises(ValueError, match="unit: what a study plays is a plain word"):
        Study("x", "y", seat_game, seat_table, unit=3)
    with pytest.raises(ValueError, match="lower-case letters"):
        Study("../x", "y", seat_game, seat_table).saved()


@pytest.mark.parametrize("value", ["0", "-3", "ten", "2.5"])
def test_the_games_variable_must_be_a_whole_number(monkeypatch, value):
    monkeypatch.setenv(strategy.GAMES_ENV, value)
    with pytest.raises(ValueError, match=strategy.GAMES_ENV):
        games(100)


def test_the_games_variable_only_ever_lowers_a_count(monkeypatch):
    monkeypatch.setenv(strategy.GAMES_ENV, "12")
    assert games(100) == 12 and games(5) == 5
    monkeypatch.delenv(strategy.GAMES_ENV)
    assert games(100) == 100


def test_saved_results_are_shown_only_for_the_code_that_made_them(results, monkeypatch):
    monkeypatch.delenv(strategy.GAMES_ENV, raising=False)
    study = Study("a-notebook", "seat", seat_game, seat_table, games=30)
    assert study.saved() is None
    made = study.run(bar=False)
    study.save(made)
    saved = study.saved()
    assert saved is not None and saved.saved and saved.games == 30
    assert saved.table.index.name == "seat"
    pd.testing.assert_frame_equal(saved.table, made.table, check_dtype=False)

    def other_table(rows):
        return seat_table(rows) * 2

    assert Study("a-notebook", "seat", seat_game, other_table, games=30).saved() is None
    assert Study("a-notebook", "seat", seat_game, seat_table, games=31).saved() is None
    assert Study("a-notebook", "seat", seat_game, seat_table, games=30, uses=(other_table,)).saved() is None


def test_a_shortened_run_plays_anew_and_fails_when_the_saved_results_are_not_its_code(results, monkeypatch):
    monkeypatch.setenv(strategy.GAMES_ENV, "4")
    study = Study("a-notebook", "seat", seat_game, seat_table, games=30)
    with pytest.raises(RuntimeError, match="missing or were made by other code"):
        study.answer()
    study.save(study.run(30, bar=False))
    answer = study.answer()
    assert answer.games == 4 and not answer.saved
    assert answer.words().startswith("From 4 games (just played")
    deals = Study("a-notebook", "seat", seat_game, seat_table, games=30, unit="deals").saved()
    assert deals.words() == "From 30 deals (saved with Gwari; press Run it again to play them yourself)."


def test_saving_plays_the_full_count_and_keeps_it(results, monkeypatch):
    monkeypatch.setenv(strategy.SAVE_ENV, "1")
    answer = Study("a-notebook", "seat", seat_game, seat_table, games=9).answer()
    assert answer.games == 9
    kept = json.loads((results / "a-notebook.json").read_text())
    assert kept["seat"]["games"] == 9 and kept["seat"]["index"] == "seat"


def test_broken_saved_results_are_named(results):
    (results / "a-notebook.json").write_text("[1, 2")
    with pytest.raises(ValueError, match="a-notebook.json: the saved results are not readable"):
        Study("a-notebook", "seat", seat_game, seat_table).saved()


def test_the_chart_is_an_svg_with_a_name_and_a_marked_line():
    table = pd.DataFrame({"games won in 100": [20.0, 30.0]}, index=pd.Index(["1", "2"], name="seat"))
    svg = chart_svg(table, "bar", "games won in 100", "Wins by seat", (25, "an even share"))
    assert svg.startswith('<figure class="gw-chart"><svg role="img" aria-label="Wins by seat"')
    assert "<metadata>" not in svg and "an even share" in svg
    line = chart_svg(table, "line", "games won in 100")
    assert 'aria-label="games won in 100"' in line


def test_the_table_names_its_rows_and_rounds_its_numbers():
    table = pd.DataFrame({"points": [1.23456, 2500.4]}, index=pd.Index(["a", "b"], name="hand"))
    markup = table_html(table, "Points")
    assert "<caption>Points</caption>" in markup and ">hand</th>" in markup
    assert ">1.23</td>" in markup and ">2,500</td>" in markup


def test_a_tournament_reports_each_bad_bot_per_game_and_goes_on():
    def wrong(state):
        raise KeyError("nothing")

    def refused(state):
        return "the Cuckoo"

    def slow(state):
        while True:
            pass

    def fine(state):
        return random.Random(0).choice(state.legal_actions())

    rows = pd.DataFrame([challenge("gnav", 0, wrong), challenge("gnav", 1, refused),
                         challenge("chwech", 2, slow, seconds=0.2), challenge("pig", 3, fine)])
    table = standings(rows)
    assert list(table.index) == ["Gnav", "Chwech", "Pig"]
    assert table.loc["Gnav", "games stopped"] == 2 and table.loc["Chwech", "games stopped"] == 1
    assert table.loc["Gnav", "what went wrong"] == "stopped with KeyError: 'nothing'"
    assert table.loc["Chwech", "what went wrong"] == "took longer than 0.2 s over one move"
    assert "[gnav." not in rows.loc[1, "problem"] and rows.loc[1, "problem"].startswith("answered a move the rules")
    assert table.loc["Pig", "games stopped"] == 0 and rows.loc[3, "moves"] > 0
    assert table.loc["Gnav", "won in 100"] == 0


def test_a_tournament_seat_turns_round_the_table():
    seats = [challenge("cassino", seed, lambda s: s.legal_actions()[0])["seat"] for seed in range(4)]
    assert seats == [0, 1, 0, 1]


SAVED = sorted(strategy.RESULTS.glob("*.json"))
NOTEBOOKS = strategy.RESULTS.parents[2] / "notebooks"


def test_every_game_has_a_strategy_notebook_with_saved_results_and_the_gallery_links_it():
    from tutor.widgets.gallery import gallery

    links = gallery(NOTEBOOKS).html
    for slug in WHERE:  # the games whose notebooks ship with Gwari
        assert (NOTEBOOKS / f"{slug}-strategy.ipynb").exists(), slug
        assert (strategy.RESULTS / f"{slug}-strategy.json").exists(), slug
        assert f'href="{slug}-strategy.ipynb"' in links, slug
    assert 'href="your-own-bot.ipynb"' in links


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_saved_results_draw_as_tables_and_charts_in_learner_words(path):
    """What the Voilà view shows first: every saved study read back, as its table and its chart."""
    from tests.test_learner_words import assert_learner_words

    assert (NOTEBOOKS / f"{path.stem}.ipynb").exists(), "saved results of a notebook that is gone"
    entries = json.loads(path.read_text(encoding="utf-8"))
    assert entries
    shown = {}
    for name, entry in entries.items():
        table = pd.read_json(io.StringIO(entry["table"]), orient="split")
        table.index.name = entry.get("index")
        assert len(table) and entry["games"] >= 1, name
        shown[f"{path.stem} {name} table"] = table_html(table)
        shown[f"{path.stem} {name} chart"] = chart_svg(table.select_dtypes("number"), "bar")
    assert_learner_words(shown)


def test_bots_make_their_moves_out_of_turn_as_the_play_app_asks_them():
    """A Pymtheg opponent doubles out of turn (the strong bot's rule of thumb), as at the play table; a learner's
    function is never asked out of turn."""
    game = bot_game("pymtheg", 36, "strong", rounds=1)
    doubles = [(seat, str(move)) for seat, move in game.moves if str(move).startswith("double")]
    assert doubles == [(1, "double 1")]
    asked = []

    def mine(state):
        asked.append(state.current_player)
        return state.legal_actions()[0]

    bot_game("pymtheg", 36, ["strong", mine, "strong", "strong"], rounds=1)
    assert set(asked) == {1}


def test_a_table_cell_with_nothing_in_it_shows_nothing():
    table = pd.DataFrame({"made in 100": [50.0, float("nan")]}, index=pd.Index(["Gâm", "all pass"], name="bid"))
    assert "nan" not in table_html(table).lower()


def test_a_game_may_give_several_rows_or_none_and_anything_else_is_named():
    def turns(seed):
        return [{"seed": seed, "turn": t} for t in range(seed % 3)]

    rows = Study("x", "y", turns, lambda r: r, games=4).rows(bar=False)
    assert list(rows["turn"]) == [0, 0, 1]  # seeds 0..3 give 0, 1, 2 and 0 rows
    with pytest.raises(TypeError, match="a dict \\(one row\\) or a list of dicts, not int"):
        Study("x", "y", lambda seed: 3, lambda r: r, games=1).rows(bar=False)
