"""Views of the sidewalk cafe papers built by hand, as the core hands them over, that the papers'
tests share (tests/test_reports_sidewalk_cafes_*.py): the City's profile, the neighbours within
100 feet, a site plan as a PDF or a picture, and a notice to the neighbours."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import date
from typing import Any

from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import NeighborLine, NoticeView

PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescott.example")
APPLICATION = "§ 506-10 (Application for permit)"


# -- views as the core hands them over --------------------------------------------------------

NEIGHBORS = (
    NeighborLine(
        1, "Margaret O'Donnell", "233 Broad St N\nPrescott, WI 54021", "281-1000", "owner", 40
    ),
    NeighborLine(
        2,
        "Kinnickinnic Holdings LLC & Sons <Trust>",
        "c/o Peter Vang, Managing Member\nPO Box 1182\nHudson, WI 54016-1182",
        "281-1001",
        "owner",
        85,
    ),
    NeighborLine(
        3, "Occupant", "235 Broad St N, Apt 2\nPrescott, WI 54021", "281-1002", "occupant", 55
    ),
    NeighborLine(4, "Nguyễn Thị Hương", "301 Orange St N\nPrescott, WI 54021", "", "owner", 100),
)


def _plan_pdf(pages: int = 2, size: tuple[float, float] = (1224.0, 792.0)) -> bytes:
    """A site plan as an applicant brings it: 17 by 11 inch sheets with the scale noted."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size)
    for n in range(1, pages + 1):
        canvas.setFont("Helvetica-Bold", 28)
        canvas.drawString(60, size[1] - 80, f"SITE PLAN SHEET {n} SCALE 1/8 IN = 1 FT")
        canvas.rect(60, 60, size[0] - 120, size[1] - 180)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _picture(fmt: str = "PNG", size: tuple[int, int] = (1600, 1000), turned: int = 1) -> bytes:
    """A photographed or drawn plan; ``turned`` is the EXIF orientation a phone camera writes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).rectangle([20, 20, size[0] - 20, size[1] - 20], outline="black", width=8)
    buffer = io.BytesIO()
    if turned != 1:
        exif = Image.Exif()
        exif[0x0112] = turned
        image.save(buffer, fmt, exif=exif)
    else:
        image.save(buffer, fmt)
    return buffer.getvalue()


def _notice(**changes: Any) -> NoticeView:
    view = NoticeView(
        cafe_id=1,
        number="SC-2026-001",
        establishment="The Broad Street Bistro",
        address="221 Broad St N",
        applicant_name="Lindqvist Hospitality LLC",
        serves_alcohol=True,
        liquor_license="Class B 2026-14",
        alcohol="Alcoholic beverages will be served at the sidewalk cafe if the permit is granted "
        "(liquor license Class B 2026-14).",
        mailed_on=date(2026, 11, 30),
        comments_due_on=date(2026, 12, 15),
        comments_explanation="15 days after Mon Nov 30, 2026 is Tue Dec 15, 2026 \u2014 Wis. "
        "Stat. § 990.001(4) (the first day is not counted, the last is).",
        site_plan_name="bistro-plan.pdf",
        site_plan_scale="1/8 in = 1 ft",
        site_plan=_plan_pdf(),
        site_plan_kind="pdf",
        neighbors=NEIGHBORS,
        cite=APPLICATION,
    )
    return replace(view, **changes)
