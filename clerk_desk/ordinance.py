"""Chapter 506 (Streets and Sidewalks) as a navigable, citable document.

Every rule in Clerk Desk returns findings that cite the paragraph they come from (DESIGN.md,
principle 1). The ordinance text we ship lost its subsection letters, so a citation names the
section number and the paragraph's own heading: ``"§ 506-7 (Frozen ground)"``, or with the
heading of the paragraph that introduces a list, ``"§ 506-24 (Conditions of permit: Liability
insurance)"``. This module reads the chapter once, recognises its sections, paragraphs and
headings, and answers the questions the rest of the program asks:

* does this citation name a real paragraph (``Chapter.resolve``)? — a test runs every ``cite=``
  literal in the code through it, so nobody can cite a paragraph that does not exist;
* where is it (``Location``: section, paragraph, character offset), for the ordinance viewer;
* what is the canonical spelling of a paragraph's citation (``cite_for``);
* where does a word occur (``Chapter.search``), and which citations does a text contain
  (``find_cites``), so findings and letters can show them as links.

The text is irregular (see ``resources/chapter-506-streets-and-sidewalks.txt``): the sidewalk
article before § 506-6 has no section number; a paragraph either starts with a heading sentence
("Fee. The fee for ..."), is a heading alone ("Bond.") followed by unheaded paragraphs, or has no
heading; a paragraph ending in a colon introduces sub-paragraphs; item labels such as "(a)" or
"(9)" and footnote marks such as "[2]" stand on lines of their own; "Editor's Note" lines follow
the paragraph they annotate. The parser keys on exactly these shapes and nothing else, and it
never invents subsection letters: the only letters it resolves are those the text itself uses
(``§ 506-7G``, ``§ 506-7H``), mapped by hand and checked against the text by the tests.

Plain Python, no Qt: the core must stay testable without a screen.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from clerk_desk.paths import resource_path

__all__ = [
    "ORDINANCE_FILE",
    "SIDEWALK_ARTICLE_CITE",
    "SIDEWALK_ARTICLE_TITLE",
    "Chapter",
    "Hit",
    "Location",
    "Paragraph",
    "Section",
    "TocEntry",
    "cite_for",
    "find_cite_spans",
    "find_cites",
    "load_chapter",
    "normalize_cite",
    "parse_chapter",
]

ORDINANCE_FILE = "chapter-506-streets-and-sidewalks.txt"

SIDEWALK_ARTICLE_TITLE = "Sidewalks (article before § 506-6)"
"""Title shown for the unnumbered sidewalk article at the top of the chapter."""

SIDEWALK_ARTICLE_CITE = "Sidewalk article"
"""How the unnumbered sidewalk article is cited (it has no section number to cite)."""

# Subsection letters that the ordinance text itself uses ("as authorized in § 506-7H", "except as
# provided for under § 506-7G for pavement replacement"). They are mapped by hand to the heading
# of the paragraph they name, because counting paragraphs to derive letters would invent letters
# where the text's structure is ambiguous. tests/test_ordinance.py checks each against the text.
_NAMED_LETTERS: dict[tuple[str, str], str] = {
    ("506-7", "G"): "Pavement replacement and sidewalk, curb and gutter and driveway restoration",
    ("506-7", "H"): "Emergency excavation",
}

_SECTION_HEADER = re.compile(r"^§\s*(?P<number>506-\d+)\s+(?P<title>.+?)\.?\s*$")
_LABEL = re.compile(r"^\((?P<label>\d+|[a-z])\)$")
_FOOTNOTE_MARK = re.compile(r"^\[\d+\]$")
_NOTE = re.compile(r"^Editor's Note:")
_FOOTNOTE_REF = re.compile(r"\[\d+\]")
# A heading is the first sentence of a line: it ends with a period (perhaps followed by a
# footnote reference) and then either the line ends or the body begins with a capital letter.
_FIRST_SENTENCE = re.compile(
    r"^(?P<head>[A-Z][^.]*?)\.(?:\[\d+\])?(?:$|\s+(?=[A-Z\"“(§]))(?P<body>.*)$", re.DOTALL
)
# Words that make a sentence a statement rather than a heading ("Sidewalks shall be ...").
_VERBS = re.compile(
    r"\b(?:shall|must|is|are|was|were|will|may|has|does|do|can|should|would|include|includes)\b"
    r"|(?<!\bto )\bhave\b",
    re.IGNORECASE,
)
_MAX_HEADING_WORDS = 22


# --------------------------------------------------------------------------------------------
# Model
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Paragraph:
    """One paragraph of a section, possibly with sub-paragraphs.

    Offsets are character offsets into ``Section.text``. ``start`` is where the paragraph's first
    line begins (its item label, if it has one); ``end`` is where its last line ends, including
    its sub-paragraphs and editor's notes, so ``section.text[start:end]`` is the whole paragraph.
    ``heading`` is the paragraph's own heading sentence without the period ("Frozen ground"), or
    None for a paragraph that has none (such a paragraph is cited by its nearest headed
    ancestor, or by the section). ``path`` is the headings from the outermost headed ancestor to
    this paragraph: what goes inside the parentheses of a citation.
    """

    heading: str | None
    label: str | None
    body: str
    notes: tuple[str, ...]
    start: int
    end: int
    path: tuple[str, ...]
    children: tuple[Paragraph, ...]
    text: str = field(repr=False)

    def walk(self) -> Iterator[Paragraph]:
        """This paragraph and all its sub-paragraphs, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, eq=False)
class Section:
    """A numbered section (``number`` "506-6" …) or the unnumbered sidewalk article (None).

    ``text`` is the section exactly as it stands in the file, from its header line (or, for the
    sidewalk article, its first paragraph) to the line before the next section; ``start`` is the
    offset of that text in ``Chapter.text``.
    """

    number: str | None
    title: str
    text: str = field(repr=False)
    start: int
    paragraphs: tuple[Paragraph, ...]

    @property
    def cite(self) -> str:
        """The citation of the whole section: "§ 506-6" or "Sidewalk article"."""
        return cite_for(self)

    @property
    def display_title(self) -> str:
        """The title as the table of contents shows it: "§ 506-6 Excavations of …"."""
        return self.title if self.number is None else f"§ {self.number} {self.title}"

    def walk(self) -> Iterator[Paragraph]:
        """All paragraphs of the section, nested ones included, in reading order."""
        for paragraph in self.paragraphs:
            yield from paragraph.walk()

    def paragraph_at(self, offset: int) -> Paragraph | None:
        """The innermost paragraph containing ``offset`` (None in the section header)."""
        found: Paragraph | None = None
        for paragraph in self.walk():
            if paragraph.start <= offset < paragraph.end:
                found = paragraph  # walk() goes outer to inner, so the last hit is innermost
        return found

    def headed_paragraph_at(self, offset: int) -> Paragraph | None:
        """The innermost paragraph with a heading that contains ``offset``: what a cite names."""
        found: Paragraph | None = None
        for paragraph in self.walk():
            if paragraph.heading is not None and paragraph.start <= offset < paragraph.end:
                found = paragraph
        return found


@dataclass(frozen=True)
class Location:
    """Where a citation points: a section, perhaps a paragraph, and an offset into the section.

    ``offset`` is ``paragraph.start`` (or 0 for the whole section); ``chapter_offset`` is the
    same place in ``Chapter.text``.
    """

    section: Section
    paragraph: Paragraph | None
    offset: int

    @property
    def chapter_offset(self) -> int:
        return self.section.start + self.offset

    @property
    def cite(self) -> str:
        """The canonical citation of this place (what ``cite_for`` gives)."""
        return cite_for(self.section, self.paragraph)


@dataclass(frozen=True)
class Hit:
    """One search match: where it is, which heading it falls under, and a snippet to show."""

    section: Section
    paragraph: Paragraph | None
    heading: str | None
    offset: int
    length: int
    snippet: str

    @property
    def cite(self) -> str:
        """Citation of the innermost headed paragraph containing the match."""
        return cite_for(self.section, self.section.headed_paragraph_at(self.offset))


@dataclass(frozen=True)
class TocEntry:
    """One line of the table of contents: a section (level 0) or a paragraph heading (1, 2 …)."""

    level: int
    title: str
    cite: str
    section: Section
    paragraph: Paragraph | None


@dataclass(frozen=True, eq=False)
class Chapter:
    """The whole chapter: its text and its sections in order."""

    text: str = field(repr=False)
    header: str
    sections: tuple[Section, ...]

    def section(self, number: str | None) -> Section | None:
        """A section by number ("506-6", "§ 506-6"); None or "Sidewalk article" for the article."""
        if number is None or _fold(number) == _fold(SIDEWALK_ARTICLE_CITE):
            key = None
        else:
            key = re.sub(r"^§\s*", "", _clean(number))
        for section in self.sections:
            if section.number == key:
                return section
        return None

    def resolve(self, cite: str) -> Location | None:
        """The place a citation names, or None if it names nothing in this chapter.

        Accepted: "§ 506-6", "§ 506-7 (Frozen ground)", "§ 506-24 (Conditions of permit:
        Liability insurance)", a sub-heading alone when it is unique in its section ("§ 506-24
        (Liability insurance)"), the letters the text itself uses ("§ 506-7H"), "Sidewalk
        article" and "Sidewalk article (Sidewalk permit required)". Case, spacing, dash style
        and a final period do not matter. A path whose outer headings do not match the text
        ("§ 506-6 (Bond: Fee)") is refused rather than guessed.
        """
        parsed = _parse_cite(cite)
        if parsed is None:
            return None
        number, letter, path = parsed
        section = self.section(number)
        if section is None:
            return None
        if letter is not None:
            if path:
                return None
            heading = _NAMED_LETTERS.get((section.number or "", letter))
            if heading is None:
                return None
            path = (heading,)
        if not path:
            return Location(section, None, 0)
        paragraph = _find_paragraph(section, path)
        if paragraph is None:
            return None
        return Location(section, paragraph, paragraph.start)

    def search(self, text: str) -> list[Hit]:
        """Every case-insensitive occurrence of ``text``, in reading order.

        Runs of spaces in the query match any whitespace, so a phrase is found across the line
        breaks between a heading and its paragraph.
        """
        words = text.split()
        if not words:
            return []
        pattern = re.compile(r"\s+".join(re.escape(w) for w in words), re.IGNORECASE)
        hits: list[Hit] = []
        for section in self.sections:
            for match in pattern.finditer(section.text):
                headed = section.headed_paragraph_at(match.start())
                hits.append(
                    Hit(
                        section=section,
                        paragraph=section.paragraph_at(match.start()),
                        heading=headed.heading if headed is not None else None,
                        offset=match.start(),
                        length=match.end() - match.start(),
                        snippet=_snippet(section.text, match.start(), match.end()),
                    )
                )
        return hits

    def iter_headings(self) -> Iterator[TocEntry]:
        """The table of contents: each section, then its headed paragraphs, depth first.

        Unheaded paragraphs are left out (they have nothing to show); a headed paragraph's level
        is one more than its nearest headed ancestor's.
        """
        for section in self.sections:
            yield TocEntry(0, section.display_title, cite_for(section), section, None)
            for paragraph in section.walk():
                if paragraph.heading is not None:
                    yield TocEntry(
                        len(paragraph.path),
                        paragraph.heading,
                        cite_for(section, paragraph),
                        section,
                        paragraph,
                    )

    def all_cites(self) -> list[str]:
        """The canonical citation of every section and headed paragraph (for pickers, tests)."""
        return [entry.cite for entry in self.iter_headings()]


def cite_for(section: Section, paragraph: Paragraph | None = None) -> str:
    """The canonical citation of a section or paragraph, as findings should spell it.

    "§ 506-7 (Frozen ground)", "§ 506-24 (Conditions of permit: Liability insurance)",
    "Sidewalk article (Sidewalk permit required)". A paragraph without a heading is cited by its
    nearest headed ancestor, or by the section if it has none — never by an invented letter.
    """
    base = SIDEWALK_ARTICLE_CITE if section.number is None else f"§ {section.number}"
    if paragraph is None or not paragraph.path:
        return base
    return f"{base} ({': '.join(paragraph.path)})"


# --------------------------------------------------------------------------------------------
# Loading and parsing
# --------------------------------------------------------------------------------------------


@functools.cache
def load_chapter() -> Chapter:
    """The shipped chapter, parsed once per process (it never changes while the program runs)."""
    text = resource_path(ORDINANCE_FILE).read_text(encoding="utf-8")
    return parse_chapter(text)


def parse_chapter(text: str) -> Chapter:
    """Parse the chapter text into sections and paragraphs (see the module docstring)."""
    text = text.replace("\r\n", "\n")
    lines = _lines_with_offsets(text)
    header = ""
    if lines and not lines[0][1].rstrip().endswith((".", ":")):
        header = lines[0][1].strip()
        lines = lines[1:]

    sections: list[Section] = []
    chunk: list[tuple[int, str]] = []
    number: str | None = None
    title = SIDEWALK_ARTICLE_TITLE

    def flush() -> None:
        if chunk or number is not None:
            sections.append(_build_section(text, number, title, chunk))

    for offset, line in lines:
        match = _SECTION_HEADER.match(line)
        if match:
            flush()
            number, title = match["number"], match["title"]
            chunk = [(offset, line)]
        else:
            chunk.append((offset, line))
    flush()
    return Chapter(text=text, header=header, sections=tuple(sections))


def _lines_with_offsets(text: str) -> list[tuple[int, str]]:
    """Non-blank lines with their offsets in ``text`` (blank lines only separate blocks)."""
    out: list[tuple[int, str]] = []
    offset = 0
    for line in text.split("\n"):
        if line.strip():
            out.append((offset, line.rstrip()))
        offset += len(line) + 1
    return out


@dataclass
class _Block:
    """A line of the section, classified, with its offsets relative to the section text."""

    kind: str  # "headed", "heading", "plain", "note"
    start: int
    end: int
    line: str
    label: str | None = None
    heading: str | None = None
    body: str = ""

    @property
    def colon(self) -> bool:
        """Does the paragraph end in a colon, i.e. introduce a list of sub-paragraphs?"""
        return self.line.rstrip().endswith(":")


@dataclass
class _Node:
    """A paragraph under construction."""

    block: _Block
    end: int
    notes: list[str] = field(default_factory=list)
    children: list[_Node] = field(default_factory=list)


def _build_section(
    chapter_text: str, number: str | None, title: str, chunk: list[tuple[int, str]]
) -> Section:
    start = chunk[0][0]
    end = chunk[-1][0] + len(chunk[-1][1])
    text = chapter_text[start:end]
    body_lines = chunk[1:] if number is not None else chunk
    blocks = _classify([(off - start, line) for off, line in body_lines])
    nodes = _nest(blocks)
    paragraphs = tuple(_freeze(node, text, ()) for node in nodes)
    return Section(number=number, title=title, text=text, start=start, paragraphs=paragraphs)


def _classify(lines: list[tuple[int, str]]) -> list[_Block]:
    """Turn lines into blocks: item labels and footnote marks are folded into the next line."""
    blocks: list[_Block] = []
    pending_label: str | None = None
    pending_start: int | None = None
    for offset, line in lines:
        stripped = line.strip()
        label = _LABEL.match(stripped)
        if label:
            pending_label = f"({label['label']})"
            pending_start = offset
            continue
        if _FOOTNOTE_MARK.match(stripped):
            pending_start = offset if pending_start is None else pending_start
            continue
        start = offset if pending_start is None else pending_start
        end = offset + len(line)
        if _NOTE.match(stripped):
            blocks.append(_Block("note", start, end, stripped))
        else:
            head, body = _split_heading(stripped)
            if head is None:
                kind = "plain"
            elif body:
                kind = "headed"
            else:
                kind = "heading"
            blocks.append(_Block(kind, start, end, stripped, pending_label, head, body))
        pending_label = None
        pending_start = None
    return blocks


def _split_heading(line: str) -> tuple[str | None, str]:
    """("Frozen ground", "No openings …") for a headed line; (None, line) when there is none.

    A heading is a first sentence that states nothing: no verb such as "shall", "is" or "may",
    no section sign or digits (those are statute references such as "Section 82.19, …"), and
    at most a couple of dozen words.
    """
    match = _FIRST_SENTENCE.match(line)
    if match is None:
        return None, line
    head = match["head"].strip()
    if (
        _VERBS.search(head)
        or re.search(r"[\d§]", head)
        or len(head.split()) > _MAX_HEADING_WORDS
        or head.endswith(",")
    ):
        return None, line
    return head, match["body"].strip()


def _nest(blocks: list[_Block]) -> list[_Node]:
    """Group blocks into paragraphs and sub-paragraphs.

    The shapes recognised, all of which the chapter uses:

    * a paragraph ending in a colon ("… the following requirements:") owns the run that
      follows it. The first sub-paragraph sets the kind of run: headed paragraphs ("Liability
      insurance. …"); items that are noun phrases ("Construction and repair of streets.",
      "Awnings which do not extend …"), which may look like headings but are not; or
      statements ("The applicant has been issued …"). The run ends at the first paragraph of
      another kind (a statement list ends at the next heading), or at another colon paragraph;
    * a heading alone ("Bond.") owns the unheaded paragraphs that follow it;
    * an item label ("(a)") or footnote mark ("[2]") belongs to the line after it;
    * an editor's note belongs to the paragraph just before it.

    Headed paragraphs that follow a heading alone ("Permit required." then "Fee. …") are kept
    at the same level: the text does not say whether they belong to it, and a citation should
    not assert a structure the text does not show.
    """
    top: list[_Node] = []
    container: _Node | None = None  # a heading alone, or a colon paragraph, owning what follows
    mode: str | None = None  # the kind of run a colon paragraph owns: headed, items, statements
    last: _Node | None = None  # the most recent paragraph, for notes

    for block in blocks:
        if block.kind == "note":
            if last is None:
                top.append(_Node(block, block.end))
                continue
            last.notes.append(block.line)
            last.end = max(last.end, block.end)
            if container is not None:
                container.end = max(container.end, block.end)
            continue

        node = _Node(block, block.end)
        as_child = False
        if container is not None and container.block.colon:
            if mode is None:
                if block.kind == "headed" and not block.colon:
                    mode = "headed"
                elif block.kind == "heading" or not _VERBS.search(block.line):
                    mode = "items"
                else:
                    mode = "statements"
            if mode == "headed":
                as_child = block.kind == "headed" and not block.colon
            elif mode == "items":
                as_child = block.kind in ("plain", "heading")
            else:
                as_child = block.kind == "plain"
        elif container is not None:  # a heading alone owns unheaded paragraphs
            as_child = block.kind == "plain"

        if as_child and container is not None:
            if block.kind == "heading":  # an item that merely looks like a heading
                block.kind, block.heading, block.body = "plain", None, block.line
            container.children.append(node)
            container.end = max(container.end, node.end)
            last = node
            continue

        top.append(node)
        last = node
        if block.kind == "heading" or block.colon:
            container, mode = node, None
        else:
            container, mode = None, None
    return top


def _freeze(node: _Node, section_text: str, parent_path: tuple[str, ...]) -> Paragraph:
    block = node.block
    path = (*parent_path, block.heading) if block.heading else parent_path
    children = tuple(_freeze(child, section_text, path) for child in node.children)
    body = block.body if block.kind != "plain" else block.line
    return Paragraph(
        heading=block.heading,
        label=block.label,
        body=body,
        notes=tuple(node.notes),
        start=block.start,
        end=node.end,
        path=path,
        children=children,
        text=section_text[block.start : node.end],
    )


# --------------------------------------------------------------------------------------------
# Citations
# --------------------------------------------------------------------------------------------

# hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus sign: all read as "-"
_DASHES = dict.fromkeys([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212], "-")

_CITE = re.compile(
    r"^(?:(?:§|sec\.?|section)\s*(?P<number>506\s*-\s*\d+)\s*(?:\(?(?P<letter>[a-z])\)?)?"
    r"|(?P<article>sidewalk\s+article))"
    r"\s*(?:\((?P<path>[^()]*)\))?\s*\.?$",
    re.IGNORECASE,
)


def _clean(text: str) -> str:
    """Collapse whitespace, unify dashes and drop a final period."""
    text = " ".join(text.translate(_DASHES).split())
    return text[:-1].rstrip() if text.endswith(".") else text


def _fold(text: str) -> str:
    """Comparison key for headings and cites: case, spacing, punctuation spacing don't count."""
    text = _clean(text).casefold()
    text = re.sub(r"\s*([;,:])\s*", r"\1 ", text)
    return text.strip()


def normalize_cite(cite: str) -> str | None:
    """The canonical spelling of a citation, or None if it names nothing in the chapter."""
    location = load_chapter().resolve(cite)
    return None if location is None else location.cite


def _parse_cite(cite: str) -> tuple[str | None, str | None, tuple[str, ...]] | None:
    """(section number or None for the article, letter or None, heading path) of a cite."""
    match = _CITE.match(_clean(cite))
    if match is None:
        return None
    number = re.sub(r"\s+", "", match["number"]) if match["number"] else None
    letter = match["letter"].upper() if match["letter"] else None
    raw_path = (match["path"] or "").strip()
    path = tuple(part.strip() for part in raw_path.split(":")) if raw_path else ()
    if any(not part for part in path):
        return None
    return number, letter, path


def _find_paragraph(section: Section, path: tuple[str, ...]) -> Paragraph | None:
    """The paragraph whose heading path is ``path``; a single heading may name a nested one.

    A single heading that occurs more than once in the section is ambiguous and resolves to
    nothing, so a citation can never silently point at the wrong paragraph.
    """
    wanted = tuple(_fold(part) for part in path)
    exact = [p for p in section.walk() if p.heading and tuple(map(_fold, p.path)) == wanted]
    if len(exact) == 1:
        return exact[0]
    if len(wanted) == 1:
        by_heading = [p for p in section.walk() if p.heading and _fold(p.heading) == wanted[0]]
        if len(by_heading) == 1:
            return by_heading[0]
    return None


@dataclass(frozen=True)
class CiteSpan:
    """A citation found in a text: its spelling and where it stands."""

    cite: str
    start: int
    end: int


_CITE_IN_TEXT = re.compile(
    r"§§\s*(?P<multi>506-\d+[A-Z]?(?:\s*(?:,|and|or|,\s*and)\s*506-\d+[A-Z]?)+)"
    r"|§\s*(?P<single>506-\d+[A-Z]?)(?:\s*\((?P<path>[A-Za-z][^()]*)\))?"
    r"|(?P<article>Sidewalk article)\s*\((?P<apath>[A-Za-z][^()]*)\)",
)
_MULTI_PART = re.compile(r"506-\d+[A-Z]?")


def find_cite_spans(text: str) -> list[CiteSpan]:
    """Every Chapter 506 citation in ``text`` with its position, for making it a link.

    Recognises "§ 506-7", "§ 506-7H", "§ 506-7 (Frozen ground)", "Sidewalk article (Fee)" and
    the plural "§§ 506-6 and 506-7" (one span per section). A parenthesis after a section number
    is taken as a heading when it starts with a letter; whether it names a real paragraph is
    ``Chapter.resolve``'s question, not this function's.
    """
    spans: list[CiteSpan] = []
    for match in _CITE_IN_TEXT.finditer(text):
        if match["multi"]:
            base = match.start("multi")
            for part in _MULTI_PART.finditer(match["multi"]):
                spans.append(CiteSpan(f"§ {part[0]}", base + part.start(), base + part.end()))
        elif match["single"]:
            cite = f"§ {match['single']}"
            if match["path"]:
                cite += f" ({' '.join(match['path'].split())})"
            spans.append(CiteSpan(cite, match.start(), match.end()))
        else:
            cite = f"{SIDEWALK_ARTICLE_CITE} ({' '.join(match['apath'].split())})"
            spans.append(CiteSpan(cite, match.start(), match.end()))
    return spans


def find_cites(text: str) -> list[str]:
    """The Chapter 506 citations in ``text``, in order (see ``find_cite_spans``)."""
    return [span.cite for span in find_cite_spans(text)]


def _snippet(text: str, start: int, end: int, width: int = 40) -> str:
    """A one-line excerpt around a match, with ellipses where it was cut."""
    lo = max(0, start - width)
    hi = min(len(text), end + width)
    if lo > 0:
        space = text.find(" ", lo, start)
        lo = space + 1 if space != -1 else lo
    if hi < len(text):
        space = text.rfind(" ", end, hi)
        hi = space if space != -1 else hi
    excerpt = " ".join(text[lo:hi].split())
    return ("…" if lo > 0 else "") + excerpt + ("…" if hi < len(text) else "")
