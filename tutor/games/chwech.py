"""Chwech: Parlett's plain-trick game for six (also four, five or seven).

Follows seed ``002_ab5bd2d6eb4db664.txt`` as settled in RULE-NOTES §3 (C1–C12).
Nine cards each; in a trick everyone after the leader gets one chance to play
the suit led (or a joker) or pass; the winner may lead or pass the lead, and a
player who passes the lead sits that trick out.  A deal ends by deadlock, or
when a trick in which someone played their last card is taken.  A deal scores
cards played out × (cards won mod 9, or 9).  Every rule id this module emits is
a ``chwech.*`` entry of ``lessons/chwech``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

from tutor.cards import FRENCH_RANKS, SUITS_BY_LETTER, BadNotation, Card, Rank, Suit, french_pack, shuffled
from tutor.engine import Event, Game, IllegalMove, Record, Result, SeatView, shown_to, TableView
from tutor.mechanics import deal_round_robin, read_deal
from tutor.tricks import seats_between, seats_from, trick_winner

PREFIX = "chwech"
REVISED, ORIGINAL = "revised", "original"

# ---------------------------------------------------------------- packs (C1, C10–C12)


def pack_for(players: int) -> tuple[Card, ...]:
    """The pack for a number of players: 36, 45, 54 or 63 cards (C1, C10–C12)."""
    if players == 4:
        return french_pack(ranks=[r for r in FRENCH_RANKS if r >= Rank.SIX])
    if players == 5:
        return french_pack(jokers=1, ranks=[r for r in FRENCH_RANKS if r >= Rank.FOUR])
    if players == 6:
        return french_pack(jokers=2)
    extra = french_pack(ranks=[Rank.TWO, Rank.THREE])
    return french_pack(jokers=3) + extra


PACKS = {n: pack_for(n) for n in (4, 5, 6, 7)}
DEALS = {4: 8, 5: 5, 6: 6, 7: 7}  # C10


def hand_size(players: int) -> int:
    """Cards per hand: the pack divided among the players (nine with every pack)."""
    return len(PACKS[players]) // players


# ---------------------------------------------------------------- scoring (C8)


def multiplier(won: int, hand_size: int = 9) -> int:
    """Cards won beyond a multiple of the hand size, or the hand size itself on an exact multiple."""
    return won % hand_size or hand_size


def deal_score(won: int, left: int, hand_size: int = 9) -> int:
    """A deal's score: cards played out (hand size − cards left) × ``multiplier(won)``."""
    if not 0 <= left <= hand_size or won < 0:
        raise ValueError(f"Cards left must be 0 to {hand_size} and cards won at least 0, not {left} and {won}.")
    return (hand_size - left) * multiplier(won, hand_size)


def deal_score_breakdown(won: int, left: int, hand_size: int = 9) -> list[str]:
    """The reasoning behind ``deal_score``, one line per step."""
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


# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with RULE-NOTES' defaults."""

    aces_jokers: str = REVISED
    """C7: "revised" (Parlett's later rule, the default) or "original" (ace high/low, joker 7½)."""
    deals: int | None = None
    """Deals in the match; None means the seed's number for the players (C10)."""

    def __post_init__(self) -> None:
        if self.aces_jokers not in (REVISED, ORIGINAL):
            raise IllegalMove(f"{PREFIX}.ace", f"aces_jokers must be 'revised' or 'original', not {self.aces_jokers!r}.")
        if self.deals is not None and (not isinstance(self.deals, int) or self.deals < 1):
            raise IllegalMove(f"{PREFIX}.match", f"deals must be a whole number of at least 1, not {self.deals!r}.")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; an ace may carry "high"/"low" (original rule), a led joker a suit (revised rule)."""

    card: Card
    ace: str | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        text = f"play {self.card.code}"
        if self.ace:
            text += f" {self.ace}"
        if self.suit is not None:
            text += f" as {self.suit.letter}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: decline to play to this trick, or decline to lead."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
_PLAY_RE = re.compile(r"\s*play\s+(\S+)(?:\s+(high|low))?(?:\s+as\s+(\S+))?\s*", re.IGNORECASE)


def parse_action(text: str) -> Play | Pass:
    """Read "pass", "play 7S", "play AS high", "play JK as H"."""
    if not isinstance(text, str):
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play 7S' or 'pass'.")
    if text.strip().lower() == "pass":
        return PASS
    match = _PLAY_RE.fullmatch(text)
    if not match:
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play 7S', 'play AS high', "
                                              "'play JK as H' or 'pass'.")
    try:
        card = Card.parse(match.group(1))
    except BadNotation as exc:
        raise IllegalMove(f"{PREFIX}.follow", str(exc)) from None
    suit = None
    if match.group(3):
        suit = SUITS_BY_LETTER.get(match.group(3).upper())
        if suit is None:
            raise IllegalMove(f"{PREFIX}.joker", f"{match.group(3)!r} is not a suit; write S, H, D or C.")
    return Play(card, match.group(2).lower() if match.group(2) else None, suit)


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class ChwechState:
    """A position of a Chwech match; immutable, ``apply`` returns the next one.

    ``trick`` holds (seat, play) in order; ``queue`` the seats still to act in it;
    ``offer`` the seats still to be offered the lead (the first is to move) and
    ``sat_out`` those who passed it.  ``dealt`` is each seat's hand size this deal.
    """

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    won: tuple[tuple[Card, ...], ...]
    dealt: tuple[int, ...]
    totals: tuple[int, ...]
    deal_no: int
    dealer: int
    trick: tuple[tuple[int, Play], ...] = ()
    led: Suit | None = None
    queue: tuple[int, ...] = ()
    offer: tuple[int, ...] = ()
    sat_out: tuple[int, ...] = ()
    first_trick: bool = True
    last_card: bool = False
    history: tuple[tuple[int, ...], ...] = ()
    events: tuple[Event, ...] = ()
    over: bool = False

    # -- the contract

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """Who acts: the next in the trick, or the one offered the lead; ``None`` once the match is over."""
        if self.over:
            return None
        return self.offer[0] if self.offer else self.queue[0]

    @property
    def is_over(self) -> bool:
        """True once every deal of the match is scored."""
        return self.over

    @property
    def leading(self) -> bool:
        """True when the player to move is to lead (or pass the lead)."""
        return bool(self.offer)

    def legal_actions(self) -> list[Play | Pass]:
        """Every move of the player to act."""
        if self.over:
            return []
        me = self.current_player
        assert me is not None
        out: list[Play | Pass] = [] if self.first_trick and self.leading else [PASS]
        for card in dict.fromkeys(self.hands[me]):
            for action in self.candidate_actions(card):
                if self._problem(action) is None:
                    out.append(action)
        return out

    def apply(self, action: Any) -> "ChwechState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalMove(*problem)
        return _Turn(self).act(action)

    def result(self) -> Result:
        """Match totals and the winners: highest total; a tie shares the win."""
        return match_result(self.totals)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: own hand, others' hand sizes, cards won, and the trick in the centre."""
        seats = []
        for seat, hand in enumerate(self.hands):
            shown = shown_to(player, seat, hand)
            note = " (sits out)" if seat in self.sat_out else ""
            seats.append(SeatView(self.names[seat], shown, (),
                                  f"won {len(self.won[seat])} · total {self.totals[seat]}{note}"))
        centre = tuple(play.card for _, play in self.trick)
        label = ""
        if self.trick:
            leader = self.trick[0][0]
            label = f"{self.names[leader]} led {self.led.english if self.led else ''}"
        return TableView(game=CHWECH.slug, has_stock=False, viewer=player, seats=tuple(seats), current=self.current_player,
                         centre=centre, centre_label=label, events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card in play: hands, cards won and the trick on the table."""
        return ([c for h in self.hands for c in h] + [c for w in self.won for c in w]
                + [play.card for _, play in self.trick])

    def action_cards(self, action: Any) -> tuple[Card, ...]:
        """The card a play uses (none for a pass)."""
        return (action.card,) if isinstance(action, Play) else ()

    def candidate_actions(self, card: Card) -> list[Play]:
        """Every play of ``card`` with each declaration it could carry, legal or not."""
        if card.rank is Rank.ACE:
            return [Play(card), Play(card, "high"), Play(card, "low")]
        if card.rank is Rank.JOKER:
            return [Play(card)] + [Play(card, suit=s) for s in Suit]
        return [Play(card)]

    def prompt(self, action: Any) -> str:
        """The move as an instruction to the player: "Play the 7♠", "Pass the lead"."""
        if isinstance(action, Pass):
            return "Pass the lead" if self.leading else "Pass"
        return "Play " + _play_words(action)

    def describe(self, action: Any) -> str:
        """The move in words: "Jory plays the 7♠"."""
        who = self.names[self.current_player] if self.current_player is not None else "Someone"
        if isinstance(action, Pass):
            return f"{who} passes the lead" if self.leading else f"{who} passes"
        return f"{who} plays {_play_words(action)}"

    def status(self) -> str:
        """One line: whose move, or who won."""
        if self.over:
            res = self.result()
            names = " and ".join(self.names[w] for w in res.winners)
            return f"Match over: {names} {'share the win' if len(res.winners) > 1 else 'wins'}."
        me = self.current_player
        assert me is not None
        doing = "to lead or pass" if self.leading else "to play or pass"
        if self.first_trick and self.leading:
            doing = "to lead"
        return f"Deal {self.deal_no + 1}: {self.names[me]} {doing}."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- checks (each names its rule)

    def _problem(self, action: Any) -> tuple[str, str] | None:
        if self.over:
            return f"{PREFIX}.match", "The match is over: no more moves."
        me = self.current_player
        assert me is not None
        if isinstance(action, Pass):
            if self.first_trick and self.leading:
                return f"{PREFIX}.lead", "The player on the dealer's left must lead the first trick; no passing."
            return None
        if not isinstance(action, Play) or not isinstance(action.card, Card):
            return f"{PREFIX}.follow", f"{action!r} is not a move; play a card or pass."
        card, revised = action.card, self.rules.aces_jokers == REVISED
        if card not in self.hands[me]:
            return f"{PREFIX}.follow", f"You do not hold {card.english}."
        if action.ace is not None and action.ace not in ("high", "low"):
            return f"{PREFIX}.ace", f"An ace is declared 'high' or 'low', not {action.ace!r}."
        if card.rank is Rank.ACE:
            if action.suit is not None:
                return f"{PREFIX}.joker", "Only a led joker names a suit."
            if revised and action.ace:
                return f"{PREFIX}.ace", "Under the revised rule an ace is not declared high or low."
            if not revised and not action.ace:
                return f"{PREFIX}.ace", "Under the original rule say whether your ace is high or low."
        elif action.ace:
            return f"{PREFIX}.ace", "Only an ace is declared high or low."
        elif card.rank is Rank.JOKER:
            if self.leading and not revised:
                return f"{PREFIX}.joker", "Under the original rule a joker may not be led."
            if self.leading and action.suit is None:
                return f"{PREFIX}.joker", "A joker led must name the suit it stands for: e.g. 'play JK as H'."
            if not self.leading and action.suit is not None:
                return f"{PREFIX}.joker", "A joker played to a trick belongs to the suit led; it names no suit."
            if any(play.card.rank is Rank.JOKER for _, play in self.trick):
                return f"{PREFIX}.two-jokers", "A trick may hold only one joker, and this one has one."
        elif action.suit is not None:
            return f"{PREFIX}.joker", "Only a led joker names a suit."
        if not self.leading and card.rank is not Rank.JOKER and card.suit is not self.led:
            assert self.led is not None
            return f"{PREFIX}.follow", f"Only {self.led.english} or a joker may be played to this trick (or pass)."
        return None


def _play_words(action: Play) -> str:
    card = action.card
    if card.rank is Rank.JOKER:
        return "the joker" + (f" as {action.suit.english}" if action.suit else "")
    return f"the {card.label}" + (f" {action.ace}" if action.ace else "")


# ---------------------------------------------------------------- trick power (C5–C7, C12)


def card_power(play: Play, index: int, count: int, rules: Rules) -> float:
    """How strongly a play ranks in a finished trick of ``count`` cards, where it came ``index``-th."""
    rank = play.card.rank
    if rules.aces_jokers == ORIGINAL:
        if rank is Rank.ACE:
            return 14 if play.ace == "high" else 1
        return 7.5 if rank is Rank.JOKER else int(rank)
    last = index == count - 1 and count > 1  # C7b: a lone card is never "last" against itself
    if rank is Rank.JOKER:
        return 100 if last else 0  # C7a: a last joker beats even an ace
    if rank is Rank.ACE:
        return -1 if last else 50
    return int(rank)


def trick_rule(plays: tuple[tuple[int, Play], ...], winner: int, rules: Rules) -> str:
    """The rule that decided a trick, for the narration."""
    if len(plays) == 1:
        return f"{PREFIX}.one-card"
    card = plays[winner][1].card
    if rules.aces_jokers == REVISED:
        if card.rank is Rank.JOKER or any(p.card.rank is Rank.ACE for _, p in plays):
            return f"{PREFIX}.joker-last" if card.rank is Rank.JOKER else f"{PREFIX}.ace-last"
    if any(p.card == card for _, p in plays[:winner]) or any(p.card == card for _, p in plays[winner + 1:]):
        return f"{PREFIX}.equal"
    return f"{PREFIX}.trick"


# State fields a transition copies, changes in place and writes back (hands, won and events are rebuilt).
_CARRIED = ("trick", "led", "queue", "offer", "sat_out", "first_trick", "last_card", "totals", "history",
            "dealt", "deal_no", "dealer")


class _Turn:
    """Scratch space for one transition, then a new state."""

    trick: tuple[tuple[int, Play], ...]
    led: Suit | None
    queue: tuple[int, ...]
    offer: tuple[int, ...]
    sat_out: tuple[int, ...]
    first_trick: bool
    last_card: bool
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    dealt: tuple[int, ...]
    deal_no: int
    dealer: int

    def __init__(self, state: ChwechState) -> None:
        self.s = state
        self.names = state.names
        self.hands = list(state.hands)
        self.won = list(state.won)
        self.events: list[Event] = []
        for name in _CARRIED:
            setattr(self, name, getattr(state, name))

    def say(self, rule: str, text: str, player: int | None = None) -> None:
        self.events.append(Event(f"{PREFIX}.{rule}", text, player=player))

    def act(self, action: Play | Pass) -> ChwechState:
        me = self.s.current_player
        assert me is not None
        if isinstance(action, Pass):
            if self.offer:
                return self.pass_lead(me)
            self.say("pass", f"{self.names[me]} passes.", me)
            self.queue = self.queue[1:]
        elif self.offer:
            self.lead(me, action)
        else:
            self.play(me, action)
        if not self.queue:
            return self.take_trick()
        return self.build()

    def remove(self, seat: int, card: Card) -> None:
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)
        if not hand:
            self.last_card = True
            self.say("last-card", f"That was {self.names[seat]}'s last card: the deal ends when this trick "
                     "is taken.", seat)

    def lead(self, me: int, action: Play) -> None:
        card = action.card
        self.led = action.suit if card.rank is Rank.JOKER else card.suit
        if card.rank is Rank.JOKER:
            self.say("joker", f"{self.names[me]} leads the joker as {self.led.english}.", me)
        elif card.rank is Rank.ACE and action.ace:
            self.say("ace", f"{self.names[me]} leads the {card.label}, {action.ace}.", me)
        else:
            self.say("lead", f"{self.names[me]} leads the {card.label}.", me)
        self.trick = ((me, action),)
        # C3: those who passed the lead (from the trick's winner on) sit this trick out.
        self.queue = (seats_between(me, self.sat_out[0], self.s.players) if self.sat_out
                      else seats_from(me, self.s.players, include=False))
        self.offer = ()
        self.first_trick = False
        self.remove(me, card)

    def play(self, me: int, action: Play) -> None:
        card = action.card
        if card.rank is Rank.JOKER:
            text = (f"{self.names[me]} plays the joker: it counts as a {self.led.english[:-1]} "
                    + ("between the 7 and the 8." if self.s.rules.aces_jokers == ORIGINAL
                       else "that loses unless it is the last card played."))
            self.say("joker", text, me)
        elif card.rank is Rank.ACE and action.ace:
            self.say("ace", f"{self.names[me]} plays the {card.label}, {action.ace}.", me)
        else:
            self.say("follow", f"{self.names[me]} plays the {card.label}.", me)
        self.trick += ((me, action),)
        self.queue = self.queue[1:]
        self.remove(me, card)

    def pass_lead(self, me: int) -> ChwechState:
        self.sat_out += (me,)
        self.offer = self.offer[1:]
        if not self.offer:
            self.say("deadlock", f"{self.names[me]} passes the lead too: everyone has passed, so the deal ends "
                     "in deadlock.", me)
            return self.end_deal()
        self.say("lead-pass", f"{self.names[me]} passes the lead and sits this trick out; "
                 f"{self.names[self.offer[0]]} may lead or pass.", me)
        return self.build()

    def take_trick(self) -> ChwechState:
        plays = self.trick
        rules = self.s.rules
        i = trick_winner(plays, lambda k, play: card_power(play, k, len(plays), rules))
        seat, winning = plays[i]
        rule = trick_rule(plays, i, rules)
        why = {
            f"{PREFIX}.one-card": "the only card in it",
            f"{PREFIX}.joker-last": "the joker played last",
            f"{PREFIX}.ace-last": "the ace, which wins unless it is played last",
            f"{PREFIX}.equal": "the first of the equal cards",
            f"{PREFIX}.trick": "the highest card",
        }[rule]
        if rule == f"{PREFIX}.ace-last" and winning.card.rank is not Rank.ACE:
            why = "the highest card, since an ace played last loses"
        label = "the joker" if winning.card.rank is Rank.JOKER else f"the {winning.card.label}"
        self.won[seat] = self.won[seat] + tuple(play.card for _, play in plays)
        n = len(plays)
        self.say(rule[len(PREFIX) + 1:], f"{self.names[seat]} takes the trick ({n} card{'s' * (n != 1)}) "
                 f"with {label}, {why}; {len(self.won[seat])} won so far.", seat)
        self.trick, self.led, self.queue, self.sat_out = (), None, (), ()
        if self.last_card:
            return self.end_deal()
        self.offer = seats_from(seat, self.s.players)
        return self.build()

    def end_deal(self) -> ChwechState:
        size = hand_size(self.s.players)
        scores = []
        for seat in range(self.s.players):
            played = self.dealt[seat] - len(self.hands[seat])
            scores.append(deal_score(len(self.won[seat]), size - played, size))
        self.totals = tuple(t + s for t, s in zip(self.totals, scores))
        self.history += (tuple(scores),)
        lines = "; ".join(f"{self.names[p]} won {len(self.won[p])}, has {len(self.hands[p])} left: {scores[p]}"
                          for p in range(self.s.players))
        self.say("score", f"Deal {self.deal_no + 1} scores — {lines}.")
        deals = self.s.rules.deals or DEALS[self.s.players]
        if self.deal_no + 1 >= deals:
            res = match_result(self.totals)
            self.events.append(Event(res.rule, res.text.format(*self.names)))
            return self.build(over=True)
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.s.players
        hands = deal_hands(self.s.setup, self.s.players, self.dealer, self.deal_no)
        self.hands, self.won = list(hands), [()] * self.s.players
        self.dealt = tuple(len(h) for h in hands)
        self.first_trick, self.last_card, self.trick, self.queue, self.sat_out = True, False, (), (), ()
        self.offer = ((self.dealer + 1) % self.s.players,)
        self.say("match", f"The deal passes left: {self.names[self.dealer]} deals deal {self.deal_no + 1}, "
                 f"and {self.names[self.offer[0]]} leads.")
        return self.build()

    def build(self, over: bool = False) -> ChwechState:
        return replace(self.s, hands=tuple(self.hands), won=tuple(self.won), events=tuple(self.events), over=over,
                       **{name: getattr(self, name) for name in _CARRIED})


def match_result(totals: tuple[int, ...]) -> Result:
    """Highest total wins; equal highest totals share the win.  ``text`` names seats as ``{0}``, ``{1}``…"""
    best = max(totals)
    winners = tuple(seat for seat, t in enumerate(totals) if t == best)
    names = " and ".join(f"{{{w}}}" for w in winners)
    if len(winners) == 1:
        return Result(totals, winners, f"{PREFIX}.match", f"The match is over: {names} wins with {best}.")
    return Result(totals, winners, f"{PREFIX}.match", f"The match is over: {names} share the win with {best} each.")


def deal_hands(setup: Record, players: int, dealer: int, deal_no: int) -> tuple[tuple[Card, ...], ...]:
    """A shuffled deal: the pack for the players, dealt round from the dealer's left."""
    rng = random.Random(f"{PREFIX}/{setup.seed}/{deal_no}")
    pack = shuffled(PACKS[players], rng)
    hands, _ = deal_round_robin(pack, players, hand_size(players), (dealer + 1) % players)
    return tuple(tuple(sorted(h)) for h in hands)


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
    max_actions = 9_000

    def _start(self, *, setup: Record, rules: Rules) -> ChwechState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        if setup.deal is None:
            hands = deal_hands(setup, players, dealer, 0)
            text = (f"{names[dealer]} deals {hand_size(players)} cards each from a {len(PACKS[players])}-card pack; "
                    f"{names[(dealer + 1) % players]} must lead.")
        else:
            dealt, _ = read_deal(setup.deal, players, Card.parse, PACKS[players], rule=f"{PREFIX}.deal", piles=())
            if any(not 0 < len(h) <= hand_size(players) for h in dealt):
                raise IllegalMove(f"{PREFIX}.deal", f"A prepared hand holds 1 to {hand_size(players)} cards.")
            hands = tuple(tuple(sorted(h)) for h in dealt)
            text = f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards; " \
                   f"{names[(dealer + 1) % players]} must lead."
        zeros = (0,) * players
        return ChwechState(setup, rules, names, hands, ((),) * players, tuple(len(h) for h in hands), zeros, 0,
                           dealer, offer=((dealer + 1) % players,), events=(Event(f"{PREFIX}.deal", text),))

    def parse_action(self, state: Any, text: str) -> Play | Pass:
        """Read "pass", "play 7S", "play AS high", "play JK as H"."""
        return parse_action(text)

    def heuristic(self, state: ChwechState, rng: random.Random) -> tuple[Play | Pass, str]:
        """The stronger bot's move and its reason in words (``tutor.games.chwech_bot``)."""
        from tutor.games.chwech_bot import heuristic

        return heuristic(state, rng)


CHWECH = Chwech()
