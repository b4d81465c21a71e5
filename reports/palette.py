"""The papers' colours by what they say, as hex codes (``letterhead.color`` makes a ReportLab
colour of one). The window's own roles are in ``ui/kit/style.py``; the papers may not import
the window, and print on white paper, so they have their own few.
"""

from __future__ import annotations

INK_HEX = "#111418"
"""Body text: near-black, so that a grey scan or fax of the page stays legible."""

PANEL_HEX = "#F5F7FA"
"""The pale ground of a boxed panel (a quoted section, a summary of amounts)."""

CANCELLED_HEX = "#9B1C1C"
"""A record's cancellation stated on its paper (a cancelled meeting on its packet's cover)."""
