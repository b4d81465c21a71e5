"""The street opening papers of §§ 506-6 and 506-7: the permit and the register.

* :func:`permit_pdf` — the STREET OPENING PERMIT the Director of Public Works (or the Building
  Inspector) signs and the permittee keeps: number, permittee, every opening, the work, the
  validity and its renewals, the conditions that matter at the site with their dates, the bond,
  insurance and fee on file with receipt numbers, and the approving official's signature block.
  Every condition and every line of protection names the paragraph that sets it.
* :func:`openings_excel` — the register of permits, one a row, with the status the register tab
  shows and the restoration and guarantee dates.

The permit prints only what the core recorded and computed, read in the window's action before
the paper is drawn: the permit as :class:`~clerk_desk.street_openings.views.OpeningRow` and
:class:`~clerk_desk.street_openings.views.PermitProtection` (both in
:func:`clerk_desk.street_openings.views.permit_paper`). ReportLab and openpyxl are imported only
when a paper is made.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.bonds.service import BOND_CITE, INSURANCE_CITE, UTILITY_CITE
from clerk_desk.errors import Conflict
from clerk_desk.kinds import OpeningStatus
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.street_openings.rules import (
    APPLICATION_CITE,
    CITY_WORK_CITE,
    COMMENCEMENT_CITE,
    DEFICIENCY_CITE,
    EMERGENCY_CITE,
    EMERGENCY_FEE_CITE,
    FEE_CITE,
    FROZEN_CITE,
    FROZEN_RULE,
    NEW_STREETS_CITE,
    NOTICE_CITE,
    PATCHES_CITE,
    PERMIT_CITE,
    RENEWAL_CITE,
    REPAIR_CITE,
    VALIDITY_CITE,
    frozen_days,
    patch_replacement_due,
    valid_until,
)
from clerk_desk.street_openings.views import OpeningRow, PermitProtection, SiteRow
from clerk_desk.words import clock_time, format_day

from . import letterhead as lh
from .document import (
    INCH,
    build_pdf,
    data_table,
    key_value_block,
    para,
    styles,
)
from .excel import Column, ProgressCallback, write_register
from .fonts import FONT_BOLD, FONT_REGULAR
from .permit_parts import (
    frame_width,
    ruled_terms,
    signed_and_dated,
    title_styles,
    titled_with_number,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

SECTIONS = "§§ 506-6 and 506-7"
PAVEMENT_CITE = "§ 506-7G"
"""Pavement replacement and restoration: the ordinance's own letter for the paragraph."""
STANDARDS_CITE = "§ 506-6 (City standards)"
APPROVERS = "the Building Inspector or the Director of Public Works"


# ---- wording ---------------------------------------------------------------------------------


def _at(moment: dt.datetime) -> str:
    """ "Fri Nov 27, 2026 7:40 a.m." in City Hall's time (aware times are shown locally)."""
    from clerk_desk.clock import city_zone

    local = moment.astimezone(city_zone()) if moment.tzinfo else moment
    return f"{format_day(local.date())} {clock_time(local, dotted=True)}"


def _day(day: dt.date) -> str:
    """A day that never breaks across two lines (for the dates set in bold)."""
    return format_day(day).replace(" ", "\u00a0")


def _cite(cite: str) -> str:
    """A cite whose "§" stays with its number when it wraps."""
    return cite.replace("§ ", "§\u00a0").replace("§§ ", "§§\u00a0")


def _size(site: SiteRow) -> str:
    if site.length_ft and site.width_ft:
        return f"{site.length_ft:,} \u00d7 {site.width_ft:,} ft"
    if site.length_ft or site.width_ft:
        return f"{site.length_ft or site.width_ft:,} ft"
    return ""


def _planned(opening: OpeningRow) -> str:
    start, end = opening.planned_start, opening.planned_end
    if start and end and end != start:
        return f"{format_day(start)} to {format_day(end)}"
    if start:
        return format_day(start)
    return "Not given"


def _refuse_unapproved(opening: OpeningRow) -> None:
    """A permit is printed only for an approved application (§ 506-6 (Permit to be obtained))."""
    status = OpeningStatus(opening.status)
    if status is OpeningStatus.EXEMPT:
        raise Conflict(
            f"{opening.number} is City work: no permit is issued for it.", cite=CITY_WORK_CITE
        )
    if status is OpeningStatus.REFUSED:
        raise Conflict(
            f"Street opening {opening.number} was refused: there is no permit to print.",
            cite=PERMIT_CITE,
        )
    if status is OpeningStatus.APPLIED or opening.approved_on is None:
        raise Conflict(
            f"Street opening {opening.number} is not approved: a permit is printed only after "
            f"{APPROVERS} approves it.",
            cite=PERMIT_CITE,
        )


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the permit's conditions or protection: what, the words (markup), the cite."""

    title: str
    text: str  # ReportLab markup: user text in it is escaped
    cite: str


def _notice_lines(opening: OpeningRow) -> list[Line]:
    """The notices before the work begins and before backfilling, with those recorded."""
    lines: list[Line] = []
    if opening.emergency:
        told = (
            f"City officials were notified {_at(opening.city_notified_at)}."
            if opening.city_notified_at
            else "<b>City officials must be notified immediately; no notification is recorded.</b>"
        )
        lines.append(
            Line(
                "Before work begins",
                "Emergency excavation: the 24-hour notice before the excavation and the 12-hour "
                f"notice of a loss of utility service are not required. {told}",
                EMERGENCY_CITE,
            )
        )
    else:
        given = (
            f" Notice given {_at(opening.commencement_notice_at)}."
            if opening.commencement_notice_at
            else ""
        )
        lines.append(
            Line(
                "Before work begins",
                "Notify the Director of Public Works <b>at least 24 hours before</b> the "
                "excavation begins, with its location and extent, and everyone affected by the "
                "work at least one business day before. Properties that will lose utility "
                "service are told in writing or in person at least 12 hours before." + given,
                f"{COMMENCEMENT_CITE}; {NOTICE_CITE}",
            )
        )
    given = (
        f" Notice given {_at(opening.backfill_notice_at)}." if opening.backfill_notice_at else ""
    )
    lines.append(
        Line(
            "Before backfilling",
            "Notify the Director of Public Works <b>at least 4 hours before</b> backfilling "
            "and/or restoring the surface." + given,
            NOTICE_CITE,
        )
    )
    lines.append(
        Line(
            "Barricades and traffic",
            "Enclose every opening with barriers, signing and traffic control devices in "
            "accordance with Section VI of the Manual on Uniform Traffic Control Devices "
            "(MUTCD); warning lights on from sunset to sunrise; no open-flame warning devices. "
            "Keep one lane open in each direction unless otherwise approved, else a flagman or "
            "temporary traffic signal.",
            COMMENCEMENT_CITE,
        )
    )
    return lines


def _frozen_ground_line(opening: OpeningRow) -> Line:
    """No opening in frozen ground, with this permit's emergency or the day its season begins."""
    frozen = escape(FROZEN_RULE)
    if opening.frozen_emergency_by:
        on = f" on {format_day(opening.frozen_emergency_on)}" if opening.frozen_emergency_on else ""
        frozen += (
            f" <b>This work was determined an emergency excavation by "
            f"{escape(opening.frozen_emergency_by)}{on}.</b>"
        )
    elif opening.approved_on and opening.valid_until:
        season = frozen_days(opening.approved_on, opening.valid_until)
        if season:
            frozen += (
                f" <b>This permit runs into that season on {_day(season[0])}: no opening may be "
                "made from then unless so determined.</b>"
            )
    return Line("Frozen ground", frozen, FROZEN_CITE)


def _cold_mix_patch_line(opening: OpeningRow) -> Line:
    """The winter cold-mix patch and the day it must be replaced."""
    patch = (
        "In a winter emergency, when like pavement cannot be placed: a temporary surface "
        "of at least 3\u00bd inches of cold-mix bituminous material, compacted and rolled "
        "smooth, removed and replaced with permanent pavement by the following July 1"
    )
    if opening.temporary_patch_on:
        by = patch_replacement_due(opening.temporary_patch_on)
        patch += (
            f". Patched {format_day(opening.temporary_patch_on)}: <b>replace by {_day(by)}</b>."
        )
    else:
        made = opening.opened_on or opening.approved_on
        assert made is not None  # an approved permit has its approval day
        patch += f": <b>{_day(patch_replacement_due(made))}</b> for a patch this winter."
    return Line("Winter cold-mix patch", patch, PAVEMENT_CITE)


def _site_lines(opening: OpeningRow, protection: PermitProtection) -> list[Line]:
    """Frozen ground, the pavement and its guarantee, and what else holds at the site."""
    lines: list[Line] = []
    lines.append(_frozen_ground_line(opening))
    pavement = "Permanent pavement is replaced within 60 days of the date of this permit"
    pavement += f": <b>by {_day(protection.pavement_due)}</b>." if protection.pavement_due else "."
    pavement += (
        " Saw-cut to neat, straight lines; bituminous at least 3 inches or the existing depth, "
        "concrete at least 7 inches or the existing depth."
    )
    if opening.completed_on:
        pavement += f" Restoration completed {format_day(opening.completed_on)}."
    lines.append(Line("Permanent pavement", pavement, PAVEMENT_CITE))
    if opening.emergency or opening.frozen_emergency_by or opening.temporary_patch_on:
        lines.append(_cold_mix_patch_line(opening))
    lines.append(
        Line(
            "Curb, gutter, sidewalk",
            "Restore any damaged curb and gutter, sidewalk or grass-covered area to its "
            "condition before the damage. Sidewalk is replaced the full width of the walk, at "
            "least 60 inches long and 4 inches thick (6 inches at driveways).",
            f"{STANDARDS_CITE}; {PAVEMENT_CITE}",
        )
    )
    guarantee = (
        "The permittee is responsible for the restoration for <b>one year from the date the "
        "work is completed</b>, and files a written guarantee or surety bond to that effect in "
        "the amount the Director of Public Works sets."
    )
    if opening.completed_on and opening.guarantee_ends:
        guarantee += (
            f" Completed {format_day(opening.completed_on)}: the guarantee runs through "
            f"<b>{_day(opening.guarantee_ends)}</b>."
        )
    lines.append(Line("One-year guarantee", guarantee, DEFICIENCY_CITE))
    lines.append(
        Line(
            "Faulty work",
            "Faulty work or materials are replaced immediately on notice by the City. If "
            "deficiencies are not corrected, the Director of Public Works repairs them and "
            "bills labor, materials and equipment plus 20% for administration, and the right "
            "to obtain a street opening permit is revoked for one year. The City may elect to "
            "make the pavement repair at the permittee's cost, with one year's maintenance.",
            f"{DEFICIENCY_CITE}; {REPAIR_CITE}",
        )
    )
    if opening.existing_patches.strip():
        lines.append(
            Line(
                "Existing patches",
                f"{escape(opening.existing_patches.strip())}. The pavement replacement area is "
                f"set on site by {APPROVERS}.",
                PATCHES_CITE,
            )
        )
    return lines


def conditions(opening: OpeningRow, protection: PermitProtection) -> list[Line]:
    """The conditions that matter at the site, with this permit's dates, each cited."""
    return [*_notice_lines(opening), *_site_lines(opening, protection)]


def _bond_text(kind: str, number: str, surety: str, amount: Money, year: int | None) -> str:
    what = f"{escape(kind)} No. <b>{escape(number)}</b>"
    if year is not None:
        what += f" for {year}"
    return f"{what}, {escape(surety)}, {amount}"


def protection_lines(opening: OpeningRow, protection: PermitProtection) -> list[Line]:
    """The bond, the insurance and the fee the City holds for this permit, each cited."""
    lines: list[Line] = []
    bond_texts = []
    for bond in protection.bonds:
        text = _bond_text(bond.kind, bond.bond_number, bond.surety, bond.amount, bond.year)
        if bond.year is not None:
            text += " (covers all the principal's excavation work that year)"
        elif bond.expires_on is not None:
            text += f", in force {format_day(bond.effective_on)} to {format_day(bond.expires_on)}"
        else:
            text += f", in force from {format_day(bond.effective_on)}"
        bond_texts.append(text + ".")
    if protection.public_utility:
        lines.append(
            Line(
                "Bond",
                "<b>Public utility</b>: no indemnity bond is required."
                + "".join(f" {t}" for t in bond_texts),
                UTILITY_CITE,
            )
        )
    elif bond_texts:
        lines.append(Line("Bond", " ".join(bond_texts), BOND_CITE))
    else:
        lines.append(
            Line(
                "Bond",
                "<b>No bond is on file.</b> A $10,000.00 bond, or an annual bond of the "
                "principal for the year of the work, is required before the permit issues.",
                BOND_CITE,
            )
        )
    insurance = protection.insurance
    if insurance is None:
        lines.append(
            Line("Insurance", "<b>No certificate of insurance is on file.</b>", INSURANCE_CITE)
        )
    else:
        policy = f", policy {escape(insurance.policy_numbers)}" if insurance.policy_numbers else ""
        limits = "; ".join(f"{escape(label)} {amount}" for label, amount in insurance.limits)
        text = (
            f"Certificate of insurance from <b>{escape(insurance.insurer)}</b>{policy}: "
            f"{limits or 'no limits entered'}. In force {format_day(insurance.effective_on)} "
            f"to <b>{_day(insurance.expires_on)}</b>; received "
            f"{format_day(insurance.received_on)}. Required: $500,000 per person, $500,000 for "
            "one accident, $500,000 property damage."
        )
        for shortfall in insurance.shortfalls:
            text += f" <b>Short: {escape(shortfall)}</b>"
        lines.append(Line("Insurance", text, INSURANCE_CITE))
    paid = [
        f"{r.amount} paid on receipt <b>{escape(r.receipt_number)}</b>, "
        f"{format_day(r.paid_on)} ({escape(r.description)})."
        for r in protection.receipts
    ]
    if protection.fee_owed > Money.zero():
        paid.append(f"<b>{protection.fee_owed} of the fee is still owed.</b>")
    if protection.no_fee:
        lines.append(Line("Fee", escape(protection.no_fee), EMERGENCY_FEE_CITE))
    elif paid:
        cite = EMERGENCY_FEE_CITE if opening.emergency else FEE_CITE
        lines.append(Line("Fee paid", "<br/>".join(paid), cite))
    else:
        lines.append(Line("Fee", "<b>No fee is recorded for this permit.</b>", FEE_CITE))
    return lines


# ---- flowables -------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-street-openings-{name}", parent=parent, **kw)


def _heading(text: str, cite: str = "") -> list[Flowable]:
    """A section heading (with its cite in grey), never alone at the foot of a page."""
    from reportlab.platypus import CondPageBreak

    return [CondPageBreak(1.1 * INCH), _heading_line(text, cite)]


def _heading_line(text: str, cite: str = "") -> Flowable:
    from reportlab.platypus import Paragraph

    st = styles()
    # Not kept with the table after it: a whole table moved to the next page would leave half
    # a page blank. A CondPageBreak before the heading keeps it from ending a page alone.
    style = _style(
        "heading",
        st.heading,
        fontSize=11,
        leading=14,
        spaceBefore=8,
        spaceAfter=3,
        keepWithNext=0,
    )
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>\u2014 "
        f"{escape(cite)}</font>"
        if cite
        else ""
    )
    return Paragraph(escape(text) + tail, style)


def _title_block(opening: OpeningRow, printed_on: dt.date) -> Flowable:
    """ "STREET OPENING PERMIT" on the left, the permit number boxed on the right."""
    from reportlab.platypus import Paragraph

    title, subtitle = title_styles(_style)
    left = [
        Paragraph("STREET OPENING PERMIT", title),
        para(
            f"Excavation in public streets, alleys, ways, ditches, grounds, sidewalks and City "
            f"easements \u2014 {SECTIONS}, Chapter 506 (Streets and Sidewalks). "
            f"Printed {format_day(printed_on)}.",
            subtitle,
        ),
    ]
    return titled_with_number(left, opening.number, style=_style)


def _restoration_cell(opening: OpeningRow, protection: PermitProtection) -> tuple[str, str, str]:
    """The restoration date the band shows: a winter patch's July 1, else the 60 days."""
    if opening.temporary_patch_on is not None:
        return (
            "COLD-MIX PATCH REPLACED BY",
            format_day(patch_replacement_due(opening.temporary_patch_on)),
            f"The following July 1 \u2014 {PAVEMENT_CITE}",
        )
    return (
        "PERMANENT PAVEMENT BY",
        format_day(protection.pavement_due) if protection.pavement_due else "\u2014",
        f"60 days from the permit date \u2014 {PAVEMENT_CITE}",
    )


def _validity_band(opening: OpeningRow, protection: PermitProtection) -> Flowable:
    """The three dates the crew and the inspector look for first, boxed side by side."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    assert opening.approved_on is not None and opening.valid_until is not None
    label = _style("band-label", st.label, fontSize=8, leading=10, alignment=TA_CENTER)
    value = _style(
        "band-value", st.body_bold, fontSize=12, leading=15, alignment=TA_CENTER, spaceAfter=0
    )
    note = _style("band-note", st.small, fontSize=7.5, leading=9, alignment=TA_CENTER)
    renewed = " (renewed)" if opening.renewals else ""
    cells = [
        ("APPROVED", format_day(opening.approved_on), "Date of this permit"),
        (
            "VALID THROUGH",
            format_day(opening.valid_until),
            f"Six months from approval{renewed} \u2014 {VALIDITY_CITE}",
        ),
        _restoration_cell(opening, protection),
    ]
    row = [[para(a, label), para(b, value), para(_cite(c), note)] for a, b, c in cells]
    third = frame_width() / 3
    table = Table([row], colWidths=[third] * 3, hAlign="LEFT")
    navy = lh.color(lh.NAVY_HEX)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 1.2, navy),
                ("LINEBEFORE", (1, 0), (-1, 0), 0.6, navy),
                ("BACKGROUND", (0, 0), (-1, -1), lh.color("#F5F7FA")),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _renewals(opening: OpeningRow) -> list[Flowable]:
    assert opening.approved_on is not None
    st = styles()
    first = valid_until(opening.approved_on)
    text = f"Six months from approval: through {format_day(first)}."
    if not opening.renewals:
        return []
    rows = [
        (
            format_day(r.requested_on),
            format_day(r.granted_on),
            r.granted_by,
            format_day(r.valid_until),
        )
        for r in opening.renewals
    ]
    return [
        *_heading("Renewals", RENEWAL_CITE),
        para(
            text + " Each renewal is thirty days, on the permittee's written request, at the "
            f"discretion of {APPROVERS}.",
            _style("renewal-text", st.small, spaceAfter=3),
        ),
        data_table(
            ["Requested", "Granted", "Granted by", "Valid through"],
            rows,
            col_widths=[1.35 * INCH, 1.35 * INCH, "*", 1.45 * INCH],
        ),
    ]


def _permittee(opening: OpeningRow) -> list[tuple[str, object]]:
    who = opening.applicant
    if opening.applicant_mailing_address:
        who += "\n" + opening.applicant_mailing_address
    pairs: list[tuple[str, object]] = [("Permittee", who)]
    if opening.public_utility:
        pairs.append(
            (
                "Public utility",
                f"Yes \u2014 bound by {SECTIONS}; no indemnity bond ({UTILITY_CITE})",
            )
        )
    contact = ", ".join(
        p for p in (opening.applicant_contact, opening.applicant_phone) if p.strip()
    )
    if contact:
        pairs.append(("Contact", contact))
    return pairs


def _work(opening: OpeningRow, protection: PermitProtection) -> list[tuple[str, object]]:
    pairs: list[tuple[str, object]] = [
        ("Nature of work", opening.nature_of_work or "Not given"),
        ("Method", opening.method or "Not given"),
        ("Planned work", _planned(opening)),
    ]
    if opening.emergency:
        assert opening.opened_on is not None  # the core requires the day of an emergency
        told = (
            f"City officials notified {_at(opening.city_notified_at)}"
            if opening.city_notified_at
            else "City officials' notification not recorded"
        )
        pairs.append(
            (
                "Emergency",
                f"Yes \u2014 emergency excavation made {format_day(opening.opened_on)}; {told}; "
                f"applied for {format_day(opening.applied_on)} ({EMERGENCY_CITE})",
            )
        )
    else:
        pairs.append(("Emergency", "No"))
        if opening.opened_on is not None:
            early = (
                f", before the permit was approved: the application and review fee is doubled "
                f"({FEE_CITE})"
                if protection.fee_doubled
                else ""
            )
            pairs.append(("Opening made", f"{format_day(opening.opened_on)}{early}"))
    if opening.frozen_emergency_by:
        on = f" on {format_day(opening.frozen_emergency_on)}" if opening.frozen_emergency_on else ""
        pairs.append(
            (
                "Frozen ground",
                f"Determined an emergency excavation by {opening.frozen_emergency_by}{on} "
                f"({FROZEN_CITE})",
            )
        )
    if opening.council_essential_on is not None:
        note = f": {opening.council_essential_note}" if opening.council_essential_note else ""
        pairs.append(
            (
                "Improved street",
                f"The Common Council found the opening absolutely essential on "
                f"{format_day(opening.council_essential_on)}{note} ({NEW_STREETS_CITE})",
            )
        )
    pairs.append(
        (
            "Application",
            f"Received {format_day(opening.applied_on)} by {opening.received_by} "
            f"({APPLICATION_CITE})",
        )
    )
    return pairs


def _openings_table(opening: OpeningRow) -> Flowable:
    rows = [
        (
            str(position),
            site.location,
            site.street,
            site.surface.capitalize(),
            _size(site),
        )
        for position, site in enumerate(opening.sites, start=1)
    ]
    return data_table(
        ["No.", "Location", "Street", "Surface", "Size"],
        rows,
        col_widths=[0.45 * INCH, "*", 1.5 * INCH, 1.05 * INCH, 0.95 * INCH],
        align=["right", "left", "left", "left", "left"],
    )


def _lines_table(lines: Sequence[Line]) -> Flowable:
    """The permit's terms, ruled lightly: the title with its cite under it, then the words."""
    from reportlab.platypus import Paragraph

    st = styles()
    title = _style(
        "line-title", st.cell, fontName=FONT_BOLD, textColor=lh.color(lh.NAVY_HEX), spaceAfter=1
    )
    text = _style("line-text", st.cell, fontSize=8.8, leading=11.2)
    cite = _style("line-cite", st.small, fontSize=7.3, leading=8.8)
    data = [
        [[para(line.title, title), para(_cite(line.cite), cite)], Paragraph(line.text, text)]
        for line in lines
    ]
    return ruled_terms(data, 1.55 * INCH)


def _signature_block(opening: OpeningRow) -> Flowable:
    """The approving official signs over their printed name and title; the date beside it."""
    from reportlab.platypus import KeepTogether

    st = styles()
    assert opening.approved_on is not None
    name = _style("sig-name", st.body_bold, fontSize=10, leading=12.5, spaceAfter=0)
    caption = _style("sig-caption", st.small, spaceAfter=0)
    who = ", ".join(p for p in (opening.approved_by, opening.approved_by_title) if p)
    # The official signs above the rule over their printed name; the date of approval is
    # printed on its own rule beside it.
    table = signed_and_dated(
        para(format_day(opening.approved_on), name),
        para(who or "Approving official", name),
        para("Date approved", caption),
        para(f"Approving official \u2014 {_cite(PERMIT_CITE)}", caption),
    )
    intro = para(
        f"Approved under {SECTIONS}. The permittee and those working under this permit are "
        "bound by the conditions above and by every standard of those sections.",
        _style("sig-intro", st.body, fontSize=9, leading=12, spaceAfter=0),
    )
    return KeepTogether([_heading_line("Approval"), intro, table])


# ---- the permit ------------------------------------------------------------------------------


def permit_pdf(
    opening: OpeningRow,
    *,
    profile: CityProfile,
    printed_on: dt.date,
    protection: PermitProtection,
) -> bytes:
    """The street opening permit of ``opening``: one or two letter pages.

    Raises :class:`~clerk_desk.errors.Conflict` for an application not approved (applied or
    refused) and for City work, which has no permit. A permit past its last day and unused
    prints marked EXPIRED.
    """
    from reportlab.platypus import Spacer

    _refuse_unapproved(opening)
    st = styles()
    count = len(opening.sites)
    story: list[Flowable] = [
        _title_block(opening, printed_on),
        Spacer(1, 8),
        _validity_band(opening, protection),
        *_renewals(opening),
        *_heading("Permittee and work"),
        key_value_block(_permittee(opening) + _work(opening, protection), label_width=1.3 * INCH),
        *_heading(f"Openings permitted ({count})", FEE_CITE),
        _openings_table(opening),
        para(
            "Only the openings listed here are permitted; each must be listed on the application.",
            _style("openings-note", st.small, spaceBefore=2),
        ),
        *_heading("Conditions at the site", SECTIONS),
        _lines_table(conditions(opening, protection)),
        *_heading("Bond, insurance and fee on file"),
        _lines_table(protection_lines(opening, protection)),
        _signature_block(opening),
    ]
    expired = opening.expired_on(printed_on)
    return build_pdf(
        story,
        profile=profile,
        title=f"Street opening permit {opening.number}",
        subject=f"Street opening permit, {SECTIONS}",
        watermark="EXPIRED" if expired else None,
    )


# ---- Excel -----------------------------------------------------------------------------------

REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Permit", width=13),
    Column("Applicant", width=28),
    Column("Utility", width=8),
    Column("Openings", "int", width=9),
    Column("Locations", width=44),
    Column("Emergency", width=10),
    Column("Opened on", "date"),
    Column("Applied", "date"),
    Column("Approved", "date"),
    Column("Valid through", "date"),
    Column("Status", width=16),
    Column("Restoration due", "date"),
    Column("Completed", "date"),
    Column("Guarantee ends", "date"),
)


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


def register_row(opening: OpeningRow) -> tuple[object, ...]:
    return (
        opening.number,
        opening.applicant,
        _yes_no(opening.public_utility),
        len(opening.sites),
        "; ".join(site.location for site in opening.sites),
        _yes_no(opening.emergency),
        opening.opened_on,
        opening.applied_on,
        opening.approved_on,
        opening.valid_until,
        opening.status_text,
        opening.pavement_due,
        opening.completed_on,
        opening.guarantee_ends,
    )


def openings_excel(
    target: Target,
    openings: Iterable[OpeningRow],
    *,
    today: dt.date,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str,
) -> int:
    """The street opening register, one permit a row, with the status as of ``today``; returns
    the rows written (each read on ``today``, the 60 days to permanent pavement counted on the
    City's calendar)."""
    return write_register(
        target,
        title="Street openings",
        columns=REGISTER_COLUMNS,
        rows=(register_row(o) for o in openings),
        progress=progress,
        subtitle=f"{city} \u2014 street opening permits ({SECTIONS}), {format_day(today)}",
        author=author,
        city=city,
    )
