"""The house has one staircase: ``ui -> reports -> clerk_desk``, and the core needs no screen."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
import typing
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


JOB_MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in [*ROOT.glob("ui/*/jobs.py"), ROOT / "ui" / "kit" / "export_jobs.py"]
)


@pytest.mark.parametrize("module", JOB_MODULES)
def test_a_child_process_imports_its_jobs_without_qt(module: str) -> None:
    """A job of :mod:`clerk_desk.child_process` is imported by name in a new process: its
    module (and the packages above it) must not pull in Qt or another module of the window."""
    script = f"""
import importlib, sys
sys.modules["PySide6"] = None  # any import of it now raises ImportError
importlib.import_module({module!r})
window = {{m for m in sys.modules if m.split(".")[0] == "ui"}}
parts = {module!r}.split(".")
assert window == {{".".join(parts[:n]) for n in range(1, len(parts) + 1)}}, window
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr


def test_the_job_modules_are_found() -> None:
    """The check above runs once per module found: it must find them all, not none."""
    assert len(JOB_MODULES) >= 13, JOB_MODULES  # the kit's, and twelve windows'


#: Modules whose actions still hand their caller the ORM record (issue 18 converts them one by
#: workflow at a time). The list only shrinks: a module here that no longer returns a record
#: fails the test too, so it is struck off when it is converted. Every workflow is converted now:
#: it stays empty.
STILL_RETURN_RECORDS: frozenset[str] = frozenset()


def _names_a_record(annotation: object) -> bool:
    """Whether a return annotation is, or holds (``X | None``, ``list[X]``), an ORM model."""
    from clerk_desk import models

    if isinstance(annotation, type):
        return issubclass(annotation, models.Base)
    return any(_names_a_record(part) for part in typing.get_args(annotation))


def _actions_returning_records() -> dict[str, list[str]]:
    """Every public function of a workflow package that takes the ``Action`` first (what the
    window calls) and is annotated to return an ORM record, by module."""
    import clerk_desk

    found: dict[str, list[str]] = {}
    for package in pkgutil.iter_modules(clerk_desk.__path__):
        if not package.ispkg or package.name in ("demo", "migrations"):
            continue
        prefix = f"clerk_desk.{package.name}."
        for info in pkgutil.iter_modules([str(ROOT / "clerk_desk" / package.name)], prefix):
            module = importlib.import_module(info.name)
            for name, function in vars(module).items():
                if name.startswith("_") or not inspect.isfunction(function):
                    continue
                if function.__module__ != module.__name__:
                    continue  # re-exported from where it is checked
                first = next(iter(inspect.signature(function).parameters), None)
                returned = typing.get_type_hints(function).get("return")
                if first == "action" and _names_a_record(returned):
                    found.setdefault(info.name, []).append(name)
    return found


def test_no_action_hands_the_window_an_orm_record() -> None:
    """Services return ids or frozen views: the window never holds a record nor flushes."""
    found = _actions_returning_records()
    new = {module: names for module, names in found.items() if module not in STILL_RETURN_RECORDS}
    assert new == {}, "return the id or a view instead"
    assert STILL_RETURN_RECORDS - set(found) == set(), "converted: strike it off the list"


def test_the_record_check_sees_a_record_returned() -> None:
    """The check above is not blind: ``Receipt``, ``Receipt | None`` and ``list[Receipt]`` are
    records returned; an id, a list of ids and a view are not."""
    from clerk_desk.models import Receipt
    from clerk_desk.receipts.views import SavedReceipt

    assert all(_names_a_record(t) for t in (Receipt, Receipt | None, list[Receipt]))
    assert not any(_names_a_record(t) for t in (int, list[int], SavedReceipt, None))


OPERATOR_ASKED = re.compile(r"\boperator\.may\b")
"""The window deciding by itself what the operator may do (issue 18): ``operator.may(...)``, or
the method handed on (``order_kinds_for(app.operator.may)``)."""


def _window_rules(source: str) -> list[int]:
    """The lines of ``source`` that ask the operator's permissions instead of the core's acts."""
    return [n for n, line in enumerate(source.splitlines(), 1) if OPERATOR_ASKED.search(line)]


def test_the_window_asks_the_core_acts_not_the_operator() -> None:
    """Every button, menu item and read-only form is enabled (or explained) by a workflow's
    acts, never by the window asking the signed-in operator's permissions itself."""
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "ui").rglob("*.py"))
        for line in _window_rules(path.read_text(encoding="utf-8"))
    }
    assert found == set(), "ask the workflow's acts (clerk_desk/<workflow>/acts.py) instead"


def test_the_window_rule_scan_sees_a_call() -> None:
    """The scan above is not blind: a call and the method handed on are found; the words
    "the operator may" in a docstring are not."""
    source = (
        "if not app.operator.may(TAKE):\n"
        "    kinds = order_kinds_for(self.app.operator.may)\n"
        '"""Enabled when the operator may act."""\n'
    )
    assert _window_rules(source) == [1, 2]
