"""The forms of the Special Charges tab: a new charge with its cost lines and (if it went out)
its bill, recording a bill, cancelling a charge, setting a tax roll run aside, and the GL account
special charges post to.

Every rule is the core's (:mod:`clerk_desk.special_charges.service`): the form shows what the core
makes of what is typed before anything is saved — the section of the kind chosen and its clock in a
sentence, who the section lets the City bill, the cost with the 20% for administration of a
deficiency repair (§ 506-6), and, for a bill, the last day to pay and the first tax-roll day as
:func:`~clerk_desk.special_charges.service.clocks` counts them on the City's calendar. A refusal is
shown under the field it is about.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import ledger, words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import ChargeKind, RunStatus
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.permissions import Permission, refusal
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges.details import (
    ChargeDetails,
    ChargeRow,
    charge_details,
    search_charge_rows,
)
from clerk_desk.special_charges.service import PayFrom, RollFrom, Standing
from clerk_desk.special_charges.views import RunView
from clerk_desk.words import format_day, plural
from ui.kit import dialog_parts as dialog_parts
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    ReasonDialog,
    follow_cite,
    may_not,
    refit,
)
from ui.kit.fields import ChooseDateEdit, left_aligned, limited, money_edit
from ui.kit.operations import App, FieldErrors, perform
from ui.kit.pickers import ParcelPicker, PartyPicker, party_row
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD_BACKGROUND,
    LATE_BACKGROUND,
    SECONDARY,
    marked,
    panel_sheet,
    text_sheet,
)
from ui.kit.table_models import CENTER, RIGHT, TableColumn

BILL = Permission.BILL
CANCEL = Permission.CANCEL_DUE
CERTIFY = Permission.CERTIFY_TAX_ROLL
SETTINGS = Permission.TREASURY_SETTINGS
PAY = Permission.TAKE_PAYMENT
MUTED = text_sheet(SECONDARY)
LINES_SHOWN = 3
"""Cost lines the new-charge form starts with ("Add line" gives more; a blank one is skipped)."""
DELIVERY = ("mailed", "handed over", "posted on the property", "certified mail")
"""How a bill usually goes out; the clerk may type anything else."""

KIND_SHORT: dict[ChargeKind, str] = {
    ChargeKind.SNOW_ICE: "Snow and ice",
    ChargeKind.OBSTRUCTION: "Obstruction",
    ChargeKind.PRIVILEGE_REMOVAL: "Privilege removal",
    ChargeKind.DIRT_DEBRIS: "Dirt and debris",
    ChargeKind.STREET_DAMAGE: "Street damage",
    ChargeKind.SIDEWALK_REPAIR: "Sidewalk repair",
    ChargeKind.SIDEWALK_MINOR_REPAIR: "Minor sidewalk repair",
    ChargeKind.OPENING_REPAIR: "Opening repair",
    ChargeKind.DEFICIENCY_REPAIR: "Deficiency repair",
}
"""The kind as a register column names it; the full title and section are in its tooltip."""

SOURCE_WORKFLOWS: dict[str, str] = {
    "street_opening": "street_openings",
    "street_privilege": "street_privileges",
    "sidewalk_permit": "sidewalks",
    "sidewalk_repair_order": "sidewalks",
    "sidewalk_cafe": "sidewalk_cafes",
    "vending_application": "vending",
}
"""The permit or order a charge may come from: the tab that shows it."""

FROM_THEIR_TABS = (
    "The City's pavement repair over a street opening and a deficiency repair are charged in "
    "the Street Openings tab, a street privilege obstruction removed in Street Privileges, a "
    "sidewalk repair on its repair order in Sidewalks: each charge names the permit or order it "
    "comes from."
)
"""Why the new-charge form offers only some kinds."""

RUN_STATUS = {
    RunStatus.DRAFT: "Draft",
    RunStatus.PREVIEW: "Preview",
    RunStatus.CERTIFIED: "Certified",
    RunStatus.DISCARDED: "Set aside",
}


def cite_link(cite: str) -> str:
    """A citation as a link that opens the ordinance, kept on one line where it is short."""
    return dialog_parts.cite_link(cite, unbroken_spaces=1)


class WrapLabel(QLabel):
    """A word-wrapped rich-text label as tall as its text at the width it is given.

    A plain word-wrapped QLabel in a form asks for the height its text takes at a narrow
    guessed width, and keeps it when the form is wider: a short note then sits in a tall empty
    box. This one asks for the height at its own width, and again whenever the width changes.

    Signals: those of :class:`QLabel`.
    """

    GUESS = 420  # the width assumed before the label is laid out

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._width = 0

    def _height(self) -> int:
        width = self.width() if self.isVisible() and self.width() > 60 else self.GUESS
        return self.heightForWidth(width)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(60, self._height())

    def setText(self, text: str) -> None:
        super().setText(text)
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.updateGeometry()


def info_label(name: str) -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    label = WrapLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setStyleSheet(panel_sheet("info"))
    return label


# ---- plain rows --------------------------------------------------------------------------------


# ---- tables of the tab -------------------------------------------------------------------------


def standing_colour(row: ChargeRow) -> str | None:
    """Red when overdue, amber once it may go on the tax roll, green when paid."""
    return {
        Standing.OVERDUE: BAD_BACKGROUND,
        Standing.READY_FOR_ROLL: LATE_BACKGROUND,
        Standing.PAID: GOOD_BACKGROUND,
    }.get(row.standing)


def charge_columns() -> tuple[TableColumn, ...]:
    def due_colour(row: ChargeRow) -> str | None:
        return BAD_BACKGROUND if row.standing is Standing.OVERDUE else None

    def roll_colour(row: ChargeRow) -> str | None:
        return LATE_BACKGROUND if row.standing is Standing.READY_FOR_ROLL else None

    def due_text(row: ChargeRow) -> str:
        if row.due_on is not None:
            return words.us_date(row.due_on)
        return "next roll" if row.billed and row.clock.pay_from is PayFrom.NONE else ""

    def roll_text(row: ChargeRow) -> str:
        if not row.clock.on_tax_roll:
            return "never"
        return words.us_date(row.tax_roll_on)

    return (
        TableColumn("Charge", lambda r: r.number),
        TableColumn(
            "Kind",
            lambda r: KIND_SHORT[r.kind],
            tooltip=lambda r: f"{r.clock.title} — {r.clock.cite}",
        ),
        TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.parcel_text or None),
        TableColumn(
            "Billed party",
            lambda r: r.billed_name,
            tooltip=lambda r: f"Billed as {r.billed_as}: {r.work}",
        ),
        TableColumn("Work date", lambda r: words.us_date(r.work_done_on)),
        TableColumn("Total", lambda r: r.total.format(), align=RIGHT),
        TableColumn("Balance", lambda r: r.balance.format(), align=RIGHT),
        TableColumn(
            "Due",
            due_text,
            colour=due_colour,
            header_tooltip="The last day to pay, from the section's clock (none: entered on the "
            "next tax roll unless paid first)",
        ),
        TableColumn(
            "Tax roll",
            roll_text,
            colour=roll_colour,
            header_tooltip="The first day the unpaid balance may be certified to the tax roll "
            "(never: a deficiency repair puts no lien on the property, § 506-6)",
        ),
        TableColumn(
            "Standing",
            lambda r: f"Certified, {r.run_number}" if r.run_number else r.standing.label,
            colour=standing_colour,
            tooltip=lambda r: (
                f"{r.standing.label} (run {r.run_number})" if r.run_number else r.standing.label
            ),
        ),
    )


LINE_COLUMNS = (
    TableColumn("Cost", lambda r: r.category.capitalize()),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)
PAYMENT_COLUMNS = (
    TableColumn("Receipt", lambda r: r.receipt_number),
    TableColumn("Paid on", lambda r: words.us_date(r.paid_on)),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Line", lambda r: r.description, tooltip=lambda r: r.description),
)


def _certified_text(view: RunView) -> str:
    if view.certified_at is None:
        return ""
    return words.local_time(view.certified_at, view.certified_at.tzinfo)


RUN_COLUMNS = (
    TableColumn("Run", lambda r: r.number),
    TableColumn("As of", lambda r: words.us_date(r.as_of)),
    TableColumn(
        "Status",
        lambda r: RUN_STATUS[r.status],
        tooltip=lambda r: r.note or None,
        colour=lambda r: GOOD_BACKGROUND if r.status is RunStatus.CERTIFIED else None,
    ),
    TableColumn("Charges", lambda r: str(len(r.entries)), align=CENTER),
    TableColumn("Total", lambda r: r.total.format(), align=RIGHT),
    TableColumn("Certified by", lambda r: r.certified_by),
    TableColumn("Certified at", _certified_text),
)
ENTRY_COLUMNS = (
    TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.site_address or None),
    TableColumn(
        "Owner",
        lambda r: r.owner_text,
        tooltip=lambda r: r.owner_address or None,
        colour=lambda r: None if r.owner_on_file else BAD_BACKGROUND,
    ),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn("Section", lambda r: r.section, tooltip=lambda r: r.section),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)
SECTION_COLUMNS = (
    TableColumn("Section", lambda r: r[0], tooltip=lambda r: r[0]),
    TableColumn("Charges", lambda r: str(r[1]), align=CENTER),
    TableColumn("Amount", lambda r: r[2].format(), align=RIGHT),
)


# ---- pieces of the forms -----------------------------------------------------------------------


def clock_html(kind: ChargeKind) -> str:
    """The kind chosen in words: its section (a link), its clock, who may be billed."""
    clock = sc.clock_for(kind)
    sentence = html.escape(clock.explain()).replace(html.escape(clock.cite), cite_link(clock.cite))
    who = " or the ".join(clock.billed_as)
    extra = " Plus 20% for administration." if clock.administration else ""
    return f"<b>{html.escape(clock.title)}</b>. {sentence} Billed to the {who}.{extra}"


def clocks_html(kind: ChargeKind, shown: sc.Clocks, *, received: bool) -> str:
    """The last day to pay and the first tax-roll day of a bill, as the core counted them."""
    clock = sc.clock_for(kind)
    parts = []
    if clock.pay_from is PayFrom.NOTICE and shown.due_on is None:
        parts.append(
            f"Last day to pay: <b>none yet</b> — {clock.pay_days} days from actual notice to the "
            "applicant and the owner: enter the later of the days they received it"
        )
    elif shown.due_on is not None:
        start = (
            "the actual notice"
            if clock.pay_from is PayFrom.NOTICE
            else "receipt of the bill"
            if clock.pay_from is PayFrom.RECEIPT and received
            else "the day the bill went out"
        )
        parts.append(
            f"Last day to pay: <b>{html.escape(format_day(shown.due_on))}</b> "
            f"({clock.pay_days} days from {start})"
        )
    else:
        parts.append("No time to pay is set: entered on the next tax roll unless paid first")
    if shown.tax_roll_on is not None:
        why = (
            f", the later of the day after the {clock.roll_days} days from the work and the "
            "day after the last day to pay"
            if clock.roll_from is RollFrom.INCURRED
            else ""
        )
        parts.append(
            f"Tax roll from: <b>{html.escape(format_day(shown.tax_roll_on))}</b>{why} "
            f"— {cite_link(clock.cite)}"
        )
    elif clock.on_tax_roll:
        parts.append(f"Tax roll from: the day after the last day to pay — {cite_link(clock.cite)}")
    else:
        parts.append(
            f"Never on the tax roll: the section puts no lien on it — {cite_link(clock.cite)}"
        )
    return "<br>".join(parts)


def _amount(text: str, field: str) -> Money:
    text = text.strip()
    return Money.parse(text, field=field) if text else Money.zero()


class CostLinesEditor(QWidget):
    """The costs of the work, one a line: the kind of cost, what it was, the amount. A line
    left blank is skipped; "Add line" gives another. Each line has its error line under it
    (the core names the line), and the total below follows what is typed.

    Signals: none of its own — ``changed`` is a plain callback the form sets.
    """

    def __init__(self, errors: FieldErrors, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.errors = errors
        self.changed: Callable[[], None] = lambda: None
        self.categories: list[QComboBox] = []
        self.descriptions: list[QLineEdit] = []
        self.amounts: list[QLineEdit] = []
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(2)
        for column, caption in enumerate(("Cost", "Description", "Amount")):
            label = QLabel(caption)
            label.setStyleSheet(MUTED)
            self.grid.addWidget(label, 0, column)
        self.grid.setColumnStretch(1, 1)
        self.add_button = QPushButton("Add &line")
        self.add_button.setObjectName("add_line_button")
        self.add_button.setToolTip("Another cost of the work (a blank line is skipped)")
        self.total = WrapLabel()
        self.total.setObjectName("lines_total")
        lines_error = forms.error_label()
        self.errors.add("lines", lines_error, self)
        below = QHBoxLayout()
        below.addWidget(self.add_button)
        below.addWidget(self.total, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addWidget(lines_error)
        layout.addLayout(below)
        for _ in range(LINES_SHOWN):
            self.add_line()
        self.add_button.clicked.connect(self._add_and_focus)

    def add_line(self) -> None:
        index = len(self.amounts)
        category = QComboBox()
        category.setObjectName(f"line_{index}_category")
        for name in sc.CATEGORIES:
            category.addItem(name.capitalize(), name)
        description = limited(QLineEdit(), charge_details_views.DESCRIPTION_LENGTH)
        description.setObjectName(f"line_{index}_description")
        description.setPlaceholderText(
            {0: "e.g. crew of two, 3 hours", 1: "e.g. 2 tons of cold mix"}.get(index, "")
        )
        amount = money_edit(f"line_{index}_amount", "0.00")
        amount.setMaximumWidth(amount.fontMetrics().horizontalAdvance("$9,999,999.99") + 20)
        error = forms.error_label()
        row = 1 + index * 2
        self.grid.addWidget(category, row, 0)
        self.grid.addWidget(description, row, 1)
        self.grid.addWidget(amount, row, 2)
        self.grid.addWidget(error, row + 1, 0, 1, 3)
        self.errors.add(f"line_{index}", error, amount)
        self.categories.append(category)
        self.descriptions.append(description)
        self.amounts.append(amount)
        amount.textChanged.connect(lambda _t: self.changed())
        description.textChanged.connect(lambda _t: self.changed())

    def _add_and_focus(self) -> None:
        self.add_line()
        self.categories[-1].setFocus()
        refit(self)

    def type_line(self, index: int, category: str, description: str, amount: str) -> None:
        """Fill line ``index`` (adding lines as needed): for a program that fills the form."""
        while len(self.amounts) <= index:
            self.add_line()
        self.categories[index].setCurrentIndex(self.categories[index].findData(category))
        self.descriptions[index].setText(description)
        self.amounts[index].setText(amount)

    def lines(self) -> list[sc.LineData]:
        """Every line as typed (blank ones too, so the core numbers them as the form does);
        an amount that is not one is refused under its line."""
        return [
            sc.LineData(
                str(category.currentData()),
                description.text(),
                _amount(amount.text(), f"line_{index}"),
            )
            for index, (category, description, amount) in enumerate(
                zip(self.categories, self.descriptions, self.amounts, strict=True)
            )
        ]

    def show_total(self, kind: ChargeKind) -> None:
        try:
            cost = sum((line.amount for line in self.lines()), Money.zero())
        except InvalidInput as error:
            self.total.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        administration = sc.administration_for(kind, cost)
        if administration > Money.zero():
            self.total.setText(
                f"Labor, materials and equipment {cost} + 20% for administration "
                f"{administration} = <b>total {cost + administration}</b>"
            )
        else:
            self.total.setText(f"<b>Total {cost}</b>")


class BillFields:
    """The bill or notice: the day it went out, how, the day it was received (where a clock runs
    from receipt), and the last day to pay and first tax-roll day the core counts from them.

    The form lays the fields out (:meth:`fields`) and registers their error lines.
    """

    def __init__(
        self,
        app: App,
        form: QWidget,
        kind: Callable[[], ChargeKind],
        work_done_on: Callable[[], date],
    ) -> None:
        self.app = app
        self.form = form
        self.on = True
        self._kind = kind
        self._work_done_on = work_done_on
        today = app.desk.clock.today
        self.bill_on = forms.date_edit(today(), name="bill_on")
        self.delivered_how = QComboBox()
        self.delivered_how.setObjectName("delivered_how")
        self.delivered_how.setEditable(True)
        self.delivered_how.addItems(list(DELIVERY))
        line = self.delivered_how.lineEdit()
        assert line is not None
        limited(line, charge_details_views.DELIVERED_HOW_LENGTH)
        self.received_on = ChooseDateEdit(lambda: forms.to_date(self.bill_on), name="received_on")
        self.received_on.setToolTip(self.received_tip())
        self.clocks = WrapLabel()
        self.clocks.setObjectName("bill_clocks")
        self.clocks.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.clocks.linkActivated.connect(lambda url: follow_cite(form, app, url))
        self.bill_on.dateChanged.connect(lambda _d: self.show_clocks())
        self.received_on.dateChanged.connect(lambda _d: self.show_clocks())
        self.delivered_how.setMinimumWidth(
            self.delivered_how.fontMetrics().horizontalAdvance("posted on the property") + 48
        )
        self.rows = (
            left_aligned(self.bill_on),
            left_aligned(self.delivered_how),
            left_aligned(self.received_on),
        )

    def notice(self) -> bool:
        """§ 506-7: the clock runs from actual notice to the applicant and the owner."""
        return sc.clock_for(self._kind()).pay_from is PayFrom.NOTICE

    def received_tip(self) -> str:
        if self.notice():
            return (
                "Actual notice (§ 506-7): the later of the days the applicant and the owner of "
                "the premises received the notice of the charge. The 90 days to pay run from "
                "it; until it is entered there is no last day to pay and no tax-roll day"
            )
        return (
            "The day the bill reached the owner, where known: § 506-8 counts the 10 days to "
            "pay from it; not known, they count from the day the bill went out"
        )

    def fields(self) -> tuple[tuple[str, QWidget, str], ...]:
        """(caption, widget, the core's field) of each field, in the order they are shown."""
        received = "Actual &notice" if self.notice() else "Recei&ved on"
        return (
            ("Bill &date", self.rows[0], "bill_on"),
            ("Deli&vered", self.rows[1], "delivered_how"),
            (received, self.rows[2], "received_on"),
        )

    def set_enabled(self, on: bool) -> None:
        self.on = on
        for widget in self.rows:
            widget.setEnabled(on)
        self.show_clocks()

    def set_bill(self, row: ChargeRow) -> None:
        """Start from the bill recorded before (a correction)."""
        if row.bill_on is not None:
            day = row.bill_on
            self.bill_on.setDate(QDate(day.year, day.month, day.day))
        if row.delivered_how:
            self.delivered_how.setCurrentText(row.delivered_how)
        self.received_on.set_value(row.received_on)

    def data(self) -> sc.BillData:
        return sc.BillData(
            forms.to_date(self.bill_on),
            self.delivered_how.currentText(),
            self.received_on.value(),
        )

    def show_clocks(self) -> None:
        if not self.on:
            self.clocks.setText(
                marked("The clock starts when the bill is recorded.", SECONDARY, bold=False)
            )
            refit(self.clocks)
            return
        kind, work_done_on = self._kind(), self._work_done_on()
        bill = self.data()

        def work(action: Action) -> sc.Clocks:
            return sc.clocks(
                kind,
                work_done_on=work_done_on,
                bill_on=bill.bill_on,
                received_on=bill.received_on,
                calendar=action.calendar,
            )

        shown = perform(self.form, self.app, work, writes=False)
        if shown is not None:
            self.clocks.setText(clocks_html(kind, shown, received=bill.received_on is not None))
        self.received_on.setToolTip(self.received_tip())
        refit(self.clocks)


class ParcelChooser(ParcelPicker):
    """The parcel picker, which can also start on a parcel and be cleared (a deficiency repair
    needs no parcel).

    Signals: ``parcel_changed(object)`` with the chosen :class:`ParcelRow` or None.
    """

    def choose(self, parcel: ParcelRow | None) -> None:
        self.parcel = parcel
        if parcel is not None and self.model.row_of(lambda r: r.id == parcel.id) < 0:
            self.model.set_rows([parcel, *self.model.rows])
        if parcel is not None:
            forms.select_row(self.table, self.model.row_of(lambda r: r.id == parcel.id))
        else:
            self.table.clearSelection()
        self._show_chosen()
        self.parcel_changed.emit(parcel)


# ---- a new charge ------------------------------------------------------------------------------


class ChargeDialog(forms.TwoColumnForm):
    """Record a charge for work the City did in someone's place, with its cost lines and, if the
    bill went out, the bill.

    Only the kinds the tab records itself are offered (:data:`~clerk_desk.special_charges.service.
    COUNTER_KINDS`); the others are charged from their permit or order. The kind chosen shows
    its section and clock; the billed party starts as the parcel's owner
    and "billed as" offers only whom the section lets the City bill; the total follows the cost
    lines (plus 20% for a deficiency repair); the last day to pay and the first tax-roll day
    follow the bill's days.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New special charge", save_text="Record charge", ratio=1)
        self.app = app
        self.setObjectName("charge_dialog")
        today = app.desk.clock.today
        self._owner_default: int | None = None

        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        self.kind.setToolTip(FROM_THEIR_TABS)
        for kind in sc.COUNTER_KINDS:
            self.kind.addItem(sc.label(kind), kind)
            self.kind.setItemData(
                self.kind.count() - 1, sc.clock_for(kind).cite, Qt.ItemDataRole.ToolTipRole
            )
        self.kind_note = info_label("kind_note")
        self.kind_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.parcel = ParcelChooser(app)
        self.parcel.setObjectName("parcel")
        self.party = PartyPicker(app, role="billed party", name="billed_party")
        self.billed_as = QComboBox()
        self.billed_as.setObjectName("billed_as")
        self.work = QLineEdit()
        self.work.setObjectName("work")
        self.work.setPlaceholderText("e.g. removed a dumpster left in the street after notice")
        self.work_done_on = forms.date_edit(today(), name="work_done_on")
        self.lines = CostLinesEditor(self.errors)
        self.lines.setObjectName("cost_lines")
        self.bill_now = QCheckBox("The &bill went out")
        self.bill_now.setObjectName("bill_now")
        self.bill_now.setToolTip(
            "Record the bill now, or later with Record bill: the clocks start from it"
        )
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")

        self.add_to(self.left, "&Kind", self.kind, "kind")
        self.left.addRow("", self.kind_note)
        self.add_to(self.left, "&Parcel", self.parcel, "parcel")
        self.add_to(self.left, "Billed pa&rty", self.party, "billed_party")
        self.add_to(self.left, "Billed &as", left_aligned(self.billed_as), "billed_as")
        self.add_to(self.right, "&Work", self.work, "work")
        self.add_to(self.right, "Work &done on", left_aligned(self.work_done_on), "work_done_on")
        self.add_to(self.right, "Costs", self.lines)
        self.right.addRow("", self.bill_now)
        self.bill = BillFields(app, self, self.chosen_kind, self.work_day)
        for caption, widget, field in self.bill.fields():
            self.add_to(self.right, caption, widget, field)
        self.right.addRow("", self.bill.clocks)
        self.add_to(self.right, "&Notes", self.notes, "notes")
        self.finish_layout()

        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.parcel.parcel_changed.connect(self._parcel_changed)
        self.work_done_on.dateChanged.connect(lambda _d: self.bill.show_clocks())
        self.bill_now.toggled.connect(self.bill.set_enabled)
        self.lines.changed = lambda: self.lines.show_total(self.chosen_kind())
        self._kind_changed()
        self.bill.set_enabled(False)
        if not app.operator.may(BILL):
            self.set_read_only(refusal(app.operator.role, BILL))
        self.resize(1200, max(self.sizeHint().height(), 600))
        self.kind.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        """Show the form; the id of the charge recorded, or None if cancelled."""
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    @property
    def billing(self) -> bool:
        return self.bill_now.isChecked()

    def chosen_kind(self) -> ChargeKind:
        return ChargeKind(self.kind.currentData())

    def work_day(self) -> date:
        return forms.to_date(self.work_done_on)

    def choose_kind(self, kind: ChargeKind) -> None:
        self.kind.setCurrentIndex(self.kind.findData(kind))

    def _kind_changed(self) -> None:
        kind = self.chosen_kind()
        clock = sc.clock_for(kind)
        self.kind_note.setText(
            f"{clock_html(kind)}<br>{marked(FROM_THEIR_TABS, SECONDARY, bold=False)}"
        )
        refit(self.kind_note)
        current = self.billed_as.currentData()
        with forms.quietly(self.billed_as):
            self.billed_as.clear()
            for who in clock.billed_as:
                self.billed_as.addItem(who.capitalize(), who)
        self.billed_as.setCurrentIndex(max(0, self.billed_as.findData(current)))
        self.lines.show_total(kind)
        self.bill.show_clocks()

    def _parcel_changed(self, parcel: ParcelRow | None) -> None:
        """The billed party starts as the parcel's owner (unless another was chosen)."""
        if parcel is None or parcel.owner_id is None:
            return
        chosen = self.party.party
        if chosen is not None and chosen.id != self._owner_default:
            return
        owner = party_row(self.app, self, parcel.owner_id)
        if owner is not None:
            self._owner_default = owner.id
            self.party.choose(owner)
            forms.select_row(self.party.table, self.party.model.row_of(lambda r: r.id == owner.id))
            as_owner = self.billed_as.findData("owner")
            if as_owner >= 0:
                self.billed_as.setCurrentIndex(as_owner)

    def data(self) -> sc.ChargeData:
        party = self.party.party
        if party is None:
            raise InvalidInput(
                "Choose who is billed (add them under People & Parcels if they are not listed).",
                field="billed_party",
            )
        parcel = self.parcel.parcel
        return sc.ChargeData(
            kind=self.chosen_kind(),
            billed_party_id=party.id,
            work=self.work.text(),
            work_done_on=self.work_day(),
            lines=self.lines.lines(),
            parcel_id=parcel.id if parcel is not None else None,
            billed_as=str(self.billed_as.currentData() or ""),
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        billing = self.billing

        def work(action: Action) -> int:
            bill = self.bill.data() if billing else None
            return sc.create_charge(action, self.data(), bill).id

        return perform(self, self.app, work, errors=self.errors)


# ---- acts on a charge --------------------------------------------------------------------------


def charge_banner(row: ChargeRow) -> QLabel:
    """The charge a form acts on, in one line at its top."""
    where = f", parcel {row.parcel_text}" if row.parcel_text else ""
    return forms.banner(
        f"{row.number} — {sc.label(row.kind)}: {row.billed_name} ({row.billed_as}){where}. "
        f"Total {row.total}, balance {row.balance}. {row.standing.label}.",
        tone="info",
    )


class RecordBillDialog(forms.FormDialog):
    """Record the bill or notice of a charge, or correct it: a correction needs its reason
    (the bill's first day stays on record), except to add the day it was received, learned
    later (§ 506-7's actual notice to the applicant and the owner). The last day to pay and the
    first tax-roll day follow.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: ChargeRow) -> None:
        correcting = row.billed
        title = f"{'Correct the bill' if correcting else 'Bill'} — {row.number}"
        super().__init__(parent, title, save_text="Save" if correcting else "Record bill")
        self.app = app
        self.row = row
        self.setObjectName("record_bill_dialog")
        self.add_top(charge_banner(row))
        note = info_label("bill_note")
        text = clock_html(row.kind)
        if sc.clock_for(row.kind).pay_from is PayFrom.NOTICE:
            text += (
                "<br>Enter under <i>Actual notice</i> the later of the days the applicant and "
                "the owner of the premises received the notice: the 90 days run from it."
            )
        if correcting:
            text += (
                "<br>A correction needs its reason; the bill's first day stays on record. Adding "
                "the day it was received needs none. Once the last day to pay has passed, the "
                "bill's day is not moved later."
            )
        note.setText(text)
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.form.addRow(note)
        self.bill = BillFields(app, self, lambda: row.kind, lambda: row.work_done_on)
        self.bill.set_bill(row)
        for caption, widget, field in self.bill.fields():
            self.add_field(caption, widget, field)
        self.form.addRow("", self.bill.clocks)
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("why, e.g. the bill was mailed on the 12th, not the 2nd")
        if correcting:
            self.add_field("&Why corrected", self.reason, "reason")
        else:
            self.reason.hide()
        self.finish_layout()
        why = may_not(app, BILL)
        if why:
            self.set_read_only(why)
        self.bill.show_clocks()
        self.resize(640, self.sizeHint().height())
        self.bill.bill_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: ChargeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        bill, charge_id, reason = self.bill.data(), self.row.id, self.reason.text()

        def work(action: Action) -> bool:
            sc.record_bill(action, charge_id, bill, reason=reason)
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "bill_on", keep=("delivered_how", "received_on", "reason")),
            errors=self.errors,
        )


def cancel_charge(parent: QWidget | None, app: App, row: ChargeRow) -> bool:
    paid = (
        f" {row.paid} has been paid on it: void or refund that receipt first in the Receipts "
        "tab (the money is then owed again on the charge), then cancel it."
        if row.paid > Money.zero()
        else ""
    )
    return bool(
        forms.run_modal(
            ReasonDialog(
                parent,
                app,
                title=f"Cancel charge {row.number}",
                note=f"{row.number}: {row.billed_name}, {row.total}. It stays in the register, "
                f"marked cancelled, with the reason.{paid}",
                save_text="Cancel charge",
                placeholder="why, e.g. billed in error; forgiven by the Council on 12/14",
                permission=CANCEL,
                work=lambda a, why: sc.cancel_charge(a, row.id, reason=why),
                name="cancel_charge_dialog",
            )
        )
    )


def discard_run(parent: QWidget | None, app: App, run: RunView) -> bool:
    return bool(
        forms.run_modal(
            ReasonDialog(
                parent,
                app,
                title=f"Set run {run.number} aside",
                note=f"Run {run.number} as of {format_day(run.as_of)} "
                f"({plural(len(run.entries), 'charge')}, {run.total}) stays in the list, marked "
                "set aside; nothing on it is certified.",
                save_text="Set aside",
                placeholder="why, e.g. prepared for the wrong date",
                permission=CERTIFY,
                work=lambda a, why: sc.discard_run(a, run.run_id, reason=why),
                name="discard_run_dialog",
            )
        )
    )


class AccountDialog(forms.FormDialog):
    """The GL account special charges post to (the Treasurer's, the Clerk's or the
    Administrator's setting: TREASURY_SETTINGS).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "GL account of special charges", save_text="Save")
        self.app = app
        self.setObjectName("account_dialog")
        self.add_top(
            forms.banner(
                "Each new special charge posts to this account of the general ledger; charges "
                "already recorded keep the account they were billed to.",
                tone="info",
            )
        )
        current = perform(self, app, charge_details_views.gl_account, writes=False)
        self.account = QLineEdit(current or "")
        self.account.setObjectName("gl_account")
        self.add_field("&GL account", self.account, "gl_account")
        self.finish_layout()
        why = may_not(app, SETTINGS)
        if why:
            self.set_read_only(why)
        self.resize(520, self.sizeHint().height())
        self.account.setFocus()
        self.account.selectAll()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> str | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, str):
            return dialog.result_value
        return None

    def commit(self) -> object:
        account = self.account.text()

        def work(action: Action) -> str:
            ledger.set_special_charge_account(action, account)
            return charge_details_views.gl_account(action)

        return perform(self, self.app, work, errors=self.errors)


__all__ = [
    "AccountDialog",
    "BillFields",
    "ChargeDetails",
    "ChargeDialog",
    "ChargeRow",
    "CostLinesEditor",
    "ParcelChooser",
    "ReasonDialog",
    "RecordBillDialog",
    "cancel_charge",
    "charge_columns",
    "charge_details",
    "discard_run",
    "search_charge_rows",
]
