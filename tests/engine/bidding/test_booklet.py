"""The booklet outline (sections per opening, auctions as headings) and its BML (``formats.bml``)."""

from __future__ import annotations

from bridgegui.engine.bidding import Call, load_system, parse_system
from bridgegui.engine.bidding.booklet import build_booklet
from bridgegui.formats import bml

SMALL = (
    "version: 2\nsystem: Small\ntitle: A small system\ndescription: For the booklet tests.\n"
    "after P*\n"
    "  1NT hcp 15-17, balanced -- the strong notrump.\n"
    "  1H hcp 12-21, hearts 5+\n"
    "      also 1NT hcp 15-17, balanced -- with 15-17 balanced, 1NT describes the hand.\n"
    "  fallback P -- nothing to open with.\n"
    "after P* 1NT P\n"
    "  2C hcp 8+ -- Stayman: asks for a major.\n"
    "  P\n"
    "after P* 1NT P 2C P\n"
    "  2D hearts 0-3, spades 0-3 -- no four-card major.\n"
    "  2H hearts 4+\n"
    "  2S spades 4+ where spades(me) > hearts(me) -- four spades and fewer hearts.\n"
    "after P* 1NT\n"
    "  X hcp 16+ -- for penalties.\n"
    "after P* 1H P bid P\n"
    "  P\n"
)


def test_sections_follow_the_openings_and_headings_spell_the_auction():
    booklet = build_booklet(parse_system(SMALL))
    assert booklet.title == "A small system"
    assert [s.title for s in booklet.sections] == [
        "Opening bids",
        "Our 1NT opening",
        "Their 1NT opening",
        "Our 1♥ opening",
    ]
    ours = booklet.sections[1]
    assert [a.heading for a in ours.auctions] == ["1NT – Pass – ?", "1NT – Pass – 2♣ – Pass – ?"]
    assert booklet.sections[2].auctions[0].heading == "1NT – ?"
    assert booklet.sections[3].auctions[0].heading == "1♥ – Pass – any bid – Pass – ?"
    assert booklet.sections[3].auctions[0].tokens is None


def test_each_call_has_its_generated_meaning_note_alternatives_and_catch_all_mark():
    booklet = build_booklet(parse_system(SMALL))
    openings = booklet.sections[0].auctions[0].calls
    notrump, heart, fallback = openings
    assert notrump.meaning == "15–17 HCP, balanced"
    assert notrump.note == "The strong notrump."
    assert [(a.call, a.reason) for a in heart.alternatives] == [
        (Call.parse("1NT"), "with 15-17 balanced, 1NT describes the hand.")
    ]
    assert fallback.catch_all and not notrump.catch_all
    assert booklet.find_rule(fallback.rule) == (0, 0, 2)


def test_a_condition_is_printed_once():
    # The meaning's words already end with the ``where`` condition: the booklet printed it twice
    # ("4+ spades, spades longer than hearts, where spades longer than hearts").
    booklet = build_booklet(parse_system(SMALL))
    spades = next(c for a in booklet.sections[1].auctions for c in a.calls if str(c.call) == "2S")
    assert spades.meaning == "4+ spades, spades longer than hearts"
    assert spades.where == ""
    assert bml.dumps(booklet).count("spades longer than hearts") == 1


def test_bml_nests_answers_under_their_call_and_marks_the_opponents_calls():
    text = bml.dumps(build_booklet(parse_system(SMALL)))
    assert "#+TITLE: A small system" in text
    lines = text.splitlines()
    start = lines.index("1N;")
    # Stayman's answers are nested one level under 2C (BML puts back the opponents' pass).
    assert lines[start + 1].startswith("2C    = 8+ HCP. Stayman: asks for a major.")
    assert lines[start + 2].startswith("  2D    = 0–3 hearts, 0–3 spades. No four-card major.")
    assert "(1N);" in lines  # their 1NT, our double under it
    assert "also 1NT: with 15-17 balanced" in text
    assert "[catch-all]" in text
    assert "** 1!h – Pass – any bid – Pass – ?" in text


def test_bml_of_the_shipped_systems_spells_calls_as_bml_does():
    text = bml.dumps(build_booklet(load_system("acol")))
    assert "\n1N    = 12–14 HCP, balanced." in text
    assert "NT " not in "".join(line.split("=")[0] for line in text.splitlines() if "=" in line)
