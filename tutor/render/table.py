"""The table: a ``TableView`` drawn as HTML around card SVGs, or as one compact SVG.

One renderer for every game: the status, teams, the auction, a box per seat
(hand, sets, info), the stock and centre, the trick, piles and builds with
their owners, and the score table.  Parts a view leaves empty are not drawn.
``TABLE_CSS`` is the one place the table's look is written.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from typing import Any

from tutor.render.frame import FONT, card_svg, count_text, hand_element, hand_svg, svg_root

TABLE_CSS = """
.gw-table{font-family:system-ui,'DejaVu Sans',sans-serif;display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.gw-seat{border:2px solid #ccd;border-radius:10px;padding:6px 8px;background:#f7f9fc;min-width:140px;max-width:100%}
.gw-seat.gw-current{border-color:#1565c0;background:#e8f1fd}
.gw-seat h4,.gw-centre h4,.gw-pile h4,.gw-trick h4,.gw-auction h4{margin:0 0 4px 0;font-size:15px}
.gw-info{font-size:13px;color:#333}
.gw-melds{display:flex;flex-wrap:wrap;gap:4px;margin-top:4px}
.gw-rows{display:flex;flex-wrap:wrap;gap:4px 8px}
.gw-centre,.gw-pile,.gw-trick,.gw-auction{border:2px dashed #aab;border-radius:10px;padding:6px 8px;min-width:110px;max-width:100%}
.gw-pile.gw-owned{border-style:solid;background:#fbfaf4}
.gw-status{width:100%;font-weight:600;font-size:16px}
.gw-teams{width:100%;font-size:14px}
.gw-team{display:inline-block;font-size:12px;font-weight:600;border:1px solid #667;border-radius:6px;padding:0 5px;margin-left:6px}
.gw-plays{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.gw-play{display:flex;flex-direction:column;align-items:center;font-size:13px;border:2px solid transparent;border-radius:8px;padding:2px}
.gw-play.gw-won{border-color:#16783a;background:#eef8f1}
.gw-calls{margin:0;padding-left:1.4em;font-size:14px}
.gw-contract{font-weight:600;margin-top:4px}
.gw-scorebox{width:100%;overflow-x:auto}
.gw-scores{border-collapse:collapse;font-size:14px}
.gw-scores caption{text-align:left;font-weight:600;padding:2px 0}
.gw-note{display:block;font-weight:normal;font-size:13px;color:#333}
.gw-scores th,.gw-scores td{border-bottom:1px solid #dde;padding:3px 8px;text-align:right}
.gw-scores th[scope=row]{text-align:left;font-weight:normal}
.gw-scores thead th{font-weight:600}
.gw-scores tfoot th,.gw-scores tfoot td{font-weight:700;border-top:2px solid #99a}
.gw-table svg{max-width:100%;height:auto}
@media (max-width:520px){.gw-seat{min-width:0;flex:1 1 100%}}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _name(view: Any, seat: int | None) -> str:
    """A seat's name, or "seat N" for a seat the view does not have."""
    if seat is not None and 0 <= seat < len(view.seats):
        return view.seats[seat].name
    return f"seat {seat}"


def _team_of(view: Any) -> dict[int, int]:
    return {seat: i for i, team in enumerate(view.teams) for seat in team}


def table_html(view: Any, *, width: int = 60, style: bool = True, own_hand: bool = True, part: str = "all",
               compact: bool = False) -> str:
    """A table view as HTML: status, teams, auction, one box per seat, stock and centre, trick, piles, scores.

    ``style=False`` leaves out the ``<style>`` block (the widgets ship ``TABLE_CSS`` themselves);
    ``own_hand=False`` leaves the viewer's hand out (a play app shows it larger, as buttons).
    ``part`` draws only one half: ``"middle"`` (the status, the auction, the stock and centre, the trick and the
    piles: what a player answers) or ``"seats"`` (the teams, the players' boxes and the scores); ``compact``
    draws a hand of face-down cards as its count alone (name, cards in hand, what the seat has taken).
    """
    if part not in ("all", "middle", "seats"):
        raise ValueError(f"part must be 'all', 'middle' or 'seats', not {part!r}")
    parts = [f"<style>{TABLE_CSS}</style>" if style else "", '<div class="gw-table">']
    if part != "seats":
        parts.append(f'<div class="gw-status">{_e(view.status)}</div>')
    if part != "middle" and view.teams:
        parts.append(teams_html(view))
    if part != "seats" and view.auction is not None:
        parts.append(auction_html(view))
    if part != "middle":
        parts.extend(seat_html(view, seat, width=width, own_hand=own_hand, compact=compact)
                     for seat in range(len(view.seats)))
    if part != "seats":
        # A game may show the trick as its centre too ("Kerensa led Wind"): the trick is drawn once, with those words.
        same = view.trick is not None and bool(view.centre) and tuple(view.centre) == tuple(
            card for _seat, card in view.trick.plays)
        centre = () if same else view.centre
        if view.has_stock or centre:
            parts.append('<div class="gw-centre">')
            if view.has_stock:
                parts.append(f'<h4>Stock</h4><div class="gw-info">{cards_count(view.stock)}</div>')
                if view.stock:
                    parts.append(card_svg(None, width=width // 2 + 10))
            if centre:
                parts.append(f'<div class="gw-info">{_e(view.centre_label)}</div>'
                             + hand_rows(centre, width=width))
            parts.append("</div>")
        if view.trick is not None:
            parts.append(trick_html(view, width=width, label=view.centre_label if same else ""))
        parts.extend(pile_html(view, pile, width=width) for pile in view.piles)
    if part != "middle" and view.scores is not None:
        parts.append(scores_html(view.scores))
    parts.append("</div>")
    return "".join(parts)


def cards_count(n: int) -> str:
    """A number of cards as the table writes it: "1 card", "8 cards", "no cards"."""
    return "no cards" if n == 0 else f"{n} card{'' if n == 1 else 's'}"


ROW = 8  # the most cards drawn in one row: a longer hand wraps onto more rows rather than shrinking to fit a phone


def hand_rows(cards: Any, *, width: int = 60, label: str = "") -> str:
    """A row of cards, or for more than ``ROW`` cards rows of ``ROW`` that wrap where the page is narrow (30 cards
    stay as large as 8); each row is named by its place ("Pol's hand, cards 9 to 16: …")."""
    cards = tuple(cards)
    if len(cards) <= ROW:
        return hand_svg(cards, width=width, label=label)
    rows = []
    for start in range(0, len(cards), ROW):
        part = cards[start:start + ROW]
        where = f"cards {start + 1} to {start + len(part)}" if len(part) > 1 else f"card {start + 1}"
        rows.append(hand_svg(part, width=width, label=f"{label or 'Cards'}, {where}"))
    return f'<div class="gw-rows">{"".join(rows)}</div>'


def seat_html(view: Any, seat: int, *, width: int = 60, own_hand: bool = True, compact: bool = False) -> str:
    """One player's box: name (and "(you)", and their team), cards in hand and what the view says of them, then
    the hand (face-down cards only counted when ``compact``) and their sets."""
    info = view.seats[seat]
    team_of = _team_of(view)
    current = " gw-current" if seat == view.current else ""
    you = " (you)" if seat == view.viewer else ""
    team = (f'<span class="gw-team" data-team="{team_of[seat]}">Team {team_of[seat] + 1}</span>'
            if seat in team_of else "")
    facts = [f"{cards_count(len(info.hand))} in hand"] + ([_e(info.info)] if info.info else [])
    parts = [f'<div class="gw-seat{current}" data-seat="{seat}"><h4>{_e(info.name)}{you}{team}</h4>'
             f'<div class="gw-info">{" · ".join(facts)}</div>' if facts else ""]
    hidden = all(card is None for card in info.hand)
    if info.hand and (own_hand or seat != view.viewer) and not (compact and hidden):
        parts.append(hand_rows(info.hand, width=width, label=f"{info.name}'s hand"))
    if info.melds:
        parts.append('<div class="gw-melds">' + "".join(
            hand_svg(m, width=width // 2, overlap=0.7, label=f"{info.name}'s set") for m in info.melds) + "</div>")
    parts.append("</div>")
    return "".join(parts)


def teams_html(view: Any) -> str:
    """Who plays with whom: "Team 1: Jory and Pol · Team 2: Tamsin and Kerensa"."""
    teams = [f'<span data-team="{i}">Team {i + 1}: {_e(" and ".join(_name(view, s) for s in team))}</span>'
             for i, team in enumerate(view.teams)]
    return '<div class="gw-teams">' + " · ".join(teams) + "</div>"


def auction_html(view: Any) -> str:
    """The bidding: each call in order as a numbered list, then the contract once it is settled."""
    auction = view.auction
    calls = "".join(f'<li data-seat="{seat}"><strong>{_e(_name(view, seat))}</strong>: {_e(call)}</li>'
                    for seat, call in auction.calls)
    empty = not calls and not auction.contract
    parts = [f'<div class="gw-auction{" gw-nocalls" if empty else ""}"><h4>Bidding</h4>']
    parts.append(f'<ol class="gw-calls">{calls}</ol>' if calls else '<div class="gw-info">No calls yet</div>')
    if auction.contract:
        parts.append(f'<div class="gw-contract">Contract: {_e(auction.contract)}</div>')
    parts.append("</div>")
    return "".join(parts)


def trick_html(view: Any, *, width: int = 60, label: str = "") -> str:
    """The trick: who led (or ``label``, the game's words for it), trumps, each card played in order with its
    player, and who won it."""
    trick = view.trick
    facts = [_e(label) if label else f"{_e(_name(view, trick.leader))} led"]
    if trick.trumps:
        facts.append(f"trumps: {_e(trick.trumps)}")
    if trick.winner is not None:
        facts.append(f"won by {_e(_name(view, trick.winner))}")
    parts = ['<div class="gw-trick"><h4>Trick</h4>', f'<div class="gw-info">{" · ".join(facts)}</div>',
             '<ol class="gw-plays">']
    for seat, card in trick.plays:
        won = seat == trick.winner
        notes = [_e(_name(view, seat))] + (["led"] if seat == trick.leader else []) + (["won"] if won else [])
        parts.append(f'<li class="gw-play{" gw-won" if won else ""}" data-seat="{seat}">'
                     f"{card_svg(card, width=width)}<span>{' · '.join(notes)}</span></li>")
    parts.append("</ol></div>")
    return "".join(parts)


def pile_html(view: Any, pile: Any, *, width: int = 60) -> str:
    """A pile or build: its label, owner, value and count, and its cards (or only the top one)."""
    # One card shown face up needs no count; a pile of more, or shown by its top card only, says how many.
    facts = [count_text(len(pile.cards), "card")] if len(pile.cards) != 1 or pile.top_only else []
    if pile.owner is not None:
        facts.insert(0, _e(f"{_name(view, pile.owner)}'s"))
    if pile.value is not None:
        facts.append(f"value {pile.value}")
    owned = " gw-owned" if pile.owner is not None else ""
    owner = f' data-owner="{pile.owner}"' if pile.owner is not None else ""
    parts = [f'<div class="gw-pile{owned}"{owner}><h4>{_e(pile.label)}</h4>',
             f'<div class="gw-info">{" · ".join(facts)}</div>' if facts else ""]
    if pile.cards and pile.top_only:
        top = pile.cards[-1]
        parts.append(card_svg(top, width=width, title=f"{pile.label}, top card: {_card_name(top)}"))
    elif pile.cards:
        parts.append(hand_rows(pile.cards, width=width, label=pile.label))
    parts.append("</div>")
    return "".join(parts)


def _card_name(card: Any) -> str:
    return "a face-down card" if card is None else card.english


def scores_html(scores: Any) -> str:
    """The score table: a caption, a column per seat or team, a row per deal, and the totals."""
    note = f' <span class="gw-note">{_e(scores.note)}</span>' if scores.note else ""
    head = "".join(f'<th scope="col">{_e(c)}</th>' for c in scores.columns)
    rows = "".join(f'<tr><th scope="row">{_e(label)}</th>' + "".join(f"<td>{v}</td>" for v in values) + "</tr>"
                   for label, values in scores.rows)
    totals = "".join(f"<td>{v}</td>" for v in scores.totals)
    return (f'<div class="gw-scorebox"><table class="gw-scores"><caption>Scores{note}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody>'
            f'<tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table></div>')


def table_svg(view: Any) -> str:
    """A compact SVG of the table for ``_repr_svg_``: each seat's hand in a row, then the trick and piles."""
    row_h = 90
    rows: list[tuple[str, tuple, str]] = []  # (line of text, cards, the cards' label)
    team_of = _team_of(view)
    for i, info in enumerate(view.seats):
        team = f" (team {team_of[i] + 1})" if i in team_of else ""
        line = f"{info.name}{team} — {info.info}" + ("  ◀ to play" if i == view.current else "")
        rows.append((line, info.hand, f"{info.name}'s hand"))
    if view.trick is not None:
        trick = view.trick
        won = f", won by {_name(view, trick.winner)}" if trick.winner is not None else ""
        rows.append((f"Trick, led by {_name(view, trick.leader)}{won}", tuple(c for _, c in trick.plays), "The trick"))
    for pile in view.piles:
        owner = f" ({_name(view, pile.owner)}'s)" if pile.owner is not None else ""
        value = f", value {pile.value}" if pile.value is not None else ""
        shown = pile.cards[-1:] if pile.top_only else pile.cards
        rows.append((f"{pile.label}{owner}{value}: {len(pile.cards)}", shown, pile.label))
    lines: list[str] = []
    if view.auction is not None and view.auction.contract:
        lines.append(f"Contract: {view.auction.contract}")
    if view.scores is not None:
        lines.append("Scores: " + ", ".join(f"{c} {t}" for c, t in zip(view.scores.columns, view.scores.totals)))
    height = row_h * len(rows) + 18 * len(lines)
    root = svg_root(560, height, f"0 0 560 {height}")
    ET.SubElement(root, "title").text = view.status
    for i, (line, cards, label) in enumerate(rows):
        t = ET.SubElement(root, "text", x="0", y=str(i * row_h + 14), **{"font-size": "13", "font-family": FONT})
        t.text = line
        row = hand_element(cards, width=48, label=label)
        row.attrib.pop("xmlns", None)
        row.set("x", "0")
        row.set("y", str(i * row_h + 18))
        root.append(row)
    for j, line in enumerate(lines):
        t = ET.SubElement(root, "text", x="0", y=str(row_h * len(rows) + 18 * j + 14),
                          **{"font-size": "13", "font-family": FONT})
        t.text = line
    return ET.tostring(root, encoding="unicode")
