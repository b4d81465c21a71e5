"""Nothing typed is lost to Esc: what a form holds when it opens, and whether the clerk changed it.

A form remembers the value of every field it holds the first time it is shown (what the
window prefilled is not the clerk's work). When Esc, Cancel or the title bar's close button
would throw the form away, :func:`changed_fields` says whether anything differs, and the form
asks first, with *Keep editing* the default, as the receipt screen's "Clear this sale?" does.

A value is read from each kind of field a form can hold: one-line and multi-line text, combo
boxes, check and radio buttons, spin boxes, and the rows of any table or list inside the form
(petitioners, vending days, cost lines). Read-only fields are left out: the clerk cannot have
typed into them; so are lists of matches to choose from (:func:`mark_choices`).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from ui.kit import operations

Snapshot = dict[int, tuple[QWidget, object]]

_MOST_ROWS = 2_000
"""A table longer than this is a register to choose from, not rows the clerk typed."""

_CHOICES = "clerk_desk_choices"


def mark_choices(view: QAbstractItemView) -> None:
    """``view`` lists matches to choose from (a picker's), not rows the clerk typed: its rows
    are not the form's work (what is typed to find them, and what is chosen, are), and they
    may come after the form is shown, read on a worker."""
    view.setProperty(_CHOICES, True)


def _value(widget: QWidget) -> object:
    """What the field holds now, or None when it is not a field the clerk types into."""
    if isinstance(widget, QLineEdit):
        if widget.isReadOnly() or isinstance(widget.parent(), QComboBox | QAbstractSpinBox):
            return None  # a combo's or spin box's own line is read through its owner
        return widget.text()
    if isinstance(widget, QPlainTextEdit | QTextEdit):
        return None if widget.isReadOnly() else widget.toPlainText()
    if isinstance(widget, QComboBox):
        return (widget.currentIndex(), widget.currentText())
    if isinstance(widget, QAbstractButton):
        return widget.isChecked() if widget.isCheckable() else None
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QAbstractItemView):
        if widget.property(_CHOICES):
            return None
        model = widget.model()
        if model is None or model.rowCount() > _MOST_ROWS:
            return None
        root = QModelIndex()
        return tuple(
            tuple(
                model.data(model.index(row, column, root), Qt.ItemDataRole.DisplayRole)
                for column in range(model.columnCount(root))
            )
            for row in range(model.rowCount(root))
        )
    return None


def snapshot(form: QWidget) -> Snapshot:
    """The value of every field in ``form``, keyed by the field."""
    values: Snapshot = {}
    for widget in form.findChildren(QWidget):
        value = _value(widget)
        if value is not None:
            values[id(widget)] = (widget, value)
    return values


def changed_fields(form: QWidget, before: Snapshot) -> list[QWidget]:
    """The fields whose value differs from ``before``, and fields added since (a new row)."""
    changed = []
    for key, (widget, value) in snapshot(form).items():
        if key not in before:
            # A field that appeared after the form opened (a row's editor, an extra line)
            # counts only when something was typed into it.
            if value not in ("", (), False, (0, ""), (-1, "")):
                changed.append(widget)
        elif before[key][1] != value:
            changed.append(widget)
    return changed


def ask_to_discard(parent: QWidget, what: str) -> bool:
    """Ask before throwing typed work away; True when the clerk says discard it."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "Discard what was typed",
        f"Discard {what}? Nothing in it has been saved.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setObjectName("discard_typed")
    box.button(QMessageBox.StandardButton.Yes).setText("&Discard")
    box.button(QMessageBox.StandardButton.No).setText("&Keep editing")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    return operations.ask_message(box) == QMessageBox.StandardButton.Yes
