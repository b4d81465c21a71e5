"""The two registers of People & Parcels, each a :class:`~ui.kit.register_page.RegisterPage`:
the parties (people, businesses, organizations, public utilities, government bodies) with the
parcels each owns, and the tax parcels with their owner.

A party is found by any part of a name, street, phone or e-mail (accents ignored: "zoe" finds
"Zoë"); a parcel by its number, site address or owner. Every button is enabled, and explains why
not, by the core's acts (:mod:`clerk_desk.parties_acts`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date

from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import child_process, parties, parties_views
from clerk_desk.child_process import Station
from clerk_desk.desk import Action
from clerk_desk.kinds import PartyKind
from clerk_desk.parties_acts import (
    PartyAct,
    RegisterAct,
    party_acts,
    register_acts,
)
from clerk_desk.parties_views import ParcelRow, PartyRow
from ui.kit import export_jobs
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform
from ui.kit.register_page import (
    Progress,
    YearlessRegister,
    act_button,
    beside_register,
    filter_box,
    show_acts,
)
from ui.kit.style import BAD, SECONDARY
from ui.kit.table_models import CENTER, RowsModel, TableColumn, yes
from ui.ordinance_viewer import cite_html
from ui.parties.dialogs import PUBLIC_UTILITY_CITE, ParcelDialog, PartyDialog

PARTY_COLUMNS = (
    TableColumn("Name", lambda r: r.name, tooltip=lambda r: r.contact_name or None),
    TableColumn("Kind", lambda r: r.kind.label),
    TableColumn(
        "Utility",
        lambda r: yes(r.public_utility),
        align=CENTER,
        header_tooltip=f"Public utility, exempt from the excavation bond: {PUBLIC_UTILITY_CITE}",
    ),
    TableColumn("Contractor", lambda r: yes(r.contractor), align=CENTER),
    TableColumn("Address", lambda r: r.address),
    TableColumn("Phone", lambda r: r.phone),
    TableColumn("E-mail", lambda r: r.email),
)
PARCEL_COLUMNS = (
    TableColumn("Parcel number", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
    TableColumn("Owner", lambda r: r.owner_name),
    TableColumn("Description", lambda r: " ".join(r.description.split())),
)
OWNED_COLUMNS = (
    TableColumn("Parcel number", lambda r: r.parcel_number),
    TableColumn("Site address", lambda r: r.site_address),
)
KIND_CHOICES = [(kind.label, kind) for kind in PartyKind]


def party_html(party: PartyRow, *, heading: bool = True) -> str:
    """The details panel: everything the counter needs about a party at a glance."""
    e = html.escape
    parts: list[str] = []
    parts.append(f"<h3>{e(party.name)}</h3>" if heading else f"<p><b>{e(party.name)}</b></p>")
    tags = [party.kind.label]
    if party.contractor:
        tags.append("Contractor")
    if not party.active:
        tags.append(f"<span style='color:{BAD}'>Inactive</span>")
    parts.append(f"<p>{' · '.join(tags)}</p>")
    if party.contact_name:
        parts.append(f"<p>Contact: {e(party.contact_name)}</p>")
    locality = " ".join(
        p for p in (f"{party.city}," if party.city else "", party.state, party.postal_code) if p
    )
    address = "<br>".join(e(p) for p in (party.street, locality) if p)
    parts.append(f"<p>{address or '<i>no mailing address</i>'}</p>")
    contact = "<br>".join(e(p) for p in (party.phone, party.email) if p)
    if contact:
        parts.append(f"<p>{contact}</p>")
    if party.public_utility:
        parts.append(
            f"<p><b>Public utility</b>: no excavation bond required — "
            f"{cite_html(PUBLIC_UTILITY_CITE)}</p>"
        )
    if party.notes:
        parts.append(f"<p style='color:{SECONDARY}'>{e(party.notes)}</p>")
    return "".join(parts)


def parcel_html(parcel: ParcelRow, owner: PartyRow | None) -> str:
    """The details panel of a parcel, with its owner's."""
    lines = [
        f"<h3>Parcel {html.escape(parcel.parcel_number)}</h3>",
        f"<p>{html.escape(parcel.site_address) or '<i>no site address</i>'}</p>",
    ]
    if parcel.description:
        lines.append(f"<p>{html.escape(parcel.description)}</p>")
    lines.append("<p><b>Owner</b></p>")
    lines.append(party_html(owner, heading=False) if owner else "<p><i>Owner not recorded.</i></p>")
    return "".join(lines)


class PeoplePage(YearlessRegister[PartyRow | ParcelRow]):
    """What both registers share: the new party and new parcel buttons (enabled by the core's
    :func:`register_acts`), Edit, the details beside the table, the export, the signals.

    Signals: ``status(str)``; ``changed()`` after a party or parcel was saved.
    """

    search_limit = parties.SEARCH_LIMIT
    placeholder: str = ""
    search_name: str = ""

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.search_field = forms.SearchField(self.placeholder)
        self.search_field.setObjectName(self.search_name)
        self.new_party_button = act_button("&New party…", "new_party_button", "Ctrl+N")
        self.new_parcel_button = act_button("New &parcel…", "new_parcel_button", "Ctrl+Shift+N")
        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setToolTip("Enter, or double-click the row")
        self.details = forms.rich_label("details")
        self.details.setOpenExternalLinks(False)
        self.details.linkActivated.connect(self._open_link)

    def _lay_out(self, filters: tuple[QWidget, ...], side: QWidget, *buttons: QWidget) -> None:
        splitter = beside_register(self.table, side, sizes=(960, 300), stretch=(3, 1))
        self._lay_out_beside(
            filters, splitter, buttons, f"The whole {self.export_what}, to a workbook"
        )
        self.table.doubleClicked.connect(lambda _index: self.edit_selected())
        forms.on_enter(self.table, self.edit_selected)
        self.edit_button.clicked.connect(self.edit_selected)

    def show_new_acts(self, acts: dict[RegisterAct, str | None] | None) -> None:
        show_acts(
            {
                RegisterAct.NEW_PARTY: self.new_party_button,
                RegisterAct.NEW_PARCEL: self.new_parcel_button,
            },
            acts,
            "The register could not be read.",
        )

    def edit_selected(self) -> None:
        raise NotImplementedError

    def export_name(self, day: date) -> str:
        return f"{self.count_nouns or self.count_noun + 's'}-{day.isoformat()}.xlsx"

    def exported_text(self, count: int) -> str:
        return f"{count:,} rows"

    def _export_job(
        self,
        path: str,
        title: str,
        columns: list[object],
        load: Callable[[Action], list[tuple[object, ...]]],
    ) -> Callable[[Progress], int]:
        """The register to Excel in a process of its own (the writer would hold the window)."""
        station = Station.of(self.app.desk, self.app.operator)
        what = self.export_what
        return lambda progress: child_process.run(
            export_jobs.register_workbook,
            station,
            path,
            load=load,
            title=title,
            columns=columns,
            what=what,
            progress=progress,
        )

    def _open_link(self, url: str) -> None:
        from ui.ordinance_viewer import cite_from_url

        cite = cite_from_url(url)
        if cite:
            forms.open_cite(self, cite)


class PartyRegister(PeoplePage):
    """The register of people and businesses, with the parcels the chosen one owns."""

    row_type = PartyRow
    count_noun = "party"
    count_nouns = "parties"
    empty_text = "No parties yet"
    export_what = "party register"
    placeholder = "Search name, contact, street, phone or e-mail (Down arrow to the list)"
    search_name = "party_search"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("party_register")
        self.kind_box = filter_box("kind_filter", "All kinds", KIND_CHOICES)
        self.inactive_box = QCheckBox("Show &inactive")
        self.model = RowsModel(PARTY_COLUMNS, self)
        self.model.set_dimmed(lambda r: not r.active)
        self.table = forms.make_table(self.model, name="party_table")
        forms.size_columns(self.table, {0: 26, 1: 11, 2: 6, 3: 9, 4: 32, 5: 14}, stretch=4)
        self.owned_label = QLabel("<b>Parcels owned</b>")
        self.owned_model = RowsModel(OWNED_COLUMNS, self)
        self.owned_table = forms.make_table(self.owned_model, name="owned_table")
        forms.size_columns(self.owned_table, {0: 16})
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        side_layout.addWidget(self.details)
        side_layout.addWidget(self.owned_label)
        side_layout.addWidget(self.owned_table, 1)
        side.setMinimumWidth(300)
        self.active_button = act_button("Make inac&tive", "active_button")
        self._lay_out(
            (self.kind_box, self.inactive_box),
            side,
            self.new_party_button,
            self.edit_button,
            self.active_button,
            self.new_parcel_button,
        )
        self.active_button.clicked.connect(self.toggle_active)
        self.owned_table.doubleClicked.connect(lambda _index: self._edit_owned_parcel())
        forms.on_enter(self.owned_table, self._edit_owned_parcel)

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return (self.kind_box, self.inactive_box)

    def search_query(self) -> Callable[[Action], list[PartyRow | ParcelRow]]:
        text, kind = self.search_field.text(), self.kind_box.currentData()
        include = self.inactive_box.isChecked()
        return lambda action: list(parties_views.parties_matching(action, text, kind, include))

    def selected_party(self) -> PartyRow | None:
        row = self.selected()
        return row if isinstance(row, PartyRow) else None

    def _show_details(self) -> None:
        party = self.selected_party()
        party_id = party.id if party is not None else None

        def read(action: Action) -> tuple[object, ...]:
            if party_id is None:
                return register_acts(action), None, None
            owned = parties_views.parcels_owned(action, party_id)
            return register_acts(action), owned, party_acts(action, party_id)

        loaded = perform(self, self.app, read, writes=False)
        new, owned, acts = loaded if loaded is not None else (None, None, None)
        self.show_new_acts(new)  # type: ignore[arg-type]
        self.edit_button.setEnabled(party is not None)  # the form shows; saving is the act
        self.owned_model.set_rows(list(owned or []))  # type: ignore[call-overload]
        if party is None:
            self.details.setText("<i>No party selected.</i>")
            show_acts({PartyAct.MAKE_INACTIVE: self.active_button}, None, "Choose a party.")
            return
        self.active_button.setText("Reac&tivate" if not party.active else "Make inac&tive")
        toggle = PartyAct.MAKE_INACTIVE if party.active else PartyAct.REACTIVATE
        show_acts({toggle: self.active_button}, acts, "The party could not be read.")  # type: ignore[arg-type]
        self.owned_label.setText(f"<b>Parcels owned</b> ({len(owned or [])})")  # type: ignore[arg-type]
        self.details.setText(party_html(party))

    def edit_selected(self) -> None:
        party = self.selected_party()
        if party is not None and PartyDialog.ask(self, self.app, party=party) is not None:
            self.saved(party.id)

    def new_party(self, name: str = "") -> None:
        party_id = PartyDialog.ask(self, self.app, name=name)
        if party_id is not None:
            self.saved(party_id)

    def new_parcel(self) -> None:
        owner = self.selected_party()
        if ParcelDialog.ask(self, self.app, owner=owner) is not None:
            self.saved(owner.id if owner is not None else None)

    def _edit_owned_parcel(self) -> None:
        row = forms.selected_row(self.owned_table)
        if isinstance(row, ParcelRow) and ParcelDialog.ask(self, self.app, row) is not None:
            self.saved(row.owner_id)

    def toggle_active(self) -> None:
        """Make the chosen party inactive (asking first) or active again."""
        party = self.selected_party()
        if party is None:
            return
        if party.active:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Make inactive",
                f"Make {party.name} inactive?\n\nThey drop out of searches but stay "
                "on every permit, bond and receipt that names them. You can "
                "reactivate them with “Show inactive”.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setDefaultButton(QMessageBox.StandardButton.Yes)
            if operations.ask_message(box) != QMessageBox.StandardButton.Yes:
                return

        def work(action: Action) -> bool:
            parties.set_party_active(action, party.id, not party.active)
            return True

        if not perform(self, self.app, work):
            return
        if not party.active or self.inactive_box.isChecked():
            self.saved(party.id)
        else:  # the party just made inactive leaves the list: say where it went
            self.saved(None)
            self.status.emit(f"{party.name} is inactive; tick “Show inactive” to see them.")

    def export_work(self, path: str) -> Callable[[Progress], int]:
        from reports.excel import Column

        columns = [
            Column("Name"),
            Column("Kind"),
            Column("Contact"),
            Column("Street"),
            Column("City"),
            Column("State", width=6),
            Column("ZIP", width=11),
            Column("Phone"),
            Column("E-mail"),
            Column("Public utility", width=14),
            Column("Contractor", width=12),
            Column("Active", width=8),
            Column("Notes"),
        ]
        return self._export_job(path, "Parties", list(columns), parties_views.party_export_rows)


class ParcelRegister(PeoplePage):
    """The register of tax parcels, with the chosen one's owner."""

    row_type = ParcelRow
    count_noun = "parcel"
    empty_text = "No parcels yet"
    export_what = "parcel register"
    placeholder = "Search parcel number, site address or owner (Down arrow to the list)"
    search_name = "parcel_search"

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(app, parent)
        self.setObjectName("parcel_register")
        self.model = RowsModel(PARCEL_COLUMNS, self)
        self.table = forms.make_table(self.model, name="parcel_table")
        forms.size_columns(self.table, {0: 18, 1: 28, 2: 30})
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        side_layout.addWidget(self.details)
        side_layout.addStretch(1)
        side.setMinimumWidth(300)
        self._lay_out((), side, self.new_party_button, self.edit_button, self.new_parcel_button)

    def filter_widgets(self) -> tuple[QWidget, ...]:
        return ()

    def search_query(self) -> Callable[[Action], list[PartyRow | ParcelRow]]:
        text = self.search_field.text()
        return lambda action: list(parties_views.parcels_matching(action, text))

    def selected_parcel(self) -> ParcelRow | None:
        row = self.selected()
        return row if isinstance(row, ParcelRow) else None

    def _show_details(self) -> None:
        parcel = self.selected_parcel()
        owner_id = parcel.owner_id if parcel is not None else None

        def read(action: Action) -> tuple[object, PartyRow | None]:
            owner = None if owner_id is None else parties_views.party(action, owner_id)
            return register_acts(action), owner

        loaded = perform(self, self.app, read, writes=False)
        new, owner = loaded if loaded is not None else (None, None)
        self.show_new_acts(new)  # type: ignore[arg-type]
        self.edit_button.setEnabled(parcel is not None)
        if parcel is None:
            self.details.setText("<i>No parcel selected.</i>")
            return
        self.details.setText(parcel_html(parcel, owner))

    def edit_selected(self) -> None:
        parcel = self.selected_parcel()
        if parcel is not None and ParcelDialog.ask(self, self.app, parcel) is not None:
            self.saved(parcel.id)

    def new_parcel(self) -> None:
        parcel_id = ParcelDialog.ask(self, self.app)
        if parcel_id is not None:
            self.saved(parcel_id)

    def export_work(self, path: str) -> Callable[[Progress], int]:
        from reports.excel import Column

        columns = [
            Column("Parcel number"),
            Column("Site address"),
            Column("Owner"),
            Column("Owner's mailing address"),
            Column("Description"),
        ]
        return self._export_job(path, "Parcels", list(columns), parties_views.parcel_export_rows)
