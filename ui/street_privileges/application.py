"""The street privilege application form (§ 506-9): taken at the counter and corrected before the
permit is decided."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput, Refusals
from clerk_desk.kinds import PrivilegePurpose
from clerk_desk.street_numbers import streets
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.acts import PrivilegeAct, RegisterAct
from clerk_desk.street_privileges.details import PrivilegeRow
from clerk_desk.street_privileges.rules import (
    WHEN_REQUIRED_CITE,
)
from clerk_desk.street_privileges.service import PrivilegeData
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    plain_text,
)
from ui.kit.fields import ChooseDateEdit, left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import PartyPicker, party_row
from ui.street_privileges.parts import (
    NO_STREET,
    PURPOSES,
    LengthField,
    abutting_parcel,
    fit,
    form_row,
    parcel_of,
)


def form_refusal(action: Action, privilege_id: int | None) -> str | None:
    """The core's refusal of taking an application (``privilege_id`` None) or of correcting
    it."""
    if privilege_id is None:
        return sp_acts.register_acts(action)[RegisterAct.NEW_APPLICATION]
    return sp_acts.acts(action, privilege_id)[PrivilegeAct.CORRECT]


class PrivilegeDialog(forms.TwoColumnForm):
    """Take an application for a street privilege permit, or correct one not yet issued.

    The widths of the street and of the sidewalk, and what the obstruction takes of each, are
    typed as lengths; while the clerk types, the form shows what § 506-8 and § 506-9 make of
    them (one-third of the street; for building materials one-half of the sidewalk and the
    gutters clear; a sidewalk closed only with a temporary walk and fence four feet each).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow | None = None) -> None:
        title = f"Correct application {row.number}" if row else "New street privilege application"
        super().__init__(parent, title, save_text="Save correction" if row else "Take application")
        self.app = app
        self.row = row
        self.setObjectName("correct_dialog" if row else "privilege_dialog")
        self.add_top(
            forms.banner(
                "A street privilege lets the applicant use a street, alley, sidewalk or other "
                "public way to move a building or structure, or to keep materials for its "
                "construction or demolition there. The Director of Public Works grants it, "
                "after the bond, the fee and any insurance asked for are on file "
                f"({WHEN_REQUIRED_CITE}).",
                tone="info",
            )
        )
        self._build_who_and_where(parent, row)
        self._build_what_and_when()
        self._build_widths()
        self._lay_out_fields()
        self.finish_layout()

        if row is not None:
            self._fill(row)
        self.purpose.currentIndexChanged.connect(lambda _i: self._purpose_changed())
        self.permit_required.toggled.connect(self.permit_number.setEnabled)
        self.permit_number.setEnabled(self.permit_required.isChecked())
        for length in self._lengths():
            length.changed.connect(self.show_widths)
        self.gutter_clear.toggled.connect(lambda _on: self.show_widths())
        self._purpose_changed()
        row_id = row.id if row is not None else None
        if why := core_refusal(parent, app, lambda a: form_refusal(a, row_id)):
            self.set_read_only(why)
        fit(self, 1240)
        if row is None:
            self.applicant.search_field.setFocus()
        else:
            self.location.setFocus()

    def _build_who_and_where(self, parent: QWidget | None, row: PrivilegeRow | None) -> None:
        """The applicant, the purpose, and where: location, street, abutting parcel."""
        app = self.app
        chosen = party_row(app, parent, row.applicant_id) if row else None
        self.applicant = PartyPicker(app, role="applicant", chosen=chosen, name="applicant")
        self.purpose = QComboBox()
        self.purpose.setObjectName("purpose")
        for purpose in PURPOSES:
            self.purpose.addItem(purpose.label, purpose.value)
        self.location = forms.limit_to(QLineEdit(), "StreetPrivilege.location")
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. in front of 118 Orange St N, east side")
        self.street = QComboBox()
        self.street.setObjectName("street")
        self.street.addItem(NO_STREET, None)
        found = perform(
            self,
            app,
            streets.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)
        parcel = parcel_of(app, parent, row.parcel_id) if row and row.parcel_id else None
        self.parcel = abutting_parcel(app, parcel)

    def _build_what_and_when(self) -> None:
        """What is kept or moved, the route, the building permit and the planned days."""
        today = self.app.desk.clock.today
        self.description = plain_text(
            "description", 2, self, "What is kept in the way, e.g. dumpster and lumber for a roof"
        )
        self.route = plain_text("route", 2, self, "The way a building is moved, street by street")
        self.permit_required = QCheckBox("A &building permit is required")
        self.permit_required.setObjectName("building_permit_required")
        self.permit_number = forms.limit_to(QLineEdit(), "StreetPrivilege.building_permit_number")
        self.permit_number.setObjectName("building_permit_number")
        self.permit_number.setPlaceholderText("number")
        self.permit_number.setMaximumWidth(
            self.permit_number.fontMetrics().horizontalAdvance("n") * 18
        )
        self.planned_start = ChooseDateEdit(today, name="planned_start")
        self.planned_end = ChooseDateEdit(
            lambda: self.planned_start.value() or today(), name="planned_end"
        )
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")

    def _build_widths(self) -> None:
        """The widths of street and sidewalk and what the obstruction takes of each."""
        app = self.app
        self.street_width = LengthField(name="street_width_in", label="The street's width")
        self.street_used = LengthField(
            name="street_used_in", label="The street used", placeholder="e.g. 10 ft"
        )
        self.sidewalk_width = LengthField(
            name="sidewalk_width_in", label="The sidewalk's width", placeholder="e.g. 6"
        )
        self.sidewalk_used = LengthField(
            name="sidewalk_used_in", label="The sidewalk used", placeholder="e.g. 3 ft"
        )
        self.walk_width = LengthField(
            name="temporary_sidewalk_width_in",
            label="The temporary sidewalk's width",
            placeholder="e.g. 4 ft",
        )
        self.fence_height = LengthField(
            name="fence_height_in", label="The fence's height", placeholder="e.g. 4 ft"
        )
        self.gutter_clear = QCheckBox("Gutters kept &clear (the flow is not interfered with)")
        self.gutter_clear.setObjectName("gutter_clear")
        self.gutter_clear.setChecked(True)
        self.widths_view = FindingsView(
            app, empty_text="Type the widths: the limits of §§ 506-8 and 506-9 are checked here."
        )
        self.widths_view.setObjectName("width_findings")

    def _lay_out_fields(self) -> None:
        self.add_to(self.left, "&Applicant", self.applicant, "applicant_id")
        self.add_to(self.left, "&Purpose", left_aligned(self.purpose), "purpose")
        self.add_to(self.left, "&Location", self.location, "location")
        self.add_to(self.left, "S&treet", left_aligned(self.street), "street_id")
        self.add_to(self.left, "Abutting p&arcel", self.parcel, "parcel_id")
        self.add_to(
            self.left,
            "Planned &days",
            form_row(self.planned_start, "to", self.planned_end),
            "planned_end",
        )
        self.add_to(self.right, "&What", self.description, "description")
        self.add_to(self.right, "&Route", self.route, "route")
        self.add_to(
            self.right,
            "Building permit",
            form_row(self.permit_required, self.permit_number),
            "building_permit_number",
        )
        self.right.addRow(self._widths_box())
        self.add_to(self.right, "N&otes", self.notes, "notes")

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: PrivilegeRow | None = None) -> int | None:
        """Show the form; the id of the application saved, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _widths_box(self) -> QGroupBox:
        box = QGroupBox("Widths, as measured")
        box.setObjectName("widths_box")
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        pairs = (
            ("Street, traveled &width", self.street_width, "used", self.street_used),
            ("Sidewalk wi&dth", self.sidewalk_width, "used", self.sidewalk_used),
            ("Temporary walk", self.walk_width, "fence", self.fence_height),
        )
        line = 0
        for caption, first, second_caption, second in pairs:
            label = QLabel(caption)
            label.setBuddy(first.edit)
            grid.addWidget(label, line, 0)
            grid.addWidget(first, line, 1)
            grid.addWidget(QLabel(second_caption), line, 2)
            grid.addWidget(second, line, 3)
            errors = QWidget()
            stack = QVBoxLayout(errors)
            stack.setContentsMargins(0, 0, 0, 0)
            stack.setSpacing(0)
            for length in (first, second):
                message = forms.error_label()
                stack.addWidget(message)
                self.errors.add(length.field, message, length.edit)
            grid.addWidget(errors, line + 1, 0, 1, 4)
            line += 2
        grid.addWidget(self.gutter_clear, line, 0, 1, 4)
        message = forms.error_label()
        grid.addWidget(message, line + 1, 0, 1, 4)
        self.errors.add("gutter_clear", message, self.gutter_clear)
        grid.addWidget(self.widths_view, line + 2, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _lengths(self) -> tuple[LengthField, ...]:
        return (
            self.street_width,
            self.street_used,
            self.sidewalk_width,
            self.sidewalk_used,
            self.walk_width,
            self.fence_height,
        )

    def _fill(self, row: PrivilegeRow) -> None:
        self.purpose.setCurrentIndex(max(0, self.purpose.findData(row.purpose.value)))
        self.location.setText(row.location)
        self.street.setCurrentIndex(max(0, self.street.findData(row.street_id)))
        self.description.setPlainText(row.description)
        self.route.setPlainText(row.route)
        self.permit_required.setChecked(row.building_permit_required)
        self.permit_number.setText(row.building_permit_number)
        self.planned_start.set_value(row.planned_start)
        self.planned_end.set_value(row.planned_end)
        self.street_width.set_inches(row.street_width_in)
        self.street_used.set_inches(row.street_used_in)
        self.sidewalk_width.set_inches(row.sidewalk_width_in)
        self.sidewalk_used.set_inches(row.sidewalk_used_in)
        self.walk_width.set_inches(row.temporary_sidewalk_width_in)
        self.fence_height.set_inches(row.fence_height_in)
        self.gutter_clear.setChecked(row.gutter_clear)
        self.notes.setText(row.notes)

    def chosen_purpose(self) -> PrivilegePurpose:
        return PrivilegePurpose(str(self.purpose.currentData()))

    def _purpose_changed(self) -> None:
        moving = self.chosen_purpose() is PrivilegePurpose.MOVE_BUILDING
        self.route.setEnabled(moving or bool(self.route.toPlainText().strip()))
        self.show_widths()

    def show_widths(self) -> None:
        """What §§ 506-8 and 506-9 say about the widths typed so far (a width not yet a
        length is left out until it is one)."""
        self.widths_view.set_findings(
            street_privileges_rules.width_findings(
                self.street_width.quiet_inches(),
                self.street_used.quiet_inches(),
                self.sidewalk_width.quiet_inches(),
                self.sidewalk_used.quiet_inches(),
                self.chosen_purpose(),
                self.walk_width.quiet_inches(),
                self.fence_height.quiet_inches(),
                self.gutter_clear.isChecked(),
            )
        )

    def data(self) -> PrivilegeData:
        """The form as the core takes it; the applicant not chosen and every length that is not
        a length are refused at once (issue 19)."""
        found = Refusals()
        if self.applicant.party is None:
            found.refuse(
                InvalidInput(
                    "Choose the applicant from the register (or add them under People & Parcels).",
                    field="applicant_id",
                )
            )
        street_width, street_used, sidewalk_width, sidewalk_used, walk_width, fence_height = (
            found.check(edit.inches)
            for edit in (
                self.street_width,
                self.street_used,
                self.sidewalk_width,
                self.sidewalk_used,
                self.walk_width,
                self.fence_height,
            )
        )
        found.raise_any()
        assert self.applicant.party is not None  # refused above
        street_id = self.street.currentData()
        required = self.permit_required.isChecked()
        return PrivilegeData(
            applicant_id=self.applicant.party.id,
            purpose=self.chosen_purpose(),
            location=self.location.text(),
            street_id=street_id if isinstance(street_id, int) else None,
            parcel_id=self.parcel.parcel.id if self.parcel.parcel is not None else None,
            description=self.description.toPlainText(),
            route=self.route.toPlainText(),
            building_permit_required=required,
            building_permit_number=self.permit_number.text() if required else "",
            planned_start=self.planned_start.value(),
            planned_end=self.planned_end.value(),
            street_width_in=street_width,
            street_used_in=street_used,
            sidewalk_width_in=sidewalk_width,
            sidewalk_used_in=sidewalk_used,
            gutter_clear=self.gutter_clear.isChecked(),
            temporary_sidewalk_width_in=walk_width,
            fence_height_in=fence_height,
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        row = self.row

        def work(action: Action) -> int:
            data = self.data()
            if row is None:
                return street_privileges.receive_application(action, data)
            return street_privileges.correct_application(action, row.id, data)

        return perform(self, self.app, work, errors=self.errors)
