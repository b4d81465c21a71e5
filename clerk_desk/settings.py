"""City settings: who the City is, as printed on every letterhead."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CityProfile:
    """The City's name and address as printed on letterheads, receipts and permits.

    ``logo`` is a path to an image file, or ``None`` for the shipped seal.
    """

    city_name: str = "City of Prescott"
    state: str = "Wisconsin"
    office: str = "City Hall"
    address_lines: tuple[str, ...] = field(
        default=("Prescott Municipal Building", "800 Borner St N", "Prescott, WI 54021")
    )
    phone: str = ""
    email: str = ""
    council_meeting_place: str = "Council Chambers, Prescott Municipal Building"
    logo: str | None = None
