"""§ 506-19 Bidding of public construction projects: whether a City project may be done without
bids, needs the Council's Class 1 notice before its contract, or must be let to the lowest
responsible bidder — a finding for the Council's agenda packet.

Functions of plain values, tested at every boundary in tests/test_bidding.py. How the section is
read, for the City Attorney:

* "May be done directly by the City without submitting the same for bids" (No bid
  construction) is about the City's own forces doing the work: the listed classes (streets,
  sewer and water mains and laterals, their repair) whatever they cost, and any work "of which
  the estimated cost is less than $5,000". "Contracts, how let" is about work let by contract.
* An estimated cost of exactly $5,000.00 is neither "less than $5,000" nor "exceeds $5,000":
  done by the City it needs bids (or the Council's ordinance), and let by contract it is let "as
  the Council may direct" without the Class 1 notice. The finding says so, and suggests the
  notice, which the reading that protects the public notified would give.
* Exactly $25,000.00 is "not greater than $25,000": the Class 1 notice, not bids.
* Donated materials or volunteer labour lift the Class 1 notice only ("This provision does not
  apply …" follows the notice's sentence); they do not lift the bidding of work over $25,000.
* Of the improvements § 506-14 lets owners petition for, a new street and resurfacing are
  "construction and repair of streets" and a storm sewer is "laying of sewer mains and
  laterals"; curb and gutter, sidewalks and "utility work" (which utility is not said) are read
  as other public construction, the reading under which the public is told and bids are asked.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from clerk_desk.findings import Finding
from clerk_desk.kinds import PetitionKind
from clerk_desk.money import Money

NO_BID_CITE: Final = "§ 506-19 (No bid construction)"
CONTRACTS_CITE: Final = "§ 506-19 (Contracts, how let)"
NO_BID_UNDER: Final = Money("5000.00")  # "estimated cost is less than $5,000"
BIDS_OVER: Final = Money("25000.00")  # "exceeds $25,000": the lowest responsible bidder


class WorkClass(enum.StrEnum):
    """The classes of public work § 506-19 lets the City do directly, whatever they cost."""

    STREETS = "streets"
    SEWER_MAINS = "sewer_mains"
    WATER_MAINS = "water_mains"
    MAIN_REPAIR = "main_repair"
    OTHER = "other"

    @property
    def label(self) -> str:
        return {
            "streets": "Construction and repair of streets",
            "sewer_mains": "Laying of sewer mains and laterals",
            "water_mains": "Laying of water mains and laterals",
            "main_repair": "Repair of sewer and water mains",
            "other": "Other public construction",
        }[self.value]


_PETITIONED_CLASS: Final = {
    PetitionKind.NEW_STREET: WorkClass.STREETS,
    PetitionKind.RESURFACING: WorkClass.STREETS,
    PetitionKind.STORM_SEWER: WorkClass.SEWER_MAINS,
}


def work_class_of(kind: PetitionKind) -> WorkClass:
    """The § 506-19 class of the improvement a petition asks for (see the module's notes)."""
    return _PETITIONED_CLASS.get(PetitionKind(kind), WorkClass.OTHER)


@dataclass(frozen=True, slots=True)
class Project:
    """A City construction project as the Council considers it."""

    estimated_cost: Money
    work_class: WorkClass = WorkClass.OTHER
    by_contract: bool = True  # let by contract; False: done directly by the City's forces
    materials_donated: bool = False
    volunteer_labour: bool = False


def petitioned_project(
    kind: PetitionKind,
    estimated_cost: Money,
    *,
    by_contract: bool,
    materials_donated: bool,
    volunteer_labour: bool,
) -> Project:
    """The project a petition of ``kind`` asks for, as staff estimated it."""
    return Project(
        estimated_cost,
        work_class_of(kind),
        by_contract=by_contract,
        materials_donated=materials_donated,
        volunteer_labour=volunteer_labour,
    )


def bidding_findings(project: Project) -> list[Finding]:
    """What § 506-19 asks of ``project`` before the work or its contract: one finding, "info"
    when nothing more is needed, "warn" when the Council must act (notice, bids, ordinance)."""
    if project.estimated_cost < Money.zero():
        raise ValueError("an estimated cost is not negative")
    if project.by_contract:
        return [_let_by_contract(project)]
    return [_done_by_the_city(project)]


def _done_by_the_city(project: Project) -> Finding:
    """No bid construction: the listed classes, or under $5,000; otherwise bids, unless the
    Council's ordinance by three-quarters of the members-elect says otherwise."""
    shown = project.estimated_cost.format()
    if project.work_class is not WorkClass.OTHER:
        return Finding(
            "info",
            NO_BID_CITE,
            f"{project.work_class.label} may be done directly by the City without bids, "
            "whatever it costs.",
        )
    if project.estimated_cost < NO_BID_UNDER:
        return Finding(
            "info",
            NO_BID_CITE,
            f"Estimated at {shown}, less than {NO_BID_UNDER.format()}: the City may do it "
            "directly without bids.",
        )
    return Finding(
        "warn",
        NO_BID_CITE,
        f"Estimated at {shown}, not less than {NO_BID_UNDER.format()}: done by the City itself, "
        "it needs bids, unless the Council by a vote of three-quarters of all the members-elect "
        "provides by ordinance that this class of work may be done directly.",
    )


def _let_by_contract(project: Project) -> Finding:
    """Contracts, how let: over $25,000 to the lowest responsible bidder; over $5,000 the Class
    1 notice first (not for donated materials or volunteer labour); else as the Council directs."""
    cost = project.estimated_cost
    shown = cost.format()
    if cost > BIDS_OVER:
        return Finding(
            "warn",
            CONTRACTS_CITE,
            f"Estimated at {shown}, over {BIDS_OVER.format()}: let by contract to the lowest "
            "responsible bidder.",
        )
    if cost > NO_BID_UNDER and (project.materials_donated or project.volunteer_labour):
        why = "donated materials" if project.materials_donated else "volunteer labour"
        return Finding(
            "info",
            CONTRACTS_CITE,
            f"Estimated at {shown}; with {why} no Class 1 notice is required. Let as the "
            "Council may direct.",
        )
    if cost > NO_BID_UNDER:
        return Finding(
            "warn",
            CONTRACTS_CITE,
            f"Estimated at {shown}, over {NO_BID_UNDER.format()} and not over "
            f"{BIDS_OVER.format()}: the Council gives a Class 1 notice under ch. 985, Wis. Stats., "
            "of the proposed construction before the contract is executed.",
        )
    if cost == NO_BID_UNDER:
        return Finding(
            "info",
            CONTRACTS_CITE,
            f"Estimated at exactly {shown}: let as the Council may direct. The section asks a "
            "Class 1 notice only over $5,000; giving one anyway protects the public.",
        )
    return Finding(
        "info",
        CONTRACTS_CITE,
        f"Estimated at {shown}: let as the Council may direct; no notice or bids required.",
    )
