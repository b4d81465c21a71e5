"""The Sidewalks forms about a repair order (Wis. Stat. § 66.0907): the order, the service of
its notice, the owner's repair, the City's repair charged to the parcel, its cancellation."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import (
    DueStatus,
    RepairOrderKind,
)
from clerk_desk.money import Money
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.acts import OrderAct
from clerk_desk.sidewalks.details import (
    OrderRow,
)
from clerk_desk.sidewalks.service import (
    MINOR_REPAIR_CITE,
    REPAIR_CITE,
    SERVICE_METHODS,
    WHOLE_BLOCK_CITE,
    RepairOrderData,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import ReasonDialog as ReasonDialog
from ui.kit.dialog_parts import (
    RowActDialog,
    follow_cite,
    info_label,
    plain_text,
    reason_dialog,
    refit,
    widgets_row,
)
from ui.kit.fields import left_aligned, limited, money_edit
from ui.kit.operations import App, perform
from ui.kit.pickers import ParcelPicker
from ui.kit.style import (
    BAD,
    GOOD_BACKGROUND,
    LATE,
    text_sheet,
)
from ui.kit.table_models import RIGHT, TableColumn
from ui.sidewalks.parts import (
    cite_link,
    day_text,
    street_box,
)
from ui.sidewalks.permit_dialogs import MeetingChooser

ORDER_NOTES = {
    RepairOrderKind.COUNCIL_ORDER: (
        "The Common Council orders the owner to repair or remove and replace a sidewalk that is "
        "unsafe, defective or insufficient, or damaged by the owner. If the owner has not done "
        "so within 20 days after service of the notice, the City does the work and the Treasurer "
        f"enters its cost on the tax roll as a special tax ({REPAIR_CITE})."
    ),
    RepairOrderKind.EMERGENCY: (
        "In an emergency the owner is directed to repair the sidewalk immediately; if not, the "
        f"City makes the repairs and the cost goes on the tax roll ({REPAIR_CITE})."
    ),
    RepairOrderKind.MINOR: (
        "A minor repair, whose cost does not exceed $500, is made at the direction of the "
        "Director of Public Works without notice, and charged to the abutting owner as a major "
        f"repair is ({MINOR_REPAIR_CITE})."
    ),
}


class OrderDialog(forms.TwoColumnForm):
    """Record an order to repair a sidewalk: a Council order (the meeting at which it was
    made), an emergency, or a minor repair up to $500 at the Director's direction.

    Only the kinds the core's acts let the operator record are offered
    (:func:`~clerk_desk.sidewalks.acts.order_kind_acts`): the
    Clerk records the Council's orders, the Director of Public Works directs emergencies and
    minor repairs. A minor repair has no whole-block rule (nothing in the section applies to
    it), so the whole-block fields are hidden for it. Any order may carry an estimate.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New sidewalk repair order", save_text="Record order", ratio=2)
        self.app = app
        self.setObjectName("order_dialog")
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        kind_acts = perform(parent, app, sidewalk_acts.order_kind_acts, writes=False) or {}
        kinds = [kind for kind in RepairOrderKind if kind in kind_acts and not kind_acts[kind]]
        for kind in kinds:
            self.kind.addItem(kind.label, kind)
        withheld = [f"{kind.label}: {why}" for kind, why in kind_acts.items() if why]
        if withheld:  # said where the clerk looks for the missing kinds
            self.kind.setToolTip("Not offered —\n" + "\n".join(withheld))
        if not kinds:  # shown read-only below: the first kind, for the form to read
            self.kind.addItem(RepairOrderKind.COUNCIL_ORDER.label, RepairOrderKind.COUNCIL_ORDER)
        self.kind_note = info_label("kind_note")
        self.kind_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.parcel = ParcelPicker(app)
        self.street = street_box(app, self)
        self.location = limited(QLineEdit(), details_views.ORDER_LENGTHS["location"])
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. in front of 215 Kinnickinnic St, 3 flags")
        self.defect = plain_text(
            "defect", 2, self, "e.g. heaved 2 inches at a joint; cracked and settled flags"
        )
        self.work_required = plain_text(
            "work_required", 2, self, "e.g. remove and replace three 5-ft flags"
        )
        self.caused = QCheckBox("Damaged by the &owner or the owner's agents")
        self.caused.setObjectName("caused_by_owner")
        self.meeting = MeetingChooser(app)
        self.ordered_on = forms.date_edit(app.desk.clock.today(), name="ordered_on")
        self.ordered_on.setToolTip("A Council order is dated the day of its meeting")
        self.whole_block = QCheckBox("The &whole block is repaired at one time")
        self.whole_block.setObjectName("whole_block")
        self.whole_block.setChecked(True)
        self.partial_by = limited(QLineEdit(), details_views.ORDER_LENGTHS["partial_approved_by"])
        self.partial_by.setObjectName("partial_approved_by")
        self.partial_by.setPlaceholderText("the Director of Public Works who approved it")
        self.estimate = money_edit("estimated_cost", "0.00")
        self.estimate.setToolTip(
            "What the repair is expected to cost; a minor repair is one of $500.00 or less "
            f"({MINOR_REPAIR_CITE})"
        )
        self.notes = limited(QLineEdit(), details_views.ORDER_LENGTHS["notes"])
        self.notes.setObjectName("notes")

        self.add_to(self.left, "&Kind", left_aligned(self.kind), "kind")
        self.left.addRow(self.kind_note)
        self.add_to(self.left, "&Parcel", self.parcel, "parcel_id")
        self.add_to(self.left, "Not&es", self.notes, "notes")
        self.add_to(self.right, "S&treet", self.street, "street_id")
        self.add_to(self.right, "&Location", self.location, "location")
        self.add_to(self.right, "&Defect", self.defect, "defect")
        self.add_to(self.right, "Work &required", self.work_required, "work_required")
        self.add_to(self.right, "", self.caused, "caused_by_owner")
        self.meeting_row = self.add_to(self.right, "Council &meeting", self.meeting, "meeting")
        self.add_to(self.right, "Ordered o&n", left_aligned(self.ordered_on), "ordered_on")
        self.add_to(self.right, "Estimated &cost", left_aligned(self.estimate), "estimated_cost")
        self._add_whole_block()
        self.finish_layout()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.whole_block.toggled.connect(lambda on: self.partial_by.setEnabled(not on))
        self.partial_by.setEnabled(False)
        self._kind_changed()
        if not kinds:
            self.set_read_only(kind_acts.get(RepairOrderKind.COUNCIL_ORDER) or "")
        self.resize(1120, max(self.sizeHint().height(), 640))
        self.kind.setFocus()

    def _add_whole_block(self) -> None:
        """The whole-block rule: repaired at one time unless a partial replacement is approved."""
        app = self.app
        self.block = QWidget()
        self.block.setObjectName("whole_block_fields")
        block_lines = QVBoxLayout(self.block)
        block_lines.setContentsMargins(0, 0, 0, 0)
        block_lines.setSpacing(2)
        partial_line = widgets_row(QLabel("Partial &approved by"), self.partial_by, stretch=False)
        partial_caption = partial_line.findChild(QLabel)
        if partial_caption is not None:
            partial_caption.setBuddy(self.partial_by)
        self.block_note = QLabel(
            "<small>When repairing a sidewalk the entire block is repaired at one time unless the "
            "Director of Public Works approves a partial replacement "
            f"({cite_link(WHOLE_BLOCK_CITE)}).</small>"
        )
        self.block_note.setWordWrap(True)
        self.block_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        partial_error = forms.error_label()
        for widget in (self.whole_block, partial_line, partial_error, self.block_note):
            block_lines.addWidget(widget)
        self.add_to(self.right, "Whole block", self.block, "whole_block")
        self.errors.add("partial_approved_by", partial_error, self.partial_by)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def chosen_kind(self) -> RepairOrderKind:
        return RepairOrderKind(self.kind.currentData())

    def _kind_changed(self) -> None:
        kind = self.chosen_kind()
        self.kind_note.setText(html.escape(ORDER_NOTES[kind]))
        refit(self.kind_note)
        council = kind is RepairOrderKind.COUNCIL_ORDER
        self.meeting.setEnabled(council)
        self.ordered_on.setEnabled(not council)
        minor = kind is RepairOrderKind.MINOR
        self.block.setVisible(not minor)  # nothing in the section applies to minor repairs
        label = self.right.labelForField(self.block)
        if label is not None:
            label.setVisible(not minor)

    def data(self) -> RepairOrderData:
        kind, parcel = self.chosen_kind(), self.parcel.parcel
        if parcel is None:
            raise InvalidInput(
                "Choose the parcel whose owner is ordered (add it under People & Parcels).",
                field="parcel_id",
            )
        street_id = self.street.currentData()
        text = self.estimate.text().strip()
        council = kind is RepairOrderKind.COUNCIL_ORDER
        minor = kind is RepairOrderKind.MINOR
        return RepairOrderData(
            kind=kind,
            parcel_id=parcel.id,
            location=self.location.text(),
            defect=self.defect.toPlainText(),
            work_required=self.work_required.toPlainText(),
            street_id=street_id if isinstance(street_id, int) else None,
            caused_by_owner=self.caused.isChecked(),
            meeting_id=self.meeting.meeting_id() if council else None,
            ordered_on=None if council else forms.to_date(self.ordered_on),
            whole_block=minor or self.whole_block.isChecked(),
            partial_approved_by=""
            if minor or self.whole_block.isChecked()
            else self.partial_by.text(),
            estimated_cost=Money.parse(text, field="estimated_cost") if text else None,
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        def work(action: Action) -> int:
            return sidewalks.order_repair(action, self.data())

        return perform(self, self.app, work, errors=self.errors)


def order_banner(row: OrderRow) -> QLabel:
    return forms.banner(
        f"{row.number} — {row.kind.label}: {row.owner}, {row.parcel_text}. {row.location}. "
        f"{row.status.label}.",
        tone="info",
    )


class _OrderAct(RowActDialog):
    """A form acting on one repair order, read-only when the core's acts refuse its
    ``core_act`` now (saying why)."""

    form_width = 660
    row: OrderRow
    core_act: OrderAct

    def row_banner(self) -> QWidget:
        return order_banner(self.row)

    def refusal(self, action: Action) -> str | None:
        return details_views.order_acts(action, self.row.id)[self.core_act]


class ServiceDialog(_OrderAct):
    """Record service of the notice on the owner: the day, how, and by whom. The owner's last
    day (20 days after service, a Sunday or legal holiday moving it) shows as the day changes.
    Served by publication when the owner's address is known, the form asks for the copy mailed
    first class to it (``sidewalks.publication_mailing``; Wis. Stat. § 66.0907(3)(c))."""

    core_act = OrderAct.SERVE

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent, app, row, "Notice served", save_text="Record service", name="service_dialog"
        )
        order_id = row.id
        self.mailing = (
            perform(
                self,
                app,
                lambda a: details_views.publication_note(a, order_id),
                writes=False,
            )
            or ""
        )
        self.served_on = forms.date_edit(app.desk.clock.today(), name="served_on")
        self.how = QComboBox()
        self.how.setObjectName("how")
        self.how.setEditable(True)
        self.how.addItems(list(SERVICE_METHODS))
        self.by_name = QLineEdit(app.operator.full_name)
        self.by_name.setObjectName("by_name")
        self.due = QLabel()
        self.due.setObjectName("repair_due")
        self.due.setWordWrap(True)
        self.due.setTextFormat(Qt.TextFormat.RichText)
        self.mailing_note = QLabel(
            f"{html.escape(self.mailing)} ({cite_link(sidewalks.NOTICE_CITE)})"
        )
        self.mailing_note.setObjectName("mailing_note")
        self.mailing_note.setWordWrap(True)
        self.mailing_note.setStyleSheet(text_sheet(LATE))
        self.mailing_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.mailed = QCheckBox("A copy was &mailed first class to the owner's address")
        self.mailed.setObjectName("mailed_copy")
        mailing_box = QWidget()
        mailing_lines = QVBoxLayout(mailing_box)
        mailing_lines.setContentsMargins(0, 0, 0, 0)
        mailing_lines.addWidget(self.mailing_note)
        mailing_lines.addWidget(self.mailed)
        self.mailing_box = mailing_box
        self.add_field("&Served on", left_aligned(self.served_on), "served_on")
        self.add_field("&How", left_aligned(self.how), "how")
        self.form.addRow("", mailing_box)
        self.add_field("&By", self.by_name, "by_name")
        self.form.addRow(self.due)
        self.served_on.dateChanged.connect(lambda _d: self.show_due())
        self.how.currentTextChanged.connect(lambda _t: self.show_mailing())
        self.done_building(680)
        self.show_due()
        self.show_mailing()
        self.served_on.setFocus()

    def publication(self) -> bool:
        return self.how.currentText().strip().lower() == sidewalks.PUBLICATION

    def show_mailing(self) -> None:
        """By publication, with the owner's address known: ask for the first-class copy."""
        self.mailing_box.setVisible(bool(self.mailing) and self.publication())

    def show_due(self) -> None:
        day = forms.to_date(self.served_on)
        if self.row.kind is RepairOrderKind.EMERGENCY:
            self.due.setText(
                "An emergency: the owner is directed to repair the sidewalk <b>immediately</b>; "
                "the City may repair from the day of service."
            )
            return
        due = perform(self, self.app, lambda a: sidewalks.repair_due(day, a.calendar), writes=False)
        if due is None:
            return
        self.due.setText(
            f"The owner's last day: <b>{html.escape(format_day(due))}</b>, 20 days after "
            "service (a Sunday or legal holiday moves it). The City may do the work from the "
            "day after."
        )

    def commit(self) -> object:
        day, how, who, order_id = (
            forms.to_date(self.served_on),
            self.how.currentText(),
            self.by_name.text(),
            self.row.id,
        )
        mailed = bool(self.mailing) and self.publication() and self.mailed.isChecked()
        return self.act(
            lambda a: sidewalks.record_service(
                a, order_id, served_on=day, how=how, by_name=who, mailed_copy=mailed
            ),
            "served_on",
            keep=("how", "by_name"),
        )


class OwnerRepairDialog(_OrderAct):
    """Record that the owner made the repair."""

    core_act = OrderAct.OWNER_REPAIR

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Repaired by the owner",
            save_text="Record",
            name="owner_repair_dialog",
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.add_field("Repaired &on", left_aligned(self.on), "on")
        self.done_building(640)
        self.on.setFocus()

    def commit(self) -> object:
        day, order_id = forms.to_date(self.on), self.row.id
        return self.act(lambda a: sidewalks.record_owner_repair(a, order_id, on=day), "on")


class CityRepairDialog(_OrderAct):
    """The City did the work: its cost is charged to the owner as a special charge, which the
    Treasurer enters on the tax roll as a special tax against the parcel if unpaid. Before the
    owner's days have run the core refuses it, under the day."""

    core_act = OrderAct.CITY_REPAIR

    def __init__(self, parent: QWidget | None, app: App, row: OrderRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Repaired by the City",
            save_text="Record and charge",
            name="city_repair_dialog",
        )
        cite = REPAIR_CITE
        if row.kind is RepairOrderKind.MINOR:
            when = (
                "A minor repair is made without notice, and costs no more than $500.00: the "
                "City may make it now."
            )
            cite = MINOR_REPAIR_CITE
        elif row.city_may_repair_on is not None:
            when = (
                f"The owner's days ran through {day_text(row.repair_due_on)}: the City may do the "
                f"work from <b>{html.escape(format_day(row.city_may_repair_on))}</b>."
            )
        elif row.kind is RepairOrderKind.EMERGENCY:
            when = "The direction has not been served: the City may repair from the day it is."
        else:
            when = "The notice has not been served: the owner's days have not begun."
        note = info_label("city_repair_note")
        note.setText(f"{when} ({cite_link(cite)})")
        note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.add_top(note)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.cost = money_edit("cost", "0.00")
        self.preview = QLabel()
        self.preview.setObjectName("charge_preview")
        self.preview.setWordWrap(True)
        self.add_field("Repaired &on", left_aligned(self.on), "on")
        self.add_field("&Cost", left_aligned(self.cost), "cost")
        self.form.addRow(self.preview)
        self.cost.textChanged.connect(lambda _t: self.show_preview())
        self.done_building(700)
        self.show_preview()
        self.on.setFocus()

    def show_preview(self) -> None:
        text = self.cost.text().strip()
        try:
            amount = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        owner = html.escape(self.row.owner)
        self.preview.setText(
            f"Charged to {owner}, owner of parcel {html.escape(self.row.parcel_number)}"
            + (f": <b>{amount}</b>" if amount is not None else "")
            + ". Unpaid, the Treasurer enters it on the tax roll as a special tax."
        )
        refit(self.preview)

    def commit(self) -> object:
        text = self.cost.text().strip()
        try:
            cost = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        if cost is None:
            self.errors.clear()
            self.errors.show(InvalidInput("Enter what the repair cost the City.", field="cost"))
            return None
        day, order_id = forms.to_date(self.on), self.row.id
        return self.act(
            lambda a: sidewalks.record_city_repair(a, order_id, on=day, cost=cost),
            "on",
            keep=("cost",),
        )


def cancel_order(parent: QWidget | None, app: App, row: OrderRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title=f"Cancel order {row.number}",
        note=f"{row.owner}, {row.parcel_text}: {row.location}. It stays in the register, marked "
        "cancelled.",
        save_text="Cancel order",
        placeholder="why, e.g. rescinded by the Council on 12/14; repaired before service",
        refused=lambda a: details_views.order_acts(a, row.id)[OrderAct.CANCEL],
        work=lambda a, why: sidewalks.cancel_order(a, row.id, reason=why),
        name="cancel_order_dialog",
    )


CHARGE_COLUMNS = (
    TableColumn("Charge", lambda r: r.description, tooltip=lambda r: r.cite or None),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Paid", lambda r: r.paid.format(), align=RIGHT),
    TableColumn(
        "Status",
        lambda r: r.status.value.capitalize(),
        colour=lambda r: GOOD_BACKGROUND if r.status is DueStatus.PAID else None,
    ),
)
