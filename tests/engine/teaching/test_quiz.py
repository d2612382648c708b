"""Evaluation quiz: answer reading, checking, the per-suit breakdown text, the score, question making."""

import numpy as np
import pytest

from bridgegui.engine import Hand, parse_deal, tricks
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.teaching import quiz
from bridgegui.engine.teaching.quiz import QuizAnswerError

DEAL = parse_deal("N:AK632.AKT5.T.T52 QJ7.9.AQJ98.KJ73 T84.QJ42.K76.AQ4 95.8763.5432.986")
#               North                East                 South               West


def question(kind: str, seat: int = 2):
    return quiz.make_question(DEAL, kind, seat)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        (" 7 ", 7),
        ("2.5", 2.5),
        ("2,5", 2.5),
        ("2½", 2.5),
        ("½", 0.5),
        ("2 1/2", 2.5),
        ("3/2", 1.5),
        ("0", 0),
    ],
)
def test_parse_answer(text, value):
    assert quiz.parse_answer(text) == value


@pytest.mark.parametrize("text", ["", "abc", "1/0", "-3", "41", "2..5"])
def test_unreadable_answers_raise(text):
    with pytest.raises(QuizAnswerError):
        quiz.parse_answer(text)


def test_hcp_question_and_breakdown():
    q = question(quiz.HCP)  # South T84.QJ42.K76.AQ4
    assert q.answer == 12 and q.prompt == "How many high-card points does South hold?"
    right = quiz.check(q, "12")
    assert right.correct and right.expected == 12 and right.message == "Right: 12 high-card points"
    assert right.breakdown == (
        "♠ T84: no honours, 0",
        "♥ QJ42: 2+1 = 3",
        "♦ K76: 3",
        "♣ AQ4: 4+2 = 6",
        "Total: 0 + 3 + 3 + 6 = 12 HCP",
    )
    wrong = quiz.check(q, "11")
    assert not wrong.correct and wrong.given == 11
    assert wrong.message == "Not quite: 12 high-card points, you said 11"
    assert wrong.breakdown == right.breakdown


def test_the_breakdown_is_numbers_and_reasons_a_window_can_phrase():
    result = quiz.check(question(quiz.HCP), "12")  # South T84.QJ42.K76.AQ4
    b = result.explanation
    assert b.kind == quiz.HCP and b.total == 12 and b.estimate is None
    assert [(c.suit, c.value, c.reason, c.honours, c.points) for c in b.suits] == [
        (0, 0, "no_honours", "", ()),
        (1, 3, "honours", "QJ", (2, 1)),
        (2, 3, "honours", "K", (3,)),
        (3, 6, "honours", "AQ", (4, 2)),
    ]
    assert result.breakdown == b.lines()  # the English is made from the same fields


def test_every_kind_of_breakdown_has_its_reasons():
    h = Hand.from_pbn("AK.KQ5.9.QJ76432")
    losers = quiz.suit_counts(quiz.LOSERS, h)
    assert [(c.reason, c.honours, c.counted, c.value) for c in losers] == [
        ("top_cards", "AK", "AK", 0),
        ("top_cards", "KQ", "AKQ", 1),
        ("singleton", "", "A", 1),
        ("top_cards", "Q", "AKQ", 2),
    ]
    assert quiz.loser_count(0, Hand.from_pbn("Q5...").holding(0)).reason == "doubleton_Q"
    assert quiz.loser_count(0, 0).reason == "void"
    qt = quiz.suit_counts(quiz.QUICK_TRICKS, Hand.from_pbn("AK.AQ5.K72.K"))
    assert [(c.reason, c.value) for c in qt] == [("AK", 2), ("AQ", 1.5), ("Kx", 0.5), ("singleton_K", 0)]
    pt = quiz.suit_counts(quiz.PLAYING_TRICKS, Hand.from_pbn("AKQ.KQJ.765432."))
    assert [(c.reason, c.rounds, c.value) for c in pt] == [
        ("play_out", (3, 0, 0), 3),
        ("play_out", (2, 1, 0), 2),
        ("play_out", (0, 4, 2), 2),
        ("void", None, 0),
    ]
    for kind, reasons in (
        (quiz.HCP, quiz.HCP_REASONS),
        (quiz.QUICK_TRICKS, quiz.QUICK_TRICK_REASONS),
        (quiz.LOSERS, quiz.LOSER_REASONS),
        (quiz.PLAYING_TRICKS, quiz.PLAYING_TRICK_REASONS),
    ):
        for holding in range(0, 8192, 7):
            assert quiz._COUNTS[kind](0, holding).reason in reasons


def test_a_partnership_breakdown_holds_the_estimators_terms():
    q = question(quiz.PARTNERSHIP_TRICKS, seat=0)
    b = quiz.check(q, "9").explanation
    assert b.suits == () and b.estimate is not None and b.estimate.strain == "H"
    assert b.total == pytest.approx(tricks.estimate_tricks(DEAL.hand(0), DEAL.hand(2), "H"))
    # In words a student can count with (each suit's cards, honours and tricks), not the estimator's terms.
    lines = b.lines()
    assert len(b.partnership) == 4 and [p.trumps for p in b.partnership] == [False, True, False, False]
    assert all(" opposite " in line for line in lines[:4]) and "(trumps)" in lines[1]
    assert lines[4].startswith("Suit by suit: ") and lines[5].startswith("Estimate in hearts: ")
    assert not any("×" in line for line in lines)


def test_a_partnership_suit_counts_top_winners_then_long_cards():
    def suit(mine: str, theirs: str) -> quiz.PartnershipSuit:
        return quiz.partnership_suit(
            0, Hand.from_pbn(f"{mine}...").holding(0), Hand.from_pbn(f"{theirs}...").holding(0), True
        )

    assert suit("AKQ", "432").tricks == 3  # three top winners, no long card
    assert suit("AK432", "765").tricks == 4  # two top winners, then two long cards after three rounds
    assert suit("5432", "876").tricks == 1  # no winner on top: one long card once the others are gone
    assert suit("KQJ", "432").tricks == 0 and suit("KQJ", "432").honours == "KQJ"
    assert suit("A", "").tricks == 1 and suit("", "").tricks == 0
    line = quiz.partnership_line(suit("AK432", "765"))
    assert line == "♠ AK432 opposite 765 (trumps): 8 cards, A K between you = four tricks"


def test_hcp_breakdown_names_each_honour():
    assert quiz.hcp_lines(Hand.from_pbn("AKJ.KQ5.K72.QJ2"))[0] == "♠ AKJ: 4+3+1 = 8"


def test_losers_breakdown_explains_each_suit():
    h = Hand.from_pbn("AK.KQ5.9.QJ76432")
    lines = quiz.loser_lines(h)
    assert lines[0] == "♠ AK: A and K, no losers"
    assert lines[1] == "♥ KQ5: K and Q, one loser"  # the example
    assert lines[2] == "♦ 9: singleton without the A, one loser"
    assert lines[3] == "♣ QJ76432: Q, two losers"
    assert lines[-1] == "Total: 0 + 1 + 1 + 2 = 4 losers"
    assert quiz.loser_line(1, 0) == "♥ —: void, no losers"
    assert quiz.loser_line(0, Hand.from_pbn("Q5...").holding(0)) == (
        "♠ Q5: no A or K (a doubleton's Q does not count), two losers"
    )
    assert quiz.loser_line(0, Hand.from_pbn("7642...").holding(0)) == "♠ 7642: no A or K or Q, three losers"


def test_quick_trick_breakdown():
    lines = quiz.quick_trick_lines(Hand.from_pbn("AK.AQ5.K72.K"))
    assert lines == [
        "♠ AK: A and K, 2 quick tricks",
        "♥ AQ5: A and Q, 1½ quick tricks",
        "♦ K72: K with another card, ½ quick trick",
        "♣ K: a singleton K counts nothing, no quick tricks",
        "Total: 2 + 1½ + ½ + 0 = 4 quick tricks",
    ]
    q = question(quiz.QUICK_TRICKS)  # South: ♦ K76 ½, ♣ AQ4 1½
    assert q.answer == 2.0
    assert quiz.check(q, "2").correct
    assert not quiz.check(q, "2½").correct


def test_playing_tricks_breakdown_follows_seed_003():
    lines = quiz.playing_trick_lines(Hand.from_pbn("AKQ.KQJ.765432."))
    assert lines[0] == "♠ AKQ: win 3 rounds, lose 0 = three tricks"
    assert lines[1] == "♥ KQJ: win 2 rounds, lose 1 = two tricks"
    assert lines[2] == "♦ 765432: win 0 rounds, lose 4, 2 cards left over = two tricks"
    assert lines[3] == "♣ —: void, no tricks"
    assert lines[-1] == "Total: 3 + 2 + 2 + 0 = 7 playing tricks"
    q = question(quiz.PLAYING_TRICKS, seat=0)
    assert q.answer == DEAL.hand(0).playing_tricks


def test_partnership_question():
    q = question(quiz.PARTNERSHIP_TRICKS, seat=0)  # North declares, South dummy: 8 hearts
    assert q.strain == "H" and q.shown_seats == (0, 2)
    assert q.prompt == "How many tricks should North and South take in hearts, with North declaring?"
    estimate = tricks.estimate_tricks(DEAL.hand(0), DEAL.hand(2), "H")
    assert q.answer == pytest.approx(estimate, abs=0.05)
    near = quiz.check(q, str(round(estimate + 0.9, 1)))
    assert near.correct and "within one trick" in near.message
    assert not quiz.check(q, str(round(estimate + 1.6))).correct
    assert near.breakdown[-2].startswith("Suit by suit:")
    assert near.breakdown[-1].startswith("Estimate in hearts:")
    no_fit = quiz.partnership_strain(Hand.from_pbn("AKQ2.K32.Q32.K32"), Hand.from_pbn("543.AQ4.K54.AQ54"))
    assert no_fit == "NT"


def test_score_keeps_count_and_streak():
    score = quiz.Score()
    assert score.text() == "No answers yet"
    q = question(quiz.HCP)
    for answer in ("12", "12", "3", "12"):
        score.record(quiz.check(q, answer))
    assert (score.right, score.asked, score.streak, score.best_streak) == (3, 4, 1, 2)
    assert score.by_kind == {quiz.HCP: [3, 4]}
    assert score.text() == "3 of 4 right (75%), streak 1"


def test_questions_from_constraints_are_reproducible():
    request = DealRequest.from_specs(south="hcp 15-17, balanced")
    first = quiz.make_questions(request, 8, seed=11)
    again = quiz.make_questions(request, 8, seed=11)
    assert [(q.kind, q.deal, q.seat) for q in first] == [(q.kind, q.deal, q.seat) for q in again]
    assert len(first) == 8
    assert all(15 <= q.deal.hand(2).hcp <= 17 for q in first)
    assert all(q.seat == 2 for q in first)
    only_hcp = quiz.questions_from_deals(np.array([DEAL.hands]), kinds=(quiz.HCP,), seats=(1, 3), seed=1)
    assert only_hcp[0].kind == quiz.HCP and only_hcp[0].seat in (1, 3)


def test_bad_choices():
    with pytest.raises(ValueError, match="kind"):
        quiz.make_question(DEAL, "points", 0)
    with pytest.raises(ValueError, match="at least one"):
        quiz.questions_from_deals(np.array([DEAL.hands]), kinds=())


def test_format_value():
    assert [quiz.format_value(v) for v in (0, 0.5, 2.5, 12, 9.43)] == ["0", "½", "2½", "12", "9.4"]
