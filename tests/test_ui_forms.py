"""The modal loop every form runs in (the tests of the workflows replace it to drive forms)."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QDialog, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from ui.kit import forms as forms

pytestmark = pytest.mark.gui


def test_a_closed_form_is_read_then_deleted_not_kept_by_its_parent(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    dialog = QDialog(parent)
    field = QLineEdit(dialog)

    def fill_and_accept() -> None:
        field.setText("SP-2026-001")
        dialog.accept()

    QTimer.singleShot(0, fill_and_accept)
    assert forms.run_modal(dialog) == QDialog.DialogCode.Accepted
    assert field.text() == "SP-2026-001"  # still there for the caller to read
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(dialog)
    assert parent.findChildren(QDialog) == []
