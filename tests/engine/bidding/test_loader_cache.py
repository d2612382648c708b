"""The compiled-system cache gives back the system the reader made."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import pytest

from bridgegui.engine.bidding import PASS, load_system
from bridgegui.engine.bidding.loader import _Pickler
from bridgegui.engine.dealing import deal_batch


@pytest.fixture(scope="module")
def standard_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the compiled Standard system, filled once for the module: each test that
    reads a cached system gets its own copy (``cached_standard``) instead of compiling the whole
    system again (some ten seconds each, the slowest tests of the run)."""
    from bridgegui.engine.bidding import loader

    folder = tmp_path_factory.mktemp("standard-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(loader.CACHE_DIR_ENV, str(folder))
        load_system("standard")
    return folder


@pytest.fixture
def cached_standard(standard_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own cache folder (``tmp_path``), in use, holding a copy of ``standard_cache``."""
    import shutil

    from bridgegui.engine.bidding import loader

    shutil.copytree(standard_cache, tmp_path, dirs_exist_ok=True)
    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def fresh_standard():
    """The Standard system read from its files, no cache (the tests only bid with it and read it)."""
    return load_system("standard", use_cache=False)


def test_a_system_through_the_cache_pickler_is_the_system_read(fresh_standard) -> None:
    fresh = fresh_standard
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(fresh)
    cached = pickle.loads(buffer.getvalue())
    assert len(cached.rules) == len(fresh.rules)
    for a, b in zip(fresh.rules, cached.rules, strict=True):
        assert (a.call, a.meaning, a.explanation, a.where, a.seats, a.vulnerabilities, a.line) == (
            b.call,
            b.meaning,
            b.explanation,
            b.where,
            b.seats,
            b.vulnerabilities,
            b.line,
        )
        assert [(x.call, x.reason) for x in a.alternatives] == [(x.call, x.reason) for x in b.alternatives]
    assert any(rule.call is PASS for rule in cached.rules)  # calls come back as the shared objects
    deals = deal_batch(500, seed=6)
    assert [a.calls for a in cached.bid_batch(deals, "W", "NS")] == [a.calls for a in fresh.bid_batch(deals, "W", "NS")]


def test_a_cached_system_keeps_its_pattern_index(cached_standard) -> None:
    """The entry holds the pattern index (building it is a tenth of a run for a short auction), equal
    to the one the system builds from its blocks."""
    from bridgegui.engine.bidding.system import _PatternIndex

    cached = load_system("standard")
    assert "_index" in vars(cached)  # read back, not built
    built = _PatternIndex.build(cached.blocks)
    index = cached._index
    assert (index.exact, index.after_passes, index.automaton) == (built.exact, built.after_passes, built.automaton)
    assert [(b, p.elements) for b, p in index.general] == [(b, p.elements) for b, p in built.general]


def test_loading_a_cached_system_needs_no_reader(cached_standard, tmp_path_factory) -> None:
    """A system whose compiled form is in the cache is loaded without the system-file reader (and the
    dealer-script compiler it imports) and without the batch bidder: start-up time that every bidding
    run pays.  (A small system with an empty cache shows that the check sees the reader when it is
    loaded.)"""
    import os
    import subprocess
    import sys

    code = (
        "import sys; from bridgegui.engine.bidding import load_system; load_system(sys.argv[1]); "
        "print('bridgegui.engine.bidding.system_file' in sys.modules, 'bridgegui.engine.bidding.batch' in sys.modules)"
    )
    empty = tmp_path_factory.mktemp("empty-cache")
    source = _conventions_system(empty)
    env = {**os.environ, "BRIDGEGUI_CACHE_DIR": str(empty)}
    first = subprocess.run(
        [sys.executable, "-c", code, str(source)], env=env, capture_output=True, text=True, check=True
    )
    env = {**os.environ, "BRIDGEGUI_CACHE_DIR": str(cached_standard)}
    second = subprocess.run(
        [sys.executable, "-c", code, "standard"], env=env, capture_output=True, text=True, check=True
    )
    assert (first.stdout.split()[0], second.stdout.split()) == ("True", ["False", "False"])


def test_a_cached_system_keeps_its_filled_batch_tables(tmp_path, monkeypatch) -> None:
    """The entry holds the batch bidder's tables, every rule filled, as filling them afresh gives."""
    import numpy as np

    from bridgegui.engine.bidding import loader
    from bridgegui.engine.bidding.batch import RuleTables

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    load_system("acol")
    cached = load_system("acol")
    assert "_batch_tables" not in vars(cached)  # in the entry's batch file, read when a set is bid
    assert vars(cached)["_batch_file"].endswith(loader.BATCH_SUFFIX)
    tables = cached._batch.tables
    assert list(tables.rules) == list(cached.rules)
    assert tables.ready.all()
    fresh = RuleTables(cached.rules)
    fresh.fill_all()
    assert tables.explanations == fresh.explanations
    assert tables.wheres == [rule.where for rule in cached.rules] and any(tables.wheres)
    for name in ("codes", "shaped", "rule20", "cards", "asks", "applies"):
        assert np.array_equal(getattr(tables, name), getattr(fresh, name)), name
    order = [fresh.columns[name] for name in tables.columns]
    assert np.array_equal(tables.lo, fresh.lo[:, order]) and np.array_equal(tables.hi, fresh.hi[:, order])
    assert np.array_equal(tables.shape_rows[tables.shape_of], fresh.shape_rows[fresh.shape_of])


def test_rules_with_the_same_where_share_its_compiled_function() -> None:
    system = load_system("standard")
    by_text: dict[str, object] = {}
    shared = 0
    for rule in system.rules:
        if rule.where is None:
            continue
        function = rule.where_function(0)
        if rule.where in by_text:
            assert by_text[rule.where] is function
            shared += 1
        by_text[rule.where] = function
    assert shared > 100


def test_a_cached_systems_blocks_read_their_rules_when_asked(cached_standard, fresh_standard) -> None:
    """Each block's pattern and rules stay pickled in the entry until asked for: dealing for one
    auction reads a few blocks, not the whole system; what is read is what the reader made."""
    from bridgegui.engine.bidding.calls import Auction

    fresh = fresh_standard
    cached = load_system("standard")
    assert not any("rules" in vars(block) or "pattern" in vars(block) for block in cached.blocks)
    auction = Auction.parse("N", "1NT P")
    assert [r.index for r in cached.rules_for(auction)] == [r.index for r in fresh.rules_for(auction)]
    read = sum("rules" in vars(block) for block in cached.blocks)
    assert 0 < read < len(cached.blocks) / 10
    for a, b in zip(fresh.rules, cached.rules, strict=True):
        assert (a.index, a.call, a.meaning, a.explanation, a.where) == (
            b.index,
            b.call,
            b.meaning,
            b.explanation,
            b.where,
        )
    assert all(block.rules is vars(block)["rules"] for block in cached.blocks)
    assert [block.pattern for block in cached.blocks] == [block.pattern for block in fresh.blocks]
    unread = load_system("standard")
    assert unread.blocks[7].pattern == fresh.blocks[7].pattern  # the pattern alone reads the block
    assert [r.index for r in vars(unread.blocks[7])["rules"]] == [r.index for r in fresh.blocks[7].rules]


def test_bidding_a_set_with_a_cached_system_reads_no_block(cached_standard, fresh_standard) -> None:
    """The batch bidder works from the cached tables (candidates, explanations, the ``where`` texts it
    compiles): it reads no block's rules, and bids as the system read from its file does."""
    import numpy as np

    from bridgegui.cli.bidding import bid_set
    from bridgegui.formats import _batch

    cached = load_system("standard")
    fresh = fresh_standard
    deals = deal_batch(800, seed=12)
    _, dealers, vulnerabilities = _batch.set_columns(1, 800)
    got = bid_set(cached, deals, dealers, vulnerabilities)
    assert not any("rules" in vars(block) for block in cached.blocks)
    want = bid_set(fresh, deals, dealers, vulnerabilities)
    assert np.array_equal(got.calls, want.calls) and np.array_equal(got.notes, want.notes)
    assert got.note_texts == want.note_texts


def test_bidding_a_files_boards_with_a_cached_system_reads_no_block(cached_standard, fresh_standard) -> None:
    """``bid_boards`` (a file's boards given their auctions) took the notes from ``System.rules``, which
    reads every block of a cached system; the batch tables have every explanation already."""
    from bridgegui.cli.bidding import bid_boards
    from bridgegui.engine.boards import Board
    from bridgegui.engine.cards import Deal

    cached = load_system("standard")
    boards = [Board(n + 1, Deal.from_masks(row)) for n, row in enumerate(deal_batch(40, seed=3).tolist())]
    got = bid_boards(boards, cached)
    assert not any("rules" in vars(block) for block in cached.blocks)
    want = bid_boards(boards, fresh_standard)
    assert got == want  # the same auctions, notes and contracts
    assert all(board.auction is not None and any(board.auction.notes) for board in got)


def test_the_cache_folder_is_the_one_platformdirs_names(monkeypatch) -> None:
    """Worked out without importing platformdirs on XDG systems, and the same folder it names."""
    import sys

    import platformdirs

    from bridgegui.engine.bidding import loader

    if sys.platform in ("darwin", "win32"):
        pytest.skip("platformdirs itself is asked here")
    monkeypatch.delenv(loader.CACHE_DIR_ENV, raising=False)
    for value in (None, "", "   ", "/tmp/elsewhere/cache", "relative/cache", "~/cache", " /tmp/x"):
        if value is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", value)
        expected = Path(platformdirs.user_cache_dir("bridgegui", appauthor=False)) / "systems"
        assert loader.cache_folder() == expected, value
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "relative-home")  # never a folder that depends on where the user stands
    folder = loader.cache_folder()
    assert folder is None or folder.is_absolute()


def test_the_cache_keeps_the_most_recently_used_entries(tmp_path, monkeypatch) -> None:
    """Every edit of a system file makes a new entry of a few megabytes: storing one removes all but
    the ``KEPT_ENTRIES`` most recently used (a load counts as a use), and old temporary files."""
    import os
    import time

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.setattr(loader, "KEPT_ENTRIES", 3)
    folder = tmp_path / "systems"
    folder.mkdir()
    old = time.time() - 10_000
    for k in range(5):
        (folder / f"stale{k}.pickle").write_bytes(b"x")
        (folder / f"stale{k}{loader.BATCH_SUFFIX}").write_bytes(b"x")
        os.utime(folder / f"stale{k}.pickle", (old + k, old + k))
    (folder / ".left.123.tmp").write_bytes(b"x")
    os.utime(folder / ".left.123.tmp", (old, old))
    (folder / ".writing.456.tmp").write_bytes(b"x")  # another run's, being written now
    source = _conventions_system(tmp_path)
    load_system(source)  # stores its entry, then prunes
    names = sorted(p.name for p in folder.iterdir())
    assert "stale4.pickle" in names and "stale3.pickle" in names
    assert not any(f"stale{k}.pickle" in names for k in range(3))
    assert not any(f"stale{k}{loader.BATCH_SUFFIX}" in names for k in range(3))  # gone with their entries
    assert f"stale4{loader.BATCH_SUFFIX}" in names
    assert ".left.123.tmp" not in names and ".writing.456.tmp" in names
    entry = next(p for p in folder.iterdir() if p.suffix == ".pickle" and not p.name.startswith("stale"))
    os.utime(entry, (old - 1, old - 1))
    load_system(source)  # read from the cache: now the most recently used again
    assert entry.stat().st_mtime > old + 100


def test_threads_reading_a_cached_systems_blocks_all_find_them(cached_standard) -> None:
    """One thread unpickles a block's pattern and rules while others ask for them: none may be told
    the block has no such attribute (the blob is gone by the time it looks)."""
    import sys
    import threading

    failures: list[BaseException] = []
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(4):
            cached = load_system("standard")
            start = threading.Barrier(4)

            def read(blocks=cached.blocks, start=start) -> None:
                start.wait()
                try:
                    for block in blocks:
                        assert block.pattern is not None and block.rules is not None
                except BaseException as exc:
                    failures.append(exc)

            threads = [threading.Thread(target=read) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert failures == []


def _bid_codes(system, deals):
    import numpy as np

    from bridgegui.engine.bidding.batch import bid_codes
    from bridgegui.engine.bidding.system import DEFAULT_MAX_CALLS

    order = np.arange(len(deals))
    done = bid_codes(system, deals, order % 4, (order // 4) % 4, DEFAULT_MAX_CALLS)
    return done.calls.tolist(), done.rules.tolist()


def test_a_cached_system_resumes_what_bidding_taught_its_batch_index(cached_standard, fresh_standard) -> None:
    """The entry keeps the auction states a sample of deals taught the batch index (learning them is
    a fifth of bidding a set in a new process); bidding from them, and learning on, is bidding afresh."""
    cached = load_system("standard")
    batch = cached._batch
    assert len(batch.block_memo) > 1000 and len(batch.live_states.lives) > 1000
    assert batch.live_states.automaton is cached._index.automaton
    known = len(batch.block_memo)
    deals = deal_batch(3000, seed=31)
    assert _bid_codes(cached, deals) == _bid_codes(fresh_standard, deals)
    assert len(batch.block_memo) > known  # auctions the sample never met are learned as before


CONVENTIONS_ONLY = """version: 2
system: Conventions only
after P*
  2NT  hcp 20-21, balanced
  1NT  hcp 15-17, balanced
  1S   hcp 12-21, spades 5+
  1H   hcp 12-21, hearts 5+
  1D   hcp 12-21, diamonds 4+
  1C   hcp 12-21
  P
after P* 1{suit} P
  4NT  hcp 19+, {suit} 4+
  3{suit} hcp 10-12, {suit} 4+
  2{suit} hcp 6-9, {suit} 3+
  1NT  hcp 6-10
  P
after P* 1{suit} X
  2{suit} hcp 6-9, {suit} 3+
  P
include conventions/stayman
include conventions/jacoby-transfers
include conventions/negative-double
include conventions/takeout-double
include conventions/michaels
include conventions/blackwood
"""


def _conventions_system(folder: Path) -> Path:
    """``CONVENTIONS_ONLY`` as a file in ``folder``: a system with the shipped conventions that reads in
    a fraction of a second, where a whole shipped system takes seconds."""
    source = folder / "conventions.system"
    source.write_text(CONVENTIONS_ONLY, encoding="utf-8")
    return source


def test_a_batch_file_that_is_not_the_entrys_own_is_not_used(tmp_path, monkeypatch) -> None:
    """Another process may write the same entry meanwhile, and a disk may damage a file: a batch file
    that does not start with its entry's mark, fails its checksum or does not read leaves the index
    to be built afresh, and removes the entry, so that the next run stores the two files again."""
    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    folder = tmp_path / "systems"
    # A small system with the shipped conventions: each damage below makes the next load read the
    # files again, which for a whole shipped system takes ten seconds.
    source = _conventions_system(tmp_path)
    deals = deal_batch(600, seed=32)
    want = _bid_codes(load_system(source, use_cache=False), deals)
    load_system(source)

    def flipped(data: bytes) -> bytes:  # one bit of the pickled data, past the mark and the checksum
        at = len(data) // 2
        return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]

    for damage in (flipped, lambda data: b"0" * 32 + data[32:], lambda data: data[:5000], lambda data: b""):
        (path,) = folder.glob(f"*{loader.BATCH_SUFFIX}")
        path.write_bytes(damage(path.read_bytes()))
        cached = load_system(source)
        assert not cached._batch.block_memo  # a new index
        assert _bid_codes(cached, deals) == want
        assert not path.with_suffix(".pickle").exists()  # the entry is gone: the next run stores it again
        assert load_system(source)._batch.block_memo


def test_the_cache_removes_batch_files_whose_entry_is_gone(tmp_path, monkeypatch) -> None:
    import os
    import time

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    folder = tmp_path / "systems"
    folder.mkdir()
    old = time.time() - 10_000
    for name in ("orphan", "young"):
        (folder / f"{name}{loader.BATCH_SUFFIX}").write_bytes(b"x")
    os.utime(folder / f"orphan{loader.BATCH_SUFFIX}", (old, old))  # young: its entry may be being written
    source = _conventions_system(tmp_path)
    load_system(source)
    names = {p.name for p in folder.iterdir()}
    assert f"orphan{loader.BATCH_SUFFIX}" not in names and f"young{loader.BATCH_SUFFIX}" in names


def test_cached_where_groups_are_dropped_when_the_tables_cannot_hold_every_meaning(
    cached_standard, monkeypatch
) -> None:
    """The where groups kept in the cache were made when the tables held every meaning; a
    bridgegui whose tables do not (a meaning field they do not know) asks each such rule whole."""
    from bridgegui.engine.bidding import batch_tables

    _groups, texts = load_system("standard")._batch.tables.where_groups()
    assert texts
    monkeypatch.setattr(batch_tables, "_TABLES_COVER_MEANINGS", False)
    _groups, texts = load_system("standard")._batch.tables.where_groups()
    assert not texts


def test_the_cache_key_follows_the_code_that_makes_what_it_keeps() -> None:
    from bridgegui.engine.bidding import loader

    assert {"batch_states.py", "where.py", "batch.py", "batch_tables.py"} <= set(loader._READER_FILES)


def test_the_cache_and_its_batch_file_are_unpickled_with_the_collector_paused(cached_standard, monkeypatch) -> None:
    """Unpickling tens of thousands of objects, none of them garbage, with the cyclic collector on
    costs a third to a half of the time: the entry, a block's rules and the batch file are each read
    with it off, and it is on again afterwards."""
    import gc

    seen: list[bool] = []
    loads, load = pickle.loads, pickle.load

    def watched_loads(data, *args, **kwargs):
        seen.append(gc.isenabled())
        return loads(data, *args, **kwargs)

    def watched_load(handle, *args, **kwargs):
        seen.append(gc.isenabled())
        return load(handle, *args, **kwargs)

    monkeypatch.setattr(pickle, "loads", watched_loads)
    monkeypatch.setattr(pickle, "load", watched_load)
    assert gc.isenabled()
    cached = load_system("standard")  # the entry
    cached._batch  # noqa: B018 - reads the batch file
    cached.blocks[0].rules  # noqa: B018 - reads a block's rules
    assert seen == [False, False, False]
    assert gc.isenabled()


def _blob(system, number: int) -> bytes:
    return system.blocks[number].__dict__.get("_rules_blob", b"")


def test_a_damaged_block_in_a_readable_entry_is_read_again_from_the_files(tmp_path, monkeypatch) -> None:
    """A disk may damage one block's pickled rules inside an entry that still reads: the block's
    CRC-32 finds it (a flipped bit may still unpickle, into another rule), the run goes on with the
    block read again from the system's files, and the damaged entry is removed so that the next run
    stores it afresh."""

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    source = _conventions_system(tmp_path)
    fresh = load_system(source, use_cache=False)
    load_system(source)
    (entry,) = (tmp_path / "systems").glob("*.pickle")
    cached = load_system(source)
    # a block whose explanations say "points": a bit flipped inside the word still unpickles, into other words
    number = next(k for k in range(len(cached.blocks) // 2, len(cached.blocks)) if b"points" in _blob(cached, k))
    state = cached.blocks[number].__dict__
    blob = state["_rules_blob"]
    at = blob.rfind(b"points") + 1
    state["_rules_blob"] = blob[:at] + bytes([blob[at] ^ 0x01]) + blob[at + 1 :]
    assert pickle.loads(state["_rules_blob"])  # the damage alone does not show
    read = cached.blocks[number]
    assert [rule.explanation for rule in read.rules] == [rule.explanation for rule in fresh.blocks[number].rules]
    assert read.pattern.text == fresh.blocks[number].pattern.text
    assert not entry.exists()
    other = cached.blocks[number + 1]  # the others read from the entry as before
    assert [rule.explanation for rule in other.rules] == [rule.explanation for rule in fresh.blocks[number + 1].rules]

    plain = pickle.loads(pickle.dumps(fresh))  # a block with no files to read again from raises
    plain.blocks[0].__dict__.update(_rules_blob=b"damaged", _rules_crc=0)
    del plain.blocks[0].__dict__["rules"]
    with pytest.raises(pickle.UnpicklingError):
        plain.blocks[0].rules  # noqa: B018


def test_a_damaged_block_of_a_file_edited_since_is_refused_with_a_message(tmp_path, monkeypatch) -> None:
    """When the system's file changed after the entry was loaded, reading the damaged block again
    would give another file's block: refused with a message that says what to do, and refused again
    at once, without reading the files a second time."""

    from bridgegui.engine.bidding import loader
    from bridgegui.engine.bidding.system_tokens import SystemFileError

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path / "cache"))
    path = tmp_path / "mine.system"
    text = "version: 2\nsystem: Mine\nafter P*\n  1NT  hcp 15-17, balanced  -- 1NT\n  P    any  -- pass\n"
    path.write_text(text, encoding="utf-8")
    load_system(path)
    cached = load_system(path)
    cached.blocks[0].__dict__["_rules_blob"] = b"damaged"
    path.write_text(text.replace("15-17", "16-18"), encoding="utf-8")
    reads = []
    monkeypatch.setattr(
        loader, "load_system", lambda *args, **kwargs: reads.append(args) or load_system(*args, **kwargs)
    )
    for _ in range(2):
        with pytest.raises(SystemFileError, match="changed since"):
            cached.blocks[0].rules  # noqa: B018
    assert len(reads) == 1


def test_a_damaged_block_is_read_again_while_other_blocks_are_read(tmp_path, monkeypatch) -> None:
    """Reading the system again takes seconds: meanwhile another thread reads its own blocks (a
    window's explanation must not wait for it), and a file given by a relative path is read again
    from where it was, whatever folder the run is in by then."""
    import threading

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path / "cache"))
    (tmp_path / "here").mkdir()
    path = tmp_path / "here" / "mine.system"
    path.write_text(
        "version: 2\nsystem: Mine\nafter P*\n  1NT  hcp 15-17, balanced  -- 1NT\n  P    any  -- pass\n"
        "after P* 1NT P\n  2C  hcp 8+, hearts 4+  -- Stayman\n  P  any  -- pass\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path / "here")
    load_system("./mine.system")
    cached = load_system("./mine.system")
    monkeypatch.chdir(tmp_path)
    cached.blocks[0].__dict__["_rules_blob"] = b"damaged"
    other_read = threading.Event()

    def reading_again(*args, **kwargs):
        reader = threading.Thread(target=lambda: (cached.blocks[1].rules, other_read.set()))
        reader.start()
        reader.join(timeout=30)
        return load_system(*args, **kwargs)

    monkeypatch.setattr(loader, "load_system", reading_again)
    assert [str(rule.call) for rule in cached.blocks[0].rules] == [str(PASS.__class__.parse("1NT")), str(PASS)]
    assert other_read.is_set()


def test_a_cached_systems_blocks_are_made_when_asked_for_one_object_each(tmp_path, monkeypatch) -> None:
    """Loading an entry makes no ``Block``: each is made when first asked for (by index, slice or
    iteration), once, whatever thread asks, with the line, source, pattern and rules of the block read."""
    import threading

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    source = _conventions_system(tmp_path)
    fresh = load_system(source, use_cache=False)
    load_system(source)
    cached = load_system(source)
    blocks = cached.blocks
    assert isinstance(blocks, loader.CachedBlocks) and len(blocks) == len(fresh.blocks)
    assert blocks._made == [None] * len(blocks)
    last = blocks[-1]
    assert last is blocks[len(blocks) - 1] and sum(made is not None for made in blocks._made) == 1
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(blocks[7])) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(block is seen[0] for block in seen)
    assert blocks[5:8] == (blocks[5], blocks[6], blocks[7])
    for read, made in zip(fresh.blocks, blocks, strict=True):
        assert (made.line, made.source, made.pattern.text) == (read.line, read.source, read.pattern.text)
        assert [r.explanation for r in made.rules] == [r.explanation for r in read.rules]
    again = pickle.loads(pickle.dumps(cached))  # to a worker process: blocks made there from the bytes
    assert again.blocks[3].pattern.text == fresh.blocks[3].pattern.text
    with pytest.raises(IndexError):
        blocks[len(blocks)]


def _include_names_as_the_reader_reads_them(text: str) -> list[str]:
    """``system_file``'s own reading of include lines, line by line."""
    import re

    from bridgegui.engine.bidding.system_file import _LINE_BREAK

    names = []
    for raw in _LINE_BREAK.split(text.removeprefix("\ufeff")):
        code = raw.split("#", 1)[0].rstrip()
        if not code.strip() or code[0].isspace():
            continue
        word = re.match(r"(\S+)", code)
        if word is not None and word.group(1).lower() == "include" and code[word.end() :].strip():
            names.append(code[word.end() :].strip())
    return names


@hypothesis.given(
    st.lists(
        st.sampled_from(
            [
                "include ",
                "INCLUDE\t",
                "Include",
                "include\xa0",
                "\n",
                "\r\n",
                "\r",
                " ",
                "x",
                "#",
                "inc",
                "lude",
                "a",
                "\ufeff",
            ]
        )
    )
)
def test_include_lines_are_found_as_the_system_file_reader_finds_them(pieces: list[str]) -> None:
    """The cache key's quick search for ``include`` lines against the reader's line-by-line reading:
    an include after a lone CR, or followed by any white space, is in the key too (else editing the
    included file left the old compiled system in use)."""
    from bridgegui.engine.bidding.loader import _included_names

    text = "".join(pieces)
    assert _included_names(text) == _include_names_as_the_reader_reads_them(text)


def test_a_worker_process_copy_of_a_cached_system_still_reads_a_damaged_block_again(tmp_path, monkeypatch) -> None:
    """The way to read a damaged block again goes with the blocks when a system is pickled to a worker."""
    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    source = _conventions_system(tmp_path)
    fresh = load_system(source, use_cache=False)
    load_system(source)
    copy = pickle.loads(pickle.dumps(load_system(source)))
    number = len(copy.blocks) // 2
    state = copy.blocks[number].__dict__
    blob = bytes(state["_rules_blob"])
    state["_rules_blob"] = blob[:-5] + bytes([blob[-5] ^ 0x01]) + blob[-4:]
    assert [rule.explanation for rule in copy.blocks[number].rules] == [
        rule.explanation for rule in fresh.blocks[number].rules
    ]


def test_cached_blocks_that_do_not_hold_together_are_refused_when_loaded() -> None:
    """The blocks' places and names are not under their CRC-32s: damaged ones fail the load (and the
    system is read again from its files) instead of failing when a block is asked for."""
    from array import array

    from bridgegui.engine.bidding.loader import CachedBlocks

    good = (b"abcdef", array("q", [0, 2, 6]), array("q", [1, 5]), ("x.system",), array("q", [0, 0]), array("q", [1, 2]))
    assert len(CachedBlocks(*good)) == 2
    for place, bad in [
        (1, array("q", [0, 4, 2])),  # places going back
        (1, array("q", [0, 2, 7])),  # past the bytes
        (4, array("q", [0, 1])),  # a source that is not there
        (2, array("q", [1])),  # a line missing
    ]:
        with pytest.raises(ValueError, match="hold together"):
            CachedBlocks(*good[:place], bad, *good[place + 1 :])


def _use_shipped_folder(tmp_path: Path, monkeypatch) -> None:
    """``tmp_path / "resources"`` stands in for the shipped resources (its systems read in a moment,
    where the real ones take seconds), with the compiled-system cache in ``tmp_path / "cache"``."""
    from bridgegui.engine.bidding import loader, shipped_names

    for module in (loader, shipped_names):  # the files, and the names read from their first lines
        monkeypatch.setattr(module, "resource", lambda *parts: (tmp_path / "resources").joinpath(*parts))
    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path / "cache"))


def _count_reads(monkeypatch) -> list[int]:
    """A list that gains an item each time the loader fetches the system-file reader (to parse)."""
    from bridgegui.engine.bidding import loader

    reads: list[int] = []
    real_reader = loader._reader

    def counting_reader():
        reads.append(1)
        return real_reader()

    monkeypatch.setattr(loader, "_reader", counting_reader)
    return reads


def test_a_shipped_file_by_its_path_shares_the_shipped_systems_entry(tmp_path, monkeypatch) -> None:
    """``bridgegui-system check resources/systems/sayc.system`` after ``check sayc`` used to read every
    file afresh (ten seconds): the path of a shipped file is the shipped system.  (A small shipped
    folder stands in for the real one, whose systems take seconds to read.)"""

    shipped = tmp_path / "resources" / "systems"
    (shipped / "conventions").mkdir(parents=True)
    (shipped / "conventions" / "ask.system").write_text(
        "version: 2\nconvention: Ask\nafter P* 1NT P\n  2C hcp 8+ -- asks.\n  P\n", encoding="utf-8"
    )
    (shipped / "mini.system").write_text(
        "version: 2\nsystem: Mini\nafter P*\n  1NT hcp 15-17, balanced -- 1NT.\n  P\ninclude conventions/ask\n",
        encoding="utf-8",
    )
    _use_shipped_folder(tmp_path, monkeypatch)
    by_name = load_system("mini")
    entries = sorted((tmp_path / "cache" / "systems").glob("*.pickle"))
    assert len(entries) == 1
    reads = _count_reads(monkeypatch)
    by_path = load_system(shipped / "mini.system")
    assert sorted((tmp_path / "cache" / "systems").glob("*.pickle")) == entries  # no second entry
    assert not reads  # nothing parsed
    assert [(r.source, r.line, str(r.call)) for r in by_path.rules] == [
        (r.source, r.line, str(r.call)) for r in by_name.rules
    ]
    assert by_path.rules[-2].source == "conventions/ask.system"
    copy = tmp_path / "elsewhere" / "mini.system"  # the same text elsewhere is another file: its own entry
    copy.parent.mkdir()
    copy.write_text((shipped / "mini.system").read_text(encoding="utf-8").replace("conventions/ask", "ask.system"))
    (copy.parent / "ask.system").write_text((shipped / "conventions" / "ask.system").read_text(encoding="utf-8"))
    load_system(copy)
    assert len(list((tmp_path / "cache" / "systems").glob("*.pickle"))) == 2


def test_a_file_that_only_renames_a_shipped_system_shares_its_entry(tmp_path, monkeypatch) -> None:
    """``standard`` is SAYC by another name: loading it used to read every SAYC file again (some 15 s
    of cpu, in every test run and on a user's first use) for the same rules.  A file that is only a
    header and one ``include`` of a shipped system now takes that system's compiled form under its own
    header, and reads as the whole file would.  (A small shipped folder stands in for the real one.)"""
    from bridgegui.engine.bidding import loader

    shipped = tmp_path / "resources" / "systems"
    shipped.mkdir(parents=True)
    (shipped / "mini.system").write_text(
        "version: 2\nsystem: Mini\nafter P*\n  1NT hcp 15-17, balanced -- 1NT.\n  P\n", encoding="utf-8"
    )
    (shipped / "alias.system").write_text(
        "version: 2\nsystem: Alias  # a comment\ntitle: Mini by another name\n\ninclude mini\n", encoding="utf-8"
    )
    (shipped / "ring.system").write_text("version: 2\nsystem: Ring\ninclude round\n", encoding="utf-8")
    (shipped / "round.system").write_text("version: 2\nsystem: Round\ninclude ring\n", encoding="utf-8")
    _use_shipped_folder(tmp_path, monkeypatch)
    whole = load_system("alias", use_cache=False)
    load_system("mini")
    reads = _count_reads(monkeypatch)
    renamed = load_system("alias")
    assert not reads  # nothing parsed: the entry of mini
    assert len(list((tmp_path / "cache" / "systems").glob("*.pickle"))) == 1
    assert (renamed.name, renamed.title, renamed.description, renamed.source, renamed.files) == (
        whole.name,
        whole.title,
        whole.description,
        whole.source,
        whole.files,
    )
    assert renamed.name == "Alias" and renamed.files[0][0] == "alias.system"
    assert [(r.source, r.line, str(r.call)) for r in renamed.rules] == [
        (r.source, r.line, str(r.call)) for r in whole.rules
    ]
    assert load_system("mini").name == "Mini"  # the shared entry keeps its own name
    mine = tmp_path / "mine.system"  # a user's file naming a shipped system is the same
    mine.write_text("version: 2\nsystem: Mine\ninclude mini\n", encoding="utf-8")
    assert load_system(mine).name == "Mine" and not reads
    mine.write_text("version: 2\nsystem: Mine\ninclude mini\nafter P*\n  P -- pass.\n", encoding="utf-8")
    assert load_system(mine).rules[-1].source == "mine.system" and reads  # a rule of its own: read whole
    chain = tmp_path / "chain.system"  # a renaming of a renaming of a shipped system: the same entry
    chain.write_text("version: 2\nsystem: Chain\ninclude alias\n", encoding="utf-8")
    assert load_system(chain).name == "Chain" and len(reads) == 1
    with pytest.raises(loader._reader().SystemFileError, match="circle"):
        load_system("ring")  # a circle of renamings is read whole, and the reader finds it


def test_loads_of_one_system_at_once_read_its_files_once(tmp_path, monkeypatch) -> None:
    """Two test workers, or the window and a command after an upgrade, often load a system at the
    same moment: the second waits for the first one's entry instead of reading every file too (some
    15 s of cpu for a shipped system)."""
    import threading
    import time

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    source = _conventions_system(tmp_path)
    reader = loader._reader()
    parse = reader.parse_system
    reads: list[float] = []

    def slow_parse(*args, **kwargs):
        reads.append(time.monotonic())
        time.sleep(0.5)  # a long read, so the loads overlap
        return parse(*args, **kwargs)

    monkeypatch.setattr(reader, "parse_system", slow_parse)
    loaded: list[object] = []
    threads = [threading.Thread(target=lambda: loaded.append(load_system(source))) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(reads) == 1 and len(loaded) == 3
    assert all(len(system.rules) == len(loaded[0].rules) for system in loaded)  # type: ignore[attr-defined]


def test_a_load_waits_for_a_stuck_reader_only_so_long(tmp_path, monkeypatch) -> None:
    """A process stopped while it held the lock (``kill -STOP``, a debugger) holds nobody up for long:
    after ``COMPILING_WAIT`` the load reads the files itself."""
    import fcntl
    import time

    from bridgegui.engine.bidding import loader

    monkeypatch.setenv(loader.CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.setattr(loader, "COMPILING_WAIT", 0.3)
    source = _conventions_system(tmp_path)
    load_system(source, use_cache=False)  # the reader's modules loaded, so the time below is the wait
    (tmp_path / "systems").mkdir()
    key = loader._cache_key(str(source.resolve()), CONVENTIONS_ONLY, source.parent)
    with open(tmp_path / "systems" / f".{key}{loader.LOCK_SUFFIX}", "ab") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        start = time.monotonic()
        system = load_system(source)
        waited = time.monotonic() - start
    assert system.rules and 0.3 <= waited < 5


def test_the_names_of_shipped_systems_are_read_from_their_first_lines(tmp_path, monkeypatch) -> None:
    """A chooser lists the shipped systems at start-up: which there are, which only rename another
    (``standard``), what each is called.  Each used to be read whole for that (600 kB for SAYC, some
    15 ms of every start); the names now come from the first kilobytes of each file."""
    from bridgegui.engine.bidding import shipped_names

    shipped = tmp_path / "resources" / "systems"
    shipped.mkdir(parents=True)
    rules = "".join(f"  1NT hcp 15-17, balanced -- rule {n} of a long file.\n" for n in range(20_000))
    (shipped / "big.system").write_text(f"version: 2\nsystem: Big\nafter P*\n{rules}", encoding="utf-8")
    (shipped / "alias.system").write_text("version: 2\nsystem: Alias\ninclude big\n", encoding="utf-8")
    _use_shipped_folder(tmp_path, monkeypatch)
    read: list[int] = []
    real_open = Path.open

    def counting_open(self: Path, mode: str = "r", *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        handle = real_open(self, mode, *args, **kwargs)  # type: ignore[arg-type]
        real_read = handle.read

        def read_counted(size: int = -1) -> object:
            data = real_read(size)
            read.append(len(data))
            return data

        handle.read = read_counted  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr(Path, "open", counting_open)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail(f"{self.name} read whole"))
    assert (shipped / "big.system").stat().st_size > 800_000
    assert shipped_names.system_choices() == ("big",)
    assert shipped_names.shipped_system_name("Alias") == "big"
    assert [shipped_names.shipped_label(name) for name in ("big", "alias", "nonesuch")] == ["Big", "Alias", "Nonesuch"]
    assert read and max(read) <= shipped_names.RENAMING_MOST_BYTES + 1


def test_the_systems_call_for_one_hand_reads_only_the_blocks_of_its_auction(cached_standard) -> None:
    """``call_for`` found its rule by number in ``System.rules``, which reads every block of a cached
    system: the first call of every run (``--bid``, the window's first practice call) unpickled all
    7,700 blocks of SAYC, a second and more.  The rule is now one of the auction's candidates."""
    from bridgegui.engine.bidding.calls import Auction
    from bridgegui.engine.cards import parse_deal

    cached = load_system("standard")
    deal = parse_deal("N:AKJ73.Q8.K42.Q82 T98.KJ3.QJ3.AK43 Q42.AT42.A85.J97 65.9765.T976.T65")
    auction = Auction.parse("N", "1S P")
    choice = cached.call_for(deal, auction, "None")
    assert choice.rule is not None and choice.rule in cached.rules_for(auction)
    accepted, _ = cached.acceptable(deal.hand("S").mask, auction, choice.call, "None")
    assert accepted.rule is choice.rule
    read = sum("rules" in vars(block) for block in cached.blocks)
    assert 0 < read < len(cached.blocks) / 10
