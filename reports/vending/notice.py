"""The doubt notice (:func:`doubt_notice_pdf`): the Clerk's written statement of the matters in
doubt, which § 506-24 (Procedure) requires within three days of the time of making
application."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.clock import city_zone
from clerk_desk.errors import Conflict
from clerk_desk.settings import CityProfile
from clerk_desk.vending.papers import NoticePaper
from clerk_desk.vending.rules import (
    PERMIT_CITE,
    PROCEDURE_CITE,
)
from clerk_desk.words import clock_time, long_day
from reports import letterhead as lh
from reports.document import (
    INCH,
    build_pdf,
    key_value_block,
)
from reports.vending.parts import (
    CLERK,
    SECTION_CITE,
    applied_text,
    cite_markup,
    holder_text,
    is_sponsor,
    letter_foot,
    letter_top,
    markup_para,
    numbered_paras,
    office_line,
    section_heading,
    span_text,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

_TRAILING_CITE = re.compile(r"^(?P<text>.*\S)\s+\((?P<cite>§ [^()]*(?:\([^()]*\))?)\)$", re.S)


def _matter_markup(matter: str) -> str:
    """A matter in doubt as the core words it, "text (§ 506-24 (Procedure))", with its
    citation set small and grey so the matter itself reads first."""
    found = _TRAILING_CITE.match(matter.strip())
    if found is None:
        return escape(matter).replace("\n", "<br/>")
    return (
        f"{escape(found['text'])} <font size='8.5' color='{lh.GREY_HEX}'>"
        f"({cite_markup(escape(found['cite']))})</font>"
    )


def doubt_notice_pdf(notice: NoticePaper, *, profile: CityProfile, printed_on: dt.date) -> bytes:
    """The letter stating the matters in doubt, each numbered, that § 506-24 (Procedure)
    requires within three days of the time of making application, and what to do next."""
    from reportlab.platypus import Spacer

    application = notice.application
    matters = list(notice.matters)
    if not matters:
        raise Conflict("This notice states no matter in doubt.", cite=PROCEDURE_CITE)
    prepared = notice.prepared_at.astimezone(city_zone())
    facts: list[tuple[str, object]] = [
        ("Application", f"{application.number}, made {applied_text(application)}"),
        ("Event", application.event_name),
        ("Days", span_text(application)),
        (
            "Notice",
            f"Due by {long_day(notice.due_on)}, three days from the application; stated "
            f"{long_day(prepared.date())} by {notice.prepared_by_name}",
        ),
    ]
    if is_sponsor(application):
        facts.insert(1, ("Applicant", holder_text(application)))
    if notice.delivered_at is not None:
        delivered = notice.delivered_at.astimezone(city_zone())
        facts.append(
            (
                "Delivered",
                f"{long_day(delivered.date())}, at {clock_time(delivered, dotted=True)} "
                f"({notice.delivered_manner})",
            )
        )
    story: list[Flowable] = [
        *letter_top(
            application,
            printed_on,
            "Notice of Matters in Doubt",
            f"Special event vending permit application {application.number} \u00b7 "
            f"{PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.2 * INCH),
        Spacer(1, 8),
        markup_para(
            f"The {CLERK} has reviewed your application for a special event vending permit for "
            f"<b>{escape(application.event_name)}</b> for conformity with "
            f"{cite_markup(SECTION_CITE)}. In the {CLERK}\u2019s opinion the applicable "
            "requirements are <b>not clearly and unambiguously met</b>. "
            f"{cite_markup(PROCEDURE_CITE)} requires the {CLERK} to state the matters in doubt, in "
            f"writing, to the applicant within three days of the time of making application "
            f"(here, by {escape(long_day(notice.due_on))}). They are:"
        ),
        section_heading(f"Matters in doubt ({len(matters)})"),
        *numbered_paras([_matter_markup(m) for m in matters], markup=True),
        section_heading("What to do"),
        markup_para(
            "Please <b>correct your application, or provide the items listed above</b>, to "
            f"{escape(office_line(profile))}, quoting application "
            f"<b>{escape(application.number)}</b>. The corrected application will be reviewed "
            "again, and you will be told the decision in writing."
        ),
        markup_para(
            "Proof of liability insurance, and the street and sidewalk encroachments, booth "
            "locations and special parking for the Chief of Police\u2019s review and approval, "
            "must be submitted at least <b>seven days before the event starts</b> "
            f"({cite_markup('§ 506-24 (Conditions of permit)')})."
        ),
        markup_para(
            "Until a permit is issued, no goods or services may be displayed, sold or offered "
            "for sale on any street, sidewalk, alley or other public place in the City "
            f"({cite_markup(PERMIT_CITE)})."
        ),
        *letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Matters in doubt \u2014 application {application.number}",
        subject=f"Notice of matters in doubt, special event vending, {PROCEDURE_CITE}",
    )
