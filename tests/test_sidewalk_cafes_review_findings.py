"""Sidewalk cafes (§ 506-10): the review's findings, each as a clerk meets it.

The notice is not mailed without a readable site plan, and mailed again when what the neighbours
were told is corrected; the Council takes up only an application that meets the standards; no
alcohol without a license; records attached after approval; a temporary revocation over; the
renewal ends the permit it renews; a meeting held without its decision on the Today tab; the
views' fee and the register's loads; two stations renewing one permit at once (PostgreSQL);
every service that writes locks first; the demo's suspension for Prescott Daze.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock. The Council
meets on Mon Dec 14 and Mon Dec 28, 2026 and Mon Jan 11, 2027.
"""

from __future__ import annotations

import dataclasses
import inspect
import threading
from datetime import date, datetime, time
from typing import Any

import pytest
from sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    APPLICATION,
    CLEARANCE,
    ELIGIBILITY,
    PDF,
    PNG,
    _apply,
    _certificate,
    _data,
    _do,
    _get,
    _issued,
    _items,
    _mail,
    _meeting,
    _neighbors,
    _pay,
    _refused,
    _spoil_site_plan,
    _to_council,
    _today_items,
)
from sidewalk_cafes_steps import bistro as bistro
from sqlalchemy import event, select

from clerk_desk.clock import FixedClock
from clerk_desk.demo import sidewalk_cafes as demo_sidewalk_cafes
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict
from clerk_desk.kinds import CafeStatus
from clerk_desk.models import AmountDue, SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.petitions import service as petitions
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import papers as views
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sc
from clerk_desk.sidewalk_cafes import suspensions as cafe_suspensions
from clerk_desk.sidewalk_cafes import terms as cafe_terms
from clerk_desk.sidewalk_cafes.rules import ItemState

# -- the review's findings, each as a clerk meets it ----------------------------------------------


def test_the_notice_is_not_recorded_as_mailed_without_a_readable_site_plan(
    desk: Desk, clerk: SignedIn, bistro: int
) -> None:
    bare = _apply(desk, clerk, _data(bistro), papers=False)
    _do(desk, clerk, cafe_notice.set_neighbors, bare, _neighbors())
    refused = _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        bare,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert (refused.field, refused.cite) == ("site_plan", APPLICATION)
    assert refused.message == (
        "Attach the applicant's site plan first: the notice must contain a copy of the diagram "
        "submitted by the applicant."
    )
    stored = _get(desk, bare)
    assert (stored.status, stored.notice_mailed_on, stored.comments_due_on) == (
        CafeStatus.APPLIED,
        None,
        None,
    )
    spoiled = _apply(desk, clerk, _data(bistro))
    _do(desk, clerk, cafe_notice.set_neighbors, spoiled, _neighbors())
    _spoil_site_plan(desk, spoiled)
    unreadable = _refused(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        spoiled,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert unreadable.field == "site_plan"
    assert unreadable.message.startswith(
        "The site plan on file (plan.png) cannot be read as a PDF, PNG or JPEG file"
    )
    assert _get(desk, spoiled).status == CafeStatus.APPLIED
    # a readable copy attached, the notice goes, and the letters print
    _do(desk, clerk, sc.attach_site_plan, spoiled, "plan.pdf", PDF, scale="1 in = 8 ft")
    _do(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        spoiled,
        mailed_on=date(2026, 11, 30),
        by_name="C",
    )
    assert _get(desk, spoiled).comments_due_on == date(2026, 12, 15)


def test_a_correction_of_what_the_neighbours_were_told_means_mailing_the_notice_again(
    desk: Desk, clock: FixedClock, clerk: SignedIn, inspector: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    _mail(desk, clerk, cafe)
    # the sales, the records, the hours and the notes: corrected as they are
    _do(
        desk,
        clerk,
        sc.correct_application,
        cafe,
        _data(bistro, gross_sales=Money("10500.00"), closes_at=time(20, 0), notes="Checked"),
    )
    _do(desk, clerk, sc.attach_sales_records, cafe, "sales-2.pdf", PDF)
    kept = _get(desk, cafe)
    assert (kept.status, kept.notice_mailed_on, kept.gross_sales) == (
        CafeStatus.NOTICE_MAILED,
        date(2026, 11, 30),
        Money("10500.00"),
    )
    alcohol = _data(
        bistro, serves_alcohol=True, liquor_license="Class B 1", gross_sales=Money("10500.00")
    )
    with desk.lookup(clerk) as action:
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), alcohol) == [
            "whether alcohol will be served"
        ]
        moved = dataclasses.replace(alcohol, cafe_length_in=360, clear_passage_in=73)
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), moved) == [
            "whether alcohol will be served",
            "the clear passage",
            "the cafe's length along the frontage",
        ]
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), plan=PNG) == []  # the same
        assert sc.notice_changes(sc.get_cafe(action.session, cafe), plan=PDF) == ["the site plan"]
    refused = _refused(desk, clerk, sc.correct_application, cafe, alcohol)
    assert (refused.field, refused.cite) == ("serves_alcohol", APPLICATION)
    assert refused.message == (
        "This changes what the neighbours were told (whether alcohol will be served): the notice "
        "mailed Mon Nov 30, 2026 would have to be mailed again, and the 15 days for comments "
        "would start over."
    )
    plan = _refused(desk, clerk, sc.attach_site_plan, cafe, "new.pdf", PDF, scale="1:48")
    assert plan.field == "site_plan" and "(the site plan)" in plan.message
    _do(desk, clerk, sc.attach_site_plan, cafe, "plan.png", PNG, scale="1 in = 8 ft")  # the same
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    _do(desk, inspector, sc.record_dpw_inspection, cafe, on=date(2026, 11, 30), by_name="I",
        satisfied=True)  # fmt: skip
    _do(desk, clerk, cafe_council.place_before_council, cafe, dec28)
    assert _get(desk, cafe).status == CafeStatus.BEFORE_COUNCIL
    _do(desk, clerk, sc.correct_application, cafe, alcohol, mail_again=True)
    again = _get(desk, cafe)
    assert (again.status, again.notice_mailed_on, again.comments_due_on, again.meeting_id) == (
        CafeStatus.APPLIED,
        None,
        None,
        None,
    )
    assert again.serves_alcohol and again.liquor_license == "Class B 1"
    with desk.lookup(clerk) as action:
        said = [e.summary for e in sc.history(action.session, cafe)]
    assert said[-1] == (
        f"The notice of {again.number} mailed Mon Nov 30, 2026 must be mailed again: whether "
        "alcohol will be served changed after it was mailed; the 15 days for comments start "
        "over with the new mailing"
    )
    # mailed again a day later: the 15 days count from the new mailing
    clock.set(datetime(2026, 12, 1, 10, 0))
    _do(
        desk,
        clerk,
        cafe_notice.record_notice_mailed,
        cafe,
        mailed_on=date(2026, 12, 1),
        by_name="C",
    )
    assert _get(desk, cafe).comments_due_on == date(2026, 12, 16)
    _do(desk, clerk, sc.attach_site_plan, cafe, "new.pdf", PDF, scale="1:48", mail_again=True)
    assert _get(desk, cafe).status == CafeStatus.APPLIED


def test_the_council_takes_up_and_approves_only_an_application_that_meets_the_standards(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    cafe = int(_do(desk, clerk, sc.receive_application, _data(bistro), site_plan=("plan.png", PNG)))
    _mail(desk, clerk, cafe)
    dec28 = _meeting(desk, clerk, date(2026, 12, 28))
    unready = _refused(desk, clerk, cafe_council.place_before_council, cafe, dec28)
    assert (unready.field, unready.cite) == ("standards", ELIGIBILITY)
    assert unready.message == (
        "Application SC-2026-001 cannot be placed before the Council while it does not meet the "
        "standards of § 506-10: Attach a copy of the business records showing the sales of the "
        "six months before the application."
    )
    assert _get(desk, cafe).status == CafeStatus.NOTICE_MAILED
    clock.set(datetime(2026, 12, 28, 19, 0))
    not_approved = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec28, approved=True
    )
    assert not_approved.message.startswith(
        "Application SC-2026-001 cannot be approved while it does not meet the standards"
    )
    # the Council may deny it all the same
    _do(desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=dec28, approved=False,
        reasons="Incomplete.")  # fmt: skip
    assert _get(desk, cafe).status == CafeStatus.DENIED
    # without aisles the layout does not meet § 506-10 either
    clock.set(datetime(2026, 11, 30, 10, 0))
    aisleless = _apply(desk, clerk, _data(bistro, aisle_in=None))
    _mail(desk, clerk, aisleless)
    no_aisle = _refused(desk, clerk, cafe_council.place_before_council, aisleless, dec28)
    assert no_aisle.cite == CLEARANCE and "Enter the aisle width" in no_aisle.message


def test_no_alcohol_without_a_license_from_the_checklist_to_the_council(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    data = _data(bistro, serves_alcohol=True, liquor_license="")
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro, _data(bistro))
    cafe = _apply(desk, clerk, data)
    item = _items(desk, clerk, cafe)["alcohol"]
    assert (item.title, item.state) == ("Liquor license covering the cafe area", ItemState.NOT_MET)
    assert "alcohol" not in _items(desk, clerk, path.cafe)  # no alcohol: no item
    _mail(desk, clerk, cafe, on=date(2026, 12, 28))
    _do(desk, clerk, sc.send_to_police, cafe, on=date(2026, 12, 28))
    _do(desk, clerk, sc.record_police_review, cafe, on=date(2026, 12, 28), approved=True)
    clock.set(datetime(2027, 1, 13, 19, 0))
    jan13 = _meeting(desk, clerk, date(2027, 1, 13))
    refused = _refused(
        desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=jan13, approved=True
    )
    assert refused.cite == "§ 506-10 (Service of food and beverages; alcoholic beverages)"
    assert "no liquor license is entered" in refused.message
    _do(desk, clerk, sc.correct_application, cafe, dataclasses.replace(data, liquor_license="B-9"))
    assert _items(desk, clerk, cafe)["alcohol"].met
    _do(desk, clerk, cafe_council.record_council_decision, cafe, meeting_id=jan13, approved=True)


def test_an_approved_application_can_still_have_its_records_and_a_missing_plan_attached(
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
    _do(desk, clerk, sc.attach_sales_records, path.cafe, "sales-signed.pdf", PDF)
    assert _get(desk, path.cafe).sales_records_name == "sales-signed.pdf"
    kept = _refused(
        desk, clerk, sc.attach_site_plan, path.cafe, "other.pdf", PDF, scale="1:48",
        error=Conflict,
    )  # fmt: skip
    assert kept.message == (
        "The Council approved SC-2026-001 on the site plan it had (plan.png); a different "
        "layout is a new application."
    )
    _spoil_site_plan(desk, path.cafe)
    eligible = _items(desk, clerk, path.cafe)["eligible"]
    assert eligible.state is ItemState.NOT_MET
    stuck = _refused(desk, clerk, cafe_council.issue, path.cafe)
    assert (stuck.field, stuck.cite) == ("eligible", APPLICATION)
    assert stuck.message == (
        "Eligible; records, zoning and site plan: The site plan on file (plan.png) cannot be "
        "read as a PDF, PNG or JPEG file: attach a readable copy."
    )
    _do(desk, clerk, sc.attach_site_plan, path.cafe, "plan.png", PNG, scale="1 in = 8 ft")
    _do(desk, clerk, cafe_council.issue, path.cafe)
    assert _get(desk, path.cafe).status == CafeStatus.ISSUED


def test_a_temporary_revocation_over_leaves_a_whole_permit_standing(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2026, 12, 30, 10, 0))
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        30), meeting_id=jan11, grounds="Tables left out overnight.")  # fmt: skip
    clock.set(datetime(2027, 1, 11, 20, 0))
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, until=date(2027, 1, 31))

    def shown() -> str:
        with desk.lookup(clerk) as action:
            return cafe_terms.display_status(sc.get_cafe(action.session, path.cafe), action.today())

    clock.set(datetime(2027, 1, 31, 10, 0))  # its last day
    assert shown() == "Revoked until Sun Jan 31, 2027"
    during = _refused(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 1, 31),
                      starts_on=date(2027, 2, 10), ends_on=date(2027, 2, 11), reason="Parade",
                      error=Conflict)  # fmt: skip
    assert during.message == (
        "SC-2026-001 is revoked until Sun Jan 31, 2027: there is no permit to suspend."
    )
    _refused(desk, clerk, cafe_council.renew, path.cafe, error=Conflict)
    clock.set(datetime(2027, 2, 1, 10, 0))  # the day after
    assert shown() == "Issued — expires Tue Dec 28, 2027"
    _do(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 2, 1),
        starts_on=date(2027, 2, 10), ends_on=date(2027, 2, 11), reason="Parade")  # fmt: skip
    again = _refused(
        desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11, error=Conflict
    )
    assert again.message == (
        "No written notice of a revocation meeting is on record for SC-2026-001 since its "
        "revocation of Mon Jan 11, 2027: 10 days' written notice comes first."
    )
    with desk.lookup(clerk) as action:
        [row] = views.register_rows(action.session, 2026, today=action.today())
        assert row.status == "Issued — expires Tue Dec 28, 2027"
        issued = sc.search_cafes(action.session, status=CafeStatus.ISSUED, today=action.today())
        assert [c.id for c in issued] == [path.cafe]
    clock.set(datetime(2027, 12, 10, 10, 0))
    titles = [i.title for i in _today_items(desk, clerk)]
    assert titles == ["Sidewalk cafe permit SC-2026-001 expires Tue Dec 28, 2027"]
    renewal = _do(desk, clerk, cafe_council.renew, path.cafe)
    assert _get(desk, renewal).renews_id == path.cafe


def test_issuing_the_renewal_ends_the_permit_it_renews(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 11, 1, 10, 0))
    new = _do(desk, clerk, cafe_council.renew, path.cafe)
    _do(desk, clerk, sc.attach_sales_records, new, "s.pdf", PDF)
    _do(desk, clerk, sc.correct_application, new,
        _data(bistro, sales_from=date(2027, 5, 1), sales_to=date(2027, 10, 31)))  # fmt: skip
    _do(
        desk, clerk, cafe_notice.record_notice_mailed, new, mailed_on=date(2027, 11, 1), by_name="C"
    )
    _do(desk, inspector, sc.record_dpw_inspection, new, on=date(2027, 11, 1), by_name="I",
        satisfied=True)  # fmt: skip
    _pay(desk, treasurer, new)
    _certificate(desk, clerk, bistro, expires_on=date(2029, 6, 30))
    nov22 = _meeting(desk, clerk, date(2027, 11, 22))
    _do(desk, clerk, cafe_council.place_before_council, new, nov22)
    clock.set(datetime(2027, 11, 22, 19, 0))
    _do(desk, clerk, cafe_council.record_council_decision, new, meeting_id=nov22, approved=True)
    clock.set(datetime(2027, 12, 1, 10, 0))
    before = [i.title for i in _today_items(desk, clerk)]
    assert "Sidewalk cafe permit SC-2026-001 expires Tue Dec 28, 2027" in before
    _do(desk, clerk, cafe_council.issue, new)
    old, renewal = _get(desk, path.cafe), _get(desk, new)
    assert (renewal.status, renewal.issued_on, renewal.expires_on) == (
        CafeStatus.ISSUED,
        date(2027, 12, 1),
        date(2028, 12, 1),
    )
    assert (old.status, old.expires_on) == (CafeStatus.ISSUED, date(2027, 11, 30))
    assert [i.title for i in _today_items(desk, clerk)] == []  # one permit; none expiring
    with desk.lookup(clerk) as action:
        rows = {
            r.number: r.status for r in views.register_rows(action.session, today=action.today())
        }
        permit = views.permit_view(action.session, path.cafe, action.calendar, today=action.today())
        said = [e.summary for e in sc.history(action.session, path.cafe)]
    assert rows == {
        "SC-2026-001": "Renewed by SC-2027-001",
        "SC-2027-001": "Issued — expires Fri Dec 1, 2028",
    }
    assert permit.status == "Renewed by SC-2027-001"
    assert said[-1] == (
        "Permit SC-2026-001 ends Tue Nov 30, 2027: renewed by SC-2027-001, issued Wed Dec 1, 2027"
    )
    refused = _refused(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=date(2027, 12,
                       1), starts_on=date(2027, 12, 10), ends_on=date(2027, 12, 11), reason="x",
                       error=Conflict)  # fmt: skip
    assert "expired Tue Nov 30, 2027" in refused.message


def test_a_meeting_held_without_the_decision_recorded_is_on_the_today_tab(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    admin: SignedIn,
    bistro: int,
) -> None:
    path = _to_council(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2026, 12, 28, 17, 59))  # the meeting starts at 6:00 p.m.
    assert [i.title for i in _today_items(desk, clerk)] == []
    clock.set(datetime(2026, 12, 28, 18, 0))
    [item] = _today_items(desk, clerk)
    assert (item.due, item.title, item.cite) == (
        date(2026, 12, 28),
        "Record the Council's decision on SC-2026-001 (meeting of Mon Dec 28, 2026)",
        "§ 506-10 (Sidewalk cafe permit issuance)",
    )
    clock.set(datetime(2027, 1, 20, 10, 0))
    assert [i.title for i in _today_items(desk, clerk)] == [item.title]  # until it is recorded
    _do(
        desk,
        clerk,
        cafe_council.record_council_decision,
        path.cafe,
        meeting_id=path.dec28,
        approved=True,
    )
    assert [i.title for i in _today_items(desk, clerk)] == [
        "Issue SC-2026-001: approved by the Council"
    ]
    # a meeting cancelled: the application waits for another
    clock.set(datetime(2026, 11, 30, 10, 0))
    other = _apply(desk, clerk, _data(bistro, establishment="Bistro Annex"))
    _mail(desk, clerk, other)
    jan4 = _meeting(desk, clerk, date(2027, 1, 4))
    _do(desk, clerk, cafe_council.place_before_council, other, jan4)
    _do(desk, admin, petitions.cancel_meeting, jan4, reason="No quorum")
    titles = [i.title for i in _today_items(desk, clerk)]
    assert (
        "Place SC-2026-002 before another meeting: the meeting of Mon Jan 4, 2027 was cancelled"
        in titles
    )


def test_the_fee_owed_is_read_by_the_views(
    desk: Desk, clerk: SignedIn, treasurer: SignedIn, bistro: int
) -> None:
    cafe = _apply(desk, clerk, _data(bistro))
    with desk.lookup(clerk) as action:
        assert views.fee_owed(action.session, cafe) == Money("75.00")
    _pay(desk, treasurer, cafe)
    with desk.lookup(clerk) as action:
        assert views.fee_owed(action.session, cafe) == Money.zero()


def test_the_register_loads_each_rows_street_parcel_and_meetings_with_the_search(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2026, 12, 29, 10, 0))
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        29), meeting_id=jan11, grounds="Noise")  # fmt: skip
    for n in range(3):
        _apply(desk, clerk, _data(bistro, establishment=f"Annex {n}"))
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    with desk.lookup(clerk) as action:
        found = sc.search_cafes(action.session)
        event.listen(desk.database.engine, "before_cursor_execute", count)
        try:
            shown = [
                (c.street, c.parcel, c.revocation_meeting, c.meeting, c.renews, c.applicant.name)
                for c in found
            ]
        finally:
            event.remove(desk.database.engine, "before_cursor_execute", count)
    assert len(shown) == 4
    assert statements == []  # nothing read row by row


def test_two_stations_renewing_one_permit_at_once_make_one_renewal(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
) -> None:
    """Station A has read the permit, made its renewal and not yet committed when station B
    renews the same permit. B waits for A (the permit's row is locked) and is then refused:
    one renewal, one fee billed."""
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    clock.set(datetime(2027, 11, 1, 10, 0))
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def station(name: str) -> None:
        try:
            with desk.action(clerk) as action:
                cafe_council.renew(action, path.cafe)
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=station, args=("A",))
    a.start()
    assert a_written.wait(20)
    b = threading.Thread(target=station, args=("B",))
    b.start()
    b.join(0.5)
    assert b.is_alive(), "station B should wait for station A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes["A"] is None
    refused = outcomes["B"]
    assert isinstance(refused, Conflict), refused
    assert refused.message == "SC-2026-001 is already renewed by SC-2027-001."
    with desk.database.reading() as session:
        renewals = list(
            session.scalars(select(SidewalkCafe.number).where(SidewalkCafe.renews_id == path.cafe))
        )
        billed = list(
            session.scalars(
                select(AmountDue.description).where(AmountDue.record_type == cafe_rules.RECORD_TYPE)
            )
        )
    assert renewals == ["SC-2027-001"]
    assert sum("renewal" in d for d in billed) == 1


def test_every_service_that_writes_an_application_locks_it_first(
    desk: Desk,
    clock: FixedClock,
    clerk: SignedIn,
    inspector: SignedIn,
    treasurer: SignedIn,
    bistro: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, bool]] = []
    real = sc.get_cafe

    def recording(session: Any, cafe_id: int, *, for_update: bool = False) -> SidewalkCafe:
        calls.append((inspect.stack()[1].function, for_update))
        return real(session, cafe_id, for_update=for_update)

    for module in (sc, cafe_notice, cafe_council, cafe_suspensions):  # each service's module
        monkeypatch.setattr(module, "get_cafe", recording)
    path = _issued(desk, clock, clerk, inspector, treasurer, bistro)
    jan11 = _meeting(desk, clerk, date(2027, 1, 11))
    clock.set(datetime(2026, 12, 30, 10, 0))
    suspension = _do(desk, clerk, cafe_suspensions.suspend, path.cafe, notice_on=None,
                     starts_on=date(2026, 12, 31), ends_on=date(2027, 1, 1), reason="Ice",
                     emergency=True)  # fmt: skip
    _do(
        desk,
        clerk,
        cafe_suspensions.lift_suspension,
        suspension,
        on=date(2026, 12, 31),
        reason="Thawed",
    )
    _do(desk, clerk, cafe_suspensions.give_revocation_notice, path.cafe, notice_on=date(2026, 12,
        30), meeting_id=jan11, grounds="Noise")  # fmt: skip
    _do(desk, clerk, cafe_council.renew, path.cafe)
    clock.set(datetime(2027, 1, 11, 20, 0))
    _do(desk, clerk, cafe_suspensions.revoke, path.cafe, meeting_id=jan11)
    other = _apply(desk, clerk, _data(bistro, establishment="Annex"))
    _do(desk, clerk, sc.correct_application, other, _data(bistro, establishment="Annex 2"))
    _do(desk, clerk, cafe_notice.record_comment, other, received_on=date(2027, 1, 11),
        commenter="R", text="Fine")  # fmt: skip
    _do(desk, clerk, sc.withdraw, other, reason="By letter")
    writers = {
        "attach_site_plan", "attach_sales_records", "correct_application", "set_neighbors",
        "record_notice_mailed", "record_comment", "send_to_police", "record_police_review",
        "record_dpw_inspection", "place_before_council", "record_council_decision", "issue",
        "renew", "suspend", "get_suspension", "give_revocation_notice", "revoke", "deny",
        "withdraw", "_end_renewed",
    }  # fmt: skip
    seen = {name for name, _ in calls if name in writers}
    assert seen >= writers - {"attach_site_plan", "attach_sales_records", "send_to_police",
                              "record_police_review", "deny", "_end_renewed"}  # fmt: skip
    assert [(name, locked) for name, locked in calls if name in writers and not locked] == []


def test_the_demo_suspends_a_cafe_for_prescott_daze(desk: Desk, admin: SignedIn) -> None:
    demo_sidewalk_cafes.generate(desk)
    with desk.database.reading() as session:
        reasons = [
            s.reason
            for c in sc.search_cafes(session)
            for s in c.suspensions
            if c.establishment == demo_sidewalk_cafes.PIZZERIA
        ]
    assert len(reasons) == 1 and "Prescott Daze" in reasons[0]
