"""Every fact a bot's reason states is so: checked against the engine in random positions of every registered game.

A reason (``Said``) carries the facts its words state as claims (``tutor.bots.Claim``); here each kind of claim is
checked against the engine's own functions — the game's scoring, the trick's winner (``tutor.tricks``), the hands
as they are — and every card a reason names against what the seat has seen (``state.view(seat)`` since the deal
began).  A reason names no card in notation and speaks as the bot itself ("I …"), never to "you": the tutor turns
it into advice to the learner (``tutor.narration.in_tutor_voice``), which must read cleanly.  ``GWARI_GAMES``
scales the number of games played.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Any, Callable

import pytest

from tutor.bots import claims_of, make_bot
from tutor.cards.base import InternedCard
from tutor.games import GAMES
from tutor.narration import in_tutor_voice
from tutor.tricks import pool, winning_index

GAMES_EACH = max(2, int(os.environ.get("GWARI_GAMES", "25")) // 5)
MOST_STEPS = 300  # positions looked at in one game
EXPERT_EVERY = 97  # the expert is asked at its first choice and one position in this many (a search: about 0.1 s)
NOTATION = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\b(?:F|Wa|Wi|E)\d{1,2}\b")
YOU = re.compile(r"\b[Yy]ou(?:r|rs|rself)?\b")


def cards_in(obj: Any, out: list) -> list:
    """Every card in a view (hands, centre, piles, the trick), with repeats."""
    if isinstance(obj, InternedCard):
        out.append(obj)
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            cards_in(item, out)
    elif is_dataclass(obj):
        for f in fields(obj):
            if f.name != "events":
                cards_in(getattr(obj, f.name), out)
    return out


class Position:
    """A position and what a seat has seen of its deal so far."""

    def __init__(self, state: Any, seat: int, seen: set, slug: str) -> None:
        self.state, self.seat, self.seen, self.slug = state, seat, seen, slug
        self.legal = state.legal_actions() if state.current_player == seat else []


# ---------------------------------------------------------------- the checks of each kind of claim, by game


def _trick_game(pos: Position) -> tuple[tuple, Any, Callable, Callable]:
    """The trick so far, the trumps, and how the element deck reads a card's element and value."""
    state = pos.state
    trumps = state.trumps if pos.slug == "pymtheg" else None
    suit, value = (lambda c: c.element), (lambda c: c.value)
    return tuple(state.plays), trumps, suit, value


def _wins_with(pos: Position, card: Any) -> bool:
    plays, trumps, suit, value = _trick_game(pos)
    plays = plays + ((pos.seat, card),)
    return winning_index(plays, trumps=trumps, suit=suit, value=value) == len(plays) - 1


def _cards(pos: Position) -> list:
    return [a.card for a in pos.legal if hasattr(a, "card")]


def _extreme(pos: Position, card: Any, apart: Any, low: bool) -> bool:
    pool_ = [c for c in _cards(pos) if apart is None or c.element is not apart]
    if card not in pool_:
        return False
    return all((c.value >= card.value) if low else (c.value <= card.value) for c in pool_)


def _trick_cost(pos: Position, card: Any, sign: int) -> bool:
    from tutor.games.burn.rules import FIRE, WATER
    from tutor.games.burn.scoring import score_deal

    state = pos.state
    side = state.sides[pos.seat]
    fire, water = [(sum(c.element is FIRE for c in cards), sum(c.element is WATER for c in cards))
                   for cards in pool(state.won, state.sides)][side]
    trick = [c for _s, c in state.plays] + [card]
    after = (fire + sum(c.element is FIRE for c in trick), water + sum(c.element is WATER for c in trick))
    scoring = state.scoring

    def bad(f: int, w: int) -> float:
        row = score_deal([(f, w)], scoring)[0]
        if row.rule == "pit" and scoring.pit_bonus is None:
            return float("-inf")
        return row.points if scoring.lowest_wins else -row.points

    change = bad(*after) - bad(fire, water)
    return (change > 0) - (change < 0) == sign


def _fire_water(state: Any) -> list[tuple[int, int]]:
    from tutor.games.burn.rules import FIRE, WATER

    return [(sum(c.element is FIRE for c in cards), sum(c.element is WATER for c in cards))
            for cards in pool(state.won, state.sides)]


def _winning(pos: Position, seat: int) -> bool:
    plays, trumps, suit, value = _trick_game(pos)
    return bool(plays) and plays[winning_index(plays, trumps=trumps, suit=suit, value=value)][0] == seat


def _pit_choices(pos: Position, choices: tuple) -> bool:
    from tutor.games.burn.scoring import pit_choices

    state = pos.state
    return choices == pit_choices(state.sheet.totals, state.pit, state.pit_worth(), state.rules.target)


TRICK_CHECKS: dict[str, Callable[..., bool]] = {
    "winning": _winning,
    "beats": lambda pos, card: _wins_with(pos, card),
    "loses": lambda pos, card: bool(pos.state.plays) and not _wins_with(pos, card),
    "all-beat": lambda pos: all(_wins_with(pos, c) for c in _cards(pos)),
    "none-beats": lambda pos: not any(_wins_with(pos, c) for c in _cards(pos)),
    "highest-loser": lambda pos, card: not any(c.value > card.value and not _wins_with(pos, c) for c in _cards(pos)),
    "cheapest-winner": lambda pos, card: not any(
        _wins_with(pos, c) and (c.element is _trick_game(pos)[1], c.value) < (card.element is _trick_game(pos)[1],
                                                                             card.value) for c in _cards(pos)),
    "lowest": lambda pos, card, apart: _extreme(pos, card, apart, True),
    "highest": lambda pos, card, apart: _extreme(pos, card, apart, False),
    "void": lambda pos, seat, element: all(c.element is not element for c in pos.state.hands[seat]),
    "only-fire": lambda pos, seat: all(c.element.english == "Fire" for c in pos.state.hands[seat]),
    # No card of its element above it is still unseen by the seat (in its hand or played: seen since the deal).
    "master": lambda pos, card: all(c in pos.seen for c in pos.state.cards()
                                    if c.element is card.element and c.value > card.value),
}


BURN_CHECKS = {
    **TRICK_CHECKS,
    "trick-cost": _trick_cost,
    "pit-on": lambda pos, side, n: (sum(_fire_water(pos.state)[side]) == n
                                    and not any(sum(t) for i, t in enumerate(_fire_water(pos.state)) if i != side)),
    "their-pit": lambda pos, side: (sum(_fire_water(pos.state)[side]) == 0
                                    and sum(1 for t in _fire_water(pos.state) if sum(t)) == 1),
    "pit-choices": _pit_choices,
    "lowest-total": lambda pos, side: all(t > pos.state.sheet.totals[side]
                                          for i, t in enumerate(pos.state.sheet.totals) if i != side),
    "not-lowest": lambda pos, side: any(t <= pos.state.sheet.totals[side]
                                        for i, t in enumerate(pos.state.sheet.totals) if i != side),
}


def _pymtheg_checks() -> dict:
    from tutor.games.pymtheg.scoring import GAM_RANK, TRICKS, needs

    return {
        **TRICK_CHECKS,
        "needs": lambda pos, rank, n: needs(GAM_RANK.index(rank)) == n,
        "partner-high": lambda pos, rank: (pos.state.high_bid() is not None
                                           and pos.state.high_bid()[0] == (pos.seat + 2) % 4
                                           and pos.state.high_bid()[1].rank == rank),
        "highest-bid": lambda pos, rank: pos.state.high_bid()[1].rank == rank,
        "count-at-most": lambda pos, seat, most, n: sum(c.value <= most for c in pos.state.hands[seat]) == n,
        "beat": lambda pos, level, n: n + needs(level) == TRICKS + 1,
        "holds-element": lambda pos, seat, element, n: sum(c.element is element for c in pos.state.hands[seat]) == n,
        "lon-lost": lambda pos: sum(pos.state.taken) > pos.state.taken[pos.state.contract.declarer],
    }


def _cassino_points(cards: tuple, sweeps: int = 0, scored: bool = True) -> int:
    """The points the cards (and ``sweeps``) bring by the deal's scoring: against a side with as many cards and
    spades, the majorities tie and score nothing."""
    from tutor.games.cassino.scoring import Tally, score_deal, tally

    mine = tally(cards, sweeps)
    return score_deal([mine, Tally(mine.cards, mine.spades, False, False, 0, 0)], sweeps=scored).points[0]


def _cassino_taken(action: Any) -> list:
    return [action.card, *action.loose, *(c for b in action.builds for c in b)]


def _sweeps(pos: Position, action: Any) -> bool:
    return any(e.rule.endswith(".sweep") for e in pos.state.apply(action).events)


def _cassino_checks() -> dict:
    from tutor.games.cassino.moves import Capture, Trail
    from tutor.games.cassino.rules import VALUE
    from tutor.games.cassino.scoring import tally

    def capture_points(pos: Position, action: Any) -> int:
        return _cassino_points(tuple(_cassino_taken(action)), int(_sweeps(pos, action)), pos.state.rules.sweeps)

    def most_cards(pos: Position, action: Any) -> bool:
        caps = [a for a in pos.legal if type(a) is Capture]
        return all(capture_points(pos, a) == 0 and len(_cassino_taken(a)) <= len(_cassino_taken(action))
                   for a in caps)

    def gives_least(pos: Position, trail: Any) -> bool:
        def cost(card: Any) -> tuple:
            return _cassino_points((card,)), tally((card,)).spades

        return all(cost(t.card) >= cost(trail.card) for t in pos.legal if type(t) is Trail)

    def next_opponent(pos: Position, seat: Any) -> bool:
        state, me = pos.state, pos.seat
        players = len(state.hands)
        for k in range(1, players):
            s = (me + k) % players
            if state.hands[s] and state.side_of(s) != state.side_of(me):
                return s == seat
        return seat is None

    return {
        "points": lambda pos, cards, n: _cassino_points(cards) == n,
        "capture-points": lambda pos, action, n: capture_points(pos, action) == n,
        "spades": lambda pos, cards, n: tally(cards).spades == n,
        "sweep": lambda pos, action, swept: _sweeps(pos, action) == swept,
        "taken": lambda pos, action, n: len(_cassino_taken(action)) == n and all(
            c in pos.state.table or c == action.card or any(c in b.cards for b in pos.state.builds)
            for c in _cassino_taken(action)),
        "most-cards": most_cards,
        "nothing-to-take": lambda pos: not any(type(a) is Capture for a in pos.legal),
        "trail-gives-least": gives_least,
        "next-opponent": next_opponent,
        "keeps-card": lambda pos, build: any(VALUE[c] == build.value
                                             for c in pos.state.apply(build).hands[pos.seat]),
    }


def _carts_checks() -> dict:
    from tutor.games.carts_tity.moves import FOLLOW, CardPlay, chain_cost
    from tutor.games.carts_tity.rules import SIXTEEN, cards_word

    def after(pos: Position, action: Any) -> Any:
        return pos.state.apply(action)

    def chain_after(pos: Position, action: Any, seat: int, n: int) -> bool:
        """The next player owes ``n`` after the play: still to pay (the chain's cost to them), or paid already."""
        now = after(pos, action)
        if now.chain:
            return chain_cost(now, seat) == n
        return len(now.hands[seat]) - len(pos.state.hands[seat]) == n or any(
            e.rule.endswith("chain.draw") and f"draws {cards_word(n)}" in e.text for e in now.events)

    def next_is(pos: Position, seat: int) -> bool:
        """The seat is the next still in the round to the left (play goes left, T2)."""
        state = pos.state
        players = len(state.hands)
        return seat == next((s for s in ((pos.seat + k) % players for k in range(1, players + 1))
                             if not state.out[s]), pos.seat)

    return {
        "hand-size": lambda pos, seat, n: len(pos.state.hands[seat]) == n,
        "nothing-fits": lambda pos: not any(type(a) is CardPlay for a in pos.legal),
        "matches": lambda pos, card, top: top == pos.state.pile[-1] and (card.value == top.value
                                                                          or card.element is top.element),
        "sixteen": lambda pos, card, top: card.element is top.element and card.value + top.value == SIXTEEN,
        "next": next_is,
        "chain-after": chain_after,
        "chain-breaks": lambda pos, action: not after(pos, action).chain,
        "only-follow-ups": lambda pos: all(a.card in FOLLOW[pos.state.pile[-1]] for a in pos.legal
                                           if type(a) is CardPlay),
    }


def _chwech_checks() -> dict:
    from tutor.games.chwech.moves import CardPlay
    from tutor.games.chwech.scoring import multiplier

    def takes(pos: Position, action: Any) -> bool | None:
        """Whether the play, made last, takes the trick (the engine's: whose cards won grow)."""
        state = pos.state
        after = state.apply(action)
        if after.sheet.deals != state.sheet.deals:
            return None
        grew = [len(a) - len(b) for a, b in zip(after.won, state.won)]
        return grew[pos.seat] > 0

    return {
        "won": lambda pos, seat, n: len(pos.state.won[seat]) == n,
        "multiplier": lambda pos, won, m: multiplier(won) == m,
        "trick-size": lambda pos, n: len(pos.state.trick) + 1 == n,
        "beats": lambda pos, action: takes(pos, action) in (True, None),
        "loses": lambda pos, action: takes(pos, action) in (False, None),
        "all-beat": lambda pos: all(takes(pos, a) in (True, None) for a in pos.legal if isinstance(a, CardPlay)),
        "no-plays": lambda pos: not any(isinstance(a, CardPlay) for a in pos.legal),
    }


def _gnav_checks() -> dict:
    from tutor.games.gnav.rules import PACK

    def around(pos: Position, card: Any, lower: int, same: int, higher: int) -> bool:
        hidden = Counter(PACK) - Counter(cards_in(pos.state.view(pos.seat), []))
        return (sum(n for c, n in hidden.items() if c.rank < card.rank) == lower
                and hidden[card] == same and sum(n for c, n in hidden.items() if c.rank > card.rank) == higher)

    return {
        "matador": lambda pos, card: card.is_matador,
        "higher-in-pack": lambda pos, card, n: sum(c.rank > card.rank for c in PACK) == n,
        "lowest-rank": lambda pos, card: not any(c.rank < card.rank for c in PACK),
        "unseen-around": around,
        "change-with": lambda pos, seat: (pos.seat == pos.state.dealer) if seat is None else (
            pos.seat != pos.state.dealer and seat == pos.state.left_of(pos.seat)),
    }


def _pyskessa_checks() -> dict:
    def known_to_hold(state: Any, seat: int, rank: Any) -> bool:
        last = None
        for log in state.asks:
            if log.rank == rank and seat in (log.asker, log.target):
                last = log.asker == seat
        return bool(last)

    def denied_since(state: Any, seat: int, rank: Any) -> bool:
        """Whether ``seat``, last time the record names it with ``rank``, was asked for it (and handed it over or
        said "Nag eus")."""
        last = None
        for log in state.asks:
            if log.rank == rank and seat in (log.asker, log.target):
                last = log.target == seat
        return bool(last)

    return {
        "asked-for": lambda pos, seat, rank: any(log.asker == seat and log.rank == rank for log in pos.state.asks),
        "holds-rank": lambda pos, seat, rank: any(c.rank == rank for c in pos.state.hands[seat]),
        "holds-count": lambda pos, seat, rank, n: sum(c.rank == rank for c in pos.state.hands[seat]) == n,
        "holds-only": lambda pos, seat, rank: all(c.rank == rank for c in pos.state.hands[seat]),
        "nobody-known": lambda pos, rank: not any(known_to_hold(pos.state, s, rank)
                                                  for s in range(len(pos.state.hands)) if s != pos.seat),
        "not-denied": lambda pos, seat, rank: not any(log.target == seat and log.rank == rank and not log.given
                                                      for log in pos.state.asks),
        "none-open": lambda pos: all(not pos.state.hands[a.target] or denied_since(pos.state, a.target, a.rank)
                                     for a in pos.legal),
        "others-hopeless": lambda pos, ask: all(not any(c.rank == a.rank for c in pos.state.hands[a.target])
                                                for a in pos.legal if a != ask),
    }


def _pig_checks() -> dict:
    def fewest(pos: Position, card: Any, target: Any) -> bool:
        counts = Counter(c.rank for c in pos.state.hands[pos.seat])
        return (card in pos.state.hands[pos.seat] and card.rank != target
                and counts[card.rank] == min(n for r, n in counts.items() if r != target))

    return {
        "touched": lambda pos: bool(pos.state.touched),
        "delay": lambda pos, seat, ms: pos.state.delays[seat] == ms,
        "holds-count": lambda pos, seat, rank, n: sum(c.rank == rank for c in pos.state.hands[seat]) == n,
        "fewest": fewest,
    }


#: Each game's checks of the kinds of claim its bots make (beside ``COMMON``'s); a claim of a kind no check knows
#: fails the test, so a new kind of claim comes with its check here.
CHECKS: dict[str, Callable[[], dict]] = {
    "burn": lambda: BURN_CHECKS, "pymtheg": _pymtheg_checks, "cassino": _cassino_checks,
    "carts-tity": _carts_checks, "chwech": _chwech_checks, "gnav": _gnav_checks,
    "gwra-pyskessa": _pyskessa_checks, "pig": _pig_checks,
}
COMMON = {"only-move": lambda pos: len(pos.legal) == 1}

# Claims whose numbers the words state, by the places of those numbers among the claim's arguments: the words
# must say each (as a numeral, or "no" for none), so words and claim cannot part.
STATED = {"points": (1,), "capture-points": (1,), "taken": (1,), "spades": (1,), "hand-size": (1,),
          "holds-count": (2,), "multiplier": (1,), "needs": (1,), "beat": (1,), "count-at-most": (1, 2),
          "holds-element": (2,), "delay": (1,), "higher-in-pack": (1,), "pit-on": (1,), "chain-after": (2,),
          "unseen-around": (1, 3)}


NUMBER_WORDS = ("[Nn]o|[Nn]one|[Nn]othing", "[Oo]ne|an? (?=[a-z])", "two", "three", "four", "five", "six", "seven",
                "eight", "nine", "ten", "eleven", "twelve")


def states(reason: str, n: int) -> bool:
    """Whether the words state the number ``n``: as a numeral, or in words ("no", "a", "two"…)."""
    if re.search(rf"(?<![\d.]){n}(?![\d]|\.\d)", reason):
        return True
    return 0 <= n < len(NUMBER_WORDS) and re.search(rf"\b(?:{NUMBER_WORDS[n]})", reason) is not None


# ---------------------------------------------------------------- one reason, checked


def cited_cards(reason: str, cards: set) -> set:
    """The cards a reason names by their label ("7♣", "Fire 7") or the named cards of Gnav ("Cuckoo")."""
    out = set()
    for card in cards:
        label = card.label
        if not label or label.isdigit():
            continue
        if re.search(rf"(?<![\w♠♥♦♣]){re.escape(label)}(?![\w♠♥♦♣])", reason):
            out.add(card)
    return out


def problems(pos: Position, action: Any, reason: str, checks: dict) -> list[str]:
    """Everything false or ill-said in one reason."""
    out = []
    if not reason or not reason[0].isupper() or not reason.rstrip().endswith((".", "!")):
        out.append("not a sentence")
    if NOTATION.search(reason):
        out.append(f"card notation {NOTATION.search(reason).group(0)!r}")
    if YOU.search(reason):
        out.append("speaks to 'you' (a bot's reason is its own, first person)")
    advice = in_tutor_voice(reason)
    if re.search(r"\b(I|me|my|mine|myself|am)\b|\byou was\b", advice):
        out.append(f"does not turn into the tutor's advice cleanly: {advice!r}")
    unseen = cited_cards(reason, set(pos.state.cards())) - pos.seen
    if unseen:
        out.append(f"names cards the seat has not seen: {sorted(c.label for c in unseen)}")
    for claim in claims_of(reason):
        check = checks.get(claim.kind) or COMMON.get(claim.kind)
        if check is None:
            out.append(f"a claim no check knows: {claim.kind}")
            continue
        for arg in claim.args:
            if isinstance(arg, InternedCard) and arg not in pos.seen:
                out.append(f"a claim about a card the seat has not seen: {claim}")
        for place in STATED.get(claim.kind, ()):
            if not states(reason, claim.args[place]):
                out.append(f"the words do not state the claim's {claim.args[place]}: {claim}")
        try:
            ok = check(pos, *claim.args)
        except Exception as error:  # a claim the engine cannot even read is false
            ok, claim = False, (claim, repr(error))
        if not ok:
            out.append(f"false: {claim}")
    return out


def play_and_check(slug: str, game_no: int, expert: bool = True) -> list[str]:
    """Play one seeded game (strong bots, a random move now and then), checking the strong bot's reason at every
    position for the seat to move and for every seat with a move out of turn, and the expert's now and then."""
    game = GAMES[slug]
    rng = random.Random(game_no)
    players = rng.randint(game.min_players, min(game.max_players, 6))
    state = game.start(players=players, seed=game_no)
    checks = CHECKS.get(slug, dict)()  # a game whose bots claim only what COMMON checks needs no entry
    found: list[str] = []
    seen = [set() for _ in range(players)]
    deal, experts = None, 0
    for step in range(MOST_STEPS):
        if state.is_over:
            break
        view_all = state.view(None)
        if view_all.deals != deal:
            deal, seen = view_all.deals, [set() for _ in range(players)]
        for seat in range(players):
            seen[seat].update(cards_in(state.view(seat), []))
        mover = state.current_player
        asked = [(mover, make_bot(slug, "strong", game_no * 1000 + step))]
        if expert and len(state.legal_actions()) > 1 and (not experts or step % EXPERT_EVERY == 0):
            asked.append((mover, make_bot(slug, "expert", step)))
            experts += 1
        for bot_seat, bot in asked:
            action, reason = bot.explain(state)
            for problem in problems(Position(state, bot_seat, seen[bot_seat], slug), action, reason, checks):
                found.append(f"{slug} game {game_no} ({players} players) move {step}, {bot.level} bot, seat "
                             f"{bot_seat}: {problem} — {reason!r}")
        for seat in range(players):
            if seat != mover and state.offers(seat):
                offer, reason = make_bot(slug, "strong", step).offer(state, seat)
                if reason:
                    for problem in problems(Position(state, seat, seen[seat], slug), offer, reason, checks):
                        found.append(f"{slug} game {game_no} move {step}, seat {seat}'s offer: {problem} — "
                                     f"{reason!r}")
        action = asked[0][1].choose(state) if rng.random() < 0.7 else rng.choice(state.legal_actions())
        state = state.apply(action)
    return found


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_claim_a_bots_reason_makes_is_so(slug):
    found = [p for g in range(GAMES_EACH) for p in play_and_check(slug, g)]
    assert not found, f"{len(found)} false or ill-said reasons, the first:\n" + "\n".join(found[:12])


def test_the_cassino_hint_never_calls_an_ace_pointless():
    """Issue 41's example: "trail the A♦, which carries no points and is not a spade" (an ace scores a point)."""
    game = GAMES["cassino"]
    state = game.start(players=2, deal={"hands": [["AD"], ["5C"]], "table": ["KH", "QS"], "builds": []})
    action, reason = make_bot("cassino", "strong", 0).explain(state)
    assert str(action) == "trail AD"
    assert "no points" not in reason and "1 point" in reason, reason
    assert not problems(Position(state, 0, {c for c in state.cards() if c != game.parse_action(state, "trail AD").card
                                            } | {action.card}, "cassino"), action, reason, CHECKS["cassino"]())


def test_a_false_claim_is_caught():
    """The checks can fail: a reason claiming what is not so is reported."""
    from tutor.bots import said

    game = GAMES["cassino"]
    state = game.start(players=2, deal={"hands": [["AD"], ["5C"]], "table": ["KH", "QS"], "builds": []})
    ace = game.parse_action(state, "trail AD").card
    pos = Position(state, 0, set(state.cards()), "cassino")
    checks = CHECKS["cassino"]()
    false = said("Nothing to take: I trail the A♦, which carries no points.", ("points", (ace,), 0))
    assert problems(pos, None, false, checks) == [f"false: {false.claims[0]}"]
    unsaid = said("Nothing to take: I trail the A♦, which carries no points.", ("points", (ace,), 1))
    assert problems(pos, None, unsaid, checks) == [f"the words do not state the claim's 1: {unsaid.claims[0]}"]
    assert any("'you'" in p for p in problems(pos, None, said("Trail your A♦."), checks))
    assert any("notation" in p for p in problems(pos, None, said("I trail the AD."), checks))
    assert any("not seen" in p for p in problems(Position(state, 0, set(), "cassino"), None,
                                                 said("I trail the A♦."), checks))
    assert any("no check knows" in p for p in problems(pos, None, said("I trail it.", ("hunch",)), checks))


@pytest.mark.parametrize("scores", [[40, 50, 60, 70], [60, 20, 30, 50], [10, 20, 30, 50], [95, 20, 30, 96]])
def test_burns_pit_choice_says_only_what_the_standings_show(scores):
    """A pit is rare in random games: Jory, who has taken every Fire and Water card but the Fire 15, leads it to
    the last trick, at four standings (ahead, behind, one way barred by 0, one by the target)."""
    game = GAMES["burn"]
    almost = [f"F{v}" for v in range(1, 15)] + [f"Wa{v}" for v in range(1, 16)]
    hands = ["F15", "E2", "E3", "Wi4"]
    state = game.start(players=4, deal={"hands": [[h] for h in hands], "won": [almost, [], [], []],
                                        "scores": scores, "leader": 0})
    for h in hands:
        state = state.apply(game.parse_action(state, f"play {h}"))
    assert state.phase == "pit"
    action, reason = make_bot("burn", "strong", 0).explain(state)
    kinds = {c.kind for c in claims_of(reason)}
    assert "pit-choices" in kinds and not problems(Position(state, 0, set(), "burn"), action, reason, BURN_CHECKS)
