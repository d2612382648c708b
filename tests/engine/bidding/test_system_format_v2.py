"""Version 2 of the system-file format (docs/bidding-design.md): names, suit variables, seat and
vulnerability, generated explanations, fallback rules, alternatives, includes and overrides, the cache."""

from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

from bridgegui.engine.bidding import NOT_COVERED, Auction, Call, SystemFileError, load_system, parse_system
from bridgegui.engine.bidding.loader import MAX_SYSTEM_BYTES, cache_folder
from bridgegui.engine.bidding.system import vulnerability_state
from bridgegui.engine.cards import Hand
from bridgegui.engine.dealer.constraints import parse_seat_spec

V2 = "version: 2\nsystem: Test\n"


def hand(text: str) -> np.ndarray:
    return np.array([Hand.from_pbn(text).mask], dtype=np.uint64)


def call_for(system, calls: str, cards: str, dealer: str = "N", vulnerable: str = "None") -> str:
    auction = Auction.parse(dealer, calls)
    _codes, rules = system.choose(hand(cards), auction, vulnerable)
    return "P" if rules[0] < 0 else str(system.rules[int(rules[0])].call)


def fault(text: str) -> SystemFileError:
    with pytest.raises(SystemFileError) as info:
        parse_system(text, "test.system")
    return info.value


# --- names ------------------------------------------------------------------------------------------


def test_a_defined_name_stands_for_its_text_everywhere():
    system = parse_system(V2 + "define nt = 15-17\nafter P*\n  1NT hcp {nt}, balanced -- with {nt} HCP.\n")
    rule = system.rules[0]
    assert rule.meaning == parse_seat_spec("hcp 15-17, balanced")
    assert rule.explanation == "1NT: 15–17 HCP, balanced. With 15-17 HCP."


def test_the_first_definition_wins_so_a_system_sets_a_conventions_parameter(tmp_path):
    (tmp_path / "conv.system").write_text(
        "version: 2\nconvention: Conv\ndefine nt = 15-17\nafter P*\n  1NT hcp {nt}, balanced\n", encoding="utf-8"
    )
    (tmp_path / "main.system").write_text(V2 + "define nt = 12-14\ninclude conv.system\n", encoding="utf-8")
    system = load_system(tmp_path / "main.system")
    assert system.rules[0].meaning == parse_seat_spec("hcp 12-14, balanced")
    assert system.rules[0].source == "conv.system"


def test_a_name_defined_twice_in_one_file_or_never_is_refused():
    error = fault(V2 + "define a = 1\ndefine a = 2\nafter P*\n  P\n")
    assert (error.line, "defined twice") == (4, "defined twice") and "first at line 3" in str(error)
    error = fault(V2 + "after P*\n  1NT hcp {nt}\n")
    assert (error.line, error.column) == (4, 11) and "{nt} is not defined" in error.message


# --- suit variables ---------------------------------------------------------------------------------


def test_a_bound_variable_makes_one_block_per_suit():
    system = parse_system(
        V2 + "after P* 1{major} P\n  3{major} {major} 3+, support {major} 11-12 -- limit raise in {major}.\n"
    )
    assert [b.pattern.text for b in system.blocks] == ["P* 1S P", "P* 1H P"]
    assert [str(r.call) for r in system.rules] == ["3S", "3H"]
    assert system.rules[1].meaning == parse_seat_spec("hearts 3+, support hearts 11-12")
    assert system.rules[1].explanation.endswith("Limit raise in hearts.")
    assert call_for(system, "1H P", "K84.Q763.A62.K52") == "3H"


def test_a_free_variable_makes_one_rule_per_other_suit_cheapest_first_and_names_differ():
    system = parse_system(V2 + "after P* 1{minor} P\n  1{major} {major} 4+, points 6+ -- a new suit, {major}.\n")
    clubs = system.rules_for(Auction.parse("N", "1C P"))
    assert [str(r.call) for r in clubs] == ["1H", "1S"]
    # With four of each major, hearts (cheaper) comes first: up the line.
    assert call_for(system, "1D P", "AQ74.KJ63.52.852") == "1H"
    pairs = parse_system(V2 + "after P* 1{suit} P\n  2{suit2} {suit2} 5+\n")
    over_spades = pairs.rules_for(Auction.parse("N", "1S P"))
    assert [str(r.call) for r in over_spades] == ["2C", "2D", "2H"]  # never 2S: another name, another suit


def test_a_variable_in_a_call_of_a_note_reads_as_its_symbol():
    system = parse_system(V2 + "after P* 1{major} P\n  P -- partner's 1{major} is passed.\n")
    assert system.rules[0].explanation == "Pass: Partner's 1♠ is passed."


def test_an_error_in_a_substituted_line_points_at_the_written_text_and_names_the_suit():
    error = fault(V2 + "after P* 1{major} P\n  2{major} {major} 3+, spodes 2\n")
    assert error.line == 4 and error.column == 24 and "(with {major} = spades)" in error.message


# --- seat and vulnerability -------------------------------------------------------------------------


SEATED = V2 + (
    "after P*\n"
    "  1S  seat 3-4, hcp 10-12, spades 4+ -- a light third- or fourth-seat opening.\n"
    "  3H  vul none|they, hcp 5-10, hearts 7+ -- preempt.\n"
    "  2H  vulnerable, hcp 5-10, hearts 7+ -- vulnerable: only a weak two.\n"
    "  P\n"
)


def test_seat_terms_follow_the_callers_position_from_the_dealer():
    system = parse_system(SEATED)
    light = "AQ74.K63.Q52.852"
    assert call_for(system, "", light) == "P"
    assert call_for(system, "P", light) == "P"
    assert call_for(system, "P P", light) == "1S"
    assert call_for(system, "P P P", light, dealer="E") == "1S"
    assert system.rules[0].explanation.startswith("1♠: in third or fourth seat, 10–12 HCP")


def test_vulnerability_terms_follow_the_board_from_the_callers_side():
    system = parse_system(SEATED)
    preempt = "4.KQJ9853.852.74"
    assert call_for(system, "", preempt, vulnerable="None") == "3H"
    assert call_for(system, "", preempt, vulnerable="EW") == "3H"  # North: they are vulnerable
    assert call_for(system, "", preempt, vulnerable="NS") == "2H"
    assert call_for(system, "", preempt, vulnerable="All") == "2H"
    assert call_for(system, "P", preempt, vulnerable="NS") == "3H"  # East: NS is "they"
    assert [vulnerability_state(v, "E") for v in ("None", "NS", "EW", "All")] == ["none", "they", "we", "both"]


def test_bid_and_bid_batch_take_the_vulnerability():
    system = parse_system(SEATED)
    deals = np.array([[Hand.from_pbn("4.KQJ9853.852.74").mask, 0, 0, 0]], dtype=np.uint64)
    assert system.bid_batch(deals, "N", "NS")[0].calls[0] == Call.parse("2H")
    assert system.bid_batch(deals, "N")[0].calls[0] == Call.parse("3H")


def test_bad_table_terms_are_refused():
    assert "a seat is 1 to 4" in fault(V2 + "after P*\n  1S seat 5\n").message
    assert "none, we, they or both" in fault(V2 + "after P*\n  1S vul red\n").message


# --- explanations, fallback, alternatives -----------------------------------------------------------


def test_explanations_are_generated_from_the_meaning_and_numbers_are_never_typed_twice():
    system = parse_system(
        V2 + "after P*\n"
        "  2S  hcp 5-10, spades 6, quality spades 2+, hearts 3- -- weak two.\n"
        "  1NT hcp 15-17, balanced where spades(me) <= 4\n"
    )
    weak, notrump = system.rules
    assert weak.explanation == "2♠: 5–10 HCP, 6 spades, 2+ of the top five spades, at most 3 hearts. Weak two."
    assert weak.explained.terms[0] == "5–10 HCP" and weak.explained.note == "weak two."
    assert notrump.explanation == "1NT: 15–17 HCP, balanced, at most 4 spades."


def test_a_where_test_the_meaning_already_guarantees_is_not_read_to_the_student():
    """A teacher's trial found a pre-empt on 8+ hearts explained with "(hearts ≤ 3 or hearts ≥ 7)", a
    test written once for every suit that this hand cannot fail, and "spades ≥ 5" after "5+ spades"."""
    side_major = "(hearts(me) <= 3 or hearts(me) >= 7) and (spades(me) <= 3 or spades(me) >= 7)"
    system = parse_system(
        V2 + "after P*\n"
        f"  4H hcp 5-10, hearts 8+ where {side_major} -- pre-empt.\n"
        "  1NT hcp 15-17, balanced where spades(me) <= 5\n"
        "  1S spades 5+ where spades(me) >= 5 and hcp(me) >= 12\n"
        "  2S hcp 5-10, spades 6 where hearts(me) <= 3 or hearts(me) >= 7\n"
    )
    preempt, notrump, major, weak = system.rules
    assert preempt.explanation == "4♥: 5–10 HCP, 8+ hearts, not 4–6 spades. Pre-empt."
    assert notrump.explanation == "1NT: 15–17 HCP, balanced."  # balanced never holds six spades
    assert major.explanation == "1♠: 5+ spades, 12+ HCP."
    # An "or" at the top joins no conjuncts: the whole test stays, as it can fail.
    assert weak.explanation.startswith("2♠: 5–10 HCP, 6 spades, at most 3 hearts or 7+ hearts")
    # Only the words change: the rule still takes exactly the hands its whole condition allows.
    from bridgegui.engine.cards import Hand

    hands = [Hand.from_pbn(h).mask for h in ("3.AKQJ8765.432.2", "AK43.KQJ87654.2.")]
    assert preempt.mask(np.array(hands, dtype=np.uint64), 0).tolist() == [True, False]


def test_four_suit_tests_read_as_a_teacher_says_them_and_keep_their_meaning():
    from bridgegui.engine.bidding.explain import where_words

    no_void = "spades(me) >= 1 and hearts(me) >= 1 and diamonds(me) >= 1 and clubs(me) >= 1"
    short = "clubs(me) <= 1 or diamonds(me) <= 1 or hearts(me) <= 1 or spades(me) <= 1"
    assert (
        where_words(f"{no_void} and (hcp(me) <= 9 or hearts(me) <= 3)")
        == "no void and (at most 9 HCP or at most 3 hearts)"
    )
    assert where_words(short) == "a singleton or void"
    assert where_words(f"hcp(me) >= 12 and ({short})") == "12+ HCP and (a singleton or void)"
    # Where the chain is not one unit, or a test is not the whole comparison, the words stay literal.
    assert where_words(f"hcp(me) >= 12 and {short}").startswith("12+ HCP and at most 1 club or")
    assert where_words(f"hcp(me) + {no_void}").startswith("HCP + spades ≥ 1 and")
    assert where_words(no_void.replace(">= 1 and hearts", ">= 10 and hearts")).startswith("10+ spades and 1+ hearts")
    system = parse_system(V2 + f"after P*\n  2S hcp 5-10, spades 6 where {no_void} -- weak two.\n")
    assert system.rules[0].explanation == "2♠: 5–10 HCP, 6 spades, no void. Weak two."


def test_honour_and_count_tests_read_as_words():
    """A teacher's trial read "controls(the hand, hearts) = 0", "1 hearts" and "exactly 0 of the top three clubs"."""
    from bridgegui.engine.bidding.explain import term_words, where_words

    assert where_words("controls(me, hearts) == 0") == "no ace or king in hearts"
    assert where_words("(hearts(me) >= 2 and aces(me, hearts) + kings(me, hearts) == 0)") == (
        "(2+ hearts and no ace or king in hearts)"
    )
    assert (
        where_words("kings(me, spades) == 0 and queens(me, clubs) >= 1") == "no king in spades and the queen of clubs"
    )
    assert where_words("losers(me, diamonds) <= 2") == "at most 2 losers in diamonds"
    assert where_words("top3(me, clubs) == 0") == "none of the top three clubs"
    assert where_words("not kings(me, hearts) == 0") == "not kings(the hand, hearts) = 0"  # under "not": literal
    assert term_words("hearts 1") == "1 heart" and term_words("hearts 1-3") == "1–3 hearts"
    assert term_words("quality spades 0") == "none of the top five spades"
    # A second trial read "none HCP in diamonds", "aces = 1", "hearts = 4 or spades = 4" and a list of
    # three vulnerabilities.
    assert where_words("hcp(me, diamonds) <= 0") == "no HCP in diamonds"
    assert where_words("hcp(me, clubs) == 0") == "no HCP in clubs"
    assert where_words("aces(me) == 1") == "1 ace" and where_words("kings(me) >= 2") == "2+ kings"
    assert where_words("hearts(me) == 4 or spades(me) == 4") == "4 hearts or 4 spades"
    assert where_words("hearts(me) < 2 and hcp(me) <= 9") == "at most 1 heart and at most 9 HCP"
    assert where_words("hearts(me) + spades(me) <= 9") == "hearts + spades ≤ 9"  # arithmetic keeps its signs
    from bridgegui.engine.bidding.explain import vulnerability_words

    assert vulnerability_words(frozenset({"none", "they", "both"})) == "not at unfavourable vulnerability"
    assert vulnerability_words(frozenset({"none", "both"})) == "at equal vulnerability"


def test_hand_functions_read_as_words_and_keep_their_meaning():
    """Before, a student read "top3(the hand, spades) ≥ 2" and "hcp(the hand, clubs) ≤ 3"."""
    from bridgegui.engine.bidding.explain import where_words

    assert where_words("top3(me, spades) >= 2 or top5(me, spades) >= 3") == (
        "2+ of the top three spades or 3+ of the top five spades"
    )
    assert where_words("hcp(me, clubs) <= 3") == "at most 3 HCP in clubs"
    assert where_words("hcp(me, hearts) > hcp(me, spades)") == "more HCP in hearts than in spades"
    assert where_words("aces(me, diamonds) >= 1 or diamonds(me) == 0") == "the ace of diamonds or a void in diamonds"
    assert where_words("top2(me, hearts) >= 1") == "the ace or king of hearts"
    assert where_words("(hcp(me) >= 11 or not shape(me, any 5332))") == "(11+ HCP or not 5-3-3-2 shape)"
    longest = "spades(me) >= hearts(me) and spades(me) >= diamonds(me) and spades(me) >= clubs(me)"
    assert where_words(f"{longest} and hcp(me) >= 12") == "no suit longer than spades and 12+ HCP"
    # A test inside arithmetic or under "not" is not a whole comparison: only its measure is named.
    assert where_words("hcp(me) + hcp(me, spades) >= 5") == "HCP + HCP in spades ≥ 5"
    assert where_words("not top3(me, spades) >= 2") == "not top-three spades ≥ 2"
    assert where_words(f"hcp(me) + {longest}").startswith("HCP + spades ≥ hearts and")
    # Suit lengths compared read as a teacher says them; conjuncts on one suit read as one.
    opening = "hearts(me) > spades(me) and hearts(me) >= diamonds(me) and hearts(me) >= clubs(me)"
    assert where_words(opening) == "hearts longer than spades and hearts at least as long as diamonds and clubs"
    assert where_words("clubs(me) > diamonds(me) and clubs(me) > hearts(me)") == "clubs longer than diamonds and hearts"
    assert where_words("diamonds(me) == clubs(me) or diamonds(me) < clubs(me)") == (
        "diamonds as long as clubs or diamonds shorter than clubs"
    )
    assert where_words("not spades(me) > hearts(me)") == "not spades > hearts"
    assert where_words("spades(me) >= hearts(me) + 1") == "spades ≥ hearts + 1"
    # Arithmetic reads with the signs of a schoolbook, not a programmer's star and slash.
    assert where_words("hcp(me) + 2 * hearts(me) <= 20") == "HCP + 2 × hearts ≤ 20"
    assert where_words("hcp(me) / 2 >= spades(me)") == "HCP ÷ 2 ≥ spades"


def test_fallback_rules_are_marked_and_say_not_covered():
    system = parse_system(V2 + "after **\n  fallback P -- the opponents' auction is beyond this system.\n")
    rule = system.rules[0]
    assert rule.catch_all and rule.explained.catch_all
    assert rule.explanation.startswith(NOT_COVERED)
    assert rule.explanation == "Not covered by this system: Pass. The opponents' auction is beyond this system."


def test_version_1_catch_alls_are_recognised_by_their_text():
    system = parse_system("system: Old\nafter **\n  P any -- Not covered by this teaching system: pass.\n")
    assert system.rules[0].catch_all and system.rules[0].explanation.startswith("Not covered")


def test_an_also_line_makes_another_call_acceptable_for_the_hands_the_rule_takes():
    system = parse_system(
        V2 + "after P*\n"
        "  1H hcp 15-17, hearts 5, balanced -- five hearts and 15-17.\n"
        "      also 1NT -- 1NT is also right with a five-card major and 15-17 balanced.\n"
        "  1S hcp 12-21, spades 5+\n"
        "      also 1NT hcp 15-17, balanced -- with 15-17 balanced, 1NT describes the hand.\n"
    )
    auction = Auction("N")
    notrump = Call.parse("1NT")
    hearts = Hand.from_pbn("A4.KQ974.KJ2.Q85").mask
    choice, alternative = system.acceptable(hearts, auction, notrump)
    assert str(choice.call) == "1H" and alternative is not None and "five-card major" in alternative.reason
    weak_spades = Hand.from_pbn("KQ974.A4.862.Q85").mask
    assert system.acceptable(weak_spades, auction, notrump)[1] is None  # 12 HCP: the also's meaning fails
    assert system.acceptable(hearts, auction, Call.parse("2C"))[1] is None


def test_an_also_line_needs_a_rule_above_it_and_a_reason():
    assert "put it under a rule" in fault(V2 + "after P*\n  also 1NT -- x\n").message
    assert "the reason" in fault(V2 + "after P*\n  1H hearts 5+\n    also 1NT\n").message


# --- includes and overrides -------------------------------------------------------------------------


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BASE = (
    "version: 2\nconvention: Base\n"
    "after P*\n  1NT hcp 15-17, balanced\n  2D hcp 5-10, diamonds 6\n  P\n"
    "after P* 1NT P\n  2C hcp 8+\n  P\n"
)


def test_include_reads_a_file_in_place_and_replace_extend_remove_change_its_blocks(tmp_path):
    write(tmp_path, "base.system", BASE)
    main = write(
        tmp_path,
        "main.system",
        V2 + "include base.system\n"
        "extend after P*\n  2D hcp 20-22 -- a strong 2♦.\n  drop 2D\n"
        "replace after P* 1NT P\n  3NT hcp 10-15\n  P\n"
        "after P* 2D P\n  2H\n",
    )
    system = load_system(main)
    assert [str(r.call) for r in system.rules_for(Auction("N"))] == ["2D", "1NT", "P"]
    assert [str(r.call) for r in system.rules_for(Auction.parse("N", "1NT P"))] == ["3NT", "P"]
    assert [b.pattern.text for b in system.blocks] == ["P*", "P* 1NT P", "P* 2D P"]
    removed = write(tmp_path, "less.system", V2 + "include base.system\nremove after P* 1NT P\n")
    assert [b.pattern.text for b in load_system(removed).blocks] == ["P*"]


def test_overriding_a_block_that_was_never_read_or_dropping_a_missing_call_is_an_error(tmp_path):
    write(tmp_path, "base.system", BASE)
    main = write(tmp_path, "main.system", V2 + "include base.system\nreplace after P* 2C P\n  P\n")
    with pytest.raises(SystemFileError, match="no earlier after P\\* 2C P block to replace"):
        load_system(main)
    main = write(tmp_path, "main.system", V2 + "include base.system\nextend after P*\n  drop 3C\n")
    with pytest.raises(SystemFileError, match="no 3C rule to drop"):
        load_system(main)


def test_an_include_circle_is_named(tmp_path):
    write(tmp_path, "a.system", "version: 2\nconvention: A\ninclude b.system\n")
    write(tmp_path, "b.system", "version: 2\nconvention: B\ninclude a.system\n")
    main = write(tmp_path, "main.system", V2 + "include a.system\nafter P*\n  P\n")
    with pytest.raises(SystemFileError, match=r"circle: main\.system → a\.system → b\.system → a\.system"):
        load_system(main)


def test_version_2_words_in_a_version_1_file_are_refused():
    assert "version 2" in fault("system: Old\ninclude stayman\n").message
    assert "version 2" in fault("system: Old\nafter P*\n  1H hearts 5+ -- x.\n    also 1NT -- y.\n").message


def test_a_shipped_convention_is_included_by_name(tmp_path):
    main = write(tmp_path, "main.system", V2 + "include standard\n")
    assert len(load_system(main).rules) == len(load_system("standard").rules)


# --- loading: the cache and what is refused ---------------------------------------------------------


def test_a_second_load_comes_from_the_cache_and_a_changed_include_is_read_again(tmp_path):
    write(tmp_path, "base.system", BASE)
    main = write(tmp_path, "main.system", V2 + "include base.system\n")
    first = load_system(main)
    entries = list(cache_folder().glob("*.pickle"))
    assert entries
    second = load_system(main)
    assert [str(r.call) for r in second.rules] == [str(r.call) for r in first.rules]
    assert second is not first
    write(tmp_path, "base.system", BASE.replace("15-17", "12-14"))
    assert load_system(main).rules[0].meaning == parse_seat_spec("hcp 12-14, balanced")


def test_a_cached_system_bids_like_a_freshly_read_one():
    fresh = load_system("standard", use_cache=False)
    cached = pickle.loads(pickle.dumps(fresh))
    deals = np.random.default_rng(5).integers(0, 2**52, size=(1, 4), dtype=np.uint64)  # masks unused below
    del deals
    from bridgegui.engine.dealing import deal_batch

    batch = deal_batch(300, seed=11)
    assert [a.calls for a in fresh.bid_batch(batch, "N")] == [a.calls for a in cached.bid_batch(batch, "N")]


def test_a_fifo_or_endless_file_is_refused_before_it_is_read(tmp_path):
    fifo = tmp_path / "x.system"
    os.mkfifo(fifo)
    with pytest.raises(SystemFileError, match="not a regular file"):
        load_system(fifo)
    with pytest.raises(SystemFileError, match="not a regular file"):
        load_system("/dev/zero")
    big = tmp_path / "big.system"
    with open(big, "wb") as handle:
        handle.truncate(MAX_SYSTEM_BYTES + 1)
    with pytest.raises(SystemFileError, match="larger than 4 MiB"):
        load_system(big)


def test_a_file_that_is_not_utf8_names_the_line_column_and_byte(tmp_path):
    path = tmp_path / "bad.system"
    path.write_bytes(b"system: X\nafter P*\n  P any -- caf\xe9\n")
    with pytest.raises(SystemFileError) as info:
        load_system(path)
    assert (info.value.line, info.value.column) == (3, 15) and "0xe9" in info.value.message


def test_expansions_that_can_never_apply_are_left_out():
    """1♠ P 1♥ is no auction, and 1♥ over 1♠ is never legal: a bound pattern or a free rule that
    spells them stands for nothing, so the system (and the checker) never sees them."""
    system = parse_system(
        V2 + "after P* 1{suit} P 1{suit2} P\n  P -- opener passes.\n"
        "after P* 1{major} P\n  1{suit} {suit} 4+ -- a new suit at the one level.\n"
    )
    patterns = [b.pattern.text for b in system.blocks]
    assert "P* 1S P 1H P" not in patterns and "P* 1H P 1S P" in patterns
    assert len([p for p in patterns if p.count("1") == 2]) == 6  # 4 x 3 pairs, half of them legal
    over_spades = [str(r.call) for r in system.rules_for(Auction.parse("N", "1S P"))]
    over_hearts = [str(r.call) for r in system.rules_for(Auction.parse("N", "1H P"))]
    assert over_spades == [] and over_hearts == ["1S"]


def test_menus_name_a_shipped_system_by_its_header():
    """The system choosers show "SAYC", not "Sayc": the label is the file's own system: header."""
    from bridgegui.engine.bidding import shipped_label

    assert shipped_label("sayc") == "SAYC" and shipped_label("acol") == "Acol"
    assert shipped_label("no-such-system") == "No-such-system"


def test_a_pattern_longer_than_any_legal_auction_spells_none_and_the_longest_one_still_reads():
    """The longest legal auction has 319 calls; a literal pattern longer than that spells no auction,
    and is known to at once (spelling it call by call took time growing with the square of its length)."""
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    longest = "P P P " + " ".join(f"{bid} P P X P P XX P P" for bid in bids) + " P"
    assert Auction.parse("N", longest).is_complete and len(longest.split()) == 319
    too_long = " ".join(["P"] * 320)
    system = parse_system(f"{V2}after {longest}\n  P any -- x\nafter {too_long}\n  P any -- x\n", "test.system")
    spelled, never = (block.pattern for block in system.blocks)
    assert spelled.literal_auctions == (tuple(Call.parse(c) for c in longest.split()),)
    assert not spelled.spells_illegal_auction
    assert never.literal_auctions == ()
    assert never.spells_illegal_auction
