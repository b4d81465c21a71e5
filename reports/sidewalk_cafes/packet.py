"""The application packet the City Administrator forwards to the Common Council (§ 506-10):
the cover, a summary, the checklist, the comments, the reviews, the owners notified.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    PacketView,
)
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    COMMENT_DAYS,
    ISSUANCE_CITE,
    LOCATION_CITE,
)
from clerk_desk.words import clock_time, format_day, long_day, plural
from reports import letterhead as lh
from reports.document import (
    INCH,
    data_table,
    key_value_block,
    para,
    styles,
)
from reports.fonts import FONT_BOLD, FONT_REGULAR
from reports.sidewalk_cafes.notice import _counts, _neighbor_table
from reports.sidewalk_cafes.parts import (
    _INK,
    CLERK,
    PACKET_TITLE,
    SECTION,
    _area_table,
    _body,
    _boxed,
    _cite,
    _grey,
    _heading,
    _lines,
    _markup,
    _style,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from reports.packet import Packet


_STATE_COLOURS = {"Met": "#1B6E2E", "Waiting": "#8A5A00", "Not met": "#B00020"}


_LEVEL_WORDS = {"block": "Stops", "warn": "Check", "info": "Note"}


def _packet_cover(packet: Packet, view: PacketView, profile: CityProfile) -> list[Flowable]:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import HRFlowable, Spacer

    from reports.packet import Mark

    st = styles()
    navy, grey = lh.color(lh.NAVY_HEX), lh.color(lh.GREY_HEX)

    def centred(name: str, size: float, *, bold: bool = False, color: Any = None) -> Any:
        return _style(
            f"cover-{name}",
            st.body,
            fontName=FONT_BOLD if bold else FONT_REGULAR,
            fontSize=size,
            leading=size * 1.25,
            alignment=TA_CENTER,
            textColor=color if color is not None else st.body.textColor,
            spaceAfter=size * 0.35,
        )

    if view.meeting_at is not None:
        when = (
            f"For the Common Council, {long_day(view.meeting_at.date())} at "
            f"{clock_time(view.meeting_at, dotted=True)}"
        )
        place = view.meeting_place
    else:
        when, place = "Not yet placed before the Common Council", ""
    flow: list[Flowable] = [
        Spacer(1, 0.5 * INCH),
        packet.mark(
            para("Sidewalk Cafe Application", centred("title", 26, bold=True, color=navy)),
            Mark("cover", "Cover", toc=False),
        ),
        para(f"Application {view.number} \u00b7 {SECTION}", centred("number", 14, color=navy)),
        Spacer(1, 0.15 * INCH),
        para(view.establishment, centred("establishment", 16, bold=True)),
        para(view.address, centred("address", 12)),
        para(f"Applicant: {view.applicant_name}", centred("applicant", 11)),
        Spacer(1, 0.25 * INCH),
        HRFlowable(width="60%", thickness=1.2, color=navy, spaceBefore=0, spaceAfter=0.25 * INCH),
        para(when, centred("when", 12, bold=True)),
    ]
    if place:
        flow.append(para(place, centred("place", 11)))
    flow += [
        para(f"As it stands: {view.status}", centred("status", 11, color=grey)),
        Spacer(1, 0.3 * INCH),
        _boxed(
            [
                "The City Administrator shall promptly forward each fully completed application "
                "packet with all other relevant documents and information to the Common "
                "Council for final review and action of approval or denial. In considering an "
                "application the Common Council shall consider comments from the applicant, "
                "the public, and City staff. "
                + _grey(escape(_cite(f"{APPLICATION_CITE}; {ISSUANCE_CITE}")))
            ],
            fill=True,
        ),
        Spacer(1, 0.3 * INCH),
        para(
            f"Packet prepared {format_day(view.prepared_on)} by the office of the {CLERK}, "
            f"{profile.city_name}.",
            centred("prepared", 9, color=grey),
        ),
    ]
    return flow


def _packet_heading(
    packet: Packet, key: str, title: str, cite: str = "", *, new_page: bool = True
) -> list[Flowable]:
    """A section of the packet: on a new page (or not), in the contents and the bookmarks."""
    from reportlab.platypus import PageBreak

    from reports.packet import Mark

    keep, heading = _heading(title, cite)
    return [PageBreak() if new_page else keep, packet.mark(heading, Mark(key, title))]


def _packet_summary(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Spacer

    who = view.applicant_name
    address = _lines(view.applicant_address)
    if address:
        who += "\n" + "\n".join(address)
    place = " \u00b7 ".join(
        p
        for p in (
            f"Parcel {view.parcel_number}" if view.parcel_number.strip() else "",
            (f"zoned {view.zoning_district}" if view.zoning_district.strip() else "")
            + ("" if view.commercially_zoned else " (not recorded as commercially zoned)"),
        )
        if p.strip()
    )
    facts: list[tuple[str, object]] = [
        ("Applicant", who),
        ("Establishment", f"{view.establishment}, {view.address}"),
    ]
    if place:
        facts.append(("Property", place[:1].upper() + place[1:]))
    if view.renews_number.strip():
        facts.append(("Renews", f"Permit {view.renews_number}"))
    facts += [
        ("Received", f"{long_day(view.applied_on)}, by {view.received_by}"),
        ("Configuration", view.configuration or "Not stated"),
        ("Umbrellas", view.umbrellas),
        (
            "Hours",
            (view.hours or "Not given")
            + (f" (the indoor establishment: {view.indoor_hours})" if view.indoor_hours else ""),
        ),
        (
            "Alcohol",
            (
                "To be served"
                + (
                    f"; liquor license {view.liquor_license}"
                    if view.liquor_license.strip()
                    else "; no liquor license entered"
                )
            )
            if view.serves_alcohol
            else "None to be served"
            + (f" (liquor license {view.liquor_license} held)" if view.liquor_license else ""),
        ),
    ]
    if view.gross_sales is not None and view.food_sales is not None:
        share = f" ({view.food_share})" if view.food_share else ""
        facts.append(
            (
                "Sales",
                f"Food and non-alcoholic beverages {view.food_sales} of {view.gross_sales} "
                f"gross sales{share}"
                + (f", {view.sales_period}" if view.sales_period else "")
                + (f"; records: {view.sales_records_name}" if view.sales_records_name else ""),
            )
        )
    fee = (
        f"{view.fee_amount}, paid"
        if view.fee_owed <= Money.zero()
        else f"{view.fee_amount}; {view.fee_owed} still owed"
    )
    facts.append(("Fee", fee))
    return [
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 6),
        _area_table(view),
    ]


def _packet_checklist(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Paragraph

    st = styles()
    state_style = _style("check-state", st.cell, fontName=FONT_BOLD)
    text = _style("check-text", st.cell, fontSize=8.6, leading=11.2)
    rows = []
    for line in view.checklist:
        colour = _STATE_COLOURS.get(line.state, _INK)
        due = f" \u2014 by {format_day(line.due)}" if line.due and line.state != "Met" else ""
        found = "<br/>".join(
            f"<b>{_LEVEL_WORDS.get(f.level, f.level)}:</b> {escape(f.text)} "
            + _grey(escape(_cite(f.cite)), 7.5)
            for f in line.findings
        )
        rows.append(
            (
                Paragraph(f"<font color='{colour}'>{escape(line.state)}</font>", state_style),
                Paragraph(f"<b>{escape(line.title)}</b>{escape(due)}", text),
                Paragraph(found or _grey(escape(_cite(line.cite)), 7.5), text),
            )
        )
    return [
        _markup(
            f"Each requirement of {SECTION} as it stands on {escape(long_day(view.prepared_on))}: "
            "met, waiting (its time has not come) or not met, with the reasons.",
            _style("check-intro", _body(), fontSize=9.5, leading=12.5),
        ),
        data_table(("", "Requirement", "Findings"), rows, col_widths=[0.7 * INCH, "30%", "*"]),
    ]


def _packet_comments(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Paragraph

    st = styles()
    late = [c for c in view.comments if not c.timely]
    due = (
        f"Comments were to be received by the {CLERK} by "
        f"<b>{escape(long_day(view.comments_due_on))}</b>, {COMMENT_DAYS} calendar days from "
        "the mailing of the notice. "
        if view.comments_due_on
        else "The notice has not been mailed. "
    )
    if not view.comments:
        return [_markup(due + "No comments were received.")]
    count = (
        f"{plural(len(view.comments), 'comment')} received: "
        f"{len(view.comments) - len(late)} in time, {len(late)} late (kept for the Council)."
    )
    text = _style("comment-text", st.cell, fontSize=8.8, leading=11.4)
    rows = [
        (
            format_day(c.received_on),
            c.commenter,
            c.source,
            "Yes" if c.timely else "Late",
            Paragraph(
                escape(c.text).replace("\n", "<br/>")
                + (f"<br/>{_grey(escape(c.late), 7.5)}" if c.late else ""),
                text,
            ),
        )
        for c in view.comments
    ]
    return [
        _markup(due + escape(count)),
        data_table(
            ("Received", "From", "Source", "In time", "Comment"),
            rows,
            col_widths=[1.2 * INCH, "22%", 0.8 * INCH, 0.62 * INCH, "*"],
            plain=(True, False, True, True, False),
        ),
    ]


def _packet_police(view: PacketView) -> list[Flowable]:
    if not view.police_needed:
        return [
            _markup(
                "Not required: no alcohol will be served and no liquor license is held. The "
                "City Administrator forwards to the Chief of Police only the applications of a "
                "business that holds a liquor license or means to serve alcohol."
            )
        ]
    facts: list[tuple[str, object]] = [("Why", view.police_why[:1].upper() + view.police_why[1:])]
    facts.append(("Sent", long_day(view.police_sent_on) if view.police_sent_on else "Not yet sent"))
    if view.police_reviewed_on is None:
        facts.append(("Review", "The Chief's written review is not on record yet."))
    else:
        verdict = (
            "Approved in writing"
            if view.police_approved
            else "Memorandum of concerns to the City Administrator"
        )
        facts.append(("Review", f"{verdict}, {long_day(view.police_reviewed_on)}"))
    flow: list[Flowable] = [key_value_block(facts, label_width=1.3 * INCH)]
    if view.police_memo.strip():
        title = "The Chief's memorandum" if not view.police_approved else "The Chief's words"
        flow.append(_boxed([f"<b>{title}.</b> " + escape(view.police_memo).replace("\n", "<br/>")]))
    return flow


def _packet_dpw(view: PacketView) -> list[Flowable]:
    if view.dpw_inspected_on is None:
        return [_markup("The Director of Public Works has not inspected yet.")]
    facts: list[tuple[str, object]] = [
        ("Inspected", f"{long_day(view.dpw_inspected_on)}, by {view.dpw_inspected_by}"),
        ("Result", "Satisfied" if view.dpw_satisfied else "Not satisfied"),
    ]
    if view.dpw_note.strip():
        facts.append(("Note", view.dpw_note))
    return [key_value_block(facts, label_width=1.3 * INCH)]


def _packet_neighbors(view: PacketView) -> list[Flowable]:
    from reportlab.platypus import Spacer

    notice = view.notice
    mailed = (
        f"Notice mailed {long_day(notice.mailed_on)} to the "
        f"{_counts(notice.neighbors)}; comments due by "
        f"{long_day(notice.comments_due_on)}."
        if notice.mailed_on is not None and notice.comments_due_on is not None
        else f"The notice has not been mailed: {_counts(notice.neighbors)} listed."
    )
    return [
        _markup(
            escape(mailed)
            + " The list of the full names and addresses of the property owners and occupants "
            "to whom notice was sent. " + _grey(escape(_cite(APPLICATION_CITE)))
        ),
        Spacer(1, 4),
        _neighbor_table(notice.neighbors),
    ]


def packet_pdf(view: PacketView, profile: CityProfile) -> bytes:
    """The application packet the City Administrator forwards to the Common Council
    (§ 506-10 (Application for permit)): a cover naming the meeting, a contents page, then the
    application in brief, the checklist as it stands on the day prepared, the comments received
    (timely and late, the late ones marked), the Chief of Police's review and memorandum, the
    Director of Public Works' inspection, the list of the owners and occupants notified, and the
    pages of the applicant's site plan. Every page reads "Packet page N of M".

    The site plan is set in from the file kept (a PDF page by page, a picture drawn); one that
    is missing or cannot be read gets a page saying so, so the packet always prints.
    """
    from reports.packet import Mark, Packet

    notice = view.notice
    packet = Packet(
        profile=profile,
        title=f"{PACKET_TITLE} {view.number}",
        subject=f"Sidewalk cafe application {view.number} for the Common Council, {SECTION}",
    )
    cover = _packet_cover(packet, view, profile)
    body: list[Flowable] = [
        *_packet_heading(packet, "summary", "The application", LOCATION_CITE),
        *_packet_summary(view),
        *_packet_heading(
            packet, "checklist", "Checklist as it stands", ISSUANCE_CITE, new_page=False
        ),
        *_packet_checklist(view),
        *_packet_heading(packet, "comments", "Comments received", APPLICATION_CITE, new_page=False),
        *_packet_comments(view),
        *_packet_heading(packet, "police", "Chief of Police", APPLICATION_CITE, new_page=False),
        *_packet_police(view),
        *_packet_heading(
            packet,
            "dpw",
            "Inspection by the Director of Public Works",
            ISSUANCE_CITE,
            new_page=False,
        ),
        *_packet_dpw(view),
        *_packet_heading(packet, "notified", "Owners and occupants notified", APPLICATION_CITE),
        *_packet_neighbors(view),
    ]
    name = notice.site_plan_name or "site plan"
    scale = f", drawn to a scale of {notice.site_plan_scale}" if notice.site_plan_scale else ""
    body += packet.attachment(
        notice.site_plan,
        caption=f"Site plan submitted by the applicant \u2014 {view.number}{scale} ({name})",
        name=name,
        share_key=view.site_plan_sha256 or None,
        missing="No site plan is attached to the application.",
        mark=Mark("site_plan", "Site plan"),
    )
    return packet.build(cover=cover, body=body)
