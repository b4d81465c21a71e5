"""Special Charges: what the City bills for work it did in someone's place, and the tax roll.

Chapter 506 lets the City clear the snow, remove an obstruction, sweep up debris, mend a street,
repair a sidewalk or the pavement over an opening, and charge its cost; what stays unpaid goes on
the tax roll as a special tax against the parcel, each section with its own clock. Two pages:

- **Charges** — the register of every charge: the clerk finds one by typing part of its number,
  the work, the billed party, the parcel or the section, and narrows by kind, standing and year.
  The "Due" day turns red when a charge is overdue, the "Tax roll" day amber once the unpaid
  balance may be certified. Beside the register is the chosen charge: the parcel and its owner,
  who is billed and as what, the work, the cost lines with the 20% for administration of a
  deficiency repair, what is paid and owed, the section's clock, the bill and its two days, the
  receipts that paid it, the permit or order it comes from and the run that certified it. Its
  acts: record the bill, print the bill or a reminder, take payment in the Receipts tab, cancel.
- **Tax roll** — the City Treasurer's "certify to tax roll" runs: prepare one as of a day (every
  charge past its tax-roll day and unpaid), review it with its totals by section, certify it once
  (the charges are then locked and stamped with the run) or set it aside, print it, and export it
  to Excel in the layout the county's tax-roll clerk reads. A run as of a day still to come is a
  preview, never certified. Every run prepared stays in the list.

Nothing is deleted: a cancelled charge keeps its reason, a set-aside run its note.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerk_desk.special_charges.service import RECORD_TYPE
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit import printing as printing
from ui.kit.operations import App
from ui.special_charges.charges_page import (
    ChargesPage,
    charge_html,
)
from ui.special_charges.tax_roll_page import RUN_RECORD_TYPE, TaxRollPage, run_html

# ---- the chosen charge in words -------------------------------------------------------------


# ---- the charges -------------------------------------------------------------------------------


# ---- the tax roll ------------------------------------------------------------------------------


# ---- the tab -----------------------------------------------------------------------------------


class SpecialChargesTab(QWidget):
    """The Special Charges tab: Charges and Tax roll.

    Signals: ``status(str)`` with a one-line message for the main window's status bar;
    ``register_changed()`` after a charge or a run was saved (the Today tab may refresh);
    ``workflow_requested(object)`` with a :class:`~clerk_desk.today.TodayItem` naming another
    tab's record (the billed party in the Receipts tab, the permit a charge comes from).
    """

    status = Signal(str)
    register_changed = Signal()
    workflow_requested = Signal(object)

    def __init__(self, app: App, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.setObjectName("special_charges_tab")
        self.charges = ChargesPage(app)
        self.tax_roll = TaxRollPage(app)
        self.inner = QTabWidget()
        self.inner.setObjectName("special_charge_pages")
        self.inner.addTab(self.charges, "&Charges")
        self.inner.addTab(self.tax_roll, "Tax ro&ll")
        self.inner.setTabToolTip(0, "Every charge for work the City did, with its clock")
        self.inner.setTabToolTip(
            1, "Certify unpaid charges to the tax roll (the City Treasurer), and past runs"
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.inner)
        for page in (self.charges, self.tax_roll):
            page.status.connect(self.status)
            page.changed.connect(self.register_changed)
        self.charges.workflow_requested.connect(self.workflow_requested)
        self.tax_roll.changed.connect(self._roll_changed)

    def _roll_changed(self) -> None:
        """A certified run locks its charges: read the register again."""
        if self.charges.loaded:
            self.charges.refresh()

    # ---- what the main window calls ------------------------------------------------------------

    def focus_search(self) -> None:
        self.inner.setCurrentWidget(self.charges)
        self.charges.search_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.charges.search_field.selectAll()

    def refresh(self) -> None:
        """Read the page shown again (and the other if it was read)."""
        current = self.inner.currentWidget()
        for page in (self.charges, self.tax_roll):
            if page is current or page.loaded:
                page.refresh()

    def show_record(self, record_type: str, record_id: str) -> None:
        """Show one charge or one tax roll run (the Today tab asks)."""
        if not record_id.isdigit():
            return
        if record_type == RECORD_TYPE:
            self.inner.setCurrentWidget(self.charges)
            self.charges.select_charge(int(record_id))
        elif record_type == RUN_RECORD_TYPE:
            self.inner.setCurrentWidget(self.tax_roll)
            self.tax_roll.select_run(int(record_id))

    def export_register(self) -> None:
        self.charges.export_register()


__all__ = ["ChargesPage", "SpecialChargesTab", "TaxRollPage", "charge_html", "run_html"]
