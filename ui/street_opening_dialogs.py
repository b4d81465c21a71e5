"""The forms of the Street Openings tab (§§ 506-6, 506-7): the application, City work, the
opening made, the frozen-ground emergency, the Council's finding, approval and refusal, renewal,
the work as it happens, the City's repair and deficiency charges, and the street improvement
register.

Every rule is the core's (:mod:`clerk_desk.street_openings.service`, read through
:mod:`clerk_desk.street_openings.views`): a form shows what the core says about what is typed
before anything is saved — the frozen-ground season for the planned days, the emergency's
next-business-day and two-business-day days, the doubled fee, the findings that stop an approval,
a charge's 20% and total — and a refusal is shown under the field it is about.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import date, datetime, tzinfo

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import DueStatus
from clerk_desk.money import Money
from clerk_desk.permissions import Permission, refusal
from clerk_desk.street_numbers import service as street_numbers
from clerk_desk.street_openings import previews
from clerk_desk.street_openings import service as street_openings
from clerk_desk.street_openings import views as street_openings_views
from clerk_desk.street_openings.service import (
    FROZEN_CITE,
    FROZEN_RULE,
    NEW_STREETS_CITE,
    RENEWAL_CITE,
    SURFACES,
    VALIDITY_CITE,
    ChecklistLine,
    ImprovementData,
    OpeningData,
    WorkRecord,
)
from clerk_desk.street_openings.views import (
    FIELD_LENGTHS,
    DueView,
    ImprovementRow,
    OpeningRow,
    PermitProtection,
    SiteRow,
    improvement_rows,
)
from clerk_desk.words import format_day
from ui import forms
from ui.dialog_parts import (
    RowActDialog,
    plain_text,
    widgets_row,
)
from ui.dialog_parts import may_not as may_not
from ui.findings_view import FindingsView
from ui.kit.fields import ChooseDateEdit, left_aligned, local_moment, moment_edit, money_edit
from ui.kit.pickers import PartyPicker
from ui.kit.style import (
    BAD,
    BAD_BACKGROUND,
    GOOD_BACKGROUND,
    LATE_BACKGROUND,
    QUIET,
    marked,
    panel_sheet,
    text_sheet,
)
from ui.operations import App, perform
from ui.street_number_dialogs import ParcelPicker
from ui.table_models import CENTER, RIGHT, RowsModel, TableColumn

TAKE = Permission.TAKE_APPLICATIONS
DECIDE = Permission.APPROVE_WORK_PERMITS
BILL = Permission.BILL
TITLES = ("Building Inspector", "Director of Public Works")
"""The officials § 506-6 names: the permit is theirs to approve, renew and close."""
NO_STREET = "— not in the street register —"


# ---- small pieces ----------------------------------------------------------------------------


def title_box(name: str = "title") -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    box.addItems(list(TITLES))
    return box


class MomentField(QWidget):
    """A time that may not have happened yet: ticked, it is recorded; the time is City Hall's.

    Signals: none of its own.
    """

    def __init__(self, caption: str, moment: datetime | None, now: datetime, *, name: str) -> None:
        super().__init__()
        self.check = QCheckBox(caption)
        self.check.setObjectName(f"{name}_recorded")
        self.edit = moment_edit(moment or now.replace(second=0, microsecond=0), name=name)
        self.check.setChecked(moment is not None)
        self.edit.setEnabled(moment is not None)
        self.check.toggled.connect(self.edit.setEnabled)
        self.check.setMinimumWidth(self.check.sizeHint().width())
        self._line = line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.check)
        line.addWidget(self.edit)
        line.addStretch(1)

    def note(self, text: str) -> None:
        """A muted word after the time ("not required for an emergency")."""
        label = QLabel(text)
        label.setStyleSheet(text_sheet(QUIET))
        self._line.insertWidget(2, label)

    def value(self, zone: tzinfo) -> datetime | None:
        return local_moment(self.edit, zone) if self.check.isChecked() else None

    def set_value(self, moment: datetime) -> None:
        self.check.setChecked(True)
        self.edit.setDateTime(
            QDateTime.fromString(moment.strftime("%Y-%m-%d %H:%M"), "yyyy-MM-dd HH:mm")
        )


def _findings_box(title: str, view: FindingsView, name: str) -> QGroupBox:
    box = QGroupBox(title)
    box.setObjectName(name)
    layout = QVBoxLayout(box)
    layout.addWidget(view)
    return box


def protection_html(protection: PermitProtection) -> str:
    """The bond, the insurance and the fee the City holds for a permit, one line each, as the
    approving official reads them before signing (the permit prints the same)."""
    e = html.escape
    if protection.public_utility:
        bond = "none required of a public utility (§ 506-6 (Public utilities))"
    elif protection.bonds:
        bond = "; ".join(
            f"{e(b.kind)} No. {e(b.bond_number)}"
            + (f" for {b.year}" if b.year else "")
            + f", {e(b.surety)}, {b.amount}"
            for b in protection.bonds
        )
    else:
        bond = "<b>none on file</b>"
    insurance = protection.insurance
    if insurance is None:
        insured = "<b>no certificate on file</b>"
    else:
        insured = (
            f"{e(insurance.insurer)}"
            + (f" ({e(insurance.policy_numbers)})" if insurance.policy_numbers else "")
            + f", in force {words.us_date(insurance.effective_on)} to "
            f"{words.us_date(insurance.expires_on)}"
        )
    if protection.receipts:
        fee = "; ".join(
            f"receipt {e(r.receipt_number)}, {r.amount}, {words.us_date(r.paid_on)}"
            for r in protection.receipts
        )
    elif protection.no_fee:
        fee = e(protection.no_fee)
    else:
        fee = ""
    if protection.fee_owed > Money.zero():
        fee = (fee + "; " if fee else "") + f"<b>{protection.fee_owed} still owed</b>"
    lines = [f"<b>Bond:</b> {bond}", f"<b>Insurance:</b> {insured}"]
    if fee:
        lines.append(f"<b>Fee:</b> {fee}")
    return "<br>".join(lines)


def opening_banner(row: OpeningRow) -> QLabel:
    """The permit a form acts on, in one line at its top."""
    utility = " (public utility)" if row.public_utility else ""
    return forms.banner(
        f"{row.number} — {row.applicant}{utility}: {row.locations}. {row.status_text}.",
        tone="info",
    )


# ---- the openings listed on an application ---------------------------------------------------


def site_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Street", lambda r: r.street),
        TableColumn("Location", lambda r: r.location, tooltip=lambda r: r.location or None),
        TableColumn("Surface", lambda r: r.surface),
        TableColumn("Size", lambda r: r.size),
    )


class SitesEditor(QWidget):
    """The openings of one application: the street from the street register, where in it, the
    surface and the size; "Add opening" lists it (Enter in Location does too), "Remove" takes the
    selected one off. An opening typed but not yet added is saved with the others.

    Signals: none of its own.
    """

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.street = QComboBox()
        self.street.setObjectName("site_street")
        self.street.addItem(NO_STREET, None)
        found = perform(
            self,
            app,
            street_numbers.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, (street_id, name))
        self.street.setToolTip(
            "The street, from the street register: an opening in a street improved within five "
            "years is checked against it (§ 506-7 (Excavation in new streets limited))"
        )
        self.location = QLineEdit()
        self.location.setMaxLength(FIELD_LENGTHS["location"])
        self.location.setObjectName("site_location")
        self.location.setPlaceholderText("e.g. in front of 118 Orange St; at Broad St N")
        self.surface = QComboBox()
        self.surface.setObjectName("site_surface")
        self.surface.addItem("— surface —", "")
        for surface in SURFACES:
            self.surface.addItem(surface, surface)
        self.length_box = self._feet("site_length")
        self.width_box = self._feet("site_width")
        self.add_button = QPushButton("&Add opening")
        self.add_button.setObjectName("add_site_button")
        self.add_button.setToolTip("List the opening typed above (Enter in Location)")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("remove_site_button")
        self.model = RowsModel(site_columns(), self)
        self.table = forms.make_table(self.model, name="sites_table")
        forms.size_columns(self.table, {0: 16, 1: 30, 2: 10})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 4 + 30)

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        for column, (caption, widget) in enumerate(
            (("S&treet", self.street), ("Su&rface", self.surface))
        ):
            label = QLabel(caption)
            label.setBuddy(widget)
            grid.addWidget(label, 0, column * 2)
            grid.addWidget(widget, 0, column * 2 + 1)
        location_label = QLabel("&Location")
        location_label.setBuddy(self.location)
        grid.addWidget(location_label, 1, 0)
        grid.addWidget(self.location, 1, 1, 1, 3)
        size_label = QLabel("Si&ze")
        size_label.setBuddy(self.length_box)
        grid.addWidget(size_label, 2, 0)
        grid.addWidget(
            widgets_row(self.length_box, "by", self.width_box, self.add_button), 2, 1, 1, 3
        )
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(3, 1)
        below = QHBoxLayout()
        hint = QLabel("Every opening is listed when the application is submitted (§ 506-6 (Fee)).")
        hint.setStyleSheet(text_sheet(QUIET))
        hint.setWordWrap(True)
        below.addWidget(hint, 1)
        below.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        layout.addWidget(self.table, 1)
        layout.addLayout(below)

        forms.on_enter(self.location, self.add_typed)
        self.add_button.clicked.connect(self.add_typed)
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selected_changed())
        self._selected_changed()

    def _feet(self, name: str) -> QSpinBox:
        box = QSpinBox()
        box.setObjectName(name)
        box.setRange(0, 10_000)
        box.setSpecialValueText("—")
        box.setSuffix(" ft")
        box.setToolTip("Whole feet; leave — when not known")
        return box

    def typed(self) -> SiteRow | None:
        """The opening typed in the fields, or None while no location is typed."""
        location = self.location.text().strip()
        if not location:
            return None
        street = self.street.currentData()
        street_id, name = street if street else (None, "")
        return SiteRow(
            location,
            street_id,
            name,
            str(self.surface.currentData() or ""),
            self.length_box.value() or None,
            self.width_box.value() or None,
        )

    def add_typed(self) -> None:
        site = self.typed()
        if site is None:
            self.location.setFocus()
            return
        self.add(site)
        self.location.clear()
        self.length_box.setValue(0)
        self.width_box.setValue(0)
        self.location.setFocus()

    def add(self, site: SiteRow) -> None:
        rows = self.model.rows
        rows.append(site)
        self.model.set_rows(rows)
        forms.select_row(self.table, len(rows) - 1)

    def remove_selected(self) -> None:
        number = self.table.currentIndex().row()
        if forms.selected_row(self.table) is None or number < 0:
            return
        rows = self.model.rows
        del rows[number]
        self.model.set_rows(rows)
        forms.select_row(self.table, min(number, len(rows) - 1))
        self._selected_changed()

    def _selected_changed(self) -> None:
        self.remove_button.setEnabled(forms.selected_row(self.table) is not None)

    def sites(self) -> list[SiteRow]:
        """The openings listed, and the one typed but not added (nothing typed is lost)."""
        typed = self.typed()
        return self.model.rows + ([typed] if typed is not None else [])


# ---- the application -------------------------------------------------------------------------


class OpeningDialog(forms.TwoColumnForm):
    """Take an application for a street opening permit, or record City work (exempt).

    While the clerk types, the form says what the ordinance makes of the days: whether the work
    falls in the frozen-ground season (the season stated in full, both end days included), and
    for an emergency the next business day its application was due and the last of the two
    business days that keep the fee waived.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, city_work: bool = False) -> None:
        title = "Record City work (exempt)" if city_work else "New street opening application"
        super().__init__(
            parent, title, save_text="Record City work" if city_work else "Take application"
        )
        self.app = app
        self.city_work = city_work
        self.setObjectName("city_work_dialog" if city_work else "opening_dialog")
        clock = app.desk.clock
        self.zone = clock.local_now().tzinfo
        today = clock.today

        self.banner: QLabel | None = None
        if city_work:
            self.banner = forms.banner(
                "Excavation under the direction of City departments or employees, or by "
                "contractors under contract with the City, needs no permit and pays no fee "
                f"({street_openings.CITY_WORK_CITE}). It is recorded here, marked exempt, so "
                "the street's history is whole.",
                tone="info",
            )
            self.add_top(self.banner)
        role = "department or City contractor" if city_work else "applicant"
        self.applicant = PartyPicker(app, role=role, name="applicant")
        self.sites = SitesEditor(app)
        self.nature = plain_text("nature_of_work", 2, self)
        self.nature.setPlaceholderText("e.g. repair of a water service; new gas main")
        self.method = plain_text("method", 2, self)
        self.method.setPlaceholderText("e.g. saw cut, excavate with backhoe, backfill in lifts")
        self.patches = plain_text("existing_patches", 2, self)
        self.patches.setPlaceholderText(
            "Existing patches next to or near the opening, or other openings close by"
        )
        self.planned_start = ChooseDateEdit(today, name="planned_start")
        self.planned_end = ChooseDateEdit(
            lambda: self.planned_start.value() or today(), name="planned_end"
        )
        self.emergency = QCheckBox("&Emergency excavation, made before applying")
        self.emergency.setObjectName("emergency")
        self.emergency.setToolTip(
            "The owner of a utility in the street may act at once to remedy a dangerous "
            "condition, and apply the next business day (§ 506-7 (Emergency excavation))"
        )
        self.opened_on = forms.date_edit(today(), name="opened_on")
        self.notified = MomentField(
            "City officials notified at", None, clock.local_now(), name="city_notified_at"
        )
        self.notes = QLineEdit()
        self.notes.setObjectName("notes")
        self.days_view = FindingsView(
            app, empty_text="Enter the planned days: the frozen-ground season is checked here."
        )
        self.days_view.setObjectName("days_notes")

        self.add_to(
            self.left, "&Applicant" if not city_work else "&By", self.applicant, "applicant_id"
        )
        self.add_to(self.left, "Openings", self.sites, "sites")
        self.add_to(self.right, "&Nature of work", self.nature, "nature_of_work")
        self.add_to(self.right, "&Method", self.method, "method")
        self.add_to(self.right, "Nearby &patches", self.patches, "existing_patches")
        self.add_to(
            self.right,
            "Planned &work",
            widgets_row(self.planned_start, "to", self.planned_end),
            "planned_end",
        )
        self.emergency_rows: list[QWidget] = []
        if not city_work:
            self.add_to(self.right, "", self.emergency, "emergency")
            made = widgets_row(self.opened_on)
            self.add_to(self.right, "Excavated &on", made, "opened_on")
            self.add_to(self.right, "", self.notified, "city_notified_at")
            self.emergency_rows = [made, self.notified]
        self.add_to(self.right, "No&tes", self.notes, "notes")
        self.right.addRow(
            _findings_box("What the ordinance says about these days", self.days_view, "days_box")
        )
        self.finish_layout()

        self.emergency.toggled.connect(lambda _on: self._emergency_changed())
        for edit in (self.planned_start, self.planned_end, self.opened_on):
            edit.dateChanged.connect(lambda _d: self.show_notes())
        self._emergency_changed()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.resize(1180, max(self.sizeHint().height(), 660))
        self.applicant.search_field.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, city_work: bool = False) -> int | None:
        """Show the form; the id of the opening saved, or None if cancelled."""
        dialog = cls(parent, app, city_work=city_work)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _emergency_changed(self) -> None:
        on = self.emergency.isChecked()
        for widget in self.emergency_rows:
            widget.setEnabled(on)
        self.show_notes()

    def show_notes(self) -> None:
        """What the ordinance says about the days typed, before anything is saved."""
        if self.city_work:
            self.days_view.set_findings([])
            return
        start, end = self.planned_start.value(), self.planned_end.value()
        emergency = self.emergency.isChecked()
        opened = forms.to_date(self.opened_on) if emergency else None

        def work(action: Action) -> list[Finding]:
            return previews.application_notes(
                action.calendar,
                today=action.today(),
                planned_start=start,
                planned_end=end,
                emergency=emergency,
                opened_on=opened,
            )

        found = perform(self, self.app, work, writes=False)
        self.days_view.set_findings(found or [])

    def data(self) -> OpeningData:
        if self.applicant.party is None:
            raise InvalidInput(
                "Choose the applicant from the register (or add them under People & Parcels).",
                field="applicant_id",
            )
        emergency = self.emergency.isChecked() and not self.city_work
        assert self.zone is not None
        return OpeningData(
            applicant_id=self.applicant.party.id,
            sites=[site.data() for site in self.sites.sites()],
            nature_of_work=self.nature.toPlainText(),
            method=self.method.toPlainText(),
            existing_patches=self.patches.toPlainText(),
            planned_start=self.planned_start.value(),
            planned_end=self.planned_end.value(),
            emergency=emergency,
            opened_on=forms.to_date(self.opened_on) if emergency else None,
            city_notified_at=self.notified.value(self.zone) if emergency else None,
            notes=self.notes.text(),
        )

    def commit(self) -> object:
        city_work = self.city_work

        def work(action: Action) -> int:
            data = self.data()
            if city_work:
                return street_openings.record_city_work(action, data)
            return street_openings.apply(action, data)

        return perform(self, self.app, work, errors=self.errors)


# ---- acts on an application ------------------------------------------------------------------


class _ActDialog(RowActDialog):
    """A form acting on one permit: its line at the top, read-only for who may not act."""

    form_width = 620
    row: OpeningRow

    def row_banner(self) -> QWidget:
        return opening_banner(self.row)


class OpenedDialog(_ActDialog):
    """Record the day the opening was made; before the permit was approved the fee doubles,
    and the form says so before it is saved."""

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(parent, app, row, "Opening made", save_text="Record", name="opened_dialog")
        self.day = forms.date_edit(app.desk.clock.today(), name="opened_on")
        self.fee_view = FindingsView(app)
        self.fee_view.setObjectName("opened_fee")
        self.add_field("Made &on", left_aligned(self.day), "opened_on")
        self.form.addRow(self.fee_view)
        self.day.dateChanged.connect(lambda _d: self.show_fee())
        self.done_building()
        self.show_fee()
        self.day.setFocus()

    def show_fee(self) -> None:
        day, opening_id = forms.to_date(self.day), self.row.id

        def work(action: Action) -> Finding:
            return previews.opened_fee_note(action, opening_id, day)

        found = perform(self, self.app, work, writes=False)
        self.fee_view.set_findings([found] if found is not None else [])

    def commit(self) -> object:
        day, opening_id = forms.to_date(self.day), self.row.id
        return self.act(
            lambda a: street_openings.record_opened(a, opening_id, opened_on=day), "opened_on"
        )


class FrozenEmergencyDialog(_ActDialog):
    """Record that the Director of Public Works or the Building Inspector determined the work
    an emergency excavation, which the frozen-ground season allows (who is recorded)."""

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent, app, row, "Frozen-ground emergency", save_text="Record", name="frozen_dialog"
        )
        days = f"The work: {row.work_days}. " if row.work_days else ""
        self.add_top(forms.banner(f"{days}{FROZEN_RULE} ({FROZEN_CITE})"))
        self.official = QLineEdit(app.operator.full_name)
        self.official.setObjectName("official")
        self.title = title_box()
        self.add_field(
            "&Determined by", widgets_row(self.official, self.title, stretch=False), "determined_by"
        )
        self.done_building(680)
        self.official.setFocus()

    def determined_by(self) -> str:
        name = self.official.text().strip()
        return f"{name}, {self.title.currentText()}" if name else ""

    def commit(self) -> object:
        who, opening_id = self.determined_by(), self.row.id
        return self.act(
            lambda a: street_openings.determine_frozen_emergency(a, opening_id, determined_by=who),
            "determined_by",
        )


class CouncilFindingDialog(_ActDialog):
    """The Common Council's (or its committee's) finding that opening a street improved within
    five years is absolutely essential: the day and the action."""

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent, app, row, "Council finding", save_text="Record", name="council_dialog"
        )
        self.add_top(
            forms.banner(
                "After a permanent improvement or repaving, no permit is issued to open the street "
                "for five years unless, in the opinion of the Common Council or its committee, "
                f"conditions make it absolutely essential ({NEW_STREETS_CITE}).",
                tone="info",
            )
        )
        self.day = forms.date_edit(app.desk.clock.today(), name="on")
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("e.g. Council motion, item 7; Public Works Committee")
        self.add_field("Found &on", left_aligned(self.day), "on")
        self.add_field("&Action", self.note, "note")
        self.done_building(640)
        self.note.setFocus()

    def commit(self) -> object:
        day, note, opening_id = forms.to_date(self.day), self.note.text(), self.row.id
        return self.act(
            lambda a: street_openings.record_council_essential(a, opening_id, on=day, note=note),
            "on",
            keep=("note",),
        )


class ApproveDialog(_ActDialog):
    """Approve the permit as the Building Inspector or the Director of Public Works.

    Every finding of §§ 506-6 and 506-7 is shown with its section; while one stops the approval,
    the form says which and Approve stays off. The permit is valid six months from today.
    """

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Approve the permit",
            save_text="Approve permit",
            name="approve_dialog",
        )
        today = app.desk.clock.today()
        opening_id = row.id

        def work(action: Action) -> tuple[list[Finding], PermitProtection]:
            protection = street_openings_views.protection_of(action, opening_id)
            return street_openings.review(action, opening_id), protection

        found = perform(self, app, work, writes=False)
        self.findings = found[0] if found else []
        self.on_file = QLabel(protection_html(found[1]) if found else "")
        self.on_file.setObjectName("on_file")
        self.on_file.setWordWrap(True)
        self.on_file.setTextFormat(Qt.TextFormat.RichText)
        self.view = FindingsView(app)
        self.view.setObjectName("approve_findings")
        self.view.set_findings(self.findings)
        self.blocked = [f for f in self.findings if f.blocks]
        self.title = title_box()
        self.title.setToolTip("The approving official's title, printed on the permit")
        until = street_openings.valid_until(today)
        self.validity = validity = QLabel(
            f"Approved today by <b>{html.escape(app.operator.full_name)}</b>: valid six months, "
            f"through <b>{format_day(until)}</b> ({html.escape(VALIDITY_CITE)})."
        )
        validity.setObjectName("validity")
        validity.setWordWrap(True)
        self.form.addRow(
            _findings_box("What §§ 506-6 and 506-7 say about issuing it", self.view, "findings_box")
        )
        on_file = QGroupBox("On file for this permit")
        on_file_layout = QVBoxLayout(on_file)
        on_file_layout.addWidget(self.on_file)
        self.form.addRow(on_file)
        self.add_field("Approving &official", left_aligned(self.title), "title")
        self.form.addRow(validity)
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.title)
        self.done_building(760)
        if self.blocked and self.save_button.isEnabled():
            count = len(self.blocked)
            self.add_top(
                forms.banner(
                    f"The permit cannot be approved yet: {count} finding"
                    f"{'s' if count != 1 else ''} marked Stops must be resolved first.",
                )
            )
            self.save_button.setEnabled(False)
            self.save_button.setToolTip("Resolve the findings marked Stops first")
        self.title.setFocus()

    def commit(self) -> object:
        title, opening_id = self.title.currentText(), self.row.id

        def work(action: Action) -> int:
            street_openings.approve(action, opening_id, title=title)
            return opening_id

        return perform(self, self.app, forms.as_field_error(work, "decision"), errors=self.errors)


class RefuseDialog(_ActDialog):
    """Refuse the application, with the reason (it stays in the register)."""

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent, app, row, "Refuse the permit", save_text="Refuse", name="refuse_dialog"
        )
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(
            "e.g. street repaved 2024, no Council finding (§ 506-7 (Excavation in new streets "
            "limited))"
        )
        self.add_field("&Why", self.reason, "reason")
        self.done_building(680)
        self.reason.setFocus()

    def commit(self) -> object:
        reason, opening_id = self.reason.text(), self.row.id
        return self.act(lambda a: street_openings.refuse(a, opening_id, reason=reason), "reason")


class RenewDialog(_ActDialog):
    """A thirty-day renewal on the permittee's written request, at the discretion of the
    Building Inspector or the Director of Public Works (who is recorded)."""

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent, app, row, "Renew for 30 days", save_text="Renew", name="renew_dialog"
        )
        today = app.desk.clock.today()
        until = row.valid_until
        self.add_top(
            forms.banner(
                "Operations begun under the permit that will continue beyond it are renewed for "
                "thirty days on written request to the Building Inspector or the Director of "
                f"Public Works, at their discretion ({RENEWAL_CITE}).",
                tone="info",
            )
        )
        self.requested_on = forms.date_edit(today, name="requested_on")
        self.official = QLineEdit(app.operator.full_name)
        self.official.setObjectName("granted_by")
        self.title = title_box()
        opening_id = row.id

        def renewed(action: Action) -> date | None:
            return previews.renewal_until(action, opening_id)

        through = perform(self, app, renewed, writes=False)
        after = (
            f"Valid through {format_day(until)} now; through <b>{format_day(through)}</b> "
            "after the renewal."
            if until is not None and through is not None
            else ""
        )
        self.after = QLabel(after)
        self.after.setObjectName("renewed_until")
        self.add_field("Written request &dated", left_aligned(self.requested_on), "requested_on")
        self.add_field(
            "&Granted by", widgets_row(self.official, self.title, stretch=False), "granted_by"
        )
        self.form.addRow(self.after)
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.requested_on)
        self.done_building(700)
        self.requested_on.setFocus()

    def commit(self) -> object:
        day, opening_id = forms.to_date(self.requested_on), self.row.id
        name = self.official.text().strip()
        who = f"{name}, {self.title.currentText()}" if name else ""
        return self.act(
            lambda a: street_openings.renew(a, opening_id, requested_on=day, granted_by=who),
            "decision",
            keep=("requested_on", "granted_by"),
        )


class WorkDialog(_ActDialog):
    """The work as it happens: the notice 24 hours before it begins, its start, the notice four
    hours before backfilling, the backfill, a winter cold-mix patch and the permanent
    restoration's completion (each recorded when known; times on City Hall's clock)."""

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(parent, app, row, "Record work", save_text="Record", name="work_dialog")
        clock = app.desk.clock
        now = clock.local_now()
        self.zone = now.tzinfo
        today = clock.today
        self.add_top(
            forms.banner(
                "The permittee notifies the Director of Public Works 24 hours before the "
                "excavation begins, unless it is an emergency (§ 506-7 (Protection of public)), "
                "and at least four hours before backfilling (§ 506-7 (Notice)). Permanent "
                "pavement is due within 60 days of the permit; a winter cold-mix patch is "
                "replaced by the following July 1 (§ 506-7G).",
                tone="info",
            )
        )
        self.commencement = MomentField(
            "at", row.commencement_notice_at, now, name="commencement_notice_at"
        )
        if row.emergency:
            self.commencement.note("not required for an emergency")
        self.started = MomentField("at", row.started_at, now, name="started_at")
        self.backfill_notice = MomentField(
            "at", row.backfill_notice_at, now, name="backfill_notice_at"
        )
        self.backfilled = MomentField("at", row.backfilled_at, now, name="backfilled_at")
        self.patch = ChooseDateEdit(today, name="temporary_patch_on")
        self.patch.set_value(row.temporary_patch_on)
        self.completed = ChooseDateEdit(today, name="completed_on")
        self.completed.set_value(row.completed_on)
        self.add_field("24-hour &notice", self.commencement, "commencement_notice_at")
        self.add_field("Work &started", self.started, "started_at")
        self.add_field("4-hour n&otice", self.backfill_notice, "backfill_notice_at")
        self.add_field("&Backfilled", self.backfilled, "backfilled_at")
        self.add_field("Cold-mix &patch on", left_aligned(self.patch), "temporary_patch_on")
        self.add_field("Restoration &completed", left_aligned(self.completed), "completed_on")
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.commencement)
        self.done_building(760)
        self.commencement.check.setFocus()

    def work_record(self) -> WorkRecord:
        zone = self.zone
        assert zone is not None
        return WorkRecord(
            commencement_notice_at=self.commencement.value(zone),
            started_at=self.started.value(zone),
            backfill_notice_at=self.backfill_notice.value(zone),
            backfilled_at=self.backfilled.value(zone),
            temporary_patch_on=self.patch.value(),
            completed_on=self.completed.value(),
        )

    def commit(self) -> object:
        record, opening_id = self.work_record(), self.row.id
        return self.act(
            lambda a: street_openings.record_work(a, opening_id, record),
            "decision",
            keep=tuple(WorkRecord.__dataclass_fields__),
        )


class _ChargeDialog(_ActDialog):
    """A charge to the permittee, with what it comes to shown before it is saved."""

    permission = BILL

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

    def __init__(self, parent: QWidget | None, app: App, row: OpeningRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "City repair charge",
            note="The City may make the pavement repair; the cost of the repair and of "
            "maintaining it for one year is charged to the person who made the opening, and "
            "unpaid it becomes a lien against the premises for which the permit was issued "
            f"({street_openings.REPAIR_CITE}).",
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
            f"({html.escape(street_openings.REPAIR_CITE)})."
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
            lambda a: street_openings.charge_city_repair(
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
            lambda a: street_openings.charge_deficiency_repair(
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


def improvement_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Street", lambda r: r.street, tooltip=lambda r: r.description or None),
        TableColumn("Limits", lambda r: r.limits),
        TableColumn("Determined", lambda r: words.us_date(r.determined_on)),
        TableColumn(
            "Utility notice",
            lambda r: words.us_date(r.utility_notice_on),
            header_tooltip="The written notice to utilities and abutting owners that their "
            "excavation work in the street must be completed within 30 days",
        ),
        TableColumn("Work begins", lambda r: words.us_date(r.work_begins_on)),
        TableColumn("Completed", lambda r: words.us_date(r.completed_on)),
        TableColumn(
            "No openings through",
            lambda r: words.us_date(r.no_openings_through),
            header_tooltip=f"Five years after the improvement or repaving ({NEW_STREETS_CITE})",
        ),
        TableColumn(
            "Check",
            lambda r: r.check_text,
            tooltip=lambda r: "\n".join(f"{f.text} ({f.cite})" for f in r.findings) or None,
            colour=lambda r: LATE_BACKGROUND if r.findings else None,
        ),
    )


class ImprovementsDialog(QDialog):
    """The register of permanent street improvements and repavings: each starts five years in
    which the street is not opened (§ 506-7 (Excavation in new streets limited)).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent)
        self.app = app
        self.changed = False
        self.setWindowTitle("Street improvements and repavings")
        self.setObjectName("improvements_dialog")
        note = forms.banner(
            "The City determines a permanent improvement or repaving at least 30 days before the "
            "work begins and at once notifies in writing the utilities and abutting owners that "
            "their excavation in the street must be completed within 30 days. After it, no "
            "permit is issued to open the street for five years unless the Common Council, or "
            f"its committee, finds it absolutely essential ({NEW_STREETS_CITE}).",
            tone="info",
        )
        self.model = RowsModel(improvement_columns(), self)
        self.table = forms.make_table(self.model, name="improvements_table")
        forms.size_columns(self.table, {0: 16, 1: 22, 2: 10, 3: 12, 4: 11, 5: 10, 6: 17})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 8 + 30)
        self.add_button = QPushButton("&New improvement…")
        self.add_button.setObjectName("add_improvement_button")
        self.complete_button = QPushButton("&Completed…")
        self.complete_button.setObjectName("complete_improvement_button")
        self.complete_button.setToolTip(
            "Record the day the work was completed: the five years start"
        )
        self.count_label = QLabel()
        self.count_label.setObjectName("improvements_count")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.complete_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(close)
        self._may_not = may_not(app, DECIDE)
        if self._may_not:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(self._may_not)
        self.add_button.clicked.connect(self.add_improvement)
        self.complete_button.clicked.connect(self.complete_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.resize(1160, 480)
        self.refresh()
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> bool:
        """Show the register; True when something was recorded in it."""
        dialog = cls(parent, app)
        forms.run_modal(dialog)
        return dialog.changed

    def selected(self) -> ImprovementRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, ImprovementRow) else None

    def refresh(self, select_id: int | None = None) -> None:
        rows = perform(self, self.app, improvement_rows, writes=False) or []
        self.model.set_rows(rows)
        count = len(rows)
        self.count_label.setText(
            f"{count} improvement{'s' if count != 1 else ''}" if count else "None recorded yet"
        )
        number = self.model.row_of(lambda r: r.id == select_id) if select_id else -1
        forms.select_row(self.table, max(number, 0))
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected()
        usable = row is not None and row.completed_on is None
        self.complete_button.setEnabled(usable and not self._may_not)
        self.complete_button.setToolTip(
            self._may_not
            or (
                "Record the day the work was completed: the five years start"
                if usable
                else "Choose an improvement not completed yet"
            )
        )

    def add_improvement(self) -> None:
        improvement_id = ImprovementDialog.ask(self, self.app)
        if improvement_id is not None:
            self.changed = True
            self.refresh(improvement_id)

    def complete_selected(self) -> None:
        row = self.selected()
        if (
            row is not None
            and row.completed_on is None
            and CompleteImprovementDialog.ask(self, self.app, row)
        ):
            self.changed = True
            self.refresh(row.id)


class ImprovementDialog(forms.FormDialog):
    """Add a permanent improvement or repaving to the register; the 30 days before the work
    and the notice to utilities are checked as the days are typed.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New street improvement", save_text="Record")
        self.app = app
        self.setObjectName("improvement_dialog")
        today = app.desk.clock.today
        self.street = QComboBox()
        self.street.setObjectName("street")
        found = perform(
            self,
            app,
            street_numbers.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)
        self.limits = QLineEdit()
        self.limits.setMaxLength(FIELD_LENGTHS["limits"])
        self.limits.setObjectName("limits")
        self.limits.setPlaceholderText("e.g. from Broad St N to Court St")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. mill and overlay; reconstruction with curb")
        self.determined_on = forms.date_edit(today(), name="determined_on")
        self.notice_on = ChooseDateEdit(
            lambda: forms.to_date(self.determined_on), name="utility_notice_on"
        )
        self.begins_on = ChooseDateEdit(today, name="work_begins_on")
        self.completed_on = ChooseDateEdit(today, name="completed_on")
        self.view = FindingsView(app, empty_text="Nothing to check yet.")
        self.view.setObjectName("improvement_findings")
        self.add_field("&Street", self.street, "street_id")
        self.add_field("&Limits", self.limits, "limits")
        self.add_field("&Work", self.description, "description")
        self.add_field("&Determined on", left_aligned(self.determined_on), "determined_on")
        self.add_field("Utility &notice on", left_aligned(self.notice_on), "utility_notice_on")
        self.add_field("Work &begins", left_aligned(self.begins_on), "work_begins_on")
        self.add_field("&Completed", left_aligned(self.completed_on), "completed_on")
        self.form.addRow(_findings_box("The 30 days before the work", self.view, "checks_box"))
        for edit in (self.determined_on, self.notice_on, self.begins_on):
            edit.dateChanged.connect(lambda _d: self.show_checks())
        self.finish_layout()
        if not app.operator.may(DECIDE):
            self.set_read_only(refusal(app.operator.role, DECIDE))
        self.show_checks()
        self.resize(700, max(self.sizeHint().height(), 420))
        self.street.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        dialog = cls(parent, app)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def show_checks(self) -> None:
        self.view.set_findings(
            previews.improvement_notes(
                determined_on=forms.to_date(self.determined_on),
                work_begins_on=self.begins_on.value(),
                utility_notice_on=self.notice_on.value(),
            )
        )

    def data(self) -> ImprovementData:
        street_id = self.street.currentData()
        if not isinstance(street_id, int):
            raise InvalidInput(
                "Choose the street (add it under Street Numbers).", field="street_id"
            )
        return ImprovementData(
            street_id=street_id,
            determined_on=forms.to_date(self.determined_on),
            limits=self.limits.text(),
            description=self.description.text(),
            utility_notice_on=self.notice_on.value(),
            work_begins_on=self.begins_on.value(),
            completed_on=self.completed_on.value(),
        )

    def commit(self) -> object:
        def work(action: Action) -> int:
            return street_openings.record_improvement(action, self.data())

        return perform(self, self.app, work, errors=self.errors)


class CompleteImprovementDialog(forms.FormDialog):
    """The day an improvement was completed (the five years start), and the notice to
    utilities if it was not recorded before.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: ImprovementRow) -> None:
        super().__init__(parent, f"Improvement of {row.street} completed", save_text="Record")
        self.app = app
        self.row = row
        self.setObjectName("complete_improvement_dialog")
        self.add_top(
            forms.banner(
                f"{row.street} {row.limits}".strip()
                + f", determined {format_day(row.determined_on)}. From the day it is completed, "
                f"the street is not opened for five years ({NEW_STREETS_CITE}).",
                tone="info",
            )
        )
        self.completed_on = forms.date_edit(app.desk.clock.today(), name="completed_on")
        self.notice_on = ChooseDateEdit(lambda: row.determined_on, name="utility_notice_on")
        self.notice_on.set_value(row.utility_notice_on)
        self.add_field("&Completed on", left_aligned(self.completed_on), "completed_on")
        self.add_field("Utility &notice on", left_aligned(self.notice_on), "utility_notice_on")
        self.finish_layout()
        if not app.operator.may(DECIDE):
            self.set_read_only(refusal(app.operator.role, DECIDE))
        self.resize(600, self.sizeHint().height())
        self.completed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: ImprovementRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))

    def commit(self) -> object:
        day, notice, improvement_id = (
            forms.to_date(self.completed_on),
            self.notice_on.value(),
            self.row.id,
        )

        def work(action: Action) -> bool:
            street_openings.complete_improvement(
                action, improvement_id, completed_on=day, utility_notice_on=notice
            )
            return True

        return perform(self, self.app, work, errors=self.errors)


# ---- tables of the tab -----------------------------------------------------------------------


def checklist_columns() -> tuple[TableColumn, ...]:
    def colour(line: ChecklistLine) -> str | None:
        if line.finding is not None:
            return BAD_BACKGROUND if line.finding.blocks else LATE_BACKGROUND
        return GOOD_BACKGROUND if line.done else None

    return (
        TableColumn("Step", lambda r: r.title),
        TableColumn("Done", lambda r: "Done" if r.done else "Open", align=CENTER, colour=colour),
        TableColumn("When", lambda r: r.when),
        TableColumn(
            "Check",
            lambda r: r.finding.text if r.finding else "",
            tooltip=lambda r: f"{r.finding.text} ({r.finding.cite})" if r.finding else None,
        ),
    )


def due_columns() -> tuple[TableColumn, ...]:
    def status(due: DueView) -> str:
        if due.overdue:
            return "Overdue"
        return due.status.value.capitalize()

    def colour(due: DueView) -> str | None:
        if due.overdue:
            return BAD_BACKGROUND
        return GOOD_BACKGROUND if due.status is DueStatus.PAID else None

    return (
        TableColumn("What", lambda r: r.kind.label, tooltip=lambda r: r.description),
        TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
        TableColumn("Paid", lambda r: r.paid.format(), align=RIGHT),
        TableColumn("Balance", lambda r: r.balance.format(), align=RIGHT),
        TableColumn("Due", lambda r: words.us_date(r.due_on)),
        TableColumn("Receipt", lambda r: ", ".join(r.receipts)),
        TableColumn(
            "Status",
            status,
            colour=colour,
            tooltip=lambda r: " ".join(p for p in (r.note, r.cite) if p) or None,
        ),
    )


RENEWAL_COLUMNS = (
    TableColumn("Requested", lambda r: words.us_date(r.requested_on)),
    TableColumn("Granted", lambda r: words.us_date(r.granted_on)),
    TableColumn("By", lambda r: r.granted_by),
    TableColumn("Valid through", lambda r: words.us_date(r.valid_until)),
)
