"""Whole games played by bots, every event kept: what a strategy notebook's study plays, one game per seed.

``bot_game`` deals a game from a seed and plays it to the end, each seat a bot of a level or a function
``choose(state) -> move``, and returns it ``Played``: its result, every event (each naming its rule) and every move.
Bots make their moves out of turn (a double in Pymtheg) as the play app asks for them (``out_of_turn``).

Pure Python over the registry and the bots: no pandas, no widgets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tutor.bots import make_bot
from tutor.engine import Event, Result
from tutor.games import GAMES

MOST_MOVES = 20_000


@dataclass
class Played:
    """A finished game: its result, every event in order (each naming its rule), the moves, who played what."""

    slug: str
    seed: int
    players: int
    result: Result
    events: list[Event] = field(default_factory=list)
    moves: list[tuple[int | None, Any]] = field(default_factory=list)
    state: Any = None

    def count(self, rule: str, player: int | None = None) -> int:
        """How many events applied ``rule`` (a rule id, or its last part: ``"pit"`` finds ``"burn.pit"``), by
        ``player`` when given."""
        return sum(1 for e in self.events if _rule_is(e.rule, rule) and (player is None or e.player == player))

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1 alone, ½ when two share it, 0 when it lost."""
        winners = self.result.winners
        return 1 / len(winners) if seat in winners else 0.0


def out_of_turn(state: Any, bots: Mapping[int, Any], declined: set) -> tuple[int, Any] | None:
    """A move a bot makes out of turn (a double in Pymtheg), as the play app asks for them: each bot with such a
    move open decides once per position, before the next ordinary move; ``declined`` remembers the chances let go
    in this position (the caller empties it after each move).
    Returns (seat, move), or None when no bot takes one."""
    for seat, bot in bots.items():
        if seat == state.current_player:
            continue
        for offer in state.offers(seat):
            key = (seat, str(offer))
            if key in declined:
                continue
            move, _why = bot.offer(state, seat)
            if move is None:
                declined.add(key)
                break
            return seat, move
    return None


def _rule_is(rule: str, wanted: str) -> bool:
    return rule == wanted or rule.endswith("." + wanted)


def bot_game(slug: str, seed: int, levels: str | Sequence[str | Callable] = "strong", *, players: int | None = None,
         **options: Any) -> Played:
    """One game of ``slug`` dealt from ``seed``, played to the end by bots.

    ``levels`` is one level for every seat ("random", "strong", "expert") or one per seat; a seat may also be
    played by a function ``choose(state) -> move``.  Options are the game's own (``target=50``...)."""
    if slug not in GAMES:
        raise ValueError(f"game: there is no game {slug!r}; the games are {', '.join(sorted(GAMES))}.")
    game = GAMES[slug]
    players = game.default_players if players is None else players
    state = game.start(players=players, seed=seed, **options)
    seats = [levels] * state.players if isinstance(levels, str) or callable(levels) else list(levels)
    if len(seats) != state.players:
        raise ValueError(f"levels: {state.players} players need {state.players} levels, not {len(seats)}.")
    bots = {i: make_bot(slug, seat, seed * 31 + i) for i, seat in enumerate(seats) if not callable(seat)}
    choosers = [seat if callable(seat) else bots[i].choose for i, seat in enumerate(seats)]
    played = Played(slug, seed, state.players, None)  # type: ignore[arg-type]
    declined: set = set()
    for _ in range(MOST_MOVES):
        if state.is_over:
            break
        offered = out_of_turn(state, bots, declined)
        if offered is not None:
            mover, move = offered
        else:
            mover = state.current_player
            if mover is None:  # moves made at once (a simultaneous pass): the first seat asked moves first
                mover = state.current_players[0]
            move = choosers[mover](state)
        state = state.apply(move)
        declined.clear()
        played.moves.append((mover, move))
        played.events.extend(state.events)
    else:
        raise RuntimeError(f"{game.title} from seed {seed} did not end within {MOST_MOVES} moves.")
    played.result, played.state = state.result(), state
    return played


__all__ = ["MOST_MOVES", "Played", "bot_game", "out_of_turn"]
