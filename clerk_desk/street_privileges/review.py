"""The review of a street privilege before it is issued (§ 506-9): the application complete, a
building permit where one is needed, the widths, the bond filed with the Treasurer, the
insurance, and the fee paid, each a checklist line with its findings cited."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from clerk_desk import ledger
from clerk_desk.bonds import service as bonds
from clerk_desk.coverage import Covers, street_privilege
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.kinds import (
    BondKind,
    DueKind,
    DueStatus,
    FileStatus,
    PrivilegePurpose,
    PrivilegeStatus,
)
from clerk_desk.ledger import RecordRef
from clerk_desk.models import AmountDue, Bond, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.street_privileges.records import (
    STANDING,
    get_privilege,
    insurance_minimums,
    joined,
)
from clerk_desk.street_privileges.rules import (
    BOND_CITE,
    CONDITIONS_CITE,
    FEE_CITE,
    RECORD_TYPE,
    WHEN_REQUIRED_CITE,
    ends_on,
    width_findings,
)
from clerk_desk.words import format_day


class ItemState(enum.StrEnum):
    MET = "met"
    PENDING = "pending"  # not met yet, but its day has not come
    NOT_MET = "not_met"

    @property
    def label(self) -> str:
        return {"met": "Met", "pending": "Not yet due", "not_met": "Not met"}[self.value]


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One requirement of § 506-9 for issuing the permit, as it stands."""

    key: str
    title: str
    state: ItemState
    findings: tuple[Finding, ...]  # why it is not met (blocks), or what was found (info)
    cite: str
    due: date | None = None
    condition: str = ""

    @property
    def met(self) -> bool:
        return self.state is ItemState.MET


def _item(key: str, title: str, cite: str, found: Sequence[Finding]) -> ChecklistItem:
    state = ItemState.NOT_MET if any(f.blocks for f in found) else ItemState.MET
    return ChecklistItem(key, title, state, tuple(found), cite)


def term(
    privilege: StreetPrivilege, today: date, earlier_end_on: date | None = None
) -> tuple[date, date]:
    """The days the permit is (or, issued today, would be) in force."""
    if privilege.issued_on is not None and privilege.ends_on is not None:
        return privilege.issued_on, privilege.ends_on
    return today, ends_on(today, earlier_end_on)


def _complete(privilege: StreetPrivilege) -> list[Finding]:
    found = []
    if not privilege.description.strip():
        found.append(
            Finding(
                "block",
                WHEN_REQUIRED_CITE,
                "The application does not describe the building or structure and the work "
                "(moving, construction or demolition).",
            )
        )
    moving = PrivilegePurpose(privilege.purpose) is PrivilegePurpose.MOVE_BUILDING
    if moving and not privilege.route.strip():
        found.append(
            Finding(
                "block",
                WHEN_REQUIRED_CITE,
                "A building or structure is moved: give the route it takes over the streets.",
            )
        )
    return found


def _building_permit(privilege: StreetPrivilege) -> list[Finding]:
    if not privilege.building_permit_required:
        return []
    if privilege.building_permit_number.strip():
        return [
            Finding(
                "info",
                WHEN_REQUIRED_CITE,
                f"Building permit {privilege.building_permit_number} recorded.",
            )
        ]
    return [
        Finding(
            "block",
            WHEN_REQUIRED_CITE,
            "The Code requires a building permit for this work: record its number before the "
            "street privilege permit issues.",
        )
    ]


def _widths(privilege: StreetPrivilege) -> list[Finding]:
    if not (privilege.street_used_in or privilege.sidewalk_used_in):
        return [
            Finding(
                "block",
                CONDITIONS_CITE,
                "Enter how much of the street or the sidewalk is used, with its width, so the "
                "one-third (and one-half) limits can be checked.",
            )
        ]
    return width_findings(
        privilege.street_width_in,
        privilege.street_used_in,
        privilege.sidewalk_width_in,
        privilege.sidewalk_used_in,
        PrivilegePurpose(privilege.purpose),
        privilege.temporary_sidewalk_width_in,
        privilege.fence_height_in,
        privilege.gutter_clear,
    )


def bonds_for(session: Session, privilege: StreetPrivilege) -> list[Bond]:
    """The street privilege bonds of the applicant that may stand behind this permit: filed for
    it, or standing bonds filed for no particular record; on file or under a claim."""
    return list(
        session.scalars(
            select(Bond)
            .where(
                Bond.kind == BondKind.STREET_PRIVILEGE,
                Bond.principal_id == privilege.applicant_id,
                Bond.status.in_(STANDING),
                or_(
                    and_(
                        Bond.record_type == RECORD_TYPE,
                        bonds.filed_for(Bond.record_id, privilege.id, privilege.number),
                    ),
                    Bond.record_type == "",
                ),
            )
            .order_by(Bond.id)
        )
    )


def bond_covers(bond: Bond, amount: Money, start: date, end: date) -> bool:
    return (
        bond.amount >= amount
        and bond.effective_on <= start
        and (bond.expires_on is None or bond.expires_on >= end)
    )


def also_backs(session: Session, privilege: StreetPrivilege, bond: Bond) -> list[StreetPrivilege]:
    """The applicant's other permits a standing bond (filed for no particular record) stands
    behind as well: issued (in force, ended or revoked) and the way not yet recorded vacated or
    cleared by the City, with no bond filed for themselves that covers them. A bond filed for
    one permit backs no other (:func:`bonds_for`)."""
    if bond.record_type == RECORD_TYPE:
        return []
    others = session.scalars(
        select(StreetPrivilege)
        .where(
            StreetPrivilege.applicant_id == privilege.applicant_id,
            StreetPrivilege.id != privilege.id,
            StreetPrivilege.status.in_((PrivilegeStatus.ISSUED, PrivilegeStatus.REVOKED)),
            StreetPrivilege.closed_on.is_(None),
            StreetPrivilege.removed_by_city_on.is_(None),
        )
        .order_by(StreetPrivilege.year, StreetPrivilege.sequence)
    ).all()
    backed = []
    for other in others:
        if other.issued_on is None or other.ends_on is None:
            continue
        amount = other.bond_amount
        own = [
            b
            for b in bonds_for(session, other)
            if b.record_type == RECORD_TYPE
            and amount is not None
            and bond_covers(b, amount, other.issued_on, other.ends_on)
        ]
        if not own:
            backed.append(other)
    return backed


def bond_warnings(session: Session, privilege: StreetPrivilege, bond: Bond) -> list[Finding]:
    """What the review warns of a bond that otherwise stands behind the permit: a standing bond
    that also stands behind other open permits (each counts it at its full amount), and a bond
    under a claim (it still stands — a claim does not exhaust it — but what is paid on the claim
    comes out of it)."""
    found = []
    shared = also_backs(session, privilege, bond)
    if shared:
        numbers = joined([p.number for p in shared])
        found.append(
            Finding(
                "warn",
                BOND_CITE,
                f"Bond No. {bond.bond_number} ({bond.amount}) also stands behind {numbers}, "
                "not yet vacated: one standing bond answers for every permit it backs, and "
                "each counts it at its full amount.",
            )
        )
    if FileStatus(bond.status) is FileStatus.CLAIM_MADE:
        found.append(
            Finding(
                "warn",
                BOND_CITE,
                f"A claim has been made on Bond No. {bond.bond_number}: it still stands behind "
                f"the permit, but what is paid on the claim comes out of its {bond.amount}.",
            )
        )
    return found


def _bond(session: Session, privilege: StreetPrivilege, start: date, end: date) -> list[Finding]:
    amount = privilege.bond_amount
    if amount is None:
        return [
            Finding(
                "block",
                BOND_CITE,
                "The Director of Public Works has not set the bond (not exceeding $10,000.00).",
            )
        ]
    held = bonds_for(session, privilege)
    good = [b for b in held if bond_covers(b, amount, start, end)]
    if good:
        # A bond filed for this permit is named before a standing one.
        bond = min(good, key=lambda b: (b.record_type != RECORD_TYPE, b.id))
        whose = "filed for this permit" if bond.record_type == RECORD_TYPE else "a standing bond"
        return [
            Finding(
                "info",
                BOND_CITE,
                f"Bond No. {bond.bond_number} ({bond.surety}, {bond.amount}), {whose}, is on "
                "file with the City Treasurer.",
            ),
            *bond_warnings(session, privilege, bond),
        ]
    if not held:
        return [
            Finding(
                "block",
                BOND_CITE,
                f"No street privilege bond of {amount} is on file with the City Treasurer for "
                "this permit.",
            )
        ]
    found = []
    for bond in held:
        if bond.amount < amount:
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} is {bond.amount}; the Director set {amount}.",
                )
            )
        elif bond.effective_on > start:
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} takes effect {format_day(bond.effective_on)}, "
                    f"after the permit would issue ({format_day(start)}).",
                )
            )
        else:
            assert bond.expires_on is not None
            found.append(
                Finding(
                    "block",
                    BOND_CITE,
                    f"Bond No. {bond.bond_number} expires {format_day(bond.expires_on)}, before "
                    f"the permit's last day ({format_day(end)}).",
                )
            )
    return found


def _insurance(
    session: Session, privilege: StreetPrivilege, start: date, end: date, action: Action
) -> list[Finding]:
    return bonds.insurance_findings(
        session,
        party_id=privilege.applicant_id,
        requirement=street_privilege(insurance_minimums(privilege)),
        covers=Covers(start, end),
        calendar=action.calendar,
    )


def fee_dues(session: Session, privilege_id: int) -> list[AmountDue]:
    """The permit fee billed for the permit (not cancelled)."""
    return [
        due
        for due in ledger.dues_for(session, RecordRef(RECORD_TYPE, str(privilege_id)))
        if due.kind == DueKind.FEE and due.status != DueStatus.CANCELLED
    ]


def fee_paid(session: Session, privilege_id: int) -> bool:
    dues = fee_dues(session, privilege_id)
    return bool(dues) and all(due.status == DueStatus.PAID for due in dues)


def _fee(session: Session, privilege: StreetPrivilege) -> list[Finding]:
    dues = fee_dues(session, privilege.id)
    if not dues:
        return [Finding("block", FEE_CITE, "No permit fee is billed for this application.")]
    owed = sum((due.balance for due in dues if due.status == DueStatus.OPEN), Money.zero())
    if owed:
        return [
            Finding(
                "block",
                FEE_CITE,
                f"The permit fee is not paid ({owed} owed): it is paid to the Treasurer, who "
                "issues a receipt.",
            )
        ]
    return []


def checklist(
    action: Action, privilege: StreetPrivilege, *, earlier_end_on: date | None = None
) -> list[ChecklistItem]:
    """Each requirement for issuing the permit, met or not, with the reasons cited: the
    application complete, the building permit (when the Code requires one), the widths, the
    bond, the insurance (when required) and the fee. The bond and the insurance are judged
    over the permit's term: issued today, for three months or to ``earlier_end_on``."""
    session = action.session
    start, end = term(privilege, action.today(), earlier_end_on)
    items = [
        _item("complete", "Application complete", WHEN_REQUIRED_CITE, _complete(privilege)),
        _item(
            "building_permit",
            "Building permit recorded"
            if privilege.building_permit_required
            else "Building permit (not required)",
            WHEN_REQUIRED_CITE,
            _building_permit(privilege),
        ),
        _item("widths", "Widths within the limits", CONDITIONS_CITE, _widths(privilege)),
        _item(
            "bond",
            "Bond filed with the City Treasurer",
            BOND_CITE,
            _bond(session, privilege, start, end),
        ),
    ]
    if privilege.insurance_required:
        items.append(
            _item(
                "insurance",
                "Proof of liability insurance",
                WHEN_REQUIRED_CITE,
                _insurance(session, privilege, start, end, action),
            )
        )
    else:
        items.append(
            ChecklistItem(
                "insurance",
                "Proof of liability insurance (not required)",
                ItemState.MET,
                (),
                WHEN_REQUIRED_CITE,
            )
        )
    items.append(_item("fee", "Permit fee paid", FEE_CITE, _fee(session, privilege)))
    return items


def review(action: Action, privilege_id: int) -> list[ChecklistItem]:
    """The checklist of an application as it stands today."""
    return checklist(action, get_privilege(action.session, privilege_id))


def blocking_items(items: Sequence[ChecklistItem]) -> list[Finding]:
    """Every blocking finding of the items not met, in order."""
    return [f for item in items if not item.met for f in item.findings if f.blocks]
