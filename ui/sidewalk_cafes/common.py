"""What the Sidewalk Cafes window's modules share (§ 506-10): the permissions its forms ask,
the file filters, the pause before the rules are asked again. The rows they show are the
core's (:mod:`clerk_desk.sidewalk_cafes.views`).
"""

from __future__ import annotations

from clerk_desk.permissions import Permission

TAKE = Permission.TAKE_APPLICATIONS
ISSUE = Permission.ISSUE_PERMITS
DECIDE = Permission.APPROVE_WORK_PERMITS
PLAN_FILTER = "Site plan (*.pdf *.png *.jpg *.jpeg);;All files (*)"
RECORDS_FILTER = "Business records (*.pdf *.png *.jpg *.jpeg);;All files (*)"
"""What the City keeps as a scan: a spreadsheet of sales is printed or saved as a PDF first."""
LIVE_MS = 120
"""Pause after a keystroke before the rules are asked again about what is typed."""
