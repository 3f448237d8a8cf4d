"""Burn's entry in the registry: the ``Game`` subclass (what it is, who may play, the first position) and ``BURN``."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tutor.cards import ElementCard
from tutor.engine import Event, Game, IllegalMove, Record
from tutor.games.burn.deal import deal_hands, deal_words, read_prepared
from tutor.games.burn.moves import CardPlay, Pit, parse_action
from tutor.games.burn.rules import MAX_DEALS, MAX_PLAYERS, PACK, PREFIX, SHORT_DEALS, Rules
from tutor.games.burn.scoring import SCORINGS, pit_value
from tutor.games.burn.state import BurnState
from tutor.match import EndRule, ScoreSheet
from tutor.tricks import seat_sides, side_members


def side_labels(names: Sequence[str], sides: Sequence[int]) -> tuple[str, ...]:
    """A column name per side: the player's name, or the partners' names joined ("Jory & Pol")."""
    return tuple(" & ".join(names[s] for s in seats) for seats in side_members(sides))


class Burn(Game):
    """Registry entry for Burn."""

    slug = PREFIX
    title = "Burn"
    min_players = 3
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * (len(PACK) + 1)

    def start(self, players: int | None = None, seed: int | None = None,
              deal: Mapping[str, Any] | None = None, names: Sequence[str] | None = None,
              dealer: int | None = None, **options: Any) -> BurnState:
        """A new game (see ``Game.start``); two players only with the option ``two_players=True`` (B8)."""
        if isinstance(players, int) and not isinstance(players, bool) and players == 2:
            if options.get("two_players") is not True:
                raise IllegalMove(f"{PREFIX}.players", "players: Burn is for 3 to 6 players; two may play "
                                                       "with the option two_players=True.")
            return _FOR_TWO.start(players, seed, deal, names, dealer, **options)
        return super().start(players, seed, deal, names, dealer, **options)  # type: ignore[return-value]

    figure_names = {"hand": "the cards dealt to each player", "target": "the total that ends the game",
                    "pit": "what a pit takes off or gives"}

    def figures(self, players: int | None = None, deal: Mapping[str, Any] | None = None,
                **options: Any) -> dict[str, int]:
        """As ``Game.figures``; two players with the option ``two_players`` (B8)."""
        if players == 2 and options.get("two_players") is True:
            return _FOR_TWO.figures(players, deal, **options)
        return super().figures(players, deal, **options)

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """B1: the whole pack dealt (a prepared deal's own hands); the target; B5, B6: the pit (none where it wins
        the game at once)."""
        dealt = self.dealt(deal)
        out = {"hand": max(dealt) if dealt else len(PACK) // players, "target": rules.target}
        pit = pit_value(players, rules.teams, rules.pit_table)
        return out if pit is None else {**out, "pit": pit}

    def _start(self, *, setup: Record, rules: Rules) -> BurnState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        teams = rules.teams
        if teams and (players % teams or players == teams):
            raise IllegalMove(f"{PREFIX}.teams", f"option teams: {teams} teams need 4 or 6 players "
                              f"(3 teams: 6), not {players}.")
        sides = seat_sides(players, teams)
        labels = side_labels(names, sides)
        scoring = SCORINGS[rules.scoring]
        end = (EndRule(deals=1, lowest_wins=scoring.lowest_wins) if scoring.pit_bonus is not None
               else EndRule(deals=SHORT_DEALS if rules.short else None, target=rules.target, lowest_wins=True))
        sheet = ScoreSheet(labels, end)
        first = (dealer + 1) % players
        events = []
        if setup.deal is None:
            hands = deal_hands(setup, players, dealer, 0)
            won: tuple[tuple[ElementCard, ...], ...] = ((),) * players
            leader = first
            events.append(Event(f"{PREFIX}.deal", deal_words(names, dealer, len(hands[0]))))
        else:
            hands, won, scores, leader = read_prepared(setup.deal, players, len(labels), rules.target, first)
            if scores is not None:
                sheet = sheet.after(scores)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {len(hands[0])} card"
                                f"{'s' * (len(hands[0]) != 1)} each; {names[leader]} leads."))
        if teams:
            seating = {2: "partners sit opposite" if players == 4 else "seated ABABAB, so both neighbours are "
                                                                       "opponents", 3: "seated ABCABC"}[teams]
            events.append(Event(f"{PREFIX}.teams", f"{len(labels)} teams, {seating}: {'; '.join(labels)}. "
                                                   "Partners pool the cards they take."))
        return BurnState(setup, rules, names, sides, hands, won, (), leader, (), dealer, 0, sheet, leader,
                         events=tuple(events))

    def parse_action(self, state: Any, text: str) -> CardPlay | Pit:
        """Read "play F7", "pit minus", "pit plus"."""
        return parse_action(text)


class _BurnForTwo(Burn):
    """Burn with two players (B8), reached only through ``Burn.start`` with ``two_players=True``."""

    min_players = 2
    start = Game.start  # type: ignore[assignment]
    figures = Game.figures  # type: ignore[assignment]


BURN = Burn()
_FOR_TWO = _BurnForTwo()
