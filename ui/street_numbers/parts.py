"""The small parts every form of the Street Numbers tab is built of: digit fields, compass and kind
choices, hints, and forms that grow to show a refusal in full."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import BuildingKind, Compass
from clerk_desk.street_numbers import acts as number_acts
from clerk_desk.street_numbers.acts import AddressAct, RegisterAct
from ui.kit import forms as forms
from ui.kit.operations import App, core_refusal
from ui.kit.style import (
    SECONDARY,
    text_sheet,
)


def whole_number(edit: QLineEdit, field: str, what: str, *, optional: bool = False) -> int | None:
    """The whole number typed in ``edit``; empty gives None when ``optional``."""
    text = edit.text().strip().replace(",", "")
    if not text:
        if optional:
            return None
        raise InvalidInput(f"Enter {what}.", field=field)
    if not text.isdigit():
        raise InvalidInput(f"{what[:1].upper()}{what[1:]} is a whole number.", field=field)
    return int(text)


def digits_edit(name: str, placeholder: str = "", *, width_chars: int = 8) -> QLineEdit:
    """A short field that takes only digits (a street number, a position in feet)."""
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9,]{0,9}"), edit))
    edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("0" * width_chars) + 28)
    return edit


def compass_box(name: str, choices: Sequence[tuple[Compass, str]]) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for value, label in choices:
        box.addItem(label, value)
    return box


COMPASS_CHOICES = [(c, c.label.capitalize()) for c in Compass]


def kind_box(name: str = "building_kind") -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for kind in BuildingKind:
        box.addItem(kind.label, kind)
    return box


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(text_sheet(SECONDARY))
    return label


def fit_height(dialog: QDialog) -> None:
    """Make room for the refusal just shown under a field (a wrapped message is taller than the
    form was)."""
    dialog.resize(dialog.width(), max(dialog.height(), dialog.sizeHint().height()))


class Form(forms.FormDialog):
    """A :class:`~ui.kit.forms.FormDialog` that grows to show a refusal in full."""

    def save(self) -> None:
        super().save()
        if self.isVisible():
            fit_height(self)


class TwoColumns(forms.TwoColumnForm):
    """A two-column form that grows to show a refusal in full."""

    def save(self) -> None:
        super().save()
        if self.isVisible():
            fit_height(self)


def register_refusal(parent: QWidget | None, app: App, act: RegisterAct) -> str:
    """The core's refusal of ``act`` on the numbering register now ("" when the operator may)."""
    return core_refusal(parent, app, lambda a: number_acts.register_acts(a)[act])


def address_refusal(parent: QWidget | None, app: App, address_id: int, act: AddressAct) -> str:
    """The core's refusal of ``act`` on the address now ("" when the operator may)."""
    return core_refusal(parent, app, lambda a: number_acts.address_acts(a, address_id)[act])


def inline(*widgets: QWidget) -> QWidget:
    """Widgets side by side at their own width, the room left over at the right."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    row.addStretch(1)
    return box


def feet_box(edit: QLineEdit) -> QWidget:
    """The position field with its unit: "[ 250 ] ft along the street"."""
    return inline(edit, QLabel("ft along the street"))
