"""The audit trail's hash chain: a changed, removed or inserted event shows.

Each event carries ``chain_hash``, the SHA-256 of the hash of the event before it and of its own
content (:func:`content`). Events are numbered and chained one after another under a lock on the
chain's head (:class:`~clerk_desk.models.AuditChain`, one row), taken as the last step of an
action's transaction, so that two stations saving at once append in turn and hold no other lock
waiting for it. :func:`verify` walks the chain and names the first broken link.

The content's form is fixed for good: a hash written today must verify in ten years. Change it
only with a migration that rewrites every hash (and says so in the trail).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from clerk_desk.models import AuditChain, AuditEvent

GENESIS = "0" * 64
"""The hash "before" the first event."""
HEAD_ID = 1


def _instant(at: datetime) -> str:
    moment = at.astimezone(UTC) if at.tzinfo else at
    return moment.replace(tzinfo=None).isoformat(timespec="microseconds")


def _json(value: Any) -> Any:
    # As the database keeps it (JSON text read back): tuples are lists, keys are strings.
    return None if value is None else json.loads(json.dumps(value, default=str))


def content(
    *,
    id: int,
    at: datetime,
    operator_id: int | None,
    operator_name: str,
    action: str,
    record_type: str,
    record_id: str,
    summary: str,
    before: Any,
    after: Any,
    responsible: str = "",
) -> bytes:
    """The bytes of one event that its hash covers: every column but the hash itself. The
    responsible official is added only when there is one, so that an event written before the
    trail kept officials hashes as it did."""
    fields = [
        id,
        _instant(at),
        operator_id,
        operator_name,
        action,
        record_type,
        record_id,
        summary,
        _json(before),
        _json(after),
    ]
    if responsible:
        fields.append(responsible)
    return json.dumps(fields, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def link(previous: str, event_content: bytes) -> str:
    """The hash of an event whose predecessor's hash is ``previous``."""
    return hashlib.sha256(previous.encode("ascii") + b"\n" + event_content).hexdigest()


def event_content(event: AuditEvent | Any) -> bytes:
    """:func:`content` of an event, or of a row read with the same column names."""
    return content(
        id=event.id,
        at=event.at,
        operator_id=event.operator_id,
        operator_name=event.operator_name,
        action=event.action,
        record_type=event.record_type,
        record_id=event.record_id,
        summary=event.summary,
        before=event.before,
        after=event.after,
        # A row read by migration 0010, before the trail kept officials (0013), has none.
        responsible=getattr(event, "responsible", ""),
    )


def lock_head(session: Session) -> AuditChain:
    """The chain's head, row-locked until the transaction ends (created on a new database)."""
    head = session.scalars(
        select(AuditChain)
        .where(AuditChain.id == HEAD_ID)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one_or_none()
    if head is None:
        head = AuditChain(id=HEAD_ID, last_id=0, last_hash=GENESIS)
        session.add(head)
    return head


def append(session: Session, events: Sequence[AuditEvent]) -> None:
    """Number, chain and add ``events`` (in order) at the end of the trail."""
    if not events:
        return
    head = lock_head(session)
    for event in events:
        event.id = head.last_id + 1
        event.chain_hash = link(head.last_hash, event_content(event))
        head.last_id, head.last_hash = event.id, event.chain_hash
        session.add(event)
    session.flush()


@dataclass(frozen=True, slots=True)
class ChainReport:
    """What :func:`verify` found."""

    events: int
    head_id: int
    head_hash: str
    problem: str | None = None  # the first broken link, in words; None when the chain holds

    @property
    def ok(self) -> bool:
        return self.problem is None


_COLUMNS = (
    AuditEvent.id,
    AuditEvent.at,
    AuditEvent.operator_id,
    AuditEvent.operator_name,
    AuditEvent.action,
    AuditEvent.record_type,
    AuditEvent.record_id,
    AuditEvent.summary,
    AuditEvent.before,
    AuditEvent.after,
    AuditEvent.responsible,
    AuditEvent.chain_hash,
)


def _rows(connection: Connection) -> Generator[Any]:
    # Closed when the walk stops at a broken link, not when garbage is collected (PostgreSQL
    # streams through a server-side cursor).
    with connection.execute(
        select(*_COLUMNS).order_by(AuditEvent.id).execution_options(yield_per=5000)
    ) as result:
        for partition in result.partitions():
            yield from partition


def verify(connection: Connection) -> ChainReport:
    """Walk the whole trail in order; report the first event whose hash does not follow."""
    rows = _rows(connection)
    try:
        return _walk(connection, rows)
    finally:
        rows.close()


def _walk(connection: Connection, rows: Iterable[Any]) -> ChainReport:
    previous, expected_id, count = GENESIS, 1, 0
    for row in rows:
        count += 1
        event_id = row.id
        when = _instant(row.at)
        if event_id != expected_id:
            gone = (
                f"event {expected_id} is"
                if event_id == expected_id + 1
                else (f"events {expected_id} to {event_id - 1} are")
            )
            return ChainReport(
                count,
                expected_id - 1,
                previous,
                f"the audit trail is broken before event {event_id} ({when} UTC): {gone} missing",
            )
        body = event_content(row)
        if link(previous, body) != row.chain_hash:
            return ChainReport(
                count,
                event_id - 1,
                previous,
                f"the audit trail is broken at event {event_id} ({when} UTC, {row.action}, "
                f"by {row.operator_name}): it was changed after it was written, or an event "
                "before it was removed",
            )
        previous, expected_id = row.chain_hash, event_id + 1
    head = connection.execute(
        select(AuditChain.last_id, AuditChain.last_hash).where(AuditChain.id == HEAD_ID)
    ).one_or_none()
    last_id = expected_id - 1
    if head is not None and (head.last_id, head.last_hash) != (last_id, previous):
        return ChainReport(
            count,
            last_id,
            previous,
            f"the audit trail ends at event {last_id}, but event {head.last_id} was written: "
            "the last events were removed",
        )
    return ChainReport(count, last_id, previous)
