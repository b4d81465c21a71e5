"""The ordinance viewer, driven like a clerk drives it: typing, F3, the contents, links."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from clerk_desk.ordinance import load_chapter
from ui.ordinance_viewer import (
    OrdinanceViewer,
    cite_from_url,
    cite_html,
    cite_url,
    connect_cite_label,
    handle_cite_link,
    linkify_cites,
)

pytestmark = pytest.mark.gui

FROZEN = "§ 506-7 (Frozen ground)"


@pytest.fixture
def viewer(qtbot: QtBot) -> OrdinanceViewer:
    widget = OrdinanceViewer()
    qtbot.add_widget(widget)
    widget.resize(1100, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    return widget


def _children(item: QTreeWidgetItem | None) -> list[QTreeWidgetItem]:
    assert item is not None
    return [child for i in range(item.childCount()) if (child := item.child(i)) is not None]


def _sections(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    return _children(tree.invisibleRootItem())


def _count(viewer: OrdinanceViewer, text: str) -> int:
    return viewer.browser.document().toPlainText().lower().count(text.lower())


# ---- search ----------------------------------------------------------------------------------


def test_typing_searches_highlights_and_counts(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    expected = _count(viewer, "excavation")
    assert expected > 10
    qtbot.keyClicks(viewer.search_field, "excavation")
    qtbot.waitUntil(lambda: viewer.count_label.text() == f"1 of {expected}")
    assert viewer.match_count() == expected
    # every other match is painted; the current one is the real selection
    assert len(viewer.browser.extraSelections()) == expected - 1
    assert viewer.selected_text().lower() == "excavation"


def test_search_waits_for_a_pause_in_typing(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    qtbot.keyClicks(viewer.search_field, "September 15")
    assert viewer.count_label.text() == ""  # not yet: the search runs after a short pause
    qtbot.waitUntil(lambda: viewer.count_label.text() == "1 of 1")
    assert viewer.current_cite() == "§ 506-14"


def test_f3_enter_and_shift_f3_move_between_matches(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    total = _count(viewer, "bond")
    qtbot.keyClicks(viewer.search_field, "bond")
    qtbot.waitUntil(lambda: viewer.count_label.text() == f"1 of {total}")
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_F3)
    assert viewer.count_label.text() == f"2 of {total}"
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_Return)
    assert viewer.count_label.text() == f"3 of {total}"
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert viewer.count_label.text() == f"1 of {total}"
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert viewer.count_label.text() == f"{total} of {total}"  # wraps around
    assert viewer.selected_text().lower() == "bond"
    # F3 works from the text as well, not only from the search field
    viewer.browser.setFocus()
    qtbot.keyClick(viewer.browser, Qt.Key.Key_F3)
    assert viewer.count_label.text() == f"1 of {total}"


def test_no_match_and_escape_clears(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    qtbot.keyClicks(viewer.search_field, "zzqx")
    qtbot.waitUntil(lambda: viewer.count_label.text() == "No matches")
    assert not viewer.next_button.isEnabled()
    viewer.set_search_text("frozen")
    assert viewer.match_count() >= 1 and viewer.browser.extraSelections() is not None
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_Escape)
    assert viewer.search_field.text() == ""
    assert viewer.count_label.text() == ""
    assert viewer.match_count() == 0
    assert viewer.browser.extraSelections() == []


def test_search_after_open_at_starts_at_the_opened_paragraph(
    qtbot: QtBot, viewer: OrdinanceViewer
) -> None:
    assert viewer.open_at(FROZEN)
    viewer.set_search_text("emergency")
    # the first match at or after "Frozen ground", not the first in the chapter
    first_in_chapter = viewer.browser.document().toPlainText().lower().index("emergency")
    assert viewer.browser.textCursor().selectionStart() > first_in_chapter
    assert viewer.current_cite() == FROZEN
    assert viewer.selected_text() == "emergency"


# ---- open_at ---------------------------------------------------------------------------------


def test_open_at_selects_and_shows_the_paragraph(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    opened: list[str] = []
    viewer.citation_opened.connect(opened.append)
    assert viewer.open_at("§ 506-7 (frozen ground).")
    selected = viewer.selected_text()
    assert selected.startswith("Frozen ground. No openings in the streets")
    assert selected.endswith("emergency excavation.")
    assert opened == [FROZEN]
    assert viewer.current_cite() == FROZEN
    current = viewer.contents.currentItem()
    assert current is not None and current.text(0) == "Frozen ground"
    # the paragraph is on screen
    rect = viewer.browser.cursorRect()
    assert 0 <= rect.top() < viewer.browser.viewport().height()


def test_open_at_a_nested_heading_a_letter_and_a_section(
    qtbot: QtBot, viewer: OrdinanceViewer
) -> None:
    assert viewer.open_at("§ 506-24 (Conditions of permit: Liability insurance)")
    assert viewer.selected_text().startswith("Liability insurance. To hold a valid permit")
    assert "Cooperation" not in viewer.selected_text()
    assert viewer.open_at("§ 506-24 (Conditions of permit)")
    assert viewer.selected_text().startswith("Conditions of permit. In addition")
    assert viewer.selected_text().rstrip().endswith("associated with the permitted event.")
    assert viewer.open_at("§ 506-7H")
    assert viewer.selected_text().startswith("Emergency excavation. In the event")
    assert viewer.current_cite() == "§ 506-7 (Emergency excavation)"
    assert viewer.open_at("Sidewalk article (Sidewalk permit required)")
    assert viewer.selected_text().startswith("Sidewalk permit required. No person")
    # a whole section: its title is marked, not pages of text
    assert viewer.open_at("§ 506-14")
    assert viewer.selected_text() == "§ 506-14 Requests for improvements"
    assert viewer.current_cite() == "§ 506-14"


def test_open_at_an_unknown_cite_says_so_gently(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    assert viewer.open_at(FROZEN)
    assert not viewer.open_at("§ 506-6 (Parking)")
    assert viewer.message_label.isVisible()
    assert "§ 506-6 (Parking)" in viewer.message_label.text()
    assert viewer.selected_text().startswith("Frozen ground.")  # the reader stays where he was
    assert viewer.open_at("§ 506-16 (Altering numbers)")
    assert not viewer.message_label.isVisible()


# ---- contents --------------------------------------------------------------------------------


def test_contents_tree_lists_sections_and_headings(viewer: OrdinanceViewer) -> None:
    tree = viewer.contents
    chapter = load_chapter()
    assert len(_sections(tree)) == len(chapter.sections)
    vending = _sections(tree)[-1]
    assert vending.text(0).startswith("§ 506-24 Sale or display")
    conditions = next(c for c in _children(vending) if c.text(0) == "Conditions of permit")
    assert [c.text(0) for c in _children(conditions)] == [
        "Liability insurance",
        "Cooperation with law enforcement officials",
        "Cleanup",
    ]


def test_selecting_in_the_tree_opens_the_section(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    tree = viewer.contents
    petitions = next(s for s in _sections(tree) if s.text(0).startswith("§ 506-14 "))
    tree.setCurrentItem(petitions)
    assert viewer.selected_text() == "§ 506-14 Requests for improvements"
    assert viewer.current_cite() == "§ 506-14"
    # the arrow keys walk the contents and open as they go
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Down)
    assert viewer.selected_text() == "§ 506-15 Unlawful dumping on streets"


# ---- keyboard --------------------------------------------------------------------------------


def test_ctrl_f_focuses_the_search_field(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    viewer.search_field.setText("old query")
    viewer.browser.setFocus()
    qtbot.waitUntil(viewer.browser.hasFocus)
    qtbot.keyClick(viewer.browser, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(viewer.search_field.hasFocus)
    assert viewer.search_field.selectedText() == "old query"  # ready to type over


def test_tab_order_search_contents_text(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    viewer.search_field.setFocus()
    qtbot.waitUntil(viewer.search_field.hasFocus)
    qtbot.keyClick(viewer.search_field, Qt.Key.Key_Tab)
    qtbot.waitUntil(viewer.contents.hasFocus)
    qtbot.keyClick(viewer.contents, Qt.Key.Key_Tab)
    qtbot.waitUntil(viewer.browser.hasFocus)


# ---- citation links --------------------------------------------------------------------------


def test_cite_html_round_trips() -> None:
    cite = "§ 506-24 (Conditions of permit: Liability insurance)"
    anchor = cite_html(cite)
    assert anchor.startswith('<a href="cite:%C2%A7%20506-24%20%28Conditions')
    assert ">§ 506-24 (Conditions of permit: Liability insurance)</a>" in anchor
    assert cite_from_url(cite_url(cite)) == cite
    assert cite_from_url(QUrl(cite_url(cite))) == cite
    assert cite_from_url("https://example.org") is None
    assert cite_html("§ 506-6 (Fee)", "fee <rule>").endswith(">fee &lt;rule&gt;</a>")


def test_links_open_the_viewer(qtbot: QtBot, viewer: OrdinanceViewer) -> None:
    assert handle_cite_link(cite_url("§ 506-6 (Insurance required)"), viewer)
    assert viewer.selected_text().startswith("Insurance required. A permit shall")
    assert not handle_cite_link("https://example.org", viewer)
    assert not handle_cite_link(cite_url("§ 506-99"), viewer)

    label = QLabel(f"Certificate is short. {cite_html(FROZEN)}")
    qtbot.add_widget(label)
    connect_cite_label(label, viewer)
    label.linkActivated.emit(cite_url(FROZEN))
    assert viewer.current_cite() == FROZEN

    # a link inside the ordinance text ("as authorized in § 506-7H")
    viewer.browser.anchorClicked.emit(QUrl(cite_url("§ 506-7H")))
    assert viewer.selected_text().startswith("Emergency excavation.")


def test_linkify_cites_links_only_real_paragraphs() -> None:
    html = linkify_cites("See § 506-7 (Frozen ground) & § 506-1B <now>.")
    assert html.count("<a ") == 1
    assert cite_html(FROZEN) in html
    assert "§ 506-1B &lt;now&gt;." in html
    assert "&amp;" in html
