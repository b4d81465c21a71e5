"""The sidewalk cafe application form (§ 506-10): taken at the counter, or corrected before the
Council decides.

The form takes the dimensions read off the site plan as lengths ("6", "6 ft 2 in", "44 in")
and shows — before anything is saved, and kept current while the clerk types — what the core's
rules make of them: the clear passage (6 ft where it abuts the curb, else 5 ft), the 3 ft setback
from the curb face, the 44 in aisles, the frontage, and on a corner parcel the side street's
clearances; the share of the last six months' sales from food and non-alcoholic beverages,
against "more than 50%"; the hours against 6:00 a.m. to 11:00 p.m. and the indoor
establishment's; and where alcohol is served, the liquor license. Every check is the core's
(:mod:`clerk_desk.sidewalk_cafes.service`); its refusals show under the field they are about, and a
file chosen for the site plan or the records is checked when chosen.
"""

from __future__ import annotations

import html
from datetime import time
from functools import partial

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerk_desk import words
from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput, Refusals
from clerk_desk.lengths import format_length, parse_length
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import acts as cafe_acts
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes import views as cafe_views
from clerk_desk.sidewalk_cafes.acts import CafeAct
from clerk_desk.sidewalk_cafes.rules import (
    APPLICATION_CITE,
    ELIGIBILITY_CITE,
    HOURS_CITE,
    TERM_CITE,
    CafeData,
)
from clerk_desk.sidewalk_cafes.views import CafeRow, time_text
from clerk_desk.words import format_day
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.dialog_parts import cite_link
from ui.kit.fields import ChooseDateEdit, left_aligned, money_edit, optional_money
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import PartyPicker
from ui.kit.style import BAD, GOOD, QUIET, text_sheet
from ui.parties.dialogs import PartyDialog
from ui.sidewalk_cafes.common import LIVE_MS, PLAN_FILTER, RECORDS_FILTER
from ui.sidewalk_cafes.widgets import (
    FileChooser,
    TimeField,
    add_row,
    findings_box,
    follow_cite,
    limited,
    note,
    plain_text,
    row_of,
)

# ---- the application -------------------------------------------------------------------------

LENGTH_FIELDS: tuple[tuple[str, str, str], ...] = (
    # (field, label, what the ordinance asks of it — shown beside the field)
    ("sidewalk_width_in", "Si&dewalk width", "curb face to the property line"),
    ("cafe_depth_in", "Cafe de&pth", "from the building out"),
    ("clear_passage_in", "Clear pa&ssage", "6 ft abutting the curb, else 5 ft"),
    ("curb_setback_in", "Tables from c&urb", "at least 3 ft from the curb face"),
    ("aisle_in", "Aisle&s", "at least 44 in"),
    ("frontage_in", "Storefront &frontage", "the establishment's own"),
    ("cafe_length_in", "Cafe &length", "along the frontage only"),
    ("side_frontage_in", "Side fronta&ge", "corner parcel: the side street"),
    ("side_cafe_length_in", "Side cafe le&ngth", "along the side frontage only"),
    ("side_clear_passage_in", "Side clear passage", "corner: 6 ft abutting the curb, else 5 ft"),
    ("side_curb_setback_in", "Side tables from curb", "corner: at least 3 ft from the curb"),
)
LENGTH_LABELS = {
    "sidewalk_width_in": "The sidewalk width",
    "cafe_depth_in": "The cafe's depth",
    "clear_passage_in": "The clear passage",
    "curb_setback_in": "The setback from the curb face",
    "aisle_in": "The aisle width",
    "frontage_in": "The frontage",
    "cafe_length_in": "The cafe's length",
    "side_frontage_in": "The side frontage",
    "side_cafe_length_in": "The cafe's length along the side",
    "side_clear_passage_in": "The clear passage along the side street",
    "side_curb_setback_in": "The setback from the side street's curb face",
}


def form_refusal(action: Action, cafe_id: int | None) -> str | None:
    """The core's refusal of taking an application (``cafe_id`` None) or of correcting it."""
    if cafe_id is None:
        return cafe_acts.register_acts(action)[cafe_acts.RegisterAct.NEW_APPLICATION]
    return cafe_acts.acts(action, cafe_id)[CafeAct.CORRECT]


class ApplicationDialog(forms.FormDialog):
    """Take a sidewalk cafe application at the counter, or correct one not yet issued (the same
    form). The site plan and the sales records are attached as files; the dimensions are typed
    as lengths; what the rules make of them shows live, each finding with its section.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App, cafe: CafeRow | None = None) -> None:
        title = f"Correct application {cafe.number}" if cafe else "New sidewalk cafe application"
        super().__init__(
            parent, title, save_text="Save correction" if cafe else "Receive application"
        )
        self.app = app
        self.cafe = cafe
        self.setObjectName("cafe_application_dialog")
        self.applied_on = cafe.applied_on if cafe else app.desk.clock.today()
        self._live = QTimer(self)
        self._live.setSingleShot(True)
        self._live.setInterval(LIVE_MS)
        self._live.timeout.connect(self.show_findings)

        # -- who and where (left)
        applicant_box = self._build_applicant(parent, cafe)
        self._build_site()

        # -- eligibility (left)
        self._build_eligibility(cafe)

        # -- the layout (right)
        self._build_layout_fields()

        # -- the hours (right)
        self.opens = TimeField(time(11, 0), name="opens_at")
        self.closes = TimeField(time(21, 0), name="closes_at")
        self.indoor_opens = TimeField(time(7, 0), name="indoor_opens_at")
        self.indoor_closes = TimeField(time(22, 0), name="indoor_closes_at")
        self.hours_view = FindingsView(app, empty_text="The hours meet § 506-10.")
        self.hours_view.setObjectName("hours_findings")

        self._lay_out(applicant_box)
        self._fill_streets()
        if cafe is not None:
            self._fill(cafe)
        else:
            blank = CafeData(0, "", "")
            self.storefront.setChecked(blank.at_storefront)
            self.curbside.setChecked(blank.at_curbside)
            self.abuts_curb.setChecked(blank.passage_abuts_curb)
            self.side_abuts_curb.setChecked(blank.side_passage_abuts_curb)
        self._connect()
        self.show_findings()
        cafe_id = cafe.id if cafe is not None else None
        if why := core_refusal(parent, app, lambda a: form_refusal(a, cafe_id)):
            self.set_read_only(why)
        self.resize(1320, 860)
        (self.establishment if cafe else self.applicant.search_field).setFocus()

    def _build_applicant(self, parent: QWidget | None, cafe: CafeRow | None) -> QWidget:
        """The applicant picker; correcting, the applicant fixed (a permit is not transferable)."""
        app = self.app
        chosen = None
        if cafe is not None:
            chosen = perform(
                parent,
                app,
                lambda a: cafe_views.applicant_row(a, cafe.applicant_id),
                writes=False,
            )
        self.applicant = PartyPicker(app, role="applicant", chosen=chosen, name="applicant")
        self.new_party_button = QPushButton("New person or &business…")
        self.new_party_button.setObjectName("new_party_button")
        self.new_party_button.setToolTip("Add the applicant to People & Parcels and choose it here")
        applicant_box = QWidget()
        applicant_lines = QVBoxLayout(applicant_box)
        applicant_lines.setContentsMargins(0, 0, 0, 0)
        applicant_lines.setSpacing(2)
        applicant_lines.addWidget(self.applicant)
        applicant_lines.addWidget(self.new_party_button, 0, Qt.AlignmentFlag.AlignLeft)
        if cafe is not None:  # not transferable: a new owner is a new application
            self.applicant.setVisible(False)
            self.new_party_button.setVisible(False)
            fixed = QLabel(
                f"<b>{html.escape(cafe.applicant)}</b><br><small>A sidewalk cafe permit is not "
                "transferable: a new owner needs a new application.</small>"
            )
            fixed.setObjectName("applicant_fixed")
            fixed.setWordWrap(True)
            applicant_lines.addWidget(fixed)
        return applicant_box

    def _build_site(self) -> None:
        """The establishment and where it is: address, street, parcel, zoning."""
        self.establishment = limited(QLineEdit(), "establishment")
        self.establishment.setObjectName("establishment")
        self.establishment.setPlaceholderText("the indoor food-serving establishment")
        self.address = limited(QLineEdit(), "address")
        self.address.setObjectName("address")
        self.address.setPlaceholderText("e.g. 233 Broad St N")
        self.street = QComboBox()
        self.street.setObjectName("street")
        self.street.addItem("— street —", None)
        self.parcel = QComboBox()
        self.parcel.setObjectName("parcel")
        self.parcel.addItem("— parcel not chosen —", None)
        self.parcel.setToolTip("The parcel, from People & Parcels (found by the address typed)")
        self.zoning = limited(QLineEdit(), "zoning_district")
        self.zoning.setObjectName("zoning_district")
        self.zoning.setPlaceholderText("e.g. C-1")
        self.zoning.setMaximumWidth(self.fontMetrics().horizontalAdvance("n") * 12 + 16)
        self.commercial = QCheckBox("Commercially &zoned")
        self.commercial.setObjectName("commercially_zoned")

    def _build_eligibility(self, cafe: CafeRow | None) -> None:
        """The six months' sales, the attached records and plan, and the alcohol served."""
        app = self.app
        today = app.desk.clock.today
        self.sales_from = ChooseDateEdit(today, name="sales_from")
        self.sales_to = ChooseDateEdit(lambda: self.sales_from.value() or today(), name="sales_to")
        self.gross = money_edit("gross_sales", "e.g. 184,000.00")
        self.food = money_edit("food_and_soft_drink_sales", "e.g. 131,500.00")
        self.share_label = QLabel()
        self.share_label.setObjectName("share")
        self.share_label.setTextFormat(Qt.TextFormat.RichText)
        self.share_label.setWordWrap(True)
        self.sales_records = FileChooser(
            name="sales_records",
            caption="Attach &records…",
            title="Attach the business records of the six months' sales",
            file_filter=RECORDS_FILTER,
            on_file=cafe.sales_records_name if cafe else "",
        )
        self.site_plan = FileChooser(
            name="site_plan",
            caption="Attach site p&lan…",
            title="Attach the site plan, drawn to scale",
            file_filter=PLAN_FILTER,
            on_file=cafe.site_plan_name if cafe else "",
        )
        self.scale = limited(QLineEdit(), "site_plan_scale")
        self.scale.setObjectName("site_plan_scale")
        self.scale.setPlaceholderText("the scale noted on the drawing, e.g. 1/4 in = 1 ft")
        self.alcohol = QCheckBox("Alcoholic &beverages will be served in the cafe")
        self.alcohol.setObjectName("serves_alcohol")
        self.license = limited(QLineEdit(), "liquor_license")
        self.license.setObjectName("liquor_license")
        self.license.setPlaceholderText("liquor license held, if any, e.g. Class B 2026-14")
        self.police_note = QLabel()
        self.police_note.setObjectName("police_needed")
        self.police_note.setWordWrap(True)
        self.police_note.setTextFormat(Qt.TextFormat.RichText)
        self.police_note.setStyleSheet(text_sheet(QUIET))
        self.police_note.linkActivated.connect(lambda url: follow_cite(self, app, url))
        self.alcohol_view = FindingsView(app, empty_text="No alcohol to be served.")
        self.alcohol_view.setObjectName("alcohol_findings")
        self.notes = plain_text("notes", 2, self, "Anything else the application says")
        self.eligibility_view = FindingsView(app, empty_text="Eligible, as entered.")
        self.eligibility_view.setObjectName("eligibility_findings")

    def _build_layout_fields(self) -> None:
        """Where the cafe abuts, its lengths (filled by the layout step), seats and tables."""
        app = self.app
        self.storefront = QCheckBox("Abutting the s&torefront")
        self.storefront.setObjectName("at_storefront")
        self.curbside = QCheckBox("Abutting the cur&bside")
        self.curbside.setObjectName("at_curbside")
        self.corner = QCheckBox("Co&rner parcel (the side street too)")
        self.corner.setObjectName("corner_parcel")
        self.abuts_curb = QCheckBox("The pedestrian passage abuts the &curb")
        self.abuts_curb.setObjectName("passage_abuts_curb")
        self.abuts_curb.setToolTip(
            "Six feet clear where the passage abuts the face of the curb; elsewhere five feet"
        )
        self.side_abuts_curb = QCheckBox("On the side street, the passage abuts the curb")
        self.side_abuts_curb.setObjectName("side_passage_abuts_curb")
        self.side_abuts_curb.setToolTip(
            "A corner parcel's cafe along the side street: six feet clear there where the "
            "passage abuts the face of the curb, elsewhere five feet"
        )
        self.lengths: dict[str, QLineEdit] = {}
        self.readouts: dict[str, QLabel] = {}
        self.length_errors: dict[str, QLabel] = {}
        self._unreadable: set[str] = set()  # lengths the live check found unreadable
        self.seats = self._count("seats")
        self.tables = self._count("tables")
        self.umbrellas = limited(QLineEdit(), "umbrellas")
        self.umbrellas.setObjectName("umbrellas")
        self.umbrellas.setPlaceholderText("none, or as the permit is to describe them")
        self.layout_view = FindingsView(app, empty_text="The layout meets § 506-10.")
        self.layout_view.setObjectName("layout_findings")

    def _count(self, name: str) -> QSpinBox:
        box = QSpinBox()
        box.setObjectName(name)
        box.setRange(0, 999)
        box.setSpecialValueText("—")
        return box

    def _length(self, field: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(field)
        edit.setPlaceholderText("e.g. 6 ft")
        edit.setToolTip('Feet ("6", "4 1/2"), inches ("44 in") or both ("6 ft 2 in")')
        edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("n") * 11 + 16)
        self.lengths[field] = edit
        readout = QLabel()
        readout.setObjectName(f"{field}_readout")
        readout.setStyleSheet(text_sheet(QUIET))
        self.readouts[field] = readout
        return edit

    def _lay_out(self, applicant_box: QWidget) -> None:
        app = self.app
        self.clock_note = note(self, app, "intake_note", self._intake_text())
        self.add_top(self.clock_note)
        self._layout.removeItem(self.form)

        # left: who, where, eligibility
        left = self.form
        self._lay_out_who_and_where(applicant_box)
        self._lay_out_sales()

        # right: the layout and the hours
        layout_box = self._build_layout_box()
        hours_box = self._build_hours_box()
        alcohol_box = self._build_alcohol_box()
        notes = QFormLayout()
        notes.setContentsMargins(0, 0, 0, 0)
        add_row(self, "No&tes", self.notes, "notes", form=notes)

        right = QVBoxLayout()
        right.addWidget(layout_box)
        right.addWidget(hours_box)
        right.addWidget(alcohol_box)
        right.addLayout(notes)
        right.addStretch(1)

        left_page = QWidget()
        left_lines = QVBoxLayout(left_page)
        left_lines.setContentsMargins(0, 0, 6, 0)
        left_lines.addLayout(left)
        left_lines.addStretch(1)
        right_page = QWidget()
        right_page.setLayout(right)
        right.setContentsMargins(0, 0, 6, 0)
        columns = QHBoxLayout()
        columns.addWidget(self._scrolling(left_page), 11)
        columns.addSpacing(8)
        columns.addWidget(self._scrolling(right_page), 10)
        self._layout.addLayout(columns, 1)
        self.finish_layout()
        self._layout.setStretch(self._layout.count() - 2, 0)

    def _lay_out_who_and_where(self, applicant_box: QWidget) -> None:
        """The applicant, the establishment, its address, street, parcel and zoning."""
        left = self.form
        add_row(
            self, "&Applicant", applicant_box, "applicant_id", focus=self.applicant.search_field
        )
        add_row(self, "&Establishment", self.establishment, "establishment")
        add_row(
            self,
            "Addre&ss",
            row_of(self.address, self.street, stretch=False),
            "address",
            focus=self.address,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("street_id", message, self.street)
        add_row(self, "Parcel", self.parcel, "parcel_id")
        add_row(
            self,
            "&Zoning district",
            row_of(self.zoning, self.commercial),
            "zoning_district",
            focus=self.zoning,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("commercially_zoned", message, self.commercial)

    def _lay_out_sales(self) -> None:
        """The six months' sales, the records and the site plan, with what the rules find."""
        app = self.app
        left = self.form
        sales_caption = QLabel(
            "<b>Sales in the six months immediately preceding the application</b> "
            f"<small>({cite_link(ELIGIBILITY_CITE)})</small>"
        )
        sales_caption.setTextFormat(Qt.TextFormat.RichText)
        sales_caption.setWordWrap(True)
        sales_caption.linkActivated.connect(lambda url: follow_cite(self, app, url))
        left.addRow(sales_caption)
        add_row(
            self,
            "Sales &period",
            row_of(self.sales_from, "to", self.sales_to),
            "sales_from",
            focus=self.sales_from,
        )
        message = forms.error_label()
        left.addRow("", message)
        self.errors.add("sales_to", message, self.sales_to)
        add_row(self, "&Gross sales", left_aligned(self.gross), "gross_sales", focus=self.gross)
        add_row(
            self,
            "F&ood, soft drinks",
            row_of(self.food, self.share_label, stretch=False),
            "food_and_soft_drink_sales",
            focus=self.food,
        )
        self.file_errors = {
            "sales_records": add_row(
                self,
                "Sales records",
                self.sales_records,
                "sales_records",
                focus=self.sales_records.button,
            ),
            "site_plan": add_row(
                self, "Site plan", self.site_plan, "site_plan", focus=self.site_plan.button
            ),
        }
        add_row(self, "Sca&le", self.scale, "site_plan_scale")
        left.addRow(findings_box("Eligibility", self.eligibility_view, "eligibility_box"))

    def _build_layout_box(self) -> QGroupBox:
        """Where the cafe abuts, each length with its readout and rule, seats and tables."""
        layout_box = QGroupBox("Layout, as dimensioned on the site plan")
        layout_box.setObjectName("layout_box")
        layout_lines = QVBoxLayout(layout_box)
        layout_lines.setSpacing(4)
        configuration = QGridLayout()
        configuration.setContentsMargins(0, 0, 0, 0)
        configuration.setVerticalSpacing(2)
        configuration.addWidget(self.storefront, 0, 0)
        configuration.addWidget(self.curbside, 0, 1)
        configuration.addWidget(self.corner, 1, 0)
        configuration.addWidget(self.abuts_curb, 1, 1)
        configuration.addWidget(self.side_abuts_curb, 2, 1)
        layout_lines.addLayout(configuration)
        message = forms.error_label()
        layout_lines.addWidget(message)
        self.errors.add("at_storefront", message, self.storefront)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(1)
        line = 0
        for field, caption, rule in LENGTH_FIELDS:
            edit = self._length(field)
            label = QLabel(caption)
            label.setBuddy(edit)
            hint = QLabel(rule)
            hint.setStyleSheet(text_sheet(QUIET))
            grid.addWidget(label, line, 0)
            grid.addWidget(edit, line, 1)
            grid.addWidget(self.readouts[field], line, 2)
            grid.addWidget(hint, line, 3)
            message = forms.error_label()
            grid.addWidget(message, line + 1, 1, 1, 3)
            self.errors.add(field, message, edit)
            self.length_errors[field] = message
            line += 2
        grid.setColumnStretch(3, 1)
        layout_lines.addLayout(grid)
        counted: list[QWidget] = []
        for caption, widget in (
            ("Seats", self.seats),
            ("Tables", self.tables),
            ("Umbrellas", self.umbrellas),
        ):
            label = QLabel(caption)
            label.setBuddy(widget)
            counted += [label, widget]
        layout_lines.addWidget(row_of(*counted, stretch=False))
        for field in ("seats", "tables", "umbrellas"):
            message = forms.error_label()
            layout_lines.addWidget(message)
            self.errors.add(field, message, getattr(self, field))
        layout_lines.addWidget(self.layout_view)
        return layout_box

    def _build_hours_box(self) -> QGroupBox:
        """The cafe's and the indoor establishment's hours, with the rule they are held to."""
        app = self.app
        hours_box = QGroupBox("Hours")
        hours_box.setObjectName("hours_box")
        hours = QGridLayout(hours_box)
        hours.setVerticalSpacing(2)
        for line, (caption, opens, closes) in enumerate(
            (
                ("Sidewalk ca&fe", self.opens, self.closes),
                ("Indoor establis&hment", self.indoor_opens, self.indoor_closes),
            )
        ):
            label = QLabel(caption)
            label.setBuddy(opens)
            hours.addWidget(label, line * 2, 0)
            hours.addWidget(row_of(opens, "to", closes), line * 2, 1)
            messages = QWidget()
            lines = QVBoxLayout(messages)
            lines.setContentsMargins(0, 0, 0, 0)
            lines.setSpacing(0)
            for hour in (opens, closes):
                message = forms.error_label()
                lines.addWidget(message)
                self.errors.add(hour.objectName(), message, hour)
            hours.addWidget(messages, line * 2 + 1, 1)
        hours_rule = QLabel(
            f"Not open before {time_text(cafe_rules.EARLIEST)} nor past "
            f"{time_text(cafe_rules.LATEST)}, and never beyond the indoor "
            f"establishment's hours <small>({cite_link(HOURS_CITE)})</small>"
        )
        hours_rule.setObjectName("hours_rule")
        hours_rule.setWordWrap(True)
        hours_rule.setTextFormat(Qt.TextFormat.RichText)
        hours_rule.setStyleSheet(text_sheet(QUIET))
        hours_rule.linkActivated.connect(lambda url: follow_cite(self, app, url))
        hours.addWidget(hours_rule, 4, 0, 1, 2)
        hours.addWidget(self.hours_view, 5, 0, 1, 2)
        hours.setColumnStretch(1, 1)
        return hours_box

    def _build_alcohol_box(self) -> QGroupBox:
        alcohol_box = QGroupBox("Alcohol")
        alcohol_box.setObjectName("alcohol_box")
        alcohol = QFormLayout(alcohol_box)
        alcohol.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        alcohol.addRow(self.alcohol)
        add_row(self, "L&iquor license", self.license, "liquor_license", form=alcohol)
        message = forms.error_label()
        alcohol.addRow(message)
        self.errors.add("serves_alcohol", message, self.alcohol)
        alcohol.addRow(self.police_note)
        alcohol.addRow(self.alcohol_view)
        return alcohol_box

    def _scrolling(self, page: QWidget) -> QScrollArea:
        """A column that scrolls up and down (never sideways) when the screen is short."""
        scroller = QScrollArea()
        scroller.setWidget(page)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroller

    def _intake_text(self) -> str:
        cafe = self.cafe
        if cafe is not None:
            mailed = (
                f" The notice was mailed {html.escape(format_day(cafe.notice_mailed_on))}: a "
                "change of the establishment, the address, the parcel, whether alcohol is "
                "served, the layout or the site plan means mailing it again "
                f"({cite_link(APPLICATION_CITE)}); the sales, the records, the hours and the "
                "notes may be corrected as they are."
                if cafe.notice_mailed_on is not None
                else ""
            )
            return (
                f"Application <b>{html.escape(cafe.number)}</b>, received "
                f"{html.escape(cafe.received_text)} by {html.escape(cafe.received_by)}: "
                f"{html.escape(cafe.status_text)}. A correction is reviewed again; the applicant "
                f"cannot change ({cite_link(TERM_CITE)}).{mailed}"
            )
        return (
            f"Received today, {html.escape(format_day(self.applied_on))}, by "
            f"{html.escape(self.app.operator.full_name)}; the fee in the City's fee schedule is "
            f"billed when you save ({cite_link(APPLICATION_CITE)}). Then: notice to the owners "
            "within 100 feet, 15 days for comments, the Chief of Police where alcohol is served, "
            "the DPW inspection, and the Common Council."
        )

    def _fill_streets(self) -> None:
        found = perform(
            self,
            self.app,
            cafe_views.street_choices,
            writes=False,
        )
        for street_id, name in found or []:
            self.street.addItem(name, street_id)

    def _fill_parcels(self) -> None:
        """The parcels whose number, address or owner match the address typed; the one chosen
        is kept."""
        text = self.address.text().strip()
        current = self.parcel.currentData()

        rows = (
            perform(
                self,
                self.app,
                lambda a: cafe_views.parcel_choices(a, text, current),
                writes=False,
            )
            or []
        )
        with forms.quietly(self.parcel):
            self.parcel.clear()
            self.parcel.addItem("— parcel not chosen —", None)
            for parcel_id, label in rows:
                self.parcel.addItem(label, parcel_id)
            self.parcel.setCurrentIndex(max(0, self.parcel.findData(current)))

    def _fill(self, cafe: CafeRow) -> None:
        self.establishment.setText(cafe.establishment)
        self.address.setText(cafe.address)
        self.street.setCurrentIndex(max(0, self.street.findData(cafe.street_id)))
        if cafe.parcel_id is not None:
            self.parcel.addItem(cafe.parcel, cafe.parcel_id)
            self.parcel.setCurrentIndex(self.parcel.count() - 1)
        self.zoning.setText(cafe.zoning_district)
        self.commercial.setChecked(cafe.commercially_zoned)
        self.sales_from.set_value(cafe.sales_from)
        self.sales_to.set_value(cafe.sales_to)
        self.gross.setText(cafe.gross_sales.format(symbol=False) if cafe.gross_sales else "")
        self.food.setText(
            cafe.food_and_soft_drink_sales.format(symbol=False)
            if cafe.food_and_soft_drink_sales
            else ""
        )
        self.scale.setText(cafe.site_plan_scale)
        self.alcohol.setChecked(cafe.serves_alcohol)
        self.license.setText(cafe.liquor_license)
        self.notes.setPlainText(cafe.notes)
        self.storefront.setChecked(cafe.at_storefront)
        self.curbside.setChecked(cafe.at_curbside)
        self.corner.setChecked(cafe.corner_parcel)
        self.abuts_curb.setChecked(cafe.passage_abuts_curb)
        self.side_abuts_curb.setChecked(cafe.side_passage_abuts_curb)
        for field, edit in self.lengths.items():
            edit.setText(format_length(getattr(cafe, field)))
        self.seats.setValue(cafe.seats or 0)
        self.tables.setValue(cafe.tables or 0)
        self.umbrellas.setText(cafe.umbrellas)
        self.opens.set_value(cafe.opens_at)
        self.closes.set_value(cafe.closes_at)
        self.indoor_opens.set_value(cafe.indoor_opens_at)
        self.indoor_closes.set_value(cafe.indoor_closes_at)

    def _connect(self) -> None:
        self.new_party_button.clicked.connect(self.new_party)
        self.address.editingFinished.connect(self._fill_parcels)
        later = self._live.start
        for edit in (*self.lengths.values(), self.gross, self.food, self.license):
            edit.textChanged.connect(lambda _t: later())
        for box in (
            self.commercial,
            self.alcohol,
            self.storefront,
            self.curbside,
            self.corner,
            self.abuts_curb,
            self.side_abuts_curb,
        ):
            box.toggled.connect(lambda _on: later())
        for day in (self.sales_from, self.sales_to):
            day.dateChanged.connect(lambda _d: later())
        for hour in (self.opens, self.closes, self.indoor_opens, self.indoor_closes):
            hour.timeChanged.connect(lambda _t: later())
        for spin in (self.seats, self.tables):
            spin.valueChanged.connect(lambda _v: later())
        self.scale.textChanged.connect(lambda _t: later())
        for field, chooser in (
            ("site_plan", self.site_plan),
            ("sales_records", self.sales_records),
        ):
            chooser.changed.connect(later)
            chooser.changed.connect(lambda field=field: self._file_ok(field))
            chooser.refused.connect(lambda why, field=field: self._file_refused(field, why))

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, cafe: CafeRow | None = None) -> int | None:
        """Show the form; the id of the application saved, or None if cancelled."""
        dialog = cls(parent, app, cafe)
        if forms.run_modal(dialog) and isinstance(dialog.result_value, int):
            return dialog.result_value
        return None

    # ---- reading the form ------------------------------------------------------------------

    def length(self, field: str) -> int | None:
        """The length typed in ``field``, in inches (InvalidInput under the field)."""
        return parse_length(self.lengths[field].text(), label=LENGTH_LABELS[field], field=field)

    def data(self, applicant_id: int, *, lenient: bool = False) -> CafeData:
        """The form as the core takes it. ``lenient`` (the live findings): a length or amount
        not yet readable counts as not given, and the field says why; else every one that
        cannot be read is refused at once (issue 19)."""
        found = Refusals()

        def length(field: str) -> int | None:
            return found.check(partial(self.length, field))

        def money(edit: QLineEdit, field: str) -> Money | None:
            return found.check(partial(optional_money, edit, field))

        data = CafeData(
            applicant_id=applicant_id,
            establishment=self.establishment.text(),
            address=self.address.text(),
            parcel_id=self.parcel.currentData(),
            street_id=self.street.currentData(),
            zoning_district=self.zoning.text(),
            commercially_zoned=self.commercial.isChecked(),
            sales_from=self.sales_from.value(),
            sales_to=self.sales_to.value(),
            gross_sales=money(self.gross, "gross_sales"),
            food_and_soft_drink_sales=money(self.food, "food_and_soft_drink_sales"),
            at_storefront=self.storefront.isChecked(),
            at_curbside=self.curbside.isChecked(),
            corner_parcel=self.corner.isChecked(),
            sidewalk_width_in=length("sidewalk_width_in"),
            clear_passage_in=length("clear_passage_in"),
            passage_abuts_curb=self.abuts_curb.isChecked(),
            curb_setback_in=length("curb_setback_in"),
            aisle_in=length("aisle_in"),
            frontage_in=length("frontage_in"),
            cafe_length_in=length("cafe_length_in"),
            side_frontage_in=length("side_frontage_in"),
            side_cafe_length_in=length("side_cafe_length_in"),
            side_clear_passage_in=length("side_clear_passage_in"),
            side_passage_abuts_curb=self.side_abuts_curb.isChecked(),
            side_curb_setback_in=length("side_curb_setback_in"),
            cafe_depth_in=length("cafe_depth_in"),
            seats=self.seats.value() or None,
            tables=self.tables.value() or None,
            umbrellas=self.umbrellas.text(),
            serves_alcohol=self.alcohol.isChecked(),
            liquor_license=self.license.text(),
            opens_at=self.opens.value(),
            closes_at=self.closes.value(),
            indoor_opens_at=self.indoor_opens.value(),
            indoor_closes_at=self.indoor_closes.value(),
            site_plan_scale=self.scale.text(),
            notes=self.notes.toPlainText(),
        )
        if not lenient:
            found.raise_any()
        return data

    # ---- what the rules say, live -----------------------------------------------------------

    def show_findings(self) -> None:
        """Ask the core's rules about what is typed: eligibility, layout, hours. A length that
        cannot be read says so under its field at once."""
        self._live.stop()
        for field, edit in self.lengths.items():
            readout, message = self.readouts[field], self.length_errors[field]
            try:
                inches = self.length(field)
            except InvalidInput as error:
                readout.setText("")
                message.setText(error.message)
                message.setVisible(True)
                self._unreadable.add(field)
                continue
            if field in self._unreadable:  # readable again: its own complaint goes
                self._unreadable.discard(field)
                message.clear()
                message.setVisible(False)
            readout.setText("" if inches is None else f"= {inches} in")
            edit.setToolTip(
                'Feet ("6", "4 1/2"), inches ("44 in") or both ("6 ft 2 in")'
                + (f": {format_length(inches)}" if inches is not None else "")
            )
        data = self.data(0, lenient=True)
        has_plan, has_records = self.site_plan.attached, self.sales_records.attached
        self.eligibility_view.set_findings(
            cafe_rules.eligibility_findings(
                data,
                applied_on=self.applied_on,
                has_site_plan=has_plan,
                has_sales_records=has_records,
            )
        )
        self.layout_view.set_findings(cafe_rules.layout_findings(data))
        self.hours_view.set_findings(cafe_rules.hours_findings(data))
        share = cafe_rules.food_share(data)
        if share is None:
            self.share_label.setText("")
        else:
            more = share > cafe_rules.FOOD_SHARE
            colour = GOOD if more else BAD
            shown = html.escape(cafe_rules.food_share_text(share))
            self.share_label.setText(
                f"<b style='color:{colour}'>{shown}</b> of gross sales "
                f"— {'more than 50%' if more else 'not more than 50%'}"
            )
        police = cafe_rules.needs_police_review(data)
        self.police_note.setText(
            f"The Chief of Police reviews this application ({cite_link(APPLICATION_CITE)})."
            if police
            else "No alcohol and no liquor license: no police review "
            f"({cite_link(APPLICATION_CITE)})."
        )
        self.alcohol_view.set_findings(cafe_rules.alcohol_findings(data))

    # ---- the applicant -----------------------------------------------------------------------

    def new_party(self) -> None:
        party_id = PartyDialog.ask(self, self.app, name=self.applicant.search_field.text().strip())
        if party_id is None:
            return
        row = perform(
            self,
            self.app,
            lambda a: cafe_views.applicant_row(a, party_id),
            writes=False,
        )
        if row is not None:
            self.applicant.choose(row)

    # ---- saving ------------------------------------------------------------------------------

    def commit(self) -> object:
        party = self.applicant.party
        if party is None:
            self.errors.clear()
            self.errors.show(
                InvalidInput(
                    "Choose the applicant, or add a new person or business.", field="applicant_id"
                )
            )
            return None
        cafe = self.cafe
        plan, records = self.site_plan.chosen(), self.sales_records.chosen()
        scale = self.scale.text()
        mail_again = False
        if cafe is not None and cafe.notice_mailed:
            changed = perform(
                self,
                self.app,
                lambda a: cafe_views.notice_changes(
                    a,
                    cafe.id,
                    self.data(party.id),
                    plan=plan[1] if plan is not None else None,
                ),
                writes=False,
                errors=self.errors,
            )
            if changed is None:
                return None
            if changed:
                if not self._confirm_mail_again(cafe, changed):
                    return None
                mail_again = True

        def work(action: Action) -> int:
            data = self.data(party.id)
            if cafe is None:
                saved = sidewalk_cafes.receive_application(
                    action, data, site_plan=plan, sales_records=records
                )
            else:
                saved = sidewalk_cafes.correct_application(
                    action, cafe.id, data, mail_again=mail_again
                )
                if plan is not None:
                    sidewalk_cafes.attach_site_plan(
                        action, cafe.id, *plan, scale=scale, mail_again=mail_again
                    )
                if records is not None:
                    sidewalk_cafes.attach_sales_records(action, cafe.id, *records)
            return saved

        return perform(self, self.app, work, errors=self.errors)

    def _confirm_mail_again(self, cafe: CafeRow, changed: list[str]) -> bool:
        """Ask before a correction sends a noticed application back to be noticed again."""
        agenda = " and it comes off the Council's agenda" if cafe.meeting_id else ""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Mail the notice again",
            f"This correction changes what the owners within 100 feet were told: "
            f"{', '.join(changed)}. The notice mailed "
            f"{words.day_or_blank(cafe.notice_mailed_on)} must be mailed again, the 15 days for "
            f"comments start over{agenda}. Save the correction?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("mail_again_question")
        box.button(QMessageBox.StandardButton.Yes).setText("Save; mail the notice again")
        box.button(QMessageBox.StandardButton.No).setText("Go back")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return operations.ask_message(box) == int(QMessageBox.StandardButton.Yes.value)

    def _file_refused(self, field: str, why: str) -> None:
        """A file chosen that cannot be kept: said under its field at once, not taken."""
        self.errors.show(InvalidInput(why, field=field))

    def _file_ok(self, field: str) -> None:
        label = self.file_errors[field]
        label.clear()
        label.setVisible(False)
