"""The Sidewalks forms about the Sidewalk Master Plan: a segment added or changed, and retired."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.sidewalks import acts as sidewalk_acts
from clerk_desk.sidewalks import details as details_views
from clerk_desk.sidewalks import service as sidewalks
from clerk_desk.sidewalks.acts import RegisterAct, SegmentAct
from clerk_desk.sidewalks.details import (
    SegmentRow,
)
from clerk_desk.sidewalks.service import (
    COST_CITE,
    SIDES,
    SegmentData,
)
from ui.kit import forms as forms
from ui.kit.dialog_parts import ReasonDialog as ReasonDialog
from ui.kit.dialog_parts import (
    reason_dialog,
    widgets_row,
)
from ui.kit.fields import left_aligned, limited
from ui.kit.operations import App, core_refusal, perform
from ui.sidewalks.parts import (
    SIDE_LABELS,
    choose_data,
    digits_edit,
    street_box,
    whole_number,
)


def segment_refusal(action: Action, segment_id: int | None) -> str | None:
    """The core's refusal of adding a segment (``segment_id`` None) or of changing one."""
    if segment_id is None:
        return sidewalk_acts.register_acts(action)[RegisterAct.NEW_SEGMENT]
    return details_views.segment_acts(action, segment_id)[SegmentAct.CHANGE]


class SegmentDialog(forms.FormDialog):
    """Add a segment to the Sidewalk Master Plan, or change one. Who pays for the permits not
    yet issued follows the plan; an issued permit keeps what it said.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, row: SegmentRow | None = None) -> None:
        super().__init__(
            parent,
            f"Change segment — {row.label}" if row else "New master-plan segment",
            save_text="Save" if row else "Add segment",
        )
        self.app = app
        self.row = row
        self.setObjectName("segment_dialog")
        self.add_top(
            forms.banner(
                "A sidewalk or bicycle lane shown on the current Sidewalk Master Plan is built "
                "or reconstructed at the City's cost; one not shown, at the adjacent owner's "
                f"({COST_CITE}). Permits not yet issued follow the plan as it stands.",
                tone="info",
            )
        )
        self.street = street_box(app, self, optional=False)
        self.side = QComboBox()
        self.side.setObjectName("side")
        for side in SIDES:
            self.side.addItem(SIDE_LABELS.get(side, side), side)
        self.low = digits_edit("low_number", "from the start", chars=10)
        self.high = digits_edit("high_number", "to the end", chars=10)
        self.facility = QComboBox()
        self.facility.setObjectName("facility")
        for facility in sidewalks.FACILITIES:
            self.facility.addItem(sidewalks.facility_label(facility), facility)
        self.description = limited(QLineEdit(), details_views.SEGMENT_LENGTHS["description"])
        self.description.setObjectName("description")
        self.description.setPlaceholderText("e.g. from Broad St N to Court St")
        self.reference = limited(QLineEdit(), details_views.SEGMENT_LENGTHS["plan_reference"])
        self.reference.setObjectName("plan_reference")
        self.reference.setPlaceholderText("e.g. 2024 plan, map sheet 3")
        self.add_field("S&treet", self.street, "street_id")
        self.add_field("&Side", left_aligned(self.side), "side")
        self.add_field(
            "&Numbers",
            widgets_row(self.low, "to", self.high, "(both included; blank is open)"),
            "low_number",
        )
        self.errors.add("high_number", self.errors_label_for("high_number"), self.high)
        self.add_field("Sho&ws", left_aligned(self.facility), "facility")
        self.add_field("&Description", self.description, "description")
        self.add_field("Plan &reference", self.reference, "plan_reference")
        if row is not None:
            choose_data(self.street, row.street_id)
            choose_data(self.side, row.side)
            self.low.setText("" if row.low_number is None else str(row.low_number))
            self.high.setText("" if row.high_number is None else str(row.high_number))
            choose_data(self.facility, row.facility)
            self.description.setText(row.description)
            self.reference.setText(row.plan_reference)
        self.finish_layout()
        row_id = row.id if row is not None else None
        why = core_refusal(parent, app, lambda a: segment_refusal(a, row_id))
        if why:
            self.set_read_only(why)
        self.resize(640, self.sizeHint().height())
        self.street.setFocus()

    def errors_label_for(self, field: str) -> QLabel:
        label = forms.error_label()
        self.form.addRow("", label)
        return label

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: SegmentRow | None = None) -> int | None:
        dialog = cls(parent, app, row)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    def data(self) -> SegmentData:
        street_id = self.street.currentData()
        if not isinstance(street_id, int):
            raise InvalidInput(
                "Choose the street (add it under Street Numbers).", field="street_id"
            )
        return SegmentData(
            street_id=street_id,
            side=str(self.side.currentData()),
            low_number=whole_number(self.low, "low_number", "The first number"),
            high_number=whole_number(self.high, "high_number", "The last number"),
            facility=str(self.facility.currentData()),
            description=self.description.text(),
            plan_reference=self.reference.text(),
        )

    def commit(self) -> object:
        """Save through the core. A refusal about the whole segment (it overlaps another, or
        permits were issued under it) is shown under the numbers, not in a box; one about a
        field under that field."""
        row = self.row

        def work(action: Action) -> int:
            data = self.data()
            if row is None:
                return sidewalks.add_segment(action, data)
            return sidewalks.update_segment(action, row.id, data)

        keep = ("street_id", "side", "high_number", "facility", "description", "plan_reference")
        return perform(
            self, self.app, forms.as_field_error(work, "low_number", keep=keep), errors=self.errors
        )


def retire_segment(parent: QWidget | None, app: App, row: SegmentRow) -> bool:
    return reason_dialog(
        parent,
        app,
        title="Retire a master-plan segment",
        note=f"{row.label}. It leaves the current plan: permits not yet issued there are "
        "decided without it; permits issued under it keep what they said.",
        save_text="Retire",
        placeholder="e.g. Council resolution 2027-04 amending the plan",
        refused=lambda a: details_views.segment_acts(a, row.id)[SegmentAct.RETIRE],
        work=lambda a, why: sidewalks.retire_segment(a, row.id, reason=why),
        name="retire_segment_dialog",
    )
