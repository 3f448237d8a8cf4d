"""Pymtheg's kinds of move (bids and calls, doubles, naming trump, cards played), reading them from text, and what
is legal: the moves open to the player (the auction's bids, the doubles on offer, the cards), and why a move is
refused, each naming its rule (Y3–Y7, Y13); and a card played against the rules, kept until it is found out
(``Offence``, the ``revoke`` option)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from tutor.cards import BadNotation, Element, ElementCard, element_named
from tutor.engine import IllegalMove
from tutor.games.burn.moves import SPAN
from tutor.games.burn.rules import element, value
from tutor.games.pymtheg.rules import MALFORMED, NO_TRUMP, PACK, PLAYERS, R_FOLLOW, TRUMP_CODES, rule
from tutor.games.pymtheg.scoring import BID_CODES, BID_NAMES, GAM_RANK, KIND, LEVEL
from tutor.tricks import UNDER_TRUMP, legal_plays

if TYPE_CHECKING:
    from tutor.games.pymtheg.state import PymthegState


class Offence(NamedTuple):
    """A card played against the rules (the ``revoke`` option): who, in which trick, what they played, the
    cards they should have played (any of them played later gives it away), and which rule it broke."""

    seat: int
    trick: int
    card: ElementCard
    allowed: frozenset
    led: Element
    kind: str  # "follow" or "under-trump"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: its rank (0 Gâm … 10 Lon) and, for a Gâm, the trump named with it ("F"…, "nt"; ``None``: later)."""

    rank: int
    trump: str | None = None

    def __str__(self) -> str:
        return f"bid {BID_CODES[self.rank]}" + (f" {self.trump}" if self.trump else "")


@dataclass(frozen=True, slots=True)
class Call:
    """A call that uses no card: "pass", or "stop" (time is up, in an open match)."""

    word: Literal["pass", "stop"]

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Stake:
    """Y7: "double" by an opponent of the declarer, or "redouble" by a declarer, made out of turn by ``seat``
    while the window is open (``seat`` ``None``: whoever may; the game reads it against the position)."""

    word: Literal["double", "redouble"]
    seat: int | None = None

    def __str__(self) -> str:
        return self.word if self.seat is None else f"{self.word} {self.seat}"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The declarer names the trump element after the auction, or "nt" for no trump."""

    code: str

    def __str__(self) -> str:
        return f"trump {self.code}"


@dataclass(frozen=True, slots=True)
class CardPlay:
    """Play ``card`` to the trick."""

    card: ElementCard

    def __str__(self) -> str:
        return f"play {self.card.code}"


PASS, STOP = Call("pass"), Call("stop")
CALLS = {c.word: c for c in (PASS, STOP)}
STAKES = {(w, seat): Stake(w, seat) for w in ("double", "redouble") for seat in (None, *range(PLAYERS))}
DOUBLE, REDOUBLE = STAKES["double", None], STAKES["redouble", None]
BIDS: dict[tuple[int, str | None], Bid] = {
    (r, t): Bid(r, t) for r in range(len(BID_CODES)) for t in ((None,) + TRUMP_CODES if KIND[r] == "gam" else (None,))}
TRUMPS = {code: NameTrump(code) for code in TRUMP_CODES}
PLAYS = {card: CardPlay(card) for card in PACK}
_PLAY_OF = PLAYS.__getitem__
KINDS = (Bid, Call, Stake, NameTrump, CardPlay)
"""Pymtheg's kinds of move."""
# The moves made here (the only ones ``legal_moves`` and ``parse_action`` hand out), by identity: each is well
# formed, so ``apply`` need not check the types of its parts again.  (Identity, not equality: a forged
# ``Play("F3")`` is no card, and a forged ``Call("pass")`` is read as the game's own.)
READY_MADE = frozenset(map(id, (*CALLS.values(), *STAKES.values(), *BIDS.values(), *TRUMPS.values(),
                                *PLAYS.values())))
_BID_RE = re.compile(r"bid\s+(g[aâ]m(?:\s*\+\s*\d+)?|ry\s*\d?|lon)(?:\s+(.+))?", re.IGNORECASE)


def read_trump(word: str, where: str, rule_id: str = "trump.name") -> str:
    """A trump code from "F", "fire", "Wa", "nt", "no trump"…; ``IllegalMove`` naming ``where`` otherwise."""
    text = word.strip().lower().replace("-", " ")
    if text in ("nt", "no trump", "no trumps", "notrump", "none", "sans"):
        return NO_TRUMP
    try:
        return element_named(text).code
    except BadNotation as exc:
        raise IllegalMove(rule(rule_id), f"{where}: {exc}; or 'nt' for no trump.") from None


def parse_action(text: Any) -> Bid | Call | Stake | NameTrump | CardPlay:
    """Read "bid gam+2 F", "bid ry", "pass", "double 1", "redouble 0", "trump Wa", "trump nt", "play F7", "stop"."""
    if not isinstance(text, str):
        raise IllegalMove(MALFORMED, f"{text!r} is not a move; write e.g. 'bid gam', 'pass' or 'play F7'.")
    words = text.strip()
    low = words.lower()
    if low in CALLS:
        return CALLS[low]
    stake = low.split()
    if stake and stake[0] in ("double", "redouble"):
        if len(stake) == 1:
            return STAKES[stake[0], None]
        if len(stake) == 2 and stake[1] in ("0", "1", "2", "3"):
            return STAKES[stake[0], int(stake[1])]
        raise IllegalMove(rule(stake[0]), f"{text!r}: write '{stake[0]}', or '{stake[0]} 1' with the seat (0 to 3).")
    if low.startswith("bid"):
        match = _BID_RE.fullmatch(words)
        if not match:
            raise IllegalMove(rule("bid"), f"{text!r} is not a bid; write e.g. 'bid gam', 'bid gam+1 F', "
                                           "'bid ry2' or 'bid lon'.")
        code = re.sub(r"\s+", "", match.group(1).lower()).replace("â", "a")
        code = "ry" if code == "ry1" else code
        if code not in BID_CODES:
            raise IllegalMove(rule("bid"), f"{text!r}: there is no bid {code!r}; the bids are "
                                           f"{', '.join(BID_CODES)}.")
        rank = BID_CODES.index(code)
        trump = read_trump(match.group(2), "bid") if match.group(2) else None
        if trump is not None and KIND[rank] != "gam":
            raise IllegalMove(rule("ry.no-trump") if KIND[rank] == "ry" else rule("bid.trump"),
                              f"{BID_NAMES[rank]} names no trump with the bid: "
                              + ("every Ry is played without trump." if KIND[rank] == "ry"
                                 else "Lon's trump is named after the auction."))
        return BIDS[rank, trump]
    if low.startswith("trump"):
        rest = words[5:].strip()
        if not rest:
            raise IllegalMove(rule("trump.name"), "Name trump — Fire, Water, Wind or Earth — or no trump.")
        return TRUMPS[read_trump(rest, "trump")]
    if low.startswith("play"):
        try:
            return _PLAY_OF(ElementCard.parse(words[4:]))
        except BadNotation as exc:
            raise IllegalMove(MALFORMED, str(exc)) from None
    raise IllegalMove(MALFORMED, f"{text!r} is not a move; write e.g. 'bid gam', 'pass', 'double', "
                                      "'trump F' or 'play F7'.")


# ---------------------------------------------------------------- what is legal


def legal_moves(state: PymthegState) -> list:
    """The moves of the player to act, each once (with a double or redouble of theirs while the window is open)."""
    me = state.current
    if me is None:
        return []
    stage = state.stage
    if state.window and stage == "play":
        return legal_moves(state._replace(window=())) + offers(state, me)
    if stage == "play" or stage == "burn":
        hand = state.hands[me]
        plays = state.plays
        if plays:  # the cards of the element led: ``of_element``, written out (this runs for every card)
            low, high = SPAN[plays[0][1]]
            follow = hand[bisect_left(hand, low):bisect_right(hand, high)]
            if follow and not (stage == "play" and state.rules.revoke):
                return list(map(_PLAY_OF, follow))
        if stage == "burn" or state.rules.revoke:  # Burn has no trumps: a hand without the element led plays any
            return list(map(_PLAY_OF, hand))
        return list(map(_PLAY_OF, legal_plays(hand, plays, trumps=state.contract.trump,  # type: ignore[union-attr]
                                              suit=element, value=value)))
    if stage == "auction":
        return bids_open(state) + [PASS] + ([STOP] if may_stop(state) else [])
    return [TRUMPS[code] for code in TRUMP_CODES] + offers(state, me)


def offers(state: PymthegState, seat: int) -> list[Stake]:
    """Y7: while the window is open, an opponent may double, and after a double a declarer may redouble."""
    if seat not in state.window or state.contract is None:
        return []
    return [STAKES["double" if state.contract.factor == 1 else "redouble", seat]]


def bids_open(state: PymthegState) -> list[Bid]:
    """Y4: the bids above the highest so far; Gâm + N only once Gâm + (N − 1) has been bid in this auction."""
    high = state.high_bid()
    floor = -1 if high is None else high[1].rank
    gam_bid = max((LEVEL[c.rank] for _s, c in state.calls if isinstance(c, Bid) and KIND[c.rank] == "gam"),
                  default=-1)
    out = []
    for rank in range(floor + 1, len(BID_CODES)):
        if KIND[rank] == "gam":
            if LEVEL[rank] > gam_bid + 1:
                continue
            out.extend(BIDS[rank, t] for t in (None,) + TRUMP_CODES)
        else:
            out.append(BIDS[rank, None])
    return out


def may_stop(state: PymthegState) -> bool:
    """Y14: in an open match, time may be called before a new deal's first call (not before the first deal)."""
    return state.rules.match == "open" and state.deal_no > 0 and not state.calls and state.stage == "auction"


# ---------------------------------------------------------------- refusals (each names its rule)


def check(state: PymthegState, action: Any) -> None:
    """Refuse ``action`` unless it is allowed now, naming the rule (card plays and stakes are checked apart; its
    kind and the types of its parts, by ``check_action``)."""
    stage = state.stage
    kind = type(action)
    if action is STOP:
        if not state.may_stop():
            raise IllegalMove(rule("stop"), "Time can be called only in an open match, before the first call "
                                            "of a new deal.")
        return
    if stage == "auction":
        if kind is Bid:
            check_bid(state, action)
        elif kind is not Call:
            raise IllegalMove(rule("auction"), "The auction is on: bid or pass first.")
        return
    if kind is Bid:
        raise IllegalMove(rule("contract"), "The auction is over: no more bids.")
    if stage == "burn":
        raise IllegalMove(rule("burn.start"), "All four passed: the deal is played as Burn, so play a card.")
    if action is PASS:
        raise IllegalMove(rule("contract"), "The auction is over: no more passes.")
    if stage == "trump":
        if kind is NameTrump:
            if action.code in TRUMPS:
                return
            raise IllegalMove(rule("trump.name"), f"nametrump.code: {action.code!r} is not a trump; name 'F', 'Wa', "
                                                  "'Wi' or 'E', or 'nt' for no trump.")
        raise IllegalMove(rule("trump.name"), "First the declarer names trump — Fire, Water, Wind or Earth — or "
                                              "no trump.")
    raise IllegalMove(rule("trump.name"), "Trump is named once, by the declarer, before the first card.")


def check_stake(state: PymthegState, stake: Stake) -> None:
    """Y7: who may double or redouble, and until when; never in Burn or during the auction."""
    word, seat = stake.word, stake.seat
    if seat is not None and not 0 <= seat < PLAYERS:
        raise IllegalMove(rule(word), f"stake.seat: {seat} is no seat; the seats are 0 to {PLAYERS - 1}.")
    if state.stage == "burn":
        raise IllegalMove(rule("burn.no-double"), "There is no doubling in Burn.")
    if state.stage == "auction":
        raise IllegalMove(rule("double"), "No doubling during the auction: the opponents may double once "
                                          "the highest bid is known.")
    contract = state.contract
    assert contract is not None
    if not state.window:
        if word == "double":
            raise IllegalMove(rule("double"), "Too late to double: the opponents may double only after the "
                                              "auction, before trump is named (or, with trump named in the bid "
                                              "or a Ry, before the first card).")
        raise IllegalMove(rule("redouble"), "Too late to redouble: it must come straight after the double.")
    if seat is None:
        raise IllegalMove(rule(word), f"Nobody may {word} now." if word == "double" or contract.factor != 2
                          else "Only the declarers may redouble, and only after a double.")
    declarers = seat % 2 == contract.declarer % 2
    if word == "double":
        if declarers:
            raise IllegalMove(rule("double"), "Only an opponent of the declarer may double.")
        if contract.factor > 1:
            raise IllegalMove(rule("double"), "The contract is already doubled; the declarers may redouble.")
        return
    if not declarers or contract.factor != 2:
        raise IllegalMove(rule("redouble"), "Only the declarers may redouble, and only after a double.")


def check_bid(state: PymthegState, bid: Bid) -> None:
    """Y4: a bid must outrank the highest so far; Gâm + N needs Gâm + (N − 1) earlier; a pass is final."""
    me = state.current
    if not 0 <= bid.rank < len(BID_CODES):
        raise IllegalMove(rule("bid"), f"bid.rank: {bid.rank} is not a bid; the bids rank from 0 ({BID_NAMES[0]}) "
                                       f"to {len(BID_CODES) - 1} ({BID_NAMES[-1]}).")
    if (bid.rank, bid.trump) not in BIDS:
        raise IllegalMove(rule("bid"), f"bid.trump: {bid.trump!r} does not go with {BID_NAMES[bid.rank]}: a Gâm's "
                                       "trump is 'F', 'Wa', 'Wi', 'E' or 'nt' (or None, to name it later); other bids "
                                       "name none.")
    high = state.high_bid()
    if high is not None and bid.rank <= high[1].rank:
        raise IllegalMove(rule("bid.rank"), f"{BID_NAMES[bid.rank]} does not beat {BID_NAMES[high[1].rank]}: "
                                            "a bid must be higher than the highest so far.")
    if KIND[bid.rank] == "gam" and LEVEL[bid.rank] > 0:
        level = LEVEL[bid.rank]
        before = BID_NAMES[GAM_RANK[level - 1]]
        if not any(isinstance(c, Bid) and c.rank == GAM_RANK[level - 1] for _s, c in state.calls):
            raise IllegalMove(rule("bid.step"), f"{BID_NAMES[bid.rank]} may be bid only after {before} has "
                                                "been bid in this auction.")
    assert me is not None and not state.passed & (1 << me)


def refuse_play(state: PymthegState, card: Any, problem: str) -> None:
    """Raise why ``card`` may not be played (the trick core said it may not)."""
    if type(card) is not ElementCard:
        raise IllegalMove(MALFORMED, f"cardplay.card: {card!r} is not a card of the element deck.")
    if problem == UNDER_TRUMP:
        trump = state.contract.trump.english  # type: ignore[union-attr]
        raise IllegalMove(rule("under-trump"), f"A higher {trump} is already in the trick: you may play a "
                                               f"lower {trump} only when you hold nothing else you may play.")
    if card not in state.hands[state.current]:  # type: ignore[index]
        raise IllegalMove(R_FOLLOW, f"You do not hold the {card.english}.")
    led = state.plays[0][1].element.english
    raise IllegalMove(R_FOLLOW, f"{led} was led and you hold {led}: you must follow with {led}.")
