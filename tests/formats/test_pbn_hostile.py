"""PBN files made to break the reader: every malformed file ends in ``PbnError`` naming the
line, memory stays proportional to the file, and a round trip loses nothing."""

from __future__ import annotations

import io
import tracemalloc

import pytest

from bridgegui.engine.boards import Board
from bridgegui.formats import pbn
from bridgegui.formats.pbn import PbnError


def peak_bytes(text: str) -> tuple[object, int]:
    """What ``pbn.loads(text)`` gives (boards or the PbnError) and the peak memory it allocated."""
    tracemalloc.start()
    try:
        try:
            result: object = pbn.loads(text)
        except PbnError as exc:
            result = exc
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_utf16_with_an_odd_byte_count_is_a_pbn_error():
    data = b"\xff\xfe" + '[Event "x"]\n[Board "1"]\n'.encode("utf-16-le") + b"A"
    with pytest.raises(PbnError, match="UTF-16") as info:
        pbn.load(io.BytesIO(data))
    assert info.value.line == 3


def test_utf16_with_a_lone_surrogate_is_a_pbn_error():
    data = b"\xfe\xff" + '[Event "x"]\n'.encode("utf-16-be") + b"\xd8\x00"
    with pytest.raises(PbnError, match="UTF-16"):
        pbn.load(io.BytesIO(data))


def test_a_board_number_of_5000_digits_is_a_pbn_error_not_pythons_int_limit():
    with pytest.raises(PbnError, match="board number") as info:
        pbn.loads('[Event "x"]\n[Board "' + "7" * 5000 + '"]\n')
    assert info.value.line == 2
    assert len(str(info.value)) < 200, "the number is not echoed in full"
    with pytest.raises(PbnError, match="board number"):
        pbn.loads('[Board "##' + "7" * 5000 + '"]\n[Event "x"]\n\n[Event "y"]\n')
    assert pbn.loads('[Board "000000000000012"]\n')[0].number == 12, "leading zeros are not digits that count"


def test_a_tag_value_over_a_megabyte_is_refused_and_costs_memory_in_proportion():
    text = '[Event "x"]\n[Annotator "' + "x" * 2_000_000 + '"]\n'
    result, peak = peak_bytes(text)
    assert isinstance(result, PbnError) and result.line == 2 and "2,000,000 characters" in str(result)
    assert peak < 4 * len(text), peak  # was 190 bytes a character (3.4 GB for 20 MB) before


def test_a_long_value_within_the_limit_loads_in_proportion():
    text = '[Event "x"]\n[Annotator "' + 'ab\\"' * 240_000 + '"]\n[Board "1"]\n'
    result, peak = peak_bytes(text)
    assert isinstance(result, list) and result[0].tag("Annotator") == 'ab"' * 240_000
    assert peak < 30 * len(text), peak  # the unescaped pieces: about 19 bytes a character here


def test_an_unterminated_long_value_names_its_line_without_copying_it():
    result, peak = peak_bytes('[Event "x"]\n[Annotator "' + "x" * 3_000_000 + '\n[Board "1"]\n')
    assert isinstance(result, PbnError) and result.line == 2 and "closing quote" in str(result)
    assert peak < 1_000_000


def test_inheritance_that_multiplies_past_a_set_size_is_refused_in_proportion():
    # 1,000 defaults times 1,000 games: 28 KB that expand to a million tags (741 MB for 10,000 x 1,000).
    text = "".join(f'[X{k} "##v"]\n' for k in range(1000)) + '[Board "1"]\n\n'
    text += "".join(f'[Board "{i}"]\n\n' for i in range(2, 1001))
    result, peak = peak_bytes(text)
    assert isinstance(result, PbnError) and "inheritance" in str(result)
    assert peak < 400 * len(text), peak


def test_real_inheritance_stays_well_within_the_limit():
    # A club evening: five defaults over 200 boards.
    text = '[Event "##Club"]\n[Site "##Home"]\n[Date "##2024.01.01"]\n[Scoring "##MP"]\n[Room "##Open"]\n'
    text += "\n\n".join(f'[Board "{i}"]' for i in range(1, 201)) + "\n"
    boards = pbn.loads(text)
    assert len(boards) == 200 and all(b.tag("Room") == "Open" for b in boards)


def test_errors_cut_what_they_echo():
    with pytest.raises(PbnError) as info:
        pbn.loads('[Dealer "' + "Q" * 100_000 + '"]\n')
    assert len(str(info.value)) <= 420
    with pytest.raises(PbnError) as info:
        pbn.loads("[" + "A" * 100_000 + " x]\n")
    assert len(str(info.value)) <= 420


def test_text_after_a_tag_that_looks_like_an_escape_line_survives_a_round_trip():
    (board,) = pbn.loads('[Event "x"]\n[Board "1"]\n[Foo "x"] %%% kept\n')
    assert board.section("Foo") == "%%% kept"
    text = pbn.dumps([board])
    assert pbn.loads(text) == [pbn.export_form(board)]
    assert pbn.loads(text)[0].section("Foo") == "%%% kept"


@pytest.mark.parametrize("value", ["#", "##", "##x", "####x", "\\#", "\\##x", "#x"])
def test_values_that_look_like_inheritance_round_trip_unchanged(value):
    board = Board(1, None, tags=(("Event", value), ("Room", value), ("Note", value)))
    once = pbn.loads(pbn.dumps([board]))
    assert once == [pbn.export_form(board)]
    assert once[0].tag("Event") == value and once[0].tag("Note") == value
    assert pbn.loads(pbn.dumps(once)) == once, "no # lost on a second round trip"


def test_a_double_hash_read_from_a_file_is_kept_on_every_round_trip():
    boards = pbn.loads('[Event "####Club"]\n[Board "1"]\n\n[Board "2"]\n')
    assert [b.tag("Event") for b in boards] == ["##Club", "##Club"]
    for _ in range(3):
        boards = pbn.loads(pbn.dumps(boards))
        assert [b.tag("Event") for b in boards] == ["##Club", "##Club"]


@pytest.mark.parametrize("name", ["Auction", "Play"])
def test_an_auction_tag_without_a_section_round_trips_to_its_export_form(name):
    board = Board(1, None, tags=((name, "N"),))
    assert pbn.loads(pbn.dumps([board])) == [pbn.export_form(board)]
    assert pbn.export_form(board).section(name) == ""


def test_a_hash_that_is_not_inheritance_is_allowed_on_any_tag():
    (board,) = pbn.loads('[Board "1"]\n[Note "#1:a note"]\n')
    assert board.tag("Note") == "#1:a note"
