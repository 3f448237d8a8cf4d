"""Golden playthroughs: a seeded game between bots, written out in words and diffed.

Any change to what a game does or says shows up here as a readable diff.  After an
intended change, rewrite the files with ``GWARI_GOLDEN_UPDATE=1`` and review the diff.
"""

import os
from pathlib import Path

import pytest

from tutor.bots import make_bot
from tutor.games import GAMES

HERE = Path(__file__).parent / "golden"
GOLDEN = sorted(HERE.glob("*.txt"))


def transcript(slug: str, players: int, seed: int) -> str:
    """The whole game in words: each move, then each event with its rule, what was said and its gloss."""
    game = GAMES[slug]
    state = game.start(players=players, seed=seed)
    bots = [make_bot(slug, "strong" if seat % 2 == 0 else "random", seed + seat) for seat in range(players)]
    lines = [f"# {game.title}, {players} players, seed {seed}"]
    lines += [f"  [{e.rule}] {e.text}" for e in state.events]
    while not state.is_over:
        action = bots[state.current_player].choose(state)
        lines.append(f"> {state.describe(action)}   ({action})")
        state = state.apply(action)
        for e in state.events:
            said = f"  «{e.said}» = «{e.gloss}»" if e.said else ""
            lines.append(f"  [{e.rule}] {e.text}{said}")
    result = state.result()
    lines.append(f"= scores {list(result.scores)}, winners {list(result.winners)}")
    return "\n".join(lines) + "\n"


def parse_name(path: Path) -> tuple[str, int, int]:
    slug, players, seed = path.stem.rsplit("_", 2)
    return slug, int(players.rstrip("p")), int(seed.lstrip("s"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough(path):
    text = transcript(*parse_name(path))
    if os.environ.get("GWARI_GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_every_game_has_a_golden_playthrough():
    have = {parse_name(p)[0] for p in GOLDEN}
    assert set(GAMES) <= have, f"add tests/golden/<slug>_<N>p_s<seed>.txt for {sorted(set(GAMES) - have)}"
