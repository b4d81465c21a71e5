"""The petition form: what is petitioned for and where, the petitioners with their parcels, the
scans of the signed petition, and the program year the day received gives (§ 506-14)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import parties_views
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import PetitionKind
from clerk_desk.money import Money
from clerk_desk.petitions import bidding
from clerk_desk.petitions import details as petition_details
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.acts import PetitionAct, RegisterAct, acts, register_acts
from clerk_desk.petitions.details import PetitionRow, SignerRow
from clerk_desk.petitions.service import CITE, PetitionData, ProgramYear, SignerData
from clerk_desk.words import clock_time, format_day
from ui.kit import forms as forms
from ui.kit.fields import (
    left_aligned,
    limited,
    money_edit,
    money_text,
    optional_money,
    plain_text_edit,
)
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import read_chosen_scan
from ui.kit.style import GOOD, LATE, SECONDARY, panel_sheet, text_sheet
from ui.kit.table_models import CENTER, RowsModel, TableColumn
from ui.ordinance_viewer import cite_html
from ui.parties.dialogs import PartyDialog

NO_PARCEL = "— no parcel —"


def program_year_html(explained: ProgramYear, *, stamped: str) -> str:
    """The program year in words, as the intake form and the correction show it: the year in
    bold, the sentence of § 506-14 with its citation as a link, and — when September 15 fell on
    a day City Hall was closed — the days passed over and the rule that moved the last day."""
    e = html.escape
    colour = GOOD if explained.timely else LATE
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
        self._build_signers()

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

    def _build_signers(self) -> None:
        """The petitioners named so far (signed or not), and the parcel of the one selected."""
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
            lambda a: petition_details.signer_of(a, party_id),
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
                for p in parties_views.parcels_owned(a, party_id)
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


def petition_refusal(action: Action, petition: PetitionRow | None) -> str | None:
    """The core's refusal of receiving a petition (``petition`` None) or of changing it."""
    if petition is None:
        return register_acts(action)[RegisterAct.NEW_PETITION]
    return acts(action, petition.id)[PetitionAct.EDIT]


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
        self._build_estimate()
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
        self._place_estimate()
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
        self.show_bidding()
        why = core_refusal(parent, app, lambda a: petition_refusal(a, petition))
        if why:
            self.set_read_only(why)
        self.resize(1080, max(self.sizeHint().height(), 640))
        decided = petition is not None and not petition.pending
        (self.staff_notes if decided else self.kind).setFocus()

    def _build_estimate(self) -> None:
        """The project's estimated cost and how it would be done, and § 506-19's finding."""
        self.estimated_cost = money_edit("estimated_cost", "e.g. 18,500.00")
        self.by_contract = QCheckBox("Let by &contract (not done by the City's own crews)")
        self.by_contract.setObjectName("by_contract")
        self.by_contract.setChecked(True)
        self.materials_donated = QCheckBox("&Materials donated")
        self.materials_donated.setObjectName("materials_donated")
        self.volunteer_labour = QCheckBox("Labour by &volunteers")
        self.volunteer_labour.setObjectName("volunteer_labour")
        self.bidding = QLabel()
        self.bidding.setObjectName("bidding_finding")
        self.bidding.setWordWrap(True)
        self.bidding.setTextFormat(Qt.TextFormat.RichText)
        self.bidding.linkActivated.connect(self.app.open_link)

    def _place_estimate(self) -> None:
        """The estimate's rows under the staff notes; the finding follows what is typed."""
        self.add_field("Estimated &cost", left_aligned(self.estimated_cost), "estimated_cost")
        gifts = QHBoxLayout()
        gifts.setContentsMargins(0, 0, 0, 0)
        for box in (self.by_contract, self.materials_donated, self.volunteer_labour):
            gifts.addWidget(box)
            box.toggled.connect(lambda _on: self.show_bidding())
        gifts.addStretch(1)
        self.form.addRow("", gifts)
        self.form.addRow("", self.bidding)
        self.estimated_cost.textChanged.connect(lambda _text: self.show_bidding())
        self.kind.currentIndexChanged.connect(lambda _index: self.show_bidding())

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
        self.estimated_cost.setText(money_text(row.estimated_cost))
        self.by_contract.setChecked(row.by_contract)
        self.materials_donated.setChecked(row.materials_donated)
        self.volunteer_labour.setChecked(row.volunteer_labour)

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
            estimated_cost=optional_money(self.estimated_cost, "estimated_cost"),
            by_contract=self.by_contract.isChecked(),
            materials_donated=self.materials_donated.isChecked(),
            volunteer_labour=self.volunteer_labour.isChecked(),
        )

    def show_bidding(self) -> None:
        """§ 506-19 on the cost typed, as the core reads it (nothing until a cost is typed)."""
        kind = self.kind.currentData()
        try:
            cost = optional_money(self.estimated_cost, "estimated_cost")
        except InvalidInput as error:
            self.bidding.setText(html.escape(error.message))
            return
        if cost is None or kind is None or cost < Money.zero():
            self.bidding.setText("")
            return
        project = bidding.petitioned_project(
            PetitionKind(kind),
            cost,
            by_contract=self.by_contract.isChecked(),
            materials_donated=self.materials_donated.isChecked(),
            volunteer_labour=self.volunteer_labour.isChecked(),
        )
        self.bidding.setText(
            "<br>".join(
                f"{html.escape(f.text)} {cite_html(f.cite)}"
                for f in bidding.bidding_findings(project)
            )
        )

    def commit(self) -> object:
        row = self.petition
        scans = list(self.scans.files)

        def work(action: Action) -> int:
            data = self.data()  # an amount mistyped is refused under its field
            if row is None:
                return petitions.receive_petition(action, data, scans=scans)
            return petitions.update_petition(action, row.id, data)

        return perform(self, self.app, work, errors=self.errors)
