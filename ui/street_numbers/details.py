"""The details of an address and of a noncompliance case, as the Street Numbers tab shows them
beside its registers."""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from clerk_desk import words
from clerk_desk.street_numbers.rules import NONCOMPLIANCE_CITE
from clerk_desk.street_numbers.views import AddressRow, CaseRow, ChangeRow
from ui.kit.operations import App
from ui.kit.style import BAD, LATE, QUIET, SECONDARY
from ui.ordinance_viewer import cite_html


def rich_label(name: str, app: App) -> QLabel:
    """A details label: rich text from the top left, its section links opening the ordinance."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.linkActivated.connect(app.open_link)
    return label


def address_html(row: AddressRow, *, letter_due: bool = False) -> str:
    """The address's details. The letter is spoken of once it is printed, or while the owner
    waits for it (``letter_due``, :func:`clerk_desk.street_numbers.addresses.letter_due`): an
    address imported from the old map was numbered long ago and is owed none."""
    e = html.escape
    status = (
        ""
        if row.assigned
        else f"<p><b style='color:{BAD}'>{e(row.status_text)}</b> — no longer in "
        "use; it stays in the register and its history.</p>"
    )
    where = [row.kind.label, row.side_text]
    if row.position_ft is not None:
        where.append(f"{row.position_ft:,} ft along the street")
    letter = ""
    if row.letter_printed_on:
        letter = f"; letter to the owner printed {words.us_date(row.letter_printed_on)}"
    elif letter_due:
        letter = f"; <b style='color:{LATE}'>letter to the owner not printed</b>"
    parts = [
        f"<h3>{e(row.text)}</h3>",
        status,
        f"<p>Parcel <b>{e(row.parcel_number)}</b>"
        + (f" · owner <b>{e(row.owner)}</b>" if row.owner else " · owner not recorded")
        + "</p>",
        f"<p>{e(' · '.join(where))}</p>",
        f"<p>Assigned {words.us_date(row.assigned_on)} by {e(row.assigned_by)}"
        + (letter if row.assigned else "")
        + "</p>",
    ]
    if row.notes:
        parts.append(f"<p style='color:{SECONDARY}'>{e(row.notes)}</p>")
    return "".join(parts)


def history_html(rows: list[ChangeRow]) -> str:
    """Every change to the address, oldest first: when, who, what, old → new, and why."""
    e = html.escape
    lines = []
    for row in rows:
        line = f"<b>{e(row.when)}</b> · {e(row.who)}<br>{e(_title(row.what))}"
        if row.change_text:
            line += f": {e(row.change_text)}"
        if row.why:
            line += f"<br><i>Why: {e(row.why)}</i>"
        lines.append(line)
    return "<p>" + "</p><p>".join(lines) + "</p>"


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


def _case_line(row: CaseRow) -> str:
    e = html.escape
    text = f"{words.us_date(row.observed_on)}: {e(row.observation)} — <b>{e(row.status.label)}</b>"
    if row.served_on:
        text += f"; notice served {words.us_date(row.served_on)} by {e(row.served_manner)}"
    if row.referred_on:
        text += f"; referred {words.us_date(row.referred_on)}"
    if row.closed_on:
        text += f" {words.us_date(row.closed_on)}"
        text += f" ({e(row.close_note)})" if row.close_note else ""
    if row.next_step and row.next_from:
        text += f". Next: {e(row.next_step.lower())} from {words.us_date(row.next_from)}"
    return text + "."


def cases_html(rows: list[CaseRow]) -> str:
    return "<br>".join(_case_line(row) for row in rows)


def case_html(row: CaseRow, today: date) -> str:
    e = html.escape
    parts = [
        f"<h3>{e(row.address)}</h3>",
        f"<p>{'Owner <b>' + e(row.owner) + '</b>' if row.owner else 'Owner not recorded'}</p>",
        f"<p>Status: <b>{e(row.status.label)}</b></p>",
        f"<p>Observed {words.us_date(row.observed_on)} by {e(row.observed_by)}: "
        f"{e(row.observation)}</p>",
    ]
    if row.served_on:
        parts.append(
            f"<p>Notice served {words.us_date(row.served_on)} by {e(row.served_manner)}"
            + (f" ({e(row.served_by)})" if row.served_by else "")
            + "</p>"
        )
    if row.referred_on:
        parts.append(
            f"<p>Referred for a forfeiture under § 1-4 on {words.us_date(row.referred_on)}</p>"
        )
    if row.closed_on:
        parts.append(
            f"<p>Closed {words.us_date(row.closed_on)}"
            + (f": {e(row.close_note)}" if row.close_note else "")
            + "</p>"
        )
    if row.next_step and row.next_from:
        due = row.next_from <= today
        colour = LATE if due else QUIET
        when = "due since" if due else "from"
        parts.append(
            f"<p style='color:{colour}'><b>Next: {e(row.next_step)}</b> — {when} "
            f"{words.format_day(row.next_from)}.</p>"
        )
    parts.append(f"<p><small>{cite_html(NONCOMPLIANCE_CITE)}</small></p>")
    return "".join(parts)
