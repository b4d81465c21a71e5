"""The kinds and statuses of records: plain enumerations the window, papers and core share.

The values are what the database stores (``models`` maps them onto columns); the window and the
reports import them from here, so neither needs the ORM to know what a status means."""

from __future__ import annotations

import enum
from collections.abc import Mapping


class Role(enum.StrEnum):
    """Who does what at City Hall. The values are stored; the labels are shown."""

    CLERK = "clerk"
    DEPUTY_CLERK = "deputy_clerk"
    TREASURER = "treasurer"
    INSPECTOR = "inspector"
    ADMINISTRATOR = "administrator"

    @property
    def label(self) -> str:
        return ROLE_LABELS[self]


class PartyKind(enum.StrEnum):
    PERSON = "person"
    BUSINESS = "business"
    ORGANIZATION = "organization"
    UTILITY = "utility"
    GOVERNMENT = "government"

    @property
    def label(self) -> str:
        return self.value.capitalize() if self is not PartyKind.UTILITY else "Public utility"


class DueKind(enum.StrEnum):
    FEE = "fee"
    DOUBLED_FEE = "doubled_fee"
    CITY_EXPENSES = "city_expenses"
    SPECIAL_CHARGE = "special_charge"

    @property
    def label(self) -> str:
        return {
            DueKind.FEE: "Fee",
            DueKind.DOUBLED_FEE: "Doubled fee",
            DueKind.CITY_EXPENSES: "Actual City expenses",
            DueKind.SPECIAL_CHARGE: "Special charge",
        }[self]


class DueStatus(enum.StrEnum):
    OPEN = "open"
    PAID = "paid"
    CANCELLED = "cancelled"
    CERTIFIED = "certified"  # entered on the tax roll: collected with the property taxes


class DrawerStatus(enum.StrEnum):
    OPEN = "open"
    CLOSED = "closed"


class ReceiptKind(enum.StrEnum):
    PAYMENT = "payment"
    REFUND = "refund"  # money paid back, referencing the original after its drawer closed
    ADJUSTMENT = "adjustment"  # a correction to the lines of a receipt in a closed drawer


class ReceiptStatus(enum.StrEnum):
    ISSUED = "issued"
    VOID = "void"


class TenderKind(enum.StrEnum):
    CASH = "cash"
    CHECK = "check"
    CARD = "card"
    MONEY_ORDER = "money_order"
    CITY_CHECK = "city_check"  # a refund paid by the City's own check: never in the drawer

    @property
    def label(self) -> str:
        return {
            "cash": "Cash",
            "check": "Check",
            "card": "Card",
            "money_order": "Money order",
            "city_check": "City check",
        }[self.value]

    @property
    def in_drawer(self) -> bool:
        """Whether the tender passes through the counter's drawer and the bank deposit."""
        return self is not TenderKind.CITY_CHECK


class FileStatus(enum.StrEnum):
    ON_FILE = "on_file"
    RELEASED = "released"
    CLAIM_MADE = "claim_made"
    FORFEITED = "forfeited"
    SUPERSEDED = "superseded"  # a certificate replaced by a newer one

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


class BondKind(enum.StrEnum):
    STREET_OPENING = "street_opening"  # $10,000 per permit, § 506-6 (Bond)
    ANNUAL_EXCAVATION = "annual_excavation"  # one per principal per calendar year, § 506-6
    STREET_PRIVILEGE = "street_privilege"  # not exceeding $10,000, § 506-9 (Bond)
    RESTORATION_GUARANTEE = "restoration_guarantee"  # one year from completion, § 506-6

    @property
    def label(self) -> str:
        return {
            "street_opening": "Street opening bond",
            "annual_excavation": "Annual excavation bond",
            "street_privilege": "Street privilege bond",
            "restoration_guarantee": "Restoration guarantee",
        }[self.value]


class Compass(enum.StrEnum):
    """A side of a street, or the way its numbers run."""

    NORTH = "N"
    SOUTH = "S"
    EAST = "E"
    WEST = "W"

    @property
    def label(self) -> str:
        return {"N": "north", "S": "south", "E": "east", "W": "west"}[self.value]

    @property
    def opposite(self) -> Compass:
        return {"N": Compass.SOUTH, "S": Compass.NORTH, "E": Compass.WEST, "W": Compass.EAST}[
            self.value
        ]


class BuildingKind(enum.StrEnum):
    PRINCIPAL = "principal"
    SECONDARY = "secondary"  # exempt when the lot's principal building is numbered
    MULTIPLE_DWELLING = "multiple_dwelling"  # five-inch numbers, three-inch apartment numbers

    @property
    def label(self) -> str:
        return {
            "principal": "Principal building",
            "secondary": "Secondary building",
            "multiple_dwelling": "Multiple dwelling",
        }[self.value]


class AddressStatus(enum.StrEnum):
    ASSIGNED = "assigned"
    RETIRED = "retired"


class NumberingCaseStatus(enum.StrEnum):
    OPEN = "open"  # observed; the owner has 20 days
    NOTICED = "noticed"  # notice served; the owner has 10 days more
    REFERRED = "referred"  # referred for a forfeiture under § 1-4
    COMPLIED = "complied"
    WITHDRAWN = "withdrawn"  # recorded in error

    @property
    def label(self) -> str:
        return {
            "open": "Observed",
            "noticed": "Notice served",
            "referred": "Referred for forfeiture",
            "complied": "Complied",
            "withdrawn": "Withdrawn",
        }[self.value]


class PetitionKind(enum.StrEnum):
    """The six kinds of request § 506-14 names."""

    NEW_STREET = "new_street"
    RESURFACING = "resurfacing"
    CURB_AND_GUTTER = "curb_and_gutter"
    STORM_SEWER = "storm_sewer"
    UTILITY_WORK = "utility_work"
    SIDEWALK = "sidewalk"

    @property
    def label(self) -> str:
        return {
            "new_street": "New street",
            "resurfacing": "Street resurfacing",
            "curb_and_gutter": "Curb and gutter",
            "storm_sewer": "Storm sewer",
            "utility_work": "Utility work",
            "sidewalk": "Sidewalk",
        }[self.value]


class PetitionStatus(enum.StrEnum):
    RECEIVED = "received"  # not yet placed on an agenda
    ON_AGENDA = "on_agenda"
    REFERRED = "referred"  # to a committee or the engineer; comes back on a later agenda
    APPROVED = "approved"
    DENIED = "denied"
    WITHDRAWN = "withdrawn"

    @property
    def label(self) -> str:
        return {
            "received": "Received",
            "on_agenda": "On agenda",
            "referred": "Referred",
            "approved": "Approved",
            "denied": "Denied",
            "withdrawn": "Withdrawn",
        }[self.value]

    @property
    def pending(self) -> bool:
        """Still before the Council: not yet approved, denied or withdrawn."""
        return self in (PetitionStatus.RECEIVED, PetitionStatus.ON_AGENDA, PetitionStatus.REFERRED)


class MeetingKind(enum.StrEnum):
    REGULAR = "regular"
    SPECIAL = "special"

    @property
    def label(self) -> str:
        return "Regular meeting" if self is MeetingKind.REGULAR else "Special meeting"


class ApplicantKind(enum.StrEnum):
    VENDOR = "vendor"  # a participant in a special event, vending as an integral part of it
    SPONSOR = "sponsor"  # the organization sponsoring a promotion or festival, as agent

    @property
    def label(self) -> str:
        return "Individual vendor" if self is ApplicantKind.VENDOR else "Sponsoring organization"


class VendingStatus(enum.StrEnum):
    RECEIVED = "received"
    IN_DOUBT = "in_doubt"
    APPROVED = "approved"
    CONDITIONALLY_APPROVED = "conditional"
    DENIED = "denied"
    APPEALED = "appealed"
    APPROVED_ON_APPEAL = "appeal_approved"
    DENIED_ON_APPEAL = "appeal_denied"
    WITHDRAWN = "withdrawn"

    @property
    def label(self) -> str:
        return {
            "received": "Received",
            "in_doubt": "In doubt",
            "approved": "Approved",
            "conditional": "Conditionally approved",
            "denied": "Denied",
            "appealed": "Appealed",
            "appeal_approved": "Approved on appeal",
            "appeal_denied": "Denied on appeal",
            "withdrawn": "Withdrawn",
        }[self.value]

    @property
    def permitted(self) -> bool:
        """Whether a permit stands."""
        return self in (
            VendingStatus.APPROVED,
            VendingStatus.CONDITIONALLY_APPROVED,
            VendingStatus.APPROVED_ON_APPEAL,
        )

    @property
    def undecided(self) -> bool:
        """Still with the Clerk: neither approved nor denied nor withdrawn."""
        return self in (VendingStatus.RECEIVED, VendingStatus.IN_DOUBT)


class OpeningStatus(enum.StrEnum):
    APPLIED = "applied"
    APPROVED = "approved"
    IN_PROGRESS = "in_progress"  # the opening has been made
    RESTORED = "restored"  # permanent restoration done: the one-year guarantee runs
    CLOSED = "closed"
    REFUSED = "refused"
    EXEMPT = "exempt"  # City work (§ 506-6 (City work excluded)): recorded, no permit or fee

    @property
    def label(self) -> str:
        return {
            "applied": "Applied",
            "approved": "Approved",
            "in_progress": "In progress",
            "restored": "Restored",
            "closed": "Closed",
            "refused": "Refused",
            "exempt": "City work (exempt)",
        }[self.value]


class PrivilegePurpose(enum.StrEnum):
    MOVE_BUILDING = "move_building"  # moving a building or structure
    CONSTRUCTION = "construction"  # materials for construction of a building or structure
    DEMOLITION = "demolition"  # materials for its demolition

    @property
    def label(self) -> str:
        return {
            "move_building": "Moving a building or structure",
            "construction": "Construction materials",
            "demolition": "Demolition materials",
        }[self.value]


class PrivilegeStatus(enum.StrEnum):
    APPLIED = "applied"
    ISSUED = "issued"  # in force until ``ends_on`` (the status stays; expiry is read from it)
    CLOSED = "closed"  # the way vacated and cleaned at the end of the work
    REVOKED = "revoked"
    REFUSED = "refused"
    WITHDRAWN = "withdrawn"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class SidewalkWork(enum.StrEnum):
    CONSTRUCT = "construct"  # a new sidewalk or bicycle lane
    RECONSTRUCT = "reconstruct"  # an existing one rebuilt
    REPLACE = "replace"
    REPAIR = "repair"
    REMOVE = "remove"  # removed without replacement

    @property
    def label(self) -> str:
        return {
            "construct": "Construction (new)",
            "reconstruct": "Reconstruction",
            "replace": "Replacement",
            "repair": "Repair",
            "remove": "Removal without replacement",
        }[self.value]


class CostPayer(enum.StrEnum):
    CITY = "city"
    OWNER = "owner"  # the adjacent property owner
    LAND_DIVIDER = "land_divider"  # new subdivisions and developments (Chapter 510)

    @property
    def label(self) -> str:
        return {
            "city": "City of Prescott",
            "owner": "Adjacent property owner",
            "land_divider": "Land divider",
        }[self.value]


class SidewalkPermitStatus(enum.StrEnum):
    APPLIED = "applied"
    ISSUED = "issued"
    DENIED = "denied"
    APPEALED = "appealed"  # denial appealed to the Common Council
    ISSUED_ON_APPEAL = "issued_on_appeal"
    DENIED_ON_APPEAL = "denied_on_appeal"
    COMPLETED = "completed"
    WITHDRAWN = "withdrawn"
    CITY_CONTRACT = "city_contract"  # under contract with the City: recorded, no permit needed

    @property
    def label(self) -> str:
        return {
            "applied": "Applied",
            "issued": "Issued",
            "denied": "Denied",
            "appealed": "Appealed to Council",
            "issued_on_appeal": "Issued on appeal",
            "denied_on_appeal": "Denied on appeal",
            "completed": "Completed",
            "withdrawn": "Withdrawn",
            "city_contract": "City contract (no permit)",
        }[self.value]


class RepairOrderKind(enum.StrEnum):
    COUNCIL_ORDER = "council_order"  # Wis. Stat. § 66.0907: 20 days after service
    EMERGENCY = "emergency"  # the owner directed to repair immediately
    MINOR = "minor"  # up to $500, at the Director's direction, without notice

    @property
    def label(self) -> str:
        return {
            "council_order": "Council order (20 days)",
            "emergency": "Emergency",
            "minor": "Minor repair (up to $500)",
        }[self.value]


class RepairOrderStatus(enum.StrEnum):
    ORDERED = "ordered"
    SERVED = "served"  # the notice served on the owner: the 20 days run
    REPAIRED_BY_OWNER = "repaired_by_owner"
    CITY_REPAIRED = "city_repaired"  # the City did the work: its cost charged to the parcel
    CANCELLED = "cancelled"

    @property
    def label(self) -> str:
        return {
            "ordered": "Ordered",
            "served": "Notice served",
            "repaired_by_owner": "Repaired by owner",
            "city_repaired": "Repaired by City (charged)",
            "cancelled": "Cancelled",
        }[self.value]


class CafeStatus(enum.StrEnum):
    APPLIED = "applied"
    NOTICE_MAILED = "notice_mailed"  # the 15 days for comments run
    BEFORE_COUNCIL = "before_council"
    APPROVED = "approved"  # by the Council; the Administrator has not issued it yet
    ISSUED = "issued"
    SUSPENDED = "suspended"  # temporarily (§ 506-10 (Term and renewal …))
    DENIED = "denied"
    REVOKED = "revoked"
    WITHDRAWN = "withdrawn"

    @property
    def label(self) -> str:
        return {
            "applied": "Applied",
            "notice_mailed": "Notice mailed",
            "before_council": "Before the Council",
            "approved": "Approved by Council",
            "issued": "Issued",
            "suspended": "Suspended",
            "denied": "Denied",
            "revoked": "Revoked",
            "withdrawn": "Withdrawn",
        }[self.value]


class ChargeKind(enum.StrEnum):
    """Work the City did in someone's place, each kind with its section and its clock (see
    :mod:`clerk_desk.special_charges.service`)."""

    SNOW_ICE = "snow_ice"
    OBSTRUCTION = "obstruction"
    PRIVILEGE_REMOVAL = "privilege_removal"
    DIRT_DEBRIS = "dirt_debris"
    STREET_DAMAGE = "street_damage"
    SIDEWALK_REPAIR = "sidewalk_repair"
    SIDEWALK_MINOR_REPAIR = "sidewalk_minor"
    OPENING_REPAIR = "opening_repair"
    DEFICIENCY_REPAIR = "deficiency_repair"


class ChargeStatus(enum.StrEnum):
    BILLED = "billed"  # paid, partly paid and overdue are read from its amount due and clocks
    CERTIFIED = "certified"  # entered on the tax roll by a certified run
    CANCELLED = "cancelled"

    @property
    def label(self) -> str:
        return {
            "billed": "Billed",
            "certified": "Certified to tax roll",
            "cancelled": "Cancelled",
        }[self.value]


class CaseKind(enum.StrEnum):
    """An enforcement case of Chapter 506, from the complaint to the tax roll (issue 21)."""

    OBSTRUCTION = "obstruction"  # § 506-8
    SNOW_ICE = "snow_ice"  # § 506-11 (Failure to remove)
    DEPOSITED_SNOW = "deposited_snow"  # § 506-11 (Prohibited placement), a nuisance
    DIRT_DEBRIS = "dirt_debris"  # § 506-20
    STREET_DAMAGE = "street_damage"  # § 506-21
    RECEPTACLE = "receptacle"  # § 506-23
    TERRACE_STALL = "terrace_stall"  # § 506-12

    @property
    def label(self) -> str:
        return {
            "obstruction": "Obstruction or encroachment",
            "snow_ice": "Snow and ice not removed",
            "deposited_snow": "Snow deposited on a street",
            "dirt_debris": "Dirt and debris on a street",
            "street_damage": "Damage to a street or public property",
            "receptacle": "Newspaper receptacle",
            "terrace_stall": "Gravel parking stall on a terrace",
        }[self.value]


class CaseStatus(enum.StrEnum):
    OPEN = "open"  # determined or reported; no notice yet (or none needed)
    NOTICED = "noticed"  # the written notice or the instruction: a clock runs
    RESOLVED = "resolved"  # removed or corrected by whoever was responsible
    CITY_WORK = "city_work"  # the City did the work; its cost is a special charge
    CLOSED = "closed"  # closed without the City's work (excepted, unfounded)
    REQUESTED = "requested"  # § 506-12: a stall asked for, not yet authorized by both
    AUTHORIZED = "authorized"
    RESCINDED = "rescinded"

    @property
    def label(self) -> str:
        return {
            "open": "Open",
            "noticed": "Notice given",
            "resolved": "Resolved",
            "city_work": "Done by the City, charged",
            "closed": "Closed",
            "requested": "Requested",
            "authorized": "Authorized",
            "rescinded": "Rescinded",
        }[self.value]

    @property
    def finished(self) -> bool:
        return self.value in ("resolved", "city_work", "closed", "rescinded")


class RunStatus(enum.StrEnum):
    DRAFT = "draft"
    PREVIEW = "preview"  # as of a day still to come: shown, never certified
    CERTIFIED = "certified"
    DISCARDED = "discarded"


ROLE_LABELS = {
    Role.CLERK: "Clerk",
    Role.DEPUTY_CLERK: "Deputy Clerk",
    Role.TREASURER: "Treasurer",
    Role.INSPECTOR: "Building Inspector / Public Works",
    Role.ADMINISTRATOR: "Administrator",
}


# The words for each kind of record, by the kind as stored. The order is the order a combo box
# offers the kinds a certificate or bond may protect (see PROTECTED_KINDS).
RECORD_KINDS: Mapping[str, str] = {
    "street_opening": "Street opening permit",
    "street_privilege": "Street privilege permit",
    "sidewalk_cafe": "Sidewalk cafe permit",
    "vending": "Vending permit",
    "vending_application": "Vending application",
    "sidewalk_permit": "Sidewalk permit",
    "sidewalk_repair_order": "Sidewalk repair order",
    "special_charge": "Special charge",
    "petition": "Petition",
    "receipt": "Receipt",
    "drawer": "Drawer",
    "party": "",  # a person or business is named by its name alone
    "contractor": "Contractor",
    "amount_due": "Amount owed",
    "insurance_certificate": "Certificate of insurance",
    "bond": "Bond",
    "tax_roll_run": "Tax roll run",
    "master_plan_segment": "Master plan segment",
    "council_meeting": "Council meeting",
    "operator": "Operator",
    "parcel": "Parcel",
    "street": "",  # a street is named by its name alone
    "fee_item": "Fee",
    "setting": "Setting",
    "station": "Counter station",
    "address": "Address",
    "numbering_case": "Street number case",
    "street_improvement": "Street improvement",
    "demo": "Demo record",  # the demo's invented amounts owed (clerk_desk/demo)
}

# The kinds a certificate of insurance or a bond may name as what it protects, in the order
# the Bonds tab offers them ("" = none: the holder's permits in general).
PROTECTED_KINDS: tuple[str, ...] = (
    "",
    "street_opening",
    "street_privilege",
    "sidewalk_cafe",
    "vending",
)


def kind_label(record_type: str) -> str:
    """The words for a kind of record ("Street opening permit"); an unknown kind in words
    made from its stored name, never the stored name itself."""
    known = RECORD_KINDS.get(record_type)
    if known is not None:
        return known
    return record_type.replace("_", " ").strip().capitalize()
