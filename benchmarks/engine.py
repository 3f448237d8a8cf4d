"""Engine speed: random playouts of every registered game beside OpenSpiel's go_fish and RLCard's UNO.

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

GOAL = 0.5  # Gwra Pyskessa's actions per second, as a share of OpenSpiel go_fish's at the same table size


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


def go_fish_playout(players: int) -> Callable[[int, random.Random], tuple[int, int]]:
    """Random playout of OpenSpiel's go_fish; chance outcomes drawn with the same generator."""
    import pyspiel

    game = pyspiel.load_game("go_fish", {"players": players})

    def playout(_seed: int, rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
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
            game.step(rng.choice(game.get_legal_actions()))
            n += 1
        return n, 0

    return playout


def measure(seconds: float) -> tuple[list[Row], list[str]]:
    """Every registered game at its default table and at 2 and 3 players, then the peers."""
    rows, notes = [], []
    for slug, game in GAMES.items():
        sizes = sorted({game.default_players, *(p for p in (2, 3) if game.min_players <= p <= game.max_players)})
        for players in sizes:
            rows.append(timed(slug, players, gwari_playout(slug, players), seconds))
    try:
        for players in (2, 3):
            rows.append(timed("open_spiel go_fish", players, go_fish_playout(players), seconds))
    except ImportError:
        notes.append("OpenSpiel is not installed (pip extra `bench`): go_fish left out.")
    try:
        rows.append(timed("rlcard uno", 2, uno_playout(2), seconds))
    except ImportError:
        notes.append("RLCard is not installed (pip extra `bench`): UNO left out.")
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
    """Gwra Pyskessa against go_fish at the same table size."""
    out = []
    for players in (2, 3):
        ours = next((r for r in rows if r.engine == "gwra-pyskessa" and r.players == players), None)
        peer = next((r for r in rows if r.engine == "open_spiel go_fish" and r.players == players), None)
        if ours and peer:
            share = ours.actions_per_s / peer.actions_per_s
            out.append(f"gwra-pyskessa / go_fish, {players} players: {share:.2f}× actions/s "
                       f"({'meets' if share >= GOAL else 'below'} the {GOAL}× goal), "
                       f"{ours.games_per_s / peer.games_per_s:.2f}× games/s")
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
