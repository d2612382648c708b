"""The formats registry: every format listed once, lazy imports, round trips, streaming, what is dropped."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError
from bridgegui.formats import registry
from bridgegui.formats.registry import FORMATS, SetInfo

ROOT = Path(__file__).resolve().parents[2]
READABLE = [name for name, fmt in FORMATS.items() if fmt.readable]


def test_registry_imports_no_format_module_and_no_numpy() -> None:
    """The command line's startup must not pay for formats it does not use."""
    code = textwrap.dedent(
        """
        import sys
        import bridgegui.formats.registry as r
        assert r.by_name("LIN").name == "lin" and r.for_path("x.DLM").name == "dlm"
        loaded = sorted(m for m in sys.modules if m.startswith(("bridgegui.formats.", "bridgegui.engine", "numpy")))
        print(loaded)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['bridgegui.formats.registry']"


def test_every_format_module_offers_what_the_registry_says() -> None:
    assert list(FORMATS) == ["pbn", "lin", "dup", "dlm", "bri", "dge", "csv", "text"]
    for name, fmt in FORMATS.items():
        module = importlib.import_module(fmt.module)
        assert fmt.name == name and fmt.extensions and fmt.title
        assert hasattr(module, "dumps") or name == "text"
        if fmt.readable:
            assert hasattr(module, "loads")
        if fmt.streams and name not in ("pbn", "text"):
            assert all(hasattr(module, f) for f in ("begin", "write_batch", "end")), name
        assert registry.for_path(f"set{fmt.extensions[0].upper()}") is fmt


def test_unknown_names_and_extensions() -> None:
    with pytest.raises(registry.FormatError, match="'rbn' is not a board-set format: use one of pbn, lin"):
        registry.by_name("rbn")
    assert registry.for_path("deals.doc") is None
    with pytest.raises(BridgeError, match="cannot be read back"):
        registry.loads("text", "")
    assert registry.by_name(FORMATS["csv"]) is FORMATS["csv"]
    assert FORMATS["pbn"].filter == "PBN 2.1 (*.pbn)"


@pytest.mark.parametrize("name", READABLE)
def test_every_format_round_trips_a_dealt_set(name: str) -> None:
    boards = boards_from_batch(deal_batch(24, seed=5), 1)
    data = registry.dumps(name, boards, SetInfo(generator="bridgegui test", seed=5))
    back = registry.loads(name, data)
    assert [b.deal for b in back] == [b.deal for b in boards]
    assert [b.number for b in back] == [b.number for b in boards]
    assert [(b.effective_dealer, b.effective_vulnerable) for b in back] == [
        (b.effective_dealer, b.effective_vulnerable) for b in boards
    ]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    count=st.integers(1, 30),
    first=st.integers(1, 60),
    name=st.sampled_from(READABLE),
)
def test_round_trip_any_set(seed: int, count: int, first: int, name: str) -> None:
    boards = boards_from_batch(deal_batch(count, seed=seed), first)
    back = registry.loads(name, registry.dumps(name, boards))
    assert [b.deal for b in back] == [b.deal for b in boards]
    if FORMATS[name].holds_numbers and (name != "dlm" or first + count - 1 <= 99):
        assert [b.number for b in back] == [b.number for b in boards]


@pytest.mark.parametrize("name", list(FORMATS))
def test_stream_writer_equals_dumps(name: str) -> None:
    """Written batch by batch (uneven batches) the file is byte for byte what dumps writes."""
    masks = deal_batch(37, seed=8)
    info = SetInfo(generator="bridgegui test", seed=8, total=37)
    writer = registry.stream_writer(name)
    parts = [writer.begin(info)]
    for start, stop in ((0, 1), (1, 16), (16, 37)):
        parts.append(writer.write_batch(masks[start:stop], start + 1, info))
    parts.append(writer.end(info))
    streamed = b"".join(parts) if FORMATS[name].binary else "".join(parts)  # type: ignore[arg-type]
    assert streamed == registry.dumps(name, boards_from_batch(masks, 1), info)


def test_dump_and_load_through_a_path(tmp_path: Path) -> None:
    boards = boards_from_batch(deal_batch(4, seed=1), 1)
    for name in READABLE:
        path = tmp_path / f"set{FORMATS[name].extensions[0]}"
        registry.dump(name, boards, path, SetInfo(generator="g"))
        assert [b.deal for b in registry.load(None, path)] == [b.deal for b in boards]
    assert (tmp_path / "set.lin").read_bytes().count(b"\n") == 4
    assert (tmp_path / "set.dlm").read_bytes().count(b"\r\n") == 10 + 2 * 99


def test_what_is_dropped() -> None:
    boards = boards_from_batch(deal_batch(4, seed=2), 1)
    boards[0] = boards[0].with_auction(Auction.parse("N", "1NT P P P")).with_tags(North="Ann", Event="Club")
    boards[1] = boards[1].replace(dealer="N", vulnerable="All")
    assert registry.what_is_dropped("pbn", boards) == []
    assert registry.what_is_dropped("lin", boards) == ["tags (Event)"]
    assert registry.what_is_dropped("csv", boards) == ["the auction of 1 board", "tags (Event, North)"]
    assert registry.what_is_dropped("bri", boards) == [
        "the auction of 1 board",
        "the dealer and vulnerability of 1 board (the file follows the board numbers)",
        "tags (Event, North)",
    ]
    moved = [b.replace(number=n) for b, n in zip(boards[2:], (7, 8), strict=True)]
    assert registry.what_is_dropped("dge", moved) == [
        "the board numbers of 2 boards (the file numbers boards 1, 2, 3, … in order)",
        "the dealer and vulnerability of 2 boards (the file follows the board numbers)",
    ]
    assert registry.what_is_dropped("csv", [Board(1, None)]) == ["1 board without a full deal"]


def test_contract_and_declarer_a_kept_auction_implies_are_not_reported_lost() -> None:
    """A teacher's trial: every bid set saved as LIN warned "cannot hold tags (Contract, Declarer)",
    though LIN keeps the auction that says both."""
    board = boards_from_batch(deal_batch(1, seed=2), 1)[0].with_auction(Auction.parse("N", "1NT P 3NT P P P"))
    bid = board.with_tags(Contract="3NT", Declarer="N")
    assert registry.what_is_dropped("lin", [bid]) == []
    assert registry.what_is_dropped("lin", [board.with_tags(Contract="4S", Declarer="S")]) == [
        "tags (Contract, Declarer)"
    ]
    passed = boards_from_batch(deal_batch(1, seed=2), 1)[0].with_auction(Auction.parse("N", "P P P P"))
    assert registry.what_is_dropped("lin", [passed.with_tags(Contract="Pass")]) == []
    assert registry.what_is_dropped("csv", [bid]) == ["the auction of 1 board", "tags (Contract, Declarer)"]
    assert registry.what_bidding_drops("lin", 3, declarers=True, barred_notes=0) == []
    assert registry.what_bidding_drops("csv", 3, declarers=True, barred_notes=0) == [
        "the auctions of 3 boards",
        "tags (Contract, Declarer)",
    ]


def test_non_streaming_format_written_at_the_end() -> None:
    masks = deal_batch(5, seed=3)
    writer = registry.stream_writer("dlm")
    info = SetInfo(practice=True)
    assert writer.begin(info) == "" and writer.write_batch(masks, 1, info) == ""
    assert writer.end(info) == registry.dumps("dlm", boards_from_batch(masks, 1), info)


def test_empty_batch_writes_nothing() -> None:
    for name in FORMATS:
        writer = registry.stream_writer(name)
        assert len(writer.write_batch(np.zeros((0, 4), dtype=np.uint64), 1, SetInfo())) == 0


def test_whole_file_format_refuses_the_100th_board_when_it_arrives() -> None:
    writer = registry.stream_writer("dup")
    info = SetInfo()
    writer.write_batch(deal_batch(99, seed=1), 1, info)
    with pytest.raises(registry.FormatError, match="at most 99 boards"):
        writer.write_batch(deal_batch(1, seed=2), 100, info)


def test_a_streamed_text_set_numbered_from_7_has_one_blank_line_between_boards() -> None:
    # The text writer's blank line before a batch followed the board number (first_number > 1), so a set
    # numbered from 7 began with a blank line; the registry's writer now says what it has written.
    batch = deal_batch(5, seed=3)
    info = SetInfo()
    writer = registry.stream_writer("text")
    streamed = writer.begin(info) + writer.write_batch(batch[:2], 7, info) + writer.write_batch(batch[2:], 9, info)
    streamed += writer.end(info)
    assert streamed == registry.dumps(registry.by_name("text"), boards_from_batch(batch, 7), info)
    assert not str(streamed).startswith("\n")


def test_lin_says_it_rewrites_a_bar_in_an_explanation_or_a_name() -> None:
    """LIN has no escape for ``|``: it was written ``/`` without a word."""
    [deal] = [b.deal for b in boards_from_batch(deal_batch(1, seed=3), 1)]
    noted = Board(1, deal).with_auction(Auction.parse("N", "1NT").add("P", note="any | all"))
    named = Board(2, deal).with_tags(North="Ann | Bob")
    plain = Board(5, deal).with_auction(Auction.parse("N", "1NT P 2C P"))
    assert registry.what_is_dropped("lin", [plain]) == []
    dropped = registry.what_is_dropped("lin", [noted, named, plain])
    assert "the '|' in the call explanations of 1 board (LIN cannot hold it: written '/')" in dropped
    assert "the '|' or ',' in the player names of 1 board (LIN cannot hold them)" in dropped
    assert registry.what_is_dropped("pbn", [noted, named]) == []
