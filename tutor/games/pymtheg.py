"""Pymtheg: a partnership trick game with an auction, played with the 60 element cards.

The rules as Gwari settles them are in ``docs/rules.md`` (Pymtheg, Y1–Y16).
Four players, partners opposite, get three rounds of five cards.  From the
dealer's left each bids or passes (a pass is final): Gâm (nine tricks with the
partner) and its raises, Ry (take no trick), Lon (all fifteen alone).  The
opponents may double the contract and the declarers redouble; the declarer
names trump or no trump, with the bid for a higher score or after the auction;
then fifteen tricks are played: follow the element led, trump if you like,
over-trump freely, under-trump only when nothing else is left.  Only the
playing side scores.  If all four pass, the deal is played as Burn.  Every rule
id emitted here is a ``pymtheg.*`` entry of ``lessons/pymtheg``.

This module holds the options, the actions, the state and the checks; the
moves themselves are made in ``pymtheg_turn``, the scores computed in
``pymtheg_scoring`` and the bot's rules of thumb kept in ``pymtheg_bot``.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from tutor.cards import ELEMENT_CARDS, BadNotation, Element, ElementCard, element_named, element_pack
from tutor.engine import (AuctionView, Event, Game, IllegalMove, Inputs, Record, Result, ScoreTable, SeatedState,
                          SeatView, TableView, shown_to)
from tutor.match import ScoreSheet
from tutor.tricks import UNDER_TRUMP, Trick, legal_plays, play_problem, view_of
from tutor.games.burn import element, value
from tutor.games.pymtheg_scoring import BID_CODES, BID_NAMES, GAM_RANK, KIND, LEVEL, Contract, signed

PREFIX = "pymtheg"
PLAYERS = 4
PACK: tuple[ElementCard, ...] = tuple(element_pack())
MAX_DEALS = 200  # a bound so that every match ends (an open match, or one to ±100,000)
CALLS_PER_DEAL = len(BID_CODES) + PLAYERS + 1  # at most every bid once, every pass, and a stop
ACTIONS_PER_DEAL = CALLS_PER_DEAL + 4 + 1 + len(PACK)  # calls, the doubling window, naming trump, the cards
ELEMENTS = {e.code: e for e in Element}
LOWEST = {e: ELEMENT_CARDS[e, 1] for e in Element}  # each element's lowest and highest card (hands sort by element)
HIGHEST = {e: ELEMENT_CARDS[e, 15] for e in Element}
NO_TRUMP = "nt"
TRUMP_CODES = tuple(ELEMENTS) + (NO_TRUMP,)


def rule(name: str) -> str:
    """The full rule id of one of this game's rules."""
    return f"{PREFIX}.{name}"


def trump_name(trump: Element | None) -> str:
    """A trump in words: "Fire trumps" or "no trump"."""
    return "no trump" if trump is None else f"{trump.english} trumps"


# ---------------------------------------------------------------- rules (options)


@dataclass(frozen=True)
class Rules:
    """Pymtheg's options, with the defaults Gwari settles on (docs/rules.md, Y12–Y16)."""

    match: Literal["rounds", "limit", "open"] = "rounds"
    """Y14: "rounds", a fixed number of deals; "limit", until a team's total passes the limit, up or down; "open",
    until someone calls time between deals."""
    rounds: int = 20
    """Y14: the number of deals of a "rounds" match (the twenty-round game)."""
    limit: int = 100_000
    """Y14: a "limit" match ends once a team's total passes this, up or down."""
    table: Literal["corrected", "printed"] = "corrected"
    """Y6: The Gâm score table: "corrected" follows its pattern everywhere; "printed" keeps the three printed cells
    that break it (20, 140 and 280 instead of 120, 150 and 300)."""
    dealing: Literal["shuffle", "partial"] = "shuffle"
    """Y15: "shuffle", a full shuffle before every deal; "partial", the custom of gathering the cards and
    re-ordering only a few of them once (the first deal is always fully shuffled)."""
    mixed: int = 10
    """Y15: how many of the gathered cards a partial reshuffle re-orders."""
    revoke: bool = False
    """Y12: a card that breaks the rules of following may be played; it comes out by the end of the deal at the
    latest and costs its side the penalty."""
    burn: bool = True
    """Y16: play Burn when all four pass (Y11); off for a tournament, where such a deal scores nothing."""

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= MAX_DEALS:
            raise ValueError(f"option rounds: a match has 1 to {MAX_DEALS} deals, not {self.rounds}.")
        if not 1 <= self.limit <= 10_000_000:
            raise ValueError(f"option limit: a limit from 1 to 10,000,000 points, not {self.limit}.")
        if not 2 <= self.mixed <= len(PACK):
            raise ValueError(f"option mixed: 2 to {len(PACK)} cards, not {self.mixed}.")


# ---------------------------------------------------------------- actions


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

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Stake:
    """Y7: "double" by an opponent of the declarer, or "redouble" by a declarer, made out of turn by ``seat``
    while the window is open (``seat`` ``None``: whoever may; the game reads it against the position)."""

    word: str
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
class Play:
    """Play ``card`` to the trick."""

    card: ElementCard

    def __str__(self) -> str:
        return f"play {self.card.code}"


PASS, STOP = Call("pass"), Call("stop")
CALLS = {c.word: c for c in (PASS, STOP)}
DOUBLE, REDOUBLE = Stake("double"), Stake("redouble")
STAKES = {(w, seat): Stake(w, seat) for w in ("double", "redouble") for seat in (None, *range(PLAYERS))}
BIDS: dict[tuple[int, str | None], Bid] = {
    (r, t): Bid(r, t) for r in range(len(BID_CODES)) for t in ((None,) + TRUMP_CODES if KIND[r] == "gam" else (None,))}
TRUMPS = {code: NameTrump(code) for code in TRUMP_CODES}
PLAYS = {card: Play(card) for card in PACK}
_PLAY_OF = PLAYS.__getitem__
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


def parse_action(text: Any) -> Bid | Call | Stake | NameTrump | Play:
    """Read "bid gam+2 F", "bid ry", "pass", "double 1", "redouble 0", "trump Wa", "trump nt", "play F7", "stop"."""
    if not isinstance(text, str):
        raise IllegalMove(rule("follow"), f"{text!r} is not a move; write e.g. 'bid gam', 'pass' or 'play F7'.")
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
            raise IllegalMove(rule("trump.name"), "Name an element or no trump, e.g. 'trump F' or 'trump nt'.")
        return TRUMPS[read_trump(rest, "trump")]
    if low.startswith("play"):
        try:
            return _PLAY_OF(ElementCard.parse(words[4:]))
        except BadNotation as exc:
            raise IllegalMove(rule("follow"), str(exc)) from None
    raise IllegalMove(rule("follow"), f"{text!r} is not a move; write e.g. 'bid gam', 'pass', 'double', "
                                      "'trump F' or 'play F7'.")


# ---------------------------------------------------------------- state


class Offence(NamedTuple):
    """A card played against the rules (the ``revoke`` option): who, in which trick, what they played, the
    cards they should have played (any of them played later gives it away), and which rule it broke."""

    seat: int
    trick: int
    card: ElementCard
    allowed: frozenset
    led: Element
    kind: str  # "follow" or "under-trump"


class _Position(NamedTuple):
    """The fields of a Pymtheg position (see ``PymthegState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[ElementCard, ...], ...]
    won: tuple[tuple[ElementCard, ...], ...]
    taken: tuple[int, ...]
    plays: tuple[tuple[int, ElementCard], ...]
    leader: int
    tricks: tuple[Trick, ...]
    dealer: int
    deal_no: int
    sheet: ScoreSheet
    current: int | None
    stage: str
    calls: tuple[tuple[int, Any], ...] = ()
    passed: int = 0
    contract: Contract | None = None
    window: tuple[int, ...] = ()
    offences: tuple[Offence, ...] = ()
    events: tuple[Event, ...] = ()


class PymthegState(_Position, SeatedState):
    """A position of a Pymtheg match; immutable and hashable, ``apply`` returns the next one.

    ``stage`` is the part of the deal: "auction", "trump" (the declarer names trump),
    "play", "burn" (all passed).  ``window``: the seats that may double (or, after a
    double, redouble) now, out of turn; it closes with the first move after the auction.
    ``calls`` is this deal's auction, ``passed`` the seats that passed (bits);
    ``taken`` the tricks each seat took this deal and ``won`` their cards;
    ``plays`` the trick on the table and ``tricks`` the finished ones; ``sheet``
    the score per deal and team.  A named tuple: one is made for every card.
    """

    __slots__ = ()

    # -- the contract

    @property
    def phase(self) -> str:
        """"auction", "trump", "play", "burn" or "over"."""
        return "over" if self.current is None else self.stage

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite: seats 0 and 2, seats 1 and 3."""
        return TEAMS

    @property
    def trumps(self) -> Element | None:
        """The trump element of the contract being played (``None``: no trump, Burn, or not named yet)."""
        contract = self.contract
        return None if contract is None or self.stage == "burn" else contract.trump  # type: ignore[return-value]

    def high_bid(self) -> tuple[int, Bid] | None:
        """The highest bid so far in this deal's auction, with its bidder."""
        for seat, call in reversed(self.calls):
            if isinstance(call, Bid):
                return seat, call
        return None

    def legal_actions(self) -> list:
        """The moves of the player to act, each once (with a double or redouble of theirs while the window is open)."""
        me = self.current
        if me is None:
            return []
        stage = self.stage
        if self.window and stage == "play":
            return self._replace(window=()).legal_actions() + self.offers(me)
        if stage == "play" or stage == "burn":
            hand = self.hands[me]
            plays = self.plays
            if plays:
                # Hands are sorted and an element's cards are consecutive: those of the element led are one slice.
                led = plays[0][1].element
                follow = hand[bisect_left(hand, LOWEST[led]):bisect_right(hand, HIGHEST[led])]
                if follow and not (stage == "play" and self.rules.revoke):
                    return list(map(_PLAY_OF, follow))
            if stage == "burn":
                return list(map(_PLAY_OF, legal_plays(hand, plays, suit=element, value=value)))
            if self.rules.revoke:
                return list(map(_PLAY_OF, hand))
            return list(map(_PLAY_OF, legal_plays(hand, plays, trumps=self.contract.trump,  # type: ignore
                                                  suit=element, value=value)))
        if stage == "auction":
            return self.bids_open() + [PASS] + ([STOP] if self.may_stop() else [])
        return [TRUMPS[code] for code in TRUMP_CODES] + self.offers(me)

    def offers(self, seat: int) -> list[Stake]:
        """Y7: while the window is open, an opponent may double, and after a double a declarer may redouble."""
        if seat not in self.window or self.contract is None:
            return []
        return [STAKES["double" if self.contract.factor == 1 else "redouble", seat]]

    @property
    def current_players(self) -> tuple[int, ...]:
        """The seat to move, and every seat that may double or redouble now."""
        if self.current is None:
            return ()
        return (self.current,) + tuple(s for s in self.window if s != self.current)

    def bids_open(self) -> list[Bid]:
        """Y4: the bids above the highest so far; Gâm + N only once Gâm + (N − 1) has been bid in this auction."""
        high = self.high_bid()
        floor = -1 if high is None else high[1].rank
        gam_bid = max((LEVEL[c.rank] for _s, c in self.calls if isinstance(c, Bid) and KIND[c.rank] == "gam"),
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

    def may_stop(self) -> bool:
        """Y14: in an open match, time may be called before a new deal's first call (not before the first deal)."""
        return self.rules.match == "open" and self.deal_no > 0 and not self.calls and self.stage == "auction"

    def apply(self, action: Any) -> "PymthegState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing."""
        if self.current is None:
            raise IllegalMove(rule("end"), "The match is over: no more moves.")
        stage = self.stage
        if type(action) is Stake:
            self._check_stake(action)
            return _Turn(self).stake(action.word, action.seat)  # type: ignore[arg-type]
        if self.window and type(action) is Play and stage == "play":
            # The first card closes the doubling window (Y7); the card itself is judged as any other.
            action_state = self._replace(window=())
            after = action_state.apply(action)
            return after._replace(events=_Turn.window_closed(self) + after.events)
        if type(action) is Play and (stage == "play" or stage == "burn"):
            card = action.card
            hand = self.hands[self.current]
            if stage == "play":
                if self.rules.revoke and card in hand:
                    return _Turn(self).play(card)
                problem = play_problem(card, hand, self.plays, trumps=self.contract.trump,  # type: ignore
                                       suit=element, value=value)
            else:
                problem = play_problem(card, hand, self.plays, suit=element, value=value)
            if problem is None:
                if not self.offences:
                    if len(self.plays) < PLAYERS - 1:
                        return quick_play(self, card)
                    if len(hand) > 1:
                        quick = quick_trick(self, card)
                        if quick is not None:
                            return quick
                return _Turn(self).play(card)
            self._refuse_play(card, problem)
        self._check(action)
        turn = _Turn(self)
        if stage == "auction":
            return turn.stop() if action is STOP else turn.call(action)
        return turn.name_trump(action.code)

    def result(self) -> Result:
        """Each seat gets its team's total; the team with the higher total wins (both on a tie)."""
        totals = self.sheet.totals
        best = max(totals)
        winners = tuple(s for s in range(PLAYERS) if totals[s % 2] == best)
        labels = self.sheet.columns
        breakdown = [f"{label}: " + ", ".join(f"{labels[k]} {signed(v)}" for k, v in enumerate(row))
                     for label, row in self.sheet.table().rows]
        breakdown.append("Totals: " + ", ".join(f"{labels[k]} {signed(t)}" for k, t in enumerate(totals)))
        return Result(tuple(totals[s % 2] for s in range(PLAYERS)), winners, rule("end"), self.end_words(),
                      TEAMS, totals, tuple(breakdown))

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the auction, the trick (or the last one taken) and the scores."""
        totals = self.sheet.totals
        labels = self.sheet.columns
        contract = self.contract
        seats = []
        for seat, hand in enumerate(self.hands):
            role = ""
            if contract is not None and self.stage != "burn" and self.stage != "auction":
                role = "declarer · " if seat == contract.declarer else ""
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (),
                                  f"{role}{labels[seat % 2]} · {self.taken[seat]} trick"
                                  f"{'s' * (self.taken[seat] != 1)} · total {signed(totals[seat % 2])}"))
        shown = Trick(self.leader, self.plays) if self.plays or not self.tricks else self.tricks[-1]
        label = ""
        if shown.plays:
            label = (f"{self.names[shown.winner]} took the trick" if shown.winner is not None else
                     f"{self.names[shown.leader]} led {shown.plays[0][1].element.english}")
        trumps = self.trumps
        return TableView(game=PYMTHEG.slug, viewer=player, seats=tuple(seats), current=self.current,
                         has_stock=False, centre=(), centre_label=label, events=self.events, status=self.status(),
                         trick=view_of(shown, trumps.english if trumps else "") if shown.plays else None,
                         teams=TEAMS, auction=self.auction_view(), scores=self.score_table())

    def auction_view(self) -> AuctionView:
        """The calls of this deal in order, and the contract once the auction is over."""
        return AuctionView(tuple((seat, call_words(call)) for seat, call in self.calls), self.contract_words())

    def score_table(self) -> ScoreTable:
        """The running score table, with the match's end rule in words."""
        table = self.sheet.table()
        return ScoreTable(table.columns, table.rows, table.totals, self.end_rule_words())

    def cards(self) -> list[ElementCard]:
        """Every card of the deal: hands, the trick on the table and the cards taken."""
        return ([c for h in self.hands for c in h] + [c for _, c in self.plays]
                + [c for w in self.won for c in w])

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses; bids, passes, doubles and naming trump use none."""
        return (action.card,) if type(action) is Play else ()

    def candidate_actions(self, card: ElementCard) -> list[Play]:
        """Playing ``card`` (the rules then judge whether it may go on this trick)."""
        return [PLAYS[card]] if card in PLAYS else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Bid Gâm + 1, naming Fire as trump", "Pass", "Play the Fire 7"."""
        if type(action) is Play:
            return f"Play the {action.card.english}"
        if type(action) is Bid:
            return "Bid " + bid_words(action)
        if type(action) is NameTrump:
            return "Play without trump" if action.code == NO_TRUMP else f"Name {ELEMENTS[action.code].english} as trump"
        if type(action) is Stake:
            return action.word.capitalize()
        return {"pass": "Pass", "stop": "Stop: time is up"}.get(str(action), str(action))

    def describe(self, action: Any) -> str:
        """The move in words: "Pol bids Gâm + 1", "Pol plays the Fire 7"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if type(action) is Stake:
            seat = action.seat if action.seat is not None else self.current
            return f"{self.names[seat] if seat is not None else who} {action.word}s"
        if type(action) is Play:
            return f"{who} plays the {action.card.english}"
        if type(action) is Bid:
            return f"{who} bids {bid_words(action)}"
        if type(action) is NameTrump:
            return (f"{who} plays without trump" if action.code == NO_TRUMP
                    else f"{who} names {ELEMENTS[action.code].english} as trump")
        if action is PASS:
            return f"{who} passes"
        if action is STOP:
            return f"{who} calls time"
        return f"{who} {action}s"

    def status(self) -> str:
        """One line: the deal, the contract, whose turn; or how the match ended."""
        if self.current is None:
            return "Match over: " + self.end_words()
        me = self.names[self.current]
        deal = f"Deal {self.deal_no + 1}"
        stage = self.stage
        if stage == "auction":
            high = self.high_bid()
            top = f" (highest: {bid_words(high[1])}, {self.names[high[0]]})" if high else ""
            return f"{deal}, the auction{top}: {me} to bid or pass."
        if stage == "trump":
            return f"{deal}: {me} names trump, or no trump, for {self.contract.name}."  # type: ignore[union-attr]
        what = "Burn (all passed)" if stage == "burn" else self.contract_words()
        if not self.plays:
            return f"{deal}, {what}: {me} to lead."
        return f"{deal}, {what}: {me} to play ({self.plays[0][1].element.english} led)."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- words

    def contract_words(self) -> str:
        """The contract in words ("Gâm + 2 by Tamsin, Fire trumps named with the bid, doubled"); "" before."""
        contract = self.contract
        if contract is None:
            return "Burn: all four passed" if self.stage == "burn" else ""
        parts = [f"{contract.name} by {self.names[contract.declarer]}"]
        if contract.kind == "ry":
            parts.append("no trump")
        elif contract.trump is not None or contract.during or self.stage in ("play",):
            parts.append(trump_name(contract.trump) + (" named with the bid" if contract.during else ""))
        if contract.factor > 1:
            parts.append("doubled" if contract.factor == 2 else "redoubled")
        return ", ".join(parts)

    def end_rule_words(self) -> str:
        """How this match ends, in words."""
        r = self.rules
        if r.match == "rounds":
            return f"{r.rounds} deals; the higher total wins."
        if r.match == "limit":
            return f"Until a team passes {r.limit:,} up or down; the higher total wins."
        return "Until time is called; the higher total wins."

    def end_words(self) -> str:
        """Who won the match, in words."""
        labels, totals = self.sheet.columns, self.sheet.totals
        best = max(totals)
        top = [labels[i] for i, t in enumerate(totals) if t == best]
        if len(top) > 1:
            return f"a tie, both teams on {signed(best)}."
        return f"{top[0]} win with {signed(best)} against {signed(min(totals))}."

    # -- checks (each names its rule)

    def _check(self, action: Any) -> None:
        """Refuse ``action`` unless it is allowed now, naming the rule (card plays are checked in ``apply``)."""
        stage = self.stage
        kind = type(action)
        if kind not in (Bid, Call, Stake, NameTrump, Play):
            raise IllegalMove(rule("follow"), f"{action!r} is not a move of Pymtheg.")
        if action is STOP:
            if not self.may_stop():
                raise IllegalMove(rule("stop"), "Time can be called only in an open match, before the first call "
                                                "of a new deal.")
            return
        if stage == "auction":
            if kind is Bid:
                self._check_bid(action)
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
            if kind is NameTrump and isinstance(action.code, str) and action.code in TRUMPS:
                return
            raise IllegalMove(rule("trump.name"), "First the declarer names trump, or no trump: 'trump F' … "
                                                  "'trump nt'.")
        raise IllegalMove(rule("trump.name"), "Trump is named once, by the declarer, before the first card.")

    def _check_stake(self, stake: Stake) -> None:
        """Y7: who may double or redouble, and until when; never in Burn or during the auction."""
        word, seat = stake.word, stake.seat
        if word not in ("double", "redouble") or not (seat is None or type(seat) is int and 0 <= seat < PLAYERS):
            raise IllegalMove(rule("double"), f"{stake!r} is not a double or a redouble.")
        if self.stage == "burn":
            raise IllegalMove(rule("burn.no-double"), "There is no doubling in Burn.")
        if self.stage == "auction":
            raise IllegalMove(rule("double"), "No doubling during the auction: the opponents may double once "
                                              "the highest bid is known.")
        contract = self.contract
        assert contract is not None
        if not self.window:
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

    def _check_bid(self, bid: Bid) -> None:
        """Y4: a bid must outrank the highest so far; Gâm + N needs Gâm + (N − 1) earlier; a pass is final."""
        me = self.current
        if (type(bid.rank) is not int or not (bid.trump is None or type(bid.trump) is str)
                or (bid.rank, bid.trump) not in BIDS):
            raise IllegalMove(rule("bid"), f"{bid!r} is not a bid.")
        high = self.high_bid()
        if high is not None and bid.rank <= high[1].rank:
            raise IllegalMove(rule("bid.rank"), f"{BID_NAMES[bid.rank]} does not beat {BID_NAMES[high[1].rank]}: "
                                                "a bid must be higher than the highest so far.")
        if KIND[bid.rank] == "gam" and LEVEL[bid.rank] > 0:
            level = LEVEL[bid.rank]
            before = BID_NAMES[GAM_RANK[level - 1]]
            if not any(isinstance(c, Bid) and c.rank == GAM_RANK[level - 1] for _s, c in self.calls):
                raise IllegalMove(rule("bid.step"), f"{BID_NAMES[bid.rank]} may be bid only after {before} has "
                                                    "been bid in this auction.")
        assert me is not None and not self.passed & (1 << me)

    def _refuse_play(self, card: Any, problem: str) -> None:
        """Raise why ``card`` may not be played (the trick core said it may not)."""
        if type(card) is not ElementCard:
            raise IllegalMove(rule("follow"), f"{card!r} is not a card of the element deck.")
        if problem == UNDER_TRUMP:
            trump = self.contract.trump.english  # type: ignore[union-attr]
            raise IllegalMove(rule("under-trump"), f"A higher {trump} is already in the trick: you may play a "
                                                   f"lower {trump} only when you hold nothing else you may play.")
        if card not in self.hands[self.current]:  # type: ignore[index]
            raise IllegalMove(rule("follow"), f"You do not hold the {card.english}.")
        led = self.plays[0][1].element.english
        raise IllegalMove(rule("follow"), f"{led} was led and you hold {led}: you must follow with {led}.")


TEAMS = ((0, 2), (1, 3))


def bid_words(bid: Bid) -> str:
    """A bid in words: "Gâm + 1, naming Fire as trump", "Gâm, without trump", "Ry 2"."""
    name = BID_NAMES[bid.rank]
    if bid.trump is None:
        return name
    if bid.trump == NO_TRUMP:
        return f"{name}, without trump"
    return f"{name}, naming {ELEMENTS[bid.trump].english} as trump"


def call_words(call: Any) -> str:
    """A call as the auction list shows it."""
    if type(call) is Bid:
        return bid_words(call)
    if type(call) is NameTrump:
        return "no trump" if call.code == NO_TRUMP else f"{ELEMENTS[call.code].english} trumps"
    return str(call)


# ---------------------------------------------------------------- the game


class Pymtheg(Game):
    """Registry entry for Pymtheg."""

    slug = "pymtheg"
    title = "Pymtheg"
    min_players = PLAYERS
    max_players = PLAYERS
    default_players = PLAYERS
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * ACTIONS_PER_DEAL
    inputs = Inputs(cards=True, buttons=True, bids=True)

    def _start(self, *, setup: Record, rules: Rules) -> PymthegState:
        return start_state(setup, rules)

    def parse_action(self, state: Any, text: str) -> Bid | Call | Stake | NameTrump | Play:
        """Read "bid gam+1 F", "pass", "double 1", "redouble 0", "trump nt", "play F7", "stop"; a bare "double" or
        "redouble" is the first seat that may make it now (in play order from the player to move)."""
        action = parse_action(text)
        if type(action) is Stake and action.seat is None and isinstance(state, PymthegState):
            order = state.current_players
            seat = next((s for s in order if STAKES[action.word, s] in state.offers(s)), None)
            if seat is not None:
                return STAKES[action.word, seat]
        return action

    def offer_choice(self, state: PymthegState, seat: int, rng: random.Random) -> tuple[Any, str]:
        """The rule-based bot's double or redouble (``None``: it lets it pass), and why."""
        from tutor.games.pymtheg_bot import offer_choice

        return offer_choice(state, seat)

    def heuristic(self, state: PymthegState, rng: random.Random) -> tuple[Any, str]:
        """The rule-based bot's move and its reason in words (``tutor.games.pymtheg_bot``)."""
        from tutor.games.pymtheg_bot import heuristic

        return heuristic(state, rng)

    def search(self, state: PymthegState, rng: random.Random, budget: float = 0.1) -> tuple[Any, str]:
        """The search bot's move (``tutor.games.pymtheg_search``) within ``budget`` seconds, and why."""
        from tutor.games.pymtheg_search import search_choice

        return search_choice(state, rng, budget=budget)


PYMTHEG = Pymtheg()

# The moves need the state class above, so they are imported last.
from tutor.games.pymtheg_turn import _Turn, quick_play, quick_trick, start_state  # noqa: E402
