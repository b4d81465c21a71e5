"""Street privilege permits (§ 506-9) from application to issuance: the application numbered
and corrected, the advice of the officials, the Director's terms with the bond at $10,000.00 and
a cent more, insurance, the fee paid through the real receipt service, what holds a permit back,
and who may issue it. "Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select
from street_privileges_steps import (  # type: ignore[import-not-found]
    DPW,
    FEE,
    FT,
    TODAY,
    _apply,
    _bond,
    _data,
    _get,
    _issue,
    _pay,
    _ready,
    _terms,
    _texts,
    _today_items,
)
from street_privileges_steps import broad as broad
from street_privileges_steps import builder as builder

from clerk_desk import ledger, parties
from clerk_desk.bonds import service as bonds
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import SYSTEM, Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.kinds import (
    DueKind,
    DueStatus,
    FileStatus,
    PartyKind,
    PrivilegePurpose,
    PrivilegeStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import review as sp_review
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views
from clerk_desk.street_privileges.review import ItemState


def _review(desk: Desk, privilege_id: int) -> dict[str, sp_review.ChecklistItem]:
    with desk.lookup(SYSTEM) as action:
        return {item.key: item for item in sp_review.review(action, privilege_id)}


# -- the application ------------------------------------------------------------------------------


def test_an_application_is_numbered_and_bills_the_fee_of_the_schedule(
    desk: Desk, deputy: SignedIn, builder: int, broad: int
) -> None:
    first = _apply(desk, deputy, _data(builder, broad))
    second = _apply(desk, deputy, _data(builder, broad, location="Behind 240 Broad St N"))
    privilege = _get(desk, first)
    assert privilege.number == "SP-2026-001" and _get(desk, second).number == "SP-2026-002"
    assert privilege.status == PrivilegeStatus.APPLIED
    assert (privilege.applied_on, privilege.received_by_name) == (TODAY, "Test Deputy Clerk")
    with desk.database.reading() as session:
        (due,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(first)))
        assert (due.kind, due.amount, due.cite) == (DueKind.FEE, FEE, rules.FEE_CITE)
        assert due.party_id == builder and due.fee_item is not None
        assert due.fee_item.code == "STPRIV" and due.gl_account == due.fee_item.gl_account
        events = sp.history(session, first)
    assert [e.action for e in events] == ["privilege.receive", "due.create"]
    assert "Bluff Country Concrete" in events[0].summary


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"location": "   "}, "location"),
        ({"street_width_in": 0}, "street_width_in"),
        ({"street_used_in": 37 * FT}, "street_used_in"),
        ({"sidewalk_used_in": 11 * FT}, "sidewalk_used_in"),
        ({"planned_end": date(2026, 11, 1)}, "planned_end"),
        ({"fence_height_in": -1}, "fence_height_in"),
        ({"building_permit_number": "B" * 41}, "building_permit_number"),
    ],
)
def test_an_application_form_is_refused_at_the_field(
    desk: Desk, clerk: SignedIn, builder: int, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidInput) as refused, desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, **changes))
    assert refused.value.field == field
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(StreetPrivilege)) == 0


def test_an_application_names_a_real_street_and_parcel(
    desk: Desk, clerk: SignedIn, builder: int
) -> None:
    with pytest.raises(NotFound), desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, street_id=999))
    with pytest.raises(NotFound), desk.action(clerk) as action:
        sp.receive_application(action, _data(builder, parcel_id=999))


def test_an_application_is_corrected_only_before_issuance(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.action(admin) as action:
        sp.correct_application(
            action, privilege_id, _data(builder, street_used_in=12 * FT, notes="Wider dumpster")
        )
    assert _get(desk, privilege_id).street_used_in == 12 * FT
    with pytest.raises(InvalidInput, match="applicant cannot change"), desk.action(admin) as action:
        other = parties.add_party(action, parties.PartyData(kind=PartyKind.PERSON, name="Other"))
        sp.correct_application(action, privilege_id, _data(other.id))
    _issue(desk, director, privilege_id)
    late = pytest.raises(Conflict, match="only before the permit is issued")
    with late, desk.action(admin) as action:
        sp.correct_application(action, privilege_id, _data(builder))
    with desk.database.reading() as session:
        (corrected,) = [
            e for e in sp.history(session, privilege_id) if e.action.endswith("correct")
        ]
    assert corrected.before == {"street_used_in": 96, "notes": ""}
    assert corrected.after == {"street_used_in": 144, "notes": "Wider dumpster"}


def test_advice_of_the_chief_and_the_inspector_is_recorded(
    desk: Desk, clerk: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    with desk.action(clerk) as action:
        sp.record_advice(action, privilege_id, who="police", advice="Cone off the lane", on=TODAY)
        sp.record_advice(
            action,
            privilege_id,
            who="inspector",
            advice="Building permit B-2026-114 covers the work",
            on=TODAY,
        )
    privilege = _get(desk, privilege_id)
    assert (privilege.police_advice, privilege.police_advice_on) == ("Cone off the lane", TODAY)
    assert privilege.inspector_advice.startswith("Building permit B-2026-114")
    for who, on, match in (
        ("police", TODAY + timedelta(days=1), "after today"),
        ("police", TODAY - timedelta(days=1), "before the application"),
        ("mayor", TODAY, "Chief of Police or the Building Inspector"),
    ):
        with pytest.raises(InvalidInput, match=match), desk.action(clerk) as action:
            sp.record_advice(action, privilege_id, who=who, advice="x", on=on)  # type: ignore[arg-type]


# -- the terms: bond, insurance, conditions --------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "allowed"),
    [
        (Money("10000.00"), True),
        (Money("10000.01"), False),
        (Money("0.01"), True),
        (Money("0"), False),
    ],
)
def test_the_bond_is_set_not_exceeding_ten_thousand_dollars(
    desk: Desk, clerk: SignedIn, director: SignedIn, builder: int, amount: Money, allowed: bool
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    if allowed:
        _terms(desk, director, privilege_id, amount)
        assert _get(desk, privilege_id).bond_amount == amount
        return
    with pytest.raises(InvalidInput) as refused:
        _terms(desk, director, privilege_id, amount)
    assert refused.value.cite == rules.BOND_CITE and refused.value.field == "bond_amount"
    assert _get(desk, privilege_id).bond_amount is None


def test_the_terms_are_the_directors_and_keep_the_officials_conditions(
    desk: Desk, clerk: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    with pytest.raises(PermissionDenied):
        _terms(desk, deputy, privilege_id)
    _terms(
        desk,
        director,
        privilege_id,
        Money("2500"),
        insurance={CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")},
        conditions="  Flagger at the alley   from 7 to 9 a.m.\n\n No work on Prescott Daze weekend",
    )
    privilege = _get(desk, privilege_id)
    assert sp.extra_conditions(privilege) == [
        "Flagger at the alley from 7 to 9 a.m.",
        "No work on Prescott Daze weekend",
    ]
    assert sp_records.insurance_minimums(privilege) == {
        CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")
    }


# -- the review and issuance ----------------------------------------------------------------------


def test_an_application_waits_for_its_terms_its_bond_and_its_fee(
    desk: Desk, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder))
    items = _review(desk, privilege_id)
    assert list(items) == ["complete", "building_permit", "widths", "bond", "insurance", "fee"]
    assert {k for k, i in items.items() if not i.met} == {"bond", "fee"}
    assert "has not set the bond" in _texts(items["bond"].findings)
    assert items["fee"].state is ItemState.NOT_MET
    assert "The permit fee is not paid ($25.00 owed)" in _texts(items["fee"].findings)
    assert items["fee"].cite == rules.FEE_CITE and items["bond"].cite == rules.BOND_CITE
    _terms(desk, director, privilege_id)
    assert "No street privilege bond of $5,000.00 is on file" in _texts(
        _review(desk, privilege_id)["bond"].findings
    )
    with pytest.raises(InvalidInput, match="cannot be issued yet") as refused:
        _issue(desk, director, privilege_id)
    assert "No street privilege bond" in str(refused.value)
    assert "The permit fee is not paid" in str(refused.value)
    assert _get(desk, privilege_id).status == PrivilegeStatus.APPLIED


def test_the_unpaid_fee_alone_blocks_issuance_until_receipted(
    desk: Desk, clerk: SignedIn, director: SignedIn, treasurer: SignedIn, builder: int, broad: int
) -> None:
    privilege_id = _apply(desk, clerk, _data(builder, broad))
    _terms(desk, director, privilege_id)
    _bond(desk, treasurer, builder, privilege_id)
    with pytest.raises(InvalidInput, match="fee is not paid") as refused:
        _issue(desk, director, privilege_id)
    assert f"({rules.FEE_CITE})" in refused.value.message  # each item names its own section
    number = _pay(desk, treasurer, privilege_id)
    privilege = _issue(desk, director, privilege_id)
    assert privilege.status == PrivilegeStatus.ISSUED
    assert (privilege.issued_on, privilege.ends_on) == (TODAY, date(2027, 2, 28))
    assert privilege.issued_by_name == "Test Building Inspector / Public Works"
    assert privilege.earlier_end_on is None
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert [(r.receipt_number, r.amount) for r in view.receipts] == [(number, FEE)]
    assert view.fee_owed == Money.zero() and view.fee_billed == FEE


def test_city_costs_are_billed_on_top_of_the_fee_and_do_not_hold_the_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.action(admin) as action:
        due_id = sp.bill_city_costs(
            action, privilege_id, amount=Money("87.50"), description="Barricades, 3 days"
        )
        due = action.session.get_one(AmountDue, due_id)
        assert (due.kind, due.cite, due.party_id) == (
            DueKind.CITY_EXPENSES,
            rules.FEE_CITE,
            builder,
        )
        assert due.gl_account == "100-44310-000"  # the STPRIV fee's account
        with pytest.raises(InvalidInput, match="Describe"):
            sp.bill_city_costs(action, privilege_id, amount=Money("1"), description=" ")
    assert _review(desk, privilege_id)["fee"].met
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar())
    (cost,) = view.city_costs
    assert (cost.kind, cost.amount, cost.status) == ("Actual City expenses", Money("87.50"), "Open")
    assert "Barricades, 3 days" in cost.description


@pytest.mark.parametrize("decision", ["refuse", "withdraw"])
def test_a_refused_or_withdrawn_application_is_not_charged_city_costs(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, decision: str
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    with desk.action(admin) as action:  # applied: City costs may be billed
        sp.bill_city_costs(action, privilege_id, amount=Money("10"), description="Site visit")
    with desk.action(director) as action:
        getattr(sp, decision)(action, privilege_id, reason="No longer wanted")
    word = "refused" if decision == "refuse" else "withdrawn"
    with pytest.raises(Conflict) as refused, desk.action(admin) as action:
        sp.bill_city_costs(action, privilege_id, amount=Money("10"), description="Signs")
    assert refused.value.message == (
        f"Street privilege SP-2026-001 was {word}: a refused or withdrawn application is not "
        "charged City costs."
    )
    assert refused.value.cite == rules.FEE_CITE
    with desk.database.reading() as session:
        kinds = [
            d.kind
            for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))
        ]
    assert kinds.count(DueKind.CITY_EXPENSES) == 1


def test_a_deputy_clerk_cannot_issue_a_permit(
    desk: Desk, admin: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(PermissionDenied, match="Deputy Clerk"):
        _issue(desk, deputy, privilege_id)
    assert _get(desk, privilege_id).status == PrivilegeStatus.APPLIED
    _issue(desk, director, privilege_id)


def test_a_bond_filed_for_another_permit_does_not_count_but_a_standing_one_does(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    first = _apply(desk, admin, _data(builder))
    second = _apply(desk, admin, _data(builder, location="Behind 240 Broad St N"))
    for privilege_id in (first, second):
        _terms(desk, director, privilege_id)
        _pay(desk, admin, privilege_id)
    _bond(desk, admin, builder, first)
    assert _review(desk, first)["bond"].met
    assert "filed for this permit" in _texts(_review(desk, first)["bond"].findings)
    assert not _review(desk, second)["bond"].met
    _bond(desk, admin, builder, None, number="SP-STANDING")
    bond = _review(desk, second)["bond"]
    assert bond.met and "SP-STANDING" in _texts(bond.findings)
    assert "a standing bond" in _texts(bond.findings)


def test_a_standing_bond_behind_another_open_permit_or_under_a_claim_is_warned(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    standing = _bond(desk, admin, builder, None, number="SP-STANDING")
    first = _apply(desk, admin, _data(builder))
    _terms(desk, director, first)
    _pay(desk, admin, first)
    assert [f.level for f in _review(desk, first)["bond"].findings] == ["info"]
    _issue(desk, director, first)
    second = _apply(desk, admin, _data(builder, location="Behind 240 Broad St N"))
    _terms(desk, director, second)
    bond = _review(desk, second)["bond"]
    assert bond.met  # the ordinance sets no rule: it counts, but the Director is told
    (shared,) = [f for f in bond.findings if f.level == "warn"]
    assert shared.cite == rules.BOND_CITE
    assert shared.text == (
        "Bond No. SP-STANDING ($5,000.00) also stands behind SP-2026-001, not yet vacated: one "
        "standing bond answers for every permit it backs, and each counts it at its full amount."
    )
    with desk.database.reading() as session:
        view = views.permit_view(session, second, desk.calendar(), today=TODAY)
    assert [(b.bond_number, b.also_backs, b.claim_made) for b in view.bonds] == [
        ("SP-STANDING", ("SP-2026-001",), False)
    ]
    # A bond filed for the first permit takes it off the standing bond.
    _bond(desk, admin, builder, first, number="SP-OWN")
    assert [f.level for f in _review(desk, second)["bond"].findings] == ["info"]
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, standing, FileStatus.CLAIM_MADE, on=TODAY, reason="Curb damaged on Elm St"
        )
    bond = _review(desk, second)["bond"]
    assert bond.met
    assert [f.text for f in bond.findings if f.level == "warn"] == [
        "A claim has been made on Bond No. SP-STANDING: it still stands behind the permit, but "
        "what is paid on the claim comes out of its $5,000.00."
    ]


def test_a_closed_permit_no_longer_shares_the_standing_bond(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    _bond(desk, admin, builder, None, number="SP-STANDING")
    first = _apply(desk, admin, _data(builder))
    _terms(desk, director, first)
    _pay(desk, admin, first)
    _issue(desk, director, first)
    second = _apply(desk, admin, _data(builder))
    _terms(desk, director, second)
    assert any(f.level == "warn" for f in _review(desk, second)["bond"].findings)
    with desk.action(admin) as action:
        sp_occupancy.close(action, first, on=TODAY, **DPW)
    assert [f.level for f in _review(desk, second)["bond"].findings] == ["info"]


@pytest.mark.parametrize(
    ("amount", "effective", "expires", "problem"),
    [
        (Money("4999.99"), TODAY, None, "Bond No. SP-B-1 is $4,999.99; the Director set $5,000.00"),
        (Money("5000"), TODAY + timedelta(days=1), None, "takes effect Tue Dec 1, 2026"),
        (Money("5000"), TODAY, date(2027, 2, 27), "expires Sat Feb 27, 2027, before the permit"),
        (Money("5000"), TODAY, date(2027, 2, 28), None),
    ],
)
def test_the_bond_must_be_the_amount_set_and_run_through_the_permits_last_day(
    desk: Desk,
    admin: SignedIn,
    director: SignedIn,
    builder: int,
    amount: Money,
    effective: date,
    expires: date | None,
    problem: str | None,
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id, amount, effective_on=effective, expires_on=expires)
    item = _review(desk, privilege_id)["bond"]
    assert item.met is (problem is None)
    if problem:
        assert problem in _texts(item.findings)


def test_a_released_bond_no_longer_stands_behind_the_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with desk.database.reading() as session:
        (bond,) = sp_review.bonds_for(session, _get(desk, privilege_id))
    with desk.action(admin) as action:
        bonds.change_bond_status(
            action, bond.id, FileStatus.RELEASED, on=TODAY, reason="Returned in error"
        )
    assert not _review(desk, privilege_id)["bond"].met


def test_an_earlier_termination_needs_the_councils_action(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(InvalidInput, match="Common Council") as unnamed:
        _issue(desk, director, privilege_id, earlier_end_on=date(2026, 12, 31))
    assert unnamed.value.field == "note"
    with pytest.raises(InvalidInput, match="is after it"):
        _issue(desk, director, privilege_id, earlier_end_on=date(2027, 3, 1), note="Motion")
    privilege = _issue(
        desk,
        director,
        privilege_id,
        earlier_end_on=date(2026, 12, 31),
        note="Council motion of Nov 23, 2026",
    )
    assert (privilege.ends_on, privilege.earlier_end_on) == (date(2026, 12, 31), date(2026, 12, 31))
    assert privilege.earlier_end_note == "Council motion of Nov 23, 2026"
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert view.earlier_end and "Thursday, December 31, 2026" in view.term_text
    assert "Council motion of Nov 23, 2026" in view.term_text


def test_the_three_months_own_last_day_is_no_earlier_termination(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    privilege = _issue(desk, director, privilege_id, earlier_end_on=date(2027, 2, 28))
    assert (privilege.ends_on, privilege.earlier_end_on) == (date(2027, 2, 28), None)


def test_a_shorter_term_needs_a_bond_only_as_long(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _pay(desk, admin, privilege_id)
    _bond(desk, admin, builder, privilege_id, expires_on=date(2026, 12, 31))
    with pytest.raises(InvalidInput, match="expires Thu Dec 31, 2026"):
        _issue(desk, director, privilege_id)
    privilege = _issue(
        desk, director, privilege_id, earlier_end_on=date(2026, 12, 31), note="Council, Nov 23"
    )
    assert privilege.ends_on == date(2026, 12, 31)


def test_a_permit_issued_january_15_ends_april_15(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    clock.set(datetime(2027, 1, 15, 9, 0))
    privilege_id = _apply(desk, admin, _data(builder))
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id, effective_on=date(2027, 1, 15))
    _pay(desk, admin, privilege_id)
    privilege = _issue(desk, director, privilege_id)
    assert privilege.number == "SP-2027-001"
    assert privilege.ends_on == date(2027, 4, 15)
    clock.set(datetime(2027, 4, 15, 23, 59))
    assert [i.title for i in _today_items(desk)] == [
        f"Permit {privilege.number} ends Thu Apr 15, 2027"
    ]
    clock.set(datetime(2027, 4, 16, 0, 0))
    (ended,) = _today_items(desk)
    assert ended.title == (
        f"Permit {privilege.number} ended Thu Apr 15, 2027: the way must be vacated and cleaned"
    )
    assert ended.urgency(date(2027, 4, 16)) == "overdue"


def test_a_building_permit_the_code_requires_is_recorded_first(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder, building_permit_required=True)
    item = _review(desk, privilege_id)["building_permit"]
    assert not item.met and item.cite == rules.WHEN_REQUIRED_CITE
    with pytest.raises(InvalidInput, match="building permit"):
        _issue(desk, director, privilege_id)
    with desk.action(admin) as action:
        sp.correct_application(
            action,
            privilege_id,
            _data(builder, building_permit_required=True, building_permit_number="B-2026-114"),
        )
    item = _review(desk, privilege_id)["building_permit"]
    assert item.met and "B-2026-114" in _texts(item.findings)
    _issue(desk, director, privilege_id)


def test_the_widths_entered_hold_the_permit_back(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder, street_used_in=12 * FT + 1)
    widths = _review(desk, privilege_id)["widths"]
    assert not widths.met and "12 ft 1 in of a 36 ft street" in _texts(widths.findings)
    with pytest.raises(InvalidInput, match="one-third"):
        _issue(desk, director, privilege_id)
    blank = _apply(desk, admin, _data(builder, street_used_in=None, sidewalk_used_in=None))
    assert "Enter how much of the street or the sidewalk" in _texts(
        _review(desk, blank)["widths"].findings
    )


def test_a_moved_building_gives_its_route(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(
        desk, admin, director, builder, purpose=PrivilegePurpose.MOVE_BUILDING, route=""
    )
    assert "give the route" in _texts(_review(desk, privilege_id)["complete"].findings)


def _insure(desk: Desk, who: SignedIn, party_id: int, combined: str, expires: date) -> None:
    with desk.action(who) as action:
        bonds.file_certificate(
            action,
            bonds.CertificateData(
                insured_id=party_id,
                insurer="Badger Mutual",
                policy_numbers="CGL-4410",
                effective_on=date(2026, 1, 1),
                expires_on=expires,
                received_on=date(2026, 1, 2),
                coverages={CoverageKind.COMBINED_SINGLE_LIMIT: Money(combined)},
                general_liability=True,
            ),
        )


def test_insurance_when_required_is_judged_over_the_permits_term(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    assert _review(desk, privilege_id)["insurance"].met  # not required
    _terms(
        desk,
        director,
        privilege_id,
        insurance={CoverageKind.COMBINED_SINGLE_LIMIT: Money("1000000")},
    )
    item = _review(desk, privilege_id)["insurance"]
    assert not item.met and "No certificate of insurance is on file" in _texts(item.findings)
    _insure(desk, admin, builder, "999999", date(2027, 12, 31))
    assert not _review(desk, privilege_id)["insurance"].met
    _insure(desk, admin, builder, "1000000", date(2027, 2, 27))  # ends before Feb 28
    assert not _review(desk, privilege_id)["insurance"].met
    _insure(desk, admin, builder, "1000000", date(2027, 2, 28))
    assert _review(desk, privilege_id)["insurance"].met
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar())
    assert view.insurance is not None and view.insurance.expires_on == date(2027, 2, 28)
    assert view.insurance.limits == (("combined single limit", Money("1000000")),)
    assert view.insurance_minimums == (("combined single limit", Money("1000000")),)


def test_refused_and_withdrawn_applications(
    desk: Desk, clerk: SignedIn, deputy: SignedIn, director: SignedIn, builder: int
) -> None:
    refused = _apply(desk, clerk, _data(builder))
    with pytest.raises(PermissionDenied), desk.action(clerk) as action:
        sp.refuse(action, refused, reason="x")
    with pytest.raises(InvalidInput, match="why"), desk.action(director) as action:
        sp.refuse(action, refused, reason=" ")
    with desk.action(director) as action:
        sp.refuse(action, refused, reason="The alley is the only fire access")
    privilege = _get(desk, refused)
    assert (privilege.status, privilege.refused_reason) == (
        PrivilegeStatus.REFUSED,
        "The alley is the only fire access",
    )
    with pytest.raises(Conflict, match="refused"):
        _issue(desk, director, refused)
    # Withdrawn by the Clerk: the unpaid fee is cancelled; by a deputy, left for the Treasurer.
    by_clerk = _apply(desk, clerk, _data(builder))
    by_deputy = _apply(desk, clerk, _data(builder))
    with desk.action(clerk) as action:
        sp.withdraw(action, by_clerk, reason="The owner phoned: the work is postponed")
    with desk.action(deputy) as action:
        sp.withdraw(action, by_deputy, reason="Withdrawn in writing")
    with desk.database.reading() as session:
        (cancelled,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(by_clerk)))
        (left,) = ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(by_deputy)))
        summary = next(
            e.summary for e in sp.history(session, by_deputy) if e.action == "privilege.withdraw"
        )
    assert cancelled.status == DueStatus.CANCELLED and left.status == DueStatus.OPEN
    assert "left for the Treasurer to cancel" in summary
    assert _get(desk, by_clerk).status == PrivilegeStatus.WITHDRAWN
