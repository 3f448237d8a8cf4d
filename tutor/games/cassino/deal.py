"""Cassino's dealing (K12 of ``docs/rules.md``: four each in twos, four to the table in the first deal only)
and the reader of a prepared deal given to ``start(deal=...)``, whose every error names the field.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tutor.cards import Card, shuffled
from tutor.engine import IllegalMove, counted
from tutor.games.cassino.moves import _shown
from tutor.games.cassino.rules import (BATCH, HAND, HIGHEST_BUILD, MAX_DEALS, MOST_PER_DEAL, MOST_SWEEPS, PACK, PREFIX,
                                       VALUE, Rules, sides_of, sort_cards, value_word)
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


def shuffled_deal(seed: Any, number: int, players: int, dealer: int
                  ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal ``number`` (from 0) of the game with ``seed``: a pack shuffled for it, dealt as ``first_deal`` does;
    the hands and the table in table order, the stock top first."""
    hands, table, stock = first_deal(shuffled(PACK, random.Random(f"{PREFIX}/{seed}/{number}")), players, dealer)
    return tuple(sort_cards(h) for h in hands), sort_cards(table), stock


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


def _is_list(given: Any) -> bool:
    """A list (or tuple) of items, as a deal's field holding cards or numbers must be; not text, nor a mapping."""
    return isinstance(given, Sequence) and not isinstance(given, (str, bytes))


def _whole(n: Any, low: int, high: int) -> bool:
    return type(n) is int and low <= n <= high


def _read_builds(given: Any, players: int, rule: str) -> tuple[TableBuild, ...]:
    """Builds of a prepared deal: ``[{"cards": [...], "value": 9, "multiple": false, "owner": 0}]``."""
    if given is None:
        return ()
    if not _is_list(given):
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
        if not _whole(value, 1, HIGHEST_BUILD):
            raise IllegalMove(rule, f"{where}.value must be a whole number from 1 to {HIGHEST_BUILD}, "
                                    f"not {_shown(value)}.")
        if type(multiple) is not bool:
            raise IllegalMove(rule, f"{where}.multiple must be true or false.")
        if not _whole(owner, 0, players - 1):
            raise IllegalMove(rule, f"{where}.owner must be a seat from 0 to {players - 1}, not {_shown(owner)}.")
        values = [VALUE[c] for c in cards]
        if not all(values):
            raise IllegalMove(rule, f"{where}.cards: court cards are never part of a build.")
        if multiple and not (splits(values, value) and sum(values) >= 2 * value):
            raise IllegalMove(rule, f"{where}: a multiple build is two or more groups each worth {value}.")
        if not multiple and sum(values) != value:
            raise IllegalMove(rule, f"{where}: its cards add up to {sum(values)}, not {value}.")
        builds.append(TableBuild(cards, value, multiple, owner))
    return tuple(builds)


def _read_pile(given: Any, rule: str, field: str) -> tuple[Card, ...]:
    """A list of cards (left out, or ``None``: none); a number, a mapping or ``0`` is refused, naming the field."""
    return () if given is None else read_cards(given, Card.parse, rule=rule, where=f"deal.{field}")


def _read_captured(given: Any, players: int, rule: str) -> tuple[tuple[Card, ...], ...]:
    if given is None:
        return ((),) * players
    if not _is_list(given) or len(given) != players:
        raise IllegalMove(rule, f"deal.captured must be a list with one list of cards per seat ({players}), "
                                f"not {_shown(given)}.")
    return tuple(read_cards(c, Card.parse, rule=rule, where=f"deal.captured[{i}]") for i, c in enumerate(given))


def _read_sweeps(given: Any, captured: tuple[tuple[Card, ...], ...], rule: str) -> tuple[int, ...]:
    """Each seat's sweeps this deal: a sweep puts the card played and at least one more in the seat's captured
    cards, so no seat has more than half its captured cards (and one deal no more than ``MOST_SWEEPS``)."""
    players = len(captured)
    if given is None:
        return (0,) * players
    if not _is_list(given) or len(given) != players:
        raise IllegalMove(rule, f"deal.sweeps must be a list of {players} whole numbers, one per seat, "
                                f"not {_shown(given)}.")
    for seat, n in enumerate(given):
        if not _whole(n, 0, MOST_SWEEPS):
            raise IllegalMove(rule, f"deal.sweeps[{seat}] must be a whole number from 0 to {MOST_SWEEPS} (one deal "
                                    f"makes no more sweeps), not {_shown(n)}.")
        if 2 * n > len(captured[seat]):
            raise IllegalMove(rule, f"deal.sweeps[{seat}]: {n} sweep{'s' * (n != 1)} took at least {2 * n} cards, "
                                    f"but deal.captured[{seat}] holds {len(captured[seat])}.")
    return tuple(given)


def _read_scores(given: Any, nsides: int, rules: Rules, rule: str) -> tuple[tuple[int, ...], ...]:
    """Earlier deals' points, one row per deal and a value per side, each row what one deal can give out."""
    if given is None:
        return ()
    if not _is_list(given):
        raise IllegalMove(rule, f"deal.scores must be a list of earlier deals' scores, one value per side, "
                                f"not {_shown(given)}.")
    if len(given) >= MAX_DEALS:
        raise IllegalMove(rule, f"deal.scores: {len(given)} earlier deals, but a game ends after {MAX_DEALS}.")
    rows = []
    for i, row in enumerate(given):
        if not _is_list(row) or len(row) != nsides or not all(_whole(n, 0, MOST_PER_DEAL) for n in row):
            raise IllegalMove(rule, f"deal.scores[{i}] must be {nsides} whole numbers from 0 to {MOST_PER_DEAL}, "
                                    f"one per side, not {_shown(row)}.")
        if sum(row) > MOST_PER_DEAL:
            raise IllegalMove(rule, f"deal.scores[{i}]: one deal gives out at most {MOST_PER_DEAL} points in all "
                                    f"(every card point and every sweep there can be), not {sum(row)}.")
        rows.append(tuple(row))
    if rows and (rules.target is None or any(sum(r[s] for r in rows) >= rules.target for s in range(nsides))):
        raise IllegalMove(rule, "deal.scores: with these earlier deals the game would already be over.")
    return tuple(rows)


def read_cassino_deal(deal: Mapping[str, Any], players: int, rules: Rules, first: int) -> dict[str, Any]:
    """A prepared deal: ``hands``, loose ``table`` cards, ``builds``, ``stock`` (top first), the cards each seat
    ``captured`` and its ``sweeps``, the ``last`` capturer, earlier deals' ``scores`` (one row per deal, a
    value per side) and the ``current`` seat.  Every error names the field (``deal.builds[0].value``)."""
    rule = f"{PREFIX}.deal"
    hands, _ = read_deal(deal, players, Card.parse, PACK, rule=rule, piles=(),
                         others=("stock", "table", "builds", "captured", "sweeps", "last", "scores", "current"))
    stock, table = _read_pile(deal.get("stock"), rule, "stock"), _read_pile(deal.get("table"), rule, "table")
    builds = _read_builds(deal.get("builds"), players, rule)
    captured = _read_captured(deal.get("captured"), players, rule)
    everything = [c for h in hands for c in h] + list(stock) + list(table) + \
        [c for b in builds for c in b.cards] + [c for w in captured for c in w]
    check_within_pack(everything, PACK, rule=rule)
    if len(stock) % players:
        raise IllegalMove(rule, f"deal.stock: {counted(len(stock), 'card')} cannot be dealt equally to {players} players.")
    for i, b in enumerate(builds):
        if not any(VALUE[c] == b.value for c in hands[b.owner]):
            raise IllegalMove(rule, f"deal.builds[{i}].owner: seat {b.owner} owns a build of {b.value}, so must "
                                    f"hold a {value_word(b.value)} to take it.")
    sweeps = _read_sweeps(deal.get("sweeps"), captured, rule)
    last = deal.get("last")
    if last is not None and not _whole(last, 0, players - 1):
        raise IllegalMove(rule, f"deal.last must be a seat from 0 to {players - 1}, or left out, not {_shown(last)}.")
    current = deal.get("current", first)
    if not _whole(current, 0, players - 1):
        raise IllegalMove(rule, f"deal.current must be a seat from 0 to {players - 1}, not {_shown(current)}.")
    rows = _read_scores(deal.get("scores"), len(sides_of(players, rules)), rules, rule)
    return dict(hands=tuple(sort_cards(h) for h in hands), table=sort_cards(table), builds=builds, stock=stock,
                won=captured, sweeps=sweeps, last=last, rows=rows, current=current)
