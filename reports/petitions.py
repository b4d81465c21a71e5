"""Improvement petitions on paper: the Council's agenda packet and the petitions register.

§ 506-14: "Requests or petitions by City property owners for new streets, street resurfacing,
curb and gutter, storm sewers, utility work and sidewalks shall be presented to the Common Council
on or before September 15 to be considered for installation in the following year."

:func:`agenda_packet_pdf` is what staff print for a Council meeting: a cover, a table of contents
whose lines are links, a summary table, the petitions filed on or before September 15 and then,
apart, the late ones, each with its details, petitioners, notes and history, followed by the
signed petition as scanned. Every page, the scans included, says "Packet page N of M", so a
councillor can say "page 37" and everyone finds it. The pages are laid out by
:class:`reports.packet.Packet`. :func:`petitions_excel` writes the register of petitions.

ReportLab, pypdf and openpyxl are imported only when a document is written.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, TYPE_CHECKING

from clerk_desk.deadlines import CityCalendar
from clerk_desk.kinds import MeetingKind, PetitionKind, PetitionStatus
from clerk_desk.petitions.meetings import MeetingRow
from clerk_desk.petitions.papers import EventPaper, PetitionPaper
from clerk_desk.petitions.service import CITE, explain_program_year, filing_deadline
from clerk_desk.settings import CityProfile
from clerk_desk.words import clock_time, format_day, long_day, month_day, plural, us_date

from .excel import Column, ExportCancelled, ProgressCallback, write_register
from .palette import CANCELLED_HEX, PANEL_HEX

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from .packet import Packet

Target = str | os.PathLike[str] | IO[bytes]
ScanReader = Callable[[str], bytes | None]
Histories = Mapping[int, Sequence[EventPaper]]
PacketProgress = Callable[[int, int], bool | None]

FOOTER_LABEL = "Packet page"
TIMELY_HEADING = "Petitions filed on or before"  # + the last day to file
LATE_HEADING = "Late petitions: filed after"
ANY_YEAR_LAST_DAY = "the last day to file"  # a group filed in several years has no one date
_ORDINANCE_TEXT = (
    "Requests or petitions by City property owners for new streets, street resurfacing, curb "
    "and gutter, storm sewers, utility work and sidewalks shall be presented to the Common "
    "Council on or before September 15 to be considered for installation in the following year."
)
_CITE = CITE.replace(" ", "\u00a0")  # in running text: "(§" never ends a line without "506-14)"
_SUMMARY_NAMES = 2  # petitioners named in the summary table; more: "Anna Berg and 4 more"


class PacketCancelled(ExportCancelled):
    """The person cancelled the agenda packet: nothing was written."""

    def __init__(self, steps_done: int) -> None:
        super().__init__(steps_done)
        self.message = "The agenda packet was cancelled; nothing was saved."
        self.args = (self.message,)


# ---------------------------------------------------------------------- words and dates


def _agenda_time(moment: dt.datetime | dt.time) -> str:
    """ "6:00 p.m.", as the City writes a time on an agenda."""
    return clock_time(moment, dotted=True)


def _local(instant: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    return instant.astimezone(tz)


def _last_day(petitions: Sequence[PetitionPaper], calendar: CityCalendar) -> str:
    """The last day to file of the year the petitions were received, "September 15, 2026" (or
    the day it moved to when City Hall was closed then); for petitions received in several
    years, the words "the last day to file"."""
    years = {p.received_on.year for p in petitions}
    if len(years) != 1:
        return ANY_YEAR_LAST_DAY
    return month_day(filing_deadline(years.pop(), calendar).due)


def _signed(petition: PetitionPaper) -> tuple[int, int]:
    """(signatures, owners named)."""
    return petition.signed, len(petition.petitioners)


def _petitioners_short(petition: PetitionPaper) -> str:
    """ "Anna Berg; Bo Ng (not signed)", or "Anna Berg and 4 more", then the signatures."""
    signers = petition.petitioners
    if len(signers) <= _SUMMARY_NAMES:
        text = "; ".join(s.name + ("" if s.signed else " (not signed)") for s in signers)
    else:
        text = f"{signers[0].name} and {len(signers) - 1} more"
    signed, named = _signed(petition)
    return f"{text}\n{signed} of {named} signed"


def _program_year_text(petition: PetitionPaper, calendar: CityCalendar) -> str:
    """The program year with its reason on the City's calendar; the stored year is the one
    that counts."""
    explained = explain_program_year(petition.received_on, calendar)
    if explained.year == petition.program_year:
        return f"{petition.program_year}. {_unbroken(explained.text)}"
    # The City's calendar of closed days, or a recorded correction, decided otherwise.
    return f"{petition.program_year}, as set when the petition was received ({_CITE})."


def _unbroken(text: str) -> str:
    """Citations in ``text`` kept on one line: "§ 506-14" and "§ 990.001(4)" do not break."""
    return text.replace("§ ", "§\u00a0")


def _ordinance_quote() -> tuple[str, str]:
    """The heading and text of § 506-14, from the chapter shipped with Clerk Desk."""
    from clerk_desk.ordinance import load_chapter

    section = load_chapter().section("506-14")
    if section is None or not section.paragraphs:  # pragma: no cover - the text ships with us
        return "Requests for improvements.", _ORDINANCE_TEXT
    return f"{section.title}.", " ".join(p.body for p in section.paragraphs)


# ---------------------------------------------------------------------- the agenda packet


def agenda_packet_pdf(
    meeting: MeetingRow,
    petitions: Sequence[PetitionPaper],
    *,
    scan: ScanReader,
    profile: CityProfile,
    tz: dt.tzinfo,
    calendar: CityCalendar,
    histories: Histories,
    progress: PacketProgress | None = None,
    prepared_at: dt.datetime | None = None,
    target: IO[bytes] | None = None,
) -> bytes:
    """The Council's agenda packet of ``petitions`` for ``meeting``, as a PDF; or, given a
    ``target`` (a file), written there as it is built, and ``b""`` returned: a packet of 300
    petitions with 2 MB scans is then never held whole.

    ``petitions`` in the order of :func:`clerk_desk.petitions.service.agenda` (timely first); they
    are grouped timely, then late, whatever the order given. ``scan(sha256)`` returns a stored scan
    (``clerk_desk.documents.scan_bytes``) or ``None``, once to lay its pages out and again to
    set them in (so that no scan is held meanwhile); a scan that is missing or cannot be read
    gets a page saying so. ``histories`` holds each petition's steps by its id, read in one
    query (:func:`clerk_desk.petitions.service.histories`); a petition missing from it gets "Not
    available." Times are shown in ``tz``, the City's time zone, and the program years and last
    days to file are explained on ``calendar``, the City's (``action.calendar``). ``prepared_at``,
    when given, is printed on the cover.

    ``progress(done, total)`` is called as the petitions are processed: each petition counts once
    when its pages are listed and once when its section is laid out (``total`` is twice the number
    of petitions). Returning ``False`` cancels with :class:`PacketCancelled`, an
    :class:`~reports.excel.ExportCancelled`.
    """
    from .packet import Packet

    timely = [p for p in petitions if p.timely]
    late = [p for p in petitions if not p.timely]
    ordered = timely + late
    steps = _Steps(2 * len(ordered), progress)
    when = _local(meeting.starts_at, tz)
    title = f"Agenda packet · Common Council, {format_day(when.date())}"
    packet = Packet(
        profile=profile,
        title=title,
        subject=f"Improvement petitions ({CITE}) for the {MeetingKind(meeting.kind).label.lower()} "
        f"of {format_day(when.date())}",
        footer_label=FOOTER_LABEL,
        step=steps,
        watermark="CANCELLED" if meeting.cancelled_on is not None else None,
    )
    cover = _cover(packet, meeting, when, timely, late, profile, tz, calendar, prepared_at)
    body = _summary(packet, ordered, tz, calendar)
    for group, heading, key in (
        (timely, f"{TIMELY_HEADING} {_last_day(timely, calendar)}", "timely"),
        (late, f"{LATE_HEADING} {_last_day(late, calendar)}", "late"),
    ):
        if not group:
            continue
        body += _group_start(packet, key, heading, late=key == "late")
        for index, petition in enumerate(group):
            events = histories.get(petition.id)
            body += _section(packet, petition, events, tz, calendar, new_page=index > 0)
            body += _scans(packet, petition, scan)
            steps()
    if target is None:
        return packet.build(cover=cover, body=body)
    packet.write(target, cover=cover, body=body)
    return b""


class _Steps:
    """Counts the petitions processed and asks the window whether to go on."""

    def __init__(self, total: int, progress: PacketProgress | None) -> None:
        self.total = total
        self.done = 0
        self._progress = progress

    def __call__(self) -> None:
        self.done = min(self.done + 1, self.total)
        if self._progress is not None and self._progress(self.done, self.total) is False:
            raise PacketCancelled(self.done)


def _cover(
    packet: Packet,
    meeting: MeetingRow,
    when: dt.datetime,
    timely: Sequence[PetitionPaper],
    late: Sequence[PetitionPaper],
    profile: CityProfile,
    tz: dt.tzinfo,
    calendar: CityCalendar,
    prepared_at: dt.datetime | None,
) -> list[Flowable]:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import HRFlowable, Spacer

    from . import letterhead as lh
    from .document import INCH, para, styles
    from .fonts import FONT_BOLD
    from .packet import Mark

    st = styles()
    navy, grey = lh.color(lh.NAVY_HEX), lh.color(lh.GREY_HEX)

    def centred(name: str, size: float, *, bold: bool = False, color: object = None) -> object:
        return ParagraphStyle(
            f"clerk-cover-{name}",
            parent=st.body,
            fontName=FONT_BOLD if bold else st.body.fontName,
            fontSize=size,
            leading=size * 1.25,
            alignment=TA_CENTER,
            textColor=color if color is not None else st.body.textColor,
            spaceAfter=size * 0.35,
        )

    counts = _cover_counts(timely, late, calendar)
    flow: list[Flowable] = [
        Spacer(1, 0.7 * INCH),
        packet.mark(
            para("Common Council", centred("council", 30, bold=True, color=navy)),
            Mark("cover", "Cover", toc=False),
        ),
        para(MeetingKind(meeting.kind).label, centred("kind", 15, color=navy)),
        Spacer(1, 0.1 * INCH),
        para(f"{long_day(when.date())} at {_agenda_time(when)}", centred("when", 13, bold=True)),
        para(meeting.place, centred("place", 12)),
    ]
    if meeting.cancelled_on is not None:
        reason = f": {meeting.cancel_reason}" if meeting.cancel_reason else ""
        flow.append(
            para(
                f"This meeting was cancelled on {format_day(meeting.cancelled_on)}{reason}.",
                centred("cancelled", 12, bold=True, color=lh.color(CANCELLED_HEX)),
            )
        )
    flow += [
        Spacer(1, 0.3 * INCH),
        HRFlowable(width="60%", thickness=1.2, color=navy, spaceBefore=0, spaceAfter=0.3 * INCH),
        para("Improvement petitions", centred("subject", 22, bold=True, color=navy)),
        para(counts, centred("counts", 11, color=grey)),
        Spacer(1, 0.35 * INCH),
    ]
    flow.append(_cover_quote())
    flow += _cover_foot(meeting, prepared_at, tz, centred)
    return flow


def _cover_counts(
    timely: Sequence[PetitionPaper], late: Sequence[PetitionPaper], calendar: CityCalendar
) -> str:
    count = len(timely) + len(late)
    if not count:
        return "No petitions are on this agenda."
    counts = f"{plural(count, 'petition')} on the agenda: {len(timely)} filed on or before "
    return counts + f"{_last_day([*timely, *late], calendar)}, {len(late)} late."


def _cover_quote() -> Flowable:
    """The section the petitions are filed under, quoted in a panel ruled in navy."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    from . import letterhead as lh
    from .document import INCH, para, styles
    from .fonts import FONT_REGULAR

    st = styles()
    navy = lh.color(lh.NAVY_HEX)
    heading, text = _ordinance_quote()
    quote_style = ParagraphStyle(
        "clerk-cover-quote", parent=st.body, fontSize=10.5, leading=15, spaceAfter=0
    )
    quote = Table(
        [
            [para(f"{CITE} {heading}", st.body_bold)],
            [para(f"“{text}”", quote_style)],
            [para("City of Prescott Code, Chapter 506, Streets and Sidewalks", st.small)],
        ],
        colWidths=[5.6 * INCH],
        hAlign="CENTER",
    )
    quote.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT_REGULAR),
                ("BACKGROUND", (0, 0), (-1, -1), lh.color(PANEL_HEX)),
                ("LINEBEFORE", (0, 0), (0, -1), 3, navy),
                ("LEFTPADDING", (0, 0), (-1, -1), 14),
                ("RIGHTPADDING", (0, 0), (-1, -1), 14),
                ("TOPPADDING", (0, 0), (-1, 0), 10),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 10),
            ]
        )
    )
    return quote


def _cover_foot(
    meeting: MeetingRow,
    prepared_at: dt.datetime | None,
    tz: dt.tzinfo,
    centred: Callable[..., object],
) -> list[Flowable]:
    """The meeting's notes and when the packet was prepared, under the quote."""
    from reportlab.platypus import Spacer

    from . import letterhead as lh
    from .document import INCH, para

    grey = lh.color(lh.GREY_HEX)
    flow: list[Flowable] = []
    if meeting.notes.strip():
        flow += [Spacer(1, 0.25 * INCH), para(meeting.notes.strip(), centred("notes", 10))]
    if prepared_at is not None:
        at = _local(prepared_at, tz)
        flow += [
            Spacer(1, 0.35 * INCH),
            para(
                f"Packet prepared {format_day(at.date())} at {_agenda_time(at)}",
                centred("prepared", 9, color=grey),
            ),
        ]
    return flow


def _summary(
    packet: Packet, petitions: Sequence[PetitionPaper], tz: dt.tzinfo, calendar: CityCalendar
) -> list[Flowable]:
    from reportlab.platypus import PageBreak

    from .document import data_table, para, styles
    from .packet import Mark

    st = styles()
    flow: list[Flowable] = [
        PageBreak(),
        packet.mark(
            para("Summary of petitions", st.title), Mark("summary", "Summary of petitions")
        ),
    ]
    if not petitions:
        flow.append(para("No petitions are on this agenda.", st.body))
        return flow
    late = sum(1 for p in petitions if not p.timely)
    flow.append(
        para(
            f"{plural(len(petitions), 'petition')} on the agenda, those filed on or before "
            f"{_last_day(petitions, calendar)} first, then {plural(late, 'late petition')}. A "
            "petition filed on or before September 15 (or, when City Hall is closed that day, "
            "the next day it is open) is considered for installation in the following year; "
            f"one filed later, in the year after that ({_CITE}).",
            st.subtitle,
        )
    )
    rows = [
        (
            p.number,
            PetitionKind(p.kind).label,
            p.location,
            _petitioners_short(p),
            us_date(_local(p.received_at, tz).date()),
            str(p.program_year),
            "Timely" if p.timely else "Late",
        )
        for p in petitions
    ]
    flow.append(
        data_table(
            [
                "Petition",
                "Kind",
                "Location",
                "Petitioners",
                "Received",
                "Program year",
                "Timely or late",
            ],
            rows,
            # Wide enough that a number, a date, "Curb and gutter" and "Program" never break
            # (DejaVu Sans 9 pt); the location and the petitioners share the rest of 7 inches.
            col_widths=[62, 80, 92, 112, 62, 52, 44],
            align=["left", "left", "left", "left", "left", "right", "left"],
            plain=[True, False, False, False, True, True, True],
        )
    )
    return flow


def _group_start(packet: Packet, key: str, heading: str, *, late: bool) -> list[Flowable]:
    from reportlab.platypus import PageBreak

    from .document import para, styles
    from .packet import Mark

    st = styles()
    if late:
        note = (
            "Filed after the last day to file for the following year: each is considered for "
            f"installation in the second year after it was filed ({_CITE})."
        )
    else:
        note = (
            "Filed on or before the last day: each is considered for installation in the year "
            f"after it was filed ({_CITE})."
        )
    return [
        PageBreak(),
        packet.mark(para(heading, st.title), Mark(key, heading)),
        para(note, st.subtitle),
    ]


def _section(
    packet: Packet,
    petition: PetitionPaper,
    events: Sequence[EventPaper] | None,
    tz: dt.tzinfo,
    calendar: CityCalendar,
    *,
    new_page: bool,
) -> list[Flowable]:
    from reportlab.platypus import PageBreak

    from .document import INCH, data_table, para, styles
    from .packet import Mark

    st = styles()
    kind = PetitionKind(petition.kind).label
    where = petition.location
    flow: list[Flowable] = [PageBreak()] if new_page else []
    flow.append(
        packet.mark(
            para(f"Petition {petition.number} — {kind}", st.title),
            Mark(
                f"petition-{petition.id}",
                f"{petition.number}  {kind} — {where}",
                level=1,
                closed=True,
                counts=True,
            ),
        )
    )
    flow.append(para(where, st.subtitle))
    flow.append(_section_facts(petition, tz, calendar))
    flow += _section_petitioners(petition)
    flow.append(para("Description", st.heading))
    flow.append(para(petition.description or "None given.", st.body))
    flow.append(para("Staff notes", st.heading))
    flow.append(para(petition.staff_notes or "None.", st.body))
    flow.append(para("Bidding of the project (§ 506-19)", st.heading))
    if petition.bidding:
        flow += [para(f"{f.text} ({f.cite})", st.body) for f in petition.bidding]
    else:
        flow.append(para("No estimate of the project's cost is recorded yet.", st.body))
    flow.append(para("History", st.heading))
    if events is None:
        flow.append(para("Not available.", st.body))
    else:
        flow.append(
            data_table(
                ["When", "What", "By"],
                [_event_row(event, tz) for event in events],
                col_widths=[1.55 * INCH, "*", 1.5 * INCH],
                plain=[True, False, False],
            )
        )
    return flow


def _section_facts(petition: PetitionPaper, tz: dt.tzinfo, calendar: CityCalendar) -> Flowable:
    """When and by whom the petition was received, its program year, status and signatures."""
    from .document import key_value_block

    received = _local(petition.received_at, tz)
    signed, named = _signed(petition)
    scans = petition.scans
    timely = petition.timely
    pairs: list[tuple[str, object]] = [  # the kind and the place head the section
        (
            "Received",
            f"{format_day(received.date())} at {_agenda_time(received)}, "
            f"by {petition.received_by_name}",
        ),
        ("Program year", _program_year_text(petition, calendar)),
        (  # the last day is September 15 unless City Hall is closed then: name no date here
            "Filed",
            f"Timely: by the last day to file for {received.year + 1}"
            if timely
            else f"Late: after the last day to file for {received.year + 1}",
        ),
        ("Status", PetitionStatus(petition.status).label),
    ]
    if petition.referred_to:
        pairs.append(("Referred to", petition.referred_to))
    pairs.append(("Signatures", f"{signed} of {plural(named, 'owner')} named signed"))
    pairs.append(
        (
            "Attached scans",
            "; ".join(s.name for s in scans) if scans else "None attached",
        )
    )
    return key_value_block(pairs)


def _section_petitioners(petition: PetitionPaper) -> list[Flowable]:
    """The owners named on the petition, each with the parcel and whether they signed."""
    from .document import INCH, data_table, para, styles

    st = styles()
    flow: list[Flowable] = []
    flow.append(para("Petitioners", st.heading))
    flow.append(
        data_table(
            ["#", "Owner", "Parcel", "Site address", "Signed"],
            [
                (
                    str(n),
                    s.name,
                    s.parcel_number if s.parcel_id is not None else "—",
                    s.site_address if s.parcel_id is not None else "",
                    "Yes" if s.signed else "No",
                )
                for n, s in enumerate(petition.petitioners, start=1)
            ],
            col_widths=[0.3 * INCH, 2.3 * INCH, 1.2 * INCH, "*", 0.6 * INCH],
            align=["right", "left", "left", "left", "left"],
            plain=[True, False, True, False, True],
        )
    )
    return flow


def _event_row(event: EventPaper, tz: dt.tzinfo) -> tuple[str, str, str]:
    at = _local(event.at, tz)
    what = event.detail or event.what.replace("_", " ").capitalize()
    if event.reason:
        what += f" — {event.reason}"
    return (f"{us_date(at.date())} {_agenda_time(at)}", _unbroken(what), event.operator_name)


def _read_scan(scan: ScanReader, sha256: str) -> bytes | None:
    """The scan, to lay its pages out and again to set them in; None when it fails (its page
    then says it is missing, or its frame stays empty)."""
    try:
        return scan(sha256)
    except Exception:  # a database hiccup on one scan must not lose the whole packet
        return None


def _scans(packet: Packet, petition: PetitionPaper, scan: ScanReader) -> list[Flowable]:
    from .packet import Mark

    flow: list[Flowable] = []
    scans = petition.scans
    for n, item in enumerate(scans, start=1):
        caption = f"Petition {petition.number} · attached scan {item.name}"
        # Read when the layout reaches it: the scans may still be on their way meanwhile.
        flow += packet.attachment_later(
            functools.partial(_read_scan, scan, item.sha256),
            caption=caption,
            name=item.name,
            share_key=item.sha256,
            missing=(
                f"The scan {item.name}, attached on {format_day(item.added_at.date())} by "
                f"{item.added_by_name}, is not in the database or no longer matches its "
                "fingerprint, so it cannot be printed here. Find the signed petition in the "
                "Clerk's file and insert a copy at this page."
            ),
            mark=Mark(
                f"scan-{petition.id}-{n}",
                f"Scan: {item.name}",
                level=2,
                toc=False,
            ),
        )
    return flow


# ---------------------------------------------------------------------- the register

PETITION_COLUMNS: tuple[Column, ...] = (
    Column("Number", width=12),
    Column("Kind", width=18),
    Column("Street", width=22),
    Column("From", width=18),
    Column("To", width=18),
    Column("Petitioners", width=45),
    Column("Signed", width=9),
    Column("Received", "datetime"),
    Column("Received by", width=20),
    Column("Program year", "year", width=9),
    Column("Timely/Late", width=10),
    Column("Status", width=11),
    Column("Meeting", "datetime"),
    Column("Approved for", "year", width=10),
    Column("Referred to", width=22),
)


def petition_row(petition: PetitionPaper, tz: dt.tzinfo | None = None) -> tuple[object, ...]:
    """One register row. Times are shown in ``tz`` (default: the computer's own zone)."""

    def local(instant: dt.datetime | None) -> dt.datetime | None:
        if instant is None:
            return None
        return instant.astimezone(tz).replace(tzinfo=None) if tz is not None else instant

    signed, named = _signed(petition)
    return (
        petition.number,
        PetitionKind(petition.kind).label,
        petition.street,
        petition.limits_from,
        petition.limits_to,
        petition.signers_text,
        f"{signed} of {named}",
        local(petition.received_at),
        petition.received_by_name,
        petition.program_year,
        "Timely" if petition.timely else "Late",
        PetitionStatus(petition.status).label,
        local(petition.meeting_starts_at),
        petition.approved_year,
        petition.referred_to,
    )


def petitions_excel(
    target: Target,
    petitions: Iterable[PetitionPaper],
    *,
    progress: ProgressCallback | None = None,
    author: str | None = None,
    city: str,
    tz: dt.tzinfo | None = None,
) -> int:
    """The register of improvement petitions, one row each; returns the rows written.

    "Signed" is "3 of 4": signatures of the owners named. "Meeting" is the Council meeting the
    petition is on, or was decided at. Times in ``tz`` (the City's zone), else the computer's.
    """
    return write_register(
        target,
        title="Improvement petitions",
        columns=PETITION_COLUMNS,
        rows=(petition_row(p, tz) for p in petitions),
        progress=progress,
        subtitle=f"{city} — improvement petitions ({CITE})",
        author=author,
        city=city,
    )
