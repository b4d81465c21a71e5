"""The Today tab's one small interface: every workflow says what is due or overdue.

A workflow registers a provider, a function from the action to a list of :class:`TodayItem`.
The Today tab gathers them all, most urgent first. Adding a workflow never touches the tab.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from clerk_desk.desk import Action

Urgency = Literal["overdue", "today", "soon", "later"]
_ORDER = {"overdue": 0, "today": 1, "soon": 2, "later": 3}


@dataclass(frozen=True, slots=True)
class TodayItem:
    """One thing the counter should act on."""

    workflow: str  # the tab that owns it, e.g. "Receipts"
    due: date | None
    title: str
    detail: str = ""
    cite: str = ""
    record_type: str = ""
    record_id: str = ""

    def urgency(self, today: date, *, soon_days: int = 7) -> Urgency:
        if self.due is None:
            return "later"
        if self.due < today:
            return "overdue"
        if self.due == today:
            return "today"
        return "soon" if (self.due - today).days <= soon_days else "later"


Provider = Callable[[Action], list[TodayItem]]
_providers: dict[str, Provider] = {}


def provider(name: str) -> Callable[[Provider], Provider]:
    """Register a function that lists a workflow's due items (decorator)."""

    def register(function: Provider) -> Provider:
        _providers[name] = function
        return function

    return register


def gather(action: Action) -> list[TodayItem]:
    """Every provider's items, overdue first, then by due date."""
    from clerk_desk import workflows

    workflows.load_all()
    today = action.today()
    items = [item for function in _providers.values() for item in function(action)]
    return sorted(items, key=lambda i: (_ORDER[i.urgency(today)], i.due or date.max, i.title))
