"""Reading the audit trail (writing it is :meth:`clerk_desk.desk.Action.audit`).

Only the Administrator reads it; reading it is itself not audited, exporting it is: once the file
is written (:func:`record_export`), so that the trail never claims an export that failed.
"""

from __future__ import annotations

import json
import os
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
    """Rows for the Excel export. Nothing is recorded here: build them in a read-only action,
    write the file, then call :func:`record_export` in a second action only if it was written."""
    action.require(Permission.VIEW_AUDIT)
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


def record_export(action: Action, count: int, path: str | os.PathLike[str]) -> AuditEvent:
    """Say in the trail that ``count`` events were exported to ``path`` (after the file exists)."""
    action.require(Permission.VIEW_AUDIT)
    noun = "event" if count == 1 else "events"
    return action.audit(
        "audit.export", ("audit_event", "*"), f"{count} audit {noun} exported to {os.fspath(path)}"
    )


def _text(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)
