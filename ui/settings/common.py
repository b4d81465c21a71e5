"""What the Settings dialogs share: file filters, a placeholder's colour, a refusal."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QMessageBox,
    QWidget,
)

from clerk_desk.permissions import Permission, refusal
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App
from ui.kit.style import PLACEHOLDER_BACKGROUND

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.svg)"


TABLE_FILTER = "Excel workbook or CSV (*.xlsx *.xlsm *.csv)"


EXCEL_FILTER = "Excel workbook (*.xlsx)"


PLACEHOLDER_COLOUR = PLACEHOLDER_BACKGROUND


def information(parent: QWidget, title: str, text: str) -> None:
    box = QMessageBox(
        QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("information_box")
    operations.ask_message(box)


def refused(app: App, permission: Permission) -> str | None:
    """The core's refusal sentence if this operator may not, else None."""
    if app.operator.may(permission):
        return None
    return refusal(app.operator.role, permission)
