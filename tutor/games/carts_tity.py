"""Cârts Tîty ("crazy cards"): a shedding game of the Mau-Mau family with the element deck.

The rules, and how Gwari settles what the rule book leaves open, are in
docs/rules.md (notes T1–T13).  Eight cards each; play a card of the same value
or element as the pile's top card, or a *follow-up* (one above or below, any
element), or draw one.  A follow-up makes the next player draw 2 unless they
answer with a follow-up too (4, 6, 8, 10; past 10 the chain breaks); a
follow-up of the same element makes them miss the turn instead.  A player may
swap the whole hand three times a game.  Options: the 16 rule, the last card
(announced with the ``last card`` move, which a player can forget), overflow
past 25 cards, doubling chains, and scoring over several rounds.  Every rule
id this module emits is a ``carts.*`` entry of the Cârts Tîty lesson.

The game is split by concern, each module importing only those before it:
``carts_tity_rules`` (constants, ``Rules``, actions and their words, the
fields of a position, pure scoring), ``carts_tity_deal`` (shuffles, the deal,
explicit deals), ``carts_tity_turn`` (``_Turn``, the full transition), and this
module (the state with its quick moves, the registration ``CARTS``), which
re-exports every name of the others.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.cards import ElementCard, element_pack
from tutor.engine import (Event, Game, IllegalMove, Pile, Record, Result, ScoreTable, SeatedState, SeatView,
                          TableView, shown_to)
# Each line names every name of its module, so they stay importable from here.
from tutor.games.carts_tity_rules import (
    _ALL, _FOLLOWS, _LAST_WORDS, _MATCHES, _PLAY_OF, _WORDS, CALL, CHAIN_CAP, CHAIN_STEP, DRAW, FOLLOW, FORGOT,
    FORGOT_MORE, FORGOT_OVER, HAND, MATCH, MAX_PLAYERS, MAX_ROUNDS, OUT_POINTS, OVERFLOW, PAYS, PER_DECK, PLAY_WORDS,
    PLAYS, PREFIX, R, R_CHAIN, R_CHAIN_DOUBLE, R_CHAIN_DRAW, R_CHAIN_SKIP, R_DRAW, R_FOLLOW, R_PLAY, ROUND_LIMIT,
    SAME_FOLLOW, SIXTEEN, SIXTEENS, SKIP, SURVIVOR_PLAYERS, SURVIVOR_POINTS, SWAP, SWAP_MIN, SWAPS, VOID_AT, Action,
    Call, Draw, PayChain, Play, RoundScore, Rules, Skip, Swap, _new, _Position, _Words, cards_word, chain_words,
    decks_for, parse_action, play_words, score_round, words_at)
from tutor.games.carts_tity_deal import _seat_numbers, deal_from, read_carts_deal, shuffler
from tutor.games.carts_tity_turn import _Turn
from tutor.match import EndRule, ScoreSheet


# ---------------------------------------------------------------- state


class CartsState(_Position, SeatedState):
    """A position of Cârts Tîty; immutable and hashable, ``apply`` returns the next one.

    A named tuple rather than a frozen dataclass: one is made for every move.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is CartsState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    # -- the contract

    def legal_actions(self) -> list[Action]:
        """The moves of the player to move: plays, a draw, a chain to pay or answer, a swap, the announcement."""
        (_, rules, _, decks, hands, stock, pile, me, chain, chain_same, swaps, _, called, _, _, _, _, _, _, _, _, _,
         _, _) = self
        if me is None:
            return []
        hand = hands[me]
        if chain:  # T4, T7: answer with a follow-up, or pay
            legal = list(map(_PLAY_OF, filter(_FOLLOWS[pile[-1]], hand)))
            if chain_same:
                legal.append(SKIP)
            else:  # T10: a player holding one card pays one more
                cost = chain + 1 if len(hand) == 1 and rules.last_card else chain
                legal.append(PAYS.get(cost) or PayChain(cost))
        else:
            legal = list(map(_PLAY_OF, filter(_MATCHES[pile[-1]], hand)))
            if stock or len(pile) > 1 or not legal:  # T3; with nothing to draw, only a stuck player passes
                legal.append(DRAW)
            if len(hand) >= SWAP_MIN and swaps[me]:
                legal.append(SWAP)
        if len(hand) == 2 and rules.last_card and not called[me]:
            legal.append(CALL)
        if decks > 1:
            legal = list(dict.fromkeys(legal))
        return legal

    def apply(self, action: Any) -> "CartsState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing.

        A play (T2, T4, T7) is made here, quickly, when it passes the turn on without a chain breaking or a
        held last card changing what the chain costs; otherwise ``_Turn.play`` makes it.
        """
        kind = type(action)
        if kind is not Play or self.current is None:
            if kind is Draw:
                return self._draw(action)
            if kind is PayChain or kind is Skip:
                return self._pay(action)
            return self._apply_other(action)
        (setup, rules, names, decks, hands, stock, pile, me, chain, _, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        card = action.card
        hand = hands[me]
        top = pile[-1]
        follows = FOLLOW[top]
        if type(card) is not ElementCard or card not in (follows if chain else MATCH[top]) or card not in hand:
            raise self._refusal(action)
        if not 2 < len(hand) <= OVERFLOW + 1 or due >= 0 or True in called or moves + 1 >= ROUND_LIMIT:
            return _Turn(self).play(me, card)
        nxt = me + 1 if me + 1 < len(hands) else 0
        if out[nxt] or owes[nxt]:
            return _Turn(self).play(me, card)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        events = table.play(me, card, top)
        if card in follows:  # T4, T7: a follow-up
            doubles = bool(chain) and rules.chain_doubles
            same = card in SAME_FOLLOW[top]
            # The chain breaks (T4), or a last card held changes what it costs (T10; a player who is out
            # holds no cards, so "1 in" looks only at the players still in).
            if (chain * 2 if doubles else chain + CHAIN_STEP) > CHAIN_CAP or rules.last_card and (
                    len(hands[nxt]) == 1 or same and 1 in map(len, hands)):
                return _Turn(self).play(me, card)
            count, event = table.chain(me, chain, doubles, same, nxt)
            events += (event,)
        else:
            if rules.sixteen and card in SIXTEENS[top]:
                return _Turn(self).play(me, card)
            count, same = 0, False
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]
        # The hands with this one replaced (the two-player table directly: the most common, and quickest).
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        return _new(CartsState, (setup, rules, names, decks, new, stock, pile + (card,), nxt, count, same,
                                 swaps, owes, called, -1, out, False, 0, moves + 1, round_no, dealer, shuffles, sheet,
                                 None, events))

    def _apply_other(self, action: Any) -> "CartsState":
        """The state after a swap or the announcement (or a refusal)."""
        me = self.current
        kind = type(action)
        if me is not None:
            if kind is Swap:
                if not self.chain and len(self.hands[me]) >= SWAP_MIN and self.swaps[me]:
                    return _Turn(self).swap(me)
            elif kind is Call:
                if len(self.hands[me]) == 2 and self.rules.last_card and not self.called[me]:
                    return _Turn(self).call(me)
        raise self._refusal(action)

    def _draw(self, action: Draw) -> "CartsState":
        """T3: drawing a card (checked here); quick from a stock that has one, the turn passing on."""
        (setup, rules, names, decks, hands, stock, pile, me, chain, _, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        if me is None or chain or not (stock or len(pile) > 1 or not self._plays(me)):
            raise self._refusal(action)
        hand = hands[me]
        if not stock or len(hand) >= OVERFLOW or due >= 0 or True in called or moves + 1 >= ROUND_LIMIT:
            return _Turn(self).draw_one(me)
        nxt = me + 1 if me + 1 < len(hands) else 0
        if out[nxt] or owes[nxt]:
            return _Turn(self).draw_one(me)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        hand += stock[:1]
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        events = table.draw[me]
        return _new(CartsState, (setup, rules, names, decks, new,
                                 stock[1:], pile, nxt, 0, False, swaps, owes, called, -1, out, False, 0, moves + 1,
                                 round_no, dealer, shuffles, sheet, None, events))

    def _pay(self, action: PayChain | Skip) -> "CartsState":
        """T4, T6, T7: paying a chain (checked here), its cards or the missed turn; quick when the stock can pay
        and the turn passes on, otherwise ``_Turn.pay`` or ``_Turn.skip``."""
        (setup, rules, names, decks, hands, stock, pile, me, chain, same, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        if me is None or not chain or same is not (type(action) is Skip):
            raise self._refusal(action)
        hand = hands[me]
        held = len(hand)
        if not same and action.count != (chain + 1 if held == 1 and rules.last_card else chain):  # T10
            raise self._refusal(action)
        cost = 0 if same else chain
        nxt = me + 1 if me + 1 < len(hands) else 0
        if len(stock) < cost or not 2 <= held <= OVERFLOW - cost or rules.penalised_plays or due >= 0 \
                or True in called or moves + 1 >= ROUND_LIMIT or out[nxt] or owes[nxt]:
            return _Turn(self).skip(me) if same else _Turn(self).pay(me)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        if same:
            events = table.skip[me]
        else:
            hand = hand + stock[:cost]
            stock = stock[cost:]
            events = table.pay(me, cost)
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        return _new(CartsState, (setup, rules, names, decks, new, stock, pile, nxt, 0, False, swaps, owes,
                                 called, -1, out, False, 0, moves + 1, round_no, dealer, shuffles, sheet, None,
                                 events))

    def result(self) -> Result:
        """Points per seat (the round's, or the match totals with scoring), the winners, and the scoring by line."""
        last = self.last
        if self.sheet is None:
            if last is None:
                return Result((0,) * self.players, (), R["win"], "The round is not over yet.")
            return Result(last.points, last.winners, R["win"], self._end_words(), breakdown=last.lines)
        sheet = self.sheet
        winners = sheet.leaders() if sheet.rows else ()
        lines = tuple(f"{label}: " + ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(row))
                      for label, row in self._score_table().rows)
        lines += ("Totals: " + ", ".join(f"{self.names[s]} {t}" for s, t in enumerate(sheet.totals)),)
        return Result(sheet.totals, winners, R["match"], self._end_words(), breakdown=lines)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the others' counts and markers, the stock, the pile's top card."""
        seats = tuple(SeatView(self.names[seat], shown_to(player, seat, tuple(sorted(hand))), (),
                               self._seat_info(seat)) for seat, hand in enumerate(self.hands))
        label = "Pile"
        if self.chain:
            label += (" · chain: miss a turn" if self.chain_same else f" · chain: draw {self.chain}")
        return TableView(game=CARTS.slug, viewer=player, seats=seats, current=self.current, stock=len(self.stock),
                         events=self.events, status=self.status(),
                         piles=(Pile(label, self.pile, top_only=True),),
                         scores=self._score_table() if self.sheet is not None else None)

    def cards(self) -> list[ElementCard]:
        """Every card of the game: hands (an overflowed player's too), stock and pile."""
        return [c for hand in self.hands for c in hand] + list(self.stock) + list(self.pile)

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses; the other moves (drawing, swapping, the announcement) use no chosen card."""
        return (action.card,) if type(action) is Play else ()

    def candidate_actions(self, card: Any) -> list[Play]:
        """Playing ``card`` (the rules then judge whether it may go on the pile)."""
        return [PLAYS[card]] if type(card) is ElementCard else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Play Fire 7", "Draw 4 cards", "Say “Last card!”"."""
        kind = type(action)
        if kind is Play:
            return f"Play {action.card.english}"
        if kind is Draw:
            return "Draw a card"
        if kind is PayChain:
            return f"Draw {cards_word(action.count)}"
        if kind is Skip:
            return "Miss your turn"
        if kind is Swap:
            left = self.swaps[self.current] if self.current is not None else 0
            return f"Swap your whole hand ({left} swap{'s' * (left != 1)} left)"
        return "Say “Last card!”"

    def describe(self, action: Any) -> str:
        """The move in the third person: "Pol plays Fire 7"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        kind = type(action)
        if kind is Play:
            return f"{who} plays {action.card.english}"
        if kind is Draw:
            return f"{who} draws a card"
        if kind is PayChain:
            return f"{who} draws {cards_word(action.count)}"
        if kind is Skip:
            return f"{who} misses the turn"
        if kind is Swap:
            return f"{who} swaps the whole hand"
        return f"{who} says “Last card!”"

    def status(self) -> str:
        """One line: whose move and what is pending, the markers (misses a turn, last card), or who won."""
        if self.current is None:
            return "Game over: " + self._end_words()
        me = self.names[self.current]
        top = self.pile[-1].english
        if self.chain and self.chain_same:
            line = f"{me} must miss the turn or answer {top} with a follow-up."
        elif self.chain:
            line = f"{me} must draw {self._chain_cost(self.current)} or answer {top} with a follow-up."
        elif self.extra:
            line = f"{me} has an extra turn: play on {top}."
        else:
            line = f"{me} to play on {top}."
        marks = [f"{self.names[s]} misses the next turn" for s, owed in enumerate(self.owes) if owed]
        marks += [f"{self.names[s]}: Last card!" for s, c in enumerate(self.called) if c and len(self.hands[s]) == 1]
        if self.due >= 0:
            marks.append(f"{self.names[self.due]} has one card and did not say so")
        if self.sheet is not None:
            line = f"Round {self.round_no + 1}: " + line
        return line + ("" if not marks else " " + "; ".join(marks) + ".")

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- helpers

    def _score_table(self) -> ScoreTable:
        """The running scores, a row per round (totals a prepared deal brought are "Earlier rounds")."""
        assert self.sheet is not None
        table = self.sheet.table(label="Round")
        if not (self.setup.deal and self.setup.deal.get("scores") is not None) or not table.rows:
            return table
        rows = (("Earlier rounds", table.rows[0][1]),) + tuple(
            (f"Round {i}", row) for i, (_label, row) in enumerate(table.rows[1:], start=1))
        return ScoreTable(table.columns, rows, table.totals, table.note)

    def _plays(self, seat: int) -> bool:
        ok = FOLLOW[self.pile[-1]] if self.chain else MATCH[self.pile[-1]]
        return any(c in ok for c in self.hands[seat])

    def _chain_cost(self, seat: int) -> int:
        """What the pending chain costs ``seat``: its count, one more for a player holding one card (T10)."""
        extra = self.rules.last_card and len(self.hands[seat]) == 1
        return self.chain + extra

    def _seat_info(self, seat: int) -> str:
        if self.out[seat]:
            return "out: more than 25 cards"
        parts = [f"{self.swaps[seat]} swap{'s' * (self.swaps[seat] != 1)} left"]
        if self.owes[seat]:
            parts.append("misses the next turn")
        if self.called[seat] and len(self.hands[seat]) == 1:
            parts.append("Last card!")
        elif self.due == seat:
            parts.append("one card, not announced")
        if seat == self.current and self.extra:
            parts.append("extra turn")
        return " · ".join(parts)

    def _end_words(self) -> str:
        if self.sheet is not None:
            if not self.sheet.rows:
                return "no round has been scored yet."
            best = self.sheet.leaders()
            who = " and ".join(self.names[s] for s in best)
            low = self.sheet.totals[best[0]]
            return f"{who} {'share the win' if len(best) > 1 else 'wins'} with the lowest total, {low}."
        if self.last is None:
            return "the round is not over yet."
        winners = self.last.winners
        who = " and ".join(self.names[s] for s in winners)
        return f"{who} {'share the win' if len(winners) > 1 else 'wins'}."

    # -- refusals (each names its rule)

    def _refusal(self, action: Any) -> IllegalMove:
        me = self.current
        if me is None:
            return IllegalMove(R["win"], "The game is over: no more moves.")
        kind = type(action)
        hand = self.hands[me]
        if kind is Play:
            card = action.card
            if type(card) is not ElementCard:
                return IllegalMove(R["play"], f"{card!r} is not a card of the element deck.")
            if card not in hand:
                return IllegalMove(R["play"], f"You do not hold {card.english}.")
            top = self.pile[-1]
            if self.chain:
                values = " or ".join(str(v) for v in (top.value - 1, top.value + 1) if 1 <= v <= 15)
                return IllegalMove(R["chain"], f"A chain is waiting: answer {top.english} with a follow-up (a "
                                               f"{values}), or {'miss your turn' if self.chain_same else 'draw'}.")
            if {card.value, top.value} == {1, 15}:
                return IllegalMove(R["follow-up"], "15 and 1 are not neighbours: a follow-up to 15 is a 14, "
                                                   "and to 1 a 2.")
            return IllegalMove(R["play"], f"{card.english} does not go on {top.english}: play the same value, "
                                          "the same element, or one above or below.")
        if kind is Draw:
            if self.chain:
                return IllegalMove(R["chain"], "A chain is waiting: answer it with a follow-up, or "
                                               f"{'miss your turn' if self.chain_same else 'draw its cards'}.")
            return IllegalMove(R["draw"], "There is nothing left to draw, and you can play a card: play it.")
        if kind is PayChain:
            if not self.chain or self.chain_same:
                what = "it costs a missed turn, not cards" if self.chain else "there is no chain to pay"
                return IllegalMove(R["chain.draw"], f"You cannot draw {action.count!r} now: {what}.")
            return IllegalMove(R["chain.draw"], f"The chain costs you {cards_word(self._chain_cost(me))}, "
                                                f"not {action.count!r}.")
        if kind is Skip:
            return IllegalMove(R["chain.skip"], "You miss a turn only when a follow-up of the same element "
                                                "was played on you.")
        if kind is Swap:
            if self.chain:
                return IllegalMove(R["swap"], "A chain is waiting: answer it or pay it; you cannot swap now.")
            if not self.swaps[me]:
                return IllegalMove(R["swap"], f"You have already swapped your hand {SWAPS} times this round.")
            return IllegalMove(R["swap"], f"You may swap your hand only with {SWAP_MIN} cards or more; "
                                          f"you have {len(hand)}.")
        if kind is Call:
            if not self.rules.last_card:
                return IllegalMove(R["last-card"], "This game is played without announcing the last card.")
            if self.called[me]:
                return IllegalMove(R["last-card"], "You have already said it.")
            return IllegalMove(R["last-card"], "Say “Last card!” when you hold two cards and are about to play "
                                               f"one; you hold {len(hand)}.")
        return IllegalMove(R["play"], f"{action!r} is not a move of Cârts Tîty.")


# ---------------------------------------------------------------- the game


class CartsTity(Game):
    """Registry entry for Cârts Tîty."""

    slug = "carts-tity"
    title = "Cârts Tîty"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 3
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ROUNDS * ROUND_LIMIT

    def _start(self, *, setup: Record, rules: Rules) -> CartsState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        decks = decks_for(players)
        pack = element_pack(decks)
        first = (dealer + 1) % players
        events = []
        out = (False,) * players
        scores = None
        if setup.deal is None:
            cards = list(pack)
            shuffler(setup.seed, 0).shuffle(cards)
            hands, stock, pile = deal_from(cards, players, first)
            swaps = (SWAPS,) * players
            events.append(Event(R["deal"], f"{names[dealer]} deals {HAND} cards each and turns up "
                                           f"{pile[-1].english} to start the pile; {names[first]} starts."))
        else:
            hands, stock, pile, first, swaps, out, scores = read_carts_deal(setup.deal, players, pack, first,
                                                                             rules.scoring)
            events.append(Event(R["deal"], f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards in "
                                           f"the hands, {len(stock)} in the stock, {pile[-1].english} on top of "
                                           f"the pile; {names[first]} starts."))
        if decks > 1:
            events.append(Event(R["decks"], f"{players} players: {decks} element decks are shuffled together, "
                                            f"{decks * len(_ALL)} cards."))
        sheet = None
        if rules.scoring:
            # Totals carried by a prepared deal are one more row on the sheet, before this match's rounds.
            carried = scores is not None
            end = EndRule(deals=rules.rounds + carried if rules.rounds else None,
                          target=None if rules.rounds else rules.target, lowest_wins=True)
            sheet = ScoreSheet(tuple(names), end)
            if scores is not None:
                sheet = sheet.after(scores)
        no = (False,) * players
        return CartsState(setup, rules, tuple(names), decks, hands, tuple(stock), tuple(pile), first, 0,
                          False, swaps, no, no, -1, out, False, 0, 0, 0, dealer, 0, sheet, None, tuple(events))

    def parse_action(self, state: Any, text: str) -> Action:
        """Read "play F7", "draw", "draw 4", "skip", "swap", "last card"."""
        return parse_action(text)

    def heuristic(self, state: CartsState, rng: random.Random) -> tuple[Action, str]:
        """The rule-based bot's move and its reason in words (``tutor.games.carts_tity_bot``)."""
        from tutor.games.carts_tity_bot import heuristic

        return heuristic(state, rng)

    def search(self, state: CartsState, rng: random.Random) -> tuple[Action, str]:
        """The expert bot: each move tried in games imagined to the end of the round (about 0.1 s)."""
        from tutor.games.carts_tity_bot import search_choice

        return search_choice(state, rng)


CARTS = CartsTity()
