"""One history reader for every workflow (clerk_desk.history): a record's own events, its
amounts due's, and its related records' (a removal charge), oldest first, on City Hall's clock."""

from __future__ import annotations

from datetime import UTC, datetime

from clerk_desk import ledger, parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.history import history
from clerk_desk.kinds import DueKind, PartyKind
from clerk_desk.ledger import RecordRef
from clerk_desk.money import Money

PERMIT = RecordRef("street_privilege", "7")
CHARGE = RecordRef("special_charge", "3")
OTHER = RecordRef("street_privilege", "8")


def _bill(desk: Desk, who: SignedIn, party_id: int, record: RecordRef) -> None:
    with desk.action(who) as action:
        ledger.bill(
            action,
            party_id=party_id,
            record=record,
            kind=DueKind.SPECIAL_CHARGE,
            amount=Money("640.00"),
            description="Crew and truck, 4 h",
            gl_account="100-44300-000",
        )


def _note(desk: Desk, who: SignedIn, record: RecordRef, summary: str) -> None:
    with desk.action(who) as action:
        action.audit("test.step", (record.record_type, record.record_id), summary)


def test_a_history_holds_its_own_its_dues_and_its_related_records_events(
    desk: Desk, admin: SignedIn, clock: FixedClock
) -> None:
    with desk.action(admin) as action:
        owner = parties.add_party(
            action, parties.PartyData(kind=PartyKind.PERSON, name="Rosa Lindgren")
        ).id
    _note(desk, admin, PERMIT, "permit applied for")
    clock.advance(minutes=5)
    _note(desk, admin, OTHER, "another permit's step")
    clock.advance(minutes=5)
    # The permit has no amount due of its own; its removal charge has one.
    _bill(desk, admin, owner, CHARGE)
    clock.advance(minutes=5)
    _note(desk, admin, CHARGE, "charge certified to the tax roll")
    with desk.database.reading() as session:
        alone = history(session, PERMIT)
        whole = history(session, PERMIT, related=[CHARGE])
    assert [e.summary for e in alone] == ["permit applied for"]
    summaries = [e.summary for e in whole]
    assert summaries[0] == "permit applied for" and summaries[-1].startswith("charge certified")
    assert "another permit's step" not in summaries
    assert [e.action for e in whole][1] == "due.create" and len(whole) == 3
    assert all(e.who == admin.full_name for e in whole)
    assert [e.at for e in whole] == sorted(e.at for e in whole)
    # Mon Nov 30, 2026 10:00 a.m. in Prescott is 16:00 UTC.
    assert whole[0].at.astimezone(UTC) == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    assert whole[0].when == "11/30/2026 10:00 AM"
