"""Chapter 506 parsing, citations and search (clerk_desk.ordinance).

The expected headings below were read by hand from
``resources/chapter-506-streets-and-sidewalks.txt``; the guard test at the end keeps every
citation written in the code (and in the shipped fee schedule) pointing at a real paragraph.
"""

from __future__ import annotations

import ast
import csv
import itertools
import re
from pathlib import Path

import pytest

from clerk_desk.ordinance import (
    SIDEWALK_ARTICLE_TITLE,
    Chapter,
    cite_for,
    find_cite_spans,
    find_cites,
    load_chapter,
    normalize_cite,
    parse_chapter,
)
from clerk_desk.paths import resource_path

ROOT = Path(__file__).resolve().parent.parent

SECTION_TITLES = {
    "506-6": "Excavations of streets, alleys, public ways and grounds",
    "506-7": "Regulations governing excavations and openings",
    "506-8": "Obstructions and encroachments",
    "506-9": "Street privilege permit",
    "506-10": "Sidewalk cafe permit",
    "506-11": "Snow and ice removal",
    "506-12": "Terrace areas",
    "506-13": "Vaults",
    "506-14": "Requests for improvements",
    "506-15": "Unlawful dumping on streets",
    "506-16": "Street numbers",
    "506-17": "Obstruction of public ditches",
    "506-18": "Use and/or lease of City equipment",
    "506-19": "Bidding of public construction projects",
    "506-20": "Dirt and debris on streets",
    "506-21": "Damages to streets and public property",
    "506-22": "Adoption of state statutes concerning roads",
    "506-23": "Newspaper receptacles",
    "506-24": "Sale or display of merchandise prohibited; special event vending permit",
}


@pytest.fixture(scope="module")
def chapter() -> Chapter:
    return load_chapter()


# ---- structure -------------------------------------------------------------------------------


def test_load_is_cached() -> None:
    assert load_chapter() is load_chapter()


def test_every_section_is_found_with_its_title(chapter: Chapter) -> None:
    numbers = [s.number for s in chapter.sections]
    assert numbers == [None, *SECTION_TITLES]
    for number, title in SECTION_TITLES.items():
        section = chapter.section(number)
        assert section is not None, number
        assert section.title == title
        assert section.text.startswith(f"§ {number} {title}")
    assert chapter.section("§ 506-6") is chapter.section("506-6")
    assert chapter.section("506-99") is None


def test_sidewalk_article_has_no_number(chapter: Chapter) -> None:
    article = chapter.section(None)
    assert article is not None
    assert article is chapter.section("Sidewalk article")
    assert article.title == SIDEWALK_ARTICLE_TITLE
    assert article.cite == "Sidewalk article"
    assert article.text.startswith("Construction and repair regulated.")
    assert chapter.header == "City of Prescott, WI General Regulations"


def test_offsets_point_into_the_section_text(chapter: Chapter) -> None:
    for section in chapter.sections:
        assert chapter.text[section.start : section.start + len(section.text)] == section.text
        for paragraph in section.walk():
            assert section.text[paragraph.start : paragraph.end] == paragraph.text
            if paragraph.heading is not None:
                # the heading starts the paragraph's line (after an item label such as "(9)")
                first_line = paragraph.text.split("\n")[-1 if paragraph.label else 0]
                assert first_line.startswith(paragraph.heading), paragraph.heading
            for child in paragraph.children:
                assert paragraph.start <= child.start < child.end <= paragraph.end


def test_nesting_follows_the_colon_lists(chapter: Chapter) -> None:
    vending = chapter.section("506-24")
    assert vending is not None
    conditions = next(p for p in vending.paragraphs if p.heading == "Conditions of permit")
    assert [c.heading for c in conditions.children] == [
        "Liability insurance",
        "Cooperation with law enforcement officials",
        "Cleanup",
    ]
    cafe = chapter.section("506-10")
    assert cafe is not None
    configurations = next(p for p in cafe.paragraphs if p.heading == "Allowable configurations")
    assert [c.heading for c in configurations.children] == [
        "Abutting the storefront",
        "Abutting the curbside",
        "Corner parcels",
    ]
    # a list of noun-phrase items is not mistaken for headings
    bidding = chapter.section("506-19")
    assert bidding is not None
    assert [p.heading for p in bidding.paragraphs] == ["No bid construction", "Contracts, how let"]
    assert len(bidding.paragraphs[0].children) == 5


def test_item_labels_and_editors_notes(chapter: Chapter) -> None:
    article = chapter.section(None)
    assert article is not None
    reconstruction = next(p for p in article.walk() if p.heading == "Sidewalk reconstruction")
    assert [c.label for c in reconstruction.children] == ["(a)", "(b)"]
    curing = next(p for p in article.walk() if p.heading == "Curing and drying")
    assert curing.label == "(9)"
    fee = chapter.resolve("§ 506-6 (Fee)")
    assert fee is not None and fee.paragraph is not None
    assert fee.paragraph.notes == (
        "Editor's Note: The current fee schedule is on file in the City Clerk's office.",
    )
    # notes and item labels are never headings
    for section in chapter.sections:
        for paragraph in section.walk():
            assert paragraph.heading is None or not paragraph.heading.startswith("Editor")


def test_parse_is_independent_of_line_endings() -> None:
    text = resource_path("chapter-506-streets-and-sidewalks.txt").read_text(encoding="utf-8")
    crlf = parse_chapter(text.replace("\n", "\r\n"))
    assert [s.number for s in crlf.sections] == [s.number for s in load_chapter().sections]
    assert crlf.all_cites() == load_chapter().all_cites()


# ---- citations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cite", "number", "heading", "starts"),
    [
        ("§ 506-7 (Frozen ground)", "506-7", "Frozen ground", "Frozen ground. No openings"),
        ("§ 506-6 (Fee)", "506-6", "Fee", "Fee. The fee for each application"),
        (
            "§ 506-6 (Insurance required)",
            "506-6",
            "Insurance required",
            "Insurance required. A permit shall be issued",
        ),
        ("§ 506-14", "506-14", None, "§ 506-14 Requests for improvements."),
        ("§ 506-16 (Altering numbers)", "506-16", "Altering numbers", "Altering numbers. No"),
        (
            "§ 506-24 (Conditions of permit: Liability insurance)",
            "506-24",
            "Liability insurance",
            "Liability insurance. To hold a valid permit",
        ),
        ("§ 506-7H", "506-7", "Emergency excavation", "Emergency excavation. In the event"),
        (
            "§ 506-7G",
            "506-7",
            "Pavement replacement and sidewalk, curb and gutter and driveway restoration",
            "Pavement replacement and sidewalk",
        ),
        (
            "Sidewalk article (Sidewalk permit required)",
            None,
            "Sidewalk permit required",
            "Sidewalk permit required. No person shall",
        ),
        ("§ 506-6 (Bond)", "506-6", "Bond", "Bond.\n\nBefore a permit"),
        ("§ 506-6", "506-6", None, "§ 506-6 Excavations"),
    ],
)
def test_known_cites_resolve(
    chapter: Chapter, cite: str, number: str | None, heading: str | None, starts: str
) -> None:
    location = chapter.resolve(cite)
    assert location is not None, cite
    assert location.section.number == number
    assert (location.paragraph.heading if location.paragraph else None) == heading
    assert location.section.text[location.offset :].startswith(starts)
    assert chapter.text[location.chapter_offset :].startswith(starts)


def test_named_letters_agree_with_the_order_of_paragraphs(chapter: Chapter) -> None:
    """§ 506-7G and H are the 7th and 8th paragraphs of § 506-7, as the text's own references
    ("§ 506-7G for pavement replacement", "emergency excavation as defined in Subsection H")
    imply: the hand-made letter map matches the parsed structure."""
    section = chapter.section("506-7")
    assert section is not None
    assert section.paragraphs[6].heading is not None
    assert section.paragraphs[6].heading.startswith("Pavement replacement")
    assert section.paragraphs[7].heading == "Emergency excavation"


@pytest.mark.parametrize(
    "cite",
    [
        "§ 506-7 (frozen ground)",
        "§506-7 (Frozen ground)",
        "  §  506-7  ( Frozen  ground ) ",
        "§ 506-7 (Frozen ground).",
        "§ 506\u20137 (Frozen ground)",  # en dash
        "sec. 506-7 (FROZEN GROUND)",
    ],
)
def test_resolve_forgives_case_space_dash_and_period(chapter: Chapter, cite: str) -> None:
    location = chapter.resolve(cite)
    assert location is not None
    assert location.cite == "§ 506-7 (Frozen ground)"


def test_sub_heading_alone_and_path_spacing(chapter: Chapter) -> None:
    expected = "§ 506-24 (Conditions of permit: Liability insurance)"
    assert normalize_cite("§ 506-24 (Liability insurance)") == expected
    assert normalize_cite("§ 506-24 (conditions of permit :liability insurance.)") == expected
    assert normalize_cite("§ 506-7(h)") == "§ 506-7 (Emergency excavation)"
    assert normalize_cite("sidewalk article") == "Sidewalk article"


@pytest.mark.parametrize(
    "cite",
    [
        "§ 506-99",
        "§ 506-6 (Nonexistent heading)",
        "§ 506-6 (Bond: Fee)",  # Fee is not under Bond: a wrong path is not guessed
        "§ 506-7Z",
        "§ 506-7A",  # a letter the text never names
        "§ 506-1B",  # named in the text, but the sidewalk article lost its numbering
        "§ 506-7H (Frozen ground)",
        "Sidewalk article (Fee)",
        "506-7 (Frozen ground)",
        "Frozen ground",
        "",
        "§ 506-24 (Conditions of permit: )",
    ],
)
def test_unknown_cites_resolve_to_none(chapter: Chapter, cite: str) -> None:
    assert chapter.resolve(cite) is None


def test_every_canonical_cite_round_trips_and_is_unique(chapter: Chapter) -> None:
    cites = chapter.all_cites()
    assert len(cites) == len(set(cites))
    for cite in cites:
        location = chapter.resolve(cite)
        assert location is not None, cite
        assert location.cite == cite


def test_cite_for(chapter: Chapter) -> None:
    vending = chapter.section("506-24")
    assert vending is not None
    insurance = next(p for p in vending.walk() if p.heading == "Liability insurance")
    assert cite_for(vending) == "§ 506-24"
    assert cite_for(vending, insurance) == "§ 506-24 (Conditions of permit: Liability insurance)"
    # an unheaded paragraph is cited by its headed parent, never by an invented letter
    bond = chapter.resolve("§ 506-6 (Bond)")
    assert bond is not None and bond.paragraph is not None
    assert cite_for(bond.section, bond.paragraph.children[1]) == "§ 506-6 (Bond)"
    petitions = chapter.section("506-14")
    assert petitions is not None
    assert cite_for(petitions, petitions.paragraphs[0]) == "§ 506-14"


def test_iter_headings_is_a_table_of_contents(chapter: Chapter) -> None:
    entries = list(chapter.iter_headings())
    assert entries[0].level == 0 and entries[0].title == SIDEWALK_ARTICLE_TITLE
    assert sum(1 for e in entries if e.level == 0) == len(chapter.sections)
    titles = [(e.level, e.title) for e in entries]
    i = titles.index((1, "Conditions of permit"))
    assert titles[i + 1] == (2, "Liability insurance")
    assert (0, "§ 506-7 Regulations governing excavations and openings") in titles
    # a level never jumps by more than one, so the entries build a tree
    for before, after in itertools.pairwise(entries):
        assert after.level <= before.level + 1


# ---- search ----------------------------------------------------------------------------------


def test_search_finds_september_15_in_506_14(chapter: Chapter) -> None:
    hits = chapter.search("september 15")
    assert len(hits) == 1
    hit = hits[0]
    assert hit.section.number == "506-14"
    assert hit.section.text[hit.offset : hit.offset + hit.length] == "September 15"
    assert "September 15" in hit.snippet
    assert hit.cite == "§ 506-14"


def test_search_reports_the_heading_and_a_short_snippet(chapter: Chapter) -> None:
    hits = chapter.search("November 15")
    assert [(h.section.number, h.heading) for h in hits] == [("506-7", "Frozen ground")]
    assert hits[0].cite == "§ 506-7 (Frozen ground)"
    for hit in chapter.search("permit"):
        assert len(hit.snippet) <= 100
        assert "\n" not in hit.snippet
        assert "permit" in hit.snippet.lower()


def test_search_is_case_insensitive_and_spans_whitespace(chapter: Chapter) -> None:
    assert len(chapter.search("FROZEN GROUND")) == len(chapter.search("frozen ground")) >= 1
    # across the blank line between a heading alone and its first paragraph
    assert [h.heading for h in chapter.search("Bond. Before a permit")] == ["Bond"]
    assert chapter.search("") == []
    assert chapter.search("   ") == []
    assert chapter.search("zzqx") == []


# ---- find_cites ------------------------------------------------------------------------------


def test_find_cites_in_free_text() -> None:
    text = (
        "Certificate shows $75,000; see § 506-24 (Conditions of permit: Liability insurance). "
        "Opened in winter (§ 506-7 (Frozen ground)), as authorized in § 506-7H; "
        "compare Sidewalk article (Sidewalk permit required) and §§ 506-6 and 506-7, "
        "but not § 66.0907 or Wis. Stat. § 990.001(4)."
    )
    assert find_cites(text) == [
        "§ 506-24 (Conditions of permit: Liability insurance)",
        "§ 506-7 (Frozen ground)",
        "§ 506-7H",
        "Sidewalk article (Sidewalk permit required)",
        "§ 506-6",
        "§ 506-7",
    ]
    spans = find_cite_spans(text)
    assert text[spans[2].start : spans[2].end] == "§ 506-7H"
    assert find_cites("nothing to see") == []


def test_find_cites_in_the_ordinance_itself(chapter: Chapter) -> None:
    fee = chapter.resolve("§ 506-6 (Fee; emergency excavation)")
    assert fee is not None and fee.paragraph is not None
    assert find_cites(fee.paragraph.text) == ["§ 506-7H", "§ 506-7H"]


# ---- guard: every citation written in the code names a real paragraph --------------------------

_CITE_START = ("§ 506", "Sidewalk article")
# a string that is nothing but a citation ("§ 506-6 (Fee)"), as opposed to prose mentioning one
_WHOLE_CITE = re.compile(r"^(?:§ 506-\d+[A-Z]?|Sidewalk article)(?: \([^()]+\))?$")


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _cites_in_source(source: str, where: str) -> list[tuple[str, str]]:
    """(file:line, cite) for every citation literal in one module's source.

    Counted: a string given as a ``cite=`` keyword argument (or any ``*cite=``), a string
    assigned to a name ending in ``CITE``, and any other string that consists of a citation and
    nothing else (such as a positional argument ``"§ 506-6 (Bond)"``). Docstrings and prose
    that merely mention a section are not counted.
    """
    tree = ast.parse(source)
    docstrings = _docstring_nodes(tree)
    found: list[tuple[str, str]] = []
    seen: set[int] = set()
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.keyword) and node.arg and node.arg.endswith("cite"):
            values.append(node.value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named_cite = any(
                isinstance(t, ast.Name) and t.id.upper().endswith("CITE") for t in targets
            )
            if named_cite and node.value is not None:
                values.append(node.value)
        for value in values:
            if (
                isinstance(value, ast.Constant)
                and isinstance(value.value, str)
                and value.value.startswith(_CITE_START)
            ):
                seen.add(id(value))
                found.append((f"{where}:{value.lineno}", value.value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in seen
            and id(node) not in docstrings
            and _WHOLE_CITE.match(node.value)
        ):
            found.append((f"{where}:{node.lineno}", node.value))
    return found


def _written_cites() -> list[tuple[str, str]]:
    """Every citation literal in clerk_desk/, reports/ and ui/."""
    found: list[tuple[str, str]] = []
    for folder in ("clerk_desk", "reports", "ui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            found.extend(_cites_in_source(source, str(path.relative_to(ROOT))))
    return found


def test_every_cite_written_in_the_code_resolves(chapter: Chapter) -> None:
    bad = [
        f"{where}: {cite!r}" for where, cite in _written_cites() if chapter.resolve(cite) is None
    ]
    assert not bad, "citations that name no paragraph of Chapter 506:\n" + "\n".join(bad)


def test_every_cite_in_the_fee_schedule_resolves(chapter: Chapter) -> None:
    path = resource_path("fee-schedule.csv")
    if not path.exists():
        pytest.skip("no fee schedule shipped")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    bad = [
        f"{row.get('code')}: {row['section']!r}"
        for row in rows
        if row.get("section") and chapter.resolve(row["section"]) is None
    ]
    assert not bad, "fee schedule sections that name no paragraph:\n" + "\n".join(bad)


def test_the_guard_would_catch_a_bad_cite() -> None:
    """The scanner itself finds cites in each of the shapes it promises, and only those."""
    source = (
        '"""Module docstring naming § 506-6 (Not checked)."""\n'
        'a = Finding(level="warn", cite="§ 506-6 (Made-up heading)", text="see § 506-1B")\n'
        'PERMIT_CITE = "Sidewalk article (Nope)"\n'
        'w = Workflow("x", "X", "§ 506-6 (Bond)")\n'
        'b = fn(rule_cite="§ 506-7Q")\n'
    )
    cites = [cite for _where, cite in _cites_in_source(source, "sample.py")]
    assert sorted(cites) == sorted(
        ["§ 506-6 (Made-up heading)", "Sidewalk article (Nope)", "§ 506-6 (Bond)", "§ 506-7Q"]
    )
    chapter = load_chapter()
    assert sorted(c for c in cites if chapter.resolve(c) is None) == sorted(
        ["§ 506-6 (Made-up heading)", "Sidewalk article (Nope)", "§ 506-7Q"]
    )
