"""The service's writes as the window calls them (§ 506-16): each answers with the id of the
record it wrote, so the window never holds a record nor flushes a session to learn its id."""

from __future__ import annotations

from datetime import date

from clerk_desk.desk import Action
from clerk_desk.street_numbers import service as street_numbers
from clerk_desk.street_numbers.service import AssignmentData, StreetData


def add_street(action: Action, data: StreetData) -> int:
    street = street_numbers.add_street(action, data)
    action.session.flush()
    return street.id


def update_street(action: Action, street_id: int, data: StreetData) -> int:
    return street_numbers.update_street(action, street_id, data).id


def assign_number(action: Action, data: AssignmentData) -> int:
    return street_numbers.assign_number(action, data).id  # assign_number flushes


def observe_noncompliance(
    action: Action, address_id: int, *, observed_on: date, observation: str
) -> int:
    case = street_numbers.observe_noncompliance(
        action, address_id, observed_on=observed_on, observation=observation
    )
    action.session.flush()
    return case.id
