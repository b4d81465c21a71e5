"""Steps the special event vending tests share (tests/test_vending_*.py, test_refusals.py): the
sections cited, the event most tests use, a vendor and a sponsor, an application's data and the
festival, received, corrected or refused, its certificate, the Chief of Police's review, the fee
paid, a Council meeting, a denial, and what the checklist and Today say.

"Today" is Mon Nov 30, 2026, 10:00 a.m. in Prescott unless a test moves the clock."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import builders  # type: ignore[import-not-found]
import pytest

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import ApplicantKind, PartyKind, TenderKind
from clerk_desk.ledger import RecordRef
from clerk_desk.models import VendingApplication
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.vending import service as vending
from clerk_desk.vending.application import ApplicationData, ParticipantData, SlotData
from clerk_desk.vending.rules import ChecklistItem

CHICAGO = ZoneInfo("America/Chicago")
PERMIT = "§ 506-24 (Street sales prohibited except by permit)"
PROCEDURE = "§ 506-24 (Procedure)"
INSURANCE = "§ 506-24 (Conditions of permit: Liability insurance)"
POLICE = "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)"


CHAMBERS = "Council Chambers, Prescott Municipal Building"

# The event most tests use: Monday, December 14, 2026, so the last day for proof of insurance and
# for the Chief of Police is Monday, December 7 (a day City Hall is open).
EVENT = date(2026, 12, 14)
PROOF_DAY = date(2026, 12, 7)


def _local(year: int, month: int, day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=CHICAGO)


@pytest.fixture
def vendor(desk: Desk, admin: SignedIn) -> int:
    """An individual vendor: a food truck at the festival."""
    return builders.party(desk, admin, "Magee Park Ice Cream", PartyKind.BUSINESS)


@pytest.fixture
def sponsor(desk: Desk, admin: SignedIn) -> int:
    """The organization sponsoring a festival, applying as agent for its participants."""
    return builders.party(desk, admin, "Prescott Daze Committee", PartyKind.ORGANIZATION)


def _slots(first: date = EVENT, days: int = 1) -> tuple[SlotData, ...]:
    return tuple(
        SlotData(first + timedelta(days=n), time(10, 0), time(18, 0), "200 block of Broad St N")
        for n in range(days)
    )


def _data(applicant: int, **changes: Any) -> ApplicationData:
    data = ApplicationData(
        applicant_id=applicant,
        applicant_kind=ApplicantKind.VENDOR,
        event_name="Holiday Market on Broad Street",
        goods="Ice cream and hot cocoa",
        integral_to_event=True,
        contact_name="Rosa Dahl",
        contact_phone="(715) 555-0188",
        slots=_slots(),
    )
    return dataclasses.replace(data, **changes)


PARTICIPANTS = (
    ParticipantData("Prescott Area Chamber of Commerce", "sponsor"),
    ParticipantData("Kinnickinnic Coffee Co.", goods="Coffee", contact="(715) 555-0101"),
    ParticipantData("Zoë's Crêpes", goods="Crêpes"),
)


def _festival(applicant: int, **changes: Any) -> ApplicationData:
    data = _data(
        applicant,
        applicant_kind=ApplicantKind.SPONSOR,
        event_name="Prescott Daze",
        goods="Food, crafts and games",
        integral_to_event=False,
        participants=PARTICIPANTS,
        slots=(
            SlotData(EVENT, time(10, 0), time(22, 0), "Broad St N from Orange St to Elm St"),
            SlotData(EVENT, time(10, 0), time(18, 0), "Orange St, 100 block, north side"),
            SlotData(EVENT + timedelta(days=1), time(9, 0), time(17, 0), "Freedom Park"),
        ),
    )
    return dataclasses.replace(data, **changes)


def _receive(desk: Desk, who: SignedIn, data: ApplicationData) -> VendingApplication:
    with desk.action(who) as action:
        application = action.session.get_one(
            VendingApplication, vending.receive_application(action, data)
        )
        action.session.expunge(application)
        return application


def _do(desk: Desk, who: SignedIn, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with desk.action(who) as action:
        result = service(action, *args, **kwargs)
        action.session.flush()
        return result


def _refused(
    desk: Desk,
    who: SignedIn,
    service: Callable[..., object],
    *args: Any,
    error: type[Exception] = InvalidInput,
    **kwargs: Any,
) -> Any:
    with pytest.raises(error) as refused, desk.action(who) as action:
        service(action, *args, **kwargs)
    return refused.value


def _get(desk: Desk, application_id: int) -> VendingApplication:
    with desk.database.reading() as session:
        [application] = [a for a in vending.search_applications(session) if a.id == application_id]
        for appeal in application.appeals:
            _ = appeal.meeting
        session.expunge_all()
        return application


def _items(desk: Desk, who: SignedIn, application_id: int) -> dict[str, ChecklistItem]:
    with desk.lookup(who) as action:
        return {item.key: item for item in vending.review(action, application_id)}


def _certificate(
    desk: Desk, who: SignedIn, insured: int, received_on: date, **coverage: Any
) -> None:
    limits = {
        CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money(coverage.pop("bodily", "100000")),
        CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money(coverage.pop("property", "50000")),
    }
    data = bonds.CertificateData(
        insured_id=insured,
        insurer="Badger Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2027, 12, 31),
        received_on=received_on,
        coverages=limits,
        general_liability=True,
        contractual_liability=True,
        city_additional_insured=True,
        notice_days=30,
        record_type="vending",
    )
    with desk.action(who) as action:
        bonds.file_certificate(action, dataclasses.replace(data, **coverage))


def _police(
    desk: Desk, who: SignedIn, application_id: int, on: date, approved: bool = True
) -> None:
    _do(
        desk,
        who,
        vending.record_police_review,
        application_id,
        submitted_on=on,
        approved_on=on if approved else None,
        approved_by="Chief Dahl" if approved else "",
    )


def _pay(desk: Desk, treasurer: SignedIn, application_id: int) -> str:
    """Pay the permit fee at the counter, through the receipts workflow; the receipt number."""
    record = RecordRef("vending_application", str(application_id))
    with desk.lookup(treasurer) as action:
        [due] = ledger.dues_for(action.session, record)
        line = receipts.due_line(action.session, due.id)
        station = f"Counter {action.today().isoformat()}"
        drawer = receipts.current_drawer(action.session, station)
    with desk.action(treasurer) as action:
        if drawer is None:
            receipts.open_drawer(action, station=station, opening_cash=Money("100.00"))
        receipt = receipts.take_payment(
            action,
            station=station,
            payer_id=due.party_id,
            lines=[line],
            tenders=[receipts.TenderEntry(TenderKind.CASH, line.amount)],
        )
        return receipt.number


def _meeting(desk: Desk, who: SignedIn, at: datetime) -> int:
    return int(builders.meeting(desk, who, at.replace(tzinfo=CHICAGO), CHAMBERS))


def _denied(desk: Desk, clerk: SignedIn, vendor: int) -> VendingApplication:
    application = _receive(desk, clerk, _data(vendor))
    _do(desk, clerk, vending.deny, application.id, reasons="No booth space is left on Broad St.")
    return _get(desk, application.id)
