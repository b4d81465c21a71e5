"""The Check against… panel: a certificate read against what a kind of permit needs."""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.views import (
    CertificateLine,
)
from clerk_desk.coverage import (
    SPECIAL_EVENT_VENDING,
    STREET_OPENING,
    CoverageKind,
    Covers,
    Requirement,
    sidewalk_cafe,
    street_privilege,
)
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from ui.kit import forms as forms
from ui.kit.fields import ChooseDateEdit, money_edit, optional_money
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, FieldErrors, perform
from ui.kit.style import BAD, GOOD, SECONDARY, text_sheet

MEETS = "Meets the requirement — the permit may issue"


SET_ASIDE = "Set aside — does not count for a permit"


ASK_DAYS = (
    "Enter the days to cover — the permit's first and last day, or the event's days — "
    "to check this certificate."
)


ASK_APPLICATION = (
    "Enter the application date: § 506-10 requires the insurance from the application "
    "through the permit term."
)


PRIVILEGE_KINDS = (
    CoverageKind.BODILY_INJURY_PER_PERSON,
    CoverageKind.BODILY_INJURY_PER_OCCURRENCE,
    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE,
    CoverageKind.COMBINED_SINGLE_LIMIT,
)


REQUIREMENTS: tuple[tuple[str, str], ...] = (
    ("street_opening", "Street opening permit — § 506-6"),
    ("vending", "Special event vending — § 506-24"),
    ("cafe", "Sidewalk cafe, no alcohol served — § 506-10"),
    ("cafe_alcohol", "Sidewalk cafe serving alcohol — § 506-10"),
    ("street_privilege", "Street privilege, amounts set on the permit — § 506-9"),
)


def verdict(findings: list[Finding]) -> str:
    """The one line the clerk reads (and a permit workflow will show): may it issue?"""
    problems = sum(1 for f in findings if f.blocks)
    if not problems:
        return MEETS
    return f"Does not meet the requirement — {problems} problem{'s' if problems != 1 else ''}"


class CheckPanel(QGroupBox):
    """ "Check against…": a requirement and the days to cover → the cited findings and a verdict.

    The days start empty: the verdict asks for them until both are entered (and, for the
    sidewalk cafe, the application date), so an untouched panel never says "Meets". A
    certificate that was set aside never meets anything: the verdict says so in red.

    Signals: ``checked(list)`` with the findings after each check (empty list: it meets).
    """

    checked = Signal(list)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__("Check against…", parent)
        self.app = app
        self.setObjectName("check_panel")
        self.certificate: CertificateLine | None = None
        self.errors = FieldErrors()
        today = app.desk.clock.today
        self.requirement_box = QComboBox()
        self.requirement_box.setObjectName("requirement")
        for key, label in REQUIREMENTS:
            self.requirement_box.addItem(label, key)
        # The long names must not widen the side panel past the window (it would scroll).
        self.requirement_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.requirement_box.setMinimumContentsLength(24)
        self.since = ChooseDateEdit(today, name="covers_from")
        self.until = ChooseDateEdit(lambda: self.since.value() or today(), name="covers_to")
        self.application = ChooseDateEdit(
            lambda: self.since.value() or today(), name="application_on"
        )
        self.application.setToolTip(
            "The day the application was filed: the insurance must be maintained from then "
            "through the permit term (§ 506-10)"
        )
        self._build_amounts()
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        self.findings = FindingsView(app, empty_text="No shortfall found.")
        self.findings.setObjectName("check_findings")

        form = self._build_form()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.amounts_box)
        layout.addWidget(self.verdict)
        layout.addWidget(self.findings)
        hint = QLabel("The permit's first and last day, or the event's days.")
        hint.setStyleSheet(text_sheet(SECONDARY))
        hint.setWordWrap(True)
        layout.insertWidget(1, hint)

        self.requirement_box.currentIndexChanged.connect(lambda _i: self._requirement_changed())
        self.since.dateChanged.connect(lambda _d: self._since_changed())
        self.until.dateChanged.connect(lambda _d: self.run())
        self.application.dateChanged.connect(lambda _d: self.run())
        for edit in self.amounts.values():
            edit.editingFinished.connect(self.run)
        self._requirement_changed()

    def _build_amounts(self) -> None:
        """The insurance amounts the City officials set on a street privilege permit."""
        self.amounts: dict[CoverageKind, QLineEdit] = {
            kind: money_edit(f"privilege_{kind.value}", "not required") for kind in PRIVILEGE_KINDS
        }
        self.amounts_box = QWidget()
        amounts_form = QFormLayout(self.amounts_box)
        amounts_form.setContentsMargins(0, 0, 0, 0)
        amounts_form.addRow(QLabel("Amounts the City officials set on this permit:"))
        for kind, edit in self.amounts.items():
            amounts_form.addRow(kind.label.capitalize(), edit)
            message = forms.error_label()
            amounts_form.addRow("", message)
            self.errors.add(kind.value, message, edit)

    def _build_form(self) -> QFormLayout:
        """The requirement, the days to cover and the application's date, with their errors."""
        days_box = QWidget()
        days = QHBoxLayout(days_box)
        days.setContentsMargins(0, 0, 0, 0)
        days.addWidget(self.since)
        days.addWidget(QLabel("to"))
        days.addWidget(self.until)
        days.addStretch(1)
        application_box = QWidget()
        application_row = QHBoxLayout(application_box)
        application_row.setContentsMargins(0, 0, 0, 0)
        application_row.addWidget(self.application)
        application_row.addStretch(1)
        form = QFormLayout()
        self._form = form
        form.addRow("&Requirement", self.requirement_box)
        days_label = QLabel("Days to &cover")
        days_label.setBuddy(self.since)
        form.addRow(days_label, days_box)
        self.dates_error = forms.error_label()
        form.addRow("", self.dates_error)
        self.errors.add("covers", self.dates_error, self.until)
        application_label = QLabel("Application &date")
        application_label.setBuddy(self.application)
        form.addRow(application_label, application_box)
        self.application_error = forms.error_label()
        form.addRow("", self.application_error)
        self.errors.add("application", self.application_error, self.application)
        self._application_rows = (application_box, self.application_error)
        return form

    def set_certificate(self, line: CertificateLine | None) -> None:
        self.certificate = line
        self.setEnabled(line is not None)
        self.run()

    def choose(
        self, key: str, since: date | None, until: date | None, application: date | None = None
    ) -> None:
        """Set the requirement and the days (a test, or a permit screen handing over)."""
        for edit in (self.since, self.until, self.application):
            edit.blockSignals(True)
        self.requirement_box.blockSignals(True)
        try:
            self.requirement_box.setCurrentIndex(self.requirement_box.findData(key))
            self.since.set_value(since)
            self.until.set_value(until)
            self.application.set_value(application)
        finally:
            for edit in (self.since, self.until, self.application):
                edit.blockSignals(False)
            self.requirement_box.blockSignals(False)
        self._requirement_changed()  # runs the check

    def needs_application(self) -> bool:
        return self._base_requirement().from_application

    def _requirement_changed(self) -> None:
        self.amounts_box.setVisible(self.requirement_box.currentData() == "street_privilege")
        shown = self.needs_application()
        for widget in self._application_rows:
            self._form.setRowVisible(widget, shown)
        if not shown:
            self.application_error.setVisible(False)
        self.run()

    def _since_changed(self) -> None:
        since, until = self.since.value(), self.until.value()
        if since is not None and until is not None and until < since:
            self.until.set_value(since)  # runs the check
        else:
            self.run()

    def _base_requirement(self) -> Requirement:
        """The profile chosen, without the amounts typed for a street privilege."""
        key = self.requirement_box.currentData()
        if key == "street_opening":
            return STREET_OPENING
        if key == "vending":
            return SPECIAL_EVENT_VENDING
        if key in ("cafe", "cafe_alcohol"):
            return sidewalk_cafe(serves_alcohol=key == "cafe_alcohol")
        return street_privilege({})

    def requirement(self) -> Requirement:
        if self.requirement_box.currentData() != "street_privilege":
            return self._base_requirement()
        minimums = {}
        for kind, edit in self.amounts.items():
            amount = optional_money(edit, kind.value)
            if amount is not None:
                minimums[kind] = amount
        return street_privilege(minimums)

    def _show(self, verdict_html: str, findings: list[Finding] | None = None) -> None:
        self.verdict.setText(verdict_html)
        self.findings.set_findings(findings or [])
        self.findings.setVisible(findings is not None)

    def _set_aside(self, line: CertificateLine) -> list[Finding]:
        when = f" on {words.us_date(line.status_on)}" if line.status_on else ""
        why = f" ({line.status_reason})" if line.status_reason else ""
        finding = Finding(
            "block",
            self._base_requirement().cite,
            f"This certificate was {line.status.label.lower()}{when}{why}; it no longer counts "
            "for any permit. Check the certificate on file in its place.",
        )
        self._show(f'<b style="color:{BAD}">{html.escape(SET_ASIDE)}</b>', [finding])
        return [finding]

    def run(self) -> list[Finding] | None:
        """Check the certificate; None while something is missing (the verdict says what) or
        the form is wrong (the reason under the field)."""
        self.errors.clear()
        line = self.certificate
        if line is None:
            self._show("<i>Choose a certificate to check.</i>")
            return None
        if not line.active:
            set_aside = self._set_aside(line)
            self.checked.emit(set_aside)
            return set_aside
        since, until = self.since.value(), self.until.value()
        if since is None or until is None:
            self._show(f"<i>{html.escape(ASK_DAYS, quote=False)}</i>")
            return None
        try:
            requirement = self.requirement()
            if until < since:
                raise InvalidInput("The last day is before the first day.", field="covers")
        except InvalidInput as error:
            self.errors.show(error)
            self._show("<i>Correct the form to check.</i>")
            return None
        application = None
        if requirement.from_application:
            application = self.application.value()
            if application is None:
                self._show(f"<i>{html.escape(ASK_APPLICATION, quote=False)}</i>")
                return None
            if application > since:
                self.errors.show(
                    InvalidInput(
                        "The application is made before the permit's first day.",
                        field="application",
                    )
                )
                self._show("<i>Correct the form to check.</i>")
                return None

        covers = Covers(since, until, application=application)

        def work(action: Action) -> list[Finding]:
            return bond_views.certificate_findings(action, line.id, requirement, covers)

        found = perform(self, self.app, work, writes=False, errors=self.errors)
        if found is None:
            self._show("<i>Correct the form to check.</i>")
            return None
        words = verdict(found)
        colour = GOOD if words == MEETS else BAD
        self._show(f'<b style="color:{colour}">{html.escape(words)}</b>', found)
        self.checked.emit(found)
        return found

    def verdict_text(self) -> str:
        return self.verdict.text()
