"""The tab of a workflow that is not built yet: what it will do, and the law behind it.

It shows nothing fake — no empty forms, no sample rows — because a clerk under time pressure
would try to use them. It says plainly that the workflow is not built, what it will do, and the
sections of Chapter 506 it will enforce, each a link that opens the ordinance there, so the tab
is already useful as the way into the law for that work.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clerk_desk.ordinance import find_cite_spans, load_chapter
from clerk_desk.workflows import Workflow
from ui.kit.operations import App
from ui.kit.style import CAUTION_BACKGROUND, CAUTION_BORDER, CAUTION_TEXT
from ui.kit.widgets import heading, note
from ui.ordinance_viewer import cite_html, linkify_cites


def section_links(sections: str) -> list[tuple[str, str]]:
    """(citation, section title) for each citation in ``sections`` that names a real section.

    "Sidewalk article" is a citation on its own that no "§" pattern finds, so the whole text is
    tried when no "§" citation is in it.
    """
    chapter = load_chapter()
    cites = [span.cite for span in find_cite_spans(sections)]
    if not cites and sections.strip():
        cites = [sections.strip()]
    links = []
    for cite in cites:
        location = chapter.resolve(cite)
        if location is not None:
            links.append((cite, location.section.display_title))
    return links


class PlaceholderTab(QWidget):
    """A workflow's tab until it is built. Its contents are made the first time it is shown.

    Signals: none of its own.
    """

    def __init__(
        self, workflow: Workflow, app: App, parent: QWidget | None = None, *, why: str = ""
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"placeholder_{workflow.name}")
        self.workflow = workflow
        self.app = app
        self._why = why
        self._built = False
        self.links: QLabel | None = None
        self.notice: QLabel | None = None

    def showEvent(self, event: QShowEvent) -> None:
        if not self._built:
            self.build()
        super().showEvent(event)

    def build(self) -> None:
        """Make the contents (deferred so that starting the window parses no ordinance)."""
        if self._built:
            return
        self._built = True
        workflow = self.workflow
        page = QWidget(self)
        column = QVBoxLayout(page)
        column.setContentsMargins(32, 28, 32, 28)
        column.setSpacing(14)

        column.addWidget(heading(workflow.title, page, scale=1.6))
        purpose = QLabel(workflow.purpose, page)
        purpose.setObjectName("purpose")
        purpose.setWordWrap(True)
        font = purpose.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        purpose.setFont(font)
        column.addWidget(purpose)

        self.notice = QLabel(self._why or self._not_built_text(), page)
        self.notice.setObjectName("not_built")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(
            f"QLabel {{ background: {CAUTION_BACKGROUND}; border: 1px solid {CAUTION_BORDER};"
            f" border-radius: 4px; padding: 10px 12px; color: {CAUTION_TEXT}; }}"
        )
        column.addWidget(self.notice)

        links = section_links(workflow.sections)
        if workflow.sections:
            enforces = QLabel(
                f"It enforces {linkify_cites(workflow.sections)} of Chapter 506 (Streets and "
                "Sidewalks).",
                page,
            )
            enforces.setWordWrap(True)
            self._linkable(enforces)
            column.addWidget(enforces)
        if links:
            items = "".join(
                f"<li style='margin-bottom:6px'>{cite_html(cite)} — {html.escape(_title(title))}"
                "</li>"
                for cite, title in links
            )
            self.links = QLabel(f"<ul style='margin-left:-20px'>{items}</ul>", page)
            self.links.setObjectName("section_links")
            self._linkable(self.links)
            column.addWidget(note("Read the law (opens the ordinance at that section):", page))
            column.addWidget(self.links)
        column.addStretch(1)

        page.setMaximumWidth(920)  # lines a reader can follow on a wide screen
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(page, 1)
        layout.addStretch(0)

    def cites(self) -> list[str]:
        """The citations this tab links to, in order (for tests and the keyboard)."""
        return [cite for cite, _title in section_links(self.workflow.sections)]

    def _not_built_text(self) -> str:
        return (
            "<b>Not built yet.</b> This workflow is not part of this version of Clerk Desk: "
            "nothing can be recorded, checked or printed here, and nothing on this tab is "
            "saved. Until it is built, handle this work the way City Hall does today."
        )

    def _linkable(self, label: QLabel) -> None:
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setOpenExternalLinks(False)
        label.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        label.linkActivated.connect(self.app.open_link)


def _title(display_title: str) -> str:
    """ "§ 506-9 Street privilege permit" → "Street privilege permit" (the cite is the link)."""
    if display_title.startswith("§"):
        parts = display_title.split(" ", 2)
        return parts[2] if len(parts) == 3 else display_title
    return display_title
