"""Fuzzing what a user can feed the program: PBN text, bytes and mutated real files; seat and
partnership specs; the command line.  Any input gives a result or our ``ValueError`` subclass (``PbnError``,
``ConstraintError``), never another exception, and the PBN reader's memory stays in proportion to its input.

Two profiles.  The quick one runs with every ``pytest`` (CI): a few seconds in all.  The long one has
``@pytest.mark.slow`` and many more examples; since the project's pytest configuration does not deselect
``slow`` (CI runs it), the long tests also skip unless asked for: ``pytest -m slow tests/fuzz`` or
``BRIDGEGUI_LONG_FUZZ=1``.  The real PBN samples are read from ``../shared/pbn-samples`` (never copied
into the repository); the tests that mutate them skip when the folder is absent.
"""

from __future__ import annotations

import atexit
import io
import os
import shutil
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgegui.cli import deal as deal_cli
from bridgegui.engine.dealer.constraints import (
    PartnershipConstraint,
    SeatConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.errors import ConstraintError
from bridgegui.formats import pbn

SAMPLES_DIR = Path(__file__).resolve().parents[3] / "shared" / "pbn-samples"
SAMPLES = [p.read_bytes() for p in sorted(SAMPLES_DIR.glob("*.pbn"))] if SAMPLES_DIR.is_dir() else []

_CHECKS = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]  # request and capsys hold no per-example state
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=_CHECKS)
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=_CHECKS)

MEMORY_FLOOR = 1_500_000
"""Bytes any read may take whatever its size (the ``##`` budget's floor is 10,000 tags, ~0.7 MB)."""
MEMORY_PER_CHAR = 200
"""Bytes a character of input may cost at the peak: a file of empty comments, the worst found, costs ~95."""


def long_profile(request: pytest.FixtureRequest) -> None:
    """Skip the long profile unless asked for (``-m slow`` or ``BRIDGEGUI_LONG_FUZZ=1``), to keep CI fast."""
    if "slow" not in (request.config.getoption("markexpr") or "") and os.environ.get("BRIDGEGUI_LONG_FUZZ") != "1":
        pytest.skip("the long fuzz profile: run with -m slow or BRIDGEGUI_LONG_FUZZ=1")


# --- PBN -----------------------------------------------------------------------------------------------------------

FRAGMENTS = [
    "[",
    "]",
    '"',
    "\\",
    '\\"',
    "\\\\",
    "\\#",
    "{",
    "}",
    ";",
    "%",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "#",
    "##",
    "Event",
    "Board",
    "Deal",
    "Dealer",
    "Vulnerable",
    "Auction",
    "Play",
    "Note",
    "Contract",
    "Declarer",
    "OptimumResultTable",
    "N:",
    "E:",
    "AKQJT98765432",
    ".",
    "-",
    "...",
    "x",
    "0",
    "1",
    "99",
    "9" * 12,
    "N",
    "All",
    "None",
    "Pass",
    "1NT",
    "*",
    "=1=",
    "\ufeff",
    "\x00",
    "é",
    "♠",
    "\ud7ff",
    '[Board "1"]\n',
    '[Deal "',
    '[Event "##x"]\n',
    '[Site "#"]\n',
    "\n\n",
    "N:AKQJ.T98.765.432 - - -",
]
pbn_like_text = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=60).map("".join)
any_text = st.text(max_size=400)
BOMS = [b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]
any_bytes = st.tuples(st.sampled_from(BOMS), st.binary(max_size=400)).map(b"".join) | pbn_like_text.map(
    lambda t: t.encode("utf-8")
)
utf16_bytes = st.tuples(st.sampled_from(["utf-16-le", "utf-16-be"]), pbn_like_text, st.binary(max_size=3)).map(
    lambda t: (b"\xff\xfe" if t[0] == "utf-16-le" else b"\xfe\xff") + t[1].encode(t[0], "surrogatepass") + t[2]
)


def read_within_memory(read: Callable[[], object], size: int) -> object:
    """``read()``'s boards, or the ``PbnError`` it raised; anything else propagates (and fails the test)."""
    tracemalloc.start()
    try:
        try:
            result = read()
        except pbn.PbnError as exc:
            assert str(exc).startswith(("line ", f"{exc.source}, line ")), str(exc)
            assert len(str(exc)) < 600
            result = exc
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= MEMORY_FLOOR + MEMORY_PER_CHAR * size, (peak, size)
    if isinstance(result, list):
        # What was read can be written, and what is written reads back as its export form.
        text = pbn.dumps(result)
        assert pbn.loads(text) == [pbn.export_form(b) for b in result]
    return result


def check_text(text: str) -> None:
    read_within_memory(lambda: pbn.loads(text), len(text))


def check_bytes(data: bytes) -> None:
    read_within_memory(lambda: pbn.load(io.BytesIO(data)), len(data))


@st.composite
def mutated_sample(draw: st.DrawFn, crop: int | None = None) -> bytes:
    """A real PBN file with a few random edits: bytes deleted, repeated, replaced, inserted, or the file cut.

    ``crop`` keeps a window of that many bytes from a random place (the quick profile: the largest sample
    is 300 KB, and reading it sixty times with tracemalloc on takes too long for CI).
    """
    data = bytearray(draw(st.sampled_from(SAMPLES)))
    if crop is not None and len(data) > crop:
        start = draw(st.integers(0, len(data) - crop))
        data = data[start : start + crop]
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        span = draw(st.integers(0, 64))
        kind = draw(st.sampled_from(["delete", "repeat", "replace", "insert", "cut", "flip"]))
        if kind == "delete":
            del data[at : at + span]
        elif kind == "repeat":
            data[at:at] = data[at : at + span] * draw(st.integers(1, 50))
        elif kind == "replace":
            data[at : at + span] = draw(st.sampled_from(FRAGMENTS)).encode("utf-8", "surrogatepass")
        elif kind == "insert":
            data[at:at] = draw(st.binary(max_size=8) | st.sampled_from(FRAGMENTS).map(str.encode))
        elif kind == "cut":
            del data[at:]
        elif data:
            data[at % len(data)] ^= 1 << draw(st.integers(0, 7))
    return bytes(data)


needs_samples = pytest.mark.skipif(not SAMPLES, reason="../shared/pbn-samples is not beside the project")


@QUICK
@given(text=pbn_like_text | any_text)
def test_pbn_text_gives_boards_or_a_pbn_error(text):
    check_text(text)


@QUICK
@given(data=any_bytes | utf16_bytes)
def test_pbn_bytes_give_boards_or_a_pbn_error(data):
    check_bytes(data)


@needs_samples
@QUICK
@given(data=mutated_sample(crop=6000))
def test_mutated_real_files_give_boards_or_a_pbn_error(data):
    check_bytes(data)


@st.composite
def inheritance_bomb(draw: st.DrawFn, most: int = 300) -> str:
    """``##`` defaults copied into many games: small input, large expansion, which the reader must refuse."""
    defaults = draw(st.integers(1, most))
    games = draw(st.integers(1, most))
    head = "".join(f'[X{k} "##{"v" * draw(st.integers(0, 3))}"]\n' for k in range(defaults))
    return head + '[Board "1"]\n\n' + "".join(f'[Board "{i}"]\n\n' for i in range(2, games + 2))


@settings(QUICK, max_examples=10)
@given(text=inheritance_bomb(most=100))
def test_inheritance_costs_memory_in_proportion(text):
    check_text(text)


@pytest.mark.slow
@LONG
@given(text=pbn_like_text | any_text, data=any_bytes | utf16_bytes)
def test_pbn_long(request, text, data):
    long_profile(request)
    check_text(text)
    check_bytes(data)


@needs_samples
@pytest.mark.slow
@settings(LONG, max_examples=1000)
@given(data=mutated_sample(crop=60_000), bomb=inheritance_bomb())
def test_mutated_real_files_long(request, data, bomb):
    long_profile(request)
    check_bytes(data)
    check_text(bomb)


# --- seat and partnership specs ------------------------------------------------------------------------------------

SPEC_WORDS = [
    "hcp",
    "points",
    "total points",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "s",
    "h",
    "d",
    "c",
    "♠",
    "♥",
    "shape",
    "balanced",
    "semibalanced",
    "semi-balanced",
    "not",
    "exclude",
    "any",
    "cards",
    "qt",
    "quick tricks",
    "ltc",
    "losers",
    "tricks",
    "pt",
    "controls",
    "support",
    "quality",
    "stopper",
    "stoppers",
    "rule20",
    "rule of 20",
    "fit",
    "some",
    "in",
    "a",
    "x",
    "4333",
    "5xxx",
    "5=4=x=x",
    "5-4-3-1",
    "7600",
    "-4333",
    "!5332",
    "13=0=0=0",
    "AS",
    "KH",
    "QD",
    "JC",
    "TS",
    "10S",
    "XX",
    ",",
    ",,",
    " ",
    "-",
    "+",
    "–",
    ".",
    "²",
    "٣",
    "\x00",
]
NUMBERS = st.one_of(
    st.integers(-5, 40).map(str),
    st.integers(0, 10**30).map(str),
    st.decimals(0, 50, places=2, allow_nan=False).map(str),
    st.sampled_from(["99999999999999999999999", "9" * 5000, "1." + "5" * 300, "0" * 40 + "7", "1e3", "inf", "nan"]),
)
RANGES = st.tuples(NUMBERS, st.sampled_from(["", "+", "-", "–", "-", " - "]), NUMBERS | st.just("")).map(
    lambda t: "".join(t)
)
spec_text = st.one_of(
    st.lists(st.one_of(st.sampled_from(SPEC_WORDS), RANGES), max_size=12).map(" ".join),
    st.lists(
        st.tuples(st.sampled_from(SPEC_WORDS), st.sampled_from(["", "hearts", "spades"]), RANGES).map(" ".join),
        max_size=6,
    ).map(", ".join),
    st.text(max_size=80),
)


def check_seat_spec(text: str) -> None:
    try:
        constraint = parse_seat_spec(text)
    except ConstraintError as exc:
        assert len(str(exc)) < 600, len(str(exc))
        return
    assert isinstance(constraint, SeatConstraint)
    assert parse_seat_spec(constraint.to_spec()) == constraint, "the canonical text reads back as the constraint"


def check_partnership_spec(text: str) -> None:
    try:
        constraint = parse_partnership_spec(text)
    except ConstraintError as exc:
        assert len(str(exc)) < 600
    else:
        assert isinstance(constraint, PartnershipConstraint)
    try:
        parse_fit(text)
    except ConstraintError as exc:
        assert len(str(exc)) < 600


@QUICK
@given(text=spec_text)
def test_seat_specs_give_a_constraint_or_a_constraint_error(text):
    check_seat_spec(text)


@QUICK
@given(text=spec_text)
def test_partnership_specs_give_a_constraint_or_a_constraint_error(text):
    check_partnership_spec(text)


@pytest.mark.slow
@LONG
@given(seat=spec_text, side=spec_text)
def test_specs_long(request, seat, side):
    long_profile(request)
    check_seat_spec(seat)
    check_partnership_spec(side)


# --- the command line ----------------------------------------------------------------------------------------------

_WORKDIR = Path(tempfile.mkdtemp(prefix="bridgegui-fuzz-cli-"))
atexit.register(shutil.rmtree, _WORKDIR, True)  # made at import (the strategies name it): gone at exit
_SCRIPT = _WORKDIR / "nt.dl"
_SCRIPT.write_text("produce 2\ncondition hcp(north) >= 15\naction printoneline\n")

COUNT = st.one_of(st.integers(-3, 4), st.just(10**30), st.sampled_from(["x", "", "1e3", "-0", "٣", "9" * 5000]))
FLAG_VALUES = {
    "-p": COUNT,
    "-g": st.one_of(st.integers(-3, 4), st.sampled_from(["x", "", "-0", "9" * 5000])),
    "-s": st.one_of(st.integers(-3, 2**70), st.sampled_from(["x", "-0", "9" * 5000])),
    "--max-tries": COUNT,
    "--first-board": COUNT,
    "--north": spec_text,
    "--east": spec_text,
    "--ns": spec_text,
    "--ew": spec_text,
    "--fit": spec_text,
    "--format": st.sampled_from(["pbn", "text", "pdf", ""]),
    "--shuffle": st.sampled_from(["uniform", "riffle:3", "riffle:-1", "riffle:x", "markov:0.384", "markov:7", "x"]),
    "--system": st.sampled_from(["standard", "acol", "nonesuch", str(_SCRIPT)]),
    "--auction": st.sampled_from(["1NT P", "S:1NT P 2C", "7NT X XX", "P P P P", "1C 1C", "Q:1NT", ""]),
    "-d": st.sampled_from(["N", "s", "X"]),
    "--explain": st.sampled_from(["N:AKQJ.T98.765.432 - - -", "N:" + "A" * 60, "", "x"]),
    "-o": st.sampled_from(["-", str(_WORKDIR / "out.pbn"), str(_WORKDIR / "missing" / "out.pbn"), str(_WORKDIR)]),
}
BARE_FLAGS = ["-v", "-q", "--bid", "--verbose", "--", "-", str(_SCRIPT), str(_WORKDIR / "absent.dl"), "--nonesuch"]


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """A random command line from the real flags, their values (good, bad, huge) and stray words."""
    words: list[str] = []
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            flag = draw(st.sampled_from(sorted(FLAG_VALUES)))
            words += [flag, str(draw(FLAG_VALUES[flag]))]
        else:
            words.append(draw(st.sampled_from(BARE_FLAGS)))
    # Keep each run short: an unconstrained -p 10**30 stops at the try limit, and a script's at -g (script
    # mode follows dealer, whose -g is the bound; huge -g values are left out for the same reason).
    if "--max-tries" not in words:
        words = ["--max-tries", "20000", *words]
    if "-g" not in words:
        words = ["-g", "20000", *words]
    return words


def check_cli(words: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    try:
        code = deal_cli.main(words, stdout=out, stderr=err)
    except SystemExit as exc:  # argparse: a bad flag or value exits 2 (or 0 for --help), with usage on stderr
        code = exc.code
    assert code in (0, 1, 2, 3), code
    assert "Traceback" not in err.getvalue()


@settings(QUICK, max_examples=40)
@given(words=argv())
def test_the_command_line_gives_an_exit_status(words, capsys):
    check_cli(words)
    capsys.readouterr()  # argparse writes to the real streams


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=_CHECKS)
@given(words=argv())
def test_the_command_line_long(request, words, capsys):
    long_profile(request)
    check_cli(words)
    capsys.readouterr()
