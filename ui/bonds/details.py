"""What Bonds & Insurance shows of the chosen certificate or bond: its details, as rich text,
written from the register's line (the core's view), and the colours of a day that has passed or
is near.
"""

from __future__ import annotations

import html
from datetime import date, timedelta

from clerk_desk import words
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.views import BondLine, CertificateLine
from clerk_desk.coverage import CoverageKind
from clerk_desk.kinds import FileStatus
from clerk_desk.money import Money
from ui.bonds.dialogs import releasable_words
from ui.kit.style import BAD, BAD_BACKGROUND, LATE, LATE_BACKGROUND, SECONDARY

SOON_DAYS = bonds.EXPIRY_WARNING_DAYS
EXPIRED_COLOUR, SOON_COLOUR = BAD_BACKGROUND, LATE_BACKGROUND


def expiry_colour(expires_on: date | None, today: date, active: bool) -> str | None:
    if expires_on is None or not active:
        return None
    if expires_on < today:
        return EXPIRED_COLOUR
    if expires_on <= today + timedelta(days=SOON_DAYS):
        return SOON_COLOUR
    return None


def _money(amount: Money | None) -> str:
    return "" if amount is None else amount.format()


# ---- the details panels ----------------------------------------------------------------------


def _status_html(status: FileStatus, on: date | None, reason: str) -> str:
    e = html.escape
    if status is FileStatus.ON_FILE:
        return "On file"
    when = f" {words.us_date(on)}" if on else ""
    why = f" — {e(reason)}" if reason else ""
    return f"<span style='color:{BAD}'>{e(status.label)}{when}</span>{why}"


def _expiry_html(expires_on: date, today: date) -> str:
    if expires_on < today:
        return f"<b style='color:{BAD}'>expired {words.us_date(expires_on)}</b>"
    if expires_on <= today + timedelta(days=SOON_DAYS):
        days = (expires_on - today).days
        return (
            f"<b style='color:{LATE}'>expires {words.us_date(expires_on)} "
            f"(in {days} day{'s' if days != 1 else ''})</b>"
        )
    return f"expires {words.us_date(expires_on)}"


def certificate_html(line: CertificateLine, today: date) -> str:
    e = html.escape
    limits = "".join(
        f"<tr><td>{e(kind.label.capitalize())}</td>"
        f"<td align='right'>&nbsp;&nbsp;{e(_money(line.limit(kind)))}</td></tr>"
        for kind in CoverageKind
        if line.limit(kind) is not None
    )
    flags = [
        ("General liability", line.general_liability),
        ("Contractual liability", line.contractual_liability),
        ("City additional insured", line.city_additional_insured),
        ("Separate endorsement", line.additional_insured_endorsement),
    ]
    flag_text = " · ".join(f"{name}: {'yes' if on else '<b>no</b>'}" for name, on in flags)
    notice = "not stated" if line.notice_days is None else f"{line.notice_days} days"
    expiry = (
        _expiry_html(line.expires_on, today)
        if line.active
        else f"expires {words.us_date(line.expires_on)}"
    )
    parts = [
        f"<h3>{e(line.insured)}</h3>",
        f"<p>{e(line.insurer)}"
        + (f", policies {e(line.policy_numbers)}" if line.policy_numbers else "")
        + "</p>",
        f"<p>In force {words.us_date(line.effective_on)}, {expiry}; "
        f"received {words.us_date(line.received_on)}</p>",
        f"<table>{limits}</table>" if limits else "<p><i>No limits entered.</i></p>",
        f"<p>{flag_text}<br>Notice of cancellation to the City: {notice}</p>",
        f"<p>Status: {_status_html(line.status, line.status_on, line.status_reason)}"
        + (f" · protects {e(line.protects)}" if line.protects else "")
        + "</p>",
    ]
    if line.standing:  # filed knowing it falls short (clerk_desk.bonds.standing)
        parts.append(f"<p style='color:{BAD}'><b>{e(line.standing)}</b></p>")
    parts.append(scan_html(line))
    return "".join(parts)


def bond_html(line: BondLine, today: date) -> str:
    e = html.escape
    if line.year:
        term = f"Annual bond for {line.year} (January 1 through December 31)"
    elif line.expires_on is not None:
        term = f"From {words.us_date(line.effective_on)}; " + (
            _expiry_html(line.expires_on, today)
            if line.active
            else f"ends {words.us_date(line.expires_on)}"
        )
    else:
        term = f"From {words.us_date(line.effective_on)}, no end date"
    parts = [
        f"<h3>{e(line.kind.label)} No. {e(line.bond_number)}</h3>",
        f"<p><b>{e(line.principal)}</b><br>Surety: {e(line.surety)}<br>"
        f"Amount: <b>{e(line.amount.format())}</b></p>",
        f"<p>{term}</p>",
    ]
    if line.guarantee:
        parts.append(
            f"<p>Work completed {words.us_date(line.work_completed_on)}"
            + (
                f"; defect notice given {words.us_date(line.defect_notice_on)}"
                if line.defect_notice_on
                else ""
            )
            + f"<br>Releasable: {e(releasable_words(line))}</p>"
        )
    parts.append(
        f"<p>Status: {_status_html(line.status, line.status_on, line.status_reason)}"
        + (f" · protects {e(line.protects)}" if line.protects else "")
        + "</p>"
    )
    if line.note:
        parts.append(f"<p style='color:{SECONDARY}'>{e(line.note)}</p>")
    parts.append(scan_html(line))
    return "".join(parts)


def scan_html(line: CertificateLine | BondLine) -> str:
    """The scan filed with the record, named with the start of its SHA-256 (nothing if none)."""
    if not line.scan_sha256:
        return ""
    e = html.escape
    return (
        f"<p style='color:{SECONDARY}'>Scan: {e(line.scan_name)} "
        f"<small>(SHA-256 {e(line.scan_sha256[:12])}…)</small></p>"
    )
