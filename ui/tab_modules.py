"""Where each workflow's tab lives, and loading them all ahead of time.

A built workflow's tab is ``ui/<name>_tab.py`` (or ``ui/<name>/tab.py``) with the class
``<Name>Tab(app)``; the main window imports it by this name when the tab is first shown (a frozen
program lists it as a hidden import), and :func:`import_tab_modules` loads them all on a worker
thread once the window is up.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
import time

from clerk_desk.workflows import WORKFLOWS, Workflow


def tab_module_name(workflow: Workflow) -> str:
    """``vending`` → ``ui.vending_tab``, or ``ui.sidewalk_cafes.tab`` for a
    workflow whose window is a package (``ui/<name>/``): where a built workflow's tab lives. It
    is imported by this name when first shown, so a frozen program lists it as a hidden import."""
    package = importlib.util.find_spec(f"ui.{workflow.name}")
    if package is not None and package.submodule_search_locations is not None:
        return f"ui.{workflow.name}.tab"
    return f"ui.{workflow.name}_tab"


def tab_class_name(workflow: Workflow) -> str:
    """``street_numbers`` → ``StreetNumbersTab``: the convention every workflow's tab follows."""
    return "".join(part.capitalize() for part in workflow.name.split("_")) + "Tab"


PAUSE_SECONDS = 0.003
"""The rest between two modules loaded ahead of time. Imported back to back on a worker, the
thirteen tabs' modules held the interpreter 250-350 ms at a stretch and the window could not
paint or answer a key meanwhile (measured with a 5 ms timer on its thread); one module at a
time with a pause between, the window's longest wait is one module's import (at most 50 ms)."""


def tab_package_modules(workflow: Workflow) -> list[str]:
    """The modules of ``workflow``'s window, its tab last: its parts (dialogs, pages, jobs)
    first, so that each is imported on its own."""
    tab = tab_module_name(workflow)
    package = importlib.util.find_spec(f"ui.{workflow.name}")
    if package is None or package.submodule_search_locations is None:
        return [tab]
    parts = sorted(
        f"ui.{workflow.name}.{module.name}"
        for module in pkgutil.iter_modules(package.submodule_search_locations)
        if not module.ispkg and module.name != "tab"
    )
    return [*parts, tab]


PAPER_MODULES = (
    "reportlab.lib.colors",
    "reportlab.lib.utils",
    "reportlab.pdfbase.ttfonts",
    "reportlab.platypus.flowables",
    "reportlab.platypus.paragraph",
    "reportlab.platypus",
    "reports.document",
    "reports.receipt",
)
"""ReportLab and the receipt's paper, in the order they import each other: loaded after the
tabs, so that the first receipt of the day prints in the time the later ones take."""

HELP_MODULES = ("ui.ordinance_viewer", "ui.guide")
"""The ordinance viewer and the user's guide (with the guide's paper): the window imports them on
first use, since it shows without them; loaded after the papers, so that F1 opens at once."""


def import_tab_modules() -> None:
    """Import every built workflow's window modules, one at a time (classes only: widgets are
    made on the window's thread when the tab is first shown), then the papers' and the help's
    (and make the papers' fonts and seal ready), then put them out of the cycle collector's
    sight."""
    from ui.kit.collector import loading

    with loading():
        for workflow in WORKFLOWS:
            if workflow.built and workflow.name != "today":
                for name in tab_package_modules(workflow):
                    _import(name)
        for name in PAPER_MODULES:
            _import(name)
        for name in HELP_MODULES:
            _import(name)
        from reports.document import prepare

        prepare()


def _import(name: str) -> None:
    if name not in sys.modules and importlib.util.find_spec(name) is not None:
        importlib.import_module(name)
        time.sleep(PAUSE_SECONDS)  # the window's thread takes the interpreter
