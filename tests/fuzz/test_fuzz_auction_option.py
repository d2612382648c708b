"""Hostile ``--auction`` strings and hostile bytes for the one text reader (``bridgegui.files``).

``--auction`` text goes through ``split_auction`` and ``auction_calls`` before any dealing: any string
gives either calls that ``Auction.parse`` reads back (a non-empty, legal auction; a final ``AP`` made
into the passes that end it) or our ``BridgeError`` (exit 2), never another exception.  The text
reader's UTF-8 decoding either returns the text or names a line, column and byte that really hold
the first bad byte.  Quick and long (``slow``) profiles as in the other fuzz suites; ``pytest -s``
prints the inputs each target tried.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.cli.bidding import auction_calls, split_auction
from bridgegui.engine.bidding import Auction
from bridgegui.engine.errors import BridgeError
from bridgegui.files import FileRefusedError, decode_utf8


def run(run_settings: settings, strategy: st.SearchStrategy[Any], check: Callable[[Any], object]) -> None:
    tried = 0

    @run_settings
    @given(strategy)
    def fuzz(example: Any) -> None:
        nonlocal tried
        tried += 1
        check(example)

    fuzz()
    print(f"{os.environ.get('PYTEST_CURRENT_TEST', '?').split(' ')[0]}: {tried} inputs")


WORDS = ["1NT", "1C", "2H", "7NT", "P", "Pass", "X", "XX", "AP", "ap", "S:", "N:", ":", "-", ",", " ", "", "8C", "0S"]
auction_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="1234567NTCDHSPXAapSNEW: -,–♣♦♥♠", max_size=30),
    st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join),
    st.lists(st.sampled_from(WORDS), max_size=12).map("".join),
)


def check_auction(text: str) -> None:
    try:
        dealer, calls = split_auction(text, None)
        result = auction_calls(dealer or "N", calls, text)
    except BridgeError:
        return
    auction = Auction.parse(dealer or "N", result)  # what is accepted reads back
    assert auction.calls, f"{text!r} was accepted with no call"
    if text.rstrip(" ,-–—").upper().endswith("AP"):
        assert auction.is_complete


@pytest.mark.fuzz(quick=1_500, slow=40_000)
def test_auction_option_strings(run_settings: settings) -> None:
    run(run_settings, auction_text, check_auction)


def check_decoding(data: bytes) -> None:
    try:
        text = decode_utf8(data, "x.system")
    except FileRefusedError as exc:
        assert exc.kind == "not_utf8" and exc.offset is not None and exc.line is not None and exc.column is not None
        good = data[: exc.offset]
        good.decode("utf-8-sig")  # everything before the named byte is UTF-8
        assert exc.line == good.count(b"\n") + 1
        line_start = good.rfind(b"\n") + 1
        before = good[line_start:].decode("utf-8-sig" if line_start == 0 else "utf-8")  # a byte-order mark is no column
        assert exc.column == len(before) + 1
        return
    assert isinstance(text, str)


byte_text = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=60).map(lambda t: t.encode("utf-8")),
    st.tuples(st.text(max_size=40), st.binary(max_size=4), st.text(max_size=20)).map(
        lambda p: p[0].encode("utf-8") + p[1] + p[2].encode("utf-8")
    ),
)


@pytest.mark.fuzz(quick=1_500, slow=40_000)
def test_text_reader_names_the_bad_byte(run_settings: settings) -> None:
    run(run_settings, byte_text, check_decoding)
