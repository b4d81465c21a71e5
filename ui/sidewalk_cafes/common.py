"""What the Sidewalk Cafes window's modules share (§ 506-10): the file filters and the pause
before the rules are asked again. The rows they show are the core's
(:mod:`clerk_desk.sidewalk_cafes.views`).
"""

from __future__ import annotations

PLAN_FILTER = "Site plan (*.pdf *.png *.jpg *.jpeg);;All files (*)"
RECORDS_FILTER = "Business records (*.pdf *.png *.jpg *.jpeg);;All files (*)"
"""What the City keeps as a scan: a spreadsheet of sales is printed or saved as a PDF first."""
LIVE_MS = 120
"""Pause after a keystroke before the rules are asked again about what is typed."""
