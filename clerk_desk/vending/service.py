"""Special event vending permits (§ 506-24): application, review, doubt notice, decision, appeal.

No one may sell on a street, sidewalk, alley or other public place without a special event
vending permit from the City Clerk. An individual vendor applies for itself; the organization
sponsoring a City or area-wide promotion or festival applies as agent for its participating
members and gives the complete list of sponsors and participants with the application.

The time of application starts a clock: if the requirements are not clearly and unambiguously
met, the Clerk must state the matters in doubt in writing within three days. A denial may be
appealed to the Common Council within seven days of the Clerk's decision. Proof of insurance,
and the booth locations, encroachments and special parking for the Chief of Police, are due at
least seven days before the event starts. The Council's approval stands even where a requirement
is not met: the permit then says it is not valid until each one is. Every change is kept in the
audit trail, which is the application's history (the lists as first applied for included).

This module is the workflow's public face: its importers read ``from clerk_desk.vending import
service as vending`` and call ``vending.approve(...)``. The code is in one module a topic —
:mod:`~clerk_desk.vending.rules` (the pure rules), :mod:`~clerk_desk.vending.application`,
:mod:`~clerk_desk.vending.checklist`, :mod:`~clerk_desk.vending.notices`,
:mod:`~clerk_desk.vending.decisions`, :mod:`~clerk_desk.vending.appeals`,
:mod:`~clerk_desk.vending.register` and :mod:`~clerk_desk.vending.today` (the Today tab's
provider, registered when this module is imported).
"""

from __future__ import annotations

from clerk_desk.vending import today as today  # registers the Today tab's provider
from clerk_desk.vending.appeals import AppealOutcome as AppealOutcome
from clerk_desk.vending.appeals import appeal_findings as appeal_findings
from clerk_desk.vending.appeals import file_appeal as file_appeal
from clerk_desk.vending.appeals import meeting_refusal as meeting_refusal
from clerk_desk.vending.appeals import record_appeal_decision as record_appeal_decision
from clerk_desk.vending.application import ApplicationData as ApplicationData
from clerk_desk.vending.application import ParticipantData as ParticipantData
from clerk_desk.vending.application import SlotData as SlotData
from clerk_desk.vending.application import correct_application as correct_application
from clerk_desk.vending.application import participants_from_rows as participants_from_rows
from clerk_desk.vending.application import receive_application as receive_application
from clerk_desk.vending.application import record_police_review as record_police_review
from clerk_desk.vending.checklist import checklist as checklist
from clerk_desk.vending.checklist import review as review
from clerk_desk.vending.decisions import approve as approve
from clerk_desk.vending.decisions import council_conditions as council_conditions
from clerk_desk.vending.decisions import deny as deny
from clerk_desk.vending.decisions import permit_conditions as permit_conditions
from clerk_desk.vending.decisions import withdraw as withdraw
from clerk_desk.vending.lookup import RECORD_TYPE as RECORD_TYPE
from clerk_desk.vending.lookup import fees_cancelled_on_withdrawal as fees_cancelled_on_withdrawal
from clerk_desk.vending.lookup import get_application as get_application
from clerk_desk.vending.notices import notice_due_on as notice_due_on
from clerk_desk.vending.notices import notice_findings as notice_findings
from clerk_desk.vending.notices import notice_owed_on as notice_owed_on
from clerk_desk.vending.notices import prepare_doubt_notice as prepare_doubt_notice
from clerk_desk.vending.notices import record_notice_delivery as record_notice_delivery
from clerk_desk.vending.register import SEARCH_LIMIT as SEARCH_LIMIT
from clerk_desk.vending.register import history as history
from clerk_desk.vending.register import search_applications as search_applications
from clerk_desk.vending.rules import APPEAL_DAYS as APPEAL_DAYS
from clerk_desk.vending.rules import BEFORE_EVENT_DAYS as BEFORE_EVENT_DAYS
from clerk_desk.vending.rules import CLEANUP_CITE as CLEANUP_CITE
from clerk_desk.vending.rules import CONDITIONS_CITE as CONDITIONS_CITE
from clerk_desk.vending.rules import DELIVERY_MANNERS as DELIVERY_MANNERS
from clerk_desk.vending.rules import DOUBT_DAYS as DOUBT_DAYS
from clerk_desk.vending.rules import INSURANCE_CITE as INSURANCE_CITE
from clerk_desk.vending.rules import PERMIT_CITE as PERMIT_CITE
from clerk_desk.vending.rules import POLICE_CITE as POLICE_CITE
from clerk_desk.vending.rules import PROCEDURE_CITE as PROCEDURE_CITE
from clerk_desk.vending.rules import ChecklistItem as ChecklistItem
from clerk_desk.vending.rules import ItemState as ItemState
from clerk_desk.vending.rules import appeal_due as appeal_due
from clerk_desk.vending.rules import doubt_notice_due as doubt_notice_due
from clerk_desk.vending.rules import matters_in_doubt as matters_in_doubt
from clerk_desk.vending.rules import pending_conditions as pending_conditions
from clerk_desk.vending.rules import police_review_open as police_review_open
from clerk_desk.vending.rules import proof_deadline as proof_deadline
from clerk_desk.vending.rules import proof_due as proof_due
from clerk_desk.vending.rules import short_notice as short_notice
from clerk_desk.vending.rules import unmet_conditions as unmet_conditions
