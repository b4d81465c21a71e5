"""The street privilege papers of § 506-9 (with § 506-8 (Exceptions)): the permit and the
register.

* :func:`permit_pdf` — the STREET PRIVILEGE PERMIT the Director of Public Works signs and the
  permittee keeps at the site: its number, the day it was issued and the day it ends by itself
  (three months from issuance, or the earlier day the Common Council set), the permittee, the
  place and purpose, the widths as measured, the five conditions of occupancy in the
  ordinance's words (numbered, each cited) and the officials' own conditions after them, the
  advice the Chief of Police and the Building Inspector gave, the bond, insurance, fee and City
  costs on file (the City's removal, charged to the abutting owner, printed apart with whom it
  is charged to), the warning that the permit may be revoked without notice, and a blank line
  for the signature of the Director of Public Works (§ 506-9 names no designee), with the
  operator who recorded the issuance named under it (the operator is not presumed to hold the
  title).
* :func:`register_xlsx` — the register of permits, one a row.

Both print plain data gathered by ``clerk_desk.street_privileges.views`` (:class:`PermitView`,
:class:`RegisterRow`) and never query. ReportLab and openpyxl are imported only when a paper is
made.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.clock import city_zone
from clerk_desk.errors import Conflict
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.street_privileges.rules import (
    BOND_CITE,
    BOND_LIMIT,
    CONDITIONS_CITE,
    FEE_CITE,
    MATERIALS_CITE,
    REMOVAL_CITE,
    REVOCATION_WARNING,
    TERMINATION_CITE,
    WHEN_REQUIRED_CITE,
)
from clerk_desk.street_privileges.views import ChargeLine, PermitView, RegisterRow
from clerk_desk.words import clock_time, format_day, long_day

from . import letterhead as lh
from .document import INCH, build_pdf, key_value_block, para, styles
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

SECTION = "§ 506-9"
TITLE = "Street Privilege Permit"
DIRECTOR = "Director of Public Works"
DEFAULT_CITY = CityProfile().city_name
NBSP = "\u00a0"
_PALE_HEX = "#F5F7FA"


# ---- wording ---------------------------------------------------------------------------------


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _cite(cite: str) -> str:
    """A cite whose "§" stays with its number when it wraps."""
    return cite.replace("§§ ", "§§\u00a0").replace("§ ", "§\u00a0")


def _day(day: dt.date) -> str:
    """A day set in bold that never breaks across two lines."""
    return format_day(day).replace(" ", "\u00a0")


def _at(moment: dt.datetime) -> str:
    """ "Mon Nov 30, 2026, 2:15 p.m." on City Hall's clock."""
    local = moment.astimezone(city_zone()) if moment.tzinfo else moment
    return f"{format_day(local.date())}, {clock_time(local, dotted=True)}"


def end_sentence(view: PermitView, *, keep_cite_whole: bool = False) -> str:
    """ "This permit ends automatically at the end of Sunday, February 28, 2027
    (§ 506-9 (Termination))." — with the Council's earlier day when one was set.
    ``keep_cite_whole`` joins the cite with no-break spaces (for a line that wraps)."""
    assert view.ends_on is not None
    cite = TERMINATION_CITE.replace(" ", "\u00a0") if keep_cite_whole else TERMINATION_CITE
    sentence = f"This permit ends automatically at the end of {long_day(view.ends_on)}"
    if view.earlier_end:
        note = view.earlier_end_note.strip()
        sentence += ", an earlier termination date set at the discretion of the Common Council"
        if note:
            sentence += f" ({note})"
    return f"{sentence} ({cite})."


def _planned(view: PermitView) -> str:
    start, end = view.planned_start, view.planned_end
    if start and end and end != start:
        return f"{format_day(start)} to {format_day(end)}"
    if start or end:
        return format_day(start or end)  # type: ignore[arg-type]
    return "Not given"


def _refuse_unissued(view: PermitView) -> None:
    """A permit is printed only once the Director of Public Works has issued it."""
    if view.issued_on is not None and view.ends_on is not None:
        return
    status = view.status.strip().lower() or "not issued"
    if status in ("refused", "withdrawn"):
        raise Conflict(
            f"Street privilege {view.number} was {status}: there is no permit to print.",
            cite=WHEN_REQUIRED_CITE,
        )
    raise Conflict(
        f"Street privilege {view.number} is not issued ({status}): a permit is printed only "
        f"after the {DIRECTOR} issues it.",
        cite=WHEN_REQUIRED_CITE,
    )


def _watermark(view: PermitView, printed_on: dt.date | None) -> str | None:
    """REVOKED, CLOSED, or ENDED (the three months, or the earlier day, have run)."""
    if view.revoked_on is not None:
        return "REVOKED"
    if view.closed_on is not None:
        return "CLOSED"
    ended = view.status.startswith("Ended")
    if printed_on is not None and view.ends_on is not None and printed_on > view.ends_on:
        ended = True
    return "ENDED" if ended else None


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the permit's protection: what, the words (markup, user text escaped), cite."""

    title: str
    text: str
    cite: str


def _bond_lines(view: PermitView) -> list[Line]:
    if view.bond_amount is None:
        set_text = (
            f"<b>No bond amount is set.</b> The {DIRECTOR} sets it, not exceeding "
            f"{BOND_LIMIT}, before the permit issues."
        )
    else:
        set_text = (
            f"Amount set by the {DIRECTOR}: <b>{view.bond_amount}</b> (not exceeding "
            f"{BOND_LIMIT}), filed with the City Treasurer."
        )
    held = []
    for bond in view.bonds:
        text = (
            f"Street privilege bond No. <b>{escape(bond.bond_number)}</b>, "
            f"{escape(bond.surety)}, {bond.amount}"
        )
        if bond.expires_on is not None:
            text += f", in force {format_day(bond.effective_on)} to {format_day(bond.expires_on)}"
        else:
            text += f", in force from {format_day(bond.effective_on)}"
        text += (
            " (filed for this permit)."
            if bond.for_this_permit
            else " (a standing bond of the permittee that covers this permit)."
        )
        if bond.also_backs:
            text += (
                f" <b>It also stands behind {escape(_and(bond.also_backs))}</b>, each counting "
                "it at its full amount."
            )
        if bond.claim_made:
            text += " <b>A claim has been made on it.</b>"
        held.append(text)
    if not held:
        held.append("<b>No street privilege bond is on file.</b>")
    words = (
        "Conditioned to indemnify and save harmless the City, to remove the encumbrance when "
        "the operations end, to leave the premises clean and sanitary, and to repair any "
        "damage to the streets, alleys, sidewalks or public property."
    )
    return [Line("Bond", "<br/>".join([set_text, *held, words]), BOND_CITE)]


def _insurance_lines(view: PermitView) -> list[Line]:
    if not view.insurance_required:
        return [
            Line(
                "Insurance",
                "Proof of liability insurance is not a condition of this permit.",
                WHEN_REQUIRED_CITE,
            )
        ]
    minimums = "; ".join(f"{escape(label)} {amount}" for label, amount in view.insurance_minimums)
    required = "Proof of liability insurance is a condition of this permit" + (
        f": {minimums}." if minimums else "."
    )
    insurance = view.insurance
    if insurance is None:
        held = "<b>No certificate of insurance is on file.</b>"
    else:
        policy = f", policy {escape(insurance.policy_numbers)}" if insurance.policy_numbers else ""
        limits = "; ".join(f"{escape(label)} {amount}" for label, amount in insurance.limits)
        held = (
            f"Certificate of insurance from <b>{escape(insurance.insurer)}</b>{policy}: "
            f"{limits or 'no limits entered'}. In force {format_day(insurance.effective_on)} "
            f"to <b>{_day(insurance.expires_on)}</b>."
        )
        for shortfall in insurance.shortfalls:
            held += f" <b>Short: {escape(shortfall)}</b>"
    return [Line("Insurance", f"{required}<br/>{held}", WHEN_REQUIRED_CITE)]


def _fee_lines(view: PermitView) -> list[Line]:
    paid = [
        f"{r.amount} paid on receipt <b>{escape(r.receipt_number)}</b>, "
        f"{format_day(r.paid_on)} ({escape(r.description)})."
        for r in view.receipts
    ]
    if view.fee_owed > Money.zero():
        paid.append(f"<b>{view.fee_owed} of the fee is still owed.</b>")
    if not paid:
        if view.fee_billed == Money.zero():
            text = "<b>No fee is recorded for this permit.</b>"
        elif view.fee_owed == Money.zero():
            text = f"Fee of {view.fee_billed} paid."
        else:
            text = f"Fee billed {view.fee_billed}."
        paid.append(text)
    lines = [Line("Fee", "<br/>".join(paid), FEE_CITE)]
    if view.city_costs:
        costs = [
            f"{escape(c.description)} \u2014 <b>{c.amount}</b> ({_charge_state(c)})"
            + (f", billed to {escape(c.party)}" if c.party else "")
            + (
                f" <font size='7.3' color='{lh.GREY_HEX}'>{_cite(escape(c.cite))}</font>"
                if c.cite and c.cite != FEE_CITE
                else ""
            )
            for c in view.city_costs
        ]
        lines.append(Line("City costs", "<br/>".join(costs), FEE_CITE))
    return lines


def _charge_state(charge: ChargeLine) -> str:
    """ "open", "paid", "open, $100.00 paid"."""
    state = escape(charge.status.lower())
    if charge.paid > Money.zero() and charge.paid < charge.amount:
        state += f", {charge.paid} paid"
    return state


def _removal_charges(view: PermitView) -> str:
    """The City's removal charged against the abutting property: the amount, to whom, and that
    it goes on the tax roll — not the permittee's City costs."""
    return "<br/>".join(
        f"<b>{c.amount}</b> charged to <b>{escape(c.party or 'the owner')}</b>, owner of the "
        f"abutting property, as a special charge for the next annual tax roll "
        f"({_charge_state(c)})."
        for c in view.removal_charges
    )


def _record_lines(view: PermitView) -> list[Line]:
    """What happened to the permit after issuance: revocation, closing, removal by the City."""
    lines: list[Line] = []
    if view.revoked_on is not None:
        by = f" by {escape(view.revoked_by)}" if view.revoked_by else ""
        reason = f": {escape(view.revoke_reason)}" if view.revoke_reason.strip() else ""
        lines.append(
            Line(
                "Revoked",
                f"<b>Revoked without notice on {_day(view.revoked_on)}</b>{by}{reason}.",
                CONDITIONS_CITE,
            )
        )
    if view.closed_on is not None:
        lines.append(
            Line(
                "Closed",
                f"Vacated, cleaned and placed in a safe condition for public travel: "
                f"<b>{_day(view.closed_on)}</b>.",
                CONDITIONS_CITE,
            )
        )
    if view.removal_notice_at is not None:
        to = f" to {escape(view.removal_notice_to)}" if view.removal_notice_to else ""
        given = _at(view.removal_notice_at)
        text = (
            "The Common Council's notice to remove the obstruction within 24 hours given "
            f"{given}{to}."
        )
        if view.removed_by_city_on is not None:
            text += f" <b>Removed by the City {_day(view.removed_by_city_on)}</b>."
            if view.removal_charges:
                text += "<br/>" + _removal_charges(view)
            else:
                text += (
                    " The cost is a special charge against the abutting property on the next "
                    "annual tax roll."
                )
        lines.append(Line("Removal by City", text, REMOVAL_CITE))
    return lines


# ---- flowables -------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-street-privileges-{name}", parent=parent, **kw)


def _markup(text: str, style: Any) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style)


def _heading(text: str, cite: str = "") -> list[Flowable]:
    """A section heading (its cite in grey after it), never alone at the foot of a page."""
    from reportlab.platypus import CondPageBreak, Paragraph

    style = _style(
        "heading", styles().heading, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3
    )
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>\u2014 "
        f"{_cite(escape(cite))}</font>"
        if cite
        else ""
    )
    return [CondPageBreak(1.0 * INCH), Paragraph(escape(text) + tail, style)]


def _title_block(view: PermitView, printed_on: dt.date | None) -> Flowable:
    """ "STREET PRIVILEGE PERMIT" on the left, the permit number boxed on the right."""
    title, subtitle = title_styles(_style)
    printed = f" Printed {format_day(printed_on)}." if printed_on else ""
    left = [
        para(TITLE.upper(), title),
        _markup(
            "Use of the streets, alleys, sidewalks or other public ways for moving a building "
            "or structure, or for materials in its construction or demolition \u2014 "
            f"{_cite(SECTION)} and {_cite(MATERIALS_CITE)}, Chapter 506 (Streets and "
            f"Sidewalks).{printed}",
            subtitle,
        ),
    ]
    return titled_with_number(left, view.number, style=_style, gap=8)


def _term_band(view: PermitView) -> Flowable:
    """The dates and the bond an officer at the site looks for first, and the sentence that
    the permit ends by itself, boxed."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Table, TableStyle

    st = styles()
    assert view.issued_on is not None and view.ends_on is not None
    label = _style("band-label", st.label, fontSize=8, leading=10, alignment=TA_CENTER)
    value = _style(
        "band-value", st.body_bold, fontSize=12, leading=15, alignment=TA_CENTER, spaceAfter=0
    )
    note = _style("band-note", st.small, fontSize=7.5, leading=9, alignment=TA_CENTER)
    sentence = _style(
        "band-sentence", st.body_bold, fontSize=10, leading=13, alignment=TA_CENTER, spaceAfter=0
    )
    ends_note = (
        "Earlier day set by the Common Council"
        if view.earlier_end
        else "Three months from issuance"
    )
    bond = str(view.bond_amount) if view.bond_amount is not None else "Not set"
    cells = [
        ("ISSUED", format_day(view.issued_on), "Date of issuance"),
        ("ENDS AUTOMATICALLY", format_day(view.ends_on), f"{ends_note} \u2014 {TERMINATION_CITE}"),
        ("BOND", bond, f"Not exceeding {BOND_LIMIT} \u2014 {BOND_CITE}"),
    ]
    row = [[para(a, label), para(b, value), _markup(_cite(escape(c)), note)] for a, b, c in cells]
    third = frame_width() / 3
    table = Table(
        [row, [_markup(escape(end_sentence(view, keep_cite_whole=True)), sentence), "", ""]],
        colWidths=[third] * 3,
        hAlign="LEFT",
    )
    navy = lh.color(lh.NAVY_HEX)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 1.4, navy),
                ("LINEBEFORE", (1, 0), (-1, 0), 0.6, navy),
                ("LINEABOVE", (0, 1), (-1, 1), 0.6, navy),
                ("SPAN", (0, 1), (-1, 1)),
                ("BACKGROUND", (0, 0), (-1, 0), lh.color(_PALE_HEX)),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _facts(view: PermitView) -> list[tuple[str, object]]:
    who = view.applicant_name
    if view.applicant_address.strip():
        who += "\n" + view.applicant_address.strip()
    pairs: list[tuple[str, object]] = [("Permittee", who)]
    if view.applicant_phone.strip():
        pairs.append(("Phone", view.applicant_phone.strip()))
    place = view.location
    if view.street and view.street not in place:
        place += f" ({view.street})"
    pairs.append(("Location", place))
    if view.parcel:
        owner = f" \u2014 owner {view.parcel_owner}" if view.parcel_owner else ""
        pairs.append(("Abutting property", f"{view.parcel}{owner}"))
    pairs.append(("Purpose", view.purpose))
    if view.description.strip():
        pairs.append(("Description", view.description.strip()))
    if view.route.strip():
        pairs.append(("Route", view.route.strip()))
    pairs.append(("Building permit", view.building_permit))
    pairs.append(("Planned work", _planned(view)))
    if view.widths:
        pairs.append(("Widths", "\n".join(f"{label}: {text}" for label, text in view.widths)))
    if view.materials:
        pairs.append(
            (
                "Gutters",
                "To be kept clear: materials may not interfere with the flow in the gutters "
                f"({_cite(MATERIALS_CITE)})"
                if view.gutter_clear
                else "NOT CLEAR as applied: materials may not interfere with the flow in the "
                f"gutters ({_cite(MATERIALS_CITE)})",
            )
        )
    elif not view.gutter_clear:
        pairs.append(("Gutters", "Blocked as applied: keep the flow in the gutters open"))
    pairs.append(
        (
            "Application",
            f"Received {format_day(view.applied_on)}"
            + (f" by {view.received_by}" if view.received_by else ""),
        )
    )
    return pairs


def _conditions(view: PermitView) -> list[Flowable]:
    """The five conditions of occupancy in the ordinance's words, numbered, then the officials'
    own conditions numbered on."""
    from reportlab.platypus import Paragraph

    st = styles()
    item = _style(
        "condition", st.body, fontSize=9.2, leading=12.2, leftIndent=18, bulletIndent=2,
        spaceAfter=3, bulletFontSize=9.2,
    )  # fmt: skip
    grey = f"<font size='7.5' color='{lh.GREY_HEX}'>"
    flow: list[Flowable] = [
        *_heading("Conditions of occupancy", CONDITIONS_CITE),
        _markup(
            "The permission to occupy or obstruct the streets, alleys, sidewalks or public "
            "grounds is intended only for use in connection with the actual erection, "
            "alteration, repair, removal or moving of buildings or structures, and is given on "
            "these terms and conditions:",
            _style("conditions-intro", st.body, fontSize=9.2, leading=12.2, spaceAfter=4),
        ),
    ]
    n = 0
    for n, condition in enumerate(view.conditions, start=1):
        # the heading cites the paragraph; a condition set by another paragraph says which
        own = (
            f" {grey}{_cite(escape(condition.cite))}</font>"
            if condition.cite != CONDITIONS_CITE
            else ""
        )
        flow.append(Paragraph(f"{escape(condition.text)}{own}", item, bulletText=f"{n}."))
    if view.extra_conditions:
        flow += _heading("Conditions attached by City officials", WHEN_REQUIRED_CITE)
        for m, text in enumerate(view.extra_conditions, start=n + 1):
            flow.append(Paragraph(escape(text), item, bulletText=f"{m}."))
    return flow


def _advice(view: PermitView) -> list[Flowable]:
    if not view.advice:
        return []
    pairs: list[tuple[str, object]] = [
        (a.official + (f"\n{format_day(a.on)}" if a.on else ""), a.text) for a in view.advice
    ]
    return [
        *_heading("Advisory recommendations", WHEN_REQUIRED_CITE),
        key_value_block(pairs, label_width=1.45 * INCH),
    ]


def _lines_table(lines: Sequence[Line]) -> Flowable:
    """Ruled lightly: the title with its cite under it, then the words."""
    from reportlab.platypus import Paragraph

    st = styles()
    title = _style(
        "line-title", st.cell, fontName=FONT_BOLD, textColor=lh.color(lh.NAVY_HEX), spaceAfter=1
    )
    text = _style("line-text", st.cell, fontSize=8.8, leading=11.2)
    cite = _style("line-cite", st.small, fontSize=7.3, leading=8.8)
    data = [
        [
            [para(line.title, title), _markup(_cite(escape(line.cite)), cite)],
            Paragraph(line.text, text),
        ]
        for line in lines
    ]
    return ruled_terms(data, 1.45 * INCH)


def _since_issuance(view: PermitView) -> list[Flowable]:
    """Revocation, closing and removal by the City, on page 1 under the term: a permit that no
    longer stands must say so where an officer at the site looks first."""
    lines = _record_lines(view)
    if not lines:
        return []
    return [*_heading("Since issuance"), _lines_table(lines)]


def _warning() -> Flowable:
    """The revocation-without-notice warning, boxed so it is not missed."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    style = _style("warning", st.body, fontSize=9.5, leading=12.8, spaceAfter=0)
    text = (
        f"<b>{escape(REVOCATION_WARNING)}</b> "
        f"<font size='8' color='{lh.GREY_HEX}'>{_cite(CONDITIONS_CITE)}</font>"
    )
    table = Table([[_markup(text, style)]], colWidths=["100%"], hAlign="LEFT", spaceBefore=8)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.4, lh.color(lh.NAVY_HEX)),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
            ]
        )
    )
    return table


def _signature_block(view: PermitView) -> Flowable:
    """A blank line for the signature of the Director of Public Works, who grants the permit
    (§ 506-9 names no designee, as the sidewalk article does), the date of issuance beside it,
    and under it the operator who recorded the issuance — named as such, not given a title they
    may not hold."""
    from reportlab.platypus import KeepTogether

    st = styles()
    assert view.issued_on is not None
    name = _style("sig-name", st.body_bold, fontSize=10, leading=12.5, spaceAfter=0)
    caption = _style("sig-caption", st.small, spaceAfter=0)
    who = view.issued_by.strip()
    recorded = f"Recorded by {escape(who)}" if who else ""
    table = signed_and_dated(
        para(format_day(view.issued_on), name),
        _markup(f"{DIRECTOR} \u2014 {WHEN_REQUIRED_CITE.replace(' ', NBSP)}", caption),
        para("Date issued", caption),
        _markup(recorded, caption),
    )
    intro = _markup(
        f"Issued by the {DIRECTOR} under {_cite(SECTION)}. The permittee and everyone working "
        "under this permit are bound by the conditions above.",
        _style("sig-intro", st.body, fontSize=9, leading=12, spaceAfter=0),
    )
    from reportlab.platypus import Paragraph

    heading = Paragraph(
        "Issuance",
        _style("sig-heading", st.heading, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3),
    )
    return KeepTogether([heading, intro, table])


# ---- the permit ------------------------------------------------------------------------------


def permit_pdf(
    view: PermitView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The street privilege permit of ``view``: one or two letter pages.

    Raises :class:`~clerk_desk.errors.Conflict` when no permit was issued (an application
    waiting, refused or withdrawn). A revoked permit prints marked REVOKED, a closed one CLOSED,
    and one past its last day (as of ``printed_on``, or as ``view.status`` says) ENDED.
    """
    from reportlab.platypus import Spacer

    _refuse_unissued(view)
    story: list[Flowable] = [
        _title_block(view, printed_on),
        Spacer(1, 8),
        _term_band(view),
        *_since_issuance(view),
        *_heading("Permittee and occupancy"),
        key_value_block(_facts(view), label_width=1.45 * INCH),
        *_conditions(view),
        *_advice(view),
        *_heading("Bond, insurance and fee on file"),
        _lines_table([*_bond_lines(view), *_insurance_lines(view), *_fee_lines(view)]),
        _warning(),
        _signature_block(view),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"{TITLE} {view.number}",
        subject=f"{TITLE}, {SECTION}",
        watermark=_watermark(view, printed_on),
    )


# ---- Excel -----------------------------------------------------------------------------------

REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Permit", width=13),
    Column("Applied", "date"),
    Column("Applicant", width=28),
    Column("Location", width=34),
    Column("Street", width=18),
    Column("Purpose", width=26),
    Column("Status", width=18),
    Column("Issued", "date"),
    Column("Issued by", width=20),
    Column("Ends", "date"),
    Column("Earlier end", width=11),
    Column("Bond set", "money"),
    Column("Bond on file", width=36),
    Column("Insurance required", width=11),
    Column("Fee", "money"),
    Column("Fee paid", "money"),
    Column("City costs", "money"),
    Column("Removal by City", "money"),
    Column("Removal charged to", width=26),
    Column("Closed", "date"),
    Column("Revoked", "date"),
    Column("Revoked by", width=26),
    Column("Revocation reason", width=36),
)


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


def register_row(row: RegisterRow) -> tuple[object, ...]:
    """One register line, in :data:`REGISTER_COLUMNS` order."""
    return (
        row.number,
        row.applied_on,
        row.applicant,
        row.location,
        row.street,
        row.purpose,
        row.status,
        row.issued_on,
        row.issued_by,
        row.ends_on,
        _yes_no(row.earlier_end),
        row.bond_amount,
        row.bond_on_file,
        _yes_no(row.insurance_required),
        row.fee,
        row.fee_paid,
        row.city_costs,
        row.removal_charge,
        row.removal_charged_to,
        row.closed_on,
        row.revoked_on,
        row.revoked_by,
        row.revoke_reason,
    )


def register_xlsx(
    rows: Iterable[RegisterRow],
    path: Target,
    *,
    city: str = DEFAULT_CITY,
    printed_on: dt.date | None = None,
    progress: ProgressCallback | None = None,
    author: str | None = None,
) -> int:
    """The register of street privilege permits, one a row; returns the rows written."""
    when = f", {format_day(printed_on)}" if printed_on else ""
    return write_register(
        path,
        title="Street privileges",
        columns=REGISTER_COLUMNS,
        rows=(register_row(r) for r in rows),
        progress=progress,
        subtitle=f"{city} \u2014 street privilege permits ({SECTION}){when}",
        author=author,
        city=city,
    )
