"""A table survives bad data (``tutor.tables.damage``): an entry of a table's log or a table's card written by a process
with access to the store (an old backup put back, a hand edit, a program that wrote what the referee never would)
closes that table in words naming the move, on its card, so every page says the same; the game before it is kept,
other tables play on, a new look at the table opens and shows the reason rather than raising, and the play app tells
the learner at the table's place, after a reload too.  The same on SQLite, on a real Redis server and on a real
PostgreSQL server started here."""

from __future__ import annotations

import json
import sqlite3

import psycopg
import pytest

import tutor.tables.referee as referee
from tutor import classroom
from tutor.tables import SQLiteTables, Table, TableError, class_tables, open_tables, tables_store
from tutor.tables.redis_store import RedisTables
from tutor.widgets import PlayWidget

from tests.test_tables import PG_TABLES, redis_url  # noqa: F401 (redis_url: the Redis server's fixture)

STORES = ["sqlite", "redis", "postgresql"]


@pytest.fixture(params=STORES)
def address(request, tmp_path, monkeypatch):
    """Where an empty store of each kind is (the class's tables, ``$GWARI_TABLES``); bots move as soon as asked."""
    for name in ("BOT_STEP_MS", "ROUND_STEP_MS", "OFFER_WAIT_MS"):
        monkeypatch.setattr(referee, name, 0)
    if request.param == "sqlite":
        where = str(tmp_path / "tables.sqlite3")
    elif request.param == "redis":
        where = request.getfixturevalue("redis_url") + f"?db={abs(hash(request.node.name)) % 16}"
        tables_store(where).redis.flushdb()
    else:
        where = request.getfixturevalue("postgres_url")
        tables_store(where).close()  # the tables' schema, made once
        with psycopg.connect(where, autocommit=True) as conn:
            conn.execute(f"TRUNCATE {PG_TABLES} RESTART IDENTITY")
    monkeypatch.setenv("GWARI_TABLES", where)
    return where


@pytest.fixture
def store(address):
    made = tables_store(address)
    yield made
    if hasattr(made, "close"):
        made.close()


def plant(store, code: str, text: str) -> int:
    """Write ``text`` at the end of table ``code``'s log as a process with access to the store could (nothing
    checked); returns its place in the log."""
    n = store.version(code)
    if isinstance(store, SQLiteTables):
        with sqlite3.connect(store.path) as conn:
            conn.execute("INSERT INTO entries (code, n, entry) VALUES (?, ?, ?)", (code, n, text))
    elif isinstance(store, RedisTables):
        store.redis.rpush(store._key("log", code), text)
    else:
        with psycopg.connect(store.url, autocommit=True) as conn:
            conn.execute("INSERT INTO gwari_table_log (code, n, entry) VALUES (%s, %s, %s)", (code, n, text))
            conn.execute("UPDATE gwari_tables SET version = version + 1 WHERE code = %s", (code,))
    return n


def plant_card(store, code: str, text: str) -> None:
    """Write ``text`` in place of table ``code``'s card, as a hand edit could."""
    if isinstance(store, SQLiteTables):
        with sqlite3.connect(store.path) as conn:
            conn.execute("UPDATE tables SET meta = ? WHERE code = ?", (text, code))
    elif isinstance(store, RedisTables):
        store.redis.set(store._key("table", code), text)
    else:
        with psycopg.connect(store.url, autocommit=True) as conn:
            conn.execute("UPDATE gwari_tables SET meta = %s WHERE code = %s", (text, code))


def under_way(store) -> Table:
    """Tamsin's table of Burn against three bots, a few moves in, at a bot's move."""
    host = Table.open(store, "burn", 4, "Tamsin", level="random", seed=3)
    host.start()
    for _ in range(200):
        if host.version >= 5 and host.state.current_player != 0:
            return host
        if host.state.current_player == 0:
            host.move(host.hint()[0])
        else:
            host.advance()
    raise AssertionError("the bots did not move")


def illegal(state) -> str:
    """A move written as Burn writes moves that the rule book forbids now: a card from another seat's hand."""
    mover = state.current_player
    for seat, hand in enumerate(state.view(None).seats):
        if seat != mover:
            return f"play {hand.hand[0]}"
    raise AssertionError("no other hand")


# Each kind of damage: the entry as planted (for the seat to move) and the words that name it.
DAMAGE = {
    "unknown notation": (lambda s, st: {"seat": s, "move": "play ZZ99", "kind": "move", "by": "bot", "at": 1},
                         lambda s, st: f"seat {s + 1}'s 'play ZZ99' is not a move in Burn"),
    "an illegal move": (lambda s, st: {"seat": s, "move": illegal(st), "kind": "move", "by": "bot", "at": 1},
                        lambda s, st: f"seat {s + 1}'s '{illegal(st)}' is against the rule book"),
    "a move out of turn": (lambda s, st: {"seat": (s + 1) % 4, "move": str(st.legal_actions()[0]), "at": 1},
                           lambda s, st: f"it is seat {s + 1}'s move"),
    "a seat out of range": (lambda s, st: {"seat": 7, "move": str(st.legal_actions()[0]), "kind": "move"},
                            lambda s, st: "seat 8 is not a seat at this table of 4"),
    "a wrong field type": (lambda s, st: {"seat": str(s), "move": str(st.legal_actions()[0]), "kind": "move"},
                           lambda s, st: f"its seat '{s}' is not a seat's number"),
    "a move that is not text": (lambda s, st: {"seat": s, "move": 42, "kind": "move"},
                                lambda s, st: f"seat {s + 1}'s move 42 is not written as a move"),
    "an answer to nothing": (lambda s, st: {"seat": 1, "kind": "answer", "answer": "yes", "by": "away"},
                             lambda s, st: "seat 2 answers a question nobody asked"),
    "a note that is no sentence": (lambda s, st: {"note": ["away"], "away": 1},
                                   lambda s, st: "its note ['away'] is not a sentence"),
    "a list": (lambda s, st: [s, "play F7"], lambda s, st: "is not a move, an answer or a note"),
    "text that is not JSON": (lambda s, st: "{seat: 1, move", lambda s, st: "is not a move, an answer or a note"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_entry_closes_the_table_in_words_naming_the_move_and_keeps_the_game_before_it(store, kind):
    host = under_way(store)
    other = Table.open(store, "cassino", 2, "Pol")  # another table of the class, not yet started
    mover, before = host.state.current_player, host.state
    entry, words = DAMAGE[kind]
    planted = entry(mover, before)
    n = plant(store, host.code, planted if isinstance(planted, str) else json.dumps(planted))
    expected = (f"Table {host.code}: its record is damaged at move {n + 1} ({words(mover, before)}")
    # A new look at the table opens and says why it is closed; the game up to the move before is kept.
    again = Table(store, host.code, host.key)
    assert again.status == "closed" and again.damage.startswith(expected.split(" (")[0])
    assert words(mover, before) in again.damage and f"the game up to move {n} is kept" in again.damage
    assert again.state == before and again.version == n
    # The card says so, for every page and the lists of tables.
    card = store.meta(host.code)
    assert card["status"] == "closed" and card["damaged"] == again.damage
    assert Table(store, host.code).summary()["damaged"] == again.damage
    # The page that held the table reads it on its next tick: no exception, no move, the same words.
    assert host.advance() == 0 and host.status == "closed" and host.damage == again.damage
    with pytest.raises(TableError, match="record is damaged"):
        host.move(str(before.legal_actions()[0]))
    with pytest.raises(TableError, match="record is damaged"):
        Table.join(store, host.code, "Tamsin", trusted=True)
    assert store.version(host.code) == n + 1  # nothing more was written after the damage
    # The other table is untouched: listed, joined, started and played.
    assert [t["code"] for t in open_tables(store)] == [other.code]
    jory = Table.join(store, other.code, "Jory")
    other.start()
    mover_table = other if other.state.current_player == 0 else jory
    mover_table.move(str(mover_table.state.legal_actions()[0]))
    other.sync()
    assert store.version(other.code) == 1 and other.version == 1 and other.damage is None
    assert {row["code"]: row["status"] for row in class_tables(store)} == {host.code: "closed", other.code: "playing"}


CARDS = {
    "text that is not JSON": ("{game: burn", "cannot be read as a table's card"),
    "a list": ("[1, 2]", "cannot be read as a table's card"),
    "an unknown game": (lambda card: {**card, "game": "whist"}, "its game 'whist' is no game this Gwari knows"),
    "a wrong field type": (lambda card: {**card, "players": "four"}, "its players 'four' is not a number of players"),
    "names that do not add up": (lambda card: {**card, "names": ["Tamsin"]}, "its names are not one per seat"),
    "an unknown state": (lambda card: {**card, "status": "paused"}, "its state 'paused' is none of"),
}


@pytest.mark.parametrize("kind", sorted(CARDS))
def test_a_damaged_card_closes_the_table_in_words_and_other_tables_are_unaffected(store, kind):
    host = under_way(store)
    other = Table.open(store, "burn", 4, "Pol")
    planted, words = CARDS[kind]
    plant_card(store, host.code, planted if isinstance(planted, str) else json.dumps(planted(store.meta(host.code))))
    again = Table(store, host.code, host.key)
    assert again.status == "closed"
    assert again.damage.startswith(f"Table {host.code}: its card is damaged (") and words in again.damage
    assert Table(store, host.code).summary()["status"] == "closed"
    assert host.advance() == 0 and host.status == "closed" and host.damage == again.damage
    with pytest.raises(TableError, match="its card is damaged"):
        host.move(str(host.state.legal_actions()[0]))
    with pytest.raises(TableError, match="its card is damaged"):
        Table.join(store, host.code, "Jory", trusted=True)
    assert [t["code"] for t in open_tables(store)] == [other.code]
    assert {row["code"]: row["status"] for row in class_tables(store)} == {host.code: "closed", other.code: "open"}
    Table.join(store, other.code, "Jory")
    other.start()
    assert other.status == "playing" and other.damage is None


def test_a_move_the_table_would_read_as_damage_is_refused_before_it_is_kept(store, monkeypatch):
    """Every path that appends checks first: here a bot's move that breaks the rules (a defect of the bot's)."""
    host = under_way(store)
    n, wrong = host.version, illegal(host.state)
    monkeypatch.setattr(host.driver, "bot_decides", lambda *_args: (wrong, "a bad idea"))
    with pytest.raises(TableError, match="did not keep that: seat .* against the rule book"):
        host.advance()
    assert store.version(host.code) == n and Table(store, host.code).status == "playing"


def as_learner(name: str, app: PlayWidget, kind: str, value=None, inputs=None) -> bool:
    classroom.set_learner(name)
    return app.handle(kind, value, inputs)


def test_the_play_app_tells_the_learner_at_the_table_and_after_a_reload_never_a_game_against_bots(store):
    tamsin = PlayWidget("burn", players=4, seed=1)
    assert as_learner("Tamsin", tamsin, "classmates", "show")
    assert as_learner("Tamsin", tamsin, "opentable", None, {"players": 4, "level": "random"})
    assert as_learner("Tamsin", tamsin, "starttable")
    kept, code = tamsin.table_seats, tamsin.table.code
    mover = tamsin.table.state.current_player
    n = plant(store, code, json.dumps({"seat": mover, "move": "play ZZ99", "kind": "move", "at": 1}))
    assert as_learner("Tamsin", tamsin, "tick")
    said = f"Table {code}: its record is damaged at move {n + 1} (seat {mover + 1}'s 'play ZZ99' is not a move in Burn)"
    assert said in tamsin.notice and "open a new table or join another" in tamsin.notice
    page = tamsin.render()
    assert said.replace("'", "&#x27;") in page and "The table could not be reached" not in page
    assert tamsin.table is not None  # the table's place, with Leave the table
    # A reload remembers the seat: the page says why the table is closed, in the lobby, and deals no game.
    again = PlayWidget("burn", players=4)
    assert as_learner("Tamsin", again, "seats", kept)
    assert again.table is None and again.classmates.lobby
    note = again.classmates.lobby_note
    assert said in note and "Open a new table or join another one" in note
    page = again.render()
    assert 'data-testid="lobby"' in page and 'data-testid="lobby-note"' in page
    assert json.loads(again.table_seats) == {}  # closed for good: the next reload goes on as usual
    # Leaving the closed table takes the learner to the lobby, to open or join another.
    assert as_learner("Tamsin", tamsin, "leavetable") and tamsin.table is None and tamsin.classmates.lobby


def test_a_reloaded_page_whose_card_is_damaged_or_whose_table_cannot_be_read_says_so(store, monkeypatch):
    tamsin = PlayWidget("cassino", players=2, seed=1)
    assert as_learner("Tamsin", tamsin, "classmates", "show")
    assert as_learner("Tamsin", tamsin, "opentable", None, {"players": 2})
    kept, code = tamsin.table_seats, tamsin.table.code
    plant_card(store, code, "{oops")
    assert as_learner("Tamsin", tamsin, "tick")  # the waiting room says so
    assert "its card is damaged" in tamsin.notice and 'data-testid="table-damaged"' in tamsin.render()
    assert "Start the game" not in tamsin.render()
    again = PlayWidget("cassino", players=2)
    assert as_learner("Tamsin", again, "seats", kept)
    assert again.table is None and again.classmates.lobby and "its card is damaged" in again.classmates.lobby_note

    def unreachable(*_args, **_kwargs):
        raise TableError("tables store: the server cannot be reached (connection refused).")

    monkeypatch.setattr(Table, "__init__", unreachable)
    third = PlayWidget("cassino", players=2)
    other_seat = json.dumps({"K7RQM": "a-key-of-a-table-not-read"})
    assert as_learner("Tamsin", third, "seats", other_seat)
    assert third.table is None and third.classmates.lobby
    assert "Your table K7RQM cannot be read just now" in third.classmates.lobby_note
    assert third.classmates.seats_known == {"K7RQM": "a-key-of-a-table-not-read"}  # kept: it may come back
