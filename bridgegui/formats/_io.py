"""``load`` and ``dump`` for the board-set formats, written once: a path or an open file, bytes or text.

Paths are written through ``bridgegui.files.atomic_write``, so a failed save leaves the old file whole.
"""

from __future__ import annotations

import io
import os
from typing import IO, cast

from bridgegui.files import BOARD_SET_LIMIT, atomic_write, read_user_bytes

Target = str | os.PathLike[str] | IO[bytes] | IO[str]


def read_data(fp_or_path: Target) -> bytes | str:
    """The contents of a path (bytes) or of an open file (whatever it gives).

    A path is read through ``read_user_bytes``: a FIFO, a device or a file over ``BOARD_SET_LIMIT``
    is refused (``FileRefusedError``) instead of blocking or filling the memory."""
    if hasattr(fp_or_path, "read"):
        return cast("IO[bytes] | IO[str]", fp_or_path).read()
    return read_user_bytes(cast("str | os.PathLike[str]", fp_or_path), limit_bytes=BOARD_SET_LIMIT, what="board set")


def read_text(fp_or_path: Target) -> str:
    """Text of a path or open file: UTF-8 (a BOM skipped), else Windows-1252 as older Windows programs wrote."""
    data = read_data(fp_or_path)
    if isinstance(data, str):
        return data
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def decode_text(data: bytes) -> str:
    """Text of a file that says nothing of its encoding: a BOM wins; else UTF-8; else Windows-1252.

    Windows programs that declare ISO-8859-1 still write its dashes and quotes in 0x80-0x9F, which
    Latin-1 leaves as control codes; the five bytes Windows-1252 leaves undefined are read as Latin-1.
    A UTF-16 BOM on bytes that are not UTF-16 raises ``UnicodeDecodeError`` (the caller says where).
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_bytes(fp_or_path: Target) -> bytes:
    """Bytes of a path or open file; a text file's string is encoded back as Latin-1 (byte for byte)."""
    data = read_data(fp_or_path)
    return data.encode("latin-1") if isinstance(data, str) else data


def write_data(data: bytes | str, fp_or_path: Target) -> None:
    """Write ``data`` to a path (atomically) or an open file; text goes to a binary file as UTF-8."""
    if not hasattr(fp_or_path, "write"):
        payload = data.encode("utf-8") if isinstance(data, str) else data
        atomic_write(cast("str | os.PathLike[str]", fp_or_path), payload)
        return
    if isinstance(fp_or_path, io.TextIOBase) or "b" not in str(getattr(fp_or_path, "mode", "b")):
        text = data if isinstance(data, str) else data.decode("latin-1")
        cast("IO[str]", fp_or_path).write(text)
    else:
        cast("IO[bytes]", fp_or_path).write(data.encode("utf-8") if isinstance(data, str) else data)
