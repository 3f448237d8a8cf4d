"""A class tournament played at the class's tables (tutor/tables/tournament_play.py, tutor/service/tournaments.py):
teams, the rule book's schedule, the same cards at the same table in every round, standings equal to
``tutor.tournament.league`` on the same results, bots named, a learner who leaves, refusals in words, the record
kept in the tables' store (skipped by the lists of tables, found again after a restart), the final, and the
teacher's page through the class service."""

from __future__ import annotations

import json
import random

import pytest

from service_server import TokenPeople, serving
from test_tables import new_store, redis_url  # noqa: F401 - every kind of store, as the tables' tests make them
from tutor import classroom
from tutor import tournament as rules
from tutor.progress import Progress
from tutor.service import remote_records
from tutor.service.app import make_app, open_areas
from tutor.service.hub import PeopleArea
from tutor.service.people import Person, Refused
from tutor.service.records import RecordsArea
from tutor.service.tables import TablesArea
from tutor.service.tournaments import TournamentArea
from tutor.tables import Table, TableError, class_tables, open_tables
from tutor.tables import tournament_play as play
from tutor.tables.store import SQLiteTables

EIGHT = ["ann", "bob", "cai", "dee", "eve", "fay", "gus", "hal"]
TESS, ANN = Person("tess", teacher=True), Person("ann")


@pytest.fixture()
def store(tmp_path):
    return SQLiteTables(tmp_path / "tables.sqlite3")


def finish_round(store, code):
    """Start the round's tables and let the bots play them out (nobody sits): the round's results are kept."""
    play.begin_round(store, code)
    return play.advance(store, code)


def sittings_of(store, meta):
    """The league's sittings read again from the finished tables' own games, as the rule book adds them up."""
    out = []
    for r, codes in enumerate(meta["rounds"]):
        for t, made in enumerate(codes):
            ns, ew = meta["schedule"][r][t]
            state = Table(store, made).state
            points = state.result().scores
            if meta["game"] == "pymtheg":
                result = None if state.contract is None else rules.ns_score((points[0], points[1]))
                out.append(rules.pair_sitting(t, ns, ew, result))
            else:
                out.append(rules.Sitting(t, {ns: points[0], ew: points[1]}))
    return out


def test_a_tournament_is_played_of_each_game_whose_rule_book_gives_one():
    assert tuple(play.GAMES) == rules.GAMES == ("pymtheg", "burn")


def test_teams_are_formed_in_order_or_drawn_and_bots_fill_an_odd_learner_and_an_odd_team():
    assert play.form_teams(["ann", "bob", "cai", "dee"]) == [["ann", "bob"], ["cai", "dee"]]
    assert play.form_teams(["ann", "bob", "cai"]) == [["ann", "bob"], ["cai", None]]
    assert play.form_teams(EIGHT[:5]) == [["ann", "bob"], ["cai", "dee"], ["eve", None], [None, None]]
    shuffled = list(EIGHT)
    random.Random(7).shuffle(shuffled)
    drawn = play.form_teams(EIGHT, True, random.Random(7))
    assert drawn == [shuffled[i:i + 2] for i in range(0, 8, 2)] and drawn != play.form_teams(EIGHT)


def test_the_schedule_is_the_rule_books_and_every_team_meets_the_same_cards_at_the_same_table(store):
    code = play.start(store, "pymtheg", EIGHT)
    meta = play.record(store, code)
    assert meta["schedule"] == [[list(p) for p in at] for at in rules.league_schedule([0, 1, 2, 3], 2)]
    finish_round(store, code)
    play.open_round(store, code)
    play.begin_round(store, code)
    meta = play.record(store, code)
    seen = {}
    for r, codes in enumerate(meta["rounds"]):
        for t, made in enumerate(codes):
            card = store.meta(made)
            ns, ew = meta["schedule"][r][t]
            assert card["names"] == [meta["teams"][ns][0], meta["teams"][ew][0], meta["teams"][ns][1],
                                     meta["teams"][ew][1]]
            assert card["seed"] == rules.table_seed(meta["event"], t)
            assert card["options"] == play.GAMES["pymtheg"]
            driver = Table(store, made).driver
            dealt = driver.steps[0].before if driver.steps else driver.state  # the table's cards as dealt
            hands = [sorted(map(str, hand)) for hand in dealt.hands]
            seen.setdefault(t, []).append(hands)
    assert all(len(rounds) == 2 and rounds[0] == rounds[1] for rounds in seen.values())  # the same hands, seat by seat
    assert seen[0] != seen[1]  # each table its own cards


@pytest.mark.parametrize("game", ["pymtheg", "burn"])
def test_the_standings_are_the_rule_books_league_on_the_tables_results(store, game):
    code = play.start(store, game, EIGHT)
    finish_round(store, code)
    play.open_round(store, code)
    meta = finish_round(store, code)
    assert play.rounds_done(meta) == 2
    expected = rules.league(sittings_of(store, meta), lowest_best=game == "burn")
    assert play.standings(meta) == expected
    shown = play.public(meta)
    assert [row["team"] for row in shown["standings"]] == list(expected.order)
    assert {row["team"]: row["points"] for row in shown["standings"]} == expected.points
    assert shown["champions"] == [play.team_name(meta, t) for t in expected.champions]
    assert shown["hands"] and len(shown["hands"]) == 2 and all(len(at["results"]) == 4 for at in shown["hands"])


def test_standings_from_explicit_results_rank_an_all_pass_deal_worst_and_share_ties(store):
    code = play.start(store, "pymtheg", EIGHT)
    meta = play.record(store, code)
    (t0, t1), = [meta["rounds"][0]]
    explicit = {t0: [120, -120], t1: [None, None]}  # table 2: all four passed, no result for either team
    for made, scores in explicit.items():
        Table(store, made).close()
    planted = {made: {**play._table_result(meta, Table(store, made), (0, t)), "scores": explicit[made],
                      "closed": False}
               for t, made in enumerate((t0, t1))}
    store.change_meta(code, lambda now: {**now, "results": planted})
    play.open_round(store, code)
    meta = play.record(store, code)
    s0, s1 = meta["rounds"][1]
    later = {s0: [-50, 50], s1: [30, -30]}
    for made in (s0, s1):
        Table(store, made).close()
    planted = {made: {**play._table_result(meta, Table(store, made), (1, t)), "scores": later[made],
                      "closed": False} for t, made in enumerate((s0, s1))}
    meta = store.change_meta(code, lambda now: {**now, "results": {**now["results"], **planted}})
    sittings = [rules.pair_sitting(0, 0, 2, 120), rules.pair_sitting(1, 1, 3, None),
                rules.pair_sitting(0, 1, 3, -50), rules.pair_sitting(1, 0, 2, 30)]
    expected = rules.league(sittings)
    assert play.standings(meta) == expected
    # Table 1 ranks 120, 50, -50, -120; table 2 ranks 30, -30, then both teams that passed out at the worst rank.
    assert expected.points == {0: 1 + 1, 1: 3 + 4, 2: 4 + 2, 3: 2 + 4}
    rows = {row["team"]: row for row in play.public(meta)["standings"]}
    assert rows[1]["tables"] == [3, 4] and rows[3]["tables"] == [2, 4]
    assert [rows[t]["place"] for t in range(4)] == [1, 4, 2, 2]  # equal points share a place


def test_bots_are_named_in_the_standings(store):
    code = play.start(store, "pymtheg", EIGHT[:5])
    meta = finish_round(store, code)
    teams = {row["name"]: row["notes"] for row in play.public(meta)["standings"]}
    assert teams["Team 3: eve & a bot"][0] == "one seat of this team is played by a bot"
    assert teams["Team 4 (bots)"][0] == "every seat of this team is played by a bot"
    assert "round 1: ann and bob did not sit down; a bot played instead" in teams["Team 1: ann & bob"]
    table = Table(store, meta["rounds"][0][1])
    assert table.meta["names"][1] not in EIGHT and table.meta["names"][3] not in EIGHT  # the bots' own names


def test_a_learner_who_leaves_mid_round_is_played_by_a_bot_and_the_standings_say_so(store, monkeypatch):
    code = play.start(store, "pymtheg", EIGHT[:4], away_ms=1_000)
    meta = play.record(store, code)
    at = meta["rounds"][0][0]
    seated = {name: Table.join(store, at, name) for name in ("ann", "cai", "bob", "dee")}
    play.begin_round(store, code)
    kept = {}
    assert play.advance(store, code, kept)["results"] == {}  # everyone is there: nothing is played for them
    seated["ann"].sync()
    assert not any(seated["ann"].is_bot(s) for s in range(4))
    later = store.now_ms() + 60_000  # ann's page closed a minute ago; the others' pages still beat
    monkeypatch.setattr(store, "now_ms", lambda: later)
    for name in ("cai", "bob", "dee"):
        store.beat(at, seated[name].seat)
    seated["ann"].sync()
    assert play.advance(store, code, kept)["results"] == {}  # the others are there: ann's seat is the bot's now
    table = kept[at]
    assert table.is_bot(seated["ann"].seat) and not table.is_bot(seated["bob"].seat)
    monkeypatch.setattr(store, "now_ms", lambda: later + 120_000)  # now every page has gone
    meta = play.advance(store, code, kept)
    assert meta["results"][at]["left"] == ["ann", "bob", "cai", "dee"]
    notes = {row["name"]: row["notes"] for row in play.public(meta)["standings"]}
    assert notes["Team 1: ann & bob"] == ["round 1: ann and bob left during the round; a bot played for them to "
                                          "its end"]


@pytest.mark.parametrize("args, field", [
    ({"game": "pig", "learners": EIGHT}, "game: a tournament is of Pymtheg or Burn"),
    ({"game": "pymtheg", "learners": "ann, bob"}, "learners: a list"),
    ({"game": "pymtheg", "learners": ["ann"]}, "learners: a tournament needs at least two"),
    ({"game": "pymtheg", "learners": ["ann", "bob", "Ann"]}, "learners: each learner plays in one team only"),
    ({"game": "pymtheg", "learners": ["ann", 7]}, "learners: learner name"),
    ({"game": "pymtheg", "learners": EIGHT, "drawn": "yes"}, "teams: drawn"),
    ({"game": "burn", "learners": EIGHT, "seed": 4}, "seed: a tournament is started with"),
])
def test_bad_input_is_refused_in_words_naming_the_field_and_changes_nothing(store, args, field):
    with pytest.raises(TableError, match=field):
        TournamentArea(store).call(TESS, "start", args)
    assert store.codes() == []


def test_a_round_is_opened_only_once_the_last_has_ended_and_the_final_only_after_the_league(store):
    code = play.start(store, "pymtheg", EIGHT)
    with pytest.raises(TableError, match="round: round 1 is still being played at tables"):
        play.open_round(store, code)
    with pytest.raises(TableError, match="final: the league's rounds come first"):
        play.open_final(store, code)
    finish_round(store, code)
    play.open_round(store, code)
    finish_round(store, code)
    with pytest.raises(TableError, match="round: every round of the league has been played"):
        play.open_round(store, code)
    meta = play.record(store, code)
    made = play.open_final(store, code)
    assert play.record(store, code)["final"]["pair"] == list(rules.knockout_round(
        list(play.standings(meta).order[:2]))[0])
    assert store.meta(made)["options"]["rounds"] == rules.knockout_games(0)
    play.begin_round(store, code)
    meta = play.advance(store, code)
    rows = [tuple(row) for row in Table(store, made).state.sheet.rows]
    decided = rules.knockout_result(rows, rules.knockout_games(0))
    if decided.winner is not None:
        assert meta["final"]["winner"] == decided.winner and meta["final"]["totals"] == list(decided.totals)
    else:  # a tie: played off at another table
        assert meta["final"]["totals"] == list(decided.totals) and play.open_final(store, code)


def test_a_learner_may_read_the_standings_only_and_never_the_event_that_makes_the_seeds(store):
    area = TournamentArea(store)
    shown = area.call(TESS, "start", {"game": "pymtheg", "learners": EIGHT})
    for op in ("start", "round", "begin", "tick", "show", "final"):
        with pytest.raises(Refused, match="only a teacher runs the class's tournament"):
            area.call(ANN, op, {"game": "pymtheg", "learners": ["ann", "bob"], "code": shown["code"]})
    meta = play.record(store, shown["code"])
    assert len(store.codes()) == 3 and meta["rounds"] == [[t["code"] for t in shown["tables"]]]
    seen = area.call(ANN, "standings", {"game": "pymtheg"})
    text = json.dumps(seen)
    assert seen["code"] == shown["code"] and "event" not in text and str(meta["event"]) not in text
    assert all(str(store.meta(t["code"])["seed"]) not in text for t in seen["tables"])
    assert area.call(ANN, "standings", {"game": "burn"}) is None
    with pytest.raises(TableError, match="game: a tournament is of Pymtheg or Burn"):
        area.call(ANN, "standings", {"game": "pig"})


def test_the_record_is_no_table_and_is_found_again_after_a_restart(store, tmp_path):
    code = play.start(store, "burn", EIGHT)
    finish_round(store, code)
    assert code not in {t["code"] for t in class_tables(store)} | {t["code"] for t in open_tables(store)}
    assert len(class_tables(store)) == 2
    before = store.meta(code)
    Table(store, code)  # a look at it as a table: a closed stand-in, and the record left as it is
    assert store.meta(code) == before
    again = SQLiteTables(tmp_path / "tables.sqlite3")  # a kernel started again
    area = TournamentArea(again)
    assert area.call(TESS, "show", {})["done"] == 1
    assert area.call(TESS, "round", {})["opened"] == 2


def test_the_service_serves_the_tournament_area_beside_the_tables(store, tmp_path):
    areas = open_areas(Progress(tmp_path / "records.sqlite3"), store)
    assert isinstance(areas["tournament"], TournamentArea) and areas["tournament"].store is store


@pytest.fixture()
def page(monkeypatch, tmp_path):
    """The teacher's page in a kernel signed in to the service as tess (the kernel's own tables' address names a
    file that must never be made), and the service's tables' store."""
    progress, tables = Progress(tmp_path / "records.sqlite3"), SQLiteTables(tmp_path / "tables.sqlite3")
    for name in EIGHT[:6]:
        progress.reach(name, "pymtheg", "pymtheg.deal")
    areas = {"people": PeopleArea(), "records": RecordsArea(progress), "tables": TablesArea(tables),
             "tournament": TournamentArea(tables)}
    monkeypatch.setattr(remote_records, "_whoami", {})
    monkeypatch.setattr(remote_records, "_whoami_failed", {})
    monkeypatch.setattr(classroom, "_store", None)
    people = TokenPeople({"t-tess": TESS, "t-ann": ANN})
    with serving(make_app(areas, people)) as url:
        monkeypatch.setenv("GWARI_SERVICE_URL", url)
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-tess")
        monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "kernel" / "records.sqlite3"))
        monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "kernel" / "tables.sqlite3"))
        from tutor.widgets.teacher import TeacherWidget

        yield TeacherWidget(), tables
    assert not (tmp_path / "kernel").exists()


def test_the_teachers_page_runs_a_tournament_through_the_service(page, monkeypatch):
    widget, tables = page
    assert "Tournament" in widget.render()
    widget.handle("tourneystart", None, {"tourneygame": "pymtheg", "tourneyteams": "order"})
    assert not widget.tournament.trouble, widget.tournament.note
    meta = play.latest(tables)
    assert meta["teams"] == [["ann", "bob"], ["cai", "dee"], ["eve", "fay"], [None, None]]
    assert widget.playing and all(t["code"] in widget.tournament.note for t in widget.tournament.shown["tables"])
    widget.handle("tourneybegin")
    widget.handle("tick")
    assert widget.tournament.shown["done"] == 1 and not widget.playing
    shown = widget.render()
    assert 'data-testid="standings"' in shown and "Open round 2" in shown
    widget.handle("tourneyround")
    widget.handle("tourneybegin")
    widget.handle("tick")
    meta = play.record(tables, meta["code"])
    assert play.public(meta, teacher=True) == widget.tournament.shown
    assert rules.league(sittings_of(tables, meta)) == play.standings(meta)
    assert 'data-testid="every-hand"' in widget.render() and "Open the final" in widget.render()
    # A learner's kernel, signed in as ann, is refused every teacher's request, in words; the standings it may read.
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-ann")
    from tutor.service.tournaments import ask

    with pytest.raises(TableError, match="only a teacher runs the class's tournament"):
        ask("final", {}, teacher=True)
    assert play.record(tables, meta["code"])["final"] is None
    assert ask("standings", {"game": "pymtheg"}, teacher=False)["done"] == 2


def test_the_teachers_page_refuses_an_away_time_that_is_no_number_of_seconds_and_starts_nothing(page):
    widget, tables = page
    assert not widget.handle("tourneystart", None, {"tourneygame": "pymtheg", "tourneyaway": "soon"})
    assert "The time before a bot plays for a learner who has gone (in seconds) must be a whole number" in \
        widget.render()
    assert tables.codes() == []


def test_a_learners_lobby_shows_the_standings_and_their_table(store, monkeypatch, tmp_path):
    monkeypatch.delenv("GWARI_SERVICE_URL", raising=False)
    monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "tables.sqlite3"))
    code = play.start(store, "pymtheg", EIGHT)
    from tutor.widgets.play import PlayWidget

    app = PlayWidget("pymtheg")
    app.learner = "eve"
    app.handle("classmates", "show")
    first = play.record(store, code)["rounds"][0][0]
    assert f'Your table in this round: <strong class="gw-code">{first}</strong>' in app.html
    assert "Round 1 of 2 is on." in app.html
    finish_round(store, code)
    app.handle("tick")
    assert "Round 1 of 2 has ended" in app.html and 'data-testid="standings"' in app.html
    assert "Your table in this round" not in app.html  # between rounds: no table of the round to join


@pytest.mark.parametrize("platform, words", [("emscripten", "A class tournament needs a server"),
                                             ("linux", "A class tournament: your teacher starts it")])
def test_the_gallery_says_a_tournament_needs_a_server(monkeypatch, platform, words):
    import sys

    from tutor.widgets.gallery import games_table

    monkeypatch.setattr(sys, "platform", platform)
    table = games_table(lambda stem: True)
    for slug in rules.GAMES:
        assert f'data-testid="tournament-{slug}">{words}' in table
    assert table.count("class tournament") == len(rules.GAMES)  # and no other game says it


def test_the_scoring_notebook_shows_the_class_s_last_tournament_once_its_league_is_over(store, monkeypatch, tmp_path):
    import sys

    from tutor.widgets.play_tournament import class_tournament

    monkeypatch.delenv("GWARI_SERVICE_URL", raising=False)
    monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "tables.sqlite3"))
    assert "has not finished a tournament of this game yet" in class_tournament("pymtheg").html
    code = play.start(store, "pymtheg", EIGHT)
    finish_round(store, code)
    assert "has not finished a tournament of this game yet" in class_tournament("pymtheg").html
    play.open_round(store, code)
    finish_round(store, code)
    shown = class_tournament("pymtheg").html
    assert 'data-testid="standings"' in shown and 'data-testid="every-hand"' in shown
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert "A class tournament needs a server" in class_tournament("pymtheg").html


def test_a_learner_away_for_a_while_and_back_is_told_apart_from_one_who_left(store, monkeypatch):
    code = play.start(store, "pymtheg", EIGHT[:4], away_ms=1_000)
    at = play.record(store, code)["rounds"][0][0]
    seated = {name: Table.join(store, at, name) for name in ("ann", "cai", "bob", "dee")}
    play.begin_round(store, code)
    later = store.now_ms() + 60_000
    monkeypatch.setattr(store, "now_ms", lambda: later)
    for name in ("cai", "bob", "dee"):
        store.beat(at, seated[name].seat)
    kept = {}
    play.advance(store, code, kept)  # ann is noted away
    store.beat(at, seated["ann"].seat)
    play.advance(store, code, kept)  # and back
    Table(store, at).close()  # the teacher closes the table before its end
    meta = play.advance(store, code, kept)
    assert meta["results"][at]["left"] == [] and meta["results"][at]["back"] == ["ann"]
    notes = {row["name"]: row["notes"] for row in play.public(meta)["standings"]}
    assert notes["Team 1: ann & bob"] == [
        "round 1: ann went away for a while; a bot played for them until they were back",
        "round 1: the table was closed before the end (the worst rank there)"]
    assert notes["Team 2: cai & dee"] == ["round 1: the table was closed before the end (the worst rank there)"]


def test_a_tournament_is_kept_and_played_in_every_kind_of_store(new_store):
    """SQLite, Redis and PostgreSQL keep the record as a card of its own kind beside the tables: the round is played,
    the record is skipped in the list of tables, and the standings are the league's."""
    first = new_store()
    code = play.start(first, "burn", EIGHT[:4])
    play.begin_round(first, code)
    assert play.advance(first, code)["results"] and play.rounds_done(play.record(first, code)) == 1
    assert code not in {t["code"] for t in class_tables(first)}
    shown = play.public(play.latest(first))
    assert shown["code"] == code and shown["done"] == shown["rounds"] == 1
    assert play.standings(play.record(first, code)) == rules.league(
        sittings_of(first, play.record(first, code)), lowest_best=True)


def test_a_tick_the_tournament_cannot_take_says_why_on_the_teachers_page_and_the_clock_goes_on(page, monkeypatch):
    widget, _tables = page
    widget.handle("tourneystart", None, {"tourneygame": "pymtheg", "tourneyteams": "order"})
    widget.handle("tourneybegin")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-ann")  # as if the service now refused this page's requests
    widget.handle("tick")
    assert widget.tournament.trouble and "could not be moved on just now" in widget.tournament.note
    assert "could not be moved on just now" in widget.render() and widget.playing
