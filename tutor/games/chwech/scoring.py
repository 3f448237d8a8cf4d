"""Chwech's tricks and scores: who takes a trick, what a deal scores, and who wins the match.

Pure functions (docs/rules.md C5–C10, C12), usable without playing: the tests
check ``deal_score`` against every cell of the printed score table, and the
scoring notebook draws the table and a calculator from them.  A play is
anything with ``card`` and ``ace``; the rules anything with ``aces_jokers`` and
``thirteens_jokers`` (the game's ``CardPlay`` and ``Rules``).
"""

from __future__ import annotations

from typing import Any

from tutor.cards import Rank
from tutor.engine import Result, counted
from tutor.match import ScoreSheet
from tutor.tricks import trick_winner

from .packs import HAND_SIZE, Number, is_joker, rank_value
from .rules import PREFIX, REVISED

_JOKER, _THIRTEEN, _ACE = Rank.JOKER, Number.THIRTEEN, Rank.ACE

# ---------------------------------------------------------------- who takes a trick (C5–C7b, C12)


def card_power(play: Any, index: int, count: int, rules: Any) -> float:
    """How strongly a play ranks in a finished trick of ``count`` cards, where it came ``index``-th."""
    card = play.card
    rank = card.rank
    joker = rank is _JOKER or (rules.thirteens_jokers and rank is _THIRTEEN)
    if rules.aces_jokers != REVISED:
        if rank is _ACE:
            return 14 if play.ace == "high" else 1  # C5
        return 7.5 if joker else rank_value(card)  # C6
    last = index == count - 1 and count > 1  # C7b: a lone card is never "last" against itself
    if joker:
        return 100 if last else 0  # C7a: a last joker beats even an ace
    if rank is _ACE:
        return -1 if last else 50
    return rank_value(card)


def trick_rule(plays: tuple[tuple[int, Any], ...], winner: int, rules: Any) -> str:
    """The rule that decided a trick (relative to ``chwech.``), for the narration."""
    count = len(plays)
    if count == 1:
        return "one-card"  # C7b
    card = plays[winner][1].card
    if rules.aces_jokers == REVISED:
        if is_joker(card, rules.thirteens_jokers):
            # C7, C7a: a joker played last wins; one not played last wins only over an ace played last.
            return "joker-last" if winner == count - 1 else "ace-last"
        if any(play.card.rank is Rank.ACE for _, play in plays):
            return "ace-last"  # an ace won (not played last), or lost by being played last
    if any(play.card == card for k, (_, play) in enumerate(plays) if k != winner):
        return "equal"  # C12: of equal cards the first played wins
    return "trick"


_WHY = {
    "one-card": "the only card in it",
    "joker-last": "the joker played last",
    "ace-last": "the ace, which wins unless it is played last",
    "equal": "the first of the equal cards",
    "trick": "the highest card",
}


def who_takes(plays: tuple[tuple[int, Any], ...], rules: Any) -> tuple[int, str, str]:
    """Who takes a finished trick: the index of the winning play, the rule that decided it, and why in words."""
    count = len(plays)
    i = trick_winner(plays, lambda k, play: card_power(play, k, count, rules))
    rule = trick_rule(plays, i, rules)
    why = _WHY[rule]
    card = plays[i][1].card
    if rule == "ace-last" and card.rank is not _ACE:
        why = ("which beats only an ace played last" if is_joker(card, rules.thirteens_jokers)
               else "the highest card, since an ace played last loses")
    return i, rule, why


# ---------------------------------------------------------------- scoring (C8–C10)


def multiplier(won: int, hand_size: int = HAND_SIZE) -> int:
    """Cards won beyond a multiple of the hand size, or the hand size itself on an exact multiple."""
    return won % hand_size or hand_size


def deal_score(won: int, left: int, hand_size: int = HAND_SIZE) -> int:
    """A deal's score: cards played out (hand size − cards left) × ``multiplier(won)`` (C8)."""
    if not 0 <= left <= hand_size or won < 0:
        raise ValueError(f"Cards left must be 0 to {hand_size} and cards won at least 0, not {left} and {won}.")
    return (hand_size - left) * multiplier(won, hand_size)


def deal_score_breakdown(won: int, left: int, hand_size: int = HAND_SIZE) -> list[str]:
    """The reasoning behind ``deal_score``, one line per step, in a learner's words."""
    played = hand_size - left
    m = multiplier(won, hand_size)
    lines = [f"{hand_size} − {left} left = {played} card{'s' * (played != 1)} played out."]
    if won % hand_size == 0:
        lines.append(f"{won} won is an exact multiple of {hand_size}, so the multiplier is {hand_size}.")
    else:
        base = won - won % hand_size
        lines.append(f"{won} won is {m} more than {base}, a multiple of {hand_size}, so the multiplier is {m}.")
    lines.append(f"Score: {played} × {m} = {played * m}.")
    return lines


def match_result(sheet: ScoreSheet) -> Result:
    """Highest total wins; equal highest totals share the win (C10); a line per seat with its deals.

    The text says why the winners won, with the totals (the status line says who); each line says its points.
    """
    totals = sheet.totals
    winners = sheet.leaders()
    best = totals[winners[0]]
    names = " and ".join(sheet.columns[w] for w in winners)
    if len(winners) == 1:
        text = f"{names} has the highest total, {counted(best, 'point')}."
    else:
        text = f"{names} share the highest total, {counted(best, 'point')} each."
    breakdown = tuple(f"{name}: {' + '.join(str(row[seat]) for row in sheet.rows) or '0'}"
                      + (f" = {totals[seat]}" if len(sheet.rows) > 1 else "") + f" point{'s' * (totals[seat] != 1)}"
                      for seat, name in enumerate(sheet.columns))
    return Result(totals, winners, f"{PREFIX}.match", text, breakdown=breakdown)
