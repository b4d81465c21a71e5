"""The agenda packet, built in a process of its own (clerk_desk.child_process), and the
register's export, written in one.

The packet holds every petition's scans (300 petitions of 2 MB pages at a busy meeting): laid
out on a worker thread, ReportLab held the interpreter for up to a second at a time and the
window stalled. Here the child reads the meeting through the
:class:`~clerk_desk.child_process.Station`, its scans copied one by one into files beside the
packet's (on a thread, while the packet is laid out), and writes the packet to its file as the
scans are set in, holding one scan at a time; the window keeps the file (:class:`BuiltPacket`),
so the packet never crosses a pipe nor sits whole in the window's memory. Module-level and free
of widgets, so that the child imports it without Qt.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from clerk_desk import child_process
from clerk_desk.child_process import Progress, Station
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.petitions import papers as petition_papers

_EXPORT_ALL = 10**9
PACKET_STEPS = 1000  # the progress bar's resolution; the report counts its own steps


@dataclass(frozen=True, slots=True, weakref_slot=True)
class BuiltPacket:
    """What the background build hands back to the window: the packet stays in the file the
    child wrote (600 MB with 300 real-sized scans, which the window need not hold: the preview,
    printing and Save read the file), removed with its folder once this is let go."""

    meeting_id: int
    meeting: str
    path: Path
    pages: int
    as_of: datetime  # when the build read the agenda: a change after it makes the packet stale
    day: date  # the meeting's day, for the file name

    def __post_init__(self) -> None:
        weakref.finalize(self, shutil.rmtree, self.path.parent, ignore_errors=True)

    @property
    def file_name(self) -> str:
        return f"agenda-packet-{self.day.isoformat()}.pdf"


@dataclass(frozen=True, slots=True)
class _PacketFile:
    """What the child hands back: the packet as a file, and what the window shows of it."""

    meeting_id: int
    meeting: str
    path: str
    pages: int
    as_of: datetime
    day: date


def pdf_pages(pdf: bytes | Path) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def build_packet(station: Station, meeting_id: int, *, progress: Progress) -> BuiltPacket:
    """Build the meeting's packet in a child process; the packet in its file.

    Raises :class:`~reports.excel.ExportCancelled` when the person cancelled (or
    :class:`~clerk_desk.child_process.ChildEnded`, when the child had to be ended).

    The packet's folder is made here, not in the child: a child ended after a cancel, or that
    crashed, would leave its scans (up to 600 MB) behind; here it is removed whatever the end.
    """
    folder = Path(tempfile.mkdtemp(prefix="clerk-desk-packet-"))
    try:
        made = child_process.run(
            _build_in_child, station, meeting_id, str(folder), progress=progress
        )
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    path = Path(made.path)
    return BuiltPacket(made.meeting_id, made.meeting, path, made.pages, made.as_of, made.day)


def _build_in_child(
    station: Station, meeting_id: int, folder: str, *, progress: Progress
) -> _PacketFile:
    from reports.petitions import agenda_packet_pdf

    def step(done: int, total: int) -> bool:
        return progress(PACKET_STEPS * done // total if total > 0 else 0)

    scans = Path(folder) / "scans"
    scans.mkdir()
    with station.lookup() as action:
        view = petition_papers.packet_view(action, meeting_id, None)
    # The packet is drawn after the agenda's read has closed, from the view; its scans are
    # copied out meanwhile, on a thread, in a read of their own, each as the packet asks.
    spool = petition_papers.ScanSpool(petition_papers.scan_digests(view.petitions), scans)
    spool.start(station.lookup)
    path = Path(folder) / "packet.pdf"
    try:
        with path.open("wb") as target:
            agenda_packet_pdf(
                view.meeting,
                view.petitions,
                scan=spool.scan,
                profile=view.profile,
                tz=view.zone,
                calendar=view.calendar,
                histories=view.histories,
                progress=step,
                prepared_at=view.prepared_at,
                target=target,
            )
    finally:
        spool.close()
    shutil.rmtree(scans, ignore_errors=True)
    row = view.meeting
    return _PacketFile(meeting_id, row.label, str(path), pdf_pages(path), view.prepared_at, row.day)


def register_workbook(
    station: Station,
    path: str,
    *,
    text: str,
    program_year: int | None,
    kind: PetitionKind | None,
    status: PetitionStatus | None,
    pending_only: bool,
    progress: Progress,
) -> int:
    """The petitions the search and filters find, all of them, past the screen's limit, to the
    workbook at ``path``; how many. openpyxl's writer holds the interpreter for long stretches:
    on a worker thread of the window's process it would stall the window (issue 20)."""
    from reports.petitions import petitions_excel

    with station.lookup() as action:
        export = petition_papers.register_export(
            action,
            text,
            program_year=program_year,
            kind=kind,
            status=status,
            pending_only=pending_only,
            limit=_EXPORT_ALL,
        )
    # The sheet is written after the read has closed, from the views alone.
    return petitions_excel(
        path,
        export.petitions,
        progress=progress,
        author=station.operator.full_name,
        city=export.city,
        tz=export.zone,
    )
