"""Special charges papers (issue 10): the bill, the reminder, the tax roll run, the register.

* :func:`bill_pdf` — the bill on the letterhead for work the City did in someone's place: to
  the billed party at their mailing address (and, when the parcel's owner is someone else, an
  "Owner's copy" to the owner, whose parcel an unpaid balance is entered against); the parcel
  and site; what the City did and when;
  the cost lines, the 20% administration share of a deficiency repair (§ 506-6), the total,
  what has been paid and the balance; the last day to pay written out with the section's clock
  and cite, and, where the section says so, that an unpaid balance is entered on the tax roll
  as a special tax against the parcel, and from which day; how to pay; a stub to return with
  the payment.
* :func:`reminder_pdf` — the same facts as a reminder: what remains unpaid, the day it was due,
  the tax-roll consequence and its day (with the owner's copy, as the bill).
* :func:`run_pdf` — a "certify to tax roll" run: one row per parcel and charge, totals by
  section and the grand total, the number of parcels and charges, and the City Treasurer's
  certification. A draft prints DRAFT across every page, a preview PREVIEW; a parcel with no
  owner on file says so.
* :func:`run_xlsx` — the run as the county's tax-roll clerk reads it: one row per parcel and
  charge (nothing else on that sheet), and a "Summary" sheet with the totals.
* :func:`register_xlsx` — the register of charges, one a row.

Every paper prints the plain views of :mod:`clerk_desk.special_charges.views` (and the clock
table of :mod:`clerk_desk.special_charges.service`); nothing here queries. ReportLab and openpyxl
are imported only when a paper is made.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.kinds import ChargeKind, RunStatus
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges.service import (
    OWNER_NOT_ON_FILE,
    ChargeClock,
    PayFrom,
    RollFrom,
    Standing,
    clock_for,
)
from clerk_desk.special_charges.views import ChargeView, RunEntry, RunView
from clerk_desk.words import capitalized, clock_time, format_day, long_day, plural

from . import letterhead as lh
from .document import (
    GRID_HEX,
    INCH,
    LETTER,
    LETTER_LANDSCAPE,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from .excel import (
    DATE_FORMAT,
    DATETIME_FORMAT,
    INT_FORMAT,
    MONEY_FORMAT,
    Column,
    ProgressCallback,
    sheet_title,
    write_register,
)
from .fonts import FONT_BOLD, FONT_REGULAR
from .palette import PANEL_HEX

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]

TREASURER = "City Treasurer"
ADMINISTRATION_CITE = "§ 506-6"

RUN_COLUMNS: tuple[str, ...] = (
    "Parcel number",
    "Owner",
    "Owner address",
    "Site address",
    "Description",
    "Section",
    "Amount",
)
"""The tax roll sheet's columns, in the county's order."""

_RUN_WIDTHS = (18.0, 30.0, 38.0, 28.0, 60.0, 40.0, 14.0)

_BECOMES: dict[ChargeKind, str] = {
    ChargeKind.OPENING_REPAIR: (
        "becomes a lien against the premises and is collected as a special tax against"
    ),
    ChargeKind.PRIVILEGE_REMOVAL: (
        "is entered on the next annual tax roll as a special charge against"
    ),
}
"""How a section words what happens to an unpaid charge, where it differs from the usual
"entered on the tax roll as a special tax against" the parcel."""
_BECOMES_USUAL = "is entered on the tax roll as a special tax against"


# ---- words -----------------------------------------------------------------------------------


def _cite(text: str) -> str:
    """A citation that never breaks between "§" and its number."""
    return text.replace("§§ ", "§§\u00a0").replace("§ ", "§\u00a0")


def _day(day: dt.date) -> str:
    """A day written out ("Thursday, October 15, 2026"), kept on one line."""
    return long_day(day).replace(" ", "\u00a0")


def _b(text: str) -> str:
    return f"<b>{escape(text)}</b>"


def _address_lines(text: str) -> list[str]:
    """A mailing address line by line, without the dangling comma a town without a state
    leaves ("Prescott,")."""
    return [line.strip().strip(",").strip() for line in text.splitlines() if line.strip(" ,")]


def _one_line(text: str) -> str:
    return ", ".join(_address_lines(text))


def _parcel_words(view: ChargeView) -> str:
    """ "parcel <b>281-00412-0000</b> (412 Orange St N)" (markup)."""
    words = f"parcel {_b(view.parcel_number)}"
    if view.site_address.strip():
        words += f" ({escape(view.site_address.strip())})"
    return words


def _questions(profile: CityProfile) -> str:
    how = []
    if profile.phone.strip():
        how.append(f"call the {TREASURER} at {profile.phone.strip()}")
    if profile.email.strip():
        how.append(f"write to {profile.email.strip()}")
    if not how:
        return f"Questions? Please ask the {TREASURER} at {profile.office.strip()}."
    return f"Questions? Please {' or '.join(how)}."


def _clock_sentence(view: ChargeView, clock: ChargeClock) -> str:
    """The section's clock in words with its cite, as the bill prints it.

    The view's sentence is the screen's; for a section with no tax-roll clause (a deficiency
    repair, § 506-6) a bill says when to pay and stops there.
    """
    if clock.roll_from is RollFrom.NEVER:
        return f"{view.cite}: {clock.pay_words()}."
    return view.clock


def _counted_from(view: ChargeView, clock: ChargeClock) -> str:
    """What the last day to pay was counted from (plain text)."""
    if clock.pay_from is PayFrom.NOTICE:
        assert view.received_on is not None
        return (
            "counted from actual notice of the charge to the applicant and the owner of the "
            f"premises, the later of which was received on {long_day(view.received_on)}"
        )
    if clock.pay_from is PayFrom.RECEIPT:
        if view.received_on is not None:
            return f"counted from your receipt of the bill on {long_day(view.received_on)}"
        return (
            "counted from the date of the bill, as no later receipt of it is on record "
            f"({view.cite.split(' (')[0]} counts from its receipt)"
        )
    assert view.bill_on is not None
    return f"counted from the date of the bill, {long_day(view.bill_on)}"


def _roll_sentence(view: ChargeView, clock: ChargeClock, *, printed_on: dt.date) -> str:
    """What happens to an unpaid balance and from which day (markup); "" for a section with no
    tax-roll clause."""
    roll = view.tax_roll_on
    becomes = _BECOMES.get(view.kind, _BECOMES_USUAL)
    target = f"{becomes} {_parcel_words(view)}"
    if view.awaiting_notice:
        return (
            f"If any of it is still unpaid {clock.pay_days} days after that notice, the unpaid "
            f"balance {target}."
        )
    if not view.on_tax_roll or roll is None:
        return ""
    if clock.roll_from is RollFrom.AT_ONCE:
        return (
            f"Unless it is paid before the {TREASURER} next certifies the tax roll, the unpaid "
            f"balance {target}; it may be entered from <b>{_day(roll)}</b>."
        )
    if roll <= printed_on:
        return (
            f"Since <b>{_day(roll)}</b> the unpaid balance may be certified to the tax roll: "
            f"unless it is paid first, it {target} when the {TREASURER} next certifies the roll."
        )
    if clock.roll_from is RollFrom.AFTER_DUE:
        assert view.due_on is not None
        when = f"If any of it is still unpaid after {_day(view.due_on)}"
    else:
        when = (
            f"If any of it is still unpaid {clock.roll_days} days after the cost was incurred "
            f"on {_day(view.work_done_on)}"
        )
    return f"{when}, the unpaid balance {target} from <b>{_day(roll)}</b>."


def _how_to_pay(view: ChargeView, profile: CityProfile) -> str:
    """Where and how to pay, and whom to ask (markup)."""
    return (
        f"<b>How to pay:</b> at {escape(profile.office.strip())}, to the {TREASURER} (cash, "
        "check, money order or card), or by mail to the "
        f"{TREASURER} at the address above, with a check payable to the "
        f"{escape(profile.city_name)}. Please write charge number {_b(view.number)} on your "
        f"check. {escape(_questions(profile))}"
    )


def _status_text(status: RunStatus) -> str:
    return {
        RunStatus.DRAFT: "Draft \u2014 not certified",
        RunStatus.PREVIEW: "Preview \u2014 never certified",
        RunStatus.CERTIFIED: "Certified",
        RunStatus.DISCARDED: "Set aside \u2014 not certified",
    }[RunStatus(status)]


def _at(moment: dt.datetime) -> str:
    """ "Monday, November 30, 2026, at 10:00 a.m." (the views give City Hall's time)."""
    return f"{long_day(moment.date())}, at {clock_time(moment, dotted=True)}"


def _period(text: str) -> str:
    """A sentence's full stop, once: "… at 10:00 a.m." takes none more."""
    return text if text.endswith(".") else text + "."


# ---- flowables -------------------------------------------------------------------------------


def _style(name: str, parent: Any, **kw: Any) -> Any:
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(name=f"clerk-special-charges-{name}", parent=parent, **kw)


def _body() -> Any:
    return _style("body", styles().body, fontSize=10, leading=13.3, spaceAfter=5)


def _markup(text: str, style: Any | None = None) -> Flowable:
    from reportlab.platypus import Paragraph

    return Paragraph(text, style if style is not None else _body())


def _heading(text: str, note: str = "") -> Flowable:
    """A section heading with a grey note (its cite) after it."""
    from reportlab.platypus import Paragraph

    style = _style("heading", styles().heading, fontSize=11, leading=14, spaceBefore=8)
    tail = (
        f" <font name='{FONT_REGULAR}' size='8.5' color='{lh.GREY_HEX}'>"
        f"\u2014 {escape(_cite(note))}</font>"
        if note
        else ""
    )
    return Paragraph(escape(text) + tail, style)


def _plain_table(data: list[list[Any]], widths: Sequence[float | str], **kw: Any) -> Any:
    """An unruled table without padding, for laying things side by side."""
    from reportlab.platypus import Table, TableStyle

    table = Table(data, colWidths=list(widths), hAlign=kw.pop("h_align", "LEFT"))
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), kw.pop("valign", "TOP")),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _boxed(
    texts: Sequence[str], *, size: float = 10.5, width: float | str = "100%", fill: bool = True
) -> Flowable:
    """Paragraphs of markup in a ruled box: what the reader must not miss. ``fill=False`` on a
    page with a watermark, which a pale fill would hide."""
    from reportlab.platypus import Table, TableStyle

    style = _style(f"boxed-{size}", styles().body, fontSize=size, leading=size * 1.38, spaceAfter=3)
    table = Table([[[_markup(t, style) for t in texts]]], colWidths=[width], hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
        ("BOX", (0, 0), (-1, -1), 1.4, lh.color(lh.NAVY_HEX)),
        ("LEFTPADDING", (0, 0), (-1, -1), 10),
        ("RIGHTPADDING", (0, 0), (-1, -1), 10),
        ("TOPPADDING", (0, 0), (-1, -1), 7),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]
    if fill:
        commands.append(("BACKGROUND", (0, 0), (-1, -1), lh.color(PANEL_HEX)))
    table.setStyle(TableStyle(commands))
    return table


def _facts_box(pairs: Sequence[tuple[str, str]], *, width: float) -> Flowable:
    """The bill's reference box at the top right: date, charge number, parcel, amount, day."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = _style("facts-label", st.label, fontSize=8, leading=10.5)
    value = _style("facts-value", st.cell, fontName=FONT_BOLD, fontSize=9, leading=11)
    data = [[para(a, label), para(b, value)] for a, b in pairs]
    table = Table(data, colWidths=[0.95 * INCH, width - 0.95 * INCH], hAlign="RIGHT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 1.0, lh.color(lh.NAVY_HEX)),
                ("LINEBELOW", (0, 0), (-1, -2), 0.25, lh.color(GRID_HEX)),
                ("BACKGROUND", (0, 0), (0, -1), lh.color(PANEL_HEX)),
                ("TOPPADDING", (0, 0), (-1, -1), 2.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
                ("TOPPADDING", (0, 0), (0, -1), 3),
                ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return table


def _frame_width(pagesize: tuple[float, float] = LETTER) -> float:
    g = lh.GEOMETRY
    return pagesize[0] - g.left - g.right


def _letter_top(
    view: ChargeView, facts: Sequence[tuple[str, str]], *, to_owner: bool = False
) -> Flowable:
    """The billed party's (or, on the owner's copy, the owner's) name and mailing address at
    left (where a window envelope shows it), the reference box at right."""
    st = styles()
    if to_owner:
        lines = [view.owner_name, *_address_lines(view.owner_address)]
    else:
        lines = [view.billed_name, *_address_lines(view.billed_address)]
    to = para("\n".join(lines), _style("to", st.body, fontSize=10.5, leading=14, spaceAfter=0))
    box = 3.4 * INCH
    return _plain_table([[to, _facts_box(facts, width=box)]], ["*", box])


def _cost_table(view: ChargeView) -> Flowable:
    rows: list[tuple[object, ...]] = [
        (line.category.capitalize(), line.description, str(line.amount)) for line in view.lines
    ]
    if view.administration > Money.zero():
        rows.append(
            (
                "Administration",
                f"20% of the cost of the work, {view.cost} ({ADMINISTRATION_CITE})",
                str(view.administration),
            )
        )
    return data_table(
        ["Category", "Description", "Amount"],
        rows,
        col_widths=[1.2 * INCH, "*", 1.15 * INCH],
        align=["left", "left", "right"],
        total_row=["Total", "", str(view.total)],
    )


def _balance_table(view: ChargeView) -> Flowable:
    """Paid so far and the balance, right-aligned under the cost lines' total."""
    from reportlab.platypus import Table, TableStyle

    st = styles()
    label = _style("balance-label", st.cell_right)
    amount = _style("balance-amount", st.cell_right)
    strong = _style("balance-strong", st.amount_total, fontSize=10.5, leading=13)
    data = [
        [para("Paid so far", label), para(str(view.paid), amount)],
        [para("Balance due", strong), para(str(view.balance), strong)],
    ]
    table = Table(data, colWidths=[1.6 * INCH, 1.15 * INCH], hAlign="RIGHT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, lh.color(lh.NAVY_HEX)),
                ("LINEBELOW", (0, -1), (-1, -1), 1.6, lh.color(lh.NAVY_HEX)),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def _payments_text(view: ChargeView) -> Flowable | str:
    """The receipts that paid part of the charge, beside the balance (small print)."""
    if not view.payments:
        return ""
    st = styles()
    lines = [
        f"{p.amount} on receipt {p.receipt_number}, {format_day(p.paid_on)}" for p in view.payments
    ]
    label = "Payment received" if len(lines) == 1 else "Payments received"
    return para(
        f"{label}:\n" + "\n".join(lines), _style("payments", st.small, fontSize=8.5, leading=11)
    )


def _work_facts(view: ChargeView, *, to_owner: bool = False) -> list[tuple[str, object]]:
    """The work and its day, and the owner when someone else is billed (not on the owner's
    own copy)."""
    pairs: list[tuple[str, object]] = [("Work done", f"{long_day(view.work_done_on)}: {view.work}")]
    if view.owner_name and view.owner_name != view.billed_name and not to_owner:
        pairs.append(("Owner", view.owner_name))
    return pairs


def _stub(view: ChargeView, profile: CityProfile) -> Flowable:
    """The part to tear off and return with the payment."""
    from reportlab.platypus import HRFlowable, KeepTogether, Spacer

    st = styles()
    note = _style("stub-note", st.small, fontSize=7.5, leading=9, spaceAfter=2)
    if view.due_on is not None:
        due = format_day(view.due_on)
    elif view.awaiting_notice:
        due = f"{clock_for(view.kind).pay_days} days after notice"
    else:
        due = "Before the tax roll"
    label = _style("stub-label", st.label, fontSize=8, leading=11)
    value = _style("stub-value", st.value, fontSize=9.5, leading=11.5)
    cells = [
        [("Charge", view.number), ("Balance due", str(view.balance)), ("Pay by", due)],
        [
            ("Billed to", view.billed_name),
            ("Parcel", view.parcel_number or "\u2014"),
            ("Enclosed", "$ ____________"),
        ],
    ]
    data = [[item for a, b in row for item in (para(a, label), para(b, value))] for row in cells]
    stub = _plain_table(
        data,
        [0.62 * INCH, 1.9 * INCH, 0.8 * INCH, 1.25 * INCH, 0.7 * INCH, "*"],
    )
    spacing: list[tuple[Any, ...]] = [("TOPPADDING", (0, 1), (-1, 1), 3)]
    for col in (0, 2, 4):  # labels are smaller than values: drop them onto the same baseline
        spacing += [
            ("TOPPADDING", (col, 0), (col, 0), 1.2),
            ("TOPPADDING", (col, 1), (col, 1), 4.2),
        ]
    stub.setStyle(spacing)
    return KeepTogether(
        [
            Spacer(1, 8),
            HRFlowable(
                width="100%",
                thickness=0.7,
                dash=[3, 3],
                color=lh.color(lh.GREY_HEX),
                spaceAfter=3,
            ),
            para(f"Please return this part with your payment to the {TREASURER}.", note),
            stub,
        ]
    )


def _refuse(view: ChargeView, paper: str) -> None:
    if view.standing == Standing.CANCELLED.label:
        why = f": {view.cancel_reason}" if view.cancel_reason.strip() else ""
        raise Conflict(f"{view.number} was cancelled{why}. There is no {paper} to print.")
    if view.bill_on is None:
        raise Conflict(
            f"Record the bill of {view.number} first (its date and how it is delivered): "
            "the last day to pay is counted from it.",
            cite=view.cite,
        )


def _certified(view: ChargeView) -> bool:
    return bool(view.run_number) or view.standing == Standing.CERTIFIED.label


def _facts(view: ChargeView, *, printed_on: dt.date, reminder: bool) -> list[tuple[str, str]]:
    assert view.bill_on is not None
    facts = [("Date", long_day(printed_on))]
    if reminder or printed_on != view.bill_on:
        facts.append(("Bill dated", long_day(view.bill_on)))
    facts += [
        ("Charge", view.number),
        ("Parcel", view.parcel_number or "\u2014"),
        ("Balance due", str(view.balance)),
    ]
    if view.awaiting_notice:
        facts.append(("Pay by", f"{clock_for(view.kind).pay_days} days after notice"))
    elif view.due_on is None:
        facts.append(("Pay by", "Before the tax roll is certified"))
    else:
        past = view.due_on < printed_on
        facts.append(("Was due" if past else "Pay by", long_day(view.due_on)))
    return facts


def _owner_note(view: ChargeView, profile: CityProfile, *, reminder: bool) -> Flowable:
    """The owner's copy says what was billed to whom, and why the owner receives it."""
    if view.kind is ChargeKind.OPENING_REPAIR:
        why = (
            f"{escape(_cite(view.cite))} counts the days to pay from actual notice of the "
            "charge to the applicant and to the owner of the premises, and an unpaid balance "
            "becomes a lien against the premises"
        )
    else:
        why = (
            "what stays unpaid is entered on the tax roll as a special tax against your parcel "
            f"under {escape(_cite(view.cite))}"
        )
    if reminder:
        what = f"This reminder went to {escape(view.billed_name)} as {escape(view.billed_as)}."
    else:
        what = (
            f"The {escape(profile.city_name)} did this work at {_parcel_words(view)} and billed "
            f"its cost to {escape(view.billed_name)} as {escape(view.billed_as)}, as "
            f"{escape(_cite(view.cite))} provides."
        )
    return _boxed(
        [
            f"<b>Owner\u2019s copy.</b> {what} This copy is sent to you as the owner because "
            f"{why}. Either of you may pay it."
        ],
        size=9.5,
    )


def _opening(view: ChargeView, profile: CityProfile) -> list[Flowable]:
    where = f"at {_parcel_words(view)}" if view.parcel_number else "in your place"
    return [
        _markup(
            f"The {escape(profile.city_name)} did this work {where} and bills its cost to you "
            f"as {escape(view.billed_as)}, as {escape(_cite(view.cite))} provides:"
        )
    ]


def _reminder_opening(
    view: ChargeView, printed_on: dt.date, *, to_owner: bool = False
) -> list[Flowable]:
    assert view.bill_on is not None
    whom = escape(view.billed_name) if to_owner else "you"
    text = (
        f"Our records show that <b>{escape(str(view.balance))} remains unpaid</b> on charge "
        f"{_b(view.number)}, billed to {whom} as {escape(view.billed_as)} on "
        f"{_day(view.bill_on)}"
    )
    if view.due_on is not None:
        verb = "was" if view.due_on < printed_on else "is"
        text += f". It {verb} due <b>{_day(view.due_on)}</b>."
    else:
        text += "."
    if view.paid > Money.zero():
        text += f" Of the {escape(str(view.total))} billed, {escape(str(view.paid))} has been paid."
    text += " If you have paid it since, thank you."
    return [_markup(text)]


def _pay_box(
    view: ChargeView, clock: ChargeClock, *, printed_on: dt.date, reminder: bool
) -> list[str]:
    amount = _b(str(view.balance))
    texts: list[str] = []
    if view.awaiting_notice:
        texts.append(
            f"Please pay {amount} within <b>{clock.pay_days} days</b> of receiving this notice: "
            f"{escape(_cite(view.cite))} counts them from actual notice of the charge to the "
            "applicant and to the owner of the premises (from the later of the two days)."
        )
    elif view.due_on is None:
        texts.append(
            f"Please pay {amount} at City Hall before the tax roll is certified "
            f"\u2014 {escape(_cite(view.cite))} sets no other time to pay."
        )
    elif view.due_on < printed_on:
        texts.append(
            f"Please pay {amount} now: the last day to pay was <b>{_day(view.due_on)}</b>."
        )
    else:
        texts.append(
            f"Please pay {amount} by <b>{_day(view.due_on)}</b>, "
            f"{escape(_counted_from(view, clock))}."
        )
    roll = _roll_sentence(view, clock, printed_on=printed_on)
    if roll:
        texts.append(roll)
    texts.append(
        f"<font size='8.5' color='{lh.GREY_HEX}'>{escape(_cite(_clock_sentence(view, clock)))}"
        "</font>"
    )
    return texts


def _closed_box(view: ChargeView, clock: ChargeClock) -> Flowable:
    """A certified or paid charge: nothing is owed at the counter."""
    rule = (
        f"<font size='8.5' color='{lh.GREY_HEX}'>{escape(_cite(_clock_sentence(view, clock)))}"
        "</font>"
    )
    if _certified(view):
        return _boxed(
            [
                f"<b>Certified to the tax roll</b> in run {_b(view.run_number)}: the balance "
                f"of {_b(str(view.balance))} is collected with the property taxes on "
                f"{_parcel_words(view)}, not at the {TREASURER}\u2019s counter.",
                rule,
            ],
            size=10,
        )
    return _boxed(
        [f"<b>Paid in full.</b> Nothing is owed on charge {_b(view.number)}. Thank you.", rule],
        size=10,
    )


def _letter_pdf(
    view: ChargeView,
    profile: CityProfile,
    *,
    printed_on: dt.date,
    reminder: bool,
    to_owner: bool = False,
) -> bytes:
    from reportlab.platypus import Spacer

    clock = clock_for(view.kind)
    certified = _certified(view)
    paid_up = view.balance == Money.zero() and not certified
    owing = not (certified or paid_up)
    st = styles()
    title = "Reminder: Special Charge Unpaid" if reminder else "Bill for Work Done by the City"
    if to_owner:
        title += " \u2014 Owner\u2019s Copy"
    opening: list[Flowable] = []
    if to_owner:  # the note says what was billed to whom, and why the owner has a copy
        opening += [_owner_note(view, profile, reminder=reminder), Spacer(1, 4)]
    if reminder:
        opening += _reminder_opening(view, printed_on, to_owner=to_owner)
    elif not to_owner:
        opening += _opening(view, profile)
    story: list[Flowable] = [
        _letter_top(
            view, _facts(view, printed_on=printed_on, reminder=reminder), to_owner=to_owner
        ),
        Spacer(1, 6),
        para(title, st.title),
        para(f"{view.title} \u00b7 {view.cite}", _style("subtitle", st.subtitle, spaceAfter=7)),
        *opening,
        key_value_block(_work_facts(view, to_owner=to_owner), label_width=0.9 * INCH),
        _heading("Cost"),
        _cost_table(view),
        Spacer(1, 3),
        _plain_table(
            [[_payments_text(view), _balance_table(view)]], ["*", 2.75 * INCH + 8], valign="TOP"
        ),
        Spacer(1, 6),
        _boxed(_pay_box(view, clock, printed_on=printed_on, reminder=reminder), size=10)
        if owing
        else _closed_box(view, clock),
        Spacer(1, 5),
    ]
    small = _style("how", st.body, fontSize=9, leading=12, spaceAfter=0)
    if owing:
        story += [_markup(_how_to_pay(view, profile), small), _stub(view, profile)]
    else:
        story.append(para(_questions(profile), small))
    kind = "Reminder" if reminder else "Bill"
    if to_owner:
        kind += " (owner\u2019s copy)"
    what = view.title[:1].lower() + view.title[1:]
    return build_pdf(
        story,
        profile=profile,
        title=f"{kind} \u2014 special charge {view.number}",
        subject=f"{kind}: {what}, {view.cite}",
        watermark="PAID" if paid_up else None,
    )


def _with_owner_copy(
    view: ChargeView, profile: CityProfile, *, printed_on: dt.date, reminder: bool
) -> bytes:
    """The letter to the party billed, followed, when the parcel's owner is someone else, by
    the owner's copy (its own letterhead and page count): the special tax is against the
    owner's parcel, and § 506-7 counts from notice to the owner as well."""
    first = _letter_pdf(view, profile, printed_on=printed_on, reminder=reminder)
    if not view.owner_copy:
        return first
    from pypdf import PdfReader, PdfWriter

    copy = _letter_pdf(view, profile, printed_on=printed_on, reminder=reminder, to_owner=True)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(first)))
    writer.append(PdfReader(io.BytesIO(copy)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def bill_pdf(view: ChargeView, profile: CityProfile, *, printed_on: dt.date | None = None) -> bytes:
    """The bill of ``view`` on the letterhead, dated the day the bill went out; a copy printed
    later (``printed_on``) shows both days and what has been paid since. When the parcel's
    owner is not the party billed, the owner's copy follows.

    A paid charge prints marked PAID, a certified one says it is collected with the property
    taxes. Raises :class:`~clerk_desk.errors.Conflict` for a cancelled charge and for one whose
    bill is not recorded yet (the last day to pay is counted from it).
    """
    _refuse(view, "bill")
    assert view.bill_on is not None
    day = printed_on if printed_on is not None and printed_on > view.bill_on else view.bill_on
    return _with_owner_copy(view, profile, printed_on=day, reminder=False)


def reminder_pdf(view: ChargeView, profile: CityProfile, *, printed_on: dt.date) -> bytes:
    """A reminder that the balance of ``view`` remains unpaid, dated ``printed_on`` (pass
    ``action.today()``): the day it was due, the tax-roll consequence and its day; the owner's
    copy follows when the owner is not the party billed.

    Raises :class:`~clerk_desk.errors.Conflict` for a charge cancelled, not billed, paid in
    full or already certified to the tax roll: there is nothing to remind anyone of.
    """
    _refuse(view, "reminder")
    if _certified(view):
        raise Conflict(
            f"{view.number} was certified to the tax roll (run {view.run_number}): it is "
            "collected with the property taxes, and no reminder is sent.",
            cite=view.cite,
        )
    if view.balance <= Money.zero():
        raise Conflict(f"{view.number} is paid in full: there is nothing to remind of.")
    return _with_owner_copy(view, profile, printed_on=printed_on, reminder=True)


# ---- the tax roll run ------------------------------------------------------------------------


def _run_status_box(view: RunView) -> Flowable:
    prepared = _period(f"Prepared by {escape(view.prepared_by)} on {escape(_at(view.prepared_at))}")
    status = RunStatus(view.status)
    if status is RunStatus.CERTIFIED:
        assert view.certified_at is not None
        texts = [
            _period(
                f"<b>Certified</b> by {escape(view.certified_by)} on "
                f"{escape(_at(view.certified_at))}"
            )
            + " The charges listed are locked and are collected with the property taxes.",
            prepared,
        ]
    elif status is RunStatus.DRAFT:
        texts = [
            "<b>Draft \u2014 not certified.</b> This list is for the "
            f"{TREASURER}\u2019s review; nothing on it is on the tax roll until the run is "
            "certified.",
            prepared,
        ]
    elif status is RunStatus.PREVIEW:
        texts = [
            f"<b>Preview \u2014 never certified.</b> What a run as of {_day(view.as_of)}, a day "
            "still to come, would list as things stand: charges still payable until then may "
            "yet be paid. The run is prepared and certified on or after that day.",
            prepared,
        ]
    else:
        note = f" {escape(view.note.strip())}" if view.note.strip() else ""
        texts = [f"<b>Set aside \u2014 not certified.</b>{note}", prepared]
    return _boxed(texts, size=10, fill=status is RunStatus.CERTIFIED)


def _two_lines(first: str, second: str) -> Flowable:
    """A cell's value with a grey line under it: the owner's address, the parcel's site."""
    from reportlab.platypus import Paragraph

    under = f"<br/><font size='7.8' color='{lh.GREY_HEX}'>{escape(second)}</font>" if second else ""
    return Paragraph(escape(first) + under, styles().cell)


def _owner_cell(entry: RunEntry) -> Flowable:
    if entry.owner_on_file:
        return _two_lines(entry.owner_name, _one_line(entry.owner_address))
    from reportlab.platypus import Paragraph

    return Paragraph(
        f"<b><font color='#B00020'>{escape(OWNER_NOT_ON_FILE)}</font></b>", styles().cell
    )


def _entries_table(view: RunView, width: float) -> Flowable:
    rows = [
        (
            _two_lines(entry.parcel_number, entry.site_address),
            _owner_cell(entry),
            entry.description,
            _cite(entry.section),
            str(entry.amount),
        )
        for entry in view.entries
    ]
    fixed = [1.3 * INCH, 2.15 * INCH, None, 1.9 * INCH, 1.1 * INCH]
    rest = width - sum(w for w in fixed if w is not None)
    widths = [w if w is not None else rest for w in fixed]
    counted = f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}"
    return data_table(
        ["Parcel number", "Owner", "Description", "Section", "Amount"],
        rows,
        col_widths=widths,
        align=["left", "left", "left", "left", "right"],
        total_row=["Total", counted, "", "", str(view.total)],
        zebra=RunStatus(view.status) is RunStatus.CERTIFIED,  # stripes would hide DRAFT
    )


def _sections_table(view: RunView) -> Flowable:
    rows = [
        (_cite(section), f"{count:,}", str(amount))
        for section, count, amount in view.totals_by_section()
    ]
    return data_table(
        ["Section", "Charges", "Amount"],
        rows,
        col_widths=[4.6 * INCH, 0.9 * INCH, 1.2 * INCH],
        align=["left", "right", "right"],
        total_row=["Total", f"{len(view.entries):,}", str(view.total)],
        zebra=RunStatus(view.status) is RunStatus.CERTIFIED,
    )


def _certification(view: RunView, profile: CityProfile) -> Flowable:
    from reportlab.platypus import KeepTogether, Spacer

    text = (
        f"I certify that the special charges listed above \u2014 "
        f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}, totaling "
        f"{_b(str(view.total))} \u2014 remained unpaid as of {_day(view.as_of)} and are to be "
        "entered on the tax roll as special taxes against the parcels named, as the sections "
        "cited provide."
    )
    signed = (
        _period(
            f"Certified in Clerk Desk by {escape(view.certified_by)} on "
            f"{escape(_at(view.certified_at))}"
        )
        if view.certified_at is not None
        else ""
    )
    width = 3.3 * INCH
    sign = _plain_table(
        [
            [
                signature_line(f"{TREASURER}, {profile.city_name}", width=width),
                "",
                signature_line("Date", width=2.0 * INCH),
            ]
        ],
        [width, 0.5 * INCH, 2.0 * INCH],
    )
    flow: list[Flowable] = [_heading("Certification"), _markup(text)]
    if signed:
        flow.append(_markup(signed, _style("signed", styles().small, fontSize=8.5)))
    flow += [Spacer(1, 4), sign]
    return KeepTogether(flow)


def run_pdf(view: RunView, profile: CityProfile) -> bytes:
    """The "certify to tax roll" run on landscape pages: its number, as-of date and status
    (DRAFT across every page of a draft, who certified it and when), one row per parcel and
    charge, totals by section and the grand total, the counts, and the City Treasurer's
    certification."""
    from reportlab.platypus import Spacer

    st = styles()
    pagesize = LETTER_LANDSCAPE
    width = _frame_width(pagesize)
    status = RunStatus(view.status)
    counted = (
        f"{plural(len(view.entries), 'charge')} on {plural(view.parcels, 'parcel')}, "
        f"totaling {view.total}"
    )
    heading = (
        "Special Charges Certified to the Tax Roll"
        if status is RunStatus.CERTIFIED
        else "Special Charges for the Tax Roll"
    )
    story: list[Flowable] = [
        para(heading, st.title),
        para(
            f"Run {view.number} \u00b7 as of {long_day(view.as_of)} \u00b7 {_status_text(status)}",
            st.subtitle,
        ),
        _run_status_box(view),
        Spacer(1, 6),
        _markup(
            f"Every special charge past its first tax-roll day and unpaid on "
            f"{_day(view.as_of)}: <b>{escape(counted)}</b>."
        ),
    ]
    if view.owners_missing:
        parcels = ", ".join(view.owners_missing)
        story.append(
            _boxed(
                [
                    f"<b>{escape(OWNER_NOT_ON_FILE)}</b> for parcel "
                    f"{escape(parcels)}: the run is not certified until the owner is recorded "
                    "under People &amp; Parcels and the run is prepared again."
                ],
                size=10,
                fill=False,
            )
        )
    if view.entries:
        story += [
            _entries_table(view, width),
            _heading("Totals by section"),
            _sections_table(view),
        ]
        if status is not RunStatus.PREVIEW:  # a preview is never certified: nothing to sign
            story += [Spacer(1, 4), _certification(view, profile)]
    else:  # nothing to certify: no certificate to sign
        story.append(_markup("<b>No charge is past its tax-roll day and unpaid on that date.</b>"))
    watermark = {
        RunStatus.DRAFT: "DRAFT",
        RunStatus.PREVIEW: "PREVIEW",
        RunStatus.DISCARDED: "SET ASIDE",
    }.get(status)
    return build_pdf(
        story,
        profile=profile,
        title=f"Tax roll run {view.number}",
        subject=f"Special charges certified to the tax roll as of {long_day(view.as_of)}",
        pagesize=pagesize,
        watermark=watermark,
    )


# ---- Excel -----------------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _xl(value: object) -> object:
    """A cell value: money as Decimal, City Hall's time without a zone, text without control
    codes."""
    if isinstance(value, Money):
        return value.amount
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, str):
        return _CONTROL.sub("", value)
    return value


def _save_workbook(wb: Any, target: Target) -> None:
    """Save to a stream, or to a path through a temporary file renamed into place, so that a
    failed export never leaves a damaged file nor destroys the previous one."""
    if not isinstance(target, str | os.PathLike):
        wb.save(target)
        return
    path = Path(target)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".xlsx", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        wb.save(tmp)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def run_row(entry: RunEntry) -> tuple[object, ...]:
    """One row of the tax roll sheet (:data:`RUN_COLUMNS`)."""
    return (
        entry.parcel_number,
        entry.owner_text,
        _one_line(entry.owner_address),
        entry.site_address,
        entry.description,
        entry.section,
        entry.amount,
    )


def run_xlsx(view: RunView, path: Target, *, city: str = "") -> int:
    """The run as the county's tax-roll clerk expects it; returns the number of charges.

    Sheet 1: a header row (frozen, filterable), then one row per parcel and charge with
    :data:`RUN_COLUMNS` (the amount a real number in currency format) and nothing else, so the
    county can load it as it is. Sheet "Summary": the run number, as-of date, status, who
    prepared and certified it and when, the counts, the totals by section and the grand total.
    On a path the workbook is written beside it and renamed into place when complete.
    """
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    navy = Side(style="thin", color="1F3A5F")
    bold = Font(bold=True)
    header_fill = PatternFill("solid", fgColor="E3E8EF")
    status = _status_text(RunStatus(view.status))
    title = f"Tax roll run {view.number}"

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = sheet_title(f"Tax roll {view.number}")
    wb.properties.title = title
    wb.properties.subject = f"Special charges for the tax roll as of {long_day(view.as_of)}"
    if city:
        wb.properties.creator = city

    ws.append(list(RUN_COLUMNS))
    for cell in ws[1]:
        cell.font = bold
        cell.fill = header_fill
        cell.border = Border(bottom=navy)
    ws.cell(1, len(RUN_COLUMNS)).alignment = Alignment(horizontal="right")
    for entry in view.entries:
        ws.append([_xl(v) for v in run_row(entry)])
        row = ws.max_row
        for col in range(1, 7):
            ws.cell(row, col).data_type = "s"  # a parcel number "012-3" stays as typed
        ws.cell(row, 7).number_format = MONEY_FORMAT
    last = ws.max_row
    for index, width in enumerate(_RUN_WIDTHS, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:{get_column_letter(len(RUN_COLUMNS))}{last}"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.oddHeader.center.text = f"{title} \u2014 as of {format_day(view.as_of)} ({status})"
    ws.oddFooter.center.text = "Page &P of &N"

    summary = wb.create_sheet("Summary")
    summary.append(["Special charges for the tax roll"])
    summary["A1"].font = Font(bold=True, size=14, color="1F3A5F")
    if city:
        summary.append([city])
    summary.append([])
    facts: list[tuple[str, object, str | None]] = [
        ("Run", view.number, None),
        ("As of", view.as_of, DATE_FORMAT),
        ("Status", status, None),
        ("Prepared by", view.prepared_by, None),
        ("Prepared at", view.prepared_at, DATETIME_FORMAT),
        ("Certified by", view.certified_by or "\u2014", None),
        ("Certified at", view.certified_at or "\u2014", DATETIME_FORMAT),
        ("Parcels", view.parcels, INT_FORMAT),
        ("Charges", len(view.entries), INT_FORMAT),
        ("Total", view.total, MONEY_FORMAT),
    ]
    if view.owners_missing:
        facts.append((OWNER_NOT_ON_FILE, ", ".join(view.owners_missing), None))
    if view.note.strip():
        facts.append(("Note", view.note.strip(), None))
    for label, value, fmt in facts:
        summary.append([label, _xl(value)])
        row = summary.max_row
        summary.cell(row, 1).font = bold
        cell = summary.cell(row, 2)
        cell.alignment = Alignment(horizontal="left")
        if fmt is not None and not isinstance(value, str):
            cell.number_format = fmt
    summary.append([])
    summary.append(["Totals by section"])
    summary.cell(summary.max_row, 1).font = Font(bold=True, size=12, color="1F3A5F")
    summary.append(["Section", "Charges", "Amount"])
    for cell in summary[summary.max_row]:
        cell.font = bold
        cell.fill = header_fill
        cell.border = Border(bottom=navy)
    for section, count, amount in view.totals_by_section():
        summary.append([section, count, _xl(amount)])
        summary.cell(summary.max_row, 2).number_format = INT_FORMAT
        summary.cell(summary.max_row, 3).number_format = MONEY_FORMAT
    summary.append(["Total", len(view.entries), _xl(view.total)])
    for cell in summary[summary.max_row]:
        cell.font = bold
        cell.border = Border(top=navy)
    summary.cell(summary.max_row, 2).number_format = INT_FORMAT
    summary.cell(summary.max_row, 3).number_format = MONEY_FORMAT
    for letter, width in (("A", 60.0), ("B", 24.0), ("C", 15.0)):
        summary.column_dimensions[letter].width = width
    summary.page_setup.orientation = "portrait"
    summary.oddHeader.center.text = f"{title} \u2014 summary"
    summary.oddFooter.center.text = "Page &P of &N"

    _save_workbook(wb, path)
    return len(view.entries)


REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Charge", width=14),
    Column("Kind", width=40),
    Column("Section", width=30),
    Column("Parcel", width=17),
    Column("Site address", width=24),
    Column("Owner", width=26),
    Column("Billed party", width=26),
    Column("Billed as", width=11),
    Column("Work", width=44),
    Column("Work date", "date"),
    Column("Bill date", "date"),
    Column("Delivered", width=18),
    Column("Received on", "date", width=12),
    Column("Due", "date"),
    Column("Tax-roll date", "date", width=13),
    Column("Cost", "money", width=13),
    Column("Administration", "money", width=14),
    Column("Total", "money", width=13),
    Column("Paid", "money", width=13),
    Column("Balance", "money", width=13),
    Column("Standing", width=20),
    Column("Run", width=12),
    Column("Cancelled on", "date", width=12),
    Column("Cancel reason", width=36),
)
"""The register's columns: what the Treasurer checks a charge by."""


def register_row(view: ChargeView) -> tuple[object, ...]:
    """One row of the register (:data:`REGISTER_COLUMNS`)."""
    return (
        view.number,
        view.title,
        view.cite,
        view.parcel_number,
        view.site_address,
        view.owner_name,
        view.billed_name,
        capitalized(view.billed_as),
        view.work,
        view.work_done_on,
        view.bill_on,
        view.delivered_how,
        view.received_on,
        view.due_on,
        view.tax_roll_on,
        view.cost,
        view.administration,
        view.total,
        view.paid,
        view.balance,
        view.standing,
        view.run_number,
        view.cancelled_on,
        view.cancel_reason,
    )


def register_xlsx(
    views: Sequence[ChargeView],
    path: Target,
    *,
    city: str = "",
    progress: ProgressCallback | None = None,
) -> int:
    """The register of special charges, one a row, as the views stand; returns the rows
    written. Dates are real dates, amounts real currency amounts."""
    subtitle = "Special charges register"
    return write_register(
        path,
        title="Special charges",
        columns=REGISTER_COLUMNS,
        rows=(register_row(view) for view in views),
        progress=progress,
        subtitle=f"{city} \u2014 {subtitle.lower()}" if city else subtitle,
        author=city or None,
    )
