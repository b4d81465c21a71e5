"""What the rules say about a record, each finding with its section as a link.

Every workflow's review screen shows the core's :class:`~clerk_desk.findings.Finding` list here,
so a block, a warning and a note look the same everywhere and the clerk can always open the
paragraph of the ordinance the finding rests on.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from clerk_desk.findings import Finding, Level
from ui.kit.operations import App
from ui.kit.style import BAD, LATE, QUIET
from ui.ordinance_viewer import cite_html

LEVEL_WORDS: dict[Level, str] = {"block": "Stops", "warn": "Check", "info": "Note"}
# Colour helps, but the word carries the meaning (printed screenshots, colour blindness).
LEVEL_COLOURS: dict[Level, str] = {"block": BAD, "warn": LATE, "info": QUIET}
_ORDER: dict[Level, int] = {"block": 0, "warn": 1, "info": 2}


def finding_html(finding: Finding) -> str:
    """One finding as rich text: the level in words, the sentence, the section as a link."""
    colour = LEVEL_COLOURS[finding.level]
    word = LEVEL_WORDS[finding.level]
    return (
        f'<span style="color:{colour}; font-weight:bold">{word}</span>&nbsp; '
        f"{html.escape(finding.text)}&nbsp; <small>{cite_html(finding.cite)}</small>"
    )


class FindingsView(QWidget):
    """A short list of findings, most serious first; empty, it says so.

    Signals: none of its own — citation links go to :meth:`App.open_link`.
    """

    def __init__(
        self,
        app: App,
        parent: QWidget | None = None,
        *,
        empty_text: str = "",
        clear_beside_notes: bool = False,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.empty_text = empty_text or "Nothing in the ordinance stands in the way."
        # With notes only (how a number is displayed), say first that nothing stands in the way.
        self.clear_beside_notes = clear_beside_notes
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._labels: list[QLabel] = []
        self.set_findings([])

    def set_findings(self, findings: Sequence[Finding]) -> None:
        for label in self._labels:
            self._layout.removeWidget(label)
            label.hide()  # gone at once, not only when the event loop deletes it
            label.deleteLater()
        ordered = sorted(findings, key=lambda f: _ORDER[f.level])
        texts = [finding_html(f) for f in ordered]
        notes_only = all(f.level == "info" for f in ordered)
        if not texts or (self.clear_beside_notes and notes_only):
            texts.insert(0, html.escape(self.empty_text))
        self._labels = []
        for text in texts:
            label = QLabel(text, self)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextBrowserInteraction  # links by mouse and keyboard
            )
            label.linkActivated.connect(self.app.open_link)
            self._layout.addWidget(label)
            self._labels.append(label)

    def texts(self) -> list[str]:
        """The findings as shown (rich text), most serious first."""
        return [label.text() for label in self._labels]
