"""``bridgegui-deal``'s practice sets: ``bridgegui.cli.sets`` through its functions.

``bridgegui.cli.deal`` hooks the module in (``wanted``/``run``); these tests build the real parser and
call ``run`` with ``deal_cli.write_output``, so they hold whether or not the hook has landed.
"""

from __future__ import annotations

import argparse
import io
import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from bridgegui.cli import deal as deal_cli
from bridgegui.cli import sets as sets_cli
from bridgegui.engine.boards import board_dealer
from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.formats import pbn
from bridgegui.set_sources import SourceError, find_preset, load_source, split_weight

STAYMAN = "condition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)\n"
WEAK = "dealer south\ncondition hearts(south) == 6 && hcp(south) >= 5 && hcp(south) <= 10\n"
MAJORS = "condition hearts(north) >= 5 || spades(north) >= 5\n"


def _parser() -> argparse.ArgumentParser:
    parser = deal_cli.build_parser()
    if not any("--rotate" in action.option_strings for action in parser._actions):
        sets_cli.add_arguments(parser)  # the command line's hook has not landed yet
    return parser


def _args(argv: list[str], sources: list[str] | None = None) -> argparse.Namespace:
    args = _parser().parse_args(argv)
    if sources is not None:
        args.script = sources
    return args


def _run(args: argparse.Namespace) -> list:
    out = io.StringIO()
    assert sets_cli.run(args, out, io.StringIO(), deal_cli.write_output) == 0
    return pbn.loads(out.getvalue())


@pytest.fixture
def scripts(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, text in (("stayman", STAYMAN), ("weak", WEAK), ("majors", MAJORS)):
        path = tmp_path / f"{name}.dl"
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    return paths


def test_wanted_takes_a_string_or_a_list() -> None:
    assert not sets_cli.wanted(argparse.Namespace(script=None, rotate=None, level=False))
    assert not sets_cli.wanted(argparse.Namespace(script="a.dl", rotate=None, level=False))
    assert not sets_cli.wanted(argparse.Namespace(script=["a.dl"], rotate=None, level=False))
    assert sets_cli.wanted(argparse.Namespace(script=["a.dl", "b.dl"], rotate=None, level=False))
    assert sets_cli.wanted(argparse.Namespace(script=None, rotate="law2", level=False))
    assert sets_cli.wanted(argparse.Namespace(script=[], rotate=None, level=True))
    assert not sets_cli.wanted(argparse.Namespace())


def test_the_flags_parse() -> None:
    assert _args(["--rotate"]).rotate == "law2" and sets_cli.rotation_of(_args(["--rotate"])) == "law2"
    assert sets_cli.rotation_of(_args(["--rotate", "ns"])) == "ns"
    assert sets_cli.rotation_of(_args([])) == "none"
    assert _args(["--level"]).level is True
    with pytest.raises(sets_cli.SetError, match="after the scripts"):
        sets_cli.rotation_of(argparse.Namespace(rotate="stayman.dl"))


def test_a_mixed_set_from_scripts_and_a_preset(scripts: dict[str, str]) -> None:
    args = _args(["-p", "24", "-s", "5"], [scripts["stayman"], scripts["weak"], "preset:weak two"])
    boards = _run(args)
    assert [b.number for b in boards] == list(range(1, 25))
    names = [b.tag("Scenario") for b in boards]
    assert Counter(names) == {"stayman": 8, "weak": 8, "Weak two (2♥)": 8}
    assert all(a != b for a, b in itertools.pairwise(names)), "no scenario twice in a row"
    for board in boards:
        masks = np.array([board.deal.hands], dtype=np.uint64)
        if board.tag("Scenario") == "weak":
            assert board.effective_dealer == "S", "the script's dealer deals its boards"
            assert DealRequest.from_specs(south="hearts 6, hcp 5-10").mask(masks).all()
        elif board.tag("Scenario") == "stayman":
            assert DealRequest.from_specs(north="hcp 15-17, balanced").mask(masks).all()
        else:  # the weak-two auction preset: the board's dealer opens 2♥
            seat = SEATS.index(board.effective_dealer)
            hearts = DealRequest.from_specs(north="hearts 6, hcp 5-11").seats[0]  # SAYC's weak two: 5-11
            assert hearts.mask(masks[:, seat]).all()
    assert _run(_args(["-p", "24", "-s", "5"], [scripts["stayman"], scripts["weak"], "preset:weak two"])) == boards


def test_weights(scripts: dict[str, str]) -> None:
    boards = _run(_args(["-p", "12", "-s", "1"], [scripts["stayman"] + ":2", scripts["weak"] + ":1"]))
    assert Counter(b.tag("Scenario") for b in boards) == {"stayman": 8, "weak": 4}


def test_rotate_puts_the_scripts_dealer_at_each_boards_dealer(scripts: dict[str, str]) -> None:
    boards = _run(_args(["-p", "8", "-s", "2", "--rotate", "--first-board", "5"], [scripts["weak"]]))
    for board in boards:
        assert board.effective_dealer == board_dealer(board.number)
        masks = np.array([board.deal.hands], dtype=np.uint64)
        hand = DealRequest.from_specs(north="hearts 6, hcp 5-10").seats[0]
        assert hand.mask(masks[:, SEATS.index(board.effective_dealer)]).all()


def test_rotate_with_seat_specs_and_a_dealer() -> None:
    """``-d S --south ...``: South is the scenario's dealer; ``--rotate ns`` moves it with its hand."""
    boards = _run(_args(["-p", "40", "-s", "3", "-d", "S", "--south", "hcp 20+", "--rotate", "ns"]))
    dealers = Counter(b.effective_dealer for b in boards)
    assert set(dealers) == {"S", "W"}
    for board in boards:
        masks = np.array([board.deal.hands], dtype=np.uint64)
        assert (
            DealRequest.from_specs(north="hcp 20+").seats[0].mask(masks[:, SEATS.index(board.effective_dealer)]).all()
        )


def test_level_from_the_command_line(scripts: dict[str, str]) -> None:
    out = io.StringIO()
    assert (
        sets_cli.run(
            _args(["-p", "9", "-s", "4", "--level"], [scripts["majors"]]), out, io.StringIO(), deal_cli.write_output
        )
        == 0
    )
    assert "levelled" in out.getvalue(), "the file says the frequencies are chosen"
    counts = Counter(b.tag("Alternative") for b in pbn.loads(out.getvalue()))
    assert counts == {"hearts(north) >= 5": 5, "spades(north) >= 5": 4}
    specs = _run(_args(["-p", "6", "-s", "4", "--level", "--north", "shape 4333 7xxx"]))
    assert Counter(b.tag("Alternative") for b in specs) == {"North 4333": 3, "North 7xxx": 3}


def test_mistakes_are_errors_with_a_message(scripts: dict[str, str]) -> None:
    with pytest.raises(SourceError, match=r"the presets are: .*Weak two"):
        sets_cli.run(_args(["--rotate"], ["preset:no such thing"]), io.StringIO(), io.StringIO(), deal_cli.write_output)
    with pytest.raises(BridgeError, match="not both"):
        sets_cli.run(
            _args(["--north", "hcp 12+"], [scripts["weak"], scripts["stayman"]]),
            io.StringIO(),
            io.StringIO(),
            deal_cli.write_output,
        )
    with pytest.raises(BridgeError, match="--auction"):
        sets_cli.run(_args(["--rotate", "--auction", "1NT"]), io.StringIO(), io.StringIO(), deal_cli.write_output)
    with pytest.raises(BridgeError, match="--shuffle"):
        sets_cli.run(_args(["--rotate", "--shuffle", "riffle:3"]), io.StringIO(), io.StringIO(), deal_cli.write_output)
    with pytest.raises(SourceError, match="cannot be read"):
        sets_cli.run(_args([], ["missing.dl", scripts["weak"]]), io.StringIO(), io.StringIO(), deal_cli.write_output)
    with pytest.raises(BridgeError, match="nothing to level"):
        sets_cli.run(_args(["--level"], [scripts["weak"]]), io.StringIO(), io.StringIO(), deal_cli.write_output)


def test_sources_and_weights() -> None:
    assert split_weight("a.dl:3") == ("a.dl", 3)
    assert split_weight("preset:1NT opening") == ("preset:1NT opening", 1)
    assert split_weight("preset:2") == ("preset:2", 1), "a preset's name is never a weight"
    with pytest.raises(SourceError):
        split_weight("a.dl:0")
    presets = [p for p in __import__("bridgegui.presets", fromlist=["x"]).builtin_presets()]
    assert find_preset("WEAK TWO (2♥)", presets).name == "Weak two (2♥)"
    assert find_preset("slam", presets).name == "Slam zone"
    with pytest.raises(SourceError, match="could be any of"):
        find_preset("s", presets)
    assert load_source("preset:slam zone:2").weight == 2


def test_main_deals_a_mixed_set_once_the_hook_is_in(scripts: dict[str, str], tmp_path: Path) -> None:
    """Through ``bridgegui.cli.deal.main``: the command line hands several sources to ``bridgegui.cli.sets``."""
    target = tmp_path / "set.pbn"
    argv = ["-p", "6", "-s", "8", scripts["stayman"], scripts["weak"], "--rotate", "-o", str(target)]
    assert deal_cli.main(argv, io.StringIO(), io.StringIO()) == 0
    boards = pbn.load(target)
    assert Counter(b.tag("Scenario") for b in boards) == {"stayman": 3, "weak": 3}
    assert all(b.effective_dealer == board_dealer(b.number) for b in boards)
    err = io.StringIO()
    assert deal_cli.main(["preset:nothing like it", scripts["weak"]], io.StringIO(), err) == 2
    assert "the presets are" in err.getvalue()


def test_one_preset_alone_is_dealt_and_a_missing_script_is_a_bad_argument(tmp_path):
    # A single "preset:NAME" source was read as a script's path ([Errno 2], exit 1); a missing script
    # alone exited 1 with a raw error, and 2 with "cannot be read" in a mixed set.
    out, err = tmp_path / "weak.pbn", io.StringIO()
    assert deal_cli.main(["-p", "2", "-s", "1", "-q", "preset:weak two", "-o", str(out)], stderr=err) == 0, (
        err.getvalue()
    )
    assert [b.tag("Scenario") for b in pbn.load(out)] == ["Weak two (2♥)"] * 2
    err = io.StringIO()
    assert deal_cli.main([str(tmp_path / "nosuch.dl"), "-o", str(tmp_path / "x.pbn")], stderr=err) == deal_cli.EXIT_SPEC
    assert "nosuch.dl: cannot be read" in err.getvalue()


def test_d_names_the_scenarios_dealer_for_a_rotated_set(tmp_path):
    # The README says -d SEAT names the scenario's dealer for seat specs; with --rotate it was refused.
    from bridgegui.engine import evaluation

    out, err = tmp_path / "east.pbn", io.StringIO()
    argv = ["-p", "8", "-s", "1", "-d", "E", "--east", "hcp 20+", "--rotate", "-q", "-o", str(out)]
    assert deal_cli.main(argv, stderr=err) == 0, err.getvalue()
    for board in pbn.load(out):
        dealer = board.dealer or board_dealer(board.number)
        assert dealer == board_dealer(board.number)  # Law 2
        hand = np.array([board.deal.hands[SEATS.index(dealer)]], dtype=np.uint64)
        assert int(evaluation.hcp(hand)[0]) >= 20  # East's constraint turned to the board's dealer
