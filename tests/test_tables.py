"""Tables of classmates (``tutor.tables``): opening, joining, every game played through a table, moves checked on
the server, forged moves refused, two moves at once, a restart, away seats, the race by the store's clock — the same
tests on SQLite, on a real Redis server and on a real PostgreSQL server started here; then what every store itself
promises (one move of two at once, no change lost, the first touch kept by the store's clock), and PostgreSQL's
schema versions."""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tutor.tables.pg_store as pg_store
import tutor.tables.referee as referee
from tutor.checks import IllegalMove
from tutor.games import GAMES
from tutor.tables import SQLiteTables, Table, TableBusy, TableError, class_tables, fill_tables, open_tables
from tutor.tables.pg_store import PostgresTables
from tutor.tables.redis_store import RedisTables
from tutor.tables.store import table_code, tables_store

from tests.redis_server import SERVER, redis_server

STORES = ["sqlite", "redis", "postgresql"]
PG_TABLES = "gwari_tables, gwari_table_log, gwari_table_beats, gwari_table_touches"


class ClockedTables(SQLiteTables):
    """SQLite tables whose clock the test sets (so bot steps, away seats and race ticks need no waiting)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.clock = 1_000_000

    def now_ms(self) -> int:
        return self.clock


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory):
    """A real Redis server on a socket of its own, for this module's tests (CI installs Debian's redis-server)."""
    if not os.path.exists(SERVER):
        pytest.fail("redis-server is not installed: `bash .ci/test` installs Debian's redis-server for these tests.")
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture(params=STORES)
def new_store(request, tmp_path):
    """Makes an empty store of one kind each time it is called: SQLite (a new file in ``folder``) with a clock the
    test sets; Redis and PostgreSQL (one server of each per test worker, emptied) on their servers' own clocks."""
    made: list = []

    def make(folder: Path = tmp_path):
        if request.param == "sqlite":
            made.append(ClockedTables(folder / f"tables-{len(made)}.sqlite3"))
        elif request.param == "redis":
            made.append(RedisTables(request.getfixturevalue("redis_url") + f"?db={abs(hash(request.node.name)) % 16}"))
            made[-1].redis.flushdb()
        else:
            url = request.getfixturevalue("postgres_url")
            made.append(PostgresTables(url))
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"TRUNCATE {PG_TABLES} RESTART IDENTITY")
        return made[-1]

    yield make
    for one in made:
        if isinstance(one, PostgresTables):
            one.close()


@pytest.fixture
def empty_store(new_store):
    """An empty store of each kind."""
    return new_store()


@pytest.fixture
def store(empty_store, monkeypatch):
    """Each store, with the table's pacing set to nothing (bots move as soon as they are asked)."""
    monkeypatch.setattr(referee, "BOT_STEP_MS", 0)
    monkeypatch.setattr(referee, "ROUND_STEP_MS", 0)
    monkeypatch.setattr(referee, "OFFER_WAIT_MS", 0)
    return empty_store


def reopened(store):
    """The same store opened again, as a server started again opens it."""
    return type(store)(store.path) if isinstance(store, SQLiteTables) else tables_store(store.url)


def later(store, ms: int) -> None:
    """Let ``ms`` pass on the store's clock: the test's own clock moved on, or a real wait on a server's."""
    if isinstance(store, ClockedTables):
        store.clock += ms
    else:
        time.sleep(ms / 1000)


def play_to_end(tables: list[Table], limit: int = 20_000) -> None:
    """Learners play by their hints, bots by ``advance``; races pressed at once."""
    watcher = tables[0]
    for _ in range(limit):
        watcher.sync()
        if watcher.state.is_over:
            watcher.advance()
            return
        moved = False
        for table in tables:
            table.sync()
            state = table.state
            if table.race is not None:
                table.touch()
            elif table.asked == table.seat:  # a question put to this learner: the true answer
                table.answer(table.true_answer())
                moved = True
            elif table.pending is None and state.current_player == table.seat and not table.is_bot(table.seat):
                table.move(table.hint()[0])
                moved = True
        if not moved and not watcher.advance():
            if watcher.race is not None and hasattr(watcher.store, "clock"):
                watcher.store.clock += 1_000
            elif watcher.race is not None:
                time.sleep(0.02)
            else:
                raise AssertionError(f"the table is stuck at {watcher.state.status()}")
    raise AssertionError("the game did not end")


# -- opening, joining, starting


def test_a_table_is_opened_joined_and_started_with_bots_in_the_empty_seats(store):
    host = Table.open(store, "burn", 4, "Tamsin", level="random")
    assert host.seat == 0 and host.status == "open" and len(host.code) == 5
    jory = Table.join(store, host.code.lower(), "Jory")
    assert jory.seat == 1
    assert [t["code"] for t in open_tables(store)] == [host.code]
    assert open_tables(store)[0]["free"] == 2
    with pytest.raises(TableError, match="Only the learner who opened"):
        jory.start()
    host.start()
    assert host.status == "playing" and host.meta["bots"] == [2, 3]
    assert host.names[:2] == ["Tamsin", "Jory"] and None not in host.names
    assert open_tables(store) == []
    with pytest.raises(TableError, match="has started"):
        Table.join(store, host.code, "Ana")
    with pytest.raises(TableError, match="is a bot"):
        Table.join(store, host.code, host.names[2])
    with pytest.raises(TableError, match="already started"):
        host.start()


def test_a_learner_gets_their_seat_back_with_their_key_and_not_without_it(store):
    host = Table.open(store, "cassino", 2, "Tamsin")
    again = Table.join(store, host.code, "Tamsin", key=host.key)
    assert again.seat == 0
    with pytest.raises(TableError, match="already sits"):
        Table.join(store, host.code, "Tamsin")
    hub = Table.join(store, host.code, "Tamsin", trusted=True)  # the hub's user: a new key, the old one void
    assert hub.seat == 0 and hub.key != host.key
    with pytest.raises(TableError, match="seat key"):
        Table(store, host.code, host.key)
    with pytest.raises(TableError, match="seat key"):
        Table.join(store, host.code, "Tamsin", key="not-a-key-at-all")


@pytest.mark.parametrize("bad, field", [
    (dict(game="whist"), "whist"), (dict(players=9), "players"), (dict(options={"jokers": "yes"}), "jokers"),
    (dict(level="grandmaster"), "bot level"), (dict(away_ms=5), "away time"), (dict(name=""), "learner name"),
    (dict(seed=-1), "seed")])
def test_a_table_with_a_wrong_setting_is_refused_naming_it_and_nothing_is_kept(store, bad, field):
    settings = dict(game="chwech", players=4, name="Tamsin") | bad
    with pytest.raises((TableError, IllegalMove, ValueError, KeyError), match=field):
        Table.open(store, settings.pop("game"), settings.pop("players"), settings.pop("name"), **settings)
    assert store.codes() == []


@pytest.mark.parametrize("code", ["", "ABC", "K7RQ0", 12345, None, "K7RQMX"])
def test_a_malformed_table_code_is_refused_in_words(code):
    with pytest.raises(TableError, match="table code"):
        table_code(code)


def test_a_code_nobody_opened_is_refused(store):
    with pytest.raises(TableError, match="no table"):
        Table.join(store, "K7RQM", "Jory")


def test_a_full_table_and_a_closed_table_refuse_newcomers(store):
    host = Table.open(store, "cassino", 2, "Tamsin")
    Table.join(store, host.code, "Jory")
    with pytest.raises(TableError, match="full"):
        Table.join(store, host.code, "Pol")
    host.close()
    with pytest.raises(TableError, match="closed"):
        Table.join(store, host.code, "Pol")


# -- every game through a table


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_plays_to_its_end_at_a_table_of_two_learners_and_bots(store, slug):
    game = GAMES[slug]
    players = max(game.min_players, min(3, game.max_players))
    host = Table.open(store, slug, players, "Tamsin", level="random", seed=11,
                      options={"short": True} if "short" in game.options() else {})
    jory = Table.join(store, host.code, "Jory")
    host.start()
    play_to_end([host, jory])
    assert host.status == "over" and host.summary()["scores"] is not None
    # Every seat, and a server started again from the store alone, replays the log to the same game.
    restarted = Table(reopened(store), host.code, jory.key)
    jory.sync()
    assert restarted.state == jory.state == host.state
    assert restarted.view() == host.state.view(1)


def test_a_seat_sees_its_own_hand_only_and_a_look_from_no_seat_sees_none(store):
    host = Table.open(store, "gwra-pyskessa", 3, "Tamsin")
    jory = Table.join(store, host.code, "Jory")
    host.start()
    assert jory.view() is None  # the game has started, but this page has not looked since
    jory.sync()
    view = jory.view()
    assert all(card is not None for card in view.seats[1].hand)
    assert all(card is None for seat in (0, 2) for card in view.seats[seat].hand)
    teacher = Table(store, host.code)
    with pytest.raises(TableError, match="not its cards"):
        teacher.view()
    summary = json.dumps(teacher.summary())
    assert not any(str(card) in summary.split('"') for card in host.state.cards())
    assert [row["code"] for row in class_tables(store)] == [host.code]


# -- the server decides: forged moves, two at once


def test_a_move_for_another_seat_or_out_of_turn_is_refused_and_nothing_is_kept(store):
    host = Table.open(store, "cassino", 2, "Tamsin", seed=3)
    jory = Table.join(store, host.code, "Jory")
    host.start()
    mover, other = (host, jory) if host.state.current_player == 0 else (jory, host)
    move = mover.state.legal_actions()[0]
    with pytest.raises(TableError, match="turn, not yours"):
        other.move(move)  # the other page sends the mover's move: its kernel acts for its own seat only
    watcher = Table(store, host.code)
    with pytest.raises(TableError, match="watching"):
        watcher.move(move)
    with pytest.raises(IllegalMove):
        mover.move("capture 99")  # not a move of the game
    assert store.version(host.code) == 0


def test_a_move_on_a_finished_or_closed_table_is_refused(store):
    host = Table.open(store, "carts-tity", 2, "Tamsin", level="random")
    Table.join(store, host.code, "Jory")
    host.start()
    jory = Table(store, host.code, Table.join(store, host.code, "Jory", trusted=True).key)
    play_to_end([host, jory])
    with pytest.raises(TableError, match="over"):
        host.move("pass")
    other = Table.open(store, "carts-tity", 2, "Tamsin")
    other.start()
    other.close()
    with pytest.raises(TableError, match="closed"):
        other.move(other.state.legal_actions()[0])


def test_two_moves_at_the_same_moment_give_one_move_and_one_clear_refusal(store):
    host = Table.open(store, "gwra-pyskessa", 3, "Tamsin", seed=5)
    host.start()
    tabs = [Table(store, host.code, host.key) for _ in range(2)]  # one learner, two pages (or a double click)
    while host.state.current_player != 0:
        host.advance()
    for tab in tabs:
        tab.sync()
    moves = [tab.state.legal_actions()[i % len(tab.state.legal_actions())] for i, tab in enumerate(tabs)]
    outcomes: list[object] = []
    barrier = threading.Barrier(2)

    def press(tab: Table, move: object) -> None:
        barrier.wait()
        try:
            tab.move(move)
            outcomes.append("kept")
        except (TableBusy, TableError) as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=press, args=pair) for pair in zip(tabs, moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("kept") == 1, outcomes
    assert any(isinstance(o, TableBusy) or "turn" in str(o) for o in outcomes)
    host.sync()
    assert host.version == store.version(host.code) >= 1
    assert host.state == Table(store, host.code).state  # the table is whole


def test_a_decision_made_ahead_in_a_round_everyone_decides_at_once_waits_unseen_for_its_turn(store):
    host = Table.open(store, "pig", 3, "Tamsin", seed=2)
    jory = Table.join(store, host.code, "Jory")
    pol = Table.join(store, host.code, "Pol")
    host.start()
    first = host.state.current_player
    later = next(t for t in (host, jory, pol) if t.seat != first and t.seat in host.state.current_players)
    with pytest.raises(IllegalMove):
        later.move("pass XX")  # a card that is not there: refused at once, nothing kept
    assert store.version(host.code) == 0
    card = later.view().seats[later.seat].hand[0]
    choice = later.state.legal_actions()[0]  # the first seat's moves have the same shape
    text = str(choice).split()[0] + " " + str(card)
    later.move(text)
    assert later.seat in later.queued
    watcher = next(t for t in (host, jory, pol) if t.seat == first)
    watcher.sync()
    assert str(card) not in " ".join(str(getattr(e, "text", e)) for _n, e in watcher.lines)
    with pytest.raises(TableError, match="already chosen"):
        later.move(text)


# -- away seats, the race


def test_a_question_to_a_learner_waits_for_their_answer_and_an_answer_their_hand_does_not_allow_is_refused(store):
    """Gwra Pyskessa: Tamsin asks Jory; the move is carried out once Jory gives the true answer (G3/G4)."""
    host = Table.open(store, "gwra-pyskessa", 3, "Tamsin", level="random", seed=4)
    jory = Table.join(store, host.code, "Jory")
    host.start()
    while host.state.current_player != 0 or host.pending is not None:  # the bot's asks answered by who is asked
        asked = host if host.asked == 0 else jory if host.asked == 1 else None
        if asked is not None:
            asked.sync()
            asked.answer(asked.true_answer())
        else:
            assert host.advance()
        host.sync()
    ask = next(a for a in host.state.legal_actions() if a.target == 1)
    before = host.state
    host.move(ask)
    jory.sync()
    assert host.pending is not None and host.state is before and jory.asked == 1 and host.asked == 1
    asker, said, gloss = jory.question()
    assert asker == 0 and said.startswith("Jory, eus ") and gloss.startswith("Jory, have you got any ")
    with pytest.raises(TableError, match="Nobody has asked you"):
        host.answers()
    with pytest.raises(TableError, match="Jory is answering"):
        host.move(host.state.legal_actions()[0])
    assert host.advance() == 0  # nobody answers for a learner who is there
    true, false = sorted(jory.answers(), key=lambda a: bool(a.rule))
    version = jory.version
    with pytest.raises(IllegalMove) as refused:
        jory.answer(false.key)
    assert refused.value.rule in ("pyskessa.give-all", "pyskessa.go-fish") and refused.value.rule == false.rule
    with pytest.raises(TableError, match="not an answer on offer"):
        jory.answer("perhaps")
    assert store.version(host.code) == version and jory.pending is not None
    jory.answer(true.key)
    host.sync()
    assert host.pending is None and str(host.record.actions[-1]) == str(ask)
    assert host.state == jory.state == before.apply(ask)
    # A server started again replays the question and its answer to the same game.
    restarted = Table(reopened(store), host.code, jory.key)
    assert restarted.state == jory.state and restarted.pending is None


def answered_at_a_table(store, holds: bool) -> tuple[Table, Table, object, object]:
    """Two learners at a Gwra Pyskessa table (seed 7): whoever's turn it is asks the other for a rank the other
    holds (``holds``) or does not; returns (asker, asked, the ask, the state before it) once the question waits."""
    host = Table.open(store, "gwra-pyskessa", 2, "Tamsin", seed=7)
    jory = Table.join(store, host.code, "Jory")
    host.start()
    jory.sync()
    asker, asked = (host, jory) if host.state.current_player == host.seat else (jory, host)
    theirs = {c.rank for c in asker.state.hands[asked.seat]}
    ask = next(a for a in asker.state.legal_actions() if (a.rank in theirs) == holds)
    before = asker.state
    asker.move(ask)
    asked.sync()
    assert asked.asked == asked.seat and asker.state is before
    return asker, asked, ask, before


@pytest.mark.parametrize("holds", [True, False], ids=["holds", "holds-none"])
def test_pyskessa_give_all_and_go_fish_answered_at_a_table(store, holds):
    """G3 / G4 at a table: the one asked answers "Eus" and hands over every card of the rank when they hold it
    (pyskessa.give-all), "Nag eus. Gwra pyskessa!" when they do not (pyskessa.go-fish); the other answer is
    refused naming that rule and keeps nothing, and the true one carries the ask out as the engine does."""
    rule = "pyskessa.give-all" if holds else "pyskessa.go-fish"
    asker, asked, ask, before = answered_at_a_table(store, holds)
    true, false = sorted(asked.answers(), key=lambda a: bool(a.rule))
    assert false.rule == rule
    version = asked.version
    with pytest.raises(IllegalMove) as refused:
        asked.answer(false.key)
    assert refused.value.rule == rule and store.version(asker.code) == version and asked.pending is not None
    asked.answer(true.key)
    asker.sync()
    assert asker.pending is None and asker.state == asked.state == before.apply(ask)
    rules = [e.rule for _n, e in asker.lines if getattr(e, "rule", None)]
    assert rule in rules
    held = [c for c in before.hands[asked.seat] if c.rank == ask.rank]
    assert bool(held) == holds
    left = asker.state.hands[asked.seat]
    assert not any(c.rank == ask.rank for c in left) and len(left) == len(before.hands[asked.seat]) - len(held)


def until_the_bot_asks(host: Table) -> None:
    """Tamsin (seat 0) makes her first legal move at each turn until the bot's question waits for her answer."""
    for _ in range(200):
        if host.pending is not None or host.state.is_over:
            return
        if host.state.current_player == 0:
            host.move(host.state.legal_actions()[0])
        else:
            host.advance()


def test_a_bots_question_waits_for_the_learner_and_an_away_learners_answer_is_given_for_them(tmp_path, monkeypatch):
    monkeypatch.setattr(referee, "BOT_STEP_MS", 0)
    store = ClockedTables(tmp_path / "tables.sqlite3")
    host = Table.open(store, "gwra-pyskessa", 2, "Tamsin", level="random", seed=3, away_ms=1_000)
    host.start()  # the bot plays seat 1
    until_the_bot_asks(host)
    assert host.pending is not None and host.asked == 0 and host.pending[0] == 1
    said = host.question()[1]
    assert said.startswith("Tamsin, eus ")
    host.answer(host.true_answer())
    assert host.pending is None and host.reasons  # the bot's move is carried out, with its reason
    until_the_bot_asks(host)  # it asks again; this time Tamsin has gone silent
    assert host.pending is not None
    store.clock += 5_000
    assert host.advance() == 1 and host.is_bot(0)  # Tamsin is away
    assert host.advance() == 1 and host.pending is None  # her answer is given for her


def test_a_decision_made_ahead_is_dropped_when_its_round_is_cut_short(store):
    """Pig: Hedyn touches his nose ahead of his turn; Lowdy, before him, touches hers at her turn: the race is on,
    and Hedyn's decision, made for a passing round that is over, is dropped: he races with the others."""
    lowdy = Table.open(store, "pig", 3, "Lowdy", seed=772, options={"short": True})
    hedyn = Table.join(store, lowdy.code, "Hedyn")
    tamsin = Table.join(store, lowdy.code, "Tamsin")
    lowdy.start()
    for table, move in ((lowdy, "pass KC"), (hedyn, "pass KS"), (tamsin, "pass KH"), (tamsin, "pass AC"),
                        (lowdy, "pass KH"), (hedyn, "pass QS"), (hedyn, "nose")):
        table.move(move)
    lowdy.sync()
    assert lowdy.queued == {1: "nose"} and lowdy.race is None
    lowdy.move("nose")
    for table in (lowdy, hedyn, tamsin):
        table.sync()
        assert table.race is not None and table.queued == {} and 1 in table.state.current_players
    assert hedyn.state == lowdy.state == tamsin.state


def test_a_silent_seat_is_played_by_a_bot_and_everyone_is_told_and_told_restartedwhen_it_is_back(tmp_path, monkeypatch):
    monkeypatch.setattr(referee, "BOT_STEP_MS", 0)
    store = ClockedTables(tmp_path / "tables.sqlite3")
    host = Table.open(store, "gwra-pyskessa", 2, "Tamsin", away_ms=1_000)
    jory = Table.join(store, host.code, "Jory")
    host.start()
    store.clock += 5_000
    host.beat()
    assert host.advance() == 1
    assert host.lines[-1][1].text == "Jory is away: a bot plays for them until they are back."
    assert host.is_bot(1)
    while host.state.current_player != 1 and not host.state.is_over:
        host.move(host.hint()[0])
    assert host.advance() == 1  # the bot moved for Jory (its ask waits for Tamsin's answer)
    if host.asked == 0:
        host.answer(host.true_answer())
    assert host.lines[-1][0] == host.version - 1
    jory.beat()
    host.advance()
    assert host.lines[-1][1].text == "Jory is back." and not host.is_bot(1)


def test_in_the_race_the_first_touch_by_the_servers_clock_is_first(store):
    """Four learners, no bots: whoever touches last, by the store's clock, is the pig — even within one tick."""
    host = Table.open(store, "pig", 4, "Tamsin", seed=4, options={"short": True})
    tables = [host] + [Table.join(store, host.code, name) for name in ("Jory", "Pol", "Kerensa")]
    host.start()
    for _ in range(500):
        for table in tables:
            table.sync()
        if host.race is not None:
            break
        mover = tables[host.state.current_player]
        mover.move(mover.hint()[0])
    assert host.race is not None, "nobody made four of a kind"
    looking = [t for t in tables if t.seat in host.state.current_players]
    order = sorted(looking, key=lambda t: -t.seat)  # touch in an order the seats do not give
    for table in order:
        later(store, 50)
        table.touch()
    for _ in range(50):
        later(store, 250)
        host.advance()
        if host.race is None:
            break
    pig = [e for _n, e in host.lines if getattr(e, "rule", "") == "pig.pig"]
    assert pig and pig[-1].player == order[-1].seat


def test_a_learner_late_for_a_class_table_takes_their_seat_from_the_bot_and_nobody_takes_a_bots_seat(store):
    teacher = Table.open(store, "gwra-pyskessa", 3, seats=["Ana", "Bryok", None])
    ana = Table.join(store, teacher.code, "Ana")
    teacher.start()
    assert teacher.meta["bots"] == [1, 2] and teacher.names[1] == "Bryok"
    with pytest.raises(TableError, match="is a bot"):
        Table.join(store, teacher.code, teacher.names[2])  # a learner who types the bot's name
    bryok = Table.join(store, teacher.code, "Bryok")
    assert bryok.seat == 1 and not bryok.is_bot(1)
    assert bryok.lines[-1][1].text == "Bryok has come: they take their seat from the bot."
    ana.sync()
    assert ana.lines[-1][1].text == bryok.lines[-1][1].text


# -- malformed input: only TableError / IllegalMove / ValueError comes out, and the table does not change

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=40),
                 st.binary(max_size=10), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5),
                                                                                             st.integers(), max_size=3))


@given(data=st.data())
def test_the_table_entry_points_refuse_malformed_input_and_change_nothing(new_store, tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    store = new_store(folder)
    host = Table.open(store, "cassino", 2, "Tamsin", seed=1)
    jory = Table.join(store, host.code, "Jory")
    host.start()
    before = (store.meta(host.code), store.version(host.code))
    which = data.draw(st.sampled_from(["open", "join", "move", "key", "code", "seats", "fill", "store",
                                         "answer"]))
    junk = data.draw(JUNK)
    calls = {
        "open": lambda: Table.open(store, junk, 2, "Ana") if data.draw(st.booleans()) else
        Table.open(store, "cassino", junk, "Ana", level=data.draw(JUNK) if data.draw(st.booleans()) else "strong"),
        "join": lambda: Table.join(store, host.code, junk),
        "move": lambda: (host if host.state.current_player == 0 else jory).move(junk),
        "key": lambda: Table(store, host.code, junk),
        "code": lambda: Table.join(store, junk, "Ana"),
        "seats": lambda: Table.open(store, "cassino", 2, seats=junk),
        "fill": lambda: fill_tables(store, "cassino", junk, data.draw(JUNK)),
        "store": lambda: tables_store(junk),
        "answer": lambda: jory.answer(junk),  # nothing was asked at a Cassino table
    }
    try:
        with contextlib.chdir(folder):  # a junk path that is a sound file name lands here, not in the checkout
            calls[which]()
    except (TableError, IllegalMove, ValueError):
        pass
    else:
        # Only these may take what was drawn as sound (a new table, a name, a file name); a move, a key or a code
        # taken from junk is the defect this test is for.
        # (no key at all is the teacher's look from no seat)
        assert which in ("open", "join", "seats", "fill", "store") or (which, junk) == ("key", None), \
            f"{which} took {junk!r}"
    assert (store.meta(host.code), store.version(host.code)) == before


# -- what every store promises, asked of the store itself (each thread with its own connection, as each kernel)


def at_once(count: int, action) -> list[object]:
    """``action(i)`` in ``count`` threads let go together; what each returned or raised, in order."""
    barrier = threading.Barrier(count)
    out: list[object] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = action(i)
        except Exception as exc:  # noqa: BLE001 - what each thread met is the test's to judge
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out


def test_moves_appended_at_once_at_one_version_keep_one_and_refuse_the_others(empty_store):
    code = empty_store.create({"game": "pig"})
    for version in (0, 2, 4):
        kept = at_once(6, lambda i: empty_store.append(code, version, [{"seat": i}, {"seat": i, "then": True}]))
        assert sorted(kept, key=str) == [False] * 5 + [True], kept
        assert empty_store.version(code) == version + 2
    log = empty_store.entries(code)
    assert len(log) == 6 and all(a["seat"] == b["seat"] and b["then"] for a, b in zip(log[::2], log[1::2]))
    assert empty_store.append(code, 2, [{"late": True}]) is False and empty_store.version(code) == 6


def test_a_card_changed_by_many_at_once_loses_no_change(empty_store):
    code = empty_store.create({"count": 0})

    def count(_i: int) -> None:
        for _ in range(5):
            empty_store.change_meta(code, lambda meta: {**meta, "count": meta["count"] + 1})

    assert at_once(6, count) == [None] * 6
    assert empty_store.meta(code) == {"code": code, "count": 30}


def test_a_card_change_that_is_refused_changes_nothing(empty_store):
    code = empty_store.create({"status": "open"})

    def refuse(meta):
        meta["status"] = "playing"  # changed in hand, then refused: the store must keep what it had
        raise TableError("The table is full.")

    with pytest.raises(TableError, match="full"):
        empty_store.change_meta(code, refuse)
    assert empty_store.meta(code) == {"code": code, "status": "open"}
    with pytest.raises(TableError, match="no table"):
        empty_store.change_meta("K7RQM", lambda meta: meta)
    with pytest.raises(TableError, match="no table"):
        empty_store.meta("K7RQM")


def test_touches_beats_and_entries_are_timed_by_the_stores_clock_and_a_race_keeps_each_seats_first_touch(empty_store):
    code = empty_store.create({"game": "pig"})
    before = empty_store.now_ms()
    firsts = at_once(4, lambda i: empty_store.touch(code, 7, 1))  # one learner's four pages touch at once
    assert len(set(firsts)) == 1 and before <= firsts[0] <= empty_store.now_ms()
    later(empty_store, 20)
    assert empty_store.touch(code, 7, 1) == firsts[0]  # a later touch keeps the first one's time
    times = []
    for seat in (3, 0, 2):
        later(empty_store, 5)
        times.append(empty_store.touch(code, 7, seat))
    assert times == sorted(times) and times[0] > firsts[0]
    assert empty_store.touches(code, 7) == {1: firsts[0], 3: times[0], 0: times[1], 2: times[2]}
    assert empty_store.touches(code, 8) == {}
    beat = empty_store.beat(code, 2)
    assert empty_store.beats(code) == {2: beat} and beat >= times[-1]
    assert empty_store.append(code, 0, [{"seat": 0}])
    assert beat <= empty_store.entries(code)[0]["at"] <= empty_store.now_ms()


def test_codes_are_listed_oldest_first_and_a_table_nobody_opened_has_an_empty_log(empty_store):
    made = [empty_store.create({"n": n}) for n in range(5)]
    assert empty_store.codes() == made and len(set(made)) == 5
    assert [empty_store.meta(code)["n"] for code in made] == list(range(5))
    assert empty_store.version("K7RQM") == 0 and empty_store.entries("K7RQM") == []


# -- PostgreSQL: the schema's versions, a server that cannot be reached


def database(url: str, name: str) -> str:
    """A new, empty database ``name`` on the server at ``url`` (dropped first if a test left it); its address."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


def schema_of(url: str) -> tuple[list[tuple], list[str]]:
    with psycopg.connect(url) as conn:
        versions = conn.execute("SELECT part, version FROM schema_version ORDER BY part").fetchall()
        columns = [row[0] for row in conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                                  "table_name = 'gwari_tables' ORDER BY ordinal_position")]
    return versions, columns


def test_a_new_database_is_given_the_tables_schema_once_even_by_servers_starting_together(postgres_url):
    url = database(postgres_url, "fresh")
    stores = at_once(4, lambda i: PostgresTables(url))
    assert all(isinstance(s, PostgresTables) for s in stores), stores
    assert sorted(s.found_version for s in stores) == [0, 1, 1, 1]  # one brought it up to date; the others found it
    assert schema_of(url)[0] == [("tables", pg_store.SCHEMA_VERSION)] and pg_store.SCHEMA_VERSION == 1
    code = stores[0].create({"game": "pig"})
    assert [s.codes() for s in stores] == [[code]] * 4
    for s in stores:
        s.close()


def test_a_database_at_an_earlier_version_is_migrated_in_order_keeping_its_tables(postgres_url, monkeypatch):
    url = database(postgres_url, "earlier")
    first = PostgresTables(url)
    code = first.create({"game": "pig"})
    assert first.append(code, 0, [{"seat": 0}])
    first.close()
    monkeypatch.setattr(pg_store, "MIGRATIONS", pg_store.MIGRATIONS + (
        (2, "ALTER TABLE gwari_tables ADD COLUMN closed bigint"),
        (3, "ALTER TABLE gwari_tables RENAME COLUMN closed TO ended")))  # 3 applies only after 2
    monkeypatch.setattr(pg_store, "SCHEMA_VERSION", 3)
    later_ = PostgresTables(url)
    assert later_.found_version == 1
    versions, columns = schema_of(url)
    assert versions == [("tables", 3)] and columns[-1] == "ended" and "closed" not in columns
    assert later_.meta(code)["game"] == "pig" and later_.version(code) == 1 and later_.entries(code)[0]["seat"] == 0
    assert PostgresTables(url).found_version == 3  # nothing is applied twice
    later_.close()


def test_a_database_from_a_later_gwari_is_refused_by_name_and_left_as_it_was(postgres_url):
    url = database(postgres_url, "newer")
    PostgresTables(url).close()
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE schema_version SET version = 9 WHERE part = 'tables'")
        conn.execute("ALTER TABLE gwari_tables ADD COLUMN from_later text")
    with pytest.raises(TableError, match="schema version 9, made by a later Gwari"):
        PostgresTables(url)
    assert schema_of(url) == ([("tables", 9)], ["code", "seq", "meta", "version", "made", "from_later"])


def test_a_server_that_cannot_be_reached_is_refused_by_name_without_its_password(tmp_path):
    url = f"postgresql://gwari:s3cret@/gwari?host={tmp_path}&connect_timeout=2"
    with pytest.raises(TableError, match="PostgreSQL server at postgresql://gwari:\\*\\*\\*@/gwari") as refused:
        PostgresTables(url)
    assert "s3cret" not in str(refused.value)
    with pytest.raises(TableError, match="not a PostgreSQL address"):
        PostgresTables("mysql://gwari@db/gwari")


def test_a_connection_the_server_drops_is_a_table_error_and_the_next_call_connects_again(postgres_url):
    store = PostgresTables(postgres_url)
    code = store.create({"game": "pig"})
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        pids = store._run(lambda own: own.info.backend_pid)
        conn.execute("SELECT pg_terminate_backend(%s)", (pids,))
    with pytest.raises(TableError, match="cannot be reached"):
        store.meta(code)
    assert store.meta(code)["game"] == "pig"
    store.close()


def test_a_card_held_too_long_by_another_server_is_a_table_error_not_a_page_held_for_ever(postgres_url, monkeypatch):
    monkeypatch.setattr(pg_store, "TIMEOUT_MS", 200)
    store = PostgresTables(postgres_url)
    code = store.create({"status": "open"})
    holder = psycopg.connect(postgres_url)  # another server's transaction, stuck while it holds the card
    holder.execute("SELECT meta FROM gwari_tables WHERE code = %s FOR UPDATE", (code,))
    letting_go = threading.Timer(5.0, holder.rollback)  # were there no limit, the change would wait until then
    letting_go.start()
    try:
        with pytest.raises(TableError, match="did not answer"):
            store.change_meta(code, lambda meta: {**meta, "status": "playing"})
    finally:
        letting_go.cancel()
        holder.rollback()
        holder.close()
    assert store.meta(code)["status"] == "open"  # nothing changed, and the connection serves on
    assert store.change_meta(code, lambda meta: {**meta, "status": "playing"})["status"] == "playing"
    store.close()


def test_a_thread_that_has_ended_leaves_no_connection_open(postgres_url):
    url = database(postgres_url, "threads")
    store = PostgresTables(url)

    def open_connections() -> int:
        with psycopg.connect(url) as conn:
            return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                "AND pid <> pg_backend_pid()").fetchone()[0]

    for _ in range(8):  # one short-lived thread after another, as a server may hand a page's calls around
        thread = threading.Thread(target=store.version, args=("K7RQM",))
        thread.start()
        thread.join()
    assert open_connections() <= 2  # this thread's, and the last thread's until another connects
    assert store.version("K7RQM") == 0
    store.close()
    assert open_connections() == 0
