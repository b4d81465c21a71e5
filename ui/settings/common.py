"""What the Settings dialogs share: file filters, a placeholder's colour, a refusal."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QMessageBox,
    QWidget,
)

from clerk_desk.desk_acts import DeskAct, desk_acts
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


def refused(app: App, act: DeskAct) -> str | None:
    """The core's refusal of ``act`` now, in its words (None: the operator may)."""
    return operations.core_refusal(None, app, lambda a: desk_acts(a)[act]) or None
