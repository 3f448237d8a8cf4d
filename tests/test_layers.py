"""Dependencies point one way: the engine layers import no notebook machinery."""

import subprocess
import sys


def test_cards_engine_and_games_import_no_widgets_or_ipython():
    code = (
        "import sys\n"
        "import tutor.cards, tutor.engine, tutor.mechanics, tutor.games, tutor.lessons, tutor.bots\n"
        "from tutor.games import GAMES\n"
        "for slug, game in GAMES.items():\n"
        "    state = game.start(seed=1)\n"
        "    state.view(0); state.legal_actions()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'IPython', 'anywidget', 'traitlets', 'pandas', 'tutor.widgets'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
