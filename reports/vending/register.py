"""The register of special event vending applications (:func:`applications_excel`): one row an
application, as the search and filters show them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from clerk_desk.clock import city_zone
from clerk_desk.kinds import ApplicantKind, VendingStatus
from clerk_desk.vending.appeals import AppealOutcome
from clerk_desk.vending.papers import ApplicationPaper
from reports.excel import Column, ProgressCallback, write_register
from reports.vending.parts import (
    SECTION_CITE,
    Target,
    is_sponsor,
    last_appeal,
)

APPLICATION_COLUMNS: tuple[Column, ...] = (
    Column("Application", width=13),
    Column("Permit", width=13),
    Column("Applicant", width=30),
    Column("Kind", width=22),
    Column("Event", width=28),
    Column("First day", "date"),
    Column("Last day", "date"),
    Column("Days/places", "int", width=12),
    Column("Participants", "int", width=12),
    Column("Applied", "datetime"),
    Column("Doubt notice due", "date", width=16),
    Column("Status", width=22),
    Column("Police submitted", "date", width=15),
    Column("Police approved", "date", width=15),
    Column("Insurance", width=13),
    Column("Clerk approved on", "date", width=16),
    Column("Clerk denied on", "date", width=15),
    Column("Appeal last day", "date", width=15),
    Column("Appeal filed", "date", width=13),
    Column("Appeal timely", width=13),
    Column("Council met", "date", width=13),
    Column("Council decision", width=22),
    Column("Conditions", width=60),
)
"""The register's columns. The Clerk's decisions and the Council's are in columns of their own:
"Clerk approved on" and "Clerk denied on" are the Clerk's acts (the denial kept after an
appeal), "Council met" and "Council decision" the Common Council's on the appeal."""


def application_row(
    application: ApplicationPaper,
    tz: dt.tzinfo | None = None,
    *,
    insurance: str = "",
) -> tuple[object, ...]:
    """One row of the register; the time of application in the City's time (``tz``);
    ``insurance`` is the checklist's word for proof of insurance ("Met", "Not yet due", "Not
    met"), which the register cannot read from the application alone."""
    applied = application.applied_at.astimezone(tz or city_zone()).replace(tzinfo=None)
    status = VendingStatus(application.status)
    # A permit without a denial before it is the Clerk's approval (the Council acts only on an
    # appeal of a denial), withdrawn since or not.
    clerk_approved = (
        application.decided_on if application.permit_number and not application.denied_on else None
    )
    appeal = last_appeal(application)
    return (
        application.number,
        application.permit_number or "",
        application.applicant.name,
        ApplicantKind(application.applicant_kind).label,
        application.event_name,
        application.first_day,
        application.last_day,
        len(application.slots),
        len(application.participants) if is_sponsor(application) else None,
        applied,
        application.doubt_due_on,
        status.label,
        application.police_submitted_on,
        application.police_approved_on,
        insurance,
        clerk_approved,
        application.denied_on,
        application.appeal_due_on,
        appeal.filed_on if appeal else None,
        ("Yes" if appeal.timely else "No (late)") if appeal else "",
        appeal.acted_on if appeal and appeal.outcome else None,
        AppealOutcome(appeal.outcome).label if appeal and appeal.outcome else "",
        "\n".join(list(application.permit_conditions)),
    )


def applications_excel(
    target: Target,
    applications: Iterable[ApplicationPaper],
    *,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str,
    insurance: Mapping[int, str] | None = None,
) -> int:
    """The register of special event vending applications, one row each; returns the rows
    written. Times are City Hall's; "Participants" is blank for an individual vendor;
    ``insurance`` gives the Insurance column by application id
    (:func:`clerk_desk.vending.views.insurance_states`), blank where it has none."""
    states = insurance or {}
    return write_register(
        target,
        title="Vending applications",
        columns=APPLICATION_COLUMNS,
        rows=(application_row(a, insurance=states.get(a.id, "")) for a in applications),
        progress=progress,
        subtitle=f"{city} \u2014 special event vending permits ({SECTION_CITE})",
        author=author,
        city=city,
    )
