"""Reading enforcement cases: one case by id, locked for a change or not."""

from __future__ import annotations

from sqlalchemy import Select, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk.errors import NotFound
from clerk_desk.models import EnforcementCase, Parcel

RECORD_TYPE = "enforcement_case"
"""What the special charge of a case names as its source (``record_type``)."""


def loaded() -> Select[EnforcementCase]:
    return select(EnforcementCase).options(
        selectinload(EnforcementCase.parcel).selectinload(Parcel.owner),
        selectinload(EnforcementCase.party),
        selectinload(EnforcementCase.charge),
    )


def get_case(session: Session, case_id: int, *, lock: bool = False) -> EnforcementCase:
    """The case; with ``lock``, read afresh under a row lock until the action ends (another
    station may be recording on it at the same moment)."""
    case = (
        session.get(EnforcementCase, case_id, with_for_update=True, populate_existing=True)
        if lock
        else session.get(EnforcementCase, case_id)
    )
    if case is None:
        raise NotFound(f"There is no enforcement case number {case_id}.")
    return case
