"""The batch bidder's part of a compiled-system cache entry: the batch file's layout and checks,
and the sample bidding that teaches a new entry's index the common auctions (``loader._store``).

The file sits beside the entry's ``.pickle`` and holds ``BatchIndex.stored()``: the rule tables and
what bidding taught the index.  Only a run that bids a set reads it; the entry's token and a CRC-32
make sure it is that entry's own and whole, since another process may store the same entry
meanwhile and a disk may damage a file.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from bridgegui.engine.bidding.system import System


def batch_file_bytes(token: str, stored: bytes) -> list[bytes]:
    """A cache entry's batch file (``stored``, ``BatchIndex.stored``): the entry's token, then the
    data's CRC-32, then the data."""
    return [token.encode("ascii"), b"%08x" % zlib.crc32(stored), stored]


def batch_file_data(path: object, token: object) -> memoryview | None:
    """The ``stored`` index in a cache entry's batch file, when the file is the entry's own (it
    starts with the entry's ``token``) and whole (its CRC-32 holds); None when it is missing,
    damaged or another entry's.  A damaged file, or another entry's, also removes the entry: the
    next run compiles the system again and stores the two files afresh, instead of every run
    building the index anew."""
    if not isinstance(path, str) or not isinstance(token, str):
        return None
    try:
        with open(path, "rb") as handle:
            data = memoryview(handle.read())  # slices of it are not copies of megabytes
    except OSError:
        return None
    mark = token.encode("ascii")
    start = len(mark) + 8
    if bytes(data[: len(mark)]) == mark and bytes(data[len(mark) : start]) == b"%08x" % zlib.crc32(data[start:]):
        return data[start:]
    with contextlib.suppress(OSError):
        os.unlink(os.path.splitext(path)[0] + ".pickle")
    return None


WARM_DEALS = 16000
"""Deals the compiled-system cache bids before it stores a system (``warm_up``), all dealers and
vulnerabilities: enough for the auctions most sets meet.  After 4,000, a 10,000-board ``--bid``
still met 1,200-2,100 auction states the cache did not know and learned them again in every run
(12-19 ms of its cpu, whole processes); 16,000 costs a third of a second once, when a system is
compiled, and the larger batch file loads in about the same time."""


def warm_up(system: System) -> None:
    """Bid a fixed sample so that the system's batch index learns the common auctions' states
    before the cache keeps it (``BatchIndex.learned``): every later process starts from them."""
    from bridgegui.engine.bidding.batch import _bid_tree
    from bridgegui.engine.bidding.system import DEFAULT_MAX_CALLS
    from bridgegui.engine.dealing import deal_batch

    deals = deal_batch(WARM_DEALS, seed=20261126)
    order = np.arange(WARM_DEALS)
    _bid_tree(system, deals, order % 4, (order // 4) % 4, DEFAULT_MAX_CALLS)


__all__ = ["WARM_DEALS", "batch_file_bytes", "batch_file_data", "warm_up"]
