"""Every public entry point, fed malformed input for every registered game: only ``IllegalMove`` or ``ValueError``
comes out, and nothing changes.

The entry points: ``game.start`` (players, seed, names, dealer, options, and each game's own deal fields in wrong
types and shapes: the fields its deal reader names when it refuses one it does not read), ``state.apply`` with forged moves (a legal move with one field swapped for a value of another
type, a card of another deck, a move of another game, a text, ``None``, a number), ``game.parse_action`` with junk
text, ``Record.from_json`` with broken JSON and fields, and the tournament and match helpers teachers call from
notebook cells.  States are immutable, so "nothing changes" is checked on what a state shows: its set-up, its legal
moves, its view, its events and its hash, before and after.

``GWARI_GAMES`` sets the number of examples per test (25 by default; tests/conftest.py).  ``tests/fuzz_soak.py``
runs many more inputs per entry point, outside the suite.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from functools import lru_cache
from typing import Any, Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tutor import match, tournament
from tutor.bots import make_bot
from tutor.cards import Card, ElementCard, GnavCard, Rank
from tutor.engine import IllegalMove, Record
from tutor.games import GAMES, replay

SLUGS = list(GAMES)
REFUSED = (IllegalMove, ValueError)  # IllegalMove is a ValueError; both named for the reader

#: How a deal reader refuses a field it does not read (``tutor.mechanics.read_deal``): the field, then every field.
NO_SUCH_FIELD = re.compile(r"deal\.(?P<field>\w+): a deal has no such field; it may have (?P<fields>[\w, ]+)\.")

#: Cards of every deck, to put where another deck's card belongs.
OTHER_CARDS = (Card.parse("7S"), Card.parse("JK"), ElementCard.parse("F15"), ElementCard.parse("Wi1"),
               GnavCard.parse("CUCKOO"), GnavCard.parse("0"), Rank.SEVEN)

# ---------------------------------------------------------------- values a caller might pass by mistake

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(-2 ** 70, 2 ** 70), st.sampled_from([-1, 2 ** 63]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8), st.binary(max_size=4),
    st.sampled_from(OTHER_CARDS), st.just(object()), st.just(Card), st.sampled_from(["", " ", "0", "None", "\x00"]),
)
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner), st.dictionaries(st.text(max_size=4), inner, max_size=3),
    st.frozensets(st.integers(-2, 5), max_size=3)), max_leaves=8)
NAMES = st.one_of(
    st.lists(st.one_of(st.text(max_size=45), st.sampled_from(["Jory", "jory", " Jory ", "A" * 41, "Bad\x00name",
                                                              "\u202eroj", "Tab\tName", "Line\nName", "\ud800"]),
                       SCALARS), max_size=8),
    JUNK)


def refused_or(call: Callable[[], Any], *, names: tuple[str, ...] = ()) -> Any:
    """Run ``call``: its result, or ``None`` when it refuses with ``IllegalMove``/``ValueError`` (whose message must
    then name one of ``names``).  Any other exception fails the test."""
    try:
        return call()
    except REFUSED as exc:
        if names:
            text = str(exc).lower()
            assert any(n.lower() in text for n in names), f"{exc!s} does not name {names}"
        return None


def snapshot(state: Any) -> tuple:
    """What a state shows: equal before and after a refused move, since states never change."""
    return (state.setup, [str(a) for a in state.legal_actions()], state.view(None), state.events, state.is_over,
            state.current_players, hash(state))


def playable(state: Any) -> None:
    """An accepted start is a sound game: it ends or offers a move, and its record survives JSON and replays."""
    assert state.is_over or state.legal_actions(), "an accepted start leaves no legal move"
    again = Record.from_json(state.setup.to_json())
    assert again == state.setup
    assert replay(again)[0] == state


def position(data: Any, slug: str) -> tuple:
    """A position of a random game and its record, drawn by seed and step (so a failure prints two numbers)."""
    states = positions(slug, data.draw(st.integers(0, 40), label="seed"))
    return states[data.draw(st.integers(0, len(states) - 1), label="position")]


@lru_cache(maxsize=None)
def positions(slug: str, seed: int) -> tuple:
    """Positions of one random game (every fourth, up to a dozen), each with the record that reaches it."""
    game = GAMES[slug]
    state = game.start(seed=seed)
    record = state.setup
    bot = make_bot(slug, "random", seed)
    out = [(state, record)]
    for step in range(1, 48):
        if state.is_over:
            break
        action = bot.choose(state)
        state, record = state.apply(action), record.with_action(action)
        if step % 4 == 0:
            out.append((state, record))
    return tuple(out)


def fields_of(action: Any) -> tuple[str, ...]:
    if dataclasses.is_dataclass(action):
        return tuple(f.name for f in dataclasses.fields(action))
    return tuple(getattr(action, "_fields", ()))


def forge(action: Any, name: str, value: Any) -> Any:
    """``action`` with field ``name`` set to ``value``: through ``dataclasses.replace`` or ``_replace``, and where the
    move's class checks its own fields on construction, by setting the field on a copy."""
    try:
        if dataclasses.is_dataclass(action):
            return dataclasses.replace(action, **{name: value})
        return action._replace(**{name: value})
    except (TypeError, ValueError):
        forged = copy.copy(action)
        object.__setattr__(forged, name, value)
        return forged


def another_type(value: Any) -> st.SearchStrategy:
    """Junk of another type than ``value`` (and cards of other decks, and numbers out of range for a number)."""
    others = JUNK.filter(lambda v: type(v) is not type(value))
    extra = [st.sampled_from([c for c in OTHER_CARDS if type(c) is not type(value)])]
    if isinstance(value, int) and not isinstance(value, bool) and not hasattr(value, "code"):
        extra.append(st.sampled_from([-1, -100, 99, 10_000, 2 ** 64]))
    return st.one_of(others, *extra)


# ---------------------------------------------------------------- game.start


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_start_with_malformed_players_seed_names_or_dealer(slug, data):
    game = GAMES[slug]
    fields = data.draw(st.lists(st.sampled_from(["players", "seed", "names", "dealer"]), min_size=1, max_size=3,
                                unique=True), label="fields")
    args = {}
    for field in fields:
        args[field] = data.draw(NAMES if field == "names" else st.one_of(JUNK, st.integers(-2, 25)), label=field)
    state = refused_or(lambda: game.start(**args), names=tuple(fields))
    if state is not None:
        playable(state)


def option_values(default: Any) -> st.SearchStrategy:
    near = [st.just(default)]
    if isinstance(default, int) and not isinstance(default, bool):
        near.append(st.integers(-5, max(default * 2, 30)))
    if isinstance(default, str):
        near.append(st.sampled_from([default.upper(), default + " ", "", "none"]))
    return st.one_of(*near, JUNK)


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_start_with_malformed_options(slug, data):
    game = GAMES[slug]
    defaults = game.options()
    names = data.draw(st.lists(st.sampled_from(sorted(defaults) + ["no_such_option", "Seed", ""]), min_size=1,
                               max_size=2, unique=True), label="options")
    options = {name: data.draw(option_values(defaults.get(name)), label=name) for name in names}
    state = refused_or(lambda: game.start(seed=1, **options),
                       names=("option",) if len(options) == 1 else ())
    if state is not None:
        playable(state)


@lru_cache(maxsize=None)
def dealt_hands(slug: str, players: int, seed: int) -> tuple[tuple[str, ...], ...]:
    """A real deal's hands, as notation: the base that a malformed deal spoils in one place."""
    state = GAMES[slug].start(players=players, seed=seed)
    return tuple(tuple(c.code for c in seat.hand) for seat in state.view(None).seats)


@lru_cache(maxsize=None)
def deal_fields(slug: str) -> tuple[str, ...]:
    """The fields of a prepared deal besides "hands", as the game names them when it refuses one it does not read (a
    game declares nothing for this suite: its deal reader says what it reads)."""
    game = GAMES[slug]
    hands = dealt_hands(slug, game.default_players, 0)
    with pytest.raises(IllegalMove) as info:
        game.start(players=game.default_players, deal={"hands": [list(h) for h in hands], "colour": "red"})
    found = NO_SUCH_FIELD.search(str(info.value))
    assert found and found["field"] == "colour", (
        f"{slug}: a deal with a field it does not read is refused naming it and the fields it reads, as "
        f"tutor.mechanics.read_deal does, not {info.value}")
    fields = tuple(found["fields"].split(", "))
    assert fields[0] == "hands", fields
    return fields[1:]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_deal_field_the_game_does_not_read_is_refused_naming_every_field_it_reads(slug):
    fields = deal_fields(slug)
    game = GAMES[slug]
    hands = [list(h) for h in dealt_hands(slug, game.default_players, 0)]
    for field in fields:  # each field named is one the reader reads: given, it is judged, never unknown
        try:
            game.start(players=game.default_players, deal={"hands": hands, field: "red"})
        except REFUSED as exc:
            assert not NO_SUCH_FIELD.search(str(exc)), f"{slug} names {field!r} but does not read it: {exc}"


# ---------------------------------------------------------------- state.apply


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_apply_refuses_forged_moves_and_changes_nothing(slug, data):
    state, _ = position(data, slug)
    legal = state.legal_actions()
    kind = data.draw(st.sampled_from(["field", "field", "field", "other game", "text", "junk"]), label="kind")
    if kind == "field":
        assume(legal)
        action = data.draw(st.sampled_from(legal), label="legal")
        names = fields_of(action)
        assume(names)
        name = data.draw(st.sampled_from(names), label="field")
        move = forge(action, name, data.draw(another_type(getattr(action, name)), label="value"))
    elif kind == "other game":
        other = data.draw(st.sampled_from([s for s in SLUGS if s != slug]), label="other")
        other_state, _ = position(data, other)
        assume(other_state.legal_actions())
        move = data.draw(st.sampled_from(other_state.legal_actions()), label="move")
        assume(type(move) not in {type(a) for a in legal})
    elif kind == "text":
        move = str(data.draw(st.sampled_from(legal))) if legal and data.draw(st.booleans()) else data.draw(st.text())
    else:
        move = data.draw(JUNK, label="junk")
    before = snapshot(state)
    after = refused_or(lambda: state.apply(move))
    if after is not None:
        offers = [o for seat in range(len(state.view(None).seats)) for o in state.offers(seat)]
        assert move in legal or move in offers, f"{move!r} was taken but is not a legal move"
    assert snapshot(state) == before


# ---------------------------------------------------------------- game.parse_action

NEAR = st.sampled_from(["9" * 5000, "-1", "99", "1e9", "\u0663", "٣", "None", "", " ", "\x00", "🂡", "play",
                        "0x10", "1.5", "True", "[]", "{}", "\n"])


def mangled(text: str) -> st.SearchStrategy:
    """A legal move's text with one word swapped, dropped, doubled or joined to junk, or its case changed."""
    words = text.split() or [""]

    def change(data: tuple[int, str, int]) -> str:
        i, junk, how = data
        i %= len(words)
        out = list(words)
        if how == 0:
            out[i] = junk
        elif how == 1:
            del out[i]
        elif how == 2:
            out.insert(i, junk)
        elif how == 3:
            out[i] = out[i] + junk
        else:
            return text.upper() if how == 4 else text.swapcase()
        return " ".join(out)

    return st.tuples(st.integers(0, 10), st.one_of(NEAR, st.text(max_size=6)), st.integers(0, 5)).map(change)


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_parse_action_refuses_junk_text(slug, data):
    game = GAMES[slug]
    state, _ = position(data, slug)
    legal = state.legal_actions()
    texts = [st.text(max_size=40), NEAR, st.text(max_size=4).map(lambda t: t * 200)]
    if legal:
        texts.append(st.sampled_from(legal).map(str).flatmap(mangled))
    text = data.draw(st.one_of(*texts), label="text")
    before = snapshot(state)
    move = refused_or(lambda: game.parse_action(state, text))
    if move is not None:
        refused_or(lambda: state.apply(move))
    assert snapshot(state) == before


@pytest.mark.parametrize("slug", SLUGS)
@given(value=JUNK)
def test_parse_action_refuses_what_is_not_text(slug, value):
    state = positions(slug, 1)[0][0]
    assume(not isinstance(value, str))
    with pytest.raises(REFUSED):
        GAMES[slug].parse_action(state, value)


# ---------------------------------------------------------------- Record.from_json

JSON_JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=False),
              st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=8)
FIELDS = ["game", "players", "seed", "deal", "names", "dealer", "options", "actions", "extra"]


def broken_text(text: str) -> st.SearchStrategy:
    """JSON text broken as files and hands break it: cut short, a character put in, a number of thousands of
    digits, nested thousands deep, NaN, a field twice."""
    n = len(text)
    return st.one_of(
        st.integers(0, n).map(lambda i: text[:i]),
        st.tuples(st.integers(0, n), st.sampled_from(list('{}[]",:\\0-eE \x00'))).map(lambda t: text[:t[0]] + t[1]
                                                                                       + text[t[0]:]),
        st.sampled_from(["seed", "players", "dealer"]).map(lambda k: text[:-1] + f', "{k}": {"9" * 5000}}}'),
        st.sampled_from(["[", '{"a": ']).map(lambda opener: text[:-1] + ', "deal": ' + opener * 50_000 + "}"),
        st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999"]).map(lambda v: text[:-1] + f', "seed": {v}}}'),
        st.just(text[:-1] + ', "players": 3, "players": "3"}'),
    )


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_records_with_malformed_fields(slug, data):
    _, record = position(data, slug)
    values = json.loads(record.to_json())
    key = data.draw(st.sampled_from(FIELDS), label="key")
    if data.draw(st.booleans(), label="drop"):
        values.pop(key, None)
    else:
        values[key] = data.draw(st.one_of(JSON_JUNK, st.lists(st.text(max_size=8), max_size=3)), label="value")
    text = json.dumps(values)
    refused_or(lambda: replay(Record.from_json(text)))


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_records_from_broken_json_text(slug, data):
    _, record = position(data, slug)
    text = data.draw(st.one_of(broken_text(record.to_json()), st.text(max_size=30), st.binary(max_size=30), JUNK),
                     label="text")
    refused_or(lambda: replay(Record.from_json(text)))


@given(data=st.data())
def test_records_made_directly_from_junk(data):
    values = {"game": "pig", "players": 3, "seed": 1}
    for key in data.draw(st.lists(st.sampled_from(FIELDS[:-1]), min_size=1, max_size=3, unique=True), label="keys"):
        values[key] = data.draw(st.one_of(JUNK, NAMES, st.integers(-2, 5)), label=key)
    record = refused_or(lambda: Record(**values))
    if record is not None:
        assert Record.from_json(record.to_json()) == record
        refused_or(lambda: replay(record))


# ---------------------------------------------------------------- tournament and match helpers

#: Each helper a teacher calls: its name, the call, the kinds of its positional and keyword arguments.
HELPERS: list[tuple[str, Callable[..., Any], tuple[str, ...], dict[str, str]]] = [
    ("tournament.ew_score", tournament.ew_score, ("score",), {}),
    ("tournament.ns_score", tournament.ns_score, ("row",), {}),
    ("tournament.pair_sitting", tournament.pair_sitting, ("count", "team", "team", "result"), {}),
    ("tournament.rank_points", tournament.rank_points, ("results",), {"lowest_best": "bool"}),
    ("tournament.league", tournament.league, ("sittings",), {"lowest_best": "bool"}),
    ("tournament.league_schedule", tournament.league_schedule, ("teams", "count"), {}),
    ("tournament.table_seed", tournament.table_seed, ("count", "count"), {}),
    ("tournament.knockout_games", tournament.knockout_games, ("count",), {"first": "count", "increase": "count"}),
    ("tournament.knockout_result", tournament.knockout_result, ("games", "count"), {}),
    ("tournament.knockout_round", tournament.knockout_round, ("teams",), {}),
    ("tournament.next_round", tournament.next_round, ("pairs", "winners"), {}),
    ("tournament.burn_cap", tournament.burn_cap, ("count",), {"start": "count", "raise_by": "count"}),
    ("tournament.tied_groups", tournament.tied_groups, ("points",), {}),
    ("tournament.tie_break", tournament.tie_break, ("teams",), {}),
    ("tournament.apply_tie_break", tournament.apply_tie_break, ("teams", "teams", "teams"), {}),
    ("match.EndRule", match.EndRule, (), {"deals": "count_or_none", "target": "count_or_none",
                                          "lowest_wins": "bool"}),
    ("match.ScoreSheet", match.ScoreSheet, ("columns", "end_rule"), {"rows": "rows"}),
    ("match.ScoreSheet.after", lambda sheet, scores: sheet.after(scores), ("sheet", "row"), {}),
    ("match.ScoreSheet.table", lambda sheet, label: sheet.table(label=label), ("sheet", "label"), {}),
    ("match.next_dealer", match.next_dealer, ("count", "count"), {"out": "out"}),
]

_score = st.integers(-500, 500)
_team = st.one_of(st.sampled_from("ABCDEF"), st.integers(0, 5))
_results = st.dictionaries(_team, st.one_of(st.none(), _score), max_size=6)
KINDS: dict[str, st.SearchStrategy] = {
    "score": _score, "row": st.lists(_score, max_size=3), "team": _team, "result": st.one_of(st.none(), _score),
    "results": _results, "sittings": st.lists(st.builds(tournament.Sitting, st.integers(-1, 4), _results), max_size=5),
    "teams": st.lists(_team, max_size=8), "count": st.integers(-2, 12),
    "games": st.lists(st.tuples(_score, _score), max_size=14),
    "pairs": st.lists(st.lists(_team, max_size=3).map(tuple), max_size=5),
    "winners": st.lists(st.integers(-1, 2), max_size=5), "points": st.dictionaries(_team, st.integers(-3, 3)),
    "bool": st.booleans(), "count_or_none": st.one_of(st.none(), st.integers(-2, 12)),
    "columns": st.lists(st.text(max_size=3), max_size=4), "end_rule": st.builds(match.EndRule, deals=st.integers(1, 5)),
    "rows": st.lists(st.lists(_score, max_size=3), max_size=3),
    "sheet": st.builds(match.ScoreSheet, st.just(("A", "B")), st.builds(match.EndRule, deals=st.integers(1, 3))),
    "label": st.text(max_size=5), "out": st.lists(st.booleans(), max_size=4),
}


@pytest.mark.parametrize("name, call, args, kwargs", HELPERS, ids=[h[0] for h in HELPERS])
@given(data=st.data())
def test_tournament_and_match_helpers_refuse_malformed_arguments(name, call, args, kwargs, data):
    def arg(kind: str, label: str) -> Any:
        if kind == "sheet":  # the sheet whose method is called
            return data.draw(KINDS[kind], label=label)
        return data.draw(st.one_of(KINDS[kind], KINDS[kind], JUNK), label=label)

    values = [arg(kind, f"arg {i}") for i, kind in enumerate(args)]
    options = {key: arg(kind, key) for key, kind in kwargs.items() if data.draw(st.booleans(), label=f"give {key}")}
    refused_or(lambda: call(*values, **options))
