"""The soak run: many random games per game, every option on and off, every invariant checked.

Not part of the test suite (it takes far longer than the suite's budget); run it
before a game's work is called done:

    .venv/bin/python tests/soak.py                  # 10,000 games of every game
    .venv/bin/python tests/soak.py --games 500 pig  # fewer games, some games only

Each game draws its player count and every option at random from the option's
values (yes/no both ways, every choice of a list, a few counts for a number),
so every option is played on and off many times.  For every game it checks:
cards are conserved (counted at a random quarter of the moves and at the end),
a game that is not over offers a move, a move that was legal earlier and is not
now is refused without changing the state (tried at a random quarter of the
moves), the game ends
within its bound with a result, and the record survives JSON and replays to the
same end (same seed, same game).  It prints, per game, the games played, the
moves made, how often each option value was played, and every failure with the
seed and options that reproduce it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine import IllegalMove, Record, _option_types  # noqa: E402
from tutor.games import GAMES, replay  # noqa: E402

# The counts a number option is played at, besides its default (each game's rules doc says what they mean).
NUMBER_VALUES: dict[tuple[str, str], tuple[Any, ...]] = {
    ("burn", "target"): (100, 30),
    ("carts-tity", "rounds"): (0, 1, 3),
    ("carts-tity", "target"): (100, 30),
    ("chwech", "deals"): (None, 1, 2),
    ("gnav", "counters"): (3, 1, 5),
    ("pig", "stale_after"): (0, 3, 20),
    ("pig", "tick_ms"): (250, 100),
    ("pig", "max_ticks"): (16, 4),
    ("pig", "fastest_ms"): (400, 0),
    ("pig", "slowest_ms"): (2400, 600),
    ("pymtheg", "rounds"): (20, 1, 3),
    ("pymtheg", "limit"): (100000, 500),
    ("pymtheg", "mixed"): (10, 0, 3),
}

# Share of moves at which the soak also tries a stale move and counts every card (both are checked at
# every move of the suite's own random games; here, over millions of moves, a share keeps the run short).
PROBE_EVERY = 0.25
COUNT_EVERY = 0.25


def option_values(slug: str) -> dict[str, tuple[Any, ...]]:
    """Every option of a game with the values the soak plays it at."""
    game = GAMES[slug]
    defaults = game.options()
    out: dict[str, tuple[Any, ...]] = {}
    for name, hint in _option_types(game.rules_class).items():
        if hint is bool:
            out[name] = (False, True)
        elif get_origin(hint) is Literal:
            out[name] = get_args(hint)
        else:
            out[name] = NUMBER_VALUES.get((slug, name), (defaults[name],))
    return out


def draw_options(slug: str, rng: random.Random) -> dict[str, Any]:
    """A random setting of every option the rules accept together (a refused mix is drawn again)."""
    game = GAMES[slug]
    values = option_values(slug)
    for _ in range(100):
        options = {name: rng.choice(choices) for name, choices in values.items()}
        try:
            game.make_rules(**options)
        except (ValueError, IllegalMove):
            continue
        return options
    return {}


def one_game(slug: str, seed: int) -> tuple[int, dict[str, Any], int]:
    """Play one random game with every check; return (moves, options, players) or raise."""
    game = GAMES[slug]
    rng = random.Random(seed)
    for _ in range(100):  # options that need another player count (Burn's teams) are drawn again
        options = draw_options(slug, rng)
        players = rng.randint(game.min_players, min(game.max_players, game.min_players + 5))
        try:
            state = game.start(players=players, seed=seed, **options)
            break
        except (ValueError, IllegalMove):
            continue
    else:
        raise AssertionError("no option setting could start a game")
    cards = Counter(state.cards())
    record = state.setup
    moves = 0
    seen: dict[str, Any] = {}
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"not over but no legal move at move {moves}"
        assert moves < game.max_actions, f"no end within {game.max_actions} moves"
        allowed = list(legal) + [a for seat in state.current_players for a in state.offers(seat)]
        legal_text = {str(a) for a in allowed}
        # An action legal earlier and not legal now must be refused, changing nothing.
        stale = [a for t, a in seen.items() if t not in legal_text] if rng.random() < PROBE_EVERY else []
        if stale:
            before = (state, hash(state))
            wrong = rng.choice(stale)
            try:
                state.apply(wrong)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"illegal {wrong} accepted at move {moves}")
            assert (state, hash(state)) == before, "a refused move changed the state"
        for action in legal:
            seen.setdefault(str(action), action)
        if len(seen) > 400:
            seen = dict(list(seen.items())[-200:])
        action = rng.choice(legal)
        record = record.with_action(action)
        state = state.apply(action)
        moves += 1
        if rng.random() < COUNT_EVERY:
            assert Counter(state.cards()) == cards, f"cards not conserved after move {moves} ({action})"
    assert Counter(state.cards()) == cards, "cards not conserved at the end"
    assert state.legal_actions() == [] and state.current_player is None
    result = state.result()
    assert len(result.scores) == players and result.winners
    again = Record.from_json(record.to_json())
    assert replay(again)[-1] == state, "the record does not replay to the same end"
    return moves, options, players


def soak(slug: str, games: int, first_seed: int) -> dict[str, Any]:
    """Play ``games`` random games of one game; count moves, option values and failures."""
    played = moves = 0
    values: Counter = Counter()
    failures: list[str] = []
    for seed in range(first_seed, first_seed + games):
        try:
            n, options, players = one_game(slug, seed)
        except Exception as exc:  # a soak reports every failure and goes on
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")
            continue
        played += 1
        moves += n
        values.update(f"{k}={v!r}" for k, v in options.items())
        values[f"players={players}"] += 1
    return {"slug": slug, "played": played, "moves": moves, "values": dict(values), "failures": failures}


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print its counts; exit 1 if any game failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*", default=sorted(GAMES))
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chunk = 250
    jobs = [(slug, min(chunk, args.games - start), args.seed + start)
            for slug in args.slugs for start in range(0, args.games, chunk)]
    totals: dict[str, dict[str, Any]] = {}
    began = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        for out in pool.map(soak, *zip(*jobs)):
            total = totals.setdefault(out["slug"], {"played": 0, "moves": 0, "values": Counter(), "failures": []})
            total["played"] += out["played"]
            total["moves"] += out["moves"]
            total["values"].update(out["values"])
            total["failures"].extend(out["failures"])
    failed = 0
    for slug, total in totals.items():
        print(f"{slug}: {total['played']} games played to the end, {total['moves']} moves, "
              f"{len(total['failures'])} failed")
        print("   " + ", ".join(f"{k} ×{v}" for k, v in sorted(total["values"].items())))
        for failure in total["failures"][:5]:
            print("   FAILED " + failure.replace("\n", "\n      "))
        failed += len(total["failures"])
    print(f"{sum(t['played'] for t in totals.values())} games in {time.time() - began:.0f} s; {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
