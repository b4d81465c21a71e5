"""The special charges tax roll read back, from real charges made, billed and paid by the
services: the run as a draft and once certified (pypdf), a preview never signed, a parcel whose
owner is not on file; the run's Excel file and the register re-opened with openpyxl and checked
row by row against the run and the charges. The bills are in
test_reports_special_charges_bills.py.

"Today" is Monday, November 30, 2026 (the ``clock`` fixture); the charges of ``World`` are set
out in reports_special_charges_world.py. A run as of November 30 lists the snow, sidewalk and
dirt charges: the obstruction is one day short of its tax-roll day (the day after its last day
to pay), the deficiency never goes on the roll, one is paid, one not yet due.
"""

from __future__ import annotations

import dataclasses
import io
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader
from reports_special_charges_world import (  # type: ignore[import-not-found]
    HUDSON,
    PROFILE,
    TODAY,
    World,
    _charge,
    _run,
    world,
)

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.special_charges import views as views
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from reports.special_charges.register import REGISTER_COLUMNS, register_xlsx
from reports.special_charges.tax_roll import RUN_COLUMNS, run_pdf, run_xlsx

__all__ = ["world"]  # fixtures, used by name


pytestmark = pytest.mark.usefixtures("papers_checked")


# -- reading papers back -----------------------------------------------------------------------


def _money(value: object) -> Money:
    """An amount as openpyxl reads it back (an int or a float) as Money, exactly."""
    assert isinstance(value, int | float), value
    return Money(Decimal(str(value)))


def _day(value: object) -> date | None:
    if value is None:
        return None
    assert isinstance(value, datetime), value
    return value.date()


# -- the tax roll run --------------------------------------------------------------------------

RUN_ROWS = [
    # parcel, owner, section, amount — parcel order, then charge order
    ("281-00412-0000", "Marta Lindqvist", "§ 506-11 (Failure to remove)", Money("75.00")),
    (
        "281-00733-0000",
        HUDSON,
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
        Money("1050.00"),
    ),
    ("281-00733-0000", HUDSON, "§ 506-20", Money("180.00")),
]


def test_the_run_lists_each_parcel_and_charge_past_its_day_draft_then_certified(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    draft = _run(desk, treasurer, certify=False)
    assert [(e.parcel_number, e.owner_name, e.section, e.amount) for e in draft.entries] == (
        RUN_ROWS
    )
    pages = papers.page_texts(run_pdf(draft, PROFILE))
    text = " ".join(pages)
    assert all(p.endswith(f"Page {n} of {len(pages)}") for n, p in enumerate(pages, start=1))
    assert "Special Charges for the Tax Roll" in text
    assert f"Run {draft.number} · as of Monday, November 30, 2026 · Draft — not certified" in text
    assert "Draft — not certified. This list is for the City Treasurer\u2019s review" in text
    assert "DRAFT" in text and "Certified by" not in text
    assert "3 charges on 2 parcels, totaling $1,305.00" in text
    # One row per parcel and charge, in the run's order, with owner, section and amount.
    rows = [
        f"{e.parcel_number} {e.site_address} {e.owner_name} "
        f"{', '.join(e.owner_address.splitlines())} {e.description} {e.section} {e.amount}"
        for e in draft.entries
    ]
    assert rows[0] == (
        "281-00412-0000 412 Orange St N Marta Lindqvist 412 Orange St N, Prescott, WI 54021 "
        "CHG-2026-005 Snow and ice removed by the City: Cleared snow and ice from the public "
        "sidewalk § 506-11 (Failure to remove) $75.00"
    )
    table = text[text.index("Section Amount ") + len("Section Amount ") : text.index(" Total 3")]
    assert table == " ".join(rows)
    # Paid, not yet at its day, never on the roll, one day short: none of them is listed.
    for left_out in ("CHG-2026-001", "CHG-2026-002", "CHG-2026-006", "CHG-2026-007"):
        assert left_out not in text
    assert "Total 3 charges on 2 parcels $1,305.00" in text
    assert "Totals by section Section Charges Amount § 506-11 (Failure to remove) 1 $75.00" in text
    assert "§ 506-20 1 $180.00 Total 3 $1,305.00" in text
    assert "I certify that the special charges listed above — 3 charges on 2 parcels" in text
    assert "City Treasurer, City of Prescott" in text

    certified = _run(desk, treasurer, certify=False)  # the draft was set aside by this one
    with desk.action(treasurer) as action:
        tax_roll.certify_run(action, certified.run_id)
    with desk.database.reading() as session:
        certified = views.run_view(session, certified.run_id)
    pdf = run_pdf(certified, PROFILE)
    text = papers.text(pdf)
    assert "Special Charges Certified to the Tax Roll" in text
    assert (
        "Certified by Test Treasurer on Monday, November 30, 2026, at 10:00 a.m. The charges "
        "listed are locked" in text
    )
    assert (
        "Certified in Clerk Desk by Test Treasurer on Monday, November 30, 2026, at 10:00 a.m."
        in text
    )
    assert "DRAFT" not in text and "Total 3 charges on 2 parcels $1,305.00" in text
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape
    # The set-aside draft prints as set aside, never as certified.
    with desk.database.reading() as session:
        aside = views.run_view(session, draft.run_id)
    aside_text = papers.text(run_pdf(aside, PROFILE))
    assert "Set aside — not certified. Set aside by a later run." in aside_text
    assert "SET ASIDE" in aside_text


def test_a_long_run_numbers_its_pages_and_repeats_the_header(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    run = _run(desk, treasurer, certify=True)
    many = dataclasses.replace(
        run,
        entries=run.entries * 20,
        total=sum((e.amount for e in run.entries * 20), Money.zero()),
    )
    pages = papers.page_texts(run_pdf(many, PROFILE))
    assert len(pages) >= 4
    for n, page in enumerate(pages, start=1):
        assert page.endswith(f"Page {n} of {len(pages)}")
    for page in pages[1:-1]:
        assert f"Tax roll run {run.number}" in page  # the running header
        assert "Parcel number Owner Description Section Amount" in page
    text = " ".join(pages)
    assert "Total 60 charges on 2 parcels $26,100.00" in text
    assert "§ 506-11 (Failure to remove) 20 $1,500.00" in text


def test_a_run_with_nothing_to_certify_says_so(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    # No such run is saved (prepare_run refuses a day with nothing to list); a view of one
    # still prints without a certificate to sign.
    listed = _run(desk, treasurer, certify=False)
    run = dataclasses.replace(listed, entries=(), total=Money.zero())
    text = papers.text(run_pdf(run, PROFILE))
    assert "0 charges on 0 parcels, totaling $0.00" in text
    assert "No charge is past its tax-roll day and unpaid on that date." in text
    assert "Parcel number" not in text and "I certify" not in text


# -- Excel -------------------------------------------------------------------------------------


def test_the_run_in_excel_row_by_row(
    desk: Desk, world: World, treasurer: SignedIn, tmp_path: Path
) -> None:
    run = _run(desk, treasurer, certify=True)
    path = tmp_path / "tax-roll.xlsx"
    assert run_xlsx(run, path, city="City of Prescott") == 3
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == [f"Tax roll {run.number}", "Summary"]
    ws = wb.worksheets[0]
    rows = list(ws.iter_rows(values_only=True))
    assert (
        rows[0]
        == RUN_COLUMNS
        == (
            "Parcel number",
            "Owner",
            "Owner address",
            "Site address",
            "Description",
            "Section",
            "Amount",
        )
    )
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:G4"
    # One row per parcel and charge and nothing else: the totals are on the Summary sheet.
    assert len(rows) == 1 + len(run.entries) == ws.max_row
    owners = {"Marta Lindqvist": "412 Orange St N", HUDSON: "1200 Cairns St"}
    for number, (row, entry, expected) in enumerate(
        zip(rows[1:], run.entries, RUN_ROWS, strict=True), start=2
    ):
        parcel, owner, section, amount = expected
        assert row[0] == parcel == entry.parcel_number
        assert row[1] == owner == entry.owner_name
        assert row[2] == f"{owners[owner]}, Prescott, WI 54021"
        assert row[3] == entry.site_address
        assert row[4] == entry.description and row[4].startswith(entry.charge_number)
        assert row[5] == section == entry.section
        assert _money(row[6]) == amount == entry.amount
        assert ws.cell(number, 7).number_format == MONEY_FORMAT
        assert ws.cell(number, 1).data_type == "s"
    assert all(row[0] != "Total" for row in rows)
    assert all(ws.column_dimensions[c].width >= 14 for c in "ABCDEFG")
    assert ws.column_dimensions["E"].width >= 50  # the description is read in full

    summary = {
        row[0]: row[1]
        for row in wb["Summary"].iter_rows(min_row=1, max_row=14, values_only=True)
        if row[0]
    }
    assert summary["Run"] == run.number
    assert _day(summary["As of"]) == TODAY
    assert summary["Status"] == "Certified"
    assert summary["Certified by"] == "Test Treasurer"
    assert summary["Certified at"] == datetime(2026, 11, 30, 10, 0)
    assert (summary["Parcels"], summary["Charges"]) == (2, 3)
    assert _money(summary["Total"]) == Money("1305.00")
    sections = list(wb["Summary"].iter_rows(min_row=16, values_only=True))
    assert sections[0] == ("Section", "Charges", "Amount")
    got = [(s, n, _money(a)) for s, n, a in sections[1:]]
    assert got == [*run.totals_by_section(), ("Total", 3, Money("1305.00"))]
    assert got[:-1] == [
        ("§ 506-11 (Failure to remove)", 1, Money("75.00")),
        (
            "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
            1,
            Money("1050.00"),
        ),
        ("§ 506-20", 1, Money("180.00")),
    ]


def test_a_draft_run_in_excel_says_it_is_not_certified(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    run = _run(desk, treasurer, certify=False)
    stream = io.BytesIO()
    run_xlsx(run, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Status"] == "Draft — not certified"
    assert summary["Certified by"] == summary["Certified at"] == "—"


def test_the_register_in_excel_row_by_row(
    desk: Desk, world: World, admin: SignedIn, treasurer: SignedIn, tmp_path: Path
) -> None:
    run = _run(desk, treasurer, certify=True)
    cancelled = _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        world.marta,
        parcel=world.p412,
        work="Cleared the walk",
        work_done_on=date(2026, 11, 27),
        lines=[("fee", "Snow removal fee", "75.00")],
        bill_on=None,
    )
    with desk.action(admin) as action:
        sc.cancel_charge(action, cancelled, reason="Billed to the wrong parcel")
    with desk.database.reading() as session:
        charges = views.charge_views(session, sc.search_charges(session), today=TODAY)
    path = tmp_path / "register.xlsx"
    assert register_xlsx(charges, path, city="City of Prescott") == 8
    ws = openpyxl.load_workbook(path).active
    assert ws is not None
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0][0] == "City of Prescott — special charges register"
    headers = tuple(c.header for c in REGISTER_COLUMNS)
    assert rows[1] == headers
    assert headers == (
        "Charge",
        "Kind",
        "Section",
        "Parcel",
        "Site address",
        "Owner",
        "Billed party",
        "Billed as",
        "Work",
        "Work date",
        "Bill date",
        "Delivered",
        "Received on",
        "Due",
        "Tax-roll date",
        "Cost",
        "Administration",
        "Total",
        "Paid",
        "Balance",
        "Standing",
        "Run",
        "Cancelled on",
        "Cancel reason",
    )
    col = {name: index for index, name in enumerate(headers)}
    assert ws.freeze_panes == "A3"
    body = rows[2:]
    assert len(body) == len(charges) == 8
    for number, (row, view) in enumerate(zip(body, charges, strict=True), start=3):
        assert row[col["Charge"]] == view.number
        assert row[col["Kind"]] == view.title and row[col["Section"]] == view.cite
        assert (row[col["Parcel"]] or "") == view.parcel_number
        assert (row[col["Site address"]] or "") == view.site_address
        assert (row[col["Owner"]] or "") == view.owner_name
        assert row[col["Billed party"]] == view.billed_name
        assert row[col["Billed as"]] == view.billed_as.capitalize()
        assert row[col["Work"]] == view.work
        days = ("Work date", "Bill date", "Received on", "Due", "Tax-roll date", "Cancelled on")
        assert [_day(row[col[d]]) for d in days] == [
            view.work_done_on,
            view.bill_on,
            view.received_on,
            view.due_on,
            view.tax_roll_on,
            view.cancelled_on,
        ]
        assert (row[col["Delivered"]] or "") == view.delivered_how
        amounts = ("Cost", "Administration", "Total", "Paid", "Balance")
        assert [_money(row[col[a]]) for a in amounts] == [
            view.cost,
            view.administration,
            view.total,
            view.paid,
            view.balance,
        ]
        assert row[col["Standing"]] == view.standing
        assert (row[col["Run"]] or "") == view.run_number
        assert (row[col["Cancel reason"]] or "") == view.cancel_reason
        assert ws.cell(number, col["Work date"] + 1).number_format == DATE_FORMAT
        assert ws.cell(number, col["Total"] + 1).number_format == MONEY_FORMAT
    # Newest first; what a Treasurer checks of each, by hand.
    by_number = {row[0]: row for row in body}
    obstruction = by_number["CHG-2026-001"]
    assert obstruction[col["Delivered"]] == "mailed first class"
    assert _day(obstruction[col["Received on"]]) == date(2026, 11, 19)
    assert [obstruction[col[c]] for c in ("Due", "Tax-roll date", "Total", "Paid", "Balance")] == [
        datetime(2026, 11, 30),
        datetime(2026, 12, 1),
        325.5,
        100,
        225.5,
    ]
    assert obstruction[col["Standing"]] == "Partly paid" and obstruction[col["Run"]] is None
    deficiency = by_number["CHG-2026-002"]
    assert deficiency[col["Parcel"]] is None and deficiency[col["Tax-roll date"]] is None
    assert [_money(deficiency[col[c]]) for c in ("Cost", "Administration", "Total")] == [
        Money("133.35"),
        Money("26.67"),
        Money("160.02"),
    ]
    assert by_number["CHG-2026-006"][col["Balance"]] == 0
    assert by_number["CHG-2026-006"][col["Standing"]] == "Paid"
    for certified in ("CHG-2026-003", "CHG-2026-004", "CHG-2026-005"):
        got = by_number[certified]
        assert (got[col["Standing"]], got[col["Run"]]) == ("Certified to tax roll", run.number)
    assert by_number["CHG-2026-007"][col["Standing"]] == "Billed"
    gone = by_number["CHG-2026-008"]
    assert (gone[col["Standing"]], gone[col["Cancel reason"]]) == (
        "Cancelled",
        "Billed to the wrong parcel",
    )
    assert _day(gone[col["Cancelled on"]]) == TODAY


# -- a preview, an owner not on file ---------------------------------------------------------------


def test_a_preview_prints_as_one_and_is_never_signed(
    desk: Desk, world: World, treasurer: SignedIn
) -> None:
    preview = _run(desk, treasurer, date(2026, 12, 31), certify=False)
    assert preview.preview and preview.number == "PV-2026-01"
    # December 31: the obstruction (December 1), the deficiency never, the later charge
    # (December 24) are listed with the three of today's run.
    assert len(preview.entries) == 5
    text = papers.text(run_pdf(preview, PROFILE))
    assert "Preview — never certified" in text and "PREVIEW" in text
    assert "What a run as of Thursday, December 31, 2026, a day still to come, would list" in text
    assert "I certify" not in text and "DRAFT" not in text
    stream = io.BytesIO()
    run_xlsx(preview, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Status"] == "Preview — never certified"
    assert "never certified" in summary["Note"]


def test_a_parcel_with_no_owner_on_file_is_flagged_on_the_run(
    desk: Desk, world: World, admin: SignedIn, treasurer: SignedIn
) -> None:
    bare = _parcel_without_owner(desk, admin)
    _charge(
        desk,
        admin,
        ChargeKind.SNOW_ICE,
        world.marta,
        parcel=bare,
        work="Cleared the walk",
        work_done_on=date(2026, 10, 1),
        lines=[("fee", "Snow removal fee", "75.00")],
        bill_on=date(2026, 10, 2),
        billed_as="occupant",
    )
    run = _run(desk, treasurer, certify=False)
    assert run.owners_missing == ("281-00999-0000",)
    [entry] = [e for e in run.entries if e.parcel_number == "281-00999-0000"]
    assert (entry.owner_name, entry.owner_text) == ("", "Owner not on file")
    text = papers.text(run_pdf(run, PROFILE))
    assert "281-00999-0000 999 Court St N Owner not on file CHG-2026-008" in text
    assert (
        "Owner not on file for parcel 281-00999-0000: the run is not certified until the owner "
        "is recorded under People & Parcels and the run is prepared again." in text
    )
    assert "Marta Lindqvist 412 Orange St N, Prescott, WI 54021 CHG-2026-008" not in text
    stream = io.BytesIO()
    run_xlsx(run, stream)
    wb = openpyxl.load_workbook(io.BytesIO(stream.getvalue()))
    rows = list(wb.worksheets[0].iter_rows(values_only=True))
    assert ("281-00999-0000", "Owner not on file") in [(r[0], r[1]) for r in rows]
    summary = {row[0]: row[1] for row in wb["Summary"].iter_rows(values_only=True) if row[0]}
    assert summary["Owner not on file"] == "281-00999-0000"


def _parcel_without_owner(desk: Desk, who: SignedIn) -> int:
    with desk.action(who) as action:
        return parties.add_parcel(
            action, parties.ParcelData("281-00999-0000", "999 Court St N", owner_id=None)
        ).id
