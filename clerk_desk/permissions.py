"""What each role may do. Checked in the core services, not only by hiding buttons."""

from __future__ import annotations

import enum

from clerk_desk.kinds import Role


class Permission(enum.Enum):
    """An action a service guards; the value is how a refusal names it."""

    MANAGE_OPERATORS = "manage operators"
    EDIT_SETTINGS = "change the City's settings"
    EDIT_FEE_SCHEDULE = "change the fee schedule"
    VIEW_AUDIT = "read the audit trail"
    BACKUP_RESTORE = "back up or restore the database"
    CHECK_DATABASE = "check the database's integrity"
    EDIT_PARTIES = "add or change people, businesses and parcels"
    BILL = "add an amount due"
    CANCEL_DUE = "cancel an amount due"
    TAKE_PAYMENT = "take payment"
    VOID_RECEIPT = "void a receipt"
    REPRINT_RECEIPT = "reprint a receipt (a DUPLICATE)"
    CLOSE_DRAWER = "close the cash drawer"
    TAKE_APPLICATIONS = "take applications and petitions"
    ISSUE_PERMITS = "issue permits"
    APPROVE_WORK_PERMITS = "approve permits reserved to the Building Inspector or Public Works"
    ASSIGN_STREET_NUMBERS = "assign street numbers"
    KEEP_STREET_REGISTER = "keep the street numbering map and its noncompliance notices"
    MANAGE_BONDS = "file and release bonds and insurance certificates"
    CERTIFY_TAX_ROLL = "certify special charges to the tax roll"
    KEEP_MASTER_PLAN = "keep the list of Sidewalk Master Plan segments"
    TREASURY_SETTINGS = "change the receipt settings or the GL account of special charges"
    # The Administrator's alone (issue 19): a station's name is printed on every receipt and
    # keys its cash drawer, so a Clerk may not rename the counter they stand at.
    NAME_STATIONS = "name the counter stations"


_COUNTER = {
    Permission.EDIT_PARTIES,
    Permission.BILL,
    Permission.TAKE_APPLICATIONS,
}

# Who takes payment at the counter also hands a payer the duplicate of a lost receipt; the
# Building Inspector, who takes no money, does not print the City's receipts.
_RECEIPTS = {Permission.TAKE_PAYMENT, Permission.REPRINT_RECEIPT}

GRANTS: dict[Role, frozenset[Permission]] = {
    Role.CLERK: frozenset(
        _COUNTER
        | {
            Permission.ISSUE_PERMITS,
            Permission.CANCEL_DUE,
            *_RECEIPTS,
            Permission.MANAGE_BONDS,
            Permission.EDIT_SETTINGS,
            Permission.TREASURY_SETTINGS,
            # The numbering map is on file in the Clerk's office (§ 506-16).
            Permission.KEEP_STREET_REGISTER,
            Permission.KEEP_MASTER_PLAN,
        }
    ),
    Role.DEPUTY_CLERK: frozenset(
        _COUNTER | _RECEIPTS | {Permission.ISSUE_PERMITS, Permission.KEEP_STREET_REGISTER}
    ),
    Role.TREASURER: frozenset(
        _COUNTER
        | _RECEIPTS
        | {
            Permission.VOID_RECEIPT,
            Permission.CLOSE_DRAWER,
            Permission.CANCEL_DUE,
            Permission.MANAGE_BONDS,
            # The City Treasurer enters unpaid charges on the tax roll (§§ 506-8, 506-9 …).
            Permission.CERTIFY_TAX_ROLL,
            # The receipt format and the GL account of special charges are the Treasurer's;
            # the City's other settings (closed days move every clock) are not.
            Permission.TREASURY_SETTINGS,
            # The Treasurer answers for the books: that the records are whole is theirs to see.
            Permission.CHECK_DATABASE,
        }
    ),
    Role.INSPECTOR: frozenset(
        _COUNTER
        | {
            Permission.APPROVE_WORK_PERMITS,
            Permission.ASSIGN_STREET_NUMBERS,
            Permission.KEEP_STREET_REGISTER,
            Permission.KEEP_MASTER_PLAN,
        }
    ),
    # In a small city hall the Administrator is often the Clerk-Treasurer: everything.
    Role.ADMINISTRATOR: frozenset(Permission),
}


def allows(role: Role, permission: Permission) -> bool:
    return permission in GRANTS[Role(role)]


def roles_allowed(permission: Permission) -> list[Role]:
    return [role for role in Role if permission in GRANTS[role]]


def refusal(role: Role, permission: Permission) -> str:
    """The sentence a refused operator reads: what was refused and which roles may do it."""
    names = [r.label for r in roles_allowed(permission)]
    needed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return (
        f"To {permission.value} you need the role {needed}; "
        f"you are signed in as {Role(role).label}."
    )
