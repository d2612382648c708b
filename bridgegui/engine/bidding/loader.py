"""Finding and loading system files: shipped names, paths, includes, and the compiled-system cache.

A shipped system is named (``"sayc"``, ``"acol"``; ``"standard"`` is another name for SAYC); a file is
given by path.  Includes name a shipped file (``conventions/stayman``) or a path relative to the file
that includes them.

Reading a shipped system checks every meaning and compiles every ``where`` expression: a few tenths
of a second, on every start of the command line.  The result is therefore kept, pickled, in the
user's cache folder, under a key made of the top file's text, its source and the reader's version;
the entry also records every included file's digest, and is used only while they all still match.
A cache that cannot be read or written is simply not used: loading never fails because of it.
"""

from __future__ import annotations

import contextlib
import copyreg
import hashlib
import io
import os
import pickle
import re
import stat
import sys
import threading
import time
import zlib
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, overload

import numpy as np

from bridgegui.engine.bidding.calls import DOUBLE, PASS, REDOUBLE, Call, cut
from bridgegui.engine.bidding.collector import collector_paused
from bridgegui.engine.bidding.shipped_names import SYSTEM_SUFFIX, renamed_shipped, shipped_file, shipped_systems
from bridgegui.engine.bidding.shipped_names import is_path as _is_path
from bridgegui.engine.bidding.system import Block, System
from bridgegui.engine.dealer.specs import Range
from bridgegui.resource_files import resource

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def _reader() -> Any:
    """The system-file reader, loaded when a file is read or an error raised: a system whose compiled
    form comes from the cache needs neither it nor the rule checks it loads."""
    from bridgegui.engine.bidding import system_file

    return system_file


MAX_SYSTEM_BYTES = 4 * 1024 * 1024
"""The largest system file read (4 MiB: the shipped ones are under 1 MiB): an endless or huge file
(``/dev/zero``, a log by mistake) is refused before it is read, instead of filling the memory."""

CACHE_DIR_ENV = "BRIDGEGUI_CACHE_DIR"
CACHE_FORMAT = "bridgegui-system-cache-10"
"""Changes whenever the pickled classes or the reader change meaning: older entries are then unused."""


def read_system_text(path: Path) -> str:
    """A system file's text, refusing at once what is not a regular file or is too large."""
    shown = cut(str(path))  # the path as given: "zero" alone would not say which file
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _reader().SystemFileError(shown, 0, 0, f"cannot read the system file: {exc.strerror or exc}") from None
    except ValueError:  # a NUL or a lone surrogate: no file can have that name
        raise _reader().SystemFileError(shown, 0, 0, "cannot read the system file: that is not a file name") from None
    if not stat.S_ISREG(info.st_mode):
        raise _reader().SystemFileError(shown, 0, 0, "cannot read the system file: it is not a regular file")
    if info.st_size > MAX_SYSTEM_BYTES:
        raise _reader().SystemFileError(
            shown, 0, 0, f"the system file is larger than {MAX_SYSTEM_BYTES // (1024 * 1024)} MiB: not a system file"
        )
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(MAX_SYSTEM_BYTES + 1)
    except OSError as exc:
        raise _reader().SystemFileError(shown, 0, 0, f"cannot read the system file: {exc.strerror or exc}") from None
    if len(data) > MAX_SYSTEM_BYTES:
        raise _reader().SystemFileError(
            shown, 0, 0, f"the system file is larger than {MAX_SYSTEM_BYTES // (1024 * 1024)} MiB: not a system file"
        )
    return decode_system_text(data, shown)


def decode_system_text(data: bytes, shown: str) -> str:
    """UTF-8 text, or an error naming the line, column and byte of the first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise _reader().SystemFileError(
            shown,
            line,
            column,
            f"the system file is not UTF-8 text: byte 0x{data[exc.start]:02x} cannot start a character",
        ) from None


def _shipped(name: str) -> tuple[str, str, Traversable]:
    """A shipped file's text, its source name and its folder."""
    key = name.strip().lower().removesuffix(SYSTEM_SUFFIX)
    node = shipped_file(key)
    if node is None:
        shipped = ", ".join(shipped_systems()) or "none"
        raise _reader().SystemFileError(
            cut(name), 0, 0, f"no bidding system of that name is shipped (shipped: {shipped}); or give a .system file"
        )
    data = node.read_bytes()
    source = key + SYSTEM_SUFFIX
    return decode_system_text(data, source), source, _parent(key)


def _shipped_identity(path: Path) -> str | None:
    """A shipped file given by its path is the shipped system: one cache entry serves ``sayc`` and
    ``resources/systems/sayc.system`` (the rules read alike, sources and lines included), instead of
    each reading the files afresh the first time.  None for any other file."""
    try:
        relative = path.resolve().relative_to(Path(str(resource("systems"))).resolve())
    except (ValueError, OSError, TypeError):
        return None
    return "shipped:" + relative.as_posix()


def _parent(key: str) -> Traversable:
    node = resource("systems")
    for part in key.split("/")[:-1]:
        node = node / part
    return node


def _resolve(name: str, place: object) -> tuple[str, str, object]:
    """An included file: a path relative to the including file's folder, else a shipped name."""
    text = name.strip()
    if _is_path(text) and not text.startswith("conventions/"):
        if isinstance(place, Path):
            path = (place / text) if not Path(text).is_absolute() else Path(text)
            return read_system_text(path), path.name, path.parent
        if place is not None and not Path(text).is_absolute():  # a shipped file including a shipped path
            node = place / text  # type: ignore[operator]
            if node.is_file():
                return decode_system_text(node.read_bytes(), text), text, place
        path = Path(text)
        return read_system_text(path), path.name, path.parent
    return _shipped(text)


def load_system(name_or_path: str | Path, *, use_cache: bool = True) -> System:
    """A shipped system by name (``"sayc"``, ``"standard"``, ``"acol"``, any case) or a file by path.

    A text with a path separator or the ``.system`` suffix, or a ``Path``, is a file; anything else
    is a shipped name.  Raises ``SystemFileError``: for a malformed file (with line and column), and
    for a missing file or an unknown name (saying which systems are shipped).
    """
    text = str(name_or_path)
    place: object
    again: str | Path = text  # what a damaged cached block is read again from (``_ReadAgain``)
    if isinstance(name_or_path, Path) or _is_path(text):
        path = Path(text)
        source_text, source, place = read_system_text(path), path.name, path.parent
        identity = _shipped_identity(path) or (str(path.resolve()) if path.exists() else str(path))
        again = path.resolve()
    else:
        source_text, source, place = _shipped(text)
        identity = "shipped:" + source
    if not use_cache:
        return _reader().parse_system(source_text, source, resolve=_resolve, place=place)
    renamed = renamed_shipped(source_text)
    if renamed is not None:
        return _renamed(load_system(renamed[0]), renamed[1], source, source_text)
    key = _cache_key(identity, source_text, place)
    if key is None:
        return _reader().parse_system(source_text, source, resolve=_resolve, place=place)
    cached = _cached(key)
    if cached is None:
        with _compiling(key):
            cached = _cached(key)  # stored by another process while this one waited
            if cached is None:
                system = _reader().parse_system(source_text, source, resolve=_resolve, place=place)
                _store(key, system)
                return system
    if isinstance(cached.blocks, CachedBlocks):
        cached.blocks.again = _ReadAgain(again, key, cached.files)
    return cached


COMPILING_WAIT = 120.0
"""Seconds a load waits for another process that is reading the same system (``_compiling``); after
that it reads the files itself, so a process stopped while holding the lock holds up nobody for long."""

LOCK_SUFFIX = ".lock"


@contextlib.contextmanager
def _compiling(key: str) -> Iterator[None]:
    """Hold ``key``'s lock while its system is read and stored, so that another process (or thread)
    loading the same system at the same moment waits for this entry instead of reading every file
    again: a shipped system takes some 15 s of cpu, and two test workers, or the window and a command
    after an upgrade, often start together.  An advisory ``flock``, which the operating system
    releases however the holder ends; waited for at most ``COMPILING_WAIT`` seconds.  Without
    ``fcntl`` (Windows) or a writable cache folder nothing is held, as before."""
    folder = cache_folder()
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    if folder is None or fcntl is None:
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / f".{key}{LOCK_SUFFIX}", "ab")  # noqa: SIM115 - closed below
    except OSError:
        yield
        return
    with handle:
        deadline = time.monotonic() + COMPILING_WAIT
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            except OSError:  # a file system without locks
                break
        yield


_INCLUDE_AFTER_LINE_BREAKS = (re.compile(r"\ninclude", re.IGNORECASE), re.compile(r"\rinclude", re.IGNORECASE))
_LINE_END = re.compile(r"[\r\n]")
_FIRST_WORD = re.compile(r"\S+")


def _included_names(text: str) -> list[str]:
    """The names the ``include`` lines of ``text`` give, in order, as the system-file reader reads
    them (``system_file``: lines broken at CR, LF or both, ``#`` starts a comment, the line's first
    word ``include`` in any case, the name the rest stripped).  The lines are found by a line break
    followed by the word: a pattern that starts with one character the regular-expression engine can
    look for scans a system's 600 kB ten times faster than one anchored at every line's start (or
    one starting with a choice of two characters), so LF and a lone CR are looked for apart."""
    text = text.removeprefix("\ufeff")
    names = []
    after_breaks = (found.start() + 1 for pattern in _INCLUDE_AFTER_LINE_BREAKS for found in pattern.finditer(text))
    for start in (0, *sorted(after_breaks)):
        end = _LINE_END.search(text, start)
        code = text[start : end.start() if end is not None else len(text)].split("#", 1)[0].rstrip()
        word = _FIRST_WORD.match(code)
        if word is not None and word.group().lower() == "include":
            name = code[word.end() :].strip()
            if name:
                names.append(name)
    return names


def _renamed(system: System, header: dict[str, str], source: str, text: str) -> System:
    """``system`` under the header of the file that only renames it (``shipped_names.renaming``): the same blocks,
    and the compiled parts already built or read (the pattern index, the batch bidder's tables and
    file), shared rather than built again; the renaming file is the first of its files, as reading
    it whole would have made it."""
    renamed = object.__new__(System)
    renamed.__dict__.update(system.__dict__)
    renamed.__dict__.update(
        name=header["system"],
        title=header.get("title", header["system"]),
        description=header.get("description", ""),
        source=source,
        files=((source, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()), *system.files),
    )
    return renamed


_READER_FILES = (
    "system_file.py",
    "system_rules.py",
    "system_tokens.py",
    "system.py",
    "explain.py",
    "calls.py",
    "loader.py",
    "batch_tables.py",  # its rule tables are pickled with the system
    "batch.py",
    "batch_states.py",  # the batch index's learned states are kept with them
    "batch_cache.py",
    "where.py",
    "../dealer/constraints.py",  # the meanings the tables hold
)
"""The code whose every change makes new cache entries (``_reader_identity``)."""


def _reader_identity() -> str:
    """The reader's own code, digested: a cache entry written by another reader is never used (the
    version number alone does not change while the reader is being developed)."""
    global _READER_IDENTITY
    if _READER_IDENTITY is None:
        digest = hashlib.sha256(CACHE_FORMAT.encode())
        folder = Path(__file__).parent
        for name in _READER_FILES:
            try:
                digest.update((folder / name).read_bytes())
            except OSError:  # a frozen build keeps no sources: its version stands for them
                from bridgegui import __version__

                digest.update(__version__.encode())
        _READER_IDENTITY = digest.hexdigest()
    return _READER_IDENTITY


_READER_IDENTITY: str | None = None


def _cache_key(identity: str, text: str, place: object) -> str | None:
    """The cache key: the reader's version, the file's identity and the text of it and of every file
    it includes, recursively (found the way the reader finds them); None when an include cannot be
    read (the reader then reports it)."""
    digest = hashlib.sha256()
    digest.update(f"{_reader_identity()}\0{identity}\0".encode())
    pending = [(text, place)]
    seen = 0
    while pending:
        current, where = pending.pop(0)
        digest.update(current.encode("utf-8", "surrogatepass") + b"\0")
        seen += 1
        if seen > 256:
            return None
        for name in _included_names(current):
            try:
                included, _, included_place = _resolve(name, where)
            except _reader().SystemFileError:
                return None
            pending.append((included, included_place))
    return digest.hexdigest()


def cache_folder() -> Path | None:
    """Where compiled systems are kept (``user_cache_folder``)."""
    return user_cache_folder("systems")


def user_cache_folder(name: str) -> Path | None:
    """bridgegui's cache folder ``name``: under ``$BRIDGEGUI_CACHE_DIR``, else under the platform's user
    cache folder; None when there is none (a cache is then simply not used).

    On Linux and the other XDG systems that folder is ``$XDG_CACHE_HOME`` (``~/.cache`` when it is
    unset, blank or relative) with the program's name, as the XDG Base Directory Specification and
    ``platformdirs`` say: worked out here, because ``platformdirs`` imports ``tempfile`` (with
    ``random`` and ``shutil``), 5 ms of a short ``--auction`` run.  macOS and Windows ask ``platformdirs``.
    """
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured:
        return Path(configured) / name
    try:
        if sys.platform not in ("darwin", "win32", "cygwin", "msys") and "ANDROID_ROOT" not in os.environ:
            base = os.environ.get("XDG_CACHE_HOME", "")
            if not os.path.isabs(base):  # the specification ignores a relative one, as platformdirs does
                home = os.path.expanduser("~")
                if not os.path.isabs(home):
                    return None
                base = os.path.join(home, ".cache")
            return Path(base) / "bridgegui" / name
        import platformdirs

        return Path(platformdirs.user_cache_dir("bridgegui", appauthor=False)) / name
    except Exception:  # no cache folder is no reason to fail
        return None


BATCH_SUFFIX = ".batch"
"""An entry's batch-bidder part (``batch.BatchIndex.stored``), beside its ``.pickle``."""

KEPT_ENTRIES = 32
"""Compiled systems kept in the cache, the most recently used: an entry is a few megabytes, and every
edit of a system file (and every new bridgegui) makes a new one, which would otherwise pile up."""


def _cached(key: str) -> System | None:
    folder = cache_folder()
    if folder is None:
        return None
    path = folder / f"{key}.pickle"
    try:
        # some 80,000 objects, none of them garbage (``collector_paused``)
        with open(path, "rb") as handle, collector_paused():
            system = pickle.load(handle)
    except Exception:  # a missing, stale or damaged entry is re-read from the files
        return None
    if not isinstance(system, System):
        return None
    if "_batch_token" in system.__dict__:  # the batch bidder's part, read only by a run that bids a set
        system.__dict__["_batch_file"] = str(path.with_suffix(BATCH_SUFFIX))
    with contextlib.suppress(OSError):
        os.utime(path)  # used now: ``_prune`` keeps the most recently used entries
    return system


_CALLS = {call.code: call for call in (*(Call.from_rank(rank) for rank in range(35)), PASS, DOUBLE, REDOUBLE)}


def _call(code: str) -> Call:
    """The call of ``code``, as the cache writes calls: one shared object each, found in a table."""
    return _CALLS[code]


def _range(lo: int | None, hi: int | None) -> Range:
    return Range(lo, hi)


class _Pickler(pickle.Pickler):
    """The cache's pickler: calls and ranges are written as what makes them again (a table look-up,
    a constructor), which loading runs several times faster than a frozen slotted dataclass's
    generic ``__setstate__`` (a system holds thousands of each).

    Each block's pattern and rules are pickled on their own, inside the entry, and read back only when
    asked for: the rest of the entry (the pattern index, the batch bidder's tables) loads in a tenth
    of the time, and dealing for an auction reads only the blocks of the auctions it meets."""

    def __init__(self, file: IO[bytes], protocol: int, batch_token: str = "") -> None:
        super().__init__(file, protocol=protocol)
        self.batch_token = batch_token

    def reducer_override(self, obj: object) -> Any:
        if type(obj) is System:
            state = obj.__getstate__(batch_apart=True)  # the batch part is in the entry's batch file
            state["_batch_token"] = self.batch_token
            state["blocks"] = CachedBlocks.of(obj.blocks)
            return copyreg.__newobj__, (System,), state  # type: ignore[attr-defined]
        if type(obj) is Call:
            return _call, (obj.code,)
        if type(obj) is Range:
            return _range, (obj.lo, obj.hi)
        return NotImplemented


class CachedBlocks(Sequence[Block]):
    """A cached system's blocks (``System.blocks``), each made when first asked for from one block of
    bytes that holds every block's pickled pattern and rules, one after another.

    Why: unpickling 5,000 ``Block`` objects, each with bytes of its own, was a third of loading a
    cached system, and a run mostly asks for a few of them (dealing for one auction reads the
    blocks of the auctions it meets; bidding a set, the blocks of rules the batch tables cannot
    judge).  A block made here keeps its bytes and their CRC-32 and unpickles them when its pattern
    or rules are first asked for (``Block.__getattr__``, ``cached_block``); ``again`` reads a
    damaged one again from the system's files (``_ReadAgain``)."""

    def __init__(
        self, blobs: bytes, ends: array, lines: array, sources: tuple[str, ...], source_of: array, crcs: array
    ) -> None:
        count = len(ends) - 1
        places = np.frombuffer(ends, dtype=np.int64) if len(ends) else np.zeros(0, dtype=np.int64)
        named = np.frombuffer(source_of, dtype=np.int64) if len(source_of) else np.zeros(0, dtype=np.int64)
        # the places and names are not under the blocks' CRC-32s: a damaged entry fails to load here
        # (and is read again from the files) rather than when a block is asked for
        if not (
            count >= 0
            and len(lines) == len(source_of) == len(crcs) == count
            and places[0] == 0
            and places[-1] == len(blobs)
            and bool((np.diff(places) >= 0).all())
            and bool(((named >= 0) & (named < len(sources))).all())
        ):
            raise ValueError("the cached blocks do not hold together")
        self._blobs = blobs
        self._ends = ends  # block k's bytes are blobs[ends[k]:ends[k + 1]]
        self._lines = lines
        self._sources = sources
        self._source_of = source_of
        self._crcs = crcs
        self._made: list[Block | None] = [None] * count
        self.again: _ReadAgain | None = None

    @classmethod
    def of(cls, blocks: Sequence[Block]) -> CachedBlocks:
        """``blocks`` as the cache keeps them: each one's pattern and rules pickled by the cache's
        pickler (a block not unpickled yet keeps the bytes it was read from)."""
        pieces: list[bytes] = []
        sources: dict[str, int] = {}
        for block in blocks:
            kept: dict[str, Any] = block.__dict__
            blob = kept.get("_rules_blob")
            if blob is None:
                buffer = io.BytesIO()
                _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump((kept["pattern"], kept["rules"]))
                blob = buffer.getvalue()
            pieces.append(bytes(blob))
            sources.setdefault(block.source, len(sources))
        ends = array("q", [0])
        for piece in pieces:
            ends.append(ends[-1] + len(piece))
        return cls(
            b"".join(pieces),
            ends,
            array("q", [block.line for block in blocks]),
            tuple(sources),
            array("q", [sources[block.source] for block in blocks]),
            array("q", [zlib.crc32(piece) for piece in pieces]),
        )

    def __reduce__(self) -> tuple[type[CachedBlocks], tuple[Any, ...], dict[str, Any]]:
        """The bytes and their places, and the way to read a damaged block again (a worker process
        makes its own blocks from them)."""
        made = (self._blobs, self._ends, self._lines, self._sources, self._source_of, self._crcs)
        return CachedBlocks, made, {"again": self.again}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.again = state.get("again")

    def __len__(self) -> int:
        return len(self._made)

    def __iter__(self) -> Iterator[Block]:
        return (self._block(k) for k in range(len(self._made)))

    @overload
    def __getitem__(self, index: int) -> Block: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Block, ...]: ...
    def __getitem__(self, index: int | slice) -> Block | tuple[Block, ...]:
        if isinstance(index, slice):
            return tuple(self._block(k) for k in range(*index.indices(len(self._made))))
        count = len(self._made)
        if not -count <= index < count:
            raise IndexError("block index out of range")
        return self._block(index % count)

    def _block(self, k: int) -> Block:
        made = self._made[k]
        if made is None:
            with _MAKING_BLOCKS:  # one object for each block: its rules are compared by identity
                made = self._made[k]
                if made is None:
                    made = Block.__new__(Block)
                    made.__dict__.update(
                        line=self._lines[k],
                        source=self._sources[self._source_of[k]],
                        _rules_blob=self._blobs[self._ends[k] : self._ends[k + 1]],
                        _rules_crc=self._crcs[k],
                    )
                    if self.again is not None:
                        made.__dict__["_again"] = (self.again, k)
                    self._made[k] = made
        return made


_MAKING_BLOCKS = threading.Lock()


def cached_block(state: dict[str, Any], lock: threading.Lock) -> None:
    """Put the pattern and rules of a block read from the cache into its ``state``
    (``Block.__getattr__``), from the blob its entry keeps, checked against its CRC-32, under
    ``lock`` (one thread installs them: rules are compared by identity).

    A damaged blob (a disk's flipped bit may still unpickle, into another rule) is read again from
    the system's files instead (``_ReadAgain``), so a run that already started goes on.  That reading
    takes seconds, and happens without ``lock``: the other blocks are read meanwhile.  Without a way
    to read it again (a block not from the cache) it raises ``pickle.UnpicklingError``."""
    with lock:
        blob = state.get("_rules_blob")
        if blob is None:
            return  # another thread put them in meanwhile
        if zlib.crc32(blob) == state.get("_rules_crc"):
            with contextlib.suppress(Exception), collector_paused():  # thousands of new objects, none garbage
                _install(state, pickle.loads(blob))
                return
        again = state.get("_again")
    if again is None:
        raise pickle.UnpicklingError("a block of the compiled-system cache is damaged")
    read = again[0].block(again[1])
    with lock:
        if "_rules_blob" in state:
            _install(state, read)


def _install(state: dict[str, Any], read: tuple[Any, Any]) -> None:
    state["pattern"], state["rules"] = read
    for made in ("_rules_blob", "_rules_crc", "_again"):
        state.pop(made, None)


class _ReadAgain:
    """A cached system's files, read again without the cache when one of its blocks turns out to be
    damaged (``cached_block``).  The blocks read again are the entry's own, number for number, only
    while the files are the ones the entry was made from (``System.files`` digests every file read,
    includes too): a system edited since is refused, once and for all, with a message.  The damaged
    entry is removed, and the next run stores it afresh.  The system read again is kept for the
    other blocks the run reads (a damaged disk seldom damages one block alone)."""

    def __init__(self, name_or_path: str | Path, key: str, files: tuple[tuple[str, str], ...]) -> None:
        self.name_or_path = name_or_path
        """The shipped name, or the file's absolute path: the run may change its folder meanwhile."""
        self.key = key
        self.files = files
        self._system: System | None = None
        self._refused: Exception | None = None
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[type[_ReadAgain], tuple[str | Path, str, tuple[tuple[str, str], ...]]]:
        return _ReadAgain, (self.name_or_path, self.key, self.files)  # a worker process makes its own lock

    def block(self, number: int) -> tuple[Any, tuple[Any, ...]]:
        with self._lock:
            if self._refused is not None:
                raise self._refused
            if self._system is None:
                folder = cache_folder()
                if folder is not None:
                    for suffix in (".pickle", BATCH_SUFFIX):
                        with contextlib.suppress(OSError):
                            (folder / f"{self.key}{suffix}").unlink()
                system = load_system(self.name_or_path, use_cache=False)
                if system.files != self.files:  # edited since: its blocks are no longer the entry's
                    self._refused = _reader().SystemFileError(
                        system.source,
                        0,
                        0,
                        "the compiled copy of this system was damaged and its files "
                        "have changed since it was loaded: load the system again",
                    )
                    raise self._refused
                self._system = system
        block = self._system.blocks[number]
        return block.pattern, block.rules


def _store(key: str, system: System) -> None:
    folder = cache_folder()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{key}.{os.getpid()}.{threading.get_ident()}.tmp"  # two threads may store it too
        system._index  # noqa: B018 - built now, so the entry keeps it (``System.__getstate__``)
        system._batch.tables.fill_all()  # the batch bidder's tables too
        from bridgegui.engine.bidding.batch_cache import batch_file_bytes, warm_up

        warm_up(system)  # and the states of the auctions most sets meet
        # The batch bidder's part goes to a file of its own, which only a run bidding a set reads,
        # marked as this entry's: another process may write the same entry meanwhile.
        token = os.urandom(16).hex()
        with open(temporary, "wb") as handle:
            handle.writelines(batch_file_bytes(token, system._batch.stored()))
        os.replace(temporary, folder / f"{key}{BATCH_SUFFIX}")
        with open(temporary, "wb") as handle:
            _Pickler(handle, protocol=pickle.HIGHEST_PROTOCOL, batch_token=token).dump(system)
        os.replace(temporary, folder / f"{key}.pickle")
        _prune(folder)
    except Exception:  # the cache is an optimisation: a read-only disk only makes loading slower
        return


def _prune(folder: Path) -> None:
    """Remove all but the ``KEPT_ENTRIES`` most recently used entries (by modification time, which a
    load updates), temporary and lock files made an hour ago or more, and batch files whose entry is
    gone."""
    entries: list[tuple[float, Path]] = []
    now = time.time()
    for path in folder.iterdir():
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        if path.suffix == ".pickle":
            entries.append((modified, path))
        elif path.suffix in (".tmp", LOCK_SUFFIX) and now - modified > 3600:
            path.unlink(missing_ok=True)
        elif path.suffix == BATCH_SUFFIX and now - modified > 3600 and not path.with_suffix(".pickle").exists():
            path.unlink(missing_ok=True)  # its entry was never stored, or was removed
    entries.sort(reverse=True)
    for _, path in entries[KEPT_ENTRIES:]:
        path.unlink(missing_ok=True)
        path.with_suffix(BATCH_SUFFIX).unlink(missing_ok=True)


__all__ = [
    "MAX_SYSTEM_BYTES",
    "cache_folder",
    "load_system",
    "read_system_text",
    "user_cache_folder",
]
