"""Assigning, changing and retiring an official number (§ 506-16), with the live check of the
number typed."""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import BuildingKind, Compass
from clerk_desk.parties_views import ParcelRow
from clerk_desk.street_numbers import assignment
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.acts import (
    AddressAct,
    RegisterAct,
    names_the_official,
    register_acts,
)
from clerk_desk.street_numbers.assignment import AddressEdit, AssignmentData
from clerk_desk.street_numbers.checking import Proposal
from clerk_desk.street_numbers.rules import ALTER_CITE
from clerk_desk.street_numbers.views import (
    AddressRow,
    StreetRow,
    street_rows,
)
from ui.kit import forms as forms
from ui.kit.fields import left_aligned
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, perform
from ui.kit.pickers import ParcelPicker, PartyPicker, give_room, party_row
from ui.kit.style import (
    QUIET,
    text_sheet,
)
from ui.street_numbers.parts import (
    Form,
    TwoColumns,
    address_refusal,
    digits_edit,
    feet_box,
    inline,
    kind_box,
    whole_number,
)

CHECK_DELAY_MS = 150
"""Pause after the last keystroke in the number before the live check runs."""


WHO_ASSIGNS = "The Building Inspector assigns official numbers (§ 506-16)."
RECORD_FOR_INSPECTOR = (
    "You record a number the Building Inspector assigned (§ 506-16): name the official under "
    "Assigned by."
)


def _assignment_form(action: Action) -> tuple[list[StreetRow], str, bool]:
    """What the assignment form reads: the streets, why the operator may not record a number
    ("" if they may), and whether they record it for the Inspector, naming the official."""
    refused = register_acts(action)[RegisterAct.ASSIGN] or ""
    return street_rows(action), refused, names_the_official(action)


class NumberCheck(QWidget):
    """The number field, its findings as they change, and the Inspector's acceptance of warnings.

    ``proposal()`` (given by the form) says what to check; None while something is missing, with
    the reason shown instead of findings.

    Signals: ``checked(list)`` with the findings after each check.
    """

    checked = Signal(list)

    def __init__(
        self,
        app: App,
        proposal: Callable[[], Proposal | str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self._proposal = proposal
        self.findings_list: list[Finding] = []
        self.number = digits_edit("number", "e.g. 125", width_chars=7)
        self.findings = FindingsView(
            app, empty_text="No problem with this number.", clear_beside_notes=True
        )
        self.findings.setObjectName("number_findings")
        self.accept_box = QCheckBox("The Building Inspector accepts these warnings")
        self.accept_box.setObjectName("accept_warnings")
        self.accept_box.setVisible(False)
        self.status = QLabel()
        self.status.setObjectName("number_status")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(self.findings)
        layout.addWidget(self.accept_box)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check_now)

    def schedule(self) -> None:
        self._timer.start()

    def pending(self) -> bool:
        return self._timer.isActive()

    def value(self) -> int | None:
        text = self.number.text().strip().replace(",", "")
        return int(text) if text.isdigit() else None

    def check_now(self) -> list[Finding]:
        """Ask the core about the number as it stands; the findings are shown and returned."""
        self._timer.stop()
        proposal = self._proposal()
        found: list[Finding] = []
        if isinstance(proposal, Proposal):
            found = (
                perform(
                    self,
                    self.app,
                    lambda a: street_views.number_findings(a, proposal),
                    writes=False,
                )
                or []
            )
            self.status.setVisible(False)
            self.findings.setVisible(True)
        else:
            self.status.setText(f"<i>{html.escape(proposal or '')}</i>")
            self.status.setVisible(bool(proposal))
            self.findings.setVisible(False)
        self.show_findings(found)
        return found

    def show_findings(self, found: Sequence[Finding]) -> None:
        """Show the findings. The Inspector's acceptance is of the warnings read: when they
        change (another number, side or position), it is asked for again."""
        warnings = [f for f in found if f.level == "warn"]
        if warnings != [f for f in self.findings_list if f.level == "warn"]:
            self.accept_box.setChecked(False)
        self.findings_list = list(found)
        self.findings.set_findings(found)
        self.accept_box.setVisible(bool(warnings) and not self.blocked())
        self.checked.emit(self.findings_list)

    def blocked(self) -> bool:
        return any(f.blocks for f in self.findings_list)

    def warned(self) -> bool:
        return any(f.level == "warn" for f in self.findings_list)

    def may_save(self) -> tuple[bool, str]:
        """Whether Save may be pressed, and if not, why (the Save button's tooltip)."""
        if self.blocked():
            return False, "The number cannot be assigned: see what stops it under the number."
        if self.warned() and not self.accept_box.isChecked():
            return False, "Tick that the Building Inspector accepts the warnings to go on."
        return True, ""


def refused_number(form: forms.FormDialog, found: Sequence[Finding]) -> bool:
    """Show what stops the number under the number field (Save was pressed before the live
    check caught up); True if something does."""
    stops = [f for f in found if f.blocks]
    if stops:
        form.errors.clear()
        form.errors.show(InvalidInput(stops[0].text, field="number", cite=stops[0].cite))
    return bool(stops)


def _position_ft(edit: QLineEdit) -> int | None:
    return whole_number(edit, "position_ft", "the position in feet", optional=True)


class AssignNumberDialog(TwoColumns):
    """Assign an official street number (§ 506-16): street, side, position, parcel, kind, unit,
    owner; Suggest asks the core for the number that keeps the numbering continuous and says
    why; the number typed is checked as it changes.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, street_id: int | None = None) -> None:
        super().__init__(parent, "Assign a street number", save_text="Assign", ratio=2)
        self.app = app
        self.setObjectName("assign_dialog")
        read = perform(self, app, _assignment_form, writes=False)
        streets, self.denied, self.for_official = read or ([], "", False)
        who = RECORD_FOR_INSPECTOR if self.for_official else WHO_ASSIGNS
        self.add_top(
            forms.banner(
                who + " Recording the number prints the official letter to the owner.",
                tone="info",
            )
        )
        self.streets: list[StreetRow] = [r for r in streets if r.active]
        self._suggested: int | None = None
        self._build_fields()
        self._lay_out()
        self._connect()
        if street_id is not None:
            self.street.setCurrentIndex(max(0, self.street.findData(street_id)))
        self._street_changed()
        if self.denied:
            self.set_read_only(self.denied)
        elif not self.streets:
            self.set_read_only(
                "There are no streets in the numbering map yet: add them under Streets…."
            )
        self.resize(1160, self.sizeHint().height())
        self.check.check_now()
        self.street.setFocus()

    def _build_fields(self) -> None:
        app = self.app
        self.street = QComboBox()
        self.street.setObjectName("street")
        for row in self.streets:
            self.street.addItem(row.full_name, row.id)
        self.side = QComboBox()
        self.side.setObjectName("side")
        self.position = digits_edit("position_ft", "e.g. 250", width_chars=9)
        self.parcel = ParcelPicker(app)
        self.kind = kind_box()
        self.unit = forms.limit_to(QLineEdit(), "Address.unit")
        self.unit.setObjectName("unit")
        self.unit.setPlaceholderText("only for an apartment or unit, e.g. Apt 2")
        self.owner = PartyPicker(app, role="owner", name="owner")
        give_room(self.owner.table)
        self.check = NumberCheck(app, self.proposal)
        self.number = self.check.number
        self.suggest_button = QPushButton("Su&ggest")
        self.suggest_button.setObjectName("suggest_button")
        self.suggest_button.setToolTip(
            "The number that keeps the numbering continuous, on the side's parity, between the "
            "neighbours (needs the street, side and position)"
        )
        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setStyleSheet(text_sheet(QUIET))
        self.explanation.setVisible(False)
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")
        self.official = forms.limit_to(QLineEdit(), "Address.assigned_by_name")
        self.official.setObjectName("assigned_by")
        self.official.setPlaceholderText(
            "the official's name and title, e.g. Pat Kowalski, Building Inspector"
        )

    def _lay_out(self) -> None:
        self.add_to(self.left, "&Street", self.street, "street_id")
        self.add_to(self.left, "S&ide", left_aligned(self.side), "side")
        self.add_to(self.left, "&Position", feet_box(self.position), "position_ft")
        self.add_to(self.left, "P&arcel", self.parcel, "parcel_id")
        self.add_to(self.left, "&Building", self.kind, "building_kind")
        self.add_to(self.left, "&Unit", self.unit, "unit")
        self.add_to(self.right, "&Owner", self.owner, "owner_id")
        self.add_to(self.right, "&Number", inline(self.number, self.suggest_button), "number")
        self.right.addRow("", self.explanation)
        self.right.addRow("", self.check)
        self.add_to(self.right, "No&tes", self.notes, "notes")
        if self.for_official:
            self.add_to(self.right, "Assigned b&y", self.official, "assigned_by")
        self.finish_layout()
        order = (
            self.street,
            self.side,
            self.position,
            self.parcel.search_field,
            self.parcel.table,
            self.kind,
            self.unit,
            self.owner.search_field,
            self.owner.table,
            self.number,
            self.suggest_button,
            self.check.accept_box,
            self.notes,
            *((self.official,) if self.for_official else ()),
        )
        for first, second in itertools.pairwise(order):
            self.setTabOrder(first, second)

    def _connect(self) -> None:
        self.street.currentIndexChanged.connect(lambda _i: self._street_changed())
        self.side.currentIndexChanged.connect(lambda _i: self.check.schedule())
        self.position.textChanged.connect(lambda _t: self.check.schedule())
        self.kind.currentIndexChanged.connect(lambda _i: self.check.schedule())
        self.unit.textChanged.connect(lambda _t: self.check.schedule())
        self.number.textChanged.connect(lambda _t: self._number_typed())
        self.parcel.parcel_changed.connect(self._parcel_changed)
        self.suggest_button.clicked.connect(self.suggest)
        self.check.checked.connect(lambda _f: self._update_save())
        self.check.accept_box.toggled.connect(lambda _on: self._update_save())

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, street_id: int | None = None) -> int | None:
        """Show the form; the id of the address assigned, or None if cancelled."""
        dialog = cls(parent, app, street_id=street_id)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    # ---- what the form holds -----------------------------------------------------------------

    def street_row(self) -> StreetRow | None:
        street_id = self.street.currentData()
        return next((r for r in self.streets if r.id == street_id), None)

    def chosen_side(self) -> Compass | None:
        value = self.side.currentData()
        return Compass(value) if value else None

    def proposal(self) -> Proposal | str | None:
        street, side, parcel = self.street_row(), self.chosen_side(), self.parcel.parcel
        number = self.check.value()
        if street is None or side is None:
            return "Choose the street and the side."
        if parcel is None:
            return "Choose the parcel to check the number against the register."
        if number is None:
            return "Type the number, or press Suggest."
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            position = None
        return Proposal(
            street.id,
            number,
            parcel.id,
            side,
            BuildingKind(self.kind.currentData()),
            self.unit.text(),
            position,
        )

    # ---- behaviour ---------------------------------------------------------------------------

    def _street_changed(self) -> None:
        row = self.street_row()
        self.side.blockSignals(True)
        self.side.clear()
        for side, label in row.sides if row else ():
            self.side.addItem(label, side)
        self.side.blockSignals(False)
        self.check.schedule()

    def _parcel_changed(self, parcel: ParcelRow | None) -> None:
        if parcel is not None and parcel.owner_id is not None:
            owner = party_row(self.app, self, parcel.owner_id)
            if owner is not None:
                self.owner.choose(owner)
        self.check.schedule()

    def _number_typed(self) -> None:
        if self._suggested is not None and self.check.value() != self._suggested:
            self.explanation.setVisible(False)
            self._suggested = None
        self.check.schedule()

    def _update_save(self) -> None:
        if self.denied or not self.streets:
            return
        ok, why = self.check.may_save()
        self.save_button.setEnabled(ok)
        self.save_button.setToolTip(why)

    def suggest(self) -> None:
        """Ask the core for the number; put it in the field with the reason under it."""
        self.errors.clear()
        street, side = self.street_row(), self.chosen_side()
        if street is None or side is None:
            self.errors.show(InvalidInput("Choose the street and the side.", field="side"))
            return
        try:
            position = _position_ft(self.position)
        except InvalidInput as error:
            self.errors.show(error)
            return
        if position is None:
            self.errors.show(
                InvalidInput(
                    "Enter the lot's position along the street (feet from its start) to get a "
                    "suggestion.",
                    field="position_ft",
                )
            )
            return
        parcel_id = self.parcel.parcel.id if self.parcel.parcel else None
        unit = self.unit.text()
        suggestion = perform(
            self,
            self.app,
            lambda a: street_views.suggestion(
                a,
                street.id,
                side=side,
                position_ft=position,
                parcel_id=parcel_id,
                unit=unit,
            ),
            writes=False,
            errors=self.errors,
        )
        if suggestion is None:
            return
        self.explanation.setText(html.escape(suggestion.explanation))
        self.explanation.setVisible(True)
        if suggestion.number is None:
            self._suggested = None
            self.check.show_findings(suggestion.findings)
            self.check.findings.setVisible(True)
            self.check.status.setVisible(False)
            return
        self._suggested = suggestion.number
        self.number.setText(str(suggestion.number))
        self.check.check_now()
        if suggestion.findings:
            self.check.show_findings([*suggestion.findings, *self.check.findings_list])

    def commit(self) -> object:
        if refused_number(self, self.check.check_now()):
            return None
        street, side, parcel = self.street_row(), self.chosen_side(), self.parcel.parcel
        owner = self.owner.party
        accept = self.check.accept_box.isChecked()
        official = self.official.text()

        def work(action: Action) -> int:
            if street is None:
                raise InvalidInput("Choose the street.", field="street_id")
            if side is None:
                raise InvalidInput("Choose the side.", field="side")
            if parcel is None:
                raise InvalidInput("Choose the parcel the building stands on.", field="parcel_id")
            number = whole_number(self.number, "number", "the street number")
            assert number is not None
            return assignment.assign_number(
                action,
                AssignmentData(
                    street_id=street.id,
                    number=number,
                    parcel_id=parcel.id,
                    side=side,
                    building_kind=BuildingKind(self.kind.currentData()),
                    unit=self.unit.text(),
                    position_ft=_position_ft(self.position),
                    owner_id=owner.id if owner else None,
                    notes=self.notes.text(),
                    accept_warnings=accept,
                    assigned_by=official,
                ),
            )

        keep = (
            *("street_id", "side", "parcel_id", "position_ft", "unit", "owner_id", "notes"),
            "assigned_by",
        )

        return perform(
            self, self.app, forms.as_field_error(work, "number", keep=keep), errors=self.errors
        )


class ChangeAddressDialog(TwoColumns):
    """Alter an official address with the reason; the old value, the new, who and when go into
    its history (§ 506-16 (Altering numbers)).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Change {row.text}", save_text="Record the change", ratio=2)
        self.app = app
        self.row = row
        self.setObjectName("change_dialog")
        self.add_top(
            forms.banner(
                f"{row.text} (parcel {row.parcel_number}). A number is never overwritten "
                "silently: the change is recorded in the address's history with the old value, "
                f"the new, who, when and why ({ALTER_CITE}). A new number needs a new letter to "
                "the owner.",
                tone="info",
            )
        )
        streets = perform(self, app, street_rows, writes=False) or []
        street = next((s for s in streets if s.id == row.street_id), None)
        self.side = QComboBox()
        self.side.setObjectName("side")
        for side, label in street.sides if street else ((row.side, row.side_text),):
            self.side.addItem(label, side)
        self.side.setCurrentIndex(max(0, self.side.findData(row.side)))
        self.position = digits_edit("position_ft", "e.g. 250", width_chars=9)
        self.position.setText("" if row.position_ft is None else str(row.position_ft))
        self.kind = kind_box()
        self.kind.setCurrentIndex(self.kind.findData(row.kind))
        self.unit = forms.limit_to(QLineEdit(row.unit), "Address.unit")
        self.unit.setObjectName("unit")
        owner = party_row(app, self, row.owner_id) if row.owner_id is not None else None
        self.owner = PartyPicker(app, role="owner", chosen=owner, name="owner")
        give_room(self.owner.table)
        self.check = NumberCheck(app, self.proposal)
        self.number = self.check.number
        self.number.setText(str(row.number))
        self.notes = QLineEdit(row.notes)
        self.notes.setObjectName("notes")
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(
            "required: why, e.g. lot split; owner's request approved by the Inspector"
        )

        self.add_to(self.left, "Street", QLabel(html.escape(row.street)))
        self.add_to(self.left, "&Number", inline(self.number), "number")
        self.left.addRow("", self.check)
        self.add_to(self.left, "&Unit", self.unit, "unit")
        self.add_to(self.left, "S&ide", left_aligned(self.side), "side")
        self.add_to(self.left, "&Position", feet_box(self.position), "position_ft")
        self.add_to(self.left, "&Building", self.kind, "building_kind")
        self.add_to(self.right, "&Owner", self.owner, "owner_id")
        self.add_to(self.right, "No&tes", self.notes, "notes")
        self.add_to(self.right, "&Why", self.reason, "reason")
        self.finish_layout()
        for signal in (self.side.currentIndexChanged, self.kind.currentIndexChanged):
            signal.connect(lambda _i: self.check.schedule())
        for edit in (self.position, self.unit, self.number):
            edit.textChanged.connect(lambda _t: self.check.schedule())
        self.check.checked.connect(lambda _f: self._update_save())
        self.check.accept_box.toggled.connect(lambda _on: self._update_save())
        self.denied = address_refusal(parent, app, row.id, AddressAct.CHANGE)
        if self.denied:
            self.set_read_only(self.denied)
        self.resize(940, self.sizeHint().height())
        self.check.check_now()
        self.number.setFocus()
        self.number.selectAll()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> str | None:
        """Show the form; the address as it now reads, or None if cancelled."""
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, str):
            return dialog.result_value
        return None

    def numbering_changed(self) -> bool:
        row = self.row
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            return True
        return (
            self.check.value(),
            " ".join(self.unit.text().split()).casefold(),
            self.side.currentData(),
            position,
            self.kind.currentData(),
        ) != (row.number, row.unit.casefold(), row.side, row.position_ft, row.kind)

    def proposal(self) -> Proposal | str | None:
        if not self.numbering_changed():
            return "The number, unit, side, position and kind are as recorded."
        number = self.check.value()
        if number is None:
            return "Type the number."
        try:
            position = _position_ft(self.position)
        except InvalidInput:
            position = None
        return Proposal(
            self.row.street_id,
            number,
            self.row.parcel_id,
            Compass(self.side.currentData()),
            BuildingKind(self.kind.currentData()),
            self.unit.text(),
            position,
            self.row.id,
        )

    def _update_save(self) -> None:
        if self.denied:
            return
        ok, why = self.check.may_save()
        self.save_button.setEnabled(ok)
        self.save_button.setToolTip(why)

    def commit(self) -> object:
        if refused_number(self, self.check.check_now()):
            return None
        row, reason = self.row, self.reason.text()
        owner = self.owner.party
        accept = self.check.accept_box.isChecked()

        def work(action: Action) -> str:
            number = whole_number(self.number, "number", "the street number")
            assert number is not None
            address_id = assignment.change_address(
                action,
                row.id,
                AddressEdit(
                    number=number,
                    unit=self.unit.text(),
                    building_kind=BuildingKind(self.kind.currentData()),
                    side=Compass(self.side.currentData()),
                    position_ft=_position_ft(self.position),
                    owner_id=owner.id if owner else None,
                    notes=self.notes.text(),
                    accept_warnings=accept,
                ),
                reason=reason,
            )
            return street_views.address_row(action, address_id).text

        keep = ("side", "position_ft", "unit", "owner_id", "notes", "reason")
        return perform(
            self, self.app, forms.as_field_error(work, "number", keep=keep), errors=self.errors
        )


class RetireDialog(Form):
    """Take a number out of use, with the reason; it stays in the register and its history.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: AddressRow) -> None:
        super().__init__(parent, f"Retire {row.text}", save_text="Retire")
        self.app = app
        self.row = row
        self.setObjectName("retire_dialog")
        self.add_top(
            forms.banner(
                f"{row.text} (parcel {row.parcel_number}) leaves use: it stays in the register "
                "and its history, marked retired, and the number may later be assigned again.",
                tone="info",
            )
        )
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("e.g. building demolished; lots combined")
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        if denied := address_refusal(parent, app, row.id, AddressAct.RETIRE):
            self.set_read_only(denied)
        self.resize(520, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: AddressRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        address_id, reason = self.row.id, self.reason.text()

        def work(action: Action) -> bool:
            assignment.retire_address(action, address_id, reason=reason)
            return True

        return perform(self, self.app, forms.as_field_error(work, "reason"), errors=self.errors)
