"""The official each section of Chapter 506 makes responsible for an act.

At the counter a clerk records what the City's officials decided: the City Administrator issues
a sidewalk cafe permit (§ 506-10), the Director of Public Works a street privilege (§ 506-9), the
Building Inspector assigns a street number (§ 506-16), the Common Council revokes. The audit
trail keeps both: who recorded the act (its operator) and the official the ordinance makes
responsible for it, looked up here by the event's action name when the event is written
(:meth:`clerk_desk.desk.Action.audit`), so that no service has to remember to say it.

An act the ordinance gives to no official (an application received, a typing error corrected, a
payment) is not listed, and its events name none: a wrong official in the trail would be worse
than none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Responsible:
    """An official and the section that makes them responsible for an act."""

    official: str  # "City Administrator", or alternatives as the section writes them
    cite: str  # "§ 506-10 (Sidewalk cafe permit issuance)"

    def __str__(self) -> str:
        return f"{self.official}, {self.cite}"


CITY_ADMINISTRATOR = "City Administrator"
DIRECTOR = "Director of Public Works"
BUILDING_INSPECTOR = "Building Inspector"
CHIEF_OF_POLICE = "Chief of Police"
COUNCIL = "Common Council"
CLERK = "City Clerk"
TREASURER = "City Treasurer"

OFFICIALS = (
    CITY_ADMINISTRATOR,
    DIRECTOR,
    BUILDING_INSPECTOR,
    CHIEF_OF_POLICE,
    COUNCIL,
    CLERK,
    TREASURER,
)


RESPONSIBLE: Mapping[str, Responsible] = {
    # "issued by the City Administrator after inspection by the Director of Public Works"
    "sidewalk_cafe.issue": Responsible(
        CITY_ADMINISTRATOR, "§ 506-10 (Sidewalk cafe permit issuance)"
    ),
    # "assigned an official street number by the Building Inspector"
    "address.assign": Responsible(
        BUILDING_INSPECTOR, "§ 506-16 (Buildings to have street numbers)"
    ),
}


def responsible_for(action: str) -> Responsible | None:
    """The official the ordinance makes responsible for the act an audit event records (by its
    action name, "sidewalk_cafe.issue"), or None when it names none."""
    return RESPONSIBLE.get(action)
