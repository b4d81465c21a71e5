"""The workflows of the counter, in the order of the window's tabs.

Each workflow has the same name in every layer (``clerk_desk/<name>.py``, ``reports/<name>*.py``,
``ui/<name>_tab.py``). A workflow not built yet is listed with what it will do, so the window can
say so plainly instead of showing anything fake.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Workflow:
    name: str  # module name in every layer
    title: str  # tab title
    sections: str  # what it enforces
    purpose: str  # one sentence for the clerk
    built: bool = False


WORKFLOWS: tuple[Workflow, ...] = (
    Workflow("today", "Today", "", "What is due or overdue across every workflow.", built=True),
    Workflow(
        "parties",
        "People & Parcels",
        "",
        "The one register of people, businesses, organizations, public utilities and "
        "parcels that every workflow names.",
        built=True,
    ),
    Workflow(
        "receipts",
        "Receipts",
        "§§ 506-6, 506-9, 506-10, 506-24",
        "The Treasurer receipts every fee from the fee schedule and actual City expenses, "
        "closes the cash drawer, and prints deposit and GL reports.",
        built=True,
    ),
    Workflow(
        "bonds",
        "Bonds & Insurance",
        "§§ 506-6, 506-9, 506-10, 506-24",
        "File bonds and certificates of insurance, check each against the coverage its "
        "permit requires, and watch expirations.",
        built=True,
    ),
    Workflow(
        "annual_bonds",
        "Annual Bonds",
        "§ 506-6 (Bond)",
        "One annual excavation bond per principal per calendar year, covering all of that "
        "principal's openings.",
        built=True,
    ),
    Workflow(
        "street_numbers",
        "Street Numbers",
        "§ 506-16",
        "The official street numbering register, number assignment, and the notices to "
        "owners who have not posted their number.",
        built=True,
    ),
    Workflow(
        "petitions",
        "Petitions",
        "§ 506-14",
        "Improvement petitions filed on or before September 15, and the Council's agenda packet.",
        built=True,
    ),
    Workflow(
        "vending",
        "Special Event Vending",
        "§ 506-24",
        "Special event vending permits: exact days and places, sponsor lists, the three-day "
        "doubt notice and the appeal.",
        built=True,
    ),
    Workflow(
        "street_openings",
        "Street Openings",
        "§§ 506-6, 506-7",
        "Excavation permits: fee doubling, emergencies, frozen ground, the moratorium after "
        "repaving, bonds and restoration deadlines.",
        built=True,
    ),
    Workflow(
        "street_privileges",
        "Street Privileges",
        "§ 506-9",
        "Permits to move a building or to encumber a street with materials, with their bond, "
        "conditions and three-month term.",
        built=True,
    ),
    Workflow(
        "sidewalks",
        "Sidewalks",
        "Sidewalk article",
        "Free sidewalk permits at least seven days before work, the master-plan cost split, "
        "and the 20-day repair notice.",
        built=True,
    ),
    Workflow(
        "sidewalk_cafes",
        "Sidewalk Cafes",
        "§ 506-10",
        "Sidewalk cafe permits: eligibility, the neighbour notice and comment period, "
        "reviews, Council approval and insurance.",
        built=True,
    ),
    Workflow(
        "enforcement",
        "Enforcement",
        "§§ 506-8, 506-11, 506-12, 506-20, 506-21, 506-23",
        "Obstructions, snow and ice, dirt and debris, damage, newspaper receptacles and terrace "
        "stalls: the official's determination, the notice and its clock, the City's work "
        "charged to the tax roll.",
        built=True,
    ),
    Workflow(
        "special_charges",
        "Special Charges",
        "Sidewalk article, §§ 506-6, 506-7, 506-8, 506-9, 506-11, 506-20, 506-21",
        "Work the City did in an owner's place: bills, due dates, payment, and the unpaid "
        "list for the tax roll.",
        built=True,
    ),
)

# Modules that register Today providers; a workflow adds its module here when it is built.
_PROVIDER_MODULES = (
    "clerk_desk.ledger",
    "clerk_desk.fees",
    "clerk_desk.receipts.service",
    "clerk_desk.bonds.service",
    "clerk_desk.street_numbers.cases",
    "clerk_desk.petitions.service",
    "clerk_desk.vending.service",
    "clerk_desk.street_openings.service",
    "clerk_desk.street_privileges.service",
    "clerk_desk.sidewalks.service",
    "clerk_desk.sidewalk_cafes.service",
    "clerk_desk.special_charges.service",
    "clerk_desk.enforcement.views",
)


def provider_modules() -> tuple[str, ...]:
    """The modules :func:`load_all` imports by name: a frozen program must carry each of them
    (``packaging/ClerkDesk.spec`` reads this list, and ``clerk-desk self-test`` imports it)."""
    return _PROVIDER_MODULES


def load_all() -> None:
    for module in _PROVIDER_MODULES:
        importlib.import_module(module)
