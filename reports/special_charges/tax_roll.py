"""A "certify to tax roll" run on paper (:func:`run_pdf`) and in the county's workbook
(:func:`run_xlsx`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.kinds import RunStatus
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges.tax_roll import OWNER_NOT_ON_FILE
from clerk_desk.special_charges.views import RunEntry, RunView
from clerk_desk.words import format_day, long_day, plural
from reports.special_charges.parts import (
    TREASURER,
    Target,
    _at,
    _b,
    _boxed,
    _cite,
    _day,
    _frame_width,
    _heading,
    _markup,
    _one_line,
    _period,
    _plain_table,
    _status_text,
    _style,
)

from .. import letterhead as lh
from ..document import (
    INCH,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    para,
    signature_line,
    styles,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

from ..excel import (
    DATE_FORMAT,
    DATETIME_FORMAT,
    INT_FORMAT,
    MONEY_FORMAT,
    cell_value,
    save_workbook,
    sheet_title,
)

RUN_COLUMNS: tuple[str, ...] = (
    "Parcel number",
    "Owner",
    "Owner address",
    "Site address",
    "Description",
    "Section",
    "Amount",
)
"""The tax roll sheet's columns, in the county's order."""


_RUN_WIDTHS = (18.0, 30.0, 38.0, 28.0, 60.0, 40.0, 14.0)


def _run_status_box(view: RunView) -> Flowable:
    prepared = _period(f"Prepared by {escape(view.prepared_by)} on {escape(_at(view.prepared_at))}")
    status = RunStatus(view.status)
    if status is RunStatus.CERTIFIED:
        assert view.certified_at is not None
        texts = [
            _period(
                f"<b>Certified</b> by {escape(view.certified_by)} on "
                f"{escape(_at(view.certified_at))}"
            )
            + " The charges listed are locked and are collected with the property taxes.",
            prepared,
        ]
    elif status is RunStatus.DRAFT:
        texts = [
            "<b>Draft \u2014 not certified.</b> This list is for the "
            f"{TREASURER}\u2019s review; nothing on it is on the tax roll until the run is "
            "certified.",
            prepared,
        ]
    elif status is RunStatus.PREVIEW:
        texts = [
            f"<b>Preview \u2014 never certified.</b> What a run as of {_day(view.as_of)}, a day "
            "still to come, would list as things stand: charges still payable until then may "
            "yet be paid. The run is prepared and certified on or after that day.",
            prepared,
        ]
    else:
        note = f" {escape(view.note.strip())}" if view.note.strip() else ""
        texts = [f"<b>Set aside \u2014 not certified.</b>{note}", prepared]
    return _boxed(texts, size=10, fill=status is RunStatus.CERTIFIED)


def _two_lines(first: str, second: str) -> Flowable:
    """A cell's value with a grey line under it: the owner's address, the parcel's site."""
    from reportlab.platypus import Paragraph

    under = f"<br/><font size='7.8' color='{lh.GREY_HEX}'>{escape(second)}</font>" if second else ""
    return Paragraph(escape(first) + under, styles().cell)


def _owner_cell(entry: RunEntry) -> Flowable:
    if entry.owner_on_file:
        return _two_lines(entry.owner_name, _one_line(entry.owner_address))
    from reportlab.platypus import Paragraph

    return Paragraph(
        f"<b><font color='#B00020'>{escape(OWNER_NOT_ON_FILE)}</font></b>", styles().cell
    )


def _entries_table(view: RunView, width: float) -> Flowable:
    rows = [
        (
            _two_lines(entry.parcel_number, entry.site_address),
            _owner_cell(entry),
            entry.description,
            _cite(entry.section),
            str(entry.amount),
        )
        for entry in view.entries
    ]
    fixed = [1.3 * INCH, 2.15 * INCH, None, 1.9 * INCH, 1.1 * INCH]
    rest = width - sum(w for w in fixed if w is not None)
    widths = [w if w is not None else rest for w in fixed]
    counted = f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}"
    return data_table(
        ["Parcel number", "Owner", "Description", "Section", "Amount"],
        rows,
        col_widths=widths,
        align=["left", "left", "left", "left", "right"],
        total_row=["Total", counted, "", "", str(view.total)],
        zebra=RunStatus(view.status) is RunStatus.CERTIFIED,  # stripes would hide DRAFT
    )


def _sections_table(view: RunView) -> Flowable:
    rows = [
        (_cite(section), f"{count:,}", str(amount))
        for section, count, amount in view.totals_by_section()
    ]
    return data_table(
        ["Section", "Charges", "Amount"],
        rows,
        col_widths=[4.6 * INCH, 0.9 * INCH, 1.2 * INCH],
        align=["left", "right", "right"],
        total_row=["Total", f"{len(view.entries):,}", str(view.total)],
        zebra=RunStatus(view.status) is RunStatus.CERTIFIED,
    )


def _certification(view: RunView, profile: CityProfile) -> Flowable:
    from reportlab.platypus import KeepTogether, Spacer

    text = (
        f"I certify that the special charges listed above \u2014 "
        f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}, totaling "
        f"{_b(str(view.total))} \u2014 remained unpaid as of {_day(view.as_of)} and are to be "
        "entered on the tax roll as special taxes against the parcels named, as the sections "
        "cited provide."
    )
    signed = (
        _period(
            f"Certified in Clerk Desk by {escape(view.certified_by)} on "
            f"{escape(_at(view.certified_at))}"
        )
        if view.certified_at is not None
        else ""
    )
    width = 3.3 * INCH
    sign = _plain_table(
        [
            [
                signature_line(f"{TREASURER}, {profile.city_name}", width=width),
                "",
                signature_line("Date", width=2.0 * INCH),
            ]
        ],
        [width, 0.5 * INCH, 2.0 * INCH],
    )
    flow: list[Flowable] = [_heading("Certification"), _markup(text)]
    if signed:
        flow.append(_markup(signed, _style("signed", styles().small, fontSize=8.5)))
    flow += [Spacer(1, 4), sign]
    return KeepTogether(flow)


def run_pdf(view: RunView, profile: CityProfile) -> bytes:
    """The "certify to tax roll" run on landscape pages: its number, as-of date and status
    (DRAFT across every page of a draft, who certified it and when), one row per parcel and
    charge, totals by section and the grand total, the counts, and the City Treasurer's
    certification."""
    from reportlab.platypus import Spacer

    st = styles()
    pagesize = LETTER_LANDSCAPE
    width = _frame_width(pagesize)
    status = RunStatus(view.status)
    counted = (
        f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}, "
        f"totaling {view.total}"
    )
    heading = (
        "Special Charges Certified to the Tax Roll"
        if status is RunStatus.CERTIFIED
        else "Special Charges for the Tax Roll"
    )
    story: list[Flowable] = [
        para(heading, st.title),
        para(
            f"Run {view.number} \u00b7 as of {long_day(view.as_of)} \u00b7 {_status_text(status)}",
            st.subtitle,
        ),
        _run_status_box(view),
        Spacer(1, 6),
        _markup(
            f"Every special charge past its first tax-roll day and unpaid on "
            f"{_day(view.as_of)}: <b>{escape(counted)}</b>."
        ),
    ]
    if view.owners_missing:
        parcels = ", ".join(view.owners_missing)
        story.append(
            _boxed(
                [
                    f"<b>{escape(OWNER_NOT_ON_FILE)}</b> for parcel "
                    f"{escape(parcels)}: the run is not certified until the owner is recorded "
                    "under People &amp; Parcels and the run is prepared again."
                ],
                size=10,
                fill=False,
            )
        )
    if view.entries:
        story += [
            _entries_table(view, width),
            _heading("Totals by section"),
            _sections_table(view),
        ]
        if status is not RunStatus.PREVIEW:  # a preview is never certified: nothing to sign
            story += [Spacer(1, 4), _certification(view, profile)]
    else:  # nothing to certify: no certificate to sign
        story.append(_markup("<b>No charge is past its tax-roll day and unpaid on that date.</b>"))
    watermark = {
        RunStatus.DRAFT: "DRAFT",
        RunStatus.PREVIEW: "PREVIEW",
        RunStatus.DISCARDED: "SET ASIDE",
    }.get(status)
    return build_pdf(
        story,
        profile=profile,
        title=f"Tax roll run {view.number}",
        subject=f"Special charges certified to the tax roll as of {long_day(view.as_of)}",
        pagesize=pagesize,
        watermark=watermark,
    )


def run_row(entry: RunEntry) -> tuple[object, ...]:
    """One row of the tax roll sheet (:data:`RUN_COLUMNS`)."""
    return (
        entry.parcel_number,
        entry.owner_text,
        _one_line(entry.owner_address),
        entry.site_address,
        entry.description,
        entry.section,
        entry.amount,
    )


def run_xlsx(view: RunView, path: Target, *, city: str = "") -> int:
    """The run as the county's tax-roll clerk expects it; returns the number of charges.

    Sheet 1: a header row (frozen, filterable), then one row per parcel and charge with
    :data:`RUN_COLUMNS` (the amount a real number in currency format) and nothing else, so the
    county can load it as it is. Sheet "Summary": the run number, as-of date, status, who
    prepared and certified it and when, the counts, the totals by section and the grand total.
    On a path the workbook is written beside it and renamed into place when complete.
    """
    from openpyxl import Workbook

    status = _status_text(RunStatus(view.status))
    title = f"Tax roll run {view.number}"
    wb = Workbook()
    wb.properties.title = title
    wb.properties.subject = f"Special charges for the tax roll as of {long_day(view.as_of)}"
    wb.properties.creator = city or CityProfile().city_name  # never "openpyxl"
    _run_sheet(wb.active, view, header=f"{title} \u2014 as of {format_day(view.as_of)} ({status})")
    summary = wb.create_sheet("Summary")
    _summary_facts(summary, view, city=city, status=status)
    _summary_totals(summary, view)
    for letter, width in (("A", 60.0), ("B", 24.0), ("C", 15.0)):
        summary.column_dimensions[letter].width = width
    summary.page_setup.orientation = "portrait"
    summary.oddHeader.center.text = f"{title} \u2014 summary"
    summary.oddFooter.center.text = "Page &P of &N"

    save_workbook(wb, path)
    return len(view.entries)


def _header_style() -> tuple[Any, Any, Any]:
    """A header row's font, fill and border, the same on both sheets."""
    from openpyxl.styles import Border, Font, PatternFill, Side

    navy = Side(style="thin", color="1F3A5F")
    return Font(bold=True), PatternFill("solid", fgColor="E3E8EF"), Border(bottom=navy)


def _run_sheet(ws: Any, view: RunView, *, header: str) -> None:
    """Sheet 1: the header row (frozen, filterable) and one row per parcel and charge."""
    from openpyxl.styles import Alignment
    from openpyxl.utils import get_column_letter

    assert ws is not None
    ws.title = sheet_title(f"Tax roll {view.number}")
    ws.append(list(RUN_COLUMNS))
    for cell in ws[1]:
        cell.font, cell.fill, cell.border = _header_style()
    ws.cell(1, len(RUN_COLUMNS)).alignment = Alignment(horizontal="right")
    for entry in view.entries:
        ws.append([cell_value(v) for v in run_row(entry)])
        row = ws.max_row
        for col in range(1, 7):
            ws.cell(row, col).data_type = "s"  # a parcel number "012-3" stays as typed
        ws.cell(row, 7).number_format = MONEY_FORMAT
    last = ws.max_row
    for index, width in enumerate(_RUN_WIDTHS, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(RUN_COLUMNS))}{last}"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.oddHeader.center.text = header
    ws.oddFooter.center.text = "Page &P of &N"


def _summary_facts(summary: Any, view: RunView, *, city: str, status: str) -> None:
    """The summary's heading and the run's facts: who prepared and certified it, the counts."""
    from openpyxl.styles import Alignment, Font

    summary.append(["Special charges for the tax roll"])
    summary["A1"].font = Font(bold=True, size=14, color="1F3A5F")
    if city:
        summary.append([city])
    summary.append([])
    facts: list[tuple[str, object, str | None]] = [
        ("Run", view.number, None),
        ("As of", view.as_of, DATE_FORMAT),
        ("Status", status, None),
        ("Prepared by", view.prepared_by, None),
        ("Prepared at", view.prepared_at, DATETIME_FORMAT),
        ("Certified by", view.certified_by or "\u2014", None),
        ("Certified at", view.certified_at or "\u2014", DATETIME_FORMAT),
        ("Parcels", view.parcels, INT_FORMAT),
        ("Charges", len(view.entries), INT_FORMAT),
        ("Total", view.total, MONEY_FORMAT),
    ]
    if view.owners_missing:
        facts.append((OWNER_NOT_ON_FILE, ", ".join(view.owners_missing), None))
    if view.note.strip():
        facts.append(("Note", view.note.strip(), None))
    for label, value, fmt in facts:
        summary.append([label, cell_value(value)])
        row = summary.max_row
        summary.cell(row, 1).font = Font(bold=True)
        cell = summary.cell(row, 2)
        cell.alignment = Alignment(horizontal="left")
        if fmt is not None and not isinstance(value, str):
            cell.number_format = fmt


def _summary_totals(summary: Any, view: RunView) -> None:
    """The totals by section, and the grand total under a rule."""
    from openpyxl.styles import Border, Font, Side

    summary.append([])
    summary.append(["Totals by section"])
    summary.cell(summary.max_row, 1).font = Font(bold=True, size=12, color="1F3A5F")
    summary.append(["Section", "Charges", "Amount"])
    for cell in summary[summary.max_row]:
        cell.font, cell.fill, cell.border = _header_style()
    for section, count, amount in view.totals_by_section():
        summary.append([section, count, cell_value(amount)])
        summary.cell(summary.max_row, 2).number_format = INT_FORMAT
        summary.cell(summary.max_row, 3).number_format = MONEY_FORMAT
    summary.append(["Total", len(view.entries), cell_value(view.total)])
    for cell in summary[summary.max_row]:
        cell.font = Font(bold=True)
        cell.border = Border(top=Side(style="thin", color="1F3A5F"))
    summary.cell(summary.max_row, 2).number_format = INT_FORMAT
    summary.cell(summary.max_row, 3).number_format = MONEY_FORMAT
