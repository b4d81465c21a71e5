"""A field the form fills in for the clerk (the contact person, from the applicant) is selected
whole as the clerk comes into it, by Tab or by a click, so typing replaces it instead of adding
to it (issue 19). Once the clerk has changed it, a click places the caret as anywhere else."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from ui.kit.fields import prefill

pytestmark = pytest.mark.gui


_KEPT: list[QWidget] = []  # the form stays alive while its fields are driven


def _form(qtbot: Any) -> tuple[QLineEdit, QLineEdit]:
    box = QWidget()
    _KEPT[:] = [box]
    rows = QVBoxLayout(box)
    before, contact = QLineEdit(), QLineEdit()
    rows.addWidget(before)
    rows.addWidget(contact)
    qtbot.add_widget(box)
    box.show()
    qtbot.waitExposed(box)
    prefill(contact, "Prescott Area Chamber of Commerce")
    return before, contact


def _click(qtbot: Any, edit: QLineEdit) -> None:
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton, pos=QPoint(12, edit.height() // 2))
    qtbot.wait(10)


def test_clicking_into_a_prefilled_field_then_typing_replaces_it(qtbot: Any) -> None:
    before, contact = _form(qtbot)
    before.setFocus()
    _click(qtbot, contact)
    assert contact.hasFocus() and contact.selectedText() == contact.text()
    qtbot.keyClicks(contact, "Dana Whitfield")
    assert contact.text() == "Dana Whitfield"


def test_tabbing_into_a_prefilled_field_then_typing_replaces_it(qtbot: Any) -> None:
    before, contact = _form(qtbot)
    before.setFocus()
    qtbot.keyClick(before, Qt.Key.Key_Tab)
    qtbot.wait(10)
    assert contact.hasFocus()
    qtbot.keyClicks(contact, "Dana Whitfield")
    assert contact.text() == "Dana Whitfield"


def test_once_the_clerk_has_changed_it_a_click_places_the_caret(qtbot: Any) -> None:
    before, contact = _form(qtbot)
    _click(qtbot, contact)
    qtbot.keyClicks(contact, "Dana")
    before.setFocus()
    _click(qtbot, contact)
    assert contact.selectedText() == ""
    qtbot.keyClicks(contact, "!")
    assert "Dana" in contact.text() and contact.text() != "!"


def test_a_field_filled_by_the_clerk_is_not_selected_on_a_click(qtbot: Any) -> None:
    before, _contact = _form(qtbot)
    before.setText("typed by the clerk")
    _click(qtbot, before)
    assert before.selectedText() == ""
