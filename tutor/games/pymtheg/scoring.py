"""Pymtheg's contracts and their scores: the bids in order, the score table, and pure scoring functions.

Everything here is a pure function of numbers, usable without playing a deal
(the scoring notebook and the calculator use it directly).  The rules are
settled in ``docs/rules.md`` (Pymtheg, Y1–Y12): the bids rank Gâm < Gâm + 1 <
Gâm + 2 < Gâm + 3 < Ry < Gâm + 4 < Ry 2 < Gâm + 5 < Ry 3 < Gâm + 6 < Lon (Y4);
Gâm + N needs 9 + N of the 15 tricks (Y1); its base comes from the score table
(naming trump with the bid raises it, no trump doubles it) and each trick over
or under is worth 1 with trump, 2 without (Y6).  Each score comes with its
working, line by line, in words a learner reads.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from tutor.games.burn.scoring import PYMTHEG_SCORING, SideScore, score_deal

TRICKS = 15  # Y1: 60 cards, four hands of 15
GAM_NEEDS = 9  # Y1: Gâm needs nine tricks, Gâm + N needs 9 + N
PARTNER_COST = 20  # Y9: each trick of a Ry 2 bidder's partner
LON_BASE = 2500  # Y10
LON_PER_TRICK = 50  # Y10: per trick of the opponents when Lon is lost
REVOKE_FINE = 100  # Y12
FACTORS = (1, 2, 4)  # Y7: not doubled, doubled, redoubled

# ---------------------------------------------------------------- the bids, lowest first (Y4)

BID_CODES = ("gam", "gam+1", "gam+2", "gam+3", "ry", "gam+4", "ry2", "gam+5", "ry3", "gam+6", "lon")
"""Each bid's notation, in rank order: index 0 is the lowest bid (Gâm), 10 the highest (Lon)."""
BID_NAMES = ("Gâm", "Gâm + 1", "Gâm + 2", "Gâm + 3", "Ry", "Gâm + 4", "Ry 2", "Gâm + 5", "Ry 3", "Gâm + 6",
             "Lon")
"""Each bid as a learner reads it, in rank order."""
KIND = tuple(code.rstrip("+0123456789") for code in BID_CODES)
""""gam", "ry" or "lon" for each rank."""
LEVEL = tuple(int(code[4:]) if code.startswith("gam+") else 0 if code == "gam" else
              int(code[2:] or 1) if code.startswith("ry") else 0 for code in BID_CODES)
"""For a Gâm its N (0 to 6); for a Ry its number (1, 2, 3); 0 for Lon."""
GAM_RANK = tuple(BID_CODES.index("gam" if n == 0 else f"gam+{n}") for n in range(7))
"""The rank of Gâm + N, for N = 0 to 6."""
RY_BASE = {1: 150, 2: 200, 3: 1000}
"""Y9 and the Ry table: what Ry, Ry 2 and Ry 3 win or lose."""


def bid_rank(code: str) -> int:
    """The rank (0–10) of a bid written as ``gam``, ``gam+2``, ``ry2``, ``lon``; ``ValueError`` if there is none."""
    try:
        return BID_CODES.index(code)
    except ValueError:
        raise ValueError(f"{code!r} is not a bid; the bids are {', '.join(BID_CODES)}.") from None


def needs(level: int) -> int:
    """Y1: the tricks Gâm + ``level`` needs."""
    return GAM_NEEDS + level


# ---------------------------------------------------------------- the score table (Gâm rows)

# The printed rule book's Gâm table, cell by cell: (N, with trump, trump named during the bidding) -> base.
# Three cells break the table's own pattern (see ``TABLE_SLIPS``); they are kept here as printed.
PRINTED_GAM: dict[tuple[int, bool, bool], int] = {
    (0, True, False): 20, (0, True, True): 30, (0, False, False): 40, (0, False, True): 60,
    (1, True, False): 30, (1, True, True): 50, (1, False, False): 60, (1, False, True): 100,
    (2, True, False): 40, (2, True, True): 70, (2, False, False): 80, (2, False, True): 140,
    (3, True, False): 50, (3, True, True): 90, (3, False, False): 100, (3, False, True): 180,
    (4, True, False): 60, (4, True, True): 110, (4, False, False): 20, (4, False, True): 220,
    (5, True, False): 70, (5, True, True): 130, (5, False, False): 140, (5, False, True): 260,
    (6, True, False): 80, (6, True, True): 140, (6, False, False): 160, (6, False, True): 280,
}


def pattern_base(level: int, trump: bool, during: bool) -> int:
    """The table's own pattern: trump named after the auction 20 + 10N, with the bid 30 + 20N; no trump twice that."""
    with_trump = 30 + 20 * level if during else 20 + 10 * level
    return with_trump if trump else 2 * with_trump


CORRECTED_GAM: dict[tuple[int, bool, bool], int] = {key: pattern_base(*key) for key in PRINTED_GAM}
"""The Gâm table as Gwari uses it by default: every cell from the pattern."""

TABLE_SLIPS: dict[tuple[int, bool, bool], str] = {
    (4, False, False): "Gâm + 4 without trump, named after the auction: printed 20, but no trump doubles the "
                       "trump row's 60, so 120 (a lost 1).",
    (6, True, True): "Gâm + 6 with trump named with the bid: printed 140, but that row climbs by 20 a step "
                     "(…, 110, 130), so 150.",
    (6, False, True): "Gâm + 6 without trump named with the bid: printed 280, twice the slipped 140; twice 150 "
                      "is 300.",
}
"""The three printed cells that break the pattern, each with the reasoning."""


def gam_base(level: int, trump: bool, during: bool, *, printed: bool = False) -> int:
    """Base score of Gâm + ``level`` (Y5, Y6): corrected by default, or as printed with ``printed``."""
    if not 0 <= level <= 6:
        raise ValueError(f"level: Gâm goes from + 0 to + 6, not {level}.")
    return (PRINTED_GAM if printed else CORRECTED_GAM)[level, bool(trump), bool(during)]


def per_trick(trump: bool) -> int:
    """Y6: an over- or under-trick is worth 1 with trump, 2 without."""
    return 1 if trump else 2


# ---------------------------------------------------------------- scores with their working


class Score(NamedTuple):
    """A deal's score for the playing side, whether the contract was made, and the working line by line."""

    points: int
    made: bool
    lines: tuple[str, ...]


def signed(points: int) -> str:
    """Points with a real minus sign and thousands separators: "−1,000", "+22", "0"."""
    return f"{points:+,d}".replace("-", "−") if points else "0"


def points_words(points: int) -> str:
    """Points and the word, agreeing: "0 points", "+1 point", "−1,000 points"."""
    return f"{signed(points)} point{'s' * (abs(points) != 1)}"


def _factor(points: int, factor: int, lines: list[str]) -> int:
    """Y7: doubling multiplies all points, plus or minus."""
    if factor == 1:
        return points
    word = "Doubled" if factor == 2 else "Redoubled"
    lines.append(f"{word}: {signed(points)} × {factor} = {signed(points * factor)}.")
    return points * factor


def _check_factor(factor: int) -> None:
    if factor not in FACTORS:
        raise ValueError(f"factor: 1 (not doubled), 2 (doubled) or 4 (redoubled), not {factor!r}.")


def trump_words(trump: bool, during: bool) -> str:
    """How the trump was settled, in words."""
    if trump:
        return "trump named with the bid" if during else "trump named after the auction"
    return "no trump, named with the bid" if during else "no trump, named after the auction"


def score_gam(level: int, trump: bool, during: bool, tricks: int, *, ry_owed: int = 0, factor: int = 1,
              printed: bool = False) -> Score:
    """Gâm + ``level`` made with ``tricks`` tricks by the playing side (Y1, Y6, Y7, Y8).

    Made: base + over-tricks; lost: −(base + under-tricks), and minus the base of
    the other side's Ry that this Gâm overbid (``ry_owed``).  ``score_gam(0,
    True, False, 11)`` is Gâm with trump named after the auction and two
    over-tricks: +22.
    """
    _check_factor(factor)
    if not 0 <= tricks <= TRICKS:
        raise ValueError(f"tricks: a side takes 0 to {TRICKS} tricks, not {tricks}.")
    base = gam_base(level, trump, during, printed=printed)
    each = per_trick(trump)
    want = needs(level)
    lines = [f"{BID_NAMES[GAM_RANK[level]]}, {trump_words(trump, during)}: base {base}, "
             f"{each} a trick over or under."]
    key = (level, bool(trump), bool(during))
    if key in TABLE_SLIPS and printed:
        lines.append(f"The printed table's {base} is used here (the pattern gives {CORRECTED_GAM[key]}).")
    if tricks >= want:
        over = tricks - want
        points = base + over * each
        sums = f"{base} + {over} × {each} = " if over else ""
        lines.append(f"Needs {want} tricks, made {tricks}: made, {sums}{signed(points)}.")
        if ry_owed:
            lines.append("It overbid the other side's Ry, which earns no bonus when the Gâm is made.")
        return Score(_factor(points, factor, lines), True, tuple(lines))
    under = want - tricks
    points = -(base + under * each)
    lines.append(f"Needs {want} tricks, made {tricks}: {under} short, −({base} + {under} × {each}) = "
                 f"{signed(points)}.")
    if ry_owed:
        points -= ry_owed
        lines.append(f"It overbid the other side's Ry, so that Ry's {ry_owed} is lost too: {signed(points)}.")
    return Score(_factor(points, factor, lines), False, tuple(lines))


def score_ry(level: int, *, bidder_took: bool, partner_tricks: int = 0, factor: int = 1) -> Score:
    """Ry, Ry 2 or Ry 3 (Y9): lost as soon as the bidder takes a trick (Ry 3: or the partner);
    in Ry 2 each trick of the partner costs 20, so a won Ry 2 can still lose points."""
    _check_factor(factor)
    if level not in RY_BASE:
        raise ValueError(f"level: Ry is 1, 2 or 3, not {level!r}.")
    if not 0 <= partner_tricks <= TRICKS:
        raise ValueError(f"partner_tricks: 0 to {TRICKS}, not {partner_tricks}.")
    base = RY_BASE[level]
    name = BID_NAMES[BID_CODES.index("ry" if level == 1 else f"ry{level}")]
    lines = [f"{name}, played without trump: {base} won or lost."]
    if level == 3 and partner_tricks:
        lines.append(f"The partner took a trick, and in Ry 3 neither partner may: lost, {signed(-base)}.")
        return Score(_factor(-base, factor, lines), False, tuple(lines))
    if bidder_took:
        lines.append(f"The bidder took a trick: lost, {signed(-base)}.")
        points, made = -base, False
    else:
        lines.append(f"The bidder took no trick: made, {signed(base)}.")
        points, made = base, True
    if level == 2 and partner_tricks:
        cost = PARTNER_COST * partner_tricks
        lines.append(f"The partner took {partner_tricks} trick{'s' * (partner_tricks != 1)}: "
                     f"{partner_tricks} × {PARTNER_COST} = {cost} off, {signed(points)} − {cost} = "
                     f"{signed(points - cost)}.")
        points -= cost
    return Score(_factor(points, factor, lines), made, tuple(lines))


def score_lon(trump: bool, *, made: bool, opponent_tricks: int = 0, factor: int = 1) -> Score:
    """Lon (Y10): all fifteen tricks by the bidder alone wins 2500; otherwise −(2500 + 50 per trick of the
    opponents), the partner's tricks not counted; everything doubled without trump."""
    _check_factor(factor)
    if not 0 <= opponent_tricks <= TRICKS:
        raise ValueError(f"opponent_tricks: 0 to {TRICKS}, not {opponent_tricks}.")
    times = 1 if trump else 2
    base, each = LON_BASE * times, LON_PER_TRICK * times
    lines = [f"Lon, {'with trump' if trump else 'without trump, so everything is doubled'}: {base}, and "
             f"{each} for each trick of the opponents if lost."]
    if made:
        lines.append(f"The bidder took all {TRICKS} tricks alone: made, {signed(base)}.")
        return Score(_factor(base, factor, lines), True, tuple(lines))
    points = -(base + each * opponent_tricks)
    lines.append(f"Lost; the opponents took {opponent_tricks}: −({base} + {opponent_tricks} × {each}) = "
                 f"{signed(points)}.")
    return Score(_factor(points, factor, lines), False, tuple(lines))


# ---------------------------------------------------------------- a contract, and a deal scored from its tricks


class Contract(NamedTuple):
    """The contract of a deal: the bid's rank, the declarer, the trump and how it was named, and the stakes.

    ``trump`` is an element, or ``None`` for no trump; ``during``: the trump (or
    no trump) was named with the bid; ``ry_owed``: the base of the other side's
    Ry that this Gâm overbid (Y8), else 0; ``factor``: 1, 2 (doubled) or 4.
    """

    rank: int
    declarer: int
    trump: object = None
    during: bool = False
    ry_owed: int = 0
    factor: int = 1

    @property
    def kind(self) -> str:
        """"gam", "ry" or "lon"."""
        return KIND[self.rank]

    @property
    def level(self) -> int:
        """Gâm's N, Ry's number."""
        return LEVEL[self.rank]

    @property
    def name(self) -> str:
        """The bid as a learner reads it ("Gâm + 2")."""
        return BID_NAMES[self.rank]


def side_tricks(tricks: Sequence[int], declarer: int) -> tuple[int, int, int]:
    """(the declarer's, the partner's, the opponents') tricks, from tricks per seat (partners opposite)."""
    return tricks[declarer], tricks[(declarer + 2) % 4], tricks[(declarer + 1) % 4] + tricks[(declarer + 3) % 4]


def score_contract(contract: Contract, tricks: Sequence[int], *, printed: bool = False) -> Score:
    """The playing side's score for a deal from the tricks each seat took (only the playing side scores)."""
    mine, partner, theirs = side_tricks(tricks, contract.declarer)
    trump = contract.trump is not None
    if contract.kind == "gam":
        return score_gam(contract.level, trump, contract.during, mine + partner, ry_owed=contract.ry_owed,
                         factor=contract.factor, printed=printed)
    if contract.kind == "ry":
        return score_ry(contract.level, bidder_took=mine > 0, partner_tricks=partner, factor=contract.factor)
    return score_lon(trump, made=partner == 0 and theirs == 0 and mine > 0, opponent_tricks=theirs,
                     factor=contract.factor)


# ---------------------------------------------------------------- revoke (Y12)


def most_lost(contract: Contract, *, printed: bool = False) -> int:
    """The most a contract could lose, before doubling (Y12): Gâm with no trick (plus any Ry owed), Ry 2 with the
    partner taking fourteen tricks before the bidder takes the last, the other Ry their base, Lon with the
    opponents taking all fifteen."""
    trump = contract.trump is not None
    if contract.kind == "gam":
        level = contract.level
        return (gam_base(level, trump, contract.during, printed=printed) + needs(level) * per_trick(trump)
                + contract.ry_owed)
    if contract.kind == "ry":
        base = RY_BASE[contract.level]
        return base + PARTNER_COST * (TRICKS - 1) if contract.level == 2 else base
    times = 1 if trump else 2
    return (LON_BASE + LON_PER_TRICK * TRICKS) * times


def most_won(contract: Contract, *, printed: bool = False) -> int:
    """The most a contract could win, before doubling (Y12): Gâm with every trick, Ry its base, Lon its prize."""
    trump = contract.trump is not None
    if contract.kind == "gam":
        level = contract.level
        return gam_base(level, trump, contract.during, printed=printed) + (TRICKS - needs(level)) * per_trick(trump)
    if contract.kind == "ry":
        return RY_BASE[contract.level]
    return LON_BASE * (1 if trump else 2)


def revoke_score(contract: Contract, *, by_declarers: bool, printed: bool = False) -> Score:
    """Y12: a revoke by the playing side costs it the most it could lose, doubled as the contract is, plus 100;
    one by the other side gives the playing side the most it could win, doubled likewise, plus 100."""
    factor = contract.factor
    if by_declarers:
        worst = most_lost(contract, printed=printed)
        points = -(worst * factor + REVOKE_FINE)
        stake = f"{worst} × {factor}" if factor > 1 else f"{worst}"
        lines = (f"A revoke by the playing side: the most {contract.name} could lose is {worst}.",
                 f"Penalty: −({stake} + {REVOKE_FINE}) = {signed(points)}.")
        return Score(points, False, lines)
    best = most_won(contract, printed=printed)
    points = best * factor + REVOKE_FINE
    stake = f"{best} × {factor}" if factor > 1 else f"{best}"
    lines = (f"A revoke by the other side: the most {contract.name} could win is {best}.",
             f"The playing side gets {stake} + {REVOKE_FINE} = {signed(points)}.")
    return Score(points, True, lines)


# ---------------------------------------------------------------- the Burn sub-game (Y11)


def burn_scores(taken: Sequence[tuple[int, int]]) -> tuple[SideScore, ...]:
    """Both teams' scores when all four passed: the ``(fire, water)`` each team took, scored as Burn inside
    Pymtheg (−5 per Fire card unless more Water than Fire; +10,000 for every Fire and Water card)."""
    return score_deal(taken, PYMTHEG_SCORING)
