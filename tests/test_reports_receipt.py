"""The receipt, read back as the payer and the auditor read it: letter paper and 80 mm roll."""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import replace

import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader

from clerk_desk.money import Money
from clerk_desk.receipts.views import LineView, ReceiptView, TenderView
from clerk_desk.settings import CityProfile
from reports.document import LETTER, ROLL_WIDTH
from reports.receipt import FEE_CITATION, Paper, receipt_pdf

pytestmark = pytest.mark.usefixtures("papers_checked")

PROFILE = CityProfile(phone="(715) 262-5544", email="clerk@prescott.example")
PAPERS: tuple[Paper, ...] = ("letter", "roll")


def _receipt(**changes: object) -> ReceiptView:
    view = ReceiptView(
        number="2026-000123",
        kind="payment",
        status="issued",
        issued_at=dt.datetime(2026, 3, 13, 14, 5),
        operator_name="Dana Kowalski",
        station="Counter 1",
        payer_name="Nguyễn Văn An",
        payer_address="123 Orange St N\nPrescott, WI 54021",
        lines=(
            LineView("Street opening permit fee", "100-44310", "SO-2026-0012", Money("125.00")),
            LineView(
                "Actual City expenses",
                "100-46110",
                "SO-2026-0012",
                Money("37.50"),
                note="Traffic barricades, 2 days",
            ),
            LineView("Snow & ice removal <charge>", "100-46440", "SC-2025-0088", Money("85.00")),
        ),
        tenders=(
            TenderView("check", "Check 1042 (Zoë Šimková)", Money("150.00"), Money("150.00")),
            TenderView("cash", "Cash", Money("97.50"), Money("100.00")),
        ),
        total=Money("247.50"),
        change=Money("2.50"),
        records_paid=("Street opening permit SO-2026-0012: fee paid",),
        corrects_number=None,
        note="",
        prints=0,
    )
    return replace(view, **changes)  # type: ignore[arg-type]


def _void(**changes: object) -> ReceiptView:
    return _receipt(
        status="void",
        voided_at=dt.datetime(2026, 3, 13, 15, 40),
        voided_by="Pat Treasurer",
        void_reason="Wrong permit referenced",
        **changes,
    )


@pytest.fixture(scope="module", params=PAPERS)
def paper(request: pytest.FixtureRequest) -> Paper:
    chosen: Paper = request.param
    return chosen


def test_receipt_shows_number_total_payer_lines_and_tenders(paper: Paper) -> None:
    pdf = receipt_pdf(_receipt(), profile=PROFILE, paper=paper, duplicate=False)
    text = papers.raw_text(pdf)
    flat = papers.flat(text)
    assert "RECEIPT" in text
    assert "No. 2026-000123" in text
    assert "$247.50" in text
    assert "Nguyễn Văn An" in text
    assert "123 Orange St N" in text and "Prescott, WI 54021" in text
    assert "Fri Mar 13, 2026" in text
    assert "2:05 p.m." in text
    assert "Dana Kowalski" in text
    assert "Counter 1" in text
    for gl in ("100-44310", "100-46110", "100-46440"):
        assert gl in text
    for amount in ("$125.00", "$37.50", "$85.00"):
        assert amount in text
    assert "SO-2026-0012" in text and "SC-2025-0088" in text
    assert "Traffic barricades, 2 days" in text
    assert "Snow & ice removal <charge>" in flat  # typed text is escaped, not read as markup
    assert "Check 1042 (Zoë Šimková)" in flat
    assert "$150.00" in text and "$97.50" in text
    assert "tendered $100.00, change $2.50" in flat
    assert "$2.50" in text
    assert "Street opening permit SO-2026-0012: fee paid" in flat
    assert "DUPLICATE" not in text and "VOID" not in text


def test_letter_receipt_is_one_letter_page_with_letterhead_number_and_citation() -> None:
    pdf = receipt_pdf(_receipt(), profile=PROFILE, paper="letter", duplicate=False)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER
    text = papers.flat(papers.raw_text(pdf))
    assert "City of Prescott" in text and "800 Borner St N" in text
    assert "Page 1 of 1" in text
    assert FEE_CITATION in text
    assert reader.metadata is not None and reader.metadata.title == "Receipt 2026-000123"


def test_roll_is_80_mm_wide_as_tall_as_the_receipt_and_without_the_citation() -> None:
    pdf = receipt_pdf(_receipt(), profile=PROFILE, paper="roll", duplicate=False)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(226.77, abs=0.01)
    assert float(box.width) == pytest.approx(ROLL_WIDTH)
    assert 300 < float(box.height) < 900  # cut to the receipt, not a letter page
    longer = _receipt(lines=_receipt().lines * 6)
    long_pdf = receipt_pdf(longer, profile=PROFILE, paper="roll", duplicate=False)
    assert float(PdfReader(io.BytesIO(long_pdf)).pages[0].mediabox.height) > float(box.height)
    assert "§ 506-6" not in papers.raw_text(pdf)


def test_roll_prints_black_only() -> None:
    """Thermal printers have no grey or colour: every fill and stroke of the roll is black."""
    pdf = receipt_pdf(_void(), profile=PROFILE, paper="roll", duplicate=True)
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents()
    assert content is not None
    ops = re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b", content.get_data())
    assert ops, "expected colour operators in the page"
    for r, g, b, _ in ops:
        assert max(float(r), float(g), float(b)) <= 0.1, (r, g, b)


def test_duplicate_is_marked(paper: Paper) -> None:
    pdf = receipt_pdf(_receipt(prints=1), profile=PROFILE, paper=paper, duplicate=True)
    text = papers.raw_text(pdf)
    assert "DUPLICATE" in text
    assert "VOID" not in text
    assert "$247.50" in text  # still a whole receipt


def test_void_is_marked_with_when_who_and_why_and_wins_over_duplicate(paper: Paper) -> None:
    pdf = receipt_pdf(_void(), profile=PROFILE, paper=paper, duplicate=True)
    text = papers.raw_text(pdf)
    flat = papers.flat(text)
    assert "VOID" in text
    assert "Voided Fri Mar 13, 2026, 3:40 p.m. by Pat Treasurer: Wrong permit referenced" in flat
    assert "DUPLICATE" in text  # both facts show; VOID has the big mark
    assert "due again" in flat  # what it paid is owed again


def test_void_letter_watermark_is_void_not_duplicate() -> None:
    pdf = receipt_pdf(_void(), profile=PROFILE, paper="letter", duplicate=True)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata is not None
    assert reader.metadata.title == "Receipt 2026-000123 (void, duplicate)"
    content = reader.pages[0].get_contents()
    assert content is not None
    # the watermark is the first text drawn on the page (behind everything else)
    first_text = re.search(rb"\((.*?)\) Tj", content.get_data())
    assert first_text is not None
    assert first_text.group(1) == b"VOID"


def test_refund_and_adjustment_titles_and_corrects_line(paper: Paper) -> None:
    refund = _receipt(kind="refund", corrects_number="2026-000099", note="Permit withdrawn.")
    text = papers.flat(
        papers.raw_text(receipt_pdf(refund, profile=PROFILE, paper=paper, duplicate=False))
    )
    assert "REFUND" in text
    assert "Corrects receipt 2026-000099" in text
    assert "Permit withdrawn." in text
    adjustment = _receipt(kind="adjustment", corrects_number="2026-000099")
    text = papers.raw_text(receipt_pdf(adjustment, profile=PROFILE, paper=paper, duplicate=False))
    assert "ADJUSTMENT" in text


def test_cash_paid_exactly_shows_no_change_detail(paper: Paper) -> None:
    exact = _receipt(
        tenders=(TenderView("cash", "Cash", Money("247.50"), Money("247.50")),),
        change=Money.zero(),
    )
    text = papers.flat(
        papers.raw_text(receipt_pdf(exact, profile=PROFILE, paper=paper, duplicate=False))
    )
    assert "tendered" not in text
    assert "$0.00" in text  # the change line still says none was given


def test_unknown_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="paper"):
        receipt_pdf(_receipt(), profile=PROFILE, paper="a4", duplicate=False)  # type: ignore[arg-type]


def test_long_letter_receipt_continues_with_page_numbers() -> None:
    many = _receipt(lines=_receipt().lines * 20)
    pdf = receipt_pdf(many, profile=PROFILE, paper="letter", duplicate=True)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 2
    texts = papers.raw_page_texts(reader)
    total = len(texts)
    for n, text in enumerate(texts, start=1):
        assert f"Page {n} of {total}" in text
        assert "DUPLICATE" in text  # every page of a reprint says so
    assert FEE_CITATION in papers.flat(texts[-1])
