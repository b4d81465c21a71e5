"""The user's guide: its pages, read from ``resources/guide/`` (one Markdown file a page).

The window shows the pages and the guide PDF prints them; both read them from here, so the guide
has one text. A page's file name says which tab it describes (``tab-street-numbers.md`` is the
Street Numbers tab); its first line is its title. Names of buttons and fields are written in
**bold**, and each section of Chapter 506 as a link ``[§ 506-6](<cite:§ 506-6>)`` (the angle
brackets let the link hold a space). The tests hold both to the window and to the ordinance, so
the guide cannot drift from either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from clerk_desk.paths import resource_path
from clerk_desk.workflows import WORKFLOWS

GUIDE_FOLDER = "guide"
GUIDE_FILES: tuple[str, ...] = (
    "00-start.md",
    "01-role-clerk.md",
    "02-role-deputy-clerk.md",
    "03-role-treasurer.md",
    "04-role-inspector.md",
    *(f"tab-{workflow.name.replace('_', '-')}.md" for workflow in WORKFLOWS),
)
"""The guide's pages, named so that a page left out of a frozen copy fails its self-test."""
TAB_PREFIX = "tab-"
_CITE_LINK = re.compile(r"\[([^\]]+)\]\(<cite:([^>]+)>\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)


@dataclass(frozen=True)
class GuidePage:
    """One page of the guide: the file's stem, its title and its Markdown text."""

    key: str
    title: str
    markdown: str

    @property
    def workflow(self) -> str | None:
        """The workflow (tab) this page describes, e.g. "street_numbers"; None if no tab's."""
        if not self.key.startswith(TAB_PREFIX):
            return None
        return self.key[len(TAB_PREFIX) :].replace("-", "_")

    @property
    def body(self) -> str:
        """The page's text below its title."""
        return self.markdown.split("\n", 1)[1] if "\n" in self.markdown else ""

    def cites(self) -> list[str]:
        """Every citation the page links to, as written in the link."""
        return [match.group(2) for match in _CITE_LINK.finditer(self.markdown)]

    def quoted_names(self) -> list[str]:
        """Every name the page writes in bold: the buttons, boxes and fields it tells of."""
        return [" ".join(match.group(1).split()) for match in _BOLD.finditer(self.markdown)]


@cache
def guide_pages() -> tuple[GuidePage, ...]:
    """The pages in reading order: the start page, the roles, then one page a tab."""
    pages = []
    for name in GUIDE_FILES:
        path = resource_path(GUIDE_FOLDER, name)
        text = path.read_text(encoding="utf-8").strip() + "\n"
        first = text.split("\n", 1)[0]
        pages.append(GuidePage(path.stem, first.lstrip("#").strip(), text))
    return tuple(pages)


def page_for_workflow(workflow: str) -> GuidePage | None:
    """The page that describes the tab of ``workflow``, or None."""
    for page in guide_pages():
        if page.workflow == workflow:
            return page
    return None
