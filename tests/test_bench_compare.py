"""The whole-process benchmark's bookkeeping (no speed is asserted: figures are printed, not tested)."""

from __future__ import annotations

import sys
from pathlib import Path

from bridgegui.devtools import bench_compare


def test_a_child_is_measured_with_its_output_in_a_file(tmp_path: Path) -> None:
    output = tmp_path / "out.txt"
    run = bench_compare.run_child([sys.executable, "-c", "print('x' * 10)"], output)
    assert run.status == 0
    assert output.read_text() == "x" * 10 + "\n"
    assert run.cpu > 0 and run.peak_mb > 0


def test_every_side_gets_the_same_request_and_count(tmp_path: Path) -> None:
    cells = bench_compare.build_cells(tmp_path, (1_000,), ["S1", "S4"])
    by_key = {cell.scenario: cell for cell in cells}
    ours = by_key["S1"].commands["bridgegui"]
    assert ours[ours.index("-p") + 1] == "1000" and "-o" in ours
    dealer = by_key["S1"].commands.get("dealer")
    if dealer is not None:
        assert (tmp_path / "S1-1000.dl").read_text().startswith("produce 1000\n")
    if bench_compare._peer("dealer") is not None:
        assert "dealer" in by_key["S4"].skipped  # hours by rejection: skipped, and said to be
        assert "dealer" not in by_key["S4"].commands


def test_the_report_gives_a_ratio_per_cell(tmp_path: Path) -> None:
    cell = bench_compare.Cell("S1", 10, {}, {}, {"dealer": "skipped: about 99 s expected"}, {})
    cell.runs = {"bridgegui": [bench_compare.Run(0.2, 40.0, 0)], "deal": [bench_compare.Run(0.4, 20.0, 0)]}
    lines = bench_compare.report([cell])
    row = next(line for line in lines if line.startswith("S1"))
    assert "0.50x" in row and "skipped" in row
