"""The permit an official names for § 506-8's exception, read from its own register: a street
privilege (§ 506-9), a street opening (§§ 506-6, 506-7) or a sidewalk cafe permit (§ 506-10).

A number on no register is refused where it was typed (a slip of the keyboard would otherwise
except an obstruction); a permit on file but not in force on the day (applied for only, refused,
revoked, ended, past its validity) excepts nothing, and says why in a finding.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerk_desk.enforcement import rules
from clerk_desk.errors import InvalidInput
from clerk_desk.findings import Finding
from clerk_desk.kinds import CafeStatus, OpeningStatus, PrivilegeStatus
from clerk_desk.models import SidewalkCafe, StreetOpening, StreetPrivilege
from clerk_desk.street_privileges.service import is_in_force
from clerk_desk.words import format_day


def _privilege(permit: StreetPrivilege, day: date) -> str:
    # Whether it is in force is § 506-9's own rule (issued, not yet ended, revoked or closed);
    # here only the words of why not.
    if is_in_force(permit, day):
        return ""
    if permit.status != PrivilegeStatus.ISSUED:
        return f"is {PrivilegeStatus(permit.status).label.lower()}"
    if permit.ends_on is not None and day > permit.ends_on:
        return f"ended {format_day(permit.ends_on)}"
    return "is not in force that day"


def _opening(permit: StreetOpening, day: date) -> str:
    if permit.status not in (OpeningStatus.APPROVED, OpeningStatus.IN_PROGRESS):
        return f"is {OpeningStatus(permit.status).label.lower()}"
    if permit.valid_until is not None and day > permit.valid_until:
        return f"was valid until {format_day(permit.valid_until)}"
    return ""


def _cafe(permit: SidewalkCafe, day: date) -> str:
    if permit.status != CafeStatus.ISSUED:
        return f"is {CafeStatus(permit.status).label.lower()}"
    if permit.expires_on is not None and day > permit.expires_on:
        return f"expired {format_day(permit.expires_on)}"
    return ""


def permit_in_force(session: Session, number: str, day: date) -> tuple[str, Finding | None]:
    """The permit as the exception reads it: (its number when in force on ``day``, else "";
    the finding that says why not, or None). Refuses a number on no register."""
    wanted = number.strip().upper()
    if not wanted:
        return "", None
    found: list[tuple[str, str]] = []
    privilege = session.scalars(
        select(StreetPrivilege).where(func.upper(StreetPrivilege.number) == wanted)
    ).first()
    if privilege is not None:
        found.append((privilege.number, _privilege(privilege, day)))
    opening = session.scalars(
        select(StreetOpening).where(func.upper(StreetOpening.number) == wanted)
    ).first()
    if opening is not None:
        found.append((opening.number, _opening(opening, day)))
    cafe = session.scalars(
        select(SidewalkCafe).where(func.upper(SidewalkCafe.number) == wanted)
    ).first()
    if cafe is not None:
        found.append((cafe.number, _cafe(cafe, day)))
    for on_file, refused in found:
        if not refused:
            return on_file, None
    if found:
        on_file, refused = found[0]
        return "", Finding(
            "warn",
            rules.EXCEPTIONS_CITE,
            f"Permit {on_file} {refused}: it authorizes nothing on {format_day(day)}.",
        )
    raise InvalidInput(
        f"No street privilege, street opening or sidewalk cafe permit numbered {wanted} is on "
        "file. Check the number on the permit, or leave it blank.",
        field="permit",
        cite=rules.EXCEPTIONS_CITE,
    )
