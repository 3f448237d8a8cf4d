"""The class's tournament as a page shows it: the standings (rank points at each table, the total, the place, where
bots played for a team), every hand's results once the league is over, and the final; in a learner's Classmates
lobby, between rounds, the last tournament of the app's game; in a scoring notebook, the class's last tournament
as the example of a league (``class_tournament``).

What is drawn comes from ``tutor.tables.tournament_play.public`` (asked of the class service under a hub, else of
the tables' store on this machine, ``tutor.service.tournaments.ask``): teams and results, no seed and no hand.
"""

from __future__ import annotations

import sys
from typing import Any

from tutor.widgets.base import esc, heading

__all__ = ["class_tournament", "final_html", "hands_html", "lobby_html", "round_words", "standings_html"]


def round_words(shown: dict[str, Any]) -> str:
    """Where the tournament is: "Round 1 of 2 is on." (its tables open, or played), "The league is over." ..."""
    if shown["done"] == shown["rounds"]:
        return "The league is over."
    if shown["opened"] > shown["done"]:
        return f"Round {shown['opened']} of {shown['rounds']} is on."
    return f"Round {shown['done']} of {shown['rounds']} has ended; round {shown['done'] + 1} comes next."


def standings_html(shown: dict[str, Any]) -> str:
    """The standings over the rounds ended: fewest rank points first (equal points share a place)."""
    tables = len(shown["standings"][0]["tables"]) if shown["standings"] else 0
    best = "the lowest score" if shown["lowest_best"] else "the highest score"
    head = "".join(f'<th scope="col">Table {t + 1}</th>' for t in range(tables))
    rows = []
    for row in shown["standings"]:
        cells = "".join(f"<td>{'' if p is None else p}</td>" for p in row["tables"])
        notes = "; ".join(row["notes"])
        rows.append(f'<tr><td>{"" if row["place"] is None else row["place"]}</td><th scope="row">{esc(row["name"])}'
                    f'</th>{cells}<td>{"" if row["points"] is None else row["points"]}</td>'
                    f'<td class="gw-small">{esc(notes)}</td></tr>')
    champions = ""
    if shown["champions"]:
        who = " and ".join(shown["champions"])
        champions = (f'<p data-testid="champions"><strong>{esc(who)} '
                     f'{"win" if len(shown["champions"]) == 1 else "share"} the league.</strong></p>')
    return (f'<p data-testid="tournament-round">{esc(round_words(shown))} At each table the teams are ranked by '
            f"their results there ({best} gets 1 rank point, the next 2, equal results share the better rank); "
            "the fewest rank points win.</p>"
            '<table class="gw-classtable" data-testid="standings"><thead><tr><th scope="col">Place</th>'
            f'<th scope="col">Team</th>{head}<th scope="col">Rank points</th><th scope="col">Bots</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>{champions}")


def hands_html(shown: dict[str, Any]) -> str:
    """Every hand of the league: at each table (the same cards for every team), each team's result and rank points,
    so the class can talk over a hand everyone held."""
    if not shown.get("hands"):
        return ""
    parts = []
    for at in shown["hands"]:
        cells = "".join(f'<tr><th scope="row">{esc(r["name"])}</th>'
                        f'<td>{"no result" if r["score"] is None else r["score"]}</td>'
                        f'<td>{"" if r["points"] is None else r["points"]}</td></tr>' for r in at["results"])
        parts.append(f'<tr><th scope="rowgroup" colspan="3">Table {at["table"] + 1}</th></tr>{cells}')
    return ('<table class="gw-classtable" data-testid="every-hand"><caption>Every hand: how each team played it'
            '</caption><thead><tr><th scope="col">Team</th><th scope="col">Result</th><th scope="col">Rank points'
            f"</th></tr></thead><tbody>{''.join(parts)}</tbody></table>")


def final_html(shown: dict[str, Any]) -> str:
    """The final between the league's two best teams, when it has been opened."""
    final = shown.get("final")
    if not final:
        return ""
    pair = " against ".join(final["pair"])
    if final["winner"] is not None:
        now = f"{esc(final['winner'])} won the final ({final['totals'][0]} to {final['totals'][1]})."
    elif final["totals"] is not None:
        now = f"A tie ({final['totals'][0]} each): the final is played off at another table."
    else:
        now = f"It is being played at table {esc(final['tables'][-1])}."
    return f'<p data-testid="final"><strong>The final:</strong> {esc(pair)}. {now}</p>'


def lobby_html(app: Any, h: int) -> str:
    """The class's last tournament of the app's game in a learner's lobby ("" when there is none, or it cannot be
    read just now)."""
    from tutor.service.tournaments import ask

    try:
        shown = ask("standings", {"game": app.game.slug}, teacher=False, name=app.learner or "a learner")
    except (ValueError, OSError):
        return ""
    if not shown:
        return ""
    yours = next((t for t in shown["tables"] if not t["done"] and app.learner in t["names"]), None)
    table = (f'<p data-testid="your-tournament-table">Your table in this round: <strong class="gw-code">'
             f'{esc(yours["code"])}</strong> (join it below).</p>' if yours else "")
    return (f'<section class="gw-panel" data-testid="tournament">{heading(h + 1, "The class tournament")}{table}'
            f"{standings_html(shown)}{final_html(shown)}{hands_html(shown)}</section>")


def class_tournament(game: str) -> Any:
    """The class's last tournament of ``game`` as an example to talk over (a scoring notebook shows it): its
    standings and every hand once the league is over; else a sentence saying there is none yet, or that a tournament
    needs a server (Python in the browser has none)."""
    from tutor.widgets.lesson import PanelWidget

    none = ("Your class has not finished a tournament of this game yet. When it has, its standings and every hand "
            "show here.")
    if sys.platform == "emscripten":
        return PanelWidget('<div class="gw-panel"><p>A class tournament needs a server: here Gwari runs in your '
                           "browser. On your class's server this shows your class's last tournament.</p></div>")
    from tutor.service.tournaments import ask

    try:
        shown = ask("standings", {"game": game}, teacher=False, name="a learner")
    except (ValueError, OSError):
        shown = None
    if not shown or shown["done"] < shown["rounds"]:
        return PanelWidget(f'<div class="gw-panel"><p>{none}</p></div>')
    return PanelWidget(f'<div class="gw-panel" data-testid="tournament">{heading(3, "Your class’s last tournament")}'
                       f"{standings_html(shown)}{hands_html(shown)}</div>")
