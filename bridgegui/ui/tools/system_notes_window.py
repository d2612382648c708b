"""System Notes: the bidding system in use as a searchable tree, auctions → calls → meanings.

A teacher (or a student after a verdict) looks up what a call means without opening the system file:
the same outline the booklet prints (``engine.bidding.booklet``), as a tree of sections, auctions
("1NT – Pass – ?"), the calls in the order the system tries them, and under each call its
explanation, its extra condition, the other acceptable calls and the rule's ``file:line``.  The
filter keeps the auctions and calls whose text holds every word typed; suits may be typed as letters
("1nt p 2c" finds "1NT – Pass – 2♣"), as the bidding box's users think of them.

The window depends only on a ``System`` (``set_system``) and on nothing in the main window: the
window's part that knows which system is in use and which call was clicked is
``ui.mainwindow.system_notes``.

ObjectNames: the window ``systemNotes``, the filter ``systemNotesFilter``, the tree
``systemNotesTree``, the title ``systemNotesTitle`` and description ``systemNotesDescription``, the
count of calls shown ``systemNotesStatus``.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from bridgegui.engine.bidding import Call, Rule, System
from bridgegui.engine.bidding.booklet import Booklet, BookletCall, BookletSection, build_booklet

RULE_ROLE = Qt.ItemDataRole.UserRole + 1
"""A call item's data: the rule's index in ``System.rules``."""
KIND_ROLE = Qt.ItemDataRole.UserRole + 2
"""Every item's kind: ``"section"``, ``"auction"``, ``"call"`` or ``"detail"``."""

_SUIT_LETTERS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "–": " ", "—": " "})
_CALL_WORDS = ((re.compile(r"\bpass\b"), "p"), (re.compile(r"\brdbl\b"), "xx"), (re.compile(r"\bdbl\b"), "x"))


_CALL_TOKEN = re.compile(r"[1-7](?:c|d|h|s|n|nt)|p|x|xx")


def auction_query(text: str) -> str | None:
    """The calls of ``text`` as a search key when it is only calls (``"1nt p 2c"``), else None."""
    words = search_key(text).replace("?", " ").split()
    if not words or not all(_CALL_TOKEN.fullmatch(w) for w in words):
        return None
    return " ".join(w + "t" if w.endswith("n") and len(w) == 2 else w for w in words)


def search_key(text: str) -> str:
    """Text as the filter compares it: lower case, suits as letters, Pass/Dbl/Rdbl as P/X/XX."""
    key = text.lower().translate(_SUIT_LETTERS)
    for pattern, word in _CALL_WORDS:
        key = pattern.sub(word, key)
    return " ".join(key.split())


class SystemNotesWindow(QDialog):
    """The tree of one system; ``show_rule`` selects a rule's call, ``set_filter`` narrows the tree."""

    def __init__(self, parent: QWidget | None, system: System) -> None:
        super().__init__(parent)
        self.setObjectName("systemNotes")
        self.title = QLabel(self)
        self.title.setObjectName("systemNotesTitle")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        title_font = QFont(self.title.font())
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.2)
        self.title.setFont(title_font)
        self.description = QLabel(self)
        self.description.setObjectName("systemNotesDescription")
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setObjectName("systemNotesFilter")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setPlaceholderText(self.tr("Search auctions and meanings, e.g. 1nt p 2c or stayman"))
        self.filter_edit.textChanged.connect(self.set_filter)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("systemNotesTree")
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Auction / call"), self.tr("Meaning")])
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setStretchLastSection(True)
        self.tree.setAccessibleName(self.tr("System notes"))
        self.tree.itemExpanded.connect(self._add_details)
        self.status = QLabel(self)
        self.status.setObjectName("systemNotesStatus")
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.description)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.status)
        self.resize(820, 640)
        self.system: System | None = None
        self.booklet: Booklet | None = None
        self._call_items: dict[int, QTreeWidgetItem] = {}
        self._keys: dict[int, str] = {}  # id(item) -> its own search key (with its details), once asked
        self._key_texts: dict[int, str] = {}  # id(item) -> the text its key is made of, until then
        self._sequences: dict[int, str] = {}  # id(item) -> its auction's calls (and a call item's own)
        self._details: dict[int, list[tuple[str, str]]] = {}  # id(call item) -> details not yet made
        self._outline: list[tuple[QTreeWidgetItem, list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]]]] = []
        self.set_system(system)

    # -- building ----------------------------------------------------------------------------------

    def set_system(self, system: System) -> None:
        """Show ``system`` (a no-op when it is already shown); the filter stays as typed."""
        if system is self.system:
            return
        self.system = system
        self.booklet = build_booklet(system)
        self.setWindowTitle(self.tr("System Notes — {title}").format(title=self.booklet.title))
        self.title.setText(self.booklet.title or self.booklet.name)
        self.description.setText(self.booklet.description)
        self.description.setVisible(bool(self.booklet.description))
        self.tree.clear()
        self._call_items.clear()
        self._keys.clear()
        self._key_texts.clear()
        self._sequences.clear()
        self._details.clear()
        self._outline.clear()
        bold = QFont(self.tree.font())
        bold.setBold(True)
        # The items are made outside the tree and put in at once, and spanning is set after that (the
        # view lays out its pending items at each call): made one by one in the tree, the items of a
        # whole system took seconds.
        sections: list[QTreeWidgetItem] = []
        spanned: list[QTreeWidgetItem] = []
        for section in self.booklet.sections:
            section_item = QTreeWidgetItem([self.section_title(section), ""])
            sections.append(section_item)
            section_item.setData(0, KIND_ROLE, "section")
            section_item.setFont(0, bold)
            spanned.append(section_item)
            auction_items: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
            self._outline.append((section_item, auction_items))
            for auction in section.auctions:
                heading = auction.heading if auction.tokens != () else self.tr("First to bid: ?")
                auction_item = QTreeWidgetItem(section_item, [heading, ""])
                auction_item.setData(0, KIND_ROLE, "auction")
                spanned.append(auction_item)
                auction_item.setToolTip(0, self.tr("after {pattern}").format(pattern=auction.pattern))
                self._key_texts[id(auction_item)] = heading + " " + auction.pattern
                calls_key = search_key(auction.heading).removesuffix("?").strip()
                self._sequences[id(auction_item)] = calls_key
                call_items: list[QTreeWidgetItem] = []
                auction_items.append((auction_item, call_items))
                for entry in auction.calls:
                    item = self._add_call(auction_item, entry)
                    call_items.append(item)
                    self._sequences[id(item)] = f"{calls_key} {search_key(entry.call.symbol())}".strip()
        self.tree.addTopLevelItems(sections)
        for item in spanned:
            item.setFirstColumnSpanned(True)
        self.tree.resizeColumnToContents(0)
        self.tree.setColumnWidth(0, min(max(self.tree.columnWidth(0), 160), 320))
        self.set_filter(self.filter_edit.text())

    def section_title(self, section: BookletSection) -> str:
        if section.kind == "openings":
            return self.tr("Opening bids")
        if section.kind == "others":
            return self.tr("Other auctions")
        assert section.opening is not None
        call = section.opening.symbol()
        if section.ours:
            return self.tr("Our {call} opening").format(call=call)
        return self.tr("Their {call} opening").format(call=call)

    def _add_call(self, parent: QTreeWidgetItem, entry: BookletCall) -> QTreeWidgetItem:
        meaning = entry.meaning or self.tr("(any hand)")
        if entry.catch_all:
            meaning = self.tr("Not covered: {meaning}").format(meaning=meaning)
        item = QTreeWidgetItem(parent, [entry.call.symbol(), meaning])
        item.setData(0, KIND_ROLE, "call")
        item.setData(0, RULE_ROLE, entry.rule.index)
        if entry.catch_all:
            grey = QBrush(self.palette().placeholderText())
            item.setForeground(0, grey)
            item.setForeground(1, grey)
        details: list[tuple[str, str]] = []
        if entry.where:
            details.append((self.tr("Where"), entry.where))
        details.append((self.tr("Explanation"), entry.rule.explanation))
        details += [
            (self.tr("Also {call}").format(call=alternative.call.symbol()), alternative.reason)
            for alternative in entry.alternatives
        ]
        details.append((self.tr("Rule"), entry.place))
        # Made when the call is first opened (``_add_details``): four items a call, some 90,000 for a
        # whole system, made up most of the time the window took to open.
        self._details[id(item)] = details
        item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        item.setToolTip(1, entry.rule.explanation)
        self._call_items[entry.rule.index] = item
        self._key_texts[id(item)] = " ".join(
            [entry.call.symbol(), meaning, *(f"{label} {text}" for label, text in details)]
        )
        return item

    def _key(self, item: QTreeWidgetItem) -> str:
        """``item``'s search key, made the first time a filter asks (the keys of a whole system took a
        second to make, and most windows are opened to read, not to search)."""
        key = self._keys.get(id(item))
        if key is None:
            key = self._keys[id(item)] = search_key(self._key_texts.pop(id(item)))
        return key

    def _add_details(self, item: QTreeWidgetItem) -> None:
        """A call's details (where, explanation, alternatives, the rule's place), the first time it opens."""
        details = self._details.pop(id(item), None)
        if details is None:
            return
        for label, text in details:
            detail = QTreeWidgetItem(item, [label, text])
            detail.setData(0, KIND_ROLE, "detail")
            detail.setToolTip(1, text)

    # -- searching and showing ---------------------------------------------------------------------

    def set_filter(self, text: str) -> None:
        """Keep the auctions and calls whose text holds every word of ``text`` (all when empty); text
        that is only calls (``1nt p 2c``) keeps the auctions that start with them and the calls that
        continue them.

        An auction that matches keeps all its calls; a call that matches keeps its auction and section.
        """
        if self.filter_edit.text() != text:
            self.filter_edit.setText(text)  # comes back here through textChanged
            return
        calls = auction_query(text)
        words = search_key(text).split()

        def matches(item: QTreeWidgetItem, *keyed: QTreeWidgetItem) -> bool:
            """Whether ``item`` is kept: by its calls, or by the words in the keys of ``keyed``."""
            if calls is not None:
                sequence = self._sequences[id(item)]
                return sequence == calls or sequence.startswith(calls + " ")
            if not words:
                return True
            key = " ".join(self._key(k) for k in keyed)
            return all(w in key for w in words)

        shown_calls = 0
        for section, auctions in self._outline:
            section_shown = False
            for auction, calls_of in auctions:
                auction_matches = matches(auction, auction)
                auction_shown = False
                for call in calls_of:
                    shown = auction_matches or matches(call, auction, call)
                    call.setHidden(not shown)
                    auction_shown |= shown
                    shown_calls += shown
                auction.setHidden(not auction_shown)
                auction.setExpanded(bool(words) and auction_shown and not auction_matches)
                section_shown |= auction_shown
            section.setHidden(not section_shown)
            section.setExpanded(bool(words) and section_shown)
        total = len(self._call_items)
        if words:
            self.status.setText(self.tr("{shown} of {total} calls match").format(shown=shown_calls, total=total))
        else:
            self.status.setText(self.tr("{total} calls").format(total=total))

    def item_for(self, rule: Rule) -> QTreeWidgetItem | None:
        """The tree item of ``rule``'s call (None when the rule is not this system's)."""
        return self._call_items.get(rule.index) if self.system is not None and rule.index >= 0 else None

    def show_rule(self, rule: Rule | None) -> bool:
        """Select ``rule``'s call, its auction opened, clearing a filter that hides it; False when the
        rule is not in the tree (None: the system passed because nothing fitted)."""
        if rule is None or self.system is None:
            return False
        if rule.index >= len(self.system.rules) or self.system.rules[rule.index].line != rule.line:
            return False
        item = self._call_items.get(rule.index)
        if item is None:
            return False
        if not self._is_shown(item):
            self.set_filter("")
        parent = item.parent()
        while parent is not None:
            parent.setExpanded(True)
            parent = parent.parent()
        item.setExpanded(True)
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item, QTreeWidget.ScrollHint.PositionAtCenter)
        return True

    @staticmethod
    def _is_shown(item: QTreeWidgetItem) -> bool:
        """Whether the filter leaves ``item`` and every item above it in the tree."""
        current: QTreeWidgetItem | None = item
        while current is not None:
            if current.isHidden():
                return False
            current = current.parent()
        return True

    def current_rule(self) -> Rule | None:
        """The rule of the selected call (or of the call whose detail is selected)."""
        item = self.tree.currentItem()
        while item is not None and item.data(0, KIND_ROLE) == "detail":
            item = item.parent()
        if item is None or item.data(0, KIND_ROLE) != "call" or self.system is None:
            return None
        return self.system.rules[int(item.data(0, RULE_ROLE))]

    def visible_calls(self) -> list[Call]:
        """The calls the tree shows now, in order (for tests and the status line)."""
        calls: list[Call] = []
        for index, item in self._call_items.items():
            if self._is_shown(item) and self.system is not None:
                calls.append(self.system.rules[index].call)
        return calls


__all__ = ["KIND_ROLE", "RULE_ROLE", "SystemNotesWindow", "auction_query", "search_key"]
