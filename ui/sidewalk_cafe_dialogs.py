"""The forms of the Sidewalk Cafes tab (§ 506-10): the application and its correction, the
owners and occupants within 100 feet, the notice mailed, comments, the police review, the DPW
inspection, the Common Council, issuance, renewal, suspension, revocation, denial, withdrawal.

The application form takes the dimensions read off the site plan as lengths ("6", "6 ft 2 in",
"44 in") and shows — before anything is saved, and kept current while the clerk types — what
the core's rules make of them: the clear passage (6 ft where it abuts the curb, else 5 ft), the
3 ft setback from the curb face, the 44 in aisles and the frontage; the share of the last six
months' sales from food and non-alcoholic beverages, against "more than 50%"; and the hours
against 6:00 a.m. to 11:00 p.m. and the indoor establishment's. Every check is the core's
(:mod:`clerk_desk.sidewalk_cafes`); its refusals show under the field they are about.

The rows shown are plain frozen values read inside one action (:class:`CafeRow` and friends),
never live records. The papers (the permit, the neighbour notice letters, labels and list, the
suspension and revocation letters) are written by :mod:`reports.sidewalk_cafes` after the act is
saved, and printed through :mod:`ui.printing`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, tzinfo
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt, QTime, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)
from sqlalchemy.orm import Session

from clerk_desk import ledger, parties, settings_store, sidewalk_cafes, street_numbers
from clerk_desk.deadlines import clock_time, format_day, plural
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.ledger import RecordRef
from clerk_desk.lengths import format_length, parse_length
from clerk_desk.models import (
    AuditEvent,
    CafeComment,
    CafeNeighbor,
    CafeStatus,
    CafeSuspension,
    DueStatus,
    SidewalkCafe,
)
from clerk_desk.money import Money
from clerk_desk.permissions import Permission, refusal
from clerk_desk.sidewalk_cafes import (
    ALCOHOL_CITE,
    APPLICATION_CITE,
    ELIGIBILITY_CITE,
    HOURS_CITE,
    ISSUANCE_CITE,
    REVOCATION_CITE,
    TERM_CITE,
    CafeData,
    ChecklistItem,
    ItemState,
    NeighborData,
)
from clerk_desk.validation import max_length
from ui import forms, operations, printing
from ui.bond_dialogs import PartyPicker, left_aligned, money_edit, optional_money
from ui.bonds_tab import ChooseDateEdit
from ui.findings_view import FindingsView
from ui.operations import App, attempt, perform
from ui.ordinance_viewer import cite_from_url, cite_html
from ui.parties_tab import PartyDialog, PartyRow
from ui.petition_dialogs import MeetingDialog, MeetingRow, ReasonForm, meeting_rows, zone_of
from ui.table_models import TableColumn
from ui.vending_dialogs import EditColumn, EditRowsModel, editable_table

TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS
DECIDE = Permission.APPROVE_WORK_PERMITS
LIST_FILTER = "Spreadsheets (*.xlsx *.xlsm *.csv);;All files (*)"
PLAN_FILTER = "Site plan (*.pdf *.png *.jpg *.jpeg);;All files (*)"
RECORDS_FILTER = "Business records (*.pdf *.png *.jpg *.jpeg *.xlsx *.csv);;All files (*)"
GOOD, LATE, BAD, INFO = "#1b6e2e", "#8a5a00", "#b00020", "#1d4f7a"
WARN_COLOUR, BLOCK_COLOUR = "#fff1c7", "#f9d6d5"
NBSP = "\u00a0"
LIVE_MS = 120
"""Pause after a keystroke before the rules are asked again about what is typed."""

IN_PROCESS = (
    CafeStatus.APPLIED,
    CafeStatus.NOTICE_MAILED,
    CafeStatus.BEFORE_COUNCIL,
    CafeStatus.APPROVED,
)
"""An application not yet issued, denied or withdrawn: it can still be corrected."""
BEFORE_DECISION = (CafeStatus.APPLIED, CafeStatus.NOTICE_MAILED, CafeStatus.BEFORE_COUNCIL)
STANDING = (CafeStatus.ISSUED, CafeStatus.SUSPENDED)

STATE_STYLE: dict[ItemState, tuple[str, str]] = {
    # (background, text colour): the word carries the meaning, the colour helps.
    ItemState.MET: ("#dcefdf", GOOD),
    ItemState.PENDING: ("#fff1c7", LATE),
    ItemState.NOT_MET: ("#f9d6d5", BAD),
}
SOURCE_LABELS = {
    "public": "Public",
    "applicant": "Applicant",
    "staff": "City staff",
    "committee": "City committee",
}


def may_not(app: App, permission: Permission) -> str:
    """Why the operator may not do it ("" when they may): the tooltip of a disabled button."""
    return "" if app.operator.may(permission) else refusal(app.operator.role, permission)


def cite_link(cite: str) -> str:
    """A citation as a link that never breaks inside "§ 506-10"."""
    return cite_html(cite, cite.replace(" ", NBSP, 2))


def time_text(value: time | None) -> str:
    return "" if value is None else clock_time(value)


def hours_text(opens: time | None, closes: time | None) -> str:
    if opens is None and closes is None:
        return ""
    return f"{time_text(opens) or '?'} to {time_text(closes) or '?'}"


def share_text(share: Decimal | None) -> str:
    """A share of sales as a percent to one decimal — except where one decimal would show
    "50.0%" for a share a little over or under one half, which is shown to the cent's worth."""
    if share is None:
        return ""
    percent = share * 100
    shown = percent.quantize(Decimal("0.1"))
    if shown == 50 and percent != 50:
        return f"{percent.normalize():f}%"
    return f"{shown}%"


def day_or_blank(day: date | None) -> str:
    return "" if day is None else format_day(day)


# ---- plain rows ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NeighborRow:
    """An owner or occupant within 100 feet, as the list shows it and the form edits it.

    The mailing address is kept as its lines; the table shows (and takes) them joined by "; ".
    The distance is kept as typed until saved (whole feet: "85", "85 ft").
    """

    name: str
    mailing_address: str = ""
    parcel_number: str = ""
    relation: str = "owner"
    distance: str = ""

    @classmethod
    def of(cls, neighbor: CafeNeighbor | NeighborData) -> NeighborRow:
        return cls(
            neighbor.name,
            neighbor.mailing_address,
            neighbor.parcel_number,
            neighbor.relation,
            "" if neighbor.distance_ft is None else str(neighbor.distance_ft),
        )

    @property
    def blank(self) -> bool:
        return not any(
            part.strip() for part in (self.name, self.mailing_address, self.parcel_number)
        )

    @property
    def address_line(self) -> str:
        return "; ".join(line.strip() for line in self.mailing_address.splitlines() if line)

    @property
    def distance_text(self) -> str:
        return f"{self.distance} ft" if self.distance.isdigit() else self.distance

    def data(self, line: int) -> NeighborData:
        """The row as the core takes it; a distance that is not whole feet is refused with
        the line of the list it is on."""
        feet: int | None = None
        if self.distance.strip():
            inches = parse_length(
                self.distance, label=f"Line {line}: the distance", field="neighbors"
            )
            if inches is None or inches % 12:
                raise InvalidInput(
                    f'Line {line}: the distance "{self.distance}" is not a whole number of feet.',
                    field="neighbors",
                )
            feet = inches // 12
        return NeighborData(
            self.name.strip(),
            self.mailing_address.strip(),
            self.parcel_number.strip(),
            self.relation,
            feet,
        )


@dataclass(frozen=True, slots=True)
class CommentRow:
    """A comment received by the City Clerk on the application."""

    id: int
    received_on: date
    commenter: str
    source: str
    text: str
    timely: bool
    findings: tuple[Finding, ...]  # why it is late, when it is

    @classmethod
    def of(cls, comment: CafeComment, cafe: SidewalkCafe) -> CommentRow:
        return cls(
            comment.id,
            comment.received_on,
            comment.commenter,
            comment.source,
            comment.text,
            comment.timely,
            tuple(sidewalk_cafes.comment_findings(comment, cafe)),
        )

    @property
    def source_label(self) -> str:
        return SOURCE_LABELS.get(self.source, self.source.capitalize())


@dataclass(frozen=True, slots=True)
class SuspensionRow:
    """A temporary suspension of the cafe's operation, as it stands today."""

    id: int
    notice_on: date | None
    starts_on: date
    ends_on: date
    last_day: date  # the day before it was lifted, if lifted early
    reason: str
    emergency: bool
    by: str
    lifted_on: date | None
    lift_reason: str
    state: str  # "In effect", "To come", "Ended", "Lifted …", "Called off"

    @classmethod
    def of(cls, suspension: CafeSuspension, today: date) -> SuspensionRow:
        last = sidewalk_cafes.suspension_last_day(suspension)
        lifted = suspension.lifted_on
        if sidewalk_cafes.suspension_active(suspension, today):
            state = "In effect"
        elif lifted is not None and lifted <= suspension.starts_on:
            state = "Called off"
        elif today < suspension.starts_on:
            state = "To come"
        elif lifted is not None:
            state = f"Lifted {forms.us_date(lifted)}"
        else:
            state = "Ended"
        return cls(
            suspension.id,
            suspension.notice_on,
            suspension.starts_on,
            suspension.ends_on,
            last,
            suspension.reason,
            suspension.emergency,
            suspension.created_by_name,
            lifted,
            suspension.lift_reason,
            state,
        )

    @property
    def notice_text(self) -> str:
        if self.emergency:
            return "Emergency: no prior notice"
        return forms.us_date(self.notice_on)

    @property
    def open(self) -> bool:
        """Not lifted, and not over: it can still be lifted."""
        return self.lifted_on is None and self.state in ("In effect", "To come")


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One step of the application's history (its audit events)."""

    when: str
    who: str
    what: str

    @classmethod
    def of(cls, event: AuditEvent, zone: tzinfo) -> HistoryRow:
        return cls(forms.local_time(event.at, zone), event.operator_name, event.summary)


def _meeting_label(meeting: object, zone: tzinfo) -> str:
    starts = getattr(meeting, "starts_at", None)
    if not isinstance(starts, datetime):
        return ""
    local = starts.astimezone(zone)
    return f"{format_day(local.date())}, {clock_time(local)}"


@dataclass(frozen=True, slots=True)
class CafeRow:
    """An application or permit as the register and the details show it, read in one action."""

    id: int
    number: str
    applicant_id: int
    applicant: str
    establishment: str
    address: str
    street_id: int | None
    street: str
    parcel_id: int | None
    parcel: str
    renews: str  # the number of the permit it renews
    zoning_district: str
    commercially_zoned: bool
    sales_from: date | None
    sales_to: date | None
    gross_sales: Money | None
    food_sales: Money | None
    share: Decimal | None
    at_storefront: bool
    at_curbside: bool
    corner_parcel: bool
    sidewalk_width_in: int | None
    clear_passage_in: int | None
    passage_abuts_curb: bool
    curb_setback_in: int | None
    aisle_in: int | None
    frontage_in: int | None
    cafe_length_in: int | None
    side_frontage_in: int | None
    side_cafe_length_in: int | None
    cafe_depth_in: int | None
    seats: int | None
    tables: int | None
    umbrellas: str
    serves_alcohol: bool
    liquor_license: str
    needs_police: bool
    opens_at: time | None
    closes_at: time | None
    indoor_opens_at: time | None
    indoor_closes_at: time | None
    applied_at: datetime  # City Hall's time
    applied_on: date
    received_by: str
    status: CafeStatus
    status_text: str  # as the register says it today: "Issued — expires …", "Expired"
    notice_mailed_on: date | None
    notice_mailed_by: str
    comments_due_on: date | None
    police_sent_on: date | None
    police_reviewed_on: date | None
    police_approved: bool | None
    police_memo: str
    dpw_inspected_on: date | None
    dpw_inspected_by: str
    dpw_satisfied: bool | None
    dpw_note: str
    meeting_id: int | None
    meeting: str
    council_decided_on: date | None
    council_approved: bool | None
    council_conditions: str
    council_closes_at: time | None
    issued_on: date | None
    issued_by: str
    expires_on: date | None
    revocation_notice_on: date | None
    revocation_meeting_id: int | None
    revocation_meeting: str
    revocation_grounds: str
    revoked_on: date | None
    revoked_until: date | None
    denial_reasons: str
    withdrawn_reason: str
    site_plan_name: str
    site_plan_sha256: str
    site_plan_scale: str
    sales_records_name: str
    sales_records_sha256: str
    notes: str
    neighbors: tuple[NeighborRow, ...]
    comments: tuple[CommentRow, ...]
    suspensions: tuple[SuspensionRow, ...]

    @classmethod
    def of(cls, cafe: SidewalkCafe, zone: tzinfo, today: date) -> CafeRow:
        return cls(
            id=cafe.id,
            number=cafe.number,
            applicant_id=cafe.applicant_id,
            applicant=cafe.applicant.name,
            establishment=cafe.establishment,
            address=cafe.address,
            street_id=cafe.street_id,
            street=cafe.street.full_name if cafe.street is not None else "",
            parcel_id=cafe.parcel_id,
            parcel=cafe.parcel.parcel_number if cafe.parcel is not None else "",
            renews=cafe.renews.number if cafe.renews is not None else "",
            zoning_district=cafe.zoning_district,
            commercially_zoned=cafe.commercially_zoned,
            sales_from=cafe.sales_from,
            sales_to=cafe.sales_to,
            gross_sales=cafe.gross_sales,
            food_sales=cafe.food_and_soft_drink_sales,
            share=sidewalk_cafes.food_share(cafe),
            at_storefront=cafe.at_storefront,
            at_curbside=cafe.at_curbside,
            corner_parcel=cafe.corner_parcel,
            sidewalk_width_in=cafe.sidewalk_width_in,
            clear_passage_in=cafe.clear_passage_in,
            passage_abuts_curb=cafe.passage_abuts_curb,
            curb_setback_in=cafe.curb_setback_in,
            aisle_in=cafe.aisle_in,
            frontage_in=cafe.frontage_in,
            cafe_length_in=cafe.cafe_length_in,
            side_frontage_in=cafe.side_frontage_in,
            side_cafe_length_in=cafe.side_cafe_length_in,
            cafe_depth_in=cafe.cafe_depth_in,
            seats=cafe.seats,
            tables=cafe.tables,
            umbrellas=cafe.umbrellas,
            serves_alcohol=cafe.serves_alcohol,
            liquor_license=cafe.liquor_license,
            needs_police=sidewalk_cafes.needs_police_review(cafe),
            opens_at=cafe.opens_at,
            closes_at=cafe.closes_at,
            indoor_opens_at=cafe.indoor_opens_at,
            indoor_closes_at=cafe.indoor_closes_at,
            applied_at=cafe.applied_at.astimezone(zone),
            applied_on=cafe.applied_on,
            received_by=cafe.received_by_name,
            status=CafeStatus(cafe.status),
            status_text=sidewalk_cafes.display_status(cafe, today, zone),
            notice_mailed_on=cafe.notice_mailed_on,
            notice_mailed_by=cafe.notice_mailed_by,
            comments_due_on=cafe.comments_due_on,
            police_sent_on=cafe.police_sent_on,
            police_reviewed_on=cafe.police_reviewed_on,
            police_approved=cafe.police_approved,
            police_memo=cafe.police_memo,
            dpw_inspected_on=cafe.dpw_inspected_on,
            dpw_inspected_by=cafe.dpw_inspected_by,
            dpw_satisfied=cafe.dpw_satisfied,
            dpw_note=cafe.dpw_note,
            meeting_id=cafe.meeting_id,
            meeting=_meeting_label(cafe.meeting, zone),
            council_decided_on=cafe.council_decided_on,
            council_approved=cafe.council_approved,
            council_conditions=cafe.council_conditions,
            council_closes_at=cafe.council_closes_at,
            issued_on=cafe.issued_on,
            issued_by=cafe.issued_by_name,
            expires_on=cafe.expires_on,
            revocation_notice_on=cafe.revocation_notice_on,
            revocation_meeting_id=cafe.revocation_meeting_id,
            revocation_meeting=_meeting_label(cafe.revocation_meeting, zone),
            revocation_grounds=cafe.revocation_grounds,
            revoked_on=cafe.revoked_on,
            revoked_until=cafe.revoked_until,
            denial_reasons=cafe.denial_reasons,
            withdrawn_reason=cafe.withdrawn_reason,
            site_plan_name=cafe.site_plan_name,
            site_plan_sha256=cafe.site_plan_sha256,
            site_plan_scale=cafe.site_plan_scale,
            sales_records_name=cafe.sales_records_name,
            sales_records_sha256=cafe.sales_records_sha256,
            notes=cafe.notes,
            neighbors=tuple(NeighborRow.of(n) for n in cafe.neighbors),
            comments=tuple(CommentRow.of(c, cafe) for c in cafe.comments),
            suspensions=tuple(SuspensionRow.of(s, today) for s in cafe.suspensions),
        )

    # -- where it stands -----------------------------------------------------------------

    @property
    def in_process(self) -> bool:
        """Not yet issued, denied or withdrawn: it can still be corrected."""
        return self.status in IN_PROCESS

    @property
    def before_decision(self) -> bool:
        return self.status in BEFORE_DECISION

    @property
    def standing(self) -> bool:
        """A permit issued (suspended or not) that has not been revoked."""
        return self.status in STANDING and bool(self.issued_on)

    @property
    def closed(self) -> bool:
        return self.status in (CafeStatus.DENIED, CafeStatus.REVOKED, CafeStatus.WITHDRAWN)

    @property
    def notice_mailed(self) -> bool:
        return self.notice_mailed_on is not None

    @property
    def received_text(self) -> str:
        return f"{format_day(self.applied_at.date())}, {clock_time(self.applied_at)}"

    @property
    def configuration(self) -> str:
        parts = []
        if self.at_storefront:
            parts.append("abutting the storefront")
        if self.at_curbside:
            parts.append("abutting the curbside")
        if self.corner_parcel:
            parts.append("corner parcel: the side street too")
        return "; ".join(parts)

    @property
    def hours(self) -> str:
        return hours_text(self.opens_at, self.closes_at)

    @property
    def indoor_hours(self) -> str:
        return hours_text(self.indoor_opens_at, self.indoor_closes_at)

    @property
    def council_closes_text(self) -> str:
        return f"closing by {time_text(self.council_closes_at)}" if self.council_closes_at else ""

    @property
    def location(self) -> str:
        return self.address + (f" ({self.street})" if self.street else "")

    def data(self) -> CafeData:
        return CafeData(
            applicant_id=self.applicant_id,
            establishment=self.establishment,
            address=self.address,
            parcel_id=self.parcel_id,
            street_id=self.street_id,
            zoning_district=self.zoning_district,
            commercially_zoned=self.commercially_zoned,
            sales_from=self.sales_from,
            sales_to=self.sales_to,
            gross_sales=self.gross_sales,
            food_and_soft_drink_sales=self.food_sales,
            at_storefront=self.at_storefront,
            at_curbside=self.at_curbside,
            corner_parcel=self.corner_parcel,
            sidewalk_width_in=self.sidewalk_width_in,
            clear_passage_in=self.clear_passage_in,
            passage_abuts_curb=self.passage_abuts_curb,
            curb_setback_in=self.curb_setback_in,
            aisle_in=self.aisle_in,
            frontage_in=self.frontage_in,
            cafe_length_in=self.cafe_length_in,
            side_frontage_in=self.side_frontage_in,
            side_cafe_length_in=self.side_cafe_length_in,
            cafe_depth_in=self.cafe_depth_in,
            seats=self.seats,
            tables=self.tables,
            umbrellas=self.umbrellas,
            serves_alcohol=self.serves_alcohol,
            liquor_license=self.liquor_license,
            opens_at=self.opens_at,
            closes_at=self.closes_at,
            indoor_opens_at=self.indoor_opens_at,
            indoor_closes_at=self.indoor_closes_at,
            site_plan_scale=self.site_plan_scale,
            notes=self.notes,
        )


@dataclass(frozen=True, slots=True)
class CafeDetails:
    """Everything the tab shows of the application chosen, read in one action."""

    row: CafeRow
    checklist: tuple[ChecklistItem, ...]
    eligibility: tuple[Finding, ...]
    layout: tuple[Finding, ...]
    hours: tuple[Finding, ...]
    history: tuple[HistoryRow, ...]
    fee_owed: Money

    def item(self, key: str) -> ChecklistItem | None:
        return next((i for i in self.checklist if i.key == key), None)

    @property
    def not_met(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.checklist if i.state is ItemState.NOT_MET)

    @property
    def waiting(self) -> tuple[ChecklistItem, ...]:
        return tuple(i for i in self.checklist if i.state is ItemState.PENDING)


def search_cafe_rows(
    action: Action,
    text: str = "",
    *,
    status: CafeStatus | None = None,
    year: int | None = None,
    limit: int = sidewalk_cafes.SEARCH_LIMIT,
) -> list[CafeRow]:
    zone, today = zone_of(action), action.today()
    return [
        CafeRow.of(c, zone, today)
        for c in sidewalk_cafes.search_cafes(
            action.session, text, status, year, today=today, limit=limit
        )
    ]


def cafe_row(action: Action, cafe_id: int) -> CafeRow:
    return CafeRow.of(
        sidewalk_cafes.get_cafe(action.session, cafe_id), zone_of(action), action.today()
    )


def fee_owed(session: Session, cafe_id: int) -> Money:
    """What is still owed on the application's fee (zero once paid, or when cancelled)."""
    dues = ledger.dues_for(session, RecordRef(sidewalk_cafes.RECORD_TYPE, str(cafe_id)))
    return sum((d.balance for d in dues if DueStatus(d.status) is DueStatus.OPEN), Money.zero())


def cafe_details(action: Action, cafe_id: int) -> CafeDetails:
    session = action.session
    cafe = sidewalk_cafes.get_cafe(session, cafe_id)
    row = CafeRow.of(cafe, zone_of(action), action.today())
    zone = zone_of(action)
    return CafeDetails(
        row,
        tuple(sidewalk_cafes.review(action, cafe_id)),
        tuple(sidewalk_cafes.eligibility_findings(cafe)),
        tuple(sidewalk_cafes.layout_findings(cafe)),
        tuple(sidewalk_cafes.hours_findings(cafe)),
        tuple(HistoryRow.of(e, zone) for e in sidewalk_cafes.history(session, cafe_id)),
        fee_owed(session, cafe_id),
    )


# ---- small pieces ----------------------------------------------------------------------------


def info_label(name: str, *, tone: str = "info") -> QLabel:
    """A framed rich-text note whose ``cite:`` links open the ordinance."""
    background, colour = {"info": ("#e8f1fb", "#1d2b36"), "warning": ("#fff4d6", "#5a3b00")}[tone]
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(False)
    label.setStyleSheet(
        f"QLabel {{ background: {background}; color: {colour}; padding: 8px; border-radius: 3px; }}"
    )
    return label


def follow_cite(parent: QWidget, app: App, url: str) -> None:
    """A ``cite:`` link: the window's ordinance viewer, or a small one beside the form."""
    cite = cite_from_url(url)
    if cite and not app.open_ordinance(cite):
        forms.open_cite(parent, cite)


def note(parent: QWidget, app: App, name: str, text: str, *, tone: str = "info") -> QLabel:
    label = info_label(name, tone=tone)
    label.setText(text)
    label.linkActivated.connect(lambda url: follow_cite(parent, app, url))
    return label


def plain_text(name: str, lines: int, parent: QWidget, placeholder: str = "") -> QPlainTextEdit:
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setTabChangesFocus(True)
    edit.setPlaceholderText(placeholder)
    edit.setFixedHeight(parent.fontMetrics().height() * lines + 12)
    return edit


def row_of(*widgets: QWidget | str, stretch: bool = True) -> QWidget:
    """Widgets (or captions) side by side in one form row."""
    box = QWidget()
    line = QHBoxLayout(box)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        if isinstance(widget, str):
            caption = QLabel(widget)
            caption.setStyleSheet("color: #444;")
            line.addWidget(caption)
        else:
            line.addWidget(widget)
    if stretch:
        line.addStretch(1)
    return box


def add_row(
    dialog: forms.FormDialog,
    label: str,
    widget: QWidget,
    field: str,
    *,
    focus: QWidget | None = None,
    form: QFormLayout | None = None,
) -> None:
    """A labelled row with its error line; the error puts the caret in ``focus`` (the field
    inside a wrapper that keeps it at its own width)."""
    target = form if form is not None else dialog.form
    target.addRow(label, widget)
    message = forms.error_label()
    target.addRow("", message)
    dialog.errors.add(field, message, focus or widget)


def findings_box(title: str, view: FindingsView, name: str) -> QGroupBox:
    box = QGroupBox(title)
    box.setObjectName(name)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(8, 4, 8, 6)
    layout.addWidget(view)
    return box


def fit_height(dialog: QWidget, width: int, most: int = 820) -> None:
    """Size a form to ``width`` and the height its wrapped notes take at that width (a label's
    own size hint is that of a narrower line, which left blank space under the fields)."""
    layout = dialog.layout()
    height = dialog.sizeHint().height()
    if layout is not None and layout.hasHeightForWidth():
        height = layout.totalHeightForWidth(width)
    dialog.resize(width, min(height, most))


def state_badge(state: ItemState) -> str:
    background, colour = STATE_STYLE[state]
    return (
        f"<span style='background:{background}; color:{colour}; font-weight:bold'>"
        f"&nbsp;{html.escape(state.label)}&nbsp;</span>"
    )


def cafe_banner(row: CafeRow) -> QLabel:
    """The application a form acts on, in one line at its top."""
    return forms.banner(
        f"{row.number} — {row.establishment} ({row.applicant}), {row.address}. {row.status_text}.",
        tone="info",
    )


class TimeField(QTimeEdit):
    """A time that may not be given: it reads "—" until a time is chosen (the first key or
    click puts ``default`` in it). Midnight stands for "not given": an establishment open past
    midnight is entered as 11:59 PM, later than any sidewalk cafe may stay open.

    Signals: those of :class:`QTimeEdit` (``timeChanged``).
    """

    UNSET = QTime(0, 0)

    def __init__(self, default: time, *, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.default = default
        self.setObjectName(name)
        self.setDisplayFormat("h:mm AP")
        self.setMinimumTime(self.UNSET)
        self.setSpecialValueText("—")
        self.setTime(self.UNSET)
        self.setToolTip(
            "— when not given. An establishment open past midnight: 11:59 PM (later than a "
            "sidewalk cafe may stay open)"
        )

    def value(self) -> time | None:
        chosen = self.time()
        if chosen == self.UNSET:
            return None
        return time(chosen.hour(), chosen.minute())

    def set_value(self, value: time | None) -> None:
        self.setTime(self.UNSET if value is None else QTime(value.hour, value.minute))

    def _start(self) -> None:
        if self.value() is None:
            self.set_value(self.default)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._start()
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        passing = (
            Qt.Key.Key_Tab,
            Qt.Key.Key_Backtab,
            Qt.Key.Key_Escape,
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
        )
        if self.value() is None and key not in passing:
            self._start()
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                return
        super().keyPressEvent(event)


class FileChooser(QWidget):
    """ "Attach…": a file (the site plan, the sales records) read when chosen, so a file moved
    later is not lost. Shows what is already on file for a correction.

    Signals: ``changed()`` when a file is chosen or removed.
    """

    changed = Signal()

    def __init__(
        self, *, name: str, caption: str, title: str, file_filter: str, on_file: str = ""
    ) -> None:
        super().__init__()
        self.title = title
        self.file_filter = file_filter
        self.on_file = on_file
        self.file_name = ""
        self.content: bytes | None = None
        self.button = QPushButton(caption)
        self.button.setObjectName(f"{name}_button")
        self.clear_button = QPushButton("Remove")
        self.clear_button.setObjectName(f"{name}_clear")
        self.label = QLabel()
        self.label.setObjectName(f"{name}_label")
        self.label.setWordWrap(True)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.button)
        line.addWidget(self.label, 1)
        line.addWidget(self.clear_button)
        self.button.clicked.connect(self.choose)
        self.clear_button.clicked.connect(self.clear)
        self._show()

    def choose(self) -> None:
        path = forms.ask_open_path(self, self.title, self.file_filter)
        if not path:
            return
        try:
            content = Path(path).read_bytes()
        except OSError as error:
            operations.show_error(
                self, ClerkDeskError(f"Could not read {Path(path).name}: {error.strerror}")
            )
            return
        self.file_name, self.content = Path(path).name, content
        self._show()
        self.changed.emit()

    def clear(self) -> None:
        self.file_name, self.content = "", None
        self._show()
        self.changed.emit()

    def _show(self) -> None:
        if self.content is not None:
            size = f"{max(1, round(len(self.content) / 1024)):,} KB"
            replaces = f" — replaces {self.on_file}" if self.on_file else ""
            self.label.setText(f"{html.escape(self.file_name)} ({size}){html.escape(replaces)}")
        elif self.on_file:
            self.label.setText(f"On file: {html.escape(self.on_file)}")
        else:
            self.label.setText("<i>none attached</i>")
        self.clear_button.setVisible(self.content is not None)

    @property
    def attached(self) -> bool:
        """Whether the application has the file: chosen now, or on file already."""
        return self.content is not None or bool(self.on_file)

    def chosen(self) -> tuple[str, bytes] | None:
        return (self.file_name, self.content) if self.content is not None else None


# ---- the checklist ---------------------------------------------------------------------------


class ChecklistView(QWidget):
    """Each requirement of § 506-10 for one application: met, waiting (a period still runs) or
    not met, with the cited findings that say why and the day it is due; for the fee and the
    insurance, a button that takes the clerk to the tab where it is done.

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab).
    """

    pay_requested = Signal()
    insurance_requested = Signal()

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(parent)
        self.app = app
        self.buttons = buttons
        self.setObjectName("checklist")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self._parts: list[QWidget] = []
        self.summary = QLabel()
        self.summary.setObjectName("checklist_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.summary.linkActivated.connect(app.open_link)
        self._layout.addWidget(self.summary)
        self._layout.addStretch(1)
        self.pay_button: QPushButton | None = None
        self.insurance_button: QPushButton | None = None
        self.item_labels: dict[str, QLabel] = {}
        self.item_findings: dict[str, FindingsView] = {}
        self.set_details(None)

    def set_details(self, details: CafeDetails | None, *, pay_refusal: str = "") -> None:
        for part in self._parts:
            self._layout.removeWidget(part)
            part.hide()
            part.deleteLater()
        self._parts = []
        self.item_labels, self.item_findings = {}, {}
        self.pay_button = self.insurance_button = None
        if details is None:
            self.summary.setText("<i>No application selected.</i>")
            return
        self.summary.setText(summary_html(details))
        at = 1
        for item in details.checklist:
            box = QWidget(self)
            box.setObjectName(f"checklist_{item.key}")
            lines = QVBoxLayout(box)
            lines.setContentsMargins(0, 2, 0, 0)
            lines.setSpacing(2)
            head = QLabel(item_html(item, details), box)
            head.setObjectName(f"item_{item.key}")
            head.setWordWrap(True)
            head.setTextFormat(Qt.TextFormat.RichText)
            head.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            head.linkActivated.connect(self.app.open_link)
            lines.addWidget(head)
            self.item_labels[item.key] = head
            if item.findings:
                found = FindingsView(self.app, box)
                found.setObjectName(f"findings_{item.key}")
                found.set_findings(shown_findings(item))
                found.setContentsMargins(18, 0, 0, 0)
                lines.addWidget(found)
                self.item_findings[item.key] = found
            button = self._button_for(item, pay_refusal) if self.buttons else None
            if button is not None:
                row_box = QHBoxLayout()
                row_box.setContentsMargins(18, 0, 0, 0)
                row_box.addWidget(button)
                row_box.addStretch(1)
                lines.addLayout(row_box)
            self._layout.insertWidget(at, box)
            self._parts.append(box)
            at += 1

    def _button_for(self, item: ChecklistItem, pay_refusal: str) -> QPushButton | None:
        if item.met:
            return None
        if item.key == "fee":
            button = QPushButton("Take payment in the &Receipts tab")
            button.setObjectName("take_payment_button")
            button.setToolTip(
                pay_refusal
                or "Open the Receipts tab with the applicant as the payer and the fee due"
            )
            button.setEnabled(not pay_refusal)
            button.clicked.connect(self.pay_requested)
            self.pay_button = button
            return button
        if item.key == "insurance":
            button = QPushButton("File the certificate in &Bonds && Insurance")
            button.setObjectName("file_certificate_button")
            button.setToolTip(
                "Open the Bonds & Insurance tab to file and check the certificate of insurance"
            )
            button.clicked.connect(self.insurance_requested)
            self.insurance_button = button
            return button
        return None

    def texts(self) -> dict[str, str]:
        """Each item's line and findings as shown (rich text), by key — for tests."""
        return {
            key: label.text() + "".join(self.item_findings[key].texts())
            if key in self.item_findings
            else label.text()
            for key, label in self.item_labels.items()
        }


def shown_findings(item: ChecklistItem) -> tuple[Finding, ...]:
    """An item's findings as the checklist shows them. A requirement whose time has not come
    stops nothing today, so its findings read "Check" beside the amber "Waiting"."""
    if item.state is not ItemState.PENDING:
        return item.findings
    return tuple(replace(f, level="warn") if f.blocks else f for f in item.findings)


def item_html(item: ChecklistItem, details: CafeDetails) -> str:
    parts = [f"{state_badge(item.state)}&nbsp; <b>{html.escape(item.title)}</b>"]
    if item.due is not None and not item.met:
        parts.append(f" — by {html.escape(format_day(item.due))}")
    if item.key == "fee" and not item.met and details.fee_owed > Money.zero():
        parts.append(f" — {html.escape(details.fee_owed.format())} owed")
    if item.cite:
        parts.append(f"&nbsp; <small>{cite_link(item.cite)}</small>")
    return "".join(parts)


def summary_html(details: CafeDetails) -> str:
    """One sentence on what the checklist means for the next step."""
    row = details.row
    not_met, waiting = details.not_met, details.waiting
    if row.closed or row.standing:
        return (
            f"<b>{html.escape(row.status_text)}.</b> The checklist as it stands today, "
            "for the record."
        )
    if not not_met and not waiting:
        if row.status is CafeStatus.APPROVED:
            return (
                f"<b style='color:{GOOD}'>Every requirement is met.</b> The City Administrator "
                f"issues the permit ({cite_link(ISSUANCE_CITE)})."
            )
        return f"<b style='color:{GOOD}'>Every requirement is met.</b>"
    if not not_met:
        names = html.escape(", ".join(item.title for item in waiting))
        return f"<b style='color:{LATE}'>Waiting: {names}.</b>"
    names = html.escape(", ".join(item.title for item in not_met))
    return f"<b style='color:{BAD}'>Not met: {names}.</b>"


# ---- the application -------------------------------------------------------------------------

LENGTH_FIELDS: tuple[tuple[str, str, str], ...] = (
    # (field, label, what the ordinance asks of it — shown beside the field)
    ("sidewalk_width_in", "Si&dewalk width", "curb face to the property line"),
    ("cafe_depth_in", "Cafe de&pth", "from the building out"),
    ("clear_passage_in", "Clear pa&ssage", "6 ft abutting the curb, else 5 ft"),
    ("curb_setback_in", "Tables from c&urb", "at least 3 ft from the curb face"),
    ("aisle_in", "Aisle&s", "at least 44 in"),
    ("frontage_in", "Storefront &frontage", "the establishment's own"),
    ("cafe_length_in", "Cafe &length", "along the frontage only"),
    ("side_frontage_in", "Side fronta&ge", "corner parcel: the side street"),
    ("side_cafe_length_in", "Side cafe le&ngth", "along the side frontage only"),
)
LENGTH_LABELS = {
    "sidewalk_width_in": "The sidewalk width",
    "cafe_depth_in": "The cafe's depth",
    "clear_passage_in": "The clear passage",
    "curb_setback_in": "The setback from the curb face",
    "aisle_in": "The aisle width",
    "frontage_in": "The frontage",
    "cafe_length_in": "The cafe's length",
    "side_frontage_in": "The side frontage",
    "side_cafe_length_in": "The cafe's length along the side",
}


class ApplicationDialog(forms.FormDialog):
    """Take a sidewalk cafe application at the counter, or correct one not yet issued (the same
    form). The site plan and the sales records are attached as files; the dimensions are typed
    as lengths; what the rules make of them shows live, each finding with its section.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow | None = None) -> None:
        title = f"Correct application {cafe.number}" if cafe else "New sidewalk cafe application"
        super().__init__(
            parent, title, save_text="Save correction" if cafe else "Receive application"
        )
        self.app = app
        self.cafe = cafe
        self.setObjectName("cafe_application_dialog")
        self.applied_on = cafe.applied_on if cafe else app.desk.clock.today()
        self._live = QTimer(self)
        self._live.setSingleShot(True)
        self._live.setInterval(LIVE_MS)
        self._live.timeout.connect(self.show_findings)

        # -- who and where (left)
        chosen = None
        if cafe is not None:
            chosen = perform(
                parent,
                app,
                lambda a: PartyRow.of(parties.get_party(a.session, cafe.applicant_id)),
                writes=False,
            )
        self.applicant = PartyPicker(app, role="applicant", chosen=chosen, name="applicant")
        self.new_party_button = QPushButton("New person or &business…")
        self.new_party_button.setObjectName("new_party_button")
        self.new_party_button.setToolTip("Add the applicant to People & Parcels and choose it here")
        applicant_box = QWidget()
        applicant_lines = QVBoxLayout(applicant_box)
        applicant_lines.setContentsMargins(0, 0, 0, 0)
        applicant_lines.setSpacing(2)
        applicant_lines.addWidget(self.applicant)
        applicant_lines.addWidget(self.new_party_button, 0, Qt.AlignmentFlag.AlignLeft)
        if cafe is not None:  # not transferable: a new owner is a new application
            self.applicant.setVisible(False)
            self.new_party_button.setVisible(False)
            fixed = QLabel(
                f"<b>{html.escape(cafe.applicant)}</b><br><small>A sidewalk cafe permit is not "
                "transferable: a new owner needs a new application.</small>"
            )
            fixed.setObjectName("applicant_fixed")
            fixed.setWordWrap(True)
            applicant_lines.addWidget(fixed)
        self.establishment = forms.limit_to(QLineEdit(), SidewalkCafe.establishment)
        self.establishment.setObjectName("establishment")
        self.establishment.setPlaceholderText("the indoor food-serving establishment")
        self.address = forms.limit_to(QLineEdit(), SidewalkCafe.address)
        self.address.setObjectName("address")
        self.address.setPlaceholderText("e.g. 233 Broad St N")
        self.street = QComboBox()
        self.street.setObjectName("street")
        self.street.addItem("— street —", None)
        self.parcel = QComboBox()
        self.parcel.setObjectName("parcel")
        self.parcel.addItem("— parcel not chosen —", None)
        self.parcel.setToolTip("The parcel, from People & Parcels (found by the address typed)")
        self.zoning = forms.limit_to(QLineEdit(), SidewalkCafe.zoning_district)
        self.zoning.setObjectName("zoning_district")
        self.zoning.setPlaceholderText("e.g. C-1")
        self.zoning.setMaximumWidth(self.fontMetrics().horizontalAdvance("n") * 12 + 16)
        self.commercial = QCheckBox("Commercially &zoned")
        self.commercial.setObjectName("commercially_zoned")

        # -- eligibility (left)
        today = app.desk.clock.today
        self.sales_from = ChooseDateEdit(today, name="sales_from")
        self.sales_to = ChooseDateEdit(lambda: self.sales_from.value() or today(), name="sales_to")
        self.gross = money_edit("gross_sales", "e.g. 184,000.00")
        self.food = money_edit("food_and_soft_drink_sales", "e.g. 131,500.00")
        self.share_label = QLabel()
        self.share_label.setObjectName("share")
        self.share_label.setTextFormat(Qt.TextFormat.RichText)
        self.share_label.setWordWrap(True)
        self.sales_records = FileChooser(
            name="sales_records",
            caption="Attach &records…",
            title="Attach the business records of the six months' sales",
            file_filter=RECORDS_FILTER,
            on_file=cafe.sales_records_name if cafe else "",
        )
        self.site_plan = FileChooser(
            name="site_plan",
            caption="Attach site p&lan…",
            title="Attach the site plan, drawn to scale",
            file_filter=PLAN_FILTER,
            on_file=cafe.site_plan_name if cafe else "",
        )
        self.scale = forms.limit_to(QLineEdit(), SidewalkCafe.site_plan_scale)
        self.scale.setObjectName("site_plan_scale")
        self.scale.setPlaceholderText("the scale noted on the drawing, e.g. 1/4 in = 1 ft")
        self.alcohol = QCheckBox("Alcoholic &beverages will be served in the cafe")
        self.alcohol.setObjectName("serves_alcohol")
        self.license = forms.limit_to(QLineEdit(), SidewalkCafe.liquor_license)
        self.license.setObjectName("liquor_license")
        self.license.setPlaceholderText("liquor license held, if any, e.g. Class B 2026-14")
        self.police_note = QLabel()
        self.police_note.setObjectName("police_needed")
        self.police_note.setWordWrap(True)
        self.police_note.setTextFormat(Qt.TextFormat.RichText)
        self.police_note.setStyleSheet("color: #444;")
        self.police_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.notes = plain_text("notes", 2, self, "Anything else the application says")
        self.eligibility_view = FindingsView(app, empty_text="Eligible, as entered.")
        self.eligibility_view.setObjectName("eligibility_findings")

        # -- the layout (right)
        self.storefront = QCheckBox("Abutting the s&torefront")
        self.storefront.setObjectName("at_storefront")
        self.curbside = QCheckBox("Abutting the cur&bside")
        self.curbside.setObjectName("at_curbside")
        self.corner = QCheckBox("Co&rner parcel (the side street too)")
        self.corner.setObjectName("corner_parcel")
        self.abuts_curb = QCheckBox("The pedestrian passage abuts the &curb")
        self.abuts_curb.setObjectName("passage_abuts_curb")
        self.abuts_curb.setToolTip(
            "Six feet clear where the passage abuts the face of the curb; elsewhere five feet"
        )
        self.lengths: dict[str, QLineEdit] = {}
        self.readouts: dict[str, QLabel] = {}
        self.length_errors: dict[str, QLabel] = {}
        self._unreadable: set[str] = set()  # lengths the live check found unreadable
        self.seats = self._count("seats")
        self.tables = self._count("tables")
        self.umbrellas = forms.limit_to(QLineEdit(), SidewalkCafe.umbrellas)
        self.umbrellas.setObjectName("umbrellas")
        self.umbrellas.setPlaceholderText("none, or as the permit is to describe them")
        self.layout_view = FindingsView(app, empty_text="The layout meets § 506-10.")
        self.layout_view.setObjectName("layout_findings")

        # -- the hours (right)
        self.opens = TimeField(time(11, 0), name="opens_at")
        self.closes = TimeField(time(21, 0), name="closes_at")
        self.indoor_opens = TimeField(time(7, 0), name="indoor_opens_at")
        self.indoor_closes = TimeField(time(22, 0), name="indoor_closes_at")
        self.hours_view = FindingsView(app, empty_text="The hours meet § 506-10.")
        self.hours_view.setObjectName("hours_findings")

        self._lay_out(applicant_box)
        self._fill_streets()
        if cafe is not None:
            self._fill(cafe)
        else:
            blank = CafeData(0, "", "")
            self.storefront.setChecked(blank.at_storefront)
            self.curbside.setChecked(blank.at_curbside)
            self.abuts_curb.setChecked(blank.passage_abuts_curb)
        self._connect()
        self.show_findings()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        self.resize(1320, 860)
        (self.establishment if cafe else self.applicant.search_field).setFocus()

    def _count(self, name: str) -> QSpinBox:
        box = QSpinBox()
        box.setObjectName(name)
        box.setRange(0, 999)
        box.setSpecialValueText("—")
        return box

    def _length(self, field: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(field)
        edit.setPlaceholderText("e.g. 6 ft")
        edit.setToolTip('Feet ("6", "4 1/2"), inches ("44 in") or both ("6 ft 2 in")')
        edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("n") * 11 + 16)
        self.lengths[field] = edit
        readout = QLabel()
        readout.setObjectName(f"{field}_readout")
        readout.setStyleSheet("color: #555;")
        self.readouts[field] = readout
        return edit

    def _lay_out(self, applicant_box: QWidget) -> None:
        app = self.app
        self.clock_note = note(self, app, "intake_note", self._intake_text())
        self.add_top(self.clock_note)
        self._layout.removeItem(self.form)

        # left: who, where, eligibility
        left = self.form
        add_row(
            self, "&Applicant", applicant_box, "applicant_id", focus=self.applicant.search_field
        )
        add_row(self, "&Establishment", self.establishment, "establishment")
        add_row(
            self,
            "Addre&ss",
            row_of(self.address, self.street, stretch=False),
            "address",
            focus=self.address,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("street_id", message, self.street)
        add_row(self, "Parcel", self.parcel, "parcel_id")
        add_row(
            self,
            "&Zoning district",
            row_of(self.zoning, self.commercial),
            "zoning_district",
            focus=self.zoning,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("commercially_zoned", message, self.commercial)
        sales_caption = QLabel(
            "<b>Sales in the six months immediately preceding the application</b> "
            f"<small>({cite_link(ELIGIBILITY_CITE)})</small>"
        )
        sales_caption.setTextFormat(Qt.TextFormat.RichText)
        sales_caption.setWordWrap(True)
        sales_caption.linkActivated.connect(lambda url: follow_cite(self, app, url))
        left.addRow(sales_caption)
        add_row(
            self,
            "Sales &period",
            row_of(self.sales_from, "to", self.sales_to),
            "sales_from",
            focus=self.sales_from,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("sales_to", message, self.sales_to)
        add_row(self, "&Gross sales", left_aligned(self.gross), "gross_sales", focus=self.gross)
        add_row(
            self,
            "F&ood, soft drinks",
            row_of(self.food, self.share_label, stretch=False),
            "food_and_soft_drink_sales",
            focus=self.food,
        )
        add_row(
            self,
            "Sales records",
            self.sales_records,
            "sales_records",
            focus=self.sales_records.button,
        )
        add_row(self, "Site plan", self.site_plan, "site_plan", focus=self.site_plan.button)
        add_row(self, "Sca&le", self.scale, "site_plan_scale")
        left.addRow(findings_box("Eligibility", self.eligibility_view, "eligibility_box"))

        # right: the layout and the hours
        layout_box = QGroupBox("Layout, as dimensioned on the site plan")
        layout_box.setObjectName("layout_box")
        layout_lines = QVBoxLayout(layout_box)
        layout_lines.setSpacing(4)
        configuration = QGridLayout()
        configuration.setContentsMargins(0, 0, 0, 0)
        configuration.setVerticalSpacing(2)
        configuration.addWidget(self.storefront, 0, 0)
        configuration.addWidget(self.curbside, 0, 1)
        configuration.addWidget(self.corner, 1, 0)
        configuration.addWidget(self.abuts_curb, 1, 1)
        layout_lines.addLayout(configuration)
        message = forms.error_label()
        layout_lines.addWidget(message)
        self.errors.add("at_storefront", message, self.storefront)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(1)
        line = 0
        for field, caption, rule in LENGTH_FIELDS:
            edit = self._length(field)
            label = QLabel(caption)
            label.setBuddy(edit)
            hint = QLabel(rule)
            hint.setStyleSheet("color: #666;")
            grid.addWidget(label, line, 0)
            grid.addWidget(edit, line, 1)
            grid.addWidget(self.readouts[field], line, 2)
            grid.addWidget(hint, line, 3)
            message = forms.error_label()
            grid.addWidget(message, line + 1, 1, 1, 3)
            self.errors.add(field, message, edit)
            self.length_errors[field] = message
            line += 2
        grid.setColumnStretch(3, 1)
        layout_lines.addLayout(grid)
        counted: list[QWidget] = []
        for caption, widget in (
            ("Seats", self.seats),
            ("Tables", self.tables),
            ("Umbrellas", self.umbrellas),
        ):
            label = QLabel(caption)
            label.setBuddy(widget)
            counted += [label, widget]
        layout_lines.addWidget(row_of(*counted, stretch=False))
        for field in ("seats", "tables", "umbrellas"):
            message = forms.error_label()
            layout_lines.addWidget(message)
            self.errors.add(field, message, getattr(self, field))
        layout_lines.addWidget(self.layout_view)

        hours_box = QGroupBox("Hours")
        hours_box.setObjectName("hours_box")
        hours = QGridLayout(hours_box)
        hours.setVerticalSpacing(2)
        for line, (caption, opens, closes) in enumerate(
            (
                ("Sidewalk ca&fe", self.opens, self.closes),
                ("Indoor establis&hment", self.indoor_opens, self.indoor_closes),
            )
        ):
            label = QLabel(caption)
            label.setBuddy(opens)
            hours.addWidget(label, line * 2, 0)
            hours.addWidget(row_of(opens, "to", closes), line * 2, 1)
            messages = QWidget()
            lines = QVBoxLayout(messages)
            lines.setContentsMargins(0, 0, 0, 0)
            lines.setSpacing(0)
            for hour in (opens, closes):
                message = forms.error_label()
                lines.addWidget(message)
                self.errors.add(hour.objectName(), message, hour)
            hours.addWidget(messages, line * 2 + 1, 1)
        hours_rule = QLabel(
            "Not open before 6:00 AM nor past 11:00 PM, and never beyond the indoor "
            f"establishment's hours <small>({cite_link(HOURS_CITE)})</small>"
        )
        hours_rule.setObjectName("hours_rule")
        hours_rule.setWordWrap(True)
        hours_rule.setTextFormat(Qt.TextFormat.RichText)
        hours_rule.setStyleSheet("color: #555;")
        hours_rule.linkActivated.connect(lambda url: follow_cite(self, app, url))
        hours.addWidget(hours_rule, 4, 0, 1, 2)
        hours.addWidget(self.hours_view, 5, 0, 1, 2)
        hours.setColumnStretch(1, 1)

        alcohol_box = QGroupBox("Alcohol")
        alcohol_box.setObjectName("alcohol_box")
        alcohol = QFormLayout(alcohol_box)
        alcohol.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        alcohol.addRow(self.alcohol)
        add_row(self, "L&iquor license", self.license, "liquor_license", form=alcohol)
        message = forms.error_label()
        alcohol.addRow(message)
        self.errors.add("serves_alcohol", message, self.alcohol)
        alcohol.addRow(self.police_note)
        notes = QFormLayout()
        notes.setContentsMargins(0, 0, 0, 0)
        add_row(self, "No&tes", self.notes, "notes", form=notes)

        right = QVBoxLayout()
        right.addWidget(layout_box)
        right.addWidget(hours_box)
        right.addWidget(alcohol_box)
        right.addLayout(notes)
        right.addStretch(1)

        left_page = QWidget()
        left_lines = QVBoxLayout(left_page)
        left_lines.setContentsMargins(0, 0, 6, 0)
        left_lines.addLayout(left)
        left_lines.addStretch(1)
        right_page = QWidget()
        right_page.setLayout(right)
        right.setContentsMargins(0, 0, 6, 0)
        columns = QHBoxLayout()
        columns.addWidget(self._scrolling(left_page), 11)
        columns.addSpacing(8)
        columns.addWidget(self._scrolling(right_page), 10)
        self._layout.addLayout(columns, 1)
        self.finish_layout()
        self._layout.setStretch(self._layout.count() - 2, 0)

    def _scrolling(self, page: QWidget) -> QScrollArea:
        """A column that scrolls up and down (never sideways) when the screen is short."""
        scroller = QScrollArea()
        scroller.setWidget(page)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroller

    def _intake_text(self) -> str:
        cafe = self.cafe
        if cafe is not None:
            return (
                f"Application <b>{html.escape(cafe.number)}</b>, received "
                f"{html.escape(cafe.received_text)} by {html.escape(cafe.received_by)}: "
                f"{html.escape(cafe.status_text)}. A correction is reviewed again; the applicant "
                f"cannot change ({cite_link(TERM_CITE)})."
            )
        return (
            f"Received today, {html.escape(format_day(self.applied_on))}, by "
            f"{html.escape(self.app.operator.full_name)}; the fee in the City's fee schedule is "
            f"billed when you save ({cite_link(APPLICATION_CITE)}). Then: notice to the owners "
            "within 100 feet, 15 days for comments, the Chief of Police where alcohol is served, "
            "the DPW inspection, and the Common Council."
        )

    def _fill_streets(self) -> None:
        found = perform(
            self,
            self.app,
            lambda a: [(s.id, s.full_name) for s in street_numbers.streets(a.session)],
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)

    def _fill_parcels(self) -> None:
        """The parcels whose number, address or owner match the address typed; the one chosen
        is kept."""
        text = self.address.text().strip()
        current = self.parcel.currentData()

        def work(action: Action) -> list[tuple[int, str]]:
            found = parties.search_parcels(action.session, text, limit=20) if text else []
            if current is not None and all(p.id != current for p in found):
                found.insert(0, parties.get_parcel(action.session, current))
            return [
                (
                    p.id,
                    f"{p.parcel_number} — {p.site_address}" if p.site_address else p.parcel_number,
                )
                for p in found
            ]

        rows = perform(self, self.app, work, writes=False) or []
        with forms.quietly(self.parcel):
            self.parcel.clear()
            self.parcel.addItem("— parcel not chosen —", None)
            for parcel_id, label in rows:
                self.parcel.addItem(label, parcel_id)
            self.parcel.setCurrentIndex(max(0, self.parcel.findData(current)))

    def _fill(self, cafe: CafeRow) -> None:
        self.establishment.setText(cafe.establishment)
        self.address.setText(cafe.address)
        self.street.setCurrentIndex(max(0, self.street.findData(cafe.street_id)))
        if cafe.parcel_id is not None:
            self.parcel.addItem(cafe.parcel, cafe.parcel_id)
            self.parcel.setCurrentIndex(self.parcel.count() - 1)
        self.zoning.setText(cafe.zoning_district)
        self.commercial.setChecked(cafe.commercially_zoned)
        self.sales_from.set_value(cafe.sales_from)
        self.sales_to.set_value(cafe.sales_to)
        self.gross.setText(cafe.gross_sales.format(symbol=False) if cafe.gross_sales else "")
        self.food.setText(cafe.food_sales.format(symbol=False) if cafe.food_sales else "")
        self.scale.setText(cafe.site_plan_scale)
        self.alcohol.setChecked(cafe.serves_alcohol)
        self.license.setText(cafe.liquor_license)
        self.notes.setPlainText(cafe.notes)
        self.storefront.setChecked(cafe.at_storefront)
        self.curbside.setChecked(cafe.at_curbside)
        self.corner.setChecked(cafe.corner_parcel)
        self.abuts_curb.setChecked(cafe.passage_abuts_curb)
        for field, edit in self.lengths.items():
            edit.setText(format_length(getattr(cafe, field)))
        self.seats.setValue(cafe.seats or 0)
        self.tables.setValue(cafe.tables or 0)
        self.umbrellas.setText(cafe.umbrellas)
        self.opens.set_value(cafe.opens_at)
        self.closes.set_value(cafe.closes_at)
        self.indoor_opens.set_value(cafe.indoor_opens_at)
        self.indoor_closes.set_value(cafe.indoor_closes_at)

    def _connect(self) -> None:
        self.new_party_button.clicked.connect(self.new_party)
        self.address.editingFinished.connect(self._fill_parcels)
        later = self._live.start
        for edit in (*self.lengths.values(), self.gross, self.food, self.license):
            edit.textChanged.connect(lambda _t: later())
        for box in (
            self.commercial,
            self.alcohol,
            self.storefront,
            self.curbside,
            self.corner,
            self.abuts_curb,
        ):
            box.toggled.connect(lambda _on: later())
        for day in (self.sales_from, self.sales_to):
            day.dateChanged.connect(lambda _d: later())
        for hour in (self.opens, self.closes, self.indoor_opens, self.indoor_closes):
            hour.timeChanged.connect(lambda _t: later())
        for spin in (self.seats, self.tables):
            spin.valueChanged.connect(lambda _v: later())
        self.scale.textChanged.connect(lambda _t: later())
        for chooser in (self.site_plan, self.sales_records):
            chooser.changed.connect(later)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow | None = None) -> int | None:
        """Show the form; the id of the application saved, or None if cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    # ---- reading the form ------------------------------------------------------------------

    def length(self, field: str) -> int | None:
        """The length typed in ``field``, in inches (InvalidInput under the field)."""
        return parse_length(self.lengths[field].text(), label=LENGTH_LABELS[field], field=field)

    def data(self, applicant_id: int, *, lenient: bool = False) -> CafeData:
        """The form as the core takes it. ``lenient`` (the live findings): a length or amount
        not yet readable counts as not given, and the field says why."""

        def length(field: str) -> int | None:
            if not lenient:
                return self.length(field)
            try:
                return self.length(field)
            except InvalidInput:
                return None

        def money(edit: QLineEdit, field: str) -> Money | None:
            if not lenient:
                return optional_money(edit, field)
            try:
                return optional_money(edit, field)
            except InvalidInput:
                return None

        return CafeData(
            applicant_id=applicant_id,
            establishment=self.establishment.text(),
            address=self.address.text(),
            parcel_id=self.parcel.currentData(),
            street_id=self.street.currentData(),
            zoning_district=self.zoning.text(),
            commercially_zoned=self.commercial.isChecked(),
            sales_from=self.sales_from.value(),
            sales_to=self.sales_to.value(),
            gross_sales=money(self.gross, "gross_sales"),
            food_and_soft_drink_sales=money(self.food, "food_and_soft_drink_sales"),
            at_storefront=self.storefront.isChecked(),
            at_curbside=self.curbside.isChecked(),
            corner_parcel=self.corner.isChecked(),
            sidewalk_width_in=length("sidewalk_width_in"),
            clear_passage_in=length("clear_passage_in"),
            passage_abuts_curb=self.abuts_curb.isChecked(),
            curb_setback_in=length("curb_setback_in"),
            aisle_in=length("aisle_in"),
            frontage_in=length("frontage_in"),
            cafe_length_in=length("cafe_length_in"),
            side_frontage_in=length("side_frontage_in"),
            side_cafe_length_in=length("side_cafe_length_in"),
            cafe_depth_in=length("cafe_depth_in"),
            seats=self.seats.value() or None,
            tables=self.tables.value() or None,
            umbrellas=self.umbrellas.text(),
            serves_alcohol=self.alcohol.isChecked(),
            liquor_license=self.license.text(),
            opens_at=self.opens.value(),
            closes_at=self.closes.value(),
            indoor_opens_at=self.indoor_opens.value(),
            indoor_closes_at=self.indoor_closes.value(),
            site_plan_scale=self.scale.text(),
            notes=self.notes.toPlainText(),
        )

    # ---- what the rules say, live -----------------------------------------------------------

    def show_findings(self) -> None:
        """Ask the core's rules about what is typed: eligibility, layout, hours. A length that
        cannot be read says so under its field at once."""
        self._live.stop()
        for field, edit in self.lengths.items():
            readout, message = self.readouts[field], self.length_errors[field]
            try:
                inches = self.length(field)
            except InvalidInput as error:
                readout.setText("")
                message.setText(error.message)
                message.setVisible(True)
                self._unreadable.add(field)
                continue
            if field in self._unreadable:  # readable again: its own complaint goes
                self._unreadable.discard(field)
                message.clear()
                message.setVisible(False)
            readout.setText("" if inches is None else f"= {inches} in")
            edit.setToolTip(
                'Feet ("6", "4 1/2"), inches ("44 in") or both ("6 ft 2 in")'
                + (f": {format_length(inches)}" if inches is not None else "")
            )
        data = self.data(0, lenient=True)
        has_plan, has_records = self.site_plan.attached, self.sales_records.attached
        self.eligibility_view.set_findings(
            sidewalk_cafes.eligibility_findings(
                data,
                applied_on=self.applied_on,
                has_site_plan=has_plan,
                has_sales_records=has_records,
            )
        )
        self.layout_view.set_findings(sidewalk_cafes.layout_findings(data))
        self.hours_view.set_findings(sidewalk_cafes.hours_findings(data))
        share = sidewalk_cafes.food_share(data)
        if share is None:
            self.share_label.setText("")
        else:
            more = share > sidewalk_cafes.FOOD_SHARE
            colour = GOOD if more else BAD
            self.share_label.setText(
                f"<b style='color:{colour}'>{html.escape(share_text(share))}</b> of gross sales "
                f"— {'more than 50%' if more else 'not more than 50%'}"
            )
        police = sidewalk_cafes.needs_police_review(data)
        self.police_note.setText(
            f"The Chief of Police reviews this application ({cite_link(APPLICATION_CITE)})."
            if police
            else f"No alcohol and no liquor license: no police review ({cite_link(ALCOHOL_CITE)})."
        )

    # ---- the applicant -----------------------------------------------------------------------

    def new_party(self) -> None:
        party_id = PartyDialog.ask(self, self.app, name=self.applicant.search_field.text().strip())
        if party_id is None:
            return
        row = perform(
            self,
            self.app,
            lambda a: PartyRow.of(parties.get_party(a.session, party_id)),
            writes=False,
        )
        if row is not None:
            self.applicant.choose(row)

    # ---- saving ------------------------------------------------------------------------------

    def commit(self) -> object:
        party = self.applicant.party
        if party is None:
            self.errors.clear()
            self.errors.show(
                InvalidInput(
                    "Choose the applicant, or add a new person or business.", field="applicant_id"
                )
            )
            return None
        cafe = self.cafe
        plan, records = self.site_plan.chosen(), self.sales_records.chosen()
        scale = self.scale.text()

        def work(action: Action) -> int:
            data = self.data(party.id)
            if cafe is None:
                saved = sidewalk_cafes.receive_application(
                    action, data, site_plan=plan, sales_records=records
                )
            else:
                saved = sidewalk_cafes.correct_application(action, cafe.id, data)
                if plan is not None:
                    sidewalk_cafes.attach_site_plan(action, cafe.id, *plan, scale=scale)
                if records is not None:
                    sidewalk_cafes.attach_sales_records(action, cafe.id, *records)
            action.session.flush()
            return saved.id

        return perform(self, self.app, work, errors=self.errors)


# ---- the owners and occupants within 100 feet ------------------------------------------------

RELATION_CHOICES = (("owner", "Owner"), ("occupant", "Occupant"))


def neighbor_columns() -> tuple[EditColumn, ...]:
    return (
        EditColumn(
            "Name",
            lambda r: r.name,
            lambda r: r.name,
            lambda r, v: replace(r, name=v),
            limit=max_length(CafeNeighbor.name),
        ),
        EditColumn(
            "Mailing address (lines separated by ;)",
            lambda r: r.address_line,
            lambda r: r.address_line,
            lambda r, v: replace(
                r, mailing_address="\n".join(p.strip() for p in str(v).split(";") if p.strip())
            ),
        ),
        EditColumn(
            "Parcel",
            lambda r: r.parcel_number,
            lambda r: r.parcel_number,
            lambda r, v: replace(r, parcel_number=v),
            limit=max_length(CafeNeighbor.parcel_number),
        ),
        EditColumn(
            "Listed as",
            lambda r: dict(RELATION_CHOICES).get(r.relation, r.relation),
            lambda r: r.relation,
            lambda r, v: replace(r, relation=v),
            "choice",
            choices=RELATION_CHOICES,
        ),
        EditColumn(
            "Distance",
            lambda r: r.distance_text,
            lambda r: r.distance,
            lambda r, v: replace(r, distance=str(v)),
            limit=12,
        ),
    )


def neighbor_view_columns() -> tuple[TableColumn, ...]:
    return (
        TableColumn("Name", lambda r: r.name),
        TableColumn("Mailing address", lambda r: r.address_line, tooltip=lambda r: r.address_line),
        TableColumn("Parcel", lambda r: r.parcel_number),
        TableColumn("Listed as", lambda r: dict(RELATION_CHOICES).get(r.relation, "")),
        TableColumn("Distance", lambda r: r.distance_text),
    )


class NeighborsDialog(forms.FormDialog):
    """The owners (and occupants) of property within 100 feet, to whom the notice is mailed:
    typed into the table or imported from a spreadsheet. Kept as mailed once the notice is.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(parent, f"Owners within 100 feet — {cafe.number}", save_text="Save list")
        self.app = app
        self.cafe = cafe
        self.setObjectName("neighbors_dialog")
        self.add_top(
            note(
                self,
                app,
                "neighbors_note",
                f"{html.escape(cafe.establishment)}, {html.escape(cafe.address)}. Before the "
                "application goes to the Common Council, notice is mailed to all owners of "
                "property within 100 feet of the applicant's property and the proposed cafe; the "
                "list of the names and addresses of the owners and occupants it was sent to is "
                f"attached to the packet ({cite_link(APPLICATION_CITE)}). A distance over 100 "
                "feet is not taken: notice is not required there.",
            )
        )
        self.model = EditRowsModel(neighbor_columns(), self)
        self.table = editable_table(self.model, name="neighbors_table")
        forms.size_columns(self.table, {0: 26, 1: 38, 2: 12, 3: 14})
        self.add_button = QPushButton("Add &name")
        self.add_button.setObjectName("add_neighbor_button")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("remove_neighbor_button")
        self.import_button = QPushButton("Import from E&xcel or CSV…")
        self.import_button.setObjectName("import_neighbors_button")
        self.import_button.setToolTip(
            "A sheet with a header row: Name, Mailing address (or Address, City, State, ZIP), "
            "Parcel, Owner or occupant, Distance"
        )
        self.count = QLabel()
        self.count.setObjectName("neighbors_count")
        self.count.setStyleSheet("color: #555;")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.import_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.count)
        self._layout.insertWidget(1, self.table, 1)
        self._layout.insertLayout(2, buttons)
        message = forms.error_label()
        self._layout.insertWidget(3, message)
        self.errors.add("neighbors", message, self.table)
        self.finish_layout()
        self._layout.setStretch(self._layout.count() - 2, 0)
        self.model.set_rows(list(cafe.neighbors))
        self.model.rows_changed.connect(self._count)
        self.add_button.clicked.connect(self.add_neighbor)
        self.remove_button.clicked.connect(self.remove_neighbor)
        self.import_button.clicked.connect(self.import_list)
        self._count()
        if not app.operator.may(TAKE):
            self.set_read_only(refusal(app.operator.role, TAKE))
        elif cafe.notice_mailed_on is not None:
            self.set_read_only(
                f"The notice was mailed {format_day(cafe.notice_mailed_on)}: the list it was "
                "mailed to is kept as it was."
            )
        if not self.save_button.isEnabled():
            for widget in (self.add_button, self.remove_button, self.import_button):
                widget.setEnabled(False)
            self.table.setEditTriggers(self.table.EditTrigger.NoEditTriggers)
        self.resize(1040, 560)
        self.table.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def neighbors(self) -> list[NeighborRow]:
        """The names typed or imported; lines left wholly empty are not part of the list."""
        return [n for n in self.model.rows if not n.blank]

    def _count(self) -> None:
        people = self.neighbors()
        owners = sum(1 for p in people if p.relation == "owner")
        self.count.setText(
            f"{plural(len(people), 'name')}: {plural(owners, 'owner')}, "
            f"{plural(len(people) - owners, 'occupant')}"
            if people
            else "No names yet"
        )

    def add_neighbor(self) -> None:
        at = self.model.insert(NeighborRow(""))
        index = self.model.index(at, 0)
        self.table.setCurrentIndex(index)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table.edit(index)

    def remove_neighbor(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            self.model.remove(index.row())

    def import_list(self) -> None:
        """Read the list from a spreadsheet; the core names the line of the first problem."""
        path = forms.ask_open_path(self, "Import the owners and occupants", LIST_FILTER)
        if not path:
            return

        def read() -> list[NeighborRow]:
            from reports.excel import read_table

            try:
                table = read_table(path)
            except InvalidInput as error:
                raise InvalidInput(error.message, field="neighbors") from error
            return [NeighborRow.of(n) for n in sidewalk_cafes.neighbors_from_rows(table)]

        people = attempt(self, read, errors=self.errors)
        if people is None:
            return
        typed = self.neighbors()
        if typed:
            box = QMessageBox(
                QMessageBox.Icon.Question,
                "Import the list",
                f"{Path(path).name} names {plural(len(people), 'name')}. Replace the "
                f"{plural(len(typed), 'name')} in the list with them, or add them?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setObjectName("import_question")
            box.button(QMessageBox.StandardButton.Yes).setText("Replace")
            box.button(QMessageBox.StandardButton.No).setText("Add to them")
            answer = operations.ask_message(box)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.No:
                people = typed + people
        self.model.set_rows(people)
        self.count.setText(self.count.text() + f" — read from {Path(path).name}")

    def commit(self) -> object:
        cafe_id, people = self.cafe.id, self.neighbors()

        def work(action: Action) -> bool:
            rows = [person.data(line) for line, person in enumerate(people, start=1)]
            sidewalk_cafes.set_neighbors(action, cafe_id, rows)
            return True

        return perform(self, self.app, forms.as_field_error(work, "neighbors"), errors=self.errors)


# ---- acts on an application ------------------------------------------------------------------


class ActDialog(forms.FormDialog):
    """A form acting on one application: its line at the top, read-only for who may not act."""

    permission = TAKE

    def __init__(
        self,
        parent: QWidget | None,
        app: App,
        cafe: CafeRow,
        title: str,
        *,
        save_text: str,
        name: str,
    ) -> None:
        super().__init__(parent, f"{title} — {cafe.number}", save_text=save_text)
        self.app = app
        self.cafe = cafe
        self.setObjectName(name)

    def done_building(self, width: int = 660) -> None:
        self.add_top(cafe_banner(self.cafe))  # the application first, then what the form is about
        self.finish_layout()
        why = may_not(self.app, self.permission)
        if why:
            self.set_read_only(why)
        fit_height(self, width)

    def act(
        self, work: Callable[[Action], object], field: str, keep: tuple[str, ...] = ()
    ) -> object:
        def done(action: Action) -> object:
            result = work(action)
            action.session.flush()
            return result if result is not None else True

        return perform(
            self, self.app, forms.as_field_error(done, field, keep=keep), errors=self.errors
        )


class NoticeMailedDialog(ActDialog):
    """Record the day the notice was mailed to the owners and occupants listed; the last day
    for comments (15 calendar days, received by the Clerk at City Hall) shows as the day is
    chosen. The tab then prints the letters, the labels and the list chosen here."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Notice mailed", save_text="Record mailing", name="notice_dialog"
        )
        count = len(cafe.neighbors)
        addressees = plural(count, "owner or occupant", "owners and occupants")
        self.add_top(
            note(
                self,
                app,
                "mailing_note",
                f"The notice goes to the {addressees} listed: that an application was filed, "
                "with the applicant's site plan, whether "
                "alcohol will be served if the permit is granted, and that all comments must be "
                "received by the City Clerk within 15 calendar days from the date of mailing "
                f"({cite_link(APPLICATION_CITE)}).",
            )
        )
        self.mailed_on = forms.date_edit(app.desk.clock.today(), name="mailed_on")
        self.by_name = QLineEdit(app.operator.full_name)
        self.by_name.setObjectName("mailed_by")
        self.due = QLabel()
        self.due.setObjectName("comments_due")
        self.due.setWordWrap(True)
        self.due.setTextFormat(Qt.TextFormat.RichText)
        self.letters = QCheckBox(f"The notice &letters ({plural(count, 'letter')})")
        self.letters.setObjectName("print_letters")
        self.labels = QCheckBox("The mailing l&abels (Avery 5160)")
        self.labels.setObjectName("print_labels")
        self.packet_list = QCheckBox("The &list for the application packet")
        self.packet_list.setObjectName("print_list")
        for box in (self.letters, self.labels, self.packet_list):
            box.setChecked(True)
        papers = QWidget()
        papers_lines = QVBoxLayout(papers)
        papers_lines.setContentsMargins(0, 0, 0, 0)
        papers_lines.setSpacing(2)
        for box in (self.letters, self.labels, self.packet_list):
            papers_lines.addWidget(box)
        add_row(self, "&Mailed on", left_aligned(self.mailed_on), "mailed_on", focus=self.mailed_on)
        add_row(self, "Mailed &by", self.by_name, "by_name")
        self.form.addRow("", self.due)
        self.form.addRow("Print now", papers)
        self.mailed_on.dateChanged.connect(lambda _d: self.show_due())
        self.done_building(700)
        self.show_due()
        self.mailed_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> list[str] | None:
        """The papers to print after the mailing was recorded, or None if cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and dialog.result_value is not None:
            return dialog.papers()
        return None

    def papers(self) -> list[str]:
        chosen = (
            ("letters", self.letters),
            ("labels", self.labels),
            ("list", self.packet_list),
        )
        return [paper for paper, box in chosen if box.isChecked()]

    def show_due(self) -> None:
        mailed = forms.to_date(self.mailed_on)
        found = perform(
            self,
            self.app,
            lambda a: sidewalk_cafes.comment_deadline(mailed, a.calendar),
            writes=False,
        )
        if found is None:
            return
        explained = " ".join(found.explanation)
        self.due.setText(
            f"Comments must be received by <b>{html.escape(format_day(found.due))}</b>"
            f"<br><small style='color:#444'>{html.escape(explained)}</small>"
        )

    def commit(self) -> object:
        cafe_id, mailed, by = self.cafe.id, forms.to_date(self.mailed_on), self.by_name.text()
        return self.act(
            lambda a: sidewalk_cafes.record_notice_mailed(a, cafe_id, mailed_on=mailed, by_name=by),
            "mailed_on",
            keep=("by_name",),
        )


class CommentDialog(ActDialog):
    """A comment received by the City Clerk: from whom, when, what it says. One received after
    the fifteenth day is kept all the same, marked untimely, for the Council."""

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Comment received", save_text="Record comment", name="comment_dialog"
        )
        due = (
            f"Comments are to be received by <b>{html.escape(format_day(cafe.comments_due_on))}"
            "</b>, 15 calendar days from the mailing; one received later is recorded all the "
            "same, marked untimely."
            if cafe.comments_due_on
            else "The notice has not been mailed yet."
        )
        self.add_top(
            note(
                self,
                app,
                "comment_note",
                f"{due} The Common Council considers the comments of the applicant, the public "
                f"and City staff and committees ({cite_link(ISSUANCE_CITE)}).",
            )
        )
        self.received_on = forms.date_edit(app.desk.clock.today(), name="received_on")
        self.commenter = forms.limit_to(QLineEdit(), CafeComment.commenter)
        self.commenter.setObjectName("commenter")
        self.commenter.setPlaceholderText(
            "who wrote or called, e.g. Ruth Halvorsen, 241 Broad St N"
        )
        self.source = QComboBox()
        self.source.setObjectName("source")
        for value in sidewalk_cafes.COMMENT_SOURCES:
            self.source.addItem(SOURCE_LABELS.get(value, value.capitalize()), value)
        self.text = plain_text("comment_text", 4, self, "What the comment says")
        add_row(
            self,
            "&Received on",
            left_aligned(self.received_on),
            "received_on",
            focus=self.received_on,
        )
        add_row(self, "&From", self.commenter, "commenter")
        add_row(self, "&Source", left_aligned(self.source), "source", focus=self.source)
        add_row(self, "&Comment", self.text, "text")
        self.done_building(700)
        self.commenter.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        cafe_id, day = self.cafe.id, forms.to_date(self.received_on)
        who, text, source = (
            self.commenter.text(),
            self.text.toPlainText(),
            self.source.currentData(),
        )
        return self.act(
            lambda a: sidewalk_cafes.record_comment(
                a, cafe_id, received_on=day, commenter=who, text=text, source=str(source)
            ),
            "received_on",
            keep=("commenter", "text", "source"),
        )


class PoliceReviewDialog(ActDialog):
    """The application forwarded to the Chief of Police, and the Chief's written approval or
    memorandum of concerns."""

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Police review", save_text="Record", name="police_dialog"
        )
        why = (
            "alcohol is to be served in the cafe"
            if cafe.serves_alcohol
            else f"the business holds a liquor license ({cafe.liquor_license})"
        )
        self.add_top(
            note(
                self,
                app,
                "police_note",
                f"Here {html.escape(why)}: the City Administrator forwards the application to the "
                "Chief of Police, who indicates approval in writing and/or forwards a memorandum "
                f"of concerns ({cite_link(APPLICATION_CITE)}).",
            )
        )
        today = app.desk.clock.today
        self.sent_on = ChooseDateEdit(today, name="police_sent_on")
        self.sent_on.set_value(cafe.police_sent_on or today())
        self.reviewed = QCheckBox("The Chief's answer is &in")
        self.reviewed.setObjectName("police_answered")
        self.reviewed_on = forms.date_edit(cafe.police_reviewed_on or today(), name="police_on")
        self.approved_radio = QRadioButton("&Approved in writing")
        self.approved_radio.setObjectName("police_approved")
        self.concerns_radio = QRadioButton("&Memorandum of concerns")
        self.concerns_radio.setObjectName("police_concerns")
        outcome = QButtonGroup(self)
        outcome.addButton(self.approved_radio)
        outcome.addButton(self.concerns_radio)
        (self.concerns_radio if cafe.police_approved is False else self.approved_radio).setChecked(
            True
        )
        self.memo = plain_text(
            "police_memo", 3, self, "The Chief's concerns, or the approval's words"
        )
        self.memo.setPlainText(cafe.police_memo)
        add_row(
            self,
            "&Sent to the Chief on",
            left_aligned(self.sent_on),
            "police_sent_on",
            focus=self.sent_on,
        )
        self.form.addRow("", self.reviewed)
        add_row(
            self,
            "Ans&wered on",
            row_of(self.reviewed_on, self.approved_radio, self.concerns_radio),
            "on",
            focus=self.reviewed_on,
        )
        add_row(self, "M&emo", self.memo, "memo")
        self.reviewed.toggled.connect(self._answered)
        self.reviewed.setChecked(cafe.police_reviewed_on is not None)
        self._answered(self.reviewed.isChecked())
        self.done_building(720)
        self.sent_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def _answered(self, on: bool) -> None:
        for widget in (self.reviewed_on, self.approved_radio, self.concerns_radio, self.memo):
            widget.setEnabled(on)

    def commit(self) -> object:
        cafe_id, sent, already = self.cafe.id, self.sent_on.value(), self.cafe.police_sent_on
        answered = self.reviewed.isChecked()
        on, approved = forms.to_date(self.reviewed_on), self.approved_radio.isChecked()
        memo = self.memo.toPlainText()
        if sent is None and not answered:
            self.errors.clear()
            self.errors.show(
                InvalidInput(
                    "Enter the day the application went to the Chief of Police.",
                    field="police_sent_on",
                )
            )
            return None

        def work(action: Action) -> None:
            if sent is not None and sent != already:
                try:
                    sidewalk_cafes.send_to_police(action, cafe_id, on=sent)
                except InvalidInput as error:  # about the day it was sent, not the answer
                    raise InvalidInput(
                        error.message, field="police_sent_on", cite=error.cite
                    ) from error
            if answered:
                sidewalk_cafes.record_police_review(
                    action, cafe_id, on=on, approved=approved, memo=memo
                )

        return self.act(work, "on", keep=("memo", "police_sent_on"))


class DpwInspectionDialog(ActDialog):
    """The Director of Public Works' inspection of the proposed cafe, before the permit is
    issued."""

    permission = DECIDE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "DPW inspection", save_text="Record inspection", name="dpw_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "dpw_note",
                "A sidewalk cafe is permitted only by a permit issued by the City Administrator "
                "after inspection by the Director of Public Works and approval by the Common "
                f"Council ({cite_link(ISSUANCE_CITE)}). The Director also approves the stanchion "
                "bases and the lighting.",
            )
        )
        self.on = forms.date_edit(cafe.dpw_inspected_on or app.desk.clock.today(), name="dpw_on")
        self.by_name = QLineEdit(cafe.dpw_inspected_by or app.operator.full_name)
        self.by_name.setObjectName("dpw_by")
        self.satisfied = QRadioButton("&Satisfied: the cafe may be set up as planned")
        self.satisfied.setObjectName("dpw_satisfied")
        self.unsatisfied = QRadioButton("&Not satisfied")
        self.unsatisfied.setObjectName("dpw_unsatisfied")
        outcome = QButtonGroup(self)
        outcome.addButton(self.satisfied)
        outcome.addButton(self.unsatisfied)
        (self.unsatisfied if cafe.dpw_satisfied is False else self.satisfied).setChecked(True)
        self.dpw_note = plain_text("dpw_note_text", 3, self, "What was found, e.g. tree well")
        self.dpw_note.setPlainText(cafe.dpw_note)
        add_row(self, "Inspected &on", left_aligned(self.on), "on", focus=self.on)
        add_row(self, "&By", self.by_name, "by_name")
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        outcome_lines.addWidget(self.satisfied)
        outcome_lines.addWidget(self.unsatisfied)
        add_row(self, "Result", outcome_box, "satisfied", focus=self.satisfied)
        add_row(self, "No&te", self.dpw_note, "note")
        self.done_building(680)
        self.on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        cafe_id, on, by = self.cafe.id, forms.to_date(self.on), self.by_name.text()
        satisfied, text = self.satisfied.isChecked(), self.dpw_note.toPlainText()
        return self.act(
            lambda a: sidewalk_cafes.record_dpw_inspection(
                a, cafe_id, on=on, by_name=by, satisfied=satisfied, note=text
            ),
            "on",
            keep=("by_name", "note"),
        )


# ---- the Common Council ------------------------------------------------------------------------


class MeetingChooser(QWidget):
    """A Council meeting from the list, or a new one added on the spot.

    ``held``: the meetings that have taken place, the latest first, then the next two not held
    yet (marked, so that the core says so if one is chosen); otherwise the meetings to come.
    With ``cafe_id``, the meetings at which the Council may act on that application come first
    (:func:`clerk_desk.sidewalk_cafes.council_meetings`: after the comment period), the others
    marked.

    Signals: ``changed()`` when another meeting is chosen.
    """

    changed = Signal()

    def __init__(
        self, app: App, *, held: bool, cafe_id: int | None = None, name: str = "meeting"
    ) -> None:
        super().__init__()
        self.app = app
        self.held = held
        self.cafe_id = cafe_id
        self.box = QComboBox()
        self.box.setObjectName(name)
        self.new_button = QPushButton("New meeting…")
        self.new_button.setObjectName("new_meeting_button")
        self.new_button.setToolTip("Add the Council meeting to the list and choose it")
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.box, 1)
        line.addWidget(self.new_button)
        self.rows: dict[int, MeetingRow] = {}
        self.new_button.clicked.connect(self.new_meeting)
        self.box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.new_button.setEnabled(app.operator.may(TAKE))

    def fill(self, current: int | None = None) -> None:
        cafe_id, held = self.cafe_id, self.held

        def work(action: Action) -> tuple[list[MeetingRow], set[int] | None]:
            rows = [r for r in meeting_rows(action) if not r.cancelled]
            if cafe_id is None:
                return rows, None
            fit = sidewalk_cafes.council_meetings(
                action.session, cafe_id, now=action.now(), zone=zone_of(action), held=held
            )
            return rows, {m.id for m in fit}

        found = perform(self, self.app, work, writes=False)
        rows, fit = found if found is not None else ([], None)
        self.rows = {r.id: r for r in rows}
        done = sorted((r for r in rows if r.held), key=lambda r: r.starts_at, reverse=True)
        to_come = [r for r in rows if not r.held]
        mark = " — within the comment period"
        with forms.quietly(self.box):
            self.box.clear()
            if held:
                usable = [r for r in done if fit is None or r.id in fit]
                for row in usable:
                    self.box.addItem(row.label, row.id)
                for row in (r for r in done if r not in usable):
                    self.box.addItem(row.label + mark, row.id)
                for row in to_come[:2]:
                    self.box.addItem(f"{row.label} (not held yet)", row.id)
            else:
                for row in (r for r in to_come if fit is None or r.id in fit):
                    self.box.addItem(row.label, row.id)
                for row in (r for r in to_come if fit is not None and r.id not in fit):
                    self.box.addItem(row.label + mark, row.id)
            if not self.box.count():
                missing = "No meeting in the list" if held else "No meeting to come"
                self.box.addItem(f"{missing} — add it with New meeting…", None)
            index = self.box.findData(current) if current is not None else -1
            self.box.setCurrentIndex(max(index, 0))
        self.changed.emit()

    def new_meeting(self) -> None:
        meeting_id = MeetingDialog.ask(self, self.app)
        if meeting_id is not None:
            self.fill(meeting_id)

    def meeting_id(self) -> int | None:
        value = self.box.currentData()
        return value if isinstance(value, int) else None

    def meeting(self) -> MeetingRow | None:
        chosen = self.meeting_id()
        return self.rows.get(chosen) if chosen is not None else None

    def choose(self, meeting_id: int) -> None:
        self.box.setCurrentIndex(max(0, self.box.findData(meeting_id)))


def _require_meeting(dialog: forms.FormDialog, chooser: MeetingChooser, field: str) -> int | None:
    meeting_id = chooser.meeting_id()
    if meeting_id is None:
        dialog.errors.clear()
        dialog.errors.show(InvalidInput("Choose the Council meeting.", field=field))
    return meeting_id


class BeforeCouncilDialog(ActDialog):
    """Put the completed application packet on the agenda of a Council meeting to come."""

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Before the Council",
            save_text="Place on the agenda",
            name="before_council_dialog",
        )
        due = (
            f" The comment period ends {html.escape(format_day(cafe.comments_due_on))}: the "
            "Council may not act before it has ended."
            if cafe.comments_due_on
            else " The notice has not been mailed: it must be, before the application goes to "
            "the Council."
        )
        self.add_top(
            note(
                self,
                app,
                "council_packet_note",
                "The City Administrator forwards each fully completed application packet to the "
                f"Common Council for final review and approval or denial "
                f"({cite_link(APPLICATION_CITE)}).{due}",
            )
        )
        self.meeting = MeetingChooser(app, held=False, cafe_id=cafe.id)
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        self.meeting.fill(cafe.meeting_id)
        self.done_building(720)
        self.meeting.box.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id = self.cafe.id
        return self.act(
            lambda a: sidewalk_cafes.place_before_council(a, cafe_id, meeting_id), "meeting_id"
        )


class CouncilDecisionDialog(ActDialog):
    """What the Common Council decided, at a meeting that has taken place: approved, with its
    conditions and any further restriction of the hours, or denied with its reasons."""

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Council decision",
            save_text="Record decision",
            name="council_decision_dialog",
        )
        late = sum(1 for c in cafe.comments if not c.timely)
        comments = plural(len(cafe.comments), "comment") + (
            f" ({late} received after the last day)" if late else ""
        )
        self.add_top(
            note(
                self,
                app,
                "council_note",
                f"{comments} on file. The Common Council considers the comments of the "
                "applicant, the public and City staff, and may impose the conditions it deems "
                "necessary; it may further restrict the hours, including for proximity to "
                f"residential uses ({cite_link(ISSUANCE_CITE)}; {cite_link(HOURS_CITE)}).",
            )
        )
        self.meeting = MeetingChooser(app, held=True, cafe_id=cafe.id)
        self.approved = QRadioButton("&Approved — the City Administrator then issues the permit")
        self.approved.setObjectName("council_approved")
        self.denied = QRadioButton("&Denied")
        self.denied.setObjectName("council_denied")
        outcome = QButtonGroup(self)
        outcome.addButton(self.approved)
        outcome.addButton(self.denied)
        self.approved.setChecked(True)
        outcome_box = QWidget()
        outcome_lines = QVBoxLayout(outcome_box)
        outcome_lines.setContentsMargins(0, 0, 0, 0)
        outcome_lines.setSpacing(2)
        outcome_lines.addWidget(self.approved)
        outcome_lines.addWidget(self.denied)
        self.conditions = plain_text(
            "council_conditions",
            3,
            self,
            "The Council's conditions, one a line, as the motion states them",
        )
        self.restrict = QCheckBox("Hours &restricted: the cafe closes at")
        self.restrict.setObjectName("restrict_hours")
        self.closes_at = QTimeEdit(QTime(21, 0))
        self.closes_at.setObjectName("council_closes_at")
        self.closes_at.setDisplayFormat("h:mm AP")
        self.closes_at.setEnabled(False)
        self.reasons = plain_text("council_reasons", 3, self, "Why the Council denied the permit")
        add_row(self, "&Meeting held", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(self, "Decision", outcome_box, "approved", focus=self.approved)
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("police", message, self.approved)
        add_row(self, "C&onditions", self.conditions, "conditions")
        add_row(self, "", row_of(self.restrict, self.closes_at), "closes_at", focus=self.closes_at)
        add_row(self, "Rea&sons", self.reasons, "reasons")
        self.meeting.fill(cafe.meeting_id)
        self.restrict.toggled.connect(self.closes_at.setEnabled)
        self.approved.toggled.connect(lambda _on: self._outcome())
        self._outcome()
        self.done_building(760)
        self.meeting.box.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool | None:
        """True when approved, False when denied, None when cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and dialog.result_value is not None:
            return dialog.approved.isChecked()
        return None

    def _outcome(self) -> None:
        approving = self.approved.isChecked()
        for widget in (self.conditions, self.restrict):
            widget.setEnabled(approving)
        self.closes_at.setEnabled(approving and self.restrict.isChecked())
        self.reasons.setEnabled(not approving)

    def commit(self) -> object:
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id, approved = self.cafe.id, self.approved.isChecked()
        conditions = self.conditions.toPlainText() if approved else ""
        value = self.closes_at.time()
        closes = (
            time(value.hour(), value.minute()) if approved and self.restrict.isChecked() else None
        )
        reasons = "" if approved else self.reasons.toPlainText()
        return self.act(
            lambda a: sidewalk_cafes.record_council_decision(
                a,
                cafe_id,
                meeting_id=meeting_id,
                approved=approved,
                conditions=conditions,
                closes_at=closes,
                reasons=reasons,
            ),
            "meeting_id",
            keep=("conditions", "closes_at", "reasons"),
        )


# ---- the permit ------------------------------------------------------------------------------


class IssueDialog(ActDialog):
    """Issue the permit, as the City Administrator, after the Council's approval and the DPW
    inspection. The permit runs at most one year from its issuance; the tab prints it."""

    permission = ISSUE

    def __init__(
        self, parent: QWidget | None, app: App, cafe: CafeRow, details: CafeDetails
    ) -> None:
        super().__init__(
            parent, app, cafe, "Issue the permit", save_text="Issue permit", name="issue_dialog"
        )
        today = app.desk.clock.today()
        longest = sidewalk_cafes.longest_term(today)
        self.add_top(
            note(
                self,
                app,
                "issue_note",
                "The City Administrator issues the permit after inspection by the Director of "
                f"Public Works and approval by the Common Council ({cite_link(ISSUANCE_CITE)}). "
                "It may be approved for at most one year from its original issuance, and it is "
                f"not transferable ({cite_link(TERM_CITE)}): issued today, it ends by "
                f"<b>{html.escape(format_day(longest))}</b>.",
            )
        )
        if details.not_met:
            names = ", ".join(item.title for item in details.not_met)
            self.add_top(
                note(
                    self,
                    app,
                    "not_met_warning",
                    f"<b style='color:{BAD}'>Not met: {html.escape(names)}.</b> The permit cannot "
                    "be issued while a requirement is not met.",
                    tone="warning",
                )
            )
        self.checklist = ChecklistView(app, self, buttons=False)
        self.checklist.set_details(details)
        self.checklist.summary.setVisible(False)
        self.checklist.setObjectName("issue_checklist")
        scroller = QScrollArea()
        scroller.setObjectName("issue_checklist_page")
        scroller.setWidget(self.checklist)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumHeight(min(self.checklist.sizeHint().height() + 8, 420))
        self.form.addRow(scroller)
        self.expires_on = forms.date_edit(longest, name="expires_on")
        add_row(
            self, "&Expires on", left_aligned(self.expires_on), "expires_on", focus=self.expires_on
        )
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("issue", message, self.expires_on)
        self.done_building(780)
        if details.not_met and self.save_button.isEnabled():
            self.save_button.setEnabled(False)
            self.save_button.setToolTip("A requirement is not met: meet it first")
        self.expires_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow, details: CafeDetails) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe, details)))

    def commit(self) -> object:
        cafe_id, expires = self.cafe.id, forms.to_date(self.expires_on)
        return self.act(
            lambda a: sidewalk_cafes.issue(a, cafe_id, expires_on=expires),
            "issue",
            keep=("expires_on",),
        )


class SuspendDialog(ActDialog):
    """A temporary suspension of the cafe's operation, on seven days' written notice (or
    without, in an emergency). The tab prints the letter."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Suspend the cafe", save_text="Suspend", name="suspend_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "suspend_note",
                "The City may temporarily suspend the operation of the cafe upon seven days' "
                "written notice because of anticipated or actual conflicts in the use of the "
                "sidewalk (festivals, parades, street or sidewalk repairs), and in an emergency "
                f"without prior notice ({cite_link(TERM_CITE)}).",
            )
        )
        today = app.desk.clock.today()
        self.notice_on = forms.date_edit(today, name="notice_on")
        self.starts_on = forms.date_edit(today, name="starts_on")
        self.ends_on = forms.date_edit(today, name="ends_on")
        self.emergency = QCheckBox("An &emergency: no prior notice")
        self.emergency.setObjectName("emergency")
        self.latest = QLabel()
        self.latest.setObjectName("notice_latest")
        self.latest.setWordWrap(True)
        self.latest.setTextFormat(Qt.TextFormat.RichText)
        self.reason = plain_text("suspend_reason", 3, self, "e.g. Prescott Daze: Broad St N closed")
        add_row(
            self,
            "&Written notice on",
            left_aligned(self.notice_on),
            "notice_on",
            focus=self.notice_on,
        )
        self.form.addRow("", self.emergency)
        add_row(
            self,
            "&Suspended from",
            row_of(self.starts_on, "through", self.ends_on),
            "starts_on",
            focus=self.starts_on,
        )
        message = forms.error_label()
        self.form.addRow("", message)
        self.errors.add("ends_on", message, self.ends_on)
        self.form.addRow("", self.latest)
        add_row(self, "&Reason", self.reason, "reason")
        self.emergency.toggled.connect(lambda _on: self.show_latest())
        self.starts_on.dateChanged.connect(lambda _d: self.show_latest())
        self.done_building(720)
        self.show_latest()
        self.starts_on.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> int | None:
        """The id of the suspension recorded, or None."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def show_latest(self) -> None:
        emergency = self.emergency.isChecked()
        self.notice_on.setEnabled(not emergency)
        if emergency:
            self.latest.setText("In an emergency the City suspends without prior notice.")
            return
        starts = forms.to_date(self.starts_on)
        found = perform(
            self,
            self.app,
            lambda a: sidewalk_cafes.latest_suspension_notice(starts, a.calendar),
            writes=False,
        )
        if found is not None:
            self.latest.setText(
                f"Written notice is due by <b>{html.escape(format_day(found.due))}</b>, seven "
                f"days before the suspension starts."
            )

    def commit(self) -> object:
        cafe_id, emergency = self.cafe.id, self.emergency.isChecked()
        notice = None if emergency else forms.to_date(self.notice_on)
        starts, ends = forms.to_date(self.starts_on), forms.to_date(self.ends_on)
        reason = self.reason.toPlainText()

        def work(action: Action) -> int:
            suspension = sidewalk_cafes.suspend(
                action,
                cafe_id,
                notice_on=notice,
                starts_on=starts,
                ends_on=ends,
                reason=reason,
                emergency=emergency,
            )
            action.session.flush()
            return suspension.id

        return self.act(work, "notice_on", keep=("starts_on", "ends_on", "reason"))


class LiftSuspensionDialog(forms.FormDialog):
    """End a suspension early: the cafe may operate again from the day given."""

    def __init__(
        self, parent: QWidget | None, app: App, cafe: CafeRow, suspension: SuspensionRow
    ) -> None:
        super().__init__(parent, f"Lift the suspension — {cafe.number}", save_text="Lift")
        self.app = app
        self.suspension = suspension
        self.setObjectName("lift_dialog")
        self.add_top(
            forms.banner(
                f"{cafe.establishment}: suspended {forms.us_date(suspension.starts_on)} through "
                f"{forms.us_date(suspension.ends_on)} — {suspension.reason}",
                tone="info",
            )
        )
        self.on = forms.date_edit(app.desk.clock.today(), name="lift_on")
        self.reason = QLineEdit()
        self.reason.setObjectName("lift_reason")
        self.reason.setPlaceholderText("e.g. the sidewalk repair finished early")
        add_row(self, "&Lifted on", left_aligned(self.on), "on", focus=self.on)
        add_row(self, "&Why", self.reason, "reason")
        self.finish_layout()
        why = may_not(app, ISSUE)
        if why:
            self.set_read_only(why)
        self.resize(600, self.sizeHint().height())
        self.reason.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, app: App, cafe: CafeRow, suspension: SuspensionRow
    ) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe, suspension)))

    def commit(self) -> object:
        suspension_id, on, reason = self.suspension.id, forms.to_date(self.on), self.reason.text()

        def work(action: Action) -> bool:
            sidewalk_cafes.lift_suspension(action, suspension_id, on=on, reason=reason)
            return True

        return perform(
            self, self.app, forms.as_field_error(work, "on", keep=("reason",)), errors=self.errors
        )


REVOCATION_GROUNDS = (
    "the permit was issued on inaccurate or incomplete information",
    "the permit was improvidently granted",
    "one or more conditions of the permit or the provisions of § 506-10 have been violated",
    "the sidewalk cafe is being operated in a manner which constitutes a nuisance",
    "the operation unduly impedes, restricts, or presents a hazard to the movement of vehicles "
    "or pedestrians",
)


class RevocationNoticeDialog(ActDialog):
    """Written notice to the permittee of the public meeting at which the Council will consider
    revoking the permit: at least ten days before it. The tab prints the notice."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Notice of revocation meeting",
            save_text="Record notice",
            name="revocation_notice_dialog",
        )
        self.add_top(
            note(
                self,
                app,
                "revocation_note",
                "The Common Council may revoke the permit temporarily or permanently after a "
                "public meeting upon 10 days' written notice to the permittee, on a finding that "
                + "; that ".join(REVOCATION_GROUNDS)
                + f"; or for any other reason in its discretion ({cite_link(REVOCATION_CITE)}).",
            )
        )
        self.notice_on = forms.date_edit(app.desk.clock.today(), name="revocation_notice_on")
        self.meeting = MeetingChooser(app, held=False)
        self.latest = QLabel()
        self.latest.setObjectName("revocation_latest")
        self.latest.setWordWrap(True)
        self.latest.setTextFormat(Qt.TextFormat.RichText)
        self.grounds = plain_text("grounds", 4, self, "The grounds, as the notice is to state them")
        add_row(
            self,
            "&Notice given on",
            left_aligned(self.notice_on),
            "notice_on",
            focus=self.notice_on,
        )
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        self.form.addRow("", self.latest)
        add_row(self, "&Grounds", self.grounds, "grounds")
        self.meeting.changed.connect(self.show_latest)
        self.meeting.fill(cafe.revocation_meeting_id)
        self.done_building(760)
        self.grounds.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def show_latest(self) -> None:
        meeting = self.meeting.meeting()
        if meeting is None:
            self.latest.setText("")
            return
        found = perform(
            self,
            self.app,
            lambda a: sidewalk_cafes.latest_revocation_notice(meeting.day, a.calendar),
            writes=False,
        )
        if found is not None:
            self.latest.setText(
                f"For the meeting of {html.escape(format_day(meeting.day))}, written notice is "
                f"due by <b>{html.escape(format_day(found.due))}</b>: ten days before it."
            )

    def commit(self) -> object:
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id, notice_on = self.cafe.id, forms.to_date(self.notice_on)
        grounds = self.grounds.toPlainText()
        return self.act(
            lambda a: sidewalk_cafes.give_revocation_notice(
                a, cafe_id, notice_on=notice_on, meeting_id=meeting_id, grounds=grounds
            ),
            "notice_on",
            keep=("meeting_id", "grounds"),
        )


class RevokeDialog(ActDialog):
    """The Council's revocation at the meeting noticed: permanent, or temporary until a day."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent,
            app,
            cafe,
            "Revoke the permit",
            save_text="Record revocation",
            name="revoke_dialog",
        )
        noticed = (
            f"Notice given {html.escape(format_day(cafe.revocation_notice_on))} for the meeting "
            f"of {html.escape(cafe.revocation_meeting)}. "
            if cafe.revocation_notice_on
            else ""
        )
        self.add_top(
            note(
                self,
                app,
                "revoke_note",
                f"{noticed}Grounds: {html.escape(cafe.revocation_grounds or '—')} "
                f"({cite_link(REVOCATION_CITE)}).",
            )
        )
        self.meeting = MeetingChooser(app, held=True)
        self.permanent = QRadioButton("&Permanently")
        self.permanent.setObjectName("revoke_permanently")
        self.temporary = QRadioButton("&Temporarily, through")
        self.temporary.setObjectName("revoke_temporarily")
        choice = QButtonGroup(self)
        choice.addButton(self.permanent)
        choice.addButton(self.temporary)
        self.permanent.setChecked(True)
        self.until = forms.date_edit(app.desk.clock.today(), name="revoked_until")
        self.until.setEnabled(False)
        self.temporary.toggled.connect(self.until.setEnabled)
        add_row(self, "&Meeting held", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(
            self,
            "Revoked",
            row_of(self.permanent, self.temporary, self.until),
            "until",
            focus=self.until,
        )
        self.meeting.fill(cafe.revocation_meeting_id)
        self.done_building(720)
        self.meeting.box.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        meeting_id = _require_meeting(self, self.meeting, "meeting_id")
        if meeting_id is None:
            return None
        cafe_id = self.cafe.id
        until = forms.to_date(self.until) if self.temporary.isChecked() else None
        return self.act(
            lambda a: sidewalk_cafes.revoke(a, cafe_id, meeting_id=meeting_id, until=until),
            "meeting_id",
            keep=("until",),
        )


class DenyDialog(ActDialog):
    """Deny the application, with the reasons; at the Council meeting that denied it, if any."""

    permission = ISSUE

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow) -> None:
        super().__init__(
            parent, app, cafe, "Deny the application", save_text="Deny", name="deny_dialog"
        )
        self.add_top(
            note(
                self,
                app,
                "deny_note",
                "The Common Council approves or denies the application. Without a Council "
                "meeting, the City Administrator refuses to take forward only an application "
                "the standards of § 506-10 forbid: not eligible, not commercially zoned, or a "
                f"layout or hours that stop it ({cite_link(ISSUANCE_CITE)}).",
            )
        )
        self.at_meeting = QCheckBox("Denied by the Council at the &meeting")
        self.at_meeting.setObjectName("deny_at_meeting")
        self.meeting = MeetingChooser(app, held=True)
        self.meeting.setEnabled(False)
        self.at_meeting.toggled.connect(self.meeting.setEnabled)
        self.reasons = plain_text("deny_reasons", 4, self, "Why the permit is denied")
        self.form.addRow("", self.at_meeting)
        add_row(self, "&Meeting", self.meeting, "meeting_id", focus=self.meeting.box)
        add_row(self, "&Reasons", self.reasons, "reasons")
        self.meeting.fill(cafe.meeting_id)
        self.done_building(720)
        self.reasons.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, cafe)))

    def commit(self) -> object:
        meeting_id = None
        if self.at_meeting.isChecked():
            meeting_id = _require_meeting(self, self.meeting, "meeting_id")
            if meeting_id is None:
                return None
        cafe_id, reasons = self.cafe.id, self.reasons.toPlainText()
        return self.act(
            lambda a: sidewalk_cafes.deny(a, cafe_id, reasons=reasons, meeting_id=meeting_id),
            "reasons",
            keep=("meeting_id",),
        )


def withdraw(parent: QWidget | None, app: App, cafe: CafeRow) -> bool:
    return ReasonForm.ask(
        parent,
        app,
        title=f"Withdraw application {cafe.number}",
        note=f"{cafe.establishment} ({cafe.applicant}). The applicant withdraws it: it stays in "
        "the register, marked withdrawn. The fee billed stays as it is; the Treasurer may "
        "cancel it.",
        save_text="Withdraw",
        placeholder="who withdrew it and how, e.g. letter from the owner received 12/4",
        work=lambda a, why: sidewalk_cafes.withdraw(a, cafe.id, reason=why),
        name="withdraw_dialog",
    )


# ---- the papers ------------------------------------------------------------------------------

PAPERS = ("permit", "letters", "labels", "list", "suspension", "revocation")


def paper_bytes(
    action: Action, cafe_id: int, paper: str, *, suspension_id: int | None = None
) -> tuple[str, bytes]:
    """One paper of an application, written by :mod:`reports.sidewalk_cafes`: its title and
    its PDF."""
    from clerk_desk import sidewalk_cafes_views as views
    from reports import sidewalk_cafes as documents

    session = action.session
    profile = settings_store.city_profile(session)
    number = sidewalk_cafes.get_cafe(session, cafe_id).number
    if paper == "permit":
        view = views.permit_view(session, cafe_id, action.calendar, today=action.today())
        return f"Sidewalk cafe permit {number}", documents.permit_pdf(
            view, profile, printed_on=action.today()
        )
    if paper in ("letters", "labels", "list"):
        notice = views.notice_view(session, cafe_id)
        if paper == "letters":
            return f"Notice letters — {number}", documents.neighbor_notice_pdf(notice, profile)
        if paper == "labels":
            return (
                f"Mailing labels — {number}",
                documents.mailing_labels_pdf(notice.neighbors, profile),
            )
        return f"Owners within 100 feet — {number}", documents.neighbor_list_pdf(notice, profile)
    if paper == "suspension" and suspension_id is not None:
        letter = views.letter_view(session, cafe_id, suspension_id=suspension_id)
        return f"Suspension letter — {number}", documents.suspension_letter_pdf(
            letter, profile, printed_on=action.today()
        )
    if paper == "revocation":
        letter = views.letter_view(session, cafe_id)
        return (
            f"Notice of revocation meeting — {number}",
            documents.revocation_notice_pdf(letter, profile, printed_on=action.today()),
        )
    raise ValueError(f"unknown paper {paper!r}")


def print_papers(
    parent: QWidget | None,
    app: App,
    cafe_id: int,
    papers: Sequence[str],
    *,
    suspension_id: int | None = None,
) -> list[str]:
    """Write the papers of an application, then print each (the print preview offers "Save
    PDF…" too); the act they follow is saved already. Returns the titles sent to a printer."""

    def write(action: Action) -> list[tuple[str, bytes]]:
        return [
            paper_bytes(action, cafe_id, paper, suspension_id=suspension_id) for paper in papers
        ]

    written = perform(parent, app, write, writes=False)
    printed = []
    for title, pdf in written or []:
        if printing.print_or_explain(
            parent, pdf, title=title, saved="It is recorded: print it again from the tab."
        ):
            printed.append(title)
    return printed


def save_paper(
    parent: QWidget, app: App, cafe_id: int, paper: str, *, suspension_id: int | None = None
) -> Path | None:
    """Write one paper and save it as a PDF file where the clerk chooses (to e-mail it, or to
    print it elsewhere)."""
    found = perform(
        parent,
        app,
        lambda a: paper_bytes(a, cafe_id, paper, suspension_id=suspension_id),
        writes=False,
    )
    if found is None:
        return None
    title, pdf = found
    return printing.save_pdf(parent, pdf, printing.suggested_name(title))
