"""The domain model: every table of Clerk Desk, one module per workflow.

Every model is importable from here (``from clerk_desk.models import Party``), and importing the
package imports every module, so that relationships named between modules resolve and
:attr:`Base.metadata` (which Alembic compares with the migrations) holds every table.
"""

from __future__ import annotations

from clerk_desk.models.audit import AuditChain, AuditEvent
from clerk_desk.models.base import Base, MoneyCents, UtcDateTime
from clerk_desk.models.bonds import Bond, InsuranceCertificate, Revocation
from clerk_desk.models.documents import Document
from clerk_desk.models.enforcement import EnforcementCase
from clerk_desk.models.ledger import AmountDue, FeeItem
from clerk_desk.models.operators import Operator, SignInThrottle
from clerk_desk.models.parties import Parcel, Party
from clerk_desk.models.petitions import (
    CouncilMeeting,
    Petition,
    PetitionEvent,
    PetitionScan,
    PetitionSigner,
)
from clerk_desk.models.receipts import Drawer, Receipt, ReceiptLine, Tender
from clerk_desk.models.settings import DatabaseGeneration, NumberSequence, Setting
from clerk_desk.models.sidewalk_cafes import CafeComment, CafeNeighbor, CafeSuspension, SidewalkCafe
from clerk_desk.models.sidewalks import MasterPlanSegment, SidewalkPermit, SidewalkRepairOrder
from clerk_desk.models.special_charges import ChargeLine, SpecialCharge, TaxRollEntry, TaxRollRun
from clerk_desk.models.street_numbers import Address, AddressChange, NumberingCase, Street
from clerk_desk.models.street_openings import (
    OpeningRenewal,
    OpeningSite,
    StreetImprovement,
    StreetOpening,
)
from clerk_desk.models.street_privileges import StreetPrivilege
from clerk_desk.models.vending import (
    DoubtNotice,
    VendingAppeal,
    VendingApplication,
    VendingParticipant,
    VendingSlot,
)

__all__ = [
    "NAMING_CONVENTION",
    "Address",
    "AddressChange",
    "AmountDue",
    "AuditChain",
    "AuditEvent",
    "Base",
    "Bond",
    "CafeComment",
    "CafeNeighbor",
    "CafeSuspension",
    "ChargeLine",
    "CouncilMeeting",
    "DatabaseGeneration",
    "Document",
    "DoubtNotice",
    "Drawer",
    "EnforcementCase",
    "FeeItem",
    "InsuranceCertificate",
    "MasterPlanSegment",
    "MoneyCents",
    "NumberSequence",
    "NumberingCase",
    "OpeningRenewal",
    "OpeningSite",
    "Operator",
    "Parcel",
    "Party",
    "Petition",
    "PetitionEvent",
    "PetitionScan",
    "PetitionSigner",
    "Receipt",
    "ReceiptLine",
    "Revocation",
    "Setting",
    "SidewalkCafe",
    "SidewalkPermit",
    "SidewalkRepairOrder",
    "SignInThrottle",
    "SpecialCharge",
    "Street",
    "StreetImprovement",
    "StreetOpening",
    "StreetPrivilege",
    "TaxRollEntry",
    "TaxRollRun",
    "Tender",
    "UtcDateTime",
    "VendingAppeal",
    "VendingApplication",
    "VendingParticipant",
    "VendingSlot",
]
