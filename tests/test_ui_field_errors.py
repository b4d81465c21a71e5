"""A refusal shown under a field goes away when the clerk changes that field, and a small dialog
grows to show the whole refusal rather than cut it mid-sentence."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit

from clerk_desk.errors import InvalidInput
from ui.kit import forms as forms

LONG = (
    "'abc' is not an amount. Type the opening cash as dollars and cents, for example 100.00, "
    "without a dollar sign; the drawer cannot be opened until it is counted."
)


class _Form(forms.FormDialog):
    def __init__(self) -> None:
        super().__init__(None, "Open drawer")
        self.cash = self.add_field("Opening cash", QLineEdit("abc"), "opening_cash")
        self.station = self.add_field("Station", QLineEdit("Front counter"), "station")
        self.kind = self.add_field("Kind", QComboBox(), "kind")
        assert isinstance(self.kind, QComboBox)
        self.kind.addItems(["cash", "check"])
        self.finish_layout()

    def commit(self) -> object:
        return None


def _shown(qtbot: Any) -> _Form:
    form = _Form()
    qtbot.addWidget(form)
    form.show()
    form.resize(200, form.minimumSizeHint().height())
    return form


def test_a_refusal_goes_when_its_field_is_changed_and_only_then(qtbot: Any) -> None:
    form = _shown(qtbot)
    assert form.errors.show(InvalidInput(LONG, field="opening_cash"))
    assert form.errors.message("opening_cash") == LONG
    form.station.selectAll()
    qtbot.keyClicks(form.station, "Back office")  # another field: the refusal stays
    assert form.errors.message("opening_cash") == LONG
    assert isinstance(form.cash, QLineEdit)
    form.cash.setText("")  # the form itself emptying the field is not the clerk fixing it
    assert form.errors.message("opening_cash") == LONG
    qtbot.keyClicks(form.cash, "250,000")
    assert form.errors.message("opening_cash") == ""


def test_a_refusal_under_a_choice_goes_when_another_is_chosen(qtbot: Any) -> None:
    form = _shown(qtbot)
    form.errors.show(InvalidInput("Choose how it was paid.", field="kind"))
    assert isinstance(form.kind, QComboBox)
    form.kind.setCurrentIndex(1)
    form.kind.activated.emit(1)  # as a click on the choice
    assert form.errors.message("kind") == ""


def test_a_small_dialog_grows_to_show_the_whole_refusal(qtbot: Any) -> None:
    form = _shown(qtbot)
    before = form.height()
    form.errors.show(InvalidInput(LONG, field="opening_cash"))
    label = form.findChild(type(form.errors._labels["opening_cash"]), "error_opening_cash")
    assert label is not None and label.wordWrap()
    assert form.height() > before
    assert form.height() >= form.sizeHint().height()
