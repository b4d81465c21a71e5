"""The street privilege permit and register read back, from records made by the services.

Each permit is issued the way the counter issues one (§ 506-9): the application with its fee
billed from the schedule, the Director's terms (a bond not exceeding $10,000, insurance as a
condition, the officials' own conditions), the bond filed with the Treasurer, the fee receipted
at the counter, then issuance by the Director of Public Works. The PDF is read back with pypdf,
the register with openpyxl. "Today" is Monday, November 30, 2026 unless a test travels.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock, city_zone
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import (
    BondKind,
    Compass,
    DueStatus,
    PartyKind,
    PrivilegePurpose,
    TenderKind,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.settings import CityProfile
from clerk_desk.street_numbers import streets
from clerk_desk.street_numbers.streets import StreetData
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views
from clerk_desk.street_privileges.service import PrivilegeData
from reports.excel import DATE_FORMAT, MONEY_FORMAT
from reports.street_privileges import REGISTER_COLUMNS, end_sentence, permit_pdf, register_xlsx

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544")
TODAY = date(2026, 11, 30)  # a Monday
FT = 12
FEE = Money("25.00")  # the shipped STPRIV placeholder
BOND = Money("5000")  # the bond the Director sets


# -- making real records -----------------------------------------------------------------------


@pytest.fixture
def builder(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return parties.add_party(
            action,
            parties.PartyData(
                kind=PartyKind.BUSINESS,
                name="Bluff Country Concrete & Sons <LLC>",
                street="N5037 County Rd M",
                city="Ellsworth",
                state="WI",
                postal_code="54011",
                phone="(715) 555-0199",
                contractor=True,
            ),
        ).id


@pytest.fixture
def broad(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return streets.add_street(
            action,
            StreetData(
                name="Broad",
                suffix="St",
                direction="N",
                odd_side=Compass.WEST,
                increases_toward=Compass.NORTH,
                range_low=100,
                range_high=999,
            ),
        )


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        owner = parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name="Rosa Lindgren")
        )
        return parties.add_parcel(
            action,
            parties.ParcelData(
                parcel_number="281-01042-0000", site_address="236 Broad St N", owner_id=owner.id
            ),
        ).id


def _data(applicant: int, **changes: Any) -> PrivilegeData:
    data = PrivilegeData(
        applicant_id=applicant,
        purpose=PrivilegePurpose.CONSTRUCTION,
        location="In front of 236 Broad St N",
        description="Storefront rebuild: a dumpster and pallets of block in the parking lane",
        planned_start=date(2026, 12, 1),
        planned_end=date(2027, 2, 15),
        street_width_in=36 * FT,
        street_used_in=12 * FT,  # exactly one-third
        sidewalk_width_in=10 * FT,
        sidewalk_used_in=5 * FT,  # exactly one-half
    )
    return dataclasses.replace(data, **changes)


def _apply(desk: Desk, who: SignedIn, data: PrivilegeData) -> int:
    with desk.action(who) as action:
        return sp.receive_application(action, data)


def _terms(
    desk: Desk,
    who: SignedIn,
    privilege_id: int,
    *,
    bond: Money | None = BOND,
    insurance: dict[CoverageKind, Money] | None = None,
    conditions: str = "",
) -> None:
    with desk.action(who) as action:
        sp.set_terms(
            action,
            privilege_id,
            bond_amount=bond,
            insurance_required=insurance is not None,
            insurance_minimums=insurance or {},
            conditions=conditions,
        )


def _bond(desk: Desk, who: SignedIn, principal: int, privilege_id: int) -> None:
    with desk.action(who) as action:
        bonds.file_bond(
            action,
            bonds.BondData(
                kind=BondKind.STREET_PRIVILEGE,
                principal_id=principal,
                surety="Western Surety Company",
                bond_number="SP-B-1",
                amount=Money("5000"),
                effective_on=TODAY,
                expires_on=date(2027, 11, 30),
                record_type=rules.RECORD_TYPE,
                record_id=str(privilege_id),
            ),
        )


def _insure(desk: Desk, who: SignedIn, insured: int) -> None:
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=insured,
                insurer="Acuity Mutual",
                policy_numbers="CGL 44-1901",
                effective_on=date(2026, 1, 1),
                expires_on=date(2027, 12, 31),
                received_on=TODAY,
                general_liability=True,
                coverages={
                    CoverageKind.BODILY_INJURY_PER_PERSON: Money("500000"),
                    CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
                    CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
                },
            ),
        )


def _pay(desk: Desk, who: SignedIn, privilege_id: int) -> str:
    """Receipt what is open on the permit at the counter, in cash."""
    with desk.action(who) as action:
        station = "Front counter"
        if receipts.current_drawer(action.session, station) is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100"))
        privilege = sp_records.get_privilege(action.session, privilege_id)
        dues = [
            d
            for d in ledger.dues_for(
                action.session, RecordRef(rules.RECORD_TYPE, str(privilege_id))
            )
            if d.status == DueStatus.OPEN
        ]
        lines = [receipts.due_line(action.session, d.id) for d in dues]
        total = sum((line.amount for line in lines), Money.zero())
        return receipts.take_payment(
            action,
            station=station,
            payer_id=privilege.applicant_id,
            lines=lines,
            tenders=[receipts.TenderEntry(TenderKind.CASH, total)],
        ).number


def _ready(desk: Desk, admin: SignedIn, director: SignedIn, applicant: int, **changes: Any) -> int:
    """An application with its terms set, its bond filed and its fee receipted."""
    privilege_id = _apply(desk, admin, _data(applicant, **changes))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, applicant, privilege_id)
    _pay(desk, admin, privilege_id)
    return privilege_id


def _issue(desk: Desk, who: SignedIn, privilege_id: int, **kwargs: Any) -> None:
    with desk.action(who) as action:
        sp.issue(action, privilege_id, **kwargs)


def _view(desk: Desk, privilege_id: int, today: date | None = None) -> views.PermitView:
    with desk.database.reading() as session:
        return views.permit_view(session, privilege_id, desk.calendar(), today=today)


def _has_all(text: str, expected: Sequence[str]) -> None:
    missing = [words for words in expected if words not in text]
    assert not missing, missing


# -- the permit --------------------------------------------------------------------------------


def test_permit_prints_the_term_the_conditions_and_what_is_on_file(
    desk: Desk,
    admin: SignedIn,
    director: SignedIn,
    builder: int,
    broad: int,
    parcel: int,
    tmp_path: Path,
) -> None:
    privilege_id = _apply(
        desk,
        admin,
        _data(
            builder,
            street_id=broad,
            parcel_id=parcel,
            building_permit_required=True,
            building_permit_number="B-2026-114",
        ),
    )
    with desk.action(admin) as action:
        sp.record_advice(
            action, privilege_id, who="police", advice="Flagger at rush hour", on=TODAY
        )
    _terms(
        desk,
        director,
        privilege_id,
        insurance={CoverageKind.BODILY_INJURY_PER_PERSON: Money("300000")},
        conditions="Flagger 7-9 a.m. on school days\nNo work on Sundays",
    )
    _bond(desk, admin, builder, privilege_id)
    _insure(desk, admin, builder)
    receipt = _pay(desk, admin, privilege_id)
    _issue(desk, director, privilege_id)
    with desk.action(admin) as action:
        sp.bill_city_costs(
            action, privilege_id, amount=Money("140"), description="Barricades delivered"
        )
    view = _view(desk, privilege_id, today=TODAY)
    pdf = permit_pdf(view, PROFILE, printed_on=TODAY)
    (tmp_path / "permit.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None
    assert reader.metadata.title == "Street Privilege Permit SP-2026-001"
    assert papers.page_count(pdf) == 2
    text = papers.text(pdf)
    _has_all(
        text,
        [
            "STREET PRIVILEGE PERMIT",
            "PERMIT NO. SP-2026-001",
            "Bluff Country Concrete & Sons <LLC>",  # printed as typed
            "N5037 County Rd M",
            "(715) 555-0199",
            "Location In front of 236 Broad St N Abutting property",  # the street is named in it
            "281-01042-0000, 236 Broad St N — owner Rosa Lindgren",
            "Construction materials",
            "Storefront rebuild: a dumpster and pallets of block",
            "No. B-2026-114",
            "Tue Dec 1, 2026 to Mon Feb 15, 2027",
            "Street occupied: 12 ft",
            "Sidewalk occupied: 5 ft",
            # the term, in the band and written out
            "ISSUED Mon Nov 30, 2026",
            "ENDS AUTOMATICALLY Sun Feb 28, 2027",
            "Three months from issuance — § 506-9 (Termination)",
            "This permit ends automatically at the end of Sunday, February 28, 2027 "
            "(§ 506-9 (Termination)).",
            # the five conditions of occupancy in the ordinance's words, then the officials'
            "Conditions of occupancy — § 506-9 (Conditions of occupancy)",
            "1. Such temporary obstruction shall cover not more than 1/3 of any street or alley.",
            "2. Obstructions shall be sufficiently lighted at night",
            "3. Sidewalk traffic shall not be interrupted, but temporary sidewalks of not less "
            "than four feet in width",
            "4. No building or structure shall be allowed to remain overnight on any street "
            "crossing",
            "5. Upon termination of the work necessitating such obstruction",
            "Conditions attached by City officials — § 506-9 (When required)",
            "6. Flagger 7-9 a.m. on school days",
            "7. No work on Sundays",
            "Chief of Police Mon Nov 30, 2026 Flagger at rush hour",
            # bond, insurance, fee and City costs on file
            "Amount set by the Director of Public Works: $5,000.00 (not exceeding $10,000.00)",
            "Street privilege bond No. SP-B-1, Western Surety Company, $5,000.00, in force "
            "Mon Nov 30, 2026 to Tue Nov 30, 2027 (filed for this permit).",
            "§ 506-9 (Bond)",
            "Proof of liability insurance is a condition of this permit: bodily injury per "
            "person $300,000.00.",
            "Certificate of insurance from Acuity Mutual, policy CGL 44-1901",
            f"$25.00 paid on receipt {receipt}, Mon Nov 30, 2026",
            "§ 506-9 (Fee)",
            "City costs § 506-9 (Fee) Street privilege SP-2026-001: actual City costs, "
            "Barricades delivered — $140.00 (open), billed to Bluff Country Concrete & Sons "
            "<LLC>",
            # the warning and the signature: a blank line for the Director (no designee), and
            # the operator who recorded the issuance named as such
            "This permit is subject to revocation without notice by the Building Inspector, the "
            "Chief of Police or the Director of Public Works",
            "Director of Public Works — § 506-9 (When required) Date issued",
            f"Recorded by {view.issued_by}",
            "Page 1 of 2",
        ],
    )
    assert view.issued_by == "Test Building Inspector / Public Works"
    assert f"{view.issued_by}, Director of Public Works" not in text  # no title presumed
    assert "Short:" not in text  # the certificate meets the minimum over the whole term
    for gone in ("REVOKED", "ENDED", "CLOSED", "still owed"):
        assert gone not in text, gone


def test_an_earlier_termination_set_by_the_council_is_the_day_printed(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(
        desk,
        director,
        privilege_id,
        earlier_end_on=date(2026, 12, 31),
        note="Council motion of Nov 23, 2026",
    )
    view = _view(desk, privilege_id, today=TODAY)
    assert end_sentence(view) == (
        "This permit ends automatically at the end of Thursday, December 31, 2026, an earlier "
        "termination date set at the discretion of the Common Council (Council motion of Nov "
        "23, 2026) (§ 506-9 (Termination))."
    )
    text = papers.text(permit_pdf(view, PROFILE))
    _has_all(
        text,
        [
            "ENDS AUTOMATICALLY Thu Dec 31, 2026",
            "Earlier day set by the Common Council",
            "This permit ends automatically at the end of Thursday, December 31, 2026, an "
            "earlier termination date set at the discretion of the Common Council (Council "
            "motion of Nov 23, 2026) (§ 506-9 (Termination)).",
        ],
    )
    assert "Three months from issuance" not in text


def test_an_ended_permit_prints_ended_from_the_day_after_its_last_day(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    last = date(2027, 2, 28)
    assert "ENDED" not in papers.text(
        permit_pdf(_view(desk, privilege_id), PROFILE, printed_on=last)
    )
    after = papers.text(permit_pdf(_view(desk, privilege_id), PROFILE, printed_on=date(2027, 3, 1)))
    assert "ENDED" in after and "Printed Mon Mar 1, 2027" in after
    # the view's own status says so too when it was read after the last day
    ended = _view(desk, privilege_id, today=date(2027, 3, 1))
    assert ended.status == "Ended Feb 28, 2027"
    assert "ENDED" in papers.text(permit_pdf(ended, PROFILE))


def test_a_revoked_permit_prints_who_revoked_it_and_why(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2026, 12, 10, 21, 15))
    with desk.action(director) as action:
        sp_occupancy.revoke(
            action,
            privilege_id,
            by_name="Chief Gary Krueger",
            by_title="Chief of Police",
            reason="Dumpster unlit at night",
            on=date(2026, 12, 10),
        )
    text = papers.text(
        permit_pdf(_view(desk, privilege_id), PROFILE, printed_on=date(2026, 12, 10))
    )
    _has_all(
        text,
        [
            "REVOKED",
            "Revoked without notice on Thu Dec 10, 2026 by Chief Gary Krueger, Chief of Police: "
            "Dumpster unlit at night.",
        ],
    )


def test_closing_and_removal_by_the_city_are_printed(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
    tmp_path: Path,
) -> None:
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 2, 26, 18, 30))  # in force: the sidewalk is lawfully obstructed
    notice_at = datetime(2027, 2, 26, 18, 30, tzinfo=city_zone())
    with desk.action(admin) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=notice_at, to="Rosa Lindgren")
    clock.set(datetime(2027, 2, 27, 18, 30))
    with desk.action(admin) as action:
        sp_removal.record_city_removal(
            action, privilege_id, on=date(2027, 2, 27), cost=Money("640"), description="Crew"
        )
    text = papers.text(permit_pdf(_view(desk, privilege_id), PROFILE, printed_on=date(2027, 2, 27)))
    _has_all(
        text,
        [
            "Removal by City",
            "The Common Council's notice to remove the obstruction within 24 hours given Fri "
            "Feb 26, 2027, 6:30 p.m. "
            "to Rosa Lindgren.",
            "Removed by the City Sat Feb 27, 2027.",
            "§ 506-9 (Removal by City)",
            "$640.00 charged to Rosa Lindgren, owner of the abutting property, as a special "
            "charge for the next annual tax roll (open).",
        ],
    )
    # The owner's charge is not printed as the permittee's City costs.
    assert "City costs" not in text
    with desk.database.reading() as session:
        rows = views.register_rows(session, today=date(2027, 2, 27))
    register_xlsx(rows, tmp_path / "register.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "register.xlsx").active
    assert sheet is not None
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    line = dict(zip(values[1], values[2], strict=True))
    assert (line["City costs"], line["Removal by City"], line["Removal charged to"]) == (
        0,
        640,
        "Rosa Lindgren",
    )
    assert line["Status"] == "Removed by the City Feb 27, 2027"


def test_a_closed_permit_prints_closed(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 1, 20, 10, 0))
    with desk.action(admin) as action:
        sp_occupancy.close(
            action,
            privilege_id,
            on=date(2027, 1, 20),
            by_name="Ivan Olsen",
            by_title="Director of Public Works",
        )
    text = papers.text(permit_pdf(_view(desk, privilege_id), PROFILE))
    _has_all(text, ["CLOSED", "placed in a safe condition for public travel: Wed Jan 20, 2027"])


def test_an_application_not_issued_has_no_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    with pytest.raises(Conflict, match="is not issued \\(applied\\)") as waiting:
        permit_pdf(_view(desk, privilege_id), PROFILE)
    assert waiting.value.cite == "§ 506-9 (When required)"
    with desk.action(director) as action:
        sp.refuse(action, privilege_id, reason="Sidewalk fully closed without a temporary walk")
    with pytest.raises(Conflict, match="SP-2026-001 was refused: there is no permit to print"):
        permit_pdf(_view(desk, privilege_id), PROFILE)


def test_what_is_missing_is_said_plainly(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    """A permit printed from a view whose bond, certificate and fee are not on file (a reprint
    after a receipt was voided, a bond released) says what is missing rather than print
    nothing."""
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    view = dataclasses.replace(
        _view(desk, privilege_id),
        bonds=(),
        insurance_required=True,
        insurance_minimums=(),
        insurance=None,
        receipts=(),
        fee_owed=FEE,
    )
    text = papers.text(permit_pdf(view, PROFILE))
    _has_all(
        text,
        [
            "No street privilege bond is on file.",
            "No certificate of insurance is on file.",
            "$25.00 of the fee is still owed.",
        ],
    )
    paid = dataclasses.replace(view, receipts=(), fee_owed=Money.zero())
    text = papers.text(permit_pdf(paid, PROFILE))
    assert "Fee of $25.00 paid." in text and "Fee billed" not in text
    owed = dataclasses.replace(view, receipts=(), fee_owed=Money("10"))
    assert "$10.00 of the fee is still owed." in papers.text(permit_pdf(owed, PROFILE))
    no_bond = dataclasses.replace(view, bond_amount=None, insurance_required=False)
    text = papers.text(permit_pdf(no_bond, PROFILE))
    _has_all(
        text,
        [
            "BOND Not set",
            "No bond amount is set.",
            "Proof of liability insurance is not a condition of this permit.",
        ],
    )


def test_a_moved_building_prints_its_route(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(
        desk,
        admin,
        director,
        builder,
        purpose=PrivilegePurpose.MOVE_BUILDING,
        route="Broad St N to Orange St N, then east on Kinnickinnic St",
        sidewalk_width_in=None,
        sidewalk_used_in=None,
    )
    _issue(desk, director, privilege_id)
    view = _view(desk, privilege_id)
    text = papers.text(permit_pdf(view, PROFILE))
    _has_all(
        text,
        [
            "Moving a building or structure",
            "Route Broad St N to Orange St N, then east on Kinnickinnic St",
        ],
    )
    assert "Sidewalk occupied" not in text
    # The building materials rule of § 506-8 (Exceptions) is not printed for a moved building.
    assert not view.materials and "materials may not interfere" not in text
    blocked = papers.text(permit_pdf(dataclasses.replace(view, gutter_clear=False), PROFILE))
    assert "Blocked as applied: keep the flow in the gutters open" in blocked
    assert "materials may not interfere" not in blocked


def test_a_standing_bond_shared_or_claimed_against_says_so(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    view = _view(desk, privilege_id)
    (bond,) = view.bonds
    shared = dataclasses.replace(
        bond, for_this_permit=False, also_backs=("SP-2026-002", "SP-2026-004"), claim_made=True
    )
    text = papers.text(permit_pdf(dataclasses.replace(view, bonds=(shared,)), PROFILE))
    _has_all(
        text,
        [
            "(a standing bond of the permittee that covers this permit). It also stands behind "
            "SP-2026-002 and SP-2026-004, each counting it at its full amount. A claim has been "
            "made on it.",
        ],
    )
    assert "also stands behind" not in papers.text(permit_pdf(view, PROFILE))


# -- the register ------------------------------------------------------------------------------


def test_register_lists_each_permit_with_its_dates_and_money(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, tmp_path: Path
) -> None:
    issued = _ready(desk, admin, director, builder)
    _issue(desk, director, issued)
    _apply(desk, admin, _data(builder, location="Alley behind 120 Broad St N"))
    with desk.database.reading() as session:
        rows = views.register_rows(session, 2026, today=date(2027, 3, 1))
    target = tmp_path / "privileges.xlsx"
    seen: list[int] = []
    written = register_xlsx(
        rows, target, city="City of Prescott", printed_on=TODAY, progress=seen.append
    )
    assert written == 2 and seen[-1] == 2
    sheet = openpyxl.load_workbook(target).active
    assert sheet is not None
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0][0] == (
        "City of Prescott \u2014 street privilege permits (§ 506-9), Mon Nov 30, 2026"
    )
    header = values[1]
    assert header == [c.header for c in REGISTER_COLUMNS]
    by_number = {row[0]: dict(zip(header, row, strict=True)) for row in values[2:]}
    first = by_number["SP-2026-001"]
    assert first["Applicant"] == "Bluff Country Concrete & Sons <LLC>"
    assert first["Purpose"] == "Construction materials"
    assert first["Status"] == "Ended Feb 28, 2027"
    assert first["Applied"].date() == TODAY
    assert first["Issued"].date() == TODAY and first["Ends"].date() == date(2027, 2, 28)
    assert first["Earlier end"] == "No" and first["Insurance required"] == "No"
    assert first["Bond set"] == 5000
    assert first["Bond on file"] == "Western Surety Company, No. SP-B-1, $5,000.00"
    assert (first["Fee"], first["Fee paid"], first["City costs"]) == (25, 25, 0)
    assert (first["Removal by City"], first["Removal charged to"]) == (0, None)
    waiting = by_number["SP-2026-002"]
    assert waiting["Status"] == "Applied" and waiting["Location"] == "Alley behind 120 Broad St N"
    assert waiting["Issued"] is None and waiting["Ends"] is None and waiting["Bond set"] is None
    assert (waiting["Fee"], waiting["Fee paid"]) == (25, 0)
    row = 3 + [r[0] for r in values[2:]].index("SP-2026-001")
    assert sheet.cell(row, 10).number_format == DATE_FORMAT  # Ends
    assert sheet.cell(row, 12).number_format == MONEY_FORMAT  # Bond set
    assert sheet.freeze_panes == "A3"
