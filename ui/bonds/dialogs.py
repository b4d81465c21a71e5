"""The forms of the Bonds & Insurance and Annual Bonds tabs.

A certificate or bond is entered as it reads on paper; every check (a limit of $0.00, a street
opening bond under $10,000, a second annual bond for the same year, a release before the
guarantee year is out) is the core's (:mod:`clerk_desk.bonds.service`), shown under the field it is
about. A refusal that concerns no field (a Conflict) is shown under the date field of the act,
so the form stays open with what was typed.

Files come in through :func:`ui.kit.forms.ask_open_path`; a filed scan is read from the database,
written to a temporary copy and that copy opened through :func:`open_url` (both hooks that tests
replace).
"""

from __future__ import annotations

import atexit
import hashlib
import html
import os
import shutil
import stat
import tempfile
from datetime import date
from functools import partial
from pathlib import Path

from PySide6.QtCore import QDate, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.bonds import acts as bond_acts_core
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.acts import BondAct, CertificateAct
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.bonds.views import BondLine, CertificateLine
from clerk_desk.coverage import CoverageKind
from clerk_desk.deadlines import last_day_of_year_from
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, InvalidInput, Refusals
from clerk_desk.kinds import PROTECTED_KINDS, BondKind, FileStatus, kind_label
from clerk_desk.money import Money
from clerk_desk.parties_views import PartyRow
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.fields import left_aligned, money_edit, money_text, optional_money
from ui.kit.operations import App, core_refusal, perform, show_error
from ui.kit.pickers import PartyPicker, ScanChooser, party_row
from ui.kit.style import SECONDARY, text_sheet

"""What a certificate or bond may protect; free text is accepted too until those workflows
exist to pick the permit from."""


def open_url(url: QUrl) -> bool:
    """Open a file with the computer's own viewer. Tests replace this."""
    return QDesktopServices.openUrl(url)


SCAN_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg")
_MAGIC_SUFFIXES = ((b"%PDF", ".pdf"), (b"\x89PNG", ".png"), (b"\xff\xd8\xff", ".jpg"))
_scan_folder: Path | None = None


def scan_copy_folder() -> Path:
    """A private temporary folder for copies of scans handed to the viewer; emptied on exit."""
    global _scan_folder
    if _scan_folder is None or not _scan_folder.is_dir():
        _scan_folder = Path(tempfile.mkdtemp(prefix="clerk-desk-scans-"))
        atexit.register(shutil.rmtree, _scan_folder, True)
    return _scan_folder


def scan_suffix(name: str, content: bytes) -> str:
    """The suffix the viewer needs: the stored name's, or else the one the content shows."""
    suffix = Path(name).suffix.lower()
    if suffix in SCAN_SUFFIXES:
        return suffix
    return next((ext for magic, ext in _MAGIC_SUFFIXES if content.startswith(magic)), ".pdf")


def write_scan_copy(content: bytes, name: str) -> Path:
    """A read-only temporary copy of a scan, named after it (the viewer shows the name). The
    filed scan itself is never handed out, so nothing the viewer does can change it."""
    stem = "".join(c if c.isalnum() or c in "-_ " else "_" for c in Path(name).stem)[:60]
    handle, path = tempfile.mkstemp(
        prefix=f"{stem.strip() or 'scan'}-",
        suffix=scan_suffix(name, content),
        dir=scan_copy_folder(),
    )
    with os.fdopen(handle, "wb") as copy:
        copy.write(content)
    os.chmod(path, stat.S_IRUSR)
    return Path(path)


def open_scan(parent: QWidget | None, app: App, digest: str, name: str) -> bool:
    """Open a copy of a filed scan, after checking it still has the SHA-256 it was filed with.

    The scan is kept in the database; its bytes are written to a temporary file and that copy is
    opened with the computer's viewer (through :func:`open_url`)."""
    if not digest:
        return False
    found = perform(parent, app, lambda a: (bond_views.scan(a, digest),), writes=False)
    if found is None:  # the lookup failed, and perform said why
        return False
    content = found[0]
    what = name or f"with SHA-256 {digest[:12]}…"
    if content is None or hashlib.sha256(content).hexdigest() != digest:
        show_error(
            parent,
            ClerkDeskError(
                f"The scan {what} is missing from the database or has been changed since it was "
                "filed, so it is not shown; ask the applicant for a copy of the original."
            ),
        )
        return False
    try:
        copy = write_scan_copy(content, name)
    except OSError as error:
        show_error(
            parent,
            ClerkDeskError(f"Could not make a copy of the scan {what} to show: {error.strerror}"),
        )
        return False
    return open_url(QUrl.fromLocalFile(str(copy)))


def _limited(edit: QLineEdit, name: str) -> QLineEdit:
    """``edit`` taking no more characters than the record's field ``name`` stores."""
    limit = bond_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)
    return edit


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def record_box(name: str) -> QComboBox:
    """The kinds of permit a certificate or bond may protect, in words; each item's data is
    the kind as stored (read with :func:`record_kind`)."""
    box = QComboBox()
    box.setObjectName(name)
    for kind in PROTECTED_KINDS:
        box.addItem(kind_label(kind) if kind else "No one permit (all of the holder's)", kind)
    box.setToolTip("The kind of permit this protects; its number goes beside it")
    return box


def record_kind(box: QComboBox) -> str:
    return str(box.currentData() or "")


def set_record_kind(box: QComboBox, kind: str) -> None:
    """Show the stored kind; one the list does not offer is added in words, not dropped."""
    index = box.findData(kind)
    if index < 0:
        box.addItem(kind_label(kind), kind)
        index = box.count() - 1
    box.setCurrentIndex(index)


# ---- certificates --------------------------------------------------------------------------------


def certificate_refusal(action: Action, replaced_id: int | None) -> str | None:
    """The core's refusal of filing a certificate (``replaced_id`` None) or of replacing one."""
    if replaced_id is None:
        return bond_acts_core.register_acts(action)[bond_acts_core.RegisterAct.FILE_CERTIFICATE]
    return bond_acts_core.certificate_acts(action, replaced_id)[CertificateAct.REPLACE]


class CertificateDialog(forms.TwoColumnForm):
    """File a certificate of insurance as it reads; with ``replacing``, a corrected or renewed
    certificate that sets the old one aside in the same transaction.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        replacing: CertificateLine | None = None,
        insured: PartyRow | None = None,
    ) -> None:
        title = (
            f"Replace the certificate of {replacing.insured}" if replacing else "New certificate"
        )
        super().__init__(parent, title)
        self.app = app
        self.replacing = replacing
        self.setObjectName("certificate_dialog")
        if replacing is not None and insured is None:
            insured = party_row(app, parent, replacing.insured_id)
        self.insured = PartyPicker(app, role="insured", chosen=insured, name="insured")
        self._build_fields()
        if replacing is not None:
            self.add_top(
                forms.banner(
                    f"The certificate from {replacing.insurer} (expires "
                    f"{words.us_date(replacing.expires_on)}) will be set aside and kept in the "
                    "register; this one takes its place.",
                    tone="info",
                )
            )
        self._lay_out_left(replacing)

        heading = QLabel("<b>Limits shown</b> (leave empty what the certificate does not show)")
        heading.setWordWrap(True)
        self.right.addRow(heading)
        for kind, limit_edit in self.limits.items():
            self.add_to(self.right, kind.label.capitalize(), limit_edit, kind.value)

        self.finish_layout()
        if replacing is not None:
            self._fill(replacing)
        replaced_id = replacing.id if replacing is not None else None
        if why := core_refusal(parent, app, lambda a: certificate_refusal(a, replaced_id)):
            self.set_read_only(why)
        self.resize(920, self.sizeHint().height())
        (self.insurer if insured else self.insured.search_field).setFocus()

    def _build_fields(self) -> None:
        """The certificate as it reads: insurer, policies, coverages, notice, dates, limits."""
        today = self.app.desk.clock.today()
        self.insurer = _limited(QLineEdit(), "insurer")
        self.insurer.setObjectName("insurer")
        self.policy_numbers = _limited(QLineEdit(), "policy_numbers")
        self.policy_numbers.setObjectName("policy_numbers")
        self.policy_numbers.setPlaceholderText("e.g. CGL 4471-22, AUTO 9910")
        self.general_liability = QCheckBox("Comprehensive &general liability")
        self.general_liability.setObjectName("general_liability")
        self.general_liability.setChecked(False)  # ticked only when the certificate shows it
        self.general_liability.setToolTip("Tick only if the certificate shows this coverage")
        self.contractual_liability = QCheckBox("Contractual liability included")
        self.contractual_liability.setObjectName("contractual_liability")
        self.city_additional_insured = QCheckBox("City named as additional insured")
        self.city_additional_insured.setObjectName("city_additional_insured")
        self.additional_insured_endorsement = QCheckBox("…by a separate endorsement on file")
        self.additional_insured_endorsement.setObjectName("additional_insured_endorsement")
        self.notice_days = QLineEdit()
        self.notice_days.setObjectName("notice_days")
        self.notice_days.setPlaceholderText("e.g. 30")
        self.notice_days.setMaximumWidth(self.fontMetrics().horizontalAdvance("0000") + 24)
        self.effective_on = forms.date_edit(today, name="effective_on")
        self.expires_on = forms.date_edit(forms_year_later(today), name="expires_on")
        self.received_on = forms.date_edit(today, name="received_on")
        self.record_type = record_box("record_type")
        self.record_id = QLineEdit()
        self.record_id.setObjectName("record_id")
        self.record_id.setPlaceholderText("permit or application number")
        self.scan = ScanChooser()
        self.reason = QLineEdit("Replaced by a corrected certificate")
        self.reason.setObjectName("reason")
        self.limits: dict[CoverageKind, QLineEdit] = {
            kind: money_edit(kind.value, "not shown") for kind in CoverageKind
        }

    def _lay_out_left(self, replacing: CertificateLine | None) -> None:
        """Who is insured and by whom, what the certificate shows, for how long, for what."""
        self.add_to(self.left, "&Insured", self.insured, "insured_id")
        self.add_to(self.left, "Insu&rer", self.insurer, "insurer")
        self.add_to(self.left, "&Policy numbers", self.policy_numbers, "policy_numbers")
        flags = QWidget()
        flags_layout = QVBoxLayout(flags)
        flags_layout.setContentsMargins(0, 0, 0, 0)
        for box in (
            self.general_liability,
            self.contractual_liability,
            self.city_additional_insured,
            self.additional_insured_endorsement,
        ):
            flags_layout.addWidget(box)
        self.left.addRow("Shows", flags)
        notice = QWidget()
        notice_row = QHBoxLayout(notice)
        notice_row.setContentsMargins(0, 0, 0, 0)
        notice_row.addWidget(self.notice_days)
        notice_row.addWidget(QLabel("days' written notice to the City of cancellation"))
        notice_row.addStretch(1)
        self.add_to(self.left, "&Notice", notice, "notice_days")
        dates = QWidget()
        dates_row = QHBoxLayout(dates)
        dates_row.setContentsMargins(0, 0, 0, 0)
        for caption, edit in (("", self.effective_on), ("to", self.expires_on)):
            if caption:
                dates_row.addWidget(QLabel(caption))
            dates_row.addWidget(edit)
        dates_row.addStretch(1)
        self.add_to(self.left, "In &force", dates, "expires_on")
        self.add_to(self.left, "Recei&ved", left_aligned(self.received_on), "received_on")
        record = QWidget()
        record_row = QHBoxLayout(record)
        record_row.setContentsMargins(0, 0, 0, 0)
        record_row.addWidget(self.record_type, 1)
        record_row.addWidget(self.record_id, 1)
        self.add_to(self.left, "Pro&tects", record, "record_id")
        self.add_to(self.left, "Scan", self.scan, "scan")
        if replacing is not None:
            self.add_to(self.left, "Why the old one goes", self.reason, "reason")

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        replacing: CertificateLine | None = None,
        insured: PartyRow | None = None,
    ) -> int | None:
        """Show the form; the id of the certificate filed, or None if cancelled."""
        dialog = cls(parent, app, replacing=replacing, insured=insured)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def _fill(self, line: CertificateLine) -> None:
        self.insurer.setText(line.insurer)
        self.policy_numbers.setText(line.policy_numbers)
        for kind, edit in self.limits.items():
            edit.setText(money_text(line.limit(kind)))
        self.general_liability.setChecked(line.general_liability)
        self.contractual_liability.setChecked(line.contractual_liability)
        self.city_additional_insured.setChecked(line.city_additional_insured)
        self.additional_insured_endorsement.setChecked(line.additional_insured_endorsement)
        self.notice_days.setText("" if line.notice_days is None else str(line.notice_days))
        self.effective_on.setDate(_qdate(line.effective_on))
        self.expires_on.setDate(_qdate(line.expires_on))
        set_record_kind(self.record_type, line.record_type)
        self.record_id.setText(line.record_id)

    def data(self) -> CertificateData:
        """The form as the core takes it; a malformed amount or number raises InvalidInput,
        every one of them at once."""
        found = Refusals()
        if self.insured.party is None:
            found.refuse(InvalidInput("Choose the insured party.", field="insured_id"))
        coverages = {}
        for kind, edit in self.limits.items():
            amount = found.check(partial(optional_money, edit, kind.value))
            if amount is not None:
                coverages[kind] = amount
        notice_text = self.notice_days.text().strip()
        if notice_text and not notice_text.isdigit():
            found.refuse(
                InvalidInput("Days of notice are a whole number, e.g. 30.", field="notice_days")
            )
        found.raise_any()
        assert self.insured.party is not None  # refused above
        return CertificateData(
            insured_id=self.insured.party.id,
            insurer=self.insurer.text(),
            effective_on=forms.to_date(self.effective_on),
            expires_on=forms.to_date(self.expires_on),
            received_on=forms.to_date(self.received_on),
            coverages=coverages,
            policy_numbers=self.policy_numbers.text(),
            general_liability=self.general_liability.isChecked(),
            contractual_liability=self.contractual_liability.isChecked(),
            city_additional_insured=self.city_additional_insured.isChecked(),
            additional_insured_endorsement=self.additional_insured_endorsement.isChecked(),
            notice_days=int(notice_text) if notice_text else None,
            record_type=record_kind(self.record_type),
            record_id=self.record_id.text(),
        )

    def commit(self) -> object:
        scan = self.scan.scan()
        replacing = self.replacing
        reason = self.reason.text()
        if not self._shortfall_accepted():
            return None

        def work(action: Action) -> int:
            data = self.data()
            if replacing is not None:
                bonds.supersede_certificate(action, replacing.id, reason=reason)
            return bonds.file_certificate(action, data, scan=scan)

        return perform(self, self.app, work, errors=self.errors)

    def _shortfall_accepted(self) -> bool:
        """The certificate read against every permit it would protect, before it is filed
        (the core judges: :func:`clerk_desk.bonds.views.filing_checks`). Another holder's
        permit is refused under its field; a shortfall is said, and the clerk may file it
        knowing (No is the default)."""
        checks = perform(
            self,
            self.app,
            lambda a: bond_views.filing_checks(a, self.data()),
            writes=False,
            errors=self.errors,
        )
        if checks is None:
            return False
        short = [check for check in checks if check.blocks]
        if not short:
            return True
        lines = "".join(
            f"<li><b>{html.escape(check.permit.number)}</b>: "
            + "<br>".join(html.escape(str(f)) for f in check.findings if f.blocks)
            + "</li>"
            for check in short
        )
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "The insurance falls short",
            f"<p>This certificate falls short of {len(short)} permit"
            f"{'' if len(short) == 1 else 's'} it protects:</p><ul>{lines}</ul>"
            "<p>File it anyway? It will stand as short in the register and on Today until a "
            "certificate that meets the permit replaces it.</p>",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return bool(operations.ask_message(box) == QMessageBox.StandardButton.Yes)


def forms_year_later(day: date) -> date:
    """The expiry offered for a year's policy written today (the clerk types the one on the
    certificate): the last day of a year from today, by the calendar's one rule."""
    return last_day_of_year_from(day)


class ReasonDialog(forms.FormDialog):
    """Set a certificate aside (superseded) with the reason why.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, line: CertificateLine) -> None:
        super().__init__(parent, "Set the certificate aside", save_text="Set aside")
        self.app = app
        self.line = line
        self.setObjectName("set_aside_dialog")
        self.add_top(
            forms.banner(
                f"The certificate of {line.insured} from {line.insurer} stays in the register, "
                "marked superseded; it no longer counts for any permit.",
                tone="info",
            )
        )
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        self.resize(480, self.sizeHint().height())

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, line: CertificateLine) -> bool:
        return bool(forms.run_modal(cls(parent, app, line)))

    def commit(self) -> object:
        reason, certificate_id = self.reason.text(), self.line.id

        def work(action: Action) -> bool:
            bonds.supersede_certificate(action, certificate_id, reason=reason)
            return True

        return perform(self, self.app, work, errors=self.errors)


# ---- bonds ---------------------------------------------------------------------------------------

KIND_HINTS = {
    BondKind.STREET_OPENING: "$10,000 per permit; not required of a public utility, nor of a "
    "principal with an annual bond for the year of the work — § 506-6 (Bond).",
    BondKind.ANNUAL_EXCAVATION: "Covers all the principal's excavation work for one calendar "
    "year beginning January 1; amount set by the Director of Public Works — § 506-6 (Bond).",
    BondKind.STREET_PRIVILEGE: "Not exceeding $10,000, filed with the Treasurer — § 506-9 (Bond).",
    BondKind.RESTORATION_GUARANTEE: "One year from completion of the work; amount set by the "
    "Director of Public Works — § 506-6 (Bond).",
}


class BondDialog(forms.TwoColumnForm):
    """File a bond. The fields that matter to the kind chosen are the ones shown.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        *,
        kind: BondKind = BondKind.STREET_OPENING,
        year: int | None = None,
        principal: PartyRow | None = None,
        fixed_kind: bool = False,
    ) -> None:
        super().__init__(parent, "New annual bond" if fixed_kind else "New bond", ratio=2)
        self.app = app
        self.setObjectName("bond_dialog")
        self._build_kind(kind, fixed_kind)
        self.principal = PartyPicker(app, role="principal", chosen=principal, name="principal")
        self._build_terms(year)
        self._lay_out_fields()
        self.finish_layout()

        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.has_end.toggled.connect(self.expires_on.setEnabled)
        self._kind_changed()
        if why := core_refusal(
            parent,
            app,
            lambda a: bond_acts_core.register_acts(a)[bond_acts_core.RegisterAct.FILE_BOND],
        ):
            self.set_read_only(why)
        self.resize(900, self.sizeHint().height())
        (self.surety if principal else self.principal.search_field).setFocus()

    def _build_kind(self, kind: BondKind, fixed_kind: bool) -> None:
        """The bond's kind, and the hint of what that kind requires."""
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for each in BondKind:
            self.kind.addItem(each.label, each)
        self.kind.setCurrentIndex(self.kind.findData(kind))
        self.kind.setEnabled(not fixed_kind)
        self.hint = QLabel()
        self.hint.setObjectName("kind_hint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(text_sheet(SECONDARY))

    def _build_terms(self, year: int | None) -> None:
        """Surety, number, amount, year, the dates, what it protects, the scan and a note."""
        today = self.app.desk.clock.today()
        self.surety = _limited(QLineEdit(), "surety")
        self.surety.setObjectName("surety")
        self.bond_number = _limited(QLineEdit(), "bond_number")
        self.bond_number.setObjectName("bond_number")
        self.amount = money_edit("amount", "e.g. 10,000.00")
        self.year = QSpinBox()
        self.year.setObjectName("year")
        self.year.setRange(2000, 2100)
        self.year.setValue(year or today.year)
        self.effective_on = forms.date_edit(today, name="effective_on")
        self.has_end = QCheckBox("Ends on")
        self.has_end.setObjectName("has_end")
        self.expires_on = forms.date_edit(forms_year_later(today), name="expires_on")
        self.expires_on.setEnabled(False)
        self.work_completed_on = forms.date_edit(today, name="work_completed_on")
        self.record_type = record_box("record_type")
        self.record_id = QLineEdit()
        self.record_id.setObjectName("record_id")
        self.record_id.setPlaceholderText("permit or application number")
        self.scan = ScanChooser()
        self.note = QPlainTextEdit()
        self.note.setObjectName("note")
        self.note.setTabChangesFocus(True)
        self.note.setFixedHeight(self.fontMetrics().height() * 3 + 12)

    def _lay_out_fields(self) -> None:
        """Kind, principal, surety and amount on the left; year, dates and record on the right."""
        self.add_to(self.left, "&Kind", self.kind)
        self.left.addRow("", self.hint)
        self.add_to(self.left, "&Principal", self.principal, "principal_id")
        self.add_to(self.left, "&Surety", self.surety, "surety")
        self.add_to(self.left, "Bond &number", self.bond_number, "bond_number")
        self.add_to(self.left, "&Amount", self.amount, "amount")
        self.add_to(self.right, "&Year", self.year, "year")
        self.add_to(self.right, "&Effective", left_aligned(self.effective_on), "effective_on")
        ends = QWidget()
        ends_row = QHBoxLayout(ends)
        ends_row.setContentsMargins(0, 0, 0, 0)
        ends_row.addWidget(self.has_end)
        ends_row.addWidget(self.expires_on)
        ends_row.addStretch(1)
        self.add_to(self.right, "", ends, "expires_on")
        self.add_to(
            self.right,
            "Work &completed",
            left_aligned(self.work_completed_on),
            "work_completed_on",
        )
        record = QWidget()
        record_row = QHBoxLayout(record)
        record_row.setContentsMargins(0, 0, 0, 0)
        record_row.addWidget(self.record_type, 1)
        record_row.addWidget(self.record_id, 1)
        self.add_to(self.right, "Pro&tects", record)
        self.add_to(self.right, "Scan", self.scan, "scan")
        self.add_to(self.right, "N&ote", self.note)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        app: App,
        *,
        kind: BondKind = BondKind.STREET_OPENING,
        year: int | None = None,
        principal: PartyRow | None = None,
        fixed_kind: bool = False,
    ) -> int | None:
        """Show the form; the id of the bond filed, or None if cancelled."""
        dialog = cls(parent, app, kind=kind, year=year, principal=principal, fixed_kind=fixed_kind)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def chosen_kind(self) -> BondKind:
        return BondKind(self.kind.currentData())

    def _kind_changed(self) -> None:
        kind = self.chosen_kind()
        annual = kind is BondKind.ANNUAL_EXCAVATION
        self.hint.setText(KIND_HINTS[kind])
        for widget, shown in (
            (self.year, annual),
            (self.effective_on.parentWidget(), not annual),
            (self.expires_on.parentWidget(), not annual),
            (self.work_completed_on.parentWidget(), kind is BondKind.RESTORATION_GUARANTEE),
        ):
            if widget is not None:
                self.right.setRowVisible(widget, shown)
        if kind is BondKind.STREET_OPENING and not self.amount.text().strip():
            self.amount.setText(bonds.STREET_OPENING_BOND.format())

    def data(self) -> BondData:
        """The form as the core takes it; the principal not chosen and an amount that is not
        an amount are refused at once (issue 19)."""
        found = Refusals()
        if self.principal.party is None:
            found.refuse(InvalidInput("Choose the principal.", field="principal_id"))
        amount = found.check(partial(Money.parse, self.amount.text(), field="amount"))
        found.raise_any()
        assert self.principal.party is not None and amount is not None  # refused above
        kind = self.chosen_kind()
        annual = kind is BondKind.ANNUAL_EXCAVATION
        effective = forms.to_date(self.effective_on)
        if annual:
            effective = date(self.year.value(), 1, 1)
        return BondData(
            kind=kind,
            principal_id=self.principal.party.id,
            surety=self.surety.text(),
            bond_number=self.bond_number.text(),
            amount=amount,
            effective_on=effective,
            expires_on=forms.to_date(self.expires_on)
            if self.has_end.isChecked() and not annual
            else None,
            year=self.year.value() if annual else None,
            work_completed_on=forms.to_date(self.work_completed_on)
            if kind is BondKind.RESTORATION_GUARANTEE
            else None,
            record_type=record_kind(self.record_type),
            record_id=self.record_id.text(),
            note=self.note.toPlainText(),
        )

    def commit(self) -> object:
        scan = self.scan.scan()

        def work(action: Action) -> int:
            return bonds.file_bond(action, self.data(), scan=scan)

        return perform(self, self.app, work, errors=self.errors)


STATUS_WORDS = {
    FileStatus.RELEASED: ("Release the bond", "Release"),
    FileStatus.CLAIM_MADE: ("Record a claim", "Record claim"),
    FileStatus.FORFEITED: ("Record a forfeiture", "Forfeit"),
}


STATUS_ACTS: dict[FileStatus, BondAct] = {
    FileStatus.RELEASED: BondAct.RELEASE,
    FileStatus.CLAIM_MADE: BondAct.CLAIM,
    FileStatus.FORFEITED: BondAct.FORFEIT,
}
"""The core's act each new status of a bond records."""


class BondStatusDialog(forms.FormDialog):
    """Release a bond, or record a claim or forfeiture: the date and the reason, recorded.

    For a restoration guarantee the day it becomes releasable is shown; the core decides.

    Signals: those of :class:`QDialog`.
    """

    def __init__(
        self, parent: QWidget | None, app: App, line: BondLine, status: FileStatus
    ) -> None:
        title, save = STATUS_WORDS[status]
        super().__init__(parent, f"{title} — No. {line.bond_number}", save_text=save)
        self.app = app
        self.line = line
        self.status = status
        self.setObjectName("bond_status_dialog")
        summary = (
            f"{line.kind.label} No. {line.bond_number} of {line.principal}, {line.amount}, "
            f"surety {line.surety}."
        )
        self.add_top(forms.banner(summary, tone="info"))
        if line.guarantee:
            self.releasable = QLabel(releasable_words(line))
            self.releasable.setObjectName("releasable")
            self.releasable.setWordWrap(True)
            self.add_field("Releasable", self.releasable)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.add_field("&Date", self.on, "on")
        date_hint = QLabel(
            f"Today or earlier, and not before the bond took effect "
            f"({words.us_date(line.effective_on)})."
        )
        date_hint.setObjectName("date_hint")
        date_hint.setStyleSheet(text_sheet(SECONDARY))
        date_hint.setWordWrap(True)
        self.form.addRow("", date_hint)
        self.add_field("&Reason", self.reason, "reason")
        self.finish_layout()
        act = STATUS_ACTS[status]
        if why := core_refusal(parent, app, lambda a: bond_acts_core.bond_acts(a, line.id)[act]):
            self.set_read_only(why)
        self.resize(520, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, line: BondLine, status: FileStatus) -> bool:
        return bool(forms.run_modal(cls(parent, app, line, status)))

    def commit(self) -> object:
        bond_id, status = self.line.id, self.status
        on, reason = forms.to_date(self.on), self.reason.text()

        def work(action: Action) -> bool:
            bonds.change_bond_status(action, bond_id, status, on=on, reason=reason)
            return True

        return perform(
            self, self.app, forms.as_field_error(work, "on", keep=("reason",)), errors=self.errors
        )


def releasable_words(line: BondLine) -> str:
    if line.work_completed_on is None:
        return "Work completion date not recorded."
    if line.releasable_on is None:
        return (
            f"Not releasable: a defect notice was given on {words.us_date(line.defect_notice_on)} "
            "within the year after completion (§ 506-6 (Bond))."
        )
    return (
        f"On or after {words.format_day(line.releasable_on)} — one year from completion of the "
        f"work on {words.us_date(line.work_completed_on)} (§ 506-6 (Bond))."
    )


class DefectNoticeDialog(forms.FormDialog):
    """The written notice of a defect in restoration work, given within the guarantee year.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, line: BondLine) -> None:
        super().__init__(parent, f"Defect notice — No. {line.bond_number}", save_text="Record")
        self.app = app
        self.line = line
        self.setObjectName("defect_notice_dialog")
        self.add_top(
            forms.banner(
                f"Restoration guarantee No. {line.bond_number} of {line.principal}. A notice "
                "given within one year of completion keeps the guarantee until the defect is "
                "repaired (§ 506-6 (Bond)).",
                tone="info",
            )
        )
        self.notice_on = forms.date_edit(app.desk.clock.today(), name="notice_on")
        self.add_field("Notice &given", self.notice_on, "notice_on")
        self.finish_layout()
        self.resize(480, self.sizeHint().height())

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, line: BondLine) -> bool:
        return bool(forms.run_modal(cls(parent, app, line)))

    def commit(self) -> object:
        bond_id, notice_on = self.line.id, forms.to_date(self.notice_on)

        def work(action: Action) -> bool:
            bonds.record_defect_notice(action, bond_id, notice_on=notice_on)
            return True

        return perform(self, self.app, forms.as_field_error(work, "notice_on"), errors=self.errors)


# ---- revocations ---------------------------------------------------------------------------------
