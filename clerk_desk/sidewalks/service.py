"""Sidewalks (the sidewalk article before § 506-6; Wis. Stat. § 66.0907): permits, the Sidewalk
Master Plan that decides who pays, and orders to repair defective sidewalks.

The article (it has no section number: it is cited "Sidewalk article (heading)") says:

* no one lays, removes, replaces or repairs a public sidewalk without a permit from the Director
  of Public Works obtained at least seven days before the work, unless under contract with the
  City; the permit is free; a denial may be appealed to the Common Council (Sidewalk permit
  required);
* who pays follows the current Sidewalk Master Plan (Cost of sidewalks): sidewalks and bicycle
  lanes in new subdivisions are the land divider's (Chapter 510); a construction or
  reconstruction is 100% the City's when the plan shows it and 100% the adjacent owner's when it
  does not; a sidewalk removed without replacement that the plan does not show is removed at
  the City's cost, the owner restoring the area;
* the standard specifications: a residential walk is 4 1/2 feet wide (a repair or replacement
  may keep an existing width not less than it); minor repairs up to $500 are made at the
  Director's direction without notice and charged to the owner as major repairs are; a repair
  is of the whole block unless the Director approves a partial replacement;
* the Council may order an owner to repair or replace an unsafe, defective or insufficient
  sidewalk (Wis. Stat. § 66.0907): if the owner has not done so within 20 days after service of
  the notice, the City does the work and the Treasurer enters its cost on the tax roll as a
  special tax against the parcel; in an emergency the owner is told to repair immediately.

Every rule is checked in this package and cited; the screens and papers only show what it says.
This module is the workflow's public face: what the window, the papers, the demo and the tests
call, gathered from the modules that hold it, by topic: :mod:`~clerk_desk.sidewalks.rules` (the
article as plain values), :mod:`~clerk_desk.sidewalks.master_plan`,
:mod:`~clerk_desk.sidewalks.costs` (who pays), :mod:`~clerk_desk.sidewalks.permits`,
:mod:`~clerk_desk.sidewalks.repair_orders` and :mod:`~clerk_desk.sidewalks.due_today` (the Today
tab's provider, registered by importing this module).
"""

from __future__ import annotations

from clerk_desk.sidewalks import due_today as due_today
from clerk_desk.sidewalks.costs import (
    cost_for,
    costs_for,
    decide_cost,
)
from clerk_desk.sidewalks.master_plan import (
    SegmentData,
    add_segment,
    get_segment,
    retire_segment,
    segment_for,
    segment_label,
    segment_labels,
    segments,
    update_segment,
)
from clerk_desk.sidewalks.permits import (
    PermitData,
    appeal_meeting_refusal,
    complete,
    completion_findings,
    correct_application,
    deny,
    file_appeal,
    get_permit,
    history,
    issue,
    open_orders_for,
    permit_findings,
    permit_years,
    receive_application,
    record_appeal_decision,
    record_city_contract,
    review,
    search_permits,
    withdraw,
)
from clerk_desk.sidewalks.repair_orders import (
    RepairOrderData,
    cancel_order,
    city_may_repair_on,
    get_order,
    order_findings,
    order_history,
    order_repair,
    order_years,
    owner_days_over,
    publication_mailing,
    record_city_repair,
    record_owner_repair,
    record_service,
    search_orders,
)
from clerk_desk.sidewalks.rules import (
    COMMERCIAL_DRIVEWAY_THICKNESS_IN,
    COMMERCIAL_THICKNESS_IN,
    CONSTRUCTION_CITE,
    COST_CITE,
    COUNCIL,
    FACILITIES,
    FACILITY_LABELS,
    MINOR_REPAIR_CITE,
    MINOR_REPAIR_LIMIT,
    NEW_SUBDIVISION_CITE,
    NOTICE_CITE,
    ORDER_RECORD_TYPE,
    PERMIT_CITE,
    PERMIT_LEAD_DAYS,
    PUBLICATION,
    RECONSTRUCTION_CITE,
    RECORD_TYPE,
    REGULATED_CITE,
    REMOVAL_CITE,
    REPAIR_CITE,
    REPAIR_DAYS,
    REPAIR_ORDER_CITE,
    RESIDENTIAL_DRIVEWAY_THICKNESS_IN,
    RESIDENTIAL_THICKNESS_IN,
    RESIDENTIAL_WIDTH_IN,
    SEARCH_LIMIT,
    SEGMENT_RECORD_TYPE,
    SERVICE_METHODS,
    SIDES,
    SPECIFICATIONS_CITE,
    STANDARDS_CITE,
    STATUTE,
    WHOLE_BLOCK_CITE,
    WHOLE_BLOCK_WORK,
    WIDTH_CITE,
    CostDecision,
    cost_finding,
    cost_responsibility,
    earliest_start,
    facility_label,
    latest_issue_day,
    order_kinds_for,
    order_permission,
    payer_phrase,
    payer_short,
    range_text,
    repair_due,
    side_of,
)

__all__ = [
    "COMMERCIAL_DRIVEWAY_THICKNESS_IN",
    "COMMERCIAL_THICKNESS_IN",
    "CONSTRUCTION_CITE",
    "COST_CITE",
    "COUNCIL",
    "FACILITIES",
    "FACILITY_LABELS",
    "MINOR_REPAIR_CITE",
    "MINOR_REPAIR_LIMIT",
    "NEW_SUBDIVISION_CITE",
    "NOTICE_CITE",
    "ORDER_RECORD_TYPE",
    "PERMIT_CITE",
    "PERMIT_LEAD_DAYS",
    "PUBLICATION",
    "RECONSTRUCTION_CITE",
    "RECORD_TYPE",
    "REGULATED_CITE",
    "REMOVAL_CITE",
    "REPAIR_CITE",
    "REPAIR_DAYS",
    "REPAIR_ORDER_CITE",
    "RESIDENTIAL_DRIVEWAY_THICKNESS_IN",
    "RESIDENTIAL_THICKNESS_IN",
    "RESIDENTIAL_WIDTH_IN",
    "SEARCH_LIMIT",
    "SEGMENT_RECORD_TYPE",
    "SERVICE_METHODS",
    "SIDES",
    "SPECIFICATIONS_CITE",
    "STANDARDS_CITE",
    "STATUTE",
    "WHOLE_BLOCK_CITE",
    "WHOLE_BLOCK_WORK",
    "WIDTH_CITE",
    "CostDecision",
    "PermitData",
    "RepairOrderData",
    "SegmentData",
    "add_segment",
    "appeal_meeting_refusal",
    "cancel_order",
    "city_may_repair_on",
    "complete",
    "completion_findings",
    "correct_application",
    "cost_finding",
    "cost_for",
    "cost_responsibility",
    "costs_for",
    "decide_cost",
    "deny",
    "earliest_start",
    "facility_label",
    "file_appeal",
    "get_order",
    "get_permit",
    "get_segment",
    "history",
    "issue",
    "latest_issue_day",
    "open_orders_for",
    "order_findings",
    "order_history",
    "order_kinds_for",
    "order_permission",
    "order_repair",
    "order_years",
    "owner_days_over",
    "payer_phrase",
    "payer_short",
    "permit_findings",
    "permit_years",
    "publication_mailing",
    "range_text",
    "receive_application",
    "record_appeal_decision",
    "record_city_contract",
    "record_city_repair",
    "record_owner_repair",
    "record_service",
    "repair_due",
    "retire_segment",
    "review",
    "search_orders",
    "search_permits",
    "segment_for",
    "segment_label",
    "segment_labels",
    "segments",
    "side_of",
    "update_segment",
    "withdraw",
]
