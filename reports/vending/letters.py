"""The letters of a decision on a special event vending application (§ 506-24).

* :func:`denial_letter_pdf` — the Clerk's denial with its reasons and the appeal to the Common
  Council, with the last day to file it.
* :func:`decision_letter_pdf` — the letter for whatever was decided last: the approval (or
  conditional approval) that encloses the permit, the denial, or the Council's decision on an
  appeal. Every one states the appeal right: where one lies (a denial by the Clerk), its last
  day; where none does, that § 506-24 (Procedure) gives an appeal only from a denial.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.kinds import VendingStatus
from clerk_desk.settings import CityProfile
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.papers import AppealPaper, ApplicationPaper
from clerk_desk.vending.rules import (
    PERMIT_CITE,
    PROCEDURE_CITE,
    decision_letter_refusal,
)
from clerk_desk.words import long_day, plural
from reports import letterhead as lh
from reports.document import (
    INCH,
    build_pdf,
    key_value_block,
    para,
)
from reports.vending.parts import (
    CLERK,
    SECTION_CITE,
    applied_text,
    body_style,
    boxed_paras,
    cite_markup,
    condition_lines,
    council_share,
    decided_appeal,
    decision_text,
    holder_text,
    is_sponsor,
    letter_foot,
    letter_top,
    markup_para,
    named_style,
    numbered_paras,
    numbers_text,
    office_line,
    section_heading,
    span_text,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


def _appeal_right(application: ApplicationPaper) -> Flowable:
    """The boxed appeal paragraph of a denial by the Clerk, with the last day to file."""
    assert application.appeal_due_on is not None
    last = escape(long_day(application.appeal_due_on))
    return boxed_paras(
        [
            "<b>Your right to appeal.</b> You may appeal this denial to the Common Council. "
            "An appeal request must be <b>filed with the City Clerk within seven days of the "
            f"Clerk\u2019s decision</b>: the last day to file is <b>{last}</b>.",
            "The Common Council will review the appeal and may deny the permit, approve the "
            "permit, or approve the permit conditionally. "
            f"<font size='8.5' color='{lh.GREY_HEX}'>{cite_markup(PROCEDURE_CITE)}</font>",
        ]
    )


APPROVAL_APPEAL_TEXT = (
    f"{PROCEDURE_CITE} provides an appeal to the Common Council only from a denial of the "
    "application by the City Clerk, so no appeal applies to this decision."
)
"""The appeal right stated in a letter approving the permit, with or without conditions."""


COUNCIL_APPEAL_TEXT = (
    f"{PROCEDURE_CITE} provides one appeal, from the City Clerk\u2019s denial to the Common "
    "Council, and the Council has decided it: no further appeal applies under it."
)
"""The appeal right stated in the letter of the Common Council's decision on an appeal."""


def _no_appeal(text: str) -> Flowable:
    """The boxed appeal paragraph of a decision no appeal lies from, citing the paragraph that
    gives the one appeal there is."""
    return boxed_paras([f"<b>Your right to appeal.</b> {escape(cite_markup(text))}"])


def _days_places_text(application: ApplicationPaper) -> str:
    """ "Friday, September 11, 2026 through Sunday, September 13, 2026 (3 days, 2 locations)" """
    days = len({s.day for s in application.slots})
    places = len({s.location.casefold() for s in application.slots})
    if not days:
        return "No days given"
    return f"{span_text(application)} ({plural(days, 'day')}, {plural(places, 'location')})"


def _decision_facts(application: ApplicationPaper) -> list[tuple[str, object]]:
    facts: list[tuple[str, object]] = [
        ("Application", f"{application.number}, made {applied_text(application)}"),
        ("Event", application.event_name),
        ("Days", _days_places_text(application)),
    ]
    if is_sponsor(application):
        facts.insert(1, ("Applicant", holder_text(application)))
    return facts


def _clerk_denial_text(application: ApplicationPaper) -> str:
    """ "Denied by the City Clerk (Test Clerk) on Thursday, August 6, 2026" """
    assert application.denied_on is not None
    by = application.denied_by_name.strip()
    return (
        f"Denied by the {CLERK}"
        + (f" ({by})" if by else "")
        + (f" on {long_day(application.denied_on)}")
    )


FEE_AFTER_DENIAL = (
    "The permit fee billed with the application stays owed: the application was received and "
    "reviewed, and a denial does not cancel it."
)


def denial_letter_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The City Clerk's denial, with the reasons, and the appeal to the Common Council within
    seven days of the decision, with its last day (§ 506-24 (Procedure)). It is dated and
    signed from ``denied_on`` and ``denied_by_name``, which the Council's later decision does
    not change, and says that the permit fee stays owed.

    Raises :class:`~clerk_desk.errors.Conflict` for an application the Clerk did not deny.
    """
    from reportlab.platypus import Spacer

    if application.appeal_due_on is None or application.denied_on is None:
        raise Conflict(
            f"Application {application.number} was not denied by the {CLERK}; there is no "
            "denial letter to print.",
            cite=PROCEDURE_CITE,
        )
    reasons = condition_lines(application.decision_reasons) or ["No reasons were recorded."]
    decided = escape(long_day(application.denied_on))
    by = escape(application.denied_by_name.strip())
    facts = _decision_facts(application)
    facts.append(("Decision", _clerk_denial_text(application)))
    facts.append(("Appeal last day", long_day(application.appeal_due_on)))
    story: list[Flowable] = [
        *letter_top(
            application,
            printed_on,
            "Denial of Special Event Vending Permit",
            f"Application {application.number} \u00b7 {PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        markup_para(
            f"On <b>{decided}</b> the {CLERK}"
            + (f" ({by})" if by else "")
            + " reviewed your application for a special event vending permit for "
            f"<b>{escape(application.event_name)}</b> for conformity with "
            f"{cite_markup(SECTION_CITE)} and <b>denied</b> it, for the following "
            + ("reason:" if len(reasons) == 1 else "reasons:")
        ),
        *numbered_paras(reasons),
        Spacer(1, 6),
        _appeal_right(application),
        Spacer(1, 8),
        markup_para(
            f"To appeal, file a written appeal request with {escape(office_line(profile))}, "
            f"quoting application <b>{escape(application.number)}</b>. Until a permit is issued, "
            "no goods or services may be displayed, sold or offered for sale on any street, "
            f"sidewalk, alley or other public place in the City ({cite_markup(PERMIT_CITE)})."
        ),
        markup_para(escape(FEE_AFTER_DENIAL)),
        *letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Denial \u2014 vending application {application.number}",
        subject=f"Denial of a special event vending permit, {PROCEDURE_CITE}",
    )


def _meeting_text(appeal: AppealPaper) -> str:
    """ "at its regular meeting of Monday, September 14, 2026" """
    when = long_day(appeal.acted_on) if appeal.acted_on else ""
    kind = appeal.meeting_kind.label.lower() if appeal.meeting_kind is not None else "meeting"
    return f"at its {kind} of {when}" if when else "at a meeting"


def council_act_text(appeal: AppealPaper) -> str:
    """ "Approved conditionally by the Common Council at its regular meeting of Monday,
    August 24, 2026" """
    if not appeal.outcome:
        return "Not decided yet by the Common Council"
    return f"{AppealOutcome(appeal.outcome).label} by the Common Council {_meeting_text(appeal)}"


def _appeal_facts(application: ApplicationPaper, appeal: AppealPaper) -> list[tuple[str, object]]:
    facts = _decision_facts(application)
    if application.denied_on is not None:
        facts.append(("Clerk\u2019s denial", _clerk_denial_text(application)))
    if application.decision_reasons.strip():
        facts.append(
            ("Clerk\u2019s reasons", " ".join(condition_lines(application.decision_reasons)))
        )
    filed = f"Filed {long_day(appeal.filed_on)}; the last day was {long_day(appeal.due_on)}"
    facts.append(("Appeal", filed + ("" if appeal.timely else " (filed late)")))
    facts.append(("Council\u2019s decision", council_act_text(appeal)))
    return facts


def _untimely_text(appeal: AppealPaper) -> str:
    if appeal.timely:
        return ""
    return (
        f" The appeal was filed on {escape(long_day(appeal.filed_on))}, after the last day, "
        f"{escape(long_day(appeal.due_on))}; it was accepted for the record."
    )


def _enclosed(application: ApplicationPaper) -> str:
    """The sentences of a letter enclosing the permit: what it is good for, and that it must
    be displayed (markup)."""
    return (
        f"Special event vending permit <b>{escape(application.permit_number or '')}</b> is "
        "enclosed. It is valid only on the dates and at the locations it lists, and <b>must be "
        "conspicuously displayed at the place where sales are being made</b> "
        f"<font size='8.5' color='{lh.GREY_HEX}'>({cite_markup(PROCEDURE_CITE)})</font>."
    )


def _approval_letter(
    application: ApplicationPaper, profile: CityProfile, printed_on: dt.date
) -> bytes:
    from reportlab.platypus import Spacer

    status = VendingStatus(application.status)
    conditional = status is VendingStatus.CONDITIONALLY_APPROVED
    assert application.decided_on is not None
    facts = _decision_facts(application)
    facts.append(("Decision", decision_text(application)))
    word = "approved it conditionally" if conditional else "approved it"
    story: list[Flowable] = [
        *letter_top(
            application,
            printed_on,
            "Special Event Vending Permit "
            + ("Approved Conditionally" if conditional else "Approved"),
            f"Application {application.number} \u00b7 Permit {application.permit_number} \u00b7 "
            f"{PROCEDURE_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        markup_para(
            f"The {CLERK} has reviewed your application for conformity with "
            f"{cite_markup(SECTION_CITE)} and has <b>{word}</b>. {_enclosed(application)}"
        ),
    ]
    story += _conditions_block(application)
    story += [Spacer(1, 4), _no_appeal(APPROVAL_APPEAL_TEXT), *letter_foot(profile)]
    return build_pdf(
        story,
        profile=profile,
        title=f"Approval \u2014 vending permit {application.permit_number}",
        subject=f"Approval of a special event vending permit, {PROCEDURE_CITE}",
    )


def _conditions_block(application: ApplicationPaper) -> list[Flowable]:
    """The conditions set on the permit, for a letter, and those of every permit in a sentence."""
    conditions = list(application.permit_conditions)
    small = named_style("letter-small", body_style(), fontSize=9, leading=12)
    every = (
        "§ 506-24 (Conditions of permit), printed on it: liability insurance in force, "
        "coordination of the locations with the Chief of Police, and cleanup."
    )
    if not conditions:
        return [
            markup_para(
                escape(cite_markup(f"The permit carries the requirements of {every}")), small
            )
        ]
    standing = cite_markup(f"As every permit does, it also carries the requirements of {every}")
    council = council_share(application)
    who = ""
    if council is not None and 0 < council < len(conditions):
        rest = len(conditions) - council
        who = cite_markup(
            f" Condition {numbers_text(1, council)} was set by the Common Council; "
            f"{numbers_text(council + 1, rest)} "
            f"{'is a requirement' if rest == 1 else 'are requirements'} of § 506-24 not met on "
            "the day of its decision: the permit is not valid until "
            f"{'it is' if rest == 1 else 'they are'} met."
        )
    elif council == 0:
        who = cite_markup(
            " They are requirements of § 506-24 not met on the day of the Council\u2019s "
            "decision: the permit is not valid until they are met."
        )
    return [
        markup_para(
            "The permit is granted on the following conditions, printed on it. "
            f"<b>These conditions must be met.</b>{escape(who)}"
        ),
        *numbered_paras(conditions),
        markup_para(escape(standing), small),
    ]


def _appeal_decision_letter(
    application: ApplicationPaper, profile: CityProfile, printed_on: dt.date
) -> bytes:
    from reportlab.platypus import Spacer

    appeal = decided_appeal(application)
    if appeal is None:
        raise Conflict(
            f"The Common Council has not decided the appeal of {application.number} yet.",
            cite=PROCEDURE_CITE,
        )
    outcome = AppealOutcome(appeal.outcome)
    meeting = _meeting_text(appeal)
    decided = {
        AppealOutcome.DENIED: "<b>denied</b> the permit",
        AppealOutcome.APPROVED: "<b>approved</b> the permit",
        AppealOutcome.APPROVED_CONDITIONALLY: "<b>approved the permit conditionally</b>",
    }[outcome]
    denial = ""
    if application.denied_on is not None:
        by = application.denied_by_name.strip()
        denial = f" of <b>{escape(long_day(application.denied_on))}</b>" + (
            f" ({escape(by)})" if by else ""
        )
    story: list[Flowable] = [
        *letter_top(
            application,
            printed_on,
            f"Decision on Appeal: {outcome.label.title()}",
            f"Application {application.number}"
            + (f" \u00b7 Permit {application.permit_number}" if application.permit_number else "")
            + f" \u00b7 {PROCEDURE_CITE}",
        ),
        key_value_block(_appeal_facts(application, appeal), label_width=1.3 * INCH),
        Spacer(1, 8),
        markup_para(
            f"You appealed the {CLERK}\u2019s denial{denial} of your application for a special "
            f"event vending permit for <b>{escape(application.event_name)}</b>. The Common "
            f"Council reviewed the appeal {escape(meeting)} and {decided}." + _untimely_text(appeal)
        ),
    ]
    if appeal.note.strip():
        story += [
            section_heading("The Council\u2019s reasons and notes"),
            para(appeal.note.strip(), body_style()),
        ]
    if outcome is AppealOutcome.DENIED:
        story += [
            markup_para(
                "No permit is issued. No goods or services may be displayed, sold or offered for "
                "sale on any street, sidewalk, alley or other public place in the City without a "
                f"special event vending permit ({cite_markup(PERMIT_CITE)})."
            ),
            markup_para(escape(FEE_AFTER_DENIAL)),
        ]
    else:
        story.append(markup_para(_enclosed(application)))
        story += _conditions_block(application)
    story += [Spacer(1, 4), _no_appeal(COUNCIL_APPEAL_TEXT), *letter_foot(profile)]
    return build_pdf(
        story,
        profile=profile,
        title=f"Appeal decision \u2014 vending application {application.number}",
        subject=f"The Common Council's decision on a vending permit appeal, {PROCEDURE_CITE}",
    )


def decision_letter_pdf(
    application: ApplicationPaper, *, profile: CityProfile, printed_on: dt.date
) -> bytes:
    """The letter for the decision that stands on the application: approval (the permit
    enclosed, its conditions), conditional approval, the Clerk's denial (the denial letter), or
    the Common Council's decision on the appeal. Each states the appeal right: where one lies
    (a denial by the Clerk), the last day to file it; where none does, why.

    Raises :class:`~clerk_desk.errors.Conflict` while nothing is decided (received, in doubt,
    appealed and not yet acted on, withdrawn).
    """
    status = VendingStatus(application.status)
    if status in (VendingStatus.APPROVED, VendingStatus.CONDITIONALLY_APPROVED):
        return _approval_letter(application, profile, printed_on)
    if status is VendingStatus.DENIED:
        return denial_letter_pdf(application, profile=profile, printed_on=printed_on)
    if status in (VendingStatus.APPROVED_ON_APPEAL, VendingStatus.DENIED_ON_APPEAL):
        return _appeal_decision_letter(application, profile, printed_on)
    refused = decision_letter_refusal(application.number, status)
    assert refused is not None  # every decided status is printed above
    raise refused
