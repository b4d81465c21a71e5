"""The checklist of § 506-24 for one application, as the tab and the approval form show it."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtWidgets import QWidget

from clerk_desk.findings import Finding
from clerk_desk.money import Money
from clerk_desk.vending.rules import PROCEDURE_CITE, ChecklistItem, ItemState
from clerk_desk.vending.views import ApplicationRow, ReviewView
from clerk_desk.words import format_day, plural
from ui.kit.dialog_parts import ChecklistPanel, cite_link, state_badge
from ui.kit.operations import App
from ui.kit.style import BAD, GOOD, LATE


def bullet_list(lines: Sequence[str]) -> str:
    return (
        "<ol style='margin-top:2px'>"
        + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        + "</ol>"
    )


class ChecklistView(ChecklistPanel):
    """Each requirement of § 506-24 for one application: met, not yet due, or not met, with
    the cited findings that say why, the day it is due, and — for the fee and the insurance —
    a button that takes the clerk to the tab where it is done.

    Signals: ``pay_requested()`` (Take payment in the Receipts tab), ``insurance_requested()``
    (file the certificate in the Bonds & Insurance tab).
    """

    def __init__(self, app: App, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(app, parent, buttons=buttons)
        self.set_review(None)

    def set_review(
        self, review: ReviewView | None, *, row: ApplicationRow | None = None, pay_refusal: str = ""
    ) -> None:
        self.clear_items()
        if review is None:
            self.summary.setText("<i>No application selected.</i>")
            return
        self.summary.setText(summary_html(review, row))
        self.show_items(
            review.items,
            lambda item: item_html(item, review),
            shown_findings,
            pay_refusal,
            top_margin=4,
        )


def shown_findings(item: ChecklistItem) -> tuple[Finding, ...]:
    """An item's findings as the checklist shows them. A requirement not yet due stops nothing
    today (it may be made a condition of the permit), so its findings read "Check" beside the
    amber "Not yet due", not "Stops"."""
    if item.state is not ItemState.PENDING:
        return item.findings
    return tuple(replace(f, level="warn") if f.blocks else f for f in item.findings)


def item_html(item: ChecklistItem, review: ReviewView) -> str:
    parts = [f"{state_badge(item.state)}&nbsp; <b>{html.escape(item.title)}</b>"]
    if item.due is not None and not item.met:
        parts.append(f" — due by {html.escape(format_day(item.due))}")
    if item.key == "fee" and not item.met and review.fee_owed > Money.zero():
        parts.append(f" — {html.escape(review.fee_owed.format())} owed")
    if item.cite:
        parts.append(f"&nbsp; <small>{cite_link(item.cite)}</small>")
    return "".join(parts)


def summary_html(review: ReviewView, row: ApplicationRow | None) -> str:
    """One sentence on what the checklist means for the Clerk's next step."""
    not_met, pending = review.not_met, review.pending
    decided = row is not None and not row.undecided
    if decided and row is not None:
        return (
            f"<b>{html.escape(row.status.label)}.</b> The checklist as it stands today, for the "
            "permit's conditions and the Today tab."
        )
    if not not_met and not pending:
        return (
            f"<b style='color:{GOOD}'>Every requirement is met.</b> If it is clearly and "
            "unambiguously met in your opinion, approve the permit."
        )
    if not not_met:
        return (
            f"<b style='color:{LATE}'>{plural(len(pending), 'requirement')} not yet due.</b> "
            "Approve with "
            + ("it" if len(pending) == 1 else "them")
            + " as conditions of the permit, or state the matters in doubt."
        )
    due = ""
    if row is not None and row.notice_due_on is not None:
        due = f" by <b>{html.escape(format_day(row.notice_due_on))}</b>"
    names = html.escape(", ".join(item.title for item in not_met))
    return (
        f"<b style='color:{BAD}'>Not met: {names}.</b> Have it met, or state the matters in "
        f"doubt in writing{due} ({cite_link(PROCEDURE_CITE)}), or deny."
    )
