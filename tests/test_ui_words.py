"""Words, not internals (issue 19): every record named as a clerk names it, every choice in
words. The demo is opened in the real main window; every tab (and every page inside one) is
walked with each row of each register chosen in turn, and every combo box item, table and tree
cell, label, button and details pane is read as the clerk sees it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as QtGuiNames
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from clerk_desk import demo, naming, operators
from clerk_desk.clock import FixedClock
from clerk_desk.database import Database
from clerk_desk.desk import Desk
from clerk_desk.kinds import PROTECTED_KINDS, RECORD_KINDS
from clerk_desk.receipts import views as receipt_views
from ui.kit.operations import App

TODAY = date(2026, 11, 30)

# A stored name in snake_case ("special_charge", "street_opening") ...
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
# ... or a record named by its bare id ("contractor 1530", "permit 4"); a receipt number such
# as "Receipt 2026-000123" is the clerk's own and passes.
BARE_ID = re.compile(
    r"\b(?:contractor|party|permit|record|drawer|receipt|parcel|charge|certificate|bond)"
    r"\s+#?\d+\b(?!-)",
    re.IGNORECASE,
)
# Allowed, each for a reason: an e-mail address holds underscores as its owner wrote it.
ALLOWED = re.compile(r"\S+@\S+")
ROWS_CHOSEN = 40  # per register: every demo register's rows, or the first forty of the longest


def internals(text: str) -> list[str]:
    """The stored names and bare ids in ``text`` as a clerk would read it."""
    if QtGuiNames.mightBeRichText(text):
        document = QTextDocument()
        document.setHtml(text)
        text = document.toPlainText()
    text = ALLOWED.sub(" ", text)
    return [m.group(0) for pattern in (SNAKE, BARE_ID) for m in pattern.finditer(text)]


def test_the_internals_pattern_finds_what_the_issue_saw_and_passes_words(qtbot: Any) -> None:
    assert internals("Badger Mutual; protects contractor 1530") == ["contractor 1530"]
    assert internals("Parking fee (special_charge 9)") == ["special_charge"]
    assert internals("<a href='source:street_opening/2'>SO-2026-002</a>") == []
    assert internals("Receipt 2026-000123 · Street opening permit SO-2026-002") == []
    assert internals("Write to anna_g@example.com") == []


def _item_texts(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    for column in range(model.columnCount()):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        if header:
            yield str(header)
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = model.data(index, role)
                    if value:
                        yield str(value)
            child = model.index(row, 0, parent)
            if model.rowCount(child) > 0:
                pending.append(child)


def shown_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """Every text the clerk can read in ``root``, with what kind of widget holds it."""
    for box in root.findChildren(QComboBox):
        for i in range(box.count()):
            yield "combo box item", box.itemText(i)
    for label in root.findChildren(QLabel):
        yield "label", label.text()
        yield "tooltip", label.toolTip()
    for edit in root.findChildren(QTextEdit):
        yield "details pane", edit.toPlainText()
    for plain in root.findChildren(QPlainTextEdit):
        if plain.isReadOnly():
            yield "details pane", plain.toPlainText()
    for button in root.findChildren(QAbstractButton):
        yield "button", button.text()
    for group in root.findChildren(QGroupBox):
        yield "group", group.title()
    for view in root.findChildren(QAbstractItemView):
        for text in _item_texts(view):
            yield "table cell", text


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("words") / "demo.sqlite3"
    demo.create(str(path), clock=FixedClock(TODAY))
    return path


@pytest.fixture
def demo_desk(demo_path: Path) -> Iterator[Desk]:
    database = Database(str(demo_path))
    yield Desk(database, clock=FixedClock(TODAY))
    database.dispose()


def _pages(tab: QWidget) -> Iterator[None]:
    """Each page of the tab: itself, then every page of every tab widget inside it."""
    yield None
    for inner in tab.findChildren(QTabWidget):
        for index in range(inner.count()):
            inner.setCurrentIndex(index)
            yield None


def _choose_each_row(qtbot: Any, tab: QWidget) -> Iterator[None]:
    for view in tab.findChildren(QAbstractItemView):
        model = view.model()
        if model is None or not view.isVisible():
            continue
        for row in range(min(model.rowCount(), ROWS_CHOSEN)):
            view.setCurrentIndex(model.index(row, 0))
            qtbot.wait(0)
            yield None


def test_every_tab_of_the_demo_names_records_in_words(qtbot: Any, demo_desk: Desk) -> None:
    from ui.main_window import MainWindow

    who = operators.sign_in(demo_desk.database, demo_desk.clock, "admin", demo.DEMO_PASSWORD)
    window = MainWindow(App(demo_desk, who))
    qtbot.add_widget(window)
    window.resize(1280, 800)
    window.show()
    found: dict[tuple[str, str, str], str] = {}

    def read(title: str, root: QWidget) -> None:
        for kind, text in shown_texts(root):
            for word in internals(text or ""):
                found.setdefault((title, kind, word), " ".join(text.split())[:160])

    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(0)
        tab = window.tabs.widget(index)
        title = window.tab_title(index)
        for _ in _pages(tab):
            read(title, tab)
            for _ in _choose_each_row(qtbot, tab):
                read(title, tab)
    read("status line", window.statusBar())
    assert not found, "\n".join(f"{where}: {text}" for where, text in found.items())


def test_what_a_payer_owes_names_each_charge_by_its_number(demo_desk: Desk) -> None:
    """The amounts owed at the counter name the charge ("Special charge CHG-2026-…"), not
    the table and id ("special_charge 9")."""
    clerk = operators.sign_in(demo_desk.database, demo_desk.clock, "clerk", demo.DEMO_PASSWORD)
    with demo_desk.action(clerk) as action:
        from sqlalchemy import select

        from clerk_desk.kinds import DueStatus
        from clerk_desk.models import AmountDue

        owing = action.session.scalars(
            select(AmountDue.party_id).where(
                AmountDue.record_type == "special_charge", AmountDue.status == DueStatus.OPEN
            )
        ).first()
        assert owing is not None
        rows = receipt_views.dues_of(action, owing)
    references = [row.record for row in rows]
    assert any(re.fullmatch(r"Special charge CHG-\d{4}-\d{3}", r) for r in references), references
    assert not [r for r in references if internals(r)]


def test_a_record_is_named_by_its_number_and_holder_or_by_its_kind(demo_desk: Desk) -> None:
    with demo_desk.database.reading() as session:
        from sqlalchemy import select

        from clerk_desk.models import StreetOpening

        opening = session.scalars(select(StreetOpening)).first()
        assert opening is not None
        expected = f"Street opening permit {opening.number} ({opening.applicant.name})"
        by_id = naming.name_record(session, "street_opening", str(opening.id))
        by_number = naming.name_record(session, "street_opening", opening.number.lower())
        short = naming.name_record(session, "street_opening", str(opening.id), holder=False)
        assert (by_id, by_number) == (expected, expected)
        assert short == f"Street opening permit {opening.number}"
        assert naming.name_record(session, "sidewalk_cafe", "") == "Sidewalk cafe permit"
        holder = opening.applicant
        assert naming.name_record(session, "party", str(holder.id)) == holder.name
        assert naming.name_record(session, "contractor", str(holder.id)) == (
            f"{holder.name}, as a contractor"
        )
        # mid-sentence the kind is written in lower case, a name keeps its capitals
        assert (
            naming.name_record(session, "street_opening", str(opening.id), in_sentence=True)
            == expected[0].lower() + expected[1:]
        )
        assert (
            naming.name_record(session, "contractor", str(holder.id), in_sentence=True)[0]
            == holder.name[0]
        )
        # a record that is not there is still named in words, with what was stored
        assert naming.name_record(session, "street_opening", "999999") == (
            "Street opening permit 999999"
        )


def test_every_kind_a_certificate_may_protect_is_offered_in_words(qtbot: Any) -> None:
    from ui.bonds.dialogs import record_box, record_kind, set_record_kind

    box = record_box("record_type")
    assert [box.itemData(i) for i in range(box.count())] == list(PROTECTED_KINDS)
    assert not [box.itemText(i) for i in range(box.count()) if internals(box.itemText(i))]
    set_record_kind(box, "street_privilege")
    assert (box.currentText(), record_kind(box)) == ("Street privilege permit", "street_privilege")
    assert all(not internals(label) for label in RECORD_KINDS.values())


def test_the_bonds_registers_on_paper_name_what_each_protects_in_words(
    demo_desk: Desk, tmp_path: Path
) -> None:
    """The certificates and bonds registers, written from the demo and opened again, hold no
    stored name and no bare id in any cell ("contractor 1530" was in the Protects column)."""
    import openpyxl

    from clerk_desk.bonds import views as bond_views
    from reports.bonds_registers import bonds_excel, certificates_excel

    clerk = operators.sign_in(demo_desk.database, demo_desk.clock, "clerk", demo.DEMO_PASSWORD)
    with demo_desk.action(clerk) as action:
        certificates = bond_views.search_certificate_lines(action, "", include_inactive=True)
        bond_lines = bond_views.search_bond_lines(action, "", include_inactive=True)
    assert any(line.protects for line in certificates) and any(line.protects for line in bond_lines)
    certificates_excel(tmp_path / "certificates.xlsx", certificates, as_of=TODAY)
    bonds_excel(tmp_path / "bonds.xlsx", bond_lines, as_of=TODAY)
    found = []
    for name in ("certificates.xlsx", "bonds.xlsx"):
        for row in openpyxl.load_workbook(tmp_path / name).active.iter_rows(values_only=True):
            found += [(name, v) for v in row if isinstance(v, str) and internals(v)]
    assert not found, found
