"""The Pymtheg search bot: guess the hidden hands many times, play each card out to the end of the deal, keep the
card that did best for its side (determinized search).  The auction, doubling and naming trump use the rule-based
bot (``pymtheg_bot``); the "expert" bot level and the benchmarks use this.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.burn import FIRE, WATER, element, value
from tutor.games.pymtheg import PACK, PLAYERS, Play, PymthegState
from tutor.games.pymtheg_bot import heuristic
from tutor.games.pymtheg_scoring import burn_scores, score_contract
from tutor.search import determinized
from tutor.tricks import Trick, legal_plays, shown_void, winning_index

WIN, DUCK = "win", "duck"


def search_choice(state: PymthegState, rng: random.Random, *, budget: float = 0.1,
                  least: int = 6) -> tuple[Any, str]:
    """Determinized search for a card to play, within ``budget`` seconds (at least ``least`` guesses); any other
    decision is the rule-based bot's."""
    if state.stage not in ("play", "burn"):
        return heuristic(state, rng)
    legal = [a for a in state.legal_actions() if type(a) is Play]  # a double is the rule-based bot's (offers)
    if len(legal) == 1:
        return legal[0], "It is the only card you may play."
    deal = _Deal(state)
    means, guesses = determinized(legal, lambda: deal.guess(rng), lambda hands, a: deal.play_out(hands, a.card, rng),
                                  budget=budget, least=least)
    best = max(legal, key=lambda a: means[a])
    mean = means[best]
    return best, (f"Dealing the cards you cannot see {guesses} ways and playing each deal out, the "
                  f"{best.card.english} did best: your side ended {abs(mean):,.0f} points "
                  f"{'ahead' if mean >= 0 else 'behind'} on average.")


class _Deal:
    """The public facts of the deal and the searcher's own hand, for guessing hidden hands and playing them out."""

    def __init__(self, state: PymthegState) -> None:
        me = state.current
        assert me is not None
        self.state, self.me = state, me
        seen = set(state.hands[me]) | {c for w in state.won for c in w} | {c for _s, c in state.plays}
        seen |= {c for t in state.tricks for c in t.cards}
        self.unseen = [c for c in PACK if c not in seen]
        self.sizes = [len(h) for h in state.hands]
        self.voids = shown_void(state.tricks + (Trick(state.leader, state.plays),), PLAYERS, suit=element)
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

    def guess(self, rng: random.Random) -> list[list]:
        """Every hand: the searcher's own, and the others dealt from the unseen cards, respecting shown voids."""
        others = sorted((s for s in range(PLAYERS) if s != self.me), key=lambda s: -len(self.voids[s]))
        for _attempt in range(12):
            rest = self.unseen[:]
            rng.shuffle(rest)
            hands: list[list] = [[] for _ in range(PLAYERS)]
            for seat in others:
                fits = [c for c in rest if c.element not in self.voids[seat]]
                if len(fits) < self.sizes[seat]:
                    break
                hands[seat] = fits[:self.sizes[seat]]
                given = set(hands[seat])
                rest = [c for c in rest if c not in given]
            else:
                hands[self.me] = list(self.state.hands[self.me])
                return hands
        rest = self.unseen[:]  # the voids could not all be met: deal the unseen cards freely
        rng.shuffle(rest)
        hands = [[] for _ in range(PLAYERS)]
        for seat in others:
            hands[seat], rest = rest[:self.sizes[seat]], rest[self.sizes[seat]:]
        hands[self.me] = list(self.state.hands[self.me])
        return hands

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
