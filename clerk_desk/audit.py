"""Reading the audit trail (writing it is :meth:`clerk_desk.desk.Action.audit`).

Only the Administrator reads it; reading it is itself not audited, exporting it is.
"""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta

from sqlalchemy import or_, select

from clerk_desk.desk import Action
from clerk_desk.models import AuditEvent
from clerk_desk.permissions import Permission

EXPORT_COLUMNS = ("When (UTC)", "Operator", "Action", "Record", "Summary", "Before", "After")


def search(
    action: Action,
    text: str = "",
    *,
    since: date | None = None,
    until: date | None = None,
    limit: int = 1000,
) -> list[AuditEvent]:
    """Newest first; ``text`` matches operator, action, record or summary; days are local."""
    action.require(Permission.VIEW_AUDIT)
    query = select(AuditEvent)
    zone = action.clock.local_now().tzinfo
    if since is not None:
        query = query.where(AuditEvent.at >= datetime.combine(since, time(), zone))
    if until is not None:
        end = datetime.combine(until + timedelta(days=1), time(), zone)
        query = query.where(AuditEvent.at < end)
    for word in text.split():
        pattern = f"%{word}%"
        query = query.where(
            or_(
                AuditEvent.operator_name.ilike(pattern),
                AuditEvent.action.ilike(pattern),
                AuditEvent.summary.ilike(pattern),
                AuditEvent.record_type.ilike(pattern),
                AuditEvent.record_id == word,
            )
        )
    return list(
        action.session.scalars(
            query.order_by(AuditEvent.at.desc(), AuditEvent.id.desc()).limit(limit)
        )
    )


def export_rows(action: Action, events: list[AuditEvent]) -> list[tuple[object, ...]]:
    """Rows for the Excel export; the export itself is recorded in the trail."""
    action.require(Permission.VIEW_AUDIT)
    action.audit("audit.export", ("audit_event", "*"), f"{len(events)} audit events exported")
    return [
        (
            e.at.replace(tzinfo=None),
            e.operator_name,
            e.action,
            f"{e.record_type} {e.record_id}",
            e.summary,
            _text(e.before),
            _text(e.after),
        )
        for e in events
    ]


def _text(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)
