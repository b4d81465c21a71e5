"""The receipt the Treasurer hands over: § 506-6 "shall issue a receipt therefor".

One function, :func:`receipt_pdf`, prints a :class:`~clerk_desk.receipts.views.ReceiptView` on
letter paper (with the City letterhead and page numbers) or on the 80 mm roll of the counter's
thermal printer (compact, black only, the page cut to the receipt's height). Both show the same
facts in the same order, so a payer's copy and the City's copy never disagree:

number and kind, date and time, operator and station, payer, each line (description, reference,
GL account, amount), total, tenders (cash with what was tendered and the change), change, the
records paid, the receipt corrected, the note, and — on a voided receipt — who voided it, when
and why.

Marks: a reprint (``duplicate=True``) says DUPLICATE; a voided receipt says VOID, which wins the
big mark when both apply, with DUPLICATE still written beside the number so neither fact is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal
from xml.sax.saxutils import escape

from clerk_desk.receipts.views import LineView, ReceiptView, TenderView
from clerk_desk.settings import CityProfile
from clerk_desk.words import clock_time, day_and_time, format_day

from . import letterhead as lh
from .document import (
    INCH,
    ROLL_CONTENT_WIDTH,
    build_pdf,
    build_roll_pdf,
    data_table,
    key_value_block,
    para,
    styles,
)
from .fonts import FONT_BOLD, FONT_REGULAR

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

Paper = Literal["letter", "roll"]

FEE_CITATION = (
    "Permit fees shall be paid to the Treasurer who shall issue a receipt therefor. "
    "\u2014 \u00a7 506-6 (Fee)"
)
"""The ordinance sentence printed at the foot of every letter-paper receipt."""

KIND_TITLES = {"payment": "RECEIPT", "refund": "REFUND", "adjustment": "ADJUSTMENT"}
"""The big word at the top of the receipt, by ``ReceiptView.kind``."""

_INK = "#111418"
_VOID_RED = "#A61B1B"  # letter paper only; the roll is black


# ---------------------------------------------------------------- shared wording


def title_of(view: ReceiptView) -> str:
    return KIND_TITLES.get(view.kind, view.kind.upper() or "RECEIPT")


def void_line(view: ReceiptView) -> str:
    """``"Voided Fri Nov 27, 2026, 3:10 p.m. by Dana Treasurer: wrong permit"``."""
    when = f" {day_and_time(view.voided_at, dotted=True)}" if view.voided_at is not None else ""
    who = f" by {view.voided_by}" if view.voided_by else ""
    reason = view.void_reason.strip() or "no reason recorded"
    return f"Voided{when}{who}: {reason}"


def tender_detail(tender: TenderView) -> str:
    """Cash shows what was handed over and the change from it; other tenders need no more."""
    if tender.kind == "cash" and tender.tendered != tender.amount:
        return f"tendered {tender.tendered}, change {tender.tendered - tender.amount}"
    return ""


def _line_reference(line: LineView) -> str:
    return line.reference.strip()


# ---------------------------------------------------------------- entry point


def receipt_pdf(
    view: ReceiptView,
    *,
    profile: CityProfile,
    paper: Paper,
    duplicate: bool,
) -> bytes:
    """The receipt as a PDF: ``paper="letter"`` (letterhead) or ``"roll"`` (80 mm printer).

    ``duplicate=True`` marks a reprint DUPLICATE. A void receipt (``view.is_void``) is marked
    VOID with the void's day, time, person and reason; VOID takes the big mark when both apply.
    """
    if paper == "letter":
        return _letter(view, profile, duplicate)
    if paper == "roll":
        return _roll(view, profile, duplicate)
    raise ValueError(f"unknown paper {paper!r}: use 'letter' or 'roll'")


def _pdf_title(view: ReceiptView, duplicate: bool) -> str:
    word = title_of(view).capitalize()
    marks = [m for m, on in (("void", view.is_void), ("duplicate", duplicate)) if on]
    return f"{word} {view.number}" + (f" ({', '.join(marks)})" if marks else "")


# ---------------------------------------------------------------- letter paper


def _letter(view: ReceiptView, profile: CityProfile, duplicate: bool) -> bytes:
    from reportlab.platypus import Spacer

    st = styles()
    story: list[Flowable] = [_letter_head(view, duplicate), Spacer(1, 8)]
    if view.is_void:
        story.append(_void_box(view, compact=False))
    story += _corrects(view, compact=False)
    story += [_letter_facts(view), Spacer(1, 10)]
    story += _letter_tables(view)
    story += _closing_facts(view, compact=False)
    story.append(_at_foot(para(FEE_CITATION, st.small)))
    return build_pdf(
        story,
        profile=profile,
        title=_pdf_title(view, duplicate),
        subject=f"{title_of(view).capitalize()} {view.number} \u2014 {view.payer_name}",
        watermark="VOID" if view.is_void else ("DUPLICATE" if duplicate else None),
    )


def _letter_head(view: ReceiptView, duplicate: bool) -> Flowable:
    """The word ("Receipt") on the left; the number, and VOID or DUPLICATE, on the right."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    st = styles()
    word_style = ParagraphStyle(
        "clerk-receipt-word", parent=st.title, fontSize=24, leading=28, spaceAfter=0
    )
    number_style = ParagraphStyle(
        "clerk-receipt-number",
        parent=st.title,
        fontSize=20,
        leading=28,
        alignment=TA_RIGHT,
        spaceAfter=0,
    )
    mark_style = ParagraphStyle(
        "clerk-receipt-mark",
        parent=st.body_bold,
        alignment=TA_RIGHT,
        textColor=lh.color(_VOID_RED),
        spaceAfter=0,
    )

    right: list[Any] = [para(f"No. {view.number}", number_style)]
    marks = [m for m, on in (("VOID", view.is_void), ("DUPLICATE", duplicate)) if on]
    if marks:
        right.append(para(" \u00b7 ".join(marks), mark_style))
    head = Table([[para(title_of(view), word_style), right]], colWidths=["45%", "55%"])
    head.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, lh.color(lh.NAVY_HEX)),
            ]
        )
    )
    return head


def _letter_facts(view: ReceiptView) -> Flowable:
    """Who paid, beside when, by whom and where it was received."""
    from reportlab.platypus import Table, TableStyle

    payer = view.payer_name + (f"\n{view.payer_address}" if view.payer_address.strip() else "")
    left_block = key_value_block([("Received from", payer)], label_width=1.2 * INCH)
    right_block = key_value_block(
        [
            ("Date", format_day(view.issued_at.date())),
            ("Time", clock_time(view.issued_at, dotted=True)),
            ("Received by", view.operator_name),
            ("Station", view.station),
        ],
        label_width=0.95 * INCH,
    )
    facts = Table([[left_block, right_block]], colWidths=["55%", "45%"])
    facts.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 12),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ]
        )
    )
    return facts


def _letter_tables(view: ReceiptView) -> list[Flowable]:
    """The lines paid for with their total, then the tenders with the change given."""
    from reportlab.platypus import Spacer

    return [
        data_table(
            ["Description", "Reference", "GL account", "Amount"],
            [_letter_line(line) for line in view.lines],
            col_widths=["*", 1.55 * INCH, 1.15 * INCH, 1.05 * INCH],
            align=["left", "left", "left", "right"],
            total_row=["", "", "Total", str(view.total)],
            zebra=False,
        ),
        Spacer(1, 10),
        data_table(
            ["Paid by", "", "Amount"],
            [(t.label, tender_detail(t), str(t.amount)) for t in view.tenders],
            col_widths=["*", 2.7 * INCH, 1.05 * INCH],
            align=["left", "left", "right"],
            total_row=["Change given", "", str(view.change)],
            zebra=False,
        ),
    ]


def _letter_line(line: LineView) -> tuple[object, ...]:
    description: object = line.description
    if line.note.strip():  # the note of an "actual City expenses" line, small under it
        from reportlab.platypus import Paragraph

        st = styles()
        note = escape(line.note.strip()).replace("\n", "<br/>")
        description = Paragraph(
            f"{escape(line.description)}<br/>"
            f'<font size="{st.small.fontSize}" color="{lh.GREY_HEX}">{note}</font>',
            st.cell,
        )
    return (description, _line_reference(line), line.gl_account, str(line.amount))


def _void_box(view: ReceiptView, *, compact: bool) -> Flowable:
    """The void's who, when and why in a ruled box, right under the receipt's title."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    st = styles(compact=compact)
    ink = lh.color(_INK if compact else _VOID_RED)
    style = ParagraphStyle(
        f"clerk-receipt-void{'-roll' if compact else ''}",
        parent=st.body_bold,
        textColor=ink,
        spaceAfter=0,
    )
    box = Table(
        [[para(f"VOID \u2014 {void_line(view)}", style)]],
        colWidths=["100%"],
        spaceAfter=6 if compact else 10,
    )
    box.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BOX", (0, 0), (-1, -1), 1.0, ink),
                ("LEFTPADDING", (0, 0), (-1, -1), 4 if compact else 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4 if compact else 6),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return box


def _corrects(view: ReceiptView, *, compact: bool) -> list[Flowable]:
    """ "Corrects receipt N", bold under the title: the first thing an auditor looks for."""
    if not view.corrects_number:
        return []
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    st = styles(compact=compact)
    style = ParagraphStyle(
        f"clerk-receipt-corrects{'-roll' if compact else ''}",
        parent=st.body_bold,
        alignment=TA_CENTER if compact else st.body_bold.alignment,
    )
    return [para(f"Corrects receipt {view.corrects_number}", style)]


def _closing_facts(view: ReceiptView, *, compact: bool) -> list[Flowable]:
    """Records paid and the note: after the money, before the foot."""
    st = styles(compact=compact)
    out: list[Flowable] = []
    if view.records_paid:
        heading = "Records paid" if not view.is_void else "Records paid (due again: void)"
        out.append(para(heading, st.heading))
        for record in view.records_paid:
            out.append(para(f"\u2022 {record}", st.cell if compact else st.body))
    if view.note.strip():
        from reportlab.platypus import Spacer

        out.append(Spacer(1, 4 if compact else 8))
        out.append(
            key_value_block(
                [("Note", view.note.strip())],
                label_width=(0.62 if compact else 1.2) * INCH,
                compact=compact,
            )
        )
    return out


@lru_cache(maxsize=1)
def _at_foot_class() -> Any:
    from reportlab.platypus import Flowable

    class AtFoot(Flowable):
        """Takes the rest of the frame and draws its paragraph at the bottom of it.

        The § 506-6 sentence belongs at the foot of the sheet, not wherever the lines ended.
        """

        def __init__(self, content: Any) -> None:
            super().__init__()
            self.content = content

        def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
            _, height = self.content.wrap(avail_width, avail_height)
            return avail_width, max(height, avail_height - 0.5)

        def draw(self) -> None:
            self.content.drawOn(self.canv, 0, 0)

    return AtFoot


def _at_foot(content: Any) -> Flowable:
    """``content`` drawn at the bottom of the frame it lands in."""
    flowable: Flowable = _at_foot_class()(content)
    return flowable


# ---------------------------------------------------------------- 80 mm roll


def _roll(view: ReceiptView, profile: CityProfile, duplicate: bool) -> bytes:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import HRFlowable, Spacer

    st = styles(compact=True)
    word = ParagraphStyle(
        "clerk-roll-receipt-word",
        parent=st.title,
        fontName=FONT_BOLD,
        fontSize=13,
        leading=15,
        alignment=TA_CENTER,
        spaceAfter=0,
    )
    number = ParagraphStyle(
        "clerk-roll-receipt-number",
        parent=st.title,
        fontName=FONT_BOLD,
        fontSize=15,
        leading=18,
        alignment=TA_CENTER,
        spaceAfter=4,
    )
    centred_small = ParagraphStyle(
        "clerk-roll-centred", parent=st.cell, alignment=TA_CENTER, spaceAfter=3
    )

    story: list[Flowable] = [para(title_of(view), word), para(f"No. {view.number}", number)]
    if view.is_void and duplicate:  # VOID is the banner; say DUPLICATE too
        story.append(para("DUPLICATE (reprint)", centred_small))
    if view.is_void:
        story.append(_void_box(view, compact=True))
    story += _corrects(view, compact=True)

    payer = view.payer_name + (f"\n{view.payer_address}" if view.payer_address.strip() else "")
    story.append(
        key_value_block(
            [
                ("Date", format_day(view.issued_at.date())),
                ("Time", clock_time(view.issued_at, dotted=True)),
                ("Operator", view.operator_name),
                ("Station", view.station),
                ("From", payer),
            ],
            label_width=0.62 * INCH,
            compact=True,
        )
    )
    story.append(_rule())
    story.append(_roll_lines(view))
    story.append(_rule(thick=True))
    story.append(_roll_amounts([("TOTAL", str(view.total), "")], big=True))
    story.append(Spacer(1, 3))
    tender_rows = [(t.label, str(t.amount), tender_detail(t)) for t in view.tenders]
    tender_rows.append(("Change", str(view.change), ""))
    story.append(_roll_amounts(tender_rows))
    story += _closing_facts(view, compact=True)
    story.append(
        HRFlowable(width="100%", thickness=0.5, color=lh.color(_INK), spaceBefore=6, spaceAfter=3)
    )
    story.append(para("Keep this receipt for your records.", centred_small))
    return build_roll_pdf(
        story,
        profile=profile,
        title=_pdf_title(view, duplicate),
        subject=f"{title_of(view).capitalize()} {view.number} \u2014 {view.payer_name}",
        watermark="VOID" if view.is_void else ("DUPLICATE" if duplicate else None),
    )


def _rule(*, thick: bool = False) -> Flowable:
    from reportlab.platypus import HRFlowable

    return HRFlowable(
        width="100%",
        thickness=1.0 if thick else 0.5,
        color=lh.color(_INK),
        spaceBefore=3,
        spaceAfter=3,
    )


def _roll_lines(view: ReceiptView) -> Flowable:
    """Each line on two rows: description and amount, then reference and GL account small."""
    from reportlab.platypus import Paragraph, Table, TableStyle

    st = styles(compact=True)
    amount_w = 0.95 * INCH
    data: list[list[Any]] = []
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]
    for line in view.lines:
        first = len(data)
        data.append([para(line.description, st.cell), para(str(line.amount), st.cell_right)])
        details = [f"GL {line.gl_account}"]
        if _line_reference(line):
            details.insert(0, f"Ref {_line_reference(line)}")
        detail = escape(" \u00b7 ".join(details))
        if line.note.strip():
            detail += "<br/>" + escape(line.note.strip()).replace("\n", "<br/>")
        data.append([Paragraph(detail, st.small), ""])
        commands.append(("SPAN", (0, len(data) - 1), (1, len(data) - 1)))
        commands.append(("NOSPLIT", (0, first), (-1, len(data) - 1)))
        commands.append(("BOTTOMPADDING", (0, len(data) - 1), (-1, len(data) - 1), 4))
    table = Table(data, colWidths=[ROLL_CONTENT_WIDTH - amount_w, amount_w], hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    return table


def _roll_amounts(rows: Sequence[tuple[str, str, str]], *, big: bool = False) -> Flowable:
    """Label left, amount right, and an optional small detail under the label (cash change)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    st = styles(compact=True)
    label_style, amount_style = st.cell, st.cell_right
    if big:
        label_style = ParagraphStyle(
            "clerk-roll-total", parent=st.body_bold, fontSize=12, leading=14, spaceAfter=0
        )
        amount_style = ParagraphStyle(
            "clerk-roll-total-right", parent=st.amount_total, fontSize=12, leading=14
        )
    amount_w = 0.95 * INCH
    data: list[list[Any]] = []
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for label, amount, detail in rows:
        data.append([para(label, label_style), para(amount, amount_style)])
        if detail:
            data.append([para(detail, st.small), ""])
            commands.append(("SPAN", (0, len(data) - 1), (1, len(data) - 1)))
    table = Table(data, colWidths=[ROLL_CONTENT_WIDTH - amount_w, amount_w], hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    return table
