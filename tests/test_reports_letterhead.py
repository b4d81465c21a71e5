"""The City's PDFs, read back the way a person (or a search box) would read them."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path
from typing import Any

import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk.settings import CityProfile
from reports import fonts
from reports.document import (
    LETTER,
    ROLL_CONTENT_WIDTH,
    ROLL_WIDTH,
    build_pdf,
    build_roll_pdf,
    data_table,
    key_value_block,
    para,
    signature_line,
    styles,
)
from reports.seal import seal_path

pytestmark = pytest.mark.usefixtures("papers_checked")

NAMES = ["Nguyễn Văn An", "Zoë Šimková", "Łukasz Nowak", "José García"]
PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescott.example")


def _three_page_story() -> list[Any]:
    st = styles()
    story: list[Any] = [
        para("Street Opening Permit", st.title),
        para("Permit SO-2025-0042", st.subtitle),
        key_value_block(
            [
                ("Applicant", "Nguyễn Văn An"),
                ("Contractor", "Zoë Šimková & Sons <Excavating>"),
                ("Fee", "$1,250.00"),
            ]
        ),
        para("Conditions", st.heading),
    ]
    story += [
        para(f"Condition {i}: restore the pavement within 30 days.", st.body) for i in range(8)
    ]
    rows = [(f"R-{i:04d}", NAMES[i % 4], f"${i * 10 + 25:,}.00") for i in range(80)]
    story.append(
        data_table(
            ["Receipt", "Payer", "Amount"],
            rows,
            col_widths=[72, "*", 80],
            align=["left", "left", "right"],
            total_row=["", "Total", "$99.00"],
        )
    )
    story.append(signature_line("City Clerk"))
    return story


@pytest.fixture(scope="module")
def permit_pdf() -> bytes:
    return build_pdf(
        _three_page_story(),
        profile=PROFILE,
        title="Street Opening Permit SO-2025-0042",
        subject="Street opening permit",
    )


def _resources(page: Any) -> Any:
    """A page's resource dictionary (typed loosely: pypdf's objects are dynamic)."""
    return page["/Resources"].get_object()


def test_document_has_three_letter_pages_numbered_n_of_m(permit_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(permit_pdf))
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER
    texts = papers.raw_page_texts(permit_pdf)
    for n, text in enumerate(texts, start=1):
        assert f"Page {n} of 3" in text


def test_names_extract_exactly(permit_pdf: bytes) -> None:
    text = "\n".join(papers.raw_page_texts(permit_pdf))
    for name in NAMES:
        assert name in text
    # user text is escaped, not read as markup
    assert "Zoë Šimková & Sons <Excavating>" in text


def test_letterhead_on_first_page_running_header_after(permit_pdf: bytes) -> None:
    first, second, third = papers.raw_page_texts(permit_pdf)
    assert "City of Prescott" in first
    assert "City Hall" in first
    for line in PROFILE.address_lines:
        assert line in first
    assert "(715) 262-5544" in first
    assert "clerk@prescott.example" in first
    # later pages: the smaller running header with the title, not the full address block
    for later in (second, third):
        assert "City of Prescott" in later
        assert "Street Opening Permit SO-2025-0042" in later
        assert "800 Borner St N" not in later


def test_letterhead_shows_the_seal_image(permit_pdf: bytes) -> None:
    page = PdfReader(io.BytesIO(permit_pdf)).pages[0]
    xobjects = _resources(page)["/XObject"]
    assert any(xobjects[name]["/Subtype"] == "/Image" for name in xobjects)


def _seal_images(pdf: bytes) -> list[tuple[int, int, bytes, bytes]]:
    """Each first page's letterhead picture: its width, height, pixels and soft mask's pixels."""
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages[:1]:
        xobjects = _resources(page)["/XObject"]
        for name in xobjects:
            image = xobjects[name].get_object()
            if image["/Subtype"] == "/Image":
                mask = image["/SMask"].get_object()
                found.append((image["/Width"], image["/Height"], image.get_data(), mask.get_data()))
    return found


def test_the_seal_is_encoded_once_and_printed_whole_in_every_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20: encoding the seal into each PDF was a third of a receipt's rendering time.
    A second and third document encode no image again, yet each carries the whole seal with
    its transparency, pixel for pixel the picture the first one carried."""
    from reportlab.pdfbase import pdfdoc

    first = build_pdf([para("One", styles().body)], profile=PROFILE, title="One")
    encoded = []
    real = pdfdoc.PDFImageXObject.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        encoded.append(args[0] if args else kwargs.get("name"))
        real(self, *args, **kwargs)

    monkeypatch.setattr(pdfdoc.PDFImageXObject, "__init__", counting)
    later = [
        build_pdf([para(f"Document {n}", styles().body)], profile=PROFILE, title=f"D{n}")
        for n in (2, 3)
    ]
    assert encoded == []
    seal = _seal_images(first)
    assert len(seal) == 1
    width, height, pixels, mask = seal[0]
    assert (width, height) == (276, 276) and len(pixels) == width * height * 3
    assert len(mask) == width * height and min(mask) == 0 and max(mask) == 255  # see-through
    for pdf in later:
        assert _seal_images(pdf) == seal


def _fonts_used(pdf: bytes) -> list[Any]:
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in _resources(page)["/Font"].values():
            found.append(font.get_object())
    return found


def test_fonts_are_embedded_truetype_subsets_not_helvetica(permit_pdf: bytes) -> None:
    fonts_used = _fonts_used(permit_pdf)
    assert fonts_used
    for font in fonts_used:
        base = str(font["/BaseFont"])
        assert "Helvetica" not in base and "Times" not in base and "Courier" not in base
        assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", base), base
        assert font["/Subtype"] in ("/TrueType", "/Type0")
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:  # Type0: descriptor on the descendant font
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object()  # the TrueType program is in the file
        assert "/ToUnicode" in font  # what makes the names extract as text
    assert any("Bold" in str(f["/BaseFont"]) for f in fonts_used)


def test_metadata(permit_pdf: bytes) -> None:
    meta = PdfReader(io.BytesIO(permit_pdf)).metadata
    assert meta is not None
    assert meta.title == "Street Opening Permit SO-2025-0042"
    assert meta.author == "City of Prescott"
    assert meta.subject == "Street opening permit"


def test_letterhead_without_phone_email_and_with_custom_logo(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(seal_path().read_bytes())
    profile = CityProfile(city_name="City of Ellsworth", office="Clerk's Office", logo=str(logo))
    pdf = build_pdf([para("Notice")], profile=profile, title="Notice")
    (text,) = papers.raw_page_texts(pdf)
    assert "City of Ellsworth" in text
    assert "Clerk's Office" in text
    assert "Phone" not in text
    assert "Page 1 of 1" in text


def test_missing_logo_file_still_prints_with_shipped_seal(tmp_path: Path) -> None:
    profile = CityProfile(logo=str(tmp_path / "moved-away.png"))
    pdf = build_pdf([para("Notice")], profile=profile, title="Notice")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert "/XObject" in _resources(page)


def test_broken_logo_file_still_prints(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    logo.write_bytes(b"not an image")
    pdf = build_pdf([para("Notice")], profile=CityProfile(logo=str(logo)), title="Notice")
    assert "Page 1 of 1" in papers.raw_page_texts(pdf)[0]


def test_watermark_and_plain_pages() -> None:
    pdf = build_pdf(
        [para("Register")],
        profile=PROFILE,
        title="Bond register",
        letterhead=False,
        watermark="DRAFT",
    )
    (text,) = papers.raw_page_texts(pdf)
    assert "DRAFT" in text
    assert "Bond register" in text  # running header instead of the letterhead
    assert "800 Borner St N" not in text


def test_long_names_and_titles_do_not_break_the_letterhead() -> None:
    profile = CityProfile(
        city_name="City of Prescott at the Confluence of the St. Croix and Mississippi",
        office="Office of the City Clerk-Treasurer and Deputy Clerks",
    )
    story = [para("x"), para("y" * 3000)]
    pdf = build_pdf(story, profile=profile, title="T" * 300)
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 1


def test_data_table_refuses_ragged_rows() -> None:
    with pytest.raises(ValueError, match="row 2 has 1 cells for 2 columns"):
        data_table(["A", "B"], [("1", "2"), ("3",)])
    with pytest.raises(ValueError, match="plain has 1 entries for 2 columns"):
        data_table(["A", "B"], [("1", "2")], plain=[True])


def test_plain_columns_print_their_text_as_it_is() -> None:
    """A plain cell is set as typed ("<" and "&" too), in the cell font, not as a paragraph."""
    table = data_table(
        ["Parcel", "Owner", "Signed"],
        [("281-00012-0000", "Smith & Sons <LLC>", "Yes"), ("281-00013-0000", None, "No")],
        plain=[True, False, True],
        align=["left", "left", "right"],
    )
    assert table._cellvalues[1][0] == "281-00012-0000"
    assert table._cellvalues[2][1] is not None  # a paragraph, even when empty
    pdf = build_pdf([table], profile=PROFILE, title="Plain")
    text = " ".join(papers.raw_page_texts(pdf)[0].split())
    assert "281-00012-0000 Smith & Sons <LLC> Yes 281-00013-0000 No" in text
    assert "Helvetica" not in _fonts_of(pdf)


def _fonts_of(pdf: bytes) -> str:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    return " ".join(str(font) for font in page["/Resources"]["/Font"].values())


def _roll_story() -> list[Any]:
    st = styles(compact=True)
    return [
        para("RECEIPT", st.title),
        para("No. 2025-000123", st.subtitle),
        key_value_block([("Received from", "Nguyễn Văn An")], label_width=70, compact=True),
        data_table(
            ["Item", "Amount"],
            [("Street opening permit fee", "$250.00"), ("Sidewalk café permit", "$75.00")],
            col_widths=["*", 60],
            align=["left", "right"],
            total_row=["Total", "$325.00"],
            compact=True,
        ),
    ]


def test_roll_receipt_is_80mm_wide_and_as_tall_as_its_content() -> None:
    short = build_roll_pdf(_roll_story(), profile=PROFILE, title="Receipt 2025-000123")
    long_story = _roll_story() + [para(f"line {i}", styles(compact=True).body) for i in range(40)]
    long = build_roll_pdf(long_story, profile=PROFILE, title="Receipt 2025-000124")

    short_page = PdfReader(io.BytesIO(short)).pages
    long_page = PdfReader(io.BytesIO(long)).pages
    assert len(short_page) == len(long_page) == 1
    width = float(short_page[0].mediabox.width)
    assert width == pytest.approx(226.77, abs=0.01)
    assert width == pytest.approx(ROLL_WIDTH)
    short_h = float(short_page[0].mediabox.height)
    long_h = float(long_page[0].mediabox.height)
    assert 150 < short_h < 500  # a few inches of paper, not a letter page
    assert long_h > short_h + 40 * 8  # forty more lines need more paper
    text = short_page[0].extract_text()
    assert "City of Prescott" in text
    assert "Nguyễn Văn An" in text
    assert "$325.00" in text
    assert "Page 1" not in text  # one receipt, no page numbers
    assert PdfReader(io.BytesIO(short)).metadata.title == "Receipt 2025-000123"  # type: ignore[union-attr]
    assert ROLL_CONTENT_WIDTH < ROLL_WIDTH
    for font in _fonts_used(short):
        assert "DejaVuSans" in str(font["/BaseFont"])


def test_roll_receipt_has_no_blank_tail() -> None:
    """The last line sits just above the bottom margin: no paper is wasted after it."""
    pdf = build_roll_pdf(_roll_story(), profile=PROFILE, title="Receipt")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    lowest: list[float] = []

    def visitor(text: str, cm: Any, tm: Any, font_dict: Any, font_size: Any) -> None:
        if text.strip():
            lowest.append(tm[5])

    page.extract_text(visitor_text=visitor)
    assert min(lowest) < 20 * 72 / 25.4  # within 20 mm of the bottom edge


def test_roll_duplicate_banner() -> None:
    pdf = build_roll_pdf(_roll_story(), profile=PROFILE, title="Receipt", watermark="DUPLICATE")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert text.count("DUPLICATE") == 2


def test_roll_refuses_a_story_longer_than_pdf_allows() -> None:
    story = [para(f"line {i}", styles(compact=True).body) for i in range(1500)]
    with pytest.raises(ValueError, match="does not fit on one receipt"):
        build_roll_pdf(story, profile=PROFILE, title="Receipt")


def test_font_registration_is_idempotent_and_thread_safe() -> None:
    errors: list[BaseException] = []

    def register() -> None:
        try:
            fonts.register_fonts()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=register) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fonts.register_fonts()
    assert not errors
    from reportlab.pdfbase import pdfmetrics

    assert pdfmetrics.getFont(fonts.FONT_REGULAR).face.name == b"DejaVuSans"
    assert fonts.text_width("Zoë", size=10) > 0


def test_bold_markup_uses_the_bold_face() -> None:
    pdf = build_pdf([para("x"), _bold("Total")], profile=PROFILE, title="t")
    assert any(str(f["/BaseFont"]).endswith("DejaVuSans-Bold") for f in _fonts_used(pdf))


def _bold(text: str) -> Any:
    from reportlab.platypus import Paragraph

    return Paragraph(f"<b>{text}</b> and <i>more</i>", styles().body)
