"""Malformed input, fed to every registered game: only our errors come out, each naming what was wrong.

Every public entry point — ``start`` (players, seed, names, dealer, options,
deal), notation, ``parse_action``, ``apply`` with any object, and records read
from JSON — refuses bad input with ``IllegalMove``, ``BadNotation`` or another
``ValueError`` whose message names the field, never a ``TypeError``,
``AttributeError``, ``KeyError`` or ``IndexError``, and changes nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.bots import make_bot
from tutor.engine import Record
from tutor.games import GAMES, replay

SLUGS = sorted(GAMES)

# Anything a caller might pass by mistake.
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6), st.lists(st.integers(-2, 5), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                                    st.integers(), max_size=2),
    st.tuples(st.integers(), st.text(max_size=2)), st.just(object()),
)


def refused(call, *, names: str | tuple[str, ...] = ()) -> Exception | None:
    """Run ``call``; it may succeed, or fail with a ValueError whose message names one of ``names``."""
    try:
        call()
    except ValueError as exc:
        wanted = (names,) if isinstance(names, str) else names
        if wanted:
            text = str(exc).lower()
            assert any(n.lower() in text for n in wanted), f"{exc!s} does not name {wanted}"
        return exc
    return None


def pack_codes(slug: str) -> list[str]:
    """The notation of every card a game's default deal uses."""
    state = GAMES[slug].start(seed=1)
    return sorted({card.code for card in state.cards()})


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_start_arguments_of_the_wrong_kind_are_refused_by_name(slug, data):
    game = GAMES[slug]
    args = {}
    field = data.draw(st.sampled_from(["players", "seed", "names", "dealer"]), label="field")
    args[field] = data.draw(JUNK, label="value")
    refused(lambda: game.start(**args), names=field)


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_options_of_the_wrong_type_or_range_are_refused_by_name(slug, data):
    game = GAMES[slug]
    options = game.options()
    if not options:
        return
    name = data.draw(st.sampled_from(sorted(options)), label="option")
    value = data.draw(JUNK, label="value")
    refused(lambda: game.start(seed=1, **{name: value}), names=f"option {name}")


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("name", ["no", "2", "None"])
def test_a_yes_no_option_takes_only_true_or_false(slug, name):
    game = GAMES[slug]
    for option, default in game.options().items():
        if isinstance(default, bool):
            value = {"no": "no", "2": 2, "None": None}[name]
            with pytest.raises(ValueError, match=f"option {option}"):
                game.start(seed=1, **{option: value})


@pytest.mark.parametrize("slug", SLUGS)
def test_an_unknown_option_is_named(slug):
    with pytest.raises(ValueError, match="option no_such_thing"):
        GAMES[slug].start(seed=1, no_such_thing=True)


def deals(slug: str):
    """Deals that are nearly right: real card codes mixed with junk, in plausible and implausible shapes."""
    game = GAMES[slug]
    codes = pack_codes(slug)
    card = st.one_of(st.sampled_from(codes), st.sampled_from(codes), st.text(max_size=4), JUNK)
    hand = st.one_of(st.lists(card, max_size=6), st.lists(st.sampled_from(codes), max_size=6, unique=True), JUNK)
    hands = st.one_of(st.lists(hand, min_size=game.min_players, max_size=game.min_players + 1), JUNK)
    fields = st.sampled_from(["stock", "sets", "current", "counters", "letters", "dealer", "deal", "table",
                              "extra", "pile", "stake", "passes"])
    return st.fixed_dictionaries({"hands": hands}, optional={"stock": st.one_of(st.lists(card, max_size=5), JUNK)}
                                 ).flatmap(lambda d: st.dictionaries(fields, st.one_of(JUNK, st.lists(card, max_size=4)),
                                                                     max_size=2).map(lambda extra: {**d, **extra}))


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_malformed_deals_are_refused_naming_the_deal(slug, data):
    game = GAMES[slug]
    deal = data.draw(deals(slug), label="deal")
    players = game.min_players
    state = None

    def start():
        nonlocal state
        state = game.start(players=players, deal=deal)

    if refused(start, names="deal") is None:
        # An accepted deal must be a playable position: it ends, or offers a move.
        assert state.is_over or state.legal_actions(), f"{slug}: an accepted deal leaves no legal action"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_deal_that_is_not_a_mapping_is_refused(slug):
    for deal in (None, 5, "7S 7H", [["7S"]], object()):
        if deal is None:
            continue
        with pytest.raises(ValueError, match="deal"):
            GAMES[slug].start(deal=deal)


def positions(slug: str, seed: int, count: int = 12) -> list:
    """A few positions of one random game."""
    game = GAMES[slug]
    state = game.start(seed=seed)
    bot = make_bot(slug, "random", seed)
    out = [state]
    while not state.is_over and len(out) < count:
        state = state.apply(bot.choose(state))
        out.append(state)
    return out


@pytest.mark.parametrize("slug", SLUGS)
@given(seed=st.integers(0, 10_000), junk=st.one_of(JUNK, st.text(max_size=12)))
def test_apply_refuses_any_object_and_changes_nothing(slug, seed, junk):
    for state in positions(slug, seed, 6):
        before = hash(state), state.legal_actions()
        exc = refused(lambda: state.apply(junk))
        if state.is_over:
            assert exc is not None
        assert (hash(state), state.legal_actions()) == before


@pytest.mark.parametrize("slug", SLUGS)
@given(seed=st.integers(0, 10_000), text=st.one_of(st.text(max_size=16), st.from_regex(r"[a-z]{2,6} -?\d{1,2}( \w{1,3})*",
                                                                                     fullmatch=True)))
def test_parse_action_reads_its_notation_or_refuses(slug, seed, text):
    game = GAMES[slug]
    for state in positions(slug, seed, 4):
        refused(lambda: game.parse_action(state, text))
        for action in state.legal_actions():
            assert str(game.parse_action(state, str(action))) == str(action)


@pytest.mark.parametrize("slug", SLUGS)
def test_actions_of_another_game_are_refused(slug):
    state = GAMES[slug].start(seed=3)
    for other in SLUGS:
        if other == slug:
            continue
        for action in GAMES[other].start(seed=3).legal_actions()[:5]:
            if type(action) in {type(a) for a in state.legal_actions()}:
                continue
            with pytest.raises(ValueError):
                state.apply(action)


def record_of(slug: str, seed: int) -> Record:
    game = GAMES[slug]
    state = game.start(seed=seed)
    bot = make_bot(slug, "random", seed)
    record = state.setup
    for _ in range(8):
        if state.is_over:
            break
        action = bot.choose(state)
        record, state = record.with_action(action), state.apply(action)
    return record


@pytest.mark.parametrize("slug", SLUGS)
@given(seed=st.integers(0, 1000), key=st.sampled_from(["game", "players", "seed", "deal", "names", "dealer",
                                                       "options", "actions", "extra"]),
       value=st.one_of(JUNK, st.lists(st.text(max_size=8), max_size=3)), drop=st.booleans())
def test_broken_records_are_refused_by_field(slug, seed, key, value, drop):
    data = json.loads(record_of(slug, seed).to_json())
    if drop and key in data:
        del data[key]
    else:
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            value = repr(value)
        data[key] = value
    text = json.dumps(data)

    def load():
        replay(Record.from_json(text))

    refused(load, names=("record", "game", "players", "seed", "deal", "names", "dealer", "option", "actions",
                         "hand", "player"))


@pytest.mark.parametrize("text", [None, 5, b"\xff", "", "[]", '{"game": 5, "players": 3}',
                                  '{"game": "gwra-pyskessa", "players": true}'])
def test_record_json_that_is_not_a_record_is_refused(text):
    with pytest.raises(ValueError):
        Record.from_json(text)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_record_survives_json(slug):
    rng = random.Random(slug)
    for _ in range(5):
        record = record_of(slug, rng.randrange(10_000))
        again = Record.from_json(record.to_json())
        assert again == record and hash(again) == hash(record)
        assert replay(again)[-1] == replay(record)[-1]
