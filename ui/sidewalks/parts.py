"""The forms of the Sidewalks tab (the sidewalk article before § 506-6; Wis. Stat. § 66.0907):
the permit application (and work under contract with the City), its correction, issue, denial,
the appeal to the Common Council and its decision, completion and withdrawal; the repair order,
the service of its notice, the owner's repair, the City's repair charged to the parcel, its
cancellation; and the segments of the Sidewalk Master Plan.

Every rule is the core's (:mod:`clerk_desk.sidewalks.service`): a form shows what the core says
about what is typed before anything is saved — who pays for the work under the master plan as the
street, number and kind of work change, the first day work may start on a permit issued today,
the owner's last day after service — and a refusal is shown under the field it is about.

The rows shown in the tables are plain frozen values read inside one action, never live records.
"""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QLineEdit,
    QTableView,
    QWidget,
)

from clerk_desk.errors import InvalidInput
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.details import (
    DecisionRow,
    street_choices,
)
from clerk_desk.words import format_day
from ui.kit import dialog_parts as dialog_parts
from ui.kit import forms as forms
from ui.kit.dialog_parts import ReasonDialog as ReasonDialog
from ui.kit.operations import App, perform
from ui.kit.style import (
    SECONDARY,
)

NO_STREET = "— not in the street register —"
SIDE_LABELS = {"both": "Both sides", "odd": "Odd side", "even": "Even side"}


def cite_link(cite: str) -> str:
    """A citation as a link that does not break inside "Sidewalk article"."""
    return dialog_parts.cite_link(cite, unbroken_spaces=1)


def day_text(day: date | None) -> str:
    return format_day(day) if day is not None else ""


# ---- plain rows ------------------------------------------------------------------------------


def decision_html(
    decision: DecisionRow | None,
    *,
    pending_note: str = "",
    fixed_note: str = "Fixed when the permit was issued.",
) -> str:
    """The cost decision in words: who pays in bold, who restores, why, and the section.
    ``pending_note`` is said under a decision the plan makes and that is not fixed yet,
    ``fixed_note`` under one fixed."""
    if decision is None:
        return f"<i>{html.escape(pending_note or 'Choose the work to see who pays.')}</i>"
    e = html.escape
    lines = [f"<b style='font-size:115%'>{e(decision.summary)}</b>"]
    if decision.restoration_payer is not None:
        lines.append(
            "Restoration of the area: "
            f"<b>{e(sidewalks.payer_phrase(decision.restoration_payer))}</b>"
        )
    lines.append(e(decision.reason))
    if decision.segment:
        lines.append(f"Master plan: {e(decision.segment)}")
    lines.append(f"<small>{cite_link(decision.cite)}</small>")
    if decision.fixed:
        lines.append(f"<small style='color:{SECONDARY}'>{e(fixed_note)}</small>")
    elif pending_note and decision.follows_plan:
        lines.append(f"<small style='color:{SECONDARY}'>{e(pending_note)}</small>")
    return "<br>".join(lines)


# ---- small pieces ----------------------------------------------------------------------------


def digits_edit(name: str, placeholder: str = "", *, chars: int = 8) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("n" * chars) + 24)
    return edit


def whole_number(edit: QLineEdit, field: str, what: str) -> int | None:
    """A street number typed, or None for a blank; anything else refused under the field."""
    text = edit.text().strip().replace(",", "")
    if not text:
        return None
    if not text.isdigit():
        raise InvalidInput(f'{what} "{edit.text().strip()}" is not a whole number.', field=field)
    return int(text)


def street_box(
    app: App, parent: QWidget, name: str = "street", *, optional: bool = True
) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    if optional:
        box.addItem(NO_STREET, None)
    for street_id, label in perform(parent, app, street_choices, writes=False) or []:
        box.addItem(label, street_id)
    return box


def choose_data(box: QComboBox, value: object) -> None:
    box.setCurrentIndex(max(0, box.findData(value)))


# ---- the permit application ------------------------------------------------------------------


# ---- acts on a permit ------------------------------------------------------------------------


MeetingChoice = tuple[int, str, bool]
"""A meeting as a chooser offers it: its id, its label, whether it was held."""


# ---- repair orders ---------------------------------------------------------------------------


# ---- the master plan -------------------------------------------------------------------------


# ---- tables ----------------------------------------------------------------------------------


def fit_columns(
    table: QTableView, widest: dict[int, tuple[str, ...]], stretched: tuple[int, ...]
) -> None:
    """Size a register inside the main window's tab (about 1,215 pixels at a 1400-pixel
    window): each column of ``widest`` fixed just wide enough for its header and the longest of
    its texts (so a status or a payer always shows whole), the ``stretched`` ones sharing what
    is left (a name, a place: elided, the whole text in the tooltip). No sideways scrolling."""
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    cell, head = table.fontMetrics(), header.fontMetrics()
    model = table.model()
    for column, texts in widest.items():
        title = str(model.headerData(column, Qt.Orientation.Horizontal))
        width = max([head.horizontalAdvance(title)] + [cell.horizontalAdvance(t) for t in texts])
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, width + 20)
    for column in stretched:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
