"""``bridgegui-system booklet``: the PDF a teacher hands out and the BML that ``bridge-markup`` reads.

``bridge-markup`` (gpaulissen/bml) is the reference reader of BML; its parser and its converter to
BBO's full-disclosure format (``bml2bss``) must take what we write for a whole shipped system.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bml import bml as bml_reader
from bml import bss as bml_bss

from bridgegui.cli.system import main
from bridgegui.engine.bidding import Auction, load_system

# A PDF needs a QGuiApplication: pytest-qt's QApplication, so that the command does not make an
# offscreen one that later window tests in the same session could not use.
pytestmark = pytest.mark.usefixtures("qapp")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def acol_bml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bml") / "acol.bml"
    status, _, err = run("booklet", "acol", "-o", str(path))
    assert status == 0 and err.startswith(f"bridgegui-system: wrote {path}:"), err
    return path


def test_bridge_markup_reads_the_acol_booklet_and_finds_its_calls(acol_bml: Path, tmp_path: Path) -> None:
    # bridge-markup's reader takes most of a minute over the whole booklet; every kind of section
    # (the openings, our openings at each level, theirs, the competitive ones) stays, and five of the
    # seven largest, written alike to another that stays (our 1♥, 1♦ and 1♣ openings, their 1♦ and 1♣
    # openings), are left out.
    sections = re.split(r"(?m)^(?=\* )", acol_bml.read_text(encoding="utf-8"))
    kept = [s for s in sections if not re.match(r"\* (Our 1!(h|d|c)|Their 1!(d|c)) opening", s)]
    assert len(sections) - len(kept) == 5
    read = tmp_path / "acol-part.bml"
    read.write_text("".join(kept), encoding="utf-8")
    content = bml_reader.content_from_file(str(read))
    assert content.meta["TITLE"].startswith("Acol")
    tables = [node for kind, node in content.nodes if kind == bml_reader.ContentType.BIDTABLE]
    assert len(tables) > 20  # one tree per opening and per auction that starts away from one
    sequences: dict[str, str] = {}
    for sequence in bml_bss.to_systemdata(content):
        sequences.setdefault(str(sequence), sequence.desc)
    # Sequences as BBO's full disclosure spells them: our calls with the opponents' passes between.
    assert sequences["1N"].startswith("12–14 HCP, balanced.")
    assert "Stayman" in sequences["1NP2C"]
    raise_rule = next(r for r in load_system("acol").rules_for(Auction.parse("N", "1S P")) if str(r.call) == "2S")
    assert sequences["1SP2S"].startswith(raise_rule.explained.meaning_text())  # the rule's own words
    assert "2C" in sequences and "P" in sequences
    # An opening's answers are nested under it: the rebids after 1♠ – 2♠ are in the tree.
    assert any(key.startswith("1SP2SP") for key in sequences)
    assert len(sequences) > 1500


SMALL_SYSTEM = """version: 2
system: Small
after P*
  1NT  hcp 15-17, balanced       -- the strong notrump.
  1S   hcp 12-21, spades 5+      -- five or more spades.
  P
after P* 1S P
  2S   hcp 6-10, spades 3+       -- a simple raise.
  P
include conventions/stayman
"""


def test_bml2bss_and_bml2html_convert_the_booklet(tmp_path: Path) -> None:
    # A small system with a shipped convention: bridge-markup's own commands take half a minute over
    # a whole shipped booklet, which the test above reads already.
    source = _small_system(tmp_path)
    small_bml = tmp_path / "small.bml"
    status, _, err = run("booklet", source, "-o", str(small_bml))
    assert status == 0 and "wrote" in err
    bss = tmp_path / "small.bss"
    html = tmp_path / "small.htm"
    for tool, target in (("bml2bss", bss), ("bml2html", html)):
        # bridge-markup is a test dependency: its commands are beside this interpreter, on PATH or not.
        beside = Path(sys.executable).parent / tool
        command = str(beside) if beside.exists() else shutil.which(tool)
        assert command is not None, f"{tool} (bridge-markup, in the test extras) is not installed"
        result = subprocess.run([command, "-o", str(target), str(small_bml)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert "error" not in result.stderr.lower()
    assert re.search(r"^001NP2C=.*Stayman", bss.read_text(encoding="utf-8"), re.MULTILINE)
    page = html.read_text(encoding="utf-8")
    from bridgegui.engine.bidding.booklet import build_booklet

    sections = len(build_booklet(load_system(source)).sections)
    assert sections >= 3 and page.count("<h1>") == sections  # a heading per section: openings, each opening, the rest
    assert re.search(r"<h1>\s*Our 1\s*<span class=\"scolor\">\s*&spades;\s*</span>\s*opening", page)
    assert "Stayman" in page


def _small_system(folder: Path) -> str:
    """``SMALL_SYSTEM`` as a file: a whole shipped booklet takes seconds to build, and these tests are
    about the command, not the booklet."""
    source = folder / "small.system"
    source.write_text(SMALL_SYSTEM, encoding="utf-8")
    return str(source)


def test_the_format_comes_from_the_flag_else_the_extension(tmp_path: Path) -> None:
    source = _small_system(tmp_path)
    as_bml = tmp_path / "notes.txt"
    assert run("booklet", source, "-o", str(as_bml), "--format", "bml")[0] == 0
    assert as_bml.read_text(encoding="utf-8").startswith("#+TITLE: Small")
    by_name = tmp_path / "notes.bml"
    assert run("booklet", source, "-o", str(by_name))[0] == 0
    assert by_name.read_text(encoding="utf-8").startswith("#+TITLE: Small")


@pytest.mark.parametrize("name", ["notes.pdf", "notes.bml"])
def test_an_output_that_cannot_be_written_exits_1(tmp_path: Path, name: str) -> None:
    target = tmp_path / "missing-folder" / name
    status, _, err = run("booklet", _small_system(tmp_path), "-o", str(target))
    assert status == 1
    assert f"cannot write {target}" in err
    assert not target.exists()


@pytest.fixture(scope="module")
def acol_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "acol.pdf"
    status, _, err = run("booklet", "acol", "-o", str(path))
    assert status == 0 and err.startswith(f"bridgegui-system: wrote {path}:"), err
    return path


def test_the_pdf_booklet_has_many_pages(acol_pdf: Path) -> None:
    data = acol_pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) > 20


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_the_pdf_booklet_reads_as_a_booklet(acol_pdf: Path) -> None:
    def text(first: int, last: int) -> str:
        args = ["pdftotext", "-f", str(first), "-l", str(last), str(acol_pdf), "-"]
        return subprocess.run(args, capture_output=True, text=True, check=True).stdout

    title_page = text(1, 1)
    assert load_system("acol").title in " ".join(title_page.split())
    assert "Our 1NT opening" in title_page  # the contents
    body = text(2, 10_000)
    assert "1NT – Pass – ?" in body
    assert "12–14 HCP, balanced" in body
    assert "Not covered:" in body  # catch-all rules are marked
    assert re.search(r"page 2 of \d+", body)
    last = re.findall(r"page (\d+) of (\d+)", body)[-1]
    assert last[0] == last[1]  # every page is there, the last one too


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_a_long_booklet_is_laid_out_in_parts_and_loses_no_page(tmp_path: Path, monkeypatch) -> None:
    """Qt's text layout stops near 2**23 device pixels (about 660 pages at 1,200 dpi) and drops the
    pages after it without a word: the Acol booklet outgrew it.  Laid out a section at a time, and a
    long section in parts, every auction reaches the PDF, numbered in one run of pages."""
    from bridgegui.engine.bidding.booklet import build_booklet
    from bridgegui.printing import booklet as printing

    monkeypatch.setattr(printing, "MAX_DOCUMENT_HEIGHT", 20_000)  # a few pages per part
    booklet = build_booklet(load_system("sayc"))
    booklet = type(booklet)(**{**vars(booklet), "sections": booklet.sections[:3]})
    path = tmp_path / "short.pdf"
    pages = printing.write_booklet_pdf(booklet, path)
    body = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    words = " ".join(body.split())
    for section in booklet.sections:
        assert " ".join(printing.section_title(section).split()) in words
        for auction in (section.auctions[0], section.auctions[-1]):
            assert " ".join(auction.heading.split()) in words or auction.tokens == ()
    assert re.findall(r"page (\d+) of (\d+)", body)[-1] == (str(pages), str(pages))
    assert len(re.findall(r"page \d+ of", body)) == pages - 1  # every page but the title page


def test_a_part_of_the_system_is_printed_for_a_lesson(tmp_path: Path) -> None:
    """A whole shipped system is a thousand pages: a teacher prints the 1NT lesson's auctions alone."""
    source = _small_system(tmp_path)
    whole = tmp_path / "whole.bml"
    status, _, err = run("booklet", source, "-o", str(whole))
    assert status == 0 and "--calls N and --opening CALL print a part" in err
    part = tmp_path / "part.bml"
    status, _, err = run("booklet", source, "-o", str(part), "--opening", "1NT", "--calls", "2")
    assert status == 0 and err == f"bridgegui-system: wrote {part}: 1 auction, 5 calls\n"
    text = part.read_text(encoding="utf-8")
    assert "Stayman" in text and "simple raise" not in text and "Five or more spades" not in text
    assert run("booklet", source, "-o", str(tmp_path / "openings.bml"), "--calls", "0")[0] == 0
    openings = (tmp_path / "openings.bml").read_text(encoding="utf-8")
    assert "Five or more spades" in openings and "Stayman" not in openings


def test_a_part_with_nothing_in_it_writes_nothing_and_says_so(tmp_path: Path) -> None:
    source = _small_system(tmp_path)
    target = tmp_path / "none.pdf"
    status, _, err = run("booklet", source, "-o", str(target), "--opening", "1H")
    assert status == 2 and "Small has no auction that --opening 1♥ keeps: nothing written" in err
    assert not target.exists()
    status, _, err = run("booklet", source, "-o", str(target), "--opening", "9Z")
    assert status == 2 and "--opening: '9Z' is not a call" in err
    status, _, err = run("booklet", source, "-o", str(target), "--calls", "-1")
    assert status == 2 and "--calls must be 0 or more" in err


def test_the_pdf_of_a_part_reports_its_pages(tmp_path: Path) -> None:
    target = tmp_path / "nt.pdf"
    status, _, err = run("booklet", _small_system(tmp_path), "-o", str(target), "--opening", "1NT")
    assert status == 0 and re.fullmatch(
        rf"bridgegui-system: wrote {re.escape(str(target))}: \d pages?, \d+ auctions\n", err
    )
    assert target.read_bytes().startswith(b"%PDF")
