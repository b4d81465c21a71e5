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
from datetime import date, datetime, tzinfo

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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
from clerk_desk.street_numbers import streets
from clerk_desk.street_openings import acts as opening_acts
from clerk_desk.street_openings import previews
from clerk_desk.street_openings import rules as street_openings_rules
from clerk_desk.street_openings import service as street_openings
from clerk_desk.street_openings import views as street_openings_views
from clerk_desk.street_openings import work as street_openings_work
from clerk_desk.street_openings.acts import OpeningAct, RegisterAct
from clerk_desk.street_openings.rules import (
    FROZEN_CITE,
    FROZEN_RULE,
    NEW_STREETS_CITE,
    RENEWAL_CITE,
    SURFACES,
    VALIDITY_CITE,
)
from clerk_desk.street_openings.service import OpeningData
from clerk_desk.street_openings.views import (
    FIELD_LENGTHS,
    DueView,
    OpeningRow,
    PermitProtection,
    SiteRow,
)
from clerk_desk.street_openings.work import ChecklistLine, WorkRecord
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import (
    RowActDialog,
    plain_text,
    widgets_row,
)
from ui.kit.fields import ChooseDateEdit, left_aligned, local_moment, moment_edit
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import PartyPicker
from ui.kit.style import (
    BAD_BACKGROUND,
    GOOD_BACKGROUND,
    LATE_BACKGROUND,
    QUIET,
    text_sheet,
)
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn

NO_STREET = "— not in the street register —"


# ---- small pieces ----------------------------------------------------------------------------


def title_box(name: str = "title") -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    box.addItems(list(street_openings_rules.APPROVING_TITLES))  # the core refuses any other
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


def findings_box(title: str, view: FindingsView, name: str) -> QGroupBox:
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
            streets.street_choices,
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
                f"({street_openings_rules.CITY_WORK_CITE}). It is recorded here, marked exempt, so "
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

        self._lay_out_fields(city_work)
        self.finish_layout()

        self.emergency.toggled.connect(lambda _on: self._emergency_changed())
        for edit in (self.planned_start, self.planned_end, self.opened_on):
            edit.dateChanged.connect(lambda _d: self.show_notes())
        self._emergency_changed()
        act = RegisterAct.CITY_WORK if city_work else RegisterAct.NEW_APPLICATION
        if why := core_refusal(parent, app, lambda a: opening_acts.register_acts(a)[act]):
            self.set_read_only(why)
        self.resize(1180, max(self.sizeHint().height(), 660))
        self.applicant.search_field.setFocus()

    def _lay_out_fields(self, city_work: bool) -> None:
        """Who and the openings on the left; the work and its days (an emergency's too) right."""
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
            findings_box("What the ordinance says about these days", self.days_view, "days_box")
        )

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
            return street_openings_rules.application_notes(
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


class OpeningActDialog(RowActDialog):
    """A form acting on one permit: its line at the top, read-only when the core's acts refuse
    its ``core_act`` now (saying why)."""

    form_width = 620
    row: OpeningRow
    core_act: OpeningAct

    def row_banner(self) -> QWidget:
        return opening_banner(self.row)

    def refusal(self, action: Action) -> str | None:
        return opening_acts.acts(action, self.row.id)[self.core_act]


class OpenedDialog(OpeningActDialog):
    """Record the day the opening was made; before the permit was approved the fee doubles,
    and the form says so before it is saved."""

    core_act = OpeningAct.OPENED

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


class FrozenEmergencyDialog(OpeningActDialog):
    """Record that the Director of Public Works or the Building Inspector determined the work
    an emergency excavation, which the frozen-ground season allows (who is recorded)."""

    core_act = OpeningAct.FROZEN_EMERGENCY

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


class CouncilFindingDialog(OpeningActDialog):
    """The Common Council's (or its committee's) finding that opening a street improved within
    five years is absolutely essential: the day and the action."""

    core_act = OpeningAct.COUNCIL_FINDING

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


class ApproveDialog(OpeningActDialog):
    """Approve the permit as the Building Inspector or the Director of Public Works.

    Every finding of §§ 506-6 and 506-7 is shown with its section; while one stops the approval,
    the form says which and Approve stays off. The permit is valid six months from today.
    """

    core_act = OpeningAct.APPROVE

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
        until = street_openings_rules.valid_until(today)
        self.validity = validity = QLabel(
            f"Approved today by <b>{html.escape(app.operator.full_name)}</b>: valid six months, "
            f"through <b>{format_day(until)}</b> ({html.escape(VALIDITY_CITE)})."
        )
        validity.setObjectName("validity")
        validity.setWordWrap(True)
        self.form.addRow(
            findings_box("What §§ 506-6 and 506-7 say about issuing it", self.view, "findings_box")
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


class RefuseDialog(OpeningActDialog):
    """Refuse the application, with the reason (it stays in the register)."""

    core_act = OpeningAct.REFUSE

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


class RenewDialog(OpeningActDialog):
    """A thirty-day renewal on the permittee's written request, at the discretion of the
    Building Inspector or the Director of Public Works (who is recorded)."""

    core_act = OpeningAct.RENEW

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


class WorkDialog(OpeningActDialog):
    """The work as it happens: the notice 24 hours before it begins, its start, the notice four
    hours before backfilling, the backfill, a winter cold-mix patch and the permanent
    restoration's completion (each recorded when known; times on City Hall's clock)."""

    core_act = OpeningAct.WORK

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
                "and at least four hours before backfilling (§ 506-7 (Notice)); private "
                "properties losing a utility service are told 12 hours before. Hours are "
                "counted without Sundays and legal holidays (Wis. Stat. § 990.001(4)(a)). "
                "Permanent pavement is due within 60 days of the permit; a winter cold-mix patch "
                "is replaced by the following July 1 (§ 506-7G).",
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
        self.service_notice = MomentField(
            "at", row.service_loss_notice_at, now, name="service_loss_notice_at"
        )
        self.service_lost = MomentField("at", row.service_lost_at, now, name="service_lost_at")
        self.patch = ChooseDateEdit(today, name="temporary_patch_on")
        self.patch.set_value(row.temporary_patch_on)
        self.completed = ChooseDateEdit(today, name="completed_on")
        self.completed.set_value(row.completed_on)
        self.add_field("24-hour &notice", self.commencement, "commencement_notice_at")
        self.add_field("Work &started", self.started, "started_at")
        self.add_field("4-hour n&otice", self.backfill_notice, "backfill_notice_at")
        self.add_field("&Backfilled", self.backfilled, "backfilled_at")
        self.add_field("Properties &told (12 h)", self.service_notice, "service_loss_notice_at")
        self.add_field("Utility service &lost", self.service_lost, "service_lost_at")
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
            service_loss_notice_at=self.service_notice.value(zone),
            service_lost_at=self.service_lost.value(zone),
            temporary_patch_on=self.patch.value(),
            completed_on=self.completed.value(),
        )

    def commit(self) -> object:
        record, opening_id = self.work_record(), self.row.id
        return self.act(
            lambda a: street_openings_work.record_work(a, opening_id, record),
            "decision",
            keep=tuple(WorkRecord.__dataclass_fields__),
        )


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
