"""What the Special Charges window's pages and forms share: the permissions its acts need, the
register's and the run's columns, the clocks in words, a citation as a link."""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QLabel,
    QWidget,
)

from clerk_desk import words
from clerk_desk.kinds import ChargeKind, RunStatus
from clerk_desk.special_charges import rules as charge_rules
from clerk_desk.special_charges.details import (
    ChargeRow,
)
from clerk_desk.special_charges.rules import PayFrom, Standing
from clerk_desk.special_charges.views import RunView
from clerk_desk.words import format_day
from ui.kit import dialog_parts as dialog_parts
from ui.kit import forms as forms
from ui.kit.style import (
    BAD_BACKGROUND,
    GOOD_BACKGROUND,
    LATE_BACKGROUND,
    SECONDARY,
    panel_sheet,
    text_sheet,
)
from ui.kit.table_models import CENTER, RIGHT, TableColumn

MUTED = text_sheet(SECONDARY)


LINES_SHOWN = 3
"""Cost lines the new-charge form starts with ("Add line" gives more; a blank one is skipped)."""


DELIVERY = ("mailed", "handed over", "posted on the property", "certified mail")
"""How a bill usually goes out; the clerk may type anything else."""


FROM_THEIR_TABS = (
    "The City's pavement repair over a street opening and a deficiency repair are charged in "
    "the Street Openings tab, a street privilege obstruction removed in Street Privileges, a "
    "sidewalk repair on its repair order in Sidewalks: each charge names the permit or order it "
    "comes from."
)
"""Why the new-charge form offers only some kinds."""


RUN_STATUS = {
    RunStatus.DRAFT: "Draft",
    RunStatus.PREVIEW: "Preview",
    RunStatus.CERTIFIED: "Certified",
    RunStatus.DISCARDED: "Set aside",
}


def cite_link(cite: str) -> str:
    """A citation as a link that opens the ordinance, kept on one line where it is short."""
    return dialog_parts.cite_link(cite, unbroken_spaces=1)


class WrapLabel(QLabel):
    """A word-wrapped rich-text label as tall as its text at the width it is given.

    A plain word-wrapped QLabel in a form asks for the height its text takes at a narrow
    guessed width, and keeps it when the form is wider: a short note then sits in a tall empty
    box. This one asks for the height at its own width, and again whenever the width changes.

    Signals: those of :class:`QLabel`.
    """

    GUESS = 420  # the width assumed before the label is laid out

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._width = 0

    def _height(self) -> int:
        width = self.width() if self.isVisible() and self.width() > 60 else self.GUESS
        return self.heightForWidth(width)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(60, self._height())

    def setText(self, text: str) -> None:
        super().setText(text)
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.updateGeometry()


def info_label(name: str) -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    label = WrapLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setStyleSheet(panel_sheet("info"))
    return label


def standing_colour(row: ChargeRow) -> str | None:
    """Red when overdue, amber once it may go on the tax roll, green when paid."""
    return {
        Standing.OVERDUE: BAD_BACKGROUND,
        Standing.READY_FOR_ROLL: LATE_BACKGROUND,
        Standing.PAID: GOOD_BACKGROUND,
    }.get(row.standing)


def charge_columns() -> tuple[TableColumn, ...]:
    def due_colour(row: ChargeRow) -> str | None:
        return BAD_BACKGROUND if row.standing is Standing.OVERDUE else None

    def roll_colour(row: ChargeRow) -> str | None:
        return LATE_BACKGROUND if row.standing is Standing.READY_FOR_ROLL else None

    def due_text(row: ChargeRow) -> str:
        if row.due_on is not None:
            return words.us_date(row.due_on)
        return "next roll" if row.billed and row.clock.pay_from is PayFrom.NONE else ""

    def roll_text(row: ChargeRow) -> str:
        if not row.clock.on_tax_roll:
            return "never"
        return words.us_date(row.tax_roll_on)

    return (
        TableColumn("Charge", lambda r: r.number),
        TableColumn(
            "Kind",
            lambda r: KIND_SHORT[r.kind],
            tooltip=lambda r: f"{r.clock.title} — {r.clock.cite}",
        ),
        TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.parcel_text or None),
        TableColumn(
            "Billed party",
            lambda r: r.billed_name,
            tooltip=lambda r: f"Billed as {r.billed_as}: {r.work}",
        ),
        TableColumn("Work date", lambda r: words.us_date(r.work_done_on)),
        TableColumn("Total", lambda r: r.total.format(), align=RIGHT),
        TableColumn("Balance", lambda r: r.balance.format(), align=RIGHT),
        TableColumn(
            "Due",
            due_text,
            colour=due_colour,
            header_tooltip="The last day to pay, from the section's clock (none: entered on the "
            "next tax roll unless paid first)",
        ),
        TableColumn(
            "Tax roll",
            roll_text,
            colour=roll_colour,
            header_tooltip="The first day the unpaid balance may be certified to the tax roll "
            "(never: a deficiency repair puts no lien on the property, § 506-6)",
        ),
        TableColumn(
            "Standing",
            lambda r: f"Certified, {r.run_number}" if r.run_number else r.standing.label,
            colour=standing_colour,
            tooltip=lambda r: (
                f"{r.standing.label} (run {r.run_number})" if r.run_number else r.standing.label
            ),
        ),
    )


LINE_COLUMNS = (
    TableColumn("Cost", lambda r: r.category.capitalize()),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)


PAYMENT_COLUMNS = (
    TableColumn("Receipt", lambda r: r.receipt_number),
    TableColumn("Paid on", lambda r: words.us_date(r.paid_on)),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
    TableColumn("Line", lambda r: r.description, tooltip=lambda r: r.description),
)


def _certified_text(view: RunView) -> str:
    if view.certified_at is None:
        return ""
    return words.local_time(view.certified_at, view.certified_at.tzinfo)


RUN_COLUMNS = (
    TableColumn("Run", lambda r: r.number),
    TableColumn("As of", lambda r: words.us_date(r.as_of)),
    TableColumn(
        "Status",
        lambda r: RUN_STATUS[r.status],
        tooltip=lambda r: r.note or None,
        colour=lambda r: GOOD_BACKGROUND if r.status is RunStatus.CERTIFIED else None,
    ),
    TableColumn("Charges", lambda r: str(len(r.entries)), align=CENTER),
    TableColumn("Total", lambda r: r.total.format(), align=RIGHT),
    TableColumn("Certified by", lambda r: r.certified_by),
    TableColumn("Certified at", _certified_text),
)


ENTRY_COLUMNS = (
    TableColumn("Parcel", lambda r: r.parcel_number, tooltip=lambda r: r.site_address or None),
    TableColumn(
        "Owner",
        lambda r: r.owner_text,
        tooltip=lambda r: r.owner_address or None,
        colour=lambda r: None if r.owner_on_file else BAD_BACKGROUND,
    ),
    TableColumn("Description", lambda r: r.description, tooltip=lambda r: r.description),
    TableColumn("Section", lambda r: r.section, tooltip=lambda r: r.section),
    TableColumn("Amount", lambda r: r.amount.format(), align=RIGHT),
)


SECTION_COLUMNS = (
    TableColumn("Section", lambda r: r[0], tooltip=lambda r: r[0]),
    TableColumn("Charges", lambda r: str(r[1]), align=CENTER),
    TableColumn("Amount", lambda r: r[2].format(), align=RIGHT),
)


def clock_html(kind: ChargeKind) -> str:
    """The kind chosen in words: its section (a link), its clock, who may be billed."""
    clock = charge_rules.clock_for(kind)
    sentence = html.escape(clock.explain()).replace(html.escape(clock.cite), cite_link(clock.cite))
    who = " or the ".join(clock.billed_as)
    extra = " Plus 20% for administration." if clock.administration else ""
    return f"<b>{html.escape(clock.title)}</b>. {sentence} Billed to the {who}.{extra}"


def clocks_html(kind: ChargeKind, shown: charge_rules.Clocks, *, received: bool) -> str:
    """The last day to pay and the first tax-roll day of a bill, as the core counted them."""
    clock = charge_rules.clock_for(kind)
    parts = []
    if clock.pay_from is PayFrom.NOTICE and shown.due_on is None:
        parts.append(
            f"Last day to pay: <b>none yet</b> — {clock.pay_days} days from actual notice to the "
            "applicant and the owner: enter the later of the days they received it"
        )
    elif shown.due_on is not None:
        start = (
            "the actual notice"
            if clock.pay_from is PayFrom.NOTICE
            else "receipt of the bill"
            if clock.pay_from is PayFrom.RECEIPT and received
            else "the day the bill went out"
        )
        parts.append(
            f"Last day to pay: <b>{html.escape(format_day(shown.due_on))}</b> "
            f"({clock.pay_days} days from {start})"
        )
    else:
        parts.append("No time to pay is set: entered on the next tax roll unless paid first")
    if shown.tax_roll_on is not None:
        parts.append(
            f"Tax roll from: <b>{html.escape(format_day(shown.tax_roll_on))}</b> "
            f"— {cite_link(clock.cite)}"
        )
        if shown.roll_by is not None:
            parts.append(
                f"To be entered on the tax roll by: <b>{html.escape(format_day(shown.roll_by))}"
                f"</b> ({clock.roll_within} days after the cost was incurred)"
            )
    elif clock.on_tax_roll:
        parts.append(f"Tax roll from: the day after the last day to pay — {cite_link(clock.cite)}")
    else:
        parts.append(
            f"Never on the tax roll: the section puts no lien on it — {cite_link(clock.cite)}"
        )
    return "<br>".join(parts)


KIND_SHORT: dict[ChargeKind, str] = {
    ChargeKind.SNOW_ICE: "Snow and ice",
    ChargeKind.OBSTRUCTION: "Obstruction",
    ChargeKind.PRIVILEGE_REMOVAL: "Privilege removal",
    ChargeKind.DIRT_DEBRIS: "Dirt and debris",
    ChargeKind.STREET_DAMAGE: "Street damage",
    ChargeKind.SIDEWALK_REPAIR: "Sidewalk repair",
    ChargeKind.SIDEWALK_MINOR_REPAIR: "Minor sidewalk repair",
    ChargeKind.OPENING_REPAIR: "Opening repair",
    ChargeKind.DEFICIENCY_REPAIR: "Deficiency repair",
}
"""The kind as a register column names it; the full title and section are in its tooltip."""


SOURCE_WORKFLOWS: dict[str, str] = {
    "street_opening": "street_openings",
    "street_privilege": "street_privileges",
    "sidewalk_permit": "sidewalks",
    "sidewalk_repair_order": "sidewalks",
    "sidewalk_cafe": "sidewalk_cafes",
    "vending_application": "vending",
    "enforcement_case": "enforcement",
}
"""The permit or order a charge may come from: the tab that shows it."""
