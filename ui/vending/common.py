"""What the Special Event Vending window's forms share (§ 506-24): the core's refusal of the act
a form does, and the length of a text field as the core stores it."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QWidget

from clerk_desk.vending import acts as vending_acts
from clerk_desk.vending import views as vending_views
from clerk_desk.vending.acts import VendingAct
from ui.kit.operations import App, core_refusal


def act_refusal(parent: QWidget | None, app: App, application_id: int, act: VendingAct) -> str:
    """Why the core refuses ``act`` on the application now ("" when the operator may): what a
    form that does it says, read-only, when it may not be done."""
    return core_refusal(parent, app, lambda a: vending_acts.acts(a, application_id)[act])


def limited(edit: QLineEdit, name: str) -> QLineEdit:
    """``edit`` taking no more characters than the application's field ``name`` stores."""
    limit = vending_views.text_limits()[name]
    if limit is not None:
        edit.setMaxLength(limit)
    return edit
