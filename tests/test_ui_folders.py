"""Save and open dialogs start in the folder last used at this station, else in Documents,
never in the program's folder (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.kit import folders


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    folder.mkdir()
    monkeypatch.setattr(folders, "documents_folder", lambda: folder)
    return folder


def test_a_file_name_starts_in_documents_until_a_folder_is_used(
    qapp: object, documents: Path, tmp_path: Path
) -> None:
    assert folders.starting_path("receipts-2026-11.xlsx") == str(
        documents / "receipts-2026-11.xlsx"
    )
    deposits = tmp_path / "Deposits"
    deposits.mkdir()
    folders.remember(str(deposits / "deposit-slip.pdf"))
    assert folders.starting_path("receipts-2026-11.xlsx") == str(deposits / "receipts-2026-11.xlsx")
    assert folders.starting_path("") == str(deposits)


def test_a_folder_since_removed_falls_back_to_documents(
    qapp: object, documents: Path, tmp_path: Path
) -> None:
    gone = tmp_path / "USB stick"
    gone.mkdir()
    folders.remember(str(gone / "x.pdf"))
    gone.rmdir()
    assert folders.starting_path("x.pdf") == str(documents / "x.pdf")


def test_a_path_already_chosen_is_kept(qapp: object, documents: Path, tmp_path: Path) -> None:
    chosen = str(tmp_path / "elsewhere" / "packet.pdf")
    assert folders.starting_path(chosen) == chosen


def test_documents_is_a_real_folder(qapp: object) -> None:
    assert folders.documents_folder().is_dir()
    assert folders.documents_folder() != Path.cwd() or Path.cwd() == Path.home()
