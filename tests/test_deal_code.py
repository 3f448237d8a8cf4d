"""Deal codes (tutor.deal_code): a code round-trips for every game, in its short form and the form earlier releases
kept; the code a learner reads holds no variant's name or word of Python; anything that is not one of the game's
variants or not a number a deal can have is refused in words that name only what the learner typed; and the
teacher's class deal is players and number only.

``deal_code_entry_points`` gives the soak (tests/fuzz_soak.py) each way a code comes in, drawing random malformed
codes; the tests here run each a few hundred times.
"""

from __future__ import annotations

import random
import re
import string
from typing import Any, Callable, Literal, get_args, get_origin

import pytest

from tutor.deal_code import DIGITS_LIMIT, deal_code, parse_class_deal, parse_deal_code, plain_reason
from tutor.engine import _option_types
from tutor.games import WHERE, get_game

SLUGS = list(WHERE)


def random_options(game: Any, rng: random.Random) -> dict[str, Any]:
    """Some of the game's variants set to values of their declared types (the rules may refuse a mix or range)."""
    options: dict[str, Any] = {}
    for name, kind in _option_types(game.rules_class).items():
        if rng.random() < 0.5:
            continue
        members = get_args(kind) if get_origin(kind) is not Literal and get_args(kind) else (kind,)
        member = rng.choice(members)
        if member is bool:
            options[name] = rng.random() < 0.5
        elif member is int:
            options[name] = rng.choice([0, 1, 2, 3, 5, 20, 100, getattr(game.rules_class(), name)])
        elif member is type(None):
            options[name] = None
        elif get_origin(member) is Literal:
            options[name] = rng.choice(get_args(member))
    return options


def usable_options(game: Any, rng: random.Random) -> dict[str, Any]:
    """Variants the game's rules take together (drawn again when refused)."""
    for _ in range(50):
        options = random_options(game, rng)
        try:
            game.make_rules(**options)
        except ValueError:
            continue
        return options
    return {}


@pytest.mark.parametrize("slug", SLUGS)
def test_a_deal_code_round_trips_with_the_games_variants(slug):
    game, rng = get_game(slug), random.Random(slug)
    for _ in range(30):
        players = rng.randint(game.min_players, game.max_players)
        seed = rng.randrange(10 ** DIGITS_LIMIT)
        options = usable_options(game, rng)
        code = deal_code(players, seed, options, game)
        assert parse_deal_code(code, game) == (players, seed, options), code
        assert parse_deal_code(code, slug) == (players, seed, options)
        assert parse_deal_code(code.upper(), slug) == (players, seed, options)  # read out, written down in capitals
        named = deal_code(players, seed, options)  # the form earlier releases kept, by the variants' names
        assert parse_deal_code(named, game) == (players, seed, options), named


#: Each game's variants in the order their rules declare them: a short code's letters are these places (``a`` the
#: first), and each choice its place among the choices.  Codes given out stay the same deals only while these hold:
#: a new variant comes last, and a choice is never moved.
ORDER = {
    "gwra-pyskessa": ["lucky_draw_continues", "ask_empty_hands"],
    "chwech": ["aces_jokers", "deals", "five_pack", "seven_pack", "thirteens_jokers", "short"],
    "gnav": ["counters", "slate", "cat_as_dragoon", "short"],
    "pig": ["word", "short", "stale_after", "tick_ms", "max_ticks", "fastest_ms", "slowest_ms"],
    "burn": ["teams", "two_players", "pit_table", "target", "scoring", "short"],
    "carts-tity": ["sixteen", "last_card", "overflow", "chain_doubles", "penalised_plays", "scoring", "rounds",
                   "target", "survivor", "short"],
    "cassino": ["game", "stop_at_target", "sweeps", "court_pairs", "partnerships", "short"],
    "pymtheg": ["match", "rounds", "limit", "table", "dealing", "mixed", "revoke", "burn", "short"],
}
CHOICES = {
    ("chwech", "aces_jokers"): ("revised", "original"), ("chwech", "five_pack"): ("no-2-3", "no-7-8"),
    ("chwech", "seven_pack"): ("five-hundred", "doubled-2-3"), ("pig", "word"): ("PIG", "DONKEY"),
    ("burn", "teams"): (0, 2, 3), ("burn", "scoring"): ("burn", "pymtheg"),
    ("cassino", "game"): ("deal", "eleven", "twenty-one"), ("cassino", "court_pairs"): ("any", "one-or-three"),
    ("pymtheg", "match"): ("rounds", "limit", "open"), ("pymtheg", "table"): ("corrected", "printed"),
    ("pymtheg", "dealing"): ("shuffle", "partial"),
}


def test_every_games_variants_keep_the_places_a_short_code_gives_them():
    assert set(ORDER) == set(SLUGS)
    for slug, names in ORDER.items():
        kinds = _option_types(get_game(slug).rules_class)
        assert list(kinds)[:len(names)] == names, f"{slug}: a variant moved; a new one comes last"
        for name, kind in kinds.items():
            choices = [get_args(m) for m in (get_args(kind) or (kind,)) if get_origin(m) is Literal]
            choices += [get_args(kind)] if get_origin(kind) is Literal else []
            if choices:
                assert choices[0][:len(CHOICES[slug, name])] == CHOICES[slug, name], f"{slug}: {name}'s choices moved"


SHORT_CODES = [
    ("gwra-pyskessa", (3, 1000, {"ask_empty_hands": False}), "3-1000-b0"),
    ("gwra-pyskessa", (3, 4821, {"lucky_draw_continues": True}), "3-4821-a1"),
    ("gnav", (4, 17, {"counters": 5, "slate": True}), "4-17-a5b1"),
    ("chwech", (5, 9, {"deals": None, "five_pack": "no-7-8", "short": True}), "5-9-bxc1f1"),
    ("burn", (2, 3, {"two_players": True, "teams": 0}), "2-3-a0b1"),
    ("cassino", (2, 4, {"short": True}), "2-4-f1"),
    ("carts-tity", (3, 8, {"scoring": True, "rounds": 0}), "3-8-f1g0"),
    ("gnav", (3, 1, {}), "3-1"),
]


@pytest.mark.parametrize("slug, deal, code", SHORT_CODES, ids=[c for _s, _d, c in SHORT_CODES])
def test_a_short_code_holds_the_variants_in_letters_and_digits(slug, deal, code):
    assert deal_code(*deal, slug) == code
    assert parse_deal_code(code, slug) == deal


#: Codes earlier releases wrote, as progress records, class notes and tables keep them: read as they were.
KEPT_CODES = [
    ("gwra-pyskessa", "3-1000-ask_empty_hands=False", (3, 1000, {"ask_empty_hands": False})),
    ("gwra-pyskessa", "3-4821-lucky_draw_continues", (3, 4821, {"lucky_draw_continues": True})),
    ("gnav", "4-17-counters=5-slate", (4, 17, {"counters": 5, "slate": True})),
    ("chwech", "4-1-five_pack=no-7-8-deals=2", (4, 1, {"five_pack": "no-7-8", "deals": 2})),
    ("chwech", "4-1-deals=None", (4, 1, {"deals": None})),
    ("burn", "2-5-two_players", (2, 5, {"two_players": True})),
    ("cassino", "2-4-short", (2, 4, {"short": True})),
]


@pytest.mark.parametrize("slug, code, deal", KEPT_CODES, ids=[c for _s, c, _d in KEPT_CODES])
def test_a_code_an_earlier_release_wrote_is_read_and_dealt_again(slug, code, deal):
    from tutor.widgets import PlayWidget

    assert parse_deal_code(code, slug) == deal
    app = PlayWidget(slug, seed=1)
    assert app.handle("load", None, {"code": code}) and (app.players, app.seed, app.options) == deal, app.notice
    assert app.code == deal_code(*deal, slug)  # from now on written short


def code_words(text: str, game: Any) -> list[str]:
    """Each variant's name that is no English word (``ask_empty_hands``) and each of Python's words in ``text``,
    leaving out what it quotes (“…”: what the learner typed)."""
    text = re.sub(r"“[^”]*”", "", text)
    found = [name for name in _option_types(game.rules_class)
             if "_" in name and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]
    return found + re.findall(r"\b(?:True|False|None)\b", text)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_code_a_learner_reads_names_no_variant_and_no_python_word(slug):
    """The code of a deal with variants is letters and digits: no variant's name, no True or False, no ``=``."""
    from tests.test_learner_words import piece_problems

    game, rng = get_game(slug), random.Random(f"words {slug}")
    for _ in range(40):
        options = usable_options(game, rng)
        code = deal_code(game.default_players, rng.randrange(10 ** 6), options, game)
        assert re.fullmatch(r"[0-9]+-[0-9]+(-[a-z0-9]+)?", code), code
        assert not code_words(code, game) and not piece_problems("shown", code), code


def test_a_value_with_a_dash_and_a_negative_number_are_read_back():
    assert parse_deal_code("4-1-five_pack=no-7-8-deals=2", "chwech") == (4, 1, {"five_pack": "no-7-8", "deals": 2})
    assert parse_deal_code("4-1-deals=None", "chwech") == (4, 1, {"deals": None})
    assert parse_deal_code(deal_code(4, 9, {"seven_pack": "doubled-2-3"}), "chwech")[2] == {"seven_pack": "doubled-2-3"}
    assert parse_deal_code("3-4821-lucky_draw_continues", "gwra-pyskessa") == (3, 4821, {"lucky_draw_continues": True})
    assert parse_deal_code("3-4821") == (3, 4821, {})  # the shape alone, with no game


REFUSED = [
    ("seed=5", "gnav", "3-1-seed=5", "number of players comes first"),
    ("players=3", "gnav", "3-1-players=3", "number of players comes first"),
    ("dealer=2", "gnav", "3-1-dealer=2", "That code's variants are not Gnav's: “dealer=2” is not one of them"),
    ("not the game's", "gwra-pyskessa", "3-5-slate", "That code's variants are not Gwra Pyskessa's"),
    ("another game's", "gnav", "3-5-lucky_draw_continues", "“lucky_draw_continues” is not one of them"),
    ("a letter past the game's", "gnav", "3-5-e1", "Gnav has 4 variants, and “e1” is none of them"),
    ("a short code's value of the wrong kind", "gnav", "3-5-b7", "“b7” gives one of its variants a value it cannot"),
    ("a choice past the last", "chwech", "4-5-c2", "“c2” gives one of its variants a value it cannot have"),
    ("none where it cannot be", "gnav", "3-5-ax", "“ax” gives one of its variants a value it cannot have"),
    ("a short code's variant twice", "gnav", "3-5-b1b0", "gives one variant twice"),
    ("a short code's value out of range", "gnav", "3-5-a0", "each player starts with 1 to 99 counters, not 0"),
    ("a short code's number too long", "gnav", "3-5-a" + "9" * 30, "a value it cannot have"),
    ("too many players", "gwra-pyskessa", "9-1", "Gwra Pyskessa is for 2 to 6"),
    ("too few players", "cassino", "1-1", "is for 2 to"),
    ("a number too long", "gnav", "3-" + "9" * (DIGITS_LIMIT + 1), f"at most {DIGITS_LIMIT} digits"),
    ("players too long", "gnav", "9" * 40 + "-1", f"at most {DIGITS_LIMIT} digits"),
    ("a value too long", "gnav", "3-1-counters=" + "9" * 30, f"at most {DIGITS_LIMIT} digits"),
    ("a value of the wrong kind", "gnav", "3-1-counters=many", "that variant takes a whole number, not “many”"),
    ("a yes/no that is neither", "gnav", "3-1-slate=yes", "that variant takes on or off, not “yes”"),
    ("a value out of the rules' range", "gnav", "3-1-counters=0", "counters"),
    ("a choice that is none", "chwech", "4-1-five_pack=no-7", "takes “no-2-3” or “no-7-8”, not “no-7”"),
    ("a number option with no value", "gnav", "3-1-counters", "needs a value"),
    ("a variant twice", "gnav", "3-1-slate-slate", "twice"),
    ("two dashes", "gnav", "3-1--slate", "two “-” in a row"),
    ("a dash at the end", "gnav", "3-1-", "two “-” in a row"),
    ("empty", "gnav", "", "An empty box is not a deal code"),
    ("one number", "gnav", "3", "like 3-4821"),
    ("letters", "gnav", "x-1", "must be a whole number"),
    ("other digits", "gnav", "３-1", "must be a whole number"),
    ("a sign", "gnav", "+3-1", "must be a whole number"),
    ("not text", "gnav", 3, "A deal code is text"),
    ("far too long", "gnav", "3-1-" + "slate-" * 100, "at most 300 characters"),
]


@pytest.mark.parametrize("why, slug, code, words", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_code_that_is_not_the_games_is_refused_in_words(why, slug, code, words):
    with pytest.raises(ValueError) as caught:
        parse_deal_code(code, slug)
    message = str(caught.value)
    assert words in message, message
    assert "Traceback" not in message and "rules_class" not in message and "IllegalMove" not in message
    assert not code_words(message, get_game(slug)), message


@pytest.mark.parametrize("slug", SLUGS)
def test_a_refused_code_names_only_what_the_learner_typed(slug):
    """However a code is wrong, its refusal names no variant the learner did not type (no list of the game's
    variants) and no word of Python ("is True or False")."""
    game, rng = get_game(slug), random.Random(f"refusals {slug}")
    names = list(_option_types(game.rules_class))
    refused = 0
    for _ in range(300):
        code = _malformed(rng, names, (game.min_players, game.max_players))
        try:
            parse_deal_code(code, game)
        except ValueError as exc:
            refused += 1
            assert not code_words(str(exc), game), (code, str(exc))
    assert refused > 100


def test_a_reason_loses_the_name_of_its_field():
    assert plain_reason("players: Cârts Tîty is for 2 to 20 players, not 1.") == "Cârts Tîty is for 2 to 20 players, not 1."
    assert plain_reason(ValueError("option rounds: a match has 1 to 100 rounds, not -1.")) == (
        "a match has 1 to 100 rounds, not -1.")
    assert plain_reason("Cârts Tîty is for 2 to 20 players: ask a friend.") == (
        "Cârts Tîty is for 2 to 20 players: ask a friend.")
    with pytest.raises(ValueError) as caught:
        get_game("gnav").start(players=3, counters=0)
    assert plain_reason(caught.value) == "each player starts with 1 to 99 counters, not 0."


@pytest.mark.parametrize("slug", ["carts-tity", "gnav", "pymtheg"])
def test_new_game_for_players_the_game_is_not_for_says_so_without_a_fields_name(slug):
    from tutor.widgets import PlayWidget

    app = PlayWidget(slug, seed=3)
    before = app.state
    assert app.handle("new", None, {"players": "1"})
    game = get_game(slug)
    assert app.state is before
    assert app.notice == (f"That game could not be set up: {game.title} is for {game.min_players} to "
                          f"{game.max_players} players, not 1."), app.notice
    assert "players:" not in app.html


def test_a_loaded_code_with_variants_says_them_in_words():
    from tests.test_learner_words import page_pieces
    from tutor.widgets import PlayWidget

    app = PlayWidget("gwra-pyskessa", players=3, seed=1)
    assert app.handle("load", None, {"code": "3-1000-ask_empty_hands=False"})
    assert app.code == "3-1000-b0" and app.options == {"ask_empty_hands": False}
    assert "This deal's variants: A player with no cards may be asked: off." in app.notice
    shown = " ".join(page_pieces(app.html)["shown"])
    assert "3-1000-b0" in shown and not code_words(shown, app.game)
    assert app.handle("load", None, {"code": "3-1000"}) and app.notice == ""


def test_without_a_game_only_the_start_arguments_are_refused_by_name():
    for code in ("3-1-seed=5", "3-1-players=4", "3-1-dealer=2", "3-1-names=x", "3-1-deal=x"):
        with pytest.raises(ValueError, match="not a variant"):
            parse_deal_code(code)
    assert parse_deal_code("3-1-slate-counters=5") == (3, 1, {"slate": True, "counters": 5})


def test_the_class_deal_is_players_and_number_only():
    assert parse_class_deal("4-2611") == (4, 2611)
    assert parse_class_deal(" 5-7 ") == (5, 7)
    for code, words in [("4-2611-slate", "number of players and the deal's number only"),
                        ("4-2611-seed=5", "cannot be part of it"), ("1-3", "2 to 99 players"),
                        ("100-3", "2 to 99 players"), ("four", "not a deal code"), ("4-x", "whole number"),
                        ("4-" + "1" * 19, f"at most {DIGITS_LIMIT} digits"), ("", "empty box"), (None, "is text")]:
        with pytest.raises(ValueError) as caught:
            parse_class_deal(code)
        assert words in str(caught.value), (code, str(caught.value))



def test_a_class_deal_is_dealt_for_its_players_where_they_fit_and_for_the_apps_with_a_note_where_not():
    deal = parse_class_deal("5-2611")
    assert deal.code == "5-2611" and (deal.players, deal.seed) == (5, 2611)
    pig, cassino, burn = get_game("pig"), get_game("cassino"), get_game("burn")
    names = ("You", "Jory", "Tamsin", "Pol", "Kerensa")
    dealt = deal.deal_for(pig, {"word": "DONKEY"}, 4, names=lambda players: names[:players])
    assert (dealt.players, dealt.seed, dealt.note) == (5, 2611, "")
    assert dealt.state.setup == pig.start(players=5, seed=2611, names=names, word="DONKEY").setup
    dealt = deal.deal_for(cassino, {}, 2)
    assert (dealt.players, dealt.seed) == (2, 2611) and dealt.state.setup == cassino.start(players=2, seed=2611).setup
    assert dealt.note == ("The class deal is for 5 players; Cassino is for 2 to 4, so it is dealt for your 2.")
    two = parse_class_deal("2-7")  # Burn deals for two only with its variant for two
    assert two.deal_for(burn, {}, 4).players == 4 and "is for 2 players" in two.deal_for(burn, {}, 4).note
    assert two.deal_for(burn, {"two_players": True}, 4).players == 2
    with pytest.raises(ValueError, match="no such option"):  # the app's own players refused too: raised as start
        deal.deal_for(cassino, {"slate": True}, 2)

def test_the_play_app_refuses_a_code_of_another_game_and_keeps_its_deal():
    from tutor.widgets import PlayWidget

    app = PlayWidget("gnav", players=3, seed=4)
    before, code = app.state, app.code
    for bad in ("3-1-seed=5", "3-1-dealer=2", "3-1-lucky_draw_continues", "3-1-counters=0", "30-1",
                "3-" + "9" * 30):
        assert app.handle("load", None, {"code": bad})
        assert app.state is before and app.code == code and "could not be used" in app.notice, bad
    assert app.handle("load", None, {"code": "3-1-counters=5"}) and app.options == {"counters": 5}


def test_a_class_deal_for_too_many_players_is_dealt_for_the_apps_players_and_says_so():
    from tutor import classroom
    from tutor.widgets import PlayWidget

    from tutor.progress import Progress

    store = Progress()
    classroom.set_class_deal("25-2611", store)
    app = PlayWidget("cassino", seed=1)
    assert app.handle("classdeal")
    assert app.seed == 2611 and app.players == 2
    assert "The class deal is for 25 players; Cassino is for 2 to" in app.notice and "your 2" in app.notice
    assert "The class deal is for 25 players" in app.html
    store.set_setting(classroom.CLASS_DEAL, "4-2611-slate")  # kept by an earlier release: variants are refused
    before = app.state
    assert not app.handle("classdeal") and app.state is before
    classroom.set_class_deal("3-99", store)
    assert app.handle("classdeal") and app.players == 3 and app.seed == 99 and app.notice == ""


# ---------------------------------------------------------------- random malformed codes (the soak's entry points)

JUNK = ["seed=5", "players=3", "dealer=2", "names=Jory", "deal=x", "", "=", "==", "x", "9" * 25, "٣", "３", " ", "\x00",
        "None", "True", "False", "-1", "1.5", "1e9", "<b>", "é", "_", "a" * 60, "0" * 19, "+1", "0x10", "∞"]


def _malformed(rng: random.Random, names: list[str], players: tuple[int, int] = (2, 6)) -> str:
    """A code with a start that is mostly right and random parts: variants of the game with junk values, junk,
    long numbers."""
    if rng.random() < 0.7:
        parts = [str(rng.randint(*players)), str(rng.randrange(10 ** rng.randint(1, DIGITS_LIMIT)))]
    else:
        parts = [rng.choice(["3", "0", "99", "9" * 19, "", "x", "٣"]), rng.choice(["1", "4821", "", "1" * 20, "y"])]
    for _ in range(rng.randint(0, 5)):
        roll = rng.random()
        if roll < 0.4 and names:
            value = rng.choice(JUNK + [str(rng.randint(-5, 200)), "".join(rng.choices(string.printable, k=4))])
            parts.append(rng.choice(names) + rng.choice(["", "=" + value]))
        elif roll < 0.7:
            parts.append(rng.choice(JUNK))
        else:
            parts.append("".join(rng.choices(string.ascii_letters + string.digits + "=-_ ", k=rng.randint(0, 12))))
    code = "-".join(parts)
    if rng.random() < 0.1:
        code = code * rng.randint(2, 40)
    return code


def _check_parse(draw: random.Random, code: Any, game: Any) -> None:
    """Parse ``code`` (a refusal is a ValueError, let out); a code taken must hold a deal the game can start, and
    write back to the same deal."""
    draw.input = (getattr(game, "slug", None), code)
    players, seed, options = parse_deal_code(code, game)
    if game is not None:
        assert game.min_players <= players <= game.max_players
        assert parse_deal_code(deal_code(players, seed, options), game) == (players, seed, options)
        game.make_rules(**options)


def parse_for_a_game(draw: random.Random) -> None:
    game = get_game(draw.choice(SLUGS))
    names = list(_option_types(game.rules_class))
    _check_parse(draw, _malformed(draw, names, (game.min_players, game.max_players)), game)


def parse_with_no_game(draw: random.Random) -> None:
    _check_parse(draw, _malformed(draw, ["slate", "counters", "five_pack"]), None)


def parse_a_class_deal(draw: random.Random) -> None:
    code = _malformed(draw, ["slate"]) if draw.random() < 0.8 else f"{draw.randint(0, 120)}-{draw.randint(0, 10 ** 6)}"
    draw.input = code
    players, seed = parse_class_deal(code)
    assert 2 <= players <= 99 and 0 <= seed < 10 ** DIGITS_LIMIT


_APPS: dict[str, Any] = {}


def load_in_the_play_app(draw: random.Random) -> None:
    """The code typed into a play app's box: refused with a notice and the deal kept, or dealt.  (The app of each
    game is made the first time, which takes longer.)"""
    from tutor.widgets import PlayWidget

    slug = draw.choice(SLUGS)
    app = _APPS.get(slug) or _APPS.setdefault(slug, PlayWidget(slug, seed=1, level="random"))
    before = app.state
    code = _malformed(draw, list(_option_types(app.game.rules_class)), (app.game.min_players, app.game.max_players))
    draw.input = (slug, code)
    assert app.handle("load", None, {"code": code})
    assert app.state is not before or "could not be used" in app.notice


def deal_code_entry_points() -> list[tuple[str, Callable[[random.Random], None]]]:
    """Each way a deal code comes in, as (name, function): the function draws one random malformed code from the
    ``random.Random`` it is given, sets its ``input`` to the code (for a report), and runs it.  A refused code
    raises ``ValueError``; any other exception (a failed check included) is a fault."""
    return [("deal_code.parse_for_a_game", parse_for_a_game), ("deal_code.parse_with_no_game", parse_with_no_game),
            ("deal_code.parse_class_deal", parse_a_class_deal), ("deal_code.play_app_load", load_in_the_play_app)]


@pytest.mark.parametrize("name, run", deal_code_entry_points(), ids=[n for n, _ in deal_code_entry_points()])
def test_random_malformed_codes_are_refused_in_words_or_deal_a_game(name, run):
    draw = random.Random(name)
    taken = 0
    for _ in range(60 if "play_app" in name else 400):
        try:
            run(draw)
        except ValueError as exc:
            assert str(exc)[:1].isupper() or str(exc).startswith("“"), str(exc)
        else:
            taken += 1
    assert taken, "some drawn codes are good ones, so both ways are tried"
