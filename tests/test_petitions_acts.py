"""The acts on a petition (§ 506-14), on a Council meeting and on a scan say what the services do.

A petition is walked from the counter to the Council's decision, and its meeting from "to come"
to held. At each step, for the Clerk and for a role that lost the counter permission, every act
is asked of :func:`acts` (:func:`meeting_acts`, :func:`scan_aside_refusals`) and then really done
through its service with what a clerk would type, and undone: where the service refuses, the
acts give exactly its refusal's words; where it acts, None. The Petitions tab and its meetings
list show these acts on their buttons (the tooltips carry the refusal). "Today" starts on
Monday, November 30, 2026.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from petitions_steps import (
    DEC_14,
    DEC_28,
    PDF,
    _data,
    _in_chicago,
    _meeting,
    _place,
    _receive,
)

from clerk_desk import parties
from clerk_desk.clock import FixedClock
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.permissions import GRANTS, Permission
from clerk_desk.petitions import details, papers, schedule
from clerk_desk.petitions import service as petitions
from clerk_desk.petitions.acts import (
    MeetingAct,
    PetitionAct,
    acts,
    meeting_acts,
    scan_aside_refusals,
)
from clerk_desk.petitions.service import CouncilAction, PetitionData, SignerData

Attempt = Callable[[Action], object]


class _Undo(Exception):
    """Raised inside the action once the service has acted: nothing is kept."""


def _outcome(desk: Desk, who: SignedIn, attempt: Attempt) -> str | None:
    """Do the act through its service, then undo it: None when it acted, else its refusal."""
    try:
        with desk.action(who) as action:
            attempt(action)
            action.session.flush()
            raise _Undo
    except _Undo:
        return None
    except ClerkDeskError as error:
        return str(error)


def _attempts(
    petition_id: int, data: PetitionData, meetings: dict[str, int]
) -> dict[PetitionAct, Attempt]:
    """Each act on the petition as the clerk would do it now, its form filled in right: the
    Council's action at the meeting whose agenda holds it, a placing on a meeting to come."""

    def correct(a: Action) -> object:
        was = petitions.get_petition(a.session, petition_id).received_at
        return petitions.correct_received(
            a, petition_id, received_at=was - timedelta(minutes=5), reason="Stamped late"
        )

    return {
        PetitionAct.EDIT: lambda a: petitions.update_petition(a, petition_id, data),
        PetitionAct.CORRECT_RECEIVED: correct,
        PetitionAct.WITHDRAW: lambda a: petitions.withdraw_petition(
            a, petition_id, reason="Letter from Ann Lee"
        ),
        PetitionAct.PLACE: lambda a: petitions.place_on_agenda(a, petition_id, meetings["next"]),
        PetitionAct.COUNCIL_ACTION: lambda a: petitions.record_council_action(
            a, petition_id, outcome=CouncilAction.DENIED, meeting_id=meetings["held"]
        ),
        PetitionAct.ATTACH_SCAN: lambda a: petitions.add_scan(a, petition_id, "p.pdf", PDF),
    }


def _agree(
    desk: Desk,
    operators: list[SignedIn],
    petition_id: int,
    data: PetitionData,
    meetings: dict[str, int],
) -> dict[PetitionAct, str | None]:
    """Every act, for every operator: what :func:`acts` says is what the service does. The
    first operator's answers are returned."""
    said: dict[PetitionAct, str | None] = {}
    for who in operators:
        with desk.lookup(who) as action:
            judged = acts(action, petition_id)
        assert set(judged) == set(PetitionAct)
        for act, attempt in _attempts(petition_id, data, meetings).items():
            done = _outcome(desk, who, attempt)
            assert judged[act] == done, (who.username, act, judged[act], done)
        said = said or judged
    return said


@pytest.fixture
def owners(desk: Desk, admin: SignedIn) -> list[SignerData]:
    """Two owners on Orange St, each with a parcel, who sign the petition."""
    signers = []
    with desk.action(admin) as action:
        for lot, (name, house) in enumerate((("Ann Lee", 412), ("Bo Ng", 416)), start=1):
            party = parties.add_party(
                action,
                parties.PartyData(kind=PartyKind.PERSON, name=name, street=f"{house} Orange St"),
            )
            parcel = parties.add_parcel(
                action,
                parties.ParcelData(f"281-03{lot:03d}-0000", f"{house} Orange St", party.id),
            )
            signers.append(SignerData(party_id=party.id, parcel_id=parcel.id))
    return signers


def test_a_petition_is_placed_then_decided_as_its_services_allow(
    desk: Desk, clock: FixedClock, clerk: SignedIn, owners: list[SignerData]
) -> None:
    data = _data(owners)
    petition = _receive(desk, clerk, data).id
    number = "P-2026-001"
    meetings = {"held": _meeting(desk, clerk, DEC_14), "next": _meeting(desk, clerk, DEC_28)}
    said = _agree(desk, [clerk], petition, data, meetings)  # received, on no agenda
    assert said[PetitionAct.COUNCIL_ACTION] == (
        f"Petition {number} is not on an agenda: the Council acts on a petition on the agenda "
        "of its meeting; place it first."
    )
    assert {act for act, why in said.items() if why is not None} == {PetitionAct.COUNCIL_ACTION}

    _place(desk, clerk, petition, meetings["held"])
    clock.set(_in_chicago(2026, 12, 14, 18, 0))  # the meeting begins: the Council may act
    said = _agree(desk, [clerk], petition, data, meetings)
    assert all(why is None for why in said.values())

    with desk.action(clerk) as action:
        petitions.record_council_action(
            action, petition, outcome=CouncilAction.DENIED, meeting_id=meetings["held"]
        )
    said = _agree(desk, [clerk], petition, data, meetings)  # decided: no more steps
    for act in (PetitionAct.WITHDRAW, PetitionAct.PLACE, PetitionAct.COUNCIL_ACTION):
        assert said[act] == f"Petition {number} is denied."
    assert said[PetitionAct.EDIT] is None  # its staff notes still change (said in the form)


def test_every_act_names_the_permission_a_role_lacks(
    desk: Desk,
    clerk: SignedIn,
    owners: list[SignerData],
    operator_with: Callable[[Role], SignedIn],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _data(owners)
    petition = _receive(desk, clerk, data).id
    meetings = {"held": _meeting(desk, clerk, DEC_14), "next": _meeting(desk, clerk, DEC_28)}
    inspector = operator_with(Role.INSPECTOR)
    monkeypatch.setitem(
        GRANTS, Role.INSPECTOR, GRANTS[Role.INSPECTOR] - {Permission.TAKE_APPLICATIONS}
    )
    said = _agree(desk, [inspector], petition, data, meetings)
    assert all("take applications and petitions" in str(why) for why in said.values())
    with desk.lookup(inspector) as action:
        judged = meeting_acts(action, meetings["next"])
    assert all("take applications and petitions" in str(why) for why in judged.values())


def _meeting_attempts(meeting_id: int, later: int) -> dict[MeetingAct, Attempt]:
    def edit(a: Action) -> object:
        meeting = schedule.get_meeting(a.session, meeting_id)
        data = schedule.MeetingData(meeting.kind, meeting.starts_at, "City Hall, Room 2")
        return schedule.update_meeting(a, meeting_id, data)

    return {
        MeetingAct.EDIT: edit,
        MeetingAct.CANCEL: lambda a: petitions.cancel_meeting(a, meeting_id, reason="No quorum"),
        MeetingAct.BUILD_PACKET: lambda a: _packet_view(a, meeting_id),
    }


def _packet_view(action: Action, meeting_id: int) -> object:
    with tempfile.TemporaryDirectory() as folder:  # where its scans are copied
        return papers.packet_view(action, meeting_id, Path(folder))


def _meeting_agree(
    desk: Desk, who: SignedIn, meeting_id: int, later: int
) -> dict[MeetingAct, str | None]:
    with desk.lookup(who) as action:
        judged = meeting_acts(action, meeting_id)
    assert set(judged) == set(MeetingAct)
    for act, attempt in _meeting_attempts(meeting_id, later).items():
        done = _outcome(desk, who, attempt)
        assert judged[act] == done, (act, judged[act], done)
    return judged


def test_a_meeting_is_cancelled_until_the_minute_it_begins(
    desk: Desk, clock: FixedClock, clerk: SignedIn, owners: list[SignerData]
) -> None:
    meeting = _meeting(desk, clerk, DEC_14)
    later = _meeting(desk, clerk, DEC_28)
    starts = _in_chicago(2026, 12, 14, 18, 0)
    clock.set(starts - timedelta(minutes=1))  # a minute before: still to come
    assert all(why is None for why in _meeting_agree(desk, clerk, meeting, later).values())
    clock.set(starts)  # on the minute: begun
    said = _meeting_agree(desk, clerk, meeting, later)
    assert said[MeetingAct.CANCEL] == (
        "The meeting of Mon Dec 14, 2026 has already begun: it cannot be cancelled."
    )
    assert said[MeetingAct.EDIT] is None and said[MeetingAct.BUILD_PACKET] is None

    clock.set(datetime(2026, 12, 1, 9, 0))
    with desk.action(clerk) as action:
        petitions.cancel_meeting(action, later, reason="Moved to a special meeting")
    said = _meeting_agree(desk, clerk, later, meeting)  # cancelled: nothing more
    assert said == {
        MeetingAct.EDIT: "That meeting is cancelled.",
        MeetingAct.CANCEL: "That meeting is already cancelled.",
        MeetingAct.BUILD_PACKET: "That meeting is cancelled.",
    }


def test_a_meeting_the_council_acted_at_took_place(
    desk: Desk, clock: FixedClock, clerk: SignedIn, owners: list[SignerData]
) -> None:
    petition = _receive(desk, clerk, _data(owners)).id
    meeting = _meeting(desk, clerk, DEC_14)
    _place(desk, clerk, petition, meeting)
    clock.set(_in_chicago(2026, 12, 14, 19, 0))
    with desk.action(clerk) as action:
        petitions.record_council_action(
            action, petition, outcome=CouncilAction.DENIED, meeting_id=meeting
        )
    said = _meeting_agree(desk, clerk, meeting, meeting)
    assert said[MeetingAct.CANCEL] == (
        "The Council's action on a petition is recorded at the meeting of Mon Dec 14, 2026: it "
        "took place and cannot be cancelled."
    )


def test_a_scan_is_set_aside_once(desk: Desk, clerk: SignedIn, owners: list[SignerData]) -> None:
    petition = _receive(desk, clerk, _data(owners), scans=(("signed.pdf", PDF),)).id
    with desk.lookup(clerk) as action:
        scan = petitions.get_petition(action.session, petition).scans[0].id
        pane = details.petition_pane(action, petition)
    assert pane.scans_aside == {scan: None}

    def aside(a: Action) -> object:
        petitions.set_scan_aside(a, scan, reason="Wrong petition")
        return None

    assert _outcome(desk, clerk, aside) is None
    with desk.action(clerk) as action:
        petitions.set_scan_aside(action, scan, reason="Wrong petition")
    with desk.lookup(clerk) as action:
        scans = petitions.get_petition(action.session, petition).scans
        refused = scan_aside_refusals(action, scans)
    assert refused == {scan: "That scan is already set aside."}
    assert _outcome(desk, clerk, aside) == "That scan is already set aside."
