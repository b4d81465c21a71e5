"""Sidewalk cafe permits (§ 506-10) once approved, at their boundaries, and what the registers
show.

The term of at most one year (a seasonal term shorter); the fee and the insurance, liquor
liability with alcohol; not transferable, a renewal runs it all again; seven days' notice of a
suspension and 10 days' notice of a revocation meeting; the Today tab, the register, the views
and the demo.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock. The Council
meets on Mon Dec 14 and Mon Dec 28, 2026 and Mon Jan 11, 2027.
"""

from __future__ import annotations

import io
from datetime import date, datetime, time

import pytest
from PIL import Image
from pypdf import PdfReader
from sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    APPLICATION,
    CHAMBERS,
    CHICAGO,
    PNG,
    _apply,
    _blocks,
    _business_on_broad,
    _certificate,
    _data,
    _do,
    _get,
    _issued,
    _items,
    _mail,
    _meeting,
    _pay,
    _refused,
    _to_council,
    _today_items,
)
from sidewalk_cafes_steps import bistro as bistro
from sqlalchemy import func, select

from clerk_desk import ledger
from clerk_desk.clock import FixedClock
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.documents import scan_bytes
from clerk_desk.errors import Conflict, PermissionDenied
from clerk_desk.kinds import CafeStatus, DueStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, AuditEvent, CouncilMeeting
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import checklist as cafe_checklist
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import papers as views
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.rules import ItemState

TERM = "§ 506-10 (Term and renewal of permit; temporary suspension of operation)"


REVOCATION = "§ 506-10 (Revocation of permit; appeal)"
INSURANCE = "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)"


# -- the permit ---------------------------------------------------------------------------------


def test_issued_for_at_most_one_year_from_its_issuance(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    unapproved = _refused(desk, clerk, cafe_council.issue, path.cafe, error=Conflict)
    assert "only after the Council's approval" in unapproved.message
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    longer = _refused(desk, clerk, cafe_council.issue, path.cafe, expires_on=date(2027, 12, 29))
    assert longer.cite == TERM
    assert longer.message == (
        "The permit may run at most one year from its original issuance: until Tue Dec 28, "
        "2027, not Wed Dec 29, 2027."
    )
    _refused(desk, inspector, cafe_council.issue, path.cafe, error=PermissionDenied)
    _do(desk, clerk, cafe_council.issue, path.cafe, expires_on=date(2027, 12, 28))
    permit = _get(desk, path.cafe)
    assert (permit.status, permit.issued_on, permit.expires_on, permit.issued_by_name) == (
        CafeStatus.ISSUED,
        date(2026, 12, 28),
        date(2027, 12, 28),
        "Test Clerk",
    )
    assert (
        cafe_terms.display_status(permit, date(2027, 12, 28)) == "Issued — expires Tue Dec 28, 2027"
    )
    assert cafe_terms.display_status(permit, date(2027, 12, 29)) == "Expired"
    assert all(item.met for item in _items(desk, clerk, path.cafe).values())


def test_a_seasonal_term_is_shorter_and_the_default_is_a_year(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    assert _get(desk, path.cafe).expires_on == date(2027, 12, 28)
    other = _business_on_broad(desk, clerk, "Seasonal Cones")
    clock.set(datetime(2026, 11, 30, 10, 0))
    season = _to_council(desk, clock, clerk, inspector, treasurer, other, _data(other))
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        season.cafe,
        meeting_id=season.dec28,
        approved=True,
    )
    _refused(desk, clerk, cafe_council.issue, season.cafe, expires_on=date(2026, 12, 27))
    _do(desk, clerk, cafe_council.issue, season.cafe, expires_on=date(2027, 10, 31))
    assert _get(desk, season.cafe).expires_on == date(2027, 10, 31)


def test_issuance_waits_for_the_fee_and_the_insurance_from_the_application(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro, pay=False, insure=False)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    uninsured = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert uninsured.field == "insurance" and uninsured.cite == INSURANCE
    assert (
        "No certificate of insurance is on file for Broad Street Bistro LLC." in uninsured.message
    )
    # coverage that starts after the application does not do
    _certificate(desk, clerk, bistro, effective_on=date(2026, 12, 1))
    late = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert "after the application was made (Mon Nov 30, 2026)" in late.message
    _certificate(desk, clerk, bistro)
    unpaid = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert unpaid.field == "fee" and unpaid.message.startswith("Fee receipted: The fee set")
    number = _pay(desk, treasurer, path.cafe)
    _do(desk, clerk, cafe_council.issue, path.cafe)
    with desk.lookup(clerk) as action:
        view = views.permit_view(action.session, path.cafe, action.calendar, today=action.today())
    assert [r.receipt_number for r in view.receipts] == [number]
    assert view.fee_owed == Money.zero() and view.insurance is not None


def test_alcohol_needs_liquor_liability_insurance(desk: Desk, clerk: SignedIn, bistro: int) -> None:
    cafe = _apply(desk, clerk, _data(bistro, serves_alcohol=True, liquor_license="B-7"))
    _certificate(desk, clerk, bistro)
    insurance = _items(desk, clerk, cafe)["insurance"]
    assert insurance.state is ItemState.NOT_MET
    assert _blocks(list(insurance.findings)) == [
        "Alcohol will be served, and the certificate shows no liquor liability coverage."
    ]
    _certificate(desk, clerk, bistro, liquor=True)
    assert _items(desk, clerk, cafe)["insurance"].met


def test_not_transferable_a_new_owner_applies_again_and_a_renewal_runs_it_all_again(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    buyer = _business_on_broad(desk, clerk, "New Owner Hospitality Inc.")
    waiting = _apply(desk, clerk, _data(bistro))
    moved = _refused(desk, clerk, sc.correct_application, waiting, _data(buyer))
    assert moved.cite == TERM
    assert moved.message == (
        "A sidewalk cafe permit is not transferable: a new owner needs a new application."
    )
    _do(desk, clerk, sc.correct_application, waiting, _data(bistro, seats=20))
    assert _get(desk, waiting).seats == 20
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    _refused(desk, clerk, sc.correct_application, path.cafe, _data(buyer))
    frozen = _refused(desk, clerk, sc.correct_application, path.cafe, _data(bistro), error=Conflict)
    assert "can no longer be corrected" in frozen.message
    renewal = _do(desk, clerk, cafe_council.renew, path.cafe)
    again = _get(desk, renewal)
    old = _get(desk, path.cafe)
    assert (again.status, again.renews_id, again.applicant_id) == (
        CafeStatus.APPLIED,
        path.cafe,
        bistro,
    )
    assert (again.establishment, again.clear_passage_in, again.closes_at) == (
        old.establishment,
        old.clear_passage_in,
        old.closes_at,
    )
    assert again.site_plan_sha256 == old.site_plan_sha256 and again.sales_records_sha256 == ""
    assert [n.name for n in again.neighbors] == [n.name for n in old.neighbors]
    assert (again.notice_mailed_on, again.council_approved, again.gross_sales) == (None, None, None)
    with desk.lookup(clerk) as action:
        [due] = ledger.dues_for(action.session, RecordRef(cafe_rules.RECORD_TYPE, str(renewal)))
        assert due.description.startswith(
            f"Sidewalk cafe permit renewal {again.number} (renews {old.number})"
        )
    twice = _refused(desk, clerk, cafe_council.renew, path.cafe, error=Conflict)
    assert twice.message == f"{old.number} is already renewed by {again.number}."
    _refused(desk, clerk, cafe_council.renew, waiting, error=Conflict)


# -- suspension and revocation ------------------------------------------------------------------


def test_seven_days_written_notice_of_a_suspension_unless_an_emergency(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 1, 4, 10, 0))
    festival = "Street festival: Broad St N closed"
    six = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 10),
        ends_on=date(2027, 1, 10),
        reason=festival,
    )
    assert (six.cite, six.field) == (TERM, "short_notice_reason")
    assert six.message == (
        "Written notice dated Mon Jan 4, 2027 is 6 days before the suspension starts "
        "(Sun Jan 10, 2027): seven days' written notice was due by Sun Jan 3, 2027. The "
        "ordinance lets the City suspend all the same (failure or inability to give prior "
        "written notice does not affect its right): say why notice could not be given, or "
        "record an emergency."
    )
    none = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 12),
        reason=festival,
    )
    assert none.field == "short_notice_reason"
    assert none.message.startswith(
        "No written notice is recorded: seven days' written notice was due by Mon Jan 4, 2027."
    )
    seven = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 12),
        reason=festival,
    )
    overlap = _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 13),
        reason="Water main",
        emergency=True,
        error=Conflict,
    )
    assert "already suspended from Mon Jan 11, 2027 to Tue Jan 12, 2027" in overlap.message
    emergency = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 4),
        ends_on=date(2027, 1, 5),
        reason="Water main break under the sidewalk",
        emergency=True,
    )
    permit = _get(desk, path.cafe)
    assert permit.status == CafeStatus.ISSUED  # the permit stands; its operation is suspended
    assert cafe_terms.display_status(permit, date(2027, 1, 4)) == "Suspended until Tue Jan 5, 2027"
    assert cafe_terms.standing(permit, date(2027, 1, 6)) is CafeStatus.ISSUED
    assert (
        cafe_terms.display_status(permit, date(2027, 1, 11)) == "Suspended until Tue Jan 12, 2027"
    )
    with desk.lookup(clerk) as action:
        found = sc.search_cafes(action.session, status=CafeStatus.SUSPENDED, today=date(2027, 1, 4))
        assert [c.id for c in found] == [path.cafe]
        assert (
            sc.search_cafes(action.session, status=CafeStatus.ISSUED, today=date(2027, 1, 4)) == []
        )
        assert (
            sc.search_cafes(action.session, status=CafeStatus.SUSPENDED, today=date(2027, 1, 6))
            == []
        )
    titles = [i.title for i in _today_items(desk, clerk)]
    assert "SC-2026-001 suspended from Mon Jan 11, 2027 to Tue Jan 12, 2027" in titles
    _do(
        desk,
        clerk,
        cafe_suspensions.lift_suspension,
        emergency,
        on=date(2027, 1, 5),
        reason="Repaired",
    )
    permit = _get(desk, path.cafe)
    assert (
        cafe_terms.display_status(permit, date(2027, 1, 5)) == "Issued — expires Tue Dec 28, 2027"
    )
    with desk.lookup(clerk) as action:
        letter = views.letter_view(action.session, path.cafe, suspension_id=seven)
    assert (letter.kind, letter.notice_on, letter.starts_on, letter.ends_on) == (
        "suspension",
        date(2027, 1, 4),
        date(2027, 1, 11),
        date(2027, 1, 12),
    )
    assert letter.reason == f"{festival}" and letter.cite == TERM
    assert letter.applicant_address == "301 Broad St N\nPrescott, WI 54021"


def test_a_suspension_without_seven_days_notice_is_recorded_with_why(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    """Issue 21: § 506-10 says "Failure or inability to give prior written notice shall not
    affect the right and power of the City to temporarily prohibit the cafe's operation". A
    suspension on short notice, or none, is recorded once the clerk says why; it stands as
    such in the register, the letter and the audit trail."""
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 1, 4, 10, 0))
    why = "The sidewalk caved in over the storm sewer on Sunday"
    short = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 10),  # six days: one short
        ends_on=date(2027, 1, 10),
        reason="Storm sewer repair in front of the cafe",
        short_notice_reason=f"  {why} ",
    )
    without = _do(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 11),
        ends_on=date(2027, 1, 11),
        reason="Storm sewer repair in front of the cafe",
        short_notice_reason=why,
    )
    in_time = _do(  # seven days: the reason typed is not needed, and not kept
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=date(2027, 1, 4),
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 12),
        reason="Prescott Daze",
        short_notice_reason="typed by mistake",
    )
    with desk.lookup(clerk) as action:
        rows = {r.id: r for r in cafe_views.cafe_row(action, path.cafe).suspensions}
        letter = views.letter_view(action.session, path.cafe, suspension_id=short)
        events = action.session.scalars(
            select(AuditEvent.summary).where(AuditEvent.action == "sidewalk_cafe.suspend")
        ).all()
    assert rows[short].notice_text == f"01/04/2027, short of seven days: {why}"
    assert rows[without].notice_text == f"none, short of seven days: {why}"
    assert rows[in_time].notice_text == "01/04/2027" and rows[in_time].short_notice_reason == ""
    assert letter.short_notice_reason == why
    assert [e.endswith(f"without seven days' written notice: {why}") for e in events] == [
        True,
        True,
        False,
    ]


def test_ten_days_written_notice_before_the_revocation_meeting(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2027, 1, 4, 10, 0))
    _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, error=Conflict)
    grounds = "Tables left on the sidewalk overnight, repeatedly"
    nine = _refused(
        desk,
        clerk,
        cafe_suspensions.give_revocation_notice,
        path.cafe,
        notice_on=date(2027, 1, 2),
        meeting_id=jan11,
        grounds=grounds,
    )
    assert nine.cite == REVOCATION
    assert nine.message == (
        "The meeting of Mon Jan 11, 2027 is 9 days after the notice (Sat Jan 2, 2027): 10 days' "
        "written notice is required, so the notice by Fri Jan 1, 2027, or a later meeting."
    )
    _do(
        desk,
        clerk,
        cafe_suspensions.give_revocation_notice,
        path.cafe,
        notice_on=date(2027, 1, 1),
        meeting_id=jan11,
        grounds=grounds,
    )
    assert "Council to consider revoking SC-2026-001 on Mon Jan 11, 2027" in [
        i.title for i in _today_items(desk, clerk)
    ]
    with desk.lookup(clerk) as action:
        letter = views.letter_view(action.session, path.cafe, zone=CHICAGO)
    assert (letter.kind, letter.notice_on, letter.grounds) == (
        "revocation",
        date(2027, 1, 1),
        grounds,
    )
    assert letter.meeting_at == datetime(2027, 1, 11, 18, 0, tzinfo=CHICAGO)
    assert letter.meeting_place == CHAMBERS
    early = _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11)
    assert early.message == "The meeting of Mon Jan 11, 2027 has not taken place yet."
    clock.set(datetime(2027, 1, 12, 9, 0))
    before = _refused(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=path.dec28)
    assert "cannot have revoked the permit at the earlier meeting" in before.message
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, until=date(2027, 2, 28))
    revoked = _get(desk, path.cafe)
    assert (revoked.status, revoked.revoked_on) == (CafeStatus.REVOKED, date(2027, 1, 11))
    assert cafe_terms.display_status(revoked, date(2027, 2, 28)) == "Revoked until Sun Feb 28, 2027"
    assert (
        cafe_terms.display_status(revoked, date(2027, 3, 1)) == "Issued — expires Tue Dec 28, 2027"
    )
    _refused(
        desk,
        clerk,
        cafe_suspensions.suspend,
        path.cafe,
        notice_on=None,
        starts_on=date(2027, 1, 12),
        ends_on=date(2027, 1, 12),
        reason="x",
        emergency=True,
        error=Conflict,
    )


# -- registers, the Today tab, the views ----------------------------------------------------------


def test_the_today_tab_lists_what_is_due(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    _mail(desk, clerk, cafe)
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title, item.cite, item.record_id) == (
        date(2026, 12, 15),
        "Comments on SC-2026-001 close Tue Dec 15, 2026",
        APPLICATION,
        str(cafe),
    )
    clock.set(datetime(2026, 12, 16, 9, 0))
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title) == (
        date(2026, 12, 16),
        "Place SC-2026-001 before the Council: the comment period has ended",
    )
    other = _business_on_broad(desk, clerk, "Kinni Cones")
    clock.set(datetime(2026, 11, 30, 10, 0))
    path = _issued(
        desk,
        clock,
        clerk,
        inspector,
        treasurer,
        other,
    )
    # the permit expires Dec 28, 2027: listed from 30 days before, not 31
    clock.set(datetime(2027, 11, 27, 9, 0))
    assert not any("expires" in i.title for i in _today_items(desk, clerk))
    clock.set(datetime(2027, 11, 28, 9, 0))
    expiring = [i for i in _today_items(desk, clerk) if "expires" in i.title]
    assert [(i.due, i.title, i.cite) for i in expiring] == [
        (date(2027, 12, 28), "Sidewalk cafe permit SC-2026-002 expires Tue Dec 28, 2027", TERM)
    ]
    assert _get(desk, path.cafe).number == "SC-2026-002"


def test_an_approved_permit_waits_on_the_today_tab_to_be_issued(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    assert [(i.due, i.title) for i in _today_items(desk, clerk)] == [
        (date(2026, 12, 28), "Issue SC-2026-001: approved by the Council")
    ]


def test_the_papers_views(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    data = _data(
        bistro,
        serves_alcohol=True,
        liquor_license="Class B 2026-3",
        umbrellas="Two umbrellas, 7 ft clear",
    )
    cafe = _apply(desk, clerk, data)
    with desk.lookup(clerk) as action:
        draft = views.notice_view(action.session, cafe, calendar=action.calendar)
    assert (draft.mailed_on, draft.comments_due_on, draft.neighbors) == (None, None, ())
    _mail(desk, clerk, cafe)
    _do(desk, clerk, sc.send_to_police, cafe, on=date(2026, 11, 30))
    _do(desk, clerk, sc.record_police_review, cafe, on=date(2026, 11, 30), approved=True)
    _do(
        desk,
        inspector,
        sc.record_dpw_inspection,
        cafe,
        on=date(2026, 11, 30),
        by_name="Ivan Olsen",
        satisfied=True,
    )
    _certificate(desk, clerk, bistro, liquor=True)
    _pay(desk, treasurer, cafe)
    with desk.lookup(clerk) as action:
        notice = views.notice_view(action.session, cafe, calendar=action.calendar)
    assert (notice.mailed_on, notice.comments_due_on) == (date(2026, 11, 30), date(2026, 12, 15))
    assert notice.comments_explanation.startswith("15 days after Mon Nov 30, 2026 is Tue Dec 15")
    assert (notice.site_plan, notice.site_plan_kind, notice.site_plan_scale) == (
        PNG,
        "png",
        "1 in = 8 ft",
    )
    assert notice.serves_alcohol and notice.alcohol == (
        "Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
        "(liquor license Class B 2026-3)."
    )
    assert [(n.position, n.name, n.distance_ft) for n in notice.neighbors] == [
        (1, "Owner 1", 20),
        (2, "Owner 2", 40),
        (3, "Owner 3", 60),
    ]
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    clock.set(datetime(2026, 12, 29, 9, 0))
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        cafe,
        meeting_id=dec28,
        approved=True,
        conditions="Stanchions 3 ft high",
        closes_at=time(20, 30),
    )
    _do(desk, clerk, cafe_council.issue, cafe)
    with desk.lookup(clerk) as action:
        permit = views.permit_view(action.session, cafe, action.calendar, today=action.today())
        rows = views.register_rows(action.session, 2026, today=action.today())
        assert views.register_rows(action.session, 2025) == []
    assert (permit.number, permit.status, permit.issued_on, permit.expires_on) == (
        "SC-2026-001",
        "Issued — expires Wed Dec 29, 2027",
        date(2026, 12, 29),
        date(2027, 12, 29),
    )
    assert permit.term == (
        "Expires Wed Dec 29, 2027 — at most one year from issuance; not transferable."
    )
    assert permit.hours == "7:00 a.m. to 8:30 p.m." and permit.closes_at == time(20, 30)
    assert permit.council_conditions == ("Stanchions 3 ft high",)
    assert permit.council_meeting_on == date(2026, 12, 28)
    assert permit.umbrellas == "Two umbrellas, 7 ft clear" and permit.serves_alcohol
    assert permit.configuration == "Abutting the storefront"
    assert ("Clear pedestrian passage", "6 ft (abuts the curb)") in permit.dimensions
    assert ("Aisles", "4 ft") in permit.dimensions
    assert permit.display_notice == "This permit must be visibly displayed during business hours."
    assert permit.insurance is not None and permit.insurance.shortfalls == ()
    assert ("liquor liability", Money("1000000")) in permit.insurance.limits
    assert permit.fee_amount == Money("75.00") and permit.fee_owed == Money.zero()
    assert permit.applicant_name == "Broad Street Bistro LLC"
    [row] = rows
    assert (row.number, row.status, row.issued_on, row.serves_alcohol, row.fee_owed) == (
        "SC-2026-001",
        "Issued — expires Wed Dec 29, 2027",
        date(2026, 12, 29),
        True,
        Money.zero(),
    )
    with desk.lookup(clerk) as action, pytest.raises(Conflict):
        views.letter_view(action.session, cafe)  # no revocation notice on record


def test_the_register_is_searched_by_any_word(desk: Desk, clerk: SignedIn, bistro: int) -> None:
    first = _apply(desk, clerk, _data(bistro))
    second = _apply(desk, clerk, _data(bistro, establishment="Café Zoë", address="12 Orange St"))
    with desk.lookup(clerk) as action:
        session = action.session
        assert [c.id for c in sc.search_cafes(session, "zoe orange")] == [second]
        assert [c.id for c in sc.search_cafes(session, "SC-2026-001")] == [first]
        assert [c.id for c in sc.search_cafes(session, "bistro llc")] == [second, first]
        assert sc.search_cafes(session, year=2025) == []
        assert sc.cafe_years(session) == [2026]
        assert [c.id for c in sc.search_cafes(session, status=CafeStatus.APPLIED)] == [
            second,
            first,
        ]


# -- the demo -----------------------------------------------------------------------------------


def test_the_demo_puts_a_cafe_at_each_step_on_a_fresh_desk(desk: Desk, admin: SignedIn) -> None:
    made = demo_sidewalk_cafes.generate(desk)
    assert made["sidewalk_cafe"] == 6 and made["council_meeting"] >= 2
    day = desk.clock.today()
    with desk.database.reading() as session:
        cafes = {c.establishment: c for c in sc.search_cafes(session)}
        shown = {name: cafe_terms.display_status(c, day) for name, c in cafes.items()}
        dues = list(
            session.scalars(
                select(AmountDue).where(AmountDue.record_type == cafe_rules.RECORD_TYPE)
            )
        )
        assert len(dues) == demo_sidewalk_cafes.AMOUNTS_DUE
        assert sum(d.status == DueStatus.OPEN for d in dues) == demo_sidewalk_cafes.OPEN_AMOUNTS_DUE
        bakery = cafes[demo_sidewalk_cafes.BAKERY]
        assert bakery.comments_due_on is not None and 0 <= (bakery.comments_due_on - day).days <= 7
        harbor = cafes[demo_sidewalk_cafes.HARBOR]
        assert harbor.expires_on is not None and 0 <= (harbor.expires_on - day).days <= 30
        ale = cafes[demo_sidewalk_cafes.ALEHOUSE]
        assert ale.serves_alcohol and ale.police_approved and ale.council_closes_at == time(22, 0)
        plans = {name: scan_bytes(session, c.site_plan_sha256) for name, c in cafes.items()}
        comments = {c.timely for c in cafes[demo_sidewalk_cafes.SLICE].comments}
        issued = [c.id for c in cafes.values() if c.status == CafeStatus.ISSUED]
        meetings = session.scalar(select(func.count()).select_from(CouncilMeeting))
    assert shown[demo_sidewalk_cafes.BISTRO].startswith("Before the Council ")
    assert shown[demo_sidewalk_cafes.HARBOR].startswith("Issued — expires ")
    assert shown[demo_sidewalk_cafes.PIZZERIA].startswith("Suspended until ")
    assert shown[demo_sidewalk_cafes.SLICE] == "Denied" and comments == {True, False}
    assert shown[demo_sidewalk_cafes.BAKERY].startswith("Comments until ")
    assert meetings == made["council_meeting"]
    for name, content in plans.items():
        assert content is not None
        if content.startswith(b"%PDF"):
            text = PdfReader(io.BytesIO(content)).pages[0].extract_text()
            assert "Scale: 1 in = 8 ft" in text and name in text
        else:
            image = Image.open(io.BytesIO(content))
            assert image.format == "PNG" and image.size[0] > 100
    titles = [i.title for i in _today_items(desk, admin)]
    assert any(t.startswith(f"Comments on {bakery.number} close") for t in titles)
    assert any(t.startswith(f"Sidewalk cafe permit {harbor.number} expires") for t in titles)
    assert len(issued) == 3
    with desk.lookup(admin) as action:
        for cafe_id in issued:
            assert [i.key for i in cafe_checklist.review(action, cafe_id) if not i.met] == []
