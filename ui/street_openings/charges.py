"""What the City bills the permittee of a street opening, from the Street Openings tab: the
City's repair of the pavement and a year's maintenance (§ 506-7 (Repair by City)) and the
repair of deficiencies plus 20% (§ 506-6 (Bond)). The form shows the figures and the clocks the
core will give the charge (:mod:`clerk_desk.street_openings.previews`) before it is saved."""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money
from clerk_desk.street_openings import charges as street_openings_charges
from clerk_desk.street_openings import previews
from clerk_desk.street_openings import rules as street_openings_rules
from clerk_desk.street_openings.acts import OpeningAct
from clerk_desk.street_openings.views import (
    OpeningRow,
)
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.fields import left_aligned, money_edit
from ui.kit.operations import App, perform
from ui.kit.pickers import ParcelPicker
from ui.kit.style import (
    BAD,
    marked,
    panel_sheet,
)
from ui.street_openings.dialogs import OpeningActDialog


class _ChargeDialog(OpeningActDialog):
    """A charge to the permittee, with what it comes to shown before it is saved."""

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        row: OpeningRow,
        title: str,
        *,
        note: str,
        fields: Sequence[tuple[str, str]],
        name: str,
    ) -> None:
        super().__init__(parent, app, row, title, save_text="Bill", name=name)
        self.add_top(forms.banner(note, tone="info"))
        self.amounts: dict[str, QLineEdit] = {}
        for field, caption in fields:
            edit = money_edit(field, "0.00")
            self.amounts[field] = edit
            self.add_field(caption, left_aligned(edit), field)
            edit.textChanged.connect(lambda _t: self.show_preview())
        self.notice_on = forms.date_edit(app.desk.clock.today(), name="notice_on")
        self.notice_on.dateChanged.connect(lambda _d: self.show_preview())
        self.add_field("&Notice given on", left_aligned(self.notice_on), "notice_on")
        self.add_more_fields()
        self.preview = QLabel()
        self.preview.setObjectName("charge_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setStyleSheet(panel_sheet("info", padding=8))
        self.form.addRow(self.preview)
        self.done_building(660)
        self.show_preview()
        next(iter(self.amounts.values())).setFocus()

    def add_more_fields(self) -> None:
        """Fields a kind of charge asks for after the notice (the City repair: the parcel)."""

    def money(self, field: str) -> Money:
        text = self.amounts[field].text().strip()
        return Money.parse(text, field=field) if text else Money.zero()

    def show_preview(self) -> None:
        try:
            amounts = {field: self.money(field) for field in self.amounts}
        except InvalidInput as error:
            self.preview.setText(marked(error.message, BAD, bold=False))
            return
        notice_on = forms.to_date(self.notice_on)
        text = perform(self, self.app, lambda a: self.describe(a, amounts, notice_on), writes=False)
        self.preview.setText(text or "")

    def describe(self, action: Action, amounts: dict[str, Money], notice_on: date) -> str:
        raise NotImplementedError


class CityRepairDialog(_ChargeDialog):
    """The City made the pavement repair: its cost and a year's maintenance are charged to the
    permittee as a special charge against the premises for which the permit was issued (the
    parcel, chosen here); unpaid 90 days after actual notice, a lien collected as a special
    tax."""

    core_act = OpeningAct.CITY_REPAIR

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "City repair charge",
            note="The City may make the pavement repair; the cost of the repair and of "
            "maintaining it for one year is charged to the person who made the opening, and "
            "unpaid it becomes a lien against the premises for which the permit was issued "
            f"({street_openings_rules.REPAIR_CITE}).",
            fields=(("repair", "Cost of the &repair"), ("maintenance", "One year's &maintenance")),
            name="city_repair_dialog",
        )

    def add_more_fields(self) -> None:
        self.parcel = ParcelPicker(self.app)
        self.parcel.setObjectName("repair_parcel")
        self.parcel.setToolTip("The premises for which the permit was issued")
        self.add_field("&Premises (parcel)", self.parcel, "parcel")
        self.parcel.parcel_changed.connect(lambda _p: self.show_preview())

    def describe(self, action: Action, amounts: dict[str, Money], notice_on: date) -> str:
        shown = previews.city_repair_preview(
            amounts["repair"], amounts["maintenance"], notice_on, action.calendar
        )
        chosen = self.parcel.parcel
        premises = (
            f"parcel {html.escape(chosen.parcel_number)}"
            + (f", {html.escape(chosen.site_address)}" if chosen.site_address else "")
            if chosen is not None
            else "the premises (choose the parcel)"
        )
        roll = (
            f"; it may be certified to the tax roll from {format_day(shown.tax_roll_on)}"
            if shown.tax_roll_on is not None
            else ""
        )
        return (
            f"Charged to {html.escape(self.row.applicant)}: <b>{shown.total}</b>, due "
            f"<b>{format_day(shown.due_on)}</b>, 90 days after the notice. Unpaid then, it "
            f"becomes a lien against {premises}, collected as a special tax{roll} "
            f"({html.escape(street_openings_rules.REPAIR_CITE)})."
        )

    def commit(self) -> object:
        try:
            repair, maintenance = self.money("repair"), self.money("maintenance")
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        notice_on, opening_id = forms.to_date(self.notice_on), self.row.id
        chosen = self.parcel.parcel
        parcel_id = chosen.id if chosen is not None else None
        return self.act(
            lambda a: street_openings_charges.charge_city_repair(
                a,
                opening_id,
                repair=repair,
                maintenance=maintenance,
                notice_on=notice_on,
                parcel_id=parcel_id,
            ),
            "notice_on",
            keep=("repair", "maintenance", "parcel"),
        )


class DeficiencyDialog(_ChargeDialog):
    """The Director of Public Works repaired deficiencies the permittee failed to correct: the
    labor, materials and equipment are billed plus 20% for administration."""

    core_act = OpeningAct.DEFICIENCY_REPAIR

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Deficiency repair",
            note="Faulty work or materials not corrected on notice are repaired by the Director "
            "of Public Works and billed to the permittee: all labor, materials and equipment "
            "used plus 20% for administration (§ 506-6 (Bond)).",
            fields=(
                ("labor", "&Labor"),
                ("materials", "&Materials"),
                ("equipment", "&Equipment"),
            ),
            name="deficiency_dialog",
        )

    def describe(self, action: Action, amounts: dict[str, Money], notice_on: date) -> str:
        shown = previews.deficiency_preview(
            amounts["labor"],
            amounts["materials"],
            amounts["equipment"],
            notice_on,
            action.calendar,
        )
        return (
            f"Labor, materials and equipment {shown.cost} + 20% for administration "
            f"{shown.administration} = <b>{shown.total}</b>, billed to "
            f"{html.escape(self.row.applicant)}, due <b>{format_day(shown.due_on)}</b>."
        )

    def commit(self) -> object:
        try:
            amounts = {field: self.money(field) for field in self.amounts}
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        notice_on, opening_id = forms.to_date(self.notice_on), self.row.id
        return self.act(
            lambda a: street_openings_charges.charge_deficiency_repair(
                a,
                opening_id,
                labor=amounts["labor"],
                materials=amounts["materials"],
                equipment=amounts["equipment"],
                notice_on=notice_on,
            ),
            "notice_on",
            keep=("labor", "materials", "equipment"),
        )
