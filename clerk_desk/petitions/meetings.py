"""The Common Council's meetings as the window lists them and picks them (§ 506-14: petitions go
on its agenda; cafes, vending appeals and sidewalk appeals are decided at its meetings): frozen
rows read inside one action, and what the meeting form starts from. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from clerk_desk import settings_store, words
from clerk_desk.desk import Action
from clerk_desk.kinds import MeetingKind
from clerk_desk.models import CouncilMeeting
from clerk_desk.petitions import schedule
from clerk_desk.petitions import views as petitions_views
from clerk_desk.validation import max_length
from clerk_desk.words import clock_time, format_day, plural

PLACE_LENGTH = max_length(CouncilMeeting.place)
"""How many characters a meeting's place holds: the form takes no more."""


@dataclass(frozen=True, slots=True)
class MeetingRow:
    """A Council meeting as the lists show it."""

    id: int
    kind: MeetingKind
    starts_at: datetime  # in the City's time
    place: str
    notes: str
    items: int  # petitions on its agenda now
    packet_built: str  # "12/11/2026 3:05 PM, 14 pages", or nothing
    cancelled_on: date | None
    cancel_reason: str
    held: bool  # it had begun when the list was read

    @classmethod
    def of(cls, meeting: CouncilMeeting, zone: tzinfo, items: int, now: datetime) -> MeetingRow:
        built = ""
        if meeting.packet_built_at is not None:
            built = words.local_time(meeting.packet_built_at, zone)
            if meeting.packet_pages:
                built += f", {meeting.packet_pages} pages"
        return cls(
            meeting.id,
            MeetingKind(meeting.kind),
            meeting.starts_at.astimezone(zone),
            meeting.place,
            meeting.notes,
            items,
            built,
            meeting.cancelled_on,
            meeting.cancel_reason,
            meeting.starts_at <= now,
        )

    @property
    def day(self) -> date:
        return self.starts_at.date()

    @property
    def cancelled(self) -> bool:
        return self.cancelled_on is not None

    @property
    def label(self) -> str:
        """ "Regular meeting, Mon Dec 14, 2026, 6:00 PM"."""
        return f"{self.kind.label}, {format_day(self.day)}, {clock_time(self.starts_at)}"

    def choice(self) -> str:
        """The label with what its agenda holds, for the lists to choose a meeting from."""
        count = f"{plural(self.items, 'petition')} on the agenda"
        return f"{self.label} — {count}"

    @property
    def status_text(self) -> str:
        if self.cancelled_on is not None:
            return f"Cancelled {words.us_date(self.cancelled_on)}"
        return "Held" if self.held else "To come"


def meeting_rows(
    action: Action, *, upcoming: bool = False, include_cancelled: bool = False
) -> list[MeetingRow]:
    """The Council's meetings in date order; ``upcoming``: only those yet to begin."""
    zone, now = action.zone, action.now()
    since = now if upcoming else None
    counts = petitions_views.agenda_counts(action.session)
    return [
        MeetingRow.of(m, zone, counts.get(m.id, 0), now)
        for m in schedule.meetings(action.session, since=since, include_cancelled=include_cancelled)
    ]


def meeting_defaults(action: Action) -> tuple[datetime, str]:
    """What a new meeting starts from: the next regular meeting not yet in the list (in the
    City's time) and the City's usual place of meeting."""
    starts = petitions_views.next_regular_meeting(
        action.session, action.today(), action.calendar, action.zone
    )
    return starts, settings_store.city_profile(action.session).council_meeting_place
