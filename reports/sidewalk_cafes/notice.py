"""The notice to the owners and occupants within 100 feet (§ 506-10 (Application for
permit)): the letters, each followed by the applicant's diagram, the mailing labels, and the
list attached to the packet.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.errors import Conflict
from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    NeighborLine,
    NoticeView,
)
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    BEYOND_RADIUS,
    COMMENT_DAYS,
    ISSUANCE_CITE,
    NOTICE_RADIUS_FT,
)
from clerk_desk.words import long_day, plural
from reports import letterhead as lh
from reports.document import (
    INCH,
    LETTER,
    build_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from reports.fonts import FONT_REGULAR, register_fonts, text_width
from reports.permit_parts import (
    side_by_side,
)
from reports.sidewalk_cafes.parts import (
    _INK,
    CLERK,
    _body,
    _boxed,
    _cite,
    _day,
    _distance,
    _grey,
    _letter_foot,
    _letter_top,
    _lines,
    _markup,
    _office_line,
    _relation,
    _signature,
    _style,
)
from reports.sidewalk_cafes.plan_pages import _Letters, _plan_page, _readable_sheets

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable

    from reports.page_placing import Sheet


def _plan_sheets(view: NoticeView) -> list[Sheet]:
    """The applicant's diagram as sheets: one per page of a PDF, one for a picture (turned
    upright as the camera recorded it). Raises Conflict when there is none or it cannot be
    read: § 506-10 (Application for permit) requires the notice to contain a copy of it."""
    if not view.site_plan:
        raise Conflict(
            f"Sidewalk cafe application {view.number} has no site plan attached: the notice "
            "must contain a copy of the diagram submitted by the applicant.",
            cite=APPLICATION_CITE,
        )
    sheets = _readable_sheets(view.site_plan, view.site_plan_name)
    if sheets is None:
        raise Conflict(
            f"The site plan of {view.number} ({view.site_plan_name or 'no name'}) cannot be "
            "read as a PDF, PNG or JPEG file: attach a readable copy of the applicant's diagram "
            "before printing the notice.",
            cite=APPLICATION_CITE,
        )
    return sheets


def _plan_caption(view: NoticeView, page: int, pages: int) -> tuple[str, str]:
    of = f", page {page} of {pages}" if pages > 1 else ""
    caption = f"Site plan submitted by the applicant \u2014 application {view.number}{of}"
    scale = (
        f"Drawn to a scale of {view.site_plan_scale}, as noted on the drawing"
        if view.site_plan_scale.strip()
        else "The scale is as noted on the drawing"
    )
    note = (
        f"{view.establishment}, {view.address}. {scale}. "
        f"File: {view.site_plan_name or 'site plan'}."
    )
    return caption, note


def _notice_letter(
    view: NoticeView, neighbor: NeighborLine, profile: CityProfile, pages: int
) -> list[Flowable]:
    from reportlab.platypus import Spacer

    assert view.mailed_on is not None and view.comments_due_on is not None
    recipient = [neighbor.name, *_lines(neighbor.mailing_address)]
    relation = _relation(neighbor).lower()
    due = _day(view.comments_due_on)
    mailed = escape(long_day(view.mailed_on))
    enclosed = "page 2" if pages == 1 else f"pages 2\u2013{pages + 1}"
    facts: list[tuple[str, object]] = [
        ("Applicant", view.applicant_name),
        ("Establishment", view.establishment),
        ("Location", view.address),
        ("Alcohol", view.alcohol),
        ("Diagram", f"The applicant\u2019s site plan is enclosed ({enclosed})."),
    ]
    where = escape(f"the {CLERK}, {_office_line(profile)}")
    email = f", or by e-mail to {escape(profile.email.strip())}" if profile.email.strip() else ""
    story: list[Flowable] = [
        *_letter_top(
            recipient,
            view.mailed_on,
            "Notice of Application for a Sidewalk Cafe Permit",
            f"Application {view.number} \u00b7 {APPLICATION_CITE}",
        ),
        _markup(
            (
                f"You are receiving this notice as the {relation} of property near the "
                f"applicant\u2019s property and the proposed sidewalk cafe (notice is required "
                f"within {NOTICE_RADIUS_FT} feet; it is sent to you as well). "
                if neighbor.beyond
                else f"You are receiving this notice as the {relation} of property within "
                f"{NOTICE_RADIUS_FT} feet of the applicant\u2019s property and the proposed "
                "sidewalk cafe. "
            )
            + f"An application has been filed with the {escape(profile.city_name)} for a "
            "permit to operate a sidewalk cafe \u2014 tables and chairs on the public sidewalk "
            f"\u2014 at <b>{escape(view.establishment)}</b>, {escape(view.address)}."
        ),
        key_value_block(facts, label_width=1.25 * INCH),
        Spacer(1, 8),
        _boxed(
            [
                "<b>Comments.</b> All comments concerning the proposed sidewalk cafe must be "
                f"<b>received by the {CLERK} by {due}</b>, within {COMMENT_DAYS} calendar days "
                f"from the date this notice was mailed, {mailed}.",
                f"Write to {where}{email}, quoting application <b>{escape(view.number)}</b>. "
                + _grey(escape(_cite(APPLICATION_CITE))),
            ],
            fill=True,
        ),
        Spacer(1, 8),
        _markup(
            "After the comment period the application goes to the Common Council for approval "
            "or denial. In considering it, the Council considers comments from the applicant, "
            "the public and City staff. A permit may be issued only after inspection by the "
            "Director of Public Works and approval by the Common Council. "
            + _grey(escape(_cite(ISSUANCE_CITE)))
        ),
        *_letter_foot(
            profile,
            enclosure="Enclosure: the site plan (diagram) submitted by the applicant. "
            f"Sent to the owners and occupants of property within {NOTICE_RADIUS_FT} feet.",
        ),
    ]
    return story


def neighbor_notice_pdf(view: NoticeView, profile: CityProfile) -> bytes:
    """One letter to each owner and occupant of property within 100 feet, dated the day the
    notice is mailed, each followed by the applicant's diagram: that an application was filed,
    whether alcohol will be served if the permit is granted, and the last day the City Clerk
    must receive comments, 15 calendar days from mailing (§ 506-10 (Application for permit)).

    Each letter is numbered on its own. Raises :class:`~clerk_desk.errors.Conflict` before the
    day of mailing is recorded (the letter states the last day for comments, counted from it),
    with no one listed, or without a readable site plan.
    """
    from reportlab.platypus import NextPageTemplate, PageBreak

    if view.mailed_on is None or view.comments_due_on is None:
        raise Conflict(
            f"Record the day the notice of {view.number} is mailed first: the letter states the "
            f"last day for comments, {COMMENT_DAYS} calendar days from mailing.",
            cite=APPLICATION_CITE,
        )
    if not view.neighbors:
        raise Conflict(
            f"No owners or occupants within {NOTICE_RADIUS_FT} feet are listed for {view.number}: "
            "there is no one to send the notice to.",
            cite=APPLICATION_CITE,
        )
    sheets = _plan_sheets(view)
    letters = _Letters(
        profile=profile,
        title=f"Notice of sidewalk cafe application {view.number}",
        subject=f"Notice to owners and occupants within {NOTICE_RADIUS_FT} feet, "
        f"{APPLICATION_CITE}",
    )
    stories: list[list[Flowable]] = []
    for neighbor in view.neighbors:
        story = _notice_letter(view, neighbor, profile, len(sheets))
        for page, sheet in enumerate(sheets, start=1):
            caption, note = _plan_caption(view, page, len(sheets))
            wide = "wide" if sheet.width > sheet.height else "later"
            story += [
                NextPageTemplate(wide),
                PageBreak(),
                _plan_page(letters, sheet, caption, note),
            ]
        stories.append(story)
    return letters.build(stories)


@dataclass(frozen=True, slots=True)
class LabelSheet:
    """A sheet of address labels, in points: Avery 5160 and its equivalents (5260, 5520, 8160):
    30 labels of 1 by 2 5/8 inches, three across and ten down, on US Letter."""

    columns: int = 3
    rows: int = 10
    width: float = 2.625 * INCH
    height: float = 1.0 * INCH
    top: float = 0.5 * INCH
    side: float = 0.1875 * INCH
    gutter: float = 0.125 * INCH  # between two columns; the rows touch
    pad_x: float = 0.14 * INCH  # kept clear inside the label's rounded corners
    pad_y: float = 0.07 * INCH

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """The lower left corner of label ``slot`` (0 to 29, across then down) on the page."""
        row, column = divmod(slot, self.columns)
        x = self.side + column * (self.width + self.gutter)
        y = LETTER[1] - self.top - (row + 1) * self.height
        return x, y


AVERY_5160 = LabelSheet()


def label_lines(neighbor: NeighborLine) -> list[str]:
    """What a label says: the name, then the mailing address line by line."""
    return [neighbor.name.strip(), *_lines(neighbor.mailing_address)]


def _ellipsized(text: str, size: float, width: float) -> str:
    if text_width(text, size=size) <= width:
        return text
    while text and text_width(text + "\u2026", size=size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _draw_label(canvas: Canvas, sheet: LabelSheet, slot: int, lines: Sequence[str]) -> None:
    """The lines at the largest size from 10 pt down to 7 pt at which they fit the label,
    centred top to bottom, left-aligned; a line still too long is cut with an ellipsis."""
    x, y = sheet.origin(slot)
    room_w = sheet.width - 2 * sheet.pad_x
    room_h = sheet.height - 2 * sheet.pad_y
    size = 10.0
    while size > 7.0 and (
        max(text_width(line, size=size) for line in lines) > room_w
        or len(lines) * size * 1.17 > room_h
    ):
        size -= 0.5
    leading = size * 1.17
    shown = list(lines[: max(1, int(room_h // leading))])
    if len(shown) < len(lines):  # too many lines even at 7 pt: keep the last (city, ZIP)
        shown[-1] = lines[-1]
    block = len(shown) * leading
    baseline = y + sheet.height / 2 + block / 2 - size * 0.93
    canvas.setFont(FONT_REGULAR, size)
    for line in shown:
        canvas.drawString(x + sheet.pad_x, baseline, _ellipsized(line, size, room_w))
        baseline -= leading


def mailing_labels_pdf(
    neighbors: Sequence[NeighborLine],
    profile: CityProfile,
    *,
    skip: int = 0,
    title: str = "Mailing labels",
    sheet: LabelSheet = AVERY_5160,
) -> bytes:
    """Address labels for the envelopes of the neighbour notice, on Avery 5160 sheets: 30 a
    page, across then down, in the order of the list. ``skip`` leaves that many labels of the
    first sheet blank (a sheet already partly used). Nothing is printed outside the labels.

    Raises :class:`~clerk_desk.errors.Conflict` when no one is listed.
    """
    from reportlab.pdfgen.canvas import Canvas

    if not neighbors:
        raise Conflict(
            "No owners or occupants are listed: there are no mailing labels to print.",
            cite=APPLICATION_CITE,
        )
    if not 0 <= skip < sheet.per_sheet:
        raise ValueError(f"skip must be from 0 to {sheet.per_sheet - 1}")
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=LETTER, initialFontName=FONT_REGULAR, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor(profile.city_name)
    canvas.setSubject(f"Avery 5160 address labels, {len(neighbors)} addressees")
    canvas.setCreator("Clerk Desk")
    canvas.setProducer("Clerk Desk (ReportLab)")
    canvas.setFillColor(lh.color(_INK))
    slot = skip
    for neighbor in neighbors:
        if slot == sheet.per_sheet:
            canvas.showPage()
            canvas.setFillColor(lh.color(_INK))
            slot = 0
        _draw_label(canvas, sheet, slot, label_lines(neighbor))
        slot += 1
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _counts(neighbors: Sequence[NeighborLine]) -> str:
    occupants = sum(1 for n in neighbors if _relation(n) == "Occupant")
    owners = len(neighbors) - occupants
    beyond = sum(1 for n in neighbors if n.beyond)
    return (
        f"{plural(len(neighbors), 'addressee')}: {plural(owners, 'owner')}, "
        f"{plural(occupants, 'occupant')}" + (f"; {beyond} {BEYOND_RADIUS}" if beyond else "")
    )


def neighbor_list_pdf(view: NoticeView, profile: CityProfile) -> bytes:
    """The list of the full names and addresses of the property owners and occupants to whom
    notice was sent, attached to the application packet (§ 506-10 (Application for permit)),
    with the City Administrator's certificate of mailing. Before the notice is mailed it prints
    as a DRAFT of those to be notified.
    """
    from reportlab.platypus import KeepTogether, Spacer

    st = styles()
    mailed = view.mailed_on is not None
    facts: list[tuple[str, object]] = [
        ("Application", view.number),
        ("Applicant", view.applicant_name),
        ("Establishment", f"{view.establishment}, {view.address}"),
        ("Alcohol", view.alcohol),
    ]
    if view.mailed_on is not None:
        facts.append(("Notice mailed", long_day(view.mailed_on)))
    else:
        facts.append(("Notice mailed", "Not yet"))
    if view.comments_due_on is not None:
        due = escape(f"Received by the {CLERK} by {long_day(view.comments_due_on)}")
        how = view.comments_explanation.strip()
        facts.append(
            (
                "Comments due",
                _markup(
                    due + (f"<br/>{_grey(escape(how), 8)}" if how else ""),
                    _style("due", styles().value),
                ),
            )
        )
    title = "Owners and Occupants Notified" if mailed else "Owners and Occupants to Be Notified"
    story: list[Flowable] = [
        para(title, st.title),
        para(
            f"Property within {NOTICE_RADIUS_FT} feet of the applicant\u2019s property and the "
            f"proposed sidewalk cafe \u00b7 {_counts(view.neighbors)} \u00b7 {APPLICATION_CITE}",
            st.subtitle,
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _neighbor_table(view.neighbors),
    ]
    if view.mailed_on is not None:
        story += [
            Spacer(1, 12),
            KeepTogether(
                [
                    _markup(
                        f"I certify that on <b>{escape(long_day(view.mailed_on))}</b> notice that "
                        f"application {escape(view.number)} for a sidewalk cafe permit has been "
                        "filed, with a copy of the diagram submitted by the applicant, was mailed "
                        "to each owner and occupant listed above, at the address shown."
                    ),
                    side_by_side(
                        _signature(profile, width=3.0 * INCH),
                        signature_line("Date", width=1.6 * INCH),
                        [3.6 * INCH, "*"],
                        valign="BOTTOM",
                    ),
                ]
            ),
        ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Notice list \u2014 sidewalk cafe application {view.number}",
        subject=f"Owners and occupants within {NOTICE_RADIUS_FT} feet, {APPLICATION_CITE}",
        watermark=None if mailed else "DRAFT",
    )


def _neighbor_table(neighbors: Sequence[NeighborLine]) -> Flowable:
    """The full names and addresses of those notified, one a line; an owner more than 100 feet
    away marked "beyond 100 ft — not required"."""
    rows = [
        (
            str(n),
            line.name,
            "\n".join(_lines(line.mailing_address)),
            line.parcel_number,
            _relation(line),
            _distance(line),
        )
        for n, line in enumerate(neighbors, start=1)
    ]
    if not rows:
        return para("No one is listed yet.", _body())
    return data_table(
        ("No.", "Name", "Mailing address", "Parcel", "Owner or occupant", "Distance"),
        rows,
        col_widths=[0.4 * INCH, "26%", "*", 0.85 * INCH, 0.8 * INCH, 1.05 * INCH],
        align=("right", "left", "left", "left", "left", "right"),
        plain=(True, False, False, False, True, False),
    )
