"""The one atomic write (``bridgegui.files``): old file or whole new file, and nothing else harmed."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
import threading
from pathlib import Path

import pytest

from bridgegui.files import WriteFailedError, atomic_write, atomic_writer, naming_write_errors, write_failure_reason

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes, links and FIFOs")


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_writes_a_new_file(tmp_path: Path) -> None:
    target = tmp_path / "new.pbn"
    atomic_write(target, b"data\r\n")
    assert target.read_bytes() == b"data\r\n"
    assert names(tmp_path) == ["new.pbn"]


def test_text_is_encoded(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    atomic_write(target, "♠ AKQ\n")
    assert target.read_bytes() == "♠ AKQ\n".encode()
    atomic_write(target, "é", encoding="latin-1")
    assert target.read_bytes() == b"\xe9"


def test_replaces_an_existing_file_with_a_new_inode(tmp_path: Path) -> None:
    """The new content arrives by rename, so a reader holding the old file still reads the old text."""
    target = tmp_path / "set.pbn"
    target.write_bytes(b"old")
    before = os.stat(target).st_ino
    with open(target, "rb") as reader:
        atomic_write(target, b"new")
        assert reader.read() == b"old"
    assert target.read_bytes() == b"new"
    assert os.stat(target).st_ino != before
    assert names(tmp_path) == ["set.pbn"]


def test_the_old_file_stays_until_the_block_ends(tmp_path: Path) -> None:
    target = tmp_path / "f"
    target.write_text("old")
    with atomic_writer(target, "w") as f:
        f.write("new")
        f.flush()
        assert target.read_text() == "old"
        assert len(names(tmp_path)) == 2  # the temporary file beside it
    assert target.read_text() == "new"


@pytest.mark.parametrize("existing", [False, True])
def test_an_exception_leaves_no_temporary_file_and_the_old_file_whole(tmp_path: Path, existing: bool) -> None:
    target = tmp_path / "set.pbn"
    if existing:
        target.write_bytes(b"old")
    with pytest.raises(RuntimeError, match="half way"), atomic_writer(target) as f:
        f.write(b"partial")
        raise RuntimeError("half way")
    assert names(tmp_path) == (["set.pbn"] if existing else [])
    if existing:
        assert target.read_bytes() == b"old"


def test_a_failing_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    """An encoding error in the middle of the text (as a write error would) cleans up the same way."""
    target = tmp_path / "f.txt"
    target.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        atomic_write(target, "abc ♠", encoding="ascii")
    assert target.read_text() == "old"
    assert names(tmp_path) == ["f.txt"]


def test_a_missing_folder_raises_the_usual_oserror(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "f"
    with pytest.raises(FileNotFoundError) as info:
        atomic_write(target, b"x")
    assert names(tmp_path) == []
    assert info.value.filename == str(target)  # the file asked for, not the temporary ".~XXXXXXXX.tmp"


def test_a_folder_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    with pytest.raises(IsADirectoryError):
        atomic_write(tmp_path / "d", b"x")
    assert (tmp_path / "d").is_dir()


def test_a_250_character_name_can_be_saved(tmp_path: Path) -> None:
    """The temporary name is short: a name near the file system's 255-byte limit still works."""
    target = tmp_path / ("b" * 246 + ".pbn")
    assert len(target.name) == 250
    atomic_write(target, b"x")
    assert target.read_bytes() == b"x"
    atomic_write(target, b"y")  # and replacing it
    assert names(tmp_path) == [target.name]


@posix_only
def test_keeps_the_old_files_permissions(tmp_path: Path) -> None:
    target = tmp_path / "private.pbn"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    atomic_write(target, b"new")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640


@posix_only
def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    """A new file is created as ``open`` would create it (0666 less the umask), not 0600."""
    umask = os.umask(0o022)
    try:
        atomic_write(tmp_path / "f", b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "f").st_mode) == 0o644


@posix_only
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
def test_keeps_the_old_files_owner(tmp_path: Path) -> None:
    target = tmp_path / "theirs.pbn"
    target.write_bytes(b"old")
    os.chown(target, 12345, 23456)
    atomic_write(target, b"new")
    info = os.stat(target)
    assert (info.st_uid, info.st_gid) == (12345, 23456)
    assert target.read_bytes() == b"new"


@posix_only
def test_writes_through_a_symbolic_link_to_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.pbn"
    real.write_bytes(b"old")
    (tmp_path / "links").mkdir()
    link = tmp_path / "links" / "link.pbn"
    link.symlink_to(real)
    atomic_write(link, b"new")
    assert link.is_symlink()
    assert os.readlink(link) == str(real)
    assert real.read_bytes() == b"new"
    assert names(tmp_path / "links") == ["link.pbn"]  # the temporary file went beside the real file
    assert names(tmp_path) == ["links", "real.pbn"]


@posix_only
def test_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "target")
    atomic_write(link, b"x")
    assert link.is_symlink()
    assert (tmp_path / "target").read_bytes() == b"x"


@posix_only
def test_a_hard_linked_file_stays_one_file(tmp_path: Path) -> None:
    first = tmp_path / "a.pbn"
    first.write_bytes(b"old content, longer than the new")
    second = tmp_path / "b.pbn"
    os.link(first, second)
    atomic_write(first, b"new")
    assert second.read_bytes() == b"new"
    assert os.stat(first).st_ino == os.stat(second).st_ino
    assert names(tmp_path) == ["a.pbn", "b.pbn"]
    with pytest.raises(RuntimeError), atomic_writer(second) as f:
        f.write(b"partial")
        raise RuntimeError
    assert first.read_bytes() == b"new"
    assert names(tmp_path) == ["a.pbn", "b.pbn"]


@posix_only
def test_a_fifo_is_written_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, b"through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert names(tmp_path) == ["pipe"]


@posix_only
def test_dev_null_is_written_to_not_replaced() -> None:
    before = os.stat("/dev/null")
    atomic_write("/dev/null", b"nothing")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino


@posix_only
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can make a device node")
def test_a_character_device_in_a_folder_survives(tmp_path: Path) -> None:
    """The hostile-files report's reproducer: ``mknod d/null c 1 3``, then save onto it."""
    node = tmp_path / "null"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    atomic_write(node, b"x" * 1000)
    info = os.stat(node)
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)
    assert names(tmp_path) == ["null"]


def test_dash_is_standard_output_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    atomic_write("-", b"to stdout\n", stdout_dash=True)
    atomic_write("-", "text too\n", stdout_dash=True)
    assert capsysbinary.readouterr().out == b"to stdout\ntext too\n"
    monkeypatch.chdir(tmp_path)
    atomic_write("-", b"a file named dash")
    assert (tmp_path / "-").read_bytes() == b"a file named dash"


def test_a_closed_standard_output_raises_oserror(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(OSError, match="closed"):
        atomic_write("-", "x", stdout_dash=True)
    closed = io.TextIOWrapper(io.BytesIO())
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    with pytest.raises(OSError, match="closed"):
        atomic_write("-", "x", stdout_dash=True)


def test_bad_mode_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode"):
        atomic_writer(tmp_path / "f", "a")  # type: ignore[call-overload]


# ------------------------------------------------------------------------------------------------
# read_user_bytes / read_user_text: what the user names is read only if it is a file of a sane size

from bridgegui.files import FileRefusedError, read_user_bytes, read_user_text  # noqa: E402


def test_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "x.dl"
    path.write_bytes(b"\xef\xbb\xbfproduce 1\n")
    assert read_user_text(path, limit_bytes=100, what="dealer script") == "produce 1\n"
    assert read_user_bytes(path, limit_bytes=100, what="dealer script") == b"\xef\xbb\xbfproduce 1\n"


@posix_only
def test_a_fifo_is_refused_before_it_is_opened(fifo_path: Path) -> None:
    with pytest.raises(FileRefusedError, match=r"named pipe .*must be a regular file") as caught:
        read_user_text(fifo_path, limit_bytes=100, what="dealer script")
    assert caught.value.kind == "not_regular" and str(caught.value).startswith(str(fifo_path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_device_is_refused() -> None:
    with pytest.raises(FileRefusedError, match="character device"):
        read_user_bytes("/dev/zero", limit_bytes=10, what="bidding system")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileRefusedError, match="a folder"):
        read_user_bytes(tmp_path, limit_bytes=10, what="board set")


def test_a_file_over_the_limit_is_refused_naming_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    with open(path, "wb") as f:
        f.truncate(3 * 1024 * 1024)  # sparse: costs no disk
    with pytest.raises(FileRefusedError, match="the file is 3 MB, more than the 2 MB a board set may have") as caught:
        read_user_bytes(path, limit_bytes=2 * 1024 * 1024, what="board set")
    assert caught.value.kind == "too_large"


def test_a_bad_byte_is_named_by_line_column_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "x.system"
    path.write_bytes(b"one\ntw\xc3\xa9\xff rest\n")  # the bad byte follows "twé": column 4
    data = path.read_bytes()
    with pytest.raises(FileRefusedError) as caught:
        read_user_text(path, limit_bytes=100, what="bidding system")
    error = caught.value
    assert (error.kind, error.line, error.column, error.offset) == ("not_utf8", 2, 4, data.index(b"\xff"))
    assert "line 2, column 4" in str(error) and "0xff" in str(error)
    # a legacy encoding takes the whole file instead
    assert read_user_text(path, limit_bytes=100, what="dealer script", legacy_encoding="latin-1").endswith("ÿ rest\n")


def test_missing_files_raise_the_usual_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_user_text(tmp_path / "absent", limit_bytes=10, what="dealer script")


def test_a_byte_order_mark_is_not_a_column(tmp_path: Path) -> None:
    path = tmp_path / "bom.system"
    path.write_bytes(b"\xef\xbb\xbfab\xff")
    with pytest.raises(FileRefusedError) as caught:
        read_user_text(path, limit_bytes=100, what="bidding system")
    assert (caught.value.line, caught.value.column, caught.value.offset) == (1, 3, 5)


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (errno.EISDIR, "it is a folder, not a file: name a file to write"),
        (errno.ENOSPC, "the disk is full (No space left on device): free some space"),
        (errno.EACCES, "you may not write there (Permission denied): choose a folder you may write to"),
        (errno.EROFS, "the folder is on a read-only file system: write to another folder"),
        (errno.ENOENT, "its folder does not exist: create the folder first"),
    ],
)
def test_a_failed_write_is_phrased_with_what_to_do_not_errno(number: int, words: str) -> None:
    """One helper phrases every write error both front ends show ("[Errno 21] Is a directory: '/tmp'" was
    printed as it was, s24 trial); the old file stays whole in every case (atomic writes)."""
    raw = OSError(number, os.strerror(number), "/tmp")
    assert write_failure_reason(raw).startswith(words)
    failed = WriteFailedError("/srv/set.pbn", raw)
    assert isinstance(failed, OSError) and failed.errno == number
    assert str(failed) == f"cannot write /srv/set.pbn: {failed.reason}" and "Errno" not in str(failed)


def test_an_unusual_write_error_keeps_the_systems_words() -> None:
    assert write_failure_reason(OSError(errno.EIO, "Input/output error")) == "Input/output error"
    assert write_failure_reason(OSError("standard output is closed")) == "standard output is closed"


def test_naming_write_errors_names_the_file_a_block_was_writing(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    with pytest.raises(WriteFailedError) as info, naming_write_errors(tmp_path / "d"):
        atomic_write(tmp_path / "d", b"x")
    assert info.value.path == str(tmp_path / "d") and info.value.errno == errno.EISDIR
