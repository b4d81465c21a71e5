"""The forms of the Enforcement tab: a new case, and each act on one (the notice, the removal
or correction by the person responsible, the City's work and its bill, a stall's authorization
and rescission).

Every rule is the core's (:mod:`clerk_desk.enforcement`): the forms offer what the section
names (its officials, whom it holds responsible) from the core's rules, send what was typed,
and show a refusal under the field it is about. Each form's ``ask`` is what the tab and the
tests call.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clerk_desk.desk import Action
from clerk_desk.enforcement import acts as case_acts
from clerk_desk.enforcement import rules
from clerk_desk.enforcement import service as en
from clerk_desk.enforcement.acts import CaseAct
from clerk_desk.enforcement.rules import Obstruction, ObstructionKind, Place
from clerk_desk.enforcement.views import CaseRow
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CaseKind
from clerk_desk.money import Money
from clerk_desk.special_charges import service as sc
from ui.kit import forms as forms
from ui.kit.dialog_parts import act_as_field, plain_text
from ui.kit.fields import local_moment, moment_edit, money_edit
from ui.kit.operations import App, core_refusal, perform
from ui.kit.pickers import ParcelPicker, PartyPicker

OBSTRUCTION_KINDS = (
    ("Something else in the way", ObstructionKind.OTHER),
    ("Building materials", ObstructionKind.BUILDING_MATERIALS),
    ("An awning", ObstructionKind.AWNING),
    ("Goods being loaded or unloaded", ObstructionKind.GOODS),
    ("A sign or clock on a building", ObstructionKind.SIGN_OR_CLOCK),
)
MEASURES = (
    ("width_used_in", "Width they &take (inches)"),
    ("width_in", "Width of the sidewalk or &street (inches)"),
    ("clearance_in", "Lowest point above the surface (inches)"),
    ("reach_in", "How far it projects or extends (inches)"),
)


def _inches(edit: QLineEdit, field: str) -> int | None:
    text = edit.text().strip()
    if not text:
        return None
    if not text.isdigit():
        raise InvalidInput(
            "Type a whole number of inches (84 for seven feet).",
            field=field,
            cite=rules.EXCEPTIONS_CITE,
        )
    return int(text)


class NewCaseDialog(forms.FormDialog):
    """A new case on the official's determination or a report: the kind, the place, the
    official the section names, the parcel and the person responsible, and what the kind's
    clock runs from. The fields a kind does not use are hidden.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "New enforcement case", save_text="Open case")
        self.app = app
        self.setObjectName("new_case_dialog")
        now = app.desk.clock.local_now()
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for kind in CaseKind:
            self.kind.addItem(f"{kind.label} ({rules.case_rule(kind).cite})", kind)
        self.place = QComboBox()
        self.place.setObjectName("place")
        for place in Place:
            self.place.addItem(place.label, place)
        self.official = QComboBox()
        self.official.setObjectName("official")
        self.official_name = QLineEdit()
        self.official_name.setObjectName("official_name")
        self.location = QLineEdit()
        self.location.setObjectName("location")
        self.location.setPlaceholderText("e.g. Sidewalk in front of 412 Orange St N")
        self.what = QComboBox()
        self.what.setObjectName("obstruction_kind")
        for label, value in OBSTRUCTION_KINDS:
            self.what.addItem(label, value)
        self.permit = QLineEdit()
        self.permit.setObjectName("permit")
        self.permit.setPlaceholderText("a street privilege, street opening or cafe permit")
        self.measures = {name: QLineEdit() for name, _label in MEASURES}
        self.until = forms.date_edit(now.date(), name="council_authorized_until")
        self.gutter = QCheckBox("They interfere with the flow in the gutters")
        self.gutter.setObjectName("in_the_gutter")
        self.out_since = moment_edit(now, name="out_since")
        self.started_at = moment_edit(now, name="started_at")
        self.started_on = forms.date_edit(now.date(), name="started_on")
        self.parcel = ParcelPicker(app, self, no_parcel="No parcel (a receptacle)")
        self.party = PartyPicker(app, role="person responsible", name="party", none_text="None")
        self.party_as = QComboBox()
        self.party_as.setObjectName("party_as")
        self.description = plain_text("description", 2, self, "what was found")
        self.complaint = QLineEdit()
        self.complaint.setObjectName("complaint")
        self.complaint.setPlaceholderText("who reported it (the occupier, for a receptacle)")
        self._lay_out()
        self.finish_layout()
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.place.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.what.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self._kind_changed()
        self.resize(760, self.sizeHint().height())
        self.kind.setFocus()

    def _lay_out(self) -> None:
        self.add_field("&Kind", self.kind, "kind")
        self.add_field("&Where", self.location, "location")
        self.add_field("&Place (§ 506-8)", self.place, "place")
        self.add_field("Determined &by", self.official, "official")
        self.add_field("Official's &name", self.official_name, "official_name")
        self.add_field("&What it is", self.what, "obstruction_kind")
        self.add_field("Permit in force", self.permit, "permit")
        for name, label in MEASURES:
            self.measures[name].setObjectName(name)
            self.add_field(label, self.measures[name], name)
        self.add_field("Council authorized &until", self.until, "council_authorized_until")
        self.add_field("", self.gutter)
        self.add_field("Goods out since", self.out_since, "out_since")
        self.add_field("Snowfall ended / deposited &at", self.started_at, "started_at")
        self.add_field("Damage done / instruction received &on", self.started_on, "started_on")
        self.add_field("Pa&rcel", self.parcel, "parcel")
        self.add_field("Person responsible", self.party, "party")
        self.add_field("Held responsible &as", self.party_as, "party_as")
        self.add_field("&Description", self.description, "description")
        self.add_field("Reported by", self.complaint, "complaint")

    def choose_kind(self, kind: CaseKind) -> None:
        self.kind.setCurrentIndex(self.kind.findData(kind))

    def _kind_changed(self) -> None:
        kind = CaseKind(self.kind.currentData())
        obstruction = kind is CaseKind.OBSTRUCTION
        place = Place(self.place.currentData()) if obstruction else None
        self.official.clear()
        for official in rules.officials_for(kind, place):
            self.official.addItem(official, official)
        self.party_as.clear()
        for who in rules.case_rule(kind).responsible:
            self.party_as.addItem(who, who)
        what = ObstructionKind(self.what.currentData())
        shown: dict[QWidget, bool] = {
            self.place: obstruction,
            self.what: obstruction,
            self.permit: obstruction,
            self.until: obstruction and what is ObstructionKind.BUILDING_MATERIALS,
            self.gutter: obstruction and what is ObstructionKind.BUILDING_MATERIALS,
            self.out_since: obstruction and what is ObstructionKind.GOODS,
            self.started_at: kind in (CaseKind.SNOW_ICE, CaseKind.DEPOSITED_SNOW),
            self.started_on: kind in (CaseKind.STREET_DAMAGE, CaseKind.RECEPTACLE),
        }
        needs = {
            ObstructionKind.BUILDING_MATERIALS: ("width_used_in", "width_in"),
            ObstructionKind.AWNING: ("clearance_in",),
            ObstructionKind.SIGN_OR_CLOCK: ("clearance_in", "reach_in"),
            ObstructionKind.GOODS: ("reach_in",),
        }.get(what, ())
        for name, edit in self.measures.items():
            shown[edit] = obstruction and name in needs
        for widget, visible in shown.items():
            self.form.setRowVisible(widget, visible)

    def _obstruction(self) -> Obstruction | None:
        if CaseKind(self.kind.currentData()) is not CaseKind.OBSTRUCTION:
            return None
        what = ObstructionKind(self.what.currentData())
        zone = self.app.desk.clock.local_now().tzinfo
        assert zone is not None
        inches = {name: _inches(edit, name) for name, edit in self.measures.items()}
        return Obstruction(
            Place(self.place.currentData()),
            what,
            permit=self.permit.text(),
            council_authorized_until=forms.to_date(self.until)
            if what is ObstructionKind.BUILDING_MATERIALS
            else None,
            in_the_gutter=self.gutter.isChecked(),
            out_since=local_moment(self.out_since, zone) if what is ObstructionKind.GOODS else None,
            **inches,
        )

    def data(self) -> en.CaseData:
        kind = CaseKind(self.kind.currentData())
        zone = self.app.desk.clock.local_now().tzinfo
        assert zone is not None
        party = self.party.party
        parcel = self.parcel.parcel
        return en.CaseData(
            kind,
            self.location.text(),
            official=str(self.official.currentData() or ""),
            official_name=self.official_name.text(),
            parcel_id=parcel.id if parcel is not None else None,
            party_id=party.id if party is not None else None,
            party_as=str(self.party_as.currentData() or ""),
            description=self.description.toPlainText(),
            complaint=self.complaint.text(),
            obstruction=self._obstruction(),
            started_at=local_moment(self.started_at, zone)
            if kind in (CaseKind.SNOW_ICE, CaseKind.DEPOSITED_SNOW)
            else None,
            started_on=forms.to_date(self.started_on)
            if kind in (CaseKind.STREET_DAMAGE, CaseKind.RECEPTACLE)
            else None,
        )

    @classmethod
    def ask(cls, parent: QWidget | None, app: App) -> int | None:
        dialog = cls(parent, app)
        if not forms.run_modal(dialog):
            return None
        return int(str(dialog.result_value))

    def commit(self) -> object:
        def work(action: Action) -> int:
            return en.open_case(action, self.data())

        return perform(self, self.app, work, errors=self.errors)


class _CaseForm(forms.FormDialog):
    """A form acting on one case: its banner, and read-only with the core's refusal."""

    act: CaseAct
    title_text: str

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        title = self.title_text
        super().__init__(parent, f"{title} — {row.number}", save_text=title)
        self.app = app
        self.row = row
        self.add_top(
            forms.banner(f"{row.number} — {row.kind_label}: {row.location}. {row.next_step}.")
        )

    def check_allowed(self) -> None:
        case_id, act = self.row.id, self.act
        why = core_refusal(self, self.app, lambda a: case_acts.acts(a, case_id)[act])
        if why:
            self.set_read_only(why)

    def run(self, work: Callable[[Action], object], field: str, keep: tuple[str, ...]) -> object:
        return act_as_field(self, self.app, work, field, keep)

    @classmethod
    def ask(cls, parent: QWidget | None, app: App, row: CaseRow) -> bool:
        return bool(forms.run_modal(cls(parent, app, row)))


class NoticeDialog(_CaseForm):
    """The written notice: when it was given, to whom, how (§§ 506-8, 506-21)."""

    act = CaseAct.NOTICE
    title_text = "Record notice"

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        super().__init__(parent, app, row)
        self.setObjectName("notice_dialog")
        self.at = moment_edit(app.desk.clock.local_now(), name="at")
        self.to = QLineEdit(row.party)
        self.to.setObjectName("to")
        self.how = QComboBox()
        self.how.setObjectName("how")
        self.how.setEditable(True)
        self.how.addItems(["handed over", "posted on the premises", "mailed"])
        self.add_field("&Given at", self.at, "at")
        self.add_field("&To", self.to, "to")
        self.add_field("&How", self.how, "how")
        self.finish_layout()
        self.check_allowed()

    def commit(self) -> object:
        zone = self.app.desk.clock.local_now().tzinfo
        assert zone is not None
        at, to, how = local_moment(self.at, zone), self.to.text(), self.how.currentText()
        return self.run(
            lambda a: en.record_notice(a, self.row.id, at=at, to=to, how=how),
            "at",
            ("to", "how"),
        )


class ResolvedDialog(_CaseForm):
    """The person responsible removed or corrected it: the case ends with no charge."""

    act = CaseAct.RESOLVED
    title_text = "Removed or corrected"

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        super().__init__(parent, app, row)
        self.setObjectName("resolved_dialog")
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.how = QLineEdit()
        self.how.setObjectName("how")
        self.how.setPlaceholderText(
            "e.g. removed by the owner; seen by the Director of Public Works"
        )
        self.add_field("&On", self.on, "on")
        self.add_field("&What was done", self.how, "how")
        self.finish_layout()
        self.check_allowed()

    def commit(self) -> object:
        on, how = forms.to_date(self.on), self.how.text()
        return self.run(
            lambda a: en.record_resolved(a, self.row.id, on=on, how=how), "on", ("how",)
        )


class CityWorkDialog(_CaseForm):
    """The City's work and its cost, and the bill: a special charge against the parcel, which
    the tax-roll run certifies once unpaid. § 506-11's removal from a sidewalk is the fee the
    Council set (the fee schedule), not a cost typed here."""

    act = CaseAct.CITY_WORK
    title_text = "Record the City's work"

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        super().__init__(parent, app, row)
        self.setObjectName("city_work_dialog")
        today = app.desk.clock.today()
        self.on = forms.date_edit(today, name="on")
        self.what = QLineEdit()
        self.what.setObjectName("description")
        self.cost_what = QLineEdit("Labor and equipment")
        self.cost_what.setObjectName("cost_what")
        self.cost = money_edit("cost")
        self.bill_on = forms.date_edit(today, name="bill_on")
        self.delivered = QComboBox()
        self.delivered.setObjectName("delivered_how")
        self.delivered.setEditable(True)
        self.delivered.addItems(["mailed", "handed over"])
        self.add_field("Work done &on", self.on, "on")
        self.add_field("&What was done", self.what, "description")
        fee = row.kind == CaseKind.SNOW_ICE
        if fee:
            self.add_top(
                forms.banner(
                    "The fee the Common Council set for snow removal (fee schedule, SNOW) is "
                    f"charged ({rules.SNOW_FAILURE_CITE}).",
                    tone="info",
                )
            )
        else:
            self.add_field("&Cost of", self.cost_what, "lines")
            self.add_field("A&mount", self.cost, "cost")
        self.add_field("&Bill dated", self.bill_on, "bill_on")
        self.add_field("Bill &delivered", self.delivered, "delivered_how")
        self.finish_layout()
        self.check_allowed()

    def commit(self) -> object:
        on, what = forms.to_date(self.on), self.what.text()
        bill = sc.BillData(forms.to_date(self.bill_on), self.delivered.currentText())
        typed, label = self.cost.text().strip(), self.cost_what.text().strip()
        is_fee = self.row.kind == CaseKind.SNOW_ICE

        def work(action: Action) -> int:
            lines = []
            if not is_fee:
                if not typed:
                    raise InvalidInput("Enter the cost of the work.", field="cost")
                amount = Money.parse(typed, field="cost")
                lines = [sc.LineData("other", label or "Cost of the work", amount)]
            return en.record_city_work(
                action, self.row.id, en.CityWork(on=on, lines=lines, bill=bill, description=what)
            )

        return self.run(work, "on", ("cost", "lines", "bill_on", "delivered_how", "description"))


class AuthorizeDialog(_CaseForm):
    """§ 506-12: one official's authorization of a gravel parking stall."""

    act = CaseAct.AUTHORIZE
    title_text = "Record authorization"

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        super().__init__(parent, app, row)
        self.setObjectName("authorize_dialog")
        self.official = QComboBox()
        self.official.setObjectName("official")
        for official in rules.STALL_OFFICIALS:
            self.official.addItem(official, official)
        self.name = QLineEdit()
        self.name.setObjectName("name")
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.add_field("&Official", self.official, "official")
        self.add_field("&Name", self.name, "name")
        self.add_field("&On", self.on, "on")
        self.finish_layout()
        self.check_allowed()

    def commit(self) -> object:
        official, name, on = str(self.official.currentData()), self.name.text(), self.on
        day = forms.to_date(on)
        return self.run(
            lambda a: en.record_authorization(a, self.row.id, official=official, name=name, on=day),
            "official",
            ("name", "on"),
        )


class RescindDialog(_CaseForm):
    """§ 506-12: the City rescinds the authorization, by whom and why."""

    act = CaseAct.RESCIND
    title_text = "Rescind"

    def __init__(self, parent: QWidget | None, app: App, row: CaseRow) -> None:
        super().__init__(parent, app, row)
        self.setObjectName("rescind_dialog")
        self.official = QComboBox()
        self.official.setObjectName("official")
        for official in rules.RESCINDING_OFFICIALS:
            self.official.addItem(official, official)
        self.on = forms.date_edit(app.desk.clock.today(), name="on")
        self.reason = plain_text("reason", 3, self, "why the City rescinds it")
        self.add_field("&By", self.official, "official")
        self.add_field("&On", self.on, "on")
        self.add_field("&Why", self.reason, "reason")
        self.finish_layout()
        self.check_allowed()

    def commit(self) -> object:
        official, day, reason = (
            str(self.official.currentData()),
            forms.to_date(self.on),
            self.reason.toPlainText(),
        )
        return self.run(
            lambda a: en.rescind(a, self.row.id, official=official, on=day, reason=reason),
            "official",
            ("on", "reason"),
        )
