"""bridgegui-deal writes sets batch by batch: the same bytes as the per-board writers, memory
flat whatever the count, atomic files, the format chosen by the file's extension, and the dealer
script's "fewer boards than asked" status."""

from __future__ import annotations

import io
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from bridgegui.cli import deal as deal_cli
from bridgegui.engine import parallel
from bridgegui.engine.boards import boards_from_batch
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.formats import pbn, registry, text


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = deal_cli.main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _dealt(specs: dict[str, str], count: int, seed: int) -> np.ndarray:
    return np.concatenate([p.deals for p in planner.deal_stream(DealRequest.from_specs(**specs), count, seed=seed)])


@pytest.mark.parametrize(
    ("specs", "count", "seed", "first"),
    [
        ({"north": "hcp 15-17, balanced"}, 40, 1, 1),
        ({"west": "shape 7600"}, 25, 7, 14),
        ({}, 3000, 2, 1),  # several batches
        ({"ns": "hcp 25-27"}, 17, 99, 1000),
    ],
)
def test_streamed_pbn_is_what_dumps_writes(specs, count, seed, first):
    """The streamed file is byte for byte ``pbn.dumps`` of the boards the same seed deals (the old path)."""
    argv = ["-q", "-p", str(count), "-s", str(seed), "--first-board", str(first)]
    for seat, spec in specs.items():
        argv += [f"--{seat}", spec]
    code, out, err = run(*argv)
    assert code == 0, err
    request = DealRequest.from_specs(**specs)
    header = [f"Constraints: {deal_cli.describe_request(request)}"] if not request.is_empty else []
    boards = boards_from_batch(_dealt(specs, count, seed), first)
    assert out == pbn.dumps(boards, generator=deal_cli.GENERATOR, seed=seed, extra_header=header)


def test_streamed_text_is_what_deal_diagram_writes(tmp_path):
    target = tmp_path / "set.txt"
    code, _, err = run("-q", "-p", "2500", "-s", "3", "--first-board", "7", "--south", "hcp 12+", "-o", str(target))
    assert code == 0, err
    boards = boards_from_batch(_dealt({"south": "hcp 12+"}, 2500, 3), 7)
    expected = "\n\n".join(text.deal_diagram(b.deal, board=b) for b in boards) + "\n"
    assert target.read_text(encoding="utf-8") == expected


def test_a_fixed_dealer_streams_too():
    code, out, err = run("-q", "-p", "9", "-s", "4", "-d", "S")
    assert code == 0, err
    boards = pbn.loads(out)
    assert {b.effective_dealer for b in boards} == {"S"}
    assert all(b.tag("Deal", "").startswith("S:") for b in boards)


def test_the_extension_chooses_the_format(tmp_path):
    for name, fmt in (("set.lin", "lin"), ("set.txt", "text"), ("set.csv", "csv"), ("set.PBN", "pbn")):
        target = tmp_path / name
        code, _, err = run("-q", "-p", "5", "-s", "8", "-o", str(target))
        assert code == 0, err
        if fmt == "text":
            assert target.read_text(encoding="utf-8").startswith("Board 1   Dealer: North")
            continue
        deals = [b.deal for b in registry.load(fmt, target)]
        assert deals == [b.deal for b in boards_from_batch(_dealt({}, 5, 8), 1)]
    # An unknown extension, or standard output, is PBN.
    code, _, _ = run("-q", "-p", "1", "-o", str(tmp_path / "set.deals"))
    assert code == 0 and (tmp_path / "set.deals").read_bytes().startswith(b"% PBN 2.1")


def test_format_flag_wins_over_the_extension(tmp_path):
    target = tmp_path / "set.pbn"
    code, _, _ = run("-q", "-p", "2", "--format", "text", "-o", str(target))
    assert code == 0 and target.read_text(encoding="utf-8").startswith("Board 1")


def test_a_format_of_at_most_99_boards_is_refused_before_dealing(tmp_path):
    target = tmp_path / "set.dup"
    code, _out, err = run("-q", "-p", "100", "-o", str(target))
    assert code == 2 and not target.exists()
    assert "at most 99 boards" in err
    code, _, err = run("-q", "-p", "12", "-s", "5", "-o", str(target))
    assert code == 0, err
    assert [b.deal for b in registry.load("dup", target)] == [b.deal for b in boards_from_batch(_dealt({}, 12, 5), 1)]


def test_what_a_format_drops_is_said(tmp_path):
    """BRI numbers boards by their place: a set from board 5 loses its numbers, and the user is told."""
    code, _, err = run("-q", "-p", "3", "--first-board", "5", "-o", str(tmp_path / "set.bri"))
    assert code == 0
    assert "cannot hold the board numbers of 3 boards" in err


def test_binary_format_to_standard_output_needs_a_real_stream():
    code, out, err = run("-q", "-p", "2", "--format", "dge")
    assert code == 1 and out == ""
    assert "-o FILE" in err


def test_memory_stays_flat_whatever_the_count(tmp_path):
    """50,000 boards streamed to a file: Python's peak allocation stays a few batches' worth.

    Holding the set (the old path) took about 3 KB a board, 150 MB here; a batch is at most 8,192
    boards, so the streamed peak is bounded by the batch, not by ``-p``.
    """
    target = tmp_path / "big.pbn"
    tracemalloc.start()
    try:
        code, _, err = run("-q", "-p", "50000", "-s", "1", "-o", str(target))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 0, err
    assert target.stat().st_size > 50000 * 300
    assert peak < 30_000_000, f"peak {peak:,} bytes"


def test_an_interrupted_run_keeps_the_old_file(tmp_path, monkeypatch):
    """Ctrl-C after the first batch: exit 130, the old file whole, no temporary file left."""
    target = tmp_path / "set.pbn"
    target.write_bytes(b"last week's boards\n")
    real = planner.deal_stream

    def interrupted(*args, **kwargs):
        stream = real(*args, **kwargs)
        yield next(stream)
        raise KeyboardInterrupt

    monkeypatch.setattr(planner, "deal_stream", interrupted)
    code, _, err = run("-q", "-p", "20000", "-o", str(target))
    assert code == 130 and "interrupted" in err
    assert target.read_bytes() == b"last week's boards\n"
    assert [p.name for p in tmp_path.iterdir()] == ["set.pbn"]


RARE_SCRIPT = """generate 5000
produce 40
condition hcp(north) == hcp(south) && hcp(north) == hcp(east) && hcp(north) == hcp(west)
action printoneline
"""


@pytest.mark.parametrize("to_file", [False, True])
def test_a_script_short_of_boards_says_so_and_exits_4(tmp_path, to_file):
    """dealer stops at its generate limit with fewer boards; we write them, say how many of how many and
    why, and exit 4.  Four hands of 10 HCP each is about 1 in 400 deals and no seat's own
    term, so it is dealt by rejection: 5,000 deals (rounded up to the dealer's batches) give a dozen or so."""
    path = tmp_path / "rare.dl"
    path.write_text(RARE_SCRIPT)
    target = tmp_path / "out.pbn"
    extra = ["-o", str(target)] if to_file else []
    code, out, err = run(str(path), "-s", "3", *extra)
    assert code == deal_cli.EXIT_SHORT == 4
    assert "of 40 boards produced: the limit of 5,000 deals generated was reached" in err
    produced = int(err.split("bridgegui-deal: ")[1].split(" of ")[0])
    assert 0 < produced < 40
    if to_file:
        assert len(pbn.load(target)) == produced
    else:
        assert len(out.splitlines()) == produced  # printoneline: one line a deal


def test_a_script_that_gets_its_boards_exits_0(tmp_path):
    path = tmp_path / "common.dl"
    path.write_text("produce 30\ncondition hcp(north) >= 10\naction printoneline\n")
    code, _out, err = run(str(path), "-s", "3", "-o", str(tmp_path / "out.pbn"))
    assert (code, err) == (0, "")
    assert len(pbn.load(tmp_path / "out.pbn")) == 30


def test_script_default_generate_is_dealers():
    from bridgegui.engine.script.script import DEFAULT_GENERATE

    assert deal_cli.SCRIPT_DEFAULT_GENERATE == DEFAULT_GENERATE


def test_help_states_the_limits_and_statuses(capsys):
    with pytest.raises(SystemExit):
        deal_cli.main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "else 10,000,000" in help_text
    assert "4 fewer boards than asked" in help_text
    assert "--auction" in help_text and "--system" in help_text  # the bidding flags, loaded lazily


def test_the_real_program_streams_to_a_pipe():
    """A whole process: PBN on standard output keeps its CRLF line ends (bytes through the buffer)."""
    done = subprocess.run(
        [sys.executable, "-m", "bridgegui.cli.deal", "-q", "-p", "3", "-s", "1"], capture_output=True, check=True
    )
    expected = pbn.dumps(boards_from_batch(_dealt({}, 3, 1), 1), generator=deal_cli.GENERATOR, seed=1)
    assert done.stdout == expected.encode()


def test_output_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run("-q", "-p", "2", "-o", "set.pbn")
    assert code == 0, err
    assert len(pbn.load(Path("set.pbn"))) == 2


def test_time_limit_is_passed_to_the_dealer(monkeypatch):
    seen: list[object] = []
    real = planner.deal_stream

    def spy(*args, **kwargs):
        seen.append(kwargs.get("max_seconds"))
        return real(*args, **kwargs)

    monkeypatch.setattr(planner, "deal_stream", spy)
    assert run("-q", "-p", "2")[0] == 0
    assert run("-q", "-p", "2", "--time-limit", "0")[0] == 0
    assert run("-q", "-p", "2", "--time-limit", "2.5")[0] == 0
    assert seen == [planner.DEFAULT_TIME_LIMIT, None, 2.5]
    code, _, err = run("-q", "-p", "2", "--time-limit", "-1")
    assert code == 2 and "--time-limit" in err


@pytest.mark.parametrize("first", ["999999999", "1000000000000000000000000000000"])
def test_board_numbers_past_nine_digits_are_refused(first):
    """The batch writers number boards in 64-bit integers and PBN readers take nine digits: a first board
    that would pass 999,999,999 is a bad flag (exit 2), not a crash (found by the command-line fuzz test)."""
    code, out, err = run("-q", "-p", "2", "--first-board", first)
    assert (code, out) == (2, "")
    assert err.startswith("bridgegui-deal: --first-board ") and "999,999,999" in err
    assert run("-q", "-p", "1", "--first-board", "999999999")[0] == 0


def test_a_dlm_set_numbered_past_99_says_it_is_renumbered(tmp_path):
    # DLM keeps board numbers only while they run on within 1-99: boards 50-109 were renumbered 1-60
    # silently when written straight to the file.
    err = io.StringIO()
    out = tmp_path / "fb.dlm"
    assert deal_cli.main(["--first-board", "50", "-p", "60", "-s", "3", "-o", str(out)], stderr=err) == 0
    assert "board numbers of 60 boards" in err.getvalue()


def test_a_script_that_finds_no_board_within_its_generate_limit_exits_4_not_3(tmp_path):
    # dealer's -g is a limit, not a proof: no board in 200 deals of a 1-in-400 condition is "0 of 5
    # produced" (exit 4), where it was reported as an impossible request (exit 3).
    path = tmp_path / "rare.dl"
    rarer = "condition hcp(north) == hcp(south) && hcp(north) == hcp(east) && hcp(north) == hcp(west) && "
    rarer += "spades(north) == spades(south) && hearts(east) == hearts(west) && clubs(north) == clubs(east)\n"
    path.write_text(f"generate 200\nproduce 5\n{rarer}")
    code, _, err = run(str(path), "-s", "3", "-o", str(tmp_path / "out.pbn"))
    assert code == deal_cli.EXIT_SHORT, err
    assert "0 of 5 boards produced: the limit of 200 deals generated was reached" in err


def test_a_script_that_contradicts_itself_is_still_refused_at_once(tmp_path):
    path = tmp_path / "never.dl"
    path.write_text("condition hcp(north) >= 30 && hcp(south) >= 11\n")
    code, _, err = run(str(path), "-s", "3", "-o", str(tmp_path / "out.pbn"))
    assert code == deal_cli.EXIT_IMPOSSIBLE and "impossible" in err


@pytest.mark.parametrize(("ext", "fmt"), [("pbn", "pbn"), ("txt", "text"), ("lin", "lin"), ("bri", "bri")])
def test_a_long_run_is_formatted_in_the_workers_and_is_the_same_file_on_any_number_of_cores(
    tmp_path, monkeypatch, ext, fmt
):
    """A long run whose every deal is a board (S1 here) deals and formats its chunks on every core; the
    file is the same with one core or three, and it is what the per-board writers make of the boards
    the same seed deals (the set kept in memory for --dd or --pdf)."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_DEALS", 4096)  # a long run, made small
    monkeypatch.setattr(planner, "CHUNK_TRIES", 1024)
    finished: list[int] = []
    real = planner.finished_chunks
    monkeypatch.setattr(planner, "finished_chunks", lambda *a, **k: finished.append(1) or real(*a, **k))
    argv = ["-q", "-p", "5000", "-s", "11", "--first-board", "3", "--north", "hcp 15-17, balanced"]
    files = []
    for cores in (1, 2, 3):
        monkeypatch.setattr(parallel, "worker_count", lambda cores=cores: cores)
        target = tmp_path / f"{cores}.{ext}"
        code, _, err = run(*argv, "-o", str(target))
        assert code == 0, err
        files.append(target.read_bytes())
    assert finished == [1, 1]  # with more than one core (one core deals and formats in this process)
    assert files[0] == files[1] == files[2]
    request = DealRequest.from_specs(north="hcp 15-17, balanced")
    boards = boards_from_batch(_dealt({"north": "hcp 15-17, balanced"}, 5000, 11), 3)
    info = deal_cli.set_info(request, 11, "")
    expected = registry.dumps(fmt, boards, info)
    assert files[0] == (expected.encode("utf-8") if isinstance(expected, str) else expected)
