"""PBN reading and writing: golden files, round trips, real files from other programs, errors, atomic saving.

Golden files are our own output, checked by eye once (CRLF, tag order, sections) and then compared
byte for byte.  To rewrite them after a deliberate format change, run with
``BRIDGEGUI_REGENERATE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine import BridgeError, parse_deal
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import Deal
from bridgegui.formats import pbn
from bridgegui.formats.pbn import MANDATORY_TAGS, PbnError

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("BRIDGEGUI_REGENERATE_GOLDEN") == "1"

DEALS = [
    "N:972.64.KQJ92.A72 KQ6543.5.A543.KQ AJ.KQJ3.T.T98653 T8.AT9872.876.J4",
    "N:T7654.AJ.AJ9.J62 83.K97532.K65.A4 AKQJ92.T64.2.KQ7 .Q8.QT8743.T9853",
    "N:652.AQJ7.T2.J943 973.K8432.973.KT AQT8..AJ86.AQ875 KJ4.T965.KQ54.62",
    "N:AKJ3.52.JT32.QT8 97642.AK7.A94.A2 Q85.843.875.J654 T.QJT96.KQ6.K973",
]


def dealt_boards() -> list[Board]:
    """What the dealer produces: numbered boards and nothing else."""
    return [Board(k + 1, parse_deal(text)) for k, text in enumerate(DEALS)]


def rich_boards() -> list[Board]:
    """Boards with everything a file can carry, built in export order so a round trip returns them unchanged."""
    played = Board(
        5,
        parse_deal(DEALS[1]),
        tags=(
            ("Event", "Club night"),
            ("Site", "?"),
            ("Date", "2024.05.01"),
            ("West", "Zoë Smith"),
            ("North", "O'Brien, Pat"),
            ("Scoring", "MP"),
            ("Declarer", "N"),
            ("Contract", "4S"),
            ("Result", "10"),
            ("Annotator", 'a "quoted" name \\ and a backslash'),
            ("Auction", "N"),
            ("Play", "E"),
            ("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R"),
        ),
        sections=(
            ("Auction", '1S Pass 2NT =1= Pass\n4S AP\n[Note "1:Jacoby, game forcing"]'),
            ("Play", "HA H2 H5 H3 {a comment inside the play}\n*"),
            ("OptimumResultTable", "N  S 10\nS  S 10"),
        ),
        comments=(("", "A board from the club"), ("Date", "second session"), ("Result", "made\nexactly")),
    )
    quiz = Board(
        None,
        parse_deal("N:AT2.Q854.K86.974 - - -", allow_missing=True),
        dealer="S",
        vulnerable="None",
        tags=(("Event", "Responding to 1NT: 2\\C?"), ("Board", "quiz-1"), ("Hidden", "ESW")),
        comments=(("Result", "<i>2\\C</i>"),),
    )
    heading = Board(6, None, tags=(("Event", "Exercise two"),), comments=(("", "multi\nline\n\ncomment"),))
    return [played, quiz, heading]


def check_golden(name: str, data: bytes) -> None:
    path = GOLDEN / name
    if REGENERATE:
        path.write_bytes(data)
        pytest.skip(f"rewrote {path}")
    assert data == path.read_bytes(), f"{name} differs from the golden file; see the test module docstring"


def dealt_text() -> str:
    return pbn.dumps(dealt_boards(), generator="bridgegui test", seed=2024, extra_header=["golden file for tests"])


# --- golden files --------------------------------------------------------------------------------------------


def test_dealt_set_matches_golden():
    check_golden("dealt.pbn", dealt_text().encode("utf-8"))


def test_rich_set_matches_golden():
    check_golden("rich.pbn", pbn.dumps(rich_boards()).encode("utf-8"))


@pytest.mark.parametrize("name", ["dealt.pbn", "rich.pbn"])
def test_golden_files_are_export_format(name):
    data = (GOLDEN / name).read_bytes()
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert data.count(b"\n") == data.count(b"\r\n"), "every line ends in CRLF"
    assert data.endswith(b"\r\n") and not data.endswith(b"\r\n\r\n")
    assert b"\t" not in data
    text = data.decode("utf-8")
    games = [game for game in re.split(r"\r\n\r\n(?=[\[{])", text)]
    assert len(games) == len(pbn.loads(text))
    for game in games:
        tags = re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', game, flags=re.MULTILINE)
        names = [name for name, _ in tags]
        assert tuple(names[:15]) == MANDATORY_TAGS
        values = dict(tags[:15])
        assert values["Vulnerable"] in ("None", "NS", "EW", "All", "")
        if values["Deal"]:
            assert values["Deal"][0] == (values["Dealer"] or "N"), "the Deal starts with the dealer"
        rest = [n for n in names[15:] if n not in ("Auction", "Play", "OptimumResultTable", "Note")]
        assert rest == sorted(rest), "supplemental tags sorted by name"
        assert not any(value.startswith("#") for _, value in tags), "no inheritance in export format"
        assert all(len(line) <= 253 for line in game.split("\r\n"))


def test_golden_round_trips():
    dealt = (GOLDEN / "dealt.pbn").read_bytes().decode("utf-8")
    expected = [b.with_tags(Generator="bridgegui test", GeneratorSeed="2024") for b in dealt_boards()]
    assert pbn.loads(dealt) == expected
    rich = (GOLDEN / "rich.pbn").read_bytes().decode("utf-8")
    assert pbn.loads(rich) == rich_boards()
    assert pbn.dumps(pbn.loads(rich)) == rich
    assert pbn.dumps(pbn.loads(dealt), extra_header=["golden file for tests"]) == dealt


def test_non_ascii_output_says_it_is_utf8():
    assert "%Content-type: text/x-pbn; charset=UTF-8\r\n" in pbn.dumps(rich_boards())
    assert "Content-type" not in dealt_text()


def test_generator_and_seed_tags():
    text = pbn.dumps(dealt_boards()[:1], generator=pbn.GENERATOR, seed=12345)
    assert f'[Generator "{pbn.GENERATOR}"]\r\n[GeneratorSeed "12345"]\r\n' in text
    assert pbn.GENERATOR.startswith("bridgegui ")
    (board,) = pbn.loads(text)
    assert board.tag("GeneratorSeed") == "12345"
    # Without the arguments, a board's own tags are written as they are.
    assert pbn.dumps([board]) == text


def test_unknown_mandatory_values_are_empty_strings():
    text = pbn.dumps([Board(1, parse_deal(DEALS[0]))])
    for name in ("Event", "Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer", "Contract"):
        assert f'[{name} ""]\r\n' in text
    assert '[Dealer "N"]\r\n[Vulnerable "None"]\r\n' in text


def test_deal_is_written_from_the_dealer():
    text = pbn.dumps([Board(3, parse_deal(DEALS[0]))])
    assert '[Deal "S:AJ.KQJ3.T.T98653 T8.AT9872.876.J4 972.64.KQJ92.A72 KQ6543.5.A543.KQ"]' in text


# --- round trips -----------------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 40), first=st.integers(1, 100))
def test_dealt_boards_round_trip(seed, n, first):
    deals = engine.deals_from_batch(engine.deal_batch(n, seed=seed))
    boards = [Board(first + k, deal) for k, deal in enumerate(deals)]
    text = pbn.dumps(boards, seed=seed)
    back = pbn.loads(text)
    assert [b.with_tags(GeneratorSeed=None) for b in back] == boards
    assert pbn.dumps(back) == text


_SAFE = st.characters(codec="utf-8", exclude_characters="\r\n", exclude_categories=("Cs", "Cc"))
# Values that look like inheritance ("#", "##...") are written escaped and come back unchanged.
_values = st.text(_SAFE, max_size=12) | st.sampled_from(["#", "##", "##x", "####", "\\#", "\\##"])
_names = st.sampled_from(["Event", "Site", "Date", "West", "Scoring", "Contract", "Result", "Note", "Room", "Zeta"])
_section_lines = st.lists(st.from_regex(r"[A-Za-z0-9=*+\- ]{0,10}[A-Za-z0-9=*]", fullmatch=True), max_size=3)
# A first line that starts with "%" is written on its tag's line (alone it would be an escape line).
_first_lines = st.from_regex(r"%{1,3}[A-Za-z0-9 ]{0,6}[A-Za-z0-9]", fullmatch=True)
_comment_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\r"), max_size=15)


@st.composite
def any_board(draw: st.DrawFn) -> Board:
    """A board with tags in any order, repeated tags, sections and comments anywhere."""
    tags = draw(st.lists(st.tuples(_names, _values), max_size=8))
    section_names = draw(st.lists(st.sampled_from(["Auction", "Play", "ScoreTable"]), unique=True))
    tags += [(name, draw(_values)) for name in section_names]
    # An Auction or Play tag with no section: readers take it as an (empty) section all the same.
    tags += [(name, draw(_values)) for name in ("Auction", "Play") if name not in section_names and draw(st.booleans())]
    draw(st.randoms()).shuffle(tags)
    sections = tuple(
        (name, "\n".join(draw(st.lists(_first_lines, max_size=1)) + draw(_section_lines))) for name in section_names
    )
    anchors = st.sampled_from(["", "Dealer", "Nowhere", *[n for n, _ in tags]])
    comments = draw(st.lists(st.tuples(anchors, _comment_text), max_size=4))
    number = draw(st.none() | st.integers(1, 64))
    deal = draw(st.none() | st.sampled_from(DEALS).map(parse_deal))
    dealer = draw(st.none() | st.sampled_from("NESW"))
    return Board(number, deal, dealer, None, tuple(tags), sections, tuple(comments))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards=st.lists(any_board(), min_size=1, max_size=3))
def test_any_board_round_trips_to_its_export_form(boards):
    text = pbn.dumps(boards)
    expected = [pbn.export_form(b) for b in boards]
    assert pbn.loads(text) == expected
    assert [pbn.export_form(b) for b in expected] == expected
    assert pbn.dumps(expected) == text


# --- real files from other programs ------------------------------------------------------------------------------

EXPECTED_GAMES = {
    "endplay_example1.pbn": 2,
    "endplay_example2.pbn": 299,
    "endplay_example4.pbn": 1,
    "endplay_sample.pbn": 2,
    "rickwilson_stayman.pbn": 86,
    "zdenecek_bridgecomposer.pbn": 15,
}


def sample(pbn_samples: list[Path], name: str) -> list[Board]:
    path = next((p for p in pbn_samples if p.name == name), None)
    if path is None:
        pytest.skip(f"{name} is not in the samples")
    return pbn.load(path)


def test_every_sample_loads_and_survives_a_round_trip(pbn_samples):
    for path in pbn_samples:
        boards = pbn.load(path)
        if path.name in EXPECTED_GAMES:
            assert len(boards) == EXPECTED_GAMES[path.name], path.name
        text = pbn.dumps(boards)
        assert pbn.loads(text) == [pbn.export_form(b) for b in boards], path.name
        assert pbn.dumps(pbn.loads(text)) == text, path.name


def test_endplay_example1(pbn_samples):
    first, second = sample(pbn_samples, "endplay_example1.pbn")
    assert first.number == 1 and first.effective_dealer == "N" and first.effective_vulnerable == "None"
    assert first.deal is not None and first.deal.hand("N").to_pbn() == "T32.AKQ7.T3.AQJT"
    assert first.tag("West") == "Gloyer A" and first.tag("Contract") == "5H" and first.tag("Scoring") == "?"
    assert first.section("Auction") == "1C 1S 2H 4S\n5H Pass Pass Pass"
    assert first.tag("Play") == "W" and first.section("Play", "").endswith("DJ DT DK D7\n*")
    assert first.tag("VisitTeam") == "J-austria"
    assert second.tag("Room") == "Closed" and second.deal == first.deal


def test_endplay_example2(pbn_samples):
    boards = sample(pbn_samples, "endplay_example2.pbn")
    first = boards[0]
    assert first.number == 11 and first.effective_dealer == "S" and first.tag("Scoring") == "IMP"
    assert first.tag("Declarer") is None and first.tag("Contract") == "Pass"
    assert first.section("OptimumResultTable", "").startswith("N NT  7\nN  S  7")
    # Note tags stay with the auction they explain.
    auction = boards[1].section("Auction", "")
    assert '[Note "1: 11-13,17-19 or clubs"]' in auction and "1C =1= Pass 1NT =2= Pass" in auction
    assert boards[1].tag("Note") is None
    assert any("♥" in (b.section("Auction") or "") for b in boards), "UTF-8 read as UTF-8"


def test_endplay_example4_comments_and_west_first(pbn_samples):
    (board,) = sample(pbn_samples, "endplay_example4.pbn")
    assert board.deal is not None and board.deal.hand("W").to_pbn() == ".AQJ85.986.JT973"
    assert board.deal.hand("S").to_pbn() == "QJ752.T.AJT432.4"
    assert board.tag("Date") == "2012.08.??" and board.tag("Stage") == "Final:1"
    assert board.comments == (
        ("HomeTeam", " this is a\ncomment "),
        ("VisitTeam", " this is also a comment"),
        ("West", " this is also a comment "),
    )
    assert board.section("Auction") == "1NT X XX 4H\nX 4S 4NT X\n5C AP"


def test_endplay_sample_inheritance_and_dash_vulnerability(pbn_samples):
    first, second = sample(pbn_samples, "endplay_sample.pbn")
    assert first.effective_vulnerable == "None"  # written "-"
    assert second.tag("Event") == "TestingPBN" and second.tag("Date") == "2021.08.23"  # written "#"
    assert first.tag("OptimumResultTable") == "Declarer;Denomination\\2R;Result\\2R"
    assert '[Note "2: ♠"]' in (first.section("Auction") or "")


def test_bridgecomposer_quiz_file(pbn_samples):
    boards = sample(pbn_samples, "rickwilson_stayman.pbn")
    assert sum(b.deal is None for b in boards) == 52  # headings and spacers: kept, with no deal
    heading, quiz = boards[0], boards[1]
    assert heading.number == 1 and heading.deal is None and heading.tag("Hidden") == "NESW"
    assert heading.tag("Event") == "Exercise One — Responding to 1NT"
    assert heading.comments[0][0] == "Date" and "Partner opens 1NT" in heading.comments[0][1]
    assert quiz.number is None and quiz.label == "1-1" and quiz.effective_dealer == "S"
    assert quiz.deal is not None and quiz.deal.hands[1:] == (None, None, None)
    assert quiz.deal.hand("N").to_pbn() == "AT2.Q854.K86.974"
    assert quiz.comments == (("Result", "<i>2\\C</i>"),)
    assert boards[-1].label == "spacer"


def test_latin1_bridgecomposer_file(pbn_samples):
    boards = sample(pbn_samples, "zdenecek_bridgecomposer.pbn")
    first = boards[0]
    assert (first.number, first.effective_dealer, first.effective_vulnerable) == (16, "W", "EW")
    assert first.deal is not None and first.deal.hand("W").to_pbn() == ".AQJ964.J93.KQ32"
    assert first.tag("Generator") == "Big Deal version 1.2"
    assert first.tag("DoubleDummyTricks") == "66477665877785677856"
    assert [b.number for b in boards] == list(range(16, 31))


# --- lenient reading -------------------------------------------------------------------------------------------


def test_import_format_liberties():
    text = (
        '  [ Event   "x" ] [Board "8"]\n'
        "[Dealer\n"
        '  "w"]\n'
        '[Vulnerable "both"]\n'
        '[Deal "e:akq.jt9.876.5432 ... 5432.akq.jt9.876 -"]\n'
    )
    (board,) = pbn.loads(text)
    assert board.tag("Event") == "x" and board.number == 8
    assert board.dealer is None and board.effective_dealer == "W"  # board 8 is West's anyway
    assert board.vulnerable == "All"  # board 8 would be None
    assert board.deal is not None
    assert board.deal.hand("E").to_pbn() == "AKQ.JT9.876.5432" and board.deal.hands[2] is None


def test_a_single_unknown_hand_is_filled_in():
    (board,) = pbn.loads('[Deal "N:972.64.KQJ92.A72 KQ6543.5.A543.KQ AJ.KQJ3.T.T98653 -"]')
    assert board.deal == parse_deal(DEALS[0])


def test_line_ends_do_not_matter():
    text = pbn.dumps(rich_boards())
    lf = text.replace("\r\n", "\n")
    assert pbn.loads(lf) == pbn.loads(text) == pbn.loads(lf.replace("\n", "\r"))


def test_empty_and_missing_deals_are_kept():
    boards = pbn.loads('[Board "1"]\n[Deal ""]\n\n[Board "2"]\n[Event "text only"]\n')
    assert [(b.number, b.deal) for b in boards] == [(1, None), (2, None)]


def test_unknown_tags_and_sections_are_kept():
    text = '[Board "1"]\n[Zeta "z"]\n[Alpha "a"]\n[MyTable "x;y"]\nrow one\n  row two\n'
    (board,) = pbn.loads(text)
    assert board.tags == (("Zeta", "z"), ("Alpha", "a"), ("MyTable", "x;y"))
    assert board.section("MyTable") == "row one\n  row two"


def test_a_repeated_tag_is_ignored():
    (board,) = pbn.loads('[Event "first"]\n[Event "second"]\n[Note "1:a"]\n[Note "2:b"]\n')
    assert board.tags == (("Event", "first"), ("Note", "1:a"), ("Note", "2:b"))


def test_comments_of_every_kind():
    text = (
        "{before the first game}\n"
        "% an escape line\n"
        '[Event "x"] ; after Event\n'
        "{ spans\n\nlines, with [brackets] and ; }\n"
        '[Board "1"]\n'
        '[Auction "N"]\n'
        "1NT {strong} Pass ; rest of line\n"
        "3NT AP\n"
        '[Site "y"]\n'
        "\n"
        "{second game}\n"
        '[Board "2"]\n'
    )
    first, second = pbn.loads(text)
    assert first.comments == (
        ("", "before the first game"),
        ("Event", " after Event"),
        ("Event", " spans\n\nlines, with [brackets] and ; "),
    )
    assert first.section("Auction") == "1NT {strong} Pass ; rest of line\n3NT AP"
    assert first.tag("Site") == "y"
    assert second.comments == (("", "second game"),) and second.number == 2


def test_percent_only_escapes_in_the_first_column():
    (board,) = pbn.loads('[Event "x"]\n%[Site "hidden"]\n[Board "1"]\n')
    assert board.tag("Site") is None


def test_inheritance():
    text = (
        '[Event "##Club night"]\n[Site "Home"]\n[Board "1"]\n[Room "#"]\n\n'
        '[Site "#"]\n[Board "2"]\n\n'
        '[Event "Other"]\n[Board "3"]\n\n'
        '[Board "4"]\n[Event "#"]\n\n'
        '[Board "5"]\n'
    )
    boards = pbn.loads(text)
    assert [b.tag("Event") for b in boards] == ["Club night", "Club night", "Other", "Other", "Club night"]
    assert [b.tag("Site") for b in boards] == ["Home", "Home", None, None, None]
    assert boards[0].tag("Room") == ""  # "#" with nothing before it is empty (section 4.8)


def test_inherited_board_number():
    boards = pbn.loads('[Board "##9"]\n[Event "a"]\n\n[Event "b"]\n\n[Board "#"]\n')
    assert [b.number for b in boards] == [9, 9, 9]


# --- errors ------------------------------------------------------------------------------------------------------

MALFORMED = [
    ('[Event "x"]\n[Site "y"\n[Board "1"]\n', 2, r"expected '\]' to close tag Site"),
    ('[Event "x"]\n\n[Event "abc]\n', 3, "has no closing quote"),
    ('[Event "x"]\n[Board 1]\n', 2, r'expected the value of tag Board in double quotes, e.g. \[Board "value"\], found'),
    ('[Event "x"]\n{ never closed\n\n[Board "1"]\n', 2, "unterminated comment"),
    ('[Event "x"]\n[Deal "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -"]\n', 2, "the Deal tag 'N:AKQJ.*' is not a deal"),
    ('[Event "x"]\n[Deal "N:AKQJ"]\n', 2, "the Deal tag 'N:AKQJ' is not a deal: a deal lists four hands"),
    ('hello\n[Event "x"]\n', 1, r"expected a tag like \[Name \"value\"\], found 'hello'"),
    ('[Event "x"]\n[Deal ""]\nAKQ.JT9\n', 3, r"after \[Deal ...\], found 'AKQ.JT9'"),
    ('[ "x"]\n', 1, "expected a tag name"),
    ('[Event "x"]\n\n[Dealer "Q"]\n', 3, "the Dealer tag 'Q' cannot be read"),
    ('[Vulnerable "Sometimes"]\n', 1, "the Vulnerable tag 'Sometimes' cannot be read"),
    ('[Board "1"]\n[Deal "N:972.64.KQJ92.A72 - - -"]\n\n[Board "2"]\n[Deal "#"]\n', 5, "does not allow inheriting"),
    ('{a\nb\nc}\n[Event "x"]\n\n[Board 2]\n', 6, "double quotes"),
    ('[Event "x"]\r\n[Site "y"]\r\n\r\n[Board "1"]\r\n[Dealer "X"]\r\n', 5, "the Dealer tag 'X' cannot be read"),
    ('[Event\n"x"\n]\n[Site "y" x]\n', 4, r"expected '\]' to close tag Site, found 'x\]'"),
    ('[Event "x"]\n[Site', 2, "found the end of the file"),
]


@pytest.mark.parametrize(("text", "line", "message"), MALFORMED)
def test_malformed_files_name_the_line(text, line, message):
    with pytest.raises(PbnError, match=message) as info:
        pbn.loads(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: ")
    assert isinstance(info.value, BridgeError) and isinstance(info.value, ValueError)


def test_load_names_the_file(tmp_path):
    path = tmp_path / "broken.pbn"
    path.write_bytes(b'[Event "x"]\r\n[Board 3]\r\n')
    with pytest.raises(PbnError, match=r"^broken\.pbn, line 2: ") as info:
        pbn.load(path)
    assert info.value.line == 2 and info.value.source == "broken.pbn"


def test_open_files_are_named_too(tmp_path):
    path = tmp_path / "broken.pbn"
    path.write_bytes(b'[Event "x"]\n{')
    with path.open("rb") as f, pytest.raises(PbnError, match=r"^broken\.pbn, line 2: unterminated comment"):
        pbn.load(f)
    with pytest.raises(PbnError, match=r"^line 2: "):
        pbn.load(io.BytesIO(path.read_bytes()))


def test_formats_import_no_qt():
    """The format modules stay usable without Qt (house style: engine/ and formats/ import no Qt)."""
    code = (
        "import sys; sys.modules['PySide6'] = None\n"
        "import bridgegui.formats.pbn, bridgegui.formats.text\n"
        "assert not any(m.startswith('PySide6.') for m in sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- encodings and file objects ------------------------------------------------------------------------------


def test_latin1_file(tmp_path):
    path = tmp_path / "latin1.pbn"
    path.write_bytes('[Event "Café Müller"]\n[West "Ørsted"]\n'.encode("latin-1"))
    (board,) = pbn.load(path)
    assert board.tag("Event") == "Café Müller" and board.tag("West") == "Ørsted"


def test_windows_1252_punctuation_in_a_latin1_file():
    (board,) = pbn.load(io.BytesIO('[Event "Stayman – quiz"]\n'.encode("cp1252")))
    assert board.tag("Event") == "Stayman – quiz"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-8"])
def test_boms_and_utf8(encoding):
    (board,) = pbn.load(io.BytesIO('[Event "Zoë ♠"]\r\n'.encode(encoding)))
    assert board.tag("Event") == "Zoë ♠"


def test_text_file_objects_and_strings_with_a_bom():
    assert pbn.load(io.StringIO('\ufeff[Board "3"]\n'))[0].number == 3


def test_dump_to_binary_and_text_files(tmp_path):
    boards = rich_boards()
    binary = io.BytesIO()
    pbn.dump(boards, binary)
    assert binary.getvalue() == pbn.dumps(boards).encode("utf-8")
    text = io.StringIO(newline="")
    pbn.dump(boards, text)
    assert text.getvalue() == pbn.dumps(boards)
    path = tmp_path / "out.pbn"
    pbn.dump(boards, path)
    assert path.read_bytes() == binary.getvalue()
    with path.open("rb") as f:
        assert pbn.load(f) == boards
    with path.open(encoding="utf-8", newline="") as f:
        assert pbn.load(f) == boards
    assert pbn.load(str(path)) == boards


# --- atomic saving -------------------------------------------------------------------------------------------


def test_save_writes_the_file(tmp_path):
    path = tmp_path / "set.pbn"
    pbn.save(path, dealt_boards(), generator="bridgegui test", seed=2024, extra_header=["golden file for tests"])
    assert path.read_bytes() == dealt_text().encode("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.pbn"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_save_leaves_the_old_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "set.pbn"
    path.write_bytes(b"old content")

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError, match="disk full"):
        pbn.save(path, dealt_boards())
    monkeypatch.undo()
    assert path.read_bytes() == b"old content"
    assert [p.name for p in tmp_path.iterdir()] == ["set.pbn"], "no temporary file left behind"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "set.pbn"
    path.write_bytes(b"old")
    path.chmod(0o640)
    pbn.save(path, dealt_boards())
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and /dev/null")
def test_save_writes_through_a_link_and_leaves_a_device_alone(tmp_path):
    """``save`` goes through ``bridgegui.files.atomic_write`` (tested there in full)."""
    real = tmp_path / "real.pbn"
    real.write_bytes(b"old")
    link = tmp_path / "link.pbn"
    link.symlink_to(real)
    pbn.save(link, dealt_boards())
    assert link.is_symlink()
    assert pbn.load(real) == dealt_boards()
    pbn.save("/dev/null", dealt_boards())
    assert not Path("/dev/null").is_file()


# --- another program reads what we write -----------------------------------------------------------------------


def test_endplay_reads_our_output():
    """endplay (a dev-only tool, never a dependency) reads our export format with the same deals."""
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    boards = [Board(k + 1, d) for k, d in enumerate(engine.deals_from_batch(engine.deal_batch(20, seed=99)))]
    theirs = endplay_pbn.loads(pbn.dumps(boards, generator=pbn.GENERATOR, seed=99))
    assert len(theirs) == len(boards)
    for ours, other in zip(boards, theirs, strict=True):
        assert ours.deal is not None
        assert other.deal.to_pbn() == ours.deal.to_pbn("N")
        assert other.board_num == ours.number
        assert "NESW"[int(other.dealer)] == ours.effective_dealer


def test_a_comment_ending_in_a_form_feed_after_a_section_tag_round_trips() -> None:
    """Hypothesis found it: a '}' comment ending in a form feed after [Auction] becomes section text,
    whose trailing white space reading drops; the export form must drop it too."""
    from bridgegui.engine.boards import Board

    board = Board(
        None,
        None,
        tags=(("Auction", ""), ("Play", ""), ("ScoreTable", "")),
        sections=(("Auction", ""), ("Play", ""), ("ScoreTable", "")),
        comments=(("Auction", "}\x0c"),),
    )
    assert pbn.loads(pbn.dumps([board])) == [pbn.export_form(board)]


def test_boards_written_alike_are_laid_out_once_a_group_and_come_out_byte_for_byte():
    """``dumps`` writes one game per group of boards that differ only in number, vulnerability and deal
    (a bid set: a few thousand auctions for 10,000 boards) and lays the rest out with numpy; the text
    must be exactly what writing every board on its own gives."""
    import numpy as np

    from bridgegui.cli.bidding import bid_boards
    from bridgegui.engine.bidding import load_system
    from bridgegui.engine.dealing import deal_batch

    masks = deal_batch(300, seed=5)
    boards = [Board(n + 1, Deal.from_masks(row)) for n, row in enumerate(masks.tolist())]
    boards = bid_boards(boards, load_system("sayc"))
    boards[3] = boards[3].with_tags(Event="Club night ♥", Site="Leeds")
    boards[7] = dataclasses.replace(boards[7], dealer="W", vulnerable="All")
    assert len({b.sections for b in boards}) < len(boards), "some boards share an auction"
    expected_games = [pbn._CRLF.join(pbn._game_lines(pbn.export_form(pbn._stamped(b, "gen", 9)))) for b in boards]
    header = [*pbn._header(["note"]), pbn._CHARSET]
    expected = pbn._CRLF.join([*header, (pbn._CRLF * 2).join(expected_games)]) + pbn._CRLF
    assert pbn.dumps(boards, generator="gen", seed=9, extra_header=["note"]) == expected
    assert pbn.loads(pbn.dumps(boards)) == [pbn.export_form(b) for b in boards]
    assert np.array_equal(masks[0], np.array(pbn.loads(pbn.dumps(boards[:1]))[0].deal.hands, dtype=np.uint64))


def test_a_bad_tag_value_is_a_read_error_naming_the_line_and_the_tag(tmp_path):
    """One bad Deal on line 12 read as "not a PBN file this program can read" in the window (s24 trial):
    the error is the formats' ``ReadError`` record, with where (the line) and what (the tag) apart."""
    from bridgegui.formats.errors import ReadError

    path = tmp_path / "bad.pbn"
    good = pbn.dumps([Board(1, parse_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))])
    lines = good.splitlines()
    row = next(k for k, line in enumerate(lines) if line.startswith("[Deal "))
    lines[row] = '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76"]'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReadError) as info:
        pbn.load(path)
    error = info.value
    assert isinstance(error, PbnError) and error.line == row + 1 and error.tag == "Deal"
    assert error.where == f"line {row + 1}"
    assert error.reason.startswith("the Deal tag 'N:AKQJ.T98")
    assert error.reason.endswith("is not a deal: West has 12 cards; every hand needs 13")
    assert str(error) == f"bad.pbn, line {row + 1}: {error.reason}"
