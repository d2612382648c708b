"""Bidding practice as a library: the loop, verdicts and their facts, undo, the score and its tags."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgegui.engine import deal_batch, parse_deal
from bridgegui.engine.bidding import PASS, Auction, AuctionError, Call, load_system
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.teaching.bidding_practice import (
    PRACTICE_SCORE_TAG,
    PRACTICE_TAG,
    BoardRecord,
    PracticeBoard,
    PracticeError,
    PracticeScore,
)

# South opens 1NT (16 HCP, 4-3-3-3); North raises to 3NT; everyone else passes.
NT_DEAL = parse_deal("N:KJ98.AJ9.JT9.QJT T76.T876.AK7.986 AQ32.KQ4.Q85.K73 54.532.6432.A542")
# South opens 1♠ (16 HCP, 17 points, 5-4-2-2); the rule has a `where` naming all four suits.
SPADE_DEAL = parse_deal("N:.Q863.A9643.9863 65.J972.T7.AQT42 AKJ32.K4.Q852.K7 QT9874.AT5.KJ.J5")


STANDARD_V1 = Path(__file__).parent / "standard-v1.system"
"""A frozen copy of the version-1 Standard file (the shipped "standard" is now SAYC): the practice
loop's expectations below name its rules and wording, which the shipped system is free to change."""


@pytest.fixture(scope="module")
def standard():
    return load_system(STANDARD_V1)


def calls(text: str) -> tuple[Call, ...]:
    return Auction.parse("N", text).calls


# --- the loop ------------------------------------------------------------------------------------


def test_student_agrees_all_the_way(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    assert board.next_seat == "S" and board.student_to_call
    assert board.advance() == ()  # South deals: nothing for the system to do yet
    verdict = board.student_call("1NT")
    assert verdict.agrees and verdict.seat == "S" and verdict.index == 0 and verdict.opening
    assert verdict.system.call == Call.parse("1NT")
    assert verdict.system.rule is not None and verdict.system.rule.meaning_text == "hcp 15-17, balanced"
    assert not board.student_to_call and board.next_seat == "W"
    made = board.advance()
    assert [str(c.call) for c in made] == ["P", "3NT", "P"]
    assert board.student_to_call and board.next_seat == "S"
    assert board.student_call(PASS).agrees
    assert [str(c.call) for c in board.advance()] == ["P"]
    assert board.is_complete and board.next_seat is None and not board.student_to_call
    assert board.auction.text() == "1NT P 3NT P P P"
    assert board.auction == board.system_auction()
    assert str(board.contract()) == "3NT" and board.contract().declarer == "S"
    assert board.contract() == board.system_contract() and board.contract_matches
    assert [v.call for v in board.history] == list(calls("1NT P"))
    assert len(board.choices) == len(board.auction.calls)
    assert board.legal_calls() == ()
    with pytest.raises(PracticeError, match="over"):
        board.student_call("P")


def test_student_disagrees_and_the_system_bids_over_it(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    verdict = board.student_call("2C")
    assert not verdict.agrees and verdict.call == Call.parse("2C")
    assert verdict.system.call == Call.parse("1NT")
    assert verdict.student_rule is not None and verdict.student_rule.meaning_text == "hcp 22+"
    assert verdict.student_rule_fits is False
    assert [(m.field, m.value, m.wanted, m.fits) for m in verdict.student_measures] == [("hcp", 16, "22+", False)]
    # The system answers the auction at the table (South's 2♣), not its own.
    made = board.advance()
    assert [c.call for c in made] == list(board.auction.calls[1:])
    assert board.auction.calls[0] == Call.parse("2C")
    assert board.system_auction().text() == "1NT P 3NT P P P"


def test_a_call_the_system_never_makes_has_no_rule(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    board.student_call("1NT")
    board.advance()
    verdict = board.student_call("4NT")
    assert not verdict.agrees and verdict.student_rule is None and verdict.student_rule_fits is None
    assert verdict.student_measures == ()


def test_system_bids_every_other_seat(standard):
    for dealer in SEATS:
        for seat in SEATS:
            board = PracticeBoard(standard, SPADE_DEAL, dealer, seat)
            while True:
                start = len(board.auction.calls)
                made = board.advance()
                # The system called exactly for the seats between, none of them the student's.
                assert [c.call for c in made] == list(board.auction.calls[start:])
                assert all(board.auction.seat_of(i) != seat for i in range(start, len(board.auction.calls)))
                if board.is_complete:
                    break
                assert board.next_seat == seat and board.student_to_call
                board.student_call(standard.call_for(SPADE_DEAL, board.auction).call)
            # Following the system everywhere gives the system's auction.
            assert board.auction.calls == board.system_auction().calls
            assert all(v.agrees and v.seat == seat for v in board.history)
            assert all(board.auction.seat_of(v.index) == seat for v in board.history)


def test_following_the_system_reproduces_its_auction(standard):
    board = PracticeBoard(standard, SPADE_DEAL, "S", "S")
    while True:
        board.advance()
        if board.is_complete:
            break
        board.student_call(standard.call_for(SPADE_DEAL, board.auction).call)
    assert board.auction.text() == board.system_auction().text() == "1S P 1NT P 2D P P P"
    assert board.contract_matches


def test_illegal_call_raises_the_engines_error_and_changes_nothing(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    board.student_call("1NT")
    board.advance()  # W P, N 3NT, E P
    before = board.auction
    with pytest.raises(AuctionError, match="insufficient"):
        board.student_call("2D")
    with pytest.raises(AuctionError, match="our own side"):
        board.student_call("X")
    assert board.auction == before and len(board.history) == 1
    assert Call.parse("2D") not in board.legal_calls()


def test_out_of_turn_and_bad_seats(standard):
    board = PracticeBoard(standard, NT_DEAL, "N", "S")
    with pytest.raises(PracticeError, match="advance"):
        board.student_call("P")
    with pytest.raises(PracticeError, match="not a set of seats"):
        PracticeBoard(standard, NT_DEAL, "N", "SS")
    with pytest.raises(PracticeError, match="not a set of seats"):
        PracticeBoard(standard, NT_DEAL, "N", "Q")


def test_no_students_is_the_systems_own_auction(standard):
    board = PracticeBoard(standard, SPADE_DEAL, "E", "")
    board.advance()
    assert board.is_complete and board.auction.calls == board.system_auction().calls
    assert board.history == () and board.contract_matches


# --- undo ----------------------------------------------------------------------------------------


def test_undo_takes_back_the_students_call_and_the_systems_after_it(standard):
    board = PracticeBoard(standard, NT_DEAL, "E", "S")
    assert not board.can_undo
    with pytest.raises(PracticeError, match="no student call"):
        board.undo()
    board.advance()  # E P
    assert board.auction.text() == "P"
    board.student_call("2C")
    board.advance()  # W, N and E answer South's 2♣
    after_first = board.auction
    assert len(after_first.calls) == 5 and board.student_to_call
    board.student_call(board.legal_calls()[-1])  # 7NT
    board.advance()  # everyone passes 7NT: the auction is over
    assert board.is_complete and not board.can_undo
    with pytest.raises(PracticeError, match="over"):
        board.undo()

    board = PracticeBoard(standard, NT_DEAL, "E", "S")
    board.advance()
    start = board.auction
    board.student_call("2C")
    board.advance()
    second = board.auction
    assert second.text() == "P 2C P 2NT P"
    board.student_call("3S")
    board.advance()
    assert board.auction.text() == "P 2C P 2NT P 3S P 3NT P" and board.student_to_call
    undone = board.undo()
    assert undone.call == Call.parse("3S") and board.auction == second
    assert board.student_to_call and board.next_seat == "S"
    assert len(board.choices) == len(board.auction.calls) and len(board.history) == 1
    undone = board.undo()
    assert undone.call == Call.parse("2C") and undone.index == 1
    assert board.auction == start and board.history == () and board.undone == 2
    verdict = board.student_call("1NT")
    assert verdict.agrees and verdict.index == 1 and verdict.opening


# --- verdict facts and sentences -----------------------------------------------------------------


def test_verdict_facts_match_the_hand(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    verdict = board.student_call("1NT")
    hand = NT_DEAL.hand("S")
    facts = verdict.facts
    assert facts.hcp == hand.hcp == 16 and facts.points == 16
    assert facts.pattern == hand.pattern == (4, 3, 3, 3) and facts.lengths == hand.shape == (4, 3, 3, 3)
    assert [(m.field, m.suit, m.value, m.wanted, m.fits) for m in facts.measures] == [
        ("hcp", None, 16, "15-17", True),
        ("shape", None, (4, 3, 3, 3), "balanced", True),
    ]


def test_verdict_facts_follow_the_where(standard):
    board = PracticeBoard(standard, SPADE_DEAL, "S", "S")
    verdict = board.student_call("1S")
    assert verdict.agrees
    facts = verdict.facts
    assert (facts.hcp, facts.points, facts.lengths, facts.pattern) == (16, 17, (5, 2, 4, 2), (5, 4, 2, 2))
    measured = {(m.field, m.suit): m for m in facts.measures}
    assert measured["points", None].value == 17 and measured["points", None].wanted == "13-21"
    assert measured["length", 0].value == 5 and measured["length", 0].fits
    # The where names all four suits: their lengths are facts, judged only by the where as a whole.
    assert [measured["length", s].value for s in (1, 2, 3)] == [2, 4, 2]
    assert measured["length", 1].fits is None and measured["length", 1].wanted == ""
    assert measured["where", None].fits is True


def test_verdict_measures_cover_the_other_fields(standard):
    # A weak two: quality and lengths; a preempt: playing tricks.
    board = PracticeBoard(standard, SPADE_DEAL, "W", "W")
    verdict = board.student_call("2S")  # West QT9874.AT5.KJ.J5: 11 HCP, no weak two
    measured = {(m.field, m.suit): m for m in verdict.student_measures}
    assert measured["hcp", None].value == 11 and measured["hcp", None].fits is False
    assert measured["length", 0].value == 6 and measured["length", 0].fits
    assert measured["quality", 0].value == 2 and measured["quality", 0].wanted == "2+"
    assert verdict.student_rule_fits is False
    verdict = board.undo()
    verdict = board.student_call("3S")
    measured = {(m.field, m.suit): m for m in verdict.student_measures}
    assert measured["tricks", None].value == SPADE_DEAL.hand("W").playing_tricks
    assert measured["length", 0].fits is False  # 3♠ wants seven spades


def test_a_verdict_carries_what_a_front_end_needs_to_phrase_it(standard):
    """The record, not a sentence: the system's call and its explanation, the student's call and what
    it would mean, the hand's facts (the window phrases them through tr())."""
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    agree = board.student_call("1NT")
    assert agree.agrees and agree.opening and agree.system.call == Call.parse("1NT")
    assert agree.system.explained.meaning_text() or agree.system.explained.note
    assert (agree.facts.hcp, agree.facts.pattern) == (16, (4, 3, 3, 3))
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    disagree = board.student_call("2S")
    assert not disagree.agrees and disagree.system.call == Call.parse("1NT")
    assert disagree.student_rule is not None and disagree.student_rule.call == Call.parse("2S")
    assert "weak two" in disagree.student_rule.explanation_record.note.lower() + disagree.student_rule.explanation
    assert ("length", 0) in {(m.field, m.suit) for m in disagree.facts.measures + disagree.student_measures}
    board.undo()
    passing = board.student_call("P")
    assert passing.call.is_pass and passing.system.call == Call.parse("1NT")


def test_student_rule_prefers_a_rule_the_hand_fits(standard):
    # After 1♠ P, 2♦ has several rules (5+ diamonds; four diamonds; nothing better).  North's
    # 32.KJ52.AQ84.Q97 (12 HCP, 2=4=4=3) fits the second, not the first: the second is quoted.
    deal = parse_deal("N:32.KJ52.AQ84.Q97 T6.876.J752.T653 AKJ54.Q3.K6.A842 Q987.AT94.T93.KJ")
    board = PracticeBoard(standard, deal, "S", "N")
    board.advance()
    assert board.auction.text() == "1S P"
    verdict = board.student_call("2D")
    assert verdict.system.call == Call.parse("2NT") and not verdict.agrees
    rules = [r for r in standard.rules_for(Auction.parse("S", "1S P")) if r.call == verdict.call]
    assert len(rules) >= 3
    assert verdict.student_rule is rules[1] and verdict.student_rule_fits is True
    assert rules[1].meaning_text == "diamonds 4+, points 11+"
    assert (verdict.facts.hcp, verdict.facts.pattern) == (12, (4, 4, 3, 2))
    assert {(m.field, m.suit, m.value) for m in verdict.student_measures} >= {("length", 2, 4), ("points", None, 12)}
    # A hand no rule for the call fits: the first rule is quoted, and it does not fit.
    board = PracticeBoard(standard, SPADE_DEAL, "S", "N")
    board.advance()
    assert board.auction.text() == "1S P"
    verdict = board.student_call("2D")
    rules = [r for r in standard.rules_for(Auction.parse("S", "1S P")) if r.call == verdict.call]
    assert verdict.student_rule is rules[0] and verdict.student_rule_fits is False


def test_annotated_auction_notes_the_systems_calls(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    board.student_call("1NT")
    board.advance()
    notes = board.annotated_auction().notes
    assert notes[0] is None and notes[2] == board.choices[2].explanation and notes[2].startswith("3NT:")
    assert board.annotated_auction().calls == board.auction.calls
    assert board.system_result().auction == board.system_auction()


# --- two students --------------------------------------------------------------------------------


def test_two_students_hand_over(standard):
    board = PracticeBoard(standard, NT_DEAL, "S", "NS")
    assert board.student_seats == "NS" and board.student_to_call and board.handover_needed  # the first student
    board.student_call("1NT")
    board.advance()  # West passes
    assert board.next_seat == "N" and board.handover_needed
    board.student_call("3NT")
    board.advance()
    assert board.next_seat == "S" and board.handover_needed
    board.student_call("P")
    board.advance()
    assert board.is_complete and not board.handover_needed and board.contract_matches
    one = PracticeBoard(standard, NT_DEAL, "S", "S")
    assert not one.handover_needed


# --- score and tags ------------------------------------------------------------------------------


def test_score_counts_and_tags_round_trip(standard):
    good = PracticeBoard(standard, NT_DEAL, "S", "S")
    good.student_call("1NT")
    good.advance()
    good.student_call("P")
    good.advance()
    bad = PracticeBoard(standard, NT_DEAL, "S", "S")
    bad.student_call("2S")
    bad.advance()
    while bad.student_to_call:
        bad.student_call("P")
        bad.advance()
    unfinished = PracticeBoard(standard, SPADE_DEAL, "S", "S")
    unfinished.student_call("1NT")
    score = PracticeScore().add(good).add(bad).add(unfinished)
    agreeing = 2 + sum(v.agrees for v in bad.history) + 0
    assert score.calls_made == 2 + len(bad.history) + 1
    assert score.calls_agreeing == agreeing
    assert score.boards_finished == 2
    assert score.contracts_matching == 1 + int(bad.contract_matches)
    assert PracticeScore.from_tags(score.to_tags()) == score
    assert score.to_tags() == {
        PRACTICE_SCORE_TAG: f"calls {agreeing}/{score.calls_made} contracts {score.contracts_matching}/2"
    }
    assert PracticeScore.from_tags({}) == PracticeScore()
    assert "of 2 contracts match" in score.text()

    # Per board: the tag value is one line and reads back to the same record.
    # The system's name is kept, so a teacher reading the file sees which system marked the calls.
    name = standard.name
    assert good.record().tag_value() == (
        f"seats=S calls=1NT,P system=1NT,P contract=3NT:S system_contract=3NT:S system_name={name}"
    )
    assert unfinished.record().tag_value() == f"seats=S calls=1NT system=1S system_contract=2D:S system_name={name}"
    club = replace(good.record(), system_name="Our club's 5-card majors")
    assert "system_name=Our%20club%27s%205-card%20majors" in club.tag_value()
    assert BoardRecord.from_tag_value(club.tag_value()).system_name == "Our club's 5-card majors"
    records = [b.record() for b in (good, bad, unfinished)]
    for record in records:
        value = record.tag_value()
        assert "\n" not in value and BoardRecord.from_tag_value(value) == record

    # A saved set: each board carries its tag; reopening rebuilds the same score.
    boards = [Board(i + 1, b.deal).with_tags(**b.record().to_tags()) for i, b in enumerate((good, bad, unfinished))]
    boards.append(Board(4, NT_DEAL))  # not practised
    assert PracticeScore.from_boards_tags(b.tags for b in boards) == score
    assert BoardRecord.from_tags(boards[3].tags) is None


def test_score_tags_through_pbn(standard, tmp_path):
    from bridgegui.formats import pbn

    board = PracticeBoard(standard, NT_DEAL, "S", "S")
    board.student_call("1NT")
    board.advance()
    board.student_call("P")
    board.advance()
    saved = [Board(3, NT_DEAL).with_tags(**board.record().to_tags())]
    reopened = pbn.loads(pbn.dumps(saved))
    assert reopened[0].tag(PRACTICE_TAG) == board.record().tag_value()
    assert PracticeScore.from_boards_tags(b.tags for b in reopened) == PracticeScore().add(board)


def test_passed_out_and_doubled_records():
    record = BoardRecord(
        seats="EW", calls=(PASS, Call.parse("X")), system_calls=(PASS, PASS), finished=True, contract=None,
        system_finished=True, system_contract=None,
    )  # fmt: skip
    value = record.tag_value()
    assert value == "seats=EW calls=P,X system=P,P contract=Pass system_contract=Pass"
    assert BoardRecord.from_tag_value(value) == record and record.contract_matches
    doubled = BoardRecord.from_tag_value("seats=N calls=- system=- contract=4HX:E system_contract=4H:E")
    assert str(doubled.contract) == "4HX" and doubled.contract.declarer == "E" and not doubled.contract_matches
    assert doubled.calls_made == 0


@pytest.mark.parametrize(
    "value",
    [
        "",
        "seats=S",
        "seats=S calls=1NT system=-",
        "seats=S calls=9Z system=P",
        "seats=S calls=P system=P contract=3Q:S",
        "junk",
    ],
)
def test_bad_tag_values(value):
    with pytest.raises(PracticeError):
        BoardRecord.from_tag_value(value)


def test_bad_summary():
    with pytest.raises(PracticeError):
        PracticeScore.from_tags({PRACTICE_SCORE_TAG: "calls 3/2 contracts 0/0"})
    with pytest.raises(PracticeError):
        PracticeScore.from_tags([(PRACTICE_SCORE_TAG, "most of them")])


# --- property: the loop never breaks -------------------------------------------------------------

MAX_STEPS = 319 + 4
"""The Laws bound an auction at 319 calls; a step is one call or one advance round."""


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(SEATS),
    seats=st.sampled_from(["N", "E", "S", "W", "NS", "EW", "NE", "SW"]),
    picks=st.lists(st.integers(0, 69), max_size=40),
    undos=st.frozensets(st.integers(0, 40), max_size=6),
)
def test_random_students_always_finish_a_legal_auction(standard, seed, dealer, seats, picks, undos):
    """Random deals and random legal student calls (and undos): the loop always ends in a complete,
    legal auction within the Laws' bound, and every verdict is consistent with the board."""
    deal = Deal.from_masks(deal_batch(1, seed=seed)[0].tolist())
    board = PracticeBoard(standard, deal, dealer, seats)
    steps = 0
    while not board.is_complete:
        steps += 1
        assert steps <= MAX_STEPS
        board.advance()
        if board.is_complete:
            break
        assert board.student_to_call and board.next_seat in seats
        legal = board.legal_calls()
        # Half the picks (and every call after the picks run out) pass, so auctions end as at a table.
        pick = picks[steps - 1] if steps - 1 < len(picks) else len(legal)
        call = legal[pick // 2] if pick % 2 == 0 and pick // 2 < len(legal) else PASS
        verdict = board.student_call(call)
        assert verdict.call == call and verdict.seat in seats
        assert verdict.agrees == (call == verdict.system.call)
        assert verdict.facts.hcp == deal.hand(verdict.seat).hcp
        assert verdict.facts.pattern == deal.hand(verdict.seat).pattern
        if steps in undos and board.can_undo:
            assert board.undo() == verdict
            assert board.student_to_call and board.next_seat == verdict.seat
    assert board.auction.is_complete
    assert Auction(dealer, board.auction.calls) == board.auction  # legal, rebuilt from scratch
    assert len(board.choices) == len(board.auction.calls)
    assert all(board.auction.calls[v.index] == v.call for v in board.history)
    assert all(v.index < len(board.auction.calls) for v in board.history)
    record = board.record()
    assert BoardRecord.from_tag_value(record.tag_value()) == record
    # The reference auction, built on the calls where the students agreed with the system, is the
    # system's own auction bid from scratch.
    own = standard.bid(deal, dealer, board.vulnerable)
    assert board.system_result().auction == own.auction
    assert [c.rule for c in board.system_result().choices] == [c.rule for c in own.choices]


@pytest.mark.parametrize("seed", range(6))
def test_the_reference_auction_after_one_student_deviation_is_the_systems_own(seed):
    """A student who follows the system except for one call: the system's reference auction shares the
    calls up to that one, takes the system's choice there and goes on as the system bids alone."""
    system = load_system("sayc")
    deal = Deal.from_masks(deal_batch(1, seed=seed)[0].tolist())
    own = system.bid(deal, "N", "None")
    board = PracticeBoard(system, deal, "N", "NESW")
    deviate = seed % max(1, len(own.auction.calls))
    while not board.is_complete:
        choice = system.call_for(deal, board.auction, "None")
        call = choice.call
        if len(board.auction.calls) == deviate:
            call = next(c for c in board.legal_calls() if c != choice.call)
        board.student_call(call)
    reference = board.system_result()
    assert reference.auction == own.auction
    assert [c.rule for c in reference.choices] == [c.rule for c in own.choices]
    assert board.auction.calls[deviate] != own.auction.calls[deviate]


def test_an_also_alternative_is_scored_acceptable_not_wrong():
    """A student's 1NT with 15-17 balanced and five hearts: the system prefers 1♥ but its rule names
    1NT as also right, so the verdict says acceptable, with the reason, and the score counts it."""
    from bridgegui.engine.bidding import parse_system
    from bridgegui.engine.cards import parse_deal
    from bridgegui.engine.teaching.bidding_practice import PracticeBoard, PracticeScore

    system = parse_system(
        "version: 2\nsystem: Alt\nafter P*\n"
        "  1H hcp 15-17, hearts 5, balanced -- five hearts come first.\n"
        "      also 1NT -- 1NT is also right with a five-card major and 15-17 balanced.\n"
        "  fallback P\n"
        "after **\n  fallback P\n"
    )
    deal = parse_deal("N:A4.KQ974.KJ2.Q85 KQ2.A2.Q9843.K93 J965.J6.A75.AJ74 T873.T853.T6.T62")
    board = PracticeBoard(system, deal, "N", "N")
    verdict = board.student_call("1NT")
    assert not verdict.agrees and verdict.is_acceptable
    assert "five-card major" in verdict.acceptable.reason
    assert verdict.system.call == Call.parse("1H") and verdict.call == Call.parse("1NT")
    board.advance()
    score = PracticeScore().add(board)
    assert (score.calls_agreeing, score.calls_acceptable, score.calls_made) == (0, 1, 1)
    assert PracticeScore.from_tags(score.to_tags()) == score
    wrong = PracticeBoard(system, deal, "N", "N").student_call("2C")
    assert not wrong.is_acceptable


def test_a_board_still_being_bid_adds_its_calls_without_bidding_the_systems_auction():
    """The running score counts a board's calls while it is bid; the system's own auction (a whole
    auction's bidding) is needed only once the board ends, for its contract."""
    from bridgegui.engine.bidding import load_system
    from bridgegui.engine.cards import parse_deal
    from bridgegui.engine.teaching.bidding_practice import PracticeBoard, PracticeScore

    deal = parse_deal("N:AKQ2.K72.Q84.J93 T987.AJ5.K72.K82 J6.Q984.AJ5.Q765 543.T63.T963.AT4")
    board = PracticeBoard(load_system("sayc"), deal, "N", "N")
    board.student_call("1NT")
    running = PracticeScore().add_calls(board)
    assert board._system_result is None  # not bid yet: the running score did not need it
    assert (running.calls_made, running.calls_agreeing, running.contracts_matching) == (1, 1, 0)
    full = PracticeScore().add(board)
    assert (full.calls_made, full.calls_agreeing) == (running.calls_made, running.calls_agreeing)
