"""``clerk-desk self-test``: it passes on a complete copy, touching nothing of the user's, and a
copy that lacks a file or a module fails at once with the name of what is missing.

The same self-test of the frozen program runs in tests/test_freeze.py."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import clerk_desk.paths
from clerk_desk import migrations, workflows
from clerk_desk.workflows import WORKFLOWS
from ui import self_test
from ui.main import main

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parent.parent


def _checks_passed(output: str) -> list[str]:
    return [line.split()[1] for line in output.splitlines() if line.startswith("ok ")]


def test_the_self_test_passes_and_leaves_nothing_behind(
    qapp: object,
    capsys: pytest.CaptureFixture[str],
    _private_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    real_mkdtemp = self_test.tempfile.mkdtemp

    def mkdtemp(**kwargs: str) -> str:
        made.append(real_mkdtemp(**kwargs))
        return made[-1]

    monkeypatch.setattr(self_test.tempfile, "mkdtemp", mkdtemp)
    assert main(["self-test"]) == 0
    out = capsys.readouterr().out
    assert len(_checks_passed(out)) == len(self_test.CHECKS), out
    assert "FAILED" not in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith(f"Self-test passed: {len(self_test.CHECKS)} checks")
    wanted_lines = (
        f"migrated to {migrations.HEAD}",
        "read back with pypdf",
        "reopened with openpyxl",
    )
    for wanted in wanted_lines:
        assert wanted in out
    assert f"{len(WORKFLOWS)} tabs shown" in out
    assert not Path(made[0]).exists()  # the temporary folder is gone
    # The user's data folder (here the test's) was never used, and is named again afterwards.
    assert os.environ["CLERK_DESK_DATA_DIR"] == str(_private_data_dir)
    assert not _private_data_dir.exists() or not any(_private_data_dir.rglob("*.sqlite3"))


def test_keep_leaves_the_files_written_for_a_look(
    qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(self_test, "CHECKS", self_test.CHECKS[:6])  # up to the receipt PDF
    out = io.StringIO()
    assert self_test.main(keep=True, out=out) == 0
    folder = Path(out.getvalue().splitlines()[0].split(" in ", 1)[1])
    try:
        assert "The files it wrote are kept in" in out.getvalue()
        (pdf,) = folder.glob("receipt-*.pdf")
        assert pdf.read_bytes().startswith(b"%PDF")
        assert list((folder / "data" / "backups").glob(f"*-before-{migrations.HEAD}.sqlite3"))
    finally:
        shutil.rmtree(folder)


def test_a_missing_resource_fails_first_with_its_name(
    qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "resources"
    shutil.copytree(clerk_desk.paths.resource_path(), copy)
    (copy / "fonts" / "DejaVuSans-Bold.ttf").unlink()
    monkeypatch.setattr(clerk_desk.paths, "files", lambda package: copy)
    out = io.StringIO()
    assert self_test.main(out=out) == 1
    lines = out.getvalue().splitlines()
    assert lines[1] == f"FAILED  resources: missing from {copy}: fonts/DejaVuSans-Bold.ttf"
    assert lines[2] == f"Self-test failed after 0 of {len(self_test.CHECKS)} checks."
    assert not any(line.startswith("ok ") for line in lines)


def test_a_module_loaded_by_name_that_is_missing_fails_with_its_name(
    qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        workflows, "_PROVIDER_MODULES", (*workflows._PROVIDER_MODULES, "clerk_desk.not_shipped")
    )
    out = io.StringIO()
    assert self_test.main(out=out) == 1
    assert "FAILED  modules: this copy lacks the modules clerk_desk.not_shipped" in out.getvalue()


def test_the_list_of_modules_loaded_by_name_names_every_tab_and_provider() -> None:
    """The spec's hidden imports come from this list: it must name every lazily built tab."""
    names = self_test.modules_loaded_by_name()
    from ui.tab_modules import tab_module_name

    tabs = {f"ui.{path.stem}" for path in (ROOT / "ui").glob("*_tab.py")}
    tabs |= {f"ui.{path.parent.name}.tab" for path in (ROOT / "ui").glob("*/tab.py")}
    tabs -= {"ui.placeholder_tab"}
    built = {tab_module_name(w) for w in WORKFLOWS if w.built}
    assert built <= tabs, "a built workflow has no tab module"
    assert built <= set(names)
    assert set(workflows.provider_modules()) <= set(names)
    assert {"ui.settings.dialogs", "ui.audit_dialog"} <= set(names)


def test_every_resource_the_self_test_requires_is_in_the_checkout() -> None:
    for parts in self_test.required_resources():
        assert (ROOT / "resources" / Path(*parts)).is_file(), parts


def test_the_headless_command_line_sends_the_self_test_to_the_program() -> None:
    """``python -m clerk_desk`` is the core alone: it says which program runs the self-test."""
    result = subprocess.run(
        [sys.executable, "-m", "clerk_desk", "self-test"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "run the self-test with the clerk-desk program" in result.stderr
