"""PBN written batch by batch from the engine's mask arrays: ``begin``, ``write_batch``, ``end``.

The streaming protocol of ``bridgegui.formats.registry`` (memory for one batch, whatever the set's size):
a set is ``begin(info) + write_batch(batch_1, first_1, info) + ... + end(info)``, where ``info`` is a
``registry.SetInfo`` (generator, seed, notes, total, fixed dealer or vulnerability).  The result is
byte for byte ``pbn.dumps`` of the same boards (``boards_from_batch`` numbering, Law 2 dealer and
vulnerability unless ``info`` fixes them, ``Generator``/``GeneratorSeed`` tags, notes as ``%``
lines): the golden tests compare the two over many seeds and board numbers.

Why a second writer: ``dumps`` builds a ``Board`` per deal, puts it in export form and writes it
tag by tag, which is right for boards read from files (comments, sections, any tags) and far too
slow for a freshly dealt set of 100,000 boards.  A dealt board has nothing but its number and its
deal, so every game is the same template with four holes (number, dealer, vulnerability, deal),
filled for a whole batch at once by ``batch_text``.

Stateless: no call depends on an earlier one, so batches may be written as they are dealt.  Games
are separated by a blank line and the document ends with CRLF, as ``dumps`` writes it: ``begin``
stops before the line end of its last header line, each game starts with that line end and ends
with its own, and ``end`` adds the final one only to an empty set (``info.total == 0``).
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.cards import SEATS
from bridgegui.formats import batch_text as bt

__all__ = ["begin", "end", "write_batch"]

_CRLF = "\r\n"
_DEALT_FIRST = '[Event ""]\r\n[Site ""]\r\n[Date ""]\r\n[Board "'
_DEALT_SEATS = '"]\r\n[West ""]\r\n[North ""]\r\n[East ""]\r\n[South ""]\r\n[Dealer "'
_DEALT_LAST = '"]\r\n[Scoring ""]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]'


def _escape(value: str) -> str:
    """A tag value as ``pbn.dumps`` writes it; ``pbn`` (its reader's patterns and all) is loaded only
    for a value that needs escaping, never for ours (``bridgegui 0.1.0``): start-up time."""
    if '"' not in value and "\\" not in value and not value.startswith("#"):
        return value
    from bridgegui.formats.pbn import _escape as escape  # one escaping rule for both writers

    return escape(value)


def _tail(info: bt.SetHeader) -> str:
    """The supplemental tags every dealt game carries, sorted by name as export format wants."""
    tail = ""
    if info.generator:
        tail += f'{_CRLF}[Generator "{_escape(info.generator)}"]'
    if info.seed is not None:
        tail += f'{_CRLF}[GeneratorSeed "{info.seed}"]'
    return tail


def begin(info: bt.SetHeader) -> str:
    """``% PBN 2.1``, ``% EXPORT``, the notes as ``%`` lines; no line end after the last (see the module docstring)."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for entry in info.notes:
        lines.extend(f"% {part}".rstrip() for part in entry.splitlines() or [""])
    if not _tail(info).isascii() or not all(line.isascii() for line in lines):
        lines.append("%Content-type: text/x-pbn; charset=UTF-8")
    return _CRLF.join(lines)


def write_batch(masks: np.ndarray, first_number: int, info: bt.SetHeader) -> str:
    """The games of an ``(n, 4)`` batch of deals numbered ``first_number``, ``first_number + 1``, …"""
    masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
    n = masks.shape[0]
    if n == 0:
        return ""
    numbers, dealers, vulnerabilities = bt.set_columns(first_number, n, info.dealer, info.vulnerable)
    dtype = np.uint8
    deal = bt.deal_codes(bt.rotate_to(masks, dealers))
    seat = bt.choice_field(dealers, SEATS, dtype)
    fields: list[bt.Field] = [_CRLF + _DEALT_FIRST, bt.number_field(numbers, dtype), _DEALT_SEATS, seat]
    fields += ['"]\r\n[Vulnerable "', bt.choice_field(vulnerabilities, bt.VULNERABILITIES, dtype), '"]\r\n[Deal "']
    fields += [seat, ":", deal, _DEALT_LAST + _tail(info) + _CRLF]
    return bt.decode(bt.join_fields(fields, n, dtype))


def end(info: bt.SetHeader) -> str:
    """The document's last line end when no game was written (``info.total == 0``); else nothing."""
    return _CRLF if info.total == 0 else ""
