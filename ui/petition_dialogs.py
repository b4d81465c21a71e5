"""The forms of the Petitions tab (§ 506-14): intake, corrections, the Council's meetings and
what the Council did.

A petition is taken at the counter with :class:`PetitionDialog`, which shows — before anything is
saved — the program year the petition will be stamped with now, in words, with the rule that
moved the last day when September 15 fell on a day City Hall was closed. The moment received is
stamped by the core when the form is saved, never typed; a wrong stamp is corrected afterwards
with a reason (:class:`CorrectReceivedDialog`), which shows the program year that follows.
Every check is the core's (:mod:`clerk_desk.petitions.service`); its refusals show under the field.

The rows shown in the tables are plain frozen values read inside one action (:class:`PetitionRow`
and friends), never live records.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, time, tzinfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
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
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import parties
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.permissions import Permission, refusal
from clerk_desk.petitions import details as petition_details
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.details import PetitionRow, ScanRow, SignerRow
from clerk_desk.petitions.service import CITE, CouncilAction, PetitionData, ProgramYear, SignerData
from clerk_desk.words import clock_time, format_day, plural
from ui.kit import forms as forms
from ui.kit.dates import TimeField
from ui.kit.fields import left_aligned, limited, plain_text_edit
from ui.kit.meetings import MeetingDialog, MeetingRow, ReasonForm, meeting_rows
from ui.kit.operations import App, perform
from ui.kit.pickers import read_chosen_scan
from ui.kit.style import GOOD, INFO, LATE, SECONDARY, panel_sheet, text_sheet
from ui.kit.table_models import CENTER, RIGHT, RowsModel, TableColumn
from ui.ordinance_viewer import cite_html
from ui.parties.dialogs import PartyDialog

PERMISSION = Permission.TAKE_APPLICATIONS
NO_PARCEL = "— no parcel —"
INFO_COLOUR, LATE_COLOUR, GOOD_COLOUR = INFO, LATE, GOOD


# ---- plain rows ------------------------------------------------------------------------------


def program_year_html(explained: ProgramYear, *, stamped: str) -> str:
    """The program year in words, as the intake form and the correction show it: the year in
    bold, the sentence of § 506-14 with its citation as a link, and — when September 15 fell on
    a day City Hall was closed — the days passed over and the rule that moved the last day."""
    e = html.escape
    colour = GOOD_COLOUR if explained.timely else LATE_COLOUR
    timing = "filed in time" if explained.timely else "filed late"
    link = cite_html(CITE, CITE.replace(" ", "\u00a0"))  # "§ 506-14" never broken at the end
    text = e(explained.text).replace(e(f"({CITE})"), f"({link})")
    parts = [
        f"<b style='color:{colour}; font-size:large'>Program year {explained.year}</b>"
        f"&nbsp; <span style='color:{colour}'>({timing})</span>",
        f"<br>{e(stamped)}" if stamped else "",
        f"<br>{text}",
    ]
    if explained.deadline.moved:
        lines = "<br>".join(e(line) for line in explained.deadline.explanation)
        parts.append(f"<br><small style='color:{SECONDARY}'>{lines}</small>")
    return "".join(parts)


def _info_label(name: str) -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(False)
    label.setStyleSheet(panel_sheet(padding=8))
    return label


def _open_cite(parent: QWidget, app: App, url: str) -> None:
    """Follow a ``cite:`` link: the window's ordinance viewer, or a small one beside the form."""
    from ui.ordinance_viewer import cite_from_url

    cite = cite_from_url(url)
    if cite and not app.open_ordinance(cite):
        forms.open_cite(parent, cite)


# ---- intake and changes ----------------------------------------------------------------------


class ScanList(QWidget):
    """The scans of the signed petition to attach when the form is saved (read when chosen, so a
    file moved later is not lost).

    Signals: none of its own.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.files: list[tuple[str, bytes]] = []
        self.label = QLabel("<i>no scan attached</i>")
        self.label.setObjectName("scans_label")
        self.label.setWordWrap(True)
        self.button = QPushButton("Attach &scan…")
        self.button.setObjectName("attach_scan_button")
        self.clear_button = QPushButton("Remove all")
        self.clear_button.setVisible(False)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        row.addWidget(self.clear_button)
        self.button.clicked.connect(self.choose)
        self.clear_button.clicked.connect(self.clear)

    def choose(self) -> None:
        chosen = read_chosen_scan(self, "Attach a scan of the signed petition")
        if chosen is None:
            return
        self.files.append(chosen)
        self._show()

    def clear(self) -> None:
        self.files = []
        self._show()

    def _show(self) -> None:
        if not self.files:
            self.label.setText("<i>no scan attached</i>")
        else:
            self.label.setText(
                "<br>".join(
                    f"{html.escape(name)} ({len(content) / 1024:,.0f} KB)"
                    for name, content in self.files
                )
            )
        self.clear_button.setVisible(bool(self.files))


CHOICE_COLUMNS = (
    TableColumn("Owner", lambda r: r.name, tooltip=lambda r: r.address or None),
    TableColumn("Parcel", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
)


class PetitionersEditor(QWidget):
    """The petitioning owners: find an owner or a parcel by typing (name, parcel number or
    address), add them, tick whether each signed, choose the parcel of the one selected.

    Signals: none of its own.
    """

    def __init__(
        self, app: App, signers: Sequence[SignerRow] = (), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.search_field = forms.SearchField(
            "Type an owner's name, a parcel number or a street (Down arrow to the list)"
        )
        self.search_field.setObjectName("owner_search")
        self.choices = RowsModel(CHOICE_COLUMNS, self)
        self.choice_table = forms.make_table(self.choices, name="owner_choices")
        forms.size_columns(self.choice_table, {0: 20, 1: 12})
        self.choice_table.setFixedHeight(
            self.choice_table.verticalHeader().defaultSectionSize() * 4
            + self.choice_table.horizontalHeader().sizeHint().height()
            + 4
        )
        self.add_button = QPushButton("&Add petitioner")
        self.add_button.setObjectName("add_signer_button")
        self.add_button.setToolTip("Add the owner chosen above (Enter in the list)")
        self.new_owner_button = QPushButton("New owner…")
        self.new_owner_button.setObjectName("new_owner_button")
        self.new_owner_button.setToolTip("Add a person or business to the register and here")
        self.model = RowsModel(
            (
                TableColumn("Petitioner", lambda r: r.name, tooltip=lambda r: r.address or None),
                TableColumn("Parcel", lambda r: r.parcel_text),
                TableColumn(
                    "Signed",
                    lambda r: "",
                    align=CENTER,
                    checked=lambda r: r.signed,
                    set_checked=lambda r, on: replace(r, signed=on),
                    header_tooltip="Tick each owner whose signature is on the petition",
                ),
            ),
            self,
        )
        self.table = forms.make_table(self.model, name="signers_table")
        forms.size_columns(self.table, {0: 18, 1: 24})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 4 + 30)
        self.parcel_box = QComboBox()
        self.parcel_box.setObjectName("signer_parcel")
        self.parcel_box.setToolTip("The parcel the selected petitioner owns on the street")
        self.parcel_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.parcel_box.setMinimumContentsLength(18)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("remove_signer_button")

        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button)
        add_row.addWidget(self.new_owner_button)
        add_row.addStretch(1)
        parcel_row = QHBoxLayout()
        parcel_label = QLabel("Parcel of the one selected:")
        parcel_label.setBuddy(self.parcel_box)
        parcel_row.addWidget(parcel_label)
        parcel_row.addWidget(self.parcel_box, 1)
        parcel_row.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search_field)
        layout.addWidget(self.choice_table)
        layout.addLayout(add_row)
        layout.addWidget(self.table, 1)
        hint = QLabel("Untick Signed for an owner named on the petition who did not sign it.")
        hint.setStyleSheet(text_sheet(SECONDARY))
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addLayout(parcel_row)

        self.search_field.search_requested.connect(self.search)
        self.search_field.move_down.connect(self._enter_choices)
        forms.on_enter(self.choice_table, self.add_chosen)
        self.choice_table.doubleClicked.connect(lambda _i: self.add_chosen())
        self.add_button.clicked.connect(self.add_chosen)
        self.new_owner_button.clicked.connect(self.new_owner)
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selected_changed())
        self.parcel_box.activated.connect(lambda _i: self._parcel_chosen())
        self.model.set_rows(list(signers))
        self.search("")
        self._selected_changed()

    # ---- what the form reads ---------------------------------------------------------------

    def signers(self) -> list[SignerRow]:
        return self.model.rows

    def signer_data(self) -> tuple[SignerData, ...]:
        return tuple(row.data() for row in self.model.rows)

    # ---- finding and adding -----------------------------------------------------------------

    def search(self, text: str) -> None:
        rows = perform(
            self, self.app, lambda a: petition_details.signer_choices(a, text), writes=False
        )
        self.choices.set_rows(rows or [])
        if rows:
            forms.select_row(self.choice_table, 0)

    def _enter_choices(self) -> None:
        self.choice_table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.choices.rowCount() and forms.selected_row(self.choice_table) is None:
            forms.select_row(self.choice_table, 0)

    def add_chosen(self) -> None:
        row = forms.selected_row(self.choice_table)
        if isinstance(row, SignerRow):
            self.add(row)

    def add(self, row: SignerRow) -> None:
        """Add an owner (again: their parcel changes to the one chosen)."""
        rows = self.model.rows
        at = self.model.row_of(lambda r: r.party_id == row.party_id)
        if at >= 0:
            rows[at] = replace(
                rows[at],
                parcel_id=row.parcel_id,
                parcel_number=row.parcel_number,
                site_address=row.site_address,
            )
        else:
            rows.append(row)
            at = len(rows) - 1
        self.model.set_rows(rows)
        forms.select_row(self.table, at)

    def new_owner(self) -> None:
        party_id = PartyDialog.ask(self, self.app, name=self.search_field.text().strip())
        if party_id is None:
            return
        row = perform(
            self,
            self.app,
            lambda a: SignerRow.of(parties.get_party(a.session, party_id), None),
            writes=False,
        )
        if row is not None:
            self.add(row)
            self.search(self.search_field.text())

    def remove_selected(self) -> None:
        number = self.table.currentIndex().row()
        if forms.selected_row(self.table) is None or number < 0:
            return
        rows = self.model.rows
        del rows[number]
        self.model.set_rows(rows)
        forms.select_row(self.table, min(number, len(rows) - 1))
        self._selected_changed()

    # ---- the selected petitioner's parcel ---------------------------------------------------

    def _selected_changed(self) -> None:
        row = forms.selected_row(self.table)
        self.parcel_box.clear()
        self.remove_button.setEnabled(isinstance(row, SignerRow))
        self.parcel_box.setEnabled(isinstance(row, SignerRow))
        if not isinstance(row, SignerRow):
            return
        party_id = row.party_id
        owned = perform(
            self,
            self.app,
            lambda a: [
                (p.id, p.parcel_number, p.site_address)
                for p in parties.parcels_of(a.session, party_id)
            ],
            writes=False,
        )
        self.parcel_box.addItem(NO_PARCEL, None)
        for parcel_id, number, site in owned or []:
            self.parcel_box.addItem(
                f"{number} ({site})" if site else number, (parcel_id, number, site)
            )
        if row.parcel_id is not None and not any(p[0] == row.parcel_id for p in owned or []):
            # The parcel named at intake, since sold: it stays as it was named.
            self.parcel_box.addItem(
                row.parcel_text, (row.parcel_id, row.parcel_number, row.site_address)
            )
        for index in range(self.parcel_box.count()):
            data = self.parcel_box.itemData(index)
            if (data[0] if data else None) == row.parcel_id:
                self.parcel_box.setCurrentIndex(index)

    def _parcel_chosen(self) -> None:
        number = self.table.currentIndex().row()
        row = forms.selected_row(self.table)
        if not isinstance(row, SignerRow):
            return
        data = self.parcel_box.currentData()
        parcel_id, parcel_number, site = data if data else (None, "", "")
        rows = self.model.rows
        rows[number] = replace(
            row, parcel_id=parcel_id, parcel_number=parcel_number, site_address=site
        )
        self.model.set_rows(rows)
        forms.select_row(self.table, number)


KIND_HINT = (
    "§ 506-14 names six kinds of request by City property owners: new streets, street "
    "resurfacing, curb and gutter, storm sewers, utility work and sidewalks."
)


class PetitionDialog(forms.FormDialog):
    """Take a petition at the counter, or change one's details and petitioners.

    For a new petition the form shows the program year it will be stamped with now; the moment
    received is stamped by the core on Save, with the operator signed in.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, petition: PetitionRow | None = None
    ) -> None:
        title = f"Petition {petition.number}" if petition else "New improvement petition"
        super().__init__(parent, title, save_text="Save" if petition else "Receive petition")
        self.app = app
        self.petition = petition
        self.setObjectName("petition_dialog")
        self.program_year = _info_label("program_year")
        self.program_year.linkActivated.connect(lambda url: _open_cite(self, app, url))
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for kind in PetitionKind:
            self.kind.addItem(kind.label, kind)
        self.kind.setPlaceholderText("Choose the kind…")
        self.kind.setCurrentIndex(-1)  # the clerk reads it off the petition: nothing assumed
        self.kind.setToolTip(KIND_HINT)
        self.street = limited(QLineEdit(), petition_details.PETITION_LENGTHS["street"])
        self.street.setObjectName("street")
        self.street.setPlaceholderText("e.g. Orange St")
        self.limits_from = limited(QLineEdit(), petition_details.PETITION_LENGTHS["limits_from"])
        self.limits_from.setObjectName("limits_from")
        self.limits_from.setPlaceholderText("e.g. Broad St N")
        self.limits_to = limited(QLineEdit(), petition_details.PETITION_LENGTHS["limits_to"])
        self.limits_to.setObjectName("limits_to")
        self.limits_to.setPlaceholderText("e.g. Court St")
        self.description = plain_text_edit("description", 3, self)
        self.description.setPlaceholderText("What the owners ask for, as the petition says it")
        self.staff_notes = plain_text_edit("staff_notes", 3, self)
        self.staff_notes.setPlaceholderText("For the Council's packet: DPW's first look, costs…")
        self.scans = ScanList()
        self.signers = PetitionersEditor(app, petition.signers if petition else ())

        self.add_top(self.program_year)
        columns = QHBoxLayout()
        self._layout.removeItem(self.form)
        left = QVBoxLayout()
        left.addLayout(self.form)
        left.addStretch(1)
        columns.addLayout(left, 1)
        columns.addSpacing(16)
        right = QGroupBox("&Petitioners — the property owners")
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.signers)
        message = forms.error_label()
        right_layout.addWidget(message)
        self.errors.add("signers", message, self.signers.search_field)
        columns.addWidget(right, 1)
        self._layout.addLayout(columns, 1)

        self.add_field("&Kind", self.kind, "kind")
        self.add_field("&Street", self.street, "street")
        self.add_field("&From", self.limits_from, "limits_from")
        self.add_field("&To", self.limits_to, "limits_to")
        self.add_field("&Description", self.description, "description")
        self.add_field("Staff &notes", self.staff_notes, "staff_notes")
        if petition is None:
            self.add_field("Scans", self.scans, "scan")
        else:
            self.scans.setVisible(False)
        self.finish_layout()
        if petition is not None:
            self._fill(petition)
            if not petition.pending:
                self._only_notes(petition)
        self.show_program_year()
        if not app.operator.may(PERMISSION):
            self.set_read_only(refusal(app.operator.role, PERMISSION))
        self.resize(1080, max(self.sizeHint().height(), 640))
        decided = petition is not None and not petition.pending
        (self.staff_notes if decided else self.kind).setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, petition: PetitionRow | None = None
    ) -> int | None:
        """Show the form; the id of the petition saved, or None if cancelled."""
        dialog = cls(parent, app, petition)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _fill(self, row: PetitionRow) -> None:
        self.kind.setCurrentIndex(self.kind.findData(row.kind))
        self.street.setText(row.street)
        self.limits_from.setText(row.limits_from)
        self.limits_to.setText(row.limits_to)
        self.description.setPlainText(row.description)
        self.staff_notes.setPlainText(row.staff_notes)

    def _only_notes(self, row: PetitionRow) -> None:
        """A petition the Council decided (or the petitioner withdrew) keeps what it said: only
        the staff notes may change (the core refuses anything else)."""
        note = forms.banner(
            petitions.only_notes_change(row.number, row.status, row.status_text.lower()),
            tone="info",
        )
        note.setObjectName("decided_banner")
        self.add_top(note)
        for widget in (self.kind, self.street, self.limits_from, self.limits_to, self.signers):
            widget.setEnabled(False)
        self.description.setReadOnly(True)

    def show_program_year(self) -> None:
        """The program year in words: as it will be stamped now, or as it was stamped."""
        row = self.petition
        operator = self.app.operator.full_name

        def work(action: Action) -> tuple[ProgramYear, str]:
            if row is None:
                now = action.clock.local_now()
                explained = petitions.explain_program_year(action.today(), action.calendar)
                stamp = (
                    f"Received now — {format_day(now.date())}, {clock_time(now)}, by {operator} "
                    "(stamped when you save)."
                )
                return explained, stamp
            explained = petitions.explain_program_year(row.received_on, action.calendar)
            stamp = (
                f"Petition {row.number}, received {format_day(row.received_on)}, "
                f"{clock_time(row.received_at)}, by {row.received_by}."
            )
            return explained, stamp

        found = perform(self, self.app, work, writes=False)
        if found is None:
            return
        explained, stamp = found
        if row is not None and explained.year != row.program_year:
            # The calendar changed since: the year stamped at intake stands.
            self.program_year.setText(
                f"<b>Program year {row.program_year}</b>, fixed when it was received.<br>"
                f"{html.escape(stamp)}"
            )
            return
        self.program_year.setText(program_year_html(explained, stamped=stamp))

    def data(self) -> PetitionData:
        kind = self.kind.currentData()
        return PetitionData(
            kind=PetitionKind(kind) if kind is not None else None,
            street=self.street.text(),
            limits_from=self.limits_from.text(),
            limits_to=self.limits_to.text(),
            description=self.description.toPlainText(),
            signers=self.signers.signer_data(),
            staff_notes=self.staff_notes.toPlainText(),
        )

    def commit(self) -> object:
        data = self.data()
        row = self.petition
        scans = list(self.scans.files)

        def work(action: Action) -> int:
            if row is None:
                petition = petitions.receive_petition(action, data, scans=scans)
            else:
                petition = petitions.update_petition(action, row.id, data)
            return petition.id

        return perform(self, self.app, work, errors=self.errors)


class CorrectReceivedDialog(forms.FormDialog):
    """Correct the moment a petition was received, with the reason; shows the program year the
    corrected day gives before anything is saved.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, petition: PetitionRow) -> None:
        super().__init__(
            parent, f"Correct the date received — {petition.number}", save_text="Correct"
        )
        self.app = app
        self.petition = petition
        self.setObjectName("correct_received_dialog")
        self.add_top(
            forms.banner(
                f"Petition {petition.number} was stamped received {petition.received_text} by "
                f"{petition.received_by}: program year {petition.program_year}. Correct the stamp "
                "only when it is wrong (stamped late, or in error); the old stamp, the new one and "
                "your reason are kept in its history.",
                tone="info",
            )
        )
        self.day = forms.date_edit(petition.received_on, name="received_day")
        self.day.setMaximumDate(self.day.date().addYears(1))
        received = petition.received_at
        self.time = TimeField(time(received.hour, received.minute), name="received_time")
        when = QWidget()
        when_row = QHBoxLayout(when)
        when_row.setContentsMargins(0, 0, 0, 0)
        when_row.addWidget(self.day)
        when_row.addWidget(QLabel("at"))
        when_row.addWidget(self.time)
        when_row.addStretch(1)
        self.result_year = _info_label("corrected_year")
        self.result_year.linkActivated.connect(lambda url: _open_cite(self, app, url))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(
            "e.g. left in the drop box on 9/15, stamped the next morning"
        )
        self.add_field("&Received", when, "received_at")
        self.add_field("Result", self.result_year)
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        self.day.dateChanged.connect(lambda _d: self.show_result())
        if not app.operator.may(PERMISSION):
            self.set_read_only(refusal(app.operator.role, PERMISSION))
        self.show_result()
        self.resize(680, self.sizeHint().height())
        self.day.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, petition)))

    def received_at(self, zone: tzinfo) -> datetime:
        value = self.time.time()
        return datetime.combine(
            forms.to_date(self.day), time(value.hour(), value.minute()), tzinfo=zone
        )

    def show_result(self) -> None:
        day = forms.to_date(self.day)
        explained = perform(
            self,
            self.app,
            lambda a: petitions.explain_program_year(day, a.calendar),
            writes=False,
        )
        if explained is None:
            return
        change = (
            f"Program year {self.petition.program_year} → {explained.year}."
            if explained.year != self.petition.program_year
            else f"The program year stays {explained.year}."
        )
        self.result_year.setText(program_year_html(explained, stamped=change))
        self._fit()

    def _fit(self) -> None:
        """Grow to show the whole explanation (it is longer when the last day moved)."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        wanted = self.sizeHint().height()
        if self.height() < wanted:
            self.resize(self.width(), wanted)

    def commit(self) -> object:
        petition_id, reason = self.petition.id, self.reason.text()

        def work(action: Action) -> bool:
            petitions.correct_received(
                action, petition_id, received_at=self.received_at(action.zone), reason=reason
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(work, "received_at", keep=("reason",)),
            errors=self.errors,
        )


def withdraw(parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Withdraw petition {petition.number}",
        note=f"{petition.kind.label}, {petition.location}. The petitioner withdraws it: it stays "
        "in the register, marked withdrawn, and leaves any agenda it is on.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. letter from Ann Lee received 12/1",
        work=lambda a, why: petitions.withdraw_petition(a, petition.id, reason=why),
        name="withdraw_dialog",
    )


def set_scan_aside(parent: QWidget | None, app: App, scan: ScanRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Set the scan aside — {scan.name}",
        note=f"The scan {scan.name} stays on record, marked set aside; it no longer goes into "
        "the agenda packet.",
        save_text="Set aside",
        placeholder="e.g. another petition's pages, attached in error",
        work=lambda a, why: petitions.set_scan_aside(a, scan.id, reason=why),
        name="scan_aside_dialog",
    )


# ---- meetings ------------------------------------------------------------------------------


def meeting_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Kind", lambda r: r.kind.label),
        TableColumn("Date", lambda r: format_day(r.day)),
        TableColumn("Time", lambda r: clock_time(r.starts_at), align=RIGHT),
        TableColumn("Place", lambda r: r.place, tooltip=lambda r: r.notes or None),
        TableColumn(
            "On agenda",
            lambda r: str(r.items),
            align=RIGHT,
            header_tooltip="Petitions on the meeting's agenda now",
        ),
        TableColumn(
            "Packet built",
            lambda r: r.packet_built or ("" if r.cancelled or r.held else "not yet"),
        ),
        TableColumn(
            "Status",
            lambda r: r.status_text,
            tooltip=lambda r: r.cancel_reason or None,
        ),
    )


class MeetingsDialog(QDialog):
    """The Common Council's meetings: add, change, cancel; build the agenda packet of one.

    "Build agenda packet" closes the list and hands the meeting to the tab, which builds the
    packet in the background (:meth:`ask` returns its id).

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, select_id: int | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setWindowTitle("Common Council meetings")
        self.setObjectName("meetings_dialog")
        self.build_id: int | None = None
        self.changed = False
        note = forms.banner(
            "The Common Council meets on the second and fourth Mondays at 6:00 p.m. (the Tuesday "
            "after a Monday City Hall is closed), and in special meetings. Petitions are placed "
            "on a meeting's agenda from the Petitions tab; a cancelled meeting's petitions go "
            "back to waiting for one.",
            tone="info",
        )
        self.all_box = QCheckBox("Show &past and cancelled meetings")
        self.all_box.setObjectName("all_meetings")
        self.count_label = QLabel()
        self.count_label.setObjectName("meetings_count")
        self.model = RowsModel(meeting_columns(), self)
        self.model.set_dimmed(lambda r: r.cancelled or r.held)
        self.table = forms.make_table(self.model, name="meetings_table")
        forms.size_columns(self.table, {0: 15, 1: 15, 2: 8, 3: 31, 4: 9, 5: 20})
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 8 + 30)
        self.add_button = QPushButton("&New meeting…")
        self.add_button.setObjectName("add_meeting_button")
        self.edit_button = QPushButton("&Change…")
        self.edit_button.setObjectName("edit_meeting_button")
        self.cancel_button = QPushButton("Cancel &meeting…")
        self.cancel_button.setObjectName("cancel_meeting_button")
        self.build_button = QPushButton("&Build agenda packet")
        self.build_button.setObjectName("build_packet_button")
        self.build_button.setToolTip(
            "Close this list and build the packet of the meeting chosen, in the background"
        )
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.cancel_button, self.build_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.all_box)
        top.addStretch(1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(close)

        self._may_not = (
            "" if app.operator.may(PERMISSION) else refusal(app.operator.role, PERMISSION)
        )
        if self._may_not:
            self.add_button.setEnabled(False)
            self.add_button.setToolTip(self._may_not)
        self.all_box.toggled.connect(lambda _on: self.refresh())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.add_button.clicked.connect(self.add_meeting)
        self.edit_button.clicked.connect(self.edit_selected)
        self.cancel_button.clicked.connect(self.cancel_selected)
        self.build_button.clicked.connect(self.build_selected)
        self.resize(1040, 460)
        self.refresh(select_id)
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, select_id: int | None = None) -> int | None:
        """Show the list; the id of the meeting whose packet is to be built, or None."""
        dialog = cls(parent, app, select_id=select_id)
        forms.run_modal(dialog)
        return dialog.build_id

    def selected(self) -> MeetingRow | None:
        row = forms.selected_row(self.table)
        return row if isinstance(row, MeetingRow) else None

    def refresh(self, select_id: int | None = None) -> None:
        chosen = self.selected()
        wanted = select_id if select_id is not None else (chosen.id if chosen else None)
        everything = self.all_box.isChecked()
        rows = perform(
            self,
            self.app,
            lambda a: meeting_rows(a, upcoming=not everything, include_cancelled=everything),
            writes=False,
        )
        missing = rows is not None and wanted is not None and all(r.id != wanted for r in rows)
        if missing and not everything and select_id is not None:  # a meeting asked for
            self.all_box.setChecked(True)  # refreshes, showing the meeting asked for
            self.refresh(wanted)
            return
        self.model.set_rows(rows or [])
        count = len(rows or [])
        what = "meeting" if count == 1 else "meetings"
        self.count_label.setText(
            f"{count} {what}" + ("" if everything else " to come")
            if count
            else ("No meetings recorded" if everything else "No meetings to come — add the next")
        )
        number = self.model.row_of(lambda r: r.id == wanted) if wanted is not None else -1
        forms.select_row(self.table, number if number >= 0 else 0)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected()
        usable = row is not None and not row.cancelled
        for button in (self.edit_button, self.cancel_button):
            button.setEnabled(usable and not self._may_not)
            button.setToolTip(self._may_not or ("" if usable else "Choose a meeting not cancelled"))
        if usable and row is not None and row.held:  # the core refuses it too
            self.cancel_button.setEnabled(False)
            self.cancel_button.setToolTip(
                self._may_not or "The meeting has taken place: it cannot be cancelled"
            )
        self.build_button.setEnabled(usable and not self._may_not)
        if self._may_not:
            self.build_button.setToolTip(self._may_not)

    def add_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.changed = True
            self.refresh(meeting_id)

    def edit_selected(self) -> None:
        row = self.selected()
        if row is None or row.cancelled or self._may_not:
            return
        if MeetingDialog.ask(self, self.app, row) is not None:
            self.changed = True
            self.refresh(row.id)

    def cancel_selected(self) -> None:
        row = self.selected()
        if row is None or row.cancelled or self._may_not:
            return
        items = (
            f" The {plural(row.items, 'petition')} on its agenda "
            f"{'go' if row.items != 1 else 'goes'} back to waiting for a meeting."
            if row.items
            else ""
        )
        if ReasonForm.ask(
            self,
            self.app,
            title="Cancel the meeting",
            note=f"{row.label}, {row.place}: it stays in the list, marked cancelled.{items}",
            save_text="Cancel meeting",
            placeholder="e.g. no quorum; moved to a special meeting",
            work=lambda a, why: petitions.cancel_meeting(a, row.id, reason=why),
            name="cancel_meeting_dialog",
        ):
            self.changed = True
            self.refresh()  # a cancelled meeting leaves the list of those to come

    def build_selected(self) -> None:
        row = self.selected()
        if row is not None and not row.cancelled and not self._may_not:
            self.build_id = row.id
            self.accept()


class ChooseMeetingDialog(forms.FormDialog):
    """Choose one of the meetings to come (placing a petition on its agenda, building its
    packet); "New meeting…" adds one without leaving the form.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        current: int | None = None,
        work: Callable[[Action, int], object] | None = None,
    ) -> None:
        super().__init__(parent, title, save_text=save_text)
        self.app = app
        self.work = work
        self.setObjectName("choose_meeting_dialog")
        self.add_top(forms.banner(note, tone="info"))
        self.meeting = QComboBox()
        self.meeting.setObjectName("meeting")
        self.new_button = QPushButton("New meeting…")
        self.new_button.setObjectName("new_meeting_button")
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.meeting, 1)
        line.addWidget(self.new_button)
        self.form.addRow("&Meeting", row)
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("meeting", message, self.meeting)
        self.finish_layout()
        self.new_button.clicked.connect(self.new_meeting)
        if not app.operator.may(PERMISSION):
            self.set_read_only(refusal(app.operator.role, PERMISSION))
            self.new_button.setEnabled(False)
        self.fill(current)
        self.resize(620, self.sizeHint().height())
        self.meeting.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        title: str,
        note: str,
        save_text: str,
        current: int | None = None,
        work: Callable[[Action, int], object] | None = None,
    ) -> int | None:
        """The id of the meeting chosen (after ``work`` was done with it), or None."""
        dialog = cls(
            parent, app, title=title, note=note, save_text=save_text, current=current, work=work
        )
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def fill(self, current: int | None = None) -> None:
        rows = perform(self, self.app, lambda a: meeting_rows(a, upcoming=True), writes=False)
        self.meeting.clear()
        for row in rows or []:
            self.meeting.addItem(row.choice(), row.id)
        if not rows:
            self.meeting.addItem("No meetings to come — add one with New meeting…", None)
        index = self.meeting.findData(current) if current is not None else -1
        self.meeting.setCurrentIndex(max(index, 0))

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill(meeting_id)

    def choose(self, meeting_id: int) -> None:
        self.meeting.setCurrentIndex(max(0, self.meeting.findData(meeting_id)))

    def commit(self) -> object:
        meeting_id = self.meeting.currentData()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(InvalidInput("Choose a meeting to come, or add one.", field="meeting"))
            return None
        work = self.work
        if work is None:
            return meeting_id

        def act(action: Action) -> int:
            work(action, meeting_id)
            return meeting_id

        return perform(self, self.app, forms.as_field_error(act, "meeting"), errors=self.errors)


def place_on_agenda(parent: QWidget | None, app: App, petition: PetitionRow) -> int | None:
    moving = petition.status is PetitionStatus.ON_AGENDA and petition.meeting
    note = (
        f"Petition {petition.number}: {petition.kind.label}, {petition.location}; program year "
        f"{petition.program_year} ({petition.timely_text.lower()})."
    )
    if moving:
        note += f" It is on the agenda of {petition.meeting}; choosing another meeting moves it."
    return ChooseMeetingDialog.ask(
        parent,
        app,
        title=f"Place petition {petition.number} on an agenda",
        note=note,
        save_text="Place on agenda",
        current=petition.meeting_id,
        work=lambda a, meeting_id: petitions.place_on_agenda(a, petition.id, meeting_id),
    )


# ---- the Council's action ------------------------------------------------------------------


class CouncilActionDialog(forms.FormDialog):
    """What the Council did with a petition at a meeting held: referred (to whom), approved (for
    a program year, the petition's by default), denied, or deferred to a later meeting.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, petition: PetitionRow) -> None:
        super().__init__(parent, f"Council action — petition {petition.number}", save_text="Record")
        self.app = app
        self.petition = petition
        self.setObjectName("council_action_dialog")
        self.add_top(
            forms.banner(
                f"Petition {petition.number}: {petition.kind.label}, {petition.location}. "
                f"Received {format_day(petition.received_on)}: considered for installation in "
                f"{petition.program_year} ({CITE}).",
                tone="info",
            )
        )
        everything = perform(parent, app, lambda a: meeting_rows(a), writes=False) or []
        self._meetings = everything
        self.meeting = QComboBox()
        self.meeting.setObjectName("held_meeting")
        # The meetings held, the latest first; and the one whose agenda holds the petition even
        # before it is held, so the core can say it has not taken place yet.
        held = [m for m in everything if m.held or m.id == petition.meeting_id]
        for row in reversed(held):
            self.meeting.addItem(row.label + ("" if row.held else " (not held yet)"), row.id)
        if not held:
            self.meeting.addItem("No meeting has taken place yet", None)
        at = self.meeting.findData(petition.meeting_id) if petition.meeting_id else -1
        self.meeting.setCurrentIndex(max(at, 0))

        self.outcomes = QButtonGroup(self)
        self.radio: dict[CouncilAction, QRadioButton] = {}
        for outcome, text in (
            (CouncilAction.APPROVED, "&Approved for installation in"),
            (CouncilAction.REFERRED, "&Referred to"),
            (CouncilAction.DENIED, "De&nied"),
            (CouncilAction.DEFERRED, "Deferred &to"),
        ):
            button = QRadioButton(text)
            button.setObjectName(f"outcome_{outcome.value}")
            self.outcomes.addButton(button)
            self.radio[outcome] = button
        self.approved_year = QSpinBox()
        self.approved_year.setObjectName("approved_year")
        self.approved_year.setRange(
            petition.program_year - 5, petition.program_year + petitions.APPROVED_YEARS_AHEAD
        )
        self.approved_year.setValue(petition.program_year)
        self.referred_to = limited(QLineEdit(), petition_details.PETITION_LENGTHS["referred_to"])
        self.referred_to.setObjectName("referred_to")
        self.referred_to.setPlaceholderText("e.g. Public Works Committee; the City Engineer")
        self.deferred_to = QComboBox()
        self.deferred_to.setObjectName("deferred_to")
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("e.g. motion by Ald. Smith, carried 5-1")

        grid_box = QWidget()
        grid = QGridLayout(grid_box)
        grid.setContentsMargins(0, 0, 0, 0)
        details: list[tuple[CouncilAction, QWidget | None, str]] = [
            (CouncilAction.APPROVED, left_aligned(self.approved_year), "approved_year"),
            (CouncilAction.REFERRED, self.referred_to, "referred_to"),
            (CouncilAction.DENIED, None, ""),
            (CouncilAction.DEFERRED, self.deferred_to, "deferred_to"),
        ]
        line = 0
        for outcome, widget, field in details:
            grid.addWidget(self.radio[outcome], line, 0)
            if widget is not None:
                grid.addWidget(widget, line, 1)
            line += 1
            if field:
                message = forms.error_label()
                grid.addWidget(message, line, 1)
                self.errors.add(field, message, widget)
                line += 1
        grid.setColumnStretch(1, 1)
        self.add_field("&Meeting held", self.meeting, "meeting")
        self.add_field("Outcome", grid_box, "outcome")
        self.add_field("N&ote", self.note, "note")
        self.finish_layout()

        self.radio[CouncilAction.APPROVED].setChecked(True)
        self.outcomes.buttonToggled.connect(self._outcome_changed)
        self.meeting.currentIndexChanged.connect(lambda _i: self._fill_later())
        self._fill_later()
        self._outcome_changed()
        if not app.operator.may(PERMISSION):
            self.set_read_only(refusal(app.operator.role, PERMISSION))
        self.resize(640, self.sizeHint().height())
        self.meeting.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, petition: PetitionRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, petition)))

    def outcome(self) -> CouncilAction:
        return next(o for o, b in self.radio.items() if b.isChecked())

    def choose(self, outcome: CouncilAction) -> None:
        self.radio[outcome].setChecked(True)

    def _outcome_changed(self, *_args: QAbstractButton | bool) -> None:
        outcome = self.outcome()
        self.approved_year.setEnabled(outcome is CouncilAction.APPROVED)
        self.referred_to.setEnabled(outcome is CouncilAction.REFERRED)
        self.deferred_to.setEnabled(outcome is CouncilAction.DEFERRED)

    def _fill_later(self) -> None:
        """The meetings after the one held, for a deferral."""
        held = next((m for m in self._meetings if m.id == self.meeting.currentData()), None)
        self.deferred_to.clear()
        for row in self._meetings:
            if held is None or row.starts_at > held.starts_at:
                self.deferred_to.addItem(row.choice(), row.id)
        if not self.deferred_to.count():
            self.deferred_to.addItem("No later meeting yet — add it under Meetings…", None)

    def commit(self) -> object:
        petition_id = self.petition.id
        meeting_id = self.meeting.currentData()
        outcome = self.outcome()
        if not isinstance(meeting_id, int):
            self.errors.clear()
            self.errors.show(
                InvalidInput("Choose the meeting at which the Council acted.", field="meeting")
            )
            return None
        year = self.approved_year.value()
        referred_to, note = self.referred_to.text(), self.note.text()
        deferred_to = self.deferred_to.currentData()

        def work(action: Action) -> bool:
            petitions.record_council_action(
                action,
                petition_id,
                outcome=outcome,
                meeting_id=meeting_id,
                approved_year=year if outcome is CouncilAction.APPROVED else None,
                referred_to=referred_to,
                deferred_to=deferred_to if isinstance(deferred_to, int) else None,
                note=note,
            )
            return True

        return perform(
            self,
            self.app,
            forms.as_field_error(
                work, "outcome", keep=("meeting", "approved_year", "referred_to", "deferred_to")
            ),
            errors=self.errors,
        )
