"""Time writing and reading 10,000 boards in every board-set format: ``python -m bridgegui.devtools.bench_formats``.

The figures say what each format costs to write and read.  Everything is timed **in-process** (no
interpreter start-up, no disk: the output stays in memory), the median of several runs, on one fixed
dealt set:

* **stream**: ``registry.stream_writer``: ``begin``, ``write_batch`` over batches of 1,000 boards
  straight from the ``(n, 4)`` mask arrays, ``end``: what the command line does for a large set;
* **dumps**: ``registry.dumps`` on the same set as ``Board`` objects (the boards already built);
* **read**: ``registry.loads`` of that output back to ``Board`` objects.

DUP and DLM hold at most 99 boards a file, so for them the 10,000 boards are written as 102 files
(101 of 99 boards and one of 1), and their "stream" column is empty: they are whole-file formats.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import registry
from bridgegui.formats.registry import FORMATS, SetInfo

BATCH = 1000


def _median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _stream(name: str, masks: np.ndarray, info: SetInfo) -> int:
    writer = registry.stream_writer(name)
    size = len(writer.begin(info))
    for start in range(0, len(masks), BATCH):
        size += len(writer.write_batch(masks[start : start + BATCH], start + 1, info))
    return size + len(writer.end(info))


def _dump_all(name: str, chunks: list[list[Board]], info: SetInfo) -> list[str | bytes]:
    return [registry.dumps(name, chunk, info) for chunk in chunks]


def _read_all(name: str, outputs: list[str | bytes]) -> list[list[Board]]:
    return [registry.loads(name, out) for out in outputs]


def _chunks(name: str, boards: list[Board]) -> list[list[Board]]:
    limit = FORMATS[name].max_boards
    if limit is None:
        return [boards]
    return [[b.replace(number=k) for k, b in enumerate(boards[i : i + limit], 1)] for i in range(0, len(boards), limit)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)

    masks = deal_batch(args.boards, seed=20261124)
    boards = boards_from_batch(masks, 1)
    info = SetInfo(generator="bridgegui bench", seed=20261124, total=args.boards)
    print(f"Writing and reading {args.boards:,} boards, in-process, median of {args.runs} runs (seconds)")
    print(f"{'format':<8}{'stream':>10}{'boards/s':>12}{'dumps':>10}{'read':>10}{'bytes':>13}  note")
    for name, fmt in FORMATS.items():
        chunks = _chunks(name, boards)
        note = f"{len(chunks)} files of up to {fmt.max_boards}" if len(chunks) > 1 else ""
        outputs = [registry.dumps(name, chunk, info) for chunk in chunks]
        size = sum(len(out) for out in outputs)
        dumps_s = _median_seconds(partial(_dump_all, name, chunks, info), args.runs)
        if fmt.streams:
            stream_s = _median_seconds(partial(_stream, name, masks, info), args.runs)
            stream_text, rate = f"{stream_s:10.3f}", f"{args.boards / stream_s:12,.0f}"
        else:
            stream_text, rate = f"{'—':>10}", f"{'—':>12}"
        if fmt.readable:
            read_s = _median_seconds(partial(_read_all, name, outputs), 1)
            read_text = f"{read_s:10.3f}"
        else:
            read_text = f"{'—':>10}"
        print(f"{name:<8}{stream_text}{rate}{dumps_s:10.3f}{read_text}{size:13,}  {note}")


if __name__ == "__main__":
    main()
