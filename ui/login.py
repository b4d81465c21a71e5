"""The dialogs before the main window: sign in, create the Administrator, a database problem.

The login dialog is the first thing on screen, so this module imports nothing but Qt and the
shell's small widgets: the core (SQLAlchemy, Alembic) is loaded only once the dialog has been
painted (see :mod:`ui.app`). The clerk can type the user name while the database opens; a
sign-in asked for before it is open happens as soon as it is.

Modal dialogs are shown through an ``ask()`` classmethod (or a module function for file
choosers) that tests replace, as pytest-qt recommends for dialogs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPaintEvent, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.kit.background import call_in_background
from ui.kit.widgets import ElidedLabel, error_label, heading, muted, note, set_error

if TYPE_CHECKING:
    from clerk_desk.desk import SignedIn

Signer = Callable[[str, str], "SignedIn"]
"""Checks a user name and password with the core; raises ``SignInFailed`` when refused."""

Creator = Callable[[str, str, str], "SignedIn"]
"""Creates the first Administrator from (user name, full name, password) with the core."""

DATABASE_FILTER = "Clerk Desk databases (*.sqlite3 *.sqlite *.db);;All files (*)"
SEAL_SIZE = 72


def choose_database_file(parent: QWidget | None, current: str | None = None) -> str | None:
    """Ask which database file to open (an existing one, or a new name for an empty one).

    Tests replace this function. A server database is given with ``--database URL`` instead.
    """
    start = ""
    if current and "://" not in current:
        start = str(Path(current).expanduser().parent)
    dialog = QFileDialog(parent, "Choose a Clerk Desk database", start, DATABASE_FILTER)
    dialog.setObjectName("choose_database")
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)  # a new name starts an empty database
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setLabelText(QFileDialog.DialogLabel.Accept, "Open")
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    return dialog.selectedFiles()[0]


def seal_pixmap(size: int = SEAL_SIZE) -> QPixmap | None:
    """The City's seal for the dialogs' heads, or None if the resource is missing."""
    from clerk_desk.paths import resource_path

    pixmap = QPixmap(str(resource_path("city-seal.png")))
    if pixmap.isNull():
        return None
    ratio = 2.0  # drawn from a larger image, so it stays sharp on high-density screens
    scaled = pixmap.scaled(
        QSize(int(size * ratio), int(size * ratio)),
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    scaled.setDevicePixelRatio(ratio)
    return scaled


class LoginDialog(QDialog):
    """User name, password, and the database in use with a "Change…" button.

    Enter signs in, Esc quits. A refused sign-in is said inside the dialog, under the fields,
    and the password is selected to be typed again. The dialog is shown before the database is
    open (:meth:`set_opening`); the launcher calls :meth:`set_ready` once it is.

    Signals:
        signed_in(object): the :class:`~clerk_desk.desk.SignedIn` operator the core accepted.
        change_database_requested(): the clerk pressed "Change…" to open another database.
        exposed(): once, just after the dialog was first painted on screen.
    """

    signed_in = Signal(object)
    change_database_requested = Signal()
    exposed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("login_dialog")
        self.setWindowTitle("Clerk Desk — Sign in")
        self._signer: Signer | None = None
        self._pending = False
        self._asked = 0  # sign-ins asked for; an answer for an earlier database is dropped
        self.checking = False
        """A password is being checked (on a worker thread)."""
        self._painted = False

        head = self._build_head()

        form = self._build_form()

        self.error = error_label(self)
        self.status = note("", self, small=False)
        self.status.setObjectName("login_status")

        self.sign_in_button = QPushButton("&Sign in", self)
        self.sign_in_button.setObjectName("sign_in")
        self.sign_in_button.setDefault(True)
        self.quit_button = QPushButton("&Quit", self)
        self.quit_button.setObjectName("quit")
        self.quit_button.setAutoDefault(False)
        buttons = QDialogButtonBox(self)
        buttons.addButton(self.sign_in_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.quit_button, QDialogButtonBox.ButtonRole.RejectRole)

        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        self.database_label = ElidedLabel("", self)
        self.database_label.setObjectName("database_in_use")
        muted(self.database_label)
        self.change_button = QPushButton("C&hange…", self)
        self.change_button.setObjectName("change_database")
        self.change_button.setAutoDefault(False)
        self.change_button.setToolTip("Open another Clerk Desk database (a file)")
        database_row = QHBoxLayout()
        database_row.addWidget(self.database_label, 1)
        database_row.addWidget(self.change_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 14)
        layout.setSpacing(12)
        layout.addLayout(head)
        layout.addSpacing(4)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        layout.addSpacing(4)
        layout.addWidget(rule)
        layout.addLayout(database_row)

        self.sign_in_button.clicked.connect(self.sign_in)
        self.quit_button.clicked.connect(self.reject)
        self.change_button.clicked.connect(self.change_database_requested)
        self.setTabOrder(self.username, self.password)
        self.setTabOrder(self.password, self.sign_in_button)
        self.setTabOrder(self.sign_in_button, self.quit_button)
        self.setTabOrder(self.quit_button, self.change_button)
        self.set_opening("")

    def _build_head(self) -> QHBoxLayout:
        """The City's seal beside the program's name."""
        self.seal = QLabel(self)
        self.seal.setFixedSize(SEAL_SIZE, SEAL_SIZE)
        self.title = heading("Clerk Desk", self, scale=1.6)
        self.subtitle = QLabel("City Hall counter", self)
        head_text = QVBoxLayout()
        head_text.setSpacing(2)
        head_text.addStretch(1)
        head_text.addWidget(self.title)
        head_text.addWidget(self.subtitle)
        head_text.addStretch(1)
        head = QHBoxLayout()
        head.setSpacing(14)
        head.addWidget(self.seal)
        head.addLayout(head_text, 1)
        return head

    def _build_form(self) -> QFormLayout:
        """The user name and the password, each with its label."""
        self.username = QLineEdit(self)
        self.username.setObjectName("username")
        self.username.setPlaceholderText("e.g. cjensen")
        self.username.setMinimumWidth(260)
        self.password = QLineEdit(self)
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        form = QFormLayout()
        form.setVerticalSpacing(10)
        user_label = QLabel("&User name:", self)
        user_label.setBuddy(self.username)
        password_label = QLabel("&Password:", self)
        password_label.setBuddy(self.password)
        form.addRow(user_label, self.username)
        form.addRow(password_label, self.password)
        return form

    # ---- states ---------------------------------------------------------------------------

    def set_opening(self, database: str) -> None:
        """Show that the database is being opened; typing goes on, signing in waits for it."""
        self._signer = None
        # A check under way is for the database before: its answer is dropped (sign_in).
        self._asked += 1
        self.checking = False
        self.sign_in_button.setEnabled(True)
        self.change_button.setEnabled(False)
        self.database_label.set_full_text(f"Database: {database}" if database else "")
        set_error(self.error, "")
        self.status.setText("Opening the database…")
        self.status.setVisible(True)

    def set_ready(
        self, database: str, signer: Signer, *, city: str = "", seal: QPixmap | None = None
    ) -> None:
        """The database is open: sign-ins go to ``signer``; a waiting sign-in runs now."""
        self._signer = signer
        self.change_button.setEnabled(True)
        self.database_label.set_full_text(f"Database: {database}")
        self.show_city(city, seal)
        self.status.setVisible(False)
        self.status.setText("")
        if self._pending:
            self._pending = False
            self.sign_in()

    def show_city(self, city: str, seal: QPixmap | None) -> None:
        """The City's name under the program's, and its seal (read once the core is loaded,
        which may be after sign-ins are taken)."""
        if city:
            self.subtitle.setText(f"{city} — City Hall counter")
        if seal is not None:
            self.seal.setPixmap(seal)

    def reset(self, *, username: str = "", message: str = "") -> None:
        """Ready for the next operator: empty password, ``message`` (e.g. after a restore)."""
        self._checked()
        self.password.clear()
        if username:
            self.username.setText(username)
        set_error(self.error, "")
        self.status.setText(message)
        self.status.setVisible(bool(message))
        (self.password if self.username.text() else self.username).setFocus()

    # ---- signing in -----------------------------------------------------------------------

    def sign_in(self) -> None:
        """Ask the core on a worker thread; say in the dialog why it refused, or emit
        :attr:`signed_in`. :attr:`checking` while the core checks the password."""
        if not self.username.text().strip():
            set_error(self.error, "Type your user name.")
            self.username.setFocus()
            return
        if self._signer is None:
            self._pending = True
            self.status.setText("Opening the database… you are signed in as soon as it is open.")
            return
        if self.checking:
            return  # Enter pressed twice: the first check answers
        set_error(self.error, "")
        self.checking = True
        self.sign_in_button.setEnabled(False)
        self.status.setText("Checking the password…")
        self.status.setVisible(True)
        signer, username, password = self._signer, self.username.text(), self.password.text()
        self._asked += 1
        asked = self._asked

        # An answer after set_opening (another database chosen meanwhile) is dropped.
        def accepted(operator: SignedIn) -> None:
            if asked == self._asked:
                self._accepted(operator)

        def refused(error: Exception) -> None:
            if asked == self._asked:
                self._refused(error)

        # The check takes a third of a second on purpose (scrypt); it runs on a worker thread,
        # which lets go of the interpreter meanwhile, so the dialog answers keys and repaints.
        call_in_background(self, lambda: signer(username, password), accepted, refused)

    def _checked(self) -> None:
        self.checking = False
        self.sign_in_button.setEnabled(True)
        self.status.setVisible(False)
        self.status.setText("")

    def _accepted(self, operator: SignedIn) -> None:
        # Still checking, as far as Enter knows, until the window takes over (:meth:`reset`):
        # a sign-in before the core has loaded waits for it, and an Enter pressed again
        # meanwhile checked the emptied password, a refusal in the audit trail.
        self.password.clear()
        self.status.setText("Signed in. Opening the window…")
        self.status.setVisible(True)
        self.signed_in.emit(operator)

    def _refused(self, error: Exception) -> None:
        from clerk_desk.errors import ClerkDeskError

        self._checked()
        if isinstance(error, ClerkDeskError):
            set_error(self.error, error.message)
            self.password.setFocus()
            self.password.selectAll()
            return
        from ui.kit.operations import show_error

        show_error(self, error)  # a bug: said plainly and logged, never swallowed

    def error_text(self) -> str:
        """The refusal shown under the fields, or an empty string."""
        return self.error.text() if self.error.isVisible() else ""

    # ---- events ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self.exposed.emit)


class FirstAdministratorDialog(QDialog):
    """First start: create the Administrator, who then adds the other operators.

    Each refusal of the core (user name, full name, password) is shown under its field; the two
    passwords must match, which only this form can know.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, create: Creator, database: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from ui.kit.operations import FieldErrors

        self.setObjectName("first_administrator")
        self.setWindowTitle("Clerk Desk — Create the Administrator")
        self._create = create
        self.operator: SignedIn | None = None
        self.errors = FieldErrors()

        head = self._build_head()

        self.username = QLineEdit(self)
        self.username.setObjectName("username")
        self.username.setPlaceholderText("letters, digits, dots or dashes, e.g. admin")
        self.full_name = QLineEdit(self)
        self.full_name.setObjectName("full_name")
        self.full_name.setPlaceholderText("as it should appear in the audit trail")
        self.password = QLineEdit(self)
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_again = QLineEdit(self)
        self.password_again.setObjectName("password_again")
        self.password_again.setEchoMode(QLineEdit.EchoMode.Password)

        form = QFormLayout()
        form.setVerticalSpacing(6)
        for field, caption, widget in (
            ("username", "&User name:", self.username),
            ("full_name", "&Full name:", self.full_name),
            ("password", "&Password:", self.password),
            ("password_again", "Password &again:", self.password_again),
        ):
            label = QLabel(caption, self)
            label.setBuddy(widget)
            cell = QWidget(self)
            column = QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            message = QLabel(cell)
            column.addWidget(widget)
            column.addWidget(message)
            form.addRow(label, cell)
            self.errors.add(field, message, widget)
        self.username.setMinimumWidth(300)

        self.create_button = QPushButton("&Create and sign in", self)
        self.create_button.setObjectName("create")
        self.create_button.setDefault(True)
        self.quit_button = QPushButton("&Quit", self)
        self.quit_button.setAutoDefault(False)
        buttons = QDialogButtonBox(self)
        buttons.addButton(self.create_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.quit_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.create_button.clicked.connect(self.create_administrator)
        self.quit_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 14)
        layout.setSpacing(12)
        layout.addLayout(head)
        layout.addLayout(form)
        layout.addWidget(buttons)
        layout.addWidget(muted(ElidedLabel(f"Database: {database}", self)))
        self.username.setFocus()

    def _build_head(self) -> QHBoxLayout:
        """The City's seal beside what the Administrator is and may do."""
        seal = QLabel(self)
        seal.setFixedSize(SEAL_SIZE, SEAL_SIZE)
        pixmap = seal_pixmap()
        if pixmap is not None:
            seal.setPixmap(pixmap)
        intro = QLabel(
            "No one has signed in to this database yet. Create the <b>Administrator</b>: the "
            "person who adds the other operators, sets the City's settings and fee schedule, "
            "and may back up and restore the database.",
            self,
        )
        intro.setWordWrap(True)
        text = QVBoxLayout()
        text.addWidget(heading("Create the Administrator", self, scale=1.35))
        text.addWidget(intro)
        head = QHBoxLayout()
        head.setSpacing(14)
        head.addWidget(seal, 0, Qt.AlignmentFlag.AlignTop)
        head.addLayout(text, 1)
        return head

    @classmethod
    def ask(cls, parent: QWidget | None, create: Creator, database: str) -> SignedIn | None:
        """Show the dialog modally; the Administrator created and signed in, or None (Quit)."""
        dialog = cls(create, database, parent)
        dialog.exec()
        return dialog.operator

    def create_administrator(self) -> None:
        """Check the two passwords match, then let the core create the Administrator."""
        from clerk_desk.errors import InvalidInput
        from ui.kit.operations import attempt

        self.errors.clear()
        if self.password.text() != self.password_again.text():
            self.errors.show(InvalidInput("The two passwords differ.", field="password_again"))
            self.password_again.selectAll()
            return
        operator = attempt(
            self,
            lambda: self._create(self.username.text(), self.full_name.text(), self.password.text()),
            errors=self.errors,
        )
        if operator is not None:
            self.operator = operator
            self.accept()


Choice = Literal["retry", "choose", "quit"]


class DatabaseProblemDialog(QMessageBox):
    """The database could not be opened: say why in the core's words, and offer a way out.

    Nothing is changed by this dialog: the clerk tries again (a locked file, a server that
    was restarting), chooses another database, or quits.

    Signals: those of :class:`QMessageBox`.
    """

    def __init__(self, message: str, database: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("database_problem")
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle("Clerk Desk — The database cannot be opened")
        self.setText(message)
        self.setInformativeText(
            f"Database: {database}\n\nNothing was changed. Try again, choose another "
            "database, or quit and ask your IT contact."
        )
        self.retry_button = self.addButton("&Try again", QMessageBox.ButtonRole.AcceptRole)
        self.choose_button = self.addButton(
            "&Choose another database…", QMessageBox.ButtonRole.ActionRole
        )
        self.quit_button = self.addButton("&Quit", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.choose_button)
        self.setEscapeButton(self.quit_button)

    @classmethod
    def ask(cls, parent: QWidget | None, message: str, database: str) -> Choice:
        """Show the problem modally and return what the clerk chose."""
        box = cls(message, database, parent)
        box.exec()
        return box.choice()

    def choice(self) -> Choice:
        clicked = self.clickedButton()
        if clicked is self.retry_button:
            return "retry"
        if clicked is self.choose_button:
            return "choose"
        return "quit"
