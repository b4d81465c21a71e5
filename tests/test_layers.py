"""The house has one staircase: ``ui -> reports -> clerk_desk``, and the core needs no screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_hold() -> None:
    """import-linter reads every import statement, including those inside functions."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("heavy", ["PySide6", "reportlab", "openpyxl"])
def test_the_core_runs_without_gui_or_output_libraries(heavy: str) -> None:
    """Import and use the whole core with the library made unimportable: nothing may need it."""
    script = f"""
import sys
sys.modules[{heavy!r}] = None  # any import of it now raises ImportError
import importlib, pkgutil, clerk_desk
for info in pkgutil.walk_packages(clerk_desk.__path__, "clerk_desk."):
    if info.name.endswith(("__main__", "migrations.env")) or ".versions." in info.name:
        continue
    importlib.import_module(info.name)
from clerk_desk.cli import main
assert main(["version"]) == 0
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
