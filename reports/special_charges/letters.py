"""The bill and the reminder of a special charge, on the letterhead (:func:`bill_pdf`,
:func:`reminder_pdf`), each with the owner's copy when someone else is billed."""

from __future__ import annotations

import datetime as dt
import io
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.kinds import ChargeKind
from clerk_desk.money import Money
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges.rules import ChargeClock, Standing, clock_for
from clerk_desk.special_charges.views import ChargeView
from clerk_desk.words import format_day, long_day
from reports.special_charges.parts import (
    ADMINISTRATION_CITE,
    TREASURER,
    _b,
    _boxed,
    _cite,
    _clock_sentence,
    _counted_from,
    _day,
    _heading,
    _how_to_pay,
    _letter_top,
    _markup,
    _parcel_words,
    _plain_table,
    _questions,
    _roll_sentence,
    _style,
)

from .. import letterhead as lh
from ..document import (
    INCH,
    build_pdf,
    data_table,
    key_value_block,
    para,
    styles,
)
from ..fonts import FONT_REGULAR

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


# ---- words -----------------------------------------------------------------------------------


# ---- flowables -------------------------------------------------------------------------------


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
    if view.ordered_by:  # "the City Administrator shall cause the removal" (§ 506-8)
        pairs.append(("By order of", view.ordered_by))
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


# ---- Excel -----------------------------------------------------------------------------------
