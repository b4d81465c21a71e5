"""The forms of People & Parcels: a party and a parcel, added or changed. Enter saves, Esc cancels;
the core's refusals show under the field."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from clerk_desk import parties, parties_views
from clerk_desk.kinds import PartyKind
from clerk_desk.parties import ParcelData, PartyData
from clerk_desk.parties_acts import (
    ParcelAct,
    PartyAct,
    RegisterAct,
    parcel_acts,
    party_acts,
    register_acts,
)
from clerk_desk.parties_views import ParcelRow, PartyRow
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App, perform
from ui.kit.pickers import PartyPicker
from ui.kit.style import SECONDARY, text_sheet
from ui.ordinance_viewer import cite_html

PUBLIC_UTILITY_CITE = "§ 506-6 (Public utilities)"


PUBLIC_UTILITY_NOTE = (
    "Public utilities (Wis. Stat. §§ 66.0801 and 196.01) are bound by the excavation rules but "
    "are not required to post the indemnity bond"
)


def _limit(edit: QLineEdit, name: str) -> None:
    """Let ``edit`` take no more characters than the record's field ``name`` stores."""
    limit = parties_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)


class PartyDialog(forms.FormDialog):
    """Add or change a party. Enter saves, Esc cancels; the core's refusals show under the field.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, party: PartyRow | None = None, *, name: str = ""
    ) -> None:
        super().__init__(parent, f"Edit {party.name}" if party else "New party")
        self.app = app
        self.party = party
        self.setObjectName("party_dialog")
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for kind in PartyKind:
            self.kind.addItem(kind.label, kind)
        self.name = QLineEdit(name)
        self.name.setObjectName("name")
        _limit(self.name, "name")
        self._build_contact_fields()
        self._build_roles()
        self._lay_out_fields()
        self.finish_layout()
        self.resize(520, self.sizeHint().height())

        self.kind.currentIndexChanged.connect(self._kind_changed)
        if party is not None:
            self._fill(party)
        party_id = party.id if party is not None else None
        refused = perform(
            parent,
            app,
            lambda a: (
                register_acts(a)[RegisterAct.NEW_PARTY]
                if party_id is None
                else party_acts(a, party_id)[PartyAct.EDIT]
            ),
            writes=False,
        )
        if refused:
            self.set_read_only(refused)
        self.name.setFocus()

    def _build_contact_fields(self) -> None:
        """The contact person, the mailing address, the phone and the e-mail."""
        self.contact_name = QLineEdit()
        self.contact_name.setObjectName("contact_name")
        _limit(self.contact_name, "contact_name")
        self.street = QLineEdit()
        self.street.setObjectName("street")
        _limit(self.street, "street")
        self.city = QLineEdit()
        self.city.setObjectName("city")
        _limit(self.city, "city")
        self.state = QLineEdit()
        self.state.setObjectName("state")
        self.state.setMaxLength(2)
        self.state.setMaximumWidth(self.fontMetrics().horizontalAdvance("WWW") + 16)
        self.postal_code = QLineEdit()
        self.postal_code.setObjectName("postal_code")
        self.postal_code.setMaximumWidth(self.fontMetrics().horizontalAdvance("54021-12345") + 16)
        self.phone = QLineEdit()
        self.phone.setObjectName("phone")
        _limit(self.phone, "phone")
        self.email = QLineEdit()
        self.email.setObjectName("email")
        _limit(self.email, "email")

    def _build_roles(self) -> None:
        """Public utility (with what it means, cited), contractor, and the notes."""
        self.public_utility = QCheckBox("Public utility")
        self.public_utility.setObjectName("public_utility")
        self.utility_note = QLabel(
            f"{html.escape(PUBLIC_UTILITY_NOTE)} — {cite_html(PUBLIC_UTILITY_CITE)}."
        )
        self.utility_note.setObjectName("utility_note")
        self.utility_note.setWordWrap(True)
        self.utility_note.setTextFormat(Qt.TextFormat.RichText)
        self.utility_note.setOpenExternalLinks(False)
        self.utility_note.setStyleSheet(text_sheet(SECONDARY))
        self.utility_note.linkActivated.connect(self._open_cite)
        self.contractor = QCheckBox("Contractor (does work in the streets for others)")
        self.contractor.setObjectName("contractor")
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setFixedHeight(self.fontMetrics().height() * 4 + 12)

    def _lay_out_fields(self) -> None:
        self.add_field("&Kind", self.kind)
        self.add_field("&Name", self.name, "name")
        self.add_field("C&ontact person", self.contact_name)
        self.add_field("&Street", self.street)
        self.add_field("&City", self.city)
        locality = QWidget()
        row = QHBoxLayout(locality)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.state)
        zip_label = QLabel("&ZIP code")
        zip_label.setBuddy(self.postal_code)
        row.addWidget(zip_label)
        row.addWidget(self.postal_code)
        row.addStretch(1)
        self.form.addRow("S&tate", locality)
        for field, widget in (("state", self.state), ("postal_code", self.postal_code)):
            message = forms.error_label()
            self.form.addRow("", message)
            self.errors.add(field, message, widget)
        self.add_field("&Phone", self.phone)
        self.add_field("&E-mail", self.email, "email")
        self.form.addRow("", self.public_utility)
        self.form.addRow("", self.utility_note)
        self.form.addRow("", self.contractor)
        self.add_field("No&tes", self.notes)

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, party: PartyRow | None = None, *, name: str = ""
    ) -> int | None:
        """Show the form; the id of the party saved, or None if cancelled."""
        dialog = cls(parent, app, party, name=name)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _fill(self, party: PartyRow) -> None:
        self.kind.setCurrentIndex(self.kind.findData(party.kind))
        for name in (
            "name",
            "contact_name",
            "street",
            "city",
            "state",
            "postal_code",
            "phone",
            "email",
        ):
            widget = getattr(self, name)
            assert isinstance(widget, QLineEdit)
            widget.setText(getattr(party, name))
        self.public_utility.setChecked(party.public_utility)
        self.contractor.setChecked(party.contractor)
        self.notes.setPlainText(party.notes)

    def _kind_changed(self, _index: int) -> None:
        # A public utility is always one, whatever else it is: the core keeps the flag set.
        utility = self.kind.currentData() is PartyKind.UTILITY
        if utility:
            self.public_utility.setChecked(True)
        self.public_utility.setEnabled(not utility)

    def _open_cite(self, url: str) -> None:
        from ui.ordinance_viewer import cite_from_url

        cite = cite_from_url(url)
        if cite:
            forms.open_cite(self, cite)

    def data(self) -> PartyData:
        return PartyData(
            kind=self.kind.currentData(),
            name=self.name.text(),
            contact_name=self.contact_name.text(),
            street=self.street.text(),
            city=self.city.text(),
            state=self.state.text(),
            postal_code=self.postal_code.text(),
            phone=self.phone.text(),
            email=self.email.text(),
            public_utility=self.public_utility.isChecked(),
            contractor=self.contractor.isChecked(),
            notes=self.notes.toPlainText(),
        )

    def commit(self) -> object:
        data, party_id = self.data(), self.party.id if self.party is not None else None
        return perform(
            self, self.app, lambda a: parties.save_party(a, party_id, data), errors=self.errors
        )


class ParcelDialog(forms.FormDialog):
    """Add or change a parcel; the owner is chosen with a :class:`PartyPicker`.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        parcel: ParcelRow | None = None,
        *,
        owner: PartyRow | None = None,
    ) -> None:
        super().__init__(parent, f"Edit parcel {parcel.parcel_number}" if parcel else "New parcel")
        self.app = app
        self.parcel = parcel
        self.setObjectName("parcel_dialog")
        if parcel is not None and parcel.owner_id is not None:
            owner_id = parcel.owner_id
            owner = perform(
                parent,
                app,
                lambda a: parties_views.party(a, owner_id),
                writes=False,
            )
        self.parcel_number = QLineEdit(parcel.parcel_number if parcel else "")
        self.parcel_number.setObjectName("parcel_number")
        _limit(self.parcel_number, "parcel_number")
        self.parcel_number.setPlaceholderText("e.g. 281-1005-12-000")
        self.site_address = QLineEdit(parcel.site_address if parcel else "")
        self.site_address.setObjectName("site_address")
        _limit(self.site_address, "site_address")
        self.owner_picker = PartyPicker(
            app, role="owner", chosen=owner, name="owner", none_text="No owner"
        )
        self.description = QPlainTextEdit(parcel.description if parcel else "")
        self.description.setObjectName("description")
        self.description.setTabChangesFocus(True)
        self.description.setFixedHeight(self.fontMetrics().height() * 3 + 12)
        self.add_field("Parcel &number", self.parcel_number, "parcel_number")
        self.add_field("&Site address", self.site_address, "site_address")
        self.add_field("&Owner", self.owner_picker, "owner_id")
        self.add_field("&Description", self.description, "description")
        self.finish_layout()
        self.resize(560, self.sizeHint().height())
        parcel_id = parcel.id if parcel is not None else None
        refused = perform(
            parent,
            app,
            lambda a: (
                register_acts(a)[RegisterAct.NEW_PARCEL]
                if parcel_id is None
                else parcel_acts(a, parcel_id)[ParcelAct.EDIT]
            ),
            writes=False,
        )
        if refused:
            self.set_read_only(refused)
        self.parcel_number.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        parcel: ParcelRow | None = None,
        *,
        owner: PartyRow | None = None,
    ) -> int | None:
        """Show the form; the id of the parcel saved, or None if cancelled."""
        dialog = cls(parent, app, parcel, owner=owner)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def data(self) -> ParcelData:
        owner = self.owner_picker.party
        return ParcelData(
            self.parcel_number.text(),
            self.site_address.text(),
            owner.id if owner else None,
            self.description.toPlainText(),
        )

    def commit(self) -> object:
        data, parcel_id = self.data(), self.parcel.id if self.parcel is not None else None
        return perform(
            self, self.app, lambda a: parties.save_parcel(a, parcel_id, data), errors=self.errors
        )
