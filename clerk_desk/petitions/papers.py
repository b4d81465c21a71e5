"""What the petitions' papers print (§ 506-14): the Council's agenda packet and the register's
export, read in one action so that :mod:`reports.petitions` draws them after the read
transaction has closed, from frozen values and never from a record.

The agenda packet's scans are copied out of the database one at a time into files of a folder
(:func:`clerk_desk.documents.spool_scans`), which the packet reads each when it needs it:
holding them all in the view held 600 MB at once with real-sized scans (2 MB a page,
``benchmarks/petitions.py``), and reading each in a short action of its own as the packet was
laid out cost 1.3 to 2.6 s of processor time more at 300 petitions. A test copies them in the
agenda's read (:attr:`PacketView.scans`); the packet's process copies them on a thread, in a
read of its own, while the packet is laid out (:class:`ScanSpool`): a scan is kept by its
SHA-256 and never changes, so reading it after the agenda's read reads what that read would
have. :func:`scan_content` still reads one scan, to open it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from pathlib import Path

from sqlalchemy.orm import Session

from clerk_desk import documents, settings_store
from clerk_desk.deadlines import CityCalendar
from clerk_desk.desk import Action
from clerk_desk.findings import Finding
from clerk_desk.kinds import PetitionKind, PetitionStatus
from clerk_desk.models import Petition, PetitionEvent, PetitionScan
from clerk_desk.money import Money
from clerk_desk.petitions import acts, bidding, schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.details import SignerRow
from clerk_desk.petitions.meetings import MeetingRow
from clerk_desk.settings import CityProfile


@dataclass(frozen=True, slots=True)
class ScanPaper:
    """A scan attached to a petition (not set aside), as the packet inserts it."""

    name: str
    sha256: str
    added_at: datetime  # as stored
    added_by_name: str

    @classmethod
    def of(cls, scan: PetitionScan) -> ScanPaper:
        return cls(scan.name, scan.sha256, scan.added_at, scan.added_by_name)


@dataclass(frozen=True, slots=True)
class EventPaper:
    """One step of a petition's history, as the packet lists it."""

    at: datetime  # as stored
    what: str
    detail: str
    reason: str
    operator_name: str

    @classmethod
    def of(cls, event: PetitionEvent) -> EventPaper:
        return cls(event.at, event.what, event.detail, event.reason, event.operator_name)


def bidding_of(petition: Petition) -> list[Finding]:
    """§ 506-19's finding on the project a petition asks for, once its cost is estimated."""
    if petition.estimated_cost is None:
        return []
    return bidding.bidding_findings(
        bidding.petitioned_project(
            PetitionKind(petition.kind),
            petition.estimated_cost,
            by_contract=petition.by_contract,
            materials_donated=petition.materials_donated,
            volunteer_labour=petition.volunteer_labour,
        )
    )


@dataclass(frozen=True, slots=True)
class PetitionPaper:
    """A petition as the packet and the register's export print it."""

    id: int
    number: str
    kind: PetitionKind
    street: str
    limits_from: str
    limits_to: str
    location: str
    received_at: datetime  # as stored (aware)
    received_on: date
    received_by_name: str
    program_year: int
    timely: bool
    status: PetitionStatus
    referred_to: str
    approved_year: int | None
    description: str
    staff_notes: str
    bidding: tuple[Finding, ...]  # § 506-19 on the estimated cost; none until it is estimated
    estimated_cost: Money | None
    petitioners: tuple[SignerRow, ...]  # in their order, those removed left out
    signers_text: str
    scans: tuple[ScanPaper, ...]  # attached, not set aside
    meeting_starts_at: datetime | None  # the meeting it is on, or was decided at

    @classmethod
    def of(cls, petition: Petition) -> PetitionPaper:
        meeting = petition.meeting
        return cls(
            id=petition.id,
            number=petition.number,
            kind=PetitionKind(petition.kind),
            street=petition.street,
            limits_from=petition.limits_from,
            limits_to=petition.limits_to,
            location=petitions.location(petition),
            received_at=petition.received_at,
            received_on=petition.received_on,
            received_by_name=petition.received_by_name,
            program_year=petition.program_year,
            timely=petitions.is_timely(petition),
            status=PetitionStatus(petition.status),
            referred_to=petition.referred_to,
            approved_year=petition.approved_year,
            description=petition.description,
            staff_notes=petition.staff_notes,
            bidding=tuple(bidding_of(petition)),
            estimated_cost=petition.estimated_cost,
            petitioners=tuple(
                SignerRow.of(s.party, s.parcel, s.signed) for s in petitions.petitioners(petition)
            ),
            signers_text=petitions.signers_text(petition),
            scans=tuple(ScanPaper.of(s) for s in petitions.attached_scans(petition)),
            meeting_starts_at=meeting.starts_at if meeting is not None else None,
        )

    @property
    def signed(self) -> int:
        return sum(1 for s in self.petitioners if s.signed)


def petition_paper_of(petition: Petition) -> PetitionPaper:
    return PetitionPaper.of(petition)


def _read_scan(path: Path | None) -> bytes | None:
    """A scan's bytes from the file it was copied to (None: never copied, or the file gone)."""
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


@dataclass(frozen=True, slots=True)
class PacketView:
    """Everything the agenda packet of one meeting prints, read at ``prepared_at``."""

    meeting: MeetingRow
    petitions: tuple[PetitionPaper, ...]  # in the agenda's order, timely first
    histories: dict[int, tuple[EventPaper, ...]]  # by petition id, oldest first
    profile: CityProfile
    zone: tzinfo
    calendar: CityCalendar
    prepared_at: datetime
    scans: dict[str, Path] = field(default_factory=dict)  # attached scans' files by SHA-256

    def scan(self, sha256: str) -> bytes | None:
        """A scan the packet sets in, as read with the agenda (None: missing, no longer
        matching its fingerprint, or its file gone)."""
        return _read_scan(self.scans.get(sha256))


def packet_view(action: Action, meeting_id: int, folder: Path | None) -> PacketView:
    """What the meeting's agenda packet prints, read now (once the meeting allows it), its
    scans copied into files in ``folder``, which the caller removes once the packet is built;
    with no folder, none (a :class:`ScanSpool` copies them while the packet is laid out)."""
    acts.allow_meeting(
        action, acts.MeetingAct.BUILD_PACKET, schedule.get_meeting(action.session, meeting_id)
    )
    return read_packet(
        action.session,
        meeting_id,
        zone=action.zone,
        calendar=action.calendar,
        as_of=action.now(),
        folder=folder,
    )


def read_packet(
    session: Session,
    meeting_id: int,
    *,
    zone: tzinfo,
    calendar: CityCalendar,
    as_of: datetime,
    folder: Path | None,
) -> PacketView:
    """:func:`packet_view` in a read of its own (a test's): the agenda, its petitions and their
    histories in a few queries, and their attached scans copied into ``folder`` (if any)."""
    meeting = schedule.get_meeting(session, meeting_id)
    items = petitions.agenda(session, meeting_id)
    histories = petitions.histories(session, [p.id for p in items])
    papers = tuple(PetitionPaper.of(p) for p in items)
    return PacketView(
        meeting=MeetingRow.of(meeting, zone, len(items), as_of),
        petitions=papers,
        histories={
            petition_id: tuple(EventPaper.of(e) for e in events)
            for petition_id, events in histories.items()
        },
        profile=settings_store.city_profile(session),
        zone=zone,
        calendar=calendar,
        prepared_at=as_of,
        scans={}
        if folder is None
        else documents.spool_scans(session, scan_digests(papers), folder),
    )


def scan_digests(petitions: Iterable[PetitionPaper]) -> list[str]:
    """The scans the packet sets in, in the order it sets them in."""
    return list(dict.fromkeys(s.sha256 for p in petitions for s in p.scans))


class ScanSpool:
    """The packet's scans copied out of the database on a thread of their own (in a read of
    their own) while the packet is laid out, each handed over (:meth:`scan`) once its file is
    written.

    Copying 300 real-sized scans (reading 600 MB, checking each digest, writing each file) took
    1.3 to 3.4 s before the packet's layout began; the thread mostly waits on the database,
    the digest and the disk, which let the interpreter go, so on a second core it goes on
    beside ReportLab's layout, in the order the packet asks for the scans."""

    def __init__(self, digests: Iterable[str], folder: Path) -> None:
        self._digests = list(dict.fromkeys(digests))
        self._folder = folder
        self._files: dict[str, Path | None] = {}
        self._changed = threading.Condition()
        self._finished = False
        self._stopping = False
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self, lookup: Callable[[], AbstractContextManager[Action]]) -> None:
        """Start copying in a read opened by ``lookup`` (``Station.lookup``)."""
        self._thread = threading.Thread(
            target=self._run, args=(lookup,), name="packet scans", daemon=True
        )
        self._thread.start()

    def _run(self, lookup: Callable[[], AbstractContextManager[Action]]) -> None:
        try:
            with lookup() as action:
                documents.spool_scans(action.session, self._digests, self._folder, each=self._got)
        except BaseException as error:  # raised again by close(), on the packet's thread
            self._error = error
        finally:
            with self._changed:
                self._finished = True
                self._changed.notify_all()

    def _got(self, digest: str, path: Path | None) -> bool:
        with self._changed:
            self._files[digest] = path
            self._changed.notify_all()
            return not self._stopping

    def scan(self, sha256: str) -> bytes | None:
        """The scan, once copied (None: missing, no longer matching, or the copying failed)."""
        with self._changed:
            self._changed.wait_for(lambda: sha256 in self._files or self._finished)
            path = self._files.get(sha256)
        return _read_scan(path)

    def close(self) -> None:
        """Stop copying and wait for the thread; raise what failed it."""
        with self._changed:
            self._stopping = True
        if self._thread is not None:
            self._thread.join()
        if self._error is not None:
            raise self._error


def scan_content(action: Action, sha256: str) -> bytes | None:
    """A stored scan by its fingerprint, or None when it is missing or no longer matches."""
    return documents.scan_bytes(action.session, sha256)


@dataclass(frozen=True, slots=True)
class RegisterExport:
    """The register's export: the petitions a search finds, and the City's name and zone."""

    petitions: tuple[PetitionPaper, ...]
    city: str
    zone: tzinfo


def register_export(
    action: Action,
    text: str = "",
    *,
    program_year: int | None = None,
    kind: PetitionKind | None = None,
    status: PetitionStatus | None = None,
    pending_only: bool = False,
    limit: int = petitions.SEARCH_LIMIT,
) -> RegisterExport:
    """What the register's export writes for a search, read now."""
    found = petitions.search_petitions(
        action.session,
        text,
        program_year=program_year,
        kind=kind,
        status=status,
        pending_only=pending_only,
        limit=limit,
    )
    city = settings_store.city_profile(action.session).city_name
    return RegisterExport(tuple(PetitionPaper.of(p) for p in found), city, action.zone)
