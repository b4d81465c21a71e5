"""The user's guide window: the pages listed on the left, the page read on the right.

F1 opens it at the page of the tab the clerk is on; a "§" link in a page opens the ordinance
viewer at that section. The text is the core's (:mod:`clerk_desk.guide`); this only shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QSplitter,
    QTextBrowser,
    QWidget,
)

from clerk_desk.guide import GuidePage, guide_pages, page_for_workflow
from reports.guide import write_guide_pdf
from ui.kit import forms, operations
from ui.kit.background import while_painting
from ui.ordinance_viewer import cite_from_url

WINDOW_TITLE = "Clerk Desk — User's guide"


class GuideWindow(QSplitter):
    """Contents on the left, one page on the right; ``open_cite`` follows a § link."""

    def __init__(self, open_cite: Callable[[str], object], parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("guide_window")
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle(WINDOW_TITLE)
        self._open_cite = open_cite
        self._pages = guide_pages()
        self.contents = QListWidget(self)
        self.contents.setObjectName("guide_contents")
        for page in self._pages:
            self.contents.addItem(QListWidgetItem(page.title))
        self.page_view = QTextBrowser(self)
        self.page_view.setObjectName("guide_page")
        self.page_view.setOpenLinks(False)  # cite: links go to the ordinance viewer
        self.page_view.anchorClicked.connect(self._follow)
        self.addWidget(self.contents)
        self.addWidget(self.page_view)
        self.setStretchFactor(1, 1)
        self.setSizes([330, 670])  # the longest title, the Inspector role, in full
        self.resize(1000, 680)
        self.contents.currentRowChanged.connect(self._show_row)
        close = QAction("Close", self)
        close.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence(QKeySequence.StandardKey.Close)])
        close.triggered.connect(self.close)
        self.addAction(close)
        self.contents.setCurrentRow(0)

    def current_page(self) -> GuidePage:
        return self._pages[max(self.contents.currentRow(), 0)]

    def show_page(self, page: GuidePage) -> None:
        self.contents.setCurrentRow(self._pages.index(page))

    def show_workflow(self, workflow: str | None) -> None:
        """The page of the tab of ``workflow``, or the start page if the tab has none."""
        page = page_for_workflow(workflow) if workflow else None
        self.show_page(page or self._pages[0])

    def _show_row(self, row: int) -> None:
        if 0 <= row < len(self._pages):
            page = self._pages[row]
            self.page_view.setMarkdown(page.markdown)
            self.setWindowTitle(f"{WINDOW_TITLE} — {page.title}")

    def _follow(self, url: QUrl) -> None:
        cite = cite_from_url(url)
        if cite is not None:
            self._open_cite(cite)


def print_guide(parent: QWidget) -> Path | None:
    """Ask where to save the whole guide as a PDF, write it there, and say so."""
    chosen = forms.ask_save_path(
        parent, "Print the user's guide", "Clerk Desk user's guide.pdf", "PDF files (*.pdf)"
    )
    if chosen is None:
        return None
    # 19 pages of ReportLab, about 0.1 s: drawn while the window repaints, as every paper is.
    path = operations.attempt(parent, lambda: while_painting(lambda: write_guide_pdf(chosen)))
    if path is None:
        return None
    box = QMessageBox(QMessageBox.Icon.Information, "User's guide", "", parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(f"The user's guide was saved as {path}. Open it to print it.")
    operations.ask_message(box)
    return path
