"""What the special charges papers share: the sentences of a charge's clock and tax roll, the
box, table and heading flowables, the letter's top, and the workbook cell and save."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from clerk_desk.kinds import ChargeKind, RunStatus
from clerk_desk.settings import CityProfile
from clerk_desk.special_charges.rules import ChargeClock, PayFrom, RollFrom
from clerk_desk.special_charges.views import ChargeView
from clerk_desk.words import clock_time, long_day

from .. import letterhead as lh
from ..document import (
    GRID_HEX,
    INCH,
    LETTER,
    para,
    styles,
)
from ..fonts import FONT_BOLD, FONT_REGULAR
from ..palette import PANEL_HEX

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Target = str | os.PathLike[str] | IO[bytes]


TREASURER = "City Treasurer"


ADMINISTRATION_CITE = "§ 506-6"


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
    if view.due_on is not None:
        when = f"If any of it is still unpaid after {_day(view.due_on)}"
    else:
        when = (
            f"If any of it is still unpaid {clock.roll_within} days after the cost was "
            f"incurred on {_day(view.work_done_on)}"
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
