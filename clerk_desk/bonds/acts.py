"""The acts on a bond or a certificate of insurance on file, and why each is refused now.

Each act the Bonds & Insurance tab offers on the chosen record is a :class:`BondAct` or a
:class:`CertificateAct`. Its rule is written here once: the permission (the Treasurer's or the
Clerk's, :attr:`~clerk_desk.permissions.Permission.MANAGE_BONDS`) and a guard, a function of the
record as saved that returns the refusal or None. The service calls the guard after it has
locked the record; the window calls :func:`bond_acts` or :func:`certificate_acts` and enables
each button, or explains why not, by the same words. What the clerk types into the act's form
(the day, the reason) is checked by the service after the guard, under its field.
"""

from __future__ import annotations

import enum

from clerk_desk import acting
from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, Conflict, PermissionDenied
from clerk_desk.kinds import BondKind, FileStatus
from clerk_desk.models import Bond, InsuranceCertificate
from clerk_desk.permissions import Permission
from clerk_desk.words import format_day

BOND_CITE = "§ 506-6 (Bond)"
HELD = (FileStatus.ON_FILE, FileStatus.CLAIM_MADE)  # what the City still holds


class BondAct(enum.Enum):
    """An act on one bond; the value is how its button names it."""

    RELEASE = "Release…"
    CLAIM = "Claim…"
    FORFEIT = "Forfeit…"
    DEFECT_NOTICE = "Defect notice…"


class CertificateAct(enum.Enum):
    """An act on one certificate of insurance; the value is how its button names it."""

    REPLACE = "Replace with corrected…"
    SET_ASIDE = "Set aside…"


def permission_refusal(action: Action) -> PermissionDenied | None:
    """What :meth:`~clerk_desk.desk.Action.require` raises for keeping bonds, as a refusal."""
    return acting.permission_refusal(action, Permission.MANAGE_BONDS)


def held_refusal(bond: Bond) -> Conflict | None:
    """A released or forfeited bond is a closed file."""
    if bond.status in HELD:
        return None
    return Conflict(f"Bond {bond.bond_number} is already {FileStatus(bond.status).label}.")


def claim_refusal(bond: Bond) -> Conflict | None:
    """A claim is recorded once, on a bond on file."""
    found = held_refusal(bond)
    if found is None and bond.status == FileStatus.CLAIM_MADE:
        return Conflict(f"A claim is already recorded on bond {bond.bond_number}.")
    return found


def release_refusal(bond: Bond, releasable_on: object) -> Conflict | None:
    """A bond the City holds is released; a restoration guarantee not while a defect notice
    given within the year after completion stands unsettled (``releasable_on`` None)."""
    found = held_refusal(bond)
    if found is not None:
        return found
    if BondKind(bond.kind) is BondKind.RESTORATION_GUARANTEE and releasable_on is None:
        notice = format_day(bond.defect_notice_on) if bond.defect_notice_on else "a day"
        return Conflict(
            f"A defect notice was given on {notice} within the year after completion: the "
            "guarantee stays until the defect is repaired and the notice is settled.",
            cite=BOND_CITE,
        )
    return None


def defect_notice_refusal(bond: Bond) -> Conflict | None:
    """Only a restoration guarantee the City still holds takes a defect notice."""
    if BondKind(bond.kind) is not BondKind.RESTORATION_GUARANTEE:
        return Conflict("A defect notice is recorded on a restoration guarantee.")
    if bond.status not in HELD:
        return Conflict(
            f"Guarantee {bond.bond_number} is {FileStatus(bond.status).label}: "
            "the City no longer holds it."
        )
    return None


def on_file_refusal(certificate: InsuranceCertificate) -> Conflict | None:
    """A certificate is replaced or set aside while it is on file."""
    if certificate.status == FileStatus.ON_FILE:
        return None
    return Conflict("That certificate is no longer on file.")


def bond_acts(action: Action, bond_id: int) -> dict[BondAct, str | None]:
    """Every act on the bond with the reason it is refused now (None: allowed)."""
    from clerk_desk.bonds import service as bonds  # the service calls these guards

    bond = bonds.get_bond(action.session, bond_id)
    may = permission_refusal(action)
    found: dict[BondAct, ClerkDeskError | None] = {
        BondAct.RELEASE: may or release_refusal(bond, bonds.releasable_on(bond)),
        BondAct.CLAIM: may or claim_refusal(bond),
        BondAct.FORFEIT: may or held_refusal(bond),
        BondAct.DEFECT_NOTICE: may or defect_notice_refusal(bond),
    }
    return {act: None if why is None else str(why) for act, why in found.items()}


def certificate_acts(action: Action, certificate_id: int) -> dict[CertificateAct, str | None]:
    """Every act on the certificate with the reason it is refused now (None: allowed)."""
    from clerk_desk.bonds import service as bonds  # the service calls these guards

    certificate = bonds.get_certificate(action.session, certificate_id)
    why = permission_refusal(action) or on_file_refusal(certificate)
    said = None if why is None else str(why)
    return {act: said for act in CertificateAct}


class RegisterAct(enum.Enum):
    """An act on the registers of bonds, certificates and revocations, no record chosen; the
    value is how its button names it."""

    FILE_CERTIFICATE = "New certificate…"
    FILE_BOND = "New bond…"
    REVOKE = "Revoke…"
    LIFT_REVOCATION = "Lift revocation…"


REGISTER_RULES: dict[RegisterAct, Permission] = {
    RegisterAct.FILE_CERTIFICATE: Permission.MANAGE_BONDS,
    RegisterAct.FILE_BOND: Permission.MANAGE_BONDS,
    # A contractor's privilege to work in the streets is revoked, and restored, by those who
    # approve the work permits, not by who keeps the bonds on file.
    RegisterAct.REVOKE: Permission.APPROVE_WORK_PERMITS,
    RegisterAct.LIFT_REVOCATION: Permission.APPROVE_WORK_PERMITS,
}
"""Each act's permission, once: :func:`allow_new` enforces it, :func:`register_acts` reports
it."""


def allow_new(action: Action, act: RegisterAct) -> None:
    """What filing a certificate or a bond, revoking or lifting a revocation does first."""
    acting.allow_by_permission(action, act, REGISTER_RULES)


def register_acts(action: Action) -> dict[RegisterAct, str | None]:
    """For each act on the registers, None when the operator may do it now, else the refusal."""
    return acting.permission_acts(action, REGISTER_RULES)
