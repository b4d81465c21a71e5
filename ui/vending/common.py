"""What the Special Event Vending window's forms share (§ 506-24): the permissions they ask, and
the length of a text field as the core stores it."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from clerk_desk.permissions import Permission
from clerk_desk.vending import views as vending_views

TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS


def limited(edit: QLineEdit, name: str) -> QLineEdit:
    """``edit`` taking no more characters than the application's field ``name`` stores."""
    limit = vending_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)
    return edit
