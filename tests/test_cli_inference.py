"""bridgegui-deal's --infer and --simulate: the JSON contract, the known hand, and simulation results
recomputed from the deals written with -o (contracts, double-dummy tricks, scores, IMPs)."""

from __future__ import annotations

import io
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bridgegui.cli import deal as deal_cli
from bridgegui.cli import inference as inference_cli
from bridgegui.engine.bidding import Auction, load_system
from bridgegui.engine.bidding.inference import DEFAULT_INFERENCE_DEALS, KnownHand, shown_hands
from bridgegui.engine.scoring import duplicate_score, imps
from bridgegui.formats import pbn

HAND = "S:AQ73.K84.J92.T65"
SUMMARY_KEYS = {"min", "p05", "mean", "p95", "max"}


def _main(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = deal_cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_infer_json_is_the_engines_inference() -> None:
    status, out, err = _main(
        "--system", "standard", "--auction", "1NT P 2C P 2H", "-d", "N", "--infer", "--json", "-s", "4", "-p", "300"
    )
    assert status == 0, err
    got = json.loads(out)
    assert set(got) == {"N", "E", "S", "W"}
    for seat in got.values():
        assert set(seat) == {"hcp", "spades", "hearts", "diamonds", "clubs", "balanced"}
        for key in ("hcp", "spades", "hearts", "diamonds", "clubs"):
            assert set(seat[key]) == SUMMARY_KEYS
        assert 0 <= seat["balanced"] <= 1
    expected, _ = shown_hands(load_system("standard"), "1NT P 2C P 2H", "N", count=300, seed=4)
    assert got == json.loads(json.dumps(expected.as_dict()))
    assert got["N"]["hcp"]["min"] >= 15 and got["N"]["hcp"]["max"] <= 17 and got["N"]["balanced"] == 1.0


def test_infer_with_a_known_hand() -> None:
    status, out, err = _main(
        "--auction", "1NT P", "-d", "N", "--infer", "--json", "--hand", HAND, "-s", "2", "-p", "100"
    )
    assert status == 0, err
    south = json.loads(out)["S"]
    assert south["hcp"] == {"min": 10, "p05": 10, "mean": 10, "p95": 10, "max": 10}
    assert [south[s]["mean"] for s in ("spades", "hearts", "diamonds", "clubs")] == [4, 3, 3, 3]


def test_infer_prints_a_table_by_default() -> None:
    status, out, _ = _main("--auction", "S:1S", "--infer", "-s", "1", "-p", "50", "--hand", "N:AQ73.K84.J92.T65")
    assert status == 0
    lines = out.splitlines()
    assert "South deals" in lines[0] and "50 deals" in lines[0]
    assert [line.split()[0] for line in lines[2:]] == ["North", "East", "South", "West"]
    assert "(known)" in lines[2]


def test_help_states_the_default_sample_sizes() -> None:
    text = deal_cli.build_parser().format_help()
    assert f"default {DEFAULT_INFERENCE_DEALS:,}" in text
    from bridgegui.engine.bidding.simulation import DEFAULT_SIMULATION_DEALS

    assert inference_cli.DEFAULT_INFER_DEALS == DEFAULT_INFERENCE_DEALS
    assert inference_cli.DEFAULT_SIMULATE_DEALS == DEFAULT_SIMULATION_DEALS
    assert f"(default {DEFAULT_SIMULATION_DEALS})" in " ".join(text.split())


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["--infer"], 2),
        (["--auction", "1NT P", "--infer", "--simulate", "2C"], 2),
        (["--auction", "1NT P", "--infer", "--hand", "S:AQ73"], 2),
        (["--auction", "1NT P", "--infer", "--north", "hcp 10"], 2),
        (["--auction", "1NT P", "--infer", "--vul", "sometimes"], 2),
        (["--auction", "1NT 7NT", "-d", "S", "--infer", "--hand", HAND, "-p", "5"], 3),
        (["--auction", "1NT P", "--infer", "--cluster", "tcp://127.0.0.1:1"], 2),
    ],
)
def test_bad_requests(argv: list[str], status: int) -> None:
    assert _main(*argv)[0] == status


# --- simulation -------------------------------------------------------------------------------------------

SIM_ARGS = ("--system", "standard", "--auction", "1NT P", "-d", "N", "--hand", HAND, "--simulate", "2C,3NT")
_SIMULATION = re.compile(r"([^=;\s]+)=(PASS|(\d)(C|D|H|S|NT)(X{0,2})@([NESW]):(\d+))")


def _parse_tag(value: str) -> list[tuple[str, tuple[int, str, int, str, int] | None]]:
    result = []
    for part in value.split("; "):
        m = _SIMULATION.fullmatch(part)
        assert m, part
        if m.group(2) == "PASS":
            result.append((m.group(1), None))
        else:
            result.append((m.group(1), (int(m.group(3)), m.group(4), len(m.group(5)), m.group(6), int(m.group(7)))))
    return result


def test_simulate_results_recomputed_from_the_written_deals(tmp_path: Path) -> None:
    endplay = pytest.importorskip("endplay")
    assert endplay
    from bridgegui.engine import double_dummy

    target = tmp_path / "sim.pbn"
    status, out, err = _main(*SIM_ARGS, "-p", "12", "-s", "3", "--json", "--vul", "NS", "-o", str(target))
    assert status == 0, err
    summary = json.loads(out)
    assert summary["deals"] == 12
    assert [c["call"] for c in summary["candidates"]] == ["2C", "3NT"]
    boards = pbn.load(target)
    assert len(boards) == 12
    system = load_system("standard")
    known = KnownHand.parse(HAND)
    scores = np.zeros((2, 12), dtype=np.int64)
    for i, board in enumerate(boards):
        assert board.tag("Dealer") == "N" and board.tag("Vulnerable") == "NS"
        assert board.deal is not None and board.deal.hand("S").mask == known.mask
        table = double_dummy.dd_table(board.deal)
        outcomes = _parse_tag(board.tag("Simulation") or "")
        assert [call for call, _ in outcomes] == ["2C", "3NT"]
        for j, (call, outcome) in enumerate(outcomes):
            auction = Auction.parse("N", "1NT P") + call
            while not auction.is_complete:
                auction = auction + system.call_for(board.deal, auction, "NS").call
            contract = auction.contract()
            assert outcome is not None and contract is not None
            level, strain, doubled, declarer, tricks = outcome
            assert (level, strain, doubled, declarer) == (
                contract.level, contract.strain, len(contract.doubled), contract.declarer
            )  # fmt: skip
            assert tricks == table.get(declarer, strain)
            strain_index = ("C", "D", "H", "S", "NT").index(strain)
            value = int(duplicate_score(level, strain_index, doubled, declarer in "NS", tricks))
            scores[j, i] = value if declarer in "NS" else -value
    first, second = summary["candidates"]
    assert first["mean_score"] == pytest.approx(scores[0].mean())
    assert second["mean_score"] == pytest.approx(scores[1].mean())
    swing = imps(scores[1] - scores[0])
    assert (first["mean_imps"], first["se_imps"]) == (0, 0)
    assert second["mean_imps"] == pytest.approx(swing.mean())
    assert second["se_imps"] == pytest.approx(swing.std(ddof=1) / math.sqrt(12))


def test_simulate_is_reproducible_and_prints_a_table() -> None:
    pytest.importorskip("endplay")
    a = _main(*SIM_ARGS, "-p", "8", "-s", "5", "--json")
    b = _main(*SIM_ARGS, "-p", "8", "-s", "5", "--json")
    assert a[0] == 0 and a[1] == b[1]
    status, out, _ = _main(*SIM_ARGS, "-p", "8", "-s", "5")
    assert status == 0 and "IMPs against 2C" in out and out.splitlines()[2].startswith("2C")


def test_a_passed_out_candidate_is_written_pass(tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    target = tmp_path / "out.pbn"
    status, _out, err = _main(
        "--auction", "P P P", "-d", "N", "--simulate", "P,1C", "-p", "3", "-s", "1", "-o", str(target)
    )
    assert status == 0, err
    for board in pbn.load(target):
        (first, outcome), (second, played) = _parse_tag(board.tag("Simulation") or "")
        assert (first, outcome, second) == ("P", None, "1C") and played is not None


def test_no_dask_without_cluster() -> None:
    """A run without --cluster imports nothing of Dask (a fresh interpreter, so other tests cannot hide it)."""
    pytest.importorskip("endplay")
    code = (
        "import sys, io; from bridgegui.cli import deal as deal_cli; "
        "deal_cli.main(['--auction', '1NT P', '-d', 'N', '--simulate', '2C,3NT', '-p', '2', '-s', '1', '--json'], io.StringIO(), io.StringIO()); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]"


def test_the_readme_states_the_same_defaults() -> None:
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    assert f"({inference_cli.DEFAULT_INFER_DEALS:,} unless -p says otherwise" in readme.replace("`", "")
    assert f"({inference_cli.DEFAULT_SIMULATE_DEALS} unless -p says otherwise" in readme.replace("`", "")
    from bridgegui.engine.bidding.simulation import CHUNK_DEALS

    assert f"chunks of {CHUNK_DEALS} boards" in readme
