"""Pymtheg's position: the immutable state, its entry points (``legal_actions``, ``apply``), what each seat sees
(the auction, the trick, the scores), and the moves, the contract and the match's end in words.  The moves themselves
are made in ``turns.py`` (the auction's in ``auction.py``), but for the most common cards, made here in one step
(``quick_trick``, and the trick core's ``quick_lay``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.cards import Element, ElementCard
from tutor.engine import (AuctionView, Event, IllegalMove, Record, Result, ScoreTable, SeatedState, SeatView,
                          TableView, check_action, counted, shown_to)
from tutor.games.burn.rules import element, value
from tutor.games.pymtheg.moves import (CALLS, KINDS, PASS, PLAYS, READY_MADE, STOP, Bid, Call, CardPlay, NameTrump,
                                       Offence, Stake, bids_open, check, check_stake, legal_moves, may_stop, offers,
                                       refuse_play)
from tutor.games.pymtheg.rules import ELEMENTS, MALFORMED, NO_TRUMP, PLAYERS, PREFIX, TEAMS, Rules, rule
from tutor.games.pymtheg.scoring import BID_NAMES, Contract, points_words, signed
from tutor.games.pymtheg.turns import _Turn, card_event, trick_event
from tutor.match import ScoreSheet
from tutor.tricks import Trick, TrickPosition, Where, play_problem, quick_lay, quick_take, view_of, winning_index


def trump_name(trump: Element | None) -> str:
    """A trump in words: "Fire trumps" or "no trump"."""
    return "no trump" if trump is None else f"{trump.english} trumps"


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


class PymthegState(_Position, TrickPosition, SeatedState):
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

    legal_actions = legal_moves  # the moves of the player to act, each once (moves.py)

    def offers(self, seat: int) -> list[Stake]:
        """Y7: while the window is open, an opponent may double, and after a double a declarer may redouble."""
        return offers(self, seat)

    @property
    def current_players(self) -> tuple[int, ...]:
        """The seat to move, and every seat that may double or redouble now."""
        if self.current is None:
            return ()
        return (self.current,) + tuple(s for s in self.window if s != self.current)

    def bids_open(self) -> list[Bid]:
        """Y4: the bids above the highest so far; Gâm + N only once Gâm + (N − 1) has been bid in this auction."""
        return bids_open(self)

    def may_stop(self) -> bool:
        """Y14: in an open match, time may be called before a new deal's first call (not before the first deal)."""
        return may_stop(self)

    def apply(self, action: Any) -> "PymthegState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing."""
        if id(action) not in READY_MADE:  # the moves handed out are well formed; any other is checked first
            check_action(action, KINDS, MALFORMED)
            if type(action) is Call:
                action = CALLS[action.word]  # a call made elsewhere is the game's own
        if self.current is None:
            raise IllegalMove(rule("end"), "The match is over: no more moves.")
        stage = self.stage
        if type(action) is Stake:
            check_stake(self, action)
            return _Turn(self).stake(action.word, action.seat)  # type: ignore[arg-type]
        if self.window and type(action) is CardPlay and stage == "play":
            # The first card closes the doubling window (Y7); the card itself is judged as any other.
            action_state = self._replace(window=())
            after = action_state.apply(action)
            return after._replace(events=_Turn.window_closed(self) + after.events)
        if type(action) is CardPlay and (stage == "play" or stage == "burn"):
            card = action.card
            me, plays = self.current, self.plays
            hand = self.hands[me]
            trumps = self.contract.trump if stage == "play" else None  # type: ignore[union-attr]  # Burn: none
            if stage == "play" and self.rules.revoke and card in hand:
                return _Turn(self).play(card)
            if card in hand and (not plays or card.element is plays[0][1].element):
                problem = None  # a lead, or a card of the element led: always allowed (Y13)
            else:
                problem = play_problem(card, hand, plays, trumps=trumps, suit=element, value=value)
            if problem is None:
                if not self.offences:
                    if len(plays) < PLAYERS - 1:  # a card that does not complete the trick: built in one step
                        return quick_lay(self, card, card_event(self, me, card, trumps), AT)
                    if len(hand) > 1:
                        quick = quick_trick(self, card)
                        if quick is not None:
                            return quick
                return _Turn(self).play(card)
            refuse_play(self, card, problem)
        check(self, action)
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
        shown, label = self.shown_trick(element)
        trumps = self.trumps
        return TableView(game=PREFIX, viewer=player, seats=tuple(seats), current=self.current, deals=self.deal_no,
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

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses; bids, passes, doubles and naming trump use none."""
        return (action.card,) if type(action) is CardPlay else ()

    def candidate_actions(self, card: ElementCard) -> list[CardPlay]:
        """Playing ``card`` (the rules then judge whether it may go on this trick)."""
        return [PLAYS[card]] if card in PLAYS else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Bid Gâm + 1, naming Fire as trump", "Pass", "Play the Fire 7"."""
        if type(action) is CardPlay:
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
        if type(action) is CardPlay:
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
            return f"Match over: {self.winners_words()}."
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
            return f"{counted(r.rounds, 'deal')}; the higher total wins."
        if r.match == "limit":
            return f"Until a team passes {r.limit:,} up or down; the higher total wins."
        return "Until time is called; the higher total wins."

    def winners_words(self) -> str:
        """Who won the match, for the status line: "You & Jory win", "both teams share the win"."""
        labels, totals = self.sheet.columns, self.sheet.totals
        if totals[0] == totals[1]:
            return "both teams share the win"
        return f"{labels[totals.index(max(totals))]} win"

    def end_words(self) -> str:
        """Why the match was won, with the totals (the status line says who)."""
        labels, totals = self.sheet.columns, self.sheet.totals
        best = max(totals)
        if totals[0] == totals[1]:
            return f"Both teams end on {points_words(best)}: a tie."
        return (f"{labels[totals.index(best)]} have the higher total, {points_words(best)} against "
                f"{signed(min(totals))}.")


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


AT = Where.of(PymthegState)
"""Where a position keeps the fields a card changes (for the trick core's ``quick_lay`` and ``quick_take``)."""


def quick_trick(s: PymthegState, card: ElementCard) -> PymthegState | None:
    """The last card of a trick that is not the deal's last and changes nothing for a Ry or a Lon (no revoke
    possible): the trick taken and the state built in one step; ``None`` when the full move must be made."""
    me = s.current
    assert me is not None
    trumps = s.trumps
    plays = s.plays + ((me, card),)
    seat, top = plays[winning_index(plays, trumps=trumps, suit=element, value=value)]
    contract = s.contract
    if s.stage == "play" and contract.kind != "gam":  # type: ignore[union-attr]
        declarer = contract.declarer  # type: ignore[union-attr]
        if contract.kind == "ry":  # type: ignore[union-attr]
            if seat % 2 == declarer % 2:  # the bidder's trick ends a Ry; the partner's costs or ends one
                return None
        elif seat != declarer and sum(s.taken) == s.taken[declarer]:  # the first trick that loses a Lon
            return None
    fields = quick_take(s, plays, seat, AT)
    taken = list(s.taken)
    taken[seat] += 1
    fields[_TAKEN] = tuple(taken)
    fields[AT.events] = (card_event(s, me, card, trumps), trick_event(s.names, plays, seat, top, trumps))
    return _new_state(PymthegState, fields)


_TAKEN = PymthegState._fields.index("taken")
_new_state = tuple.__new__
