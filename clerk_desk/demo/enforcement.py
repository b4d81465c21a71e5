"""Demo enforcement cases (issue 21), one at each step a clerk meets, counted back from "today"
so that every clock stands as described on any day of the year:

- an obstruction of a sidewalk noticed two hours ago, its 24 hours running (§ 506-8);
- an awning measured at seven feet, excepted by § 506-8 and so not noticed;
- snow that stopped falling yesterday morning, the Director of Public Works' clock running
  (§ 506-11);
- a newspaper receptacle whose publisher received the occupier's instruction 12 days ago: the
  10 days have run, the Clerk's letter is due (§ 506-23);
- a street obstruction the Chief of Police determined this morning, its notice still to give
  (§ 506-8);
- mud tracked onto a street from a building site, the person in charge asked an hour ago to
  remove it: the City may sweep it up (§ 506-20);
- a gravel parking stall authorized by the Chief of Police and the Director of Public Works
  a month ago, and another the Chief authorized last week, awaiting the Director (§ 506-12).

No case here ends in a charge: the demo's special charges (:mod:`clerk_desk.demo.special_charges`)
are those of last year and this year, counted by the demo's tests.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.desk import Action, Desk, SignedIn
from clerk_desk.enforcement import rules
from clerk_desk.enforcement import service as en
from clerk_desk.enforcement.rules import Obstruction, ObstructionKind, Place
from clerk_desk.kinds import CaseKind, PartyKind, Role
from clerk_desk.models import Operator, Parcel, Party

PUBLISHER = "Pierce County Herald"


def _clerk(desk: Desk) -> SignedIn:
    with desk.database.reading() as session:
        rows = session.scalars(
            select(Operator).where(Operator.active.is_(True)).order_by(Operator.id)
        ).all()
        by_role = {
            Role(r.role): SignedIn(r.id, r.username, r.full_name, Role(r.role)) for r in rows
        }
    return by_role.get(Role.CLERK) or by_role[Role.ADMINISTRATOR]


def _parcels(desk: Desk, count: int) -> list[tuple[int, int, str]]:
    """The first parcels with an owner: (parcel id, owner id, site address)."""
    with desk.database.reading() as session:
        found = session.scalars(
            select(Parcel).where(Parcel.owner_id.is_not(None)).order_by(Parcel.id).limit(count)
        ).all()
        return [(p.id, p.owner_id or 0, p.site_address or p.parcel_number) for p in found]


def generate(desk: Desk) -> None:
    """Open the demo's cases (nothing when the demo has fewer than four owned parcels)."""
    sites = _parcels(desk, 4)
    if len(sites) < 4:
        return
    clerk = _clerk(desk)
    now = desk.clock.local_now().replace(second=0, microsecond=0)
    (front, front_owner, front_site), (awning, _o, awning_site) = sites[0], sites[1]
    other = sites[3]
    with desk.action(clerk) as action:
        blocked = en.open_case(
            action,
            en.CaseData(
                CaseKind.OBSTRUCTION,
                f"Sidewalk in front of {front_site}",
                official=rules.ENFORCEMENT_OFFICIAL,
                official_name="Officer Dana Ruiz",
                parcel_id=front,
                party_id=front_owner,
                party_as="owner",
                description="Pallets stacked across the sidewalk",
                complaint="A neighbour with a stroller, by phone",
                obstruction=Obstruction(Place.SIDEWALK, ObstructionKind.OTHER),
            ),
        )
        owner = action.session.get_one(Party, front_owner).name  # handed to the owner
        en.record_notice(action, blocked, at=now - timedelta(hours=2), to=owner, how="handed over")
        en.open_case(
            action,
            en.CaseData(
                CaseKind.OBSTRUCTION,
                f"Awning over the sidewalk at {awning_site}",
                official=rules.ENFORCEMENT_OFFICIAL,
                parcel_id=awning,
                obstruction=Obstruction(
                    Place.SIDEWALK, ObstructionKind.AWNING, clearance_in=rules.AWNING_CLEARANCE_IN
                ),
            ),
        )
        en.open_case(
            action,
            en.CaseData(
                CaseKind.SNOW_ICE,
                f"Sidewalk at {front_site}",
                official=rules.PUBLIC_WORKS,
                parcel_id=front,
                started_at=(now - timedelta(days=1)).replace(hour=6, minute=0),
            ),
        )
        _receptacle_and_stall(action, now, sites[2])
        _more(action, now, other)


def _publisher(action: Action) -> int:
    found = action.session.scalars(select(Party).where(Party.name == PUBLISHER)).first()
    if found is not None:
        return found.id
    return parties.add_party(
        action,
        parties.PartyData(
            kind=PartyKind.BUSINESS,
            name=PUBLISHER,
            street="PO Box 1",
            city="Ellsworth",
            state="WI",
            postal_code="54011",
        ),
    ).id


def _receptacle_and_stall(action: Action, now: datetime, site: tuple[int, int, str]) -> None:
    """A receptacle whose Clerk's letter is due, and a stall authorized a month ago."""
    stall, stall_owner, stall_site = site
    publisher_id = _publisher(action)
    en.open_case(
        action,
        en.CaseData(
            CaseKind.RECEPTACLE,
            f"{stall_site}, at the curb",
            official=rules.CLERK,
            party_id=publisher_id,
            party_as="publisher",
            complaint="The occupier, by the publisher's postcard",
            started_on=now.date() - timedelta(days=12),
        ),
    )
    terrace = en.open_case(
        action,
        en.CaseData(
            CaseKind.TERRACE_STALL,
            f"Terrace at {stall_site}",
            official=rules.PUBLIC_WORKS,
            parcel_id=stall,
            party_id=stall_owner,
            party_as="owner",
        ),
    )
    month_ago = now.date() - timedelta(days=30)
    for official, name in ((rules.CHIEF, "Chief Ann Berg"), (rules.PUBLIC_WORKS, "Tom Ness")):
        en.record_authorization(action, terrace, official=official, name=name, on=month_ago)


def _more(action: Action, now: datetime, site: tuple[int, int, str]) -> None:
    """The cases still at their first step: a notice to give, the City's sweeping to record, a
    stall awaiting its second authorization."""
    parcel, owner, address = site
    en.open_case(
        action,
        en.CaseData(
            CaseKind.OBSTRUCTION,
            f"Alley behind {address}",
            official=rules.CHIEF,
            official_name="Chief Ann Berg",
            parcel_id=parcel,
            description="A dumpster left across the alley",
            obstruction=Obstruction(Place.STREET, ObstructionKind.OTHER),
        ),
    )
    debris = en.open_case(
        action,
        en.CaseData(
            CaseKind.DIRT_DEBRIS,
            f"Street in front of {address}",
            official=rules.PUBLIC_WORKS,
            parcel_id=parcel,
            party_id=owner,
            party_as="person in charge",
            description="Mud tracked from the building site onto the street",
        ),
    )
    en.record_notice(
        action, debris, at=now - timedelta(hours=1), to="The site foreman", how="by phone"
    )
    stall = en.open_case(
        action,
        en.CaseData(
            CaseKind.TERRACE_STALL,
            f"Terrace at {address}",
            official=rules.CHIEF,
            parcel_id=parcel,
            party_id=owner,
            party_as="owner",
        ),
    )
    en.record_authorization(
        action, stall, official=rules.CHIEF, name="Chief Ann Berg", on=now.date() - timedelta(7)
    )
