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

import functools
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


# Each act, with the words of its section that make the official responsible for it. A refusal
# is listed only where the section names one official (or one set of alternatives) as the only
# one who may grant the permit.
_ACTS: dict[str, tuple[str, str]] = {
    # ---- Sidewalk article (before § 506-6) ---------------------------------------------------
    "sidewalk.issue": (
        "Director of Public Works",
        "Sidewalk article (Sidewalk permit required)",
    ),  # "has obtained a permit therefor from the Director of Public Works or his designee"
    #     (a partial replacement approved with it: "unless approved by the Director of Public
    #     Works for partial replacement", Whole block repair — same official)
    "sidewalk.deny": (
        "Director of Public Works",
        "Sidewalk article (Sidewalk permit required)",
    ),  # "a permit therefor from the Director of Public Works or his designee ... Denial of such
    #     permits may be appealed" — the Director is the only one who grants, so the denial is his
    "sidewalk.appeal_decision": (
        "Common Council",
        "Sidewalk article (Sidewalk permit required)",
    ),  # "Denial of such permits may be appealed to the Common Council."
    # ---- § 506-6 Excavations -----------------------------------------------------------------
    "opening.approve": (
        "Building Inspector or Director of Public Works",
        "§ 506-6 (Permit to be obtained)",
    ),  # "without a permit therefor from the Building Inspector or Director of Public Works"
    #     NB: § 506-6 (Fee) speaks of the application "submitted to the Director of Public
    #     Works for approval"; (Permit to be obtained), (Application for permit), (Renewal of
    #     permit) and (Insurance required) all say "Building Inspector or Director of Public
    #     Works". The approve() call records approved_by_title: the mechanism may print that
    #     title when it is one of the two.
    "opening.refuse": (
        "Building Inspector or Director of Public Works",
        "§ 506-6 (Permit to be obtained)",
    ),  # same words: the permit is theirs to give (and "The Building Inspector or Director of
    #     Public Works shall determine if sufficient information is submitted", Application
    #     for permit); the section names no other official who could refuse it
    "opening.renew": (
        "Building Inspector or Director of Public Works",
        "§ 506-6 (Renewal of permit)",
    ),  # "Permit renewals shall be issued at the discretion of the Building Inspector or
    #     Director of Public Works."
    "bond.defect_notice": (
        "Common Council",
        "§ 506-6 (Bond)",
    ),  # "Whenever the Common Council shall find that any such work has become defective within
    #     one year ... it shall give written notice thereof to the contractor or to his/her surety"
    # ---- § 506-7 Regulations governing excavations -------------------------------------------
    "opening.frozen_emergency": (
        "Director of Public Works or Building Inspector",
        "§ 506-7 (Frozen ground)",
    ),  # "except where it is determined by the Director of Public Works or Building Inspector to
    #     be an emergency excavation"
    "opening.council_essential": (
        "Common Council",
        "§ 506-7 (Excavation in new streets limited)",
    ),  # "unless, in the opinion of the Common Council, or committee thereof, conditions exist
    #     which make it absolutely essential that the permit be issued"
    # ---- § 506-9 Street privilege permit -----------------------------------------------------
    "privilege.issue": (
        "Director of Public Works",
        "§ 506-9 (When required)",
    ),  # "Permits ... may be granted to applicants by the Director of Public Works"
    "privilege.refuse": (
        "Director of Public Works",
        "§ 506-9 (When required)",
    ),  # same words: the Director is the only official the section lets grant the permit
    "privilege.revoke": (
        "Building Inspector, Chief of Police or Director of Public Works",
        "§ 506-9 (Conditions of occupancy)",
    ),  # "subject to revocation without notice by the Building Inspector, Chief of Police or
    #     Director of Public Works for violation thereof" (revoke() records which one, in
    #     revoked_by_title, checked against REVOKING_TITLES)
    "privilege.removal_notice": (
        "Common Council",
        "§ 506-9 (Removal by City)",
    ),  # "within 24 hours after such notice from the Common Council to do so"
    # ---- § 506-10 Sidewalk cafe permit -------------------------------------------------------
    "sidewalk_cafe.notice": (
        "City Administrator",
        "§ 506-10 (Application for permit)",
    ),  # "the City Administrator shall mail to all owners of property within 100 feet ... notice"
    "sidewalk_cafe.police_sent": (
        "City Administrator",
        "§ 506-10 (Application for permit)",
    ),  # "The City Administrator shall forward all applications for review to the Chief of
    #     Police for any business which holds a valid liquor license ..."
    "sidewalk_cafe.police_review": (
        "Chief of Police",
        "§ 506-10 (Application for permit)",
    ),  # "The Chief of Police, upon review of the application, shall promptly indicate, in
    #     writing, his/her approval ... and/or forward a memorandum of concerns"
    "sidewalk_cafe.dpw": (
        "Director of Public Works",
        "§ 506-10 (Sidewalk cafe permit issuance)",
    ),  # "issued by the City Administrator after inspection by the Director of Public Works"
    "sidewalk_cafe.agenda": (
        "City Administrator",
        "§ 506-10 (Application for permit)",
    ),  # "The City Administrator shall promptly forward each fully completed application packet
    #     ... to the Common Council for final review and action of approval or denial"
    "sidewalk_cafe.council": (
        "Common Council",
        "§ 506-10 (Sidewalk cafe permit issuance)",
    ),  # "after inspection by the Director of Public Works and approval by the Common Council.
    #     The Common Council may impose such conditions" (approval or denial: record_council_
    #     decision records both under this name)
    "sidewalk_cafe.issue": (
        "City Administrator",
        "§ 506-10 (Sidewalk cafe permit issuance)",
    ),  # "a permit to be issued by the City Administrator"
    "sidewalk_cafe.revoke": (
        "Common Council",
        "§ 506-10 (Revocation of permit; appeal)",
    ),  # "A sidewalk cafe permit may be revoked by the Common Council temporarily or permanently
    #     after public meeting"
    # ---- § 506-14 Requests for improvements --------------------------------------------------
    # petitions/service.py records these as f"petition.{outcome}" (CouncilAction).
    "petition.approved": ("Common Council", "§ 506-14"),  # "shall be presented to the Common
    #     Council on or before September 15 to be considered for installation"
    "petition.denied": ("Common Council", "§ 506-14"),  # same words
    "petition.referred": ("Common Council", "§ 506-14"),  # same words
    "petition.deferred": ("Common Council", "§ 506-14"),  # same words
    # ---- § 506-16 Street numbers -------------------------------------------------------------
    "address.assign": (
        "Building Inspector",
        "§ 506-16 (Buildings to have street numbers)",
    ),  # "Each principal building ... shall be assigned an official street number by the
    #     Building Inspector." (and "procure the correct number ... from the Building
    #     Inspector", New houses and buildings)
    # ---- § 506-24 Special event vending permit -----------------------------------------------
    "vending.approve": (
        "City Clerk",
        "§ 506-24 (Procedure)",
    ),  # "If all the applicable requirements are clearly and unambiguously met in the City
    #     Clerk's opinion, he/she shall approve the permit or approve it conditionally."
    #     ("Permits shall be signed by the City Clerk")
    "vending.doubt": (
        "City Clerk",
        "§ 506-24 (Procedure)",
    ),  # "he/she [the City Clerk] shall state the matters in doubt, in writing, to the applicant
    #     within three days of the time of making application"
    "vending.doubt_delivered": (
        "City Clerk",
        "§ 506-24 (Procedure)",
    ),  # same sentence: the statement is the Clerk's, "in writing, to the applicant"
    "vending.deny": (
        "City Clerk",
        "§ 506-24 (Procedure)",
    ),  # "appeals of the denial of the application by the City Clerk"
    "vending.appeal_decision": (
        "Common Council",
        "§ 506-24 (Procedure)",
    ),  # "The Common Council shall review appeals of the denial ... and may either deny the
    #     permit, approve the permit or approve the permit conditionally."
    "vending.police": (
        "Chief of Police",
        "§ 506-24 (Conditions of permit: Cooperation with law enforcement officials)",
    ),  # "booth locations and special parking provisions shall be submitted to the Chief of
    #     Police for his review and approval"
}


# Acts recorded under one name for several kinds of record, whose section names a different
# official for each kind: keyed by (action, the record's kind).
_BY_KIND: dict[tuple[str, str], tuple[str, str]] = {
    # sidewalks/repair_orders.py — kind = SidewalkRepairOrder.kind (RepairOrderKind value)
    ("sidewalk_order.create", "council_order"): (
        "Common Council",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # "the Common Council may order at any time property owners to repair or remove and
    #     replace any sidewalk which is unsafe, defective or insufficient"
    ("sidewalk_order.create", "emergency"): (
        "Common Council",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # "the Common Council or its designee shall immediately direct the property owner to
    #     immediately make repairs" (the designee acts for the Council; the app's paper signs it
    #     "For the Common Council, by its designee")
    ("sidewalk_order.create", "minor"): (
        "Director of Public Works",
        "Sidewalk article (Minor repairs)",
    ),  # "Such repairs may be made at the direction of the Director of Public Works without
    #     notice"
    ("sidewalk_order.city_repair", "council_order"): (
        "Common Council",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # "the Common Council or its designee shall repair or construct such sidewalk"
    ("sidewalk_order.city_repair", "emergency"): (
        "Common Council",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # "the Common Council shall make the necessary repairs"
    ("sidewalk_order.city_repair", "minor"): (
        "Director of Public Works",
        "Sidewalk article (Minor repairs)",
    ),  # "Such repairs may be made at the direction of the Director of Public Works"
    # special_charges — kind = SpecialCharge.kind (ChargeKind value)
    ("special_charge.certified", "obstruction"): (
        "City Treasurer",
        "§ 506-8 (Failure to remove obstruction)",
    ),  # "the City Treasurer shall enter those charges onto the tax roll as a special tax"
    ("special_charge.certified", "privilege_removal"): (
        "City Treasurer",
        "§ 506-9 (Removal by City)",
    ),  # "the City Treasurer who shall enter such cost on the next annual tax roll as a special
    #     charge"
    ("special_charge.certified", "sidewalk_repair"): (
        "City Treasurer",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # "the City Treasurer shall enter the total cost thereof upon the tax roll as a special
    #     tax"
    ("special_charge.certified", "sidewalk_minor"): (
        "City Treasurer",
        "Sidewalk article (Repair or replacement of defective or damaged sidewalks)",
    ),  # Minor repairs: "the cost thereof may be charged to the abutting property owner in the
    #     same manner as provided in this section for major repairs" — i.e. the Treasurer's
    #     entry above. (A reading through "same manner"; drop it if you want only direct words.)
    ("special_charge.created", "obstruction"): (
        "City Administrator",
        "§ 506-8 (Failure to remove obstruction)",
    ),  # "the City Administrator shall cause the removal of the obstruction, keeping an account
    #     of the expense of the abatement"
    ("special_charge.created", "deficiency_repair"): (
        "Director of Public Works",
        "§ 506-6 (Bond)",
    ),  # "The Director of Public Works shall repair the deficiencies and bill the permittee for
    #     all labor, materials and equipment used plus 20% for administration."
    ("special_charge.billed", "deficiency_repair"): (
        "Director of Public Works",
        "§ 506-6 (Bond)",
    ),  # same sentence: "... and bill the permittee"
    ("special_charge.bill_corrected", "deficiency_repair"): (
        "Director of Public Works",
        "§ 506-6 (Bond)",
    ),  # same sentence (a corrected bill is still the Director's bill)
}


RESPONSIBLE: Mapping[str, Responsible] = {
    name: Responsible(official, cite) for name, (official, cite) in _ACTS.items()
}


def _enforcement() -> dict[tuple[str, str], Responsible]:
    """An enforcement case's City work is the official its kind's section has act (the City
    Administrator removes an obstruction, § 506-8; the Director of Public Works the snow,
    § 506-11), as :data:`clerk_desk.enforcement.rules.CASE_RULES` says once; and the Clerk's
    letter to a publisher is the City Clerk's (§ 506-23)."""
    from clerk_desk.enforcement.rules import CASE_RULES, CLERK, RECEPTACLE_CITE

    acts = {
        ("enforcement.city_work", kind): Responsible(rule.acting_official, rule.cite)
        for kind, rule in CASE_RULES.items()
        if rule.city_work
    }
    acts[("enforcement.clerk_letter", "receptacle")] = Responsible(CLERK, RECEPTACLE_CITE)
    return acts


@functools.cache
def responsible_by_kind() -> Mapping[tuple[str, str], Responsible]:
    """The acts whose official depends on their record's kind. Built at the first event, not
    at import: the enforcement rules take their officials' titles from this module."""
    return {
        key: Responsible(official, cite) for key, (official, cite) in _BY_KIND.items()
    } | _enforcement()


# Left out, for the City Attorney: the section names an official, but not plainly for the act.
# sidewalk_cafe.deny — record the City Administrator's refusal to take an application forward
#     (council.deny without a meeting). § 506-10 gives the Administrator no power to deny: he
#     "shall promptly forward each fully completed application packet ... to the Common Council
#     for final review and action of approval or denial". Who refuses an ineligible/incomplete
#     application is the app's reading, not the section's. (The Council's denial is recorded as
#     sidewalk_cafe.council, listed above.) Ask the City Attorney before naming anyone.
# sidewalk_cafe.revocation_notice — "revoked by the Common Council ... after public meeting upon
#     10 day's written notice to the permittee": passive; the section does not say who gives the
#     notice. "Common Council" is the likely answer (the notice is of its meeting), but the
#     letter is signed by the City Administrator today. Decide, then add.
# sidewalk_cafe.suspend, sidewalk_cafe.lift — "The City of Prescott reserves the right to
#     temporarily suspend the operation ... in an emergency as determined by the City": only
#     "the City", no official. (The suspension letter is signed by the City Administrator.)
# sidewalk_cafe.neighbors — the list of owners and occupants within 100 feet: "The list
#     delineating the full names and address ... will be attached" (passive). It is the
#     Administrator's mailing list in practice, but the section names nobody for the list.
# sidewalk_cafe.comment — "comments ... must be received by the City Clerk within 15 calendar
#     days": the section names the City Clerk, but only as the one who receives (a receipt at
#     the counter, left out like the other receipts). Add ("City Clerk", "§ 506-10 (Application
#     for permit)") if receipts are to carry an official.
# sidewalk_order.create / sidewalk_order.city_repair — split by kind (responsible_by_kind).
# privilege.advice — the Chief of Police's or the Building Inspector's, as its ``who`` says;
#     the event records the adviser by name and title already.
# privilege.terms — the Director sets bond, insurance and conditions in the app, but the section
#     says "City officials may attach conditions to the permit, including proof of liability
#     insurance" and names no one for the bond's amount ("a bond not exceeding $10,000").
# privilege.check, privilege.close — inspections of the conditions of occupancy and of the way
#     vacated: the section names no inspecting official (only the three who may revoke). The
#     event records the official by name and title already.
# privilege.city_removal — "it shall be the duty of the City to remove such obstruction": "the
#     City" only. (The Treasurer's entry on the roll is special_charge.certified.)
# address.change — may be a re-numbering (the Building Inspector's, § 506-16 (Buildings to have
#     street numbers)) or only the owner or notes (nobody's). Split on "the number changed" if
#     wanted: ("address.change", number changed) -> ("Building Inspector", "§ 506-16 (Buildings
#     to have street numbers)").
# address.retire — the section says nothing of retiring a number.
# numbering_case.open / .notice / .refer / .close — § 506-16 (Noncompliance): "the City shall
#     serve him/her a notice"; "In the event of conflict, the Building Inspector shall determine
#     compliance" (Building numbering required) is about conflicts in the display rules, not the
#     notice. No official for the case steps. (The notice is signed by the Building Inspector.)
# improvement.create / improvement.complete — § 506-7 (Excavation in new streets limited):
#     "Whenever the City determines ...", "the City shall notify": no official.
# revocation.create — § 506-6 (Bond): "Failure to correct deficiencies shall result in a one-year
#     revocation": it follows by operation of the section; no official decides it.
# special_charge.certified for snow_ice (§ 506-11 "collected in the same manner as other special
#     taxes"), dirt_debris and street_damage (§ 506-20, § 506-21 "shall be entered on the tax
#     roll"), opening_repair (§ 506-7 (Repair by City) "assessed and collected as a special
#     tax"): passive, no official. deficiency_repair is never certified.
# special_charge.created / .billed for snow_ice — § 506-11 (Failure to remove): "the Director of
#     Public Works shall remove or cause the snow to be removed", but the fee "shall be assessed
#     ... and will be billed by the City": the removal is the Director's, the charge is "the
#     City's". Left out rather than guessed.
# special_charge.billed for obstruction — "Notice of the bill ... shall be mailed to the owner"
#     (passive); the next paragraph presumes it is the Treasurer's ("The failure of the City
#     Treasurer to record such claim or to mail such notice"). Implied, not said: left out.
# tax_roll.certified — a run mixes kinds; the section names the City Treasurer for obstruction,
#     street privilege removal and sidewalk repair charges only (see responsible_by_kind), and
#     nobody for the others. The certification sheet is signed by the City Treasurer today.
#
# Left out because the ordinance assigns no official to the act (receipts, corrections,
# applicant's own acts, payments, housekeeping):
#   address.import; bond.file, bond.defect_settled, certificate.file, certificate.supersede
#   (filing with "the City Treasurer"/"the City" is a receipt; settling is the contractor's);
#   due.cancel, due.payment; fee.create, fee.update; master_plan.add/.update/.retire ("the current
#   Sidewalk Master Plan": the section names no keeper; the app says the Director keeps it);
#   meeting.cancel/.create/.packet/.update; opening.apply, opening.city_work, opening.opened,
#   opening.work (the permittee's notices and work), opening.close; petition.receive,
#   petition.update, petition.correct_received, petition.place, petition.withdraw;
#   privilege.receive, privilege.correct, privilege.parcel, privilege.withdraw;
#   revocation.lift (not in the ordinance); sidewalk.apply, sidewalk.correct, sidewalk.withdraw,
#   sidewalk.city_contract, sidewalk.complete, sidewalk.appeal (the applicant's appeal);
#   sidewalk_cafe.receive, .renew (a renewal application), .renewed (the old permit ends as a
#   consequence of issuing the renewal), .correct, .site_plan, .sales_records, .notice_again
#   (a consequence of a correction), .withdraw; sidewalk_order.serve (service under Wis. Stat.
#   § 66.0907(3)(c): the ordinance names no server), sidewalk_order.owner_repair,
#   sidewalk_order.cancel (not in the ordinance); special_charge.cancelled, .refunded,
#   .supplemented; tax_roll.prepared, .previewed, .discarded; vending.receive, vending.correct,
#   vending.withdraw, vending.appeal (filing "with the City Clerk" is a receipt).
#   Also written, under names built at run time, with no official: bond.released,
#   bond.claim_made, bond.forfeited (f"bond.{status.value}", bonds/service.py), address.letter.


def responsible_for(action: str, kind: str | None = None) -> Responsible | None:
    """The official the ordinance makes responsible for the act an audit event records (by its
    action name, "sidewalk_cafe.issue", and the kind of its record where that decides), or None
    when it names none."""
    by_kind = responsible_by_kind()
    if kind is not None and (action, kind) in by_kind:
        return by_kind[(action, kind)]
    return RESPONSIBLE.get(action)
