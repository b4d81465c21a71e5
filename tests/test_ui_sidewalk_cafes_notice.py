"""Sidewalk Cafes tab (§ 506-10), the notice to the neighbours and the Council: the notice
mailed only with a readable diagram, a correction after the mailing, the Council's packet and
the mailing labels printed from the tab, and a readable copy of a plan that cannot be read.

"Today" starts on Monday, November 30, 2026, 10:00 a.m.; the records, the fixtures and the
replaced dialogs and printer are those of ui_sidewalk_cafes_steps.py.
"""

from __future__ import annotations

import html
import io
from datetime import date, datetime, time

import papers  # type: ignore[import-not-found]
import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialog, QMessageBox
from ui_sidewalk_cafes_steps import (  # type: ignore[import-not-found]
    BISTRO,
    _business_on_broad,
    _meeting,
    _stored,
    label_text,
    printed,
    retype,
    site_plan_png,
    tab,
)

from clerk_desk.clock import FixedClock
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import CafeStatus, Role
from clerk_desk.models import SidewalkCafe
from clerk_desk.money import Money
from clerk_desk.sidewalk_cafes import council as cafe_council
from clerk_desk.sidewalk_cafes import notice as cafe_notice
from clerk_desk.sidewalk_cafes import rules as cafe_rules
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from clerk_desk.sidewalk_cafes.rules import CafeData
from ui.kit import forms as forms
from ui.kit import operations as operations
from ui.kit.operations import App
from ui.sidewalk_cafes.application import ApplicationDialog
from ui.sidewalk_cafes.notice_dialogs import NoticeMailedDialog
from ui.sidewalk_cafes.review_dialogs import AttachPapersDialog
from ui.sidewalk_cafes.tab import SidewalkCafesTab

__all__ = ["printed", "tab"]  # fixtures, used by name


pytestmark = pytest.mark.gui


# ---- the review's findings, as the clerk meets them -------------------------------------------


def _mailed(desk: Desk, clock: FixedClock, clerk: SignedIn) -> int:
    """An application taken and noticed Mon Nov 30, 2026 (the clock left there)."""
    party = _business_on_broad(desk, clerk, "Kinni Creek Bistro LLC")
    with desk.action(clerk) as action:
        cafe = sidewalk_cafes.receive_application(
            action,
            CafeData(
                party,
                BISTRO,
                "233 Broad St N",
                zoning_district="C-1",
                commercially_zoned=True,
                sales_from=date(2026, 5, 1),
                sales_to=date(2026, 10, 31),
                gross_sales=Money("90000"),
                food_and_soft_drink_sales=Money("60000"),
                sidewalk_width_in=144,
                clear_passage_in=84,
                curb_setback_in=84,
                aisle_in=48,
                frontage_in=300,
                cafe_length_in=240,
                cafe_depth_in=60,
                opens_at=time(11),
                closes_at=time(21),
                indoor_opens_at=time(10),
                indoor_closes_at=time(22),
                site_plan_scale="1/8 in = 1 ft",
            ),
            site_plan=("bistro-plan.png", site_plan_png()),
            sales_records=("bistro-sales.pdf", b"%PDF-1.4\n% sales\n"),
        )
        action.session.flush()
        cafe_id = cafe
        cafe_notice.set_neighbors(
            action,
            cafe_id,
            [
                cafe_rules.NeighborData(
                    f"Owner {n}", f"24{n} Broad St N\nPrescott, WI 54021", distance_ft=20 * n
                )
                for n in range(1, 6)
            ],
        )
        cafe_notice.record_notice_mailed(
            action, cafe_id, mailed_on=date(2026, 11, 30), by_name="Test Clerk"
        )
    return cafe_id


def _spoil_plan(desk: Desk, cafe_id: int) -> None:
    from clerk_desk.models import Document

    with desk.database.writing() as session:
        cafe = session.get(SidewalkCafe, cafe_id)
        assert cafe is not None
        document = session.get(Document, cafe.site_plan_sha256)
        assert document is not None
        document.content = b"damaged"


def test_the_notice_is_mailed_only_with_a_readable_diagram_and_its_letters_written_at_once(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, printed
) -> None:
    administrator = operator_with(Role.ADMINISTRATOR)
    office = SidewalkCafesTab(App(desk, administrator))
    qtbot.add_widget(office)
    office.resize(1400, 900)
    office.show()
    party = _business_on_broad(desk, clerk, "Point Douglas Bakery LLC")
    with desk.action(clerk) as action:
        bare = sidewalk_cafes.receive_application(
            action, CafeData(party, "Point Douglas Bakery", "118 Orange St N")
        )
        action.session.flush()
        cafe_notice.set_neighbors(action, bare, [cafe_rules.NeighborData("Ruth", "241 Broad St N")])
        bare_id = bare
    office.refresh()
    office.select_cafe(bare_id)
    assert not office.mailed_button.isEnabled()
    assert office.mailed_button.toolTip() == (
        "Attach the applicant's site plan first: the notice must contain a copy of the diagram "
        "submitted by the applicant. (§ 506-10 (Application for permit))"
    )
    # a plan on file that can no longer be read: the button is off, and says why in the words
    # the service refuses the mailing with
    with desk.action(clerk) as action:
        sidewalk_cafes.attach_site_plan(action, bare_id, "plan.png", site_plan_png(), scale="1:96")
    _spoil_plan(desk, bare_id)
    office.refresh()
    office.select_cafe(bare_id)
    assert not office.mailed_button.isEnabled()
    with pytest.raises(InvalidInput) as refused, desk.action(administrator) as action:
        cafe_notice.record_notice_mailed(
            action, bare_id, mailed_on=date(2026, 11, 30), by_name="Carla Jensen"
        )
    assert (
        office.mailed_button.toolTip()
        == str(refused.value)
        == (
            "The site plan on file (plan.png) cannot be read as a PDF, PNG or JPEG file: attach a "
            "readable copy of the applicant's diagram before the notice is mailed. "
            "(§ 506-10 (Application for permit))"
        )
    )
    office.mailed_button.click()  # off: no dialog opens
    assert not messages, messages
    stored = _stored(desk, bare_id)
    assert (stored.status, stored.notice_mailed_on) == (CafeStatus.APPLIED, None)
    assert printed == []

    # a readable plan: the letters are written with the mailing, dated the day mailed
    with desk.action(clerk) as action:
        sidewalk_cafes.attach_site_plan(action, bare_id, "plan2.png", site_plan_png()[:-1] +
                                        b"\x82", scale="1:96")  # fmt: skip
    office.refresh()
    office.select_cafe(bare_id)

    def mail_again(dialog: QDialog) -> None:
        assert isinstance(dialog, NoticeMailedDialog)
        dialog.labels.setChecked(False)
        dialog.packet_list.setChecked(False)
        dialog.save_button.click()

    dialogs.append(mail_again)
    office.mailed_button.click()
    assert not messages, messages
    assert _stored(desk, bare_id).notice_mailed_on == date(2026, 11, 30)
    [(title, letters)] = printed
    assert title == "Notice letters — SC-2026-001"
    assert "Monday, November 30, 2026" in papers.text(letters)
    assert "received by the City Clerk by Tuesday, December 15, 2026" in papers.text(letters)


def test_a_correction_after_the_mailing_asks_before_the_notice_is_mailed_again(
    qtbot, tab, desk, clock, clerk, dialogs, monkeypatch
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    asked: list[str] = []
    answer = [int(QMessageBox.StandardButton.No.value)]

    def ask(box: QMessageBox) -> int:
        asked.append(box.text())
        return answer[0]

    monkeypatch.setattr(operations, "ask_message", ask)

    def sales_only(dialog: QDialog) -> None:
        assert isinstance(dialog, ApplicationDialog)
        assert "The notice was mailed Mon Nov 30, 2026: a change of the establishment" in (
            label_text(dialog, "intake_note")
        )
        retype(qtbot, dialog.gross, "95,000.00")
        dialog.save_button.click()  # no question: the neighbours were not told the sales

    dialogs.append(sales_only)
    tab.correct_button.click()
    assert asked == []
    assert _stored(desk, cafe_id).gross_sales == Money("95000")
    assert _stored(desk, cafe_id).status == CafeStatus.NOTICE_MAILED

    def alcohol(dialog: QDialog) -> None:
        assert isinstance(dialog, ApplicationDialog)
        dialog.alcohol.setChecked(True)
        qtbot.keyClicks(dialog.license, "Class B 2026-14")
        retype(qtbot, dialog.lengths["cafe_length_in"], "22 ft")
        dialog.save_button.click()  # the question answered "Go back": nothing saved
        assert dialog.isVisible() and dialog.result_value is None
        answer[0] = int(QMessageBox.StandardButton.Yes.value)
        dialog.save_button.click()

    dialogs.append(alcohol)
    tab.correct_button.click()
    assert asked[0] == (
        "This correction changes what the owners within 100 feet were told: whether alcohol "
        "will be served, the cafe's length along the frontage. The notice mailed Mon Nov 30, 2026 "
        "must be mailed again, the 15 days for comments start over. Save the correction?"
    )
    stored = _stored(desk, cafe_id)
    assert (stored.status, stored.notice_mailed_on, stored.serves_alcohol) == (
        CafeStatus.APPLIED,
        None,
        True,
    )
    assert tab.selected() is not None and tab.selected().status_text == "Applied"
    assert tab.mailed_button.isEnabled()  # to be mailed again


def test_the_packet_for_the_council_prints_from_the_tab(
    qtbot, tab, desk, clock, clerk, printed
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert tab.packet_button.isEnabled()
    tab.packet_button.click()
    [(title, pdf)] = printed
    assert title == "Application packet — SC-2026-001"
    text = papers.text(pdf)
    for shown in (
        "Sidewalk Cafe Application",
        "Not yet placed before the Common Council",
        "Checklist as it stands",
        "No comments were received.",
        "Owners and occupants notified",
        "Site plan submitted by the applicant — SC-2026-001",
    ):
        assert shown in text, shown


def test_labels_start_where_a_partly_used_sheet_left_off(
    qtbot, tab, desk, clock, clerk, printed
) -> None:
    from reports.sidewalk_cafes.notice import AVERY_5160

    cafe_id = _mailed(desk, clock, clerk)
    tab.refresh()
    tab.select_cafe(cafe_id)
    tab.pages.setCurrentIndex(2)
    assert tab.first_label.isEnabled() and tab.first_label.value() == 1
    tab.first_label.setValue(29)  # 28 labels used: the 29th and 30th, then a new sheet
    tab.labels_button.click()
    [(title, pdf)] = printed
    assert title == "Mailing labels — SC-2026-001"
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    spots: list[tuple[str, float, float]] = []
    reader.pages[0].extract_text(
        visitor_text=lambda text, _cm, tm, _f, _s: (
            spots.append((text, tm[4], tm[5])) if text.strip().startswith("Owner") else None
        )
    )
    first = min(spots, key=lambda s: (-s[2], s[1]))
    x, y = AVERY_5160.origin(28)
    assert first[0].startswith("Owner 1")
    assert x < first[1] < x + AVERY_5160.width and y < first[2] < y + AVERY_5160.height
    assert "Owner 3" in papers.text(pdf).split("Owner 2")[-1]  # the third on the next sheet


def test_an_approved_application_whose_plan_cannot_be_read_gets_a_readable_copy(
    qtbot, tab, desk, clock, clerk, operator_with, dialogs, messages, tmp_path, monkeypatch
) -> None:
    cafe_id = _mailed(desk, clock, clerk)
    with desk.action(operator_with(Role.INSPECTOR)) as action:
        sidewalk_cafes.record_dpw_inspection(
            action, cafe_id, on=date(2026, 11, 30), by_name="Dale Moen", satisfied=True
        )
    meeting = _meeting(desk, clerk, date(2026, 12, 28))
    with desk.action(clerk) as action:
        cafe_council.place_before_council(action, cafe_id, meeting)
    clock.set(datetime(2026, 12, 28, 19, 0))
    with desk.action(clerk) as action:
        cafe_council.record_council_decision(action, cafe_id, meeting_id=meeting, approved=True)
    _spoil_plan(desk, cafe_id)
    tab.refresh()
    tab.select_cafe(cafe_id)
    assert "Not met" in tab.checklist.texts()["eligible"]
    assert "cannot be read as a PDF, PNG or JPEG file" in html.unescape(
        tab.checklist.texts()["eligible"]
    )
    button = tab.checklist.papers_button
    assert button is not None and not button.isHidden() and button.isEnabled()
    plan = tmp_path / "bistro-plan-again.png"
    plan.write_bytes(site_plan_png())
    monkeypatch.setattr(forms, "ask_open_path", lambda *args: str(plan))

    def attach(dialog: QDialog) -> None:
        assert isinstance(dialog, AttachPapersDialog)
        dialog.save_button.click()  # nothing chosen: said under the site plan
        assert dialog.errors.message("site_plan") == "Choose a file to attach."
        dialog.site_plan.button.click()
        dialog.save_button.click()

    dialogs.append(attach)
    button.click()
    assert not messages, messages
    assert _stored(desk, cafe_id).site_plan_name == "bistro-plan-again.png"
    assert "Met" in tab.checklist.texts()["eligible"] and tab.checklist.papers_button is None
