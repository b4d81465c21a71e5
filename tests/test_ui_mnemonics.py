"""Keys do what they say: no two things on one screen answer the same Alt+letter (issue 19).

Alt+P was both *Take payment* and *Register PDF*, so it only moved the focus; Alt+A opened the
Administration menu instead of *Assign number*. Each tab is opened in the main window, as the
Administrator sees it (every button there), and the letters of the menu bar, the tab's visible
buttons, group boxes and labelled fields are collected: none may repeat.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabBar, QWidget

from clerk_desk.desk import Desk, SignedIn
from clerk_desk.workflows import WORKFLOWS
from ui.kit.keys import mnemonic, with_mnemonic, without_mnemonic
from ui.kit.operations import App
from ui.main_window import MainWindow


def letters_on(screen: QWidget) -> dict[str, list[str]]:
    """Each Alt+letter answered by the visible widgets of ``screen``, with their captions."""
    taken: dict[str, list[str]] = defaultdict(list)
    for widget in screen.findChildren(QWidget):
        if not widget.isVisibleTo(screen) or isinstance(widget, QTabBar):
            continue
        if isinstance(widget, QAbstractButton | QLabel):
            text = widget.text()
            if isinstance(widget, QLabel) and widget.buddy() is None:
                continue  # a label without a field to jump to answers no key
        elif isinstance(widget, QGroupBox):
            text = widget.title()
        else:
            continue
        letter = mnemonic(text)
        if letter:
            taken[letter].append(text)
    return taken


def test_the_caption_reader_finds_the_letter() -> None:
    assert mnemonic("&Open drawer…") == "o"
    assert mnemonic("Dra&wers…") == "w"
    assert mnemonic("Smith && Sons") is None
    assert mnemonic("Take payment") is None
    assert without_mnemonic("Smith && &Sons") == "Smith && Sons"
    taken = {"t"}
    assert with_mnemonic("Take payment", taken) == "Take &payment"  # a word's first letter
    assert with_mnemonic("Tape", taken) == "T&ape"  # else any free letter
    assert with_mnemonic("PT", {"p", "t"}) == "PT"  # none free: no letter at all


@pytest.mark.parametrize("workflow", [w.name for w in WORKFLOWS if w.built])
def test_no_alt_letter_is_taken_twice_on_a_tab(
    qtbot: Any, desk: Desk, admin: SignedIn, workflow: str
) -> None:
    window = MainWindow(App(desk, admin))
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.tab(workflow)
    window.tabs.setCurrentWidget(tab)
    taken = letters_on(tab)
    for action in window.menuBar().actions():
        letter = mnemonic(action.text())
        if letter:
            taken[letter].append(f"menu {action.text()}")
    twice = {letter: texts for letter, texts in taken.items() if len(texts) > 1}
    assert twice == {}, f"Alt+letters taken twice on {workflow}"


def test_a_page_built_when_first_chosen_has_its_letters_settled(
    qtbot: Any, desk: Desk, admin: SignedIn
) -> None:
    """The Sidewalks tab builds its Repair orders and Master plan pages when first chosen
    (issue 20): each, once built, answers no Alt+letter another part of the tab or the menu
    bar answers."""
    window = MainWindow(App(desk, admin))
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.tab("sidewalks")
    window.tabs.setCurrentWidget(tab)
    menus = [letter for action in window.menuBar().actions() if (letter := mnemonic(action.text()))]
    for index in (1, 2, 0):
        tab.inner.setCurrentIndex(index)  # type: ignore[attr-defined]
        taken = letters_on(tab)
        for letter in menus:
            taken[letter].append("menu")
        twice = {letter: texts for letter, texts in taken.items() if len(texts) > 1}
        assert twice == {}, f"Alt+letters taken twice on the Sidewalks tab's page {index}"


# Forms opened from a tab's New … button, as the Clerk opens them.
FORMS = [
    ("petitions", "new_button"),
    ("vending", "new_button"),
    ("parties", "new_party_button"),
    ("sidewalk_cafes", "new_button"),
    ("street_privileges", "new_button"),
    ("bonds", "new_certificate_button"),
]


@pytest.mark.parametrize(("workflow", "button"), FORMS, ids=[f[0] for f in FORMS])
def test_no_alt_letter_is_taken_twice_in_a_form(
    qtbot: Any, desk: Desk, admin: SignedIn, dialogs: list[Any], workflow: str, button: str
) -> None:
    window = MainWindow(App(desk, admin))
    qtbot.add_widget(window)
    window.show()
    tab = window.tab(workflow)
    window.tabs.setCurrentWidget(tab)
    twice: list[dict[str, list[str]]] = []

    def look(dialog: Any) -> None:
        taken = letters_on(dialog)
        twice.append({letter: texts for letter, texts in taken.items() if len(texts) > 1})
        assert sum(len(texts) for texts in taken.values()) >= 3, "the form has its letters"

    dialogs.append(look)
    getattr(tab, button).click()
    assert twice == [{}]
