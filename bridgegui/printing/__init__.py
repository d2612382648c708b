"""Printing (QtGui, no widgets): bidding practice sheets and hand records on any paged paint device.

Two documents, both drawn by one renderer so that File → Print… (a ``QPrinter`` from the system dialog
and its preview), File → Export PDF… and ``bridgegui-deal --pdf`` give the same pages:

* **Practice sheets** (``render_practice_sheets``): one sheet per seat.  Each player's pages show only
  that player's hand for each board, with the board number, dealer and vulnerability and an empty
  auction grid (columns W N E S, the order club bidding slips use), so partners can bid at the table
  without seeing each other's cards.  ``pair=True`` prints one sheet per partnership instead, with both
  hands, for the review after bidding.  Every seat starts on a new page, so the pages can be handed out.
  Given a bidding ``system``, answer pages follow the sheets, one section per partnership: each
  board's auction as the system bids it, every call's explanation as a numbered note.
* **Hand records** (``render_hand_records``): all four hands of each board in the compass layout, with
  HCP, pattern, quick tricks and losing-trick count under each hand, 4 or 6 boards a page, and a header
  with the set's title, date and seed (house style: exported files record how to reproduce the set).
  Given a ``system``, the system's auction under each board with compact explanations; without one, the
  auction a board carries (a student's, or one read from a file) with its notes.  Auctions need room
  under the hands, so a page then holds 4 boards even when 6 were asked for.

Why Qt and not a PDF library: ``QPdfWriter`` and ``QPrinter`` are both ``QPagedPaintDevice``\\s, so
one drawing routine serves the printer and the PDF, and no dependency is added.  Layout is done in
points (1/72 inch) and converted to device pixels in one place (``canvas.Canvas``), because a ``QPrinter``
from the print dialog and a ``QPdfWriter`` have different resolutions; fonts are sized in points,
which Qt already maps to the device.  Sizes shrink to fit the page (A4 or Letter, any margins the
print dialog chose), so long suits are never clipped.

Hearts and diamonds are printed in a dark red that stays legible on a black-and-white printer; ten is
printed ``10`` (``AQ1074``), as bridge books and club hand records write it, not PBN's ``T``.

Boards with no deal (PBN games used for headings) are skipped, and a note on the first page names
them; a partly known deal prints the hands it has.  User-visible strings go through
``QCoreApplication.translate`` with the context ``"bridgegui.printing"``.

Only ``QtGui`` is used here (no widgets: ``ui/`` owns the dialogs).  ``write_*`` create an offscreen
``QGuiApplication`` when none exists, so the command line can write PDFs without a display, and
write each file with one atomic write (``bridgegui.files``), so a failure never leaves a truncated PDF.

Modules: ``words`` (translated text), ``canvas`` (drawing in points, the page frame, a hand),
``auctions`` (the four-column auction table and its notes), ``practice`` and ``records`` (the two
documents), ``answers`` (the practice sheets' answer pages), ``pdf`` (page sizes and the PDF writers).  Import the names
below from ``bridgegui.printing``.
"""

from __future__ import annotations

from bridgegui.printing.pdf import (
    MARGIN_MM,
    PAGE_SIZES,
    SHEET_KINDS,
    default_page_size,
    ensure_gui_application,
    write_hand_records,
    write_practice_sheets,
    write_sheets,
)
from bridgegui.printing.practice import AUCTION_ROWS, render_practice_sheets
from bridgegui.printing.records import render_hand_records

__all__ = [
    "AUCTION_ROWS",
    "MARGIN_MM",
    "PAGE_SIZES",
    "SHEET_KINDS",
    "default_page_size",
    "ensure_gui_application",
    "render_hand_records",
    "render_practice_sheets",
    "write_hand_records",
    "write_practice_sheets",
    "write_sheets",
]
