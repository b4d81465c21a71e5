"""The register of special event vending applications: the search, and an application's history."""

from __future__ import annotations

from datetime import tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from clerk_desk.history import HistoryEntry
from clerk_desk.history import history as records_history
from clerk_desk.kinds import VendingStatus
from clerk_desk.ledger import RecordRef
from clerk_desk.models import VendingApplication
from clerk_desk.text_search import words_match
from clerk_desk.vending.lookup import RECORD_TYPE

SEARCH_LIMIT = 500


def _loaded() -> tuple[LoaderOption, ...]:
    return (
        selectinload(VendingApplication.applicant),
        selectinload(VendingApplication.slots),
        selectinload(VendingApplication.participants),
        selectinload(VendingApplication.notices),
        selectinload(VendingApplication.appeals),
    )


def search_applications(
    session: Session,
    text: str = "",
    *,
    status: VendingStatus | None = None,
    year: int | None = None,
    limit: int = SEARCH_LIMIT,
) -> list[VendingApplication]:
    """Applications whose number, permit, applicant, event, goods, places or participants hold
    every word typed, newest first."""
    query = select(VendingApplication)
    query = query.where(*words_match(session, VendingApplication.search_text, text))
    if status is not None:
        query = query.where(VendingApplication.status == status)
    if year is not None:
        query = query.where(VendingApplication.year == year)
    query = query.options(*_loaded()).order_by(
        VendingApplication.applied_at.desc(), VendingApplication.id.desc()
    )
    return list(session.scalars(query.limit(limit)))


def history(
    session: Session, application_id: int, *, zone: tzinfo | None = None
) -> list[HistoryEntry]:
    """Every step of the application, oldest first: its entries in the audit trail, and those of
    its fee (billed, paid, a payment put back by a void)."""
    return records_history(session, RecordRef(RECORD_TYPE, str(application_id)), zone=zone)
