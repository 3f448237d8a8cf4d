"""Engine speed: random playouts of every registered game beside its peer (OpenSpiel go_fish or hearts, RLCard UNO).

Run ``bash benchmarks/run`` (it installs the ``bench`` extra first), or
``.venv/bin/python benchmarks/engine.py [--seconds 3]``.  Every engine is driven
by the same loop: ask for the legal actions, pick one with ``random.Random``,
apply it, until the game ends.  An *action* is a player's decision; OpenSpiel
also counts its chance steps (each card dealt or drawn) as actions, shown
separately.  Peers that are not installed are left out, with a note.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Callable

from machine import describe
from tutor.games import GAMES



@dataclass
class Row:
    """One engine's figures."""

    engine: str
    players: int
    games: int
    actions: int
    chance: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def all_steps_per_s(self) -> float:
        return (self.actions + self.chance) / self.seconds


def timed(engine: str, players: int, playout: Callable[[int, random.Random], tuple[int, int]],
          seconds: float) -> Row:
    """Play whole games (seeds 0, 1, 2…) until ``seconds`` have passed; one warm-up game first."""
    rng = random.Random(0)
    playout(10_000, rng)
    games = actions = chance = 0
    start = time.perf_counter()
    while True:
        a, c = playout(games, rng)
        games, actions, chance = games + 1, actions + a, chance + c
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Row(engine, players, games, actions, chance, elapsed)


def gwari_playout(slug: str, players: int) -> Callable[[int, random.Random], tuple[int, int]]:
    """Random playout of a registered game."""
    game = GAMES[slug]

    def playout(seed: int, rng: random.Random) -> tuple[int, int]:
        state = game.start(players=players, seed=seed)
        n = 0
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            n += 1
        return n, 0

    return playout


def spiel_playout(name: str, players: int) -> Callable[[int, random.Random], tuple[int, int]]:
    """Random playout of an OpenSpiel game, its leanest loop: chance outcomes (uniform in these card
    games: the next card of a shuffled pack) and decisions both drawn with ``randrange``."""
    import pyspiel

    game = pyspiel.load_game(name, {"players": players}) if name != "hearts" else pyspiel.load_game(name)

    def playout(_seed: int, rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += 1
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        return decisions, chance

    return playout


def uno_playout(players: int) -> Callable[[int, random.Random], tuple[int, int]]:
    """Random playout of RLCard's UNO engine (its game object, not the RL environment's encoding)."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": players})
    game = env.game

    def playout(_seed: int, rng: random.Random) -> tuple[int, int]:
        game.init_game()
        n = 0
        while not game.is_over():
            actions = game.get_legal_actions()
            game.step(actions[rng.randrange(len(actions))])
            n += 1
        return n, 0

    return playout


# Each Gwari game beside the peer that plays most like it, at the same table size, with the goal
# (a share of the peer's actions per second) where an issue sets one.  Games not built yet are skipped.
PAIRS = (
    ("gwra-pyskessa", 2, "open_spiel go_fish", 0.5),
    ("gwra-pyskessa", 3, "open_spiel go_fish", 0.5),
    ("chwech", 4, "open_spiel hearts", 0.3),
    ("gnav", 4, "open_spiel hearts", None),
    ("pig", 4, "open_spiel hearts", None),
    ("burn", 4, "open_spiel hearts", 0.3),
    ("pymtheg", 4, "open_spiel hearts", 0.3),
    ("cassino", 2, "open_spiel go_fish", None),
    ("carts-tity", 2, "rlcard uno", 2.0),
)


def peer_playout(engine: str, players: int) -> Callable[[int, random.Random], tuple[int, int]]:
    """The playout of a peer named as in ``PAIRS``."""
    if engine == "rlcard uno":
        return uno_playout(players)
    return spiel_playout(engine.removeprefix("open_spiel "), players)


def measure(seconds: float) -> tuple[list[Row], list[str]]:
    """Every registered game at its default table and at the sizes it is compared at, then the peers,
    interleaved game by game so that each ratio compares two engines measured moments apart."""
    rows, notes, done = [], [], set()
    for slug, game in GAMES.items():
        sizes = {game.default_players, *(p for p in (2, 3) if game.min_players <= p <= game.max_players)}
        sizes |= {p for s, p, _peer, _goal in PAIRS if s == slug}
        for players in sorted(sizes):
            rows.append(timed(slug, players, gwari_playout(slug, players), seconds))
            for s, p, peer, _goal in PAIRS:
                if s != slug or p != players or (peer, p) in done:
                    continue
                try:
                    rows.append(timed(peer, p, peer_playout(peer, p), seconds))
                    done.add((peer, p))
                except ImportError:
                    note = f"{peer.split()[0]} is not installed (pip extra `bench`): {peer} left out."
                    if note not in notes:
                        notes.append(note)
    return rows, notes


def table(rows: list[Row]) -> str:
    """The figures as a Markdown table."""
    lines = ["| engine | players | games | games/s | actions/game | actions/s | with chance steps/s |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        chance = f"{r.all_steps_per_s:,.0f}" if r.chance else "—"
        lines.append(f"| {r.engine} | {r.players} | {r.games:,} | {r.games_per_s:,.0f} | "
                     f"{r.actions / r.games:.1f} | {r.actions_per_s:,.0f} | {chance} |")
    return "\n".join(lines)


def goal_lines(rows: list[Row]) -> list[str]:
    """Each game against its peer at the same table size, with the goal where there is one."""
    out = []
    for slug, players, peer, goal in PAIRS:
        ours = next((r for r in rows if r.engine == slug and r.players == players), None)
        theirs = next((r for r in rows if r.engine == peer and r.players == players), None)
        if ours and theirs:
            share = ours.actions_per_s / theirs.actions_per_s
            verdict = f" ({'meets' if share >= goal else 'below'} the {goal}× goal)" if goal else ""
            out.append(f"{slug} / {peer}, {players} players: {share:.2f}× actions/s{verdict}, "
                       f"{ours.games_per_s / theirs.games_per_s:.2f}× games/s")
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    args = parser.parse_args()
    rows, notes = measure(args.seconds)
    print(describe())
    print()
    print(table(rows))
    print()
    for line in goal_lines(rows) + notes:
        print(line)


if __name__ == "__main__":
    main()
