"""The user's guide window: F1 opens the page of the tab in use, and the guide names only what
the window shows (issue 19)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabBar, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.guide import guide_pages, page_for_workflow
from clerk_desk.workflows import WORKFLOWS
from ui.kit.operations import App
from ui.main_window import MainWindow


def _window(qtbot: QtBot, desk: Desk, admin: SignedIn) -> MainWindow:
    window = MainWindow(App(desk, admin))
    qtbot.add_widget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _on_screen(text: str) -> str:
    """A widget's text as the clerk reads it: no mnemonic ampersands, single spaces."""
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split())


def _names_on(tab: QWidget) -> set[str]:
    # A page of a tab may be built only when first chosen (the Sidewalks tab's Repair orders
    # and Master plan): each is chosen once, as the clerk would to read its names.
    for pages in tab.findChildren(QTabWidget):
        for index in range(pages.count()):
            pages.setCurrentIndex(index)
    names = {_on_screen(b.text()) for b in tab.findChildren(QAbstractButton)}
    names |= {_on_screen(g.title()) for g in tab.findChildren(QGroupBox)}
    names |= {_on_screen(label.text()) for label in tab.findChildren(QLabel)}
    for bar in tab.findChildren(QTabBar):
        names |= {_on_screen(bar.tabText(i)) for i in range(bar.count())}
    return names


def test_f1_on_every_tab_opens_that_tabs_page(qtbot: QtBot, desk: Desk, admin: SignedIn) -> None:
    window = _window(qtbot, desk, admin)
    for workflow in WORKFLOWS:
        window.action(f"tab_{workflow.name}").trigger()
        window.activateWindow()  # F1 is the main window's: the guide took the focus last time
        qtbot.waitUntil(window.isActiveWindow)
        qtbot.keyClick(window.tabs.currentWidget(), Qt.Key.Key_F1)
        guide = window.guide_window
        assert guide is not None and guide.isVisible()
        assert guide.windowTitle() == f"Clerk Desk — User's guide — {workflow.title}"
        assert guide.page_view.toPlainText().startswith(workflow.title)
        assert guide.contents.currentItem().text() == workflow.title
    assert window.guide_window is guide  # one guide window for the session


def test_every_name_the_guide_quotes_is_on_the_tab_it_describes(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    window = _window(qtbot, desk, admin)
    tab_titles = {workflow.title for workflow in WORKFLOWS}
    missing = []
    for page in guide_pages():
        if page.workflow is None:  # the start and role pages name the tabs
            missing += [(page.key, name) for name in page.quoted_names() if name not in tab_titles]
            continue
        window.action(f"tab_{page.workflow}").trigger()
        names = _names_on(window.tabs.currentWidget())
        missing += [(page.key, name) for name in page.quoted_names() if name not in names]
    assert missing == []


def test_a_section_link_opens_the_ordinance_there(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    window = _window(qtbot, desk, admin)
    window.action("tab_street_numbers").trigger()
    guide = window.open_guide()
    page = page_for_workflow("street_numbers")
    assert page is not None and "§ 506-16" in page.cites()
    assert 'href="cite:§ 506-16"' in guide.page_view.toHtml()
    guide.page_view.anchorClicked.emit(QUrl("cite:§ 506-16"))
    viewer = window.ordinance_viewer
    assert viewer is not None and viewer.isVisible()
    assert "506-16" in viewer.current_cite()


def test_the_contents_choose_the_page_and_the_window_fits_the_counter_screen(
    qtbot: QtBot, desk: Desk, admin: SignedIn
) -> None:
    window = _window(qtbot, desk, admin)
    guide = window.open_guide()
    assert guide.contents.currentItem().text() == "Today"
    guide.contents.setCurrentRow(0)
    assert guide.page_view.toPlainText().startswith("A day at the counter")
    assert guide.contents.count() == len(guide_pages())
    size = guide.frameGeometry()
    assert size.width() <= 1280 and size.height() <= 800
    assert window.action("guide").text() == "&User's guide"
    assert window.action("print_guide").text() == "&Print the user's guide…"


def test_print_the_users_guide_saves_the_pdf_where_the_clerk_chose(
    qtbot: QtBot, desk: Desk, admin: SignedIn, tmp_path, monkeypatch, messages: list[str]
) -> None:
    from pypdf import PdfReader

    from ui.kit import forms

    target = tmp_path / "guide.pdf"
    monkeypatch.setattr(forms, "ask_save_path", lambda *_args: str(target))
    told = messages
    window = _window(qtbot, desk, admin)
    window.action("print_guide").trigger()
    assert len(PdfReader(target).pages) >= len(guide_pages())
    assert told == [f"The user's guide was saved as {target}. Open it to print it."]
