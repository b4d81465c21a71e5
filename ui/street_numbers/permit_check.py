"""The building permit check (§ 506-16 (Noncompliance)): a parcel number or an address, and whether
a building permit may issue as far as the street number goes."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.permit_check import PermitCheck
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from ui.kit.operations import App, perform
from ui.kit.style import BAD, GOOD, LATE, SECONDARY
from ui.ordinance_viewer import cite_html

MAY_ISSUE = "A building permit may issue"


MAY_NOT_ISSUE = "No building permit until the official number is procured"


WHICH_PROPERTY = "Which property?"


def permit_html(check: PermitCheck) -> str:
    """The answer to the building permit check, in words, with its section as a link."""
    finding = check.finding
    if finding.blocks:
        colour, words = BAD, MAY_NOT_ISSUE
    elif finding.level == "warn":
        colour, words = LATE, WHICH_PROPERTY
    else:
        colour, words = GOOD, MAY_ISSUE
    stop = "" if words.endswith("?") else "."
    return (
        f'<b style="color:{colour}">{html.escape(words)}{stop}</b> {html.escape(finding.text)} '
        f"<small>{cite_html(finding.cite)}</small>"
    )


class PermitCheckPanel(QFrame):
    """The one-field building permit check: a parcel number or an address → may a building
    permit issue, as far as § 506-16 goes.

    Signals: ``answered(object)`` with the
    :class:`~clerk_desk.street_numbers.permit_check.PermitCheck`.
    """

    answered = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("permit_check")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.field = QLineEdit()
        self.field.setObjectName("permit_query")
        self.field.setPlaceholderText("Parcel number or address")
        self.field.setClearButtonEnabled(True)
        self.field.setMinimumWidth(280)
        self.button = QPushButton("Chec&k")
        self.button.setObjectName("permit_check_button")
        self.button.setAutoDefault(False)
        self.answer = QLabel()
        self.answer.setObjectName("permit_answer")
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.TextFormat.RichText)
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.answer.linkActivated.connect(app.open_link)
        title = QLabel("<b>Building permit check</b>")
        title.setToolTip(
            "No building permit shall be issued until the owner has procured the official "
            f"number of the premises ({NONCOMPLIANCE_CITE})"
        )
        title.setBuddy(self.field)
        self.field.setMaximumWidth(self.field.fontMetrics().horizontalAdvance("n") * 48)
        row = QHBoxLayout()
        row.addWidget(title)
        row.addWidget(self.field, 1)
        row.addWidget(self.button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        layout.addLayout(row)
        layout.addWidget(self.answer)
        self.field.returnPressed.connect(self.run)
        self.button.clicked.connect(self.run)
        self.field.textChanged.connect(lambda _t: self._idle())
        self._idle()

    def _idle(self) -> None:
        self.answer.setText(
            f"<span style='color:{SECONDARY}'>Before a building permit issues, type the parcel "
            f"number or the address and press Enter — {cite_html(NONCOMPLIANCE_CITE)}.</span>"
        )

    def run(self) -> PermitCheck | None:
        text = self.field.text()
        if not text.strip():
            self.answer.setText(
                f"<span style='color:{LATE}'>Type a parcel number or an address.</span>"
            )
            return None
        check = perform(
            self,
            self.app,
            lambda a: street_views.permit_check(a, text),
            writes=False,
        )
        if check is None:
            return None
        self.answer.setText(permit_html(check))
        self.answered.emit(check)
        return check

    def answer_text(self) -> str:
        return self.answer.text()
