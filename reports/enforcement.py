"""The letters of enforcement cases on the City's letterhead (§§ 506-8, 506-12, 506-21, 506-23),
and the register of cases as a workbook (issue 21).

Drawn from :class:`clerk_desk.enforcement.letters.LetterView` and
:class:`clerk_desk.enforcement.views.CaseRow`, after the read transaction has closed: the words
are the core's, the page is ours. ReportLab and openpyxl are imported only when a paper is made.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from clerk_desk.enforcement.letters import LetterView
from clerk_desk.enforcement.views import CaseRow
from clerk_desk.settings import CityProfile
from clerk_desk.words import format_day, long_day

from .document import INCH, build_pdf, key_value_block, para, styles
from .excel import Column, ProgressCallback, Target, write_register

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

DEFAULT_CITY = CityProfile().city_name
SECTIONS = "§§ 506-8, 506-11, 506-12, 506-20, 506-21, 506-23"


def letter_pdf(view: LetterView, profile: CityProfile) -> bytes:
    """One letter: the date, the addressee where a window envelope shows it, the reference,
    the paragraphs, and the signature of the official the section names, with who recorded
    it at City Hall."""
    from reportlab.platypus import Spacer

    st = styles()
    story: list[Flowable] = [
        para(long_day(view.dated), st.body),
        Spacer(1, 0.15 * INCH),
        para("\n".join([view.to_name, *_lines(view.to_address)]), st.body),
        Spacer(1, 0.2 * INCH),
        para(view.title, st.title),
        para(view.cite, st.subtitle),
        key_value_block(list(view.facts)),
        Spacer(1, 0.15 * INCH),
    ]
    story += [para(text, st.body) for text in view.paragraphs]
    story += [
        Spacer(1, 0.35 * INCH),
        para("_" * 40, st.body),
        para(view.signed_by + (f" \u2014 {view.signer_name}" if view.signer_name else ""), st.body),
        para(profile.city_name, st.body),
        Spacer(1, 0.2 * INCH),
        para(f"Recorded at City Hall by {view.recorded_by}. Case {view.number}.", st.small),
    ]
    return build_pdf(story, profile=profile, title=f"{view.title} {view.number}", subject=view.cite)


def _lines(address: str) -> list[str]:
    return [line.strip().strip(",") for line in address.splitlines() if line.strip(" ,")]


REGISTER_COLUMNS: tuple[Column, ...] = (
    Column("Case", width=13),
    Column("Kind", width=34),
    Column("Place", width=34),
    Column("Person responsible or owner", width=28),
    Column("Status", width=22),
    Column("Next", width=60),
    Column("Due", "date"),
    Column("Charge", width=13),
)


def register_row(row: CaseRow) -> tuple[object, ...]:
    return (
        row.number,
        row.kind_label,
        row.location,
        row.party,
        row.status_label,
        row.next_step,
        row.due,
        row.charge_number,
    )


def register_xlsx(
    rows: Iterable[CaseRow],
    path: Target,
    *,
    city: str = DEFAULT_CITY,
    printed_on: dt.date | None = None,
    progress: ProgressCallback | None = None,
    author: str | None = None,
) -> int:
    """The register of enforcement cases, one a row; returns the rows written."""
    when = f", {format_day(printed_on)}" if printed_on else ""
    return write_register(
        path,
        title="Enforcement",
        columns=REGISTER_COLUMNS,
        rows=(register_row(r) for r in rows),
        progress=progress,
        subtitle=f"{city} \u2014 enforcement cases ({SECTIONS}){when}",
        author=author,
        city=city,
    )
