"""The domain model shared by every workflow: operators, audit, parties, parcels, fees, amounts due.

Column types are decided once, in :class:`Base`'s ``type_annotation_map``: money is stored as
integer cents (SQLAlchemy's ``Numeric`` passes through float on SQLite), instants as UTC.
Workflow modules add their own tables on the same ``Base``; the schema changes only through the
Alembic migrations in ``clerk_desk/migrations``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from clerk_desk.kinds import (
    AddressStatus,
    ApplicantKind,
    BondKind,
    BuildingKind,
    CafeStatus,
    ChargeKind,
    ChargeStatus,
    Compass,
    CostPayer,
    DrawerStatus,
    DueKind,
    DueStatus,
    FileStatus,
    MeetingKind,
    NumberingCaseStatus,
    OpeningStatus,
    PartyKind,
    PetitionKind,
    PetitionStatus,
    PrivilegePurpose,
    PrivilegeStatus,
    ReceiptKind,
    ReceiptStatus,
    RepairOrderKind,
    RepairOrderStatus,
    Role,
    RunStatus,
    SidewalkPermitStatus,
    SidewalkWork,
    TenderKind,
    VendingStatus,
)
from clerk_desk.money import Money

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class MoneyCents(TypeDecorator[Money]):
    """A :class:`Money` stored exactly, as a whole number of cents."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Money | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        if not isinstance(value, Money):
            raise TypeError(f"expected Money, got {type(value).__name__}")
        return value.cents

    def process_result_value(self, value: int | None, dialect: Dialect) -> Money | None:
        return None if value is None else Money.from_cents(int(value))


class UtcDateTime(TypeDecorator[datetime]):
    """An instant, always timezone-aware UTC in Python whatever the database keeps.

    SQLite has no time zones; storing naive UTC and re-attaching UTC on the way out makes both
    databases behave alike, so that audit times compare and sort the same everywhere.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given where an instant is stored; use the clock")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads this class attribute
        Money: MoneyCents(),
        datetime: UtcDateTime(),
        str: String(200),
        dict[str, Any]: JSON(),
    }


class Operator(Base):
    """A person who signs in at a counter station."""

    __tablename__ = "operator"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(60), unique=True)
    full_name: Mapped[str] = mapped_column(String(120))
    role: Mapped[Role] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(300))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]
    last_sign_in_at: Mapped[datetime | None]


class AuditEvent(Base):
    """One change made through a service. Append-only: triggers refuse UPDATE and DELETE."""

    __tablename__ = "audit_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(60), index=True)
    record_type: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str] = mapped_column(String(40))
    summary: Mapped[str] = mapped_column(Text)
    before: Mapped[dict[str, Any] | None]
    after: Mapped[dict[str, Any] | None]
    # SHA-256 of this event's content and of the event before it (clerk_desk.audit_chain): a
    # changed, removed or inserted event breaks the chain from there on.
    chain_hash: Mapped[str] = mapped_column(String(64), default="", server_default="")

    __table_args__ = (Index("ix_audit_event_record", "record_type", "record_id"),)


class AuditChain(Base):
    """The head of the audit trail's hash chain: one row, locked by every action that appends,
    so that events are numbered and chained one after another whichever station saves."""

    __tablename__ = "audit_chain"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    last_id: Mapped[int] = mapped_column(Integer, default=0)
    last_hash: Mapped[str] = mapped_column(String(64))


class DatabaseGeneration(Base):
    """Which contents the database holds: a restore gives it a new generation, and every
    station that signed in under the old one is asked to sign in again."""

    __tablename__ = "database_generation"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    generation: Mapped[str] = mapped_column(String(36))
    changed_at: Mapped[datetime]


class SignInThrottle(Base):
    """Failed sign-ins under one user name (known or not), to slow a guesser down."""

    __tablename__ = "sign_in_throttle"

    username: Mapped[str] = mapped_column(String(60), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    first_failed_at: Mapped[datetime]
    last_failed_at: Mapped[datetime]
    blocked_until: Mapped[datetime | None]


class Party(Base):
    """A person, business, organization, public utility or government body the City deals with.

    ``public_utility`` is kept as its own flag because § 506-6 (Bond) exempts public utilities
    from the excavation bond, whatever kind of body they are.
    """

    __tablename__ = "party"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[PartyKind] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200), index=True)
    contact_name: Mapped[str] = mapped_column(String(120), default="")
    street: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(80), default="")
    state: Mapped[str] = mapped_column(String(2), default="")
    postal_code: Mapped[str] = mapped_column(String(10), default="")
    phone: Mapped[str] = mapped_column(String(40), default="")
    email: Mapped[str] = mapped_column(String(120), default="")
    public_utility: Mapped[bool] = mapped_column(Boolean, default=False)
    contractor: Mapped[bool] = mapped_column(Boolean, default=False)
    notes: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    search_text: Mapped[str] = mapped_column(Text, default="")

    parcels: Mapped[list[Parcel]] = relationship(back_populates="owner")

    @property
    def mailing_address(self) -> str:
        locality = " ".join(
            p for p in (f"{self.city}," if self.city else "", self.state, self.postal_code) if p
        )
        return "\n".join(p for p in (self.street, locality.strip()) if p)


class Parcel(Base):
    """A tax parcel and its site address, shared by every workflow that names a property."""

    __tablename__ = "parcel"

    id: Mapped[int] = mapped_column(primary_key=True)
    parcel_number: Mapped[str] = mapped_column(String(40), unique=True)
    site_address: Mapped[str] = mapped_column(String(200), default="")
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    description: Mapped[str] = mapped_column(Text, default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    search_text: Mapped[str] = mapped_column(Text, default="")

    owner: Mapped[Party | None] = relationship(back_populates="parcels")


class FeeItem(Base):
    """One line of the City's fee schedule, in force from ``effective_from`` to ``effective_to``.

    The ordinance leaves amounts to "the City's fee schedule" on file with the Clerk; amounts are
    set by Council resolution. ``placeholder`` marks a shipped amount the City has not set yet.
    """

    __tablename__ = "fee_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), index=True)
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    gl_account: Mapped[str] = mapped_column(String(40))
    section: Mapped[str] = mapped_column(String(120), default="")
    effective_from: Mapped[date]
    effective_to: Mapped[date | None]
    placeholder: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (
        UniqueConstraint("code", "effective_from", name="uq_fee_item_code_effective_from"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
    )


class AmountDue(Base):
    """What a party owes the City for one record (a permit's fee, City expenses, a charge).

    Workflows create these; the receipts workflow takes payment against them; any workflow asks
    :func:`clerk_desk.ledger.is_paid` for its record.
    """

    __tablename__ = "amount_due"

    id: Mapped[int] = mapped_column(primary_key=True)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    kind: Mapped[DueKind] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    paid: Mapped[Money]
    fee_item_id: Mapped[int | None] = mapped_column(ForeignKey("fee_item.id"))
    gl_account: Mapped[str] = mapped_column(String(40), default="")
    record_type: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str] = mapped_column(String(40))
    cite: Mapped[str] = mapped_column(String(120), default="")
    due_on: Mapped[date | None]
    status: Mapped[DueStatus] = mapped_column(String(12), default=DueStatus.OPEN)
    created_at: Mapped[datetime]
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    cancel_reason: Mapped[str] = mapped_column(Text, default="")

    party: Mapped[Party] = relationship()
    fee_item: Mapped[FeeItem | None] = relationship()

    __table_args__ = (
        Index("ix_amount_due_record", "record_type", "record_id"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("paid >= 0 AND paid <= amount", name="paid_within_amount"),
    )

    @property
    def balance(self) -> Money:
        return self.amount - self.paid


class Setting(Base):
    """A named group of settings stored as JSON (city profile, calendar, number formats)."""

    __tablename__ = "setting"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime]


class NumberSequence(Base):
    """The next number of a series (receipts, permits), taken inside the saving transaction."""

    __tablename__ = "number_sequence"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    year: Mapped[int] = mapped_column(Integer, primary_key=True)
    next_value: Mapped[int] = mapped_column(Integer, default=1)


# -- Receipts and the cash drawer (§ 506-6: "Permit fees shall be paid to the Treasurer who shall
#    issue a receipt therefor") ------------------------------------------------------------------


class Drawer(Base):
    """One counter station's cash drawer from opening to close-out (a batch).

    Receipts are written into the open drawer of the station that takes them; a closed drawer
    is locked: nothing in it can be voided, and its counts cannot change.
    """

    __tablename__ = "drawer"

    id: Mapped[int] = mapped_column(primary_key=True)
    station: Mapped[str] = mapped_column(String(60), index=True)
    status: Mapped[DrawerStatus] = mapped_column(String(10), default=DrawerStatus.OPEN)
    opened_at: Mapped[datetime]
    opened_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    opening_cash: Mapped[Money]
    closed_at: Mapped[datetime | None]
    closed_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    expected_cash: Mapped[Money | None]
    expected_checks: Mapped[Money | None]
    expected_cards: Mapped[Money | None]
    expected_money_orders: Mapped[Money | None]
    counted_cash: Mapped[Money | None]
    counted_checks: Mapped[Money | None]
    counted_cards: Mapped[Money | None]
    counted_money_orders: Mapped[Money | None]
    cash_count: Mapped[dict[str, Any] | None]  # denomination -> pieces, as counted
    check_list: Mapped[dict[str, Any] | None]  # checks as listed for the deposit slip
    over_short: Mapped[Money | None]
    close_note: Mapped[str] = mapped_column(Text, default="")

    __table_args__ = (
        CheckConstraint("opening_cash >= 0", name="opening_cash_not_negative"),
        # One open drawer per station, said by the database: two operators opening the same
        # station's drawer at the same moment cannot both succeed.
        Index(
            "uq_drawer_open_station",
            "station",
            unique=True,
            sqlite_where=text("status = 'open'"),
            postgresql_where=text("status = 'open'"),
        ),
    )


class Receipt(Base):
    """A receipt: immutable once written, except that it may be voided (who, when, why).

    ``number`` is allocated in the saving transaction from ``year`` and ``sequence``, so two
    stations never share one and a failed save leaves no gap.
    """

    __tablename__ = "receipt"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(30), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ReceiptKind] = mapped_column(String(12), default=ReceiptKind.PAYMENT)
    status: Mapped[ReceiptStatus] = mapped_column(String(8), default=ReceiptStatus.ISSUED)
    drawer_id: Mapped[int] = mapped_column(ForeignKey("drawer.id"), index=True)
    issued_at: Mapped[datetime] = mapped_column(index=True)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    payer_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    payer_name: Mapped[str] = mapped_column(String(200))
    search_text: Mapped[str] = mapped_column(Text, default="")  # number, payer, references
    total: Mapped[Money] = mapped_column(index=True)
    change: Mapped[Money]
    corrects_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))
    note: Mapped[str] = mapped_column(Text, default="")
    voided_at: Mapped[datetime | None]
    voided_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    void_reason: Mapped[str] = mapped_column(Text, default="")
    prints: Mapped[int] = mapped_column(Integer, default=0)

    lines: Mapped[list[ReceiptLine]] = relationship(
        back_populates="receipt", order_by="ReceiptLine.position"
    )
    tenders: Mapped[list[Tender]] = relationship(
        back_populates="receipt", order_by="Tender.position"
    )

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_receipt_year_sequence"),
        CheckConstraint("change >= 0", name="change_not_negative"),
    )


class ReceiptLine(Base):
    """What one line of a receipt pays: a fee item, actual City expenses, or an amount due."""

    __tablename__ = "receipt_line"

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]
    gl_account: Mapped[str] = mapped_column(String(40))
    fee_item_id: Mapped[int | None] = mapped_column(ForeignKey("fee_item.id"))
    amount_due_id: Mapped[int | None] = mapped_column(ForeignKey("amount_due.id"), index=True)
    reference: Mapped[str] = mapped_column(String(120), default="")
    note: Mapped[str] = mapped_column(Text, default="")

    receipt: Mapped[Receipt] = relationship(back_populates="lines")


class Tender(Base):
    """How a receipt was paid. Of a card, only the last four digits and the authorization code
    are ever stored. ``amount`` is what the tender pays toward the total; for cash,
    ``tendered`` is what was handed over (the difference is the change)."""

    __tablename__ = "tender"

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[TenderKind] = mapped_column(String(12))
    amount: Mapped[Money]
    tendered: Mapped[Money]
    check_number: Mapped[str] = mapped_column(String(30), default="")
    name_on_check: Mapped[str] = mapped_column(String(120), default="")
    card_last4: Mapped[str] = mapped_column(String(4), default="")
    card_authorization: Mapped[str] = mapped_column(String(20), default="")
    money_order_number: Mapped[str] = mapped_column(String(30), default="")

    receipt: Mapped[Receipt] = relationship(back_populates="tenders")


# -- Bonds, insurance certificates and the annual-bond register (§§ 506-6, 506-9, 506-10,
#    506-24) ------------------------------------------------------------------------------------


class InsuranceCertificate(Base):
    """A certificate of insurance as received, with its scan kept by content (SHA-256).

    Limits are kept one column per kind of coverage, so the register can be searched and
    exported by amount; a limit the certificate does not show is NULL.
    """

    __tablename__ = "insurance_certificate"

    id: Mapped[int] = mapped_column(primary_key=True)
    insured_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    insurer: Mapped[str] = mapped_column(String(120))
    policy_numbers: Mapped[str] = mapped_column(String(200), default="")
    bi_person: Mapped[Money | None]
    bi_occurrence: Mapped[Money | None]
    pd_occurrence: Mapped[Money | None]
    combined_single: Mapped[Money | None]
    products_completed: Mapped[Money | None]
    medical: Mapped[Money | None]
    liquor: Mapped[Money | None]
    general_liability: Mapped[bool] = mapped_column(Boolean, default=False)  # must be shown
    contractual_liability: Mapped[bool] = mapped_column(Boolean, default=False)
    city_additional_insured: Mapped[bool] = mapped_column(Boolean, default=False)
    additional_insured_endorsement: Mapped[bool] = mapped_column(Boolean, default=False)
    notice_days: Mapped[int | None] = mapped_column(Integer)
    effective_on: Mapped[date]
    expires_on: Mapped[date] = mapped_column(index=True)
    received_on: Mapped[date]
    scan_name: Mapped[str] = mapped_column(String(200), default="")
    scan_sha256: Mapped[str] = mapped_column(String(64), default="")
    status: Mapped[FileStatus] = mapped_column(String(12), default=FileStatus.ON_FILE)
    status_on: Mapped[date | None]
    status_reason: Mapped[str] = mapped_column(Text, default="")
    record_type: Mapped[str] = mapped_column(String(40), default="")  # what it protects
    record_id: Mapped[str] = mapped_column(String(40), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    insured: Mapped[Party] = relationship()

    __table_args__ = (CheckConstraint("expires_on >= effective_on", name="period_in_order"),)


_ANNUAL_STANDING = "kind = 'annual_excavation' AND status IN ('on_file', 'claim_made')"


class Bond(Base):
    """A bond filed with the City. Released, claimed or forfeited by a recorded act, never
    deleted."""

    __tablename__ = "bond"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[BondKind] = mapped_column(String(24), index=True)
    principal_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    surety: Mapped[str] = mapped_column(String(120))
    bond_number: Mapped[str] = mapped_column(String(60))
    amount: Mapped[Money]
    effective_on: Mapped[date]
    expires_on: Mapped[date | None] = mapped_column(index=True)
    year: Mapped[int | None] = mapped_column(Integer, index=True)  # annual bonds: the year
    work_completed_on: Mapped[date | None]  # restoration guarantees
    defect_notice_on: Mapped[date | None]
    defect_settled_on: Mapped[date | None]
    scan_name: Mapped[str] = mapped_column(String(200), default="")
    scan_sha256: Mapped[str] = mapped_column(String(64), default="")
    status: Mapped[FileStatus] = mapped_column(String(12), default=FileStatus.ON_FILE)
    status_on: Mapped[date | None]
    status_reason: Mapped[str] = mapped_column(Text, default="")
    record_type: Mapped[str] = mapped_column(String(40), default="")
    record_id: Mapped[str] = mapped_column(String(40), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    principal: Mapped[Party] = relationship()

    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("expires_on IS NULL OR expires_on >= effective_on", name="period_in_order"),
        # One annual bond per principal per calendar year while it stands (§ 506-6), even when
        # two stations file at once.
        Index(
            "uq_bond_annual_principal_year",
            "principal_id",
            "year",
            unique=True,
            sqlite_where=text(_ANNUAL_STANDING),
            postgresql_where=text(_ANNUAL_STANDING),
        ),
    )


class Revocation(Base):
    """A contractor's right to street opening permits revoked for one year (§ 506-6)."""

    __tablename__ = "revocation"

    id: Mapped[int] = mapped_column(primary_key=True)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    starts_on: Mapped[date]
    ends_on: Mapped[date]  # the last day of the revocation
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    lifted_on: Mapped[date | None]  # set aside (entered in error, or overturned): no longer blocks
    lift_reason: Mapped[str] = mapped_column(Text, default="")

    party: Mapped[Party] = relationship()


class Document(Base):
    """A scanned certificate or bond, kept in the database by its SHA-256 (so backups and
    every station have it, and a swapped copy is noticed)."""

    __tablename__ = "document"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    content: Mapped[bytes] = mapped_column(LargeBinary)
    size: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime]


# -- Street numbers (§ 506-16) ------------------------------------------------------------------


class Street(Base):
    """A street of the numbering map: its name, the side that carries odd numbers, the way the
    numbers run and the numbers it may carry.

    ``grid_base`` is the number at the street's starting line (position 0), where the City's
    numbering grid gives one; positions along the street are feet from that line.
    """

    __tablename__ = "street"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    suffix: Mapped[str] = mapped_column(String(12), default="")  # St, Ave, Rd …
    direction: Mapped[str] = mapped_column(String(2), default="")  # N, S, E, W, NE …
    full_name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)  # folded, for duplicates
    odd_side: Mapped[Compass] = mapped_column(String(1))
    increases_toward: Mapped[Compass] = mapped_column(String(1))
    range_low: Mapped[int] = mapped_column(Integer)
    range_high: Mapped[int] = mapped_column(Integer)
    grid_base: Mapped[int | None] = mapped_column(Integer)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    notes: Mapped[str] = mapped_column(Text, default="")

    __table_args__ = (
        CheckConstraint("range_low > 0 AND range_high >= range_low", name="range_in_order"),
    )


_ADDRESS_IN_USE = "status = 'assigned'"


class Address(Base):
    """An official street number as assigned by the Building Inspector (§ 506-16).

    A change is made by a recorded act with a reason (:class:`AddressChange`), never by typing
    over the number; a number no longer used is retired, not deleted.
    """

    __tablename__ = "address"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    unit: Mapped[str] = mapped_column(String(20), default="")  # apartment or unit identifier
    parcel_id: Mapped[int] = mapped_column(ForeignKey("parcel.id"), index=True)
    building_kind: Mapped[BuildingKind] = mapped_column(String(20))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    status: Mapped[AddressStatus] = mapped_column(String(10), default=AddressStatus.ASSIGNED)
    side: Mapped[Compass] = mapped_column(String(1))
    position_ft: Mapped[int | None] = mapped_column(Integer)  # along the street from its start
    assigned_on: Mapped[date]
    assigned_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    assigned_by_name: Mapped[str] = mapped_column(String(120))
    letter_printed_on: Mapped[date | None]
    retired_on: Mapped[date | None]
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")

    street: Mapped[Street] = relationship()
    parcel: Mapped[Parcel] = relationship()
    owner: Mapped[Party | None] = relationship()

    __table_args__ = (
        CheckConstraint("number > 0", name="number_positive"),
        # Two stations can never assign the same number and unit on one street.
        Index(
            "uq_address_in_use",
            "street_id",
            "number",
            "unit",
            unique=True,
            sqlite_where=text(_ADDRESS_IN_USE),
            postgresql_where=text(_ADDRESS_IN_USE),
        ),
        Index("ix_address_street_number", "street_id", "number"),
    )


class AddressChange(Base):
    """One change to an official address: what it was, what it became, who, when and why."""

    __tablename__ = "address_change"

    id: Mapped[int] = mapped_column(primary_key=True)
    address_id: Mapped[int] = mapped_column(ForeignKey("address.id"), index=True)
    at: Mapped[datetime]
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    what: Mapped[str] = mapped_column(String(40))  # assigned, number, unit, owner, retired …
    old_value: Mapped[str] = mapped_column(String(200), default="")
    new_value: Mapped[str] = mapped_column(String(200), default="")
    reason: Mapped[str] = mapped_column(Text, default="")


class NumberingCase(Base):
    """Numbers missing or improper on a building (§ 506-16 (Noncompliance)), from observation
    through notice and referral to compliance."""

    __tablename__ = "numbering_case"

    id: Mapped[int] = mapped_column(primary_key=True)
    address_id: Mapped[int] = mapped_column(ForeignKey("address.id"), index=True)
    status: Mapped[NumberingCaseStatus] = mapped_column(
        String(10), default=NumberingCaseStatus.OPEN, index=True
    )
    observed_on: Mapped[date]
    observation: Mapped[str] = mapped_column(Text)
    observed_by_name: Mapped[str] = mapped_column(String(120))
    notice_from: Mapped[date]  # the first day a notice may be served (after 20 days' neglect)
    served_on: Mapped[date | None]
    served_manner: Mapped[str] = mapped_column(String(30), default="")
    served_by_name: Mapped[str] = mapped_column(String(120), default="")
    referral_from: Mapped[date | None]  # the first day after 10 days from service
    referred_on: Mapped[date | None]
    closed_on: Mapped[date | None]
    close_note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    address: Mapped[Address] = relationship()


# -- Improvement petitions and the Common Council (§ 506-14) -----------------------------------


class CouncilMeeting(Base):
    """A meeting of the Common Council, regular or special."""

    __tablename__ = "council_meeting"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[MeetingKind] = mapped_column(String(10))
    starts_at: Mapped[datetime] = mapped_column(index=True)
    place: Mapped[str] = mapped_column(String(200))
    notes: Mapped[str] = mapped_column(Text, default="")
    cancelled_on: Mapped[date | None]
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    packet_built_at: Mapped[datetime | None]
    packet_pages: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime]


class Petition(Base):
    """A request by property owners for an improvement (§ 506-14), from intake to the Council's
    decision. ``program_year`` is fixed at intake from the day it was received (and changes only
    with a recorded correction of that day), so no later change of the calendar moves it."""

    __tablename__ = "petition"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[PetitionKind] = mapped_column(String(20), index=True)
    street: Mapped[str] = mapped_column(String(100))
    limits_from: Mapped[str] = mapped_column(String(100), default="")
    limits_to: Mapped[str] = mapped_column(String(100), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    received_at: Mapped[datetime]
    received_on: Mapped[date] = mapped_column(index=True)  # the City's date of received_at
    received_by_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    received_by_name: Mapped[str] = mapped_column(String(120))
    program_year: Mapped[int] = mapped_column(Integer, index=True)
    status: Mapped[PetitionStatus] = mapped_column(String(12), index=True)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"), index=True)
    approved_year: Mapped[int | None] = mapped_column(Integer)
    referred_to: Mapped[str] = mapped_column(String(120), default="")
    staff_notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    meeting: Mapped[CouncilMeeting | None] = relationship()
    signers: Mapped[list[PetitionSigner]] = relationship(
        back_populates="petition", order_by="PetitionSigner.position"
    )
    scans: Mapped[list[PetitionScan]] = relationship(
        back_populates="petition", order_by="PetitionScan.position"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_petition_year_sequence"),)


class PetitionSigner(Base):
    """A property owner named on a petition, the parcel they own, and whether they signed.

    No row is ever deleted. ``position`` above 0 is the owner's place on the petition as it
    stands (1, 2, …); a correction that takes an owner off the petition keeps their row and
    negates its position, and the removal is a step of the petition's history
    (:class:`PetitionEvent`, ``what="signer_removed"``). The register, the screens and the
    agenda packet show only the rows above 0 (``clerk_desk.petitions.service.petitioners``); naming
    the owner again brings the same row back. This keeps the schema as it is.
    """

    __tablename__ = "petition_signer"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"))
    signed: Mapped[bool] = mapped_column(Boolean, default=True)

    petition: Mapped[Petition] = relationship(back_populates="signers")
    party: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()


class PetitionScan(Base):
    """A scan of the signed petition (kept in :class:`Document` by its SHA-256). A scan attached
    in error is set aside with a reason, never deleted."""

    __tablename__ = "petition_scan"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(ForeignKey("document.sha256"))
    name: Mapped[str] = mapped_column(String(200))
    added_at: Mapped[datetime]
    added_by_name: Mapped[str] = mapped_column(String(120))
    set_aside_reason: Mapped[str] = mapped_column(Text, default="")  # "" while attached

    petition: Mapped[Petition] = relationship(back_populates="scans")


class PetitionEvent(Base):
    """One step in a petition's history: received, corrected, placed on an agenda, the Council's
    action, withdrawn. Append-only, like the audit trail it mirrors."""

    __tablename__ = "petition_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    petition_id: Mapped[int] = mapped_column(ForeignKey("petition.id"), index=True)
    at: Mapped[datetime]
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    operator_name: Mapped[str] = mapped_column(String(120))
    what: Mapped[str] = mapped_column(String(20))
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    detail: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")

    meeting: Mapped[CouncilMeeting | None] = relationship()


# -- Special event vending (§ 506-24) -----------------------------------------------------------


class VendingApplication(Base):
    """An application for a special event vending permit (§ 506-24), from intake to permit.

    ``applied_at`` is stamped at intake and starts the three-day clock of the doubt notice;
    ``doubt_due_on`` is that clock's last day, fixed then from the City's calendar.
    ``decided_on`` and ``decided_by_name`` name the decision that stands (the Clerk's, or the
    Common Council's once it has acted on an appeal); ``denied_on`` and ``denied_by_name`` keep
    the Clerk's denial for good. ``conditions`` are the permit's conditions other than the
    Council's, which stay on its :class:`VendingAppeal`.
    """

    __tablename__ = "vending_application"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    applicant_kind: Mapped[ApplicantKind] = mapped_column(String(10))
    event_name: Mapped[str] = mapped_column(String(200))
    goods: Mapped[str] = mapped_column(Text, default="")
    integral_to_event: Mapped[bool] = mapped_column(Boolean, default=False)
    contact_name: Mapped[str] = mapped_column(String(120), default="")
    contact_phone: Mapped[str] = mapped_column(String(40), default="")
    contact_email: Mapped[str] = mapped_column(String(120), default="")
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    doubt_due_on: Mapped[date]
    status: Mapped[VendingStatus] = mapped_column(String(16), index=True)
    police_submitted_on: Mapped[date | None]
    police_approved_on: Mapped[date | None]
    police_approved_by: Mapped[str] = mapped_column(String(120), default="")
    police_note: Mapped[str] = mapped_column(Text, default="")
    conditions: Mapped[str] = mapped_column(Text, default="")  # one a line, as printed
    decided_on: Mapped[date | None]
    decided_by_name: Mapped[str] = mapped_column(String(120), default="")
    decision_reasons: Mapped[str] = mapped_column(Text, default="")
    denied_on: Mapped[date | None]  # the Clerk's denial: never changed once set
    denied_by_name: Mapped[str] = mapped_column(String(120), default="")  # who denied it
    appeal_due_on: Mapped[date | None]
    permit_number: Mapped[str | None] = mapped_column(String(20), unique=True)
    permit_issued_on: Mapped[date | None]
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    corrected_at: Mapped[datetime | None]  # the last correction: it is reviewed again
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    slots: Mapped[list[VendingSlot]] = relationship(
        back_populates="application",
        order_by="(VendingSlot.day, VendingSlot.starts, VendingSlot.position)",
    )
    participants: Mapped[list[VendingParticipant]] = relationship(
        back_populates="application", order_by="VendingParticipant.position"
    )
    notices: Mapped[list[DoubtNotice]] = relationship(
        back_populates="application", order_by="DoubtNotice.id"
    )
    appeals: Mapped[list[VendingAppeal]] = relationship(
        back_populates="application", order_by="VendingAppeal.id"
    )

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_vending_application_year_sequence"),
    )


class VendingSlot(Base):
    """One exact day, its hours, and one exact place: the permit is valid only there and then."""

    __tablename__ = "vending_slot"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    day: Mapped[date] = mapped_column(index=True)
    starts: Mapped[time]
    ends: Mapped[time]
    location: Mapped[str] = mapped_column(String(200))

    application: Mapped[VendingApplication] = relationship(back_populates="slots")

    __table_args__ = (CheckConstraint("ends > starts", name="hours_in_order"),)


class VendingParticipant(Base):
    """A sponsor or participant named by a sponsoring organization at application."""

    __tablename__ = "vending_participant"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(12), default="participant")  # or "sponsor"
    goods: Mapped[str] = mapped_column(String(200), default="")
    contact: Mapped[str] = mapped_column(String(200), default="")

    application: Mapped[VendingApplication] = relationship(back_populates="participants")


class DoubtNotice(Base):
    """The Clerk's written statement of the matters in doubt, due within three days of the
    application (§ 506-24 (Procedure)), and how it reached the applicant."""

    __tablename__ = "vending_doubt_notice"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    prepared_at: Mapped[datetime]
    prepared_by_name: Mapped[str] = mapped_column(String(120))
    matters: Mapped[dict[str, Any]]  # {"items": [text, …]} as listed in the letter
    due_on: Mapped[date]
    delivered_at: Mapped[datetime | None]
    delivered_manner: Mapped[str] = mapped_column(String(40), default="")

    application: Mapped[VendingApplication] = relationship(back_populates="notices")


class VendingAppeal(Base):
    """An appeal of the Clerk's denial to the Common Council (§ 506-24 (Procedure))."""

    __tablename__ = "vending_appeal"

    id: Mapped[int] = mapped_column(primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("vending_application.id"), index=True)
    filed_on: Mapped[date]
    due_on: Mapped[date]  # the last day to file: seven days from the Clerk's decision
    timely: Mapped[bool] = mapped_column(Boolean)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    outcome: Mapped[str] = mapped_column(String(16), default="")  # "" until the Council acts
    acted_on: Mapped[date | None]
    conditions: Mapped[str] = mapped_column(Text, default="")
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    application: Mapped[VendingApplication] = relationship(back_populates="appeals")
    meeting: Mapped[CouncilMeeting | None] = relationship()


# -- Street openings (§§ 506-6, 506-7) ---------------------------------------------------------


class StreetOpening(Base):
    """An application for, and then the permit of, one or more openings in public ways.

    The dates the ordinance counts from are kept as recorded: ``opened_on`` (the opening was
    made: before approval it doubles the fee), ``approved_on`` (six months' validity and the
    60 days for permanent pavement), ``completed_on`` (the one-year guarantee).
    """

    __tablename__ = "street_opening"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    status: Mapped[OpeningStatus] = mapped_column(String(12), index=True)
    nature_of_work: Mapped[str] = mapped_column(Text, default="")
    method: Mapped[str] = mapped_column(Text, default="")
    existing_patches: Mapped[str] = mapped_column(Text, default="")  # § 506-7 (Pavement removal)
    planned_start: Mapped[date | None]
    planned_end: Mapped[date | None]
    emergency: Mapped[bool] = mapped_column(Boolean, default=False)
    city_notified_at: Mapped[datetime | None]  # emergencies: City officials told at once
    opened_on: Mapped[date | None]
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    frozen_emergency_by: Mapped[str] = mapped_column(String(120), default="")
    frozen_emergency_on: Mapped[date | None]
    council_essential_on: Mapped[date | None]  # five-year rule: the Council's finding
    council_essential_note: Mapped[str] = mapped_column(Text, default="")
    approved_on: Mapped[date | None]
    approved_by_name: Mapped[str] = mapped_column(String(120), default="")
    approved_by_title: Mapped[str] = mapped_column(String(80), default="")
    valid_until: Mapped[date | None] = mapped_column(index=True)
    commencement_notice_at: Mapped[datetime | None]  # 24 hours before the work starts
    started_at: Mapped[datetime | None]
    backfill_notice_at: Mapped[datetime | None]  # 4 hours before backfilling
    backfilled_at: Mapped[datetime | None]
    temporary_patch_on: Mapped[date | None]  # winter cold-mix patch (§ 506-7G)
    completed_on: Mapped[date | None]  # permanent restoration completed
    refused_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    sites: Mapped[list[OpeningSite]] = relationship(
        back_populates="opening", order_by="OpeningSite.position"
    )
    renewals: Mapped[list[OpeningRenewal]] = relationship(
        back_populates="opening", order_by="OpeningRenewal.id"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_street_opening_year_sequence"),)


class OpeningSite(Base):
    """One opening listed on the application: where, and in what surface."""

    __tablename__ = "street_opening_site"

    id: Mapped[int] = mapped_column(primary_key=True)
    opening_id: Mapped[int] = mapped_column(ForeignKey("street_opening.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    location: Mapped[str] = mapped_column(String(200))  # e.g. "in front of 123 Broad St N"
    surface: Mapped[str] = mapped_column(String(20), default="")  # asphalt, concrete, sidewalk …
    length_ft: Mapped[int | None] = mapped_column(Integer)
    width_ft: Mapped[int | None] = mapped_column(Integer)

    opening: Mapped[StreetOpening] = relationship(back_populates="sites")
    street: Mapped[Street | None] = relationship()


class OpeningRenewal(Base):
    """A thirty-day renewal granted on written request (§ 506-6 (Renewal of permit))."""

    __tablename__ = "street_opening_renewal"

    id: Mapped[int] = mapped_column(primary_key=True)
    opening_id: Mapped[int] = mapped_column(ForeignKey("street_opening.id"), index=True)
    requested_on: Mapped[date]
    granted_on: Mapped[date]
    granted_by: Mapped[str] = mapped_column(String(120))
    valid_until: Mapped[date]  # the new last day
    created_at: Mapped[datetime]

    opening: Mapped[StreetOpening] = relationship(back_populates="renewals")


class StreetImprovement(Base):
    """A permanent improvement or repaving of a street: no opening for five years after it
    (§ 506-7 (Excavation in new streets limited))."""

    __tablename__ = "street_improvement"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    limits: Mapped[str] = mapped_column(String(200), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    determined_on: Mapped[date]  # the City's determination, 30 days or more before the work
    utility_notice_on: Mapped[date | None]  # the written notice to utilities and abutters
    work_begins_on: Mapped[date | None]
    completed_on: Mapped[date | None]
    created_at: Mapped[datetime]

    street: Mapped[Street] = relationship()


# -- Street privilege permits (§ 506-9) --------------------------------------------------------


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


# -- Sidewalks (the sidewalk article before § 506-6) -------------------------------------------


class MasterPlanSegment(Base):
    """A stretch of sidewalk or bicycle lane shown on the current Sidewalk Master Plan.

    It is what decides who pays (sidewalk article, Cost of sidewalks). A segment is named by its
    street, the side, and the range of street numbers it runs along; retired segments are kept
    (``active`` false) so that a permit issued under the old plan still reads true.
    """

    __tablename__ = "master_plan_segment"

    id: Mapped[int] = mapped_column(primary_key=True)
    street_id: Mapped[int] = mapped_column(ForeignKey("street.id"), index=True)
    side: Mapped[str] = mapped_column(String(6), default="both")  # odd, even or both
    low_number: Mapped[int | None] = mapped_column(Integer)  # None: from the street's start
    high_number: Mapped[int | None] = mapped_column(Integer)  # None: to its end
    facility: Mapped[str] = mapped_column(String(12), default="sidewalk")  # or bike_lane, both
    description: Mapped[str] = mapped_column(String(200), default="")
    plan_reference: Mapped[str] = mapped_column(String(120), default="")  # plan edition, map page
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]

    street: Mapped[Street] = relationship()


class SidewalkPermit(Base):
    """A permit to lay, remove, replace or repair a public sidewalk (sidewalk article).

    ``cost_payer`` and ``master_plan_segment_id`` are fixed when the permit is issued, so that a
    later change of the plan does not rewrite what the permit said.
    """

    __tablename__ = "sidewalk_permit"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    address_number: Mapped[int | None] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(6), default="")  # odd or even, from the number
    location: Mapped[str] = mapped_column(String(200))
    work: Mapped[SidewalkWork] = mapped_column(String(12))
    bike_lane: Mapped[bool] = mapped_column(Boolean, default=False)
    commercial: Mapped[bool] = mapped_column(Boolean, default=False)  # specifications differ
    new_subdivision: Mapped[bool] = mapped_column(Boolean, default=False)
    length_ft: Mapped[int | None] = mapped_column(Integer)
    width_in: Mapped[int | None] = mapped_column(Integer)
    contractor_name: Mapped[str] = mapped_column(String(200), default="")
    work_starts_on: Mapped[date | None]  # when the work is proposed to be undertaken
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    status: Mapped[SidewalkPermitStatus] = mapped_column(String(18), index=True)
    cost_payer: Mapped[CostPayer | None] = mapped_column(String(14))
    master_plan_segment_id: Mapped[int | None] = mapped_column(ForeignKey("master_plan_segment.id"))
    decided_on: Mapped[date | None]
    decided_by_name: Mapped[str] = mapped_column(String(120), default="")
    denial_reasons: Mapped[str] = mapped_column(Text, default="")
    conditions: Mapped[str] = mapped_column(Text, default="")
    appeal_filed_on: Mapped[date | None]
    appeal_meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    appeal_decided_on: Mapped[date | None]
    appeal_note: Mapped[str] = mapped_column(Text, default="")
    completed_on: Mapped[date | None]
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    # The repair order (Wis. Stat. § 66.0907) the work carries out: then the owner pays. A plain
    # column (no foreign key): migration 0008 creates this table before the orders' table.
    repair_order_id: Mapped[int | None] = mapped_column(Integer, index=True)
    # The Director's approval of a partial replacement (Whole block repair), given on issue.
    partial_replacement_approved: Mapped[bool] = mapped_column(Boolean, default=False)

    applicant: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()
    street: Mapped[Street | None] = relationship()
    segment: Mapped[MasterPlanSegment | None] = relationship()
    appeal_meeting: Mapped[CouncilMeeting | None] = relationship()
    # City contract records are numbered in their own series (SWC-…): the number alone is unique.


class SidewalkRepairOrder(Base):
    """An order to repair or replace an unsafe sidewalk (sidewalk article; Wis. Stat.
    § 66.0907), from the Council's order through service of the notice to the owner's repair or
    the City's, whose cost becomes a special charge against the parcel."""

    __tablename__ = "sidewalk_repair_order"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[RepairOrderKind] = mapped_column(String(14))
    parcel_id: Mapped[int] = mapped_column(ForeignKey("parcel.id"), index=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    location: Mapped[str] = mapped_column(String(200))
    defect: Mapped[str] = mapped_column(Text, default="")  # unsafe, defective, insufficient …
    work_required: Mapped[str] = mapped_column(Text, default="")
    caused_by_owner: Mapped[bool] = mapped_column(Boolean, default=False)
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    ordered_on: Mapped[date]
    ordered_by_name: Mapped[str] = mapped_column(String(120), default="")
    whole_block: Mapped[bool] = mapped_column(Boolean, default=True)
    partial_approved_by: Mapped[str] = mapped_column(String(120), default="")
    estimated_cost: Mapped[Money | None]
    served_on: Mapped[date | None]
    served_how: Mapped[str] = mapped_column(String(40), default="")
    served_by_name: Mapped[str] = mapped_column(String(120), default="")
    repair_due_on: Mapped[date | None]  # 20 days after service, fixed when served
    repaired_by_owner_on: Mapped[date | None]
    city_repaired_on: Mapped[date | None]
    city_cost: Mapped[Money | None]
    status: Mapped[RepairOrderStatus] = mapped_column(String(18), index=True)
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    parcel: Mapped[Parcel] = relationship()
    owner: Mapped[Party] = relationship()
    street: Mapped[Street | None] = relationship()
    meeting: Mapped[CouncilMeeting | None] = relationship()

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_sidewalk_repair_order_year_sequence"),
        CheckConstraint("city_cost IS NULL OR city_cost > 0", name="city_cost_positive"),
    )


# -- Sidewalk cafes (§ 506-10) -----------------------------------------------------------------


class SidewalkCafe(Base):
    """An application for, and then the permit of, a sidewalk cafe (§ 506-10).

    Dimensions are whole inches as read off the site plan. ``expires_on`` is the permit's last
    day: at most one year from its original issuance. A renewal is a new application that names
    the permit it renews (``renews_id``); a new owner is a new application, never a transfer.
    """

    __tablename__ = "sidewalk_cafe"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    applicant_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    establishment: Mapped[str] = mapped_column(String(200))
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    street_id: Mapped[int | None] = mapped_column(ForeignKey("street.id"), index=True)
    address: Mapped[str] = mapped_column(String(200))
    renews_id: Mapped[int | None] = mapped_column(ForeignKey("sidewalk_cafe.id"))
    zoning_district: Mapped[str] = mapped_column(String(20), default="")
    commercially_zoned: Mapped[bool] = mapped_column(Boolean, default=False)
    sales_from: Mapped[date | None]  # the six months immediately preceding the application
    sales_to: Mapped[date | None]
    gross_sales: Mapped[Money | None]
    food_and_soft_drink_sales: Mapped[Money | None]
    at_storefront: Mapped[bool] = mapped_column(Boolean, default=True)
    at_curbside: Mapped[bool] = mapped_column(Boolean, default=False)
    corner_parcel: Mapped[bool] = mapped_column(Boolean, default=False)
    sidewalk_width_in: Mapped[int | None] = mapped_column(Integer)  # curb face to property line
    clear_passage_in: Mapped[int | None] = mapped_column(Integer)
    passage_abuts_curb: Mapped[bool] = mapped_column(Boolean, default=True)
    curb_setback_in: Mapped[int | None] = mapped_column(Integer)  # tables and chairs to curb
    aisle_in: Mapped[int | None] = mapped_column(Integer)
    frontage_in: Mapped[int | None] = mapped_column(Integer)  # the establishment's frontage
    cafe_length_in: Mapped[int | None] = mapped_column(Integer)  # along the sidewalk
    side_frontage_in: Mapped[int | None] = mapped_column(Integer)  # corner: the side street
    side_cafe_length_in: Mapped[int | None] = mapped_column(Integer)
    side_clear_passage_in: Mapped[int | None] = mapped_column(Integer)  # corner: the side street
    side_passage_abuts_curb: Mapped[bool] = mapped_column(Boolean, default=True)
    side_curb_setback_in: Mapped[int | None] = mapped_column(Integer)
    cafe_depth_in: Mapped[int | None] = mapped_column(Integer)
    seats: Mapped[int | None] = mapped_column(Integer)
    tables: Mapped[int | None] = mapped_column(Integer)
    umbrellas: Mapped[str] = mapped_column(Text, default="")  # as described on the permit
    serves_alcohol: Mapped[bool] = mapped_column(Boolean, default=False)
    liquor_license: Mapped[str] = mapped_column(String(60), default="")  # the license held
    opens_at: Mapped[time | None]
    closes_at: Mapped[time | None]
    indoor_opens_at: Mapped[time | None]
    indoor_closes_at: Mapped[time | None]
    applied_at: Mapped[datetime]
    applied_on: Mapped[date] = mapped_column(index=True)
    received_by_name: Mapped[str] = mapped_column(String(120))
    status: Mapped[CafeStatus] = mapped_column(String(16), index=True)
    notice_mailed_on: Mapped[date | None]
    notice_mailed_by: Mapped[str] = mapped_column(String(120), default="")
    comments_due_on: Mapped[date | None]  # 15 calendar days from mailing
    police_sent_on: Mapped[date | None]
    police_reviewed_on: Mapped[date | None]
    police_approved: Mapped[bool | None] = mapped_column(Boolean)
    police_memo: Mapped[str] = mapped_column(Text, default="")
    dpw_inspected_on: Mapped[date | None]
    dpw_inspected_by: Mapped[str] = mapped_column(String(120), default="")
    dpw_satisfied: Mapped[bool | None] = mapped_column(Boolean)
    dpw_note: Mapped[str] = mapped_column(Text, default="")
    meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    council_decided_on: Mapped[date | None]
    council_approved: Mapped[bool | None] = mapped_column(Boolean)
    council_conditions: Mapped[str] = mapped_column(Text, default="")
    council_closes_at: Mapped[time | None]  # hours further restricted by the Council
    issued_on: Mapped[date | None]
    issued_by_name: Mapped[str] = mapped_column(String(120), default="")
    expires_on: Mapped[date | None] = mapped_column(index=True)
    revocation_notice_on: Mapped[date | None]  # 10 days' written notice of the meeting
    revocation_meeting_id: Mapped[int | None] = mapped_column(ForeignKey("council_meeting.id"))
    revocation_grounds: Mapped[str] = mapped_column(Text, default="")
    revoked_on: Mapped[date | None]
    revoked_until: Mapped[date | None]  # a temporary revocation's last day
    denial_reasons: Mapped[str] = mapped_column(Text, default="")
    withdrawn_reason: Mapped[str] = mapped_column(Text, default="")
    site_plan_name: Mapped[str] = mapped_column(String(200), default="")
    site_plan_sha256: Mapped[str] = mapped_column(String(64), default="")
    site_plan_scale: Mapped[str] = mapped_column(String(40), default="")  # as noted on the plan
    sales_records_name: Mapped[str] = mapped_column(String(200), default="")
    sales_records_sha256: Mapped[str] = mapped_column(String(64), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]

    applicant: Mapped[Party] = relationship()
    parcel: Mapped[Parcel | None] = relationship()
    street: Mapped[Street | None] = relationship()
    renews: Mapped[SidewalkCafe | None] = relationship(remote_side="SidewalkCafe.id")
    meeting: Mapped[CouncilMeeting | None] = relationship(foreign_keys=[meeting_id])
    revocation_meeting: Mapped[CouncilMeeting | None] = relationship(
        foreign_keys=[revocation_meeting_id]
    )
    neighbors: Mapped[list[CafeNeighbor]] = relationship(
        back_populates="cafe", order_by="CafeNeighbor.position"
    )
    comments: Mapped[list[CafeComment]] = relationship(
        back_populates="cafe", order_by="CafeComment.received_on"
    )
    suspensions: Mapped[list[CafeSuspension]] = relationship(
        back_populates="cafe", order_by="CafeSuspension.starts_on"
    )

    __table_args__ = (UniqueConstraint("year", "sequence", name="uq_sidewalk_cafe_year_sequence"),)


class CafeNeighbor(Base):
    """An owner or occupant of property within 100 feet, to whom the notice is mailed."""

    __tablename__ = "sidewalk_cafe_neighbor"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    mailing_address: Mapped[str] = mapped_column(Text, default="")  # lines as on the envelope
    parcel_number: Mapped[str] = mapped_column(String(40), default="")
    relation: Mapped[str] = mapped_column(String(10), default="owner")  # or occupant
    distance_ft: Mapped[int | None] = mapped_column(Integer)  # from the cafe property

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="neighbors")


class CafeComment(Base):
    """A comment on the application received by the Clerk (15 calendar days from mailing)."""

    __tablename__ = "sidewalk_cafe_comment"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    received_on: Mapped[date]
    commenter: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(20), default="public")  # public, staff, committee
    text: Mapped[str] = mapped_column(Text, default="")
    timely: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="comments")


class CafeSuspension(Base):
    """A temporary suspension of the cafe's operation, on seven days' written notice unless an
    emergency (§ 506-10 (Term and renewal of permit; temporary suspension of operation))."""

    __tablename__ = "sidewalk_cafe_suspension"

    id: Mapped[int] = mapped_column(primary_key=True)
    cafe_id: Mapped[int] = mapped_column(ForeignKey("sidewalk_cafe.id"), index=True)
    notice_on: Mapped[date | None]  # the written notice; none in an emergency
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    reason: Mapped[str] = mapped_column(Text)
    emergency: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]
    created_by_name: Mapped[str] = mapped_column(String(120), default="")
    lifted_on: Mapped[date | None]  # the first day the cafe may operate again, when lifted early
    lifted_by_name: Mapped[str] = mapped_column(String(120), default="")
    lift_reason: Mapped[str] = mapped_column(Text, default="")

    cafe: Mapped[SidewalkCafe] = relationship(back_populates="suspensions")

    __table_args__ = (CheckConstraint("ends_on >= starts_on", name="period_in_order"),)


# -- Special charges and the tax roll ----------------------------------------------------------


class SpecialCharge(Base):
    """A charge for work the City did in an owner's (or operator's, or permittee's) place.

    ``bill_on`` is the day the bill or notice went out, ``delivered_how`` how; ``received_on``
    the day it reached the party where a clock runs from receipt (§ 506-8). ``due_on`` is the
    last day to pay and ``tax_roll_on`` the first day the charge may be certified to the tax
    roll, both fixed from the section's clock when the bill is recorded. The money owed is the
    :class:`AmountDue` the Receipts tab takes payment on.
    """

    __tablename__ = "special_charge"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ChargeKind] = mapped_column(String(20), index=True)
    parcel_id: Mapped[int | None] = mapped_column(ForeignKey("parcel.id"), index=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("party.id"), index=True)
    billed_party_id: Mapped[int] = mapped_column(ForeignKey("party.id"), index=True)
    billed_as: Mapped[str] = mapped_column(String(20), default="owner")  # operator, permittee …
    work: Mapped[str] = mapped_column(Text)
    work_done_on: Mapped[date]  # the cost was incurred (§ 506-8 counts 60 days from it)
    administration: Mapped[Money]  # 20% of a deficiency repair (§ 506-6)
    total: Mapped[Money]
    bill_on: Mapped[date | None]
    first_bill_on: Mapped[date | None]  # the bill's day as first recorded (kept when corrected)
    bill_note: Mapped[str] = mapped_column(Text, default="")  # why the bill was last corrected
    delivered_how: Mapped[str] = mapped_column(String(40), default="")
    received_on: Mapped[date | None]
    due_on: Mapped[date | None] = mapped_column(index=True)
    tax_roll_on: Mapped[date | None] = mapped_column(index=True)
    status: Mapped[ChargeStatus] = mapped_column(String(12), index=True)
    amount_due_id: Mapped[int | None] = mapped_column(ForeignKey("amount_due.id"), unique=True)
    record_type: Mapped[str] = mapped_column(String(40), default="")  # the permit or order
    record_id: Mapped[str] = mapped_column(String(40), default="")
    tax_roll_run_id: Mapped[int | None] = mapped_column(ForeignKey("tax_roll_run.id"), index=True)
    certified_amount: Mapped[Money | None]  # the balance the run entered on the tax roll
    # A payment reversed after the charge was certified is owed again on a supplemental charge.
    supplements_id: Mapped[int | None] = mapped_column(ForeignKey("special_charge.id"), index=True)
    cancelled_on: Mapped[date | None]
    cancel_reason: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    search_text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    created_by_name: Mapped[str] = mapped_column(String(120), default="")

    parcel: Mapped[Parcel | None] = relationship()
    owner: Mapped[Party | None] = relationship(foreign_keys=[owner_id])
    billed_party: Mapped[Party] = relationship(foreign_keys=[billed_party_id])
    amount_due: Mapped[AmountDue | None] = relationship()
    lines: Mapped[list[ChargeLine]] = relationship(
        back_populates="charge", order_by="ChargeLine.position"
    )
    run: Mapped[TaxRollRun | None] = relationship()
    supplements: Mapped[SpecialCharge | None] = relationship(remote_side=[id])

    __table_args__ = (
        UniqueConstraint("year", "sequence", name="uq_special_charge_year_sequence"),
        CheckConstraint("total > 0", name="total_positive"),
        CheckConstraint("administration >= 0", name="administration_not_negative"),
    )


class ChargeLine(Base):
    """One cost of the work: labor, materials, equipment, a fee set by the Council, other."""

    __tablename__ = "special_charge_line"

    id: Mapped[int] = mapped_column(primary_key=True)
    charge_id: Mapped[int] = mapped_column(ForeignKey("special_charge.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(12))
    description: Mapped[str] = mapped_column(String(200))
    amount: Mapped[Money]

    charge: Mapped[SpecialCharge] = relationship(back_populates="lines")

    __table_args__ = (CheckConstraint("amount > 0", name="amount_positive"),)


class TaxRollRun(Base):
    """A "certify to tax roll" run: every charge past its tax-roll day and unpaid as of
    ``as_of``, reviewed by the Treasurer, then certified once (the charges are then locked)."""

    __tablename__ = "tax_roll_run"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    as_of: Mapped[date]
    status: Mapped[RunStatus] = mapped_column(String(10), index=True)
    total: Mapped[Money]
    prepared_at: Mapped[datetime]
    prepared_by_name: Mapped[str] = mapped_column(String(120))
    certified_at: Mapped[datetime | None]
    certified_by_name: Mapped[str] = mapped_column(String(120), default="")
    note: Mapped[str] = mapped_column(Text, default="")

    entries: Mapped[list[TaxRollEntry]] = relationship(
        back_populates="run", order_by="(TaxRollEntry.parcel_number, TaxRollEntry.id)"
    )


class TaxRollEntry(Base):
    """One row of a run as the county's tax-roll clerk reads it: parcel, owner, what, the
    section, the amount. Copied when the run is prepared, so a certified run reads as it was
    certified whatever later becomes of the parcel or the owner's name."""

    __tablename__ = "tax_roll_entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("tax_roll_run.id"), index=True)
    charge_id: Mapped[int] = mapped_column(ForeignKey("special_charge.id"), index=True)
    parcel_number: Mapped[str] = mapped_column(String(40))
    owner_name: Mapped[str] = mapped_column(String(200))
    owner_address: Mapped[str] = mapped_column(Text, default="")
    site_address: Mapped[str] = mapped_column(String(200), default="")
    description: Mapped[str] = mapped_column(String(200))
    section: Mapped[str] = mapped_column(String(120))
    amount: Mapped[Money]

    run: Mapped[TaxRollRun] = relationship(back_populates="entries")
    charge: Mapped[SpecialCharge] = relationship()

    __table_args__ = (
        UniqueConstraint("run_id", "charge_id", name="uq_tax_roll_entry_run_charge"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )
