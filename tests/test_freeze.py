"""The frozen program proves itself: PyInstaller freezes Clerk Desk with packaging/ClerkDesk.spec,
and the frozen ``clerk-desk self-test`` passes; the same folder without one of its data files
fails, naming the file. So a data file or a module left out of the spec fails CI, not a clerk's
morning.

It takes about two minutes on two cores (the freeze is most of it); ``-m "not freeze"`` leaves
it out of a quick run. The figures are printed, so CI's log shows them."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from clerk_desk import migrations
from ui.self_test import CHECKS

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.freeze,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed (pip install -e '.[test]')",
    ),
]


def _freeze_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("freeze", ROOT / "packaging" / "freeze.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


freeze = _freeze_module()


def _report(config: pytest.Config, line: str) -> None:
    """Print a measured figure past pytest's capture, so that CI's log shows it."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line(f"[freeze] {line}")


@pytest.fixture(scope="module")
def frozen(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Path:
    """The program frozen once for this module, in a folder of its own."""
    base = tmp_path_factory.mktemp("freeze")
    seconds = freeze.freeze(base / "dist", base / "build")
    folder: Path = base / "dist" / freeze.APP_NAME
    size = freeze.folder_size(folder) / 1e6
    _report(pytestconfig, f"PyInstaller froze {folder} in {seconds:.0f} s ({size:.0f} MB)")
    return folder


def test_the_frozen_program_passes_its_self_test(frozen: Path, pytestconfig: pytest.Config) -> None:
    started = time.perf_counter()
    result = freeze.self_test(frozen)
    seconds = time.perf_counter() - started
    assert result.returncode == 0, result.stdout + result.stderr
    passed = [line for line in result.stdout.splitlines() if line.startswith("ok ")]
    assert len(passed) == len(CHECKS), result.stdout
    assert "Self-test passed" in result.stdout
    assert str(frozen) in result.stdout  # its resources are the frozen folder's own
    _report(pytestconfig, f"the frozen self-test passed in {seconds:.1f} s")


def test_both_programs_are_in_the_folder_the_installer_packs(frozen: Path) -> None:
    for name in (freeze.APP_NAME, freeze.CONSOLE_NAME):
        assert freeze.program(frozen, name).is_file()
    internal = frozen / "_internal"
    assert (internal / "clerk_desk" / "migrations" / "versions").is_dir()
    assert not list(frozen.rglob("*.sqlite3")), "no database may ship with the program"
    if sys.platform.startswith("linux"):
        plugins = internal / "PySide6" / "Qt" / "plugins"
        assert (plugins / "platforms" / "libqoffscreen.so").is_file()
        assert list((plugins / "printsupport").glob("*.so")), "Qt's print support plugin"


NEWEST_MIGRATION = max((ROOT / "clerk_desk" / "migrations" / "versions").glob("[!_]*.py")).name


@pytest.mark.parametrize(
    ("missing", "check"),
    [
        ("clerk_desk/resources/fonts/DejaVuSans.ttf", "resources"),
        (f"clerk_desk/migrations/versions/{NEWEST_MIGRATION}", "database"),
    ],
)
def test_a_data_file_left_out_fails_the_frozen_self_test(
    frozen: Path, missing: str, check: str
) -> None:
    path = frozen / "_internal" / missing
    aside = path.with_name(path.name + ".aside")
    path.rename(aside)
    try:
        result = freeze.self_test(frozen)
    finally:
        aside.rename(path)
    assert result.returncode == 1, result.stdout
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1, result.stdout
    assert failed[0].startswith(f"FAILED  {check}: "), failed[0]
    if check == "resources":
        assert failed[0].endswith(": fonts/DejaVuSans.ttf")
    else:
        assert f"not at {migrations.HEAD}" in failed[0]
