"""The fuzz soak: many random malformed inputs for every public entry point, outside the test suite.

Not part of the suite (pytest does not collect it); run it apart from CI, beside ``tests/soak.py``:

    .venv/bin/python tests/fuzz_soak.py                          # 10,000 inputs per entry point
    .venv/bin/python tests/fuzz_soak.py --inputs 500 apply.forged # fewer inputs, some entry points only
    .venv/bin/python tests/fuzz_soak.py --games pig burn          # some games only
    .venv/bin/python tests/fuzz_soak.py --replay apply.forged 123 # run input 123 of one entry point again

It draws its inputs with ``random`` rather than Hypothesis (no shrinking, so many more inputs in the same time),
from the same pieces as ``tests/test_fuzz_entry_points.py``.  Every input ends one of four ways: accepted, refused
(``IllegalMove`` or another ``ValueError``: what malformed input must give), crashed (any other exception,
including a failed check that an accepted input left a sound game or a refused one changed nothing), or slow (over a
second, whatever else happened).  It prints a count per entry point and outcome, then each crash and slow input,
grouped by exception and place, with the input and the number that replays it; it exits 1 if any input crashed or
was slow.

Adding an entry point: append ``(name, run)`` to ``ENTRY_POINTS``.  ``run(draw)`` draws one random input from
``draw`` (a ``random.Random``; ``junk(draw)`` gives a value of any kind a caller might pass by mistake), sets
``draw.input`` to a short description of that input (shown when it crashes), and runs it, letting every exception
out (checks that fail raise ``AssertionError``, a crash).  Input ``i`` of an entry point always draws from the same
seed, so it can be replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_fuzz_entry_points import (DEAL_FIELDS, FIELDS, HELPERS, OTHER_CARDS, dealt_hands,  # noqa: E402
                                          fields_of, forge, playable, positions, snapshot)
from tutor import match, tournament  # noqa: E402
from tutor.engine import IllegalMove, Record  # noqa: E402
from tutor.games import GAMES, replay  # noqa: E402

SLOW = 1.0  # seconds: an input that takes longer is reported
SLUGS = list(GAMES)


class Draw(random.Random):
    """The random source one input is drawn from; ``input`` describes the input, for the report."""

    input: Any = None


# ---------------------------------------------------------------- values of every kind

TEXTS = ("", " ", "0", "None", "\x00", "\u202e", "A" * 41, "Jory", "jory ", "Tab\tName", "\ud800", "9" * 5000,
         "7S", "F15", "CUCKOO", "play 7S", "-1", "1e9", "٣", "🂡", "[]", "{}")


def junk(draw: random.Random, depth: int = 0) -> Any:
    """A value of any kind a caller might pass by mistake: nothing, yes/no, numbers of every size and sign, odd
    floats, texts, bytes, cards of every deck, objects, and lists, tuples, mappings and sets of such values."""
    kind = draw.randrange(14 if depth < 2 else 10)
    if kind == 0:
        return None
    if kind == 1:
        return draw.random() < 0.5
    if kind == 2:
        return draw.randint(-3, 40)
    if kind == 3:
        return draw.choice([-1, 2 ** 63, -2 ** 63 - 1, 2 ** 70, 10 ** 30, 10 ** 5000])
    if kind == 4:
        return draw.choice([float("nan"), float("inf"), -float("inf"), 1.5, 2.0, -0.0])
    if kind == 5:
        return draw.choice(TEXTS)
    if kind == 6:
        low = 0x20 if draw.random() < 0.7 else 0
        return "".join(chr(draw.randrange(low, 0x3000)) for _ in range(draw.randrange(9)))
    if kind == 7:
        return bytes(draw.randrange(256) for _ in range(draw.randrange(5)))
    if kind == 8:
        return draw.choice(OTHER_CARDS)
    if kind == 9:
        return draw.choice([object(), int, print, type(OTHER_CARDS[0])])
    if kind == 10:
        return [junk(draw, depth + 1) for _ in range(draw.randrange(5))]
    if kind == 11:
        return tuple(junk(draw, depth + 1) for _ in range(draw.randrange(4)))
    if kind == 12:
        return {draw.choice(["", "a", "hands", "0", "cards"]): junk(draw, depth + 1) for _ in range(draw.randrange(4))}
    return frozenset(draw.randrange(-2, 6) for _ in range(draw.randrange(4)))


def either(draw: random.Random, good: Callable[[], Any], share: float = 0.6) -> Any:
    """A plausible value most of the time, junk otherwise."""
    return good() if draw.random() < share else junk(draw)


def position(draw: random.Random, slug: str) -> tuple:
    states = positions(slug, draw.randrange(41))
    return states[draw.randrange(len(states))]


# ---------------------------------------------------------------- the entry points


def start_arguments(draw: Draw) -> None:
    slug = draw.choice(SLUGS)
    game = GAMES[slug]
    args: dict[str, Any] = {}
    for field in draw.sample(["players", "seed", "names", "dealer"], draw.randint(1, 3)):
        if field == "names":
            args[field] = either(draw, lambda: [draw.choice(TEXTS + ("Pol", "Kerensa")) if draw.random() < 0.4
                                                else junk(draw) for _ in range(draw.randrange(8))], 0.7)
        else:
            args[field] = either(draw, lambda: draw.randint(-2, 25))
    draw.input = (slug, args)
    playable(game.start(**args))


def start_options(draw: Draw) -> None:
    slug = draw.choice(SLUGS)
    game = GAMES[slug]
    defaults = game.options()
    names = draw.sample(sorted(defaults) + ["no_such_option", ""], draw.randint(1, 2))

    def near(default: Any) -> Any:
        if isinstance(default, bool):
            return draw.choice([True, False, 0, 1, "yes"])
        if isinstance(default, int):
            return draw.randint(-5, max(default * 2, 30))
        if isinstance(default, str):
            return draw.choice([default, default.upper(), default + " ", ""])
        return default

    options = {name: either(draw, lambda: near(defaults.get(name))) for name in names}
    draw.input = (slug, options)
    playable(game.start(seed=draw.randrange(100), **options))


def start_deal(draw: Draw) -> None:
    slug = draw.choice(SLUGS)
    game = GAMES[slug]
    players = draw.randint(game.min_players, min(game.max_players, game.min_players + 2))
    hands = dealt_hands(slug, players, draw.randrange(4))
    codes = sorted({c for h in hands for c in h}) or ["7S"]

    def spoiled() -> Any:
        card = (lambda: draw.choice(codes) if draw.random() < 0.6 else junk(draw, 1))
        how = draw.randrange(7)
        if how == 0:
            return junk(draw)
        if how == 1:
            return [card() for _ in range(draw.randrange(7))]
        if how == 2:
            return [[card() for _ in range(draw.randrange(4))] for _ in range(draw.randrange(6))]
        if how == 3:
            return [draw.randint(-3, 300) for _ in range(draw.randrange(8))]
        if how == 4:
            return draw.randint(-3, 40)
        if how == 5:
            return " ".join(draw.choice(codes) for _ in range(draw.randrange(4))) + draw.choice(["", " x", ",", " 99"])
        return [{draw.choice(["cards", "value", "owner", "multiple"]): either(draw, lambda: [card()])
                 for _ in range(draw.randrange(4))} for _ in range(draw.randrange(3))]

    deal: dict[str, Any] = {"hands": [list(h) for h in hands]}
    fields = ("hands", "hands.seat", "hands.card", "bogus") + DEAL_FIELDS[slug]
    for field in draw.sample(fields, 1 if draw.random() < 0.7 else 2):  # one field spoiled, sometimes two
        if field == "hands.seat" and isinstance(deal["hands"], list) and deal["hands"]:
            deal["hands"][draw.randrange(len(deal["hands"]))] = spoiled()
        elif field == "hands.card" and isinstance(deal["hands"], list) and deal["hands"] \
                and isinstance(deal["hands"][0], list) and deal["hands"][0]:
            deal["hands"][0][0] = junk(draw)
        elif not field.startswith("hands."):
            deal[field] = spoiled()
    draw.input = (slug, players, deal)
    playable(game.start(players=players, deal=deal))


def apply_forged(draw: Draw) -> None:
    slug = draw.choice(SLUGS)
    state, _ = position(draw, slug)
    legal = state.legal_actions()
    kind = draw.choice(["field", "field", "field", "other game", "text", "junk"])
    move: Any = junk(draw)
    if kind == "field" and legal:
        action = draw.choice(legal)
        names = fields_of(action)
        if names:
            name = draw.choice(names)
            value = junk(draw)
            while type(value) is type(getattr(action, name)):
                value = junk(draw)
            move = forge(action, name, value)
    elif kind == "other game":
        other, _ = position(draw, draw.choice([s for s in SLUGS if s != slug]))
        if other.legal_actions():
            move = draw.choice(other.legal_actions())
    elif kind == "text":
        move = str(draw.choice(legal)) if legal else draw.choice(TEXTS)
    draw.input = (slug, state.setup.to_json(), move)
    before = snapshot(state)
    try:
        state.apply(move)
    except (IllegalMove, ValueError):
        assert snapshot(state) == before, "a refused move changed the state"
        raise
    offers = [o for seat in range(len(state.view(None).seats)) for o in state.offers(seat)]
    assert move in legal or move in offers, f"{move!r} was taken but is not a legal move"


def parse_action(draw: Draw) -> None:
    slug = draw.choice(SLUGS)
    game = GAMES[slug]
    state, _ = position(draw, slug)
    legal = state.legal_actions()
    if legal and draw.random() < 0.6:
        words = str(draw.choice(legal)).split() or [""]
        i = draw.randrange(len(words))
        piece = draw.choice(TEXTS) if draw.random() < 0.7 else str(junk(draw))[:20]
        how = draw.randrange(4)
        if how == 0:
            words[i] = piece
        elif how == 1:
            del words[i]
        elif how == 2:
            words.insert(i, piece)
        else:
            words[i] = words[i].upper() + piece
        text: Any = " ".join(words)
    else:
        text = junk(draw)
    draw.input = (slug, state.setup.to_json(), text)
    before = snapshot(state)
    try:
        state.apply(game.parse_action(state, text))
    except (IllegalMove, ValueError):
        assert snapshot(state) == before, "parsing or a refused move changed the state"
        raise


def record_fields(draw: Draw) -> None:
    _, record = position(draw, draw.choice(SLUGS))
    values = json.loads(record.to_json())
    key = draw.choice(FIELDS)
    if draw.random() < 0.3:
        values.pop(key, None)
    else:
        values[key] = junk(draw)
    try:
        text = json.dumps(values)
    except (TypeError, ValueError):
        text = json.dumps({**values, key: repr(values[key])[:40]})
    draw.input = text
    replay(Record.from_json(text))


def record_text(draw: Draw) -> None:
    _, record = position(draw, draw.choice(SLUGS))
    text = record.to_json()
    how = draw.randrange(6)
    if how == 0:
        text = text[:draw.randrange(len(text) + 1)]
    elif how == 1:
        i = draw.randrange(len(text) + 1)
        text = text[:i] + draw.choice('{}[]",:\\0-eE \x00') + text[i:]
    elif how == 2:
        text = text[:-1] + f', "{draw.choice(["seed", "players", "dealer"])}": {"9" * draw.choice([30, 5000])}}}'
    elif how == 3:
        text = text[:-1] + ', "deal": ' + draw.choice(["[", '{"a": ']) * draw.choice([40, 5000, 100_000]) + "}"
    elif how == 4:
        text = text[:-1] + f', "seed": {draw.choice(["NaN", "Infinity", "-1", "1e999", "1.0"])}}}'
    else:
        text = junk(draw)
    draw.input = text if not isinstance(text, str) or len(text) < 300 else text[:150] + " … " + text[-100:]
    replay(Record.from_json(text))


def record_direct(draw: Draw) -> None:
    values: dict[str, Any] = {"game": draw.choice(SLUGS), "players": 3, "seed": 1}
    for key in draw.sample(FIELDS[:-1], draw.randint(1, 3)):
        values[key] = junk(draw)
    draw.input = values
    record = Record(**values)
    assert Record.from_json(record.to_json()) == record, "a record made directly does not survive JSON"
    replay(record)


HELPER_KINDS: dict[str, Callable[[random.Random], Any]] = {
    "score": lambda d: d.randint(-500, 500),
    "row": lambda d: [d.randint(-500, 500) for _ in range(d.randrange(4))],
    "team": lambda d: d.choice("ABCDEF012"),
    "result": lambda d: None if d.random() < 0.2 else d.randint(-500, 500),
    "results": lambda d: {d.choice("ABCDEF"): HELPER_KINDS["result"](d) for _ in range(d.randrange(7))},
    "sittings": lambda d: [tournament.Sitting(d.randint(-1, 4), HELPER_KINDS["results"](d))
                           for _ in range(d.randrange(6))],
    "teams": lambda d: [d.choice("ABCDEFGH") for _ in range(d.randrange(9))],
    "count": lambda d: d.randint(-2, 12),
    "games": lambda d: [(d.randint(-50, 50), d.randint(-50, 50)) for _ in range(d.randrange(2000))],
    "pairs": lambda d: [tuple(d.choice("ABCD") for _ in range(d.randrange(4))) for _ in range(d.randrange(6))],
    "winners": lambda d: [d.randint(-1, 2) for _ in range(d.randrange(6))],
    "points": lambda d: {d.choice("ABCDEF"): d.randint(-3, 3) for _ in range(d.randrange(7))},
    "bool": lambda d: d.random() < 0.5,
    "count_or_none": lambda d: None if d.random() < 0.3 else d.randint(-2, 12),
    "columns": lambda d: [d.choice(["A", "B", "", "C"]) for _ in range(d.randrange(5))],
    "end_rule": lambda d: match.EndRule(deals=d.randint(1, 5)),
    "rows": lambda d: [HELPER_KINDS["row"](d) for _ in range(d.randrange(4))],
    "sheet": lambda d: match.ScoreSheet(("A", "B"), match.EndRule(deals=d.randint(1, 3))),
    "label": lambda d: d.choice(TEXTS),
    "out": lambda d: [d.random() < 0.5 for _ in range(d.randrange(5))],
}


def helpers(draw: Draw) -> None:
    name, call, args, kwargs = draw.choice(HELPERS)

    def arg(kind: str) -> Any:
        return HELPER_KINDS[kind](draw) if kind == "sheet" else either(draw, lambda: HELPER_KINDS[kind](draw), 0.67)

    values = [arg(kind) for kind in args]
    options = {key: arg(kind) for key, kind in kwargs.items() if draw.random() < 0.5}
    draw.input = (name, values, options)
    call(*values, **options)


#: Every entry point: (name, a function that draws one random input from its ``Draw`` and runs it).
ENTRY_POINTS: list[tuple[str, Callable[[Draw], Any]]] = [
    ("start.arguments", start_arguments),
    ("start.options", start_options),
    ("start.deal", start_deal),
    ("apply.forged", apply_forged),
    ("parse_action", parse_action),
    ("record.fields", record_fields),
    ("record.text", record_text),
    ("record.direct", record_direct),
    ("helpers", helpers),
]

# The deal codes (typed in the play app and on the teacher's page) and the class's store (names, paths, imports,
# the records apps write, the class key): their fuzz tests hand the same runs over.
from tests.test_deal_code import deal_code_entry_points  # noqa: E402
from tests.test_fuzz_store import store_entry_points  # noqa: E402

ENTRY_POINTS += deal_code_entry_points() + store_entry_points()

# ---------------------------------------------------------------- the run


def run_one(name: str, run: Callable[[Draw], Any], seed: str) -> tuple[str, float, Draw, str]:
    """One input: its outcome ("accepted", "refused", "crashed"), the seconds it took, its draw and, for a crash,
    the exception and where it was raised."""
    draw = Draw(seed)
    draw.input = "(not drawn yet)"
    began = time.perf_counter()
    try:
        run(draw)
    except (IllegalMove, ValueError):
        outcome, where = "refused", ""
    except Exception as exc:  # the soak reports every other exception and goes on
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        outcome = "crashed"
        where = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno} ({str(exc)[:120]})"
    else:
        outcome, where = "accepted", ""
    return outcome, time.perf_counter() - began, draw, where


def shown(value: Any) -> str:
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 400 else text[:250] + " … " + text[-100:]


def main(argv: list[str] | None = None) -> int:
    """Run every chosen entry point's inputs; print the table and the failures; exit 1 if any."""
    names = [name for name, _ in ENTRY_POINTS]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("entry_points", nargs="*", default=names, help=f"some of: {', '.join(names)}")
    parser.add_argument("--inputs", type=int, default=10_000, help="inputs per entry point")
    parser.add_argument("--seed", type=int, default=1, help="a different seed draws different inputs")
    parser.add_argument("--games", nargs="+", default=SLUGS, metavar="SLUG", help="fuzz some games only")
    parser.add_argument("--replay", nargs=2, metavar=("ENTRY_POINT", "INPUT"), help="run one input again, verbosely")
    args = parser.parse_args(argv)
    runs = dict(ENTRY_POINTS)
    if set(args.games) - set(GAMES):
        parser.error(f"no game {sorted(set(args.games) - set(GAMES))[0]!r}; they are {', '.join(GAMES)}")
    SLUGS[:] = args.games
    if args.replay:
        name, i = args.replay
        draw = Draw(f"{args.seed}/{name}/{i}")
        try:
            runs[name](draw)
        finally:
            print("input:", shown(draw.input))
        print("accepted")
        return 0
    unknown = sorted(set(args.entry_points) - set(runs))
    if unknown:
        parser.error(f"no entry point {unknown[0]!r}; they are {', '.join(names)}")
    counts: dict[str, Counter] = {}
    failures: dict[tuple[str, str], list] = {}
    began = time.time()
    for name in args.entry_points:
        count = counts[name] = Counter()
        started = time.time()
        for i in range(args.inputs):
            outcome, seconds, draw, where = run_one(name, runs[name], f"{args.seed}/{name}/{i}")
            count[outcome] += 1
            if seconds > SLOW:
                count["slow"] += 1
                failures.setdefault((name, f"slow: {outcome}"), []).append((i, draw.input, f"{seconds:.1f} s"))
            if outcome == "crashed":
                failures.setdefault((name, where), []).append((i, draw.input, ""))
        print(f"{name}: {args.inputs} inputs in {time.time() - started:.0f} s", file=sys.stderr)
    width = max(len(n) for n in counts)
    print(f"{'entry point':<{width}}  {'accepted':>8}  {'refused':>8}  {'crashed':>8}  {'slow':>6}")
    for name, count in counts.items():
        print(f"{name:<{width}}  {count['accepted']:>8}  {count['refused']:>8}  {count['crashed']:>8}  "
              f"{count['slow']:>6}")
    for (name, where), cases in failures.items():
        i, value, note = cases[0]
        print(f"\n{name}: {where} — {len(cases)} input(s); first: input {i} {note}")
        print(f"   {shown(value)}")
        print(f"   again: .venv/bin/python tests/fuzz_soak.py --seed {args.seed} --replay {name} {i}")
    bad = sum(c["crashed"] + c["slow"] for c in counts.values())
    print(f"\n{sum(sum(c[k] for k in ('accepted', 'refused', 'crashed')) for c in counts.values())} inputs "
          f"in {time.time() - began:.0f} s; {bad} crashed or slow")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
