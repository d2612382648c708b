"""Every board-set format in the window's Open and Save As: filters, choice, and what is lost.

The formats themselves, and what each can hold, live in ``bridgegui.formats.registry``; this module
turns them into the window's choices and questions, so a new format there appears here unchanged:

* **Open** offers "All board sets" (every readable format) first, then one filter per format, then
  "All files".  A file opens by its extension; a file whose extension names no format is sniffed
  (LIN's ``xx|`` items, else PBN, which is what the window always opened).
* **Save As** offers every format, PBN first (the only one that keeps everything, constraints
  included).  A typed extension chooses the format, else the chosen filter does.  Text diagrams
  cannot be read back, so saving them is an *export*: the file is written, and the set stays
  attached to its own file, saved or not as before.
* **Save** of a set whose file is not PBN writes that format again when it holds the whole set;
  otherwise it asks (Save As), so Ctrl+S never writes PBN into a ``.dup`` file, nor drops an
  auction without saying so.
* Saving a format that cannot hold something says what is dropped (``registry.what_is_dropped``)
  and asks first; more boards than DUP or DLM hold (99), or a board without a full deal, is an
  error and nothing is written.  A set dealt to constraints is written with ``practice=True``, so
  the formats with a header say it is a practice set (the Laws of Duplicate Bridge, Law 6E3).

The document (``document.BoardSetDocument``) calls these and keeps the hooks tests replace
(``confirm_dropping``, ``ask_save_path``, ``ask_open_path``).
"""

from __future__ import annotations

import logging
import re
import typing
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from bridgegui.engine.boards import Board
from bridgegui.engine.errors import BridgeError
from bridgegui.files import BOARD_SET_LIMIT, read_user_bytes, write_failure_reason
from bridgegui.formats import registry
from bridgegui.formats.registry import FORMATS, BoardFormat, SetInfo
from bridgegui.ui.mainwindow.session import Messages


class SetDocument(typing.Protocol):
    """What saving in another format needs of the board-set document (``document.BoardSetDocument``)."""

    request_text: str
    messages: Messages

    def boards(self) -> list[Board]: ...

    def save_file_as(self, *, then: Callable[[], object] | None = None, analyse: bool | None = None) -> bool: ...

    def confirm_dropping(self, name: str, fmt: BoardFormat, dropped: list[str], then: Callable[[], object]) -> None: ...

    def mark_written(self, target: Path) -> None: ...


log = logging.getLogger(__name__)

PBN = FORMATS["pbn"]
_CONTEXT = "BoardSetDocument"
_LIN_START = re.compile(rb"^\s*(?:qx|pn|md|st|ah|rh|vg|mb|sv|pg|nt|an)\|", re.IGNORECASE)


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


# -- filters -------------------------------------------------------------------------------------------


def open_filters() -> list[str]:
    """Open's filters: every readable format at once, then each one, then every file."""
    readable = [fmt for fmt in FORMATS.values() if fmt.readable]
    patterns = " ".join("*" + ext for fmt in readable for ext in fmt.extensions)
    return [f"{_tr('All board sets')} ({patterns})", *(fmt.filter for fmt in readable), _tr("All files (*)")]


def save_filter(fmt: BoardFormat) -> str:
    """Save As's filter for ``fmt``; a format that cannot be read back says so, for it is only an export."""
    if fmt.readable:
        return fmt.filter
    patterns = " ".join("*" + ext for ext in fmt.extensions)
    return _tr("{title}, export only: cannot be opened again").format(title=fmt.title) + f" ({patterns})"


def save_filters() -> list[str]:
    """Save As's filters, one per format, PBN first (``FORMATS`` keeps that order)."""
    return [save_filter(fmt) for fmt in FORMATS.values()]


# -- which format ---------------------------------------------------------------------------------------


def format_for_save(path: str, selected_filter: str) -> tuple[Path, BoardFormat]:
    """The file and format Save As writes: a typed extension chooses, else the selected filter (adding its extension)."""
    typed = registry.for_path(path)
    if typed is not None:
        return Path(path), typed
    chosen = next((fmt for fmt in FORMATS.values() if save_filter(fmt) == selected_filter), PBN)
    return Path(path + chosen.extensions[0]), chosen


def sniff(data: bytes) -> BoardFormat:
    """The format of a file whose extension names none: LIN when it starts with a LIN item, else PBN."""
    return FORMATS["lin"] if _LIN_START.match(data[:4096]) else PBN


def read_set(path: Path) -> tuple[list[Board], BoardFormat]:
    """The boards of ``path`` and the format they were read in; ``OSError`` or ``BridgeError`` if unreadable."""
    data = read_user_bytes(path, limit_bytes=BOARD_SET_LIMIT, what="board set")  # a FIFO must not hang the window
    fmt = registry.for_path(path) or sniff(data)
    return registry.loads(fmt, data), fmt


def is_constrained(request_text: str) -> bool:
    """Whether a set was dealt to constraints (anything but "no constraints"): Law 6E3's practice sets."""
    return request_text.strip().lower() not in ("", "no constraints")


def set_info(request_text: str) -> SetInfo:
    """The header of a non-PBN file: the program, and the practice note for a constrained set (Law 6E3)."""
    from bridgegui.formats.pbn import GENERATOR

    return SetInfo(generator=GENERATOR, practice=is_constrained(request_text))


def blocking_problem(fmt: BoardFormat, boards: Sequence[Board]) -> str:
    """Why ``boards`` cannot be written in ``fmt`` at all ("" when they can): too many boards, or a partial deal."""
    if fmt.max_boards is not None and len(boards) > fmt.max_boards:
        return _tr(
            "{title} files hold at most {limit} boards, and this set has {n}. Nothing was written: "
            "save the set as PBN, or delete boards first."
        ).format(title=fmt.title, limit=fmt.max_boards, n=len(boards))
    if fmt.name not in ("pbn", "text"):
        partial = [k for k, b in enumerate(boards, 1) if b.deal is None or not b.deal.is_complete]
        if partial:
            label = boards[partial[0] - 1].label or str(partial[0])
            return _tr(
                "{title} files hold only full deals, and board {board} is not complete. Nothing was written."
            ).format(title=fmt.title, board=label)
    return ""


# -- questions -----------------------------------------------------------------------------------------


def ask_dropping(
    parent: QWidget, name: str, fmt: BoardFormat, dropped: Sequence[str], then: Callable[[], object]
) -> None:
    """Ask (Save / Cancel, not blocking) whether to write ``name`` without what ``fmt`` cannot hold."""
    buttons = QMessageBox.StandardButton
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        _tr("Save as {title}").format(title=fmt.title),
        dropping_text(name, fmt, dropped),
        buttons.Save | buttons.Cancel,
        parent,
    )
    box.setObjectName("dropWhenSavingDialog")
    box.setDefaultButton(buttons.Cancel)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.finished.connect(lambda _r: then() if box.standardButton(box.clickedButton()) == buttons.Save else None)
    box.open()


def dropping_text(name: str, fmt: BoardFormat, dropped: Sequence[str]) -> str:
    """The question's text: what ``fmt`` cannot hold, one item a line, and that the set itself keeps it."""
    return _tr(
        "{title} files cannot hold everything in this set. Saving {file} leaves out:\n\n{items}\n\n"
        "The boards in the window keep everything; save as PBN to keep everything in the file too."
    ).format(title=fmt.title, file=name, items="\n".join("• " + item for item in dropped))


# -- saving ----------------------------------------------------------------------------------------------


def save_in_format(
    document: SetDocument,
    target: Path,
    fmt: BoardFormat,
    *,
    then: Callable[[], object] | None,
    resave: bool,
) -> bool:
    """Save the set in a format other than PBN; True when written now (then ``then`` is the caller's to run).

    ``resave`` is Save (Ctrl+S) to the set's own file: when that format cannot hold the whole set,
    Save As opens instead of dropping anything silently.  Otherwise a format that drops something
    asks first; when the user agrees, the file is written and ``then`` runs.
    """
    boards = document.boards()
    problem = blocking_problem(fmt, boards)
    if problem:
        document.messages.show_error(_tr("Cannot Save"), problem)
        return False
    dropped = registry.what_is_dropped(fmt, boards)
    if resave and (dropped or not fmt.readable):
        document.messages.status(
            _tr("{file} cannot hold everything in the set: choose a file and format to save it in.").format(
                file=target.name
            ),
            15_000,
        )
        return document.save_file_as(then=then)
    if dropped:

        def agreed() -> None:
            if write_in_format(document, target, fmt) and then is not None:
                then()

        document.confirm_dropping(target.name, fmt, dropped, agreed)
        return False
    return write_in_format(document, target, fmt)


def write_in_format(document: SetDocument, target: Path, fmt: BoardFormat) -> bool:
    """Write the set to ``target`` in ``fmt`` (atomically); a text export leaves the set's own file as it was."""
    boards = document.boards()
    try:
        registry.dump(fmt, boards, target, set_info(document.request_text))
    except OSError as exc:
        document.messages.show_error(
            _tr("Cannot Save"), _tr("Could not save {file}: {e}.").format(file=target, e=write_failure_reason(exc))
        )
        return False
    except BridgeError as exc:
        document.messages.show_error(
            _tr("Cannot Save"), _tr("{file} was not written: {e}").format(file=target.name, e=exc)
        )
        return False
    if not fmt.readable:
        document.messages.status(
            _tr("Exported {file} ({title}). A text file cannot be opened again: the set itself is not saved.").format(
                file=target.name, title=fmt.title
            ),
            15_000,
        )
        return True
    document.mark_written(target)
    # Short lines: the status bar shows about ninety characters beside the deal number.
    if not is_constrained(document.request_text):
        message = _tr("Saved {file}.")
    elif fmt.name == "dlm":
        message = _tr("Saved {file}; its header says it is a practice set (Law 6E3).")
    elif fmt.name in ("dup", "bri", "dge"):
        message = _tr("Saved {file}. The format cannot mark a practice set (Law 6E3): say so in its name.")
    else:
        message = _tr("Saved {file}. Only PBN files keep the constraints it was dealt with.")
    document.messages.status(message.format(file=target.name), 15_000)
    return True


def opened_message(name: str, fmt: BoardFormat, count: int, boards: Sequence[Board] = ()) -> str:
    """The status line after opening a file: a file other than PBN carries no constraints, so say so;
    a board whose auction is not legal (kept as written, but no auction can be shown) is named."""
    text = _tr("Opened {file}: {n} boards.").format(file=name, n=count)
    if fmt.name != "pbn":
        text += " " + _tr("Only PBN files keep constraints: the editors are unchanged.")
    bad = illegal_auctions(boards)
    if bad:
        text += " " + _tr("The auction of {first} is not legal ({why}); it is kept as written.").format(
            first=bad[0][0], why=bad[0][1]
        )
        if len(bad) > 1:
            text += " " + _tr("{k} more boards have an auction that is not legal.").format(k=len(bad) - 1)
    return text


def illegal_auctions(boards: Sequence[Board]) -> list[tuple[str, str]]:
    """``(board, why)`` for each board whose auction section cannot be read as a legal auction
    (the engine's ``AuctionError``, which names the board)."""
    bad = []
    for board in boards:
        try:
            _ = board.auction  # the property reads the section: AuctionError when it is not legal
        except BridgeError as exc:
            message = str(exc)
            where, _sep, why = message.partition(": ")
            bad.append((where.split(",")[0], why or message))
    return bad


__all__ = [
    "PBN",
    "ask_dropping",
    "blocking_problem",
    "dropping_text",
    "format_for_save",
    "illegal_auctions",
    "is_constrained",
    "open_filters",
    "opened_message",
    "read_set",
    "save_filter",
    "save_filters",
    "save_in_format",
    "set_info",
    "sniff",
    "write_in_format",
]
