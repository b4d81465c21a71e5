"""The charge form: the work the City did, its costs line by line, the party billed and the parcel,
and its bill (the day it went out, how, when received)."""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, Qt
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

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money
from clerk_desk.parties_views import ParcelRow
from clerk_desk.special_charges import acts as charge_acts
from clerk_desk.special_charges import details as charge_details_views
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges.details import (
    ChargeRow,
)
from clerk_desk.special_charges.rules import PayFrom
from ui.kit import dialog_parts as dialog_parts
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    follow_cite,
    refit,
)
from ui.kit.fields import ChooseDateEdit, left_aligned, limited, money_edit
from ui.kit.operations import App, FieldErrors, core_refusal, perform
from ui.kit.pickers import ParcelPicker, PartyPicker, party_row
from ui.kit.style import (
    BAD,
    SECONDARY,
    marked,
)
from ui.special_charges.common import (
    DELIVERY,
    FROM_THEIR_TABS,
    LINES_SHOWN,
    MUTED,
    WrapLabel,
    clock_html,
    clocks_html,
    info_label,
)


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
        for name in charge_rules.CATEGORIES:
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
        administration = charge_rules.administration_for(kind, cost)
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
        return charge_rules.clock_for(self._kind()).pay_from is PayFrom.NOTICE

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

        def work(action: Action) -> charge_rules.Clocks:
            return charge_rules.clocks(
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
        for kind in charge_rules.COUNTER_KINDS:
            self.kind.addItem(charge_rules.label(kind), kind)
            self.kind.setItemData(
                self.kind.count() - 1,
                charge_rules.clock_for(kind).cite,
                Qt.ItemDataRole.ToolTipRole,
            )
        self.kind_note = info_label("kind_note")
        self.kind_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.parcel = ParcelPicker(app)
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
        if why := core_refusal(
            parent,
            app,
            lambda a: charge_acts.register_acts(a)[charge_acts.RegisterAct.NEW_CHARGE],
        ):
            self.set_read_only(why)
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
        clock = charge_rules.clock_for(kind)
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
            return sc.create_charge(action, self.data(), bill)

        return perform(self, self.app, work, errors=self.errors)
