"""Reading the audit trail (writing it is :meth:`clerk_desk.desk.Action.audit`).

Only the Administrator reads it; reading it is itself not audited, exporting it is: once the file
is written (:func:`record_export`), so that the trail never claims an export that failed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import or_, select

from clerk_desk import desk_acts, naming
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.models import AuditEvent
from clerk_desk.words import local_time

EXPORT_COLUMNS = (
    "When (UTC)",
    "Operator",
    "Action",
    "Record",
    "Summary",
    "Responsible official",
    "Before",
    "After",
)


def search(
    action: Action,
    text: str = "",
    *,
    since: date | None = None,
    until: date | None = None,
    limit: int = 1000,
) -> list[AuditEvent]:
    """Newest first; ``text`` matches operator, action, record, summary or the responsible
    official; days are local."""
    desk_acts.allow(action, DeskAct.AUDIT_TRAIL)
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
                AuditEvent.responsible.ilike(pattern),
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


@dataclass(frozen=True, slots=True)
class EventRow:
    """One event as the trail's window lists it, its moment in City Hall's time."""

    id: int
    when: str
    operator: str
    action: str
    record: str
    summary: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    responsible: str = ""  # "City Administrator, § 506-10 (…)": the act's official


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """One field of an event: what it held before and after, as text."""

    field: str
    before: str
    after: str


def event_rows(
    action: Action,
    text: str = "",
    *,
    since: date | None = None,
    until: date | None = None,
    limit: int = 1000,
) -> list[EventRow]:
    """:func:`search`'s events as rows, newest first."""
    zone = action.clock.local_now().tzinfo
    events = search(action, text, since=since, until=until, limit=limit)
    # The record as the Administrator names it ("Street opening permit SO-2026-002"), one
    # query per kind; the export keeps the stored kind and id, as the trail holds them.
    names = naming.name_records(
        action.session, [(e.record_type, e.record_id) for e in events if e.record_type]
    )
    return [
        EventRow(
            e.id,
            local_time(e.at, zone),
            e.operator_name,
            e.action,
            names.get((e.record_type, e.record_id), e.record_id),
            e.summary,
            e.before,
            e.after,
            e.responsible,
        )
        for e in events
    ]


def changes(row: EventRow) -> list[ChangeRow]:
    """Before → after, one field a line, in the order the record lists its fields."""
    before, after = row.before or {}, row.after or {}
    fields = list(before) + [key for key in after if key not in before]
    return [
        ChangeRow(
            key,
            _shown(before.get(key)) if row.before is not None else "",
            _shown(after.get(key)) if row.after is not None else "",
        )
        for key in fields
    ]


def _shown(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def export_rows(action: Action, events: list[AuditEvent]) -> list[tuple[object, ...]]:
    """Rows for the Excel export. Nothing is recorded here: build them in a read-only action,
    write the file, then call :func:`record_export` in a second action only if it was written."""
    desk_acts.allow(action, DeskAct.AUDIT_TRAIL)
    return [
        (
            e.at.replace(tzinfo=None),
            e.operator_name,
            e.action,
            f"{e.record_type} {e.record_id}",
            e.summary,
            e.responsible,
            _text(e.before),
            _text(e.after),
        )
        for e in events
    ]


def export_search(
    action: Action, text: str = "", *, since: date | None = None, until: date | None = None
) -> list[tuple[object, ...]]:
    """Every event matching the search (not only the newest shown), as Excel rows."""
    return export_rows(action, search(action, text, since=since, until=until, limit=10**9))


def record_export(action: Action, count: int, path: str | os.PathLike[str]) -> int:
    """Say in the trail that ``count`` events were exported to ``path`` (after the file exists)."""
    desk_acts.allow(action, DeskAct.AUDIT_TRAIL)
    noun = "event" if count == 1 else "events"
    event = action.audit(
        "audit.export", ("audit_event", "*"), f"{count} audit {noun} exported to {os.fspath(path)}"
    )
    return event.id


def _text(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)
