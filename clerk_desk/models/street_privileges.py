"""Street privilege permits (§ 506-9)."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    PrivilegePurpose,
    PrivilegeStatus,
)
from clerk_desk.models.base import Base
from clerk_desk.money import Money

if TYPE_CHECKING:
    from clerk_desk.models.parties import Parcel, Party
    from clerk_desk.models.street_numbers import Street


class StreetPrivilege(Base):
    """An application for, and then the permit of, a street privilege (§ 506-9).

    Widths are kept in whole inches, as measured, so that the fractions the ordinance names
    (one-third of a street, one-half of a sidewalk) are checked exactly. ``ends_on`` is the last
    day the permit is in force: three months from issuance, or the earlier day set on it.
    ``checks`` keeps the conditions checklist: ``{key: {"on": iso day, "by": name, "ok": bool,
    "note": text}}``.
    """

    __tablename__ = "street_privilege"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    location: Mapped[str] = mapped_column(String(200))
    purpose: Mapped[PrivilegePurpose] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(Text, default="")
    route: Mapped[str] = mapped_column(Text, default="")  # a building moved: the way it goes
    building_permit_required: Mapped[bool] = mapped_column(Boolean, default=False)
    building_permit_number: Mapped[str] = mapped_column(String(40), default="")
    planned_start: Mapped[date | None]
    planned_end: Mapped[date | None]
    street_width_in: Mapped[int | None] = mapped_column(Integer)  # traveled portion
    street_used_in: Mapped[int | None] = mapped_column(Integer)
    sidewalk_width_in: Mapped[int | None] = mapped_column(Integer)
    sidewalk_used_in: Mapped[int | None] = mapped_column(Integer)
    gutter_clear: Mapped[bool] = mapped_column(Boolean, default=True)  # § 506-8 (Exceptions)
    temporary_sidewalk_width_in: Mapped[int | None] = mapped_column(Integer)
    fence_height_in: Mapped[int | None] = mapped_column(Integer)
    police_advice: Mapped[str] = mapped_column(Text, default="")
    police_advice_on: Mapped[date | None]
    inspector_advice: Mapped[str] = mapped_column(Text, default="")
    inspector_advice_on: Mapped[date | None]
    insurance_required: Mapped[bool] = mapped_column(Boolean, default=False)
    insurance_minimums: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # kind: cents
    bond_amount: Mapped[Money | None]  # set by the Director, not exceeding $10,000
    conditions: Mapped[str] = mapped_column(Text, default="")  # attached by officials, a line each
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    status: Mapped[PrivilegeStatus] = mapped_column(String(12), index=True)
    issued_on: Mapped[date | None]
    issued_by_name: Mapped[str] = mapped_column(String(120), default="")
    earlier_end_on: Mapped[date | None]  # an earlier termination set on the permit
    earlier_end_note: Mapped[str] = mapped_column(Text, default="")
    ends_on: Mapped[date | None] = mapped_column(index=True)
    checks: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    revoked_on: Mapped[date | None]
    revoked_by_name: Mapped[str] = mapped_column(String(120), default="")
    revoked_by_title: Mapped[str] = mapped_column(String(80), default="")
    revoke_reason: Mapped[str] = mapped_column(Text, default="")
    closed_on: Mapped[date | None]  # vacated, cleaned and safe (§ 506-9 (Conditions))
    removal_notice_at: Mapped[datetime | None]  # the Council's 24 hours' notice to remove
    removal_notice_to: Mapped[str] = mapped_column(String(200), default="")
    removed_by_city_on: Mapped[date | None]
    refused_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()
    street: Mapped[Street | None] = relationship()

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_street_privilege_year_sequence"),
        CheckConstraint("bond_amount IS NULL OR bond_amount > 0", name="bond_positive"),
    )
