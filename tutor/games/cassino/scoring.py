"""Cassino's scoring, pure functions with a breakdown: a deal, the three ways to score a game (one deal, 11 up,
21 up; K10 and K13 of ``docs/rules.md``), and the "find every capture" exercise judged against the move list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Literal, NamedTuple, Sequence

from tutor.cards import Card, Rank, Suit
from tutor.engine import counted
from tutor.games.cassino.moves import Capture, _read_card, _shown, capture_options
from tutor.games.cassino.rules import (ACE_POINTS, BIG_CASSINO, BIG_POINTS, LITTLE_CASSINO, LITTLE_POINTS, MOST_CARDS,
                                       MOST_SPADES, PREFIX, SWEEP_POINTS, TARGETS, VALUE, value_word)
from tutor.games.cassino.table import TableBuild, _cards_code, _cards_label, partition

if TYPE_CHECKING:
    from tutor.games.cassino.state import CassinoState


# ---------------------------------------------------------------- scoring: a deal, then the game (pure functions)


class Tally(NamedTuple):
    """What one side took in a deal, as scoring needs it."""

    cards: int
    spades: int
    big: bool  # the 10♦, Big Cassino
    little: bool  # the 2♠, Little Cassino
    aces: int
    sweeps: int


def tally(cards: Iterable[Card], sweeps: int = 0) -> Tally:
    """Count a side's cards for scoring."""
    cards = list(cards)
    return Tally(len(cards), sum(1 for c in cards if c.suit is Suit.SPADES), BIG_CASSINO in cards,
                 LITTLE_CASSINO in cards, sum(1 for c in cards if c.rank is Rank.ACE), sweeps)


class DealScore(NamedTuple):
    """A deal's points per side and the scoring line by line, each line with the rule it applies."""

    points: tuple[int, ...]
    lines: tuple[tuple[str, str], ...]


def score_deal(tallies: Sequence[Tally], names: Sequence[str] | None = None, *, sweeps: bool = True) -> DealScore:
    """Score one deal — a pure function: 3 for most cards and 1 for most spades (nothing on a tie, K10),
    2 for Big Cassino, 1 for Little Cassino, 1 per ace, 1 per sweep (unless sweeps are off).

    ``score_deal([tally(cards_a, 1), tally(cards_b)])`` → ``DealScore((8, 4), lines)``.
    """
    names = tuple(names) if names is not None else tuple(f"Side {i + 1}" for i in range(len(tallies)))
    n = len(tallies)
    if n < 2 or len(names) != n:
        raise ValueError("score_deal needs two or more sides, and one name per side.")
    points = [0] * n
    lines: list[tuple[str, str]] = []

    def most(field: str, worth: int, rule: str, what: str) -> None:
        counts = [getattr(t, field) for t in tallies]
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        shown = ", ".join(f"{names[i]} {counts[i]}" for i in range(n))
        if len(leaders) == 1:
            points[leaders[0]] += worth
            lines.append((rule, f"Most {what}: {shown}, so {names[leaders[0]]} scores {worth}."))
        else:
            lines.append((rule, f"Most {what}: {shown}: a tie, so nobody scores the {worth} for {what}."))

    most("cards", MOST_CARDS, f"{PREFIX}.score.cards", "cards")
    most("spades", MOST_SPADES, f"{PREFIX}.score.spades", "spades")
    for field, worth, rule, what in (("big", BIG_POINTS, "big-cassino", "Big Cassino, the 10♦"),
                                     ("little", LITTLE_POINTS, "little-cassino", "Little Cassino, the 2♠")):
        holder = next((i for i, t in enumerate(tallies) if getattr(t, field)), None)
        if holder is None:
            lines.append((f"{PREFIX}.score.{rule}", f"{what[0].upper() + what[1:]}: nobody took it."))
        else:
            points[holder] += worth
            lines.append((f"{PREFIX}.score.{rule}", f"{what[0].upper() + what[1:]}: {names[holder]} scores {worth}."))
    aces = [f"{names[i]} {t.aces}" for i, t in enumerate(tallies) if t.aces]
    for i, t in enumerate(tallies):
        points[i] += ACE_POINTS * t.aces
    lines.append((f"{PREFIX}.score.aces", "Aces, 1 point each: " + (", ".join(aces) if aces else "none taken") + "."))
    swept = [f"{names[i]} {t.sweeps}" for i, t in enumerate(tallies) if t.sweeps]
    if not sweeps:
        lines.append((f"{PREFIX}.score.sweeps", "Sweeps are not scored in this game."))
    else:
        for i, t in enumerate(tallies):
            points[i] += SWEEP_POINTS * t.sweeps
        lines.append((f"{PREFIX}.score.sweeps", "Sweeps, 1 point each: " + (", ".join(swept) if swept else "none")
                       + "."))
    lines.append((f"{PREFIX}.score.deal", "This deal: " + ", ".join(f"{names[i]} {points[i]}" for i in range(n))
                  + "."))
    return DealScore(tuple(points), tuple(lines))


class Outcome(NamedTuple):
    """Where a game stands after some deals (K13): over or not, the winning sides, and why in words."""

    over: bool
    winners: tuple[int, ...]
    rule: str
    text: str
    lines: tuple[str, ...]
    stake: int = 0  # eleven up: the points the winner collects (margin × 1, 2 or 4); 0 on a tie
    events: tuple[tuple[str, str], ...] = ()


def judge_game(rows: Sequence[Sequence[int]], game: str = "twenty-one", names: Sequence[str] | None = None, *,
               tiebreak: Sequence[tuple[int, int]] = (), stopped: int | None = None, final: bool = False) -> Outcome:
    """The game after the deals ``rows`` (points per side per deal) — a pure function (K13).

    ``game``: "deal" (each deal a game), "eleven" (11 up; double if reached in two
    deals, quadruple in one; the margin is the winner's total less the loser's;
    equal leaders: no pay-off) or "twenty-one" (21 up; equal leaders: most cards
    in the last deal, then most spades — ``tiebreak`` gives ``(cards, spades)``
    per side).  ``stopped``: the side whose capture stopped play at the target.  ``final``: the game
    has ended anyway (after the longest game Gwari plays), so the highest total wins.
    """
    if game not in TARGETS:
        raise ValueError(f"game must be one of {', '.join(TARGETS)}, not {game!r}.")
    rows = [tuple(r) for r in rows]
    n = len(rows[0]) if rows else len(names or ())
    names = tuple(names) if names is not None else tuple(f"Side {i + 1}" for i in range(n))
    rule = f"{PREFIX}.game.{game}"
    totals = tuple(sum(r[i] for r in rows) for i in range(n))
    lines = tuple(f"{names[i]}: " + " + ".join(str(r[i]) for r in rows) + (f" = {totals[i]}" if len(rows) > 1 else "")
                  for i in range(n)) if rows else ()
    standing = ", ".join(f"{names[i]} {totals[i]}" for i in range(n))
    target = TARGETS[game]
    if not rows:
        return Outcome(False, (), rule, "No deal has been scored yet.", ())
    if target is not None and stopped is None and max(totals) < target and not final:
        return Outcome(False, (), rule, f"After deal {len(rows)}: {standing}. Nobody has {target} yet, so "
                       "the deal passes to the left.", lines)
    best = max(totals)
    leaders = [i for i in range(n) if totals[i] == best] if stopped is None else [stopped]
    events: list[tuple[str, str]] = []
    if game == "deal":
        if len(leaders) > 1:
            text = f"Each deal is a game: {standing}: a tie, so " + " and ".join(names[i] for i in leaders) + \
                " share it."
        else:
            text = f"Each deal is a game: {standing}, so {_wins(names[leaders[0]])}."
        return Outcome(True, tuple(leaders), rule, text, lines, 0, ((rule, text),))
    if game == "eleven":
        if len(leaders) > 1:
            text = f"Game: {standing}: a tie over 10, so there is no pay-off."
            return Outcome(True, tuple(leaders), rule, text, lines, 0, ((rule, text),))
        win = leaders[0]
        times = {1: 4, 2: 2}.get(len(rows), 1)
        kind = {4: "a quadruple game (in one deal)", 2: "a double game (in two deals)", 1: "a single game"}[times]
        margins = [(i, totals[win] - totals[i]) for i in range(n) if i != win]
        stake = sum(m for _, m in margins) * times
        paid = "; ".join(f"{names[i]} pays {m} × {times} = {m * times}" for i, m in margins)
        how = "has the higher total, both being over 10" if sum(t >= 11 for t in totals) > 1 else "reaches 11"
        text = f"Game: {standing}. {names[win]} {how}: {kind}. {paid}."
        return Outcome(True, (win,), rule, text, lines + (f"{names[win]} wins {kind}: {paid}.",), stake,
                       ((rule, text),))
    if len(leaders) > 1 and tiebreak:
        for what, k in (("cards", 0), ("spades", 1)):
            top = max(tiebreak[i][k] for i in leaders)
            narrowed = [i for i in leaders if tiebreak[i][k] == top]
            if len(narrowed) < len(leaders):
                shown = ", ".join(f"{names[i]} {tiebreak[i][k]}" for i in leaders)
                events.append((f"{PREFIX}.game.tie-break", f"A tie on {best}: most {what} in the last deal decides "
                               f"({shown})."))
                leaders = narrowed
            if len(leaders) == 1:
                break
    if len(leaders) > 1:
        text = f"Game: {standing}: still tied after cards and spades, so " + \
            " and ".join(names[i] for i in leaders) + " share the win."
    else:
        text = f"Game: {standing}, so {_wins(names[leaders[0]])}."
    events.append((rule, text))
    return Outcome(True, tuple(leaders), rule, text, lines + tuple(t for _, t in events[:-1]), 0, tuple(events))


def _wins(name: str) -> str:
    """"Jory wins", "Jory & Pol win"."""
    return f"{name} win" if " & " in name else f"{name} wins"


# ---------------------------------------------------------------- the "find every capture" exercise


class Verdict(NamedTuple):
    """How a learner's capture was judged: "right", "incomplete" or "wrong", why, and the groups missed."""

    mark: Literal["right", "incomplete", "wrong"]
    text: str
    missed: tuple[str, ...] = ()
    best: Capture | None = None


def _read_group(group: Any) -> tuple[Card, ...]:
    if isinstance(group, str):
        group = group.replace("[", "").replace("]", "").replace(",", "+").split("+")
    if isinstance(group, Card):
        group = (group,)
    if not isinstance(group, Iterable):
        raise ValueError(f"picked: {_shown(group)} is not a group of cards.")
    out = []
    for item in group:
        card = item if type(item) is Card else _read_card(str(item).strip()) if str(item).strip() else None
        if card is not None:
            out.append(card)
    if not out:
        raise ValueError("picked: an empty group.")
    return tuple(out)


def judge_captures(state: CassinoState, card: Any, picked: Iterable[Any]) -> Verdict:
    """Judge the groups a learner picked for ``card`` on ``state``'s table against the engine's own move list.

    ``picked``: groups such as ``["7H", "3S+4D", "[2C+5C]"]`` (a build by its cards).
    Right: a capture taking as many cards as any; incomplete: a legal capture
    that takes fewer (the missed groups are shown); wrong: a group that is not
    a capture, with the rule's reason.
    """
    card = _read_card(card) if isinstance(card, str) else card
    if type(card) is not Card or card not in VALUE:
        raise ValueError(f"card: {_shown(card)} is not a card of the pack.")
    options = capture_options(card, state.table, state.builds, state.rules.court_pairs)
    size = {a: len(a.loose) + sum(len(b) for b in a.builds) for a in options}
    most = max(size.values(), default=0)
    by_cards = {c: b for b in state.builds for c in b.cards}
    loose: list[Card] = []
    builds: list[TableBuild] = []
    value = VALUE[card]
    for raw in picked:
        group = _read_group(raw)
        if any(c in by_cards for c in group):
            build = by_cards.get(group[0])
            if build is None or set(group) - set(build.cards):
                return Verdict("wrong", "A build is taken whole, on its own, by a card of its value.")
            if build in builds:
                return Verdict("wrong", f"{build.name.capitalize()} is picked twice.")
            if build.value != value:
                return Verdict("wrong", f"{build.name.capitalize()} is taken only with a {value_word(build.value)}.")
            builds.append(build)
            continue
        missing = next((c for c in group if c not in state.table), None)
        if missing is not None:
            return Verdict("wrong", f"The {missing.label} is not on the table.")
        twice = next((c for c in group if c in loose), None)
        if twice is not None or len(set(group)) < len(group):
            return Verdict("wrong", f"The {(twice or group[0]).label} can be in only one group.")
        if not value:
            if len(group) > 1 or group[0].rank is not card.rank:
                return Verdict("wrong", f"A {card.rank.english} takes only {card.rank.english_plural}, one by one.")
        else:
            court = next((c for c in group if not VALUE[c]), None)
            if court is not None:
                return Verdict("wrong", f"The {court.label} has no number value: courts are never part of a sum.")
            total = sum(VALUE[c] for c in group)
            if total != value:
                return Verdict("wrong", f"{_cards_label(group)} makes {total}, not {value}.")
        loose.extend(group)
    if not value and state.rules.court_pairs == "one-or-three" and len(loose) == 2:
        return Verdict("wrong", f"In this game a {card.rank.english} takes one or three, never two.")
    mine = set(loose) | {c for b in builds for c in b.cards}
    if not options:
        if mine:
            return Verdict("wrong", f"The {card.label} can take nothing here.")
        return Verdict("right", f"Right: the {card.label} can take nothing here.")
    best = [a for a in options if size[a] == most]
    if len(mine) == most:
        chosen = next(a for a in best if set(a.loose) | {c for b in a.builds for c in b} == mine)
        return Verdict("right", f"Right: that takes every card the {card.label} can take ({most}).", (), chosen)
    holding = [a for a in best if mine <= set(a.loose) | {c for b in a.builds for c in b}]
    target = holding[0] if holding else best[0]
    missed_loose = [c for c in target.loose if c not in mine]
    groups = partition(missed_loose, value) if value else [(c,) for c in missed_loose]
    missed_builds = [b for b in target.builds if set(b) - mine]
    missed = [_cards_code(g) for g in groups] + [f"[{_cards_code(b)}]" for b in missed_builds]
    names = {b.cards: b.name for b in state.builds}
    words = [_cards_label(g) for g in groups] + [f"{names.get(tuple(b), 'the build')} ({_cards_label(b)})"
                                                 for b in missed_builds]
    how = "You missed" if holding else "Another choice of groups takes more; the best takes"
    return Verdict("incomplete", f"{how}: {', '.join(words)} — {counted(most, 'card')} in all, not {len(mine)}.",
                   tuple(missed), target)
