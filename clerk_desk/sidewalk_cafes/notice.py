"""The notice to owners and occupants within 100 feet and the 15 days for comments
(§ 506-10 (Application for permit)): the list of addressees, the mailing, the comments received.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal, InvalidOperation

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CafeStatus
from clerk_desk.models import (
    CafeComment,
    CafeNeighbor,
    SidewalkCafe,
)
from clerk_desk.sidewalk_cafes import acts as acts
from clerk_desk.sidewalk_cafes.rules import (
    BEYOND_RADIUS,
    COMMENT_SOURCES,
    NOTICE_RADIUS_FT,
    RELATIONS,
    NeighborData,
    beyond_radius,
)
from clerk_desk.sidewalk_cafes.service import get_cafe
from clerk_desk.sidewalk_cafes.terms import comment_deadline
from clerk_desk.text_search import fold
from clerk_desk.validation import fits
from clerk_desk.words import format_day, plural


def _neighbor(row: NeighborData, line: int) -> NeighborData:
    name = " ".join(row.name.split())
    if not name:
        raise InvalidInput(f"Line {line} of the list has no name.", field="neighbors")
    address = "\n".join(" ".join(part.split()) for part in row.mailing_address.splitlines())
    address = "\n".join(part for part in address.splitlines() if part)
    if not address:
        raise InvalidInput(
            f"Line {line}: enter {name}'s mailing address (the notice is mailed).",
            field="neighbors",
        )
    relation = row.relation.strip().lower() or "owner"
    if relation not in RELATIONS:
        raise InvalidInput(
            f"Line {line}: {name} is {row.relation.strip()!r}; write owner or occupant.",
            field="neighbors",
        )
    distance = row.distance_ft
    if distance is not None and distance < 0:
        raise InvalidInput(f"Line {line}: a distance cannot be negative.", field="neighbors")
    fits(CafeNeighbor.name, name, f"Line {line}'s name", field="neighbors")
    parcel = " ".join(row.parcel_number.split())
    fits(CafeNeighbor.parcel_number, parcel, f"Line {line}'s parcel number", field="neighbors")
    return NeighborData(name, address, parcel, relation, distance)


def set_neighbors(action: Action, cafe_id: int, rows: Sequence[NeighborData]) -> list[NeighborData]:
    """Replace the list of owners and occupants of property within 100 feet, to whom the
    notice is mailed, until it is mailed (the list mailed is the one attached to the packet).
    A row more than 100 feet away is kept, marked "beyond 100 ft — not required"
    (:func:`neighbor_findings`); 100 feet exactly is within. The same name at the same address
    twice is refused."""
    session = action.session
    cafe = get_cafe(session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.NEIGHBOURS, cafe)
    cleaned = [_neighbor(row, line) for line, row in enumerate(rows, start=1)]
    seen: dict[tuple[str, str], int] = {}
    for line, row in enumerate(cleaned, start=1):
        key = (fold(row.name), fold(row.mailing_address))
        if key in seen:
            raise InvalidInput(
                f"Line {line} repeats line {seen[key]} ({row.name}).", field="neighbors"
            )
        seen[key] = line
    before = neighbors_text(cafe)
    for old in list(cafe.neighbors):
        session.delete(old)
    session.flush()
    cafe.neighbors = [
        CafeNeighbor(
            position=i,
            name=n.name,
            mailing_address=n.mailing_address,
            parcel_number=n.parcel_number,
            relation=n.relation,
            distance_ft=n.distance_ft,
        )
        for i, n in enumerate(cleaned, start=1)
    ]
    session.flush()
    beyond = sum(1 for n in cleaned if beyond_radius(n.distance_ft))
    action.audit(
        "sidewalk_cafe.neighbors",
        cafe,
        f"Owners and occupants within {NOTICE_RADIUS_FT} feet of {cafe.number}: "
        f"{plural(len(cleaned), 'name')}" + (f" ({beyond} {BEYOND_RADIUS})" if beyond else ""),
        before={"neighbors": before},
        after={"neighbors": neighbors_text(cafe)},
    )
    return cleaned


def neighbors_text(cafe: SidewalkCafe) -> list[dict[str, object]]:
    return [
        {
            "name": n.name,
            "mailing_address": n.mailing_address,
            "parcel_number": n.parcel_number,
            "relation": n.relation,
            "distance_ft": n.distance_ft,
        }
        for n in cafe.neighbors
    ]


_HEADINGS = {
    "name": ("name", "owner", "owner name", "full name", "addressee"),
    "address": ("mailing address", "address", "street", "street address", "mailing"),
    "city": ("city", "city state zip", "city, state zip"),
    "state": ("state", "st"),
    "zip": ("zip", "zip code", "postal code"),
    "parcel": ("parcel", "parcel number", "parcel no", "pin", "tax parcel"),
    "relation": ("relation", "owner or occupant", "type", "role"),
    "distance": ("distance", "distance ft", "distance (ft)", "feet", "ft"),
}


def _distance(text: str, line: int) -> int | None:
    cleaned = fold(text).removesuffix("feet").removesuffix("ft").strip().rstrip("'").strip()
    if not cleaned:
        return None
    try:
        value = Decimal(cleaned.replace(",", ""))
    except InvalidOperation:
        raise InvalidInput(
            f"Row {line}: the distance {text!r} is not a number of feet.", field="neighbors"
        ) from None
    return math.ceil(value)  # 100.2 ft is beyond 100 feet


def neighbors_from_rows(rows: Sequence[Mapping[str, object]]) -> list[NeighborData]:
    """The owners and occupants read from a spreadsheet or CSV (rows keyed by heading, as
    ``reports.excel.read_table`` gives them): Name, Mailing address (or Address with City,
    State and ZIP columns), Parcel, Relation (owner or occupant), Distance (feet). Refused with
    the row number of the first problem as the spreadsheet shows it (``row.row_number`` when
    the row has one, else counted from 2, below the heading row). A distance with a fraction
    of a foot is rounded up (100.2 ft is beyond 100 feet, and kept, marked so)."""
    table = [
        (
            int(getattr(row, "row_number", index + 2)),
            {fold(str(k)): "" if v is None else str(v).strip() for k, v in row.items()},
        )
        for index, row in enumerate(rows)
    ]
    if table and not any(k in fields for _, fields in table for k in _HEADINGS["name"]):
        raise InvalidInput(
            "The list has no Name column: the first row should name the columns (Name, Mailing "
            "address, Parcel, Relation, Distance).",
            field="neighbors",
        )
    people = []
    for line, fields in table:
        if not any(fields.values()):
            continue

        def pick(key: str, fields: dict[str, str] = fields) -> str:
            return next((fields[k] for k in _HEADINGS[key] if fields.get(k)), "")

        locality = " ".join(
            part
            for part in (
                f"{pick('city')},"
                if pick("city") and (pick("state") or pick("zip"))
                else pick("city"),
                pick("state"),
                pick("zip"),
            )
            if part
        )
        address = "\n".join(p for p in (*pick("address").splitlines(), locality) if p.strip())
        row = NeighborData(
            name=pick("name"),
            mailing_address=address,
            parcel_number=pick("parcel"),
            relation=pick("relation") or "owner",
            distance_ft=_distance(pick("distance"), line),
        )
        people.append(_neighbor(row, line))
    if not people:
        raise InvalidInput("The list names no one.", field="neighbors")
    return people


def record_notice_mailed(action: Action, cafe_id: int, *, mailed_on: date, by_name: str) -> int:
    """Record that the City Administrator mailed the notice to everyone on the list. Comments
    are then due to the City Clerk by :func:`comment_deadline` (15 calendar days from mailing;
    a last day City Hall is closed moves to its next open day). Refused without a readable
    site plan: the notice "shall contain a copy of the diagram submitted by the applicant"."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.MAIL_NOTICE, cafe)
    if mailed_on > action.today():
        raise InvalidInput("The notice cannot be mailed later than today.", field="mailed_on")
    if mailed_on < cafe.applied_on:
        raise InvalidInput(
            "The notice cannot be mailed before the application was made.", field="mailed_on"
        )
    who = " ".join(by_name.split())
    if not who:
        raise InvalidInput("Enter who mailed the notice.", field="by_name")
    deadline = comment_deadline(mailed_on, action.calendar)
    before = snapshot(cafe)
    cafe.notice_mailed_on = mailed_on
    cafe.notice_mailed_by = fits(SidewalkCafe.notice_mailed_by, who, "The name", field="by_name")
    cafe.comments_due_on = deadline.due
    cafe.status = CafeStatus.NOTICE_MAILED
    moved = f" ({' '.join(deadline.explanation[1:])})" if deadline.moved else ""
    action.audit(
        "sidewalk_cafe.notice",
        cafe,
        f"Notice of {cafe.number} mailed {format_day(mailed_on)} to "
        f"{plural(len(cafe.neighbors), 'owner or occupant', 'owners and occupants')}; comments "
        f"to the City Clerk by {format_day(deadline.due)}{moved}",
        before=before,
        after=snapshot(cafe),
    )
    return cafe.id


def record_comment(
    action: Action,
    cafe_id: int,
    *,
    received_on: date,
    commenter: str,
    text: str,
    source: str = "public",
) -> int:
    """Record a comment received by the City Clerk, until the Council decides. A public
    comment received after the last day (day 16 on) is kept for the Council and marked
    untimely; comments of the applicant, City staff and committees have no last day."""
    cafe = get_cafe(action.session, cafe_id, for_update=True)
    acts.allow(action, acts.CafeAct.COMMENT, cafe)
    kind = source.strip().lower() or "public"
    if kind not in COMMENT_SOURCES:
        raise InvalidInput(
            f"The comment's source is {source!r}; it must be one of {', '.join(COMMENT_SOURCES)}.",
            field="source",
        )
    if received_on > action.today():
        raise InvalidInput("A comment cannot be received later than today.", field="received_on")
    if received_on < cafe.applied_on:
        raise InvalidInput(
            "A comment cannot be received before the application.", field="received_on"
        )
    who = " ".join(commenter.split())
    if not who:
        raise InvalidInput("Enter who made the comment.", field="commenter")
    words = text.strip()
    if not words:
        raise InvalidInput("Enter the comment (or a summary of it).", field="text")
    timely = kind != "public" or cafe.comments_due_on is None or received_on <= cafe.comments_due_on
    comment = CafeComment(
        cafe_id=cafe.id,
        received_on=received_on,
        commenter=fits(CafeComment.commenter, who, "The commenter's name", field="commenter"),
        source=kind,
        text=words,
        timely=timely,
        created_at=action.now(),
    )
    action.session.add(comment)
    late = (
        ""
        if timely
        else f"; untimely: comments were due by {format_day(cafe.comments_due_on)}"
        if cafe.comments_due_on
        else ""
    )
    action.audit(
        "sidewalk_cafe.comment",
        cafe,
        f"Comment on {cafe.number} from {who} ({kind}) received {format_day(received_on)}{late}",
        after={"commenter": who, "source": kind, "received_on": received_on.isoformat(),
               "text": words, "timely": timely},
    )  # fmt: skip
    return comment.id
