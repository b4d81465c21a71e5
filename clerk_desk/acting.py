"""What every workflow's acts share (``clerk_desk/<workflow>/acts.py``).

An act's rule is a permission and a guard of the record as saved. A service calls its
workflow's ``allow`` before it changes anything, which raises the refusal; the window reads its
workflow's ``acts``, the same refusals as words, to enable and explain its buttons. These are
the pieces each workflow's module is built of: the refusal of a permission in the words
:meth:`~clerk_desk.desk.Action.require` would raise, raising a guard's refusal, and the table of
refusals as words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from clerk_desk.desk import Action
from clerk_desk.errors import ClerkDeskError, PermissionDenied
from clerk_desk.permissions import Permission, refusal

Act = TypeVar("Act")


def permission_refusal(action: Action, permission: Permission) -> PermissionDenied | None:
    """What :meth:`~clerk_desk.desk.Action.require` raises, as a refusal (None: permitted)."""
    if action.operator.may(permission):
        return None
    return PermissionDenied(refusal(action.operator.role, permission))


def refuse(found: ClerkDeskError | None) -> None:
    """Raise the refusal a guard found, if it found one."""
    if found is not None:
        raise found


def permission_acts(action: Action, needs: Mapping[Act, Permission]) -> dict[Act, str | None]:
    """The acts on a register itself (a new application, a new meeting), no record chosen yet:
    each refused only for the permission it ``needs``, in the words of its refusal."""
    return as_words({act: permission_refusal(action, needed) for act, needed in needs.items()})


def allow_by_permission(action: Action, act: Act, needs: Mapping[Act, Permission]) -> None:
    """What the service of a register's act does first: raise the refusal of its permission."""
    refuse(permission_refusal(action, needs[act]))


def as_words(found: Mapping[Act, ClerkDeskError | None]) -> dict[Act, str | None]:
    """Each act with None when it may be done now, else its refusal in the clerk's words (with
    its citation, where one applies): what a tab enables its buttons by."""
    return {act: None if error is None else str(error) for act, error in found.items()}
