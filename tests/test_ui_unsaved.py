"""Nothing typed is lost to Esc or the close button (issue 19).

Each form the counter opens from a tab's *New …* button is typed into, then Esc is pressed: the
window asks ("Discard …? Nothing in it has been saved.", *Keep editing* the default). Keeping
leaves every keystroke where it was; discarding closes and saves nothing. A form nobody typed
into closes at once, without a question.

And no dialog of the window escapes the rule: every dialog that takes typed input is a
:class:`ui.kit.forms.FormDialog` (which asks), or is named below with the reason it need not.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLineEdit, QMessageBox, QPlainTextEdit, QWidget

import ui
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import Role
from clerk_desk.workflows import WORKFLOWS
from ui.kit import forms
from ui.kit.operations import App
from ui.tab_modules import tab_class_name, tab_module_name

QUESTION = "Discard what was typed in this form? Nothing in it has been saved."

# Dialogs that are not forms of a record, and why Esc may close them at once.
NOT_FORMS = {
    "LoginDialog": "Esc at sign-in quits; a password is never kept",
    "FirstAdministratorDialog": "Esc before the first Administrator exists quits; nothing to keep",
    "AuditDialog": "a viewer of the audit trail: nothing is typed but a search",
    "ImportReportDialog": "shows an import's result",
    "ClosedDaysDialog": "each closed day is saved by its own button as it is added",
    "FeeScheduleDialog": "a list; each fee is changed in its own FeeItemDialog form",
    "OperatorsDialog": "a list; each operator is changed in its own OperatorDialog form",
    "ImprovementsDialog": "a list; each improvement is changed in its own form",
    "DrawersDialog": "a list of drawers; opening and closing out are their own forms",
    "MeetingsDialog": "a list of meetings; each is changed in its own MeetingDialog form",
    "ReceiptDialog": "shows a saved receipt",
    "DatabaseProblemDialog": "a message about the database: nothing is typed",
}


def _tab(qtbot: Any, desk: Desk, operator: SignedIn, workflow_name: str) -> QWidget:
    [workflow] = [w for w in WORKFLOWS if w.name == workflow_name]
    module = importlib.import_module(tab_module_name(workflow))
    tab: QWidget = getattr(module, tab_class_name(workflow))(App(desk, operator))
    qtbot.add_widget(tab)
    tab.resize(1300, 800)
    tab.show()
    return tab


def _first_text_field(dialog: QDialog) -> QLineEdit | QPlainTextEdit:
    """The first field a clerk would type words into (not a date: it refuses words)."""
    for widget in dialog.findChildren(QWidget):
        if (
            isinstance(widget, QLineEdit | QPlainTextEdit)
            and type(widget).__module__ != "ui.kit.dates"
            and widget.isVisibleTo(dialog)
            and widget.isEnabled()
            and not widget.isReadOnly()
        ):
            return widget
    raise AssertionError(f"{type(dialog).__name__} has no field to type into")


# (tab's workflow, who is signed in, the button that opens the form)
FORMS = [
    ("petitions", Role.CLERK, "new_button"),
    ("vending", Role.CLERK, "new_button"),
    ("parties", Role.CLERK, "new_party_button"),
    ("sidewalk_cafes", Role.CLERK, "new_button"),
    ("street_privileges", Role.CLERK, "new_button"),
]


@pytest.mark.parametrize(("workflow", "role", "button"), FORMS, ids=[f[0] for f in FORMS])
def test_esc_on_a_typed_form_asks_and_keeping_keeps_every_keystroke(
    qtbot: Any,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    dialogs: list[Callable[[Any], None]],
    scripted_answers: Any,
    workflow: str,
    role: Role,
    button: str,
) -> None:
    asked, to_give = scripted_answers.texts, scripted_answers.presses
    tab = _tab(qtbot, desk, operator_with(role), workflow)
    seen: list[str] = []

    def type_then_escape(dialog: QDialog) -> None:
        assert isinstance(dialog, forms.FormDialog)
        field = _first_text_field(dialog)
        field.setFocus()
        qtbot.keyClicks(field, "Typed at the counter")
        typed = field.text() if isinstance(field, QLineEdit) else field.toPlainText()
        assert "Typed at the counter" in typed

        to_give.append(QMessageBox.StandardButton.No)  # Keep editing
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        assert asked == [QUESTION]
        assert dialog.isVisible(), "Keep editing leaves the form open"
        after = field.text() if isinstance(field, QLineEdit) else field.toPlainText()
        assert after == typed, "nothing typed is lost"

        to_give.append(QMessageBox.StandardButton.No)  # the title bar's close button asks too
        dialog.close()
        assert asked == [QUESTION, QUESTION] and dialog.isVisible()

        to_give.append(QMessageBox.StandardButton.Yes)  # Discard
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        assert not dialog.isVisible()
        assert dialog.result() == QDialog.DialogCode.Rejected
        seen.append(type(dialog).__name__)

    dialogs.append(type_then_escape)
    getattr(tab, button).click()
    assert seen, "the form opened"
    assert len(asked) == 3
    no = QMessageBox.StandardButton.No
    assert scripted_answers.defaults == [no, no, no], "Enter keeps editing"


@pytest.mark.parametrize(("workflow", "role", "button"), FORMS, ids=[f[0] for f in FORMS])
def test_esc_on_an_untouched_form_closes_it_without_a_question(
    qtbot: Any,
    desk: Desk,
    operator_with: Callable[[Role], SignedIn],
    dialogs: list[Callable[[Any], None]],
    scripted_answers: Any,
    workflow: str,
    role: Role,
    button: str,
) -> None:
    asked = scripted_answers.texts
    tab = _tab(qtbot, desk, operator_with(role), workflow)
    closed: list[bool] = []

    def escape(dialog: QDialog) -> None:
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        closed.append(not dialog.isVisible())

    dialogs.append(escape)
    getattr(tab, button).click()
    assert closed == [True]
    assert asked == []


def _dialog_classes() -> list[type[QDialog]]:
    for info in pkgutil.walk_packages(ui.__path__, "ui."):
        if info.name not in ("ui.main", "ui.app"):
            importlib.import_module(info.name)
    found: list[type[QDialog]] = []
    pending: list[type[QDialog]] = [QDialog]
    while pending:
        for sub in pending.pop().__subclasses__():
            if sub.__module__.startswith("ui."):
                found.append(sub)
            pending.append(sub)
    return found


def test_every_dialog_that_takes_typing_asks_before_it_discards() -> None:
    classes = _dialog_classes()
    assert len(classes) > 40  # the walk found the window's dialogs
    loose = [
        f"{cls.__module__}.{cls.__name__}"
        for cls in classes
        if not issubclass(cls, forms.FormDialog) and cls.__name__ not in NOT_FORMS
    ]
    assert loose == [], "a dialog that is no FormDialog loses what is typed to Esc"
    stale = sorted(set(NOT_FORMS) - {cls.__name__ for cls in classes})
    assert stale == [], "a dialog named as no form no longer exists"
