"""The sidewalk cafe papers (§ 506-10) read back, the notice to owners and occupants within 100
feet: the letters with the applicant's diagram, the Avery 5160 labels and the list for the
packet (pypdf). Each test builds the view the paper prints from by hand, so that each case is
plain to see; the views shared with the other papers' tests are in
reports_sidewalk_cafes_views.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PageObject
from reports_sidewalk_cafes_views import (  # type: ignore[import-not-found]
    APPLICATION,
    NEIGHBORS,
    PROFILE,
    _notice,
    _picture,
    _plan_pdf,
)

from clerk_desk.errors import Conflict
from clerk_desk.sidewalk_cafes.papers import NeighborLine
from reports.sidewalk_cafes.notice import (
    AVERY_5160,
    mailing_labels_pdf,
    neighbor_list_pdf,
    neighbor_notice_pdf,
)

pytestmark = pytest.mark.usefixtures("papers_checked")

INCH = 72.0


def _many(count: int) -> tuple[NeighborLine, ...]:
    return tuple(
        NeighborLine(
            n, f"Neighbour {n:02d}", f"{100 + n} Walter St\nPrescott, WI 54021", "", "owner", 60
        )
        for n in range(1, count + 1)
    )


# -- the notice to owners and occupants within 100 feet ---------------------------------------


def test_one_letter_to_each_neighbour_each_with_the_diagram() -> None:
    pdf = neighbor_notice_pdf(_notice(), PROFILE)
    reader = papers.reader(pdf)
    pages = papers.page_texts(pdf)
    assert len(pages) == 4 * 3  # each letter, then the plan's two sheets
    for n, neighbor in enumerate(NEIGHBORS):
        letter, sheet_1, sheet_2 = pages[3 * n : 3 * n + 3]
        assert papers.flat(neighbor.name) in letter
        for line in neighbor.mailing_address.splitlines():
            assert line in letter
        assert all(other.name not in letter for other in NEIGHBORS if other is not neighbor)
        assert "Page 1 of 3" in letter and "Page 2 of 3" in sheet_1 and "Page 3 of 3" in sheet_2
        assert "Notice of Application for a Sidewalk Cafe Permit" in letter
        assert "Monday, November 30, 2026" in letter  # the letter is dated the day mailed
        assert (
            "must be received by the City Clerk by Tuesday, December 15, 2026, within 15 "
            "calendar days from the date this notice was mailed, Monday, November 30, 2026"
        ) in letter
        assert (
            "Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
            "(liquor license Class B 2026-14)."
        ) in letter
        assert "The applicant\u2019s site plan is enclosed (pages 2\u20133)." in letter
        assert "The Broad Street Bistro" in letter and "Lindqvist Hospitality LLC" in letter
        assert APPLICATION in letter
        # the applicant's own drawing, set into the letter's pages 2 and 3
        assert "SITE PLAN SHEET 1 SCALE 1/8 IN = 1 FT" in sheet_1
        assert "SITE PLAN SHEET 2 SCALE 1/8 IN = 1 FT" in sheet_2
        assert "Site plan submitted by the applicant — application SC-2026-001, page 1 of 2" in (
            sheet_1
        )
        assert "Reduced to 56% of its size" in sheet_1
    owner = pages[0]
    occupant = pages[6]
    assert "as the owner of property within 100 feet" in owner
    assert "as the occupant of property within 100 feet" in occupant
    # a sheet wider than tall gets a landscape page; the letters stay portrait
    assert [float(v) for v in reader.pages[0].mediabox] == [0, 0, 612, 792]
    assert [float(v) for v in reader.pages[1].mediabox] == [0, 0, 792, 612]


def _scan_form(page: PageObject) -> int:
    """The object number of the form a PDF plan's sheet is drawn from on a page."""
    resources: Any = page["/Resources"]
    return int(resources["/XObject"].raw_get("/ClerkScan").idnum)


def test_the_plan_is_embedded_once_however_many_letters() -> None:
    reader = papers.reader(neighbor_notice_pdf(_notice(neighbors=_many(6)), PROFILE))
    forms = {_scan_form(page) for n, page in enumerate(reader.pages) if n % 3}
    assert len(forms) == 2  # one form for each sheet of the plan, shared by the six letters


def test_a_plan_that_fits_the_page_keeps_its_scale() -> None:
    pages = papers.page_texts(
        neighbor_notice_pdf(_notice(site_plan=_plan_pdf(1, (500.0, 600.0))), PROFILE)
    )
    assert len(pages) == 4 * 2
    assert "Printed at its full size." in pages[1]
    assert "The applicant\u2019s site plan is enclosed (page 2)." in pages[0]


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_picture_of_the_plan_is_drawn_on_the_page(fmt: str) -> None:
    view = _notice(site_plan=_picture(fmt), site_plan_kind=fmt.lower(), site_plan_name="plan.png")
    reader = papers.reader(neighbor_notice_pdf(view, PROFILE))
    assert len(reader.pages) == 4 * 2
    images = [reader.pages[n].images for n in range(1, 8, 2)]
    assert all(len(found) == 1 for found in images)
    assert images[0][0].image is not None and images[0][0].image.size == (1600, 1000)
    shared = set()
    for n in range(1, 8, 2):
        resources: Any = reader.pages[n]["/Resources"]
        xobjects = resources["/XObject"]
        shared |= {xobjects.raw_get(name).idnum for name in xobjects if "Picture" in name}
    assert len(shared) == 1  # the picture is embedded once, drawn on every letter's page 2
    text = papers.flat(reader.pages[1].extract_text())
    assert "Measure by the dimensions written on the plan." in text
    assert "Page 2 of 2" in text


def test_a_phone_photo_is_turned_upright() -> None:
    view = _notice(site_plan=_picture("JPEG", (1600, 1000), turned=6), site_plan_kind="jpeg")
    reader = papers.reader(neighbor_notice_pdf(view, PROFILE))
    (image,) = reader.pages[1].images
    assert image.image is not None and image.image.size == (1000, 1600)  # turned a quarter
    assert [float(v) for v in reader.pages[1].mediabox] == [0, 0, 612, 792]  # taller than wide


def test_no_notice_without_the_day_of_mailing_the_list_or_a_readable_diagram() -> None:
    with pytest.raises(Conflict, match="Record the day the notice of SC-2026-001 is mailed"):
        neighbor_notice_pdf(_notice(mailed_on=None, comments_due_on=None), PROFILE)
    with pytest.raises(Conflict, match="No owners or occupants within 100 feet are listed"):
        neighbor_notice_pdf(_notice(neighbors=()), PROFILE)
    with pytest.raises(Conflict, match="no site plan attached") as raised:
        neighbor_notice_pdf(_notice(site_plan=None, site_plan_kind=""), PROFILE)
    assert raised.value.cite == APPLICATION
    with pytest.raises(Conflict, match="cannot be read as a PDF, PNG or JPEG"):
        neighbor_notice_pdf(_notice(site_plan=b"GIF89a not a plan", site_plan_kind=""), PROFILE)


# -- mailing labels ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    text: str
    x: float
    y: float
    size: float


def _placed(page: PageObject) -> list[Placed]:
    """Each string drawn on a page of labels with where it starts and its size."""
    found: list[Placed] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            found.append(Placed(text.strip(), tm[4], tm[5], size * tm[0]))

    page.extract_text(visitor_text=visit)
    return found


def _label_at(x: float, y: float) -> int:
    """Which of the 30 labels (0 to 29, across then down) a point falls in, by the Avery 5160
    measurements themselves: 1/2 in top margin, 3/16 in side, 2 5/8 by 1 in labels, 1/8 in
    between the columns; -1 when it falls outside every label."""
    for slot in range(30):
        row, column = divmod(slot, 3)
        left = 0.1875 * INCH + column * (2.625 + 0.125) * INCH
        top = 792 - 0.5 * INCH - row * INCH
        if left <= x <= left + 2.625 * INCH and top - INCH <= y <= top:
            return slot
    return -1


def test_thirty_labels_a_sheet_the_thirty_first_on_the_next() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from reports.fonts import FONT_REGULAR

    people = (*_many(29), NEIGHBORS[1], NEIGHBORS[3])  # 31, a long name the 30th
    pdf = mailing_labels_pdf(people, PROFILE)
    reader = papers.reader(pdf)
    assert len(reader.pages) == 2
    first, second = (_placed(page) for page in reader.pages)
    names = [p for p in first if p.text.startswith(("Neighbour", "Kinnickinnic"))]
    assert len(names) == 30
    assert [_label_at(p.x, p.y) for p in names] == list(range(30))  # across, then down
    assert [p.text for p in names[:4]] == [
        "Neighbour 01",
        "Neighbour 02",
        "Neighbour 03",
        "Neighbour 04",
    ]
    # every line of a label lies inside that label, the long ones made smaller to fit
    for placed in first + second:
        slot = _label_at(placed.x, placed.y)
        assert slot >= 0, placed
        width = stringWidth(placed.text, FONT_REGULAR, placed.size)
        assert _label_at(placed.x + width, placed.y) == slot, placed
        assert placed.size >= 7
    # each address starts 0.14 in inside its label and sits centred top to bottom in it
    for slot in range(30):
        row, column = divmod(slot, 3)
        left = 0.1875 * INCH + column * (2.625 + 0.125) * INCH
        middle = 792 - 0.5 * INCH - row * INCH - INCH / 2
        lines = [p for p in first if _label_at(p.x, p.y) == slot]
        assert all(p.x - left == pytest.approx(0.14 * INCH, abs=0.2) for p in lines), slot
        block_top = lines[0].y + 0.73 * lines[0].size  # the first line's capitals
        assert (block_top + lines[-1].y) / 2 == pytest.approx(middle, abs=3), slot
    long_name = next(p for p in first if p.text.startswith("Kinnickinnic"))
    assert long_name.size < 10
    assert _label_at(long_name.x, long_name.y) == 29
    # the thirty-first is the first label of the second sheet, with all its lines
    assert [p.text for p in second] == ["Nguyễn Thị Hương", "301 Orange St N", "Prescott, WI 54021"]
    assert {_label_at(p.x, p.y) for p in second} == {0}
    assert "Neighbour 05 105 Walter St Prescott, WI 54021" in papers.flat(
        reader.pages[0].extract_text()
    )
    assert not any("Page" in p.text for p in first)  # nothing printed outside the labels


def test_labels_can_start_on_a_partly_used_sheet() -> None:
    reader = papers.reader(mailing_labels_pdf(_many(3), PROFILE, skip=28))
    first, second = (_placed(page) for page in reader.pages)
    assert {(_label_at(p.x, p.y), p.text) for p in first if p.text.startswith("Neighbour")} == {
        (28, "Neighbour 01"),
        (29, "Neighbour 02"),
    }
    assert [_label_at(p.x, p.y) for p in second if p.text.startswith("Neighbour")] == [0]


def test_the_label_sheet_is_avery_5160() -> None:
    sheet = AVERY_5160
    assert sheet.per_sheet == 30
    assert sheet.origin(0) == (0.1875 * INCH, 792 - 0.5 * INCH - INCH)
    assert sheet.origin(2)[0] == pytest.approx((0.1875 + 2 * 2.75) * INCH)
    assert sheet.origin(29)[1] == pytest.approx(0.5 * INCH)  # the bottom margin is 1/2 in too
    with pytest.raises(Conflict, match="no mailing labels"):
        mailing_labels_pdf((), PROFILE)
    with pytest.raises(ValueError, match="skip"):
        mailing_labels_pdf(NEIGHBORS, PROFILE, skip=30)


# -- the list attached to the packet -----------------------------------------------------------


def test_the_list_names_everyone_notified_with_a_certificate_of_mailing() -> None:
    pdf = neighbor_list_pdf(_notice(), PROFILE)
    text = papers.text(pdf)
    assert "Owners and Occupants Notified" in text
    assert "4 addressees: 3 owners, 1 occupant" in text
    for neighbor in NEIGHBORS:
        assert neighbor.name in text
    for row in (
        "1 Margaret O'Donnell 233 Broad St N Prescott, WI 54021 281-1000 Owner 40 ft",
        "3 Occupant 235 Broad St N, Apt 2 Prescott, WI 54021 281-1002 Occupant 55 ft",
        "Nguyễn Thị Hương 301 Orange St N Prescott, WI 54021 Owner 100 ft",
    ):
        assert row in text, row
    assert "Received by the City Clerk by Tuesday, December 15, 2026" in text
    assert "15 days after Mon Nov 30, 2026 is Tue Dec 15, 2026" in text
    assert (
        "I certify that on Monday, November 30, 2026 notice that application SC-2026-001"
    ) in text
    assert "City Administrator, City of Prescott" in text
    assert "DRAFT" not in text


def test_an_owner_beyond_100_feet_is_kept_and_marked_not_required() -> None:
    far = NeighborLine(5, "Far Owner LLC", "PO Box 7\nPrescott, WI 54021", "281-1009", "owner", 101)
    notice = _notice(neighbors=(*NEIGHBORS, far))
    listed = papers.text(neighbor_list_pdf(notice, PROFILE))
    assert "5 addressees: 4 owners, 1 occupant; 1 beyond 100 ft — not required" in listed
    assert (
        "Far Owner LLC PO Box 7 Prescott, WI 54021 281-1009 Owner 101 ft beyond 100 ft — not"
        in (listed)
    )
    assert "Owner 100 ft beyond" not in listed  # 100 feet exactly is within
    letters = papers.page_texts(neighbor_notice_pdf(notice, PROFILE))
    near, far_letter = letters[0], letters[12]
    assert "as the owner of property within 100 feet of the applicant" in near
    assert "Far Owner LLC" in far_letter
    assert (
        "as the owner of property near the applicant\u2019s property and the proposed "
        "sidewalk cafe" in far_letter
    )
    assert "notice is required within 100 feet; it is sent to you as well" in far_letter


def test_before_mailing_the_list_is_a_draft() -> None:
    text = papers.text(neighbor_list_pdf(_notice(mailed_on=None, comments_due_on=None), PROFILE))
    assert "Owners and Occupants to Be Notified" in text
    assert "Notice mailed Not yet" in text
    assert "DRAFT" in text
    assert "I certify" not in text
