"""The system booklet: a bidding system printed as the notes a teacher hands out.

The content is the booklet outline (``engine.bidding.booklet``): a title page with the system's
title and description and the list of sections, then one section per opening, each auction a
heading ("1NT – Pass – ?") over a two-column table of the calls in the order the system tries them,
each with its meaning in words, the teaching note, the other acceptable calls and a "not covered"
mark on catch-all rules.

Why a ``QTextDocument``: a booklet is flowing text that breaks across pages wherever it falls, which
is what a text document lays out (tables split between rows, headings kept with what follows them
by the layout), whereas the sheets and records are fixed blocks drawn on a canvas.  The document is
laid out for the device (its resolution) and drawn one page at a time under a footer with the page
number, so the title page and the footer are ours and the rest is Qt's pagination.  Text is at
least 10 points, readable when photocopied; hearts and diamonds are printed in the sheets' dark red.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QRectF, QSizeF
from PySide6.QtGui import QFont, QPagedPaintDevice, QPageSize, QPainter, QTextDocument

from bridgegui import APP_NAME, __version__
from bridgegui.engine.bidding.booklet import Booklet, BookletAuction, BookletCall, BookletSection
from bridgegui.printing.canvas import GREY, RED, Canvas, point_font
from bridgegui.printing.pdf import _write_pdf
from bridgegui.printing.words import call_text, page_text

BODY_POINTS = 10.5
"""The body text size: comfortably readable on paper and on a photocopy."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("bridgegui.printing", text)


def _escaped(text: str) -> str:
    """Text as HTML, with the red suits in the sheets' dark red."""
    out = html.escape(text)
    red = RED.name()
    for suit in ("♥", "♦"):
        out = out.replace(suit, f'<span style="color:{red}">{suit}</span>')
    return out


def section_title(section: BookletSection) -> str:
    """A section's title, translated: the opening bids, our or their opening call, other auctions."""
    if section.kind == "openings":
        return _tr("Opening bids")
    if section.kind == "others":
        return _tr("Other auctions")
    assert section.opening is not None
    call = call_text(section.opening)
    if section.ours:
        return _tr("Our {call} opening").format(call=call)
    return _tr("Their {call} opening").format(call=call)


def _call_cell(entry: BookletCall) -> str:
    """The description cell of one call: meaning, condition, note, alternatives, catch-all mark."""
    grey = GREY.name()
    parts: list[str] = []
    if entry.catch_all:
        parts.append(f'<span style="color:{grey}"><b>{html.escape(_tr("Not covered:"))}</b></span> ')
    if entry.meaning:
        parts.append(f"<b>{_escaped(entry.meaning)}</b>")
    if entry.where:
        parts.append(" " + _escaped(_tr("where {condition}").format(condition=entry.where)))
    if entry.note:
        parts.append(("<br>" if entry.meaning or entry.where else "") + f"<i>{_escaped(entry.note)}</i>")
    for alternative in entry.alternatives:
        also = _tr("Also {call}:").format(call=call_text(alternative.call))
        parts.append(f"<br>{_escaped(also)} {_escaped(alternative.reason)}")
    return "".join(parts)


def booklet_html(booklet: Booklet) -> str:
    """The whole booklet as rich text (title page first): the parts ``render_booklet`` lays out one
    by one, joined."""
    return _html([_title_html(booklet), *(_section_html(s, s.auctions, True, True) for s in booklet.sections)])


def _html(parts: list[str]) -> str:
    return "".join(["<html><body>", *parts, "</body></html>"])


def _title_html(booklet: Booklet) -> str:
    grey = GREY.name()
    out = [f'<p style="font-size:26pt; font-weight:bold; margin-top:120px">{_escaped(booklet.title)}</p>']
    if booklet.description:
        out.append(f'<p style="font-size:13pt">{_escaped(booklet.description)}</p>')
    out.append(f'<p style="margin-top:24px; font-size:14pt; font-weight:bold">{html.escape(_tr("Contents"))}</p><ul>')
    out += [f"<li>{_escaped(section_title(s))}</li>" for s in booklet.sections]
    out.append("</ul>")
    made = _tr("From {source}, printed by {app} {version}. Each call lists its meaning, then the teaching note.")
    out.append(
        f'<p style="color:{grey}; font-size:9pt">'
        f"{html.escape(made.format(source=booklet.source, app=APP_NAME, version=__version__))}</p>"
    )
    return "".join(out)


def _section_html(
    section: BookletSection, auctions: Sequence[BookletAuction], titled: bool, new_page: bool = False
) -> str:
    """A section's auctions (``titled``: under the section's title, ``new_page``: which starts a page;
    a document of its own starts one anyway)."""
    out = []
    if titled:
        page_break = "page-break-before:always; " if new_page else ""
        out.append(f'<h1 style="{page_break}font-size:18pt">{_escaped(section_title(section))}</h1>')
    for auction in auctions:
        heading = auction.heading if auction.tokens != () else _tr("First to bid (passes before do not matter): ?")
        out.append(f'<h3 style="font-size:12.5pt; margin-top:14px">{_escaped(heading)}</h3>')
        out.append('<table width="100%" cellspacing="0" cellpadding="3">')
        for entry in auction.calls:
            out.append(
                f'<tr><td width="11%" valign="top"><b>{_escaped(call_text(entry.call))}</b></td>'
                f'<td valign="top">{_call_cell(entry)}</td></tr>'
            )
        out.append("</table>")
    return "".join(out)


MAX_DOCUMENT_HEIGHT = 2**22
"""Device pixels of text one ``QTextDocument`` is given to lay out.  Qt's text layout stops near 2**23
(about 660 pages at a PDF writer's 1,200 dpi) and silently drops every page after: a long system's
booklet is laid out a section at a time, and a section longer than this in parts."""


def _documents(booklet: Booklet, device: QPagedPaintDevice, page: QSizeF) -> list[QTextDocument]:
    """The booklet as documents laid out one after another, each starting on a new page: the title
    page, then each section, a long one halved until every part fits ``MAX_DOCUMENT_HEIGHT``."""

    def laid_out(body: str) -> QTextDocument:
        document = QTextDocument()
        document.documentLayout().setPaintDevice(device)
        document.setDefaultFont(QFont(point_font(BODY_POINTS)))
        document.setDocumentMargin(0)
        document.setPageSize(page)
        document.setHtml(_html([body]))
        return document

    documents = [laid_out(_title_html(booklet))]
    for section in booklet.sections:
        pending = [(list(section.auctions), True)]
        while pending:
            auctions, titled = pending.pop(0)
            document = laid_out(_section_html(section, auctions, titled))
            if document.pageCount() * page.height() > MAX_DOCUMENT_HEIGHT and len(auctions) > 1:
                half = len(auctions) // 2
                pending[:0] = [(auctions[:half], titled), (auctions[half:], False)]
                continue
            documents.append(document)
    return documents


def render_booklet(device: QPagedPaintDevice, booklet: Booklet) -> int:
    """Draw the booklet on ``device`` (a PDF writer or printer); return the number of pages.

    Every page but the title page carries a footer: the system's title and "page N of M".
    """
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(_tr("cannot print to this device or file"))
    try:
        canvas = Canvas(device, painter)
        footer_font = point_font(8)
        footer = canvas.line_height(footer_font) + 6
        page_w = canvas.width * canvas.scale
        page_h = (canvas.height - footer) * canvas.scale
        documents = _documents(booklet, device, QSizeF(page_w, page_h))
        pages = sum(document.pageCount() for document in documents)
        number = 0
        for document in documents:
            for page in range(document.pageCount()):
                if number:
                    device.newPage()
                painter.save()
                painter.translate(0, -page * page_h)
                document.drawContents(painter, QRectF(0, page * page_h, page_w, page_h))
                painter.restore()
                if number:
                    top = canvas.height - canvas.line_height(footer_font)
                    canvas.text(0, top, booklet.title, footer_font, GREY)
                    canvas.text(
                        0, top, page_text(number + 1, pages), footer_font, GREY, align="right", width=canvas.width
                    )
                number += 1
        return pages
    finally:
        painter.end()


def write_booklet_pdf(
    booklet: Booklet, path: str | os.PathLike[str], *, page_size: str | QPageSize | None = None
) -> int:
    """Write the booklet to the PDF file ``path`` in one atomic write; return the page count."""
    return _write_pdf(path, booklet.title, page_size, lambda device: render_booklet(device, booklet))


__all__ = ["BODY_POINTS", "MAX_DOCUMENT_HEIGHT", "booklet_html", "render_booklet", "section_title", "write_booklet_pdf"]
