"""The class service's tables (``tutor.service.tables``, ``tutor.service.seen``, ``tutor.service.remote``): every
game played to its end by two learners' kernels and bots through the service, each kernel sent only what its seat
may see (no other seat's hidden card, no seed, no state); what a learner may not do refused in words with nothing
changed; the play app at a table of the service."""

from __future__ import annotations

import html
import json
import pickle
import random
import re
from base64 import b64decode

import pytest

import tutor.service.transport as transport_module
import tutor.tables.referee as referee
from tutor import classroom
from tutor.checks import IllegalMove
from tutor.driver import visible_cards
from tutor.games import GAMES, WHERE
from tutor.render.frame import card_title
from tutor.service.people import Person, Refused
from tutor.service.remote import RemoteTable
from tutor.service.seen import SeenState, SeenStateError, _named, pack, seen
from tutor.service.tables import TablesArea
from tutor.service.tournaments import TournamentArea
from tutor.service.transport import LocalTransport
from tutor.tables import SQLiteTables, Table, TableError
from tutor.widgets import PlayWidget

SEED = 7_321  # the deal at every table here: never to be found in what a kernel is sent


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """Bots move as soon as a page's tick asks."""
    for name in ("BOT_STEP_MS", "ROUND_STEP_MS", "OFFER_WAIT_MS"):
        monkeypatch.setattr(referee, name, 0)


class Service:
    """A tables area served as the web server serves it (a refusal keeps its words; a bad request is a 400 in
    words), with every answer a seat's kernel is sent checked at once against the real game in the service."""

    def __init__(self, path) -> None:
        self.store = SQLiteTables(path / "tables.sqlite3")
        self.area = TablesArea(self.store)
        self.tournament = TournamentArea(self.store)  # the lobby shows the class tournament's standings
        self.checked = 0

    def __call__(self, person: Person, area: str, op: str, args: dict):
        if area == "tournament":
            return self.tournament.call(person, op, args)
        assert area == "tables"
        try:
            value = self.area.call(person, op, args)
        except Refused:
            raise
        except ValueError as exc:  # TableError and IllegalMove among them
            raise Refused(str(exc), 400) from None
        if op in ("sync", "advance") and not value["same"]:
            assert_only_its_own(self.area, value)
            self.checked += 1
        return value

    def kernel(self, name: str) -> LocalTransport:
        return LocalTransport(self, Person(name))


@pytest.fixture
def service(tmp_path) -> Service:
    return Service(tmp_path)


def pickled_card(card) -> bytes:
    """How a card is written in a pickle (``card_of(deck, code)``: its code as a short string)."""
    return b"\x8c" + bytes([len(card.code)]) + card.code.encode("ascii")


def hidden_cards(before_and_after: list, state, seat: int) -> set:
    """The cards in other seats' hands at ``state`` that ``seat`` could not see at any position it is being told
    of (nor read in what those moves told everyone)."""
    whole = state.view(None)
    hidden = {c for s, view in enumerate(whole.seats) if s != seat for c in view.hand if c is not None}
    seen_here = set()
    for position in [*before_and_after, state]:
        seen_here |= set(visible_cards(position.view(seat)))
    told = " ".join(e.text for position in before_and_after for e in position.events)
    return {c for c in hidden - seen_here if not _named(c, told)}


def leaked(raw: bytes, cards: set) -> list[str]:
    return sorted(c.code for c in cards if pickled_card(c) in raw)


def walk(value, out: list) -> list:
    """Every object reachable in a payload (containers, dataclasses, objects' attributes)."""
    stack, seen_ids = [value], set()
    while stack:
        item = stack.pop()
        if id(item) in seen_ids or isinstance(item, (str, bytes, int, float, type(None))):
            continue
        seen_ids.add(id(item))
        out.append(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            stack.extend(getattr(item, "__dict__", {}).values())
            for cls in type(item).__mro__:
                stack.extend(getattr(item, name) for name in getattr(cls, "__slots__", ()) if hasattr(item, name))
    return out


def assert_only_its_own(area: TablesArea, answer: dict) -> None:
    """What one seat's kernel was sent: its own hand and what is face up for it, no seed, no key, no whole state."""
    assert "keys" not in answer["meta"] and not any("seed" in k for k in answer if k != "meta")
    table = area.referees[(answer["code"], answer["seat"])]
    seat, state = table.seat, table.state
    if state is not None and not state.is_over:
        assert answer["meta"]["seed"] is None and answer["record"] is None
    if answer["seen"] is None:
        return
    raw = b64decode(answer["seen"])
    payload = pickle.loads(raw)
    steps = table.driver.steps[answer["steps"]:]
    positions = [p for step in steps for p in (step.before, step.after)]
    if not state.is_over:
        assert leaked(raw, hidden_cards(positions, state, seat)) == []
        objects = walk(payload, [])
        assert not any(type(o) is type(state) for o in objects), "a whole state was sent"
        records = [o for o in objects if type(o).__name__ == "Record"]
        assert records and all(r.seed is None and r.deal is None for r in records)
        assert SEED.to_bytes(2, "little") not in raw


def test_the_leak_check_finds_a_hidden_card_and_a_whole_state():
    """A check that cannot fail proves nothing: a payload with another seat's hand in it is caught."""
    game = GAMES["burn"]
    state = game.start(players=3, seed=SEED)
    hidden = hidden_cards([], state, 0)
    assert len(hidden) == 2 * len(state.view(0).seats[0].hand)
    assert leaked(b64decode(pack(seen(state, 0, game))), hidden) == []
    assert leaked(b64decode(pack(state.view(1))), hidden)  # another seat's own view names its hand
    assert leaked(b64decode(pack(state)), hidden)


def options_for(slug: str) -> dict:
    game = GAMES[slug]
    options = {"short": True} if "short" in game.options() else {}
    if slug == "pig":
        options["tick_ms"] = 5
    return options


def play_through_the_service(seats: list[RemoteTable], rng: random.Random, limit: int = 5_000) -> None:
    """Each learner's kernel plays its own seat by its moves' text; the bots move at the service on the ticks."""
    for _ in range(limit):
        if all(t.state is not None and t.state.is_over for t in seats):
            return
        for table in seats:
            table.advance()
            state = table.state
            if state.is_over:
                continue
            if table.race is not None and table.seat in state.current_players:
                table.touch()
            elif table.asked == table.seat:
                table.answer(next(a.key for a in table.answers() if not a.rule))
            elif table.pending is None and state.current_player == table.seat:
                table.move(str(rng.choice(state.legal_actions())))
            elif table.early_state() is not None and table.seat not in table.queued:
                table.move(str(rng.choice(table.early_state().legal_actions())))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("slug", sorted(WHERE))
def test_two_learners_and_bots_play_every_game_to_its_end_through_the_service_each_sent_its_own_seat_only(
        service, monkeypatch, slug):
    monkeypatch.setattr("tutor.tables.seating.secrets.randbelow", lambda _n: SEED)
    game = GAMES[slug]
    players = max(game.min_players, min(3, game.max_players))
    ana = RemoteTable.open(service.kernel("ana"), slug, players, options=options_for(slug), level="random")
    colan = RemoteTable.join(service.kernel("colan"), ana.code)
    assert (ana.seat, colan.seat, ana.key, colan.key) == (0, 1, None, None)
    ana.sync()
    assert ana.status == "open" and ana.names[:2] == ["ana", "colan"] and ana.meta["seed"] is None
    ana.start()
    colan.sync()
    assert isinstance(colan.state, SeenState) and colan.state.setup.seed is None
    play_through_the_service([ana, colan], random.Random(5))
    real = service.area.referees[(ana.code, 0)].state
    for table in (ana, colan):
        table.sync()
        assert table.state.is_over and table.state.result() == real.result()
        assert table.record.seed == SEED and table.meta["seed"] == SEED  # the finished game's record may be read
        assert [e.text for _n, e in table.lines if e.rule] == \
            [e.text for _n, e in service.area.referees[(ana.code, 0)].lines if e.rule]
    record, reasons = colan.read_record()
    assert record.seed == SEED and len(record.actions) == len(ana.driver.steps)
    assert service.checked > 10
    summaries = service.area.call(Person("teach", teacher=True), "list", {})
    assert [s["code"] for s in summaries] == [ana.code] and summaries[0]["status"] == "over"


def started(service: Service, slug: str = "burn", players: int = 3) -> tuple[RemoteTable, RemoteTable]:
    ana = RemoteTable.open(service.kernel("ana"), slug, players, level="random")
    colan = RemoteTable.join(service.kernel("colan"), ana.code)
    ana.start()
    colan.sync()
    return ana, colan


def until_a_learners_turn(ana: RemoteTable, colan: RemoteTable) -> tuple[RemoteTable, RemoteTable]:
    for _ in range(200):
        for table in (ana, colan):
            table.advance()
        if ana.state.current_player in (ana.seat, colan.seat):
            return (ana, colan) if ana.state.current_player == ana.seat else (colan, ana)
    raise AssertionError("no learner's turn came")


def test_a_move_for_another_seat_a_malformed_or_illegal_move_is_refused_in_words_and_nothing_changes(service):
    ana, colan = started(service)
    mover, other = until_a_learners_turn(ana, colan)
    version = service.store.version(ana.code)
    move = str(mover.state.legal_actions()[0])
    with pytest.raises(TableError, match="turn, not yours"):
        other.move(move)  # the other kernel sends the mover's move: it acts for its own seat only
    name = "ana" if other is ana else "colan"
    with pytest.raises(Refused, match="turn, not yours"):  # naming the mover's seat changes nothing
        service.kernel(name).call("tables", "move", {"code": ana.code, "move": move, "seat": mover.seat})
    with pytest.raises(IllegalMove) as malformed:
        mover.move("capture 99")
    assert "capture 99" in malformed.value.reason
    with pytest.raises(Refused, match="move: the text"):
        service.kernel(name).call("tables", "move", {"code": ana.code, "move": 12})
    with pytest.raises(IllegalMove):  # never unpickled: a payload sent as a move is a move's text the game refuses
        mover.move(pack(mover.state.legal_actions()[0]))
    others = [c for c in service.area.referees[(ana.code, other.seat)].state.view(other.seat).seats[other.seat].hand]
    with pytest.raises(IllegalMove) as illegal:
        mover.move(f"play {others[0]}")  # a card of another seat's hand
    assert illegal.value.rule.startswith("burn.") and illegal.value.reason
    assert service.store.version(ana.code) == version and mover.state.current_player == mover.seat


def test_nobody_joins_as_another_takes_a_seat_held_by_another_or_reads_another_hand(service):
    ana, colan = started(service, "gwra-pyskessa", 3)
    meta = service.store.meta(ana.code)
    with pytest.raises(TableError, match="signed in as colan"):
        RemoteTable.join(service.kernel("colan"), ana.code, "ana")
    with pytest.raises(TableError, match="has started"):
        RemoteTable.join(service.kernel("eve"), ana.code)
    for op in ("sync", "seat", "move", "hint", "record", "advance"):
        with pytest.raises(Refused, match="no seat at table"):  # eve sits nowhere here: nothing is hers
            service.kernel("eve").call("tables", op, {"code": ana.code, "move": "ask 0 for 7"})
    with pytest.raises(Refused, match="only a teacher"):
        service.kernel("colan").call("tables", "list", {})
    with pytest.raises(TableError, match="once the game is over"):
        colan.read_record()
    with pytest.raises(Refused, match="seed"):
        service.kernel("eve").call("tables", "open", {"game": "burn", "players": 3, "seed": 1})
    assert service.store.meta(ana.code) == meta and service.store.version(ana.code) == 0
    # What colan's kernel holds of ana's seat is what every seat sees: no card of her hand.
    assert all(card is None for card in colan.state.view(ana.seat).seats[ana.seat].hand)
    assert all(card is None for card in colan.state.view(None).seats[ana.seat].hand)
    assert any(card is not None for card in colan.state.view(colan.seat).seats[colan.seat].hand)
    summary = json.dumps(service.area.call(Person("teach", teacher=True), "summary", {"code": ana.code}))
    hands = service.area.referees[(ana.code, 0)].state.view(None).seats
    assert not any(f'"{c}"' in summary for s in hands for c in s.hand)
    with pytest.raises(SeenStateError, match="class service"):
        colan.state.apply(colan.state.legal_actions()[0] if colan.state.legal_actions() else None)
    if colan.state.current_player != colan.seat:
        assert colan.state.legal_actions() == []  # another seat's moves are not known in this kernel


def test_the_host_alone_starts_and_closes_and_a_teacher_may_close_any_table(service):
    ana = RemoteTable.open(service.kernel("ana"), "cassino", 2)
    colan = RemoteTable.join(service.kernel("colan"), ana.code)
    with pytest.raises(TableError, match="Only the learner who opened"):
        colan.start()
    ana.start()
    with pytest.raises(TableError, match="Only the learner who opened"):
        colan.close()
    service.area.call(Person("teach", teacher=True), "close", {"code": ana.code})
    colan.sync()
    assert colan.status == "closed"
    with pytest.raises(TableError, match="closed"):
        colan.move("trail 2C")


# -- the play app at a table of the service


@pytest.fixture
def at_the_service(service, monkeypatch, tmp_path):
    """The play app's kernel under a hub: the class service is named, and each page asks it as its own learner."""
    monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "not-the-service.sqlite3"))
    monkeypatch.setattr(transport_module, "service_url", lambda: "http://service.invalid/")
    monkeypatch.setattr(transport_module, "transport", lambda: service.kernel(classroom.learner()))
    return service


def as_learner(name: str, app: PlayWidget, kind: str, value=None, inputs=None) -> bool:
    classroom.set_learner(name)
    return app.handle(kind, value, inputs)


@pytest.mark.parametrize("slug", ["gwra-pyskessa", "burn", "pig"])
def test_the_play_app_plays_a_whole_game_at_a_table_of_the_service_from_what_its_seat_sees(at_the_service, slug):
    service = at_the_service
    options = options_for(slug)
    ana, colan = PlayWidget(slug, players=3, seed=1, **options), PlayWidget(slug, players=3, seed=2, **options)
    assert as_learner("ana", ana, "classmates", "show")
    assert as_learner("ana", ana, "opentable", None, {"players": 3}) and isinstance(ana.table, RemoteTable)
    code = ana.table.code
    assert as_learner("colan", colan, "classmates", "show") and code in colan.render()
    assert as_learner("colan", colan, "jointable", None, {"tablecode": code.lower()})
    assert as_learner("ana", ana, "tick") and "colan" in ana.render()
    assert as_learner("ana", ana, "starttable")
    assert json.loads(ana.table_seats) == {code: None}  # no key in the browser or the kernel
    rng, hinted, asked, raced = random.Random(3), 0, 0, False
    for _ in range(3_000):
        if ana.state.is_over and colan.state.is_over:
            break
        for name, app in (("ana", ana), ("colan", colan)):
            assert as_learner(name, app, "tick"), app.last_error
            page = app.render()
            assert isinstance(app.state, SeenState) and 'data-key="undo"' not in page
            real = service.area.referees[(code, app.seat)].state
            if not real.is_over:
                hidden = {card_title(c) for c in hidden_cards([], real, app.seat)}
                shown = re.sub(r'<section class="gw-panel gw-lasttrick".*?</section>', "", page, flags=re.S)
                assert not any(f"<title>{t}</title>" in shown for t in hidden)
            state, table = app.state, app.table
            if state.is_over:
                continue
            if table.race is not None and app.seat in state.current_players:  # the race clock, drawn here
                assert 'data-testid="race-buttons"' in page and 'data-testid="clock"' in page
                assert as_learner(name, app, "press", app.seat), app.last_error
                raced = True
            elif table.asked == app.seat:
                true = next(a.key for a in table.answers() if not a.rule)
                assert f'data-key="answer-{true}"' in html.unescape(page)
                assert as_learner(name, app, "answer", true) and app.error is None
                asked += 1
            elif state.current_player == app.seat and table.pending is None:
                if hinted < 2:
                    assert as_learner(name, app, "hint"), app.last_error
                    assert app.hint and "Hint" in app.render()
                    hinted += 1
                assert as_learner(name, app, "move", str(rng.choice(state.legal_actions())))
                assert app.error is None, app.error
    assert ana.state.is_over and 'data-testid="game-over"' in ana.render() and "Leave the table" in ana.render()
    assert ana.record.seed is not None and len(ana.record.actions) > 0
    if slug == "gwra-pyskessa":
        assert asked > 0
    if slug == "pig":
        assert raced
    assert as_learner("ana", ana, "why") and ana.why


def test_at_a_table_of_the_service_an_illegal_move_is_shown_with_its_rule_and_undo_is_off(at_the_service):
    ana, colan = PlayWidget("burn", players=3, seed=1), PlayWidget("burn", players=3, seed=2)
    as_learner("ana", ana, "classmates", "show")
    as_learner("ana", ana, "opentable", None, {"players": 3})
    as_learner("colan", colan, "jointable", ana.table.code)
    as_learner("ana", ana, "starttable")
    for _ in range(200):
        as_learner("ana", ana, "tick")
        if ana.state.current_player == ana.seat:
            break
    assert ana.state.current_player == ana.seat
    real = at_the_service.area.referees[(ana.table.code, ana.seat)].state
    others = [c for c in real.view(None).seats[colan.table.seat].hand]
    version = ana.table.version
    assert as_learner("ana", ana, "move", f"play {others[0]}")
    assert ana.error is not None and ana.error.rule.startswith("burn.") and "Not allowed" in ana.render()
    assert ana.table.version == version
    assert not as_learner("ana", ana, "undo") and "Undo is" in ana.last_error


def test_a_teacher_seats_the_class_and_each_learner_takes_the_seat_kept_for_them_and_no_other(service):
    teacher = Person("teach", teacher=True)
    with pytest.raises(Refused, match="only a teacher"):
        service.area.call(Person("ana"), "fill", {"game": "cassino", "learners": ["ana", "colan"], "size": 2})
    first, second = service.area.call(teacher, "fill", {"game": "cassino", "learners": ["ana", "colan", "eve"],
                                                        "size": 2})
    with pytest.raises(TableError, match="full"):  # ana's and colan's seats are kept for them: eve takes neither
        RemoteTable.join(service.kernel("eve"), first)
    eve = RemoteTable.join(service.kernel("eve"), second)
    ana = RemoteTable.join(service.kernel("ana"), first)
    assert (ana.seat, eve.seat) == (0, 0) and service.store.meta(first)["names"] == ["ana", "colan"]
    service.area.call(teacher, "start", {"code": first})
    ana.sync()
    assert ana.status == "playing" and ana.is_bot(1) and not ana.is_bot(0)
    rows = service.area.call(teacher, "list", {})
    assert [r["code"] for r in rows] == [first, second] and "hand" not in json.dumps(rows)


def test_two_kernels_play_a_whole_game_over_http_signed_by_their_tokens_and_a_forged_move_is_refused(tmp_path):
    from tests.service_server import TokenPeople, serving
    from tutor.service.app import make_app
    from tutor.service.limits import Buckets
    from tutor.service.transport import HttpTransport

    store = SQLiteTables(tmp_path / "tables.sqlite3")
    people = TokenPeople({"t-ana": Person("ana"), "t-colan": Person("colan")})
    app = make_app({"tables": TablesArea(store)}, people, limits=Buckets(rate=10_000.0, burst=10_000))
    with serving(app) as url:
        ana = RemoteTable.open(HttpTransport(url, "t-ana"), "cassino", 3, level="random")
        colan = RemoteTable.join(HttpTransport(url, "t-colan"), ana.code)
        ana.start()
        mover, other = until_a_learners_turn(ana, colan)
        with pytest.raises(TableError, match="turn, not yours"):
            other.move(str(mover.state.legal_actions()[0]))
        with pytest.raises(IllegalMove) as refused:
            mover.move("capture 99")
        assert refused.value.reason and refused.value.rule
        with pytest.raises(TableError, match="Sign in through the hub"):
            RemoteTable(HttpTransport(url, "t-forged"), ana.code)
        play_through_the_service([ana, colan], random.Random(2))
        assert ana.state.is_over and colan.record.seed == store.meta(ana.code)["seed"]


def test_the_service_never_reads_a_pickle_from_a_kernel():
    """What a kernel sends is JSON (a move's text, an answer's key); only the kernel's side unpacks a payload."""
    from pathlib import Path

    service_side = Path(__file__).resolve().parents[1] / "tutor" / "service" / "tables.py"
    source = service_side.read_text(encoding="utf-8")
    assert "unpack" not in source and "pickle" not in source.replace("pickled", "")


def test_a_learner_whose_hub_name_is_a_bots_name_in_small_letters_plays_beside_bots_named_otherwise(service):
    """Hub names are often in small letters: "jory" at a table with bots gets no bot called "Jory" (the game would
    refuse two seats of one name, and the table could not be played)."""
    jory = RemoteTable.open(service.kernel("jory"), "burn", 3)
    RemoteTable.join(service.kernel("tamsin"), jory.code)
    jory.start()
    assert jory.status == "playing" and jory.state is not None
    assert [n.casefold() for n in jory.names].count("jory") == 1 and jory.names[:2] == ["jory", "tamsin"]


def test_a_seen_state_answers_for_its_own_seat_only_and_moves_nothing():
    game = GAMES["cassino"]
    state = game.start(players=2, seed=SEED)
    mover, other = state.current_player, 1 - state.current_player
    mine = SeenState(pickle.loads(b64decode(pack(seen(state, mover, game)))))
    theirs = SeenState(pickle.loads(b64decode(pack(seen(state, other, game)))))
    assert [str(a) for a in mine.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert theirs.legal_actions() == [] and theirs.offers(mover) == []  # the other seat's moves are not known there
    card = state.view(mover).seats[mover].hand[0]
    assert mine.candidate_actions(card) and theirs.candidate_actions(card) == []
    action = mine.legal_actions()[0]
    assert mine.prompt(action) == state.prompt(action) and mine.cards_of(action) == state.cards_of(action)
    with pytest.raises(SeenStateError, match="not one of your moves"):
        theirs.describe(action)
    assert theirs.view(mover) == theirs.view(None) and all(c is None for c in theirs.view(mover).seats[mover].hand)
    assert theirs.view(other) == state.view(other) and theirs.setup.seed is None
    with pytest.raises(AttributeError):
        theirs.hands  # noqa: B018 - the whole state's hands are not in a seat's kernel
    with pytest.raises(SeenStateError, match="class service"):
        mine.apply(action)
    with pytest.raises(SeenStateError, match="not over"):
        mine.result()


def seated_at_the_service(slug: str, players: int, **options) -> tuple[PlayWidget, PlayWidget]:
    ana, colan = PlayWidget(slug, players=players, **options), PlayWidget(slug, players=players, **options)
    assert as_learner("ana", ana, "classmates", "show")
    assert as_learner("ana", ana, "opentable", None, {"players": players})
    assert as_learner("colan", colan, "jointable", ana.table.code)
    assert as_learner("ana", ana, "starttable") and as_learner("colan", colan, "tick")
    return ana, colan


def test_a_question_typed_in_cornish_at_a_table_of_the_service_is_answered_in_cornish(at_the_service):
    ana, colan = seated_at_the_service("gwra-pyskessa", 2, typed=True)
    asker, asked, name, other = ((ana, colan, "ana", "colan") if ana.state.current_player == ana.seat
                                 else (colan, ana, "colan", "ana"))
    rank = asker.state.view(asker.seat).seats[asker.seat].hand[0].rank
    phrase = f"{asked.names_now[asked.seat]}, eus {rank.cornish.lower()} genes?"
    assert as_learner(name, asker, "say", phrase) and asker.error is None and not asker.correction
    assert f"Waiting for {other} to answer" in asker.render()
    assert as_learner(other, asked, "tick") and f"{name} asks you" in html.unescape(asked.render())
    holds = any(c.rank == rank for c in asked.state.view(asked.seat).seats[asked.seat].hand)
    word = rank.cornish.lower()
    wrong, right = ("Nag eus. Gwra pyskessa!", f"Eus. Yma genev vy {word}.") if holds else \
        (f"Eus. Yma {word} genev.", "Nag eus. Pyskessa!")
    assert as_learner(other, asked, "answersay", wrong) and asked.table.pending is not None
    assert asked.error.rule == ("pyskessa.give-all" if holds else "pyskessa.go-fish")
    assert as_learner(other, asked, "answersay", right) and asked.table.pending is None and asked.error is None


def test_a_reloaded_page_takes_its_own_seat_back_from_the_service_by_its_name(at_the_service):
    ana, colan = seated_at_the_service("burn", 3)
    kept = colan.table_seats
    again = PlayWidget("burn", players=3)  # the reload: a new kernel; the browser kept the table's code, no key
    assert as_learner("colan", again, "seats", kept)
    assert isinstance(again.table, RemoteTable) and again.seat == colan.table.seat
    assert again.state.view(again.seat) == colan.state.view(colan.seat)
    assert "Back at table" in again.notice
    eve = PlayWidget("burn", players=3)  # another learner's page with colan's kept seats gets no seat
    assert as_learner("eve", eve, "seats", kept) and eve.table is None
    assert "cannot be read" not in eve.render() and "cannot be read" not in (eve.notice or "")


def test_a_reloaded_page_passes_over_a_table_closed_since_in_silence(at_the_service):
    ana, colan = seated_at_the_service("burn", 3)
    kept, code = colan.table_seats, colan.table.code
    Table(at_the_service.store, code).close()  # the teacher closes it
    at_the_service.area.referees.clear()  # as after the service's restart: no seat's key is remembered
    at_the_service.area.keys.clear()
    again = PlayWidget("burn", players=3)
    assert as_learner("colan", again, "seats", kept)
    shown = again.render()
    assert again.table is None and "cannot be read" not in shown and "cannot be read" not in (again.notice or "")
