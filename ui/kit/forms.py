"""Shared pieces of the forms and registers: dialogs, search fields, tables, and test hooks.

Every modal dialog and file dialog goes through a module-level hook here (:func:`run_modal`,
:func:`ask_save_path`, :func:`ask_open_path`, :func:`open_cite`), called as ``forms.run_modal(...)``
so that a test can replace it: the test then drives the real dialog with the keyboard and no
modal event loop is ever left open.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.validation import longest
from ui.kit import folders, keys
from ui.kit.dates import DayField, DayLine, TimeField
from ui.kit.operations import FieldErrors
from ui.kit.style import CAUTION_BACKGROUND, INFO, LATE, NOTE_BACKGROUND
from ui.kit.table_models import ROW_ROLE, RowsModel
from ui.kit.unsaved import Snapshot, ask_to_discard, changed_fields, snapshot
from ui.kit.widgets import place_on_screen

SEARCH_DELAY_MS = 150
"""Pause after the last keystroke before a search runs: one query per word, not per letter."""

# ---- hooks tests replace ---------------------------------------------------------------------


def run_modal(dialog: QDialog) -> int:
    """Show ``dialog`` modally and return its result. Tests replace this to drive the dialog.

    The dialog is deleted once control is back in the main event loop (the caller reads its
    fields first): a form opened with a parent would otherwise live on, hidden, as the parent's
    child for the rest of the day, its signals and timers still reading the database."""
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()


def ask_save_path(parent: QWidget, title: str, suggested: str, file_filter: str) -> str | None:
    """Where to save a file, or None if the person cancelled. Tests replace this.

    The dialog starts in the folder last used at this station, else Documents
    (:mod:`ui.kit.folders`), never the program's own folder."""
    path, _ = QFileDialog.getSaveFileName(
        parent, title, folders.starting_path(suggested), file_filter
    )
    if path:
        folders.remember(path)
    return path or None


def ask_open_path(parent: QWidget, title: str, file_filter: str) -> str | None:
    """Which file to open, or None if the person cancelled. Tests replace this."""
    path, _ = QFileDialog.getOpenFileName(parent, title, folders.starting_path(""), file_filter)
    if path:
        folders.remember(path)
    return path or None


def open_cite(parent: QWidget, cite: str) -> None:
    """Show the ordinance at ``cite``. The main window may replace this to use its own tab.

    By default a small non-modal window with the ordinance viewer opens beside the form, so the
    clerk can read the paragraph and go on typing.
    """
    from ui.ordinance_viewer import OrdinanceViewer

    window = QDialog(parent)
    window.setWindowTitle(f"Chapter 506 — {cite}")
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    layout = QVBoxLayout(window)
    viewer = OrdinanceViewer(window)
    layout.addWidget(viewer)
    window.resize(760, 560)
    window.show()
    viewer.open_at(cite)


# ---- small widgets ---------------------------------------------------------------------------


class SearchField(QLineEdit):
    """A search box that searches as the clerk types, once they pause for a moment.

    Signals: ``search_requested(str)`` after :data:`SEARCH_DELAY_MS` without typing (or at once
    on :meth:`flush`); ``move_down()`` when Down, or Enter after something typed, is pressed, so
    the screen can put the caret in its table; Esc clears the text.
    """

    search_requested = Signal(str)
    move_down = Signal()

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setClearButtonEnabled(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.flush)
        self.textChanged.connect(lambda _text: self._timer.start())

    def flush(self) -> None:
        """Search now for what is typed (Enter pressed, or a test that does not wait)."""
        self._timer.stop()
        self.search_requested.emit(self.text())

    def pending(self) -> bool:
        return self._timer.isActive()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not self.text().strip():
            return  # nothing searched for: nothing is chosen (the first name is no one's choice)
        if enter or key == Qt.Key.Key_Down:
            if self._timer.isActive():
                self.flush()
            self.move_down.emit()
            return
        if key == Qt.Key.Key_Escape and self.text():
            self.clear()
            self.flush()
            return
        super().keyPressEvent(event)


def limit_to(edit: QLineEdit, field: str) -> QLineEdit:
    """Let ``edit`` take no more characters than the record's ``field`` (e.g. ``"Party.phone"``)
    stores: :func:`clerk_desk.validation.longest`, the limit the services check. A workflow
    whose views carry its fields' lengths uses :func:`ui.kit.fields.limited` with them."""
    limit = longest(field)
    if limit is not None:
        edit.setMaxLength(limit)
    return edit


def error_label() -> QLabel:
    """The red line under a field; :class:`ui.kit.operations.FieldErrors` fills and shows it."""
    return QLabel()


def banner(text: str, *, tone: str = "warning") -> QLabel:
    """A strip of text at the top of a dialog: a refusal, a note on placeholders."""
    colours = {"warning": (CAUTION_BACKGROUND, LATE), "info": (NOTE_BACKGROUND, INFO)}
    background, foreground = colours[tone]
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setStyleSheet(
        f"background: {background}; color: {foreground}; padding: 6px; border-radius: 3px;"
    )
    return label


def rich_label(name: str, on_link: Callable[[str], object] | None = None) -> QLabel:
    """A chosen record's details: rich text from the top left, selectable, its links going to
    ``on_link`` (the window's ``open_link`` for ``cite:`` and record links)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    if on_link is not None:
        label.linkActivated.connect(on_link)
    return label


class _DownScroller(QScrollArea):
    """A scroll area as wide, at least, as its widget needs beside the vertical scroll bar."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        inner = self.widget()
        if inner is None:
            return hint
        needed = inner.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(hint.width(), needed + 2 * self.frameWidth()), hint.height())


def scrolled(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that resizes it to its width and scrolls only up
    and down: the pane is never made narrower than what it holds needs."""
    scroller = _DownScroller()
    scroller.setWidget(widget)
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QScrollArea.Shape.NoFrame)
    return scroller


def make_table(model: RowsModel, *, name: str) -> QTableView:
    """A register table as the clerks expect it: whole rows selected, no typing into cells."""
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.horizontalHeader().setStretchLastSection(True)
    view.horizontalHeader().setHighlightSections(False)
    # The last column gives up its room before the table scrolls sideways (Qt keeps it at 100
    # pixels at least, a few more than a narrow pane has once the others have theirs).
    view.horizontalHeader().setMinimumSectionSize(view.fontMetrics().horizontalAdvance("n") * 5)
    view.setTabKeyNavigation(False)  # Tab leaves the table, as in every other field
    _ColumnsGiveWay(view)
    return view


class _ColumnsGiveWay(QObject):
    """A table's columns at the widths they were given, or narrower, each in proportion, when the
    pane is narrower than they add up to: a register in a details pane at 1,280 pixels scrolled
    sideways (issue 19). A cell cut short is elided, and its tooltip gives it whole
    (:class:`ui.kit.table_models.RowsModel`). A width the clerk drags is kept as given."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self._view = view
        self._wanted: dict[int, int] = {}
        self._fitting = False
        view.viewport().installEventFilter(self)
        view.horizontalHeader().sectionResized.connect(self._resized)
        view.model().modelReset.connect(self.fit)  # the stretching column's text is new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def _resized(self, column: int, _old: int, new: int) -> None:
        if not self._fitting:
            self._wanted[column] = new

    def _giving(self, header: QHeaderView) -> list[int]:
        """The columns that give way: those of a width given, not the one that stretches."""
        last = header.logicalIndex(header.count() - 1)
        return [
            column
            for column in range(header.count())
            if not header.isSectionHidden(column)
            and header.sectionResizeMode(column) == QHeaderView.ResizeMode.Interactive
            and not (header.stretchLastSection() and column == last)
        ]

    def _kept(self, header: QHeaderView, column: int) -> int:
        """The room a column that does not give way keeps: its width; a free-text column made
        to stretch, the least (it gives up its room first); the last column stretched to the
        edge (a status, most often), what its text needs, up to a third of the table."""
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.Stretch:
            return header.minimumSectionSize()
        if not (header.stretchLastSection() and column == header.logicalIndex(header.count() - 1)):
            return header.sectionSize(column)
        needs = max(header.sectionSizeHint(column), self._view.sizeHintForColumn(column))
        third = self._view.viewport().width() // 3
        return max(header.minimumSectionSize(), min(needs, third))

    def fit(self) -> None:
        header = self._view.horizontalHeader()
        giving = self._giving(header)
        if not giving:
            return
        wanted = {
            column: self._wanted.setdefault(column, header.sectionSize(column)) for column in giving
        }
        room = self._view.viewport().width() - sum(
            self._kept(header, column)
            for column in range(header.count())
            if column not in giving and not header.isSectionHidden(column)
        )
        scale = min(1.0, room / sum(wanted.values())) if room > 0 else 0.0
        self._fitting = True
        try:
            for column, width in wanted.items():
                header.resizeSection(column, max(header.minimumSectionSize(), int(width * scale)))
        finally:
            self._fitting = False


def selected_row(view: QTableView) -> object | None:
    """The row object under the table's current row, or None."""
    index = view.currentIndex()
    if not index.isValid() or not view.selectionModel().isRowSelected(index.row(), index.parent()):
        return None
    row: object = index.siblingAtColumn(0).data(ROW_ROLE)
    return row


def select_row(view: QTableView, number: int) -> None:
    """Make ``number`` the current, selected row (if the table has it)."""
    model = view.model()
    if 0 <= number < model.rowCount():
        view.setCurrentIndex(model.index(number, 0))
        view.selectRow(number)


@contextlib.contextmanager
def quietly(*widgets: QObject) -> Iterator[None]:
    """Change filters without a search for each change: the caller searches once after."""
    blocked = [widget.blockSignals(True) for widget in widgets]
    try:
        yield
    finally:
        for widget, was in zip(widgets, blocked, strict=True):
            widget.blockSignals(was)


def offer_years(box: QComboBox, years: Iterable[int], *, label: Callable[[int], str] = str) -> None:
    """Offer the years a register holds after the box's first item ("All years"), newest
    first, keeping the year chosen even when no record of it is left."""
    current = box.currentData()
    offered = [box.itemData(i) for i in range(1, box.count())]
    wanted = sorted(set(years) | ({current} if current else set()), reverse=True)
    if offered == wanted:
        return
    with quietly(box):
        while box.count() > 1:
            box.removeItem(1)
        for year in wanted:
            box.addItem(label(year), year)
        box.setCurrentIndex(max(0, box.findData(current)))


def size_columns(view: QTableView, widths: dict[int, int], *, stretch: int | None = None) -> None:
    """Give columns the widths the clerks need (in characters); the last one stretches, or
    ``stretch``: a free-text column (a location, an event) that gives up its room first, so that
    the register fits the window at its first size without scrolling sideways and the status and
    dates at the right stay whole."""
    metrics = view.fontMetrics()
    header = view.horizontalHeader()
    for column, chars in widths.items():
        header.resizeSection(column, metrics.horizontalAdvance("n") * chars + 16)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    last = header.count() - 1
    if stretch is None and header.stretchLastSection() and last not in widths:
        # The stretched column fills what is left, and never holds more than it is left: Qt
        # keeps it at its width before stretching, which pushed a narrow pane to scroll sideways.
        header.resizeSection(last, header.minimumSectionSize())
    if stretch is not None:
        header.setStretchLastSection(False)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)


def share_width(view: QTableView, weights: Mapping[int, int]) -> None:
    """Columns that share the width the table has and never scroll it sideways: each column in
    ``weights`` takes its share of what the others leave (a name 3, a company 2), its text cut
    with an ellipsis (the whole text is in its tooltip or the details beside); every other
    column is as wide as what it holds (a day, an amount, a status)."""
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    for column in range(header.count()):
        mode = (
            QHeaderView.ResizeMode.Interactive
            if column in weights
            else QHeaderView.ResizeMode.ResizeToContents
        )
        header.setSectionResizeMode(column, mode)
    _SharedWidths(view, weights)


class _SharedWidths(QObject):
    """Gives the weighted columns of a table their shares again whenever the table, its rows or
    one of its other columns change width: once, after Qt has laid the columns out (their
    widths as the rows need them are known only then)."""

    def __init__(self, view: QTableView, weights: Mapping[int, int]) -> None:
        super().__init__(view)
        self.view, self.weights = view, dict(weights)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.share)
        view.viewport().installEventFilter(self)
        view.horizontalHeader().sectionResized.connect(self._resized)
        view.model().modelReset.connect(self.timer.start)
        view.model().layoutChanged.connect(self.timer.start)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.timer.start()
        return False

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if column not in self.weights:
            self.timer.start()

    def share(self) -> None:
        header = self.view.horizontalHeader()
        held = sum(
            header.sectionSize(column)
            for column in range(header.count())
            if column not in self.weights and not header.isSectionHidden(column)
        )
        room = max(0, self.view.viewport().width() - held)
        total = sum(self.weights.values()) or 1
        columns = sorted(self.weights)
        left = room
        for number, column in enumerate(columns):
            width = left if number == len(columns) - 1 else room * self.weights[column] // total
            header.resizeSection(column, max(width, header.minimumSectionSize()))
            left -= width


def date_edit(day: date, *, name: str) -> DayField:
    """The form's date field (:class:`ui.kit.dates.DayField`): a day typed whole, said in words."""
    return DayField(day, name=name)


def to_date(edit: DayField | DayLine) -> date:
    value = edit.date()
    return date(value.year(), value.month(), value.day())


def escape(text: str) -> str:
    return html.escape(text)


# ---- the form dialog -------------------------------------------------------------------------


class FormDialog(QDialog):
    """A form in a dialog: fields with their error lines, Save and Cancel.

    Enter saves from any one-line field (Save is the default button), Ctrl+Enter saves from a
    multi-line field too, Esc cancels. :meth:`save` is what Save does; it closes the dialog only
    when :meth:`commit` returns a result (the core accepted the form), so a refused form stays
    open with the message under the field and everything typed still there.

    Esc, Cancel and the close button ask before they throw away anything the clerk typed
    (:mod:`ui.kit.unsaved`; *Keep editing* is the default); :meth:`discard` closes without
    asking, for the window's own use once the clerk has already said so.

    Signals: those of :class:`QDialog` (``accepted``, ``rejected``, ``finished``).
    """

    def __init__(self, parent: QWidget | None, title: str, *, save_text: str = "Save") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.errors = FieldErrors()
        self.result_value: object = None
        self.discard_what = "what was typed in this form"
        self._as_opened: Snapshot | None = None
        self._read_only = False
        self._layout = QVBoxLayout(self)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._layout.addLayout(self.form)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText(save_text)
        self.save_button.setDefault(True)
        self.save_button.setObjectName("save_button")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        for sequence in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(sequence), self).activated.connect(self.save)

    def finish_layout(self) -> None:
        """Put the buttons last, after the subclass has added its fields.

        Every other button of the form ("Choose image…", "No owner") is made non-default, so
        that Enter always saves, wherever the caret is.
        """
        self._layout.addStretch(1)
        self._layout.addWidget(self.buttons)
        for button in self.findChildren(QPushButton):
            if button is not self.save_button:
                button.setAutoDefault(False)
                button.setDefault(False)

    def add_top(self, widget: QWidget) -> None:
        """A banner or note above the fields."""
        self._layout.insertWidget(0, widget)

    def add_field(self, label: str, widget: QWidget, field: str | None = None) -> QWidget:
        """One labelled field; with ``field`` (the core's name for it) an error line under it."""
        self.form.addRow(label, widget)
        if field is not None:
            message = error_label()
            self.form.addRow("", message)
            self.errors.add(field, message, widget)
        return widget

    def commit(self) -> object:
        """Save the form through the core; return a result, or None when refused."""
        raise NotImplementedError

    def a_day_is_no_day(self) -> bool:
        """Whether a day or time typed is no day (02/31/2026): it is never saved as another; the
        field says why beside it and takes the caret, and the form waits until it is fixed."""
        for field in [*self.findChildren(DayField), *self.findChildren(TimeField)]:
            if field.problem() and field.isVisibleTo(self):
                field.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return False

    def save(self) -> None:
        if self.a_day_is_no_day():
            return
        result = self.commit()
        if result is not None:
            self.result_value = result
            self.accept()

    def set_read_only(self, reason: str) -> None:
        """Show the core's refusal at the top and take away Save: the operator may only look."""
        self.add_top(banner(reason))
        self.save_button.setEnabled(False)
        self._read_only = True

    def showEvent(self, event: QShowEvent) -> None:
        if self._as_opened is None:
            keys.settle(self)  # once, as it first opens: one Alt+letter per field and button
            for note in [*self.findChildren(QPlainTextEdit), *self.findChildren(QTextEdit)]:
                _CtrlEnterSaves(note, self.save)
            self._as_opened = snapshot(self)
            # No larger than the screen, and whole on it: the cafe application was sized for
            # a bigger screen than the counter's 1,366 x 768 (issue 19).
            parent = self.parentWidget()
            place_on_screen(self, self.size(), over=parent.window() if parent else None)
        super().showEvent(event)

    def typed_fields(self) -> list[QWidget]:
        """The fields the clerk has changed since the form opened (nothing when it may only
        be read: there is nothing it could save)."""
        if self._as_opened is None or self._read_only:
            return []
        return changed_fields(self, self._as_opened)

    def reject(self) -> None:
        """Esc, Cancel or the close button: asks first when the clerk has typed anything."""
        if self.typed_fields() and not ask_to_discard(self, self.discard_what):
            return
        super().reject()

    def discard(self) -> None:
        """Close without saving and without asking."""
        self._as_opened = None
        super().reject()


class _EnterFilter(QObject):
    """Turns Enter on a watched widget into a call (a list in a dialog: Enter means "this one")."""

    def __init__(self, watched: QWidget, action: Callable[[], None]) -> None:
        super().__init__(watched)
        self._action = action
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
                self._action()
                return True
        return super().eventFilter(watched, event)


class _CtrlEnterSaves(QObject):
    """Ctrl+Enter in a multi-line field saves its form, whichever window Qt thinks is active
    (the form's shortcut alone left it to the note, which took it as a new line)."""

    def __init__(self, note: QWidget, save: Callable[[], None]) -> None:
        super().__init__(note)
        self._save = save
        note.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride):
            assert isinstance(event, QKeyEvent)
            ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and ctrl:
                if event.type() == QEvent.Type.KeyPress:
                    self._save()
                event.accept()
                return True
        return super().eventFilter(watched, event)


def on_enter(widget: QWidget, action: Callable[[], None]) -> None:
    """Call ``action`` when Enter is pressed on ``widget`` (instead of the dialog's default)."""
    _EnterFilter(widget, action)


class TwoColumnForm(FormDialog):
    """A :class:`FormDialog` with two columns of fields side by side (long forms fit a laptop)."""

    def __init__(
        self, parent: QWidget | None, title: str, *, save_text: str = "Save", ratio: int = 3
    ) -> None:
        super().__init__(parent, title, save_text=save_text)
        self.left = self.form
        self.right = QFormLayout()
        self.right.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        columns = QHBoxLayout()
        self._layout.removeItem(self.left)
        columns.addLayout(self.left, ratio)
        columns.addSpacing(16)
        columns.addLayout(self.right, 2)
        self._layout.addLayout(columns)

    def add_to(
        self, form: QFormLayout, label: str, widget: QWidget, field: str | None = None
    ) -> QWidget:
        form.addRow(label, widget)
        if field is not None:
            message = error_label()
            form.addRow("", message)
            self.errors.add(field, message, widget)
        return widget


def as_field_error(
    work: Callable[[Action], object], field: str, *, keep: tuple[str, ...] = ()
) -> Callable[[Action], object]:
    """A core refusal of the act shown under ``field`` instead of in a box, so the form stays
    open: a Conflict, and an InvalidInput about anything but the fields in ``keep`` (which the
    form shows under their own fields) — the date of the act is what the clerk can change. The
    transaction is rolled back as for any refusal."""

    def wrapped(action: Action) -> object:
        try:
            return work(action)
        except Conflict as error:
            raise InvalidInput(error.message, field=field, cite=error.cite) from error
        except InvalidInput as error:
            if error.field in keep or error.field == field:
                raise
            raise InvalidInput(error.message, field=field, cite=error.cite) from error

    return wrapped
