"""Cassino's dealing (K12 of ``docs/rules.md``: four each in twos, four to the table in the first deal only)
and the reader of a prepared deal given to ``start(deal=...)``, whose every error names the field.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tutor.cards import Card
from tutor.engine import IllegalMove
from tutor.games.cassino.moves import _shown
from tutor.games.cassino.rules import (BATCH, HAND, HIGHEST_BUILD, PACK, PREFIX, VALUE, Rules, sides_of, sort_cards,
                                       value_word)
from tutor.games.cassino.table import TableBuild, splits
from tutor.mechanics import check_within_pack, read_cards, read_deal


# ---------------------------------------------------------------- dealing (K12) and the explicit-deal reader


def first_deal(pack: Sequence[Card], players: int, dealer: int
               ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """K12: two to each player from the dealer's left, two to the table, two to the dealer; then again.
    Returns the hands, the table and the stock (top first)."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    i = 0
    for _ in range(HAND // BATCH):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if seat == dealer:
                table += pack[i:i + BATCH]
                i += BATCH
            hands[seat] += pack[i:i + BATCH]
            i += BATCH
    return tuple(tuple(h) for h in hands), tuple(table), tuple(pack[i:])


def deal_again(stock: Sequence[Card], players: int, dealer: int
               ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """K12: four more each, in twos from the dealer's left (fewer, shared equally, from a short prepared stock)."""
    each = min(HAND, len(stock) // players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    i = 0
    while i < each * players:
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            batch = min(BATCH, each - len(hands[seat]))
            hands[seat] += stock[i:i + batch]
            i += batch
    return tuple(tuple(h) for h in hands), tuple(stock[i:])


def rounds_in(stock: int, players: int) -> int:
    """How many more deals of four each a stock gives."""
    return -(-stock // (players * HAND))


def _read_builds(given: Any, players: int, rule: str) -> tuple[TableBuild, ...]:
    """Builds of a prepared deal: ``[{"cards": [...], "value": 9, "multiple": false, "owner": 0}]``."""
    if given is None:
        return ()
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence):
        raise IllegalMove(rule, f"deal.builds must be a list of builds, not {_shown(given)}.")
    builds = []
    for i, raw in enumerate(given):
        where = f"deal.builds[{i}]"
        if not isinstance(raw, Mapping) or set(raw) - {"cards", "value", "multiple", "owner"}:
            raise IllegalMove(rule, f"{where} must be a mapping with cards, value, multiple and owner.")
        cards = sort_cards(read_cards(raw.get("cards", ()), Card.parse, rule=rule, where=f"{where}.cards"))
        value, multiple, owner = raw.get("value"), raw.get("multiple", False), raw.get("owner")
        if any(c not in VALUE for c in cards):
            raise IllegalMove(rule, f"{where}.cards: Cassino is played without jokers.")
        if len(cards) < 2:
            raise IllegalMove(rule, f"{where}.cards: a build holds two cards or more.")
        if type(value) is not int or not 1 <= value <= HIGHEST_BUILD:
            raise IllegalMove(rule, f"{where}.value must be a whole number from 1 to {HIGHEST_BUILD}.")
        if type(multiple) is not bool:
            raise IllegalMove(rule, f"{where}.multiple must be true or false.")
        if type(owner) is not int or not 0 <= owner < players:
            raise IllegalMove(rule, f"{where}.owner must be a seat from 0 to {players - 1}.")
        values = [VALUE[c] for c in cards]
        if not all(values):
            raise IllegalMove(rule, f"{where}.cards: court cards are never part of a build.")
        if multiple and not (splits(values, value) and sum(values) >= 2 * value):
            raise IllegalMove(rule, f"{where}: a multiple build is two or more groups each worth {value}.")
        if not multiple and sum(values) != value:
            raise IllegalMove(rule, f"{where}: its cards add up to {sum(values)}, not {value}.")
        builds.append(TableBuild(cards, value, multiple, owner))
    return tuple(builds)


def _read_seat_ints(given: Any, players: int, rule: str, field: str) -> tuple[int, ...]:
    if given is None:
        return (0,) * players
    if not isinstance(given, Sequence) or isinstance(given, (str, bytes)) or len(given) != players \
            or not all(type(n) is int and n >= 0 for n in given):
        raise IllegalMove(rule, f"deal.{field} must be a list of {players} whole numbers, 0 or more.")
    return tuple(given)


def read_cassino_deal(deal: Mapping[str, Any], players: int, rules: Rules, first: int) -> dict[str, Any]:
    """A prepared deal: ``hands``, loose ``table`` cards, ``builds``, ``stock`` (top first), the cards each seat
    ``captured`` and its ``sweeps``, the ``last`` capturer, earlier deals' ``scores`` (one row per deal, a
    value per side) and the ``current`` seat.  Every error names the field (``deal.builds[0].value``)."""
    rule = f"{PREFIX}.deal"
    hands, piles = read_deal(deal, players, Card.parse, PACK, rule=rule, piles=("stock", "table"),
                             others=("builds", "captured", "sweeps", "last", "scores", "current"))
    builds = _read_builds(deal.get("builds"), players, rule)
    captured_in = deal.get("captured")
    if captured_in is None:
        captured: tuple[tuple[Card, ...], ...] = ((),) * players
    elif isinstance(captured_in, (str, bytes, Mapping)) or not isinstance(captured_in, Sequence) \
            or len(captured_in) != players:
        raise IllegalMove(rule, f"deal.captured must be a list with one list of cards per seat ({players}).")
    else:
        captured = tuple(read_cards(c, Card.parse, rule=rule, where=f"deal.captured[{i}]")
                         for i, c in enumerate(captured_in))
    everything = [c for h in hands for c in h] + list(piles["stock"]) + list(piles["table"]) + \
        [c for b in builds for c in b.cards] + [c for w in captured for c in w]
    check_within_pack(everything, PACK, rule=rule)
    if len(piles["stock"]) % players:
        raise IllegalMove(rule, f"deal.stock: {len(piles['stock'])} cards cannot be dealt equally to "
                                f"{players} players.")
    for i, b in enumerate(builds):
        if not any(VALUE[c] == b.value for c in hands[b.owner]):
            raise IllegalMove(rule, f"deal.builds[{i}].owner: seat {b.owner} owns a build of {b.value}, so must "
                                    f"hold a {value_word(b.value)} to take it.")
    sweeps = _read_seat_ints(deal.get("sweeps"), players, rule, "sweeps")
    last = deal.get("last")
    if last is not None and (type(last) is not int or not 0 <= last < players):
        raise IllegalMove(rule, f"deal.last must be a seat from 0 to {players - 1}, or left out.")
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players:
        raise IllegalMove(rule, f"deal.current must be a seat from 0 to {players - 1}, not {_shown(current)}.")
    nsides = len(sides_of(players, rules))
    rows_in = deal.get("scores") or []
    if isinstance(rows_in, (str, bytes, Mapping)) or not isinstance(rows_in, Sequence):
        raise IllegalMove(rule, "deal.scores must be a list of earlier deals' scores, one value per side.")
    rows = []
    for i, row in enumerate(rows_in):
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)) or len(row) != nsides \
                or not all(type(n) is int and n >= 0 for n in row):
            raise IllegalMove(rule, f"deal.scores[{i}] must be {nsides} whole numbers, one per side.")
        rows.append(tuple(row))
    if rows and (rules.target is None or any(sum(r[s] for r in rows) >= rules.target for s in range(nsides))):
        raise IllegalMove(rule, "deal.scores: with these earlier deals the game would already be over.")
    return dict(hands=tuple(sort_cards(h) for h in hands), table=sort_cards(piles["table"]), builds=builds,
                stock=tuple(piles["stock"]), won=captured, sweeps=sweeps, last=last, rows=tuple(rows),
                current=current)
