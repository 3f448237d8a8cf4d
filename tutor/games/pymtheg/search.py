"""The Pymtheg search for a card: guess the hidden hands many times, play each card out to the end of the deal,
keep the card that did best for its side (determinized search).  ``bot.search`` (the "expert" bot level) uses it for
the cards, and the rule-based bot for the auction, doubling and naming trump.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.burn.rules import FIRE, WATER, element, value
from tutor.games.pymtheg.moves import CardPlay
from tutor.games.pymtheg.rules import PACK, PLAYERS
from tutor.games.pymtheg.scoring import burn_scores, score_contract
from tutor.games.pymtheg.state import PymthegState
from tutor.search import Hidden, card_search
from tutor.tricks import legal_plays, winning_index

WIN, DUCK = "win", "duck"


def search_card(state: PymthegState, rng: random.Random, *, budget: float = 0.1,
                least: int = 6) -> tuple[CardPlay, str]:
    """Determinized search for a card to play (stage "play" or "burn"), within ``budget`` seconds (at least
    ``least`` guesses)."""
    legal = [a for a in state.legal_actions() if type(a) is CardPlay]  # a double is the rule-based bot's (offers)
    return card_search(legal, lambda: _Deal(state), rng, _search_words, budget=budget, least=least)


def _search_words(best: CardPlay, mean: float, guesses: int) -> str:
    return (f"Dealing the cards I cannot see {guesses} ways and playing each deal out, the {best.card.english} "
            f"did best: my side ended {abs(mean):,.0f} points {'ahead' if mean >= 0 else 'behind'} on average.")


class _Deal(Hidden):
    """The public facts of the deal and the searcher's own hand, for guessing hidden hands and playing them out."""

    def __init__(self, state: PymthegState) -> None:
        super().__init__(state, PACK, suit=element)
        self.burn = state.stage == "burn"
        self.contract = state.contract
        self.trumps = state.trumps
        self.modes = [self.mode(seat) for seat in range(PLAYERS)]

    def mode(self, seat: int) -> str:
        """Whether ``seat`` plays to take tricks or to stay out of them, in this contract (roughly)."""
        if self.burn:
            return DUCK
        contract = self.contract
        assert contract is not None
        declarer = contract.declarer
        if contract.kind == "ry":
            if seat % 2 == declarer % 2 and seat != declarer and contract.level == 1:
                return WIN  # in plain Ry the partner's tricks are free, and each one is kept from the bidder
            return DUCK  # the bidder, a partner whose tricks cost, and the opponents playing under the bidder
        if contract.kind == "lon" and seat == (declarer + 2) % PLAYERS:
            return DUCK
        return WIN

    def play_out(self, dealt: list[list], first: Any, rng: random.Random) -> float:
        """Play ``first``, then the rest of the deal with the quick policy; this side's score less the other's."""
        state = self.state
        hands = [h[:] for h in dealt]
        taken = list(state.taken)
        won = [list(w) for w in state.won] if self.burn else None
        plays = list(state.plays)
        leader = state.leader
        trumps = self.trumps
        contract = self.contract
        seat, card = self.me, first
        while True:
            hands[seat].remove(card)
            plays.append((seat, card))
            if len(plays) == PLAYERS:
                leader = plays[winning_index(plays, trumps=trumps, suit=element, value=value)][0]
                taken[leader] += 1
                if won is not None:
                    won[leader].extend(c for _s, c in plays)
                plays = []
                if not hands[leader] or self.ends(leader):
                    return self.worth(taken, won)
                seat = leader
            else:
                seat = (leader + len(plays)) % PLAYERS
            card = quick_card(hands[seat], plays, trumps, self.modes[seat], rng)

    def ends(self, seat: int) -> bool:
        """A Ry ends at once when its bidder (Ry 3: or the partner) takes a trick."""
        contract = self.contract
        if self.burn or contract is None or contract.kind != "ry":
            return False
        return seat == contract.declarer or (contract.level == 3 and seat % 2 == contract.declarer % 2)

    def worth(self, taken: list[int], won: list[list] | None) -> float:
        """The searcher's side's score for the deal less the other side's."""
        mine = self.me % 2
        if won is not None:
            counts = []
            for side in (0, 1):
                cards = won[side] + won[side + 2]
                counts.append((sum(1 for c in cards if c.element is FIRE), sum(1 for c in cards if c.element is WATER)))
            scores = burn_scores(counts)
            return scores[mine].points - scores[1 - mine].points
        contract = self.contract
        assert contract is not None
        points = score_contract(contract, taken, printed=self.state.rules.table == "printed").points
        return points if contract.declarer % 2 == mine else -points


def quick_card(hand: list, plays: list, trumps: Any, mode: str, rng: random.Random) -> Any:
    """The play-out policy: win tricks cheaply, or stay under the winning card, with a little chance."""
    legal = legal_plays(hand, plays, trumps=trumps, suit=element, value=value)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return rng.choice(legal)
    if not plays:
        return max(legal, key=value) if mode == WIN else min(legal, key=value)
    led = plays[0][1].element
    best = plays[winning_index(plays, trumps=trumps, suit=element, value=value)][1]

    def beats(card: Any) -> bool:
        if card.element is best.element:
            return card.value > best.value
        return card.element is trumps

    if mode == WIN:
        wins = [c for c in legal if beats(c)]
        if wins:
            return min(wins, key=lambda c: (c.element is trumps and led is not trumps, c.value))
        return min(legal, key=lambda c: (c.element is trumps, c.value))
    under = [c for c in legal if not beats(c)]
    return max(under or legal, key=value) if under or len(plays) == PLAYERS - 1 else min(legal, key=value)
