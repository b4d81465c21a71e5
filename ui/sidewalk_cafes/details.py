"""The chosen application's details as the tab's summary shows them (§ 506-10): who and where, the
layout's dimensions, the steps recorded, the owners listed.
"""

from __future__ import annotations

import html
from datetime import date

from clerk_desk import words
from clerk_desk.lengths import format_length
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes.rules import (
    CLEARANCE_CITE,
    CONFIGURATION_CITE,
    ELIGIBILITY_CITE,
    HOURS_CITE,
    TERM_CITE,
)
from clerk_desk.sidewalk_cafes.views import (
    CafeRow,
)
from clerk_desk.words import format_day, plural
from ui.kit.dialog_parts import cite_link
from ui.kit.style import BAD, GOOD, LATE, NOTE_TEXT, QUIET, marked


def _day(day: date | None) -> str:
    return html.escape(format_day(day)) if day is not None else ""


def neighbor_count_text(row: CafeRow) -> str:
    people = len(row.neighbors)
    if not people:
        return "No owners listed yet: list the owners of property within 100 feet (Owners 100 ft…)."
    owners = sum(1 for n in row.neighbors if n.relation == "owner")
    beyond = sum(1 for n in row.neighbors if n.beyond)
    marked = f" {beyond} {cafe_rules.BEYOND_RADIUS}: kept, and mailed." if beyond else ""
    mailed = (
        f" Notice mailed {format_day(row.notice_mailed_on)}"
        + (f" by {row.notice_mailed_by}" if row.notice_mailed_by else "")
        + "."
        if row.notice_mailed_on
        else " The notice has not been mailed."
    )
    return (
        f"{plural(people, 'name')}: {plural(owners, 'owner')}, "
        f"{plural(people - owners, 'occupant')}.{marked}{mailed}"
    )


def dimensions_html(row: CafeRow) -> str:
    """The layout as applied for, in feet and inches, with the figures the rules use."""
    e = html.escape

    def length(inches: int | None) -> str:
        return e(format_length(inches)) if inches is not None else "<i>not given</i>"

    lines = [
        f"<b>Configuration:</b> {e(row.configuration) or '<i>none chosen</i>'} "
        f"<small>({cite_link(CONFIGURATION_CITE)})</small>",
        f"Sidewalk {length(row.sidewalk_width_in)} wide; cafe {length(row.cafe_depth_in)} deep, "
        f"{length(row.cafe_length_in)} long on a frontage of {length(row.frontage_in)}",
        f"Clear passage {length(row.clear_passage_in)} "
        f"({'abutting the curb' if row.passage_abuts_curb else 'not abutting the curb'}); "
        f"tables {length(row.curb_setback_in)} from the curb face; aisles "
        f"{length(row.aisle_in)} <small>({cite_link(CLEARANCE_CITE)})</small>",
    ]
    if row.corner_parcel or row.side_frontage_in or row.side_cafe_length_in:
        lines.append(
            f"Side street: {length(row.side_cafe_length_in)} on a side frontage of "
            f"{length(row.side_frontage_in)}; clear passage {length(row.side_clear_passage_in)} "
            f"({'abutting' if row.side_passage_abuts_curb else 'not abutting'} the curb); "
            f"tables {length(row.side_curb_setback_in)} from the curb face"
        )
    furniture = []
    if row.seats:
        furniture.append(plural(row.seats, "seat"))
    if row.tables:
        furniture.append(plural(row.tables, "table"))
    furniture.append(f"umbrellas: {e(row.umbrellas)}" if row.umbrellas else "no umbrellas")
    lines.append(", ".join(furniture))
    hours = e(row.hours) or "<i>not given</i>"
    indoor = e(row.indoor_hours) or "<i>not given</i>"
    lines.append(
        f"<b>Hours:</b> {hours} (indoors {indoor}) <small>({cite_link(HOURS_CITE)})</small>"
    )
    if row.share is not None:
        shown = e(cafe_rules.food_share_text(row.share))
        lines.append(
            f"<b>Food and non-alcoholic beverages:</b> {shown} of gross sales "
            f"<small>({cite_link(ELIGIBILITY_CITE)})</small>"
        )
    return "<br>".join(lines)


def cafe_html(row: CafeRow, today: date) -> str:
    """The chosen application in a few short paragraphs: who, where, and every date the
    ordinance counts from."""
    e = html.escape
    parts = [
        f"<h3>{e(row.number)} — {e(row.establishment)}</h3>",
        f"<p><b>{e(row.applicant)}</b><br>{e(row.location)}"
        + (f"<br>Parcel {e(row.parcel)}" if row.parcel else "")
        + (
            f"<br>Zoning {e(row.zoning_district)}"
            + ("" if row.commercially_zoned else f" — <b style='color:{BAD}'>not commercial</b>")
            if row.zoning_district or not row.commercially_zoned
            else ""
        )
        + (f"<br>Renews permit {e(row.renews)}" if row.renews else "")
        + "</p>",
    ]
    alcohol = (
        "Alcohol to be served"
        + (f" (license {e(row.liquor_license)})" if row.liquor_license else "")
        if row.serves_alcohol
        else "No alcohol"
        + (f"; liquor license {e(row.liquor_license)} held" if row.liquor_license else "")
    )
    parts.append(
        f"<p>{alcohol}. Hours {e(row.hours) or '<i>not given</i>'}"
        + (f", the Council's limit {e(row.council_closes_text)}" if row.council_closes_at else "")
        + "</p>"
    )
    parts.append(_dates_html(row, today))
    if row.council_conditions:
        conditions = "<br>".join(e(c) for c in row.council_conditions.splitlines() if c.strip())
        parts.append(f"<p><i>Council conditions:</i><br>{conditions}</p>")
    for suspension in (s for s in row.suspensions if s.open):
        parts.append(
            f"<p><b style='color:{LATE}'>Suspended {e(words.us_date(suspension.starts_on))} "
            f"through {e(words.us_date(suspension.last_day))}</b> "
            f"({e(suspension.state.lower())}): {e(suspension.reason)}</p>"
        )
    if row.revocation_notice_on:
        parts.append(
            f"<p>Notice of the revocation meeting given {_day(row.revocation_notice_on)}, for the "
            f"meeting of {e(row.revocation_meeting)}: {e(row.revocation_grounds)}</p>"
        )
    if row.revoked_on:
        until = f" through {_day(row.revoked_until)}" if row.revoked_until else ", permanently"
        parts.append(f"<p><b style='color:{BAD}'>Revoked {_day(row.revoked_on)}{until}.</b></p>")
    if row.denial_reasons:
        parts.append(f"<p><b style='color:{BAD}'>Denied:</b> {e(row.denial_reasons)}</p>")
    if row.withdrawn_reason:
        parts.append(f"<p>Withdrawn: {e(row.withdrawn_reason)}</p>")
    if row.notes:
        parts.append(f"<p style='color:{QUIET}'><i>Notes:</i> {e(row.notes)}</p>")
    return "".join(parts)


def _dates_html(row: CafeRow, today: date) -> str:
    """Every date the ordinance counts from: received, notice, comments, reviews, Council,
    issued, expires."""
    e = html.escape
    dates = [f"Received {e(row.received_text)}, by {e(row.received_by)}"]
    if row.notice_mailed_on:
        dates.append(f"Notice mailed {_day(row.notice_mailed_on)} to the owners within 100 ft")
    if row.comments_due_on:
        running = row.before_decision and today <= row.comments_due_on
        colour = LATE if running else NOTE_TEXT
        dates.append(
            f"<span style='color:{colour}'>Comments due by <b>{_day(row.comments_due_on)}</b>"
            f"</span> — {plural(len(row.comments), 'comment')} received"
        )
    if row.needs_police:
        if row.police_reviewed_on:
            verdict = "approved" if row.police_approved else "memorandum of concerns"
            dates.append(f"Chief of Police: {verdict}, {_day(row.police_reviewed_on)}")
        elif row.police_sent_on:
            dates.append(f"Sent to the Chief of Police {_day(row.police_sent_on)}")
        else:
            dates.append(marked("Not yet sent to the Chief of Police", LATE))
    if row.dpw_inspected_on:
        verdict = "satisfied" if row.dpw_satisfied else marked("not satisfied", BAD)
        dates.append(
            f"DPW inspection {_day(row.dpw_inspected_on)} by {e(row.dpw_inspected_by)}: {verdict}"
        )
    if row.meeting:
        if row.council_decided_on is not None:
            verdict = (
                f"<b style='color:{GOOD}'>approved</b>"
                if row.council_approved
                else f"<b style='color:{BAD}'>denied</b>"
            )
            dates.append(f"Common Council, meeting of {e(row.meeting)}: {verdict}")
        else:
            dates.append(f"Before the Common Council, meeting of {e(row.meeting)}")
    if row.issued_on:
        dates.append(
            f"Issued {_day(row.issued_on)}" + (f" by {e(row.issued_by)}" if row.issued_by else "")
        )
    if row.expires_on:
        dates.append(
            f"<b>Expires {_day(row.expires_on)}</b> — at most one year; not transferable "
            f"({cite_link(TERM_CITE)})"
        )
    return "<p>" + "<br>".join(dates) + "</p>"
