"""How the street privileges' services read a permit: the record (locked for a write), its
status, its reference in the ledger, the insurance limits set for it, and the bonds that stand
behind a permit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy.orm import Session

from clerk_desk.coverage import CoverageKind
from clerk_desk.errors import Conflict, NotFound
from clerk_desk.kinds import (
    FileStatus,
    PrivilegeStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.street_privileges.rules import (
    RECORD_TYPE,
)

STANDING = (FileStatus.ON_FILE, FileStatus.CLAIM_MADE)  # a claim does not exhaust the bond


def get_privilege(
    session: Session, privilege_id: int, *, for_update: bool = False
) -> StreetPrivilege:
    """The permit (or application) ``privilege_id``. Every service that writes it reads it with
    ``for_update``: its row is locked until the transaction ends and read afresh, so that two
    counters acting on one permit at once take turns (on PostgreSQL the second waits, then sees
    the first's change) instead of the second overwriting the first — two checks recorded at
    once both stay in ``checks``. SQLite writes one transaction at a time anyway."""
    privilege = (
        session.get(StreetPrivilege, privilege_id, with_for_update=True, populate_existing=True)
        if for_update
        else session.get(StreetPrivilege, privilege_id)
    )
    if privilege is None:
        raise NotFound(f"There is no street privilege number {privilege_id}.")
    return privilege


def record_of(privilege: StreetPrivilege) -> RecordRef:
    return RecordRef(RECORD_TYPE, str(privilege.id))


def status_of(privilege: StreetPrivilege) -> PrivilegeStatus:
    return PrivilegeStatus(privilege.status)


def insurance_minimums(privilege: StreetPrivilege) -> dict[CoverageKind, Money]:
    """The limits the officials set, as the coverage rules read them."""
    return {
        CoverageKind(kind): Money.from_cents(int(cents))
        for kind, cents in (privilege.insurance_minimums or {}).items()
    }


def joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def issued_refusal(privilege: StreetPrivilege, what: str) -> Conflict | None:
    """Why ``what`` is refused for a permit never issued (None: issued at some time, and in
    force, ended, closed or revoked since)."""
    if privilege.issued_on is not None:
        return None
    return Conflict(
        f"Street privilege {privilege.number} is "
        f"{status_of(privilege).label.lower()}: {what} only once a permit is issued."
    )


def issued_once(privilege: StreetPrivilege, what: str) -> date:
    """The day of issuance of a permit that was issued (in force, ended, closed or revoked)."""
    refused = issued_refusal(privilege, what)
    if refused is not None or privilege.issued_on is None:
        raise refused or Conflict(f"Street privilege {privilege.number} was never issued.")
    return privilege.issued_on
