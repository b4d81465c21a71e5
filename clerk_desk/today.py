"""The Today tab's one small interface: every workflow says what is due or overdue.

A workflow registers a provider, a function from the action to a list of :class:`TodayItem`.
The Today tab gathers them all, most urgent first. Adding a workflow never touches the tab.

A busy day lists dozens of items, most of one kind (22 of 30 overdue rows in the demo are "X
owes $…"), so the tab shows them in groups (:func:`grouped`): one line a kind with its counts,
opened to see its rows. A setting that stops the City from working properly (fee amounts
that are placeholders) is a group of its own, always at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from clerk_desk.desk import Action

SETTINGS = "Settings"
"""The workflow named by an item about the City's settings (Settings menu, not a tab)."""

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
    group: str = ""  # the kind of item, as a heading ("Amounts owed"); the workflow if blank

    @property
    def setting(self) -> bool:
        """A setting the City must fix before it can work properly (it heads the list)."""
        return self.workflow == SETTINGS

    @property
    def kind(self) -> str:
        """The heading of the group this item is listed under."""
        return self.group or self.workflow

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


@dataclass(frozen=True, slots=True)
class TodayGroup:
    """The items of one kind, in the order :func:`gather` gave them, and their counts."""

    title: str
    workflow: str
    items: tuple[TodayItem, ...]
    counts: dict[Urgency, int]
    setting: bool

    @property
    def most_urgent(self) -> Urgency:
        return min(self.counts, key=lambda urgency: _ORDER[urgency])


def grouped(items: list[TodayItem], today: date) -> list[TodayGroup]:
    """``items`` (in :func:`gather`'s order) by kind: settings to fix first, then the group
    with the most urgent item, the earliest due, and the heading, in that order."""
    kinds: dict[tuple[bool, str], list[TodayItem]] = {}
    for item in items:
        kinds.setdefault((item.setting, item.kind), []).append(item)
    groups = []
    for (setting, title), members in kinds.items():
        counts: dict[Urgency, int] = {}
        for item in members:
            urgency = item.urgency(today)
            counts[urgency] = counts.get(urgency, 0) + 1
        groups.append(TodayGroup(title, members[0].workflow, tuple(members), counts, setting))

    def order(group: TodayGroup) -> tuple[bool, int, date, str]:
        first_due = min((item.due for item in group.items if item.due), default=date.max)
        return (not group.setting, _ORDER[group.most_urgent], first_due, group.title)

    return sorted(groups, key=order)
