"""Revocations of the right to street opening permits (§ 506-6): the register, lifting."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.acts import RegisterAct, register_acts
from clerk_desk.bonds.views import RevocationRow, revocation_rows
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.parties_views import PartyRow
from ui.kit import forms as forms
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import PartyPicker, party_row
from ui.kit.table_models import RowsModel, TableColumn

WHO_REVOKES = (
    "Only the Building Inspector / Public Works or an Administrator may revoke the right or lift "
    "a revocation."
)


class LiftRevocationDialog(forms.FormDialog):
    """Lift a revocation before its year is out, with the reason; the line stays in the
    register, marked lifted.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, line: RevocationRow) -> None:
        super().__init__(parent, f"Lift the revocation — {line.party}", save_text="Lift")
        self.app = app
        self.line = line
        self.setObjectName("lift_revocation_dialog")
        self.add_top(
            forms.banner(
                f"{line.party} may not obtain street opening permits from "
                f"{words.us_date(line.starts_on)} through {words.us_date(line.ends_on)} "
                f"({line.reason}). Lifting it today restores that right; the revocation stays "
                "in the register, marked lifted. " + WHO_REVOKES,
                tone="info",
            )
        )
        self.reason = QLineEdit()
        self.reason.setObjectName("lift_reason")
        self.reason.setPlaceholderText("why the revocation is lifted, e.g. deficiencies corrected")
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        if why := core_refusal(
            parent, app, lambda a: register_acts(a)[RegisterAct.LIFT_REVOCATION]
        ):
            self.set_read_only(why)
        self.resize(560, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, line: RevocationRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, line)))

    def commit(self) -> object:
        revocation_id, reason = self.line.id, self.reason.text()
        if not reason.strip():
            self.errors.clear()
            self.errors.show(InvalidInput("Say why the revocation is lifted.", field="reason"))
            return None

        def work(action: Action) -> bool:
            bonds.lift_revocation(action, revocation_id, reason=reason)
            return True

        return perform(self, self.app, forms.as_field_error(work, "reason"), errors=self.errors)


class RevocationsDialog(forms.FormDialog):
    """Whether a contractor's right to street opening permits is revoked (§ 506-6), and Revoke…;
    under them the whole register, or only the revocations standing today, with Lift… for the
    line chosen. Only the Building Inspector / Public Works or an Administrator may revoke or
    lift (the core checks; others see why the buttons are off).

    Enter on a line of the register chooses its contractor above.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, *, party: PartyRow | None = None) -> None:
        super().__init__(parent, "Contractor revocations", save_text="Revoke")
        self.app = app
        self.setObjectName("revocations_dialog")
        self.add_top(
            forms.banner(
                "Failure to correct deficiencies revokes the right to obtain a street opening "
                "permit for one year (§ 506-6). Choose the contractor to see whether a "
                "revocation stands today, or to record one. " + WHO_REVOKES,
                tone="info",
            )
        )
        self.picker = PartyPicker(app, role="contractor", chosen=party, name="contractor")
        self.standing = FindingsView(app, empty_text="No revocation stands today.")
        self.standing.setObjectName("standing")
        self.recorded = QLabel()
        self.recorded.setObjectName("recorded")
        self.recorded.setWordWrap(True)
        self.starts_on = forms.date_edit(app.desk.clock.today(), name="starts_on")
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("the deficiencies not corrected")
        self.add_field("&Contractor", self.picker, "party_id")
        self.add_field("Today", self.standing)
        self.form.addRow("", self.recorded)
        box = self._build_revoke_box()
        self._build_register()
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Close")
        self.finish_layout()
        self.picker.party_changed.connect(lambda _p: self.show_standing())
        self.standing_only.toggled.connect(lambda _on: self.show_register())
        self.register_table.selectionModel().selectionChanged.connect(
            lambda *_: self._update_lift_button()
        )
        self.lift_button.clicked.connect(self.lift_selected)
        # Enter on a line chooses its contractor; it never revokes from the register.
        forms.on_enter(self.register_table, self.choose_from_register)
        self.setTabOrder(self.reason, self.standing_only)
        self.setTabOrder(self.standing_only, self.register_table)
        self.setTabOrder(self.register_table, self.lift_button)
        self._may_not = core_refusal(parent, app, lambda a: register_acts(a)[RegisterAct.REVOKE])
        if reason := self._may_not:
            self.save_button.setEnabled(False)
            self.save_button.setToolTip(reason)
            box.setEnabled(False)
            box.setToolTip(reason)
        self.resize(760, self.sizeHint().height())
        self.show_standing()
        self.show_register()
        self.picker.search_field.setFocus()

    def _build_revoke_box(self) -> QGroupBox:
        """The revocation to record: the day it starts and the deficiencies not corrected."""
        box = QGroupBox("Revoke")
        inner = QFormLayout(box)
        inner.addRow("&Starting", self.starts_on)
        message = forms.error_label()
        inner.addRow("", message)
        self.errors.add("starts_on", message, self.starts_on)
        inner.addRow("&Deficiencies", self.reason)
        message = forms.error_label()
        inner.addRow("", message)
        self.errors.add("reason", message, self.reason)
        self.form.addRow(box)
        return box

    def _build_register(self) -> None:
        """The register of revocations, standing or all, with Lift for the one chosen."""
        self.standing_only = QCheckBox("Standing &only")
        self.standing_only.setObjectName("standing_only")
        self.standing_only.setToolTip("Only the revocations standing today")
        self.register_model = RowsModel(
            (
                TableColumn("Party", lambda r: r.party),
                TableColumn("From", lambda r: words.us_date(r.starts_on)),
                TableColumn("Through", lambda r: words.us_date(r.ends_on)),
                TableColumn("Reason", lambda r: r.reason, tooltip=lambda r: r.reason),
                TableColumn(
                    "Standing today",
                    lambda r: r.today_text(),
                    tooltip=lambda r: r.today_tooltip(),
                    header_tooltip="Whether the revocation stands on today's date, or the day "
                    "it was lifted",
                ),
            ),
            self,
        )
        self.register_model.set_dimmed(lambda r: not r.standing)
        self.register_table = forms.make_table(self.register_model, name="register_table")
        forms.size_columns(self.register_table, {0: 24, 1: 10, 2: 10, 3: 30})
        self.register_table.setMinimumHeight(
            self.register_table.verticalHeader().defaultSectionSize() * 5 + 4
        )
        self.register_count = QLabel()
        self.register_count.setObjectName("register_count")
        register = QGroupBox("Re&gister")
        register_layout = QVBoxLayout(register)
        register_top = QHBoxLayout()
        register_top.addWidget(self.standing_only)
        register_top.addStretch(1)
        register_top.addWidget(self.register_count)
        self.lift_button = QPushButton("&Lift…")
        self.lift_button.setObjectName("lift_button")
        self.lift_button.setAutoDefault(False)
        register_top.addWidget(self.lift_button)
        register_layout.addLayout(register_top)
        register_layout.addWidget(self.register_table)
        self.form.addRow(register)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, *, party: PartyRow | None = None) -> bool:
        return bool(forms.run_modal(cls(parent, app, party=party)))

    def show_standing(self) -> None:
        party = self.picker.party
        if party is None:
            self.standing.set_findings([])
            return
        today = self.app.desk.clock.today()
        found = perform(
            self,
            self.app,
            lambda a: bond_views.revocation_findings_of(a, party.id, today),
            writes=False,
        )
        self.standing.set_findings(found or [])

    def show_register(self) -> None:
        """The register (or only what stands today), keeping the chosen line where it still is."""
        today = self.app.desk.clock.today()
        standing_only = self.standing_only.isChecked()
        chosen = forms.selected_row(self.register_table)
        rows = perform(
            self,
            self.app,
            lambda a: revocation_rows(a, today, standing_only=standing_only),
            writes=False,
        )
        self.register_model.set_rows(rows or [])
        count = len(rows or [])
        if count == 0:
            self.register_count.setText(
                "No revocation stands today." if standing_only else "No revocations recorded."
            )
        else:
            what = "standing today" if standing_only else "recorded"
            self.register_count.setText(
                f"{count} {'revocation' if count == 1 else 'revocations'} {what}"
            )
        if isinstance(chosen, RevocationRow):
            forms.select_row(
                self.register_table, self.register_model.row_of(lambda r: r.id == chosen.id)
            )
        self._update_lift_button()

    def _update_lift_button(self) -> None:
        line = forms.selected_row(self.register_table)
        if self._may_not:
            self.lift_button.setEnabled(False)
            self.lift_button.setToolTip(self._may_not)
        elif not isinstance(line, RevocationRow):
            self.lift_button.setEnabled(False)
            self.lift_button.setToolTip("Choose a standing revocation in the register")
        elif not line.liftable:
            self.lift_button.setEnabled(False)
            self.lift_button.setToolTip(
                f"Already lifted {words.us_date(line.lifted_on)}"
                if line.lifted_on is not None
                else "This revocation is over"
            )
        else:
            self.lift_button.setEnabled(True)
            self.lift_button.setToolTip("Lift the revocation chosen in the register, saying why")

    def lift_selected(self) -> None:
        """Lift… the revocation chosen in the register; the register then shows it lifted."""
        line = forms.selected_row(self.register_table)
        if not isinstance(line, RevocationRow) or not line.liftable or self._may_not:
            return
        if LiftRevocationDialog.ask(self, self.app, line):
            self.result_value = True
            self.recorded.setText(
                html.escape(
                    f"Lifted: {line.party} may again obtain street opening permits "
                    f"(revocation of {words.us_date(line.starts_on)})."
                )
            )
            self.show_standing()
            self.show_register()

    def choose_from_register(self) -> None:
        """Enter on a line of the register: its contractor is chosen above (whether a revocation
        stands today, and Revoke… for that contractor)."""
        line = forms.selected_row(self.register_table)
        if not isinstance(line, RevocationRow):
            return
        party = party_row(self.app, self, line.party_id)
        if party is not None:
            self.picker.choose(party)

    def save(self) -> None:
        """Revoke, then stay open on the contractor to show the revocation now standing."""
        if self.a_day_is_no_day():
            return
        done = self.commit()
        if isinstance(done, str):
            self.result_value = True
            self.recorded.setText(html.escape(done))
            self.reason.clear()
            self.show_standing()
            self.show_register()

    def commit(self) -> object:
        """Record the revocation through the core: what was recorded, in words, or None when
        refused (the refusal shown beside its field)."""
        party = self.picker.party
        if party is None:
            self.errors.clear()
            self.errors.show(InvalidInput("Choose the contractor.", field="party_id"))
            return None
        starts_on, reason = forms.to_date(self.starts_on), self.reason.text()

        def work(action: Action) -> str:
            revocation = bond_views.revocation_row(
                action, bonds.revoke(action, party.id, starts_on=starts_on, reason=reason)
            )
            return (
                f"Recorded: {party.name} may not obtain street opening permits from "
                f"{words.us_date(revocation.starts_on)} through "
                f"{words.us_date(revocation.ends_on)}."
            )

        return perform(self, self.app, work, errors=self.errors)
