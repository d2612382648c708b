"""Writing a file so that it is either the old file or the whole new one: one helper for every writer.

``atomic_write(path, data)`` writes bytes or text; ``atomic_writer(path)`` is the same as a context
manager that yields a file object, for writers that produce their output piece by piece.  Both:

* write a *regular file* (or a new path) atomically: the data go to a temporary file in the same
  folder (so the rename cannot cross file systems), are flushed and fsynced, the old file's
  permissions (and, where the process may, its owner and group) are copied onto it, and
  ``os.replace`` puts it in place; the folder is fsynced so the rename itself survives a crash.  On
  any exception, in the caller's block or in the writing, the temporary file is removed and the old
  file is untouched.  The temporary name is short (``.~XXXXXXXX.tmp``), so any name the file system
  accepts can be saved, 255 bytes long included;
* follow a symbolic link and write the file it points to (the link stays a link);
* keep a file that has other hard links whole: the new content is written to a temporary file first
  (so an error in the caller leaves the file as it was), then copied into the file in place, so every
  name sees it;
* write *straight* to anything that exists and is not a regular file — a character device such as
  ``/dev/null``, a FIFO, a terminal — instead of replacing it with a regular file;
* with ``stdout_dash=True``, treat the name ``"-"`` as standard output (the command line's ``-o -``);
  a closed standard output raises ``OSError``.

Errors are the ``OSError`` that Python's own ``open`` and ``write`` raise (disk full, no permission,
missing folder), so callers report them as they would any file error.

When a write fails, ``write_failure_reason(exc)`` phrases the ``OSError`` for a person: what is wrong
and what to do ("it is a folder, not a file: name a file to write"), never "[Errno 21] Is a
directory"; ``WriteFailedError(path, exc)`` is that ``OSError`` with the file it was writing, whose
``str()`` is the whole sentence, and ``naming_write_errors(path)`` turns any ``OSError`` of a block into
one.  Both front ends phrase their write errors through these: the window as "Could not save FILE:
REASON", the command line as "cannot write FILE: REASON".

Reading is the other half: ``read_user_bytes(path, limit_bytes=..., what=...)`` and
``read_user_text(...)`` read a file *the user named* (a board set, a dealer script, a bidding system,
a preset) and refuse, with one ``FileRefusedError`` sentence, what would hang or exhaust the program:
a FIFO (opening it for reading blocks until a writer comes), a device such as ``/dev/zero`` (endless),
a folder, a file larger than the stated limit, and (for text) bytes that are not UTF-8, named by line,
column and byte offset.  No Qt here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Iterator
from typing import IO, Any, Literal, overload

from bridgegui.engine.errors import BridgeError

__all__ = [
    "BOARD_SET_LIMIT",
    "TEXT_FILE_LIMIT",
    "FileRefusedError",
    "WriteFailedError",
    "atomic_write",
    "atomic_writer",
    "decode_utf8",
    "naming_write_errors",
    "read_user_bytes",
    "read_user_text",
    "write_failure_reason",
]

PathArg = str | os.PathLike[str]

_TEMPORARY_TRIES = 100


@overload
def atomic_writer(
    path: PathArg,
    mode: Literal["wb"] = "wb",
    *,
    encoding: None = None,
    newline: None = None,
    stdout_dash: bool = False,
) -> contextlib.AbstractContextManager[IO[bytes]]: ...


@overload
def atomic_writer(
    path: PathArg,
    mode: Literal["w"],
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
    stdout_dash: bool = False,
) -> contextlib.AbstractContextManager[IO[str]]: ...


def atomic_writer(
    path: PathArg,
    mode: Literal["wb", "w"] = "wb",
    *,
    encoding: str | None = None,
    newline: str | None = None,
    stdout_dash: bool = False,
) -> contextlib.AbstractContextManager[IO[Any]]:
    """A context manager yielding a file object open for writing ``path`` (see the module docstring).

    ``mode`` is ``"wb"`` (bytes) or ``"w"`` (text, in ``encoding``, default UTF-8, with ``newline``
    as ``open`` takes it).  The file is in place when the ``with`` block ends without an exception.
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"mode {mode!r}: use 'wb' or 'w'")
    if mode == "w" and encoding is None:
        encoding = "utf-8"
    return _writer(path, mode, encoding, newline, stdout_dash)


def atomic_write(
    path: PathArg,
    data: bytes | str,
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
    stdout_dash: bool = False,
) -> None:
    """Write ``data`` to ``path``: bytes as they are, text in ``encoding`` (see the module docstring)."""
    if isinstance(data, str):
        with atomic_writer(path, "w", encoding=encoding, newline=newline, stdout_dash=stdout_dash) as text_file:
            text_file.write(data)
    else:
        with atomic_writer(path, "wb", stdout_dash=stdout_dash) as binary_file:
            binary_file.write(data)


@contextlib.contextmanager
def _writer(
    path: PathArg, mode: str, encoding: str | None, newline: str | None, stdout_dash: bool
) -> Iterator[IO[Any]]:
    if stdout_dash and os.fspath(path) == "-":
        with _standard_output(mode) as out:
            yield out
        return
    target = os.path.realpath(path)  # through symbolic links: the real file is the one to write
    try:
        old = os.stat(target)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        # A device, a FIFO, a socket: write to it as it is (replacing it would destroy it).
        # A directory raises IsADirectoryError here, as ``open`` does.
        with open(target, mode, encoding=encoding, newline=newline) as straight:
            yield straight
        return
    try:
        fd, temporary = _create_temporary(os.path.dirname(target))
    except OSError as exc:  # name the file the user asked for, not our temporary one
        if exc.errno is None:
            raise
        raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None
    try:
        try:
            f = os.fdopen(fd, mode, encoding=encoding, newline=newline)
        except BaseException:
            os.close(fd)
            raise
        with f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        if old is not None and old.st_nlink > 1:
            _copy_into(temporary, target)
            os.unlink(temporary)
            return
        if old is not None:
            _copy_owner_and_mode(temporary, old)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(os.path.dirname(target))


def _create_temporary(folder: str) -> tuple[int, str]:
    """A new file with a short random name in ``folder``, created with the usual mode (0666 less the umask).

    The name's eight hex digits come from ``os.urandom``, as ``secrets.token_hex`` would give them,
    without loading ``secrets`` (and ``hashlib``), whose imports would add to the start-up time of every
    command-line run."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(_TEMPORARY_TRIES):
        candidate = os.path.join(folder, f".~{os.urandom(4).hex()}.tmp")
        try:
            return os.open(candidate, flags, 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(folder))


def _copy_owner_and_mode(temporary: str, old: os.stat_result) -> None:
    """Give the new file the old one's owner, group and permission bits (owner only where allowed)."""
    if hasattr(os, "chown"):
        new = os.stat(temporary)
        if (new.st_uid, new.st_gid) != (old.st_uid, old.st_gid):
            with contextlib.suppress(OSError):  # only root may give a file away; keep what we may
                os.chown(temporary, old.st_uid, old.st_gid)
            with contextlib.suppress(OSError):
                os.chown(temporary, -1, old.st_gid)
    os.chmod(temporary, stat.S_IMODE(old.st_mode))


def _copy_into(temporary: str, target: str) -> None:
    """Copy a complete temporary file into ``target`` in place (a file with other hard links)."""
    import shutil  # here: it loads the compression modules, which no other write needs (start-up time)

    with open(temporary, "rb") as source, open(target, "r+b") as destination:
        shutil.copyfileobj(source, destination)
        destination.truncate()
        destination.flush()
        os.fsync(destination.fileno())


def _sync_folder(folder: str) -> None:
    """Make the rename durable (POSIX; a folder cannot be opened like this on Windows)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _standard_output(mode: str) -> Iterator[IO[Any]]:
    """Standard output, flushed at the end and left open (it is not ours to close)."""
    out = sys.stdout
    if out is None or out.closed:
        raise OSError(errno.EBADF, "standard output is closed")
    stream: IO[Any] = out
    if mode == "wb":
        buffer = getattr(out, "buffer", None)
        if buffer is None:
            raise OSError(errno.EBADF, "standard output does not take bytes")
        out.flush()
        stream = buffer
    yield stream
    stream.flush()


# ------------------------------------------------------------------------------------------------
# Saying why a write failed

_FOLDER_ADVICE = "choose a folder you may write to, or ask for permission to write in this one"
_FULL_ADVICE = "free some space or write to another disk; a file already there is unchanged"
_WRITE_REASONS: dict[int, str] = {
    errno.EISDIR: "it is a folder, not a file: name a file to write (a new name inside the folder will do)",
    errno.ENOSPC: "the disk is full (No space left on device): " + _FULL_ADVICE,
    errno.EACCES: "you may not write there (Permission denied): " + _FOLDER_ADVICE,
    errno.EPERM: "you may not write there (Operation not permitted): " + _FOLDER_ADVICE,
    errno.EROFS: "the folder is on a read-only file system: write to another folder",
    errno.ENOENT: "its folder does not exist: create the folder first, or choose another",
    errno.ENOTDIR: "a part of the path is a file, not a folder: check the path",
    errno.ENAMETOOLONG: "the name is too long for the file system: choose a shorter one",
    errno.EFBIG: "the file would be larger than the file system allows: write to another disk",
}
if hasattr(errno, "EDQUOT"):  # not on Windows
    _WRITE_REASONS[errno.EDQUOT] = "your disk quota is used up (Disk quota exceeded): " + _FULL_ADVICE


def write_failure_reason(exc: OSError) -> str:
    """Why writing a file failed and what to do, without the file's name (the caller names it).

    The errors people meet (a folder, a full disk, no permission, a read-only disk, a missing folder)
    get a sentence with advice; any other keeps the system's own words (``strerror``), never Python's
    ``[Errno N] ...: 'path'`` form."""
    if exc.errno is not None and exc.errno in _WRITE_REASONS:
        return _WRITE_REASONS[exc.errno]
    return exc.strerror or str(exc)


class WriteFailedError(OSError):
    """Writing ``path`` failed: the ``OSError`` (same ``errno``), with ``reason`` phrased by
    ``write_failure_reason``; ``str()`` is "cannot write PATH: REASON", ready to print."""

    def __init__(self, path: str, cause: OSError) -> None:
        reason = write_failure_reason(cause)
        super().__init__(cause.errno, reason, path)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        shown = self.path if len(self.path) <= _PATH_ECHO else self.path[: _PATH_ECHO - 1] + "…"
        return f"cannot write {shown}: {self.reason}"


@contextlib.contextmanager
def naming_write_errors(path: PathArg) -> Iterator[None]:
    """Run a block that writes ``path``; an ``OSError`` in it becomes a ``WriteFailedError`` naming ``path``."""
    try:
        yield
    except WriteFailedError:
        raise
    except OSError as exc:
        raise WriteFailedError(os.fspath(path), exc) from exc


# ------------------------------------------------------------------------------------------------
# Reading what the user names

TEXT_FILE_LIMIT = 10 * 1024 * 1024
"""Dealer scripts, bidding systems and presets: the longest real one is a few hundred kB, so 10 MB is
generous and still reads at once."""

BOARD_SET_LIMIT = 256 * 1024 * 1024
"""Board-set files (PBN, LIN, DUP, ...): about half a million PBN boards, far beyond any session or
tournament, small enough that reading and parsing it cannot exhaust a desktop's memory."""


_PATH_ECHO = 240
"""The most of a file name a refusal repeats (``engine.dealer.specs.PATH_ECHO_CHARS``, without importing it here)."""


class FileRefusedError(BridgeError):
    """A file the program will not read: not a regular file, over its size limit, or not UTF-8 text.

    ``str()`` is one sentence that starts with the path as the user gave it; ``reason`` is the same
    sentence without the path, for a caller that names the file elsewhere (a window's error box).
    ``kind`` is ``"not_regular"``, ``"too_large"`` or ``"not_utf8"``, for a caller that treats them
    differently (a settings file that is a FIFO is left alone; one that is too large is set aside).
    ``line``, ``column`` (both from 1) and ``offset`` (bytes from 0) locate a byte that is not UTF-8.
    """

    def __init__(
        self,
        path: str,
        reason: str,
        *,
        kind: Literal["not_regular", "too_large", "not_utf8"],
        line: int | None = None,
        column: int | None = None,
        offset: int | None = None,
    ) -> None:
        shown = path if len(path) <= _PATH_ECHO else path[: _PATH_ECHO - 1] + "…"  # a pasted 100 kB name is cut
        super().__init__(f"{shown}: {reason}")
        self.path = path
        self.reason = reason
        self.kind = kind
        self.line = line
        self.column = column
        self.offset = offset


def _size_text(n: int) -> str:
    """A byte count as people say it (``10 MB``, ``7.2 GB``): binary units, one decimal where it matters."""
    for unit, size in (("GB", 1024**3), ("MB", 1024**2), ("kB", 1024)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value >= 10 or value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check_stat(name: str, st: os.stat_result, limit_bytes: int, what: str) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise FileRefusedError(
            name, f"this is {_kind(st.st_mode)}, not a file: a {what} must be a regular file", kind="not_regular"
        )
    if st.st_size > limit_bytes:
        raise FileRefusedError(
            name,
            f"the file is {_size_text(st.st_size)}, more than the {_size_text(limit_bytes)} a {what} may have",
            kind="too_large",
        )


def read_user_bytes(path: PathArg, *, limit_bytes: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit_bytes`` of them.

    ``what`` names the kind of file in the refusal ("dealer script", "board set").  The path is
    checked with ``os.stat`` *before* it is opened (a FIFO would block ``open``; ``/dev/zero`` never
    ends), opened with ``O_NONBLOCK`` and checked again with ``fstat`` (it may have been swapped in
    between), and read to at most one byte past the limit (it may be growing).  Raises
    ``FileRefusedError`` for those refusals and Python's own ``OSError`` (missing, no permission)
    otherwise.
    """
    name = os.fspath(path)
    _check_stat(name, os.stat(name), limit_bytes, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(name, flags)
    with os.fdopen(fd, "rb") as fp:
        _check_stat(name, os.fstat(fd), limit_bytes, what)
        data = fp.read(limit_bytes + 1)
    if len(data) > limit_bytes:
        raise FileRefusedError(
            name,
            f"the file is larger than the {_size_text(limit_bytes)} a {what} may have (it grew while read)",
            kind="too_large",
        )
    return data


def decode_utf8(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark skipped); a bad byte is named by line, column and offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0  # the codec counts from after the mark
        start = exc.start + bom
        line_start = max(data.rfind(b"\n", 0, start) + 1, bom)
        line = data.count(b"\n", 0, start) + 1
        before = data[line_start:start].decode("utf-8", errors="replace")
        column = len(before) + 1
        raise FileRefusedError(
            name,
            f"line {line}, column {column}: byte {start} (0x{data[start]:02x}) is not UTF-8 text; "
            "save the file as UTF-8",
            kind="not_utf8",
            line=line,
            column=column,
            offset=start,
        ) from None


def read_user_text(path: PathArg, *, limit_bytes: int, what: str, legacy_encoding: str | None = None) -> str:
    """The text of the regular file ``path`` (see ``read_user_bytes`` for what is refused), in UTF-8.

    A file that is not UTF-8 raises ``FileRefusedError`` naming the line, column (from 1) and byte
    offset (from 0) of the first bad byte, unless ``legacy_encoding`` is given (``"latin-1"`` for old
    dealer scripts, whose syntax is ASCII and whose comments were often written on Windows): then the
    whole file is decoded in it instead.
    """
    data = read_user_bytes(path, limit_bytes=limit_bytes, what=what)
    if legacy_encoding is not None:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode(legacy_encoding, errors="replace")
    return decode_utf8(data, os.fspath(path))
