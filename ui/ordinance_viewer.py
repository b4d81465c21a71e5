"""The ordinance viewer: Chapter 506 with a table of contents, search, and citation links.

Findings everywhere in Clerk Desk cite a paragraph of the ordinance ("§ 506-7 (Frozen ground)").
The clerk must be able to read that paragraph in one click while a person waits at the counter,
so this widget opens at a citation, searches as you type, and works from the keyboard alone.
It only shows text: the parsing and citation rules live in ``clerk_desk.ordinance``.

Making citations clickable in another tab::

    label = QLabel(f"{html.escape(finding.text)} {cite_html(finding.cite)}")
    connect_cite_label(label, viewer)        # or, to bring the ordinance tab forward first:
    label.linkActivated.connect(lambda url: show_ordinance_tab() and handle_cite_link(url, viewer))

``linkify_cites(text)`` turns every citation inside a free text into such a link.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QKeySequence,
    QPalette,
    QShortcut,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTextEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.ordinance import (
    Chapter,
    Location,
    Paragraph,
    find_cite_spans,
    load_chapter,
)
from ui.kit.style import (
    BAD,
    CAUTION_BACKGROUND,
    CAUTION_BORDER,
    CURRENT_MATCH_BACKGROUND,
    DIMMED,
    HEADING_TEXT,
    INK,
    MATCH_BACKGROUND,
    NOTE_IN_TEXT,
    PARAGRAPH_BACKGROUND,
    PLAIN_BACKGROUND,
    text_sheet,
)

__all__ = [
    "CITE_SCHEME",
    "OrdinanceViewer",
    "cite_from_url",
    "cite_html",
    "cite_url",
    "connect_cite_label",
    "handle_cite_link",
    "linkify_cites",
]

CITE_SCHEME = "cite"
"""URL scheme of citation links: ``cite:<percent-encoded citation>``."""

_SEARCH_DELAY_MS = 150  # long enough not to search on every keystroke of a fast typist
_MAX_HIGHLIGHTS = 2000  # a one-letter query would otherwise paint thousands of selections
_INDENT_PX = 24
_MATCH_COLOUR = QColor(MATCH_BACKGROUND)
_CURRENT_MATCH_COLOUR = QColor(CURRENT_MATCH_BACKGROUND)
_PARAGRAPH_COLOUR = QColor(PARAGRAPH_BACKGROUND)
_OPENED_COLOUR = QColor(PLAIN_BACKGROUND)
_CITE_ROLE = Qt.ItemDataRole.UserRole
_FOOTNOTE_MARK = re.compile(r"\[\d+\]")
_SUBSECTION = re.compile(r"\bSubsection (?P<letter>[A-Z])\b")


# --------------------------------------------------------------------------------------------
# Citation links, for every tab that shows findings
# --------------------------------------------------------------------------------------------


def cite_url(cite: str) -> str:
    """The link target for a citation: ``cite:`` and the citation, percent-encoded."""
    return f"{CITE_SCHEME}:{quote(cite, safe='')}"


def cite_html(cite: str, text: str | None = None) -> str:
    """An HTML anchor that opens ``cite`` in the viewer; shows ``text`` (default: the cite)."""
    return f'<a href="{cite_url(cite)}">{html.escape(text if text is not None else cite)}</a>'


def cite_from_url(url: QUrl | str) -> str | None:
    """The citation a ``cite:`` link names, or None for any other link."""
    if isinstance(url, QUrl):
        if url.scheme() != CITE_SCHEME:
            return None
        return url.path(QUrl.ComponentFormattingOption.FullyDecoded)
    prefix = f"{CITE_SCHEME}:"
    return unquote(url[len(prefix) :]) if url.startswith(prefix) else None


def handle_cite_link(url: QUrl | str, viewer: OrdinanceViewer) -> bool:
    """Open the citation of a ``cite:`` link in ``viewer``; False if it is not one or unknown.

    Connect it to ``QLabel.linkActivated`` (``str``) or ``QTextBrowser.anchorClicked``
    (``QUrl``); both work.
    """
    cite = cite_from_url(url)
    return viewer.open_at(cite) if cite is not None else False


def connect_cite_label(label: QLabel, viewer: OrdinanceViewer) -> None:
    """Make the ``cite:`` links in ``label`` open in ``viewer`` (and never in a web browser)."""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.linkActivated.connect(lambda url: handle_cite_link(url, viewer))


def linkify_cites(text: str, chapter: Chapter | None = None) -> str:
    """``text`` as HTML, with each citation in it that names a real paragraph made a link.

    Citations that do not resolve stay plain text, so a click never leads nowhere.
    """
    chapter = chapter or load_chapter()
    parts: list[str] = []
    pos = 0
    for span in find_cite_spans(text):
        if chapter.resolve(span.cite) is None:
            continue
        parts.append(html.escape(text[pos : span.start]))
        parts.append(cite_html(span.cite, text[span.start : span.end]))
        pos = span.end
    parts.append(html.escape(text[pos:]))
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# The viewer
# --------------------------------------------------------------------------------------------


@dataclass
class _Range:
    """Where a section or paragraph stands in the rendered document, and its contents entry."""

    start: int
    end: int
    cite: str
    item: QTreeWidgetItem


class OrdinanceViewer(QWidget):
    """Chapter 506: contents on the left, the text on the right, a search field on top.

    Keyboard: Ctrl+F search field; typing searches (after a short pause) and highlights every
    match; Enter or F3 next match, Shift+Enter or Shift+F3 previous; Esc clears the search. Tab
    moves search field → contents → text. Arrow keys in the contents open what they select.
    Citation links in the text (``§ 506-7H``) open their paragraph.

    Signals:
        citation_opened(str): the canonical citation of the section or paragraph just opened,
            by ``open_at``, the contents or a link in the text.
        search_updated(int, int): (current match, 1-based, or 0; number of matches) after each
            search step, for a status bar.
    """

    citation_opened = Signal(str)
    search_updated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, chapter: Chapter | None = None) -> None:
        super().__init__(parent)
        self._chapter = chapter or load_chapter()
        self._ranges: list[_Range] = []
        self._locations: dict[int, tuple[int, int]] = {}  # id(paragraph or section) -> range
        self._matches: list[tuple[int, int]] = []
        self._current = -1
        self._opened: tuple[int, int] | None = None  # the paragraph open_at last showed
        self._auto_expanded: QTreeWidgetItem | None = None  # section unfolded by navigation
        self._parents: dict[int, Paragraph] = {}  # id(sub-paragraph) -> paragraph above it

        self._build_widgets()
        self._render()
        self._build_contents()
        self._connect()
        self.setWindowTitle("Chapter 506 — Streets and Sidewalks")

    # ---- construction ---------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.search_field = QLineEdit(self)
        self.search_field.setObjectName("ordinanceSearch")
        self.search_field.setPlaceholderText("Search the ordinance (Ctrl+F)")
        self.search_field.setClearButtonEnabled(True)
        self.search_field.setFixedWidth(360)  # the bar must not shift as the labels change
        self.search_field.setToolTip(
            "Type to search. Enter or F3: next match · Shift+F3: previous · Esc: clear"
        )
        find_label = QLabel("&Find:", self)
        find_label.setBuddy(self.search_field)

        self.previous_button = QToolButton(self)
        self.previous_button.setArrowType(Qt.ArrowType.UpArrow)
        self.previous_button.setToolTip("Previous match (Shift+F3)")
        self.next_button = QToolButton(self)
        self.next_button.setArrowType(Qt.ArrowType.DownArrow)
        self.next_button.setToolTip("Next match (F3)")
        for button in (self.previous_button, self.next_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # F3 does it; keep Tab short
            button.setAutoRaise(True)
            button.setEnabled(False)

        self.count_label = QLabel("", self)
        self.count_label.setFixedWidth(110)
        self.location_label = QLabel("", self)
        self.location_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.location_label.setToolTip("Citation of the paragraph shown (select to copy)")
        self.location_label.setStyleSheet("color: palette(dark);")

        self.message_label = QLabel("", self)
        self.message_label.setWordWrap(True)
        self.message_label.setStyleSheet(
            f"background: {CAUTION_BACKGROUND}; border: 1px solid {CAUTION_BORDER};"
            " border-radius: 3px; padding: 4px 8px;"
        )
        self.message_label.hide()

        self._build_text_panes()

        top = QHBoxLayout()
        top.addWidget(find_label)
        top.addWidget(self.search_field)
        top.addWidget(self.previous_button)
        top.addWidget(self.next_button)
        top.addWidget(self.count_label)
        top.addStretch(1)
        top.addWidget(self.location_label)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.contents)
        self.splitter.addWidget(self.browser)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([320, 780])
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.message_label)
        layout.addWidget(self.splitter, 1)

        QWidget.setTabOrder(self.search_field, self.contents)
        QWidget.setTabOrder(self.contents, self.browser)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(_SEARCH_DELAY_MS)

    def _build_text_panes(self) -> None:
        """The contents tree and the text of the chapter beside it."""
        self.contents = QTreeWidget(self)
        self.contents.setObjectName("ordinanceContents")
        self.contents.setHeaderHidden(True)
        self.contents.setUniformRowHeights(True)
        self.contents.setMinimumWidth(220)
        self.contents.setAccessibleName("Contents of Chapter 506")

        self.browser = QTextBrowser(self)
        self.browser.setObjectName("ordinanceText")
        self.browser.setOpenLinks(False)
        self.browser.setOpenExternalLinks(False)
        self.browser.setTabChangesFocus(True)  # Tab leaves the text instead of walking its links
        self.browser.setAccessibleName("Text of Chapter 506")
        self._set_selection_colour(_PARAGRAPH_COLOUR)

    def _set_selection_colour(self, colour: QColor) -> None:
        """Selections stay readable (dark text on a light colour) and visible without focus.

        The default highlight is white on dark blue and turns grey when the text loses focus,
        which is exactly when the clerk is typing in the search field.
        """
        palette = self.browser.palette()
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Highlight, colour)
            palette.setColor(group, QPalette.ColorRole.HighlightedText, QColor(INK))
        self.browser.setPalette(palette)

    def _render(self) -> None:
        """Lay the chapter out as a document, remembering where each paragraph lands.

        Built block by block rather than from HTML so that each paragraph's position in the
        document is known exactly: ``open_at`` selects precisely the paragraph cited.
        """
        document = QTextDocument(self.browser)
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), 10.5))
        document.setDefaultFont(base)
        document.setDocumentMargin(18)
        self._cursor = QTextCursor(document)
        self._first_block = True

        self._title_char = QTextCharFormat()
        self._title_char.setFontWeight(QFont.Weight.Bold)
        self._title_char.setFontPointSize(base.pointSizeF() * 1.3)
        self._title_char.setForeground(QColor(HEADING_TEXT))
        self._plain = QTextCharFormat()
        self._bold = QTextCharFormat()
        self._bold.setFontWeight(QFont.Weight.Bold)
        self._note_char = QTextCharFormat()
        self._note_char.setFontItalic(True)
        self._note_char.setForeground(QColor(NOTE_IN_TEXT))
        self._note_char.setFontPointSize(base.pointSizeF() * 0.9)

        cursor = self._cursor
        if self._chapter.header:
            header_fmt = QTextBlockFormat()
            header_fmt.setBottomMargin(4)
            self._new_block(header_fmt)
            cursor.insertText(
                f"{self._chapter.header} · Chapter 506, Streets and Sidewalks", self._note_char
            )
        for section in self._chapter.sections:
            title_fmt = QTextBlockFormat()
            title_fmt.setTopMargin(22)
            title_fmt.setBottomMargin(8)
            self._new_block(title_fmt)
            section_start = cursor.position()
            cursor.insertText(section.display_title, self._title_char)
            if section.number is None:
                cursor.insertText(
                    "\nThis article has no section numbers; cite it as "
                    "“Sidewalk article (heading)”.",
                    self._note_char,
                )
            for paragraph in section.paragraphs:
                self._render_paragraph(paragraph, 0, section.number)
            self._locations[id(section)] = (section_start, cursor.position())
        # Room after the last paragraph, so that it too can be scrolled to the top of the view.
        frame = document.rootFrame().frameFormat()
        frame.setBottomMargin(480)
        document.rootFrame().setFrameFormat(frame)
        self.browser.setDocument(document)

    def _new_block(self, fmt: QTextBlockFormat) -> None:
        if self._first_block:  # a new document already has one empty block
            self._cursor.setBlockFormat(fmt)
            self._first_block = False
        else:
            self._cursor.insertBlock(fmt)

    def _render_paragraph(self, paragraph: Paragraph, depth: int, number: str | None) -> None:
        """One paragraph: "(a) Heading. Body" in one block, then its notes and sub-paragraphs,
        each level indented so the list structure of the text is visible."""
        cursor = self._cursor
        fmt = QTextBlockFormat()
        fmt.setLeftMargin(depth * _INDENT_PX)
        fmt.setBottomMargin(7)
        fmt.setLineHeight(125, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
        self._new_block(fmt)
        start = cursor.position()
        if paragraph.label:
            cursor.insertText(f"{paragraph.label} ", self._bold)
        if paragraph.heading is not None:
            cursor.insertText(f"{paragraph.heading}.", self._bold)
            if paragraph.body:
                cursor.insertText(" ", self._plain)
        self._insert_linked(paragraph.body, self._plain, number)
        for note in paragraph.notes:
            note_fmt = QTextBlockFormat(fmt)
            note_fmt.setLeftMargin((depth + 1) * _INDENT_PX)
            self._new_block(note_fmt)
            cursor.insertText(note, self._note_char)
        for child in paragraph.children:
            self._parents[id(child)] = paragraph
            self._render_paragraph(child, depth + 1, number)
        self._locations[id(paragraph)] = (start, cursor.position())

    def _insert_linked(self, text: str, fmt: QTextCharFormat, section_number: str | None) -> None:
        """Insert text, turning each citation that names a real place into a link and each
        footnote mark ("[1]") into a small superscript, so neither interrupts the reading.

        "Subsection H" inside § 506-7 is § 506-7H; it becomes a link when the letter is one the
        chapter resolves (never for letters the text lost).
        """
        marks: list[tuple[int, int, str | None]] = [
            (span.start, span.end, span.cite)
            for span in find_cite_spans(text)
            if self._chapter.resolve(span.cite) is not None  # "§ 506-1B" leads nowhere
        ]
        if section_number is not None:
            for m in _SUBSECTION.finditer(text):
                letter_cite = f"§ {section_number}{m['letter']}"
                if self._chapter.resolve(letter_cite) is not None:
                    marks.append((m.start(), m.end(), letter_cite))
        marks += [(m.start(), m.end(), None) for m in _FOOTNOTE_MARK.finditer(text)]
        cursor = self._cursor
        pos = 0
        for start, end, cite in sorted(marks, key=lambda mark: mark[0]):
            if start < pos:
                continue
            cursor.insertText(text[pos:start], fmt)
            special = QTextCharFormat(fmt)
            if cite is not None:
                special.setAnchor(True)
                special.setAnchorHref(cite_url(cite))
                special.setForeground(self.palette().color(QPalette.ColorRole.Link))
                special.setFontUnderline(True)
                special.setToolTip(f"Open {cite}")
            else:
                special.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSuperScript)
                special.setForeground(QColor(DIMMED))
                special.setToolTip("Footnote: see the editor's note below")
            cursor.insertText(text[start:end], special)
            pos = end
        cursor.insertText(text[pos:], fmt)

    def _build_contents(self) -> None:
        """The table of contents as a tree: sections, their headings, and sub-headings."""
        stack: list[QTreeWidgetItem] = []
        for entry in self._chapter.iter_headings():
            parent = stack[entry.level - 1] if entry.level > 0 else None
            item = QTreeWidgetItem([entry.title])
            item.setData(0, _CITE_ROLE, entry.cite)
            item.setToolTip(0, f"{entry.title}\n{entry.cite}" if entry.level else entry.title)
            if parent is None:
                self.contents.addTopLevelItem(item)
                font = item.font(0)
                font.setBold(True)
                item.setFont(0, font)
            else:
                parent.addChild(item)
            del stack[entry.level :]
            stack.append(item)
            key = id(entry.paragraph) if entry.paragraph is not None else id(entry.section)
            start, end = self._locations[key]
            self._ranges.append(_Range(start, end, entry.cite, item))

    def _connect(self) -> None:
        self._search_timer.timeout.connect(self._run_search)
        self.search_field.textChanged.connect(self._schedule_search)
        self.search_field.returnPressed.connect(self.next_match)
        self.search_field.installEventFilter(self)
        self.previous_button.clicked.connect(self.previous_match)
        self.next_button.clicked.connect(self.next_match)
        self.contents.currentItemChanged.connect(self._on_contents_changed)
        self.contents.itemActivated.connect(self._on_contents_changed)
        self.browser.anchorClicked.connect(self._on_anchor_clicked)

        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        shortcuts = (
            (QKeySequence(QKeySequence.StandardKey.Find), self.focus_search),
            (QKeySequence(Qt.Key.Key_F3), self.next_match),
            (QKeySequence(Qt.Modifier.SHIFT | Qt.Key.Key_F3), self.previous_match),
        )
        for sequence, slot in shortcuts:
            shortcut = QShortcut(sequence, self)
            shortcut.setContext(context)
            shortcut.activated.connect(slot)

    # ---- public API -----------------------------------------------------------------------

    @property
    def chapter(self) -> Chapter:
        return self._chapter

    def open_at(self, cite: str) -> bool:
        """Show and select the section or paragraph ``cite`` names.

        Returns False, and says so gently above the text, when the citation names nothing in
        Chapter 506 (the text stays where it was).
        """
        location = self._chapter.resolve(cite)
        if location is None:
            self._show_message(
                f"“{cite.strip()}” is not a section or paragraph heading of Chapter 506. "
                "Pick the paragraph from the contents on the left, or search for a word of it."
            )
            return False
        self._show_location(location)
        return True

    def focus_search(self) -> None:
        """Put the caret in the search field with its text selected, ready to type over."""
        self.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_field.selectAll()

    def set_search_text(self, text: str) -> None:
        """Search for ``text`` at once (no typing delay), as if the clerk had typed it."""
        self.search_field.setText(text)
        self._search_timer.stop()
        self._run_search()

    def clear_search(self) -> None:
        """Remove the search and its highlights; the reading position stays."""
        self._search_timer.stop()
        self.search_field.clear()
        self._search_timer.stop()
        self._run_search()

    def match_count(self) -> int:
        return len(self._matches)

    def current_match(self) -> int:
        """The 1-based number of the current match, 0 if there is none."""
        return self._current + 1 if self._matches else 0

    def next_match(self) -> None:
        """Go to the next match, wrapping from the last to the first."""
        self._step(+1)

    def previous_match(self) -> None:
        """Go to the previous match, wrapping from the first to the last."""
        self._step(-1)

    def selected_text(self) -> str:
        """The text selected in the document (the opened paragraph or the current match)."""
        return self.browser.textCursor().selectedText().replace("\u2029", "\n")

    def current_cite(self) -> str:
        """The citation shown beside the search field: where the reader is."""
        return self.location_label.text()

    # ---- behaviour ------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.search_field and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key == Qt.Key.Key_Escape and self.search_field.text():
                self.clear_search()
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            ):
                self.previous_match()
                return True
            if key == Qt.Key.Key_Down:
                self.next_match()
                return True
            if key == Qt.Key.Key_Up:
                self.previous_match()
                return True
        return super().eventFilter(watched, event)

    def _show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.show()

    def _show_location(self, location: Location) -> None:
        section = location.section
        if location.paragraph is not None:
            start, end = self._locations[id(location.paragraph)]
        else:  # a whole section: mark its title, not pages of text
            start = self._locations[id(section)][0]
            end = start + len(section.display_title)
        self.message_label.hide()
        self._select(start, end, _PARAGRAPH_COLOUR)
        self._opened = (start, end)
        self._highlight()
        self._scroll_to_block(self._context_start(location, start))
        self._follow_in_contents(start, exact_cite=location.cite)
        self.citation_opened.emit(location.cite)

    def _context_start(self, location: Location, start: int) -> int:
        """Where the view should begin so the opened paragraph is seen with its context.

        The section's first paragraph shows the section title too; a sub-paragraph shows the
        paragraph that introduces it ("Conditions of permit. … the following requirements:")
        when that fits in the top third of the view.
        """
        section = location.section
        paragraph = location.paragraph
        if paragraph is None or (section.paragraphs and paragraph is section.paragraphs[0]):
            return self._locations[id(section)][0]
        parent = self._parents.get(id(paragraph))
        if parent is not None:
            parent_start = self._locations[id(parent)][0]
            layout = self.browser.document().documentLayout()
            document = self.browser.document()
            gap = (
                layout.blockBoundingRect(document.findBlock(start)).top()
                - layout.blockBoundingRect(document.findBlock(parent_start)).top()
            )
            if gap <= self.browser.viewport().height() / 3:
                return parent_start
        return start

    def _scroll_to_block(self, position: int) -> None:
        """Put the top of the block holding ``position`` at the top of the view.

        Aligning on the block's edge, not the text line, avoids a half-cut line of the
        previous paragraph above the one the clerk asked for.
        """
        document = self.browser.document()
        block = document.findBlock(position)
        top = document.documentLayout().blockBoundingRect(block).top()
        self.browser.verticalScrollBar().setValue(int(top))

    def _select(self, start: int, end: int, colour: QColor) -> None:
        """Select a range without scrolling: the callers decide what the reader should see
        (QTextEdit would scroll to the end of the selection, i.e. the end of a paragraph)."""
        self._set_selection_colour(colour)
        cursor = QTextCursor(self.browser.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        bar = self.browser.verticalScrollBar()
        value = bar.value()
        self.browser.setTextCursor(cursor)
        bar.setValue(value)

    def _scroll_to_match(self, position: int) -> None:
        """Bring a match into view a third of the way down, leaving context above it.

        A match that is already visible does not move the page, so stepping through matches
        on one screen does not make the text jump.
        """
        cursor = QTextCursor(self.browser.document())
        cursor.setPosition(position)
        rect = self.browser.cursorRect(cursor)
        height = self.browser.viewport().height()
        if rect.top() >= 0 and rect.bottom() <= height:
            return
        bar = self.browser.verticalScrollBar()
        bar.setValue(bar.value() + rect.top() - height // 3)

    def _follow_in_contents(self, position: int, exact_cite: str | None = None) -> None:
        """Select the contents entry for ``exact_cite`` (or the innermost one containing
        ``position``) without reopening it, and show its citation beside the search field."""
        target = next((r for r in self._ranges if r.cite == exact_cite), None)
        if target is None:  # a match, or a paragraph without a heading of its own
            for entry in self._ranges:
                if entry.start <= position < entry.end and (
                    target is None or entry.start >= target.start
                ):
                    target = entry
        if target is None:
            return
        section_item = target.item
        while (parent := section_item.parent()) is not None:
            section_item = parent
        blocked = self.contents.blockSignals(True)
        try:
            # Fold the section that navigation opened before, so the contents stay short;
            # a section the clerk unfolded by hand stays as it is.
            previous = self._auto_expanded
            if previous is not None and previous is not section_item:
                previous.setExpanded(False)
            if not section_item.isExpanded():
                self._auto_expanded = section_item
            elif previous is not section_item:
                self._auto_expanded = None
            self.contents.setCurrentItem(target.item)
            section_item.setExpanded(True)
            self.contents.scrollToItem(target.item)
        finally:
            self.contents.blockSignals(blocked)
        self.location_label.setText(target.cite)

    def _schedule_search(self, _text: str) -> None:
        self._search_timer.start()  # restarts the pause: search once the typing stops

    def _on_anchor_clicked(self, url: QUrl) -> None:
        handle_cite_link(url, self)

    def _on_contents_changed(self, item: QTreeWidgetItem | None, *_: object) -> None:
        if item is None:
            return
        cite = item.data(0, _CITE_ROLE)
        if isinstance(cite, str):
            self.open_at(cite)

    def _run_search(self) -> None:
        """Find every match of the query, highlight them, and go to the first one ahead.

        "Ahead" is from where the reader is (the opened paragraph, or the current match while
        the query grows letter by letter), so a search after ``open_at`` starts there.
        """
        words = self.search_field.text().split()
        self._matches = []
        self._current = -1
        if words:
            pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
            plain = self.browser.document().toPlainText()
            self._matches = [(m.start(), m.end()) for m in pattern.finditer(plain)]
        if self._matches:
            self._current = self._first_match_from(self.browser.textCursor().selectionStart())
        self._show_current()

    def _first_match_from(self, position: int) -> int:
        return next((i for i, (start, _) in enumerate(self._matches) if start >= position), 0)

    def _step(self, delta: int) -> None:
        if self._search_timer.isActive():  # Enter pressed before the pause ran out
            self._search_timer.stop()
            self._run_search()
            if delta > 0:
                return  # the fresh search already stands on the first match ahead
        if not self._matches:
            return
        position = self.browser.textCursor().selectionStart()
        if self._matches[self._current][0] != position:
            # The reader went elsewhere (contents, a link): continue from there.
            ahead = self._first_match_from(position)
            if delta > 0:
                self._current = ahead
            else:
                before = [i for i, (start, _) in enumerate(self._matches) if start < position]
                self._current = before[-1] if before else len(self._matches) - 1
        else:
            self._current = (self._current + delta) % len(self._matches)
        self._show_current()

    def _show_current(self) -> None:
        total = len(self._matches)
        has_query = bool(self.search_field.text().strip())
        for button in (self.previous_button, self.next_button):
            button.setEnabled(total > 0)
        if not has_query:
            self.count_label.setText("")
        elif total == 0:
            self.count_label.setText("No matches")
        else:
            self.count_label.setText(f"{self._current + 1} of {total}")
        self.count_label.setStyleSheet(text_sheet(BAD) if has_query and not total else "")
        self.search_field.setAccessibleDescription(self.count_label.text())
        self._highlight()
        if total:
            start, end = self._matches[self._current]
            self._select(start, end, _CURRENT_MATCH_COLOUR)
            self._scroll_to_match(start)
            self._follow_in_contents(start)
        elif self._opened is not None:
            self._select(*self._opened, _PARAGRAPH_COLOUR)
        self.search_updated.emit(self.current_match(), total)

    def _highlight(self) -> None:
        """Paint the opened paragraph (faint, full width) and every match but the current one,
        which the real selection shows in its own colour."""
        document = self.browser.document()
        selections: list[QTextEdit.ExtraSelection] = []

        def add(start: int, end: int, fmt: QTextCharFormat) -> None:
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(document)
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selection.format = fmt
            selections.append(selection)

        if self._opened is not None:
            opened = QTextCharFormat()
            opened.setBackground(_OPENED_COLOUR)
            opened.setProperty(QTextFormat.Property.FullWidthSelection, True)
            add(*self._opened, opened)
        match = QTextCharFormat()
        match.setBackground(_MATCH_COLOUR)
        for index, (start, end) in enumerate(self._matches[:_MAX_HIGHLIGHTS]):
            if index != self._current:
                add(start, end, match)
        self.browser.setExtraSelections(selections)
