"""Bonds at their boundaries: the $10,000 street opening bond, the street privilege bond's
ceiling, the annual-bond register's calendar year, restoration guarantees, releases as recorded
acts, the one-year revocation, and what the Today tab says about them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.bonds.service import BondData
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.findings import Finding
from clerk_desk.kinds import BondKind, FileStatus, PartyKind, Role
from clerk_desk.models import AuditEvent, Bond
from clerk_desk.money import Money
from clerk_desk.today import TodayItem

BOND_CITE = "§ 506-6 (Bond)"


@pytest.fixture
def digger(desk: Desk, admin: SignedIn) -> int:
    return builders.party(desk, admin, "Kinnickinnic Excavating", contractor=True)


def _bond(principal_id: int, kind: BondKind = BondKind.STREET_OPENING, **changes: Any) -> BondData:
    data = BondData(
        kind=kind,
        principal_id=principal_id,
        surety="Western Surety",
        bond_number="58-112",
        amount=Money("10000"),
        effective_on=date(2026, 11, 1),
    )
    return dataclasses.replace(data, **changes)


def _file(desk: Desk, who: SignedIn, data: BondData) -> Bond:
    with desk.action(who) as action:
        bond = bonds.get_bond(action.session, bonds.file_bond(action, data))
        action.session.flush()
        action.session.expunge(bond)
        return bond


def _refused(
    desk: Desk, who: SignedIn, data: BondData, error: type[Exception] = InvalidInput
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        bonds.file_bond(action, data)
    return refused.value


def _bond_count(desk: Desk) -> int:
    with desk.database.reading() as session:
        return len(list(session.scalars(select(Bond))))


def _get(desk: Desk, bond_id: int) -> Bond:
    with desk.database.reading() as session:
        bond = bonds.get_bond(session, bond_id)
        session.expunge(bond)
        return bond


# -- amounts ------------------------------------------------------------------------------------


def test_a_street_opening_bond_is_ten_thousand_dollars(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    short = _refused(desk, admin, _bond(digger, amount=Money("9999.99")))
    assert short.field == "amount"
    assert short.cite == BOND_CITE
    assert short.message == "A street opening bond is $10,000.00; this one is $9,999.99."
    assert _bond_count(desk) == 0
    filed = _file(desk, admin, _bond(digger, amount=Money("10000.00")))
    assert filed.amount == Money("10000") and filed.status == FileStatus.ON_FILE


def test_a_street_privilege_bond_does_not_exceed_ten_thousand_dollars(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    privilege = BondKind.STREET_PRIVILEGE
    _file(desk, admin, _bond(digger, privilege, amount=Money("10000.00")))
    _file(desk, admin, _bond(digger, privilege, amount=Money("2500")))  # "not exceeding"
    over = _refused(desk, admin, _bond(digger, privilege, amount=Money("10000.01")))
    assert over.field == "amount"
    assert over.cite == "§ 506-9 (Bond)"
    assert "may not exceed $10,000.00" in over.message
    assert _bond_count(desk) == 2


@pytest.mark.parametrize("kind", list(BondKind))
def test_no_bond_is_for_nothing(desk: Desk, admin: SignedIn, digger: int, kind: BondKind) -> None:
    data = _bond(digger, kind, amount=Money("0.00"), year=2026, work_completed_on=date(2026, 6, 1))
    error = _refused(desk, admin, data)
    assert error.field == "amount" and "more than $0.00" in error.message


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"surety": "  "}, "surety"),
        ({"bond_number": " "}, "bond_number"),
        ({"surety": "S" * 121}, "surety"),
        ({"bond_number": "9" * 61}, "bond_number"),
        ({"expires_on": date(2026, 10, 31)}, "expires_on"),
        ({"record_type": "t" * 41}, "record_type"),
        ({"record_id": "9" * 41}, "record_id"),
    ],
)
def test_a_bond_form_is_refused_at_the_field(
    desk: Desk, admin: SignedIn, digger: int, changes: dict[str, Any], field: str
) -> None:
    assert _refused(desk, admin, _bond(digger, **changes)).field == field
    assert _bond_count(desk) == 0


def test_filing_a_bond_is_audited(desk: Desk, admin: SignedIn, digger: int) -> None:
    filed = _file(desk, admin, _bond(digger))
    with desk.database.reading() as session:
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "bond.file"))
        assert event.record_id == str(filed.id)
        assert event.summary == (
            "Street opening bond 58-112 of Kinnickinnic Excavating filed ($10,000.00)"
        )
        assert event.after is not None and event.after["amount"] == "10000.00"


# -- the annual-bond register -------------------------------------------------------------------


def _annual(principal_id: int, year: int, number: str = "A-1", **changes: Any) -> BondData:
    return _bond(
        principal_id,
        BondKind.ANNUAL_EXCAVATION,
        year=year,
        bond_number=number,
        amount=Money("25000"),
        **changes,
    )


def test_an_annual_bond_covers_january_1_to_december_31_of_its_year(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _annual(digger, 2026, effective_on=date(2026, 3, 15)))
    assert (filed.effective_on, filed.expires_on, filed.year) == (
        date(2026, 1, 1),
        date(2026, 12, 31),
        2026,
    )
    missing = _refused(desk, admin, _bond(digger, BondKind.ANNUAL_EXCAVATION, year=None))
    assert missing.field == "year"


def test_one_annual_bond_per_principal_per_year(desk: Desk, admin: SignedIn, digger: int) -> None:
    _file(desk, admin, _annual(digger, 2026, "A-1"))
    second = _refused(desk, admin, _annual(digger, 2026, "A-2"), Conflict)
    assert second.message == (
        "Kinnickinnic Excavating already has an annual bond for 2026 (No. A-1)."
    )
    assert second.cite == BOND_CITE
    _file(desk, admin, _annual(digger, 2027, "A-3"))  # next year is another entry
    other = builders.party(desk, admin, "Ellsworth Sewer & Water")
    _file(desk, admin, _annual(other, 2026, "A-1"))  # another principal
    assert _bond_count(desk) == 3


def _opening(desk: Desk, party_id: int, work_on: date, **kw: Any) -> list[Finding]:
    with desk.database.reading() as session:
        return bonds.street_opening_bond_findings(session, party_id=party_id, work_on=work_on, **kw)


def test_an_annual_bond_covers_work_through_december_31_not_january_1(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    _file(desk, admin, _annual(digger, 2026, "A-26"))
    [covered] = _opening(desk, digger, date(2026, 12, 31))
    assert covered == Finding("info", BOND_CITE, "Covered by the annual bond No. A-26 for 2026.")
    [jan_1] = _opening(desk, digger, date(2027, 1, 1))
    assert jan_1.level == "block"
    assert jan_1.cite == BOND_CITE
    assert jan_1.text == (
        "A $10,000.00 bond must be deposited before the permit issues, or an annual bond for 2027."
    )
    [first_day] = _opening(desk, digger, date(2026, 1, 1))
    assert first_day.level == "info"


def test_a_released_annual_bond_no_longer_covers(desk: Desk, admin: SignedIn, digger: int) -> None:
    annual = _file(desk, admin, _annual(digger, 2026))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, annual.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason="Surety change"
        )
    [finding] = _opening(desk, digger, date(2026, 12, 1))
    assert finding.level == "block"
    _file(desk, admin, _annual(digger, 2026, "A-2"))  # a replacement may be filed
    assert _opening(desk, digger, date(2026, 12, 1))[0].level == "info"


def test_a_public_utility_posts_no_bond(desk: Desk, admin: SignedIn) -> None:
    utility = builders.party(desk, admin, "Pierce Pepin Cooperative", kind=PartyKind.UTILITY)
    flagged = builders.party(desk, admin, "Prescott Municipal Water", public_utility=True)
    for party_id, name in (
        (utility, "Pierce Pepin Cooperative"),
        (flagged, "Prescott Municipal Water"),
    ):
        [finding] = _opening(desk, party_id, date(2026, 12, 1))
        assert finding == Finding(
            "info",
            "§ 506-6 (Public utilities)",
            f"{name} is a public utility: no indemnity bond is required.",
        )


def test_a_permit_bond_on_file_for_the_record_is_enough(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    _file(desk, admin, _bond(digger, record_type="street_opening", record_id="SO-2026-0007"))
    [finding] = _opening(
        desk, digger, date(2026, 12, 1), record_type="street_opening", record_id="SO-2026-0007"
    )
    assert finding == Finding(
        "info", BOND_CITE, "Bond No. 58-112 ($10,000.00) is on file for this permit."
    )
    # The bond is for that permit only.
    [other] = _opening(
        desk, digger, date(2026, 12, 1), record_type="street_opening", record_id="SO-2026-0008"
    )
    assert other.level == "block"
    assert _opening(desk, digger, date(2026, 12, 1))[0].level == "block"


def test_a_bond_filed_under_the_permit_number_counts_for_the_permit(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    """The Bonds tab asks for the permit number; the workflow knows its record by id too."""
    typed = _bond(digger, record_type="street_opening", record_id="so-2026-0012")  # lower case
    _file(desk, admin, typed)
    by_number = _opening(
        desk,
        digger,
        date(2026, 12, 1),
        record_type="street_opening",
        record_id="12",
        record_number="SO-2026-0012",
    )
    assert [f.level for f in by_number] == ["info"]
    other = _opening(
        desk,
        digger,
        date(2026, 12, 1),
        record_type="street_opening",
        record_id="13",
        record_number="SO-2026-0013",
    )
    assert [f.level for f in other] == ["block"]


# -- restoration guarantees ---------------------------------------------------------------------


def _guarantee(principal_id: int, completed: date | None, **changes: Any) -> BondData:
    return _bond(
        principal_id,
        BondKind.RESTORATION_GUARANTEE,
        bond_number="RG-5",
        amount=Money("3200"),
        effective_on=completed or date(2025, 6, 1),
        work_completed_on=completed,
        **changes,
    )


def _release(desk: Desk, who: SignedIn, bond_id: int, on: date) -> None:
    with desk.action(who) as action:
        bonds.change_bond_status(action, bond_id, FileStatus.RELEASED, on=on, reason="Year ended")


def test_a_restoration_guarantee_needs_the_completion_date(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    error = _refused(desk, admin, _guarantee(digger, None))
    assert error.field == "work_completed_on"
    assert error.cite == BOND_CITE


@pytest.mark.parametrize(
    ("completed", "releasable"),
    [
        (date(2025, 6, 1), date(2026, 6, 2)),
        (date(2024, 2, 29), date(2025, 3, 1)),
        (date(2025, 12, 31), date(2027, 1, 1)),
    ],
)
def test_a_guarantee_is_releasable_the_day_after_the_year_from_completion(
    desk: Desk, admin: SignedIn, digger: int, completed: date, releasable: date
) -> None:
    filed = _file(desk, admin, _guarantee(digger, completed))
    assert bonds.releasable_on(_get(desk, filed.id)) == releasable


def test_a_guarantee_is_released_the_day_after_the_anniversary_not_on_it(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    with pytest.raises(Conflict) as early:
        _release(desk, admin, filed.id, date(2026, 6, 1))  # the anniversary: still in the year
    assert early.value.cite == BOND_CITE
    assert "released on or after Tue Jun 2, 2026" in early.value.message
    assert _get(desk, filed.id).status == FileStatus.ON_FILE
    _release(desk, admin, filed.id, date(2026, 6, 2))
    released = _get(desk, filed.id)
    assert (released.status, released.status_on) == (FileStatus.RELEASED, date(2026, 6, 2))


def _notice(desk: Desk, who: SignedIn, bond_id: int, on: date) -> None:
    with desk.action(who) as action:
        bonds.record_defect_notice(action, bond_id, notice_on=on)


def test_a_defect_notice_within_the_year_holds_the_guarantee(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    _notice(desk, admin, filed.id, date(2026, 5, 31))
    assert bonds.releasable_on(_get(desk, filed.id)) is None
    with pytest.raises(Conflict) as held:
        _release(desk, admin, filed.id, date(2026, 11, 30))
    assert "A defect notice was given on Sun May 31, 2026" in held.value.message
    assert held.value.cite == BOND_CITE
    # A claim on the guarantee is still recorded.
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.CLAIM_MADE, on=date(2026, 11, 30), reason="Not repaired"
        )
    with desk.database.reading() as session:
        [event] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "bond.defect_notice")
        )
        assert event.before == {"defect_notice_on": None}
        assert event.after == {"defect_notice_on": "2026-05-31"}


def test_a_defect_notice_after_the_year_is_refused(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    with pytest.raises(Conflict) as late:
        _notice(desk, admin, filed.id, date(2026, 6, 2))
    assert late.value.cite == BOND_CITE
    assert "year ended Mon Jun 1, 2026" in late.value.message
    assert _get(desk, filed.id).defect_notice_on is None
    assert bonds.releasable_on(_get(desk, filed.id)) == date(2026, 6, 2)
    _release(desk, admin, filed.id, date(2026, 6, 2))


def test_a_defect_notice_on_the_anniversary_still_holds_the_guarantee(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    _notice(desk, admin, filed.id, date(2026, 6, 1))
    assert bonds.releasable_on(_get(desk, filed.id)) is None
    with pytest.raises(Conflict):
        _release(desk, admin, filed.id, date(2026, 6, 2))


def test_a_defect_notice_is_not_dated_after_today_nor_on_a_guarantee_no_longer_held(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2026, 1, 5)))
    with pytest.raises(InvalidInput) as future:
        _notice(desk, admin, filed.id, date(2026, 12, 1))  # today is Nov 30, 2026
    assert future.value.field == "notice_on"
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.CLAIM_MADE, on=date(2026, 11, 2), reason="Sunken patch"
        )
    _notice(desk, admin, filed.id, date(2026, 11, 2))  # claimed against: still held
    older = dataclasses.replace(_guarantee(digger, date(2025, 6, 1)), bond_number="RG-6")
    released_one = _file(desk, admin, older)
    _release(desk, admin, released_one.id, date(2026, 6, 2))
    with pytest.raises(Conflict) as released:
        _notice(desk, admin, released_one.id, date(2026, 6, 1))
    assert "no longer holds it" in released.value.message


def test_a_second_defect_notice_after_a_settled_one_holds_the_guarantee_again(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 12, 1)))
    _notice(desk, admin, filed.id, date(2026, 3, 2))
    with desk.action(admin) as action:
        bonds.settle_defect_notice(action, filed.id, settled_on=date(2026, 4, 1), note="Repaired")
    assert bonds.releasable_on(_get(desk, filed.id)) == date(2026, 12, 2)
    _notice(desk, admin, filed.id, date(2026, 11, 2))
    again = _get(desk, filed.id)
    assert (again.defect_notice_on, again.defect_settled_on) == (date(2026, 11, 2), None)
    assert bonds.releasable_on(again) is None
    # Settlement must come on or after the new notice.
    with pytest.raises(InvalidInput) as early, desk.action(admin) as action:
        bonds.settle_defect_notice(action, filed.id, settled_on=date(2026, 11, 1), note="Old")
    assert early.value.field == "settled_on"


def test_a_defect_notice_is_for_a_guarantee_and_after_completion(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    guarantee = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    with pytest.raises(InvalidInput) as before:
        _notice(desk, admin, guarantee.id, date(2025, 5, 31))
    assert before.value.field == "notice_on"
    plain = _file(desk, admin, _bond(digger))
    with pytest.raises(Conflict):
        _notice(desk, admin, plain.id, date(2026, 11, 30))


# -- status changes -----------------------------------------------------------------------------


def test_a_status_change_needs_a_reason_and_a_known_status(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _bond(digger))
    for status, reason, field in (
        (FileStatus.RELEASED, "  ", "reason"),
        (FileStatus.SUPERSEDED, "Replaced", "status"),
        (FileStatus.ON_FILE, "Back", "status"),
    ):
        with pytest.raises(InvalidInput) as refused, desk.action(admin) as action:
            bonds.change_bond_status(action, filed.id, status, on=date(2026, 11, 30), reason=reason)
        assert refused.value.field == field
    assert _get(desk, filed.id).status == FileStatus.ON_FILE


def test_a_bond_is_released_once_and_the_act_is_audited(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _bond(digger))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason=" Work accepted "
        )
    with pytest.raises(Conflict, match="58-112 is already Released"), desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason="Again"
        )
    with pytest.raises(Conflict), desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.FORFEITED, on=date(2026, 11, 30), reason="Too late"
        )
    with desk.database.reading() as session:
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "bond.released"))
        assert event.summary == "Bond 58-112: Released — Work accepted"
        assert event.before == {"status": "on_file", "status_on": None, "status_reason": ""}
        assert event.after == {
            "status": "released",
            "status_on": "2026-11-30",
            "status_reason": "Work accepted",
        }
        assert session.get(Bond, filed.id) is not None  # never deleted


def test_a_claim_then_a_release(desk: Desk, admin: SignedIn, digger: int) -> None:
    filed = _file(desk, admin, _bond(digger))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.CLAIM_MADE, on=date(2026, 11, 20), reason="Pavement"
        )
    assert _get(desk, filed.id).status == FileStatus.CLAIM_MADE
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason="Claim paid"
        )
    released = _get(desk, filed.id)
    assert (released.status, released.status_reason) == (FileStatus.RELEASED, "Claim paid")
    with desk.database.reading() as session:
        actions = session.scalars(
            select(AuditEvent.action)
            .where(AuditEvent.record_type == "bond")
            .order_by(AuditEvent.id)
        ).all()
    assert actions == ["bond.file", "bond.claim_made", "bond.released"]


# -- revocations --------------------------------------------------------------------------------


def _revocation(desk: Desk, party_id: int, on: date) -> list[Finding]:
    with desk.database.reading() as session:
        return bonds.revocation_findings(session, party_id=party_id, on=on)


def test_only_public_works_or_the_inspector_revokes(
    desk: Desk, operator_with: Callable[[Role], SignedIn], digger: int
) -> None:
    with (
        pytest.raises(PermissionDenied) as refused,
        desk.action(operator_with(Role.CLERK)) as action,
    ):
        bonds.revoke(action, digger, starts_on=date(2026, 12, 1), reason="Sunken patch")
    assert "you need the role Building Inspector / Public Works or Administrator" in (
        refused.value.message
    )
    assert "you are signed in as Clerk" in refused.value.message
    with desk.action(operator_with(Role.INSPECTOR)) as action:
        with pytest.raises(InvalidInput) as no_reason:
            bonds.revoke(action, digger, starts_on=date(2026, 12, 1), reason=" ")
        assert no_reason.value.field == "reason"
        bonds.revoke(action, digger, starts_on=date(2026, 12, 1), reason="Sunken patch")
    assert _revocation(desk, digger, date(2026, 12, 1))[0].level == "block"


def test_a_revocation_lasts_one_year_to_the_day(desk: Desk, admin: SignedIn, digger: int) -> None:
    with desk.action(admin) as action:
        revocation = bond_views.revocation_row(
            action,
            bonds.revoke(
                action, digger, starts_on=date(2026, 3, 10), reason="Trench at 4th and Orange"
            ),
        )
        assert (revocation.starts_on, revocation.ends_on) == (date(2026, 3, 10), date(2027, 3, 9))
    assert _revocation(desk, digger, date(2026, 3, 9)) == []
    [first] = _revocation(desk, digger, date(2026, 3, 10))
    assert first == Finding(
        "block",
        BOND_CITE,
        "The right to obtain a street opening permit is revoked through Tue Mar 9, 2027: "
        "Trench at 4th and Orange",
    )
    assert _revocation(desk, digger, date(2027, 3, 9))[0].level == "block"
    assert _revocation(desk, digger, date(2027, 3, 10)) == []
    other = builders.party(desk, admin, "Ellsworth Sewer & Water")
    assert _revocation(desk, other, date(2026, 6, 1)) == []
    with desk.database.reading() as session:
        [event] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "revocation.create")
        )
        assert event.summary == (
            "Kinnickinnic Excavating may not obtain street opening permits from "
            "Tue Mar 10, 2026 to Tue Mar 9, 2027"
        )


# -- search -------------------------------------------------------------------------------------


def _searched(desk: Desk, text: str = "", **options: Any) -> list[str]:
    with desk.database.reading() as session:
        return [b.bond_number for b in bonds.search_bonds(session, text, **options)]


def test_bonds_are_searched_accent_folded_and_released_ones_on_request(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    zoe = builders.party(desk, admin, "Zoë Łukasz Paving")
    _file(desk, admin, _bond(zoe, bond_number="ZL-1", surety="Société Générale Surety"))
    _file(desk, admin, _bond(digger, bond_number="KE-1"))
    _file(desk, admin, _annual(digger, 2026, "KE-A26"))
    assert _searched(desk, "zoe lukasz") == ["ZL-1"]
    assert _searched(desk, "societe generale") == ["ZL-1"]
    assert _searched(desk, "ke-") == ["KE-A26", "KE-1"]  # open-ended last, on both databases
    assert _searched(desk, "kinnickinnic", kind=BondKind.ANNUAL_EXCAVATION) == ["KE-A26"]
    assert _searched(desk, year=2026) == ["KE-A26"]
    [zl] = [b for b in _all(desk) if b.bond_number == "ZL-1"]
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, zl.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason="Done"
        )
    assert _searched(desk, "zoe") == []
    assert _searched(desk, "zoe", include_inactive=True) == ["ZL-1"]


def _all(desk: Desk) -> list[Bond]:
    with desk.database.reading() as session:
        rows = list(session.scalars(select(Bond)))
        session.expunge_all()
        return rows


# -- the Today tab ------------------------------------------------------------------------------


def _today(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return bonds._expiring(action)


def test_today_lists_bonds_protecting_a_record_within_30_days_and_expired(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    def protecting(expires: date, number: str) -> str:
        return str(
            _file(
                desk,
                admin,
                _bond(
                    digger,
                    bond_number=number,
                    expires_on=expires,
                    record_type="street_opening",
                    record_id=f"SO-{number}",
                ),
            ).id
        )

    in_30 = protecting(date(2026, 12, 30), "B-30")
    protecting(date(2026, 12, 31), "B-31")
    expired = protecting(date(2026, 11, 29), "B-X")
    _file(desk, admin, _bond(digger, bond_number="LOOSE", expires_on=date(2026, 12, 1)))
    items = {i.record_id: i for i in _today(desk, admin) if i.record_type == "bond"}
    assert set(items) == {in_30, expired}
    assert items[in_30].title == (
        "Street opening bond of Kinnickinnic Excavating expires Wed Dec 30, 2026"
    )
    assert items[in_30].detail == "No. B-30, Western Surety; protects street opening permit SO-B-30"
    assert items[in_30].cite == BOND_CITE
    assert items[expired].title.endswith("expired Sun Nov 29, 2026")


def test_in_december_principals_without_next_years_annual_bond_are_listed(
    desk: Desk, admin: SignedIn, digger: int, clock: FixedClock
) -> None:
    renewed = builders.party(desk, admin, "Ellsworth Sewer & Water")
    _file(desk, admin, _annual(digger, 2026, "KE-26"))
    _file(desk, admin, _annual(renewed, 2026, "ES-26"))
    _file(desk, admin, _annual(renewed, 2027, "ES-27"))

    def annual_items() -> list[TodayItem]:
        return [i for i in _today(desk, admin) if i.workflow == "Annual Bonds"]

    assert annual_items() == []  # Nov 30
    clock.set(date(2026, 12, 1))
    [item] = annual_items()
    assert item.title == "Kinnickinnic Excavating has no annual bond for 2027"
    assert (item.due, item.record_type, item.record_id) == (
        date(2026, 12, 31),
        "party",
        str(digger),
    )
    assert item.cite == BOND_CITE
    _file(desk, admin, _annual(digger, 2027, "KE-27"))
    assert annual_items() == []


def test_last_years_annual_bonds_do_not_stay_on_today_as_expired(
    desk: Desk, admin: SignedIn, digger: int, clock: FixedClock
) -> None:
    _file(desk, admin, _annual(digger, 2025, "KE-25"))
    _file(desk, admin, _annual(digger, 2026, "KE-26"))
    assert [i.title for i in _today(desk, admin) if i.record_type == "bond"] == []
    clock.set(date(2026, 12, 1))  # this year's bond runs out within 30 days
    # The December item for next year's bond names the principal; the bond is not listed again.
    assert [i.title for i in _today(desk, admin) if i.record_type in ("bond", "party")] == [
        "Kinnickinnic Excavating has no annual bond for 2027"
    ]


# -- permissions --------------------------------------------------------------------------------


def test_a_deputy_clerk_cannot_file_or_release_bonds(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], digger: int
) -> None:
    deputy = operator_with(Role.DEPUTY_CLERK)
    with pytest.raises(PermissionDenied) as refused, desk.action(deputy) as action:
        bonds.file_bond(action, _bond(digger))
    assert refused.value.message == (
        "To file and release bonds and insurance certificates you need the role Clerk, "
        "Treasurer or Administrator; you are signed in as Deputy Clerk."
    )
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    for attempt in (
        lambda action: bonds.change_bond_status(
            action, filed.id, FileStatus.RELEASED, on=date(2026, 11, 30), reason="Mine"
        ),
        lambda action: bonds.record_defect_notice(action, filed.id, notice_on=date(2026, 1, 5)),
    ):
        with pytest.raises(PermissionDenied), desk.action(deputy) as action:
            attempt(action)
    assert _get(desk, filed.id).status == FileStatus.ON_FILE
    _file(desk, operator_with(Role.TREASURER), _bond(digger, bond_number="T-1"))
    assert _bond_count(desk) == 2


# -- settled defects, other releases, leap days, renewals -------------------------------------


def test_a_settled_defect_lets_the_guarantee_go_once_its_year_is_over(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _guarantee(digger, date(2025, 6, 1)))
    _notice(desk, admin, filed.id, date(2026, 5, 1))
    with pytest.raises(InvalidInput) as early, desk.action(admin) as action:
        bonds.settle_defect_notice(action, filed.id, settled_on=date(2026, 4, 30), note="Done")
    assert early.value.field == "settled_on"
    with desk.action(admin) as action:
        bonds.settle_defect_notice(
            action, filed.id, settled_on=date(2026, 7, 15), note="Patch replaced and inspected"
        )
    assert bonds.releasable_on(_get(desk, filed.id)) == date(2026, 7, 15)
    with pytest.raises(Conflict):
        _release(desk, admin, filed.id, date(2026, 7, 14))
    _release(desk, admin, filed.id, date(2026, 7, 15))


def test_a_bond_other_than_a_guarantee_may_be_released_on_any_day_from_its_start_to_today(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _bond(digger, effective_on=date(2026, 11, 1)))
    for day in (date(2026, 10, 31), date(2026, 12, 1)):  # before it took effect; after today
        with pytest.raises(InvalidInput) as refused:
            _release(desk, admin, filed.id, day)
        assert refused.value.field == "on"
    assert _get(desk, filed.id).status == FileStatus.ON_FILE
    _release(desk, admin, filed.id, date(2026, 11, 1))
    assert _get(desk, filed.id).status == FileStatus.RELEASED
    today_bond = _file(desk, admin, _bond(digger, bond_number="58-113"))
    _release(desk, admin, today_bond.id, date(2026, 11, 30))


def test_a_revocation_across_a_leap_day_lasts_no_longer_than_a_year(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    """Issue 21: from March 1, 2027 the year ends February 28, 2028, so February 29, 2028 is
    not revoked; from February 29, 2028 it ends February 27, 2029 (365 days), the reading that
    protects the contractor (clerk_desk.deadlines.last_day_of_year_from)."""
    with desk.action(admin) as action:
        march = bonds.revoke(action, digger, starts_on=date(2027, 3, 1), reason="Sunken patch")
        assert bond_views.revocation_row(action, march).ends_on == date(2028, 2, 28)
    assert _revocation(desk, digger, date(2027, 2, 28)) == []
    assert _revocation(desk, digger, date(2027, 3, 1))[0].level == "block"
    assert _revocation(desk, digger, date(2028, 2, 28))[0].level == "block"
    assert _revocation(desk, digger, date(2028, 2, 29)) == []
    with desk.action(admin) as action:
        leap = bonds.revoke(action, digger, starts_on=date(2028, 2, 29), reason="Sunken patch")
        assert bond_views.revocation_row(action, leap).ends_on == date(2029, 2, 27)


def test_a_renewed_annual_bond_is_not_listed_as_expiring_in_december(
    desk: Desk, admin: SignedIn, digger: int, clock: FixedClock
) -> None:
    _file(desk, admin, _annual(digger, 2026, "KE-26"))
    _file(desk, admin, _annual(digger, 2027, "KE-27"))
    clock.set(date(2026, 12, 1))
    assert [i.title for i in _today(desk, admin) if i.record_type == "bond"] == []


def test_the_revocation_register_lists_all_and_those_standing(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    other = builders.party(desk, admin, "Ellsworth Sewer & Water")
    with desk.action(admin) as action:
        bonds.revoke(action, digger, starts_on=date(2025, 1, 6), reason="Old patch")
        bonds.revoke(action, other, starts_on=date(2026, 3, 10), reason="Trench")
    with desk.database.reading() as session:
        assert [r.reason for r in bonds.revocations(session)] == ["Trench", "Old patch"]
        assert [r.reason for r in bonds.revocations(session, on=date(2026, 3, 9))] == []
        assert [r.reason for r in bonds.revocations(session, on=date(2026, 3, 10))] == ["Trench"]


# -- the bond in force on the days of the work --------------------------------------------------


def _permit_bond(digger: int, number: str, **changes: Any) -> BondData:
    return _bond(
        digger,
        bond_number=number,
        record_type="street_opening",
        record_id="SO-2026-0042",
        **changes,
    )


def _opening_42(desk: Desk, digger: int, work_on: date, work_until: date | None = None) -> Finding:
    with desk.database.reading() as session:
        [finding] = bonds.street_opening_bond_findings(
            session,
            party_id=digger,
            work_on=work_on,
            work_until=work_until,
            record_type="street_opening",
            record_id="SO-2026-0042",
        )
        return finding


def test_a_permit_bond_counts_only_if_in_force_on_every_day_of_the_work(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    _file(
        desk,
        admin,
        _permit_bond(digger, "P-1", effective_on=date(2026, 11, 10), expires_on=date(2026, 11, 20)),
    )
    assert _opening_42(desk, digger, date(2026, 11, 10), date(2026, 11, 20)).level == "info"
    assert _opening_42(desk, digger, date(2026, 11, 9), date(2026, 11, 12)).level == "block"
    assert _opening_42(desk, digger, date(2026, 11, 18), date(2026, 11, 21)).level == "block"
    assert _opening_42(desk, digger, date(2026, 11, 20)).level == "info"  # one day: work_on
    with pytest.raises(InvalidInput) as backwards, desk.database.reading() as session:
        bonds.street_opening_bond_findings(
            session, party_id=digger, work_on=date(2026, 11, 20), work_until=date(2026, 11, 19)
        )
    assert backwards.value.field == "work_until"


def test_a_permit_bond_claimed_against_still_counts(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _permit_bond(digger, "P-2"))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.CLAIM_MADE, on=date(2026, 11, 20), reason="Curb"
        )
    assert _opening_42(desk, digger, date(2026, 12, 1)) == Finding(
        "info", BOND_CITE, "Bond No. P-2 ($10,000.00) is on file for this permit."
    )


def test_work_over_new_year_needs_both_years_annual_bonds_or_a_permit_bond(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    _file(desk, admin, _annual(digger, 2026, "A-26"))
    across = (date(2026, 12, 30), date(2027, 1, 4))
    blocked = _opening_42(desk, digger, *across)
    assert blocked == Finding(
        "block",
        BOND_CITE,
        "A $10,000.00 bond must be deposited before the permit issues, or an annual bond for 2027.",
    )
    _file(desk, admin, _annual(digger, 2027, "A-27"))
    assert _opening_42(desk, digger, *across) == Finding(
        "info", BOND_CITE, "Covered by the annual bonds No. A-26 for 2026 and No. A-27 for 2027."
    )
    other = builders.party(desk, admin, "Ellsworth Sewer & Water")
    _file(desk, admin, _permit_bond(other, "P-3", effective_on=date(2026, 11, 30)))
    with desk.database.reading() as session:
        [permit] = bonds.street_opening_bond_findings(
            session,
            party_id=other,
            work_on=across[0],
            work_until=across[1],
            record_type="street_opening",
            record_id="SO-2026-0042",
        )
    assert permit.level == "info"


# -- revocations lifted -------------------------------------------------------------------------


def test_a_revocation_is_lifted_with_a_reason_once_and_no_longer_blocks(
    desk: Desk, admin: SignedIn, digger: int, operator_with: Callable[[Role], SignedIn]
) -> None:
    with desk.action(admin) as action:
        revocation_id = bonds.revoke(
            action, digger, starts_on=date(2026, 11, 2), reason="Sunken patch"
        )
    with desk.database.reading() as session:
        assert bonds.revocation_findings(session, party_id=digger, on=date(2026, 11, 30))
    with pytest.raises(PermissionDenied), desk.action(operator_with(Role.CLERK)) as action:
        bonds.lift_revocation(action, revocation_id, reason="Entered for the wrong contractor")
    with pytest.raises(InvalidInput) as no_reason, desk.action(admin) as action:
        bonds.lift_revocation(action, revocation_id, reason="  ")
    assert no_reason.value.field == "reason"
    inspector = operator_with(Role.INSPECTOR)
    with desk.action(inspector) as action:
        bonds.lift_revocation(action, revocation_id, reason=" Entered for the wrong contractor ")
        lifted = bond_views.revocation_row(action, revocation_id)
        assert (lifted.lifted_on, lifted.lift_reason) == (
            date(2026, 11, 30),
            "Entered for the wrong contractor",
        )
    with pytest.raises(Conflict), desk.action(inspector) as action:
        bonds.lift_revocation(action, revocation_id, reason="Again")
    with desk.database.reading() as session:
        assert bonds.revocation_findings(session, party_id=digger, on=date(2026, 11, 30)) == []
        assert bonds.revocations(session, on=date(2026, 11, 30)) == []
        assert [r.id for r in bonds.revocations(session)] == [revocation_id]  # still registered
        [event] = session.scalars(select(AuditEvent).where(AuditEvent.action == "revocation.lift"))
        assert event.after == {
            "lifted_on": "2026-11-30",
            "lift_reason": "Entered for the wrong contractor",
        }


# -- the Today tab: claimed bonds ---------------------------------------------------------------


def test_today_lists_a_bond_claimed_against_that_is_running_out(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    filed = _file(desk, admin, _permit_bond(digger, "P-4", expires_on=date(2026, 12, 10)))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, filed.id, FileStatus.CLAIM_MADE, on=date(2026, 11, 20), reason="Curb"
        )
    assert [i.record_id for i in _today(desk, admin) if i.record_type == "bond"] == [str(filed.id)]


# -- what the database itself refuses ----------------------------------------------------------


def test_the_database_refuses_a_second_standing_annual_bond_and_a_period_out_of_order(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    from sqlalchemy.exc import IntegrityError

    first = _file(desk, admin, _annual(digger, 2026, "A-1"))

    def insert(**changes: Any) -> None:
        values: dict[str, Any] = {
            "kind": BondKind.ANNUAL_EXCAVATION,
            "principal_id": digger,
            "surety": "Western Surety",
            "bond_number": "A-2",
            "amount": Money("25000"),
            "effective_on": date(2026, 1, 1),
            "expires_on": date(2026, 12, 31),
            "year": 2026,
            "status": FileStatus.ON_FILE,
            "created_at": first.created_at,
        }
        values.update(changes)
        with desk.database.writing() as session:
            session.add(Bond(**values))

    # Two stations filing at once get past the service's check; the index stops the second.
    for status in (FileStatus.ON_FILE, FileStatus.CLAIM_MADE):
        with pytest.raises(Conflict):
            insert(status=status)
    insert(status=FileStatus.RELEASED)  # a released one may stand beside it
    insert(year=2027, effective_on=date(2027, 1, 1), expires_on=date(2027, 12, 31))
    with pytest.raises(IntegrityError):
        insert(kind=BondKind.STREET_OPENING, year=None, expires_on=date(2025, 12, 31))
    insert(kind=BondKind.STREET_OPENING, year=None, expires_on=None)
    insert(kind=BondKind.STREET_OPENING, year=2026, bond_number="S-2026")  # not annual: no limit
