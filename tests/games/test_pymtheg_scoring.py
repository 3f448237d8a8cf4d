"""Pymtheg's score table, checked cell by cell, and the rule book's worked examples, as pure functions."""

import pytest

from tutor.cards import Element
from tutor.games.pymtheg.scoring import (BID_CODES, CORRECTED_GAM, PRINTED_GAM, TABLE_SLIPS, Contract, bid_rank,
                                         burn_scores, gam_base, most_lost, most_won, pattern_base, revoke_score,
                                         score_contract, score_gam, score_lon, score_ry)


# ---------------------------------------------------------------- the score table, checked cell by cell


def test_printed_table_cell_by_cell():
    printed = {  # (N, trump, named with the bid): the rule book's cells
        0: (20, 30, 40, 60), 1: (30, 50, 60, 100), 2: (40, 70, 80, 140), 3: (50, 90, 100, 180),
        4: (60, 110, 20, 220), 5: (70, 130, 140, 260), 6: (80, 140, 160, 280)}
    for level, cells in printed.items():
        keys = [(level, True, False), (level, True, True), (level, False, False), (level, False, True)]
        assert [PRINTED_GAM[k] for k in keys] == list(cells)
        for key in keys:
            assert gam_base(*key, printed=True) == PRINTED_GAM[key]
            assert gam_base(*key) == CORRECTED_GAM[key] == pattern_base(*key)
    differs = {key for key in PRINTED_GAM if PRINTED_GAM[key] != CORRECTED_GAM[key]}
    assert differs == set(TABLE_SLIPS) == {(4, False, False), (6, True, True), (6, False, True)}
    assert [CORRECTED_GAM[k] for k in ((4, False, False), (6, True, True), (6, False, True))] == [120, 150, 300]


@pytest.mark.parametrize("score, points", [
    (lambda: score_gam(0, True, False, 11), 22),
    (lambda: score_gam(0, True, False, 11, factor=2), 44),
    (lambda: score_gam(0, True, False, 11, factor=4), 88),
    (lambda: score_gam(0, False, True, 12), 66),
    (lambda: score_gam(2, True, False, 9), -42),
    (lambda: score_gam(4, False, False, 13), 120),
    (lambda: score_gam(4, False, False, 13, printed=True), 20),
    (lambda: score_gam(4, True, False, 12, ry_owed=150), -211),
    (lambda: score_ry(2, bidder_took=False, partner_tricks=3), 140),
    (lambda: score_ry(3, bidder_took=True), -1000),
    (lambda: score_lon(True, made=False, opponent_tricks=2), -2600),
    (lambda: score_lon(False, made=False, opponent_tricks=2), -5200),
])
def test_worked_examples(score, points):
    assert score().points == points


def test_burn_worked_examples():
    assert [s.points for s in burn_scores([(6, 4), (6, 7)])] == [-30, 0]
    assert burn_scores([(15, 15), (0, 0)])[0].points == 10_000


def test_score_contract_reads_the_tricks_by_seat():
    gam = Contract(BID_CODES.index("gam+2"), 1, Element.FIRE)
    assert score_contract(gam, (1, 6, 2, 5)).points == 40  # Tamsin 6 and Kerensa 5: the 11 needed
    lon = Contract(BID_CODES.index("lon"), 0, None)
    assert score_contract(lon, (15, 0, 0, 0)).points == 5000


def test_revoke_maximum_stakes():
    gam6 = Contract(BID_CODES.index("gam+6"), 0, None, True, 0, 2)  # no trump, named with the bid, doubled
    assert most_lost(gam6) == 300 + 15 * 2 and most_won(gam6) == 300
    assert revoke_score(gam6, by_declarers=True).points == -(330 * 2 + 100)
    ry2 = Contract(BID_CODES.index("ry2"), 0)
    assert most_lost(ry2) == 200 + 20 * 14 and most_won(ry2) == 200
    lon = Contract(BID_CODES.index("lon"), 0, Element.FIRE)
    assert most_lost(lon) == 2500 + 50 * 15 and revoke_score(lon, by_declarers=False).points == 2600
    over = Contract(BID_CODES.index("gam+4"), 0, Element.FIRE, False, 200)
    assert most_lost(over) == 60 + 13 + 200


def test_scores_refuse_impossible_figures():
    for call in (lambda: score_gam(7, True, False, 9), lambda: score_gam(0, True, False, 16),
                 lambda: score_ry(4, bidder_took=False), lambda: score_lon(True, made=True, factor=3),
                 lambda: bid_rank("gam+7")):
        with pytest.raises(ValueError):
            call()
