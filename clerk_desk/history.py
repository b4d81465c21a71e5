"""A record's history as the window and the papers show it: one reader for every workflow.

A permit's history is more than the audit events written against its own row: its fees are billed,
paid, and put back by a void on the amounts due it is owed for, and a City removal or repair is
charged and certified on a special charge filed against it. :func:`history` finds them all itself
and reads them in one query, oldest first, so that no workflow can leave a kind out (the street
privileges' copy once dropped the removal charge's events of a permit that had no fee, and the
street openings' history left out its repair charges).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from clerk_desk.clock import city_zone
from clerk_desk.ledger import RecordRef, dues_for
from clerk_desk.models import AmountDue, AuditEvent, Operator, SpecialCharge
from clerk_desk.words import local_time

__all__ = ["HistoryEntry", "history"]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One thing done: when (UTC, and as City Hall's clock showed it), by whom (the operator's
    full name where the operator is on file, and the user name the trail recorded), the action's
    name, what it did, and the record before and after it."""

    at: datetime
    when: str
    who: str
    operator_name: str
    record_type: str  # the permit's own, "amount_due", "special_charge"
    action: str
    summary: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None


def history(
    session: Session,
    record: RecordRef,
    *,
    zone: tzinfo | None = None,
    related: Iterable[RecordRef] = (),
) -> list[HistoryEntry]:
    """Every audit event of ``record``, of the special charges filed against it, of the amounts
    due owed for either, and of the ``related`` records, oldest first; ``when`` on City Hall's
    clock (``zone``, the City's by default)."""
    zone = zone or city_zone()
    given = [record, *related]
    charges = [
        RecordRef(SpecialCharge.__tablename__, str(charge_id))
        for owner in given
        for charge_id in session.scalars(
            select(SpecialCharge.id).where(
                SpecialCharge.record_type == owner.record_type,
                SpecialCharge.record_id == owner.record_id,
            )
        )
    ]
    records = list(dict.fromkeys((*given, *charges)))  # a related charge is read once
    dues = [
        RecordRef(AmountDue.__tablename__, str(due.id))
        for owed_for in records
        for due in dues_for(session, owed_for)
    ]
    ids_by_type: dict[str, list[str]] = {}
    for ref in (*records, *dues):
        ids_by_type.setdefault(ref.record_type, []).append(ref.record_id)
    wanted = or_(
        *(
            and_(AuditEvent.record_type == kind, AuditEvent.record_id.in_(ids))
            for kind, ids in ids_by_type.items()
        )
    )
    rows = session.execute(
        select(AuditEvent, Operator.full_name)
        .outerjoin(Operator, Operator.id == AuditEvent.operator_id)
        .where(wanted)
        .order_by(AuditEvent.at, AuditEvent.id)
    ).all()
    return [
        HistoryEntry(
            event.at,
            local_time(event.at, zone),
            name or event.operator_name,
            event.operator_name,
            event.record_type,
            event.action,
            event.summary,
            event.before,
            event.after,
        )
        for event, name in rows
    ]
