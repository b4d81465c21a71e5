"""The Council's agenda packet and the petitions register, read back.

The packet is built from petitions taken through the core's services, with real scans (PDFs of
one and three pages made here with ReportLab, a PNG), and read back with pypdf: its page count,
its bookmarks, the page numbers of its table of contents against the pages the sections really
start on, the links of the contents, "Packet page N of M" on every page (the scans included),
the late petitions after the timely ones, a missing and a damaged scan, and cancelling.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import re
import tempfile
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import openpyxl
import papers  # type: ignore[import-not-found]
import pytest
from papers import papers_checked  # type: ignore[import-not-found]  # noqa: F401
from pypdf import PdfReader
from pypdf.generic import Destination

from clerk_desk import documents, parties, settings_store
from clerk_desk.clock import FixedClock
from clerk_desk.deadlines import CalendarSettings, CityCalendar
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import EnvironmentProblem
from clerk_desk.kinds import MeetingKind, PartyKind, PetitionKind
from clerk_desk.models import Document
from clerk_desk.petitions import details as petition_details
from clerk_desk.petitions import papers as petition_papers
from clerk_desk.petitions import schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.meetings import MeetingRow
from clerk_desk.petitions.papers import PetitionPaper
from clerk_desk.petitions.schedule import MeetingData
from clerk_desk.petitions.service import PetitionData, SignerData
from clerk_desk.settings import CityProfile
from reports.excel import DATETIME_FORMAT, ExportCancelled
from reports.petitions import (
    FOOTER_LABEL,
    LATE_HEADING,
    TIMELY_HEADING,
    agenda_packet_pdf,
    petitions_excel,
)

pytestmark = pytest.mark.usefixtures("papers_checked")

CHICAGO = ZoneInfo("America/Chicago")
PROFILE = CityProfile(phone="(715) 262-5544")
CHAMBERS = "Council Chambers, Prescott Municipal Building"


def _scan_pdf(label: str, pages: int, *, landscape: bool = False) -> bytes:
    """A small real PDF whose pages say which scan and page they are."""
    from reportlab.pdfgen.canvas import Canvas

    size = (792.0, 612.0) if landscape else (612.0, 792.0)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size)
    for n in range(1, pages + 1):
        canvas.setFont("Helvetica-Bold", 28)
        canvas.drawString(72, size[1] - 120, f"{label} sheet {n}")
        canvas.rect(36, 36, size[0] - 72, size[1] - 72)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _png() -> bytes:
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (340, 440), "white")
    ImageDraw.Draw(picture).rectangle((20, 20, 320, 420), outline="black", width=4)
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


DAMAGED_PDF = b"%PDF-1.4\nthis is not a PDF at all, the scanner lost it\n%%EOF\n"


@dataclass
class Agenda:
    desk: Desk
    meeting_id: int
    numbers: dict[str, str]  # label -> petition number
    missing_sha: str


def _owners(desk: Desk, who: SignedIn) -> list[SignerData]:
    signers = []
    with desk.action(who) as action:
        for lot, (name, house) in enumerate(
            (("Anna Berg", 412), ("Zoë Nguyễn", 416), ("Smith & Sons <LLC>", 420)), start=1
        ):
            party = parties.add_party(
                action,
                parties.PartyData(kind=PartyKind.PERSON, name=name, street=f"{house} Orange St"),
            )
            parcel = parties.add_parcel(
                action,
                parties.ParcelData(
                    parcel_number=f"281-03{lot:03d}-0000",
                    site_address=f"{house} Orange St",
                    owner_id=party.id,
                ),
            )
            signers.append(SignerData(party_id=party.id, parcel_id=parcel.id, signed=lot != 3))
    return signers


def _receive(
    desk: Desk,
    who: SignedIn,
    clock: FixedClock,
    owners: list[SignerData],
    when: datetime,
    street: str,
    scans: list[tuple[str, bytes]],
) -> str:
    """Receive a curb and gutter petition at ``when`` (Prescott time) with its scans."""
    clock.set(when)
    with desk.action(who) as action:
        petition_id = petitions.receive_petition(
            action,
            PetitionData(
                kind=PetitionKind.CURB_AND_GUTTER,
                street=street,
                limits_from="Broad St N",
                limits_to="Court St",
                description="Curb and gutter on both sides; water stands at the corner.",
                signers=tuple(owners),
                staff_notes="Checked against the parcel list by the Deputy Clerk.",
            ),
            scans=scans,
        )
        return petitions.get_petition(action.session, petition_id).number


@pytest.fixture
def agenda(desk: Desk, admin: SignedIn, clock: FixedClock) -> Agenda:
    """Four petitions on the agenda of December 14, 2026: three timely, one late. Their scans:
    one page; three pages, a picture and a landscape page; a damaged PDF; one page."""
    clock.set(datetime(2026, 9, 1, 9, 0))
    owners = _owners(desk, admin)
    late_scan = _scan_pdf("LATE", 1)
    three = [
        ("three.pdf", _scan_pdf("THREE", 3)),
        ("photo.png", _png()),
        ("wide.pdf", _scan_pdf("WIDE", 1, landscape=True)),
    ]
    filed = {  # label: (received, street, scans)
        "one": (datetime(2026, 9, 14, 14, 35), "Orange St", [("one.pdf", _scan_pdf("ONE", 1))]),
        "three": (datetime(2026, 9, 15, 16, 55), "Kinnickinnic St", three),
        "damaged": (datetime(2026, 9, 15, 8, 5), "Walter St", [("damaged.pdf", DAMAGED_PDF)]),
        "late": (datetime(2026, 9, 16, 9, 0), "Dexter St", [("late.pdf", late_scan)]),
    }
    numbers = {
        label: _receive(desk, admin, clock, owners, when, street, scans)
        for label, (when, street, scans) in filed.items()
    }
    clock.set(datetime(2026, 11, 30, 10, 0))
    with desk.action(admin) as action:
        meeting_id = schedule.add_meeting(
            action,
            MeetingData(
                MeetingKind.REGULAR, datetime(2026, 12, 14, 18, 0, tzinfo=CHICAGO), CHAMBERS
            ),
        )
        action.session.flush()
        for petition in petitions.search_petitions(action.session):
            petitions.place_on_agenda(action, petition.id, meeting_id)
    return Agenda(desk, meeting_id, numbers, missing_sha=hashlib.sha256(late_scan).hexdigest())


def _build(
    agenda: Agenda,
    *,
    lose: str | None = None,
    calendar: CityCalendar | None = None,
    **kw: Any,
) -> bytes:
    database = agenda.desk.database
    with tempfile.TemporaryDirectory() as folder:
        with database.reading() as session:
            view = petition_papers.read_packet(
                session,
                agenda.meeting_id,
                zone=CHICAGO,
                calendar=calendar or agenda.desk.calendar_in(session),
                as_of=datetime.now(UTC),
                folder=Path(folder),
            )

        def scan(sha: str) -> bytes | None:
            # As the window does: the packet is drawn after its read has closed, its scans
            # copied out with the agenda.
            return None if sha == lose else view.scan(sha)

        return agenda_packet_pdf(
            view.meeting,
            view.petitions,
            scan=scan,
            profile=PROFILE,
            tz=CHICAGO,
            calendar=view.calendar,
            histories=view.histories,
            **kw,
        )


def _page_with(texts: list[str], words: str) -> int:
    """The 1-based number of the only page holding ``words``."""
    found = [n for n, text in enumerate(texts, start=1) if words in text]
    assert len(found) == 1, (words, found)
    return found[0]


def _outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(level, title, 1-based page) of every bookmark, in order."""
    flat: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                assert isinstance(item, Destination)
                page = reader.get_destination_page_number(item)
                assert page is not None
                flat.append((level, str(item.title), page + 1))

    walk(reader.outline, 0)
    return flat


def test_packet_pages_bookmarks_contents_and_footers(agenda: Agenda) -> None:
    pdf = _build(agenda, prepared_at=datetime(2026, 12, 11, 15, 5, tzinfo=CHICAGO))
    reader = PdfReader(io.BytesIO(pdf))
    texts = papers.page_texts(reader)
    total = len(reader.pages)

    # Every page, attached scans included, says where it is in the packet.
    for n, text in enumerate(texts, start=1):
        assert f"{FOOTER_LABEL} {n} of {total}" in text, (n, text[-80:])

    # The cover.
    cover = texts[0]
    for words in (
        "City of Prescott",
        "Common Council",
        "Regular meeting",
        "Monday, December 14, 2026 at 6:00 p.m.",
        CHAMBERS,
        "Improvement petitions",
        "4 petitions on the agenda: 3 filed on or before September 15, 2026, 1 late.",
        "§ 506-14 Requests for improvements.",
        "shall be presented to the Common Council on or before September 15",
        "Packet prepared Fri Dec 11, 2026 at 3:05 p.m.",
    ):
        assert words in cover, words

    # Where each petition's section starts, found by its heading on the page.
    starts = {
        k: _page_with(texts, f"Petition {n} — Curb and gutter") for k, n in agenda.numbers.items()
    }
    # The scan pages: each page of each PDF where it belongs, and the picture, after its section.
    sheet = {
        label: _page_with(texts, label)
        for label in (
            "ONE sheet 1",
            "THREE sheet 1",
            "THREE sheet 2",
            "THREE sheet 3",
            "WIDE sheet 1",
            "LATE sheet 1",
        )
    }
    photo = _page_with(texts, "attached scan photo.png")
    notice = _page_with(texts, "The scan damaged.pdf is attached, but it cannot be read")
    assert sheet["ONE sheet 1"] == starts["one"] + 1
    # The petitions section starts on pages of their own, in agenda order: timely first.
    timely_order = sorted(("one", "three", "damaged"), key=lambda k: agenda.numbers[k])
    pages_in_order = [starts[k] for k in timely_order] + [starts["late"]]
    assert pages_in_order == sorted(pages_in_order)
    assert starts["late"] > max(starts[k] for k in timely_order)
    assert [sheet[f"THREE sheet {n}"] for n in (1, 2, 3)] == [
        starts["three"] + n for n in (1, 2, 3)
    ]
    assert photo == starts["three"] + 4 and sheet["WIDE sheet 1"] == starts["three"] + 5
    assert notice == starts["damaged"] + 1
    assert sheet["LATE sheet 1"] == starts["late"] + 1
    assert "attached scan three.pdf, page 2 of 3" in texts[sheet["THREE sheet 2"] - 1]

    # Page count: the laid-out pages plus one page per attached page (3 + 1 + 1 + 1 + 1) and the
    # notice for the damaged scan; nothing else.
    attached = [n for n, text in enumerate(texts, start=1) if "· attached scan" in text]
    assert len(attached) == 8
    assert attached == sorted([*sheet.values(), photo, notice])
    body = [n for n in range(1, total + 1) if n not in attached]
    assert total == len(body) + len(attached)
    assert total == max(attached)  # the late petition's scan ends the packet

    # The groups: timely, then late.
    timely_group = _page_with(texts, f"{TIMELY_HEADING} September 15, 2026 Filed on or before")
    late_group = _page_with(texts, f"{LATE_HEADING} September 15, 2026 Filed after")
    assert timely_group == starts[timely_order[0]]
    assert late_group == starts["late"]
    assert timely_group < late_group

    # The bookmarks: one per section and per petition, pointing at its page; scans under it.
    outline = _outline(reader)
    titles = {title: (level, page) for level, title, page in outline}
    assert titles["Cover"] == (0, 1)
    assert titles["Contents"][0] == 0 and "Contents" in texts[titles["Contents"][1] - 1]
    assert titles["Summary of petitions"][0] == 0
    assert "Summary of petitions" in texts[titles["Summary of petitions"][1] - 1]
    petition_marks = [(title, page) for level, title, page in outline if level == 1]
    assert len(petition_marks) == 4
    for key, number in agenda.numbers.items():
        (page,) = [page for title, page in petition_marks if title.startswith(number)]
        assert page == starts[key], key
    assert titles["Scan: three.pdf"] == (2, sheet["THREE sheet 1"])
    assert [title for level, title, _ in outline if level == 0][-2:] == [
        f"{TIMELY_HEADING} September 15, 2026",
        f"{LATE_HEADING} September 15, 2026",
    ]

    # The table of contents: its page numbers are the pages the sections start on.
    contents_page = titles["Contents"][1]
    entries = _contents(reader.pages[contents_page - 1].extract_text())
    printed = {
        match.group(0): page
        for title, page in entries
        if (match := re.match(r"P-\d{4}-\d{3}", title)) is not None
    }
    assert printed == {number: starts[key] for key, number in agenda.numbers.items()}
    assert ("Summary of petitions", titles["Summary of petitions"][1]) in entries
    assert (f"{TIMELY_HEADING} September 15, 2026", timely_group) in entries
    assert (f"{LATE_HEADING} September 15, 2026", late_group) in entries

    # ... and its lines are links to those pages.
    links = _links(reader, contents_page)
    assert len(links) == 7  # summary, two groups, four petitions
    assert sorted(links) == sorted(
        [titles["Summary of petitions"][1], timely_group, late_group, *starts.values()]
    )

    # The summary table lists every petition with its timeliness.
    summary = texts[titles["Summary of petitions"][1] - 1]
    for number in agenda.numbers.values():
        assert number in summary
    assert "Timely" in summary and "Late" in summary
    assert "Anna Berg and 2 more 2 of 3 signed" in summary

    # A petition's section: details, petitioners with parcel and signed yes/no, notes, history.
    section = texts[starts["late"] - 1]
    for words in (
        "Received Wed Sep 16, 2026 at 9:00 a.m., by Alex Administrator",
        "2028. Received Wed Sep 16, 2026, after Tue Sep 15, 2026: too late for 2027",
        "Late: after the last day to file for 2027",
        "281-03003-0000 420 Orange St No",
        "281-03001-0000 412 Orange St Yes",
        "Checked against the parcel list by the Deputy Clerk.",
        "Placed on the agenda of Mon Dec 14, 2026",
        "Scan attached: late.pdf",
        "2 of 3 owners named signed",
    ):
        assert words in section, words

    meta = reader.metadata
    assert meta is not None and meta.title == "Agenda packet · Common Council, Mon Dec 14, 2026"
    assert meta.author == "City of Prescott"


def _contents(text: str) -> list[tuple[str, int]]:
    """(title, page) of each line of the contents: the page number follows its title."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return [
        (title, int(number))
        for title, number in itertools.pairwise(lines)
        if number.isdigit() and not title.isdigit()
    ]


def _links(reader: PdfReader, page_number: int) -> list[int]:
    """The 1-based pages the link annotations of a page lead to (ReportLab writes each as a
    /Dest [page /Fit])."""
    pages = []
    for ref in reader.pages[page_number - 1].get("/Annots", []):
        annot = ref.get_object()
        if annot.get("/Subtype") == "/Link":
            page = reader.get_page_number(annot["/Dest"][0].get_object())
            assert page is not None
            pages.append(page + 1)
    return pages


def test_a_missing_scan_gets_a_page_saying_so(agenda: Agenda) -> None:
    pdf = _build(agenda, lose=agenda.missing_sha)
    reader = PdfReader(io.BytesIO(pdf))
    texts = papers.page_texts(reader)
    start = _page_with(texts, f"Petition {agenda.numbers['late']} — Curb and gutter")
    notice = texts[start]
    assert "Scan not available" in notice
    assert "The scan late.pdf, attached on Wed Sep 16, 2026 by Alex Administrator" in notice
    assert "LATE sheet 1" not in " ".join(texts)
    assert f"{FOOTER_LABEL} {start + 1} of {len(texts)}" in notice


def test_the_packet_reads_every_attached_scan_with_the_agenda_and_none_swapped(
    agenda: Agenda, tmp_path: Path
) -> None:
    """One read holds what the packet sets in: each attached scan, as stored; a stored scan
    whose bytes no longer match its fingerprint is not set in (its page says it is missing)."""
    database = agenda.desk.database
    with database.writing() as session:
        swapped = session.get(Document, agenda.missing_sha)
        assert swapped is not None
        swapped.content = swapped.content + b"% changed after it was filed\n"
    with database.reading() as session:
        view = petition_papers.read_packet(
            session,
            agenda.meeting_id,
            zone=CHICAGO,
            calendar=agenda.desk.calendar_in(session),
            as_of=datetime.now(UTC),
            folder=tmp_path,
        )
        attached = {s.sha256 for p in view.petitions for s in p.scans}
        for sha in attached - {agenda.missing_sha}:
            assert view.scan(sha) == documents.scan_bytes(session, sha)
    assert len(attached) >= 4 and set(view.scans) == attached - {agenda.missing_sha}
    assert view.scan(agenda.missing_sha) is None
    texts = papers.page_texts(_build(agenda))
    assert (
        "Scan not available"
        in texts[_page_with(texts, f"Petition {agenda.numbers['late']} — Curb and gutter")]
    )


def test_the_scans_copied_on_a_thread_are_handed_over_in_order_none_swapped(
    agenda: Agenda, admin: SignedIn, tmp_path: Path
) -> None:
    """As the packet's process builds it: the agenda read without its scans, which a thread
    copies out in a read of its own in the order the packet sets them in; each handed over as
    stored, a swapped one not at all."""
    database = agenda.desk.database
    with database.writing() as session:
        swapped = session.get(Document, agenda.missing_sha)
        assert swapped is not None
        swapped.content = swapped.content + b"% changed after it was filed\n"
    with database.reading() as session:
        view = petition_papers.read_packet(
            session,
            agenda.meeting_id,
            zone=CHICAGO,
            calendar=agenda.desk.calendar_in(session),
            as_of=datetime.now(UTC),
            folder=None,
        )
    assert view.scans == {}
    order = petition_papers.scan_digests(view.petitions)
    assert order == [s.sha256 for p in view.petitions for s in p.scans]  # each once, in turn
    folder = tmp_path / "scans"
    folder.mkdir()
    spool = petition_papers.ScanSpool(order, folder)
    spool.start(lambda: agenda.desk.lookup(admin))
    try:
        handed = {sha: spool.scan(sha) for sha in order}
    finally:
        spool.close()
    with database.reading() as session:
        stored = {sha: documents.scan_bytes(session, sha) for sha in order}
    assert handed == stored and handed[agenda.missing_sha] is None
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{sha}.scan" for sha in order if sha != agenda.missing_sha
    )


def test_a_failed_copy_of_the_scans_is_raised_once_the_packet_is_done(tmp_path: Path) -> None:
    def unreachable() -> Any:
        raise EnvironmentProblem("The database cannot be reached.")

    spool = petition_papers.ScanSpool(["ab" * 32], tmp_path)
    spool.start(unreachable)
    assert spool.scan("ab" * 32) is None  # its page says the scan is missing meanwhile
    with pytest.raises(EnvironmentProblem, match="cannot be reached"):
        spool.close()


def test_progress_counts_each_petition_twice_and_cancel_stops(agenda: Agenda) -> None:
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        return True

    _build(agenda, progress=progress)
    assert seen == [(n, 8) for n in range(1, 9)]

    calls: list[int] = []

    def cancel(done: int, total: int) -> bool:
        calls.append(done)
        return done < 6  # cancelled while laying out

    with pytest.raises(ExportCancelled) as cancelled:
        _build(agenda, progress=cancel)
    assert calls == [1, 2, 3, 4, 5, 6]
    assert "cancelled" in str(cancelled.value)


def test_an_empty_agenda_still_prints(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        meeting_id = schedule.add_meeting(
            action,
            MeetingData(
                MeetingKind.SPECIAL, datetime(2026, 12, 21, 17, 30, tzinfo=CHICAGO), CHAMBERS
            ),
        )
        meeting = schedule.get_meeting(action.session, meeting_id)
        row = MeetingRow.of(meeting, CHICAGO, 0, action.now())
        pdf = agenda_packet_pdf(
            row,
            [],
            scan=lambda _: None,
            profile=PROFILE,
            tz=CHICAGO,
            calendar=action.calendar,
            histories={},
        )
    reader = PdfReader(io.BytesIO(pdf))
    texts = papers.page_texts(reader)
    assert "Special meeting" in texts[0] and "5:30 p.m." in texts[0]
    assert "No petitions are on this agenda." in texts[0]
    assert all(f"{FOOTER_LABEL} {n} of {len(texts)}" in t for n, t in enumerate(texts, start=1))


def test_a_cancelled_meeting_says_so_on_every_page(agenda: Agenda, admin: SignedIn) -> None:
    with agenda.desk.action(admin) as action:
        petitions.cancel_meeting(action, agenda.meeting_id, reason="No quorum")
    pdf = _build(agenda)
    texts = papers.page_texts(PdfReader(io.BytesIO(pdf)))
    assert "This meeting was cancelled on Mon Nov 30, 2026: No quorum." in texts[0]
    assert all("CANCELLED" in text for text in texts)
    assert "No petitions are on this agenda." in texts[0]  # they went back to waiting


def test_the_packet_explains_with_the_citys_calendar_and_its_real_last_day(
    desk: Desk, admin: SignedIn, clock: FixedClock
) -> None:
    """Finding 9: in 2029 September 15 is a Saturday and the City closed on Monday the 17th
    too, so the last day to file was Tuesday the 18th. The packet says so: in its group
    headings, on its cover and in each petition's program year, all on the City's calendar."""
    with desk.action(admin) as action:
        closed = CalendarSettings().close_day(date(2029, 9, 17))
        settings_store.save_calendar_settings(action, closed)
    clock.set(datetime(2029, 9, 1, 9, 0))
    owners = _owners(desk, admin)
    timely = _receive(desk, admin, clock, owners, datetime(2029, 9, 18, 16, 0), "Orange St", [])
    late = _receive(desk, admin, clock, owners, datetime(2029, 9, 19, 9, 0), "Lake St", [])
    clock.set(datetime(2029, 11, 30, 10, 0))
    with desk.action(admin) as action:
        meeting_id = schedule.add_meeting(
            action,
            MeetingData(
                MeetingKind.REGULAR, datetime(2029, 12, 10, 18, 0, tzinfo=CHICAGO), CHAMBERS
            ),
        )
        action.session.flush()
        for petition in petitions.search_petitions(action.session):
            petitions.place_on_agenda(action, petition.id, meeting_id)
    pdf = _build(Agenda(desk, meeting_id, {}, missing_sha=""))
    texts = papers.page_texts(PdfReader(io.BytesIO(pdf)))
    words = " ".join(texts)
    assert "2 petitions on the agenda: 1 filed on or before September 18, 2029, 1 late." in texts[0]
    assert f"{TIMELY_HEADING} September 18, 2029 Filed on or before" in words
    assert f"{LATE_HEADING} September 18, 2029 Filed after" in words
    section = texts[_page_with(texts, f"Petition {timely} — Curb and gutter") - 1]
    assert (
        "2030. September 15, 2029 is a Saturday, when City Hall is closed, so the last day to "
        "file is Tue Sep 18, 2029"
    ) in section
    assert "Received Tue Sep 18, 2029, on or before Tue Sep 18, 2029" in section
    late_section = texts[_page_with(texts, f"Petition {late} — Curb and gutter") - 1]
    assert "2031. September 15, 2029 is a Saturday" in late_section


def test_register_in_excel(agenda: Agenda) -> None:
    buffer = io.BytesIO()
    with agenda.desk.database.reading() as session:
        rows = [PetitionPaper.of(p) for p in petitions.search_petitions(session)]
    written = petitions_excel(buffer, rows, city="City of Prescott", author="Clerk", tz=CHICAGO)
    assert written == 4
    sheet = openpyxl.load_workbook(io.BytesIO(buffer.getvalue())).active
    assert sheet is not None
    assert sheet["A1"].value == "City of Prescott — improvement petitions (§ 506-14)"
    header = [cell.value for cell in sheet[2]]
    assert header == [
        "Number",
        "Kind",
        "Street",
        "From",
        "To",
        "Petitioners",
        "Signed",
        "Received",
        "Received by",
        "Program year",
        "Timely/Late",
        "Status",
        "Meeting",
        "Approved for",
        "Referred to",
    ]
    assert sheet.freeze_panes == "A3"
    by_number = {row[0].value: row for row in sheet.iter_rows(min_row=3)}
    late = by_number[agenda.numbers["late"]]
    values = [cell.value for cell in late]
    assert values[:7] == [
        agenda.numbers["late"],
        "Curb and gutter",
        "Dexter St",
        "Broad St N",
        "Court St",
        "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000); "
        "Smith & Sons <LLC> (281-03003-0000) — not signed",
        "2 of 3",
    ]
    assert values[7] == datetime(2026, 9, 16, 9, 0)  # Prescott time
    assert late[7].number_format == DATETIME_FORMAT
    assert values[8:13] == [
        "Alex Administrator",
        2028,
        "Late",
        "On agenda",
        datetime(2026, 12, 14, 18, 0),
    ]
    assert values[13] is None and values[14] is None
    timely = [cell.value for cell in by_number[agenda.numbers["one"]]]
    assert timely[9:11] == [2027, "Timely"]
    assert late[header.index("Program year")].number_format == "0"

    # The year approved reads 2027, as a year, never "2,027".
    approved = io.BytesIO()
    petitions_excel(approved, [replace(rows[0], approved_year=2027)], city="City of Prescott")
    book = openpyxl.load_workbook(io.BytesIO(approved.getvalue())).active
    assert book is not None
    cell = book.cell(row=3, column=header.index("Approved for") + 1)
    assert (cell.value, cell.number_format) == (2027, "0")


def test_the_packet_opens_with_its_bookmarks_shown(agenda: Agenda) -> None:
    reader = PdfReader(io.BytesIO(_build(agenda)))
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    assert reader.outline  # and there are bookmarks to show


def test_a_petitioner_taken_off_is_not_in_the_packet_nor_the_register(
    agenda: Agenda, admin: SignedIn, tmp_path: Any
) -> None:
    """Finding 5: a removed petitioner keeps a row in the database (negative position) but is
    on no paper: not in the section's table, the signature count, the summary or the register."""
    with agenda.desk.action(admin) as action:
        [petition] = petitions.search_petitions(action.session, agenda.numbers["one"])
        kept = [s for s in petitions.petitioners(petition) if s.party.name != "Smith & Sons <LLC>"]
        petitions.update_petition(
            action,
            petition.id,
            PetitionData(
                kind=PetitionKind.CURB_AND_GUTTER,
                street=petition.street,
                limits_from=petition.limits_from,
                limits_to=petition.limits_to,
                description=petition.description,
                signers=tuple(SignerData(s.party_id, s.parcel_id, s.signed) for s in kept),
                staff_notes=petition.staff_notes,
            ),
        )
        assert len(petition.signers) == 3  # the row is kept
    texts = papers.page_texts(PdfReader(io.BytesIO(_build(agenda))))
    section = texts[_page_with(texts, f"Petition {agenda.numbers['one']} — Curb and gutter") - 1]
    assert "2 of 2 owners named signed" in section
    assert "420 Orange St" not in section.split("Description")[0]
    assert (
        "Smith & Sons <LLC> (281-03003-0000) — not signed removed from the petitioners" in section
    )
    target = tmp_path / "register.xlsx"
    with agenda.desk.database.reading() as session:
        found = [PetitionPaper.of(p) for p in petitions.search_petitions(session)]
    petitions_excel(target, found, city="Prescott")
    rows = list(openpyxl.load_workbook(target).active.iter_rows(values_only=True))
    [row] = [r for r in rows if r[0] == agenda.numbers["one"]]
    assert (
        row[5] == "Anna Berg (281-03001-0000); Zoë Nguyễn (281-03002-0000)" and row[6] == "2 of 2"
    )


def test_each_petition_says_how_its_project_would_be_bid(agenda: Agenda, admin: SignedIn) -> None:
    """Issue 21 (§ 506-19): a petition whose cost staff estimated carries the finding; one not
    estimated says so."""
    from clerk_desk.money import Money

    desk = agenda.desk
    with desk.action(admin) as action:
        petition = next(
            p
            for p in petitions.search_petitions(action.session)
            if p.number == agenda.numbers["one"]
        )
        row = petition_details.PetitionRow.of(petition, CHICAGO)
        petitions.update_petition(
            action,
            petition.id,
            replace(row.data(), estimated_cost=Money("30000.00")),
        )
    text = " ".join(papers.page_texts(_build(agenda)))
    assert (
        "Bidding of the project (§ 506-19) Estimated at $30,000.00, over $25,000.00: let by "
        "contract to the lowest responsible bidder. (§ 506-19 (Contracts, how let))" in text
    )
    assert text.count("No estimate of the project's cost is recorded yet.") == 3
