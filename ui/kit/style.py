"""The window's colours, each named for what it tells the clerk; no colour is written elsewhere.

A colour says one thing everywhere: red text is a refusal or a lapse, amber a warning or a clock
running, green a condition met. Rows and panels take the light shade of the same meaning, so a
register, a details pane and a finding agree. Near shades that had grown apart in single windows
(three greens, four pinks) are one role each.
"""

from __future__ import annotations

import html
from typing import Literal

# Text: on white, each at least 4.5:1 (WCAG AA) so that it reads on a counter's screen.
GOOD = "#1b6e2e"  # met, in time, balanced
LATE = "#8a5a00"  # a warning: a clock running, a step not yet recorded
BAD = "#b00020"  # refused, expired, void, short, an error next to its field
INFO = "#1d4f7a"  # a plain note
QUIET = "#35576e"  # an explanation beside a value
DIMMED = "#777777"  # an inactive row
SECONDARY = "#555555"  # a line under a value: a hint, a count, an address, a note written
LINK = "#1a5fb4"
INK = "#000000"  # text on a highlight the style paints itself
PAPER = "#ffffff"  # a preview of a printed page
NOTE_TEXT = "#1d2b36"  # on NOTE_BACKGROUND
CAUTION_TEXT = "#5a3b00"  # on CAUTION_BACKGROUND
DISABLED_TEXT = "#9a9a9a"
DISABLED_BORDER = "#c8c8c8"

# Backgrounds of rows, cells and panels.
BAD_BACKGROUND = "#f9d6d5"  # overdue, expired, void, a blocking finding
LATE_BACKGROUND = "#fff1c7"  # due soon, due today, a warning
GOOD_BACKGROUND = "#e3f1e3"  # done, a condition met
NOTE_BACKGROUND = "#e8f1fb"  # an information panel
CAUTION_BACKGROUND = "#fff4d6"  # a caution panel; an open drawer's row
CAUTION_BORDER = "#e8c66a"
SOON_BACKGROUND = "#dde9f7"  # Today: due within the coming days
PLAIN_BACKGROUND = "#eef5ff"  # a row set apart without alarm (a closed day that is no holiday)
PLACEHOLDER_BACKGROUND = "#ffe3b3"  # a fill-in field in a letter's template
MATCH_BACKGROUND = "#ffe566"  # the ordinance viewer: a search match
CURRENT_MATCH_BACKGROUND = "#ff9d3b"
PARAGRAPH_BACKGROUND = "#d6e8ff"  # the ordinance viewer: the cited paragraph
HEADING_TEXT = "#1d3557"  # the ordinance viewer: a section's title
NOTE_IN_TEXT = "#6b6b6b"  # the ordinance viewer: an editor's note

Tone = Literal["info", "warning"]


def marked(text: str, colour: str, *, bold: bool = True, escape: bool = True) -> str:
    """Rich text of ``text`` in ``colour``, bold unless told otherwise; escaped unless it is
    already markup."""
    body = html.escape(text) if escape else text
    tag = "b" if bold else "span"
    return f"<{tag} style='color:{colour}'>{body}</{tag}>"


def text_sheet(colour: str) -> str:
    """A label's style sheet that sets only its text colour."""
    return f"color: {colour};"


def panel_sheet(tone: Tone = "info", *, padding: int = 6) -> str:
    """A label's style sheet for a panel of information or caution above a form."""
    background, colour = {
        "info": (NOTE_BACKGROUND, NOTE_TEXT),
        "warning": (CAUTION_BACKGROUND, CAUTION_TEXT),
    }[tone]
    return (
        f"QLabel {{ background: {background}; color: {colour}; padding: {padding}px;"
        " border-radius: 3px; }"
    )
