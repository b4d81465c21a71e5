"""The user's guide: its links name real sections, and its PDF reads back whole (issue 19)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from clerk_desk.guide import GUIDE_FILES, guide_pages, page_for_workflow
from clerk_desk.ordinance import load_chapter
from clerk_desk.paths import resource_path
from clerk_desk.workflows import WORKFLOWS
from reports.guide import GUIDE_AUTHOR, GUIDE_TITLE, write_guide_pdf


def test_every_tab_and_every_role_has_a_page() -> None:
    titles = [page.title for page in guide_pages()]
    assert titles[0] == "A day at the counter"
    for role in ("The Clerk", "The Deputy Clerk", "The Treasurer"):
        assert role in titles
    assert "The Building Inspector / Director of Public Works" in titles
    for workflow in WORKFLOWS:
        page = page_for_workflow(workflow.name)
        assert page is not None, workflow.name
        assert page.title == workflow.title


def test_every_page_in_the_folder_is_shipped_and_read() -> None:
    """A page added to resources/guide but not to GUIDE_FILES would never be shown."""
    on_disk = sorted(path.name for path in resource_path("guide").glob("*.md"))
    assert on_disk == sorted(GUIDE_FILES)


def test_every_ordinance_link_names_a_section_of_chapter_506() -> None:
    chapter = load_chapter()
    linked = [(page.key, cite) for page in guide_pages() for cite in page.cites()]
    assert len(linked) >= 12
    assert [(key, cite) for key, cite in linked if chapter.resolve(cite) is None] == []
    assert ("tab-street-numbers", "§ 506-16") in linked


def test_each_tab_page_cites_the_sections_its_tab_enforces() -> None:
    """The sections the window names for a tab (its tooltip) are the ones its page links."""
    chapter = load_chapter()
    for workflow in WORKFLOWS:
        page = page_for_workflow(workflow.name)
        assert page is not None
        cited = {chapter.resolve(cite).section.number for cite in page.cites()}  # type: ignore[union-attr]
        for number in _sections_named(workflow.sections):
            assert number in cited, (workflow.name, number)


def _sections_named(cites: str) -> set[str | None]:
    numbers: set[str | None] = set()
    for part in cites.replace("§§", "").replace("§", "").split(","):
        part = part.split("(")[0].strip()
        if part:
            numbers.add(None if part == "Sidewalk article" else part)
    return numbers


def test_the_printed_guide_has_every_page_bookmarked_and_its_fonts_embedded(
    tmp_path: Path,
) -> None:
    path = write_guide_pdf(tmp_path / "guide.pdf")
    reader = PdfReader(path)
    assert reader.metadata is not None
    assert reader.metadata.title == GUIDE_TITLE
    assert reader.metadata.author == GUIDE_AUTHOR
    text = "\n".join(pdf_page.extract_text() for pdf_page in reader.pages)
    titles = [page.title for page in guide_pages()]
    for title in titles:
        assert title in text
    assert [entry.title for entry in reader.outline] == titles  # type: ignore[union-attr]
    fonts = set()
    for pdf_page in reader.pages:
        for font in pdf_page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts.add((str(font["/BaseFont"]), "/FontFile2" in font["/FontDescriptor"]))
    assert fonts and all(embedded for _name, embedded in fonts), fonts
    assert "New party…" in text  # the button names print as the window shows them
