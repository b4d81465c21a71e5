"""The dialogs of the acts after issuance (§ 506-9 (Conditions of occupancy), (Removal by City)): a
condition checked, the permit revoked, the way vacated, the Council's notice and the City's
removal."""

from __future__ import annotations

import html
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.money import Money
from clerk_desk.street_privileges import occupancy as street_privileges_occupancy
from clerk_desk.street_privileges import removal as street_privileges_removal
from clerk_desk.street_privileges import rules as street_privileges_rules
from clerk_desk.street_privileges import service as street_privileges
from clerk_desk.street_privileges.acts import PrivilegeAct
from clerk_desk.street_privileges.details import PrivilegeRow
from clerk_desk.street_privileges.rules import (
    CONDITIONS_CITE,
    REMOVAL_CITE,
    REVOKING_TITLES,
    SIDEWALK_REMOVAL_CITE,
    removal_allowed_from,
)
from clerk_desk.words import clock_time, format_day
from ui.kit import forms as forms
from ui.kit.dialog_parts import NBSP, cite_link, plain_text
from ui.kit.fields import left_aligned, local_moment, moment_edit, money_edit
from ui.kit.operations import App
from ui.kit.style import BAD
from ui.ordinance_viewer import cite_html
from ui.street_privileges.parts import (
    ActDialog,
    abutting_parcel,
    form_row,
    note_label,
    parcel_of,
    preview_label,
)


class CheckDialog(ActDialog):
    """A check of one condition of occupancy on the site: kept or violated, when, and what was
    seen, by the official who checked it (the counter records it). A violation is ground to
    revoke the permit without notice."""

    core_act = PrivilegeAct.CHECK

    def __init__(
        self, parent: QWidget | None, app: App, row: PrivilegeRow, key: str | None = None
    ) -> None:
        super().__init__(
            parent, app, row, "Check a condition", save_text="Record check", name="check_dialog"
        )
        self.condition = QComboBox()
        self.condition.setObjectName("condition")
        for number, (ckey, text, cite) in enumerate(street_privileges_rules.CONDITIONS, start=1):
            title = street_privileges_rules.CONDITION_TITLES.get(ckey) or self._short(text)
            self.condition.addItem(f"{number}. {title}", ckey)
            self.condition.setItemData(number - 1, f"{text} ({cite})", Qt.ItemDataRole.ToolTipRole)
        if key is not None:
            self.condition.setCurrentIndex(max(0, self.condition.findData(key)))
        self.condition.setMaximumWidth(560)
        self.text = note_label("", "condition_text")
        self.kept = QRadioButton("&Kept")
        self.kept.setObjectName("kept")
        self.violated = QRadioButton("&Violated")
        self.violated.setObjectName("violated")
        self.kept.setChecked(True)
        self.outcome = QButtonGroup(self)
        self.outcome.addButton(self.kept)
        self.outcome.addButton(self.violated)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.note = QLineEdit()
        self.note.setObjectName("note")
        self.note.setPlaceholderText("what was seen, e.g. lights out on the north barricade")
        self.warning = note_label(
            f"<b style='color:{BAD}'>A violation:</b> the Building Inspector, the Chief of Police "
            "or the Director of Public Works may revoke the permit without notice "
            f"({cite_link(CONDITIONS_CITE)}).",
            "violation_note",
        )
        self.warning.linkActivated.connect(app.open_link)
        self.add_field("&Condition", self.condition, "key")
        self.form.addRow("", self.text)
        self.add_field("Result", form_row(self.kept, self.violated), "ok")
        self.add_field("Checked &on", left_aligned(self.on), "on")
        self.official_fields(
            titles=street_privileges_rules.OFFICIAL_TITLES, editable=True, what="checked it"
        )
        self.add_field("&Note", self.note, "note")
        self.form.addRow("", self.warning)
        self.condition.currentIndexChanged.connect(lambda _i: self._show_condition())
        self.violated.toggled.connect(self.warning.setVisible)
        self.warning.setVisible(False)
        self.done_building(720)
        self._show_condition()
        self.condition.setFocus()

    @staticmethod
    def _short(text: str, size: int = 70) -> str:
        return text if len(text) <= size else text[: size - 1].rstrip() + "…"

    def _show_condition(self) -> None:
        key = self.condition.currentData()
        for ckey, text, cite in street_privileges_rules.CONDITIONS:
            if ckey == key:
                self.text.setText(f"{html.escape(text)} <small>({cite_link(cite)})</small>")

    @classmethod
    def ask_for(
        cls, parent: QWidget | None, app: App, row: PrivilegeRow, key: str | None = None
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, row, key)))

    def commit(self) -> object:
        key, ok, on, note = (
            str(self.condition.currentData()),
            self.kept.isChecked(),
            forms.to_date(self.on),
            self.note.text(),
        )
        (name, title), privilege_id = self.official(), self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.record_check(
                a, privilege_id, key, ok=ok, on=on, by_name=name, by_title=title, note=note
            ),
            "on",
            keep=("note", "key", "by_name", "by_title"),
        )


class RevokeDialog(ActDialog):
    """Record the revocation of the permit, without notice, for a violation of its conditions,
    by the Building Inspector, the Chief of Police or the Director of Public Works: the counter
    records it (a revocation the Chief phones in), naming the official — the name and the title
    start blank, so that nobody records the operator by mistake."""

    core_act = PrivilegeAct.REVOKE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Revoke the permit", save_text="Revoke", name="revoke_dialog"
        )
        self.info(
            "The permission is subject to revocation <b>without notice</b> by the Building "
            "Inspector, the Chief of Police or the Director of Public Works for violation of "
            f"its conditions ({cite_link(CONDITIONS_CITE)}).",
        )
        self.official_fields(titles=REVOKING_TITLES, editable=False, what="revoked it")
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.reason = plain_text(
            "reason", 3, self, "the condition violated, e.g. obstruction not lighted at night"
        )
        self.add_field("&On", left_aligned(self.on), "on")
        self.add_field("&Why", self.reason, "reason")
        self.done_building(700)
        self.by_name.setFocus()

    def commit(self) -> object:
        (name, title), on, reason = (
            self.official(),
            forms.to_date(self.on),
            self.reason.toPlainText(),
        )
        privilege_id = self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.revoke(
                a, privilege_id, by_name=name, by_title=title, reason=reason, on=on
            ),
            "reason",
            keep=("by_name", "by_title", "on"),
        )


class CloseDialog(ActDialog):
    """The work is over: the way is vacated, cleaned and safe, as the official named found it,
    and the permit is closed (the counter records it)."""

    core_act = PrivilegeAct.CLOSE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Close the permit", save_text="Close", name="close_dialog"
        )
        self.info(
            "Upon termination of the work, every part of the streets, alleys, sidewalks or "
            "public grounds occupied is vacated, cleaned of all rubbish and obstructions and "
            "placed in a safe condition for public travel, at the permittee's expense "
            f"({cite_link(CONDITIONS_CITE)})."
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.add_field("Vacated and cleaned &on", left_aligned(self.on), "on")
        self.official_fields(
            titles=street_privileges_rules.OFFICIAL_TITLES, editable=True, what="found it vacated"
        )
        message = forms.error_label()
        self.form.addRow(message)
        self.errors.add("decision", message, self.on)
        self.done_building(660)
        self.on.setFocus()

    def commit(self) -> object:
        on, (name, title), privilege_id = forms.to_date(self.on), self.official(), self.row.id
        return self.act(
            lambda a: street_privileges_occupancy.close(
                a, privilege_id, on=on, by_name=name, by_title=title
            ),
            "on",
            keep=("by_name", "by_title"),
        )


class RemovalNoticeDialog(ActDialog):
    """The Common Council's notice to the owner or occupant of the premises adjoining the
    sidewalk to remove the obstruction within 24 hours."""

    core_act = PrivilegeAct.REMOVAL_NOTICE

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent,
            app,
            row,
            "Removal notice",
            save_text="Record notice",
            name="removal_notice_dialog",
        )
        clock = app.desk.clock
        now = clock.local_now()
        self.zone = now.tzinfo
        self.info(
            "If the owner or occupant of the premises adjoining a <b>lawfully obstructed "
            "sidewalk</b> does not remove the obstruction within 24 hours after notice from the "
            "Common Council, the City removes it and the cost goes on the next annual tax roll "
            f"as a special charge against the abutting property ({cite_link(REMOVAL_CITE)}). "
            "An obstruction left once the permit is revoked or ended is no longer lawful: "
            f"{cite_html(SIDEWALK_REMOVAL_CITE, f'§{NBSP}506-8')} applies to it instead."
        )
        self.at = moment_edit(
            row.removal_notice_at or now.replace(second=0, microsecond=0), name="at"
        )
        self.to = QLineEdit(row.removal_notice_to or self._suggested(row))
        self.to.setObjectName("to")
        self.to.setPlaceholderText("to whom, e.g. Anna Berg, owner, 118 Orange St N")
        self.after = QLabel()
        self.after.setObjectName("removal_from")
        self.after.setWordWrap(True)
        self.after.setTextFormat(Qt.TextFormat.RichText)
        self.after.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.after.linkActivated.connect(app.open_link)
        self.add_field("&Notice given", left_aligned(self.at), "at")
        self.add_field("&To", self.to, "to")
        self.form.addRow(self.after)
        self.at.dateTimeChanged.connect(lambda _d: self.show_after())
        self.done_building(700)
        self.show_after()
        self.to.setFocus()

    @staticmethod
    def _suggested(row: PrivilegeRow) -> str:
        return f"{row.parcel_owner}, owner" if row.parcel_owner else ""

    def moment(self) -> datetime:
        assert self.zone is not None
        return local_moment(self.at, self.zone)

    def show_after(self) -> None:
        """When the City may remove it — or, for a notice on a day the permit was revoked or
        had ended, the core's reason that § 506-9 no longer reaches it."""
        moment = self.moment()
        row = self.row
        refused = street_privileges_removal.removal_refusal(
            number=row.number,
            sidewalk_used_in=row.sidewalk_used_in,
            revoked_on=row.revoked_on,
            ends_on=row.ends_on,
            day=moment.date(),
        )
        if refused is not None:
            self.after.setText(
                f"<span style='color:{BAD}'>{html.escape(refused.message)}</span> "
                f"({cite_link(refused.cite or SIDEWALK_REMOVAL_CITE)})"
            )
            return
        removal = removal_allowed_from(moment, self.app.desk.calendar())
        self.after.setText(
            "If it is not removed, the City may remove it from "
            f"{format_day(removal.date())}, {clock_time(removal)}."
        )

    def commit(self) -> object:
        at, to, privilege_id = self.moment(), self.to.text(), self.row.id
        return self.act(
            lambda a: street_privileges_removal.record_removal_notice(
                a, privilege_id, at=at, to=to
            ),
            "at",
            keep=("to",),
        )


class CityRemovalDialog(ActDialog):
    """The City removed the obstruction after the notice ran: its cost is entered on the next
    annual tax roll as a special charge against the abutting property."""

    core_act = PrivilegeAct.CITY_REMOVAL

    def __init__(self, parent: QWidget | None, app: App, row: PrivilegeRow) -> None:
        super().__init__(
            parent, app, row, "Removed by the City", save_text="Charge", name="city_removal_dialog"
        )
        self.info(
            "The City removes the obstruction when the notice's 24 hours have run, and returns "
            "its costs to the City Treasurer, who enters them on the next annual tax roll as a "
            "special charge against the property abutting the sidewalk "
            f"({cite_link(REMOVAL_CITE)})."
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.cost = money_edit("cost", "e.g. 385.00")
        self.description = QLineEdit()
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. Public Works crew and truck, 3 hours")
        chosen = parcel_of(app, parent, row.parcel_id) if row.parcel_id else None
        self.parcel = abutting_parcel(app, chosen)
        self.parcel.setToolTip(
            "The property abutting the obstructed sidewalk: its owner is charged. Choosing "
            "another records it on the permit."
        )
        self.preview = preview_label("removal_preview")
        self.add_field("Removed &on", left_aligned(self.on), "on")
        self.add_field("&Cost", left_aligned(self.cost), "cost")
        self.add_field("&What was done", self.description, "description")
        self.add_field("Abutting &parcel", self.parcel, "parcel")
        self.form.addRow(self.preview)
        self.cost.textChanged.connect(lambda _t: self.show_preview())
        self.parcel.parcel_changed.connect(lambda _p: self.show_preview())
        self.done_building(760)
        self.show_preview()
        self.cost.setFocus()

    def show_preview(self) -> None:
        text = self.cost.text().strip()
        try:
            cost = Money.parse(text, field="cost") if text else None
        except InvalidInput as error:
            self.preview.setText(f"<span style='color:{BAD}'>{html.escape(error.message)}</span>")
            return
        parcel = self.parcel.parcel
        if parcel is None:
            self.preview.setText(
                f"<span style='color:{BAD}'>Choose the parcel the obstructed sidewalk abuts: "
                "the charge goes against it.</span>"
            )
            return
        if not parcel.owner_name:
            self.preview.setText(
                f"<span style='color:{BAD}'>Parcel {html.escape(parcel.parcel_number)} has no "
                "owner recorded: record its owner under People &amp; Parcels first.</span>"
            )
            return
        amount = f"<b>{cost}</b>" if cost is not None else "The cost"
        where = f", {html.escape(parcel.site_address)}" if parcel.site_address else ""
        self.preview.setText(
            f"{amount} charged to <b>{html.escape(parcel.owner_name)}</b>, owner of parcel "
            f"{html.escape(parcel.parcel_number)}{where}: a special charge for the City "
            "Treasurer to enter on the next annual tax roll."
        )

    def commit(self) -> object:
        try:
            cost = Money.parse(self.cost.text(), field="cost", allow_zero=False)
        except InvalidInput as error:
            self.errors.clear()
            self.errors.show(error)
            return None
        on, description, privilege_id = forms.to_date(self.on), self.description.text(), self.row.id
        chosen = self.parcel.parcel
        parcel_id = chosen.id if chosen is not None else None
        moved = parcel_id != self.row.parcel_id

        def work(action: Action) -> object:
            if moved:
                street_privileges.record_parcel(action, privilege_id, parcel_id)
            return street_privileges_removal.record_city_removal(
                action, privilege_id, on=on, cost=cost, description=description
            )

        return self.act(work, "on", keep=("cost", "description", "parcel"))
