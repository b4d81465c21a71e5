"""Findings look the same in every workflow: level in words, the sentence, the section linked."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.findings import Finding
from ui.kit.findings_view import FindingsView
from ui.kit.operations import App

pytestmark = pytest.mark.gui


def test_findings_show_most_serious_first_and_open_their_section(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    opened: list[str | None] = []
    app = App(desk, admin, show_ordinance=opened.append)
    view = FindingsView(app)
    qtbot.add_widget(view)
    assert "Nothing in the ordinance stands in the way." in view.texts()[0]

    view.set_findings(
        [
            Finding("info", "§ 506-6 (Fee)", "The fee is from the City's fee schedule."),
            Finding(
                "block",
                "§ 506-7 (Frozen ground)",
                "No openings between November 15 and May 1 except an emergency.",
            ),
            Finding("warn", "§ 506-6 (Insurance required)", "The certificate expires in 10 days."),
        ]
    )
    shown = view.texts()
    assert [text.split("</span>")[0].rsplit(">", 1)[1] for text in shown] == [
        "Stops",
        "Check",
        "Note",
    ]
    assert "November 15 and May 1" in shown[0] and "§ 506-7 (Frozen ground)" in shown[0]

    first = view._labels[0]
    first.linkActivated.emit(first.text().split('href="')[1].split('"')[0])
    assert opened == ["§ 506-7 (Frozen ground)"]
