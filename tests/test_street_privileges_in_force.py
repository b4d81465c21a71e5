"""Street privilege permits (§ 506-9) once issued: the conditions checked and recorded, an
earlier end, revocation with who and why, closing, removal by the City after the Council's 24
hours charged to the abutting owner, and what Today, the register and the permit show.
"Today" is Monday, November 30, 2026 in Prescott unless a test travels.
"""

from __future__ import annotations

import ast
import inspect
import threading
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select
from street_privileges_steps import (  # type: ignore[import-not-found]
    DPW,
    FEE,
    FT,
    TODAY,
    ZONE,
    _apply,
    _bond,
    _data,
    _get,
    _issue,
    _issued,
    _pay,
    _ready,
    _terms,
    _today_items,
    at,
)
from street_privileges_steps import broad as broad
from street_privileges_steps import builder as builder

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput
from clerk_desk.history import history
from clerk_desk.kinds import ChargeKind, DueKind, DueStatus, PartyKind, PrivilegeStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AuditEvent, SpecialCharge
from clerk_desk.money import Money
from clerk_desk.ordinance import load_chapter
from clerk_desk.special_charges import service as sc
from clerk_desk.special_charges import tax_roll as tax_roll
from clerk_desk.street_privileges import occupancy as sp_occupancy
from clerk_desk.street_privileges import records as sp_records
from clerk_desk.street_privileges import removal as sp_removal
from clerk_desk.street_privileges import review as sp_review
from clerk_desk.street_privileges import rules
from clerk_desk.street_privileges import service as sp
from clerk_desk.street_privileges import views as views
from clerk_desk.words import format_day


@pytest.fixture
def parcel(desk: Desk, admin: SignedIn) -> int:
    """The property abutting the obstructed sidewalk, with its owner."""
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


# -- conditions, revocation, close -----------------------------------------------------------------


def test_the_five_conditions_are_the_ordinances_words() -> None:
    assert [key for key, _, _ in rules.CONDITIONS] == [
        "one_third",
        "lighted",
        "sidewalk_traffic",
        "no_overnight_crossing",
        "cleanup",
    ]
    assert all(cite == rules.CONDITIONS_CITE for _, _, cite in rules.CONDITIONS)
    text = " ".join(load_chapter().text.split())
    for _, words, _ in rules.CONDITIONS:
        assert words in text


def test_conditions_are_checked_by_an_official_and_recorded_at_the_counter(
    desk: Desk, admin: SignedIn, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(Conflict, match="once a permit is issued"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=True, on=TODAY, **DPW)
    _issue(desk, director, privilege_id)
    for missing, field in (
        ({"by_name": " "}, "by_name"),
        ({"by_title": ""}, "by_title"),
    ):
        with pytest.raises(InvalidInput) as refused, desk.action(clerk) as action:
            sp_occupancy.record_check(
                action, privilege_id, "lighted", ok=True, on=TODAY, **(DPW | missing)
            )
        assert refused.value.field == field and refused.value.cite == rules.CONDITIONS_CITE
    with pytest.raises(InvalidInput, match="what was found"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=False, on=TODAY, **DPW)
    with pytest.raises(InvalidInput, match="no condition"), desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "painted", ok=True, on=TODAY, **DPW)
    early = pytest.raises(InvalidInput, match="before the permit was issued")
    with early, desk.action(clerk) as action:
        sp_occupancy.record_check(
            action, privilege_id, "lighted", ok=True, on=TODAY - timedelta(days=1), **DPW
        )
    with desk.action(clerk) as action:
        sp_occupancy.record_check(action, privilege_id, "lighted", ok=True, on=TODAY, **DPW)
        sp_occupancy.record_check(
            action,
            privilege_id,
            "lighted",
            ok=False,
            on=TODAY,
            by_name="Dana Roth",
            by_title="Police officer",
            note="No flashers at 9 p.m.",
        )
    rows = sp_occupancy.conditions_checklist(_get(desk, privilege_id))
    assert [key for key, *_ in rows] == list(rules.CONDITION_KEYS)
    checks = {key: check for key, _, _, check in rows}
    assert checks["lighted"] == sp_occupancy.ConditionCheck(
        TODAY, "Dana Roth", False, "No flashers at 9 p.m.", "Police officer", "Test Clerk"
    )
    assert checks["lighted"].official == "Dana Roth, Police officer"
    assert checks["cleanup"] is None
    with desk.database.reading() as session:
        event = sp.history(session, privilege_id)[-1]
    assert (event.action, event.operator_name) == ("privilege.check", "clerk")
    assert event.summary.endswith(
        "violated (No flashers at 9 p.m.), Mon Nov 30, 2026, checked by Dana Roth, Police "
        "officer; recorded by Test Clerk"
    )


def test_two_checks_recorded_at_once_both_stay(
    desk: Desk, admin: SignedIn, clerk: SignedIn, director: SignedIn, builder: int
) -> None:
    """Counter A records a check and has not committed when counter B records another on the
    same permit: B waits for A (the permit's row is locked by every write) and then adds its
    check to A's, instead of writing back the checks it read before A's was saved."""
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    a_written, a_may_commit = threading.Event(), threading.Event()
    outcomes: dict[str, BaseException | None] = {}

    def counter(name: str, key: str) -> None:
        try:
            with desk.action(clerk) as action:
                sp_occupancy.record_check(action, privilege_id, key, ok=True, on=TODAY, **DPW)
                action.session.flush()
                if name == "A":
                    a_written.set()
                    assert a_may_commit.wait(20)
            outcomes[name] = None
        except BaseException as error:
            outcomes[name] = error
        finally:
            a_written.set()

    a = threading.Thread(target=counter, args=("A", "lighted"))
    a.start()
    assert a_written.wait(20)
    b = threading.Thread(target=counter, args=("B", "sidewalk_traffic"))
    b.start()
    b.join(0.5)
    assert b.is_alive(), "counter B should wait for counter A's transaction"
    a_may_commit.set()
    a.join(20)
    b.join(20)
    assert outcomes == {"A": None, "B": None}
    checks = _get(desk, privilege_id).checks
    assert sorted(checks) == ["lighted", "sidewalk_traffic"]


def test_every_write_service_reads_the_permit_with_a_row_lock() -> None:
    """Every service that writes a permit or bills on it reads it with ``for_update=True``,
    in each module of the workflow's services (split by topic)."""
    body = [
        node
        for module in (sp, sp_occupancy, sp_removal, sp_review)
        for node in ast.parse(inspect.getsource(module)).body
    ]
    writers: dict[str, list[bool]] = {}
    for node in body:
        if not isinstance(node, ast.FunctionDef):
            continue
        calls = [c for c in ast.walk(node) if isinstance(c, ast.Call)]
        names = [ast.unparse(c.func) for c in calls]
        if not {"action.audit", "ledger.bill", "ledger.bill_special_charge"} & set(names):
            continue
        writers[node.name] = [
            any(
                k.arg == "for_update" and isinstance(k.value, ast.Constant) and k.value.value
                for k in c.keywords
            )
            for c in calls
            if ast.unparse(c.func) == "get_privilege"
        ]
    assert sorted(writers) == [
        "bill_city_costs",
        "close",
        "correct_application",
        "issue",
        "receive_application",
        "record_advice",
        "record_check",
        "record_city_removal",
        "record_parcel",
        "record_removal_notice",
        "refuse",
        "revoke",
        "set_terms",
        "withdraw",
    ]
    assert writers.pop("receive_application") == []  # it makes the permit
    assert writers and all(reads == [True] for reads in writers.values()), writers


def test_a_revocation_without_notice_records_who_and_why(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    deputy: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    """The Chief of Police phones it in: the Deputy Clerk records it at the counter, naming
    the Chief; the audit trail names the Deputy Clerk as who recorded it."""
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2026, 12, 10, 21, 15))
    kwargs: dict[str, Any] = {
        "by_name": "Chief Gary Krueger",
        "by_title": "Chief of Police",
        "reason": "Dumpster unlit at night (condition 2)",
        "on": date(2026, 12, 10),
    }
    for bad, match in (
        ({"by_title": "Mayor"}, "Building Inspector, the Chief of Police or the Director"),
        ({"by_title": ""}, "Give the official's title"),
        ({"by_name": " "}, "Name the official"),
        ({"reason": ""}, "violation"),
        ({"on": date(2026, 12, 11)}, "after today"),
        ({"on": date(2026, 11, 29)}, "before the permit was issued"),
    ):
        with pytest.raises(InvalidInput, match=match), desk.action(deputy) as action:
            sp_occupancy.revoke(action, privilege_id, **(kwargs | bad))
    with desk.action(deputy) as action:
        sp_occupancy.revoke(action, privilege_id, **kwargs)
    privilege = _get(desk, privilege_id)
    assert privilege.status == PrivilegeStatus.REVOKED
    assert (privilege.revoked_on, privilege.revoked_by_name, privilege.revoked_by_title) == (
        date(2026, 12, 10),
        "Chief Gary Krueger",
        "Chief of Police",
    )
    assert privilege.revoke_reason == "Dumpster unlit at night (condition 2)"
    assert not sp.is_in_force(privilege, date(2026, 12, 10))
    with desk.database.reading() as session:
        event = sp.history(session, privilege_id)[-1]
        (row,) = views.register_rows(session, 2026, today=date(2026, 12, 10))
    assert (event.action, event.operator_name) == ("privilege.revoke", "deputy-clerk")
    assert "without notice Thu Dec 10, 2026 by Chief Gary Krueger, Chief of Police" in event.summary
    assert event.summary.endswith("; recorded by Test Deputy Clerk")
    assert (row.status, row.revoked_by) == ("Revoked", "Chief Gary Krueger, Chief of Police")
    (vacate,) = _today_items(desk)
    assert vacate.title.endswith("revoked Thu Dec 10, 2026: the way must be vacated and cleaned")
    with pytest.raises(Conflict, match="only an issued permit"), desk.action(director) as action:
        sp_occupancy.revoke(action, privilege_id, **kwargs)
    # Vacated two days later: recorded, and the permit stays revoked.
    clock.set(datetime(2026, 12, 12, 10, 0))
    with desk.action(deputy) as action:
        sp_occupancy.close(action, privilege_id, on=date(2026, 12, 12), **DPW)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.closed_on) == (PrivilegeStatus.REVOKED, date(2026, 12, 12))
    assert _today_items(desk) == []


def test_a_permit_is_revoked_on_its_last_day_but_not_the_day_after(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)  # in force through Sun Feb 28, 2027
    kwargs: dict[str, Any] = {
        "by_name": "Ivan Olsen",
        "by_title": "Director of Public Works",
        "reason": "Materials left in the gutter",
    }
    clock.set(datetime(2027, 3, 1, 9, 0))
    with pytest.raises(InvalidInput, match="already ended") as ended, desk.action(clerk) as a:
        sp_occupancy.revoke(a, privilege_id, on=date(2027, 3, 1), **kwargs)
    assert ended.value.cite == rules.TERMINATION_CITE
    with desk.action(clerk) as action:  # dated the last day, recorded the next morning
        sp_occupancy.revoke(action, privilege_id, on=date(2027, 2, 28), **kwargs)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.revoked_on) == (PrivilegeStatus.REVOKED, date(2027, 2, 28))
    assert sp.is_in_force(privilege, date(2027, 2, 27))
    assert not sp.is_in_force(privilege, date(2027, 2, 28))


def test_closing_records_the_way_vacated_and_cleaned(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    not_issued = pytest.raises(Conflict, match="only an issued or revoked")
    with not_issued, desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=TODAY, **DPW)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 1, 20, 15, 0))
    with pytest.raises(InvalidInput, match="after today"), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 21), **DPW)
    with pytest.raises(InvalidInput, match="Name the official"), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), by_name="", by_title="DPW")
    with desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), **DPW)
    privilege = _get(desk, privilege_id)
    assert (privilege.status, privilege.closed_on) == (PrivilegeStatus.CLOSED, date(2027, 1, 20))
    cleanup = sp_occupancy.condition_check(privilege, "cleanup")
    assert cleanup is not None and cleanup.ok and cleanup.on == date(2027, 1, 20)
    assert (cleanup.official, cleanup.recorded_by) == (
        "Ivan Olsen, Director of Public Works",
        "Test Clerk",
    )
    assert sp.display_status(privilege, date(2027, 3, 1)) == "Closed"
    with desk.database.reading() as session:
        summary = sp.history(session, privilege_id)[-1].summary
    assert summary.endswith(
        "found so by Ivan Olsen, Director of Public Works; recorded by Test Clerk"
    )
    with pytest.raises(Conflict), desk.action(clerk) as action:
        sp_occupancy.close(action, privilege_id, on=date(2027, 1, 20), **DPW)


# -- removal by the City (§ 506-9 (Removal by City)) ----------------------------------------------


def _notice(desk: Desk, who: SignedIn, privilege_id: int, moment: datetime) -> None:
    with desk.action(who) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=moment, to="Rosa Lindgren, owner")


def _remove(desk: Desk, who: SignedIn, privilege_id: int, on: date) -> SpecialCharge:
    with desk.action(who) as action:
        charge_id = sp_removal.record_city_removal(
            action, privilege_id, on=on, cost=Money("640.00"), description="Crew and truck, 4 h"
        )
        return action.session.get_one(SpecialCharge, charge_id)


def test_the_city_removes_only_after_24_hours_and_charges_the_abutting_owner(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)  # in force through Sun Feb 28, 2027
    clock.set(datetime(2027, 2, 28, 18, 30))  # its last day: the sidewalk is lawfully obstructed
    with pytest.raises(Conflict, match="No notice from the Common Council"):
        _remove(desk, clerk, privilege_id, date(2027, 2, 28))
    with pytest.raises(InvalidInput, match="later than now"):
        _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 31))
    _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 30))
    # A Sunday notice: Wis. Stat. § 990.001(4)(a) counts none of Sunday's hours, so the 24
    # hours are Monday's, and run out at midnight. A wall clock would say 6:30 p.m. Monday.
    clock.set(datetime(2027, 3, 1, 23, 59))  # 23 hours 59 minutes counted
    with pytest.raises(
        InvalidInput, match=r"run until Tue Mar 2, 2027 12:00 AM \(Sundays"
    ) as early:
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))
    assert early.value.cite == rules.REMOVAL_CITE
    assert not [i for i in _today_items(desk) if "24 hours" in i.title]
    clock.set(datetime(2027, 3, 2, 0, 0))  # 24 hours: the City may remove it
    (ran,) = [i for i in _today_items(desk) if "24 hours" in i.title]
    assert ran.cite == rules.REMOVAL_CITE and ran.due == date(2027, 3, 2)
    with pytest.raises(InvalidInput, match="once the 24 hours have run"):
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))
    charge_id = _remove(desk, clerk, privilege_id, date(2027, 3, 2)).id
    location = _get(desk, privilege_id).location
    with desk.database.reading() as session:
        charge = sc.get_charge(session, charge_id)
        owner = parties.get_parcel(session, parcel).owner_id
        assert (charge.kind, charge.billed_party_id, charge.billed_as, charge.parcel_id) == (
            ChargeKind.PRIVILEGE_REMOVAL,
            owner,
            "owner",
            parcel,
        )
        assert (charge.record_type, charge.record_id) == (rules.RECORD_TYPE, str(privilege_id))
        assert charge.work == (
            "Obstruction under street privilege SP-2026-001 removed by the City from "
            f"{location}: Crew and truck, 4 h"
        )
        assert [(line.category, line.amount) for line in charge.lines] == [
            ("other", Money("640.00"))
        ]
        # Billed the day of the removal; no time to pay: on the next annual tax roll.
        assert (charge.bill_on, charge.delivered_how, charge.due_on, charge.tax_roll_on) == (
            date(2027, 3, 2),
            "mailed",
            None,
            date(2027, 3, 2),
        )
        assert [c.id for c in tax_roll.eligible(session, date(2027, 3, 1))] == []
        assert [c.id for c in tax_roll.eligible(session, date(2027, 3, 2))] == [charge_id]
        due = charge.amount_due
        assert due is not None
        assert (due.kind, due.party_id, due.amount) == (DueKind.SPECIAL_CHARGE, owner, Money("640"))
        assert (due.cite, due.due_on, due.status) == (rules.REMOVAL_CITE, None, DueStatus.OPEN)
        # The permit still counts it among its dues, and its history shows the charge.
        assert due.id in [
            d.id for d in ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))
        ]
        actions = [e.action for e in sp.history(session, privilege_id)]
        assert actions[-4:] == [
            "due.create",
            "special_charge.created",
            "special_charge.billed",
            "privilege.city_removal",
        ]
        view = views.permit_view(session, privilege_id, desk.calendar())
    removed = _get(desk, privilege_id)
    assert removed.removed_by_city_on == date(2027, 3, 2)
    assert sp.display_status(removed, date(2027, 3, 2)) == "Removed by the City Mar 2, 2027"
    # The owner's charge is not the permittee's City costs: it stands apart, naming the owner.
    assert view.city_costs == ()
    (charge,) = view.removal_charges
    assert (charge.kind, charge.amount, charge.party, charge.cite) == (
        "Special charge",
        Money("640"),
        "Rosa Lindgren",
        rules.REMOVAL_CITE,
    )
    with desk.database.reading() as session:
        (row,) = views.register_rows(session, today=date(2027, 3, 2))
    assert (row.city_costs, row.removal_charge, row.removal_charged_to) == (
        Money.zero(),
        Money("640"),
        "Rosa Lindgren",
    )
    assert _today_items(desk) == []  # cleared by the City: nothing left to do
    with pytest.raises(Conflict, match="removal under SP-2026-001 was recorded Tue Mar 2"):
        _remove(desk, clerk, privilege_id, date(2027, 3, 1))


def test_the_one_history_reader_finds_the_removal_charge_from_the_permit_alone(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    """The drift of issue 18: the street privileges' own copy of the history dropped the
    removal charge's events of a permit with no amounts due. The workflow now asks the one
    reader (clerk_desk.history) with the permit alone, and the reader finds the charge filed
    against it: its creation and bill are in the permit's history without being named."""
    privilege_id = _ready(desk, admin, director, builder, parcel_id=parcel)
    _issue(desk, director, privilege_id)
    clock.set(datetime(2027, 2, 28, 18, 30))
    _notice(desk, clerk, privilege_id, at(date(2027, 2, 28), 18, 30))
    clock.set(datetime(2027, 3, 2, 0, 0))  # Sunday's hours are not counted
    charge_id = _remove(desk, clerk, privilege_id, date(2027, 3, 2)).id
    permit = RecordRef(rules.RECORD_TYPE, str(privilege_id))
    with desk.database.reading() as session:
        alone = history(session, permit)
        shown = sp.history(session, privilege_id)
        told = history(session, permit, related=[RecordRef(sc.RECORD_TYPE, str(charge_id))])
    assert [(e.record_type, e.action) for e in alone][-3:] == [
        ("special_charge", "special_charge.created"),
        ("special_charge", "special_charge.billed"),
        ("street_privilege", "privilege.city_removal"),
    ]
    assert alone == shown == told  # named or not, the charge is read once


def test_a_removal_is_charged_only_against_a_recorded_parcel_with_an_owner(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    _notice(desk, admin, privilege_id, at(TODAY, 9))
    clock.set(datetime(2026, 12, 1, 9, 0))
    with pytest.raises(InvalidInput, match="No abutting property is recorded"):
        _remove(desk, admin, privilege_id, date(2026, 12, 1))
    with desk.action(admin) as action:
        ownerless = parties.add_parcel(
            action, parties.ParcelData(parcel_number="281-09001-0000", site_address="1 Front St")
        )
        sp.record_parcel(action, privilege_id, ownerless.id)
    with pytest.raises(InvalidInput, match="has no owner recorded"):
        _remove(desk, admin, privilege_id, date(2026, 12, 1))
    assert _get(desk, privilege_id).removed_by_city_on is None


def test_a_removal_notice_needs_an_issued_permit_still_in_place(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    with pytest.raises(Conflict, match="once a permit is issued"):
        _notice(desk, admin, privilege_id, at(TODAY, 9))
    _issue(desk, director, privilege_id)
    with pytest.raises(InvalidInput, match="time zone"), desk.action(admin) as action:
        sp_removal.record_removal_notice(
            action, privilege_id, at=datetime(2026, 11, 30, 9), to="Owner"
        )
    with pytest.raises(InvalidInput, match="Name the owner"), desk.action(admin) as action:
        sp_removal.record_removal_notice(action, privilege_id, at=at(TODAY, 9), to=" ")
    with desk.action(director) as action:
        sp_occupancy.close(action, privilege_id, on=TODAY, **DPW)
    with pytest.raises(Conflict, match="already clear"):
        _notice(desk, admin, privilege_id, at(TODAY, 9))


def test_a_street_only_permit_is_not_removed_under_506_9(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    parcel: int,
) -> None:
    """§ 506-9 (Removal by City) is for a lawfully obstructed sidewalk: a dumpster in the
    street is removed under § 506-8, never put on the tax roll by a Council notice."""
    privilege_id = _ready(
        desk,
        admin,
        director,
        builder,
        parcel_id=parcel,
        sidewalk_width_in=None,
        sidewalk_used_in=None,
    )
    _issue(desk, director, privilege_id)
    with pytest.raises(Conflict) as refused:
        _notice(desk, clerk, privilege_id, at(TODAY, 9))
    assert refused.value.cite == rules.STREET_REMOVAL_CITE
    assert refused.value.message.startswith(
        "Street privilege SP-2026-001 obstructs no sidewalk: the Council's notice and the City's "
        "removal charged to the abutting property (§ 506-9 (Removal by City)) are for a "
        "lawfully obstructed sidewalk."
    )
    assert "payable in 10 days" in refused.value.message
    assert "(§ 506-8 (Failure to remove obstruction))" in refused.value.message
    # A notice recorded before this rule existed does not let the charge through either.
    with desk.action(admin) as action:
        sp_records.get_privilege(action.session, privilege_id).removal_notice_at = at(TODAY, 9)
    clock.set(datetime(2026, 12, 2, 9, 0))
    with pytest.raises(Conflict) as charged:
        _remove(desk, clerk, privilege_id, date(2026, 12, 2))
    assert charged.value.cite == rules.STREET_REMOVAL_CITE
    with desk.database.reading() as session:
        assert ledger.dues_for(session, RecordRef(rules.RECORD_TYPE, str(privilege_id)))[
            -1
        ].kind == (DueKind.FEE)


@pytest.mark.parametrize(
    ("revoke_on", "notice_on", "lawful"),
    [
        (date(2026, 12, 10), date(2026, 12, 9), True),  # the day before the revocation
        (date(2026, 12, 10), date(2026, 12, 10), False),  # revoked that day: no longer lawful
        (None, date(2027, 2, 28), True),  # the permit's last day
        (None, date(2027, 3, 1), False),  # the day after it ended
    ],
)
def test_a_notice_once_the_permit_is_revoked_or_ended_is_refused_citing_506_8(
    desk: Desk,
    clock: FixedClock,
    admin: SignedIn,
    clerk: SignedIn,
    director: SignedIn,
    builder: int,
    revoke_on: date | None,
    notice_on: date,
    lawful: bool,
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    now = max(notice_on, revoke_on or notice_on)
    clock.set(datetime(now.year, now.month, now.day, 20, 0))
    if revoke_on is not None:
        with desk.action(clerk) as action:
            sp_occupancy.revoke(
                action,
                privilege_id,
                by_name="Gary Krueger",
                by_title="Chief of Police",
                reason="Unlit",
                on=revoke_on,
            )
    if lawful:
        _notice(desk, clerk, privilege_id, at(notice_on, 19))
        assert _get(desk, privilege_id).removal_notice_at == at(notice_on, 19)
        return
    with pytest.raises(Conflict) as refused:
        _notice(desk, clerk, privilege_id, at(notice_on, 19))
    assert refused.value.cite == rules.SIDEWALK_REMOVAL_CITE
    gone = "was revoked Thu Dec 10, 2026" if revoke_on else "ended Sun Feb 28, 2027"
    assert refused.value.message.startswith(
        f"Street privilege SP-2026-001 {gone}: what is left on the sidewalk from "
        f"{format_day(notice_on)} is no longer lawfully there"
    )
    assert _get(desk, privilege_id).removal_notice_at is None


def test_removal_barred_reads_the_day_of_the_notice_on_city_halls_clock() -> None:
    privilege = _issued(
        date(2026, 11, 30), date(2027, 2, 28), sidewalk_used_in=36, removal_notice_at=None
    )
    assert sp_removal.removal_barred(privilege, ZONE) is None
    privilege.removal_notice_at = at(date(2027, 2, 28), 23, 59)
    assert sp_removal.removal_barred(privilege, ZONE) is None
    privilege.removal_notice_at = at(date(2027, 3, 1), 0, 0)  # 6:00 UTC: still Mar 1 here
    barred = sp_removal.removal_barred(privilege, ZONE)
    assert barred is not None and barred.cite == rules.SIDEWALK_REMOVAL_CITE


# -- Today, the register, the permit ---------------------------------------------------------------


def test_today_lists_permits_ending_within_14_days(
    desk: Desk, clock: FixedClock, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    number = _issue(desk, director, privilege_id).number
    clock.set(datetime(2027, 2, 13, 10, 0))  # 15 days before Feb 28
    assert _today_items(desk) == []
    clock.set(datetime(2027, 2, 14, 10, 0))  # 14 days before
    (item,) = _today_items(desk)
    assert (item.title, item.due, item.cite) == (
        f"Permit {number} ends Sun Feb 28, 2027",
        date(2027, 2, 28),
        rules.TERMINATION_CITE,
    )
    assert (item.record_type, item.record_id) == (rules.RECORD_TYPE, str(privilege_id))
    clock.set(datetime(2027, 3, 1, 8, 0))
    (overdue,) = _today_items(desk)
    assert "ended Sun Feb 28, 2027: the way must be vacated and cleaned" in overdue.title
    assert overdue.cite == rules.CONDITIONS_CITE


def test_today_lists_applications_waiting_for_the_fee_or_the_bond(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _apply(desk, admin, _data(builder))
    (item,) = _today_items(desk)
    assert item.title == (
        "Application SP-2026-001 waits for the Director's bond amount and the permit fee"
    )
    assert (item.cite, item.due) == (rules.BOND_CITE, None)
    _terms(desk, director, privilege_id, insurance={})
    (item,) = _today_items(desk)
    assert item.title.endswith("waits for the bond, proof of insurance and the permit fee")
    _terms(desk, director, privilege_id)
    _bond(desk, admin, builder, privilege_id)
    (item,) = _today_items(desk)
    assert item.title.endswith("waits for the permit fee") and item.cite == rules.FEE_CITE
    _pay(desk, admin, privilege_id)
    assert _today_items(desk) == []


def test_the_register_searches_and_exports_every_permit(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, broad: int, parcel: int
) -> None:
    issued = _ready(desk, admin, director, builder, street_id=broad, parcel_id=parcel)
    _issue(desk, director, issued)
    other = _apply(desk, admin, _data(builder, location="Alley behind 118 Orange St"))
    with desk.database.reading() as session:
        assert [p.id for p in sp.search_privileges(session, "orange")] == [other]
        assert [p.id for p in sp.search_privileges(session, "broad n 281-01042")] == [issued]
        assert [p.id for p in sp.search_privileges(session, "bluff")] == [other, issued]
        assert [p.id for p in sp.search_privileges(session, status=PrivilegeStatus.ISSUED)] == [
            issued
        ]
        assert sp.search_privileges(session, year=2025) == []
        assert sp.register_years(session) == [2026]
        rows = views.register_rows(session, today=TODAY)
    assert [r.number for r in rows] == ["SP-2026-001", "SP-2026-002"]
    first = rows[0]
    assert (first.status, first.issued_on, first.ends_on, first.street) == (
        "Issued",
        TODAY,
        date(2027, 2, 28),
        "Broad St N",
    )
    assert first.bond_on_file == "Western Surety Company, No. SP-B-1, $5,000.00"
    assert (first.fee, first.fee_paid, first.bond_amount) == (FEE, FEE, Money("5000"))
    assert (rows[1].status, rows[1].fee_paid, rows[1].bond_on_file) == ("Applied", Money.zero(), "")


def test_the_permit_view_holds_everything_the_permit_prints(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int, broad: int, parcel: int
) -> None:
    privilege_id = _apply(
        desk,
        admin,
        _data(
            builder,
            broad,
            parcel_id=parcel,
            building_permit_required=True,
            building_permit_number="B-2026-114",
            sidewalk_used_in=10 * FT,
            temporary_sidewalk_width_in=5 * FT,
            fence_height_in=6 * FT,
        ),
    )
    with desk.action(admin) as action:
        sp.record_advice(
            action, privilege_id, who="police", advice="Flagger at rush hour", on=TODAY
        )
    _terms(desk, director, privilege_id, conditions="Flagger 7-9 a.m.\nNo work on Sundays")
    _bond(desk, admin, builder, privilege_id)
    _pay(desk, admin, privilege_id)
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        view = views.permit_view(session, privilege_id, desk.calendar(), today=TODAY)
    assert (view.number, view.status, view.applicant_name) == (
        "SP-2026-001",
        "Issued",
        "Bluff Country Concrete",
    )
    assert view.applicant_address == "N5037 County Rd M\nEllsworth, WI 54011"
    assert (view.street, view.parcel, view.parcel_owner) == (
        "Broad St N",
        "281-01042-0000, 236 Broad St N",
        "Rosa Lindgren",
    )
    assert (view.purpose, view.building_permit) == ("Construction materials", "No. B-2026-114")
    assert (view.issued_on, view.ends_on, view.earlier_end) == (TODAY, date(2027, 2, 28), False)
    assert view.term_text == "Three months from issuance: through Sunday, February 28, 2027."
    assert view.widths == (
        ("Street, traveled width", "36 ft"),
        ("Street occupied", "8 ft"),
        ("Sidewalk width", "10 ft"),
        ("Sidewalk occupied", "10 ft"),
        ("Temporary sidewalk width", "5 ft"),
        ("Fence height (both sides)", "6 ft"),
    )
    (bond,) = view.bonds
    assert (bond.surety, bond.bond_number, bond.amount, bond.for_this_permit) == (
        "Western Surety Company",
        "SP-B-1",
        Money("5000"),
        True,
    )
    assert view.bond_amount == Money("5000") and view.insurance is None
    assert [c.key for c in view.conditions] == list(rules.CONDITION_KEYS)
    assert view.extra_conditions == ("Flagger 7-9 a.m.", "No work on Sundays")
    assert view.advice == (views.AdviceLine("Chief of Police", TODAY, "Flagger at rush hour"),)
    assert view.revoked_on is None and view.city_costs == ()


def test_the_history_holds_the_permit_and_its_fee(
    desk: Desk, admin: SignedIn, director: SignedIn, builder: int
) -> None:
    privilege_id = _ready(desk, admin, director, builder)
    _issue(desk, director, privilege_id)
    with desk.database.reading() as session:
        actions = [e.action for e in sp.history(session, privilege_id)]
        everything = session.scalar(select(func.count()).select_from(AuditEvent)) or 0
    assert actions == [
        "privilege.receive",
        "due.create",
        "privilege.terms",
        "due.payment",
        "privilege.issue",
    ]
    assert everything > len(actions)  # the bond, the drawer, the receipt are their own records
