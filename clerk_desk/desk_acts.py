"""The acts of the window's menus and settings (the database, the City's settings, the fee
schedule, the operators, the audit trail, the receipt settings, the counter stations' names),
and why each is refused now.

Each is a :class:`DeskAct`. Its rule is written here once: the permission it needs (none of
them judges a record). The services (:mod:`clerk_desk.opening`, :mod:`clerk_desk.settings_store`,
:mod:`clerk_desk.fees`, :mod:`clerk_desk.operators`, :mod:`clerk_desk.audit`,
:mod:`clerk_desk.stations`, ...) call :func:`allow` first, which raises the refusal; the window
calls :func:`desk_acts`, which reports the same refusals' words, so that a menu item or a
settings form is enabled, or explains why not, by the very rule the service enforces.
"""

from __future__ import annotations

import enum

from clerk_desk.acting import allow_by_permission, permission_acts
from clerk_desk.desk import Action
from clerk_desk.permissions import Permission


class DeskAct(enum.Enum):
    """An act of the window's menus or of a settings form; the value is how it is named."""

    BACK_UP = "Back up the database…"
    RESTORE = "Restore from a backup…"
    CITY_SETTINGS = "City settings…"
    CLOSED_DAYS = "Closed days…"
    FEE_SCHEDULE = "Fee schedule…"
    OPERATORS = "Operators…"
    AUDIT_TRAIL = "Audit trail…"
    RECEIPT_SETTINGS = "Receipt settings…"
    SPECIAL_CHARGE_ACCOUNT = "GL account…"
    NAME_STATION = "Name this station"


RULES: dict[DeskAct, Permission] = {
    DeskAct.BACK_UP: Permission.BACKUP_RESTORE,
    DeskAct.RESTORE: Permission.BACKUP_RESTORE,
    DeskAct.CITY_SETTINGS: Permission.EDIT_SETTINGS,
    # Closed days move every clock of the chapter: the City's settings, not the Treasurer's.
    DeskAct.CLOSED_DAYS: Permission.EDIT_SETTINGS,
    DeskAct.FEE_SCHEDULE: Permission.EDIT_FEE_SCHEDULE,
    DeskAct.OPERATORS: Permission.MANAGE_OPERATORS,
    DeskAct.AUDIT_TRAIL: Permission.VIEW_AUDIT,
    DeskAct.RECEIPT_SETTINGS: Permission.TREASURY_SETTINGS,
    DeskAct.SPECIAL_CHARGE_ACCOUNT: Permission.TREASURY_SETTINGS,
    DeskAct.NAME_STATION: Permission.NAME_STATIONS,
}
"""Every act's permission, once: :func:`allow` enforces it, :func:`desk_acts` reports it."""


def allow(action: Action, act: DeskAct) -> None:
    """What the service of ``act`` does first: raise the refusal, if any."""
    allow_by_permission(action, act, RULES)


def desk_acts(action: Action) -> dict[DeskAct, str | None]:
    """For each act, None when the operator may do it now, else the refusal in the clerk's
    words: what the window enables its menus and settings forms by."""
    return permission_acts(action, RULES)
