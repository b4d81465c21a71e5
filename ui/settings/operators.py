"""The operators in Settings: who signs in, with which role, and their passwords."""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import tzinfo

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import operators, sign_in_limits, words
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import Role
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform
from ui.kit.table_models import CENTER, RowsModel, TableColumn, yes
from ui.settings.common import (
    information,
    refused,
)


@dataclass(frozen=True, slots=True)
class OperatorRow:
    id: int
    username: str
    full_name: str
    role: Role
    active: bool
    last_sign_in: str

    @classmethod
    def of(cls, operator: operators.OperatorInfo, zone: tzinfo | None) -> OperatorRow:
        return cls(
            operator.id,
            operator.username,
            operator.full_name,
            Role(operator.role),
            operator.active,
            words.local_time(operator.last_sign_in_at, zone) or "never",
        )


OPERATOR_COLUMNS = (
    TableColumn("User name", lambda r: r.username),
    TableColumn("Full name", lambda r: r.full_name),
    TableColumn("Role", lambda r: r.role.label),
    TableColumn("Active", lambda r: yes(r.active) or "No", align=CENTER),
    TableColumn("Last sign-in", lambda r: r.last_sign_in),
)


class OperatorsDialog(QDialog):
    """Who may sign in, and with which role. Operators are never deleted, only deactivated,
    so the audit trail always names a real person. Only the Administrator sees the list
    (:func:`clerk_desk.operators.list_operators` refuses anyone else).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("operators_dialog")
        self.setWindowTitle("Operators")
        self.model = RowsModel(OPERATOR_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="operator_table")
        forms.size_columns(self.table, {0: 14, 1: 24, 2: 30, 3: 7})
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.password_button = QPushButton("&Reset password…")
        self.lift_button = QPushButton("&Lift the sign-in delay")
        self.lift_button.setObjectName("lift_sign_in_delay")
        self.lift_button.setToolTip(
            "After too many wrong passwords a user name must wait before signing in again; "
            "this lets the chosen operator try again now."
        )
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        managing = (self.add_button, self.edit_button, self.password_button, self.lift_button)
        for button in managing:
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        self.refusal = refused(app, DeskAct.OPERATORS)
        if self.refusal:
            layout.addWidget(forms.banner(self.refusal))
            for button in managing:
                button.setEnabled(False)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(860, 420)
        self.add_button.clicked.connect(self.add_operator)
        self.edit_button.clicked.connect(self.edit_operator)
        self.password_button.clicked.connect(self.reset_password)
        self.lift_button.clicked.connect(self.lift_sign_in_delay)
        self.close_button.clicked.connect(self.accept)
        self.table.doubleClicked.connect(lambda _i: self.edit_operator())
        forms.on_enter(self.table, self.edit_operator)
        self.refresh()

    def refresh(self, select_id: int | None = None) -> None:
        def load(action: Action) -> list[OperatorRow]:
            zone = action.clock.local_now().tzinfo
            return [OperatorRow.of(o, zone) for o in operators.list_operators(action)]

        if self.refusal:  # the core refuses the list too; the banner already says why
            self.model.set_rows([])
            return
        self.model.set_rows(perform(self, self.app, load, writes=False) or [])
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else 0
        forms.select_row(self.table, max(number, 0))

    def selected(self) -> OperatorRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, OperatorRow) else None

    def add_operator(self) -> None:
        if self.refusal:
            return
        dialog = OperatorDialog(self, self.app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            self.refresh(dialog.result_value)

    def edit_operator(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        dialog = OperatorDialog(self, self.app, row)
        if forms.run_modal(dialog):
            self.refresh(row.id)

    def reset_password(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return
        dialog = PasswordDialog(self, self.app, row)
        if forms.run_modal(dialog):
            information(
                self,
                "Password reset",
                f"{row.full_name} signs in with the new password from now on.",
            )

    def lift_sign_in_delay(self) -> None:
        row = self.selected()
        if row is None or self.refusal:
            return

        def lift(action: Action) -> bool:
            sign_in_limits.lift_sign_in_delay(action, row.username)
            return True

        if perform(self, self.app, lift):
            information(self, "Sign-in delay lifted", f"{row.full_name} may sign in again now.")


def _same_password(first: str, second: str) -> None:
    """The form's own check that the password was typed the same twice (the core never sees
    the second copy)."""
    if first != second:
        raise InvalidInput(
            "The two passwords are not the same; type it again.", field="password_again"
        )


class OperatorDialog(forms.FormDialog):
    """Add an operator (user name, name, role, password twice) or change name, role, active.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: OperatorRow | None = None) -> None:
        super().__init__(parent, f"Operator {row.username}" if row else "New operator")
        self.app = app
        self.row = row
        self.setObjectName("operator_dialog")
        self.username = QLineEdit(row.username if row else "")
        self.username.setObjectName("username")
        forms.limit_to(self.username, "Operator.username")
        self.username.setReadOnly(row is not None)
        self.full_name = QLineEdit(row.full_name if row else "")
        self.full_name.setObjectName("full_name")
        forms.limit_to(self.full_name, "Operator.full_name")
        self.role = QComboBox()
        self.role.setObjectName("role")
        for role in Role:
            self.role.addItem(role.label, role)
        self.role.setCurrentIndex(self.role.findData(row.role if row else Role.CLERK))
        self.add_field("&User name", self.username, "username")
        self.add_field("&Full name", self.full_name, "full_name")
        self.add_field("&Role", self.role, "role")
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_again = QLineEdit()
        self.password_again.setObjectName("password_again")
        self.password_again.setEchoMode(QLineEdit.EchoMode.Password)
        self.active = QCheckBox(
            "May sign in (untick when the person leaves; operators are never deleted)"
        )
        self.active.setObjectName("active")
        if row is None:
            self.add_field("&Password", self.password, "password")
            self.add_field("Password &again", self.password_again, "password_again")
        else:
            self.active.setChecked(row.active)
            self.form.addRow("", self.active)
            self.errors.add("active", forms.error_label())
        self.finish_layout()
        self.resize(480, self.sizeHint().height())
        (self.full_name if row else self.username).setFocus()

    def commit(self) -> object:
        row = self.row
        full_name, role = self.full_name.text(), self.role.currentData()
        if row is None:
            username, password = self.username.text(), self.password.text()
            again = self.password_again.text()

            def add(action: Action) -> int:
                _same_password(password, again)
                return operators.add_operator(
                    action, username=username, full_name=full_name, role=role, password=password
                ).id

            return perform(self, self.app, add, errors=self.errors)
        active = self.active.isChecked()

        def update(action: Action) -> int:
            operators.update_operator(action, row.id, full_name=full_name, role=role, active=active)
            return row.id

        return perform(self, self.app, update, errors=self.errors)


class PasswordDialog(forms.FormDialog):
    """A new password: the Administrator resetting another's, or an operator changing their own
    (then the current password is asked first).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: OperatorRow | None = None) -> None:
        own = row is None
        super().__init__(
            parent,
            "Change my password" if own else f"Reset the password of {row.username if row else ''}",
        )
        self.app = app
        self.operator_id = app.operator.id if row is None else row.id
        self.own = own
        self.setObjectName("password_dialog")
        self.current_password = QLineEdit()
        self.current_password.setObjectName("current_password")
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password_again = QLineEdit()
        self.password_again.setObjectName("password_again")
        for field in (self.current_password, self.password, self.password_again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        if own:
            self.add_top(
                QLabel(
                    f"Signed in as <b>{html.escape(app.operator.full_name)}</b> "
                    f"({html.escape(app.operator.username)})."
                )
            )
            self.add_field("&Current password", self.current_password, "current_password")
        self.add_field("&New password", self.password, "password")
        self.add_field("New password &again", self.password_again, "password_again")
        self.password.setToolTip(f"At least {operators.MIN_PASSWORD_LENGTH} characters.")
        self.finish_layout()
        self.resize(440, self.sizeHint().height())
        (self.current_password if own else self.password).setFocus()

    def commit(self) -> object:
        new, again = self.password.text(), self.password_again.text()
        current = self.current_password.text() if self.own else None
        operator_id = self.operator_id

        def work(action: Action) -> bool:
            _same_password(new, again)
            operators.set_password(action, operator_id, new, current_password=current)
            return True

        return perform(self, self.app, work, errors=self.errors)


def manage_operators(parent: QWidget | None, app: App) -> None:
    """List, add and change operators (the Administrator; others see only why they may not)."""
    forms.run_modal(OperatorsDialog(parent, app))


def change_password(parent: QWidget | None, app: App) -> bool:
    """The signed-in operator changes their own password; True if changed."""
    return bool(forms.run_modal(PasswordDialog(parent, app)))
