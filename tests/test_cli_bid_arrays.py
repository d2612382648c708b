"""``bridgegui-deal --bid`` written from arrays (``write_bid_set``) is byte for byte what the per-board
path (``Board`` objects through ``bid_boards`` and ``registry.dumps``) writes, warnings included."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from bridgegui.cli import bidding
from bridgegui.cli import deal as deal_cli
from bridgegui.engine.bidding import Auction, load_system
from bridgegui.engine.bidding.batch import bid_codes, bid_rows, final_contracts
from bridgegui.engine.bidding.system import DEFAULT_MAX_CALLS, call_code, call_from_code
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import _batch, lin, pbn, registry

BARRED = """\
system: Barred
title: A system whose explanations hold what files must escape

after P*
  1NT   hcp 15-17, balanced            -- 1NT: 15-17 "strong" | balanced \\ notrump.
  1H    hcp 12-21, hearts 5+           -- 1♥: 12–21 points, 5+ hearts.
  1C    hcp 12-21                      -- 1♣: 12-21 points.
  P     any                            -- Pass: not enough to open.

after P* 1NT
  X     hcp 10+                        -- Dbl: penalties.
  P     any                            -- Pass.

after P* 1NT X
  XX    hcp 4+                         -- Rdbl: to play.
  P     any                            -- Pass.

after **
  P     any                            -- Pass: nothing else here.
"""


def _run(argv: list[str], tmp_path: Path, name: str) -> tuple[int, bytes, str]:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / name
    status = deal_cli.main([*argv, "-o", str(target)], stdout=out, stderr=err)
    return status, target.read_bytes() if target.exists() else b"", err.getvalue()


def _both_ways(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    fast = _run(argv, tmp_path, "fast-" + name)
    with monkeypatch.context() as patch:
        patch.setattr(deal_cli, "_bids_from_arrays", lambda args, fmt: False)
        slow = _run(argv, tmp_path, "slow-" + name)
    assert fast[0] == slow[0] == 0, (fast[2], slow[2])
    assert fast[2] == slow[2]
    assert fast[1] == slow[1]


@pytest.mark.parametrize(
    ("fmt", "extra"),
    [
        ("pbn", ["-s", "11"]),
        ("pbn", ["-s", "12", "-d", "S", "--first-board", "7"]),
        ("pbn", ["-s", "13", "--north", "hcp 15-17, balanced"]),
        ("lin", ["-s", "14"]),
        ("lin", ["-s", "15", "-d", "w", "--first-board", "5"]),
        ("text", ["-s", "16"]),
        ("csv", ["-s", "17", "--first-board", "3"]),
        ("bri", ["-s", "18"]),
        ("dge", ["-s", "19"]),
    ],
)
def test_bid_sets_written_from_arrays_equal_the_per_board_writer(
    fmt: str, extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _both_ways(["-p", "150", "--bid", "--format", fmt, *extra], tmp_path, monkeypatch, f"set.{fmt}")


@pytest.mark.parametrize("fmt", ["dup", "dlm", "text", "pbn", "lin"])
def test_small_sets_of_every_format(fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _both_ways(["-p", "40", "-s", "21", "--bid", "--format", fmt], tmp_path, monkeypatch, f"small.{fmt}")


@pytest.mark.parametrize("fmt", ["pbn", "lin", "text"])
def test_escaped_notes_passed_out_and_redoubled_boards(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Quotes, backslashes and ``|`` in explanations, boards passed out, contracts doubled and redoubled."""
    system = tmp_path / "barred.system"
    system.write_text(BARRED, encoding="utf-8")
    argv = ["-p", "200", "-s", "5", "--system", str(system), "--bid", "--format", fmt]
    _both_ways(argv, tmp_path, monkeypatch, f"barred.{fmt}")


def test_the_fast_path_is_the_one_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``Board`` is bid one by one for a plain ``--bid`` set (else the comparisons above compare a path with itself)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("bid_boards was called")

    monkeypatch.setattr(bidding, "bid_boards", refuse)
    status, data, _ = _run(["-p", "20", "-s", "1", "--bid"], tmp_path, "taken.pbn")
    assert status == 0 and b"[Auction " in data


def test_bid_codes_are_bid_rows_auctions_and_contracts() -> None:
    system = load_system("standard")
    deals = deal_batch(600, seed=4)
    dealers = np.arange(600) % 4
    vulnerability = (np.arange(600) // 4) % 4
    auctions, history = bid_rows(system, deals, dealers, vulnerability, DEFAULT_MAX_CALLS)
    codes = bid_codes(system, deals, dealers, vulnerability, DEFAULT_MAX_CALLS)
    contracts, declarers = final_contracts(codes.calls, dealers)
    words = _batch.contract_texts()
    for i, auction in enumerate(auctions):
        made = int(codes.lengths[i])
        assert [call_from_code(c) for c in codes.calls[i, :made].tolist()] == list(auction.calls)
        assert (codes.calls[i, made:] == -1).all()
        assert bool(codes.complete[i]) == auction.is_complete
        assert codes.rules[i, :made].tolist() == history[i, :made].tolist()
        contract = auction.contract()
        if contract is None:
            assert contracts[i] == declarers[i] == -1
        else:
            assert words[contracts[i]] == str(contract)
            assert "NESW"[declarers[i]] == contract.declarer


def test_final_contracts_of_doubled_redoubled_and_unfinished_auctions() -> None:
    texts = ["1C X XX P P P", "P 1H P 2H X P P P", "1S P 2S P 3S", "P P P P", "1NT 2C X P P XX P P P", ""]
    dealers = np.array([0, 1, 2, 3, 0, 1])
    rows = [[call_code(c) for c in Auction.parse("NESW"[d], t).calls] for t, d in zip(texts, dealers, strict=True)]
    calls = np.full((len(rows), 12), -1, dtype=np.int16)
    for k, row in enumerate(rows):
        calls[k, : len(row)] = row
    contracts, declarers = final_contracts(calls, dealers)
    words = _batch.contract_texts()
    got = [
        (words[c] if c >= 0 else None, "NESW"[d] if d >= 0 else None) for c, d in zip(contracts, declarers, strict=True)
    ]
    expected = []
    for text, d in zip(texts, dealers.tolist(), strict=True):
        contract = Auction.parse("NESW"[d], text).contract()
        expected.append((str(contract), contract.declarer) if contract is not None else (None, None))
    assert got == expected
    assert got[0] == ("1CXX", "N") and got[4] == ("2CXX", "E")


def _board_with(number: int, deal: Deal, dealer: str, text: str, notes: list[str]) -> Board:
    """A board as ``bid_boards`` makes it for a fresh board: the auction section and its tags."""
    auction = Auction.parse(dealer, text)
    rules = list(range(len(auction.calls)))
    section = bidding._auction_section(auction, rules, bidding._NoteTexts(notes, "none"))
    contract = auction.contract()
    tags = [("Auction", dealer), ("Contract", str(contract) if contract is not None else "Pass")]
    if contract is not None:
        tags.append(("Declarer", contract.declarer))
    return Board(number, deal, dealer=dealer, tags=tuple(tags), sections=(("Auction", section),))


def test_unfinished_auctions_end_with_a_plus_as_the_board_writer_writes_them() -> None:
    """An auction cut off at the call limit is written with ``+`` (PBN 2.1 section 3.5)."""
    deals = deal_batch(3, seed=9)
    texts = ["1C P 1H P 1S P 2S P 3S", "P P P P", "1NT X XX P P P"]
    notes = [f'note {k} with "quotes" \\ and ♠' for k in range(9)]
    info = registry.SetInfo("bridgegui test", 3, ("a note",), dealer="E")
    boards = [
        _board_with(k + 1, Deal.from_masks(row), "E", t, notes)
        for k, (row, t) in enumerate(zip(deals.tolist(), texts, strict=True))
    ]
    expected = pbn.dumps(boards, generator=info.generator, seed=info.seed, extra_header=list(info.notes))
    calls = np.full((3, 9), -1, dtype=np.int16)
    lengths = np.zeros(3, dtype=np.int64)
    complete = np.zeros(3, dtype=bool)
    for k, text in enumerate(texts):
        auction = Auction.parse("E", text)
        calls[k, : len(auction.calls)] = [call_code(c) for c in auction.calls]
        lengths[k] = len(auction.calls)
        complete[k] = auction.is_complete
    note_index = np.broadcast_to(np.arange(9), (3, 9)).copy()
    contracts, declarers = final_contracts(calls, np.full(3, 1))
    bid = _batch.Bidding(calls, lengths, complete, note_index, notes, contracts, declarers)
    assert registry.dumps_bidding("pbn", deals, 1, info, bid) == expected
    assert lin.dumps_bidding(deals, 1, info, bid) == lin.dumps(boards, info)
