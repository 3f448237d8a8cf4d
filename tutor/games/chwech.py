"""Chwech: David Parlett's plain-trick game for six (also four, five or seven), where you may pass.

The rules are Parlett's, with his later change to aces and jokers as the
default; docs/rules.md (C1–C12) says how Gwari settles what they leave open.
Nine cards each; in a trick everyone after the leader gets one chance to play
the suit led (or a joker) or pass; the winner may lead or pass the lead, and a
player who passes the lead sits that trick out.  A deal ends by deadlock, or
when a trick in which someone played their last card is taken, and scores
cards played out × (cards won beyond a multiple of nine, or nine).  A match is
several deals, the deal passing left.  Every rule id this module emits is a
``chwech.*`` entry of the Chwech lesson.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from tutor.cards import JOKER, SUITS_BY_LETTER, BadNotation, Card, Rank, Suit, shuffled
from tutor.engine import (Event, Game, IllegalMove, Record, Result, SeatedState, SeatView, TableView, TrickView,
                          Turn, shown_to)
from tutor.games.chwech_packs import (CARD_TYPES, DEALS_BY_PLAYERS, HAND_SIZE, RED_THIRTEENS, Number, NumberCard,
                                      is_joker, pack_for, pack_words, parse_card, sort_key)
from tutor.games.chwech_scoring import deal_score, match_result, who_takes
from tutor.match import EndRule, ScoreSheet
from tutor.mechanics import deal_round_robin, read_deal
from tutor.tricks import seats_from

PREFIX = "chwech"
REVISED = "revised"
MAX_DEALS = 24  # the longest match the ``deals`` option allows, so that every match ends
# A deal's longest course: 63 cards played, each in a trick of its own with six lead passes before it and six
# passes after it, and a last round of seven lead passes (deadlock).
MAX_ACTIONS_PER_DEAL = 63 * 13 + 7
_JOKER, _THIRTEEN, _ACE = Rank.JOKER, Number.THIRTEEN, Rank.ACE  # hot-path names: rank checks are identity tests
# Seats in playing order from each seat, by table size: a trick's queue and the lead's offer are slices of these.
_ROUND = {players: tuple(seats_from(seat, players) for seat in range(players)) for players in DEALS_BY_PLAYERS}

# ---------------------------------------------------------------- rules (options)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a Chwech match, each defaulting to the rule book (docs/rules.md C5–C12)."""

    aces_jokers: Literal["revised", "original"] = REVISED
    """C7: "revised": an ace loses only when played last, a joker wins only when played last; "original": an ace is
    high or low as its player says, a joker ranks between the 7 and the 8."""
    deals: int | None = None
    """C10: how many deals the match lasts (1 to 24); left empty, the usual number for the players."""
    five_pack: Literal["no-2-3", "no-7-8"] = "no-2-3"
    """C11: which two ranks the five-player pack leaves out: the 2s and 3s, or the 7s and 8s."""
    seven_pack: Literal["five-hundred", "doubled-2-3"] = "five-hundred"
    """C12: the seven-player pack: the Five Hundred pack (with 11s, 12s and red 13s), or 52 cards with three jokers
    and a second set of 2s and 3s."""
    thirteens_jokers: bool = False
    """C12: with the Five Hundred pack, the two red 13s count as jokers."""

    def __post_init__(self) -> None:
        deals = self.deals
        if deals is not None and (type(deals) is not int or not 1 <= deals <= MAX_DEALS):
            raise ValueError(f"option deals: a match is 1 to {MAX_DEALS} deals (or None for the rule book's "
                             f"number), not {deals!r}.")
        if self.thirteens_jokers is True and self.seven_pack != "five-hundred":
            raise ValueError("option thirteens_jokers: only the Five Hundred pack has red 13s to make jokers; "
                             "choose seven_pack='five-hundred' or leave the 13s alone.")

    @property
    def revised(self) -> bool:
        """True under Parlett's revised aces and jokers (C7)."""
        return self.aces_jokers == REVISED

    def pack(self, players: int) -> tuple[Any, ...]:
        """The pack these options give ``players`` players."""
        return pack_for(players, self.five_pack, self.seven_pack)

    def deals_for(self, players: int) -> int:
        """How many deals the match lasts (C10)."""
        return self.deals or DEALS_BY_PLAYERS[players]


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; an ace may carry "high"/"low" (original rule), a led joker the suit it stands for (revised)."""

    card: Card | NumberCard
    ace: str | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        text = f"play {getattr(self.card, 'code', self.card)}"
        if self.ace:
            text += f" {self.ace}"
        if self.suit is not None:
            text += f" as {getattr(self.suit, 'letter', self.suit)}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: decline to play to this trick, or decline to lead."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
_PLAY_RE = re.compile(r"\s*play\s+(\S+)(?:\s+(high|low))?(?:\s+as\s+(\S+))?\s*", re.IGNORECASE)


def parse_action(text: str) -> Play | Pass:
    """Read "pass", "play 7S", "play AS high", "play JK as H", "play 11H"."""
    if not isinstance(text, str):
        raise IllegalMove(f"{PREFIX}.follow", f"{_shown(text)} is not a move; write e.g. 'play 7S' or 'pass'.")
    if text.strip().lower() == "pass":
        return PASS
    match = _PLAY_RE.fullmatch(text)
    if not match:
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play 7S', 'play AS high', "
                                              "'play JK as H' or 'pass'.")
    try:
        card = parse_card(match.group(1))
    except BadNotation as exc:
        raise IllegalMove(f"{PREFIX}.follow", str(exc)) from None
    suit = None
    if match.group(3):
        suit = SUITS_BY_LETTER.get(match.group(3).upper())
        if suit is None:
            raise IllegalMove(f"{PREFIX}.joker", f"{match.group(3)!r} is not a suit; write S, H, D or C.")
    return Play(card, match.group(2).lower() if match.group(2) else None, suit)


def _shown(value: Any) -> str:
    """A short repr of something that is not a move, for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Every move with every card, made once: legal moves are looked up, not built (see ``legal_actions``).
_ALL_CARDS = tuple(Card.all_cards()) + tuple(NumberCard.all_cards())
_PLAIN = {card: Play(card) for card in _ALL_CARDS}
_HIGH_LOW = {card: (Play(card, "high"), Play(card, "low")) for card in _ALL_CARDS if card.rank is Rank.ACE}
_AS_SUIT = {card: tuple(Play(card, suit=s) for s in Suit) for card in (JOKER, *RED_THIRTEENS)}

# ---------------------------------------------------------------- state


class _Position(NamedTuple):
    """The fields of a Chwech position (see ``ChwechState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Any, ...], ...]
    won: tuple[tuple[Any, ...], ...]
    dealt: tuple[int, ...]
    sheet: ScoreSheet
    dealer: int
    trick: tuple[tuple[int, Play], ...] = ()
    led: Suit | None = None
    queue: tuple[int, ...] = ()
    offer: tuple[int, ...] = ()
    sat_out: tuple[int, ...] = ()
    first_trick: bool = True
    last_card: bool = False
    events: tuple[Event, ...] = ()
    over: bool = False


class ChwechState(_Position, SeatedState):
    """A position of a Chwech match; immutable and hashable, ``apply`` returns the next one.

    ``trick`` holds (seat, play) in order; ``queue`` the seats still to act in it;
    ``offer`` the seats still to be offered the lead (the first is to move) and
    ``sat_out`` those who passed it.  ``dealt`` is each seat's hand size this deal;
    ``sheet`` the scores of the deals played so far.  A NamedTuple rather than a
    frozen dataclass: every move builds one, and a tuple of seventeen fields is built several
    times faster (measured: this is the largest single cost of a move otherwise).
    """

    __slots__ = ()

    # -- the contract

    @property
    def current(self) -> int | None:
        """Who acts: the one offered the lead, or the next in the trick; ``None`` once the match is over."""
        if self.over:
            return None
        return self.offer[0] if self.offer else self.queue[0]

    @property
    def is_over(self) -> bool:
        """True once every deal of the match is scored."""
        return self.over

    @property
    def phase(self) -> str:
        """"lead" (to lead or pass the lead), "play" (a trick is on) or "over"."""
        return "over" if self.over else "lead" if self.offer else "play"

    @property
    def leading(self) -> bool:
        """True when the player to move is to lead (or pass the lead)."""
        return bool(self.offer)

    @property
    def deal_no(self) -> int:
        """The deal being played, from 0 (after the last deal, the number of deals)."""
        return self.sheet.deals

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's score over the deals played so far."""
        return self.sheet.totals

    def legal_actions(self) -> list[Play | Pass]:
        """Every move of the player to act, each once."""
        return legal_actions(self)

    def apply(self, action: Any) -> "ChwechState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing."""
        problem = _problem(self, action)
        if problem is not None:
            raise IllegalMove(*problem)
        return _Turn(self).act(action)

    def result(self) -> Result:
        """Match totals, the winners (highest total; a tie shares the win) and each seat's deals."""
        return match_result(self.sheet)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: own hand, others' hand sizes, cards won, the trick and the score table."""
        seats = []
        totals = self.sheet.totals
        for seat, hand in enumerate(self.hands):
            note = " (sits out)" if seat in self.sat_out else ""
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (),
                                  f"won {len(self.won[seat])} · total {totals[seat]}{note}"))
        trick = None
        if self.trick:
            trick = TrickView(tuple((seat, play.card) for seat, play in self.trick), self.trick[0][0])
        return TableView(game=CHWECH.slug, has_stock=False, viewer=player, seats=tuple(seats),
                         current=self.current_player, events=self.events, status=self.status(), trick=trick,
                         scores=self.sheet.table() if self.sheet.rows else None)

    def cards(self) -> list[Any]:
        """Every card in play: hands, cards won and the trick on the table."""
        return ([c for h in self.hands for c in h] + [c for w in self.won for c in w]
                + [play.card for _, play in self.trick])

    def cards_of(self, action: Any) -> tuple[Any, ...]:
        """The card a play uses (none for a pass)."""
        return (action.card,) if isinstance(action, Play) else ()

    def candidate_actions(self, card: Any) -> list[Play]:
        """The plays a learner may try with ``card`` under these rules, legal or not (the rules then judge)."""
        if is_joker(card, self.rules.thirteens_jokers):
            return list(_AS_SUIT[card]) if self.leading and self.rules.revised else [Play(card)]
        if card.rank is Rank.ACE and not self.rules.revised:
            return list(_HIGH_LOW[card])
        return [Play(card)]

    def prompt(self, action: Any) -> str:
        """The move as an instruction to the player: "Play the 7♠", "Pass the lead"."""
        if isinstance(action, Pass):
            return "Pass the lead" if self.leading else "Pass"
        return "Play " + self._play_words(action)

    def describe(self, action: Any) -> str:
        """The move in words: "Jory plays the 7♠"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pass):
            return f"{who} passes the lead" if self.leading else f"{who} passes"
        return f"{who} plays {self._play_words(action)}"

    def status(self) -> str:
        """One line: whose move and what they may do, or who won."""
        if self.over:
            res = self.result()
            names = " and ".join(self.names[w] for w in res.winners)
            return f"Match over: {names} {'share the win' if len(res.winners) > 1 else 'wins'}."
        me = self.current
        assert me is not None
        if self.first_trick and self.leading:
            doing = "to lead"
        elif self.leading:
            doing = "to lead or pass"
        else:
            doing = f"to play or pass ({self.led.english if self.led else 'a suit'} led)"
        return f"Deal {self.deal_no + 1}: {self.names[me]} {doing}."

    def card_words(self, card: Any) -> str:
        """A card in the narration: "the 7♠", "the joker", "the 13♥ (a joker)"."""
        if card.rank is Rank.JOKER:
            return "the joker"
        if is_joker(card, self.rules.thirteens_jokers):
            return f"the {card.label} (a joker)"
        return f"the {card.label}"

    def _play_words(self, action: Play) -> str:
        card = getattr(action, "card", None)
        if type(card) not in CARD_TYPES:
            return str(action)
        if is_joker(card, self.rules.thirteens_jokers):
            return self.card_words(card) + (f" as {action.suit.english}" if isinstance(action.suit, Suit) else "")
        return f"the {card.label}" + (f" {action.ace}" if action.ace in ("high", "low") else "")

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()


# ---------------------------------------------------------------- dealing and the explicit-deal reader


def deal_hands(setup: Record, rules: Rules, dealer: int, deal_no: int) -> tuple[tuple[Any, ...], ...]:
    """A shuffled deal: the pack for the players, nine each, dealt round from the dealer's left (C1)."""
    players = setup.players
    rng = random.Random(f"{PREFIX}/{setup.seed}/{deal_no}")
    hands, _ = deal_round_robin(shuffled(rules.pack(players), rng), players, HAND_SIZE, (dealer + 1) % players)
    # French cards sort by their own order; the Five Hundred pack's numbers need the key that puts them by the 10.
    key = sort_key if players == 7 and rules.seven_pack == "five-hundred" else None
    return tuple(tuple(sorted(h, key=key)) for h in hands)


def read_hands(setup: Record, rules: Rules) -> tuple[tuple[Any, ...], ...]:
    """An explicit deal: 1 to 9 cards a hand from the players' pack, eldest able to lead (C1, C2, C6)."""
    players, deal = setup.players, setup.deal
    assert deal is not None and setup.names is not None and setup.dealer is not None
    dealt, _ = read_deal(deal, players, parse_card, rules.pack(players), rule=f"{PREFIX}.deal", piles=())
    for seat, hand in enumerate(dealt):
        if not 0 < len(hand) <= HAND_SIZE:
            raise IllegalMove(f"{PREFIX}.deal", f"deal.hands[{seat}]: a prepared hand holds 1 to {HAND_SIZE} cards, "
                                                f"not {len(hand)}.")
    eldest = (setup.dealer + 1) % players
    if not rules.revised and all(is_joker(c, rules.thirteens_jokers) for c in dealt[eldest]):
        # C2 + C6: eldest must lead the first trick, and the original rule forbids leading a joker.
        raise IllegalMove(f"{PREFIX}.joker", f"deal.hands[{eldest}]: {setup.names[eldest]} must lead the first "
                                             "trick but holds only jokers, and under the original rule a joker "
                                             "may not be led.")
    return tuple(tuple(sorted(h, key=sort_key)) for h in dealt)


# ---------------------------------------------------------------- legal actions


def legal_actions(state: ChwechState) -> list[Play | Pass]:
    """Every legal move, generated from the hand (C2, C3, C5–C7): no move is built and then tested."""
    if state.over:
        return []
    rules = state.rules
    revised, t13 = rules.aces_jokers == REVISED, rules.thirteens_jokers
    out: list[Play | Pass] = []
    prev = None
    if state.offer:
        if not state.first_trick:
            out.append(PASS)  # C3: the lead may be passed, except at the first trick (C2)
        for card in state.hands[state.offer[0]]:
            if card is prev:
                continue
            prev = card
            rank = card.rank
            if rank is _JOKER or (t13 and rank is _THIRTEEN):
                if revised:
                    out.extend(_AS_SUIT[card])  # C7: a led joker names its suit; C6: never led
            elif rank is _ACE and not revised:
                out.extend(_HIGH_LOW[card])  # C5
            else:
                out.append(_PLAIN[card])
        return out
    out.append(PASS)
    led = state.led
    joker_free = True  # C6/C7: one joker a trick
    for _, play in state.trick:
        rank = play.card.rank
        if rank is _JOKER or (t13 and rank is _THIRTEEN):
            joker_free = False
            break
    for card in state.hands[state.queue[0]]:
        if card is prev:
            continue
        prev = card
        rank = card.rank
        if rank is _JOKER or (t13 and rank is _THIRTEEN):
            if joker_free:
                out.append(_PLAIN[card])
        elif card.suit is led:  # C2: the suit led, never another
            if rank is _ACE and not revised:
                out.extend(_HIGH_LOW[card])
            else:
                out.append(_PLAIN[card])
    return out


def _problem(state: ChwechState, action: Any) -> tuple[str, str] | None:
    """Why ``action`` may not be made now, as (rule id, reason); ``None`` when it may."""
    if state.over:
        return f"{PREFIX}.match", "The match is over: no more moves."
    kind = type(action)
    if kind is Pass:
        if state.first_trick and state.offer:
            return f"{PREFIX}.lead", "The player on the dealer's left must lead the first trick; no passing."
        return None
    if kind is not Play:
        return f"{PREFIX}.follow", f"{_shown(action)} is not a move; play a card or pass."
    card, ace, suit = action.card, action.ace, action.suit
    if type(card) not in CARD_TYPES:
        return f"{PREFIX}.follow", f"{_shown(card)} is not a card; play a card of your hand or pass."
    leading = bool(state.offer)
    me = state.offer[0] if leading else state.queue[0]
    if card not in state.hands[me]:
        return f"{PREFIX}.follow", f"You do not hold the {card.english}."
    if ace is not None and (type(ace) is not str or ace not in ("high", "low")):
        return f"{PREFIX}.ace", f"An ace is declared 'high' or 'low', not {_shown(ace)}."
    if suit is not None and type(suit) is not Suit:
        return f"{PREFIX}.joker", f"A led joker names its suit as S, H, D or C, not {_shown(suit)}."
    rules = state.rules
    revised = rules.aces_jokers == REVISED
    rank = card.rank
    if rank is _JOKER or (rules.thirteens_jokers and rank is _THIRTEEN):
        if ace is not None:
            return f"{PREFIX}.ace", "Only an ace is declared high or low."
        if leading and not revised:
            return f"{PREFIX}.joker", "Under the original rule a joker may not be led."
        if leading and suit is None:
            return f"{PREFIX}.joker", f"A joker led must name the suit it stands for: e.g. 'play {card.code} as H'."
        if not leading and suit is not None:
            return f"{PREFIX}.joker", "A joker played to a trick belongs to the suit led; it names no suit."
        if any(is_joker(play.card, rules.thirteens_jokers) for _, play in state.trick):
            return f"{PREFIX}.two-jokers", "A trick may hold only one joker, and this one has one."
        return None
    if suit is not None:
        return f"{PREFIX}.joker", "Only a led joker names a suit."
    if rank is _ACE:
        if revised and ace:
            return f"{PREFIX}.ace", "Under the revised rule an ace is not declared high or low."
        if not revised and not ace:
            return f"{PREFIX}.ace", "Under the original rule say whether your ace is high or low."
    elif ace:
        return f"{PREFIX}.ace", "Only an ace is declared high or low."
    if not leading and card.suit is not state.led:
        assert state.led is not None
        return f"{PREFIX}.follow", f"Only {state.led.english} or a joker may be played to this trick (or pass)."
    return None


# ---------------------------------------------------------------- apply: one method per kind of action


class _Turn(Turn):
    """One transition: the parts of the state it changes, the events it causes, then the next state."""

    prefix = PREFIX

    def __init__(self, state: ChwechState) -> None:
        super().__init__(state)
        self.names = state.names
        self.hands = list(state.hands)
        self.won = state.won
        self.dealt = state.dealt
        self.sheet = state.sheet
        self.dealer = state.dealer
        self.trick = state.trick
        self.led = state.led
        self.queue = state.queue
        self.offer = state.offer
        self.sat_out = state.sat_out
        self.first_trick = state.first_trick
        self.last_card = state.last_card

    def act(self, action: Play | Pass) -> ChwechState:
        if self.offer:
            me = self.offer[0]
            if type(action) is Pass:
                return self.pass_lead(me)
            self.lead(me, action)
        else:
            me = self.queue[0]
            if type(action) is Pass:
                self.say("pass", f"{self.names[me]} passes.", player=me)  # C2: one chance, then gone
                self.queue = self.queue[1:]
            else:
                self.play(me, action)
        if not self.queue:
            return self.take_trick()
        return self.build()

    def remove(self, seat: int, card: Any) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1:]
        if len(hand) == 1:  # C4: the deal ends once this trick is taken
            self.last_card = True
            self.say("last-card", f"That was {self.names[seat]}'s last card: the deal ends when this trick "
                     "is taken.", player=seat)

    def lead(self, me: int, action: Play) -> None:
        card = action.card
        rank = card.rank
        if rank is _JOKER or (rank is _THIRTEEN and self.state.rules.thirteens_jokers):  # C7: it names its suit
            self.led = action.suit
            self.say("joker", f"{self.names[me]} leads {self.state.card_words(card)} as {action.suit.english}.",
                     player=me)
        else:
            self.led = card.suit
            if action.ace:
                self.say("ace", f"{self.names[me]} leads the {card.label}, {action.ace}.", player=me)
            else:
                self.say("lead", f"{self.names[me]} leads the {card.label}.", player=me)
        self.trick = ((me, action),)
        # C3: those who passed the lead (from the trick's winner on) sit this trick out.
        order = _ROUND[len(self.hands)][me]
        self.queue = order[1:order.index(self.sat_out[0])] if self.sat_out else order[1:]
        self.offer = ()
        self.first_trick = False
        self.remove(me, card)

    def play(self, me: int, action: Play) -> None:
        card = action.card
        rank = card.rank
        if rank is _JOKER or (rank is _THIRTEEN and self.state.rules.thirteens_jokers):
            led = self.led.english[:-1] if self.led else "card"
            text = (f"{self.names[me]} plays {self.state.card_words(card)}: it counts as a {led} "
                    + ("that loses unless it is the last card played." if self.state.rules.revised  # C7
                       else "between the 7 and the 8."))  # C6
            self.say("joker", text, player=me)
        elif action.ace:
            self.say("ace", f"{self.names[me]} plays the {card.label}, {action.ace}.", player=me)  # C5
        else:
            self.say("follow", f"{self.names[me]} plays the {card.label}.", player=me)
        self.trick += ((me, action),)
        self.queue = self.queue[1:]
        self.remove(me, card)

    def pass_lead(self, me: int) -> ChwechState:
        self.sat_out += (me,)
        self.offer = self.offer[1:]
        if not self.offer:  # C3: nobody leads, so the deal ends in deadlock
            self.say("deadlock", f"{self.names[me]} passes the lead too: everyone has passed, so the deal ends "
                     "in deadlock.", player=me)
            return self.end_deal()
        self.say("lead-pass", f"{self.names[me]} passes the lead and sits this trick out; "
                 f"{self.names[self.offer[0]]} may lead or pass.", player=me)
        return self.build()

    def take_trick(self) -> ChwechState:
        plays = self.trick
        count = len(plays)
        i, rule, why = who_takes(plays, self.state.rules)  # C5–C7b, C12
        seat, winning = plays[i]
        self.won = self.won[:seat] + (self.won[seat] + tuple(play.card for _, play in plays),) + self.won[seat + 1:]
        self.say(rule, f"{self.names[seat]} takes the trick ({count} card{'s' * (count != 1)}) "
                 f"with {self.state.card_words(winning.card)}, {why}; {len(self.won[seat])} won so far.", player=seat)
        self.trick, self.led, self.queue, self.sat_out = (), None, (), ()
        if self.last_card:  # C4
            return self.end_deal()
        self.offer = _ROUND[len(self.hands)][seat]  # C3: the winner may lead or pass
        return self.build()

    def end_deal(self) -> ChwechState:
        players = len(self.hands)
        scores = tuple(deal_score(len(self.won[p]), HAND_SIZE - (self.dealt[p] - len(self.hands[p])))
                       for p in range(players))  # C8, C9
        self.sheet = self.sheet.after(scores)
        lines = "; ".join(f"{self.names[p]} won {len(self.won[p])}, has {len(self.hands[p])} left: {scores[p]}"
                          for p in range(players))
        self.say("score", f"Deal {self.sheet.deals} scores — {lines}.")
        if self.sheet.is_over:  # C10
            self.say("match", match_result(self.sheet).text)
            return self.build(over=True)
        self.dealer = (self.dealer + 1) % players
        hands = deal_hands(self.state.setup, self.state.rules, self.dealer, self.sheet.deals)
        self.hands, self.won = list(hands), ((),) * players
        self.dealt = tuple(len(h) for h in hands)
        self.first_trick, self.last_card, self.trick, self.queue, self.sat_out = True, False, (), (), ()
        self.offer = ((self.dealer + 1) % players,)
        self.say("match", f"The deal passes left: {self.names[self.dealer]} deals deal {self.sheet.deals + 1}, "
                 f"and {self.names[self.offer[0]]} leads.")
        return self.build()

    def build(self, over: bool = False) -> ChwechState:
        s = self.state
        return ChwechState(s.setup, s.rules, s.names, tuple(self.hands), self.won, self.dealt, self.sheet,
                           self.dealer, self.trick, self.led, self.queue, self.offer, self.sat_out, self.first_trick,
                           self.last_card, tuple(self.events), over)


# ---------------------------------------------------------------- the game


class Chwech(Game):
    """Registry entry for Chwech."""

    slug = "chwech"
    title = "Chwech"
    min_players = 4
    max_players = 7
    default_players = 6
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * MAX_ACTIONS_PER_DEAL

    def _start(self, *, setup: Record, rules: Rules) -> ChwechState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        eldest = (dealer + 1) % players
        if setup.deal is None:
            hands = deal_hands(setup, rules, dealer, 0)
            text = (f"{names[dealer]} deals {HAND_SIZE} cards each from a {len(rules.pack(players))}-card pack; "
                    f"{names[eldest]} must lead.")
        else:
            hands = read_hands(setup, rules)
            text = f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards; {names[eldest]} must lead."
        events = (Event(f"{PREFIX}.deal", text),)
        if players != 6:  # C10–C12: the other tables' packs
            events += (Event(f"{PREFIX}.pack", pack_words(players, rules.five_pack, rules.seven_pack,
                                                          rules.thirteens_jokers)),)
        sheet = ScoreSheet(names, EndRule(deals=rules.deals_for(players)))
        return ChwechState(setup, rules, names, hands, ((),) * players, tuple(len(h) for h in hands), sheet,
                           dealer, offer=(eldest,), events=events)

    def parse_action(self, state: Any, text: str) -> Play | Pass:
        """Read "pass", "play 7S", "play AS high", "play JK as H", "play 11H"."""
        return parse_action(text)

    def heuristic(self, state: ChwechState, rng: random.Random) -> tuple[Play | Pass, str]:
        """The stronger bot's move and its reason in words (``tutor.games.chwech_bot``)."""
        from tutor.games.chwech_bot import heuristic

        return heuristic(state, rng)


CHWECH = Chwech()
